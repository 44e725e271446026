//! `canon::parse` on arbitrary bytes; whatever it accepts must serialize in all four
//! settings without panicking, and our own output must parse back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sealbook_core::canon::{self, DumpOptions, EncodeError};

const MODES: [DumpOptions; 4] = [
    DumpOptions { ensure_ascii: false, compact: false },
    DumpOptions { ensure_ascii: true, compact: false },
    DumpOptions { ensure_ascii: false, compact: true },
    DumpOptions { ensure_ascii: true, compact: true },
];

fuzz_target!(|data: &[u8]| {
    let Ok(v) = canon::parse(data) else { return };
    for opts in MODES {
        match canon::to_bytes(&v, opts) {
            Ok(bytes) => {
                let again = canon::parse(&bytes).expect("our own output parses");
                let bytes2 = canon::to_bytes(&again, opts).expect("re-serializes");
                assert_eq!(bytes, bytes2, "not a fixed point in {opts:?}");
            }
            Err(EncodeError::LoneSurrogate { .. }) => {
                assert!(!opts.ensure_ascii, "ensure_ascii output cannot fail to encode")
            }
        }
    }
});
