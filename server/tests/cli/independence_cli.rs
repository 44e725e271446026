//! The stats document's `independence` section and the family-weighted consensus (spec seed 000
//! §5.1-§5.3, §5.8) from `sealbook score --json --asks`, against an independent numpy/itertools
//! reading of the same generated files (tests/py/independence_peer.py): every variant, the
//! eigenvalues, per-seat figures, error N_eff, sides test with its 70 splits, Table 7's K, share
//! from 40 to 60 and spread, shadow weights, and
//! the consensus Brier with the roster's families (two seats share one) and without them.
//! Table 6's counts per run, with a book whose one late line is cut at 09:30 ET. Also: `neff
//! --all` prints the same section, and roster errors name the file, line and field.

use super::common;

use common::{arg, sealbook, sealbook_json};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// 12 sessions x 8 seats (four US, four Chinese; gpt and grok one family) and the three
/// baseline seats (coin, climatology, momentum: benchmarks, in no panel, consensus or weight,
/// spec §4.5) x 12 markets x 4 horizons: sessions 1-10 are the shadow weights' window.
fn generate(dir: &Path) {
    let out = sealbook_tests::python_script("season.py")
        .args([
            "gen",
            arg(dir),
            "--sessions",
            "12",
            "--seats",
            "8",
            "--markets",
            "12",
            "--baselines",
            "1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "generator failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A book line per answer line, sealed at the row's `sealed_at`, except claude's on 2026-10-21,
/// booked at 09:30:00 ET (13:30Z, daylight time) exactly: not before the reference.
fn write_book(csv: &Path, book: &Path) {
    let text = std::fs::read_to_string(csv).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let mut lines = std::collections::BTreeMap::new();
    for r in text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
    {
        let late = r[col("seat")] == "claude" && r[col("session")] == "2026-10-21";
        let booked = if late {
            "2026-10-21T13:30:00Z"
        } else {
            r[col("sealed_at")]
        };
        let n: u64 = r[col("line")].parse().unwrap();
        lines.insert(
            n,
            format!(
                "{{\"at\": \"{}\", \"booked_at\": \"{booked}\", \"n\": {n}}}\n",
                r[col("sealed_at")]
            ),
        );
    }
    std::fs::write(book, lines.values().cloned().collect::<String>()).unwrap();
}

fn peer(csv: &Path, asks: &str, clim: &Path, book: &Path) -> Json {
    let out = sealbook_tests::python_script("independence_peer.py")
        .args([arg(csv), asks, arg(clim), arg(book)])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn close(a: &Json, b: &Json, what: &str) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!(
            (x - y).abs() <= 1e-12 * (1.0 + y.abs()),
            "{what}: ours {x} vs peer {y}"
        ),
        _ => assert_eq!(a, b, "{what}"),
    }
}

fn check_reading(ours: &Json, peer: &Json, what: &str) {
    for k in ["n", "pairs"] {
        assert_eq!(ours[k], peer[k], "{what}.{k}");
    }
    close(&ours["rho"], &peer["rho"], &format!("{what}.rho"));
    close(&ours["n_eff"], &peer["n_eff"], &format!("{what}.n_eff"));
    // A value, or why not; a value above the seats (a negative mean rho, uncapped as spec
    // §5.1 reads it) comes with the note that says so.
    let above = ours["n_eff"]
        .as_f64()
        .is_some_and(|v| v > ours["n"].as_f64().unwrap());
    assert_eq!(
        ours["n_eff"].is_null() || above,
        ours["note"].is_string(),
        "{what}: a value or why not: {ours}"
    );
}

#[test]
fn independence_section_matches_the_numpy_peer() {
    let dir = tempfile::tempdir().unwrap();
    generate(dir.path());
    let (csv, asks, clim, book): (PathBuf, PathBuf, PathBuf, PathBuf) = (
        dir.path().join("council-forecasts.csv"),
        dir.path().join("asks.jsonl"),
        dir.path().join("council-clim-window.json"),
        dir.path().join("council-book.jsonl"),
    );
    write_book(&csv, &book);
    let (code, doc) = sealbook_json(&[
        "score",
        "--forecasts",
        arg(&csv),
        "--book",
        arg(&book),
        "--asks",
        arg(&asks),
        "--clim",
        arg(&clim),
    ]);
    assert_eq!(code, 0, "{doc}");
    let p = peer(&csv, arg(&asks), &clim, &book);
    let ind = &doc["independence"];
    assert_eq!(ind["roster"]["source"], "asks.jsonl line 2");
    assert_eq!(ind["climatology"], true);

    let (ours, theirs) = (
        ind["runs"].as_array().unwrap(),
        p["runs"].as_array().unwrap(),
    );
    assert_eq!(
        ours.len(),
        12 * 5,
        "four horizons and the whole run per run"
    );
    assert_eq!(ours.len(), theirs.len());
    for (o, e) in ours.iter().zip(theirs) {
        let what = format!("{} {}", e["run_id"], e["horizon"]);
        for k in ["run_id", "horizon", "n", "cells"] {
            assert_eq!(o[k], e[k], "{what} {k}");
        }
        check_reading(&o["pearson"], &e["pearson"], &format!("{what} pearson"));
        check_reading(
            &o["one_market_per_group"],
            &e["grouped"],
            &format!("{what} one market per group"),
        );
        assert_eq!(
            o["dropped_markets"], e["dropped"],
            "{what}: the spec's groups drop Nasdaq 100 and Dow"
        );
        check_reading(&o["from_fifty"], &e["fifty"], &format!("{what} from 50"));
        check_reading(
            &o["from_climatology"],
            &e["clim"],
            &format!("{what} from climatology"),
        );
        match (&o["spectrum"], &e["spectrum"]) {
            (Json::Null, Json::Null) => assert!(o["spectrum_note"].is_string(), "{what}"),
            (s, t) => {
                let (a, b) = (
                    s["eigenvalues"].as_array().unwrap(),
                    t["eigenvalues"].as_array().unwrap(),
                );
                assert_eq!(a.len(), b.len(), "{what} eigenvalues");
                for (x, y) in a.iter().zip(b) {
                    assert!(
                        (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-12,
                        "{what} eigenvalue {x} vs {y}"
                    );
                }
                close(
                    &s["largest_share"],
                    &t["largest_share"],
                    &format!("{what} largest share"),
                );
                close(
                    &s["participation_ratio"],
                    &t["participation_ratio"],
                    &format!("{what} participation ratio"),
                );
            }
        }
        for k in ["k", "share_40_60", "spread"] {
            close(&o[k], &e[k], &format!("{what} {k}"));
        }
        assert_eq!(o["spread_cells"], e["spread_cells"], "{what} spread cells");
        let seats = o["seats"].as_array().unwrap();
        assert_eq!(
            seats.len(),
            e["seats"].as_object().unwrap().len(),
            "{what} seats"
        );
        for s in seats {
            let t = &e["seats"][s["seat"].as_str().unwrap()];
            close(
                &s["mean_r"],
                &t["mean_r"],
                &format!("{what} {} mean r", s["seat"]),
            );
            assert_eq!(
                (&s["majority_agree"], &s["majority_cells"]),
                (&t["agree"], &t["cells"]),
                "{what} {} majority",
                s["seat"]
            );
        }
        if e["errors"].is_null() {
            assert!(
                o["errors"]["n_eff"].is_null() && o["errors"]["note"] == "no resolved event yet",
                "{what}: {}",
                o["errors"]
            );
        } else {
            check_reading(&o["errors"], &e["errors"], &format!("{what} error N_eff"));
        }
        let (s, t) = (&o["sides"], &e["sides"]);
        assert_eq!(
            (&s["splits"], &s["at_least_as_wide"]),
            (&t["splits"], &t["wide"]),
            "{what} sides"
        );
        for (k, l) in [
            ("p_value", "p"),
            ("max_gap", "max_gap"),
            ("within_r", "within"),
            ("between_r", "between"),
        ] {
            close(&s[k], &t[l], &format!("{what} sides {k}"));
        }
    }
    // Four and four seats split 70 ways (a seat whose run is not counted leaves fewer).
    assert!(ours.iter().filter(|o| o["sides"]["splits"] == 70).count() > ours.len() / 2);
    // No baseline in any panel: every panel's seats are council seats, and the constant coin
    // leaves no reading without its spectrum or sides test.
    for o in ours {
        let seats = o["seats"].as_array().unwrap();
        assert!(
            seats.iter().all(
                |s| !["coin", "climatology", "momentum"].contains(&s["seat"].as_str().unwrap())
            ),
            "{} {}: {seats:?}",
            o["run_id"],
            o["horizon"]
        );
        assert!(o["n"].as_u64().unwrap() <= 8);
        assert!(
            !o["sides"].is_null(),
            "{} {}: {}",
            o["run_id"],
            o["horizon"],
            o["sides_note"]
        );
    }
    // The one-day figures of a horizon repeat the n_eff[] row's.
    let one_day = ours.iter().find(|o| o["horizon"] == "1d").unwrap();
    let row = doc["n_eff"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["run_id"] == one_day["run_id"] && r["horizon"] == "1d")
        .unwrap();
    assert_eq!(
        (&one_day["pearson"]["rho"], &one_day["pearson"]["n_eff"]),
        (&row["rho"], &row["n_eff"])
    );

    // Shadow weights: the design window's runs, inverse pooled mean r with its floor.
    let shadow = &ind["shadow"];
    assert_eq!(shadow["window"], p["shadow"]["window"]);
    assert_eq!(shadow["window"].as_array().unwrap().len(), 10);
    let weights = shadow["weights"]["weights"].as_object().unwrap();
    assert_eq!(weights.len(), 8);
    for (seat, w) in weights {
        close(
            w,
            &p["shadow"]["weights"][seat],
            &format!("shadow weight {seat}"),
        );
        assert_eq!(
            shadow["weights"]["pairs"][seat], p["shadow"]["pairs"][seat],
            "shadow weight {seat}: pairs pooled"
        );
    }

    // The consensus weighs grok, gpt's family's second seat, 1/3: with the roster it matches the
    // peer's 1/3 rule, without it the peer's one-family-per-seat figure, and the two differ.
    let (code, own) = sealbook_json(&[
        "score",
        "--forecasts",
        arg(&csv),
        "--book",
        arg(&book),
        "--clim",
        arg(&clim),
    ]);
    assert_eq!(code, 0);
    for h in ["1d", "1w"] {
        let (with, without) = (&doc["consensus"][h], &own["consensus"][h]);
        assert_eq!(with["n"], p["consensus_families"][h]["n"]);
        assert!(
            with["n"].as_u64().unwrap() > 0,
            "consensus {h}: events resolved"
        );
        close(
            &with["brier"],
            &p["consensus_families"][h]["brier"],
            &format!("consensus {h} with families"),
        );
        close(
            &without["brier"],
            &p["consensus_own"][h]["brier"],
            &format!("consensus {h}, each seat its own family"),
        );
        assert_ne!(
            with["brier"], without["brier"],
            "consensus {h}: the family rule changes it"
        );
    }
    assert!(
        own["independence"]["roster"]["note"].is_string()
            && own["independence"]["runs"][0]["sides"].is_null()
    );

    // Table 6 per run; claude's late line leaves its 48 cells out of the sealed-before count
    // and its seat out of that run's panels.
    let (f, g) = (
        ind["funnel"].as_array().unwrap(),
        p["funnel"].as_array().unwrap(),
    );
    assert_eq!(f.len(), 12);
    for (a, b) in f.iter().zip(g) {
        for k in [
            "run_id",
            "rows",
            "corrections",
            "seats",
            "sealed_before_reference",
            "explicit_50",
            "invalid",
            "counted_one_day",
        ] {
            assert_eq!(a[k], b[k], "funnel {} {k}", b["run_id"]);
        }
    }
    let late = f.iter().find(|r| r["run_id"] == "2026-10-21-am").unwrap();
    assert_eq!(
        late["rows"].as_u64().unwrap() - late["sealed_before_reference"].as_u64().unwrap(),
        48
    );
    assert!(ours
        .iter()
        .filter(|o| o["run_id"] == "2026-10-21-am")
        .all(|o| o["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["seat"] != "claude")));

    // `neff --all` prints the same section.
    let (code, neff) = sealbook_json(&[
        "neff",
        "--forecasts",
        arg(&csv),
        "--book",
        arg(&book),
        "--asks",
        arg(&asks),
        "--clim",
        arg(&clim),
        "--all",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (&neff["independence"], &neff["n_eff"]),
        (ind, &doc["n_eff"])
    );
    let (code, text, err) = sealbook(&[
        "neff",
        "--forecasts",
        arg(&csv),
        "--asks",
        arg(&asks),
        "--all",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("independence (roster: 11 seats from asks.jsonl line 2)")
            && text.contains("shadow consensus weights (10 runs)"),
        "{text}"
    );
}

#[test]
fn roster_errors_name_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    generate(dir.path());
    let csv = dir.path().join("council-forecasts.csv");
    let good = std::fs::read_to_string(dir.path().join("asks.jsonl")).unwrap();
    let cases = [
        (
            "missing-family.jsonl",
            good.replacen(r#", "family": "google""#, "", 1),
            "seats[2].family",
            "missing",
        ),
        (
            "duplicate-seat.jsonl",
            good.replacen(r#""seat": "gpt""#, r#""seat": "claude""#, 1),
            "seats[1].seat",
            "listed twice",
        ),
        (
            "bad-side.jsonl",
            good.replacen(r#""side": "China""#, r#""side": "Mars""#, 1),
            "seats[4].side",
            "US or China",
        ),
    ];
    for (name, text, field, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for cmd in [vec!["score"], vec!["neff", "--all"]] {
            let mut args = cmd.clone();
            args.extend(["--forecasts", arg(&csv), "--asks", arg(&path)]);
            let (code, _, err) = sealbook(&args);
            assert_eq!(code, 2, "{args:?}");
            assert!(
                err.contains(&format!("{name}:2: field {field}")) && err.contains(message),
                "{args:?}: {err}"
            );
            let (code, j) = sealbook_json(&args);
            let e = &j["error"];
            assert_eq!(
                (code, e["line"].as_u64(), e["field"].as_str()),
                (2, Some(2), Some(field)),
                "{j}"
            );
        }
    }
}
