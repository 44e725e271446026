//! `sealbook score --profile agentpit|ladder|arena --json` against an independent Python
//! reading of the same generated records files (tests/py/peer_profiles.py: the json module,
//! np.mean, np.random.default_rng bootstraps with np.percentile, scipy.stats.binomtest,
//! properscoring.crps_gaussian), and the CLI's errors on bad records: exit 2 naming the file,
//! line and field.

#![forbid(unsafe_code)]

use serde_json::Value as Json;
use std::path::{Path, PathBuf};

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("sealbook-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

fn generate(profile: &str, dir: &Path) -> PathBuf {
    let path = dir.join(format!("{profile}.jsonl"));
    let out = sealbook_tests::python_script("peer_profiles.py")
        .args(["gen", profile])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "generator failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// (exit code, stdout, stderr) of `sealbook score --profile <profile> --forecasts <path> [extra]`.
fn score(profile: &str, path: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = sealbook_tests::sealbook_cli()
        .args(["score", "--profile", profile, "--forecasts"])
        .arg(path)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Figures computed by different code paths (scipy's binomial tail, properscoring's erf and
/// the exponential of the display transform): a tight relative tolerance; everything else to
/// the bit (same formulas, np.mean's pairwise sum, the same default_rng draws and percentiles).
fn tolerance(path: &str) -> f64 {
    if ["p_value", "crps", "display"]
        .iter()
        .any(|k| path.contains(k))
    {
        1e-12
    } else {
        0.0
    }
}

/// Every leaf of the peer's document against ours at the same path; returns the count.
fn compare(ours: &Json, peer: &Json, path: &str) -> usize {
    match peer {
        Json::Object(m) => m
            .iter()
            .map(|(k, v)| {
                let o = ours
                    .get(k)
                    .unwrap_or_else(|| panic!("{path}.{k}: not in our document"));
                compare(o, v, &format!("{path}.{k}"))
            })
            .sum(),
        Json::Array(a) => {
            assert_eq!(
                ours.as_array().map(Vec::len),
                Some(a.len()),
                "{path}: ours {ours} vs peer {peer}"
            );
            a.iter()
                .enumerate()
                .map(|(i, v)| compare(&ours[i], v, &format!("{path}[{i}]")))
                .sum()
        }
        Json::Number(_) if ours.is_number() => {
            let (x, y) = (ours.as_f64().unwrap(), peer.as_f64().unwrap());
            let tol = tolerance(path);
            assert!(
                x == y || (x - y).abs() <= tol * y.abs().max(1e-300),
                "{path}: ours {x:e} vs peer {y:e}"
            );
            1
        }
        _ => {
            assert_eq!(ours, peer, "{path}");
            1
        }
    }
}

fn compare_profile(profile: &str) -> Json {
    let dir = temp_dir(&format!("peer-{profile}"));
    let path = generate(profile, &dir.0);
    let (code, out, err) = score(profile, &path, &["--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "--json prints one line");
    let ours: Json = serde_json::from_str(&out).unwrap();
    let peer = sealbook_tests::python_script("peer_profiles.py")
        .args(["peer", profile])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        peer.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&peer.stderr)
    );
    let peer: Json = serde_json::from_slice(&peer.stdout).unwrap();
    let n = compare(&ours, &peer, profile);
    assert!(n > 70, "{profile}: only {n} figures compared");
    // The human table runs on the same file.
    let (code, text, err) = score(profile, &path, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with(&format!("{profile}: ")), "{text}");
    ours
}

#[test]
fn agentpit_matches_the_python_peer() {
    let doc = compare_profile("agentpit");
    assert_eq!(
        (
            doc["bootstrap"]["seed"].as_u64(),
            doc["bootstrap"]["resamples"].as_u64()
        ),
        (Some(20261009), Some(10_000))
    );
    let agents = doc["agents"].as_object().unwrap();
    let sum = |k: &str| agents.values().map(|a| a[k].as_u64().unwrap()).sum::<u64>();
    // The generated file reaches every count and all three verdicts.
    assert!(
        sum("missing") > 0
            && sum("infrastructure_failures") > 0
            && sum("not_counted") > 0
            && sum("unresolved") > 0
    );
    assert!(
        agents
            .values()
            .map(|a| a["vs_crowd"]["sign_test"]["ties"].as_u64().unwrap())
            .sum::<u64>()
            > 0
    );
    let verdicts: std::collections::BTreeSet<&str> = agents
        .values()
        .map(|a| a["vs_crowd"]["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts.into_iter().collect::<Vec<_>>(),
        ["better", "inconclusive", "worse"]
    );
    assert!(agents
        .values()
        .all(|a| a["bets"]["settled"].as_u64().unwrap() > 0));
}

#[test]
fn ladder_matches_the_python_peer() {
    let doc = compare_profile("ladder");
    let models = doc["models"].as_object().unwrap();
    assert_eq!(doc["bootstrap"]["resamples"], 600);
    assert_eq!(models["Late Joiner"]["provisional"], true);
    assert_eq!(models["GPT-5"]["provisional"], false);
    // The copy control is the market: zero edge, no bets; the 0.50 prior scores 0.25.
    assert_eq!(models["Baseline Copy Control"]["edge"]["value"], 0.0);
    assert_eq!(models["Baseline Copy Control"]["returns"]["bets"], 0);
    assert_eq!(models["Uninformed Prior Control"]["brier"]["value"], 0.25);
    assert!(
        doc["questions"]["annulled"].as_u64().unwrap() > 0
            && doc["questions"]["open"].as_u64().unwrap() > 0
    );
    assert!(
        models.values().any(|m| m["edge_separated"] == false)
            && models.values().any(|m| m["edge_separated"] == true)
    );
}

#[test]
fn arena_matches_the_python_peer() {
    let doc = compare_profile("arena");
    let agents = doc["agents"].as_object().unwrap();
    assert_eq!(
        (
            agents["alpha"]["leaderboard_eligible"].as_bool(),
            agents["gamma"]["leaderboard_eligible"].as_bool()
        ),
        (Some(true), Some(false))
    );
    for a in agents.values() {
        let d = &a["directional"];
        assert!(
            d["brier_vectors"]["n"].as_u64().unwrap() > 0
                && d["brier_legacy"]["n"].as_u64().unwrap() > 0,
            "{d}"
        );
        assert!(a["cancelled"].as_u64().unwrap() > 0);
        assert_eq!(d["score"]["note"], "seed 004 states no interval");
    }
}

/// Replaces line `n` (1-based) of `path`'s text with `edit(line)` into a new file.
fn edited(path: &Path, name: &str, n: usize, edit: impl Fn(&str) -> String) -> PathBuf {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { edit(l) } else { l.to_string() })
        .collect();
    let out = path.with_file_name(name);
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    out
}

/// (profile, file, line, edit of that line, field the error names, words it contains).
type Case<'a> = (
    &'a str,
    &'a Path,
    usize,
    Box<dyn Fn(&str) -> String + 'a>,
    Option<&'a str>,
    &'a str,
);

#[test]
fn bad_records_exit_2_naming_file_line_and_field() {
    let dir = temp_dir("peer-bad");
    let agentpit = generate("agentpit", &dir.0);
    let arena = generate("arena", &dir.0);
    let ladder = generate("ladder", &dir.0);
    let first_prob = |l: &str| {
        let v: Json = serde_json::from_str(l).unwrap();
        v["probabilities"]
            .as_object()
            .map(|m| m.keys().next().unwrap().clone())
    };
    let a_line = (1..)
        .find(|&n| {
            let l = std::fs::read_to_string(&agentpit)
                .unwrap()
                .lines()
                .nth(n - 1)
                .unwrap()
                .to_string();
            first_prob(&l).is_some() && n > 3
        })
        .unwrap();
    let set = |l: &str, key: &str, value: Json| {
        let mut v: Json = serde_json::from_str(l).unwrap();
        v[key] = value;
        v.to_string()
    };
    let cases: Vec<Case> = vec![
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(|l: &str| l[..l.len() / 2].to_string()),
            None,
            "not JSON",
        ),
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(|l: &str| set(l, "winner", Json::from("no such outcome"))),
            Some("winner"),
            "is not one of the outcomes",
        ),
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(|l: &str| set(l, "winner", Json::from(3))),
            Some("winner"),
            "must be a string",
        ),
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(|l: &str| set(l, "sweep", Json::from(20261010))),
            Some("sweep"),
            "must be a string",
        ),
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(move |l: &str| {
                let mut v: Json = serde_json::from_str(l).unwrap();
                let k = first_prob(l).unwrap();
                v["probabilities"][k.as_str()] = Json::from(1.5);
                v.to_string()
            }),
            None,
            "is outside 0-1",
        ),
        (
            "agentpit",
            &agentpit,
            a_line,
            Box::new(move |l: &str| {
                let mut v: Json = serde_json::from_str(l).unwrap();
                let k = first_prob(l).unwrap();
                let p = v["probabilities"][k.as_str()].as_f64().unwrap();
                v["probabilities"][k.as_str()] = Json::from(p / 2.0);
                v.to_string()
            }),
            Some("probabilities"),
            "not 1",
        ),
        (
            "ladder",
            &ladder,
            5,
            Box::new(|l: &str| set(l, "probability", Json::from("0.4"))),
            Some("probability"),
            "must be a number, not str",
        ),
        (
            "ladder",
            &ladder,
            7,
            Box::new(|l: &str| set(l, "resolution", Json::from("tie"))),
            Some("resolution"),
            "is not one of",
        ),
        (
            "ladder",
            &ladder,
            9,
            Box::new(|l: &str| set(l, "market_price", Json::from(0.999))),
            Some("question_id"),
            "another market price",
        ),
        (
            "arena",
            &arena,
            4,
            Box::new(|l: &str| set(l, "status", Json::from("RESOLVED"))),
            Some("status"),
            "is not one of",
        ),
        (
            "arena",
            &arena,
            6,
            Box::new(|l: &str| {
                set(
                    l,
                    "probabilities",
                    serde_json::json!({"bearish": 0.5, "neutral": 0.5, "bullish": 0.5}),
                )
            }),
            Some("probabilities"),
            "",
        ),
        (
            "arena",
            &arena,
            8,
            Box::new(|l: &str| set(l, "colour", Json::from("red"))),
            Some("colour"),
            "unknown field",
        ),
    ];
    for (i, (profile, file, line, edit, field, words)) in cases.into_iter().enumerate() {
        let bad = edited(file, &format!("bad-{i}.jsonl"), line, edit);
        let (code, _, err) = score(profile, &bad, &[]);
        assert_eq!(code, 2, "case {i}: {err}");
        let at = format!("bad-{i}.jsonl:{line}: ");
        assert!(err.contains(&at), "case {i}: {err}");
        if let Some(f) = field {
            assert!(err.contains(&format!("{at}field {f}: ")), "case {i}: {err}");
        }
        assert!(err.contains(words), "case {i}: {err}");
        let (code, out, _) = score(profile, &bad, &["--json"]);
        let e: Json = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (code, e["ok"].as_bool(), e["error"]["line"].as_u64()),
            (2, Some(false), Some(line as u64)),
            "case {i}: {out}"
        );
    }
    // --book and --clim belong to the council profile; a missing file names itself.
    let (code, _, err) = score("ladder", &ladder, &["--clim", "x.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("--clim"), "{err}");
    let (code, _, err) = score("arena", &dir.0.join("none.jsonl"), &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("none.jsonl") && err.contains("cannot open records file"),
        "{err}"
    );
}

/// `sealbook schema <profile>-records` writes the schema core generates, and the `jsonschema`
/// package (Draft 2020-12) accepts every generated line under it and refuses lines the
/// reader refuses for a reason a schema can state (type, range, enum, unknown field).
#[test]
fn published_schemas_accept_the_records_and_refuse_bad_lines() {
    use sealbook_core::score::peers::records::{
        records_schema_bytes, AGENTPIT_KINDS, ARENA_KINDS, LADDER_KINDS,
    };
    let dir = temp_dir("peer-schema");
    for (profile, kinds) in [
        ("agentpit", AGENTPIT_KINDS),
        ("ladder", LADDER_KINDS),
        ("arena", ARENA_KINDS),
    ] {
        let schema = dir.0.join(format!("{profile}.schema.json"));
        let out = sealbook_tests::sealbook_cli()
            .args(["schema", &format!("{profile}-records"), "--out"])
            .arg(&schema)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            std::fs::read(&schema).unwrap(),
            records_schema_bytes(profile, kinds)
        );
        let records = generate(profile, &dir.0);
        let bad = [
            |l: &str| l.replacen("\"kind\": \"", "\"kind\": \"x", 1),
            |l: &str| format!("{}, \"colour\": 1}}", l.strip_suffix('}').unwrap()),
            |l: &str| {
                l.replacen("\"agent\": \"", "\"agent\": 7, \"_\": \"", 1)
                    .replacen("\"model\": \"", "\"model\": 7, \"_\": \"", 1)
            },
        ];
        let mut text = std::fs::read_to_string(&records).unwrap();
        let first = text.lines().next().unwrap().to_string();
        for edit in bad {
            text += &(edit(&first) + "\n");
        }
        std::fs::write(&records, &text).unwrap();
        let out = sealbook_tests::python_script("records_schema_peer.py")
            .arg(&schema)
            .arg(&records)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "jsonschema peer failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Json = serde_json::from_slice(&out.stdout).unwrap();
        let lines = v["lines"].as_u64().unwrap() as usize;
        let invalid: Vec<usize> = v["invalid"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.parse().unwrap())
            .collect();
        assert_eq!(invalid, [lines - 2, lines - 1, lines], "{profile}: {v}");
        // The reader refuses the first bad line too.
        let (code, _, err) = score(profile, &records, &[]);
        assert_eq!(code, 2);
        assert!(
            err.contains(&format!(":{}: field kind", lines - 2)),
            "{err}"
        );
    }
}
