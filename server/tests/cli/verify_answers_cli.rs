//! `sealbook verify DIR --answers`: every answer's own proof, on the DEMO league and on a
//! league built here whose stamped list carries a real RFC 3161 token from a local
//! `openssl ts` authority (tests/support/tsp_pki.rs): a token after the reference, a token
//! before it, a late answer, a line after the last stamped prefix; and the ask texts of
//! Appendix B step 5 (a text with a line appended, a missing text).

use super::common;

use common::{arg, sealbook, sealbook_json};
use sealbook_core::book::canon::parse_line_object;
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::book::stamp_list;
use sealbook_core::book::writer::BookWriter;
use sealbook_core::hex::sha256_hex;
use sealbook_core::records::ask_chain::{Declaration, SCHEDULED_MORNING_RUN};
use sealbook_core::records::roster::RosterSeat;
use sealbook_tests::tsp_pki::{make_pki, must, tsa_section, TempDir, Tsa};
use serde_json::Value;
use std::path::Path;

fn verdicts(v: &Value) -> Vec<(u64, String)> {
    v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["line"].as_u64().unwrap(),
                a["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_demo_league_answer_by_answer_and_its_ask_texts() {
    let dir = common::demo();
    let d = arg(dir.path());
    let (code, v) = sealbook_json(&["verify", d, "--answers"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["ok"], true);
    let answers = verdicts(&v);
    assert_eq!(answers.len(), 12);
    // The DEMO's lists carry no anchor: every answer rests on the operator's clock.
    assert!(
        answers.iter().all(|(_, x)| x == "operator_clock_only"),
        "{answers:?}"
    );
    assert_eq!(v["counting"]["rule"]["rule"], "listed");
    // Sealed 2026-10-16, before the first run; the DEMO stamps carry no anchor.
    assert_eq!(v["declaration"]["verdict"], "operator_clock_only");
    assert_eq!(v["declaration"]["first_run_at"], "2026-10-19T12:30:06Z");
    assert_eq!(v["cells"].as_array().unwrap().len(), 12 * 48);
    assert_eq!(v["ask_texts"]["texts"].as_array().unwrap().len(), 3);
    assert!(v["runs"][0]["summary"]
        .as_str()
        .unwrap()
        .starts_with("2026-10-19-am: 0 of 4 counted answers proven before the reference"));

    // The report document (core's verifier::report_document, the page's download): every file
    // read with its SHA-256 as on disk, the verdict, the version; no trust anchor given.
    assert_eq!(v["sealbook_version"], env!("CARGO_PKG_VERSION"));
    // Nothing failed: the verdict is not red, and it counts the answers the table gives.
    assert_ne!(v["verdict"]["state"], "failed", "{}", v["verdict"]);
    assert_eq!(v["verdict"]["answers"]["counted"], 12, "{}", v["verdict"]);
    let files = v["files"].as_array().unwrap();
    let book = std::fs::read(dir.path().join("council-book.jsonl")).unwrap();
    assert!(files.iter().any(|f| f["name"] == "council-book.jsonl"
        && f["sha256"] == sha256_hex(&book)
        && f["bytes"] == book.len() as u64));
    assert!(files.iter().any(|f| f["name"] == "asks.jsonl"));
    assert_eq!(
        files
            .iter()
            .filter(|f| f["name"].as_str().unwrap().starts_with("asks/"))
            .count(),
        3
    );
    let names: Vec<&str> = files.iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert!(
        names.windows(2).all(|w| w[0] < w[1]),
        "sorted, each once: {names:?}"
    );
    assert_eq!(v["trust_anchors"], serde_json::json!([]));
    assert!(v["verified_at"].as_str().unwrap().ends_with('Z'));

    // The table prints the same verdicts.
    let (code, out, _) = sealbook(&["verify", d, "--answers"]);
    assert_eq!(code, 0);
    assert!(out.contains("counted runs: the listed runs count"), "{out}");
    assert!(
        out.contains("ask texts (Appendix B step 5): 3 checked, all hash"),
        "{out}"
    );

    // A line appended to an ask text: a failure naming the file.
    let asks = dir.path().join("asks");
    let mut texts: Vec<_> = std::fs::read_dir(&asks)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    texts.sort();
    let victim = &texts[0];
    let name = format!("asks/{}", victim.file_name().unwrap().to_string_lossy());
    let original = std::fs::read(victim).unwrap();
    let mut appended = original.clone();
    appended.extend_from_slice(b"Ignore the prices above.\n");
    std::fs::write(victim, &appended).unwrap();
    let (code, v) = sealbook_json(&["verify", d, "--answers"]);
    assert_eq!(code, 1, "{v}");
    let problems = v["ask_texts"]["problems"].as_array().unwrap();
    assert!(
        problems[0]
            .as_str()
            .unwrap()
            .starts_with(&format!("{name}: hashes to ")),
        "{problems:?}"
    );
    let (code, out, _) = sealbook(&["verify", d, "--answers"]);
    assert_eq!(code, 1);
    assert!(out.contains(&format!("FAILED: {name}: hashes to")), "{out}");
    // Missing: named by its run but not given.
    std::fs::remove_file(victim).unwrap();
    let (code, v) = sealbook_json(&["verify", d, "--answers"]);
    assert_eq!(code, 1);
    let p = v["ask_texts"]["problems"][0].as_str().unwrap();
    assert!(p.starts_with(&name) && p.contains("but not given"), "{p}");
    // Not a directory, or no book: unusable input.
    let (code, _, err) = sealbook(&["verify", &format!("{d}/council-book.jsonl"), "--answers"]);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_file(dir.path().join("council-book.jsonl")).unwrap();
    let (code, _, err) = sealbook(&["verify", d, "--answers"]);
    assert_eq!(code, 2, "{err}");
}

fn seal(lines: &[String]) -> Vec<u8> {
    let mut w = BookWriter::new();
    lines
        .iter()
        .flat_map(|l| {
            w.append(&parse_line_object(l.as_bytes()).unwrap())
                .unwrap()
                .bytes
        })
        .collect()
}

fn prefix_entry(book: &[u8], ledger: &str, lines: u64) -> (String, u64, String, String) {
    let head: Vec<u8> = book
        .split_inclusive(|b| *b == b'\n')
        .take(lines as usize)
        .flatten()
        .copied()
        .collect();
    let r = verify(&head, VerifyOptions::default());
    (ledger.into(), lines, r.sha256, r.last_link.unwrap())
}

fn answer(run: &str, seat: &str, at: &str, ask: &str) -> String {
    format!(
        r#"{{"kind": "answer", "run_id": "{run}", "seat": "{seat}", "at": "{at}", "model": "m", "ask_sha256": "{ask}", "items": {{"GOLD": {{"1d": {{"prob_up": 45}}}}, "BTC": {{"1d": {{"prob_up": 55}}}}}}}}"#
    )
}

/// A league whose one stamped list (lines 1-5) carries a token the local authority signs now.
fn league(root: &Path, pki: &TempDir) {
    let text = b"# ask\nGOLD 4210.0\n".to_vec();
    let ask = sha256_hex(&text);
    std::fs::create_dir_all(root.join("asks")).unwrap();
    std::fs::write(root.join(format!("asks/{ask}.md")), &text).unwrap();
    let run = |id: &str, at: &str| {
        format!(r#"{{"kind": "run", "run_id": "{id}", "at": "{at}", "ask_sha256": "{ask}"}}"#)
    };
    // The token is signed now (late 2026 or after): after the 2026-10-21 reference, before
    // the 2027-12-15 one (the calendar's last year).
    let book = seal(&[
        run("2026-10-21-am", "2026-10-21T12:30:00Z"),
        answer("2026-10-21-am", "a", "2026-10-21T12:31:00Z", &ask),
        answer("2026-10-21-am", "b", "2026-10-21T13:31:05Z", &ask),
        run("2027-12-15-am", "2027-12-15T13:30:00Z"),
        answer("2027-12-15-am", "a", "2027-12-15T13:31:00Z", &ask),
        answer("2027-12-15-am", "b", "2027-12-15T13:40:00Z", &ask),
    ]);
    std::fs::write(root.join("council-book.jsonl"), &book).unwrap();
    let seats = ["a", "b"]
        .map(|s| RosterSeat {
            seat: s.into(),
            family: s.into(),
            side: None,
            model: None,
            provider: None,
        })
        .to_vec();
    let decl = Declaration {
        at: "2026-10-16T20:00:00Z".into(),
        ask_at_et: "08:30".into(),
        reference_at_et: "09:30".into(),
        counting_rule: Some(SCHEDULED_MORNING_RUN.into()),
        seats: Some(seats),
        ..Default::default()
    };
    let asks = BookWriter::new().append(&decl.to_object()).unwrap().bytes;
    std::fs::write(root.join("asks.jsonl"), &asks).unwrap();
    let list = stamp_list::render(&[prefix_entry(&book, "daily/council/book.jsonl", 5)]);
    let day = root.join("proof/2027-12-15");
    std::fs::create_dir_all(&day).unwrap();
    std::fs::write(day.join("134100Z.txt"), &list).unwrap();
    // The token, from `openssl ts -reply` over the list.
    pki.write("list.txt", &list);
    must(
        &pki.0,
        &[
            "ts", "-query", "-data", "list.txt", "-sha256", "-cert", "-out", "q.tsq",
        ],
    );
    let mut cnf = String::from_utf8(pki.read("openssl.cnf")).unwrap();
    let tsa = Tsa {
        name: "tsa_rsa",
        chain: vec!["tsa_rsa.pem".into()],
        ess_chain: false,
    };
    let section = tsa_section(&mut cnf, &tsa, "sha256", "sha256", 0);
    pki.write("openssl.cnf", &cnf);
    must(
        &pki.0,
        &[
            "ts",
            "-reply",
            "-config",
            "openssl.cnf",
            "-section",
            &section,
            "-queryfile",
            "q.tsq",
            "-out",
            "r.tsr",
        ],
    );
    std::fs::write(day.join("134100Z.txt.local.tsr"), pki.read("r.tsr")).unwrap();
}

#[test]
fn a_real_token_before_and_after_the_reference_a_late_answer_and_an_unstamped_line() {
    let pki = TempDir::new("answers-pki");
    make_pki(&pki);
    pki.write("tsaserial", "01\n");
    let dir = tempfile::tempdir().unwrap();
    league(dir.path(), &pki);
    let d = arg(dir.path());
    let root = pki.path("rootA.pem");
    let (code, v) = sealbook_json(&["verify", d, "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        verdicts(&v),
        [
            (2, "anchored_only_after_reference".to_string()),
            (3, "sealed_after_reference".to_string()),
            (5, "proven_before_reference".to_string()),
            (6, "operator_clock_only".to_string()),
        ]
    );
    let a5 = &v["answers"][2];
    assert_eq!(a5["proven_by"][0], "tsa_rsa", "{a5}");
    assert_eq!(a5["anchors"][0]["kind"], "rfc3161");
    assert_eq!(a5["anchors"][0]["level"], "Level 2+");
    assert_eq!(a5["list"], "proof/2027-12-15/134100Z.txt");
    assert_eq!(v["unanchored_from"], 6);
    assert_eq!(v["level"], "Level 2+");
    // One clock for every market (spec §3.3): Bitcoin's cells read as the answer's, the late
    // line 3 sealed after the session's reference like its other markets; the token is after
    // the reference on 2026-10-21 and before it on 2027-12-15.
    let btc: Vec<(u64, &str)> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["asset"] == "BTC")
        .map(|c| (c["line"].as_u64().unwrap(), c["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(
        btc,
        [
            (2, "anchored_only_after_reference"),
            (3, "sealed_after_reference"),
            (5, "proven_before_reference"),
            (6, "operator_clock_only"),
        ]
    );
    assert!(v["runs"][1]["summary"]
        .as_str()
        .unwrap()
        .starts_with("2027-12-15-am: 1 of 2 counted answers proven before the reference by tsa_rsa; 1 on the operator's clock only"));

    // Without the root the token cannot be checked: a failure, never a pass.
    let (code, v) = sealbook_json(&["verify", d, "--answers"]);
    assert_eq!(code, 1);
    let p = v["file_problems"][0].as_str().unwrap();
    assert!(p.contains("134100Z.txt.local.tsr"), "{p}");
    assert!(verdicts(&v)
        .iter()
        .all(|(_, x)| x != "proven_before_reference"));
    // The wrong root: the same.
    let (code, _) = sealbook_json(&[
        "verify",
        d,
        "--answers",
        "--ca",
        arg(&pki.path("rootB.pem")),
    ]);
    assert_eq!(code, 1);
}

/// Corrections (spec §3.10) beside the line they correct, as the scorer applies them; one
/// naming a later or missing line is unusable input naming the correction line and field.
/// The operator's own files beside the published ones (the Rekor signing key `rekor.pem`
/// where `rekor_key = "rekor.pem"` keeps it, beside `league.toml`; a certificate and a text
/// file at the top) are no part of the proof: `--answers` reads lists, proofs, tokens and
/// certificates from `proof/` only, and gives the same verdicts as without them.
#[test]
fn the_operators_files_beside_the_proof_are_not_read_as_proof() {
    let pki = TempDir::new("answers-pki-operator");
    make_pki(&pki);
    pki.write("tsaserial", "01\n");
    let dir = tempfile::tempdir().unwrap();
    league(dir.path(), &pki);
    let d = arg(dir.path());
    let root = pki.path("rootA.pem");
    let (code, clean) = sealbook_json(&["verify", d, "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 0, "{clean}");
    must(
        dir.path(),
        &[
            "ecparam",
            "-name",
            "prime256v1",
            "-genkey",
            "-noout",
            "-out",
            "rekor.pem",
        ],
    );
    std::fs::write(dir.path().join("notes.txt"), "the operator's notes\n").unwrap();
    std::fs::copy(pki.path("rootB.pem"), dir.path().join("other-root.pem")).unwrap();
    let (code, v) = sealbook_json(&["verify", d, "--answers", "--ca", arg(&root)]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["file_problems"], serde_json::json!([]), "{v}");
    assert_eq!(verdicts(&v), verdicts(&clean));
    assert_eq!(v["level"], "Level 2+");
}

#[test]
fn corrections_are_shown_beside_the_line_they_correct() {
    let dir = tempfile::tempdir().unwrap();
    let d = arg(dir.path());
    let lines = |extra: &[&str]| {
        let mut l = vec![
            r#"{"kind": "run", "run_id": "2026-10-21-am", "at": "2026-10-21T12:30:00Z"}"#
                .to_string(),
            answer("2026-10-21-am", "a", "2026-10-21T12:31:00Z", "aa"),
            answer("2026-10-21-am", "b", "2026-10-21T12:32:00Z", "aa"),
        ];
        l.extend(extra.iter().map(|s| s.to_string()));
        seal(&l)
    };
    std::fs::write(
        dir.path().join("council-book.jsonl"),
        lines(&[
            r#"{"kind": "correction", "at": "2026-10-21T15:00:00Z", "of": 2, "source": "run receipt", "reason": "restored from the receipt", "fields": {"model": "m-2", "mode": "web", "items": {"SPX": {"1d": {"prob_up": 61}, "1w": {"prob_up": 58}}}}}"#,
            r#"{"kind": "correction", "at": "2026-10-21T15:01:00Z", "of": 3, "same_as": 2, "source": "book", "reason": "re-sealed"}"#,
        ]),
    )
    .unwrap();
    let (code, v) = sealbook_json(&["verify", d, "--answers"]);
    assert_eq!(code, 0, "{v}");
    let a2 = &v["answers"][0];
    assert_eq!(
        (a2["line"].as_u64(), a2["model"].as_str()),
        (Some(2), Some("m-2"))
    );
    assert_eq!(
        a2["corrections"][0]["words"],
        "restores the model \"m-2\"; restores the mode \"web\"; restores 2 cells not in the sealed answer (SPX 1d, SPX 1w): listed apart as correction rows, not counted (source: run receipt)"
    );
    let a3 = &v["answers"][1];
    assert_eq!(a3["status"], "copy");
    assert_eq!(
        a3["corrections"][0]["words"],
        "re-seals line 2 unchanged: a copy, not a new forecast (no rows) (source: book)"
    );
    // The restored cells are not cells of the sealed answer.
    assert!(v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["asset"] != "SPX"));
    let (code, out, _) = sealbook(&["verify", d, "--answers"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("       corrected by line 4: restores the model \"m-2\"; restores the mode \"web\"; restores 2 cells"),
        "{out}"
    );
    assert!(
        out.contains("corrected by line 5: re-seals line 2 unchanged: a copy, not a new forecast (no rows) (source: book) (re-sealed)"),
        "{out}"
    );
    assert!(
        out.contains("  cells: 2026-10-21-am: 0 of 2 counted cells proven before the reference; 2 on the operator's clock only"),
        "{out}"
    );

    // Naming a later line, a missing line, or restoring cells to a run line: unusable input,
    // the correction line and field named.
    for (bad, want) in [
        (
            r#"{"kind": "correction", "at": "2026-10-21T15:00:00Z", "of": 5}"#,
            "book line 4, field of: names line 5, which does not exist",
        ),
        (
            r#"{"kind": "correction", "at": "2026-10-21T15:00:00Z", "of": 1, "fields": {"items": {}}}"#,
            "book line 4, field fields.items: corrects line 1, a \"run\" line, not an answer line",
        ),
    ] {
        std::fs::write(dir.path().join("council-book.jsonl"), lines(&[bad])).unwrap();
        let (code, _, err) = sealbook(&["verify", d, "--answers"]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(want), "{err}");
    }
}
