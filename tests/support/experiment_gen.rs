//! Generated reader-experiment datasets (spec §6): both groups, resets, visits before, after
//! (ignored) and without a first forecast, repeated forecasts (kept, not first), peeks, the
//! revision protocol's two calls with both arms (and finals without a private call, which
//! pair with nothing), markets without an outcome and consensus values of exactly 50%. Used by
//! the analysis' numpy comparison and the Scores page's comparison with the CLI.

use crate::rng::Rng;
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::{Dataset, SessionFacts};
use sealbook_core::experiment::{
    Arm, Direction, Forecast, Group, Peek, Reader, ReaderId, Stage, Visit,
};
use sealbook_core::records::names::MARKETS;

/// A dataset of `readers` readers over four sessions, with each session's facts.
pub fn generate(rng: &mut Rng, readers: usize) -> Dataset {
    let sessions: Vec<Date> = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]
        .iter()
        .map(|s| Date::parse(s).unwrap())
        .collect();
    let mut data = Dataset::default();
    for s in &sessions {
        let mut f = SessionFacts {
            session: *s,
            consensus: Default::default(),
            outcomes: Default::default(),
        };
        for m in MARKETS {
            if rng.chance(9, 10) {
                let p = if rng.chance(1, 8) {
                    50
                } else {
                    rng.range(20, 80)
                };
                f.consensus.insert(m.into(), p as f64 / 100.0);
            }
            if rng.chance(5, 6) {
                f.outcomes.insert(m.into(), rng.chance(1, 2));
            }
        }
        data.sessions.push(f);
    }
    let base = Instant::parse_rfc3339("2026-12-01T00:00:00Z").unwrap().0;
    let mut clock = base;
    let mut tick = |rng: &mut Rng| {
        clock += rng.range(1, 90_000_000);
        Instant(clock)
    };
    for i in 0..readers {
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&(i as u64 + 1).to_be_bytes());
        bytes[8..].copy_from_slice(&rng.next_u64().to_be_bytes());
        let id = ReaderId::from_random(bytes);
        let group = Group::from_random(rng.below(2) as u8);
        data.readers.push(Reader {
            reader: id.clone(),
            group,
            created_at: tick(rng),
            reset: rng.chance(1, 15),
        });
        let visited: Vec<Date> = sessions
            .iter()
            .copied()
            .filter(|_| rng.chance(1, 2))
            .collect();
        for s in visited {
            let visit = tick(rng);
            if rng.chance(9, 10) {
                data.visits.push(Visit {
                    reader: id.clone(),
                    session: s,
                    at: visit,
                });
            }
            if group == Group::Blind && rng.chance(1, 6) {
                data.peeks.push(Peek {
                    reader: id.clone(),
                    session: s,
                    at: tick(rng),
                });
            }
            for m in MARKETS {
                if !rng.chance(1, 2) {
                    continue;
                }
                let mut call = |rng: &mut Rng, stage, first, arm| {
                    let direction = if rng.chance(1, 2) {
                        Direction::Up
                    } else {
                        Direction::Down
                    };
                    let at = if rng.chance(1, 30) {
                        Instant(visit.0 - 5_000_000)
                    } else {
                        tick(rng)
                    };
                    data.forecasts.push(Forecast {
                        reader: id.clone(),
                        session: s,
                        market: m.into(),
                        direction,
                        confidence: rng.range(55, 95) as u8,
                        stage,
                        at,
                        first,
                        arm,
                    });
                };
                match rng.below(10) {
                    0..=5 => {
                        call(rng, Stage::Single, true, None);
                        if rng.chance(1, 4) {
                            call(rng, Stage::Single, false, None);
                        }
                    }
                    6..=8 => {
                        let arm = Some(Arm::from_random(rng.below(2) as u8));
                        call(rng, Stage::Private, true, arm);
                        if rng.chance(4, 5) {
                            call(rng, Stage::Final, false, arm);
                        }
                        if rng.chance(1, 5) {
                            call(rng, Stage::Final, false, arm);
                        }
                    }
                    _ => call(rng, Stage::Final, false, None),
                }
            }
        }
    }
    data
}
