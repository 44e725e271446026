//! The Rekor vectors in ../shared/vectors/rekor with their MANIFEST expectations
//! (../shared/vectors/tsa/MANIFEST.md §4): real staging and production entries verify end to
//! end; each derived negative fails at exactly the check the manifest names.

use sealbook_core::checks::{Report, Status};
use sealbook_core::hex;
use sealbook_core::rekor::{self, check, LogEntry, LogKey};

fn read(rel: &str) -> Vec<u8> {
    let p = sealbook_tests::vectors_dir().join("rekor").join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn run(entry: &str, key: &str, sha256: Option<&str>) -> rekor::Verdict {
    let e = LogEntry::parse(&read(entry)).unwrap_or_else(|e| panic!("{entry}: {e}"));
    let k = LogKey::parse(&read(key)).unwrap();
    let want: Option<[u8; 32]> = sha256.map(|h| hex::decode(h).unwrap().try_into().unwrap());
    let v = rekor::verify(&e, want.as_ref(), &k);
    eprintln!("{entry}: ok={}", v.ok);
    for c in &v.checks {
        eprintln!("  {:?} {}: {}", c.status, c.id, c.detail);
    }
    v
}

fn only_failed(v: &rekor::Verdict, ids: &[&str]) {
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
    assert_eq!((v.integrated_time, v.log_index), (1656448131, 1688));
    assert_eq!(v.integrated_time_iso, "2022-06-28T20:28:51Z");
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
        .detail
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
        .detail
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
        .detail
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
