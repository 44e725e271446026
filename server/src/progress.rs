//! A progress bar on stderr for long reads (`verify`, `score`): bytes done, rate and time
//! left, redrawn at most every 200 ms. Drawn only when stderr is a terminal and the input is
//! at least [`LARGE`] bytes; otherwise nothing at all is written, so piped and redirected
//! output is unchanged.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Inputs smaller than this are read too fast for a bar to help.
pub const LARGE: u64 = 32 << 20;

const EVERY: Duration = Duration::from_millis(200);
const WIDTH: usize = 24;

pub struct Progress {
    label: String,
    total: u64,
    done: u64,
    start: Instant,
    last: Option<Instant>,
    active: bool,
}

impl Progress {
    /// A bar for reading `total` bytes, shown when stderr is a terminal and `total` is large.
    pub fn new(label: &str, total: u64) -> Self {
        Self::with_terminal(label, total, std::io::stderr().is_terminal())
    }

    fn with_terminal(label: &str, total: u64, terminal: bool) -> Self {
        Progress {
            label: label.to_string(),
            total,
            done: 0,
            start: Instant::now(),
            last: None,
            active: terminal && total >= LARGE,
        }
    }

    /// Counts `n` more bytes read.
    pub fn add(&mut self, n: usize) {
        self.set(self.done + n as u64);
    }

    /// Sets the bytes done so far (several threads reading, one counter).
    pub fn set(&mut self, done: u64) {
        self.done = done;
        if !self.active {
            return;
        }
        let now = Instant::now();
        if self.last.is_some_and(|t| now.duration_since(t) < EVERY) {
            return;
        }
        self.last = Some(now);
        let line = self.line(now.duration_since(self.start));
        let mut e = std::io::stderr().lock();
        let _ = write!(e, "\r{line}\x1b[K");
        let _ = e.flush();
    }

    /// The bar's text after `elapsed`.
    fn line(&self, elapsed: Duration) -> String {
        let frac = if self.total == 0 {
            1.0
        } else {
            (self.done as f64 / self.total as f64).min(1.0)
        };
        let filled = (frac * WIDTH as f64) as usize;
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.done as f64 / secs
        } else {
            0.0
        };
        let left = if rate > 0.0 {
            let s = (self.total.saturating_sub(self.done) as f64 / rate).ceil() as u64;
            format!("{}:{:02} left", s / 60, s % 60)
        } else {
            "--:-- left".into()
        };
        format!(
            "{} [{}{}] {}/{} {}/s {}",
            self.label,
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            mib(self.done as f64),
            mib(self.total as f64),
            mib(rate),
            left
        )
    }

    /// Clears the bar (when one was drawn) so what follows starts on a clean line.
    pub fn finish(&mut self) {
        if self.active && self.last.is_some() {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[K");
            let _ = e.flush();
        }
        self.active = false;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

fn mib(b: f64) -> String {
    format!("{:.1} MiB", b / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_only_on_a_terminal_for_large_inputs() {
        assert!(Progress::with_terminal("verify", LARGE, true).active);
        assert!(!Progress::with_terminal("verify", LARGE - 1, true).active);
        assert!(!Progress::with_terminal("verify", LARGE * 4, false).active);
    }

    #[test]
    fn the_line_has_bytes_rate_and_time_left() {
        let mut p = Progress::with_terminal("verify book.jsonl", 100 << 20, false);
        p.done = 25 << 20;
        assert_eq!(
            p.line(Duration::from_secs(5)),
            "verify book.jsonl [######------------------] 25.0 MiB/100.0 MiB 5.0 MiB/s 0:15 left"
        );
        p.done = 0;
        assert!(p.line(Duration::ZERO).ends_with("--:-- left"));
    }
}
