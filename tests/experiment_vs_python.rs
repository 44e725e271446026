//! The reader experiment's analysis (spec §6.2, §6.4, F28/F29; core::experiment::analysis) on
//! generated datasets against an independent numpy computation (tests/py/experiment_peer.py).
//!
//! The generator covers both groups, resets, visits before, after (ignored) and without a first
//! forecast, repeated forecasts (kept, not first), peeks, the revision protocol's two calls
//! with both arms (and finals without a private call, which pair with nothing), markets
//! without an outcome (unscored) and consensus values of exactly 50% (no direction); one
//! dataset reaches the 200 first forecasts per group at which F28 and F29 are read and one
//! does not.

use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::{analyse, Dataset, SessionFacts};
use sealbook_core::experiment::{
    Arm, Direction, Forecast, Group, Peek, Reader, ReaderId, Stage, Visit,
};
use sealbook_core::league::layout::MARKETS;
use sealbook_tests::rng::Rng;
use serde_json::Value;

fn generate(rng: &mut Rng, readers: usize) -> Dataset {
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

fn compare(path: &str, ours: &Value, peer: &Value) {
    match peer {
        Value::Object(o) => {
            for (k, v) in o {
                compare(&format!("{path}.{k}"), &ours[k], v);
            }
        }
        Value::Array(a) => {
            let ours = ours
                .as_array()
                .unwrap_or_else(|| panic!("{path}: not an array"));
            assert_eq!(ours.len(), a.len(), "{path}: length");
            for (i, (x, y)) in ours.iter().zip(a).enumerate() {
                compare(&format!("{path}[{i}]"), x, y);
            }
        }
        Value::Number(n) => {
            let (x, y) = (ours.as_f64(), n.as_f64().unwrap());
            let x = x.unwrap_or_else(|| panic!("{path}: sealbook {ours}, peer {y}"));
            assert!(
                (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                "{path}: sealbook {x}, peer {y}"
            );
        }
        _ => assert_eq!(ours, peer, "{path}"),
    }
}

fn check(seed: u64, readers: usize, read: bool) {
    let mut rng = Rng::new(seed);
    let data = generate(&mut rng, readers);
    let dir = sealbook_tests::tmp::TempDir::new("experiment-peer");
    let path = dir.path().join("dataset.json");
    std::fs::write(&path, serde_json::to_vec(&data).unwrap()).unwrap();
    let out = sealbook_tests::python_script("experiment_peer.py")
        .arg(&path)
        .output()
        .expect("run experiment_peer.py");
    assert!(
        out.status.success(),
        "experiment_peer.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let ours = serde_json::to_value(analyse(&data)).unwrap();
    compare("analysis", &ours, &peer);
    assert_eq!(ours["registered"]["F28"]["value"].is_number(), read);
    assert_eq!(ours["registered"]["F29"]["value"].is_number(), read);
    assert!(ours["revision"]["council"]["n"].as_u64().unwrap() > 0 || readers < 50);
    assert_eq!(ours["g1"]["group"], "blind");
}

#[test]
fn analysis_matches_numpy_at_the_registered_reading() {
    let seed = sealbook_tests::rng::seed_from_env("SEALBOOK_EXPERIMENT_SEED", 20261102);
    check(seed, 400, true);
}

#[test]
fn analysis_matches_numpy_before_the_reading() {
    check(7, 24, false);
}
