//! Streaming chain verification of a sealed book with byte-exact prefix hashes (spec §3.2;
//! Appendix B step 4).
//!
//! The prefix hash of N lines is SHA-256 over the file's first N lines exactly as stored, each
//! with its LF; a last line without LF is not counted yet (it is a *partial tail*).

use crate::book::canon::{self, DumpOptions, JsonStr, Value};
use crate::book::canonical_form;
use crate::book::seal::{seal_and_link, SealLinkHasher, BOOKKEEPING_FIELDS};
use crate::hex;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// Longest line the streaming verifier buffers (bytes). A longer line is reported as a `json`
/// problem and skipped, while its bytes still count in the prefix hash.
pub const DEFAULT_MAX_LINE_BYTES: usize = 64 << 20;

/// Which of the Appendix B step 4 checks a problem belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Check {
    /// The line is not a JSON object Python could read and seal.
    Json,
    /// `n` is not the line's position.
    N,
    /// `prev` is not the previous line's link.
    Prev,
    /// `seal` is not SHA-256 of the content.
    Seal,
    /// `link` is not SHA-256 of the line without `link`.
    Link,
}

impl Check {
    pub fn name(self) -> &'static str {
        match self {
            Check::Json => "json",
            Check::N => "n",
            Check::Prev => "prev",
            Check::Seal => "seal",
            Check::Link => "link",
        }
    }
}

/// One failed check on one line.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Problem {
    /// 1-based line number in the file.
    pub line: u64,
    pub check: Check,
    pub message: String,
    /// What the check computed (a hash, a number), when there is one.
    pub expected: Option<String>,
    /// What the line holds, when there is one.
    pub found: Option<String>,
}

/// The prefix of the book at a requested line count.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Prefix {
    pub lines: u64,
    /// SHA-256 of the first `lines` lines as stored, each with its LF.
    pub sha256: String,
    /// The `link` field of line `lines` as stored, if that line has one.
    pub last_link: Option<String>,
    /// Bytes in the prefix.
    pub bytes: u64,
}

/// What the chain verification found.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct ChainReport {
    /// Every counted line passed every check. A partial tail alone does not make this false.
    pub ok: bool,
    /// Complete (LF-terminated) lines checked.
    pub lines: u64,
    /// Bytes in the complete lines.
    pub bytes: u64,
    pub first_bad_line: Option<u64>,
    /// The first problems found, in file order (at most `max_problems`).
    pub problems: Vec<Problem>,
    /// Problems found beyond `max_problems`.
    pub problems_omitted: u64,
    /// The file ends with bytes after its last LF; they are not counted or checked.
    pub partial_tail: bool,
    pub partial_tail_bytes: u64,
    /// SHA-256 of all complete lines.
    pub sha256: String,
    /// The `link` of the last complete line, as stored.
    pub last_link: Option<String>,
    /// Prefixes at the line counts requested in [`VerifyOptions::prefix_at`] that the book
    /// reached, in increasing order.
    pub prefixes: Vec<Prefix>,
}

impl ChainReport {
    /// The prefix at `lines`, if it was requested and the book has that many lines.
    pub fn prefix(&self, lines: u64) -> Option<&Prefix> {
        self.prefixes.iter().find(|p| p.lines == lines)
    }
}

/// Settings for [`ChainVerifier`].
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Line counts at which to record the prefix hash and last link (from stamped lists).
    pub prefix_at: Vec<u64>,
    /// How many problems to keep in the report; the rest are only counted.
    pub max_problems: usize,
    pub max_line_bytes: usize,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            prefix_at: Vec::new(),
            max_problems: 100,
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
        }
    }
}

/// Verifies a book fed as byte chunks of any size, holding only the current line.
///
/// Checks follow Appendix B step 4, line by line: `n` equals the position (Python `==`, so
/// `1.0` and `true` pass as 1 as they do there), `prev` equals the previous line's stored
/// `link`, `seal` and `link` equal the recomputed hashes. After a failed `n` or `prev` the
/// verifier resynchronises on the line's own `n` and `link`, so one deleted or inserted line
/// is reported once, where it happened, rather than on every line after it.
pub struct ChainVerifier {
    opts: VerifyOptions,
    wanted: Vec<u64>,
    next_wanted: usize,
    prefix: Sha256,
    /// Hash state for a line too long to buffer: the prefix plus the line so far.
    overlong: Option<Sha256>,
    /// Bytes of the overlong line so far.
    overlong_len: u64,
    buf: Vec<u8>,
    lines: u64,
    bytes: u64,
    expected_n: i64,
    expected_prev: Option<String>,
    last_link: Option<String>,
    problems: Vec<Problem>,
    problems_omitted: u64,
    first_bad_line: Option<u64>,
    prefixes: Vec<Prefix>,
    /// Scratch for the fast path's member spans.
    spans: Vec<canonical_form::MemberSpan>,
}

impl ChainVerifier {
    pub fn new(opts: VerifyOptions) -> Self {
        let mut wanted = opts.prefix_at.clone();
        wanted.sort_unstable();
        wanted.dedup();
        let mut v = ChainVerifier {
            opts,
            wanted,
            next_wanted: 0,
            prefix: Sha256::new(),
            overlong: None,
            overlong_len: 0,
            buf: Vec::new(),
            lines: 0,
            bytes: 0,
            expected_n: 1,
            expected_prev: Some(String::new()),
            last_link: None,
            problems: Vec::new(),
            problems_omitted: 0,
            first_bad_line: None,
            prefixes: Vec::new(),
            spans: Vec::new(),
        };
        v.snapshot_if_wanted();
        v
    }

    /// Complete lines checked so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Bytes of complete lines consumed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// True while no problem has been found.
    pub fn ok_so_far(&self) -> bool {
        self.first_bad_line.is_none()
    }

    /// Feeds the next chunk of the file.
    pub fn feed(&mut self, mut chunk: &[u8]) {
        let max = self.opts.max_line_bytes;
        while !chunk.is_empty() {
            let (piece, complete) = match memchr::memchr(b'\n', chunk) {
                Some(pos) => (&chunk[..=pos], true),
                None => (chunk, false),
            };
            chunk = &chunk[piece.len()..];
            if let Some(h) = self.overlong.as_mut() {
                h.update(piece);
                self.overlong_len += piece.len() as u64;
                if complete {
                    self.prefix = self.overlong.take().expect("checked above");
                    self.overlong_line();
                }
            } else if self.buf.len() + piece.len() > max {
                let mut h = self.prefix.clone();
                h.update(&self.buf);
                h.update(piece);
                self.overlong_len = (self.buf.len() + piece.len()) as u64;
                self.buf = Vec::new();
                if complete {
                    self.prefix = h;
                    self.overlong_line();
                } else {
                    self.overlong = Some(h);
                }
            } else if !complete {
                self.buf.extend_from_slice(piece);
            } else if self.buf.is_empty() {
                self.prefix.update(piece);
                self.line(piece);
            } else {
                let mut line = std::mem::take(&mut self.buf);
                line.extend_from_slice(piece);
                self.prefix.update(&line);
                self.line(&line);
                if line.capacity() <= 1 << 20 {
                    line.clear();
                    self.buf = line; // keep a modest allocation for the next line
                }
            }
        }
    }

    /// Ends the input and returns the report.
    pub fn finish(self) -> ChainReport {
        let tail = if self.overlong.is_some() {
            self.overlong_len
        } else {
            self.buf.len() as u64
        };
        ChainReport {
            ok: self.first_bad_line.is_none(),
            lines: self.lines,
            bytes: self.bytes,
            first_bad_line: self.first_bad_line,
            problems: self.problems,
            problems_omitted: self.problems_omitted,
            partial_tail: tail > 0,
            partial_tail_bytes: tail,
            sha256: hex::encode(&self.prefix.finalize()),
            last_link: self.last_link,
            prefixes: self.prefixes,
        }
    }

    fn problem(
        &mut self,
        check: Check,
        message: String,
        expected: Option<String>,
        found: Option<String>,
    ) {
        let line = self.lines;
        self.first_bad_line.get_or_insert(line);
        if self.problems.len() < self.opts.max_problems {
            self.problems.push(Problem {
                line,
                check,
                message,
                expected,
                found,
            });
        } else {
            self.problems_omitted += 1;
        }
    }

    fn snapshot_if_wanted(&mut self) {
        while self.next_wanted < self.wanted.len() && self.wanted[self.next_wanted] <= self.lines {
            if self.wanted[self.next_wanted] == self.lines {
                self.prefixes.push(Prefix {
                    lines: self.lines,
                    sha256: hex::encode(&self.prefix.clone().finalize()),
                    last_link: self.last_link.clone(),
                    bytes: self.bytes,
                });
            }
            self.next_wanted += 1;
        }
    }

    /// A line longer than `max_line_bytes`: counted, hashed, reported, not parsed.
    fn overlong_line(&mut self) {
        let len = std::mem::take(&mut self.overlong_len);
        self.lines += 1;
        self.bytes += len;
        let max = self.opts.max_line_bytes;
        self.problem(
            Check::Json,
            format!("line is {len} bytes, longer than the {max}-byte limit; not parsed"),
            None,
            None,
        );
        self.after_unreadable_line();
    }

    fn after_unreadable_line(&mut self) {
        self.expected_n += 1;
        self.expected_prev = None;
        self.last_link = None;
        self.snapshot_if_wanted();
    }

    /// Checks one complete line (`bytes` ends with LF).
    fn line(&mut self, bytes: &[u8]) {
        self.lines += 1;
        self.bytes += bytes.len() as u64;
        let text = &bytes[..bytes.len() - 1];
        // A CR that does not end the line would split it under Python's universal newlines.
        let body = text.strip_suffix(b"\r").unwrap_or(text);
        if let Some(at) = memchr::memchr(b'\r', body) {
            self.problem(
                Check::Json,
                format!(
                    "bare CR at byte {at} of the line: Python's universal newlines would split \
                     the line there, so the reference cannot read it as one JSON line"
                ),
                None,
                None,
            );
            return self.after_unreadable_line();
        }
        let fields = match self.fields_of_canonical(text) {
            Some(f) => f,
            None => match fields_of_any_spelling(text) {
                Ok(f) => f,
                Err(message) => {
                    self.problem(Check::Json, message, None, None);
                    return self.after_unreadable_line();
                }
            },
        };
        self.check_n(&fields);
        self.check_prev(&fields);
        self.check_seal_and_link(&fields);
        self.last_link = fields
            .link
            .as_ref()
            .and_then(Value::as_str)
            .map(str::to_owned);
        self.expected_prev = self.last_link.clone();
        self.snapshot_if_wanted();
    }

    /// The fast path: a line stored exactly as `J(line)` (as [`BookWriter`] writes it) is
    /// hashed from its own bytes, without building a tree (see [`crate::book::canonical_form`]).
    fn fields_of_canonical(&mut self, text: &[u8]) -> Option<LineFields> {
        if !canonical_form::seal_form_members(text, &mut self.spans) {
            return None;
        }
        let mut hasher = SealLinkHasher::new();
        let mut fields = LineFields::default();
        for span in &self.spans {
            let key = &text[span.key.clone()];
            hasher.member(key, &text[span.member.clone()]);
            if let Some(slot) = fields.slot(key) {
                *slot = Some(bookkeeping_value(&text[span.value.clone()])?);
            }
        }
        (fields.seal_hash, fields.link_hash) = hasher.finish();
        Some(fields)
    }

    fn check_n(&mut self, fields: &LineFields) {
        let expected = self.expected_n;
        match &fields.n {
            None => self.problem(
                Check::N,
                "missing field n".into(),
                Some(expected.to_string()),
                None,
            ),
            Some(v) if v.py_eq_int(expected) => {}
            Some(v) => {
                // After an earlier gap the count follows the book's own n, so say where the
                // expected value comes from rather than call it the line's position.
                let why = if self.lines == 1 {
                    "the first line's n must be 1".to_string()
                } else if expected as u64 == self.lines {
                    format!("n is not the line's position {expected}")
                } else {
                    format!("n is not {expected}, one more than the previous line's n")
                };
                self.problem(Check::N, why, Some(expected.to_string()), Some(display(v)))
            }
        }
        // Resynchronise on the line's own n, so a gap is reported once.
        self.expected_n = match &fields.n {
            Some(Value::Int(i)) => i.to_i64().map_or(expected + 1, |n| n.saturating_add(1)),
            _ => expected + 1,
        };
    }

    fn check_prev(&mut self, fields: &LineFields) {
        let Some(expected) = self.expected_prev.take() else {
            return; // the previous line could not be read; its problem is already reported
        };
        match &fields.prev {
            None => self.problem(
                Check::Prev,
                "missing field prev".into(),
                Some(expected),
                None,
            ),
            Some(Value::Str(s)) if s.as_wtf8() == expected.as_bytes() => {}
            Some(v) => {
                let msg = if self.lines == 1 {
                    "prev of line 1 must be the empty string".to_string()
                } else {
                    format!("prev is not the link of line {}", self.lines - 1)
                };
                self.problem(Check::Prev, msg, Some(expected), Some(display(v)))
            }
        }
    }

    fn check_seal_and_link(&mut self, fields: &LineFields) {
        for (check, stored, digest) in [
            (Check::Seal, &fields.seal, fields.seal_hash),
            (Check::Link, &fields.link, fields.link_hash),
        ] {
            if let Some(Value::Str(s)) = stored {
                if hex::matches(&digest, s.as_wtf8()) {
                    continue;
                }
            }
            let computed = hex::encode(&digest);
            let field = check.name();
            match stored {
                None => self.problem(
                    check,
                    format!("missing field {field}"),
                    Some(computed),
                    None,
                ),
                Some(v) => {
                    let what = if check == Check::Seal {
                        "seal is not SHA-256 of the line's content"
                    } else {
                        "link is not SHA-256 of the line without its link"
                    };
                    self.problem(check, what.into(), Some(computed), Some(display(v)))
                }
            }
        }
    }
}

/// A bookkeeping field's value from its seal-form text: the usual shapes (a decimal `n`, a
/// hex string without escapes) directly, anything else through the parser.
fn bookkeeping_value(text: &[u8]) -> Option<Value> {
    if let [b'"', inner @ .., b'"'] = text {
        if !inner.contains(&b'\\') {
            return Some(Value::Str(JsonStr::from(std::str::from_utf8(inner).ok()?)));
        }
    } else if let Some(n) = std::str::from_utf8(text)
        .ok()
        .and_then(|t| t.parse::<i64>().ok())
    {
        return Some(Value::Int(canon::Int::from(n)));
    }
    canon::parse(text).ok()
}

/// What the checks of one line need: its bookkeeping fields and its recomputed hashes.
#[derive(Default)]
struct LineFields {
    n: Option<Value>,
    prev: Option<Value>,
    seal: Option<Value>,
    link: Option<Value>,
    seal_hash: [u8; 32],
    link_hash: [u8; 32],
}

impl LineFields {
    fn slot(&mut self, key: &[u8]) -> Option<&mut Option<Value>> {
        match key {
            b"n" => Some(&mut self.n),
            b"prev" => Some(&mut self.prev),
            b"seal" => Some(&mut self.seal),
            b"link" => Some(&mut self.link),
            _ => None,
        }
    }
}

/// The general path: parse the line as `json.loads` would, then re-serialize (spec §3.2: the
/// stored spelling is irrelevant). The error is the `json` problem's message.
fn fields_of_any_spelling(text: &[u8]) -> Result<LineFields, String> {
    let value = canon::parse(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let Value::Object(obj) = value else {
        return Err(format!(
            "line is a JSON {}, not an object",
            value.type_name()
        ));
    };
    let (seal_hash, link_hash) =
        seal_and_link(&obj).map_err(|e| format!("cannot be sealed: {e}"))?;
    let mut fields = LineFields {
        seal_hash,
        link_hash,
        ..Default::default()
    };
    for key in BOOKKEEPING_FIELDS {
        *fields.slot(key.as_bytes()).expect("bookkeeping key") = obj.get(key).cloned();
    }
    Ok(fields)
}

/// A field value for messages: strings as they are, anything else as `J` would write it.
fn display(v: &Value) -> String {
    match v {
        Value::Str(s) => String::from_utf8_lossy(s.as_wtf8()).into_owned(),
        other => canon::to_bytes(other, DumpOptions::PYTHON_DEFAULT)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default(),
    }
}

/// Verifies a whole book held in memory (convenience over [`ChainVerifier`]).
pub fn verify(book: &[u8], opts: VerifyOptions) -> ChainReport {
    let mut v = ChainVerifier::new(opts);
    v.feed(book);
    v.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::Object;
    use crate::book::writer::BookWriter;

    fn obj(text: &str) -> Object {
        match canon::parse(text.as_bytes()).unwrap() {
            Value::Object(o) => o,
            _ => panic!("not an object"),
        }
    }

    fn book(n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let c = obj(&format!(
                r#"{{"at": "2026-10-20T12:31:{:02}Z", "kind": "answer", "p": {}, "seat": "é{i}"}}"#,
                i % 60,
                i as f64 / 7.0
            ));
            out.extend_from_slice(&w.append(&c).unwrap().bytes);
        }
        out
    }

    fn lines(b: &[u8]) -> Vec<Vec<u8>> {
        b.split_inclusive(|c| *c == b'\n')
            .map(|l| l.to_vec())
            .collect()
    }

    #[test]
    fn sealed_book_verifies_in_any_chunking() {
        let b = book(50);
        let whole = verify(
            &b,
            VerifyOptions {
                prefix_at: vec![0, 10, 50, 51],
                ..Default::default()
            },
        );
        assert!(whole.ok, "{:?}", whole.problems);
        assert_eq!(whole.lines, 50);
        assert!(!whole.partial_tail);
        assert_eq!(whole.prefixes.len(), 3);
        assert_eq!(
            whole.prefix(0).unwrap().sha256,
            hex::encode(&Sha256::digest(b""))
        );
        let first10: Vec<u8> = lines(&b)[..10].concat();
        assert_eq!(
            whole.prefix(10).unwrap().sha256,
            hex::encode(&Sha256::digest(&first10))
        );
        for chunk in [1, 2, 7, 64, 1000] {
            let mut v = ChainVerifier::new(VerifyOptions {
                prefix_at: vec![0, 10, 50, 51],
                ..Default::default()
            });
            for c in b.chunks(chunk) {
                v.feed(c);
            }
            assert_eq!(v.finish(), whole, "chunk size {chunk}");
        }
    }

    #[test]
    fn partial_tail_is_not_counted() {
        let mut b = book(3);
        let full = verify(&b, VerifyOptions::default());
        b.extend_from_slice(b"{\"n\": 4");
        let r = verify(&b, VerifyOptions::default());
        assert!(r.ok);
        assert_eq!(r.lines, 3);
        assert!(r.partial_tail);
        assert_eq!(r.partial_tail_bytes, 7);
        assert_eq!(r.sha256, full.sha256);
    }

    fn first(r: &ChainReport) -> (u64, Vec<Check>) {
        let l = r.first_bad_line.unwrap();
        (
            l,
            r.problems
                .iter()
                .filter(|p| p.line == l)
                .map(|p| p.check)
                .collect(),
        )
    }

    #[test]
    fn tampering_is_caught_and_located() {
        let b = book(10);
        let ls = lines(&b);
        // Deleted line 4.
        let del: Vec<u8> = ls
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 3)
            .flat_map(|(_, l)| l.clone())
            .collect();
        let r = verify(&del, VerifyOptions::default());
        assert_eq!(first(&r), (4, vec![Check::N, Check::Prev]));
        assert_eq!(
            r.problems.len(),
            2,
            "a deletion is reported once: {:?}",
            r.problems
        );
        // Swapped lines 5 and 6.
        let mut sw = ls.clone();
        sw.swap(4, 5);
        let r = verify(&sw.concat(), VerifyOptions::default());
        assert_eq!(first(&r), (5, vec![Check::N, Check::Prev]));
        assert!(
            r.problems[0].message.contains("position 5"),
            "{:?}",
            r.problems[0]
        );
        let after = r
            .problems
            .iter()
            .find(|p| p.line == 6 && p.check == Check::N)
            .unwrap();
        assert!(
            after
                .message
                .contains("one more than the previous line's n"),
            "{after:?}"
        );
        // Edited value on line 7.
        let mut ed = ls.clone();
        ed[6] = String::from_utf8(ed[6].clone())
            .unwrap()
            .replace("answer", "answeR")
            .into_bytes();
        let r = verify(&ed.concat(), VerifyOptions::default());
        assert_eq!(first(&r), (7, vec![Check::Seal, Check::Link]));
        assert_eq!(r.problems.len(), 2);
        // Edited seal on line 2: the link covers the seal, so both fail.
        let mut es = ls.clone();
        let mut o = obj(std::str::from_utf8(&es[1]).unwrap());
        o.insert("seal", Value::Str(JsonStr::from("00".repeat(32).as_str())));
        es[1] = [
            canon::to_bytes(&Value::Object(o), DumpOptions::SEAL).unwrap(),
            b"\n".to_vec(),
        ]
        .concat();
        let r = verify(&es.concat(), VerifyOptions::default());
        assert_eq!(first(&r), (2, vec![Check::Seal, Check::Link]));
        let p = &r.problems[0];
        assert_eq!(p.found.as_deref(), Some("00".repeat(32).as_str()));
        // Not JSON.
        let mut nj = ls.clone();
        nj[2] = b"{not json}\n".to_vec();
        let r = verify(&nj.concat(), VerifyOptions::default());
        assert_eq!(first(&r), (3, vec![Check::Json]));
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    }

    /// Re-spells every line (ensure_ascii, so no line is in seal form): forces the general path.
    fn respell(book: &[u8]) -> Vec<u8> {
        lines(book)
            .iter()
            .flat_map(|l| match canon::parse(&l[..l.len() - 1]) {
                Ok(v) => [
                    canon::to_bytes(&v, DumpOptions::PYTHON_DEFAULT).unwrap(),
                    b"\n".to_vec(),
                ]
                .concat(),
                Err(_) => l.clone(),
            })
            .collect()
    }

    #[test]
    fn fast_and_general_paths_agree() {
        let b = book(12);
        let ls = lines(&b);
        let mut cases = vec![b.clone()];
        let mut swapped = ls.clone();
        swapped.swap(3, 4);
        cases.push(swapped.concat());
        let mut edited = ls.clone();
        edited[7] = String::from_utf8(edited[7].clone())
            .unwrap()
            .replace("answer", "answeR")
            .into_bytes();
        cases.push(edited.concat());
        cases.push(
            ls.iter()
                .enumerate()
                .filter(|(i, _)| *i != 5)
                .flat_map(|(_, l)| l.clone())
                .collect(),
        );
        for case in cases {
            let fast = verify(&case, VerifyOptions::default());
            let respelled = respell(&case);
            assert_ne!(respelled, case);
            let general = verify(&respelled, VerifyOptions::default());
            assert_eq!(
                (fast.ok, fast.lines, &fast.problems),
                (general.ok, general.lines, &general.problems)
            );
        }
    }

    #[test]
    fn stored_spelling_is_irrelevant_to_the_seal() {
        // Re-spell line 1 with other whitespace, key order and number spelling: still valid.
        let b = book(2);
        let l1 = lines(&b)[0].clone();
        let o = obj(std::str::from_utf8(&l1).unwrap());
        let mut respelled =
            canon::to_bytes(&Value::Object(o), DumpOptions::PYTHON_DEFAULT).unwrap();
        respelled.push(b'\n');
        assert_ne!(respelled, l1);
        let r = verify(
            &[respelled, lines(&b)[1].clone()].concat(),
            VerifyOptions::default(),
        );
        assert!(r.ok, "{:?}", r.problems);
    }

    #[test]
    fn bare_cr_and_overlong_lines_are_reported() {
        let r = verify(b"{\"a\": 1}\r{\"b\": 2}\n", VerifyOptions::default());
        assert_eq!(r.problems[0].check, Check::Json);
        assert!(r.problems[0].message.contains("bare CR"));
        let b = book(3);
        let opts = VerifyOptions {
            max_line_bytes: 40,
            prefix_at: vec![3],
            ..Default::default()
        };
        let mut v = ChainVerifier::new(opts.clone());
        for c in b.chunks(5) {
            v.feed(c);
        }
        let r = v.finish();
        assert_eq!(r.lines, 3);
        assert_eq!(r.sha256, hex::encode(&Sha256::digest(&b)));
        assert_eq!(r.prefix(3).unwrap().sha256, r.sha256);
        assert!(r.problems.iter().all(|p| p.check == Check::Json));
    }
}
