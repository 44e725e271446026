//! core::ots against the real python-opentimestamps (the library under `ots`, PyPI
//! `opentimestamps`, a dependency of `opentimestamps-client`) and the real `ots info` command:
//! every vector, every truncation and some byte flips of every vector, and a few hundred
//! randomly generated proofs written in arbitrary item order with duplicates. Both sides must
//! agree on the error class, on the re-serialized bytes, on every attestation with its
//! commitment, and on the `ots info` text.
//!
//! Peer: tests/py/ots_peer.py, run with `$SEALBOOK_PYTHON` (default: the repo's .venv).

#![forbid(unsafe_code)]

use sealbook_core::hex;
use sealbook_core::ots::attestation::{
    ALLOWED_URI_CHARS, TAG_BITCOIN, TAG_ETHEREUM, TAG_LITECOIN, TAG_PENDING,
};
use sealbook_core::ots::detached::HEADER_MAGIC;
use sealbook_core::ots::evaluate::{attestations, info_text, str_tree};
use sealbook_core::ots::{
    calendar_server, upgrade, Attestation, DetachedTimestampFile, Op, OtsError, Timestamp,
};
use sealbook_tests::{peer_output, python, python_script};
use serde_json::{json, Value};
use std::process::Command;

use sealbook_tests::ots_fixtures::{all_vector_files, h, read};

/// One input for both sides.
struct Case {
    label: String,
    kind: &'static str,
    bytes: Vec<u8>,
    msg: Vec<u8>,
}

/// What the Rust side makes of a case, in the peer's terms.
struct Facts {
    error: Option<String>,
    reserialized: String,
    attestations: Vec<String>,
    info: String,
}

fn rust_facts(c: &Case) -> Facts {
    let parsed: Result<(Timestamp, String, Vec<u8>), OtsError> = match c.kind {
        "detached" => DetachedTimestampFile::deserialize(&c.bytes).map(|f| {
            (
                f.timestamp.clone(),
                info_text(&f).unwrap(),
                f.serialize().unwrap(),
            )
        }),
        _ => Timestamp::deserialize(&c.msg, &c.bytes).map(|t| {
            let mut s = String::new();
            str_tree(&t.root, &t.msg, 0, &mut s).unwrap();
            let bytes = t.serialize().unwrap();
            (t, s, bytes)
        }),
    };
    match parsed {
        Err(e) => Facts {
            error: Some(e.kind.python_name().into()),
            reserialized: String::new(),
            attestations: vec![],
            info: String::new(),
        },
        Ok((ts, info, bytes)) => {
            let mut atts: Vec<String> = attestations(&ts)
                .unwrap()
                .iter()
                .map(|p| format!("{}|{}", p.attestation, p.commitment))
                .collect();
            atts.sort();
            Facts {
                error: None,
                reserialized: hex::encode(&bytes),
                attestations: atts,
                info,
            }
        }
    }
}

fn run_peer(cases: &[Case]) -> Vec<Value> {
    let requests: Vec<Value> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| json!({"id": i, "kind": c.kind, "hex": hex::encode(&c.bytes), "msg_hex": hex::encode(&c.msg)}))
        .collect();
    run_peer_raw(&requests)
}

/// Sends JSON requests to tests/py/ots_peer.py, one per line, and returns its answers in order.
fn run_peer_raw(requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = peer_output(
        python_script("ots_peer.py"),
        input.as_bytes(),
        "ots_peer.py",
    );
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        requests.len(),
        "the peer answered {} of {} requests",
        lines.len(),
        requests.len()
    );
    lines
}

/// Runs all cases through both sides and returns (cases that parsed, cases that failed).
fn compare(cases: &[Case]) -> (usize, usize) {
    let answers = run_peer(cases);
    let (mut ok, mut failed) = (0, 0);
    let mut mismatches = Vec::new();
    for (c, py) in cases.iter().zip(&answers) {
        let r = rust_facts(c);
        let py_error = py["error"].as_str().map(str::to_string);
        if r.error != py_error {
            mismatches.push(format!(
                "{}: rust {:?}, python {:?} ({})",
                c.label, r.error, py_error, py["message"]
            ));
            continue;
        }
        if r.error.is_some() {
            failed += 1;
            continue;
        }
        ok += 1;
        let py_atts: Vec<String> = py["attestations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        if py["reserialized"].as_str().unwrap() != r.reserialized {
            mismatches.push(format!("{}: re-serialization differs", c.label));
        } else if py_atts != r.attestations {
            mismatches.push(format!(
                "{}: attestations differ\n rust {:?}\n python {:?}",
                c.label, r.attestations, py_atts
            ));
        } else if py["info"].as_str().unwrap() != r.info {
            mismatches.push(format!(
                "{}: info differs\n rust:\n{}\n python:\n{}",
                c.label, r.info, py["info"]
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} cases disagree:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches[..mismatches.len().min(10)].join("\n")
    );
    (ok, failed)
}

fn vector_cases() -> Vec<Case> {
    all_vector_files()
        .into_iter()
        .map(|p| Case {
            label: p.display().to_string(),
            kind: "detached",
            bytes: std::fs::read(&p).unwrap(),
            msg: vec![],
        })
        .collect()
}

#[test]
fn every_vector_reads_the_same_in_python_opentimestamps() {
    let mut cases = vector_cases();
    // The proof upgraded by core::ots must be what the reference reads as complete.
    let mut up = DetachedTimestampFile::deserialize(&read(
        "opentimestamps-client/examples/incomplete.txt.ots",
    ))
    .unwrap();
    let commitment = h(
        "57cfa5c46716df9bd9e83595bce439c58108d8fcc1678f30d4c6731c3f1fa6c79ed712c66fb1ac8d4e4eb0e7",
    );
    let answer = calendar_server::parse_response(
        &commitment,
        &read("upgrade-incomplete/alice_answer_57cfa5c4.timestamp"),
    )
    .unwrap();
    upgrade::merge_answer(&mut up.timestamp, &answer).unwrap();
    cases.push(Case {
        label: "upgraded incomplete.txt.ots".into(),
        kind: "detached",
        bytes: up.serialize().unwrap(),
        msg: vec![],
    });
    let n = cases.len();
    let (ok, failed) = compare(&cases);
    assert_eq!((ok, failed), (n - 3, 3), "three invalid vectors");
    let up_facts = rust_facts(&cases[n - 1]);
    assert!(up_facts
        .attestations
        .iter()
        .any(|a| a.starts_with("BitcoinBlockHeaderAttestation(428648)|da18fe13")));
}

#[test]
fn ots_info_prints_what_info_text_prints() {
    // The `ots info` code (otsclient.cmds.info_command) in the peer process for every vector...
    let files: Vec<(std::path::PathBuf, DetachedTimestampFile)> = all_vector_files()
        .into_iter()
        .filter_map(|p| {
            DetachedTimestampFile::deserialize(&std::fs::read(&p).unwrap())
                .ok()
                .map(|f| (p, f))
        })
        .collect();
    assert!(files.len() >= 40);
    let requests: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, (p, _))| json!({"id": i, "kind": "ots_info", "path": p.to_str().unwrap()}))
        .collect();
    for ((path, file), answer) in files.iter().zip(run_peer_raw(&requests)) {
        let theirs = answer["info"].as_str().unwrap();
        assert_eq!(
            info_text(file).unwrap(),
            theirs,
            "ots info {}",
            path.display()
        );
    }
    // ... and once through the installed `ots` command itself.
    let ots = python()
        .parent()
        .map(|d| d.join("ots"))
        .filter(|p| p.is_file())
        .expect("the `ots` command beside $SEALBOOK_PYTHON");
    let path = sealbook_tests::ots_fixtures::ots_dir()
        .join("opentimestamps-client/examples/hello-world.txt.ots");
    let out = Command::new(python())
        .arg(&ots)
        .arg("info")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ots info: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = DetachedTimestampFile::deserialize(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(
        info_text(&file).unwrap(),
        String::from_utf8(out.stdout).unwrap()
    );
}

#[test]
fn stamping_several_files_writes_what_ots_stamp_writes() {
    let mut rng = Rng(0x57a3_9000);
    let uri = "https://calendar.example";
    let mut requests = Vec::new();
    let mut ours = Vec::new();
    for n in 1..=9usize {
        let entries: Vec<(Op, Vec<u8>, [u8; 16])> = (0..n)
            .map(|_| (Op::Sha256, rng.bytes(32), rng.bytes(16).try_into().unwrap()))
            .collect();
        let (mut files, tip) = upgrade::start_stamps(&entries).unwrap();
        let mut answer = Timestamp::new(tip.clone());
        answer
            .root
            .attestations
            .insert(Attestation::pending(uri).unwrap());
        let written: Vec<String> = files
            .iter_mut()
            .map(|f| {
                assert_eq!(
                    upgrade::merge_answer(&mut f.timestamp, &answer)
                        .unwrap()
                        .merged_at,
                    1
                );
                hex::encode(&f.serialize().unwrap())
            })
            .collect();
        requests.push(json!({
            "id": n,
            "kind": "stamp",
            "uri": uri,
            "digests": entries.iter().map(|e| hex::encode(&e.1)).collect::<Vec<_>>(),
            "nonces": entries.iter().map(|e| hex::encode(&e.2)).collect::<Vec<_>>(),
        }));
        ours.push((hex::encode(&tip), written));
    }
    for ((tip, files), theirs) in ours.iter().zip(run_peer_raw(&requests)) {
        assert_eq!(theirs["tip"].as_str().unwrap(), tip);
        let theirs: Vec<&str> = theirs["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(&theirs, files, "{} files", files.len());
    }
}

#[test]
fn truncations_and_byte_flips_fail_alike() {
    let mut rng = Rng(0x5eed_0075);
    let mut cases = Vec::new();
    for v in vector_cases() {
        for cut in 0..v.bytes.len() {
            cases.push(Case {
                label: format!("{} cut at {cut}", v.label),
                kind: "detached",
                bytes: v.bytes[..cut].to_vec(),
                msg: vec![],
            });
        }
        for _ in 0..20 {
            let mut b = v.bytes.clone();
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
            cases.push(Case {
                label: format!("{} bit flipped at {i}", v.label),
                kind: "detached",
                bytes: b,
                msg: vec![],
            });
        }
        let mut tail = v.bytes.clone();
        tail.push(rng.next() as u8);
        cases.push(Case {
            label: format!("{} + 1 trailing byte", v.label),
            kind: "detached",
            bytes: tail,
            msg: vec![],
        });
    }
    let (ok, failed) = compare(&cases);
    assert!(failed > 10_000 && ok > 100, "ok {ok}, failed {failed}");
}

#[test]
fn random_proofs_round_trip_through_python_opentimestamps() {
    let mut rng = Rng(0x0075_2026);
    let mut cases = Vec::new();
    for i in 0..300 {
        let (op, len) = [
            (Op::Sha1, 20),
            (Op::Ripemd160, 20),
            (Op::Sha256, 32),
            (Op::Keccak256, 32),
        ][rng.below(4)]
        .clone();
        let mut bytes = HEADER_MAGIC.to_vec();
        bytes.push(1);
        bytes.push(op.tag());
        bytes.extend(rng.bytes(len));
        let depth = 1 + rng.below(12);
        write_node(&mut rng, len, depth, &mut bytes);
        cases.push(Case {
            label: format!("random detached #{i}"),
            kind: "detached",
            bytes,
            msg: vec![],
        });
    }
    for i in 0..100 {
        let msg_len = rng.below(65);
        let msg = rng.bytes(msg_len);
        let mut bytes = Vec::new();
        let depth = 1 + rng.below(10);
        write_node(&mut rng, msg.len(), depth, &mut bytes);
        cases.push(Case {
            label: format!("random timestamp #{i}"),
            kind: "timestamp",
            bytes,
            msg,
        });
    }
    // What the Rust side writes must read back identically on both sides.
    let canonical: Vec<Case> = cases
        .iter()
        .filter_map(|c| {
            let f = rust_facts(c);
            f.error.is_none().then(|| Case {
                label: format!("{} (as written by core::ots)", c.label),
                kind: c.kind,
                bytes: h(&f.reserialized),
                msg: c.msg.clone(),
            })
        })
        .collect();
    assert!(
        canonical.len() >= 380,
        "only {} random proofs were well formed",
        canonical.len()
    );
    for c in &canonical {
        assert_eq!(
            rust_facts(c).reserialized,
            hex::encode(&c.bytes),
            "{}: not stable",
            c.label
        );
    }
    let reordered = cases
        .iter()
        .zip(&canonical)
        .filter(|(a, b)| a.bytes != b.bytes)
        .count();
    assert!(
        reordered > 50,
        "the generator should often write items out of canonical order ({reordered})"
    );
    cases.extend(canonical);
    let (ok, _) = compare(&cases);
    assert!(ok >= 760);
}

/// Writes a random well-formed timestamp node for a message of `msg_len` bytes, in random item
/// order with occasional duplicates (both readers must canonicalize the same way).
fn write_node(rng: &mut Rng, msg_len: usize, depth: usize, out: &mut Vec<u8>) {
    let n = 1 + rng.below(3);
    let mut items: Vec<Vec<u8>> = Vec::new();
    for _ in 0..n {
        let ops = valid_ops(rng, msg_len);
        if depth == 0 || ops.is_empty() || rng.below(10) < 3 {
            items.push([vec![0u8], random_attestation(rng)].concat());
        } else {
            let op = ops[rng.below(ops.len())].clone();
            let mut item = Vec::new();
            item.push(op.tag());
            if let Some(a) = op.arg() {
                item.push(a.len() as u8); // args are < 128 bytes
                item.extend_from_slice(a);
            }
            write_node(rng, op.result_len(msg_len).unwrap(), depth - 1, &mut item);
            items.push(item);
        }
        if rng.below(10) == 0 {
            items.push(items.last().unwrap().clone());
        }
    }
    for (i, item) in items.iter().enumerate() {
        if i + 1 < items.len() {
            out.push(0xff);
        }
        out.extend_from_slice(item);
    }
}

fn valid_ops(rng: &mut Rng, msg_len: usize) -> Vec<Op> {
    let arg_len = 1 + rng.below(40);
    [
        Op::Sha1,
        Op::Ripemd160,
        Op::Sha256,
        Op::Keccak256,
        Op::Append(rng.bytes(arg_len)),
        Op::Prepend(rng.bytes(arg_len)),
        Op::Reverse,
        Op::Hexlify,
    ]
    .into_iter()
    .filter(|op| op.result_len(msg_len).is_ok())
    .collect()
}

fn random_attestation(rng: &mut Rng) -> Vec<u8> {
    let mut payload = Vec::new();
    let tag = match rng.below(5) {
        0 => {
            let uri: Vec<u8> = (0..rng.below(30))
                .map(|_| ALLOWED_URI_CHARS[rng.below(ALLOWED_URI_CHARS.len())])
                .collect();
            payload.push(uri.len() as u8);
            payload.extend(uri);
            TAG_PENDING
        }
        k @ 1..=3 => {
            let mut height = rng.next() >> rng.below(64);
            loop {
                let b = (height & 0x7f) as u8;
                height >>= 7;
                if height == 0 {
                    payload.push(b);
                    break;
                }
                payload.push(b | 0x80);
            }
            if rng.below(20) == 0 {
                // Non-canonical LEB128 padding: accepted, re-written canonically.
                let last = payload.len() - 1;
                payload[last] |= 0x80;
                payload.push(0x00);
            }
            [TAG_BITCOIN, TAG_LITECOIN, TAG_ETHEREUM][k - 1]
        }
        _ => {
            let n = rng.below(20);
            payload = rng.bytes(n);
            let mut t: [u8; 8] = rng.bytes(8).try_into().unwrap();
            t[0] = 0x10 | t[0] >> 4; // never one of the known tags
            t
        }
    };
    [tag.to_vec(), vec![payload.len() as u8], payload].concat()
}

/// SplitMix64: a fixed, seedable generator so every run tests the same proofs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}
