//! `sealbook league publish DIR`: on the DEMO league and on a league a test builds with core's
//! line builders, the published files are checked by peers: the forecasts file passes
//! `sealbook conformance` and the Python conformance peer and reads back through CPython's
//! csv module field for field; every manifest entry is re-hashed by Python's hashlib and
//! every file of the directory is listed; every proof page parses with html.parser, has no
//! script and no link outside the league, and together they show every book line's seal and
//! link. `council-stats.json` is what `sealbook score --json` prints for the same files and
//! the schema what `sealbook schema` writes. A second publish rewrites nothing and sealed
//! files are never touched; a book whose chain fails is not published.

use super::common;

use common::{arg, demo, sealbook, sealbook_json};
use sealbook_core::book::canon::{Object, Value};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::book::stamp_list;
use sealbook_core::book::writer::BookWriter;
use sealbook_core::calendar::{Date, Horizon};
use sealbook_core::contract::event::UNSTATED;
use sealbook_core::contract::forecasts_csv::CsvTable;
use sealbook_core::league::config::LeagueConfig;
use sealbook_core::league::contracts::{run_contracts, CSV_PROVIDER, RESOLVER_VERSION, RULE};
use sealbook_core::league::manifest::Manifest;
use sealbook_core::prices::REFERENCE_RULE_V1;
use sealbook_core::records::ask_chain::{AskLine, Declaration};
use sealbook_core::records::book_lines::build::{
    AnswerContent, ResultContent, RunContent, ScoreContent, Shape,
};
use sealbook_core::records::names::{self, ASKS_LEDGER, BOOK_LEDGER};
use sealbook_core::records::roster::{roster_line, RosterSeat};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

/// Every file under `dir` with its bytes and modification time.
fn snapshot(dir: &Path) -> BTreeMap<String, (Vec<u8>, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_str().unwrap().to_string();
                let m = std::fs::metadata(&p).unwrap().modified().unwrap();
                out.insert(rel, (std::fs::read(&p).unwrap(), m));
            }
        }
    }
    out
}

/// Validates a manifest against the manifest schema, then two hostile edits of it.
const SCHEMA_PEER: &str = r#"
import json, sys
from jsonschema import Draft202012Validator
v = Draft202012Validator(json.load(open(sys.argv[1])))
m = json.load(open(sys.argv[2]))
v.validate(m)
out = ["valid"]
for bad in ["../x", "a//b"]:
    m2 = json.loads(json.dumps(m))
    m2["files"][0]["path"] = bad
    out.append(bad + (" refused" if list(v.iter_errors(m2)) else " accepted"))
print("; ".join(out))
"#;

/// Publishes `dir` and holds every published file to its peers; returns the manifest.
/// `unlisted` are the files of `dir` that are not published.
fn publish_and_check(dir: &Path, unlisted: &[&str]) -> Manifest {
    let before = snapshot(dir);
    let (code, v) = sealbook_json(&["league", "publish", arg(dir)]);
    assert_eq!(code, 0, "{v}");
    let written: Vec<&str> = v["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(written.last(), Some(&"manifest.json"), "the manifest last");
    let after = snapshot(dir);
    for (path, (bytes, _)) in &before {
        if !written.contains(&path.as_str()) {
            assert_eq!(&after[path].0, bytes, "{path} was touched");
        }
    }

    // The forecasts file: both conformance checkers, and CPython's csv reads what core reads.
    // The leagues' run lines seal every event's contract (as the engine does, through
    // `league::contracts::run_contracts`), so every row passes, checked against its book too.
    let csv_path = dir.join("council-forecasts.csv");
    let book_path = dir.join("council-book.jsonl");
    let (code, c) = sealbook_json(&["conformance", arg(&csv_path), "--book", arg(&book_path)]);
    assert!(code == 0 && c["ok"] == true, "{c}");
    let out = sealbook_tests::python_script("conformance_peer.py")
        .arg(&csv_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(peer["failures"], serde_json::json!([]), "{peer}");

    let out = sealbook_tests::python_script("publish_peer.py")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let csv = std::fs::read(&csv_path).unwrap();
    let table = CsvTable::parse(&csv).unwrap();
    let ours: Vec<Vec<String>> = std::iter::once(table.header.clone())
        .chain(table.records.iter().map(|r| r.fields.clone()))
        .collect();
    assert_eq!(peer["csv"], serde_json::json!(ours));
    assert!(ours.len() > 1);

    // The manifest: hashlib agrees on every entry, and nothing in the directory is left out.
    let m = &peer["manifest"];
    assert_eq!(m["problems"], serde_json::json!([]), "{m}");
    assert_eq!(m["unlisted"], serde_json::json!(unlisted), "{m}");
    let manifest = Manifest::parse(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["files"], manifest.files.len());
    // The published schema accepts the manifest and refuses a path out of the league
    // (the `jsonschema` package, Draft 2020-12).
    let schema_dir = tempfile::tempdir().unwrap();
    let manifest_schema = schema_dir.path().join("manifest.schema.json");
    let (code, _, err) = sealbook(&["schema", "manifest", "--out", arg(&manifest_schema)]);
    assert_eq!(code, 0, "{err}");
    let out = std::process::Command::new(sealbook_tests::python())
        .args(["-I", "-c", SCHEMA_PEER])
        .arg(&manifest_schema)
        .arg(dir.join("manifest.json"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "valid; ../x refused; a//b refused",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The proof pages.
    let p = &peer["pages"];
    // One inline script per page (the language choice), none from outside.
    assert_eq!(p["outside_scripts"], 0, "{p}");
    assert_eq!(
        p["scripts"].as_u64(),
        Some(p["days"].as_array().unwrap().len() as u64),
        "{p}"
    );
    assert_eq!(p["bad_links"], serde_json::json!([]), "{p}");
    // Out of the league directory, only the site's pages beside it (the root is the verifier).
    assert_eq!(
        p["site_links"],
        serde_json::json!([".", "accounts.html", "experiment.html", "scores.html"]),
        "{p}"
    );
    assert!(!p["days"].as_array().unwrap().is_empty());
    assert_eq!(peer["seals_missing"], serde_json::json!([]));

    // The stats document is the CLI's, and the schema is `sealbook schema`'s.
    let (code, score, err) = sealbook(&[
        "score",
        "--forecasts",
        arg(&csv_path),
        "--book",
        arg(&dir.join("council-book.jsonl")),
        "--asks",
        arg(&dir.join("asks.jsonl")),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("council-stats.json")).unwrap(),
        score
    );
    let out_dir = tempfile::tempdir().unwrap();
    let schema = out_dir.path().join("schema.json");
    let (code, _, err) = sealbook(&["schema", "event-contract", "--out", arg(&schema)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(schema).unwrap(),
        std::fs::read(dir.join("event-contract.schema.json")).unwrap()
    );
    let schema = out_dir.path().join("answer.json");
    let (code, _, err) = sealbook(&["schema", "answer", "--out", arg(&schema)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(schema).unwrap(),
        std::fs::read(dir.join("answer.schema.json")).unwrap()
    );

    // Publishing again with nothing new rewrites nothing.
    let (code, v) = sealbook_json(&["league", "publish", arg(dir)]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["written"], serde_json::json!([]), "{v}");
    assert_eq!(snapshot(dir), after);
    manifest
}

#[test]
fn publishes_the_demo_league() {
    let tmp = demo();
    let m = publish_and_check(tmp.path(), &[]);
    assert!(m.league.starts_with("DEMO league"), "{}", m.league);
    assert_eq!(m.methodology_version, "demo-1");
    for f in [
        "council-book.jsonl",
        "asks.jsonl",
        "council-forecasts.csv",
        "council-stats.json",
        "event-contract.schema.json",
        "answer.schema.json",
        "league-roster.json",
        "council-forecasts-index.json",
        "markets-digest.json",
        "arena-dataset.json",
        "proof/2026-10-20/130025Z.txt",
        "proof/2026-10-20/index.html",
        "DEMO.txt",
    ] {
        assert!(m.file(f).is_some(), "{f} listed");
    }
}

/// A ledger being written, with the stamped-list entry for its current length.
struct Led {
    w: BookWriter,
    bytes: Vec<u8>,
}

impl Led {
    fn new() -> Led {
        Led {
            w: BookWriter::new(),
            bytes: Vec::new(),
        }
    }
    fn add(&mut self, o: Object) -> u64 {
        self.bytes
            .extend_from_slice(&self.w.append(&o).unwrap().bytes);
        self.w.lines()
    }
    fn entry(&self, ledger: &str) -> (String, u64, String, String) {
        (
            ledger.into(),
            self.w.lines(),
            sealbook_core::hex::sha256_hex(&self.bytes),
            self.w.last_link().to_string(),
        )
    }
}

fn cell(p: i64, action: &str) -> Value {
    Value::Object(names::object([
        ("prob_up", names::int(p)),
        ("action", names::string(action)),
        (
            "invalidation",
            names::string("a close below \"6600\", then <stop>"),
        ),
    ]))
}

/// A two-session league written with core's builders: a hostile seat name, a refused shape,
/// a seat that never answers, every event's contract sealed in the run lines, stamped lists with anchor files beside them.
/// The roster seals a provider for the first seat only.
fn built_league(dir: &Path) {
    built_league_with(dir, true)
}

/// [`built_league`]; `seal_contracts` false: run lines as written before the engine sealed
/// contracts.
fn built_league_with(dir: &Path, seal_contracts: bool) {
    let seats: Vec<RosterSeat> = ["alpha", "<script>alert(1)</script>", "silent"]
        .iter()
        .map(|s| RosterSeat {
            seat: s.to_string(),
            family: format!("lab-{s}"),
            side: None,
            model: Some(format!("{s}-model")),
            provider: (*s == "alpha").then(|| "openai".to_string()),
        })
        .collect();
    let config = LeagueConfig::from_toml(
        b"[league]\nname = \"built & tested\"\nmethodology_version = \"m-7\"\n\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n[prices]\nprovider = \"csv\"\npath = \"prices.csv\"\nsymbols = { SPX = \"^GSPC\" }\n",
        "league.toml",
    )
    .unwrap();
    let mut book = Led::new();
    let mut asks = Led::new();
    asks.add(
        Declaration {
            at: "2026-11-01T20:00:00Z".into(),
            ask_at_et: "08:30".into(),
            reference_at_et: "09:30".into(),
            league: Some("built & tested".into()),
            methodology: Some("m-7".into()),
            ..Default::default()
        }
        .to_object(),
    );
    asks.add(roster_line("2026-11-01T20:00:01Z", &seats));
    std::fs::create_dir_all(dir.join("asks")).unwrap();
    for (i, day) in ["2026-11-02", "2026-11-03"].into_iter().enumerate() {
        let run_id = format!("{day}-am");
        let text = format!("ask for {run_id}\n");
        let ask_sha = sealbook_core::hex::sha256_hex(text.as_bytes());
        std::fs::write(dir.join(names::ask_path(&ask_sha)), &text).unwrap();
        asks.add(
            AskLine {
                at: format!("{day}T13:30:00Z"),
                run_id: run_id.clone(),
                ask_sha256: ask_sha.clone(),
                ..Default::default()
            }
            .to_object(),
        );
        // Every market's and horizon's contract, derived as the engine derives it.
        let contracts = if seal_contracts {
            run_contracts(&config, Date::parse(day).unwrap())
        } else {
            BTreeMap::new()
        };
        let run = book.add(
            RunContent {
                at: format!("{day}T13:30:05Z"),
                run_id: run_id.clone(),
                ask_sha256: ask_sha.clone(),
                snapshot_sha256: "0".repeat(64),
                roster: seats.clone(),
                methodology: "m-7".into(),
                contracts,
                ..Default::default()
            }
            .to_object(),
        );
        let items = names::object([
            (
                "SPX",
                Value::Object(names::object([
                    ("1d", cell(60 + i as i64, "buy_dips")),
                    ("1w", cell(50, "hold")),
                ])),
            ),
            (
                "GOLD",
                Value::Object(names::object([("1d", cell(35, "sell"))])),
            ),
        ]);
        book.add(
            AnswerContent {
                at: format!("{day}T13:31:00Z"),
                run_id: run_id.clone(),
                seat: seats[0].seat.clone(),
                model: "alpha-model".into(),
                mode: "api".into(),
                ask_sha256: ask_sha.clone(),
                items: Some(items),
                ..Default::default()
            }
            .to_object(),
        );
        book.add(
            AnswerContent {
                at: format!("{day}T13:32:00Z"),
                run_id: run_id.clone(),
                seat: seats[1].seat.clone(),
                model: "m".into(),
                mode: "api".into(),
                ask_sha256: ask_sha.clone(),
                shape: Some((Shape::Refused, "no JSON object in the reply".into())),
                ..Default::default()
            }
            .to_object(),
        );
        let stamp = |book: &Led, asks: &Led, hhmmss: &str| {
            let path = dir.join(names::stamp_list_path(day, hhmmss));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            let list = stamp_list::render(&[book.entry(BOOK_LEDGER), asks.entry(ASKS_LEDGER)]);
            std::fs::write(&path, list).unwrap();
            path
        };
        let list = stamp(&book, &asks, "133500");
        let name = list.file_name().unwrap().to_str().unwrap().to_string();
        std::fs::write(
            list.with_file_name(format!("{name}.ots")),
            b"not judged here",
        )
        .unwrap();
        std::fs::write(list.with_file_name(format!("{name}.freetsa.tsr")), b"tsr").unwrap();
        let mut results = BTreeMap::new();
        for (asset, r, c) in [("SPX", 6650.0, 6683.25), ("GOLD", 4000.0, 3990.5)] {
            results.insert(
                asset.to_string(),
                ResultContent {
                    reference: r,
                    close: c,
                    up: Some(c > r),
                    ..Default::default()
                },
            );
        }
        book.add(
            ScoreContent {
                at: format!("{day}T21:05:00Z"),
                run_id: run_id.clone(),
                of: run,
                horizon: Horizon::D1,
                results,
                noise: BTreeMap::new(),
                noise_missing: BTreeMap::new(),
                late_ref: BTreeMap::new(),
                seats: BTreeMap::new(),
            }
            .to_object(),
        );
        stamp(&book, &asks, "210600");
    }
    std::fs::create_dir_all(dir.join("tsa")).unwrap();
    std::fs::write(
        dir.join("tsa/freetsa-root.pem"),
        b"-----BEGIN CERTIFICATE-----\n",
    )
    .unwrap();
    std::fs::write(dir.join("council-book.jsonl"), &book.bytes).unwrap();
    std::fs::write(dir.join("asks.jsonl"), &asks.bytes).unwrap();
    assert!(verify(&book.bytes, VerifyOptions::default()).ok);
}

#[test]
fn publishes_a_league_built_with_the_line_builders() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    built_league(&dir);
    // The operator's config is not published (publishing reads it for the experiment's
    // database URL, so it is a valid one).
    std::fs::write(dir.join("league.toml"), common::MINIMAL_CONFIG).unwrap();
    let before = snapshot(&dir);
    let m = publish_and_check(&dir, &["league.toml"]);
    assert!(m.file("league.toml").is_none());
    assert_eq!(
        (m.league.as_str(), m.methodology_version.as_str()),
        ("built & tested", "m-7")
    );
    for f in [
        "proof/2026-11-02/133500Z.txt.ots",
        "proof/2026-11-02/133500Z.txt.freetsa.tsr",
        "proof/2026-11-03/index.html",
        "tsa/freetsa-root.pem",
    ] {
        assert!(m.file(f).is_some(), "{f} listed");
    }
    for (path, (bytes, _)) in &before {
        assert_eq!(&std::fs::read(dir.join(path)).unwrap(), bytes, "{path}");
    }
    // The sealed cells and the sealed contract are the file's; the hostile name is escaped.
    let csv = std::fs::read_to_string(dir.join("council-forecasts.csv")).unwrap();
    assert!(
        csv.contains(",buy_dips,,61,,,\"a close below \"\"6600\"\", then <stop>\",6650,6683.25,"),
        "{csv}"
    );
    assert!(csv.contains(&format!(
        ",{RULE},{RESOLVER_VERSION},{REFERENCE_RULE_V1},{CSV_PROVIDER},^GSPC,"
    )));
    assert!(csv.contains(",refused_shape,") && csv.contains("no JSON object in the reply"));
    assert!(csv.contains(",silent,silent-model,") && csv.contains(",no_answer,"));
    let page = std::fs::read_to_string(dir.join("proof/2026-11-02/index.html")).unwrap();
    // The one script is the page's own language choice; the hostile one is escaped.
    assert_eq!(page.matches("<script").count(), 1, "{page}");
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(
        page.contains("RFC 3161 token (<bdi dir=\"ltr\">freetsa</bdi>)")
            && page.contains("built &amp; tested")
    );
}

/// `league-roster.json` publishes each seat's provider as the roster line sealed it (spec
/// §3.10, Table 8), null for a seat the roster names none for, whatever the operator's
/// league.toml says at publication.
#[test]
fn league_roster_publishes_the_sealed_providers() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    built_league(&dir);
    // The config at publication declares other providers for the seats: it is not read.
    let config = "[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"alpha\"\nadapter = \"coin\"\nprovider = \"operator-says-so\"\n[[seat]]\nname = \"silent\"\nadapter = \"momentum\"\nprovider = \"operator-says-so\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n";
    std::fs::write(dir.join("league.toml"), config).unwrap();
    let (code, v) = sealbook_json(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 0, "{v}");
    let roster: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("league-roster.json")).unwrap()).unwrap();
    let got: Vec<(&str, &serde_json::Value)> = roster["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["seat"].as_str().unwrap(), &s["provider"]))
        .collect();
    let null = serde_json::Value::Null;
    let openai = serde_json::json!("openai");
    assert_eq!(
        got,
        [
            ("alpha", &openai),
            ("<script>alert(1)</script>", &null),
            ("silent", &null)
        ],
        "{roster}"
    );
    // The sealed roster line states it.
    let asks = std::fs::read_to_string(dir.join("asks.jsonl")).unwrap();
    assert!(asks.contains(r#""provider": "openai""#), "{asks}");
}

/// A book whose run lines seal no contracts (written before the engine sealed them) is still
/// published and read: its rows are marked as stating no contract, which `conformance` names
/// on exactly the contract columns, and the book itself gives no contract to disagree with.
#[test]
fn a_book_sealed_before_contracts_is_published_its_rows_marked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    built_league_with(&dir, false);
    let (code, v) = sealbook_json(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 0, "{v}");
    let csv_path = dir.join("council-forecasts.csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let marked = format!(",{UNSTATED},{UNSTATED},{UNSTATED},{UNSTATED},");
    assert!(csv.contains(&marked), "{csv}");
    let book_path = dir.join("council-book.jsonl");
    let (code, c) = sealbook_json(&["conformance", arg(&csv_path), "--book", arg(&book_path)]);
    assert_eq!(code, 1, "{c}");
    let columns: std::collections::BTreeSet<&str> = c["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["column"].as_str().unwrap())
        .collect();
    assert_eq!(
        columns,
        [
            "price_provider",
            "reference_rule",
            "resolver_version",
            "rule"
        ]
        .into_iter()
        .collect(),
        "{c}"
    );
}

#[test]
fn a_book_that_does_not_verify_is_not_published() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    built_league(&dir);
    let book = dir.join("council-book.jsonl");
    let text = std::fs::read_to_string(&book)
        .unwrap()
        .replacen("buy_dips", "buy_strong", 1);
    std::fs::write(&book, text).unwrap();
    let before = snapshot(&dir);
    let (code, out, err) = sealbook(&["league", "publish", arg(&dir)]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("council-book.jsonl") && err.contains("does not verify"),
        "{err}"
    );
    assert_eq!(snapshot(&dir), before, "nothing written");
    let (code, _, err) = sealbook(&["league", "publish", arg(&tmp.path().join("none"))]);
    assert_eq!(code, 2, "{err}");
}
