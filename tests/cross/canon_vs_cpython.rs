//! Differential test of `core::canon` against CPython (spec §3.2: `J` is Python's
//! `json.dumps(o, sort_keys=True, ensure_ascii=False)` encoded UTF-8).
//!
//! Generated JSON texts (nesting, unicode, escapes, lone surrogates, every float exponent
//! range, number spellings, huge ints around the 4300-digit limit, duplicate keys, whitespace,
//! broken texts) go through CPython's `json.loads` + `json.dumps(..., sort_keys=True,
//! ensure_ascii=False|True, separators=default|compact).encode()` (tests/py/canon_peer.py, one
//! `python3 -I` process for the whole run) and through `canon::parse` + `canon::to_bytes`.
//! Both must accept or refuse the same texts, and produce identical bytes or both fail to
//! encode (lone surrogate with `ensure_ascii=False`). Texts the verifier's seal-form fast path
//! (`core::canonical_form`) takes as already being `J(v)` must equal CPython's `J` of them.
//!
//! `SEALBOOK_DIFF_DOCS` (default 100000) sets the number of documents, each compared in all
//! four settings; `SEALBOOK_DIFF_SEED` replays a run.

#![forbid(unsafe_code)]

use sealbook_core::book::canon::{self, DumpOptions, EncodeError};
use sealbook_core::book::canonical_form;
use sealbook_tests::python_script;
use sealbook_tests::{json_text, rng, tmp::TempDir};

/// The settings in tests/py/canon_peer.py's MODES order.
const MODES: [(DumpOptions, &str); 4] = [
    (
        DumpOptions {
            ensure_ascii: false,
            compact: false,
        },
        "ensure_ascii=False",
    ),
    (
        DumpOptions {
            ensure_ascii: true,
            compact: false,
        },
        "ensure_ascii=True",
    ),
    (
        DumpOptions {
            ensure_ascii: false,
            compact: true,
        },
        "ensure_ascii=False, separators=(',', ':')",
    ),
    (
        DumpOptions {
            ensure_ascii: true,
            compact: true,
        },
        "ensure_ascii=True, separators=(',', ':')",
    ),
];

/// One document's outcome in one setting.
#[derive(Debug, PartialEq)]
enum Outcome {
    Bytes(Vec<u8>),
    EncodeError,
}

/// Reads CPython's results (format in tests/py/canon_peer.py).
struct PeerReader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl PeerReader<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        s
    }
    fn next(&mut self) -> Option<[Outcome; 4]> {
        match self.take(1)[0] {
            b'R' => None,
            b'A' => Some(std::array::from_fn(|_| match self.take(1)[0] {
                b'E' => Outcome::EncodeError,
                b'O' => {
                    let n = u32::from_le_bytes(self.take(4).try_into().unwrap()) as usize;
                    Outcome::Bytes(self.take(n).to_vec())
                }
                t => panic!("bad peer record tag {t}"),
            })),
            t => panic!("bad peer document tag {t}"),
        }
    }
}

fn ours(doc: &[u8]) -> Option<[Outcome; 4]> {
    let v = canon::parse(doc).ok()?;
    Some(MODES.map(|(opts, _)| match canon::to_bytes(&v, opts) {
        Ok(b) => Outcome::Bytes(b),
        Err(EncodeError::LoneSurrogate { .. }) => Outcome::EncodeError,
    }))
}

fn show(o: &Option<[Outcome; 4]>, mode: usize) -> String {
    match o {
        None => "refused by json.loads / canon::parse".into(),
        Some(r) => match &r[mode] {
            Outcome::EncodeError => "UTF-8 encode error (lone surrogate)".into(),
            Outcome::Bytes(b) => format!("{:?}", String::from_utf8_lossy(b)),
        },
    }
}

/// A generated text; one in six is instead already in seal form (`J` of a generated object)
/// or one small edit away from it, to test the verifier's fast path for such texts.
fn document(r: &mut rng::Rng) -> Vec<u8> {
    if r.chance(5, 6) {
        return json_text::document(r);
    }
    loop {
        let mut t = String::from("{\"k\": ");
        json_text::value(r, &mut t, 1, false);
        t.push('}');
        let Ok(v) = canon::parse(t.as_bytes()) else {
            continue;
        };
        let Ok(b) = canon::to_bytes(&v, DumpOptions::SEAL) else {
            continue;
        };
        let b = if r.chance(1, 2) {
            b
        } else {
            json_text::mutate(r, std::str::from_utf8(&b).unwrap())
        };
        return b;
    }
}

/// The fast path's contract (core/src/book/canonical_form.rs), checked against CPython: a text it
/// takes as already being `J(v)` must be exactly what CPython writes for `json.loads` of it.
fn seal_form_claim_holds(doc: &[u8], py: &Option<[Outcome; 4]>) -> Result<bool, String> {
    let mut spans = Vec::new();
    if std::str::from_utf8(doc).is_err() || !canonical_form::seal_form_members(doc, &mut spans) {
        return Ok(false);
    }
    match py {
        Some(p) if p[0] == Outcome::Bytes(doc.to_vec()) => Ok(true),
        _ => Err(format!(
            "canonical_form::seal_form_members accepts {:?} as J(v), but CPython gives {}",
            String::from_utf8_lossy(doc),
            show(py, 0)
        )),
    }
}

#[test]
fn canonical_bytes_match_cpython_in_all_four_settings() {
    let docs: usize = std::env::var("SEALBOOK_DIFF_DOCS")
        .map(|s| s.parse().expect("SEALBOOK_DIFF_DOCS is a count"))
        .unwrap_or(100_000);
    let seed = rng::seed_from_env("SEALBOOK_DIFF_SEED", 0x5ea1_b00c_2026_1020);
    let mut r = rng::Rng::new(seed);
    let texts: Vec<Vec<u8>> = (0..docs).map(|_| document(&mut r)).collect();

    let dir = TempDir::new("canon-diff");
    let (src, dst) = (dir.path().join("docs.bin"), dir.path().join("python.bin"));
    let mut input = Vec::new();
    for t in &texts {
        input.extend_from_slice(&(t.len() as u32).to_le_bytes());
        input.extend_from_slice(t);
    }
    std::fs::write(&src, &input).unwrap();
    let status = python_script("canon_peer.py")
        .arg(&src)
        .arg(&dst)
        .status()
        .expect("run CPython");
    assert!(status.success(), "canon_peer.py failed: {status}");
    let peer = std::fs::read(&dst).unwrap();
    let mut reader = PeerReader {
        data: &peer,
        pos: 0,
    };

    let (mut accepted, mut encode_errors, mut mismatches) = (0usize, [0usize; 4], Vec::new());
    let (mut seal_form, mut mismatch_count) = (0usize, 0usize);
    for (i, t) in texts.iter().enumerate() {
        let py = reader.next();
        let rs = ours(t);
        if let Some(p) = &py {
            accepted += 1;
            for (m, o) in p.iter().enumerate() {
                encode_errors[m] += (*o == Outcome::EncodeError) as usize;
            }
        }
        match seal_form_claim_holds(t, &py) {
            Ok(claimed) => seal_form += claimed as usize,
            Err(e) => {
                mismatch_count += 1;
                if mismatches.len() < 20 {
                    mismatches.push(e);
                }
            }
        }
        let differing: Vec<usize> = match (&py, &rs) {
            (Some(p), Some(q)) => (0..4).filter(|&m| p[m] != q[m]).collect(),
            (None, None) => vec![],
            _ => vec![0],
        };
        for m in differing {
            mismatch_count += 1;
            if mismatches.len() < 20 {
                mismatches.push(format!(
                    "document #{i} {:?}\n  setting: {}\n  CPython: {}\n  core:    {}",
                    String::from_utf8_lossy(t),
                    MODES[m].1,
                    show(&py, m),
                    show(&rs, m)
                ));
            }
        }
    }
    assert_eq!(reader.pos, peer.len(), "trailing peer output");
    eprintln!(
        "compared {docs} documents x 4 settings with CPython: {accepted} accepted by both, {} \
         refused by both; lone-surrogate encode errors per setting {encode_errors:?}; {seal_form} \
         taken by the seal-form fast path, each equal to CPython's J",
        docs - accepted
    );
    assert!(
        seal_form > docs / 50,
        "seal-form texts not exercised: {seal_form}"
    );
    // The generator must actually reach the interesting cases.
    assert!(
        accepted > docs / 2 && accepted < docs,
        "accept/refuse mix is off: {accepted}/{docs}"
    );
    assert!(
        encode_errors[0] > 0 && encode_errors[1] == 0,
        "lone surrogates not exercised"
    );
    assert!(
        mismatch_count == 0,
        "{mismatch_count} mismatches (first 20 shown):\n{}",
        mismatches.join("\n")
    );
}
