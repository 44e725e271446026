//! A seat's model versions (spec §3.10) on the engine-made DEMO league (`sealbook demo`): its
//! `council-forecasts.csv` with one seat's `model` changed from a session on, scored by
//! `sealbook score`, against the independent Python peer (tests/py/score_peer.py
//! --model-versions: csv, numpy and scikit-learn), which reads the versions from the rows in
//! book order and scores the seat's rows since the takeover on their own: the version, its
//! session and line, the model before it, the account's name, and per horizon the seat's
//! counts, Brier scores and skill against climatology and the coin.

#![forbid(unsafe_code)]

use super::peer_json::close;
use sealbook_tests::tmp::TempDir;

/// The session the changed seat's new model takes over at (session 21 of the demo's season).
const TAKEOVER: &str = "2026-11-16";

/// The demo's forecasts file with the model of `seat`'s rows from [`TAKEOVER`] on followed by
/// `-next`, and the seat's model before.
fn changed(csv: &str, seat: &str) -> (String, String) {
    assert!(
        !csv.contains('"'),
        "the demo's forecasts file quotes no field"
    );
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    let cols: Vec<&str> = header.split(',').collect();
    let at = |name: &str| cols.iter().position(|c| *c == name).unwrap();
    let (session, who, model) = (at("session"), at("seat"), at("model"));
    let mut before = String::new();
    let mut out = format!("{header}\n");
    for line in lines {
        let mut f: Vec<String> = line.split(',').map(str::to_string).collect();
        assert_eq!(f.len(), cols.len(), "{line}");
        if f[who] == seat && !f[model].is_empty() {
            if f[session].as_str() >= TAKEOVER {
                f[model] = format!("{}-next", f[model]);
            } else {
                before = f[model].clone();
            }
        }
        out += &f.join(",");
        out += "\n";
    }
    (out, before)
}

#[test]
fn a_seats_new_model_version_is_scored_on_its_own_as_the_python_peer_scores_it() {
    let t = TempDir::new("model-versions");
    let demo = t.path().join("demo");
    sealbook_tests::write_demo(&demo);
    let original = std::fs::read_to_string(demo.join("council-forecasts.csv")).unwrap();
    let clim = demo.join("council-clim-window.json");
    let score = |csv: &std::path::Path| sealbook_tests::score_json(csv, &clim);

    // The demo's seats never change model: no block.
    let plain = t.path().join("plain.csv");
    std::fs::write(&plain, &original).unwrap();
    let ours = score(&plain);
    assert!(
        ours.get("new_model_version").is_none(),
        "{}",
        ours["new_model_version"]
    );
    let seat = ours["seats"]
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, hs)| hs["1d"]["baseline"] == false)
        .map(|(s, _)| s.clone())
        .expect("a council seat");

    let (csv_text, before) = changed(&original, &seat);
    let csv = t.path().join("changed.csv");
    std::fs::write(&csv, csv_text).unwrap();
    let ours = score(&csv);
    let peer = sealbook_tests::score_peer_json(&[
        "--model-versions".as_ref(),
        csv.as_os_str(),
        clim.as_os_str(),
    ]);

    let blocks = ours["new_model_version"].as_object().expect("the block");
    assert_eq!(blocks.len(), 1, "{blocks:?}");
    assert_eq!(peer.as_object().unwrap().len(), 1, "{peer}");
    let (o, p) = (&blocks[&seat], &peer[&seat]);
    for k in [
        "model",
        "version",
        "since",
        "since_line",
        "previous_model",
        "account",
    ] {
        assert_eq!(o[k], p[k], "new_model_version.{seat}.{k}");
    }
    assert_eq!(o["since"], TAKEOVER);
    assert_eq!(o["version"], 2);
    assert_eq!(o["previous_model"], before.as_str());
    assert_eq!(o["account"], format!("{seat}_ver:{before}-next:2").as_str());
    let horizons = p["horizons"].as_object().unwrap();
    assert_eq!(horizons.len(), o["horizons"].as_object().unwrap().len());
    let mut compared = 0;
    for (h, e) in horizons {
        for k in [
            "n",
            "sessions",
            "coverage",
            "brier",
            "brier_ex_draw",
            "bss_clim",
            "bss_coin",
        ] {
            let ours_k = if k == "bss_coin" {
                &o["horizons"][h][k]["value"]
            } else {
                &o["horizons"][h][k]
            };
            close(ours_k, &e[k], &format!("new_model_version.{seat}.{h}.{k}"));
            compared += 1;
        }
        // Fewer rows than the seat's whole record: only those since the takeover.
        let all = ours["seats"][&seat][h]["n"].as_u64().unwrap();
        assert!(e["n"].as_u64().unwrap() < all, "{h}");
    }
    assert!(compared >= 7 * 3, "{compared}");
}
