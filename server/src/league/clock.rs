//! The league's one clock: the system time, a set instant advancing with real elapsed time (or
//! `speed` times as fast), or a step clock a caller moves from instant to instant. The driver,
//! the scheduled jobs, `sealbook serve`, the reader experiment and the demo's services (its
//! calendar, authority and Kalshi endpoint) all read time through it; core is handed the
//! readings (core reads no clock).

use crate::outcome::Unusable;
use sealbook_core::calendar::Instant;
use std::sync::Arc;
use std::time::Duration;

/// The engine's clock: the system time, a set instant advancing with real elapsed time (or
/// `speed` times as fast, for demos and tests of a whole league day), or a step clock
/// ([`StepClock`]) that a caller moves from instant to instant.
#[derive(Clone, Debug)]
pub struct Clock {
    source: Source,
    pub set: bool,
}

#[derive(Clone, Debug)]
enum Source {
    /// Reads `at` at the monotonic `origin`, advancing `speed` times as fast as real time.
    Real {
        origin: std::time::Instant,
        at: Instant,
        speed: u32,
    },
    Step(StepClock),
}

/// A clock that does not follow real time: it reads what it was last moved to
/// ([`StepClock::move_to`]), and every reading advances it by a fixed small step, so the
/// times a run writes (arrivals, seals, stamps) stay in order and come out the same however
/// fast the machine is. A copy shares the reading.
#[derive(Clone, Debug)]
pub struct StepClock {
    now: Arc<std::sync::atomic::AtomicI64>,
    step_micros: i64,
}

impl StepClock {
    /// A step clock reading `at`, advancing `step_micros` (at least 1) per reading.
    pub fn new(at: Instant, step_micros: i64) -> StepClock {
        StepClock {
            now: Arc::new(std::sync::atomic::AtomicI64::new(at.0)),
            step_micros: step_micros.max(1),
        }
    }

    /// Moves the clock on to `t` (a clock already past `t` stays where it is).
    pub fn move_to(&self, t: Instant) {
        self.now.fetch_max(t.0, std::sync::atomic::Ordering::SeqCst);
    }

    /// The reading without advancing the clock (for the services that stamp with it).
    pub fn peek(&self) -> Instant {
        Instant(self.now.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// A reading: the clock's time, then one step on.
    pub fn read(&self) -> Instant {
        Instant(
            self.now
                .fetch_add(self.step_micros, std::sync::atomic::Ordering::SeqCst),
        )
    }
}

impl Clock {
    /// The system clock.
    pub fn system() -> Result<Clock, Unusable> {
        let at = system_micros()?;
        Ok(Clock {
            source: Source::Real {
                origin: std::time::Instant::now(),
                at: Instant(at),
                speed: 1,
            },
            set: false,
        })
    }

    /// A clock set to `at` now.
    pub fn set_to(at: Instant) -> Clock {
        Clock {
            source: Source::Real {
                origin: std::time::Instant::now(),
                at,
                speed: 1,
            },
            set: true,
        }
    }

    /// The engine's clock read from `step` (a set clock: every run line records it).
    pub fn stepped(step: &StepClock) -> Clock {
        Clock {
            source: Source::Step(step.clone()),
            set: true,
        }
    }

    /// The same clock advancing `speed` times as fast as real time (at least 1); a step
    /// clock does not follow real time and stays as it is.
    pub fn with_speed(self, speed: u32) -> Clock {
        match self.source {
            Source::Real { origin, at, .. } => Clock {
                source: Source::Real {
                    origin,
                    at,
                    speed: speed.max(1),
                },
                set: self.set,
            },
            Source::Step(_) => self,
        }
    }

    /// `--at RFC3339` as a set clock, else the system clock.
    pub fn from_arg(at: Option<&str>) -> Result<Clock, Unusable> {
        match at {
            Some(s) => parse_at(s).map(Clock::set_to),
            None => Clock::system(),
        }
    }

    /// The one instant a one-off command (`league init`, `league stamp`) takes as now: `--at`
    /// when given (tests, replays), else the system time to the whole second (the sealed times
    /// are RFC 3339 to the second).
    pub fn instant_from_arg(at: Option<&str>) -> Result<Instant, Unusable> {
        match at {
            Some(s) => parse_at(s),
            None => Ok(Instant(system_micros()? / 1_000_000 * 1_000_000)),
        }
    }

    /// The clock's reading at a monotonic instant; a step clock, which does not follow real
    /// time, gives its next reading (the instant something is taken in).
    pub fn of(&self, t: std::time::Instant) -> Instant {
        match &self.source {
            Source::Real { origin, at, speed } => {
                let micros = |d: Duration| d.as_micros() as i64 * i64::from(*speed);
                match t.checked_duration_since(*origin) {
                    Some(d) => Instant(at.0 + micros(d)),
                    None => Instant(at.0 - micros(origin.duration_since(t))),
                }
            }
            Source::Step(step) => step.read(),
        }
    }

    pub fn now(&self) -> Instant {
        self.of(std::time::Instant::now())
    }

    /// The reading without moving the clock on: a step clock gives what it was last moved
    /// to (the time the demo's services stamp with), any other clock reads as [`Clock::now`].
    pub fn peek(&self) -> Instant {
        match &self.source {
            Source::Step(step) => step.peek(),
            Source::Real { .. } => self.now(),
        }
    }

    /// Whether this is a step clock ([`StepClock`]), which does not follow real time.
    pub fn is_step(&self) -> bool {
        matches!(self.source, Source::Step(_))
    }

    /// The monotonic instant at which the clock reads `t` (now, if `t` is past). A step clock
    /// reaches `t` only when moved there: a wait for it lasts as long as it would in real time.
    pub fn when(&self, t: Instant) -> std::time::Instant {
        let now = std::time::Instant::now();
        let (reading, speed) = match &self.source {
            Source::Real { speed, .. } => (self.now(), *speed),
            Source::Step(step) => (step.peek(), 1),
        };
        let ahead = t.0 - reading.0;
        if ahead <= 0 {
            now
        } else {
            // Rounded up, so the clock reads at least `t` then.
            now + Duration::from_micros((ahead as u64).div_ceil(u64::from(speed)))
        }
    }
}

/// `--at`'s value as an instant.
fn parse_at(s: &str) -> Result<Instant, Unusable> {
    Instant::parse_rfc3339(s)
        .ok_or_else(|| Unusable::new(format!("--at {s:?} is not an RFC 3339 time")).field("--at"))
}

/// The system time in microseconds since 1970.
fn system_micros() -> Result<i64, Unusable> {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|_| Unusable::new("the system clock is before 1970"))?;
    Ok(d.as_micros() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    #[test]
    fn a_peek_of_a_step_clock_does_not_move_it_and_a_reading_does() {
        let step = StepClock::new(t("2026-10-21T12:29:00Z"), 10);
        let clock = Clock::stepped(&step);
        assert_eq!(clock.peek(), t("2026-10-21T12:29:00Z"));
        assert_eq!(clock.peek(), t("2026-10-21T12:29:00Z"));
        assert_eq!(clock.now(), t("2026-10-21T12:29:00Z"));
        assert_eq!(clock.peek(), Instant(t("2026-10-21T12:29:00Z").0 + 10));
        // A copy shares the reading: the demo's services see where the driver moved it.
        step.move_to(t("2026-10-21T13:00:00Z"));
        assert_eq!(clock.peek(), t("2026-10-21T13:00:00Z"));
        assert!(clock.is_step() && clock.set);
    }

    #[test]
    fn a_set_clock_peeks_its_time_advancing_with_real_time() {
        let clock = Clock::set_to(t("2026-10-21T12:29:00Z"));
        let a = clock.peek();
        let b = clock.peek();
        assert!(a >= t("2026-10-21T12:29:00Z") && b >= a && !clock.is_step());
    }

    #[test]
    fn the_one_off_instant_is_at_when_given_else_a_whole_second() {
        assert_eq!(
            Clock::instant_from_arg(Some("2026-10-21T12:29:00.5Z")).unwrap(),
            Instant(t("2026-10-21T12:29:00Z").0 + 500_000)
        );
        let e = Clock::instant_from_arg(Some("yesterday")).unwrap_err();
        assert!(format!("{e:?}").contains("--at"), "{e:?}");
        let now = Clock::instant_from_arg(None).unwrap();
        assert_eq!(now.0 % 1_000_000, 0);
    }
}
