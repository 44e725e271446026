//! Generates JSON *texts* (not values) for the differential tests against CPython: the point
//! is the spellings a reader's file may hold, so the generator writes numbers, escapes and
//! whitespace in many forms, and also produces broken texts that both sides must refuse.

use super::rng::Rng;
use sealbook_core::book::canon::Value;
use std::fmt::Write as _;

/// Whitespace JSON allows between tokens, in runs; mostly none.
fn ws(r: &mut Rng, out: &mut String) {
    if r.chance(3, 4) {
        return;
    }
    for _ in 0..r.range(1, 3) {
        out.push_str(r.pick(&[" ", "\t", "\n", "\r", "\r\n", "  "]));
    }
}

/// Mantissa digits: mostly short, sometimes long enough to stress correct rounding.
fn digits(r: &mut Rng, out: &mut String, min: usize) {
    let n = match r.below(10) {
        0 => r.range(17, 40) as usize,
        1 if r.chance(1, 20) => r.range(300, 800) as usize,
        _ => r.range(1, 17) as usize,
    }
    .max(min);
    for _ in 0..n {
        out.push((b'0' + r.below(10) as u8) as char);
    }
}

/// Decimal exponents around the places where `float.__repr__` and parsing change behaviour.
const EXPONENTS: &[(i64, i64)] = &[
    (-330, -300), // subnormals and underflow to 0
    (-310, -305),
    (-8, -2), // repr switches to exponent form below 1e-4
    (-1, 1),
    (13, 18), // and at 1e16
    (20, 25),
    (290, 310), // overflow to inf
    (400, 400),
];

/// A number spelled in one of the forms CPython's scanner accepts.
pub fn number(r: &mut Rng, out: &mut String) {
    match r.below(14) {
        0 => out.push_str(r.pick(&[
            "0",
            "-0",
            "1",
            "-1",
            "0.0",
            "-0.0",
            "1.50",
            "1E2",
            "1e+2",
            "1e-2",
            "0.0e0",
            "-0e-0",
            "1e400",
            "-1e400",
            "1e-400",
            "-1e-400",
            "5e-324",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "2.2250738585072014e-308",
            "2.2250738585072011e-308",
            "1e-5",
            "1e-4",
            "0.0001",
            "0.00001",
            "1e15",
            "1e16",
            "1e17",
            "9999999999999998.0",
            "1e16",
            "12345678901234567.0",
            "123456789012345678",
            "0.1",
            "0.30000000000000004",
            "9007199254740993",
            "9007199254740993.0",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "1321030431031664.2",
            "NaN",
            "Infinity",
            "-Infinity",
        ])),
        1 => {
            // any IEEE bit pattern, written by Rust in a round-tripping form
            let f = f64::from_bits(r.next_u64());
            if f.is_finite() {
                // both forms are valid JSON for finite values: "1.5e-7", "1e300", "0.1"
                let s = if r.chance(1, 2) {
                    format!("{f:e}")
                } else {
                    format!("{f:?}")
                };
                out.push_str(&s);
            } else {
                out.push_str(if f.is_nan() {
                    "NaN"
                } else if f > 0.0 {
                    "Infinity"
                } else {
                    "-Infinity"
                });
            }
        }
        2 | 3 => {
            // integers, small to large
            if r.chance(1, 3) {
                out.push('-');
            }
            out.push((b'1' + r.below(9) as u8) as char);
            let n = if r.chance(1, 5) {
                r.range(15, 60)
            } else {
                r.range(0, 12)
            };
            for _ in 0..n {
                out.push((b'0' + r.below(10) as u8) as char);
            }
        }
        4 if r.chance(1, 100) => {
            // at CPython's 4300-digit limit for int conversion
            if r.chance(1, 2) {
                out.push('-');
            }
            out.push('7');
            for _ in 1..r.range(4295, 4305) {
                out.push((b'0' + r.below(10) as u8) as char);
            }
            if r.chance(1, 4) {
                out.push_str(".5"); // a float, no limit
            }
        }
        _ => {
            // decimal spellings with a fraction and/or exponent
            if r.chance(1, 3) {
                out.push('-');
            }
            let lead_zero = r.chance(1, 4);
            if lead_zero {
                out.push('0');
            } else {
                out.push((b'1' + r.below(9) as u8) as char);
                if r.chance(1, 2) {
                    digits(r, out, 0);
                }
            }
            let frac = lead_zero || r.chance(2, 3);
            if frac {
                out.push('.');
                digits(r, out, 1);
            }
            if !frac || r.chance(2, 3) {
                out.push(r.pick(&['e', 'E']));
                out.push_str(r.pick(&["", "+", "-"]));
                let (lo, hi) = r.pick(EXPONENTS);
                let e = r.range(lo, hi);
                out.push_str(&e.abs().to_string());
            }
        }
    }
}

/// Characters that stress the encoder: controls, DEL, line separators, combining marks,
/// non-Latin BMP, astral.
const RAW: &[char] = &[
    'a',
    'Z',
    ' ',
    '~',
    '\u{7f}',
    '\u{80}',
    '\u{a0}',
    'é',
    'ß',
    '\u{301}',
    '\u{300}',
    '\u{2028}',
    '\u{2029}',
    '\u{feff}',
    '€',
    '中',
    '文',
    'א',
    'ـ',
    '\u{fffd}',
    '\u{ffff}',
    '\u{e000}',
    '\u{10000}',
    '😀',
    '𝄞',
    '\u{10ffff}',
    '\u{1f1fa}',
    '\u{1f1f8}',
];

const SIMPLE_ESCAPES: &[&str] = &[r#"\""#, r"\\", r"\/", r"\b", r"\f", r"\n", r"\r", r"\t"];

fn u_escape(r: &mut Rng, out: &mut String, cp: u32) {
    let s = if r.chance(1, 2) {
        format!("\\u{cp:04x}")
    } else {
        format!("\\u{cp:04X}")
    };
    out.push_str(&s);
}

/// A string body (without quotes). `lone` allows unpaired surrogate escapes.
fn string_body(r: &mut Rng, out: &mut String, lone: bool) {
    let pieces = if r.chance(1, 8) { 0 } else { r.range(1, 8) };
    for _ in 0..pieces {
        match r.below(12) {
            0..=3 => {
                for _ in 0..r.range(1, 6) {
                    out.push((b'a' + r.below(26) as u8) as char);
                }
            }
            4 | 5 => out.push(r.pick(RAW)),
            6 => out.push(char::from_u32(r.range(0x80, 0xD7FF) as u32).expect("BMP non-surrogate")),
            7 => out.push_str(r.pick(SIMPLE_ESCAPES)),
            8 => {
                // \u escape of any non-surrogate BMP code point, controls included
                let cp = match r.below(3) {
                    0 => r.range(0, 0x7f) as u32,
                    1 => r.range(0x80, 0xD7FF) as u32,
                    _ => r.range(0xE000, 0xFFFF) as u32,
                };
                u_escape(r, out, cp);
            }
            9 => {
                // an astral character as an escaped surrogate pair
                let cp = r.range(0x10000, 0x10FFFF) as u32;
                let v = cp - 0x10000;
                u_escape(r, out, 0xD800 + (v >> 10));
                u_escape(r, out, 0xDC00 + (v & 0x3FF));
            }
            10 if lone => {
                // unpaired or reversed surrogates, or a high one before a raw character
                match r.below(4) {
                    0 => {
                        let cp = r.range(0xD800, 0xDBFF) as u32;
                        u_escape(r, out, cp)
                    }
                    1 => {
                        let cp = r.range(0xDC00, 0xDFFF) as u32;
                        u_escape(r, out, cp)
                    }
                    2 => {
                        u_escape(r, out, 0xDC00);
                        u_escape(r, out, 0xD800);
                    }
                    _ => {
                        u_escape(r, out, 0xD83D);
                        out.push('x');
                    }
                }
            }
            _ => out.push(' '),
        }
    }
}

/// Object keys: a small pool (so duplicates and sort-order ties between spellings occur,
/// e.g. `"a"` and `"\u0061"`), plus random ones.
fn key(r: &mut Rng, out: &mut String, lone: bool) {
    out.push('"');
    if r.chance(2, 3) {
        out.push_str(r.pick(&[
            "a",
            r"\u0061",
            "A",
            "b",
            "n",
            "seal",
            "link",
            "prev",
            "é",
            r"\u00e9",
            "e\u{301}",
            "😀",
            r"\ud83d\ude00",
            "\u{ffff}",
            "\u{e000}",
            "",
            " ",
            "a b",
            r"\n",
            "\u{7f}",
            "z",
        ]));
    } else {
        string_body(r, out, lone);
    }
    out.push('"');
}

/// A random JSON value text.
pub fn value(r: &mut Rng, out: &mut String, depth: u32, lone: bool) {
    let leaf = depth >= 6 || r.chance(depth as u64 + 1, 8);
    let kind = if leaf { r.below(6) } else { 6 + r.below(2) };
    match kind {
        0 => out.push_str(r.pick(&["null", "true", "false"])),
        1 | 2 => number(r, out),
        3..=5 => {
            out.push('"');
            string_body(r, out, lone);
            out.push('"');
        }
        6 => {
            out.push('[');
            let n = r.range(0, 5);
            for k in 0..n {
                if k > 0 {
                    ws(r, out);
                    out.push(',');
                }
                ws(r, out);
                value(r, out, depth + 1, lone);
                ws(r, out);
            }
            if n == 0 {
                ws(r, out);
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            let n = r.range(0, 6);
            for k in 0..n {
                if k > 0 {
                    out.push(',');
                }
                ws(r, out);
                key(r, out, lone);
                ws(r, out);
                out.push(':');
                ws(r, out);
                value(r, out, depth + 1, lone);
                ws(r, out);
            }
            if n == 0 {
                ws(r, out);
            }
            out.push('}');
        }
    }
}

/// Texts that must be refused (or, for a few, accepted) identically by both sides.
const EDGE_TEXTS: &[&str] = &[
    "",
    " ",
    "01",
    "-01",
    "1.",
    ".5",
    "+1",
    "1e",
    "1e+",
    "-",
    "--1",
    "0x10",
    "nan",
    "-NaN",
    "+Infinity",
    "infinity",
    "Infinity1",
    "[1,]",
    "[,1]",
    "{\"a\":1,}",
    "{\"a\" 1}",
    "{a:1}",
    "'a'",
    "\"\\x41\"",
    "\"\\u12\"",
    "\"\\u12g4\"",
    "\"\\U0041\"",
    "\"a\tb\"",
    "\"a\nb\"",
    "\"\u{7f}\"",
    "\"\\ud800\"",
    "\"\\udfff\\ud800\"",
    "[1]]",
    "{}}",
    "[",
    "{",
    "\"",
    "\"\\",
    "null null",
    "truee",
    "nul",
    "[1 2]",
    "\u{feff}1",
    "1\u{feff}",
    "\u{a0}1",
    "1\u{2028}",
    "\u{c}1",
    "1\u{b}",
    "[1e1000, -1e1000, 1e-1000]",
    "[-0, -0.0, 0e0, -0E-0]",
    "\"\\/\"",
    "{\"\\ud800\": 1, \"\\udbff\\udfff\": 2, \"\\ue000\": 3, \"\\uffff\": 4}",
    "[1.0, 1.00000000000000000001, 0.99999999999999999999]",
    "[\"\\u0000\", \"\\u001f\"]",
];

/// Mutates a text into something usually invalid: a deleted, inserted or replaced byte, a
/// truncation, a BOM, invalid UTF-8, a stray control character.
pub fn mutate(r: &mut Rng, text: &str) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    let at = if b.is_empty() {
        0
    } else {
        r.below(b.len() as u64 + 1) as usize
    };
    const JUNK: &[&[u8]] = &[
        b",",
        b"]",
        b"}",
        b"[",
        b"{",
        b"\"",
        b"\\",
        b":",
        b"\x00",
        b"\x1f",
        b"\x7f",
        b"\xff",
        b"\xc3",
        b"\xed\xa0\x80",
        b"\xef\xbb\xbf",
        b"e",
        b".",
        b"-",
        b"0",
        b" ",
    ];
    match r.below(5) {
        0 if !b.is_empty() => {
            b.remove(at.min(b.len() - 1));
        }
        1 => {
            let j = r.pick(JUNK);
            b.splice(at..at, j.iter().copied());
        }
        2 if !b.is_empty() => b.truncate(at),
        3 => b
            .splice(0..0, b"\xef\xbb\xbf".iter().copied())
            .for_each(drop),
        _ => {
            let j = r.pick(JUNK);
            let end = (at + 1).min(b.len());
            b.splice(at..end, j.iter().copied());
        }
    }
    b
}

/// One document for the differential test: mostly valid texts (a few with lone surrogates),
/// some mutated, some from the edge list.
pub fn document(r: &mut Rng) -> Vec<u8> {
    match r.below(100) {
        0..=2 => r.pick(EDGE_TEXTS).as_bytes().to_vec(),
        3..=17 => {
            let mut t = String::new();
            value(r, &mut t, 0, true);
            mutate(r, &t)
        }
        n => {
            let mut t = String::new();
            ws(r, &mut t);
            value(r, &mut t, 0, n < 25);
            ws(r, &mut t);
            t.into_bytes()
        }
    }
}

// ---- re-spelling a value: the same Python value, other bytes --------------------------------

fn respell_str(r: &mut Rng, out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' => out.push_str("\\/"),
            c if (c as u32) < 0x20 || !c.is_ascii() || r.chance(1, 6) => {
                let mut buf = [0u16; 2];
                for u in c.encode_utf16(&mut buf) {
                    let _ = if r.chance(1, 2) {
                        write!(out, "\\u{u:04x}")
                    } else {
                        write!(out, "\\u{u:04X}")
                    };
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn respell_float(r: &mut Rng, f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let e = format!("{f:e}"); // shortest round-trip digits: "5e-1", "-1.25e3"
    let (m, x) = e.split_once('e').unwrap();
    let m = if m.contains('.') {
        format!("{m}0")
    } else {
        format!("{m}.0")
    };
    let x: i32 = x.parse().unwrap();
    format!(
        "{m}{}{}{x:+}",
        if r.chance(1, 2) { "" } else { "0" },
        if r.chance(1, 2) { 'e' } else { 'E' }
    )
}

/// Writes `v` (a value read from a sealed line) with other whitespace, reversed key order, a shadowed duplicate key, escapes
/// and number spellings: the same Python value, so the same seal and link.
pub fn respell(r: &mut Rng, out: &mut String, v: &Value) {
    let ws = |r: &mut Rng, out: &mut String| out.push_str(r.pick(&["", " ", "  ", "\t", " \t "]));
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(i.as_str()),
        Value::Float(f) => out.push_str(&respell_float(r, *f)),
        Value::Str(s) => respell_str(r, out, s.as_str().expect("books hold no lone surrogates")),
        Value::Array(items) => {
            out.push('[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                ws(r, out);
                respell(r, out, item);
                ws(r, out);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            let members: Vec<_> = o.iter().collect();
            if let Some((k, _)) = members.first() {
                // a duplicate that the real member, written later, overrides (last wins)
                respell_str(r, out, k.as_str().unwrap());
                out.push_str(":\"shadowed\",");
            }
            for (n, (k, val)) in members.iter().rev().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                ws(r, out);
                respell_str(r, out, k.as_str().unwrap());
                ws(r, out);
                out.push(':');
                ws(r, out);
                respell(r, out, val);
            }
            out.push('}');
        }
    }
}
