//! The client address, reduced at once to HMAC-SHA256(daily salt, address ‖ day) and used only
//! for the rate limits and the cap on identifiers per address and day (spec §6.3, requirement
//! 16). The salt is drawn at random for each UTC day and kept in memory only; the hashes live
//! in a bounded map that is emptied when the day changes. Nothing here is stored or logged.

use hmac::{Hmac, Mac};
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::request::ApiError;
use sha2::Sha256;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// Hashed addresses remembered at most; past it, the entries idle in the current minute are
/// dropped first (a bound on memory under many addresses).
pub const MAX_ADDRESSES: usize = 100_000;

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests per hashed address per minute.
    pub per_minute: u32,
    /// New identifiers per hashed address per day (the repeat-vote cap).
    pub readers_per_day: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_minute: 120,
            readers_per_day: 20,
        }
    }
}

/// A hashed address.
pub type Hash = [u8; 32];

#[derive(Default)]
struct Entry {
    minute: i64,
    requests: u32,
    readers: u32,
}

struct State {
    day: Option<Date>,
    salt: [u8; 32],
    entries: HashMap<Hash, Entry>,
}

pub struct Privacy {
    limits: Limits,
    state: Mutex<State>,
}

const MINUTE_US: i64 = 60_000_000;

impl Privacy {
    pub fn new(limits: Limits) -> Privacy {
        Privacy {
            limits,
            state: Mutex::new(State {
                day: None,
                salt: [0; 32],
                entries: HashMap::new(),
            }),
        }
    }

    /// Counts one request from `addr` at `now`: its hash, or `rate_limited` past the limit.
    pub fn admit(&self, addr: IpAddr, now: Instant) -> Result<Hash, ApiError> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let day = now.utc_date();
        if s.day != Some(day) {
            let mut salt = [0u8; 32];
            getrandom::getrandom(&mut salt).map_err(|_| ApiError::rate_limited(1))?;
            *s = State {
                day: Some(day),
                salt,
                entries: HashMap::new(),
            };
        }
        let mut mac = Hmac::<Sha256>::new_from_slice(&s.salt).expect("any key length");
        mac.update(addr.to_string().as_bytes());
        mac.update(day.to_string().as_bytes());
        let hash: Hash = mac.finalize().into_bytes().into();
        let minute = now.0.div_euclid(MINUTE_US);
        if s.entries.len() >= MAX_ADDRESSES && !s.entries.contains_key(&hash) {
            s.entries.retain(|_, e| e.minute == minute || e.readers > 0);
            if s.entries.len() >= MAX_ADDRESSES {
                s.entries.retain(|_, e| e.minute == minute);
            }
        }
        let e = s.entries.entry(hash).or_default();
        if e.minute != minute {
            e.minute = minute;
            e.requests = 0;
        }
        if e.requests >= self.limits.per_minute {
            let retry = (MINUTE_US - now.0.rem_euclid(MINUTE_US)) / 1_000_000 + 1;
            return Err(ApiError::rate_limited(retry as u64));
        }
        e.requests += 1;
        Ok(hash)
    }

    /// Counts a new identifier for `hash` today: whether the address already had one today
    /// (the identifier is then a reset, §6.3), or `rate_limited` past the daily cap.
    pub fn new_reader(&self, hash: &Hash, now: Instant) -> Result<bool, ApiError> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let e = s.entries.entry(*hash).or_default();
        if e.readers >= self.limits.readers_per_day {
            let secs = 86_400 - now.0.div_euclid(1_000_000).rem_euclid(86_400);
            return Err(ApiError::rate_limited(secs as u64));
        }
        e.readers += 1;
        Ok(e.readers > 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_daily_salt() {
        let p = Privacy::new(Limits {
            per_minute: 3,
            readers_per_day: 2,
        });
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let t = Instant::parse_rfc3339("2026-12-03T10:00:05Z").unwrap();
        let h = p.admit(a, t).unwrap();
        assert_eq!(p.admit(a, t).unwrap(), h, "one hash per address and day");
        p.admit(a, t).unwrap();
        let e = p.admit(a, t).unwrap_err();
        assert_eq!((e.status, e.code), (429, "rate_limited"));
        assert!(e.message.to_string().contains("56 s"), "{}", e.message);
        let next = Instant(t.0 + MINUTE_US);
        assert!(p.admit(a, next).is_ok(), "a new minute");
        assert_ne!(p.admit("127.0.0.3".parse().unwrap(), next).unwrap(), h);
        assert!(!p.new_reader(&h, t).unwrap());
        assert!(
            p.new_reader(&h, t).unwrap(),
            "the second identifier today is a reset"
        );
        assert_eq!(p.new_reader(&h, t).unwrap_err().code, "rate_limited");
        let tomorrow = Instant(t.0 + 86_400_000_000);
        let h2 = p.admit(a, tomorrow).unwrap();
        assert_ne!(h2, h, "a new day, a new salt");
        assert!(!p.new_reader(&h2, tomorrow).unwrap());
    }
}
