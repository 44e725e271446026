//! Hostile input for core::ots: every truncation of every vector, random corruption, huge
//! declared lengths, over-long LEB128, a million-deep fork chain, a million-wide fork. Each
//! must end in an error of the reference's class (or a valid proof), never a panic, and in
//! time and memory proportional to the input.

#![forbid(unsafe_code)]

use sealbook_core::ots::bitcoin::BlockHeader;
use sealbook_core::ots::detached::HEADER_MAGIC;
use sealbook_core::ots::evaluate::{attestations, info_text, walk, EvalError};
use sealbook_core::ots::{calendar_server, DetachedTimestampFile, ErrorKind, Timestamp};

use sealbook_tests::ots_fixtures::{
    all_vector_files, wide_fork_proof, zero_digest_header as header,
};

/// Parses and, when the input is a valid proof, exercises everything downstream.
fn parse_all_the_way(bytes: &[u8]) -> Result<(), ErrorKind> {
    let file = DetachedTimestampFile::deserialize(bytes).map_err(|e| {
        assert!(
            e.offset <= bytes.len(),
            "error offset {} beyond input {}",
            e.offset,
            bytes.len()
        );
        e.kind
    })?;
    let written = file.serialize().expect("a parsed proof has an attestation");
    assert_eq!(
        DetachedTimestampFile::deserialize(&written).as_ref(),
        Ok(&file)
    );
    attestations(&file.timestamp).expect("a parsed proof evaluates");
    Ok(())
}

#[test]
fn every_truncation_of_every_vector_is_an_error() {
    let mut n = 0;
    for path in all_vector_files() {
        let bytes = std::fs::read(&path).unwrap();
        let valid = parse_all_the_way(&bytes).is_ok();
        for cut in 0..bytes.len() {
            let kind = parse_all_the_way(&bytes[..cut])
                .expect_err("a strict prefix of a proof is not a proof");
            if valid && cut >= HEADER_MAGIC.len() {
                assert!(
                    matches!(kind, ErrorKind::TruncationError),
                    "{} cut at {cut}: {kind}",
                    path.display()
                );
            }
            n += 1;
        }
    }
    assert!(n > 10_000);
}

#[test]
fn random_corruption_never_panics() {
    let mut state = 0x0bad_5eedu64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut ok, mut err) = (0, 0);
    for path in all_vector_files() {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..300 {
            let mut b = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % b.len() as u64) as usize;
                b[i] = next() as u8;
            }
            if next() % 8 == 0 {
                b.truncate((next() % b.len() as u64) as usize);
            }
            match parse_all_the_way(&b) {
                Ok(()) => ok += 1,
                Err(_) => err += 1,
            }
        }
    }
    assert!(ok > 100 && err > 1000, "ok {ok} err {err}");
}

#[test]
fn huge_declared_lengths_and_overlong_leb128_are_rejected_without_allocating() {
    // append with a declared argument length of 2^63 - 1.
    let big = [header(), vec![0xf0], vec![0xff; 8], vec![0x7f]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&big).unwrap_err().kind,
        ErrorKind::DeserializationError
    );
    // attestation payload declared 2^70: saturates, then exceeds 8192.
    let payload = [header(), vec![0x00], vec![1; 8], vec![0x80; 10], vec![0x01]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&payload)
            .unwrap_err()
            .kind,
        ErrorKind::DeserializationError
    );
    // A million continuation bytes in the major version, then the end: truncated.
    let long = [HEADER_MAGIC.as_slice(), &vec![0x80; 1_000_000]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&long).unwrap_err().kind,
        ErrorKind::TruncationError
    );
    // ... and terminated: a huge version.
    let ended = [long.as_slice(), &[0x01]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&ended).unwrap_err().kind,
        ErrorKind::UnsupportedMajorVersion
    );
    // Non-canonical but small version 1 is accepted, as the reference does, and written canonically.
    let padded = [
        HEADER_MAGIC.as_slice(),
        &[0x81, 0x80, 0x00, 0x08],
        &[0u8; 32],
        &[0x00],
        &[1; 8],
        &[0x00],
    ]
    .concat();
    let f = DetachedTimestampFile::deserialize(&padded).unwrap();
    assert_eq!(f.serialize().unwrap().len(), padded.len() - 2);
    // A Bitcoin height that does not fit in 64 bits.
    let height = [
        header(),
        vec![0x00],
        vec![0x05, 0x88, 0x96, 0x0d, 0x73, 0xd7, 0x19, 0x01, 11],
        vec![0xff; 10],
        vec![0x01],
    ]
    .concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&height)
            .unwrap_err()
            .kind,
        ErrorKind::DeserializationError
    );
    // Trailing garbage.
    let mut tail = std::fs::read(&all_vector_files()[0]).unwrap();
    if parse_all_the_way(&tail).is_ok() {
        tail.push(0);
        assert_eq!(
            DetachedTimestampFile::deserialize(&tail).unwrap_err().kind,
            ErrorKind::TrailingGarbageError
        );
    }
    // Calendar answers are bounded before parsing.
    assert_eq!(
        calendar_server::parse_response(&[0; 32], &vec![0xff; 20_000])
            .unwrap_err()
            .kind,
        ErrorKind::DeserializationError
    );
    // Block headers: wrong sizes and junk are errors.
    assert!(BlockHeader::parse(&[0; 79]).is_err());
    assert!(BlockHeader::parse_hex("zz").is_err());
    assert!(BlockHeader::parse_many(&[0xff; 81]).is_err());
}

#[test]
fn a_million_deep_fork_chain_stops_at_the_recursion_limit() {
    // ff 08 ff 08 ...: each fork opens a sha256 branch one level deeper.
    let chain = [header(), [0xff, 0x08].repeat(1_000_000)].concat();
    let e = DetachedTimestampFile::deserialize(&chain).unwrap_err();
    assert_eq!(e.kind, ErrorKind::RecursionLimitError);
    assert!(e.offset < 1_000, "stopped at byte {}", e.offset);
    // A million plain ops likewise.
    let ops = [header(), vec![0x08; 1_000_000]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&ops).unwrap_err().kind,
        ErrorKind::RecursionLimitError
    );
    // A million fork markers with nothing between them: 0xff is no operation.
    let forks = [header(), vec![0xff; 1_000_000]].concat();
    assert_eq!(
        DetachedTimestampFile::deserialize(&forks).unwrap_err().kind,
        ErrorKind::DeserializationError
    );
}

#[test]
fn a_wide_fork_costs_memory_linear_in_its_size() {
    // 200,000 distinct Bitcoin attestations on one message, then 50,000 distinct appends each
    // ending in an attestation: parse, write and walk them all.
    let b = wide_fork_proof(200_000, 50_000);
    let f = DetachedTimestampFile::deserialize(&b).unwrap();
    assert_eq!(f.timestamp.root.attestations.len(), 200_001);
    assert_eq!(f.timestamp.root.ops.len(), 50_000);
    assert_eq!(f.serialize().unwrap().len(), b.len());
    let mut leaves = 0;
    walk(&f.timestamp, &mut |_, _, _| leaves += 1).unwrap();
    assert_eq!(leaves, 250_001);
    // The same proof as a bare timestamp.
    let bare = Timestamp::deserialize(&[0; 32], &b[header().len()..]).unwrap();
    assert_eq!(bare.root, f.timestamp.root);
}

#[test]
fn listings_of_a_proof_that_repeats_a_long_path_are_capped() {
    // 100 x (append 4000 bytes, sha256): a path whose printed form is ~800 KB, then 40 leaves
    // that would each repeat it.
    let mut b = header();
    for i in 0..100u8 {
        b.extend([0xf0, 0xa0, 0x1f]); // varuint 4000
        b.extend(vec![i; 4000]);
        b.push(0x08);
    }
    for i in 0..40u8 {
        b.extend([0xff, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 0x01, i]);
    }
    b.extend([0x00, 1, 2, 3, 4, 5, 6, 7, 8, 0x01, 0xff]);
    let f = DetachedTimestampFile::deserialize(&b).unwrap();
    assert_eq!(attestations(&f.timestamp), Err(EvalError::TooLarge));
    let mut leaves = 0;
    walk(&f.timestamp, &mut |path, _, _| leaves += path.len()).unwrap();
    assert_eq!(leaves, 41 * 200);
    // The op tree itself prints each operation once.
    assert!(info_text(&f).unwrap().len() < 1_000_000);
}
