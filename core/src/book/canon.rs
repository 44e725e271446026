//! Python-identical JSON: a value model that keeps what CPython's `json.loads` keeps, and a
//! serializer byte-identical to `json.dumps(o, sort_keys=True, ...)`.
//!
//! Spec §3.2 defines `J(o)` as `json.dumps(o, sort_keys=True, ensure_ascii=False)` encoded
//! UTF-8; Appendix B step 4 is the reference. ARCHITECTURE.md "Exactness rules" lists the details
//! reproduced here:
//!
//! * integers exact at any size (up to CPython's 4300-digit conversion limit), `-0` reads as `0`;
//! * numbers with a fraction or exponent are IEEE doubles rounded as `float()` does
//!   (`1.50` is `1.5`, `1E2` is `100.0`, `1e400` is `inf`), written as `float.__repr__`;
//! * `NaN`, `Infinity`, `-Infinity` are accepted and written back;
//! * duplicate keys: the last one wins; keys sort by code point;
//! * strings may hold lone surrogates (from `\ud800` escapes), exactly as a Python `str` can.
//!   Such a string serializes with `ensure_ascii=True`, but UTF-8 cannot encode it, so
//!   [`to_bytes`] with `ensure_ascii=false` reports [`EncodeError::LoneSurrogate`], the error
//!   Python raises at `.encode()`.
//!
//! Strings are stored as WTF-8 (UTF-8 that also admits surrogate code points), whose byte
//! order is code point order, so sorting keys by bytes sorts them as Python does.

use std::cmp::Ordering;
use std::fmt;

/// Deepest nesting accepted. CPython's decoder recurses once per level and stops near its
/// default recursion limit of 1000 (about 996 levels from a script); we stop a little earlier.
pub const MAX_DEPTH: usize = 990;

/// CPython 3.11's default `sys.get_int_max_str_digits()`: longer integer literals raise
/// `ValueError` in `json.loads`.
pub const MAX_INT_DIGITS: usize = 4300;

/// A parsed JSON value, as Python's `json.loads` would hold it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// JSON `null` (Python `None`).
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer of any size, in canonical decimal form (`-` sign, no leading zeros, no `-0`).
    Int(Int),
    /// A number with a fraction or an exponent (Python `float`), printed as Python's `repr`.
    Float(f64),
    /// A string, which may hold lone surrogates as Python's `str` can.
    Str(JsonStr),
    /// An array (Python `list`).
    Array(Vec<Value>),
    /// An object (Python `dict`), keys unique and sorted.
    Object(Object),
}

/// An integer in canonical decimal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int(Box<str>);

impl Int {
    /// The canonical decimal text (what Python's `str(int)` prints).
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The value, if it fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Self {
        Int(v.to_string().into_boxed_str())
    }
}

/// A string as Python holds it: any sequence of code points, lone surrogates included,
/// stored as WTF-8. Short strings (most keys) are kept inline, without an allocation.
#[derive(Clone)]
pub struct JsonStr(StrRepr);

const INLINE_STR: usize = 22;

#[derive(Clone)]
enum StrRepr {
    Inline(u8, [u8; INLINE_STR]),
    Heap(Box<[u8]>),
}

impl JsonStr {
    /// A string from WTF-8 bytes (the caller guarantees the encoding).
    fn from_wtf8(bytes: &[u8]) -> Self {
        if bytes.len() <= INLINE_STR {
            let mut buf = [0u8; INLINE_STR];
            buf[..bytes.len()].copy_from_slice(bytes);
            JsonStr(StrRepr::Inline(bytes.len() as u8, buf))
        } else {
            JsonStr(StrRepr::Heap(Box::from(bytes)))
        }
    }
    /// The string, unless it holds a lone surrogate.
    pub fn as_str(&self) -> Option<&str> {
        std::str::from_utf8(self.as_wtf8()).ok()
    }
    /// The WTF-8 bytes (UTF-8 when the string has no lone surrogate).
    pub fn as_wtf8(&self) -> &[u8] {
        match &self.0 {
            StrRepr::Inline(len, buf) => &buf[..*len as usize],
            StrRepr::Heap(b) => b,
        }
    }
}

impl PartialEq for JsonStr {
    fn eq(&self, other: &Self) -> bool {
        self.as_wtf8() == other.as_wtf8()
    }
}
impl Eq for JsonStr {}
impl PartialOrd for JsonStr {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for JsonStr {
    /// Code point order (WTF-8 byte order is code point order), as Python compares `str`.
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_wtf8().cmp(other.as_wtf8())
    }
}
impl std::hash::Hash for JsonStr {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_wtf8().hash(state)
    }
}
impl fmt::Debug for JsonStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(self.as_wtf8()))
    }
}

impl From<&str> for JsonStr {
    fn from(s: &str) -> Self {
        JsonStr::from_wtf8(s.as_bytes())
    }
}

impl From<String> for JsonStr {
    fn from(s: String) -> Self {
        JsonStr::from_wtf8(s.as_bytes())
    }
}

/// A JSON object with Python `dict` semantics for what `J` needs: unique keys (the last
/// duplicate wins) kept in sorted (code point) order, which is the order `sort_keys=True`
/// writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Object(Vec<(JsonStr, Value)>);

impl Object {
    /// An empty object.
    pub fn new() -> Self {
        Object(Vec::new())
    }

    /// Builds an object from members in document order; a later duplicate key replaces an
    /// earlier one, as in `json.loads`.
    pub fn from_members(mut members: Vec<(JsonStr, Value)>) -> Self {
        // Stable sort keeps duplicates in document order; keep the last of each run: when
        // `later` repeats the key of the kept `earlier`, its value moves into the kept slot.
        members.sort_by(|a, b| a.0.cmp(&b.0));
        members.dedup_by(|later, earlier| {
            let same = later.0 == earlier.0;
            if same {
                std::mem::swap(later, earlier);
            }
            same
        });
        Object(members)
    }

    /// The members in sorted key order.
    pub fn iter(&self) -> impl Iterator<Item = (&JsonStr, &Value)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when the object has no member.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0
            .binary_search_by(|(k, _)| k.as_wtf8().cmp(key.as_bytes()))
            .ok()
            .map(|i| &self.0[i].1)
    }

    /// Sets `key` to `value`, replacing any earlier value.
    pub fn insert(&mut self, key: &str, value: Value) {
        match self
            .0
            .binary_search_by(|(k, _)| k.as_wtf8().cmp(key.as_bytes()))
        {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (JsonStr::from(key), value)),
        }
    }

    /// Removes `key` and returns its value, if present.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.0
            .binary_search_by(|(k, _)| k.as_wtf8().cmp(key.as_bytes()))
            .ok()
            .map(|i| self.0.remove(i).1)
    }
}

impl Value {
    /// The object, if this value is one.
    pub fn as_object(&self) -> Option<&Object> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }
    /// The string, if this value is one without lone surrogates.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => s.as_str(),
            _ => None,
        }
    }
    /// Python's `value == i` for an integer `i`: true for the int `i`, the float equal to
    /// `i`, and `True`/`False` for 1/0 (in Python `bool` is an `int`).
    pub fn py_eq_int(&self, i: i64) -> bool {
        match self {
            Value::Int(n) => n.to_i64() == Some(i),
            Value::Float(f) => *f == i as f64 && (i as f64) as i64 == i && f.fract() == 0.0,
            Value::Bool(b) => (*b as i64) == i,
            _ => false,
        }
    }
    /// A short name of the value's Python type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::Array(_) => "list",
            Value::Object(_) => "dict",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/// Why a text is not JSON that Python's `json.loads` would accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset into the input where the problem was found.
    pub offset: usize,
    /// What is wrong, in the words of Python's `json` module.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message, self.offset)
    }
}

impl std::error::Error for ParseError {}

/// Parses one ledger line (spec §3.2: every line is one JSON object) and requires an object;
/// the message says why not, for the caller to name with its file, line and field `(line)`.
pub fn parse_line_object(line: &[u8]) -> Result<Object, String> {
    match parse(line) {
        Ok(Value::Object(o)) => Ok(o),
        Ok(v) => Err(format!("expected an object, found {}", v.type_name())),
        Err(e) => Err(format!("not JSON at byte {}: {}", e.offset, e.message)),
    }
}

/// Parses one JSON document the way `json.loads(text.decode("utf-8"))` does: the input must
/// be valid UTF-8 without a byte order mark, surrounding whitespace is `[ \t\n\r]`, and
/// nothing else may follow the value.
pub fn parse(input: &[u8]) -> Result<Value, ParseError> {
    if let Err(e) = std::str::from_utf8(input) {
        return Err(ParseError {
            offset: e.valid_up_to(),
            message: "invalid UTF-8 (Python's utf-8 decoder rejects this line)".into(),
        });
    }
    if input.starts_with("\u{feff}".as_bytes()) {
        return Err(ParseError {
            offset: 0,
            message: "unexpected UTF-8 BOM".into(),
        });
    }
    let mut p = Parser {
        s: input,
        i: 0,
        items: Vec::new(),
        members: Vec::new(),
    };
    p.skip_ws();
    let v = p.value(0)?;
    p.skip_ws();
    if p.i != input.len() {
        return Err(p.err("extra data after the JSON value"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    /// Items of the arrays being parsed, innermost last; each array takes its own off the top
    /// when it closes, so it is allocated once at its exact size.
    items: Vec<Value>,
    /// Members of the objects being parsed, likewise.
    members: Vec<(JsonStr, Value)>,
}

impl<'a> Parser<'a> {
    fn err(&self, message: &str) -> ParseError {
        ParseError {
            offset: self.i,
            message: message.to_string(),
        }
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn eat_literal(&mut self, lit: &[u8]) -> bool {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        match self.s.get(self.i) {
            None => Err(self.err("expecting value")),
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'n') if self.eat_literal(b"null") => Ok(Value::Null),
            Some(b't') if self.eat_literal(b"true") => Ok(Value::Bool(true)),
            Some(b'f') if self.eat_literal(b"false") => Ok(Value::Bool(false)),
            Some(b'N') if self.eat_literal(b"NaN") => Ok(Value::Float(f64::NAN)),
            Some(b'I') if self.eat_literal(b"Infinity") => Ok(Value::Float(f64::INFINITY)),
            Some(b'-') if self.s[self.i..].starts_with(b"-Infinity") => {
                self.i += 9;
                Ok(Value::Float(f64::NEG_INFINITY))
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expecting value")),
        }
    }

    fn enter(&self, depth: usize) -> Result<(), ParseError> {
        if depth > MAX_DEPTH {
            Err(self.err(&format!("nesting deeper than {MAX_DEPTH} levels")))
        } else {
            Ok(())
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.enter(depth)?;
        self.i += 1; // '['
        let base = self.items.len();
        self.skip_ws();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Value::Array(Vec::new()));
        }
        loop {
            self.skip_ws();
            let v = self.value(depth)?;
            self.items.push(v);
            self.skip_ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(self.items.drain(base..).collect()));
                }
                _ => return Err(self.err("expecting ',' delimiter")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.enter(depth)?;
        self.i += 1; // '{'
        let base = self.members.len();
        self.skip_ws();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Value::Object(Object::new()));
        }
        loop {
            self.skip_ws();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(self.err("expecting property name enclosed in double quotes"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.s.get(self.i) != Some(&b':') {
                return Err(self.err("expecting ':' delimiter"));
            }
            self.i += 1;
            self.skip_ws();
            let v = self.value(depth)?;
            self.members.push((key, v));
            self.skip_ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    let members = self.members.drain(base..).collect();
                    return Ok(Value::Object(Object::from_members(members)));
                }
                _ => return Err(self.err("expecting ',' delimiter")),
            }
        }
    }

    /// CPython's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`; an integer
    /// unless a fraction or exponent is present.
    fn number(&mut self) -> Result<Value, ParseError> {
        let start = self.i;
        let Some(NumberSpan {
            end,
            int_end,
            is_float,
        }) = scan_number(self.s, start)
        else {
            return Err(self.err("expecting value"));
        };
        self.i = end;
        let text = std::str::from_utf8(&self.s[start..self.i]).expect("ASCII");
        if is_float {
            // Rust's parser rounds correctly and overflows to ±inf, as CPython's float() does.
            let f: f64 = text.parse().map_err(|_| ParseError {
                offset: start,
                message: format!("bad number {text:?}"),
            })?;
            return Ok(Value::Float(f));
        }
        let int_text = &text[..int_end - start];
        let (neg, mag) = match int_text.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, int_text),
        };
        if mag.len() > MAX_INT_DIGITS {
            return Err(ParseError {
                offset: start,
                message: format!(
                    "integer of {} digits exceeds Python's limit of {MAX_INT_DIGITS} digits",
                    mag.len()
                ),
            });
        }
        let canonical = if neg && mag != "0" {
            format!("-{mag}")
        } else {
            mag.to_string()
        };
        Ok(Value::Int(Int(canonical.into_boxed_str())))
    }

    fn hex4(&self, at: usize) -> Option<u32> {
        hex4(self.s, at)
    }

    /// A string, with CPython's strict rules: raw control characters are refused, escapes are
    /// `\" \\ \/ \b \f \n \r \t \uXXXX`, and a `\uD8xx\uDCxx` pair joins into one code point
    /// while an unpaired surrogate is kept as it is.
    fn string(&mut self) -> Result<JsonStr, ParseError> {
        self.i += 1; // opening quote
                     // Fast path: no escape before the closing quote, so the text is the string itself.
        let rest = &self.s[self.i..];
        if let Some(end) = memchr::memchr2(b'"', b'\\', rest) {
            if !rest[..end].iter().any(|&c| c < 0x20) && rest[end] == b'"' {
                let s = JsonStr::from_wtf8(&rest[..end]);
                self.i += end + 1;
                return Ok(s);
            }
        }
        let mut out: Vec<u8> = Vec::new();
        loop {
            let run_start = self.i;
            while let Some(&c) = self.s.get(self.i) {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.extend_from_slice(&self.s[run_start..self.i]);
            match self.s.get(self.i) {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(JsonStr::from_wtf8(&out));
                }
                Some(b'\\') => {}
                Some(_) => return Err(self.err("invalid control character in string")),
            }
            // An escape.
            let esc = match self.s.get(self.i + 1) {
                None => return Err(self.err("unterminated string")),
                Some(&e) => e,
            };
            let simple = match esc {
                b'"' => Some(b'"'),
                b'\\' => Some(b'\\'),
                b'/' => Some(b'/'),
                b'b' => Some(0x08),
                b'f' => Some(0x0c),
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'u' => None,
                _ => return Err(self.err("invalid \\escape")),
            };
            if let Some(b) = simple {
                out.push(b);
                self.i += 2;
                continue;
            }
            let mut cp = self
                .hex4(self.i + 2)
                .ok_or_else(|| self.err("invalid \\uXXXX escape"))?;
            self.i += 6;
            if (0xD800..0xDC00).contains(&cp) && self.s[self.i..].starts_with(b"\\u") {
                let lo = self
                    .hex4(self.i + 2)
                    .ok_or_else(|| self.err("invalid \\uXXXX escape"))?;
                if (0xDC00..0xE000).contains(&lo) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    self.i += 6;
                }
            }
            push_wtf8(&mut out, cp);
        }
    }
}

/// Where a number that starts at `s[start]` ends, by CPython's number grammar
/// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`).
pub(crate) struct NumberSpan {
    /// One past its last byte.
    pub end: usize,
    /// One past the last byte of its integer part (the sign included).
    pub int_end: usize,
    /// A fraction or an exponent is present: a float, else an integer.
    pub is_float: bool,
}

/// The number at `s[start..]` ([`NumberSpan`]), if one starts there. A `.` or an `e` not
/// followed by digits is not part of it: CPython stops before it.
#[inline]
pub(crate) fn scan_number(s: &[u8], start: usize) -> Option<NumberSpan> {
    let digits_from = |mut i: usize| {
        while let Some(b'0'..=b'9') = s.get(i) {
            i += 1;
        }
        i
    };
    let mut i = start + usize::from(s.get(start) == Some(&b'-'));
    i = match s.get(i) {
        Some(b'0') => i + 1,
        Some(b'1'..=b'9') => digits_from(i + 1),
        _ => return None,
    };
    let int_end = i;
    let mut is_float = false;
    if s.get(i) == Some(&b'.') && matches!(s.get(i + 1), Some(b'0'..=b'9')) {
        i = digits_from(i + 1);
        is_float = true;
    }
    if let Some(b'e' | b'E') = s.get(i) {
        let sign = usize::from(matches!(s.get(i + 1), Some(b'+' | b'-')));
        let end = digits_from(i + 1 + sign);
        if end > i + 1 + sign {
            i = end;
            is_float = true;
        }
    }
    Some(NumberSpan {
        end: i,
        int_end,
        is_float,
    })
}

/// The four hex digits of a `\uXXXX` escape at `s[at..at + 4]` (either case), if they are.
pub(crate) fn hex4(s: &[u8], at: usize) -> Option<u32> {
    let h = s.get(at..at + 4)?;
    let mut v = 0u32;
    for &c in h {
        match HEX_DIGIT[c as usize] {
            NOT_HEX => return None,
            d => v = v * 16 + u32::from(d),
        }
    }
    Some(v)
}

/// [`HEX_DIGIT`]'s mark for a byte that is not a hex digit.
const NOT_HEX: u8 = 0xFF;

/// Each byte's value as a hex digit (either case), or [`NOT_HEX`].
const HEX_DIGIT: [u8; 256] = {
    let mut t = [NOT_HEX; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            d @ b'0'..=b'9' => d - b'0',
            d @ b'a'..=b'f' => d - b'a' + 10,
            d @ b'A'..=b'F' => d - b'A' + 10,
            _ => NOT_HEX,
        };
        c += 1;
    }
    t
};

/// Appends a code point (surrogates allowed) in generalized UTF-8.
fn push_wtf8(out: &mut Vec<u8>, cp: u32) {
    match cp {
        0..=0x7F => out.push(cp as u8),
        0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8]),
        0x800..=0xFFFF => out.extend_from_slice(&[
            0xE0 | (cp >> 12) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]),
        _ => out.extend_from_slice(&[
            0xF0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3F) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]),
    }
}

/// Decodes the WTF-8 code point starting at `s[0]`; returns it and its length in bytes.
fn next_code_point(s: &[u8]) -> (u32, usize) {
    let b0 = s[0] as u32;
    match s[0] {
        0x00..=0x7F => (b0, 1),
        0xC0..=0xDF => (((b0 & 0x1F) << 6) | (s[1] as u32 & 0x3F), 2),
        0xE0..=0xEF => (
            ((b0 & 0x0F) << 12) | ((s[1] as u32 & 0x3F) << 6) | (s[2] as u32 & 0x3F),
            3,
        ),
        _ => (
            ((b0 & 0x07) << 18)
                | ((s[1] as u32 & 0x3F) << 12)
                | ((s[2] as u32 & 0x3F) << 6)
                | (s[3] as u32 & 0x3F),
            4,
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Serialization
// ---------------------------------------------------------------------------------------------

/// The `json.dumps` settings sealbook uses; keys are always sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DumpOptions {
    /// `ensure_ascii`: escape every non-ASCII character (and U+007F) as `\uXXXX`.
    pub ensure_ascii: bool,
    /// `separators=(",", ":")` instead of the default `(", ", ": ")`.
    pub compact: bool,
}

impl DumpOptions {
    /// `J` of spec §3.2: `sort_keys=True, ensure_ascii=False`, default separators.
    pub const SEAL: DumpOptions = DumpOptions {
        ensure_ascii: false,
        compact: false,
    };
    /// Python's defaults with `sort_keys=True` (the content hash of
    /// `council-clim-window.json`, spec §4.3).
    pub const PYTHON_DEFAULT: DumpOptions = DumpOptions {
        ensure_ascii: true,
        compact: false,
    };
    /// Sorted, no whitespace, UTF-8 (the event id contract serialization, spec §3.13).
    pub const COMPACT_UTF8: DumpOptions = DumpOptions {
        ensure_ascii: false,
        compact: true,
    };

    fn item_sep(self) -> &'static [u8] {
        if self.compact {
            b","
        } else {
            b", "
        }
    }
    fn key_sep(self) -> &'static [u8] {
        if self.compact {
            b":"
        } else {
            b": "
        }
    }
}

/// Why a value cannot be written as the requested bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// A string holds a lone surrogate, which UTF-8 cannot encode (Python raises
    /// `UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800'`).
    LoneSurrogate {
        /// The surrogate (U+D800 to U+DFFF).
        code_point: u32,
    },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::LoneSurrogate { code_point } => write!(
                f,
                "string holds the lone surrogate \\u{code_point:04x}, which UTF-8 cannot encode \
                 (Python's .encode() fails on it too, so no seal exists for this line)"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// `json.dumps(v, sort_keys=True, ...)` encoded as UTF-8.
pub fn to_bytes(v: &Value, opts: DumpOptions) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    write_value(&mut out, v, opts)?;
    Ok(out)
}

/// Appends `json.dumps(v, sort_keys=True, ...)` to `out`.
pub fn write_value(out: &mut Vec<u8>, v: &Value, opts: DumpOptions) -> Result<(), EncodeError> {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Int(i) => out.extend_from_slice(i.as_str().as_bytes()),
        Value::Float(f) => write_float(out, *f),
        Value::Str(s) => write_str(out, s, opts)?,
        Value::Array(items) => {
            out.push(b'[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.extend_from_slice(opts.item_sep());
                }
                write_value(out, item, opts)?;
            }
            out.push(b']');
        }
        Value::Object(obj) => {
            out.push(b'{');
            for (k, (key, val)) in obj.iter().enumerate() {
                if k > 0 {
                    out.extend_from_slice(opts.item_sep());
                }
                write_member(out, key, val, opts)?;
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// Appends one object member, `"key": value`, as `json.dumps` writes it inside an object.
pub fn write_member(
    out: &mut Vec<u8>,
    key: &JsonStr,
    val: &Value,
    opts: DumpOptions,
) -> Result<(), EncodeError> {
    write_str(out, key, opts)?;
    out.extend_from_slice(opts.key_sep());
    write_value(out, val, opts)
}

/// The separator `json.dumps` puts between members or items.
pub fn item_separator(opts: DumpOptions) -> &'static [u8] {
    opts.item_sep()
}

/// The shortest decimal digits that round-trip to `f` (finite, positive), and among those the
/// closest to `f`, as David Gay's `dtoa` mode 0 behind Python's `repr` chooses them; with the
/// decimal point position: `f = 0.DIGITS × 10^decpt`.
///
/// Ryu guarantees shortest-and-closest. (Rust's own `{:e}` gives shortest digits too, but
/// not always the closest of several 17-digit candidates: `1321030431031664.2` printed as
/// `...664.3`.)
fn shortest_digits(f: f64) -> (Vec<u8>, i32) {
    let mut buf = ryu::Buffer::new();
    let text = buf.format_finite(f);
    let (mantissa, exp) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().expect("ryu prints an integer exponent")),
        None => (text, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits: Vec<u8> = int_part.bytes().chain(frac_part.bytes()).collect();
    let mut decpt = int_part.len() as i32 + exp;
    // Normalise: no leading zeros (0.001 -> "1", decpt -2), no trailing zeros ("100" -> "1").
    let lead = digits.iter().take_while(|d| **d == b'0').count();
    digits.drain(..lead);
    decpt -= lead as i32;
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, decpt)
}

/// `float.__repr__`: the shortest digits that round-trip, in positional notation when the
/// decimal exponent is in [-4, 16), otherwise `d.ddde±XX`; plus CPython's `NaN`/`Infinity`.
pub fn write_float(out: &mut Vec<u8>, f: f64) {
    if f.is_nan() {
        out.extend_from_slice(b"NaN");
        return;
    }
    if f.is_infinite() {
        out.extend_from_slice(if f > 0.0 { b"Infinity" } else { b"-Infinity" });
        return;
    }
    if f == 0.0 {
        out.extend_from_slice(if f.is_sign_negative() {
            b"-0.0"
        } else {
            b"0.0"
        });
        return;
    }
    let (digits, decpt) = shortest_digits(f.abs());
    if f < 0.0 {
        out.push(b'-');
    }
    let exp = decpt - 1; // value = D.IGITS × 10^exp
    let n = digits.len() as i32;
    if -4 < decpt && decpt <= 16 {
        if decpt <= 0 {
            out.extend_from_slice(b"0.");
            out.extend(std::iter::repeat_n(b'0', (-decpt) as usize));
            out.extend_from_slice(&digits);
        } else if decpt >= n {
            out.extend_from_slice(&digits);
            out.extend(std::iter::repeat_n(b'0', (decpt - n) as usize));
            out.extend_from_slice(b".0");
        } else {
            out.extend_from_slice(&digits[..decpt as usize]);
            out.push(b'.');
            out.extend_from_slice(&digits[decpt as usize..]);
        }
    } else {
        out.push(digits[0]);
        if n > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        out.push(if exp < 0 { b'-' } else { b'+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push(b'0');
        }
        out.extend_from_slice(e.to_string().as_bytes());
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_u_escape(out: &mut Vec<u8>, unit: u32) {
    out.extend_from_slice(b"\\u");
    for shift in [12, 8, 4, 0] {
        out.push(HEX[((unit >> shift) & 0xF) as usize]);
    }
}

/// Bytes `write_str` does not copy as they are: quote, backslash and controls; with
/// `ensure_ascii` every byte from U+007F up; without it the 0xED lead byte (U+D000..U+DFFF,
/// the block that holds the surrogates).
const fn special_bytes(ensure_ascii: bool) -> [bool; 256] {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = c < 0x20
            || c == b'"' as usize
            || c == b'\\' as usize
            || if ensure_ascii { c >= 0x7f } else { c == 0xED };
        c += 1;
    }
    t
}
static SPECIAL_ASCII: [bool; 256] = special_bytes(true);
static SPECIAL_UTF8: [bool; 256] = special_bytes(false);

/// A string as `json.dumps` writes it (`c_encode_basestring` / `c_encode_basestring_ascii`).
pub fn write_str(out: &mut Vec<u8>, s: &JsonStr, opts: DumpOptions) -> Result<(), EncodeError> {
    let b = s.as_wtf8();
    let special = if opts.ensure_ascii {
        &SPECIAL_ASCII
    } else {
        &SPECIAL_UTF8
    };
    out.push(b'"');
    let mut run = 0; // start of the bytes not yet copied
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !special[c as usize] {
            i += 1;
            continue;
        }
        out.extend_from_slice(&b[run..i]);
        if c < 0x80 {
            match c {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                0x08 => out.extend_from_slice(b"\\b"),
                0x0c => out.extend_from_slice(b"\\f"),
                _ => push_u_escape(out, c as u32), // other controls, and U+007F with ensure_ascii
            }
            i += 1;
        } else {
            let (cp, len) = next_code_point(&b[i..]);
            if opts.ensure_ascii {
                if cp >= 0x10000 {
                    let v = cp - 0x10000;
                    push_u_escape(out, 0xD800 | (v >> 10));
                    push_u_escape(out, 0xDC00 | (v & 0x3FF));
                } else {
                    push_u_escape(out, cp);
                }
            } else if (0xD800..0xE000).contains(&cp) {
                return Err(EncodeError::LoneSurrogate { code_point: cp });
            } else {
                out.extend_from_slice(&b[i..i + len]);
            }
            i += len;
        }
        run = i;
    }
    out.extend_from_slice(&b[run..]);
    out.push(b'"');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(text: &str) -> String {
        String::from_utf8(to_bytes(&parse(text.as_bytes()).unwrap(), DumpOptions::SEAL).unwrap())
            .unwrap()
    }
    fn ja(text: &str) -> String {
        String::from_utf8(
            to_bytes(
                &parse(text.as_bytes()).unwrap(),
                DumpOptions::PYTHON_DEFAULT,
            )
            .unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn floats_print_as_python_repr() {
        for (input, want) in [
            ("1e-5", "1e-05"),
            ("1e16", "1e+16"),
            ("1e15", "1000000000000000.0"),
            ("123456789012345678", "123456789012345678"),
            ("123456789012345678.0", "1.2345678901234568e+17"),
            ("5e-324", "5e-324"),
            ("-0.0", "-0.0"),
            ("0.1", "0.1"),
            ("0.0001", "0.0001"),
            ("0.00012", "0.00012"),
            ("1.50", "1.5"),
            ("1E2", "100.0"),
            ("1e400", "Infinity"),
            ("-1e400", "-Infinity"),
            ("1.7976931348623157e308", "1.7976931348623157e+308"),
            ("2.5e-7", "2.5e-07"),
            ("1e100", "1e+100"),
        ] {
            assert_eq!(j(input), want, "input {input}");
        }
        assert_eq!(j("[0.1, 0.2]"), "[0.1, 0.2]");
        let mut out = Vec::new();
        write_float(&mut out, 0.1 + 0.2);
        assert_eq!(out, b"0.30000000000000004");
    }

    #[test]
    fn integers_are_exact_and_minus_zero_is_zero() {
        assert_eq!(j("-0"), "0");
        assert_eq!(
            j("123456789012345678901234567890"),
            "123456789012345678901234567890"
        );
        assert!(parse("1".repeat(4301).as_bytes()).is_err());
        assert!(parse("1".repeat(4300).as_bytes()).is_ok());
    }

    #[test]
    fn keys_sort_by_code_point_and_last_duplicate_wins() {
        assert_eq!(j(r#"{"b": 1, "a": 2, "b": 3}"#), r#"{"a": 2, "b": 3}"#);
        // U+FFFF sorts before U+10000 by code point (not by UTF-16 units, where it would not).
        assert_eq!(
            j(r#"{"\ud800\udc00": 1, "\uffff": 2}"#),
            "{\"\u{ffff}\": 2, \"\u{10000}\": 1}"
        );
        assert_eq!(
            ja(r#"{"\ud800\udc00": 1, "\uffff": 2}"#),
            r#"{"\uffff": 2, "\ud800\udc00": 1}"#
        );
    }

    #[test]
    fn escapes_match_python() {
        assert_eq!(
            j(r#""\u0001\u007f\u2028é\/""#),
            "\"\\u0001\u{7f}\u{2028}é/\""
        );
        assert_eq!(
            ja(r#""\u0001\u007f\u2028é""#),
            r#""\u0001\u007f\u2028\u00e9""#
        );
        assert_eq!(j(r#""\b\f\n\r\t\"\\""#), r#""\b\f\n\r\t\"\\""#);
        assert_eq!(ja("\"😀\""), r#""\ud83d\ude00""#);
    }

    #[test]
    fn lone_surrogates_parse_but_cannot_be_utf8() {
        let v = parse(br#""\ud800x""#).unwrap();
        assert_eq!(
            to_bytes(&v, DumpOptions::SEAL),
            Err(EncodeError::LoneSurrogate { code_point: 0xd800 })
        );
        assert_eq!(
            to_bytes(&v, DumpOptions::PYTHON_DEFAULT).unwrap(),
            br#""\ud800x""#
        );
        // A high surrogate followed by a non-low escape stays lone; the next escape is separate.
        let v = parse(br#""\ud800\u0041""#).unwrap();
        assert_eq!(
            to_bytes(&v, DumpOptions::PYTHON_DEFAULT).unwrap(),
            br#""\ud800A""#
        );
    }

    #[test]
    fn separators_and_special_values() {
        let v = parse(br#"{"a": [1, 2.0, null, true, NaN, -Infinity], "b": {}}"#).unwrap();
        assert_eq!(
            to_bytes(&v, DumpOptions::COMPACT_UTF8).unwrap(),
            br#"{"a":[1,2.0,null,true,NaN,-Infinity],"b":{}}"#
        );
    }

    #[test]
    fn rejects_what_python_rejects() {
        for bad in [
            "",
            " ",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            "-",
            "\"a\u{1}\"",
            "\"\\x\"",
            "\"\\u12\"",
            "nul",
            "tru",
            "[1] 2",
            "\u{feff}1",
            "'a'",
            "{1:2}",
            "+1",
            ".5",
            "Infinityx",
            "-NaN",
        ] {
            assert!(parse(bad.as_bytes()).is_err(), "accepted {bad:?}");
        }
        assert!(parse(&[b'"', 0xff, b'"']).is_err());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(parse(deep.as_bytes()).is_err());
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(ok.as_bytes()).is_ok());
    }

    #[test]
    fn py_int_equality() {
        assert!(parse(b"3").unwrap().py_eq_int(3));
        assert!(parse(b"3.0").unwrap().py_eq_int(3));
        assert!(parse(b"true").unwrap().py_eq_int(1));
        assert!(!parse(b"\"3\"").unwrap().py_eq_int(3));
        assert!(!parse(b"3.5").unwrap().py_eq_int(3));
    }
}
