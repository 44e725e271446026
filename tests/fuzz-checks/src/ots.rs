//! OpenTimestamps proofs on arbitrary bytes (spec §3.2, Appendix B step 6): a detached
//! `.ots` that parses must serialize, parse back to the same proof and serialize to the same
//! bytes again, and listing it (attestations, `ots info` text, pending commitments, a
//! verdict without headers) must not panic; likewise for a bare timestamp on 32 zero bytes;
//! block headers (hex lines, `HEIGHT HEX` lines or binary) are parsed from the same bytes and
//! analysed as a set.

use sealbook_core::ots::bitcoin::{analyze_headers, check_run, parse_labelled, BlockHeader};
use sealbook_core::ots::{evaluate, verify, DetachedTimestampFile, Timestamp};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(file) = DetachedTimestampFile::deserialize(data) {
        let bytes = file.serialize().expect("a parsed proof is not empty");
        let again = DetachedTimestampFile::deserialize(&bytes).expect("a serialized proof parses");
        assert_eq!(again, file, "serialize/deserialize changed the proof");
        assert_eq!(
            again.serialize().unwrap(),
            bytes,
            "serialization is not stable"
        );
        let _ = evaluate::attestations(&file.timestamp);
        let _ = evaluate::info_text(&file);
        let _ = evaluate::pending_commitments(&file.timestamp);
        let _ = verify::verify_bitcoin(&file.timestamp, &[]);
    }
    if let Ok(ts) = Timestamp::deserialize(&[0; 32], data) {
        let bytes = ts.serialize().expect("a parsed timestamp is not empty");
        let again =
            Timestamp::deserialize(&[0; 32], &bytes).expect("a serialized timestamp parses");
        assert_eq!(again, ts, "serialize/deserialize changed the timestamp");
        let _ = evaluate::attestations(&ts);
    }
    if let Ok(headers) = BlockHeader::parse_many(data) {
        let _ = check_run(&headers);
    }
    if let Ok(labelled) = parse_labelled(data) {
        let _ = analyze_headers(&labelled);
    }
}
