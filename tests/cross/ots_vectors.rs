//! core::ots against the third-party OpenTimestamps vectors (../shared/vectors/ots and
//! ots-calendar), each with the expectation its MANIFEST states, and python-opentimestamps'
//! inline vectors.

#![forbid(unsafe_code)]

use sealbook_core::hex;
use sealbook_core::ots::attestation::Attestation;
use sealbook_core::ots::bitcoin::BlockHeader;
use sealbook_core::ots::evaluate::{attestations, pending_commitments};
use sealbook_core::ots::verify::{match_merkle_root, verify_bitcoin, LevelMsg, RootOrder, LEVEL_2};
use sealbook_core::ots::{
    calendar_server, detached, upgrade, DetachedTimestampFile, ErrorKind, Op, Timestamp,
};
use sealbook_tests::ots_fixtures::{
    all_vector_files, h, header, labelled, proof, read, unlabelled,
};
use sealbook_tests::vectors_dir;
use std::path::PathBuf;

/// MANIFEST: complete Bitcoin attestations (file digest, height, root internal, root display).
const COMPLETE: &[(&str, &str, u64, &str, &str)] = &[
    (
        "opentimestamps-client/examples/hello-world.txt.ots",
        "03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340",
        358391,
        "007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a",
        "8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00",
    ),
    (
        "opentimestamps-client/examples/bad-stamp.txt.ots",
        "7e3717bbe020f53cdc6c40154a1a8e55bddc13a28c8bb3c82e9ee64b81b44872",
        358391,
        "921f81b9147c9aebe712d7805d810cf0f762479967e4c26008178277b89db41b",
        "1bb49db87782170860c2e467994762f7f00c815d80d712e7eb9a7c14b9811f92",
    ),
    (
        "opentimestamps-client/examples/empty.ots",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        129405,
        "715b7e36276a66d842e56dd102c9d9eddfe4d9f2dfa908ae31157ac2c2fd29db",
        "db29fdc2c27a1531ae08a9dff2d9e4dfedd9c902d16de542d8666a27367e5b71",
    ),
    (
        "opentimestamps-client/examples/bitcoin.pdf.ots",
        "8de2fdb04edce612738eb51e14ecc426381f8ed8",
        465751,
        "76086b72bf393f2c72e3c8c4d07d6844abbd63de4af16c35522d522e8d9f9898",
        "98989f8d2e522d52356cf14ade63bdab44687dd0c4c8e3722c3f39bf726b0876",
    ),
    (
        "opentimestamps-client/examples/different-blockchains.txt.ots",
        "62c8b090faa21ee5f2e75399d4909e1e27a00ade7dca8f219c6fd34f54de3494",
        455605,
        "9ae69a8ba5bb6eadb6feaa4c9b58495819623a9bb616a5eebab10ff02c19192a",
        "2a19192cf00fb1baeea516b69b3a62195849589b4caafeb6ad6ebba58b9ae69a",
    ),
    (
        "opentimestamps-client/examples/sha1/a-or-b.ots",
        "f92d74e3874587aaf443d1db961d4e26dde13e9c",
        466906,
        "267c8a43b9bf4968356f85f313943ef8371d106b4c6f67b2c4a8b05c3a30c940",
        "40c9303a5cb0a8c4b2676f4c6b101d37f83e9413f3856f356849bfb9438a7c26",
    ),
    (
        "javascript-opentimestamps/examples/osdsp.txt.ots",
        "397a00836979837319bdd350aa93bcc2798e94e08ab00f32f355e5ebe7837c2b",
        523364,
        "39780753a0e7785eea0fabafa8fbef1ef2539d26f6cbf3beac738a1de0e74f3c",
        "3c4fe7e01d8a73acbef3cbf6269d53f21eeffba8afab0fea5e78e7a053077839",
    ),
];

const C858838F: &str = "c858838f62f908c922f9cd734e49c8fa6ee9a3b8a77093ac0969cba429249412";
/// MANIFEST: raw timestamps on C858838F (name, height, root internal, root display).
const RAW: &[(&str, u64, &str, &str)] = &[
    (
        "cata",
        515278,
        "4eabc497e11006c73e0650f9be700496e9fbc3207b884284bd59396f6629eb53",
        "53eb29666f3959bd8442887b20c3fbe9960470bef950063ec70610e197c4ab4e",
    ),
    (
        "alice",
        515277,
        "e389b1cbb6f28d6ec178c0e64bc577a11d5aca11cde03b7128439469c280dd93",
        "93dd80c269944328713be0cd11ca5a1da177c54be6c078c16e8df2b6cbb189e3",
    ),
    (
        "bob",
        515277,
        "e389b1cbb6f28d6ec178c0e64bc577a11d5aca11cde03b7128439469c280dd93",
        "93dd80c269944328713be0cd11ca5a1da177c54be6c078c16e8df2b6cbb189e3",
    ),
    (
        "finney",
        515294,
        "fe91b57520fd6fb7b05466491380bf412f5929da7d1a77ccb2b45cb6a347d392",
        "92d347a3b65cb4b2cc771a7dda29592f41bf8013496654b0b76ffd2075b591fe",
    ),
];

fn bitcoin_roots(ts: &Timestamp) -> Vec<(u64, String, String)> {
    attestations(ts)
        .unwrap()
        .into_iter()
        .filter_map(|p| match p.attestation {
            Attestation::Bitcoin { height } => {
                let m = p.merkle_root.unwrap();
                Some((height, m.internal, m.display))
            }
            _ => None,
        })
        .collect()
}

fn pending_uris(ts: &Timestamp) -> Vec<String> {
    let mut v: Vec<String> = pending_commitments(ts)
        .unwrap()
        .into_iter()
        .map(|(u, _)| u)
        .collect();
    v.sort();
    v
}

#[test]
fn every_valid_vector_round_trips_byte_for_byte_and_hashes_its_file() {
    let mut checked_targets = 0;
    for path in all_vector_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        if name.contains("/invalid/") {
            continue;
        }
        let file =
            DetachedTimestampFile::deserialize(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = file.serialize().unwrap();
        if name.ends_with("ripemd160/README.md.ots") {
            // Written by the javascript client with two sibling appends out of the reference's
            // sorted order; python-opentimestamps re-serializes it sorted too (checked in
            // ots_vs_python). The sorted form must be stable and mean the same proof.
            assert_ne!(written, bytes);
            let again = DetachedTimestampFile::deserialize(&written).unwrap();
            assert_eq!((&again, again.serialize().unwrap()), (&file, written));
        } else {
            assert_eq!(written, bytes, "{name}: re-serialization differs");
        }
        assert!(!attestations(&file.timestamp).unwrap().is_empty(), "{name}");
        // The stamped file beside the proof, when the vectors have it.
        let stem = path.with_extension("");
        let targets: Vec<PathBuf> = if name.ends_with("a-or-b.ots") || name.ends_with("a_or_b.ots")
        {
            vec![path.with_file_name("a"), path.with_file_name("b")]
        } else {
            vec![stem].into_iter().filter(|p| p.is_file()).collect()
        };
        for t in targets {
            let data = std::fs::read(&t).unwrap();
            assert!(
                file.matches_target(&data),
                "{name} does not stamp {}",
                t.display()
            );
            checked_targets += 1;
        }
    }
    assert!(
        checked_targets >= 30,
        "only {checked_targets} stamped files checked"
    );
}

#[test]
fn complete_vectors_reach_their_heights_and_roots_in_both_orders() {
    for (rel, digest, height, internal, display) in COMPLETE {
        let file = proof(rel);
        assert_eq!(hex::encode(file.file_digest()), *digest, "{rel}");
        let roots = bitcoin_roots(&file.timestamp);
        assert_eq!(
            roots,
            vec![(*height, internal.to_string(), display.to_string())],
            "{rel}"
        );
    }
    // Duplicates in the javascript/java trees are byte-identical copies (MANIFEST).
    assert_eq!(
        read("java-opentimestamps/examples/hello-world.txt.ots"),
        read(COMPLETE[0].0)
    );
    // different-blockchains: also Ethereum 3283713 (keccak256 path) and 2 pending.
    let db = proof("opentimestamps-client/examples/different-blockchains.txt.ots");
    let paths = attestations(&db.timestamp).unwrap();
    let eth: Vec<_> = paths
        .iter()
        .filter(|p| p.attestation == Attestation::Ethereum { height: 3283713 })
        .collect();
    assert_eq!(eth.len(), 1);
    assert!(eth[0].path.iter().any(|s| s == "keccak256"));
    assert_eq!(pending_uris(&db.timestamp).len(), 2);
    assert_eq!(
        pending_uris(&proof("opentimestamps-client/examples/sha1/a-or-b.ots").timestamp).len(),
        3
    );
    assert_eq!(
        pending_uris(&proof("javascript-opentimestamps/examples/osdsp.txt.ots").timestamp).len(),
        4
    );
}

#[test]
fn raw_calendar_timestamps_reach_their_blocks_and_merge() {
    let msg = h(C858838F);
    let mut merged = Timestamp::new(msg.clone());
    for (name, height, internal, display) in RAW {
        let bytes = read(&format!(
            "javascript-opentimestamps/test-timestamp-js/c858838f_{name}.timestamp"
        ));
        let ts = Timestamp::deserialize(&msg, &bytes).unwrap();
        assert_eq!(ts.serialize().unwrap(), bytes, "{name}");
        assert_eq!(
            bitcoin_roots(&ts),
            vec![(*height, internal.to_string(), display.to_string())],
            "{name}"
        );
        assert_eq!(
            pending_uris(&ts).len(),
            1,
            "{name}: one intermediate pending attestation"
        );
        merged.merge(&ts).unwrap();
    }
    let bytes = merged.serialize().unwrap();
    let again = Timestamp::deserialize(&msg, &bytes).unwrap();
    assert_eq!(again, merged);
    let mut heights: Vec<u64> = bitcoin_roots(&again).into_iter().map(|r| r.0).collect();
    heights.sort();
    heights.dedup();
    assert_eq!(heights, vec![515277, 515278, 515294]);
}

#[test]
fn headers_hash_and_carry_the_published_fields() {
    let json: serde_json::Value = serde_json::from_slice(&read("headers/headers.json")).unwrap();
    let obj = json.as_object().unwrap();
    assert_eq!(obj.len(), 4);
    for (height, f) in obj {
        let hd = BlockHeader::parse_hex(f["header_hex"].as_str().unwrap()).unwrap();
        assert_eq!(
            hd.hash_display(),
            f["block_hash"].as_str().unwrap(),
            "{height}"
        );
        assert_eq!(
            hex::encode(&hd.merkle_root),
            f["merkle_root_internal"].as_str().unwrap()
        );
        let mut rev = hd.prev_block;
        rev.reverse();
        assert_eq!(hex::encode(&rev), f["prev"].as_str().unwrap());
        assert_eq!(u64::from(hd.time), f["nTime"].as_u64().unwrap());
        assert_eq!(format!("0x{:08x}", hd.bits), f["nBits"].as_str().unwrap());
        assert_eq!(u64::from(hd.nonce), f["nonce"].as_u64().unwrap());
        assert_eq!(i64::from(hd.version), f["version"].as_i64().unwrap());
        hd.check_pow().unwrap_or_else(|e| panic!("{height}: {e}"));
        let file_hex =
            String::from_utf8(read(&format!("headers/block_{height}.header.hex"))).unwrap();
        assert_eq!(BlockHeader::parse_hex(&file_hex).unwrap(), hd);
    }
}

#[test]
fn hello_world_verifies_against_block_358391_and_bad_stamp_fails() {
    let hw = proof("opentimestamps-client/examples/hello-world.txt.ots");
    assert!(hw.matches_target(&read("opentimestamps-client/examples/hello-world.txt")));
    let v = verify_bitcoin(&hw.timestamp, &[unlabelled(header(358391))]).unwrap();
    assert!(v.ok, "{v:#?}");
    assert_eq!(v.level.to_string(), LEVEL_2);
    let c = &v.bitcoin[v.earliest.unwrap()];
    assert_eq!((c.height, c.header_time), (358391, Some(1432827678)));
    assert_eq!(
        c.block_hash.as_deref(),
        Some("000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319")
    );
    assert!(v
        .time_bound
        .as_ref()
        .unwrap()
        .to_string()
        .contains("2015-05-28T15:41:18Z"));
    assert!(v
        .still_trusted
        .iter()
        .any(|s| s.to_string().contains("best Bitcoin chain")));

    let bad = proof("opentimestamps-client/examples/bad-stamp.txt.ots");
    assert!(bad.matches_target(&read("opentimestamps-client/examples/bad-stamp.txt")));
    // Block 358391's header, labelled with its height: the proof's root is refuted, as the
    // reference client (which fetches the block by height) says.
    let v = verify_bitcoin(&bad.timestamp, &[labelled(358391, 358391)]).unwrap();
    assert!(!v.ok);
    assert!(
        v.bitcoin[0]
            .message
            .to_string()
            .contains("Digest does not match merkleroot: the supplied header of block 358391"),
        "{}",
        v.bitcoin[0].message
    );
    assert!(v.level.to_string().starts_with("FAILED"));
    // The same header without its height may be another block's: not refuted, not confirmed.
    let v = verify_bitcoin(&bad.timestamp, &[unlabelled(header(358391))]).unwrap();
    assert!(!v.ok);
    assert!(
        v.bitcoin[0]
            .message
            .to_string()
            .contains("to tell a missing header from a mismatch"),
        "{}",
        v.bitcoin[0].message
    );
    assert_eq!(v.level, LevelMsg::NoHeader);

    // The wrong block, no block, and a header whose proof of work was broken.
    assert!(
        !verify_bitcoin(&hw.timestamp, &[unlabelled(header(428648))])
            .unwrap()
            .ok
    );
    // Block 428648's header labelled: block 358391's is known to be missing, not refuted.
    let v = verify_bitcoin(&hw.timestamp, &[labelled(428648, 428648)]).unwrap();
    assert_eq!(
        v.bitcoin[0].message.to_string(),
        "no header supplied for block 358391"
    );
    assert_eq!(v.level, LevelMsg::NoHeader);
    let none = verify_bitcoin(&hw.timestamp, &[]).unwrap();
    assert!(!none.ok && none.level.to_string().contains("supply"));
    let mut raw = header(358391).raw;
    raw[76] ^= 0x01;
    let v = verify_bitcoin(
        &hw.timestamp,
        &[unlabelled(BlockHeader::parse(&raw).unwrap())],
    )
    .unwrap();
    assert!(
        !v.ok && v.bitcoin[0].message.to_string().contains("proof of work"),
        "{v:#?}"
    );

    // A bare merkle root, either order: the weaker match.
    let paths = attestations(&hw.timestamp).unwrap();
    assert_eq!(
        match_merkle_root(&paths, COMPLETE[0].4),
        Some((0, RootOrder::Display))
    );
    assert_eq!(
        match_merkle_root(&paths, &COMPLETE[0].3.to_uppercase()),
        Some((0, RootOrder::Internal))
    );
    assert_eq!(match_merkle_root(&paths, COMPLETE[1].3), None);
}

#[test]
fn pending_only_and_unknown_notaries_are_not_verifiable() {
    for (rel, uris) in [
        ("opentimestamps-client/examples/incomplete.txt.ots", 1),
        ("opentimestamps-client/examples/merkle1.txt.ots", 2),
        ("opentimestamps-client/examples/merkle2.txt.ots", 2),
        ("opentimestamps-client/examples/merkle3.txt.ots", 2),
        ("opentimestamps-client/examples/two-calendars.txt.ots", 2),
        (
            "javascript-opentimestamps/examples/ripemd160/README.md.ots",
            0,
        ),
    ] {
        let f = proof(rel);
        let v = verify_bitcoin(&f.timestamp, &[unlabelled(header(358391))]).unwrap();
        assert!(!v.ok && v.bitcoin.is_empty(), "{rel}");
        assert!(
            v.level.to_string().starts_with("not yet verifiable"),
            "{rel}: {}",
            v.level
        );
        if uris > 0 {
            assert_eq!(v.pending.len(), uris, "{rel}");
        }
    }
    let r = proof("javascript-opentimestamps/examples/ripemd160/README.md.ots");
    assert_eq!(
        (r.file_hash_op.clone(), hex::encode(r.file_digest())),
        (
            Op::Ripemd160,
            "0423ced4914bc5e47aeda314b5993b7bd796fe00".into()
        )
    );

    let eth = proof("java-opentimestamps/examples/hello-world.txt.eth.ots");
    let v = verify_bitcoin(&eth.timestamp, &[]).unwrap();
    assert!(
        !v.ok
            && v.unchecked
                .iter()
                .any(|p| p.attestation == Attestation::Ethereum { height: 3283690 })
    );

    let u = proof("opentimestamps-client/examples/unknown-notary.txt.ots");
    let paths = attestations(&u.timestamp).unwrap();
    assert_eq!(paths.len(), 1);
    assert_eq!(
        paths[0].attestation,
        // MANIFEST says a 44-byte payload; the file's length byte is 0x2e (46), and
        // python-opentimestamps reads 46 bytes of 'x' too.
        Attestation::Unknown {
            tag: [1, 2, 3, 4, 5, 6, 7, 8],
            payload: vec![0x78; 46]
        }
    );
    let v = verify_bitcoin(&u.timestamp, &[unlabelled(header(358391))]).unwrap();
    assert!(!v.ok && v.unchecked.len() == 1 && v.pending.is_empty());

    let ku = proof("opentimestamps-client/examples/known-and-unknown-notary.txt.ots");
    let paths = attestations(&ku.timestamp).unwrap();
    assert!(paths.iter().any(|p| matches!(
        p.attestation,
        Attestation::Unknown {
            tag: [1, 2, 3, 4, 5, 6, 7, 8],
            ..
        }
    )));
    assert_eq!(pending_uris(&ku.timestamp).len(), 1);
}

#[test]
fn invalid_vectors_fail_with_the_reference_error_class() {
    for (rel, kind) in [
        (
            "opentimestamps-client/examples/invalid/bad-major-version.ots",
            ErrorKind::UnsupportedMajorVersion,
        ),
        (
            "opentimestamps-client/examples/invalid/exceeds-max-msg-length.ots",
            ErrorKind::DeserializationError,
        ),
        (
            "opentimestamps-client/examples/invalid/invalid-file-digest-type.ots",
            ErrorKind::DeserializationError,
        ),
    ] {
        let e = DetachedTimestampFile::deserialize(&read(rel)).unwrap_err();
        assert_eq!(e.kind, kind, "{rel}: {e}");
    }
    let e = DetachedTimestampFile::deserialize(&read(
        "opentimestamps-client/examples/invalid/exceeds-max-msg-length.ots",
    ))
    .unwrap_err();
    assert!(e.message.contains("Result too long; 4112 > 4096"), "{e}");
}

#[test]
fn upgrading_incomplete_with_the_alice_answer_reaches_block_428648() {
    let original = read("opentimestamps-client/examples/incomplete.txt.ots");
    let mut file = DetachedTimestampFile::deserialize(&original).unwrap();
    assert!(!upgrade::is_complete(&file.timestamp));
    let pending = pending_commitments(&file.timestamp).unwrap();
    let commitment = h(
        "57cfa5c46716df9bd9e83595bce439c58108d8fcc1678f30d4c6731c3f1fa6c79ed712c66fb1ac8d4e4eb0e7",
    );
    assert_eq!(
        pending,
        vec![(
            "https://alice.btc.calendar.opentimestamps.org".to_string(),
            commitment.clone()
        )]
    );
    assert_eq!(
        calendar_server::calendar_url(
            &pending[0].0,
            &calendar_server::timestamp_request_path(&commitment)
        ),
        format!(
            "https://alice.btc.calendar.opentimestamps.org/timestamp/{}",
            hex::encode(&commitment)
        )
    );
    let answer = calendar_server::parse_response(
        &commitment,
        &read("upgrade-incomplete/alice_answer_57cfa5c4.timestamp"),
    )
    .unwrap();
    // An answer for another message merges nowhere.
    let mut other = file.clone();
    let elsewhere = Timestamp {
        msg: vec![0; 44],
        root: answer.root.clone(),
    };
    assert_eq!(
        upgrade::merge_answer(&mut other.timestamp, &elsewhere)
            .unwrap()
            .merged_at,
        0
    );
    assert_eq!(other, file);

    let outcome = upgrade::merge_answer(&mut file.timestamp, &answer).unwrap();
    assert_eq!(outcome.merged_at, 1);
    assert_eq!(
        outcome.new_attestations,
        vec![Attestation::Bitcoin { height: 428648 }]
    );
    assert!(upgrade::is_complete(&file.timestamp));
    assert_eq!(
        pending_uris(&file.timestamp).len(),
        1,
        "the pending attestation is kept"
    );
    assert_eq!(
        bitcoin_roots(&file.timestamp),
        vec![(
            428648,
            "da18fe135a3bac24ea548961c6638c29d97f6258166bc9583c2e9fc8e9dd8c07".into(),
            "078cdde9c89f2e3c58c96b1658627fd9298c63c6618954ea24ac3b5a13fe18da".into()
        )]
    );
    let upgraded = file.serialize().unwrap();
    let again = DetachedTimestampFile::deserialize(&upgraded).unwrap();
    assert_eq!(again, file);
    let v = verify_bitcoin(&again.timestamp, &[unlabelled(header(428648))]).unwrap();
    assert!(v.ok, "{v:#?}");
    assert_eq!(v.bitcoin[0].header_time, Some(1473227803));
    assert!(again.matches_target(&read("opentimestamps-client/examples/incomplete.txt")));
}

#[test]
fn stamping_incomplete_txt_rebuilds_the_published_pending_proof() {
    let cal = vectors_dir().join("ots-calendar");
    let rd = |n: &str| std::fs::read(cal.join(n)).unwrap();
    let target = rd("otsclient_examples_incomplete.txt");
    let digest = detached::hash_file(&Op::Sha256, &target).unwrap();
    let nonce: [u8; 16] = h("e754bf93806a7ebaa680ef7bd0114bf4").try_into().unwrap();
    let (mut files, submit) = upgrade::start_stamps(&[(Op::Sha256, digest, nonce)]).unwrap();
    assert_eq!(
        calendar_server::digest_request_body(&submit).unwrap(),
        rd("DERIVED_calendar_POST_digest_request_body.bin")
    );
    assert!(files[0].serialize().is_err(), "no attestation yet");
    let answer = calendar_server::parse_response(
        &submit,
        &rd("DERIVED_calendar_POST_digest_response_body.bin"),
    )
    .unwrap();
    assert_eq!(
        upgrade::merge_answer(&mut files[0].timestamp, &answer)
            .unwrap()
            .merged_at,
        1
    );
    assert_eq!(
        files[0].serialize().unwrap(),
        rd("otsclient_examples_incomplete.txt.ots")
    );
    assert_eq!(
        calendar_server::calendar_url(calendar_server::DEFAULT_CALENDARS[0], "digest"),
        "https://a.pool.opentimestamps.org/digest"
    );
}

#[test]
fn python_opentimestamps_inline_vectors() {
    let json: serde_json::Value =
        serde_json::from_slice(&read("python-opentimestamps/inline_vectors.json")).unwrap();
    let mut n = 0;
    for v in json["parse_vectors"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let input = h(v["input_hex"].as_str().unwrap());
        let expect = v["expect"].as_str().unwrap();
        let result: Result<Vec<u8>, sealbook_core::ots::OtsError> =
            match v["kind"].as_str().unwrap() {
                "detached" => {
                    DetachedTimestampFile::deserialize(&input).map(|f| f.serialize().unwrap())
                }
                "timestamp" => Timestamp::deserialize(&h(v["msg_hex"].as_str().unwrap()), &input)
                    .map(|t| t.serialize().unwrap()),
                "attestation" => Attestation::from_bytes(&input).map(|a| a.to_bytes()),
                k => panic!("unknown kind {k}"),
            };
        match result {
            Ok(bytes) => {
                assert!(
                    expect.starts_with("ok"),
                    "{name}: parsed but expected {expect}"
                );
                assert_eq!(bytes, input, "{name}: re-serialization differs");
            }
            Err(e) => assert_eq!(e.kind.python_name(), expect, "{name}: {e}"),
        }
        n += 1;
    }
    assert!(n >= 20);
    for v in json["op_vectors"].as_array().unwrap() {
        let Some(out) = v["out_hex"].as_str() else {
            continue;
        };
        let arg = v["arg_hex"].as_str().map(h);
        let op = match v["op"].as_str().unwrap() {
            "sha256" => Op::Sha256,
            "sha1" => Op::Sha1,
            "ripemd160" => Op::Ripemd160,
            "keccak256" => Op::Keccak256,
            "hexlify" => Op::Hexlify,
            "append" => Op::Append(arg.unwrap()),
            "prepend" => Op::Prepend(arg.unwrap()),
            o => panic!("unknown op {o}"),
        };
        assert_eq!(
            hex::encode(&op.apply(&h(v["in_hex"].as_str().unwrap())).unwrap()),
            out,
            "{op}"
        );
    }
    // The "sha256(zeros)" note: whole files of any size hash outside the 4096-byte op limit.
    for (len, want) in [
        (
            1 << 20,
            "30e14955ebf1352266dc2ff8067e68104607e750abb9d3b36582b8af909fcb58",
        ),
        (
            (1 << 20) - 1,
            "ca7ed0c4a8e67cbdc461c4cb0d286d2fabbd9f0c41a7f42b665f72ebaa8aec56",
        ),
        (
            (1 << 20) + 1,
            "2cb74edba754a81d121c9db6833704a8e7d417e5b13d1a19f4a52f007d644264",
        ),
    ] {
        assert_eq!(
            hex::encode(&detached::hash_file(&Op::Sha256, &vec![0u8; len]).unwrap()),
            want
        );
    }
    let m = &json["merkle_vectors"];
    let tip = |leaves: Vec<Vec<u8>>| upgrade::merkle_paths(&leaves).unwrap();
    assert_eq!(
        hex::encode(&tip(vec![b"foo".to_vec(), b"bar".to_vec()]).0),
        m["cat_sha256_foo_bar"].as_str().unwrap()
    );
    assert_eq!(
        hex::encode(&tip(vec![b"foo".to_vec(), b"bar".to_vec(), b"baz".to_vec()]).0),
        m["cat_sha256_then_baz"].as_str().unwrap()
    );
    for (n, want) in m["make_merkle_tree_leaves_bytes_0_to_n_minus_1"]
        .as_object()
        .unwrap()
    {
        let n: u8 = n.parse().unwrap();
        let leaves: Vec<Vec<u8>> = (0..n).map(|i| vec![i]).collect();
        let (root, paths) = tip(leaves.clone());
        assert_eq!(hex::encode(&root), want.as_str().unwrap(), "n={n}");
        for (leaf, path) in leaves.iter().zip(paths) {
            let end = path
                .iter()
                .fold(leaf.clone(), |msg, op| op.apply(&msg).unwrap());
            assert_eq!(end, root, "n={n}: a leaf's path does not reach the tip");
        }
    }
}

/// ots/extra/MANIFEST.md: (file, file SHA-256, Bitcoin heights with display-order roots,
/// pending calendars).
type Extra = (
    &'static str,
    &'static str,
    &'static [(u64, &'static str)],
    &'static [&'static str],
);

const EXTRA: &[Extra] = &[
    (
        "extra/gdp2q25-2nd.pdf.ots",
        "c70972a12908b73c2407d9cc6842ba2a02203a690f3090cd29f30c45f0cfd93d",
        &[(
            912095,
            "936131994129988e1932d8c1c6a9780fd42ae4c87204cfb0ac852be1250039ae",
        )],
        &[],
    ),
    (
        "extra/large_test.ots",
        "6fd9c1c4f096b77e6d4457bac1c7f51010d318db483f2868d3795843f098d378",
        &[
            (
                449399,
                "5e1feb6562415b0b37732de0a88c5dfba62ee51e465f0c143befe81467a21d1a",
            ),
            (449397, ""),
        ],
        &[
            "https://alice.btc.calendar.opentimestamps.org",
            "https://bob.btc.calendar.opentimestamps.org",
        ],
    ),
    (
        "extra/small_test.ots",
        "a70dfe69c5a0d62816781abb6e1777854718624a0d194231adb14c32ee5438a4",
        &[],
        &[
            "https://alice.btc.calendar.opentimestamps.org",
            "https://bob.btc.calendar.opentimestamps.org",
        ],
    ),
];

/// The 2025 proof and the proof with two Bitcoin heights reach what the MANIFEST states, in
/// core and through `sealbook ots verify` (no header given: named, not verified; pending
/// calendars named).
#[test]
fn extra_proofs_reach_their_heights_roots_and_calendars() {
    for (rel, digest, heights, pending) in EXTRA {
        let f = proof(rel);
        assert_eq!(hex::encode(f.file_digest()), *digest, "{rel}");
        let roots = bitcoin_roots(&f.timestamp);
        assert_eq!(
            roots.iter().map(|r| r.0).collect::<Vec<_>>(),
            heights.iter().map(|h| h.0).collect::<Vec<_>>(),
            "{rel}"
        );
        for ((_, internal, display), (_, want)) in roots.iter().zip(heights.iter()) {
            if !want.is_empty() {
                assert_eq!(display, want, "{rel}");
                let mut rev = hex::decode(want).unwrap();
                rev.reverse();
                assert_eq!(*internal, hex::encode(&rev), "{rel}");
            }
        }
        assert_eq!(pending_uris(&f.timestamp), *pending, "{rel}");
        let v = verify_bitcoin(&f.timestamp, &[]).unwrap();
        assert!(!v.ok);
        if heights.is_empty() {
            assert!(
                v.level
                    .to_string()
                    .starts_with("not yet verifiable: pending"),
                "{}",
                v.level
            );
        } else {
            assert_eq!(
                v.level.to_string(),
                "not verified: supply the block header of the attested height"
            );
        }

        let p = vectors_dir().join("ots").join(rel);
        let out = sealbook_tests::sealbook_cli()
            .args(["ots", "verify"])
            .arg(&p)
            .args(["--digest", digest])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{rel}: {text}");
        for (h, root) in heights.iter() {
            assert!(
                text.contains(&format!(
                    "Bitcoin block {h}: NOT verified: no header supplied for block {h}"
                )),
                "{rel}: {text}"
            );
            if !root.is_empty() {
                assert!(
                    text.contains(&format!("merkle root {root} (display)")),
                    "{rel}: {text}"
                );
            }
        }
        for uri in pending.iter() {
            assert!(text.contains(&format!("  {uri}\n")), "{rel}: {text}");
        }
    }
    // The 2025 proof's root typed in either order is only a weaker match.
    let f = proof("extra/gdp2q25-2nd.pdf.ots");
    let paths = attestations(&f.timestamp).unwrap();
    assert_eq!(
        match_merkle_root(
            &paths,
            "ae390025e12b85acb0cf0472c8e42ad40f78a9c6c1d832198e98294199316193"
        ),
        Some((0, RootOrder::Internal))
    );
}

/// `sealbook ots info` on the extra proofs is byte-identical to python-opentimestamps'
/// `ots info` (the `ots` command beside $SEALBOOK_PYTHON) and lists both heights.
#[test]
fn extra_proofs_ots_info_is_the_reference_text() {
    let ots = sealbook_tests::python()
        .parent()
        .map(|d| d.join("ots"))
        .filter(|p| p.is_file())
        .expect("the `ots` command beside $SEALBOOK_PYTHON");
    for (rel, ..) in EXTRA {
        let p = vectors_dir().join("ots").join(rel);
        let theirs = std::process::Command::new(sealbook_tests::python())
            .arg(&ots)
            .arg("info")
            .arg(&p)
            .output()
            .unwrap();
        assert!(
            theirs.status.success(),
            "{rel}: {}",
            String::from_utf8_lossy(&theirs.stderr)
        );
        let ours = sealbook_tests::sealbook_cli()
            .args(["ots", "info"])
            .arg(&p)
            .output()
            .unwrap();
        assert_eq!(ours.status.code(), Some(0), "{rel}");
        let ours = String::from_utf8(ours.stdout).unwrap();
        assert_eq!(ours, String::from_utf8(theirs.stdout).unwrap(), "{rel}");
        if rel.contains("large") {
            assert!(ours.contains("verify BitcoinBlockHeaderAttestation(449399)"));
            assert!(ours.contains("verify BitcoinBlockHeaderAttestation(449397)"));
        }
    }
}
