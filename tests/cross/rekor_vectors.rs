//! The Rekor vectors in ../shared/vectors/rekor with their MANIFEST expectations
//! (../shared/vectors/tsa/MANIFEST.md §4): real staging and production entries verify end to
//! end; each derived negative fails at exactly the check the manifest names.

#![forbid(unsafe_code)]

use sealbook_core::checks::{Report, Status};
use sealbook_core::hex;
use sealbook_core::rekor::{self, check, LogEntry, LogKey};

fn read(rel: &str) -> Vec<u8> {
    let p = sealbook_tests::vectors_dir().join("rekor").join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn run(entry: &str, key: &str, sha256: Option<&str>) -> rekor::EntryVerdict {
    let e = LogEntry::parse(&read(entry)).unwrap_or_else(|e| panic!("{entry}: {e}"));
    let k = LogKey::parse(&read(key)).unwrap();
    let want: Option<[u8; 32]> = sha256.map(|h| hex::decode(h).unwrap().try_into().unwrap());
    let v = rekor::verify(&e, want.as_ref(), &k);
    eprintln!("{entry}: ok={}", v.ok);
    for c in &v.checks {
        eprintln!("  {:?} {}: {}", c.status, c.id, c.detail());
    }
    v
}

fn only_failed(v: &rekor::EntryVerdict, ids: &[&str]) {
    let failed: Vec<&str> = v
        .checks
        .iter()
        .filter(|c| c.status == Status::Fail)
        .map(|c| c.id)
        .collect();
    assert_eq!(failed, ids, "{:#?}", v.checks);
}

const STAGE_SHA: &str = "47c1db9fb5fe7ff66e3d7c15b2ca5d3a046ee8f4aa043dedd317e46b321c4390";
const PROD_SHA: &str = "c4e92e9ecc828bef2aa7dba1de8ac983511f7532a0df11c770d39099a25cf201";

#[test]
fn sigstage_entry_verifies_end_to_end() {
    let v = run(
        "sigstage-entry-1688.json",
        "rekor-sigstage.pub",
        Some(STAGE_SHA),
    );
    assert!(v.ok);
    assert_eq!((v.integrated_time, v.log_index), (Some(1656448131), 1688));
    assert_eq!(
        v.integrated_time_iso.as_deref(),
        Some("2022-06-28T20:28:51Z")
    );
    for id in [
        check::BODY,
        check::BODY_HASH,
        check::LOG_ID,
        check::INCLUSION,
        check::CHECKPOINT,
        check::SET,
    ] {
        assert_eq!(v.check(id).unwrap().status, Status::Pass, "{id}");
    }
    assert_eq!(v.check(check::ENTRY_UUID).unwrap().status, Status::Skip);
    assert!(v
        .check(check::INCLUSION)
        .unwrap()
        .detail()
        .contains("leaf 1227 of 14358 (14 hashes)"));
    assert_eq!(v.body.as_ref().unwrap().kind, "hashedrekord");
}

#[test]
fn production_entry_verifies_end_to_end_with_its_uuid() {
    let v = run(
        "prod-entry-79605083.api.json",
        "rekor-sigstore-prod.pub",
        Some(PROD_SHA),
    );
    assert!(v.ok);
    assert_eq!(v.check(check::ENTRY_UUID).unwrap().status, Status::Pass);
    assert_eq!(v.log_index, 79605083);
    assert!(v
        .check(check::CHECKPOINT)
        .unwrap()
        .detail()
        .contains("rekor.sigstore.dev - 2605736670972794746"));
    // The same entry as `POST /api/v1/log/entries/retrieve` lists it.
    let listed = [&b"["[..], &read("prod-entry-79605083.api.json"), b"]"].concat();
    assert_eq!(
        LogEntry::parse(&listed).unwrap(),
        LogEntry::parse(&read("prod-entry-79605083.api.json")).unwrap()
    );
}

#[test]
fn other_data_or_other_log_key_fails() {
    let v = run(
        "sigstage-entry-1688.json",
        "rekor-sigstage.pub",
        Some(PROD_SHA),
    );
    only_failed(&v, &[check::BODY_HASH]);
    let v = run(
        "sigstage-entry-1688.json",
        "rekor-sigstore-prod.pub",
        Some(STAGE_SHA),
    );
    only_failed(&v, &[check::LOG_ID, check::CHECKPOINT, check::SET]);
}

#[test]
fn swapped_proof_hash_fails_the_root() {
    let v = run(
        "negative/sigstage-entry-1688.swapped-proof-hash.json",
        "rekor-sigstage.pub",
        Some(STAGE_SHA),
    );
    only_failed(&v, &[check::INCLUSION]);
}

#[test]
fn shifted_integrated_time_fails_the_set() {
    let v = run(
        "negative/sigstage-entry-1688.integratedTime+1.json",
        "rekor-sigstage.pub",
        Some(STAGE_SHA),
    );
    only_failed(&v, &[check::SET]);
}

/// treeSize+1 still yields the same root for this index: only the checkpoint binding catches it.
#[test]
fn grown_tree_size_is_caught_by_the_checkpoint_only() {
    let v = run(
        "negative/sigstage-entry-1688.treeSize+1.json",
        "rekor-sigstage.pub",
        Some(STAGE_SHA),
    );
    only_failed(&v, &[check::CHECKPOINT]);
    assert!(v
        .check(check::CHECKPOINT)
        .unwrap()
        .detail()
        .contains("tree size 14358 differs from the proof's 14359"));
}

#[test]
fn tampered_body_breaks_uuid_inclusion_and_set() {
    let mut j: serde_json::Value =
        serde_json::from_slice(&read("prod-entry-79605083.api.json")).unwrap();
    let e = j.as_object_mut().unwrap().values_mut().next().unwrap();
    // Change one hex digit of the logged artifact hash inside the base64 body.
    use base64::Engine;
    let eng = base64::engine::general_purpose::STANDARD;
    let mut raw = eng.decode(e["body"].as_str().unwrap()).unwrap();
    let i = raw.windows(8).position(|w| w == b"c4e92e9e").unwrap();
    raw[i + 7] = b'f';
    e["body"] = serde_json::Value::String(eng.encode(&raw));
    let entry = LogEntry::parse(serde_json::to_string(&j).unwrap().as_bytes()).unwrap();
    let k = LogKey::parse(&read("rekor-sigstore-prod.pub")).unwrap();
    let want: [u8; 32] = hex::decode(PROD_SHA).unwrap().try_into().unwrap();
    let v = rekor::verify(&entry, Some(&want), &k);
    only_failed(
        &v,
        &[
            check::BODY_HASH,
            check::ENTRY_UUID,
            check::INCLUSION,
            check::SET,
        ],
    );
}

/// A uuid key whose last 64 bytes start inside a multi-byte character (found by the `rekor`
/// fuzz target) is a failed uuid check, not a panic.
#[test]
fn uuid_ending_mid_character_fails_the_uuid_check() {
    let j: serde_json::Value =
        serde_json::from_slice(&read("prod-entry-79605083.api.json")).unwrap();
    let (uuid, e) = j.as_object().unwrap().iter().next().unwrap();
    let odd = format!("\u{f32e}{}", &uuid[uuid.len() - 63..]);
    let j = serde_json::json!({ odd: e });
    let entry = LogEntry::parse(serde_json::to_string(&j).unwrap().as_bytes()).unwrap();
    let k = LogKey::parse(&read("rekor-sigstore-prod.pub")).unwrap();
    let want: [u8; 32] = hex::decode(PROD_SHA).unwrap().try_into().unwrap();
    only_failed(
        &rekor::verify(&entry, Some(&want), &k),
        &[check::ENTRY_UUID],
    );
}

#[test]
fn truncated_entries_are_errors_not_panics() {
    let b = read("sigstage-entry-1688.json");
    for n in (0..b.len()).step_by(7) {
        assert!(LogEntry::parse(&b[..n]).is_err());
    }
}

/// An independent Python check (tests/py/rekor_peer.py, with `cryptography`) reaches the same
/// result on every check, for every entry and with both keys.
#[test]
fn python_peer_agrees_on_every_check() {
    let dir = sealbook_tests::vectors_dir().join("rekor");
    let cases = [
        ("sigstage-entry-1688.json", "rekor-sigstage.pub", STAGE_SHA),
        (
            "negative/sigstage-entry-1688.swapped-proof-hash.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
        ),
        (
            "negative/sigstage-entry-1688.integratedTime+1.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
        ),
        (
            "negative/sigstage-entry-1688.treeSize+1.json",
            "rekor-sigstage.pub",
            STAGE_SHA,
        ),
        ("sigstage-entry-1688.json", "rekor-sigstage.pub", PROD_SHA),
        (
            "sigstage-entry-1688.json",
            "rekor-sigstore-prod.pub",
            STAGE_SHA,
        ),
        (
            "prod-entry-79605083.api.json",
            "rekor-sigstore-prod.pub",
            PROD_SHA,
        ),
        (
            "prod-entry-79605083.api.json",
            "rekor-sigstage.pub",
            PROD_SHA,
        ),
        (NO_SET_ENTRY, "rekor-sigstore-prod.pub", NO_SET_SHA),
        (
            NO_SET_ENTRY,
            "rekor-sigstore-prod.pub",
            "0a6de99a11d3d38056d838c7dc9a23a11a0c81bcace0d11eaa301a2ffb482c42",
        ),
        (NO_SET_ENTRY, "rekor-sigstage.pub", NO_SET_SHA),
    ];
    for (entry, key, sha) in cases {
        let out = sealbook_tests::python_script("rekor_peer.py")
            .arg(dir.join(entry))
            .arg(dir.join(key))
            .arg(sha)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let peer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let v = run(entry, key, Some(sha));
        for (id, result) in peer.as_object().unwrap() {
            let want = match result.as_bool() {
                Some(true) => Status::Pass,
                Some(false) => Status::Fail,
                None => Status::Skip,
            };
            assert_eq!(
                v.check(id).map(|c| c.status),
                Some(want),
                "{entry} with {key}: {id}"
            );
        }
    }
}

/// prod-entry-154562758 (MANIFEST-prod-entry-154562758.md): the file the entry's body names.
const NO_SET_SHA: &str = "ca6de99a11d3d38056d838c7dc9a23a11a0c81bcace0d11eaa301a2ffb482c42";
const NO_SET_ENTRY: &str = "prod-entry-154562758.api.json";

/// The no-SET entry as JSON with `edit` applied to its (only) entry object.
fn edited_no_set(edit: impl FnOnce(&mut serde_json::Value)) -> rekor::EntryVerdict {
    let mut j: serde_json::Value = serde_json::from_slice(&read(NO_SET_ENTRY)).unwrap();
    edit(j.as_object_mut().unwrap().values_mut().next().unwrap());
    let entry = LogEntry::parse(serde_json::to_string(&j).unwrap().as_bytes()).unwrap();
    let k = LogKey::parse(&read("rekor-sigstore-prod.pub")).unwrap();
    let want: [u8; 32] = hex::decode(NO_SET_SHA).unwrap().try_into().unwrap();
    rekor::verify(&entry, Some(&want), &k)
}

/// MANIFEST: body, leaf hash, inclusion proof and checkpoint verify (the entry is in the log);
/// integratedTime is not signed, so no time is established from it.
#[test]
fn entry_without_set_is_in_the_log_with_an_unsigned_time() {
    let v = run(NO_SET_ENTRY, "rekor-sigstore-prod.pub", Some(NO_SET_SHA));
    assert!(v.ok);
    assert!(!v.integrated_time_signed);
    assert_eq!(v.log_index, 154562758);
    assert_eq!(
        v.integrated_time_iso.as_deref(),
        Some("2024-12-10T21:41:25Z")
    );
    for id in [
        check::BODY,
        check::BODY_HASH,
        check::ENTRY_UUID,
        check::LOG_ID,
        check::INCLUSION,
        check::CHECKPOINT,
    ] {
        assert_eq!(v.check(id).unwrap().status, Status::Pass, "{id}");
    }
    let set = v.check(check::SET).unwrap();
    assert_eq!(set.status, Status::Skip);
    assert!(
        set.detail()
            .contains("integratedTime 2024-12-10T21:41:25Z is unsigned, no time is established"),
        "{}",
        set.detail()
    );
    assert!(v
        .check(check::INCLUSION)
        .unwrap()
        .detail()
        .contains("leaf 32658496 of 32658497 (10 hashes) reaches root 21b0b6fa7f5a6211659b99c5c24a7e8fbfc773d5ee616c721393a55c8a088a36"));
    // Entries that carry a SET still report a signed time.
    assert!(
        run(
            "sigstage-entry-1688.json",
            "rekor-sigstage.pub",
            Some(STAGE_SHA)
        )
        .integrated_time_signed
    );
}

#[test]
fn entry_without_set_fails_on_another_digest() {
    // MANIFEST: the digest 0a6de99a... (first byte changed) must fail on the body.
    let other = format!("0{}", &NO_SET_SHA[1..]);
    let v = run(NO_SET_ENTRY, "rekor-sigstore-prod.pub", Some(&other));
    only_failed(&v, &[check::BODY_HASH]);
}

/// With no SET, the checkpoint is the only signature: a tampered one, a removed one or a
/// wrong inclusion proof fails the entry.
#[test]
fn entry_without_set_fails_without_a_verifiable_checkpoint_or_proof() {
    let v = edited_no_set(|e| {
        let p = &mut e["verification"]["inclusionProof"];
        let cp = p["checkpoint"].as_str().unwrap();
        // Flip one base64 digit inside the signature (after the 4-byte key hint).
        let at = cp.rfind(' ').unwrap() + 20;
        let mut b = cp.as_bytes().to_vec();
        b[at] = if b[at] == b'A' { b'B' } else { b'A' };
        p["checkpoint"] = String::from_utf8(b).unwrap().into();
    });
    assert!(!v.ok);
    only_failed(&v, &[check::CHECKPOINT]);
    assert!(v
        .check(check::CHECKPOINT)
        .unwrap()
        .detail()
        .contains("checkpoint signature"));

    let v = edited_no_set(|e| {
        e["verification"]["inclusionProof"]
            .as_object_mut()
            .unwrap()
            .remove("checkpoint");
    });
    assert!(!v.ok);
    only_failed(&v, &[check::CHECKPOINT]);

    let v = edited_no_set(|e| {
        let hashes = e["verification"]["inclusionProof"]["hashes"]
            .as_array_mut()
            .unwrap();
        hashes.swap(0, 1);
    });
    assert!(!v.ok);
    only_failed(&v, &[check::INCLUSION]);

    let v = edited_no_set(|e| {
        e.as_object_mut().unwrap().remove("verification");
    });
    assert!(!v.ok);
    only_failed(&v, &[check::INCLUSION, check::CHECKPOINT]);
}

/// `sealbook rekor verify` on the no-SET entry: exit 0, the unsigned-time wording in text and
/// `integrated_time_signed: false` in --json; another digest exits 1.
#[test]
fn cli_reports_the_unsigned_integrated_time() {
    let dir = sealbook_tests::vectors_dir().join("rekor");
    let cli = |json: bool, digest: &str| {
        let mut c = sealbook_tests::sealbook_cli();
        if json {
            c.arg("--json");
        }
        c.args(["rekor", "verify"])
            .arg(dir.join(NO_SET_ENTRY))
            .args(["--digest", digest, "--pubkey"])
            .arg(dir.join("rekor-sigstore-prod.pub"))
            .output()
            .unwrap()
    };
    let out = cli(false, NO_SET_SHA);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("integratedTime: 2024-12-10T21:41:25Z (UTC; Unix time 1733866885): unsigned - the entry has no signedEntryTimestamp, so no time is established from it"), "{text}");
    assert!(
        text.contains("skip  signed_entry_timestamp: entry has no signedEntryTimestamp"),
        "{text}"
    );
    assert!(
        text.ends_with("verdict: OK (in the log; integratedTime unsigned)\n"),
        "{text}"
    );
    assert!(!text.contains("public - P1a and P2 hold"), "{text}");

    let out = cli(true, NO_SET_SHA);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(v["ok"], true);
    assert_eq!(v["integrated_time_signed"], false);
    assert_eq!(v["integrated_time"], 1733866885);

    let out = cli(false, &format!("0{}", &NO_SET_SHA[1..]));
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("not established, the entry did not verify"),
        "{text}"
    );
}
