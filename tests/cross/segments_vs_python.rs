//! Methodology segments (spec §3.10, Requirement 15) on the engine-made DEMO league (`sealbook
//! demo`, forty sessions from 2026-10-19 under one methodology version): its
//! `council-forecasts.csv` with the rows of the sessions from 2026-11-23 moved to a second
//! version, scored by `sealbook score`, against the independent Python peer
//! (tests/py/score_peer.py --segments: csv, numpy and scikit-learn), which scores each
//! version's rows on their own: the versions and the current one, each segment's row count,
//! sessions, seat Brier means and counts, and its primary endpoint's session gains and mean.
//! The top-level primary endpoint is the current segment's, never both versions' at once.

#![forbid(unsafe_code)]

use super::peer_json::close;
use sealbook_tests::tmp::TempDir;

/// The session the second methodology version starts at (session 26 of the demo's season).
const SECOND_FROM: &str = "2026-11-23";

/// The demo's forecasts file with the `methodology_version` of every row of a session from
/// [`SECOND_FROM`] set to `demo-2`.
fn two_versions(csv: &str) -> String {
    assert!(
        !csv.contains('"'),
        "the demo's forecasts file quotes no field"
    );
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    let cols: Vec<&str> = header.split(',').collect();
    let at = |name: &str| cols.iter().position(|c| *c == name).unwrap();
    let (session, version) = (at("session"), at("methodology_version"));
    let mut out = format!("{header}\n");
    for line in lines {
        let mut f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), cols.len(), "{line}");
        assert_eq!(f[version], "demo-1", "the demo's one version");
        if f[session] >= SECOND_FROM {
            f[version] = "demo-2";
        }
        out += &f.join(",");
        out += "\n";
    }
    out
}

#[test]
fn each_methodology_version_is_its_own_segment_as_the_python_peer_scores_it() {
    let t = TempDir::new("segments");
    let demo = t.path().join("demo");
    sealbook_tests::write_demo(&demo);
    let csv = t.path().join("two-versions.csv");
    std::fs::write(
        &csv,
        two_versions(&std::fs::read_to_string(demo.join("council-forecasts.csv")).unwrap()),
    )
    .unwrap();
    let clim = demo.join("council-clim-window.json");

    let ours = sealbook_tests::score_json(&csv, &clim);

    // No ask chain: the season counts from the paper's session 1, the demo's first session.
    let peer = sealbook_tests::score_peer_json(&[
        "--segments".as_ref(),
        csv.as_os_str(),
        clim.as_os_str(),
        "2026-10-19".as_ref(),
    ]);

    let m = &ours["methodology"];
    assert_eq!(m["versions"], peer["versions"]);
    assert_eq!(m["versions"], serde_json::json!(["demo-1", "demo-2"]));
    assert_eq!(m["current"], peer["current"]);
    assert_eq!(m["confirmatory"], "demo-2");
    let segs = ours["segments"]
        .as_object()
        .expect("two versions: segments");
    let peer_segs = peer["segments"].as_object().unwrap();
    assert_eq!(segs.len(), 2);
    let mut compared = 0;
    for (v, p) in peer_segs {
        let o = &segs[v];
        for k in ["rows", "first_session", "last_session"] {
            assert_eq!(o[k], p[k], "segments.{v}.{k}");
        }
        let seats = p["seats"].as_object().unwrap();
        assert_eq!(seats.len(), o["seats"].as_object().unwrap().len(), "{v}");
        for (seat, hs) in seats {
            for (h, e) in hs.as_object().unwrap() {
                for k in ["n", "sessions", "brier", "brier_ex_draw", "bss_clim"] {
                    close(
                        &o["seats"][seat][h][k],
                        &e[k],
                        &format!("segments.{v}.seats.{seat}.{h}.{k}"),
                    );
                    compared += 1;
                }
            }
        }
        for (h, e) in p["consensus"].as_object().unwrap() {
            for k in ["n", "brier", "momentum_n", "momentum_brier"] {
                close(
                    &o["consensus"][h][k],
                    &e[k],
                    &format!("segments.{v}.consensus.{h}.{k}"),
                );
                compared += 1;
            }
        }
        let (oe, pe) = (&o["primary_endpoint"], &p["primary_endpoint"]);
        assert_eq!(
            oe["sessions"], pe["sessions"],
            "segments.{v}.primary_endpoint.sessions"
        );
        assert!(pe["sessions"].as_u64().unwrap() >= 10, "{v}: {pe}");
        close(
            &oe["estimate"],
            &pe["estimate"],
            &format!("segments.{v}.primary_endpoint.estimate"),
        );
        let (og, pg) = (
            oe["gains"].as_array().unwrap(),
            pe["gains"].as_array().unwrap(),
        );
        assert_eq!(og.len(), pg.len());
        for (a, b) in og.iter().zip(pg) {
            assert_eq!(a["session"], b["session"], "{v}");
            assert_eq!(a["events"], b["events"], "{v} session {}", b["session"]);
            close(
                &a["gain"],
                &b["gain"],
                &format!("segments.{v} gain of session {}", b["session"]),
            );
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared}");
    // The top-level primary endpoint is the current segment's (sessions 26 on), never the
    // pooled one over sessions 11-40.
    assert_eq!(ours["primary_endpoint"], segs["demo-2"]["primary_endpoint"]);
    assert_eq!(ours["comparisons"], segs["demo-2"]["comparisons"]);
    assert_eq!(ours["primary_endpoint"]["gains"][0]["session"], 26);
}
