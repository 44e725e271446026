//! `canon::parse` on arbitrary bytes; whatever it accepts must serialize in all four
//! settings without panicking, and our own output must parse back to the same bytes. A text
//! the verifier's seal-form fast path takes as `J(v)` must be exactly `to_bytes(parse(t), SEAL)`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sealbook_core::book::canon::{self, DumpOptions, EncodeError};
use sealbook_core::book::canonical_form;

const MODES: [DumpOptions; 4] = [
    DumpOptions {
        ensure_ascii: false,
        compact: false,
    },
    DumpOptions {
        ensure_ascii: true,
        compact: false,
    },
    DumpOptions {
        ensure_ascii: false,
        compact: true,
    },
    DumpOptions {
        ensure_ascii: true,
        compact: true,
    },
];

fuzz_target!(|data: &[u8]| {
    let mut spans = Vec::new();
    let seal_form =
        std::str::from_utf8(data).is_ok() && canonical_form::seal_form_members(data, &mut spans);
    let Ok(v) = canon::parse(data) else {
        assert!(
            !seal_form,
            "seal-form fast path accepts a text the parser refuses"
        );
        return;
    };
    if seal_form {
        let j = canon::to_bytes(&v, DumpOptions::SEAL).expect("seal-form text encodes");
        assert_eq!(
            j, data,
            "seal-form fast path accepts a text that is not J(parse(text))"
        );
    }
    for opts in MODES {
        match canon::to_bytes(&v, opts) {
            Ok(bytes) => {
                let again = canon::parse(&bytes).expect("our own output parses");
                let bytes2 = canon::to_bytes(&again, opts).expect("re-serializes");
                assert_eq!(bytes, bytes2, "not a fixed point in {opts:?}");
            }
            Err(EncodeError::LoneSurrogate { .. }) => {
                assert!(
                    !opts.ensure_ascii,
                    "ensure_ascii output cannot fail to encode"
                )
            }
        }
    }
});
