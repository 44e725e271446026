//! The open-data files of spec Appendix C on the engine-made DEMO league (`sealbook demo`):
//! every published file and every field is held to the data dictionary the league publishes
//! (`arena-dataset.json`, read with `core::league::open_data::Dictionary`), an undocumented
//! file, field, column or line key failing; and CPython's `json` reads each derived file
//! (`council-calibration.json`, `league-roster.json`, `council-forecasts-index.json`,
//! `markets-digest.json`, `arena-dataset.json`) and recomputes what it states from the sealed
//! files with its own code: the climatology table's content hash (spec §4.3), the roster of
//! `asks.jsonl`, each run's slice of `council-forecasts.csv` (read with Python's `csv`), the
//! digest's resolved events, and that the dictionary documents every column; the spec's
//! Appendix B step 4 script, verbatim, still runs on the demo's book.

#![forbid(unsafe_code)]

use sealbook_core::experiment::analysis::{analyse, Dataset};
use sealbook_core::league::league_file::{GeneratedFrom, LeagueFile};
use sealbook_core::league::open_data::{
    member, Dictionary, FieldDoc, CALIBRATION_FILE, DATASET_FILE, DIGEST_FILE,
    FORECASTS_INDEX_FILE, ROSTER_FILE,
};
use sealbook_tests::tmp::TempDir;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// Whether `v` is of the dictionary's `kind`, or of one of `a|b` (null stands for an absent
/// value).
fn of_kind(v: &Value, kind: &str) -> bool {
    v.is_null()
        || kind.split('|').any(|kind| match kind {
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "object" => v.is_object(),
            "array" => v.is_array(),
            _ => false,
        })
}

/// The files whose nested members are not itemised in the dictionary yet, or never are, with
/// the top-level members concerned (none listed: every member): those members are held to it,
/// members below a documented object without `fields` are not walked, and their documented
/// fields are not asked to be held. `arena-dataset.json` documents its own layout (recursive
/// `fields`), which `Dictionary::parse` reads with every unknown member refused.
const NOT_ITEMISED: [(&str, &[&str]); 3] = [
    ("arena-dataset.json", &[]),
    ("event-contract.schema.json", &[]),
    ("answer.schema.json", &[]),
];

/// Whether the top-level member `key` of the file documented as `path` is itemised (`key`
/// empty: the file as a whole).
fn itemised(path: &str, key: &str) -> bool {
    match NOT_ITEMISED.iter().find(|(p, _)| *p == path) {
        None => true,
        Some((_, keys)) => !keys.is_empty() && !key.is_empty() && !keys.contains(&key),
    }
}

/// The walk's findings: each problem as `file: path: what`, and each documented field met,
/// as `doc path: field path` (the dictionary's names, placeholders kept).
#[derive(Default)]
struct Walk {
    problems: Vec<String>,
    seen: BTreeSet<String>,
}

/// `obj`'s members against `fields`: every member documented (by name or by its map's key
/// placeholder) and of its type, nested members walked; below an itemised top-level member
/// ([`itemised`]; `strict`), an object documented without its own members fails. `doc_at` is the dictionary path
/// of `fields` (`<file pattern>:` then dotted names).
fn check_object(
    file: &str,
    strict: bool,
    at: &str,
    doc_at: &str,
    obj: &Value,
    fields: &[FieldDoc],
    w: &mut Walk,
) {
    let Some(o) = obj.as_object() else {
        w.problems.push(format!("{file}: {at}: not an object"));
        return;
    };
    for (k, v) in o {
        let path = if at.is_empty() {
            k.clone()
        } else {
            format!("{at}.{k}")
        };
        let Some(doc) = member(fields, k) else {
            w.problems
                .push(format!("{file}: {path}: not in {DATASET_FILE}"));
            continue;
        };
        let doc_path = format!("{doc_at}.{}", doc.name);
        w.seen.insert(doc_path.clone());
        let strict = if at.is_empty() {
            itemised(file.split(" line ").next().unwrap_or(file), k)
        } else {
            strict
        };
        if !of_kind(v, &doc.kind) {
            w.problems
                .push(format!("{file}: {path}: not of type {}", doc.kind));
        }
        let objects: Vec<(String, &Value)> = match v {
            Value::Array(xs) => xs
                .iter()
                .enumerate()
                .filter(|(_, x)| x.is_object())
                .map(|(i, x)| (format!("{path}[{i}]"), x))
                .collect(),
            Value::Object(_) => vec![(path.clone(), v)],
            _ => Vec::new(),
        };
        for (p, x) in objects {
            if !doc.fields.is_empty() {
                check_object(file, strict, &p, &doc_path, x, &doc.fields, w);
            } else if strict && x.as_object().is_some_and(|m| !m.is_empty()) {
                w.problems
                    .push(format!("{file}: {p}: members not in {DATASET_FILE}"));
            }
        }
    }
}

/// Every documented field of `fields` (under `doc_at`) no walked file held, that is not
/// marked optional: a stale entry. The members of an optional field are not asked for.
fn stale(doc_at: &str, fields: &[FieldDoc], seen: &BTreeSet<String>, out: &mut Vec<String>) {
    for f in fields {
        let file = doc_at.strip_suffix(':');
        if f.optional.is_some() || file.is_some_and(|p| !itemised(p, &f.name)) {
            continue;
        }
        let p = format!("{doc_at}.{}", f.name);
        if !seen.contains(&p) {
            out.push(format!("{p}: no published file holds it"));
            continue;
        }
        stale(&p, &f.fields, seen, out);
    }
}

/// Every problem of the published file `rel` (its bytes) against the dictionary.
fn check_file(d: &Dictionary, rel: &str, bytes: &[u8], w: &mut Walk) {
    let Some(doc) = d.file(rel) else {
        w.problems.push(format!("{rel}: not in {DATASET_FILE}"));
        return;
    };
    let doc_at = format!("{}:", doc.path);
    match doc.format.as_str() {
        "json" => match serde_json::from_slice::<Value>(bytes) {
            Ok(v) if !doc.fields.is_empty() => {
                check_object(rel, true, "", &doc_at, &v, &doc.fields, w)
            }
            Ok(_) => {}
            Err(e) => w.problems.push(format!("{rel}: not JSON: {e}")),
        },
        "jsonl" => {
            for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
                if line.is_empty() {
                    continue;
                }
                match serde_json::from_slice::<Value>(line) {
                    Ok(v) => check_object(
                        &format!("{rel} line {}", i + 1),
                        true,
                        "",
                        &doc_at,
                        &v,
                        &doc.fields,
                        w,
                    ),
                    Err(e) => w
                        .problems
                        .push(format!("{rel} line {}: not JSON: {e}", i + 1)),
                }
            }
        }
        "csv" => {
            let header = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
            for col in String::from_utf8_lossy(header)
                .trim_end_matches('\r')
                .split(',')
            {
                if doc.fields.iter().any(|f| f.name == col) {
                    w.seen.insert(format!("{doc_at}.{col}"));
                } else {
                    w.problems
                        .push(format!("{rel}: column {col}: not in {DATASET_FILE}"));
                }
            }
        }
        "text" | "binary" => {}
        other => w.problems.push(format!("{rel}: format {other} unknown")),
    }
}

fn make_demo(t: &TempDir) -> std::path::PathBuf {
    let dir = t.path().join("demo");
    sealbook_tests::write_demo(&dir);
    dir
}

/// Every listed file of `dir`, and the manifest itself.
fn listed(dir: &Path) -> Vec<String> {
    let m: Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let mut files: Vec<String> = m["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    files.push("manifest.json".into());
    files
}

const PEER: &str = r#"
import csv, hashlib, io, json, sys
d = sys.argv[1]
def load(name):
    with open(d + "/" + name, encoding="utf-8") as f:
        return json.load(f)
cal, roster, index, digest, dataset = (load(n) for n in sys.argv[2:7])
# The climatology table's content hash as Appendix B computes it (spec 4.3).
clim = load("council-clim-window.json")
body = {k: v for k, v in clim.items() if k != "sha256"}
h = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
fixed = cal["climatology_fixed"]
assert fixed["sha256"] == h == clim["sha256"], (fixed["sha256"], h)
assert fixed["sha256_ok"] is True
decl = json.loads(open(d + "/asks.jsonl", encoding="utf-8").readline())
assert fixed["sealed_sha256"] == decl["climatology_sha256"]
assert fixed["table"] == clim["table"]
assert [r["p_up"] for r in fixed["table"] if r["h"] == "1d"], "no 1d rows"
assert isinstance(cal["method"]["crowd_window"], str)
# The roster: the declaration's seats, in order, with the providers it sealed, baselines marked.
assert [(s["seat"], s["family"], s.get("model"), s["provider"]) for s in roster["seats"]] == \
    [(s["seat"], s["family"], s.get("model"), s.get("provider")) for s in decl["seats"]]
assert all(s["provider"] for s in roster["seats"]), "the demo declares every seat's provider"
for s in roster["seats"]:
    assert s["baseline"] == (s["model"] in ("coin", "climatology", "momentum")), s
    assert s["versions"], s
# Each run's slices of the forecasts file hold exactly that run's rows.
raw = open(d + "/council-forecasts.csv", "rb").read()
assert index["bytes"] == len(raw) and index["sha256"] == hashlib.sha256(raw).hexdigest()
rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"), newline="")))
header = raw[:index["header_bytes"]].decode()
total = 0
for run in index["runs"]:
    got = []
    for s in run["slices"]:
        got += list(csv.DictReader(io.StringIO(header + raw[s["offset"]:s["offset"] + s["length"]].decode(), newline="")))
    want = [r for r in rows if r["run_id"] == run["run_id"]]
    assert got == want, run["run_id"]
    assert run["rows"] == len(want) and run["seats"] == len({r["seat"] for r in want})
    assert sum(run["status"].values()) == len(want)
    total += len(want)
assert total == len(rows)
# The digest: small, every market, its resolved events recounted.
assert len(open(d + "/markets-digest.json", "rb").read()) < 30000
assert digest["rows"] == len(rows)
assert [m["asset"] for m in digest["markets"]] == ["SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC"]
for m in digest["markets"]:
    ev = {}
    for r in rows:
        if r["asset"] == m["asset"] and r["event_id"] and r["close"] and r["actual_pct"]:
            ev[r["event_id"]] = float(r["actual_pct"]) > 0
    assert m["events_resolved"] == len(ev), m["asset"]
    assert m["events_up"] == sum(ev.values()), m["asset"]
    latest = [r for r in rows if r["asset"] == m["asset"] and r["run_id"] == m["latest_run"]]
    for h, v in m["horizons"].items():
        ps = [float(r["prob_up"]) for r in latest if r["horizon"] == h and r["status"] == "counted"
              and r["cell_status"] in ("elicited", "explicit_50") and r["prob_up"]
              and r["model"] not in ("coin", "climatology", "momentum")]
        assert v["forecasts"] == len(ps) and abs(v["mean_prob_up"] - sum(ps) / len(ps)) < 1e-9, (m["asset"], h)
# The dictionary documents every column of the forecasts file.
doc = [f for f in dataset["files"] if f["path"] == "council-forecasts.csv"][0]
cols = {f["name"] for f in doc["fields"]}
missing = [c for c in rows[0].keys() if c not in cols]
assert not missing, missing
print("ok")
"#;

#[test]
fn every_published_file_and_field_is_in_the_dictionary_and_cpython_reads_the_derived_files() {
    let t = TempDir::new("open-data");
    let dir = make_demo(&t);
    let files = listed(&dir);
    for f in [
        CALIBRATION_FILE,
        ROSTER_FILE,
        FORECASTS_INDEX_FILE,
        DIGEST_FILE,
        DATASET_FILE,
    ] {
        assert!(files.iter().any(|p| p == f), "{f} not in the manifest");
    }
    let d = Dictionary::parse(&std::fs::read(dir.join(DATASET_FILE)).unwrap()).unwrap();
    let mut w = Walk::default();
    for rel in &files {
        check_file(&d, rel, &std::fs::read(dir.join(rel)).unwrap(), &mut w);
    }
    assert!(w.problems.is_empty(), "{}", w.problems.join("\n"));
    // Every documented field of an itemised file some published file holds, unless optional.
    let mut stale_entries = Vec::new();
    for f in &d.files {
        let held = files
            .iter()
            .any(|p| d.file(p).is_some_and(|x| x.path == f.path));
        if held {
            stale(
                &format!("{}:", f.path),
                &f.fields,
                &w.seen,
                &mut stale_entries,
            );
        }
    }
    assert!(stale_entries.is_empty(), "{}", stale_entries.join("\n"));

    // The walk fails on a member the dictionary does not document, at any depth, and follows
    // key placeholders (items.<asset>.<horizon>).
    let mut u = Walk::default();
    check_file(
        &d,
        "league-roster.json",
        br#"{"league": "x", "seats": [{"seat": "a", "extra": 1}]}"#,
        &mut u,
    );
    check_file(&d, "council-forecasts.csv", b"run_id,novel\n", &mut u);
    check_file(&d, "notes.json", b"{}", &mut u);
    check_file(
        &d,
        "council-book.jsonl",
        br#"{"n": 1, "items": {"SPX": {"1d": {"prob_up": 55, "mood": "calm"}}}}"#,
        &mut u,
    );
    check_file(
        &d,
        "proof/2026-10-20/130025Z.txt.anchors.json",
        br#"{"anchors": [{"kind": "ots", "proof": {"x": 1}}]}"#,
        &mut u,
    );
    check_file(
        &d,
        "markets-digest.json",
        br#"{"markets": [{"horizons": {"1d": {"forecasts": "3"}}}]}"#,
        &mut u,
    );
    // The stats document and the league file's experiment are walked strictly to their leaves
    // (the crowd's questions and the experiment's groups too).
    check_file(
        &d,
        "council-stats.json",
        br#"{"seats": {"a": {"1d": {"brier": 0.2, "novel": 1}}}, "crowd": {"questions": [{"code": "SPX", "mood": 1}]}}"#,
        &mut u,
    );
    check_file(
        &d,
        "council-league.json",
        br#"{"experiment": {"any": {"x": 1}}}"#,
        &mut u,
    );
    assert_eq!(
        u.problems,
        [
            "league-roster.json: seats[0].extra: not in arena-dataset.json",
            "council-forecasts.csv: column novel: not in arena-dataset.json",
            "notes.json: not in arena-dataset.json",
            "council-book.jsonl line 1: items.SPX.1d.mood: not in arena-dataset.json",
            "proof/2026-10-20/130025Z.txt.anchors.json: anchors[0].proof: not in arena-dataset.json",
            "markets-digest.json: markets[0].horizons.1d.forecasts: not of type integer",
            "council-stats.json: crowd.questions[0].mood: not in arena-dataset.json",
            "council-stats.json: seats.a.1d.novel: not in arena-dataset.json",
            "council-league.json: experiment.any: not in arena-dataset.json",
        ]
    );
    assert!(u
        .seen
        .contains("council-book.jsonl:.items.<asset>.<horizon>.prob_up"));
    // A documented field no walked file held is reported, an optional one is not.
    let mut s = Vec::new();
    stale(
        "markets-digest.json:",
        &d.file("markets-digest.json").unwrap().fields,
        &u.seen,
        &mut s,
    );
    assert!(s.contains(&"markets-digest.json:.league: no published file holds it".to_string()));
    let mut s = Vec::new();
    stale(
        "proof/*Z.txt.anchors.json:",
        &d.file("proof/1Z.txt.anchors.json").unwrap().fields,
        &w.seen,
        &mut s,
    );
    assert!(s.is_empty(), "{s:?}");

    // A populated experiment section (the demo has no reader): every member at every depth
    // holds a value, each of its documented type, and every documented member is met.
    let league = LeagueFile {
        league: "l".into(),
        methodology_version: "m".into(),
        generated_from: GeneratedFrom { book_lines: 1 },
        accounts: None,
        experiment: Some(analyse(&populated_experiment())),
    };
    let bytes = league.to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    let mut nulls = Vec::new();
    null_members("experiment", &v["experiment"], &mut nulls);
    // F29 has no registered threshold (§8): its threshold is null in every league.
    assert_eq!(
        nulls,
        ["experiment.registered.F29.threshold"],
        "not populated"
    );
    let mut x = Walk::default();
    check_file(&d, "council-league.json", &bytes, &mut x);
    assert!(x.problems.is_empty(), "{}", x.problems.join("\n"));
    let mut s = Vec::new();
    let doc = d.file("council-league.json").unwrap();
    let experiment = member(&doc.fields, "experiment").unwrap();
    stale(
        "council-league.json:.experiment",
        &experiment.fields,
        &x.seen,
        &mut s,
    );
    assert!(s.is_empty(), "{s:?}");
    assert!(x
        .seen
        .contains("council-league.json:.experiment.registered.F28.available.g1"));

    let out = sealbook_tests::python_inline(PEER)
        .arg(&dir)
        .args([
            CALIBRATION_FILE,
            ROSTER_FILE,
            FORECASTS_INDEX_FILE,
            DIGEST_FILE,
            DATASET_FILE,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the CPython peer: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok");

    // The spec's Appendix B step 4, verbatim, still runs on the demo's book.
    let out = sealbook_tests::python_script("appendix_b_step4.py")
        .current_dir(&dir)
        .output()
        .unwrap();
    let lines = std::fs::read(dir.join("council-book.jsonl"))
        .unwrap()
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("chain ok: {lines} lines"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every member of `v` (at any depth, below `at`) that is null.
fn null_members(at: &str, v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Null => out.push(at.to_string()),
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| null_members(&format!("{at}.{k}"), x, out)),
        Value::Array(xs) => xs
            .iter()
            .enumerate()
            .for_each(|(i, x)| null_members(&format!("{at}[{i}]"), x, out)),
        _ => {}
    }
}

/// A reader experiment with every figure of its analysis defined: two readers a group (one
/// reset), visits and first forecasts over two sessions on 210 markets with a consensus on
/// either side of 50 and an outcome each (enough for the registered readings), a peek, and
/// private and final calls in both arms of the revision protocol.
fn populated_experiment() -> Dataset {
    let id = |g: usize, r: usize| format!("r-{:032x}", g * 16 + r + 1);
    let markets: Vec<String> = (0..210).map(|i| format!("M{i}")).collect();
    let mut readers = Vec::new();
    let mut visits = Vec::new();
    let mut forecasts = Vec::new();
    let mut peeks = Vec::new();
    for (g, group) in ["seeing", "blind"].into_iter().enumerate() {
        for r in 0..2 {
            readers.push(serde_json::json!({
                "reader": id(g, r), "group": group,
                "created_at": "2026-11-02T12:00:00Z", "reset": r == 1,
            }));
        }
        for (s, session) in ["2026-11-02", "2026-11-03"].into_iter().enumerate() {
            visits.push(serde_json::json!({
                "reader": id(g, 0), "session": session,
                "at": format!("2026-11-0{}T13:00:00Z", s + 2),
            }));
        }
        peeks.push(serde_json::json!({
            "reader": id(g, 0), "session": "2026-11-02", "at": "2026-11-02T13:00:30Z",
        }));
        for (i, m) in markets.iter().enumerate() {
            forecasts.push(serde_json::json!({
                "reader": id(g, 0), "session": "2026-11-02", "market": m,
                "direction": if (i + g) % 3 == 0 { "down" } else { "up" },
                "confidence": 55 + (i * 7 + g) % 41, "stage": "single",
                "at": format!("2026-11-02T13:{:02}:{:02}Z", 1 + i / 60, i % 60),
                "first": true, "arm": null,
            }));
        }
        // The revision protocol: the second reader's private then final calls, in the arm of
        // its group, on markets whose consensus was right and wrong.
        let arm = ["council", "control"][g];
        for (i, m) in markets.iter().take(4).enumerate() {
            for (stage, confidence, minute) in [("private", 60, 10), ("final", 70 + i, 20)] {
                forecasts.push(serde_json::json!({
                    "reader": id(g, 1), "session": "2026-11-03", "market": m,
                    "direction": "up", "confidence": confidence, "stage": stage,
                    "at": format!("2026-11-03T13:{minute}:{i:02}Z"),
                    "first": stage == "private", "arm": arm,
                }));
            }
        }
    }
    let sessions: Vec<Value> = ["2026-11-02", "2026-11-03"]
        .into_iter()
        .map(|session| {
            serde_json::json!({
                "session": session,
                "consensus": markets.iter().enumerate()
                    .map(|(i, m)| (m.clone(), Value::from(if i % 2 == 0 { 0.6 } else { 0.4 })))
                    .collect::<serde_json::Map<_, _>>(),
                "outcomes": markets.iter().enumerate()
                    .map(|(i, m)| (m.clone(), Value::from(i % 5 != 0)))
                    .collect::<serde_json::Map<_, _>>(),
            })
        })
        .collect();
    serde_json::from_value(serde_json::json!({
        "readers": readers, "visits": visits, "forecasts": forecasts,
        "peeks": peeks, "sessions": sessions,
    }))
    .expect("a well-formed dataset")
}
