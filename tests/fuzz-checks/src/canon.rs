//! `canon::parse` on arbitrary bytes; whatever it accepts must serialize in all four
//! settings without panicking, and our own output must parse back to the same bytes. A text
//! the verifier's seal-form fast path takes as `J(v)` must be exactly `to_bytes(parse(t), SEAL)`.
//! The middle path (`seal_form`) must decline every text `J` cannot write, and the members of a
//! text it accepts, joined, must be `to_bytes(parse(t), SEAL)`.

use sealbook_core::book::canon::{self, DumpOptions, EncodeError};
use sealbook_core::book::canonical_form;
use sealbook_core::book::seal_form::SealForm;

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

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let mut spans = Vec::new();
    let seal_form =
        std::str::from_utf8(data).is_ok() && canonical_form::seal_form_members(data, &mut spans);
    let mut form = SealForm::new();
    let respelled = form.members(data).then(|| {
        let mut j = b"{".to_vec();
        for (k, m) in form.iter().enumerate() {
            if k > 0 {
                j.extend_from_slice(b", ");
            }
            j.extend_from_slice(form.text(m));
        }
        j.push(b'}');
        j
    });
    let Ok(v) = canon::parse(data) else {
        assert!(
            !seal_form,
            "seal-form fast path accepts a text the parser refuses"
        );
        assert!(
            respelled.is_none(),
            "middle path accepts a text the parser refuses"
        );
        return;
    };
    match (&v, canon::to_bytes(&v, DumpOptions::SEAL)) {
        // It may decline a writable object (a lone surrogate in a shadowed duplicate), since
        // the verifier then takes the tree path; what it accepts must be J.
        (canon::Value::Object(_), Ok(j)) => {
            if let Some(r) = &respelled {
                assert_eq!(r, &j, "middle path does not write J(parse(text))");
            }
        }
        _ => assert!(
            respelled.is_none(),
            "middle path accepts a text J cannot write"
        ),
    }
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
}
