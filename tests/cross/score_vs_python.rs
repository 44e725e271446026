//! Scoring rules against independent Python peers on generated data (tests/py/score_peer.py):
//! scikit-learn's `brier_score_loss` for the binary, three-outcome and multi-outcome Brier
//! scores, scipy's `binomtest` for the sign test, CPython's `json.dumps` for the climatology
//! content hash, and numpy re-implementations of the consensus, Krogh-Vedelsby terms,
//! calibration bins, sharpness and seed 002's ladder rules.

#![forbid(unsafe_code)]

use sealbook_core::score::baselines::ClimatologyTable;
use sealbook_core::score::brier::{brier3, brier_report, hit_rate, Outcome3, Resolved};
use sealbook_core::score::calibration::{folded_calibration, sharpness_k};
use sealbook_core::score::consensus::{consensus, krogh_vedelsby, Answer};
use sealbook_core::score::peers::agentpit::multi_brier;
use sealbook_core::score::peers::arena::{Direction, Submission};
use sealbook_core::score::peers::ladder::{ladder_score, returns, Question, Resolution};
use sealbook_core::stats::sign_test::sign_test;
use serde_json::{json, Value};

use sealbook_tests::rng::Rng;

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-12 * (1.0 + b.abs()),
        "{what}: ours {a} vs peer {b}"
    );
}

fn run_peer(case: &Value) -> Value {
    let out = sealbook_tests::peer_output(
        sealbook_tests::python_script("score_peer.py"),
        case.to_string().as_bytes(),
        "score_peer.py",
    );
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn scores_match_numpy_scipy_sklearn() {
    let mut rng = Rng(20261102);
    let families = [
        "anthropic",
        "openai",
        "google",
        "deepseek",
        "alibaba",
        "moonshot",
    ];

    let binary: Vec<Resolved> = (0..2000)
        .map(|_| {
            // Integer and fractional percentages, 50s included.
            let p = if rng.below(4) == 0 {
                rng.below(101) as f64
            } else {
                (rng.unit() * 100.0 * 100.0).round() / 100.0
            };
            Resolved {
                p_pct: p,
                up: rng.below(2) == 1,
                draw: rng.below(6) == 0,
            }
        })
        .collect();
    let b3: Vec<(Vec<f64>, usize)> = (0..500)
        .map(|_| (rng.simplex(3), rng.below(3) as usize))
        .collect();
    let multi: Vec<(Vec<f64>, usize)> = (0..500)
        .map(|_| (rng.simplex(4), rng.below(4) as usize))
        .collect();
    let events: Vec<(Vec<(String, f64)>, bool)> = (0..400)
        .map(|_| {
            let n = 1 + rng.below(11) as usize;
            let answers = (0..n)
                .map(|_| {
                    let fam = families[rng.below(families.len() as u64) as usize].to_string();
                    let p = match rng.below(5) {
                        0 => [0.0, 1.0, 99.0, 100.0][rng.below(4) as usize],
                        1 => (40 + 5 * rng.below(5)) as f64, // ties
                        _ => (rng.unit() * 1000.0).round() / 10.0,
                    };
                    (fam, p)
                })
                .collect();
            (answers, rng.below(2) == 1)
        })
        .collect();
    let clim_text = r#"{"window": "2016-2025 \u9ec4\u91d1 é", "rule": "strict up", "sha256": "x",
        "table": [{"asset": "SPX", "h": "1d", "p_up": 0.5363, "p_up_ex_draw": 0.30000000000000004, "n": 2514, "n_independent": 2514},
                  {"asset": "GC", "h": "6m", "p_up": 1e-07, "p_up_ex_draw": 1.0, "n": 5031, "n_independent": null}],
        "meta": {"generated": "2026-10-21T08:54:00Z", "ratio": 1e+16, "neg": -0.0, "big": 12345678901234567890}}"#;
    let sign: Vec<Vec<f64>> = (0..30)
        .map(|i| {
            (0..(i * 7 % 60))
                .map(|_| [-0.1, 0.0, 0.2, -0.3][rng.below(4) as usize])
                .collect()
        })
        .collect();
    let ladder: Vec<Question> = (0..300)
        .map(|_| Question {
            p: (rng.below(8) != 0).then(|| (rng.below(101) as f64) / 100.0),
            q: (rng.below(99) as f64 + 1.0) / 100.0,
            resolution: [
                Resolution::Yes,
                Resolution::No,
                Resolution::Annulled,
                Resolution::Open,
            ][rng.below(4) as usize],
        })
        .collect();

    let case = json!({
        "binary": binary.iter().map(|r| json!({"p_pct": r.p_pct, "up": r.up, "draw": r.draw})).collect::<Vec<_>>(),
        "b3": b3.iter().map(|(p, y)| json!({"p": p, "y": y})).collect::<Vec<_>>(),
        "multi": multi.iter().map(|(p, w)| json!({"p": p, "winner": w})).collect::<Vec<_>>(),
        "consensus": events.iter().map(|(a, up)| json!({
            "answers": a.iter().map(|(f, p)| json!({"family": f, "p": p})).collect::<Vec<_>>(), "up": up})).collect::<Vec<_>>(),
        "clim_text": clim_text,
        "sign": sign,
        "ladder": ladder.iter().map(|q| json!({"p": q.p, "q": q.q, "res": match q.resolution {
            Resolution::Yes => "yes", Resolution::No => "no", Resolution::Annulled => "annulled", Resolution::Open => "open"}})).collect::<Vec<_>>(),
    });
    let peer = run_peer(&case);
    let f = |v: &Value| v.as_f64().unwrap();

    let rep = brier_report(&binary);
    close(
        rep.all.mean.unwrap(),
        f(&peer["brier_all"]),
        "brier all rows",
    );
    close(
        rep.ex_draw.mean.unwrap(),
        f(&peer["brier_ex_draw"]),
        "brier ex draw",
    );
    assert_eq!(rep.dropped_draws as u64, peer["dropped"].as_u64().unwrap());
    close(
        hit_rate(binary.iter().map(|r| (r.p_pct, r.up)))
            .rate
            .unwrap(),
        f(&peer["hit_rate"]),
        "hit rate",
    );
    close(
        sharpness_k(binary.iter().map(|r| r.p_pct)).unwrap(),
        f(&peer["k"]),
        "K",
    );
    let bins = folded_calibration(binary.iter().map(|r| (r.p_pct, r.up)));
    for (b, pb) in bins.iter().zip(peer["calibration"].as_array().unwrap()) {
        assert_eq!(b.n as u64, pb[0].as_u64().unwrap(), "bin {}-{}", b.lo, b.hi);
        close(b.mean_stated.unwrap(), f(&pb[1]), "bin mean");
        close(b.realized.unwrap(), f(&pb[2]), "bin realized");
    }

    let ours_b3 = b3
        .iter()
        .map(|(p, y)| {
            brier3(
                p[0],
                p[1],
                p[2],
                [Outcome3::Up, Outcome3::Draw, Outcome3::Down][*y],
            )
        })
        .sum::<f64>()
        / b3.len() as f64;
    close(ours_b3, f(&peer["b3"]), "B3");
    let ours_multi = multi
        .iter()
        .map(|(p, w)| multi_brier(p, *w).unwrap())
        .sum::<f64>()
        / multi.len() as f64;
    close(
        ours_multi,
        f(&peer["multi_half"]),
        "seed 001 multi-outcome Brier",
    );
    // Seed 004's categorical diagnostic is the unhalved sum, on three outcomes.
    let arena: f64 = b3
        .iter()
        .map(|(p, y)| {
            Submission::from_vector([p[0], p[1], p[2]])
                .unwrap()
                .brier([Direction::Bearish, Direction::Neutral, Direction::Bullish][*y])
        })
        .sum::<f64>()
        / b3.len() as f64;
    close(arena, 2.0 * f(&peer["b3"]), "seed 004 categorical Brier");

    for (k, ((answers, up), pe)) in events
        .iter()
        .zip(peer["consensus"].as_array().unwrap())
        .enumerate()
    {
        let a: Vec<Answer> = answers
            .iter()
            .enumerate()
            .map(|(i, (fam, p))| Answer {
                seat: [
                    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10",
                ][i],
                family: fam,
                p_pct: *p,
            })
            .collect();
        let c = consensus(&a).unwrap();
        close(c.p_pct, f(&pe["p_pct"]), &format!("consensus {k}"));
        let kv = krogh_vedelsby(&c, &a, *up);
        close(
            kv.published,
            f(&pe["brier"]),
            &format!("consensus Brier {k}"),
        );
        close(kv.members, f(&pe["members"]), &format!("member mean {k}"));
        close(
            kv.dispersion,
            f(&pe["dispersion"]),
            &format!("dispersion {k}"),
        );
    }

    let t = ClimatologyTable::parse(clim_text.as_bytes()).unwrap();
    assert_eq!(
        t.sha256,
        peer["clim_sha256"].as_str().unwrap(),
        "climatology content hash"
    );
    assert!(!t.sha256_ok(None), "the stated hash 'x' must not pass");

    for (d, p) in sign.iter().zip(peer["sign"].as_array().unwrap()) {
        close(sign_test(d).p_value, f(p), "sign test p");
    }

    let ls = ladder_score(&ladder);
    close(
        ls.brier.unwrap(),
        f(&peer["ladder"]["brier"]),
        "ladder Brier",
    );
    close(ls.edge.unwrap(), f(&peer["ladder"]["edge"]), "edge");
    close(
        ls.league_score.unwrap(),
        f(&peer["ladder"]["league"]),
        "league score",
    );
    close(
        ls.coverage.unwrap(),
        f(&peer["ladder"]["coverage"]),
        "coverage",
    );
    let r = returns(&ladder);
    close(r.staked, f(&peer["returns"]["staked"]), "staked");
    close(r.won, f(&peer["returns"]["won"]), "won");
}
