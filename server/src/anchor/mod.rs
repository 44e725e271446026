//! Anchoring stamped lists with the authorities of spec §3.2: OpenTimestamps calendars
//! ([`ots`]), RFC 3161 timestamp authorities ([`tsa`]) and the Rekor transparency log
//! ([`rekor`]). The `sealbook ots|tsr|rekor` commands parse their arguments, call these and print the result.
//!
//! Every request goes through [`Retry`]: a bounded number of attempts, each within a timeout,
//! with a doubling wait between them (the league's `anchors.timeout_seconds` and
//! `anchors.retries`; one attempt for the single-shot commands).

pub mod league;
pub mod ots;
pub mod rekor;
pub mod tsa;

use sealbook_core::league::config::Anchors;
use std::time::Duration;

/// The first wait between two attempts; each later wait doubles, up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_secs(1);
/// The longest wait between two attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// How a request to an authority is tried: `1 + retries` attempts at most, each bounded by
/// `timeout`, waiting `backoff`, `2 * backoff`, ... (at most [`MAX_BACKOFF`]) in between.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Retry {
    pub timeout: Duration,
    pub retries: u32,
    pub backoff: Duration,
}

impl Retry {
    /// One attempt only (the `sealbook ots|tsr|rekor` commands).
    pub fn once(timeout: Duration) -> Retry {
        Retry {
            timeout,
            retries: 0,
            backoff: FIRST_BACKOFF,
        }
    }

    /// The league's `[anchors]` timeout and retries.
    pub fn from_config(anchors: &Anchors) -> Retry {
        Retry {
            timeout: Duration::from_secs(u64::from(anchors.timeout_seconds)),
            retries: anchors.retries,
            backoff: FIRST_BACKOFF,
        }
    }

    /// Calls `attempt` until it succeeds or the retries are spent; returns its last result
    /// and how many attempts were made.
    pub fn run<T, E>(&self, mut attempt: impl FnMut() -> Result<T, E>) -> (Result<T, E>, u32) {
        let mut wait = self.backoff;
        let mut made = 0;
        loop {
            made += 1;
            let result = attempt();
            if result.is_ok() || made > self.retries {
                return (result, made);
            }
            std::thread::sleep(wait);
            wait = (wait * 2).min(MAX_BACKOFF);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_until_success_or_exhausted() {
        let r = Retry {
            timeout: Duration::from_secs(1),
            retries: 2,
            backoff: Duration::from_millis(1),
        };
        let mut n = 0;
        let (res, made) = r.run(|| {
            n += 1;
            if n < 2 {
                Err(format!("try {n}"))
            } else {
                Ok(n)
            }
        });
        assert_eq!((res, made), (Ok(2), 2));
        let (res, made) = r.run(|| Err::<(), _>("no".to_string()));
        assert_eq!((res, made), (Err("no".to_string()), 3));
        let (res, made) = Retry::once(Duration::from_secs(1)).run(|| Err::<(), _>("x"));
        assert_eq!((res, made), (Err("x"), 1));
    }
}
