//! Recognising text that is already `J(v)`: the fast path of chain verification.
//!
//! Spec §3.2 seals `J(c)`, whatever spelling the stored line uses, so a verifier must parse
//! and re-serialize. But the book writer stores `J(line)` itself, and for such a line
//! `J(content)` and `J(line without link)` are made of the line's own top-level members,
//! byte for byte. [`seal_form_members`] checks that a text is exactly
//! `json.dumps(v, sort_keys=True, ensure_ascii=False)` of the object `v` it spells and returns
//! the members' byte ranges, so the verifier can hash slices of the stored line instead of
//! building and re-writing a tree. Any other spelling (other whitespace or key order, `1.50`,
//! `\/`, escaped non-ASCII, a key with an escape, ...) is declined, and the caller takes the
//! general path through [`crate::book::canon`]. The property this module must keep, tested against
//! the general path: if it accepts a text `t`, then `to_bytes(parse(t), SEAL) == t`.

use crate::book::canon::MAX_DEPTH;
use std::ops::Range;

/// One top-level member of a canonical object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberSpan {
    /// The key's text between its quotes (no escapes: keys with escapes are declined).
    pub key: Range<usize>,
    /// `"key": value`, from the key's opening quote to the end of the value.
    pub member: Range<usize>,
    /// The value's text.
    pub value: Range<usize>,
}

/// If `text` is exactly `J(v)` for a JSON object `v` (so also valid UTF-8), fills `members`
/// with its top-level members in order and returns true.
pub fn seal_form_members(text: &[u8], members: &mut Vec<MemberSpan>) -> bool {
    members.clear();
    let mut s = Scanner { s: text, i: 0 };
    if s.peek() != Some(b'{') {
        return false;
    }
    s.object(1, Some(members)) && s.i == text.len()
}

/// Classes of bytes inside a string, for [`Scanner::string`] and
/// [`crate::book::seal_form`]'s string runs: a run of raw text ends at the first byte whose
/// class is [`CONTROL`] or more.
const PLAIN: u8 = 0;
const HIGH: u8 = 1;
pub(crate) const CONTROL: u8 = 2;
const QUOTE_OR_BACKSLASH: u8 = 3;

pub(crate) const STRING_BYTE: [u8; 256] = {
    let mut t = [PLAIN; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = if c < 0x20 {
            CONTROL
        } else if c == b'"' as usize || c == b'\\' as usize {
            QUOTE_OR_BACKSLASH
        } else if c >= 0x80 {
            HIGH
        } else {
            PLAIN
        };
        c += 1;
    }
    t
};

/// The high bit of each byte of a `u64`.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// `0x01` in each byte of a `u64`.
const EACH_BYTE: u64 = 0x0101_0101_0101_0101;

/// Whether any of the eight bytes of `word` would end a run of raw string text: a quote, a
/// backslash or a control below 0x20 (the bytes [`STRING_BYTE`] classes [`CONTROL`] or more).
/// Each test is the exact "some byte is below n" word trick for n <= 0x80: a borrow can only
/// flag a byte above one that is truly below n, so the answer for the word is exact.
#[inline]
fn ends_run(word: u64) -> bool {
    let below = |v: u64, n: u64| v.wrapping_sub(EACH_BYTE * n) & !v & HIGH_BITS;
    let zero = |v: u64| below(v, 1);
    (below(word, 0x20)
        | zero(word ^ (EACH_BYTE * b'"' as u64))
        | zero(word ^ (EACH_BYTE * b'\\' as u64)))
        != 0
}

/// The length of the UTF-8 character that starts `s` (whose first byte is 0x80 or more), if it
/// is well formed: the ranges of RFC 3629 §4, which `str::from_utf8` also holds to (no
/// overlong forms, no surrogates, nothing above U+10FFFF).
#[inline]
fn utf8_char_len(s: &[u8]) -> Option<usize> {
    let (len, second) = match s[0] {
        0xc2..=0xdf => (2, 0x80..=0xbf),
        0xe0 => (3, 0xa0..=0xbf),
        0xe1..=0xec | 0xee..=0xef => (3, 0x80..=0xbf),
        0xed => (3, 0x80..=0x9f),
        0xf0 => (4, 0x90..=0xbf),
        0xf1..=0xf3 => (4, 0x80..=0xbf),
        0xf4 => (4, 0x80..=0x8f),
        _ => return None,
    };
    let tail = s.get(1..len)?;
    (second.contains(&tail[0]) && tail[1..].iter().all(|b| (0x80..=0xbf).contains(b)))
        .then_some(len)
}

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, lit: &[u8]) -> bool {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> bool {
        match self.peek() {
            Some(b'"') => self.string().is_some(),
            Some(b'{') => self.object(depth + 1, None),
            Some(b'[') => self.array(depth + 1),
            Some(b'n') => self.eat(b"null"),
            Some(b't') => self.eat(b"true"),
            Some(b'f') => self.eat(b"false"),
            Some(b'N') => self.eat(b"NaN"),
            Some(b'I') => self.eat(b"Infinity"),
            Some(b'-') if self.s[self.i..].starts_with(b"-I") => self.eat(b"-Infinity"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => false,
        }
    }

    fn object(&mut self, depth: usize, mut members: Option<&mut Vec<MemberSpan>>) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        self.i += 1; // '{'
        if self.eat(b"}") {
            return true;
        }
        let mut prev_key: Option<Range<usize>> = None;
        loop {
            let start = self.i;
            // Keys with escapes are declined: their escaped bytes do not sort like the code
            // points they stand for.
            let Some((key, false)) = self.string() else {
                return false;
            };
            if let Some(p) = &prev_key {
                if self.s[p.clone()] >= self.s[key.clone()] {
                    return false; // not sorted, or a duplicate key
                }
            }
            if !self.eat(b": ") {
                return false;
            }
            let value_start = self.i;
            if !self.value(depth) {
                return false;
            }
            if let Some(m) = members.as_deref_mut() {
                m.push(MemberSpan {
                    key: key.clone(),
                    member: start..self.i,
                    value: value_start..self.i,
                });
            }
            prev_key = Some(key);
            if self.eat(b"}") {
                return true;
            }
            if !self.eat(b", ") {
                return false;
            }
        }
    }

    fn array(&mut self, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        self.i += 1; // '['
        if self.eat(b"]") {
            return true;
        }
        loop {
            if !self.value(depth) {
                return false;
            }
            if self.eat(b"]") {
                return true;
            }
            if !self.eat(b", ") {
                return false;
            }
        }
    }

    /// A string spelled as `json.dumps(..., ensure_ascii=False)` spells it: raw text but for
    /// `\" \\ \n \r \t \b \f` and `\u00xx` (lowercase) for the other controls. Returns the
    /// range between the quotes and whether it holds an escape.
    ///
    /// One pass over the bytes (most strings in a book are short keys and codes, where the
    /// set-up of several vectorised passes costs more than it saves), checking each non-ASCII
    /// character as UTF-8 where it stands. Outside strings a seal-form text is ASCII, so this
    /// validates the whole text (an escape cannot split a character).
    fn string(&mut self) -> Option<(Range<usize>, bool)> {
        if self.peek() != Some(b'"') {
            return None;
        }
        self.i += 1;
        let start = self.i;
        let mut escaped = false;
        loop {
            // Eight bytes at a time while none of them ends the run; most of a book's string
            // bytes are hashes, codes and plain words.
            while let Some(word) = self.s.get(self.i..self.i + 8) {
                let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
                if ends_run(word) || word & HIGH_BITS != 0 {
                    break;
                }
                self.i += 8;
            }
            let c = *self.s.get(self.i)?;
            match STRING_BYTE[c as usize] {
                PLAIN => {
                    self.i += 1;
                    continue;
                }
                HIGH => {
                    self.i += utf8_char_len(&self.s[self.i..])?;
                    continue;
                }
                CONTROL => return None, // a raw control character
                _ => {}
            }
            // A quote or a backslash ends the run of raw text.
            if c == b'"' {
                let range = start..self.i;
                self.i += 1;
                return Some((range, escaped));
            }
            escaped = true;
            match self.s.get(self.i + 1)? {
                b'"' | b'\\' | b'n' | b'r' | b't' | b'b' | b'f' => self.i += 2,
                b'u' => {
                    let hex = self.s.get(self.i + 2..self.i + 6)?;
                    let lower = |c: u8| c.is_ascii_digit() || (b'a'..=b'f').contains(&c);
                    if &hex[..2] != b"00" || !hex[2..].iter().all(|&c| lower(c)) {
                        return None;
                    }
                    let v = (hex[2] as char).to_digit(16)? * 16 + (hex[3] as char).to_digit(16)?;
                    // Only controls without a short escape are written as \u00xx.
                    if v >= 0x20 || matches!(v, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d) {
                        return None;
                    }
                    self.i += 6;
                }
                _ => return None,
            }
        }
    }

    /// An integer in canonical form, or a float spelled exactly as `float.__repr__` spells it.
    fn number(&mut self) -> bool {
        let start = self.i;
        let digits = |sc: &mut Self| {
            let s = sc.i;
            while let Some(b'0'..=b'9') = sc.peek() {
                sc.i += 1;
            }
            sc.i - s
        };
        self.eat(b"-");
        let int_start = self.i;
        let n = digits(self);
        if n == 0 || (n > 1 && self.s[int_start] == b'0') {
            return false;
        }
        let mut is_float = false;
        if self.peek() == Some(b'.') {
            self.i += 1;
            if digits(self) == 0 {
                return false;
            }
            is_float = true;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if digits(self) == 0 {
                return false;
            }
            is_float = true;
        }
        let text = &self.s[start..self.i];
        if !is_float {
            return text != b"-0" && n <= crate::book::canon::MAX_INT_DIGITS;
        }
        if let Some(canonical) = short_positional_is_repr(&self.s[int_start..self.i]) {
            return canonical;
        }
        let Ok(f) = std::str::from_utf8(text).expect("ASCII").parse::<f64>() else {
            return false;
        };
        let mut repr = Vec::with_capacity(24);
        crate::book::canon::write_float(&mut repr, f);
        repr == text
    }
}

/// Decides, without converting, whether an unsigned positional decimal `int.frac` with at
/// most 15 significant digits is spelled as `float.__repr__` spells its value; `None` when the
/// text has an exponent or more digits (then the caller converts and compares).
///
/// Any decimal of at most 15 significant digits (DBL_DIG) survives the round trip through a
/// double, so distinct such decimals give distinct doubles: no other string of as few digits
/// rounds to the same double, and repr prints exactly these digits. It prints them
/// positionally when the decimal point position is in (-4, 16], with no trailing zeros in the
/// fraction except the `.0` of an integral value.
pub(crate) fn short_positional_is_repr(t: &[u8]) -> Option<bool> {
    let dot = t.iter().position(|&c| c == b'.')?;
    if t.iter().any(|&c| c == b'e' || c == b'E') {
        return None;
    }
    let (int, frac) = (&t[..dot], &t[dot + 1..]);
    if frac == b"0" {
        // An integral value: repr writes its integer digits then ".0", up to 16 digits.
        let sig = int.len() - int.iter().rev().take_while(|&&c| c == b'0').count();
        return if int.len() > 16 {
            Some(false)
        } else if sig <= 15 || int == b"0" {
            Some(true)
        } else {
            None
        };
    }
    if frac.last() == Some(&b'0') {
        return Some(false); // 1.50 is written 1.5
    }
    if int == b"0" {
        let zeros = frac.iter().take_while(|&&c| c == b'0').count();
        if zeros > 3 {
            return Some(false); // 0.00001 is written 1e-05
        }
        return if frac.len() - zeros <= 15 {
            Some(true)
        } else {
            None
        };
    }
    if int.len() + frac.len() <= 15 {
        Some(true)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::{parse, to_bytes, DumpOptions};

    fn accepts(text: &str) -> bool {
        let mut m = Vec::new();
        seal_form_members(text.as_bytes(), &mut m)
    }

    /// The module's contract: acceptance implies the text is its own J.
    fn assert_contract(text: &str) {
        if accepts(text) {
            let v = parse(text.as_bytes()).expect("accepted text parses");
            assert_eq!(
                to_bytes(&v, DumpOptions::SEAL).unwrap(),
                text.as_bytes(),
                "{text}"
            );
        }
    }

    /// A character is taken exactly when `str::from_utf8` takes it, with the same length:
    /// every first and second byte, third and fourth bytes from the boundaries of the
    /// continuation range, and every truncation.
    #[test]
    fn utf8_char_len_agrees_with_std() {
        let std_len = |w: &[u8]| (1..=w.len()).find(|&k| std::str::from_utf8(&w[..k]).is_ok());
        let others = [
            0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff,
        ];
        for b0 in 0x80..=0xffu8 {
            for b1 in 0..=0xffu8 {
                for b2 in others {
                    for b3 in others {
                        let w = [b0, b1, b2, b3];
                        for end in 1..=4 {
                            assert_eq!(
                                utf8_char_len(&w[..end]),
                                std_len(&w[..end]),
                                "{w:?}[..{end}]"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The word test agrees with the byte table on every word tried: each byte value at each
    /// position over several backgrounds, then pseudo-random words drawn mostly from the bytes
    /// near the class boundaries.
    #[test]
    fn ends_run_agrees_with_the_byte_table() {
        let by_table = |w: [u8; 8]| w.iter().any(|&b| STRING_BYTE[b as usize] >= CONTROL);
        for background in [b'a', b'!', 0x7f, 0x80, 0xff, 0x20, b'#', b'['] {
            for pos in 0..8 {
                for b in 0..=255u8 {
                    let mut w = [background; 8];
                    w[pos] = b;
                    assert_eq!(ends_run(u64::from_le_bytes(w)), by_table(w), "{w:?}");
                }
            }
        }
        let edges = [
            0x00, 0x01, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c, 0x5d, 0x7f, 0x80, 0x81, 0xa2,
            0xdc, 0xfe, 0xff, b'a',
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut w = x.to_le_bytes();
            for (k, b) in w.iter_mut().enumerate() {
                if (x >> (k + 56)) & 1 == 0 {
                    *b = edges[*b as usize % edges.len()];
                }
            }
            assert_eq!(ends_run(u64::from_le_bytes(w)), by_table(w), "{w:?}");
        }
    }

    #[test]
    fn accepts_canonical_text_and_finds_members() {
        let t =
            &r#"{"a": [1, 2.5, null, true, "x\n\u0001"], "b": {"c": -1e-05, "d": "éDEL"}, "n": 3}"#
                .replace("DEL", "\u{7f}");
        let mut m = Vec::new();
        assert!(seal_form_members(t.as_bytes(), &mut m));
        let keys: Vec<&str> = m.iter().map(|s| &t[s.key.clone()]).collect();
        assert!(
            !accepts(&t.replace('\u{7f}', "\\u007f")),
            "DEL is written raw"
        );
        assert_eq!(keys, ["a", "b", "n"]);
        assert_eq!(&t[m[2].member.clone()], r#""n": 3"#);
        assert_eq!(&t[m[2].value.clone()], "3");
        assert_contract(t);
    }

    #[test]
    fn declines_every_other_spelling() {
        for t in [
            r#"{"b": 1, "a": 2}"#,
            r#"{"a": 1, "a": 2}"#,
            r#"{"a":1}"#,
            r#"{"a": 1 }"#,
            r#" {"a": 1}"#,
            r#"{"a": 1.50}"#,
            r#"{"a": 1E2}"#,
            r#"{"a": 1e16}"#,
            r#"{"a": -0}"#,
            r#"{"a": 1e400}"#,
            r#"{"a": "\/"}"#,
            r#"{"a": "\u00e9"}"#,
            r#"{"a": "\u000a"}"#,
            r#"{"a": "\u001F"}"#,
            r#"{"a": "\ud800"}"#,
            r#"{"\n": 1}"#,
            r#"[1]"#,
            r#"{"a": [1,2]}"#,
            r#"{"a": 01}"#,
            "{\"a\": \"\t\"}",
        ] {
            assert!(!accepts(t), "accepted {t}");
        }
    }

    #[test]
    fn short_float_rule_agrees_with_repr() {
        // Every positional spelling the rule decides must agree with converting and
        // comparing; the rest must be left to that comparison.
        let mut x: u64 = 12345;
        for _ in 0..200_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let int_len = (x >> 60) as usize % 18;
            let frac_len = 1 + (x >> 50) as usize % 17;
            let mut t = String::new();
            let mut y = x;
            for k in 0..int_len.max(1) {
                let d = if int_len == 0 { 0 } else { (y % 10) as u8 };
                t.push(
                    (b'0'
                        + if k == 0 && int_len > 1 && d == 0 {
                            1
                        } else {
                            d
                        }) as char,
                );
                y /= 10;
            }
            t.push('.');
            for _ in 0..frac_len {
                y = y.wrapping_mul(31).wrapping_add(7);
                t.push((b'0' + ((y >> 33) % 10) as u8) as char);
            }
            if (x >> 20).is_multiple_of(3) {
                t.truncate(t.len() - 1);
                t.push('0');
            }
            if let Some(decided) = short_positional_is_repr(t.as_bytes()) {
                let mut repr = Vec::new();
                crate::book::canon::write_float(&mut repr, t.parse::<f64>().unwrap());
                assert_eq!(
                    decided,
                    repr == t.as_bytes(),
                    "{t} repr {}",
                    String::from_utf8_lossy(&repr)
                );
            }
        }
        for (t, want) in [
            ("0.0", Some(true)),
            ("100.0", Some(true)),
            ("1000000000000000.0", Some(true)),
            ("10000000000000000.0", Some(false)),
            ("0.0001", Some(true)),
            ("0.00001", Some(false)),
            ("1.50", Some(false)),
            ("45.3", Some(true)),
            ("0.30000000000000004", None),
            ("1e-05", None),
        ] {
            assert_eq!(short_positional_is_repr(t.as_bytes()), want, "{t}");
        }
    }

    #[test]
    fn contract_holds_on_generated_spellings() {
        // A small deterministic generator; the fuzz target and the CPython differential test
        // exercise this far more widely.
        let atoms = [
            "0",
            "-1",
            "10",
            "1.5",
            "1.50",
            "1e-05",
            "1e-5",
            "1e+16",
            "1e16",
            "0.1",
            "-0.0",
            "NaN",
            "Infinity",
            "-Infinity",
            "true",
            "null",
            r#""x""#,
            r#""\u0001""#,
            r#""\u00e9""#,
            r#""é""#,
            "[]",
            "{}",
            "[1, 2]",
            "[1,2]",
            r#"{"k": 1}"#,
            r#"{"k":1}"#,
        ];
        let keys = [r#""a""#, r#""b""#, r#""é""#, r#""\n""#, r#""a""#];
        let mut x: u64 = 0x9e3779b97f4a7c15;
        for _ in 0..20_000 {
            let mut t = String::from("{");
            let k = (x % 4) as usize;
            for j in 0..k {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if j > 0 {
                    t.push_str(if x.is_multiple_of(7) { "," } else { ", " });
                }
                t.push_str(keys[(x >> 8) as usize % keys.len()]);
                t.push_str(if x.is_multiple_of(5) { ":" } else { ": " });
                t.push_str(atoms[(x >> 16) as usize % atoms.len()]);
            }
            t.push('}');
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            assert_contract(&t);
        }
    }
}
