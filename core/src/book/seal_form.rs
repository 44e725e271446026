//! Writing `J(v)` straight from any spelling of `v`: the middle path of chain verification.
//!
//! Spec §3.2 seals `J(c)` whatever spelling the stored line uses. A line already stored as
//! `J(line)` is hashed from its own bytes ([`crate::book::canonical_form`]); any other line
//! must be re-serialized. [`SealForm::members`] does that without building a tree: it reads
//! the stored text once and writes each top-level member's seal form (`"key": value` as
//! `json.dumps(..., sort_keys=True, ensure_ascii=False)` writes it inside an object) into one
//! buffer: escapes decoded and re-escaped as `J` escapes, integers in canonical decimal,
//! fractions and exponents through `float()` and `float.__repr__`
//! ([`crate::book::canon::write_float`]), nested objects sorted, and the top-level members
//! sorted by their decoded keys with the last of duplicate keys kept, as `json.loads` keeps it.
//!
//! It declines (returns false) every text that [`crate::book::canon::parse`] refuses or `J`
//! cannot write: invalid UTF-8, any syntax error, a lone surrogate (no UTF-8 seal form),
//! nesting deeper than [`MAX_DEPTH`], an integer longer than [`MAX_INT_DIGITS`]. It also
//! declines a lone surrogate in a value that a later duplicate key shadows, which `J` never
//! writes. The caller then takes the general path, which words the error or seals the line. The
//! property this module must keep, tested against the general path: if it accepts a text `t`
//! whose value is the object `o`, its members are `write_member(k, v, SEAL)` for the members
//! of `o` in `o`'s order.

use crate::book::canon::{hex4, scan_number, write_float, NumberSpan, MAX_DEPTH, MAX_INT_DIGITS};
use crate::book::canonical_form::{short_positional_is_repr, CONTROL, STRING_BYTE};
use std::ops::Range;

/// One top-level member in seal form, in [`SealForm`]'s buffers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The decoded key (UTF-8), in [`SealForm::key`].
    key: Range<usize>,
    /// `"key": value` in seal form, in [`SealForm::text`].
    member: Range<usize>,
    /// Where the value starts inside `member`.
    value_start: usize,
}

/// Scratch buffers reused from line to line; [`SealForm::members`] fills them.
#[derive(Default)]
pub struct SealForm {
    out: Vec<u8>,
    keys: Vec<u8>,
    entries: Vec<Member>,
    tmp: Vec<u8>,
    sorted: Vec<Member>,
}

impl SealForm {
    /// Empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// If `text` is JSON for an object that `J` can write, fills the buffers with its
    /// top-level members in `J`'s order (sorted by decoded key, duplicates resolved) and
    /// returns true; otherwise returns false.
    pub fn members(&mut self, text: &[u8]) -> bool {
        self.out.clear();
        self.keys.clear();
        self.entries.clear();
        if std::str::from_utf8(text).is_err() {
            return false;
        }
        let mut w = Writer {
            s: text,
            i: 0,
            f: self,
        };
        w.skip_ws();
        if w.s.get(w.i) != Some(&b'{') {
            return false;
        }
        if !w.object_members(1) {
            return false;
        }
        w.skip_ws();
        if w.i != text.len() {
            return false;
        }
        sort_members(&self.keys, &mut self.entries, &mut self.sorted, 0);
        true
    }

    /// The members found by the last successful [`SealForm::members`], in `J`'s order.
    pub fn iter(&self) -> impl Iterator<Item = &Member> {
        self.entries.iter()
    }

    /// A member's decoded key.
    pub fn key(&self, m: &Member) -> &[u8] {
        &self.keys[m.key.clone()]
    }

    /// A member's `"key": value` in seal form.
    pub fn text(&self, m: &Member) -> &[u8] {
        &self.out[m.member.clone()]
    }

    /// A member's value in seal form.
    pub fn value(&self, m: &Member) -> &[u8] {
        &self.out[m.value_start..m.member.end]
    }
}

/// Sorts `entries[base..]` by decoded key, stably, and keeps the last of each run of equal
/// keys (`json.loads` keeps the last value of a duplicated key).
fn sort_members(keys: &[u8], entries: &mut Vec<Member>, sorted: &mut Vec<Member>, base: usize) {
    let key = |m: &Member| &keys[m.key.clone()];
    let run = &entries[base..];
    if run.windows(2).all(|w| key(&w[0]) < key(&w[1])) {
        return;
    }
    // Strictly descending after the first member: reversed, then the first member put in its
    // place, or dropped when a later member has its key.
    if run.len() > 2 && run[1..].windows(2).all(|w| key(&w[0]) > key(&w[1])) {
        entries[base + 1..].reverse();
        let first = entries[base].clone();
        let rest = &entries[base + 1..];
        match rest.binary_search_by(|m| key(m).cmp(key(&first))) {
            Ok(_) => {
                entries.remove(base);
            }
            Err(at) => entries[base..=base + at].rotate_left(1),
        }
        return;
    }
    sorted.clear();
    sorted.extend(entries.drain(base..));
    sorted.sort_by(|a, b| key(a).cmp(key(b)));
    for m in sorted.drain(..) {
        if entries.len() > base && entries.last().is_some_and(|last| key(last) == key(&m)) {
            *entries.last_mut().expect("checked") = m;
        } else {
            entries.push(m);
        }
    }
}

struct Writer<'a, 'f> {
    s: &'a [u8],
    i: usize,
    f: &'f mut SealForm,
}

impl Writer<'_, '_> {
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn literal(&mut self, lit: &[u8]) -> bool {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            self.f.out.extend_from_slice(lit);
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> bool {
        match self.s.get(self.i) {
            Some(b'"') => self.string(false),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'n') => self.literal(b"null"),
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'N') => self.literal(b"NaN"),
            Some(b'I') => self.literal(b"Infinity"),
            Some(b'-') if self.s[self.i..].starts_with(b"-Infinity") => self.literal(b"-Infinity"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => false,
        }
    }

    fn array(&mut self, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        self.i += 1; // '['
        self.f.out.push(b'[');
        self.skip_ws();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            self.f.out.push(b']');
            return true;
        }
        loop {
            self.skip_ws();
            if !self.value(depth) {
                return false;
            }
            self.skip_ws();
            match self.s.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.f.out.extend_from_slice(b", ");
                }
                Some(b']') => {
                    self.i += 1;
                    self.f.out.push(b']');
                    return true;
                }
                _ => return false,
            }
        }
    }

    /// Reads an object's members (at `{`), each written to `out` in seal form and recorded
    /// in `entries` after those already there.
    fn object_members(&mut self, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        self.i += 1; // '{'
        self.skip_ws();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return true;
        }
        loop {
            self.skip_ws();
            if self.s.get(self.i) != Some(&b'"') {
                return false;
            }
            let start = self.f.out.len();
            let key_start = self.f.keys.len();
            if !self.string(true) {
                return false;
            }
            let key = key_start..self.f.keys.len();
            self.skip_ws();
            if self.s.get(self.i) != Some(&b':') {
                return false;
            }
            self.i += 1;
            self.f.out.extend_from_slice(b": ");
            let value_start = self.f.out.len();
            self.skip_ws();
            if !self.value(depth) {
                return false;
            }
            self.f.entries.push(Member {
                key,
                member: start..self.f.out.len(),
                value_start,
            });
            self.skip_ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return true;
                }
                _ => return false,
            }
        }
    }

    /// A nested object: its members are written, then sorted and joined in place.
    fn object(&mut self, depth: usize) -> bool {
        let base = self.f.entries.len();
        let keys_base = self.f.keys.len();
        let start = self.f.out.len();
        if !self.object_members(depth) {
            return false;
        }
        let f = &mut *self.f;
        sort_members(&f.keys, &mut f.entries, &mut f.sorted, base);
        f.tmp.clear();
        f.tmp.extend_from_slice(&f.out[start..]);
        f.out.truncate(start);
        f.out.push(b'{');
        for (k, m) in f.entries[base..].iter().enumerate() {
            if k > 0 {
                f.out.extend_from_slice(b", ");
            }
            f.out
                .extend_from_slice(&f.tmp[m.member.start - start..m.member.end - start]);
        }
        f.out.push(b'}');
        f.entries.truncate(base);
        f.keys.truncate(keys_base);
        true
    }

    /// CPython's number grammar (see [`crate::book::canon`]), written as `J` writes the value.
    fn number(&mut self) -> bool {
        let start = self.i;
        let Some(NumberSpan {
            end,
            int_end,
            is_float,
        }) = scan_number(self.s, start)
        else {
            return false;
        };
        self.i = end;
        let neg = self.s[start] == b'-';
        let text = &self.s[start..self.i];
        if is_float {
            if short_positional_is_repr(&self.s[start + neg as usize..self.i]) == Some(true) {
                // Already spelled as `float.__repr__` spells it.
                self.f.out.extend_from_slice(text);
                return true;
            }
            let Some(f) = std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.parse::<f64>().ok())
            else {
                return false;
            };
            write_float(&mut self.f.out, f);
            return true;
        }
        let mag = &self.s[start + neg as usize..int_end];
        if mag.len() > MAX_INT_DIGITS {
            return false;
        }
        if neg && mag != b"0" {
            self.f.out.push(b'-');
        }
        self.f.out.extend_from_slice(mag);
        true
    }

    /// A string (at its opening quote) written as `J` writes it; a key's decoded text is also
    /// appended to `keys`. Declines raw control characters, bad escapes and lone surrogates.
    fn string(&mut self, is_key: bool) -> bool {
        self.i += 1; // opening quote
        self.f.out.push(b'"');
        loop {
            let rest = &self.s[self.i..];
            // The input is valid UTF-8, so a run without quote, backslash or control is
            // written as it is (J escapes only those, and surrogates, which UTF-8 cannot hold).
            let run = rest
                .iter()
                .position(|&c| STRING_BYTE[c as usize] >= CONTROL)
                .unwrap_or(rest.len());
            self.f.out.extend_from_slice(&rest[..run]);
            if is_key {
                self.f.keys.extend_from_slice(&rest[..run]);
            }
            self.i += run;
            match self.s.get(self.i) {
                Some(b'"') => {
                    self.i += 1;
                    self.f.out.push(b'"');
                    return true;
                }
                Some(b'\\') => {}
                _ => return false, // unterminated, or a raw control character
            }
            let cp = match self.s.get(self.i + 1) {
                Some(b'"') => 0x22,
                Some(b'\\') => 0x5C,
                Some(b'/') => 0x2F,
                Some(b'b') => 0x08,
                Some(b'f') => 0x0C,
                Some(b'n') => 0x0A,
                Some(b'r') => 0x0D,
                Some(b't') => 0x09,
                Some(b'u') => {
                    let Some(mut cp) = hex4(self.s, self.i + 2) else {
                        return false;
                    };
                    if (0xD800..0xDC00).contains(&cp)
                        && self
                            .s
                            .get(self.i + 6..)
                            .is_some_and(|r| r.starts_with(b"\\u"))
                    {
                        if let Some(lo @ 0xDC00..=0xDFFF) = hex4(self.s, self.i + 8) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            self.i += 6;
                        }
                    }
                    if (0xD800..0xE000).contains(&cp) {
                        return false; // a lone surrogate has no UTF-8 seal form
                    }
                    self.i += 4;
                    cp
                }
                _ => return false,
            };
            self.i += 2;
            if (0x20..0x80).contains(&cp) && cp != 0x22 && cp != 0x5C {
                // Printable ASCII other than quote and backslash: written as the byte itself.
                let b = cp as u8;
                self.f.out.push(b);
                if is_key {
                    self.f.keys.push(b);
                }
                continue;
            }
            let ch = char::from_u32(cp).expect("not a surrogate");
            if is_key {
                let mut b = [0; 4];
                self.f
                    .keys
                    .extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
            }
            write_char(&mut self.f.out, ch);
        }
    }
}

/// One character inside a string as `J` writes it (`c_encode_basestring`).
fn write_char(out: &mut Vec<u8>, ch: char) {
    match ch {
        '"' => out.extend_from_slice(b"\\\""),
        '\\' => out.extend_from_slice(b"\\\\"),
        '\n' => out.extend_from_slice(b"\\n"),
        '\r' => out.extend_from_slice(b"\\r"),
        '\t' => out.extend_from_slice(b"\\t"),
        '\u{8}' => out.extend_from_slice(b"\\b"),
        '\u{c}' => out.extend_from_slice(b"\\f"),
        c if (c as u32) < 0x20 => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(c as usize) >> 4]);
            out.push(HEX[(c as usize) & 0xF]);
        }
        c => {
            let mut b = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::{self, write_member, DumpOptions, Value};

    /// The general path's members of `text`, or None when it cannot parse or seal it.
    fn general(text: &str) -> Option<Vec<(Vec<u8>, Vec<u8>)>> {
        let Ok(Value::Object(o)) = canon::parse(text.as_bytes()) else {
            return None;
        };
        o.iter()
            .map(|(k, v)| {
                let mut m = Vec::new();
                write_member(&mut m, k, v, DumpOptions::SEAL).ok()?;
                Some((k.as_wtf8().to_vec(), m))
            })
            .collect()
    }

    fn ours(text: &str) -> Option<Vec<(Vec<u8>, Vec<u8>)>> {
        let mut f = SealForm::new();
        if !f.members(text.as_bytes()) {
            return None;
        }
        Some(
            f.iter()
                .map(|m| {
                    let t = f.text(m);
                    let v = f.value(m);
                    assert!(t.ends_with(v));
                    (f.key(m).to_vec(), t.to_vec())
                })
                .collect(),
        )
    }

    fn agree(text: &str) {
        assert_eq!(ours(text), general(text), "{text}");
    }

    #[test]
    fn writes_what_the_general_path_writes() {
        for t in [
            r#"{"b": 1, "a": 2}"#,
            r#"{"a":1,"a":2,"A":3}"#,
            r#" {"z": [1.50, 1E2, -0, -0.0, 5.00e-1, 1.250E+3, NaN, -Infinity, Infinity]} "#,
            r#"{"\u00e9\u4e2d": "\u00E9\/\"\\\b\f\n\r\t\u0001\u001f\u007f", "e": "\ud83d\ude00"}"#,
            r#"{"o": {"y": {"b": [], "a": {}}, "x": null, "y": true, "\u0079": false}, "": 0}"#,
            r#"{"k": "é中😀", "é": 1, "e\u0301": 2, "\ud7ff": 3, "\ue000": 4}"#,
            r#"{"n": 3, "prev": "ab", "seal": "cd", "link": "ef", "a": [[{"c": 1, "b": 2}]]}"#,
            "{\"a\":\t1 ,\r\n\"b\" :2}",
            r#"{"big": 123456789012345678901234567890, "neg": -12, "e": 1e400, "t": 1e-400}"#,
        ] {
            assert!(ours(t).is_some(), "{t}");
            agree(t);
        }
    }

    #[test]
    fn declines_what_the_general_path_cannot_seal() {
        for t in [
            r#"{"a": "\ud800"}"#,
            r#"{"\udc00": 1}"#,
            r#"{"a": "\ud800\u0041"}"#,
            r#"{"a": 01}"#,
            r#"{"a": 1,}"#,
            r#"{"a": "x"} x"#,
            r#"[1]"#,
            "{\"a\": \"\x01\"}",
            r#"{"a": "\x"}"#,
            r#"{"a": "\u12"}"#,
            r#"{"a": -}"#,
            r#"{"a": nul}"#,
            r#"{"a" 1}"#,
            r#"{"a": "x}"#,
            "\u{feff}{}",
        ] {
            assert_eq!(ours(t), None, "{t}");
        }
        assert!(!SealForm::new().members(b"{\"a\": \"\xff\"}"));
        let deep = format!(
            "{{\"a\": {}{}}}",
            "[".repeat(MAX_DEPTH),
            "]".repeat(MAX_DEPTH)
        );
        assert_eq!(ours(&deep), None);
        let long = format!("{{\"a\": {}}}", "9".repeat(MAX_INT_DIGITS + 1));
        assert_eq!(ours(&long), None);
        // A lone surrogate shadowed by a later duplicate: declined, though the tree path seals.
        let shadowed = r#"{"a": "\ude00", "a": null}"#;
        assert_eq!(ours(shadowed), None);
        assert!(general(shadowed).is_some());
    }

    #[test]
    fn agrees_on_generated_spellings() {
        // A small deterministic generator over atoms, keys and nesting; the chain's tests and
        // the CPython differential test cover the verifier end to end.
        let atoms = [
            "0",
            "-0",
            "-1",
            "10",
            "1.5",
            "1.50",
            "1e-05",
            "1E+16",
            "0.1",
            "-0.0",
            "NaN",
            "true",
            "null",
            "\"\"",
            "\"a\\u00e9\"",
            "\"\\ud83d\\ude00\"",
            "\"\\/\\n\"",
            "\"中\"",
            "[]",
            "{}",
            "1e22",
            "123456789.123456789",
        ];
        let keys = [
            "a", "b", "\\u0061", "é", "\\u00e9", "n", "link", "", "\\\"", "z",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..3000 {
            let mut t = String::from("{");
            for m in 0..next(6) {
                if m > 0 {
                    t.push_str([",", ", ", " ,\n"][next(3)]);
                }
                t.push_str(&format!("\"{}\":", keys[next(keys.len())]));
                match next(4) {
                    0 => t.push_str(&format!(
                        "{{\"{}\": {}, \"{}\": [{}, {}]}}",
                        keys[next(keys.len())],
                        atoms[next(atoms.len())],
                        keys[next(keys.len())],
                        atoms[next(atoms.len())],
                        atoms[next(atoms.len())]
                    )),
                    _ => t.push_str(atoms[next(atoms.len())]),
                }
            }
            t.push('}');
            agree(&t);
        }
    }
}
