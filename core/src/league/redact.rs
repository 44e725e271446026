//! Secrets kept out of what is sealed and published (spec §3.13 requirement 2: keys come
//! only from the environment; the book, the raw replies and the logs are public). The
//! operator's secrets are the values of the environment variables the league's config names
//! (`api_key_env`, a command seat's `env`); the caller reads them and hands them in, and every
//! string that is to be sealed, kept or logged goes through [`Secrets`] first.
//!
//! What is replaced by [`REDACTED`] (the rule; `K` is a secret of at least
//! [`MIN_SECRET_CHARS`] characters, a *mask* is a run of `*`, `•`, `●` or `…`, or of two or
//! more `.`):
//!
//! 1. `K` itself;
//! 2. a prefix of `K` of at least [`MIN_PREFIX_CHARS`] characters followed by a mask, with the
//!    mask and the longest suffix of `K` that follows it (`sk-FLKEY**********NARY`, as a
//!    provider's 401 message shows a wrong key);
//! 3. a mask followed by a suffix of `K` of at least [`MIN_SUFFIX_CHARS`] characters
//!    (`****NARY`), with the mask.
//!
//! Each rule is matched in the text as it stands and in the text with its JSON escapes
//! decoded (`\u0073\u006b...`, `\"`, `\/`, ...; up to [`MAX_DECODE_DEPTH`] times, for JSON held
//! in a JSON string, as a model's answer is in a provider's reply): the span of the original
//! bytes that decodes to the match is what is replaced, so a JSON document stays a JSON
//! document (the replacement needs no escaping). A secret spelled any other way (URL or
//! base64 encoded, split by the model) is not recognised.

use crate::book::canon::{JsonStr, Object, Value};
use crate::league::engine::Reply;

/// What a secret, or a fragment of one, is replaced by.
pub const REDACTED: &str = "[REDACTED]";
/// Shortest secret looked for (in characters): a shorter value would match ordinary text.
pub const MIN_SECRET_CHARS: usize = 8;
/// Shortest prefix of a secret that, followed by a mask, is redacted (rule 2).
pub const MIN_PREFIX_CHARS: usize = 6;
/// Shortest suffix of a secret that, after a mask, is redacted (rule 3).
pub const MIN_SUFFIX_CHARS: usize = 4;
/// How many times JSON escapes are decoded to look for a secret (JSON in a JSON string in a
/// JSON string).
pub const MAX_DECODE_DEPTH: usize = 3;

/// The secrets to keep out of a league's public files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Secrets {
    /// Distinct, each at least [`MIN_SECRET_CHARS`] characters, longest first.
    keys: Vec<String>,
}

/// A text being searched: its bytes, and for each byte the offset in the original bytes of
/// the escape or character it was decoded from (one more entry: the original length).
struct View {
    bytes: Vec<u8>,
    origin: Vec<usize>,
}

impl Secrets {
    /// The secrets among `values` (surrounding whitespace removed; values shorter than
    /// [`MIN_SECRET_CHARS`] are not looked for).
    pub fn new<I, S>(values: I) -> Secrets
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut keys: Vec<String> = values
            .into_iter()
            .map(|v| v.as_ref().trim().to_string())
            .filter(|v| v.chars().count() >= MIN_SECRET_CHARS)
            .collect();
        keys.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        keys.dedup();
        Secrets { keys }
    }

    /// Whether no secret is looked for (none given, or every one shorter than
    /// [`MIN_SECRET_CHARS`]).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// `bytes` with every secret and fragment replaced (see the module doc); `None` when
    /// there is none.
    pub fn scrub_bytes(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        if self.keys.is_empty() || bytes.is_empty() {
            return None;
        }
        let mut spans = Vec::new();
        let mut view = View {
            bytes: bytes.to_vec(),
            origin: (0..=bytes.len()).collect(),
        };
        for depth in 0..=MAX_DECODE_DEPTH {
            for (s, e) in self.matches(&view.bytes) {
                spans.push((view.origin[s], view.origin[e]));
            }
            if depth == MAX_DECODE_DEPTH {
                break;
            }
            match decode_escapes(&view) {
                Some(next) => view = next,
                None => break,
            }
        }
        if spans.is_empty() {
            return None;
        }
        spans.sort_unstable();
        let mut out = Vec::with_capacity(bytes.len());
        let mut at = 0;
        for (s, e) in spans {
            if e <= at {
                continue;
            }
            let s = s.max(at);
            out.extend_from_slice(&bytes[at..s]);
            out.extend_from_slice(REDACTED.as_bytes());
            at = e;
        }
        out.extend_from_slice(&bytes[at..]);
        Some(out)
    }

    /// [`Secrets::scrub_bytes`] on a string.
    pub fn scrub_str(&self, s: &str) -> Option<String> {
        self.scrub_bytes(s.as_bytes())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    /// `s` with the secrets replaced, or as it is.
    pub fn scrubbed(&self, s: &str) -> String {
        self.scrub_str(s).unwrap_or_else(|| s.to_string())
    }

    /// `value` with every string in it (object keys included) scrubbed; `None` when nothing
    /// was found.
    pub fn scrub_value(&self, value: &Value) -> Option<Value> {
        match value {
            Value::Str(s) => self.scrub_json_str(s).map(Value::Str),
            Value::Array(items) => {
                let scrubbed: Vec<Option<Value>> =
                    items.iter().map(|v| self.scrub_value(v)).collect();
                if scrubbed.iter().all(Option::is_none) {
                    return None;
                }
                Some(Value::Array(
                    scrubbed
                        .into_iter()
                        .zip(items)
                        .map(|(s, v)| s.unwrap_or_else(|| v.clone()))
                        .collect(),
                ))
            }
            Value::Object(o) => self.scrub_object(o).map(Value::Object),
            _ => None,
        }
    }

    /// `object` with every string in it scrubbed (keys and values, at any depth); `None`
    /// when nothing was found.
    pub fn scrub_object(&self, object: &Object) -> Option<Object> {
        let mut changed = false;
        let members: Vec<(JsonStr, Value)> = object
            .iter()
            .map(|(k, v)| {
                let k2 = self.scrub_json_str(k);
                let v2 = self.scrub_value(v);
                changed |= k2.is_some() || v2.is_some();
                (
                    k2.unwrap_or_else(|| k.clone()),
                    v2.unwrap_or_else(|| v.clone()),
                )
            })
            .collect();
        changed.then(|| Object::from_members(members))
    }

    fn scrub_json_str(&self, s: &JsonStr) -> Option<JsonStr> {
        let bytes = self.scrub_bytes(s.as_wtf8())?;
        Some(JsonStr::from(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// `reply` with its text, error, model string and raw bytes scrubbed, and whether
    /// anything was found.
    pub fn scrub_reply(&self, reply: &Reply) -> (Reply, bool) {
        let mut out = reply.clone();
        let mut found = false;
        for s in [
            &mut out.text,
            &mut out.error,
            &mut out.provider_model,
            &mut out.unreadable,
            &mut out.provider_finish,
        ]
        .into_iter()
        .flatten()
        {
            if let Some(clean) = self.scrub_str(s) {
                *s = clean;
                found = true;
            }
        }
        if let Some(raw) = self.scrub_bytes(&reply.raw) {
            out.raw = raw;
            found = true;
        }
        (out, found)
    }

    /// The spans `[start, end)` of `text` that rules 1-3 redact.
    fn matches(&self, text: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            match self.match_at(text, i) {
                Some(end) => {
                    out.push((i, end));
                    i = end;
                }
                None => i += 1,
            }
        }
        out
    }

    /// The end of the longest redacted span starting at `i`.
    fn match_at(&self, text: &[u8], i: usize) -> Option<usize> {
        let rest = &text[i..];
        let mut best: Option<usize> = None;
        let mut take = |end: usize| {
            if best.is_none_or(|b| end > b) {
                best = Some(end);
            }
        };
        let mask_here = mask_len(rest);
        for key in &self.keys {
            let k = key.as_bytes();
            // Rule 1.
            if rest.starts_with(k) {
                take(i + k.len());
                continue;
            }
            // Rule 2: the longest prefix (on a character boundary) followed by a mask.
            let common = rest.iter().zip(k).take_while(|(a, b)| a == b).count();
            let mut p = common;
            while p > 0 && !key.is_char_boundary(p) {
                p -= 1;
            }
            if key[..p].chars().count() >= MIN_PREFIX_CHARS {
                let m = mask_len(&rest[p..]);
                if m > 0 {
                    let after = p + m;
                    take(i + after + longest_suffix_at(key, &rest[after..], 1));
                }
            }
            // Rule 3: a mask, then a suffix of at least the minimum.
            if mask_here > 0 {
                let s = longest_suffix_at(key, &rest[mask_here..], MIN_SUFFIX_CHARS);
                if s > 0 {
                    take(i + mask_here + s);
                }
            }
        }
        best
    }
}

/// The length of the longest suffix of `key` (at least `min` characters, on a character
/// boundary) that `text` starts with; 0 when none.
fn longest_suffix_at(key: &str, text: &[u8], min: usize) -> usize {
    let chars = key.chars().count();
    for (n, (start, _)) in key.char_indices().enumerate() {
        if chars - n < min {
            break;
        }
        let suffix = &key.as_bytes()[start..];
        if text.starts_with(suffix) {
            return suffix.len();
        }
    }
    0
}

/// The length in bytes of the mask that `text` starts with (0: none): a run of `*`, `•`,
/// `●`, `…` and `.`, that holds a character other than `.` or at least two of them.
fn mask_len(text: &[u8]) -> usize {
    const MASKS: [&str; 4] = ["*", "\u{2022}", "\u{25cf}", "\u{2026}"];
    let (mut len, mut dots, mut other) = (0, 0, false);
    loop {
        let rest = &text[len..];
        if rest.first() == Some(&b'.') {
            len += 1;
            dots += 1;
        } else if let Some(m) = MASKS.iter().find(|m| rest.starts_with(m.as_bytes())) {
            len += m.len();
            other = true;
        } else {
            break;
        }
    }
    if other || dots >= 2 {
        len
    } else {
        0
    }
}

/// `view` with its JSON escapes decoded once (`\uXXXX` with surrogate pairs, `\"`, `\\`,
/// `\/`, `\b`, `\f`, `\n`, `\r`, `\t`; anything else is kept as it is), or `None` when it has
/// none.
fn decode_escapes(view: &View) -> Option<View> {
    let b = &view.bytes;
    if !b.contains(&b'\\') {
        return None;
    }
    let mut out = View {
        bytes: Vec::with_capacity(b.len()),
        origin: Vec::with_capacity(b.len() + 1),
    };
    let mut i = 0;
    while i < b.len() {
        let from = view.origin[i];
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.bytes.push(b[i]);
            out.origin.push(from);
            i += 1;
            continue;
        }
        let simple = match b[i + 1] {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            _ => None,
        };
        if let Some(c) = simple {
            out.bytes.push(c);
            out.origin.push(from);
            i += 2;
            continue;
        }
        let decoded = (b[i + 1] == b'u')
            .then(|| hex4(&b[i + 2..]))
            .flatten()
            .and_then(|hi| {
                if (0xD800..0xDC00).contains(&hi) {
                    // A high surrogate: only with a low one after it.
                    let lo = (b.get(i + 6..i + 8) == Some(b"\\u"))
                        .then(|| hex4(&b[i + 8..]))
                        .flatten()
                        .filter(|lo| (0xDC00..0xE000).contains(lo))?;
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    Some((char::from_u32(c)?, 12))
                } else {
                    Some((char::from_u32(hi)?, 6))
                }
            });
        match decoded {
            Some((c, used)) => {
                let mut buf = [0u8; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    out.bytes.push(byte);
                    out.origin.push(from);
                }
                i += used;
            }
            None => {
                out.bytes.push(b[i]);
                out.origin.push(from);
                i += 1;
            }
        }
    }
    out.origin.push(view.origin[b.len()]);
    Some(out)
}

/// Four hex digits at the start of `b`, as a number.
fn hex4(b: &[u8]) -> Option<u32> {
    let digits = b.get(..4)?;
    digits
        .iter()
        .try_fold(0u32, |acc, d| Some(acc * 16 + char::from(*d).to_digit(16)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon;

    const KEY: &str = "sk-FLKEYabcdefghijklmnopqrstuvwxyzCANARY";

    fn secrets() -> Secrets {
        Secrets::new([KEY, "short", "  AIzaOTHERkey0123456789  "])
    }

    fn scrub(s: &str) -> String {
        secrets().scrubbed(s)
    }

    /// `s` with every character as a JSON `\u` escape.
    fn escaped(s: &str) -> String {
        s.chars().map(|c| format!("\\u{:04x}", c as u32)).collect()
    }

    #[test]
    fn the_key_itself_is_replaced_wherever_it_is() {
        assert_eq!(
            scrub(&format!("a {KEY} b{KEY}")),
            "a [REDACTED] b[REDACTED]"
        );
        // Values are trimmed; a short value is not looked for.
        assert_eq!(scrub("x AIzaOTHERkey0123456789."), "x [REDACTED].");
        assert_eq!(scrub("a short one"), "a short one");
        assert_eq!(secrets().scrub_str("nothing here"), None);
        assert_eq!(Secrets::new(["", "1234567"]).scrub_str("1234567"), None);
    }

    #[test]
    fn json_escapes_are_decoded_before_matching() {
        // The whole key escaped, or only part of it, in a JSON document.
        let doc = format!(r#"{{"years": "{}", "ok": "yes"}}"#, escaped(KEY));
        let out = scrub(&doc);
        assert_eq!(out, r#"{"years": "[REDACTED]", "ok": "yes"}"#);
        let half = format!(r#"{{"a": "{}{}"}}"#, &KEY[..10], escaped(&KEY[10..]));
        assert_eq!(scrub(&half), r#"{"a": "[REDACTED]"}"#);
        // JSON in a JSON string (a model's answer in a provider's body): escaped twice.
        let inner = format!(r#"{{"years": "{}"}}"#, escaped(KEY));
        let outer = serde_json::json!({"content": inner}).to_string();
        assert!(outer.contains("\\\\u0073"), "{outer}");
        let out = scrub(&outer);
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back["content"], r#"{"years": "[REDACTED]"}"#);
        // An escaped quote or slash inside the key's span.
        let key = "abc/def\"ghi123";
        let s = Secrets::new([key]);
        assert_eq!(s.scrubbed(r#""abc\/def\"ghi123""#), r#""[REDACTED]""#);
        // Broken escapes are kept and do not hide a key after them.
        assert_eq!(
            scrub(&format!("\\u12 \\q \\ud800 {KEY}\\")),
            "\\u12 \\q \\ud800 [REDACTED]\\"
        );
    }

    #[test]
    fn masked_fragments_are_replaced() {
        // An OpenAI-style 401 message: prefix, mask, last four.
        let msg = "Incorrect API key provided: sk-FLKEY**********NARY. You can find your API key at https://example.com.";
        assert_eq!(
            scrub(msg),
            "Incorrect API key provided: [REDACTED]. You can find your API key at https://example.com."
        );
        // Prefix and mask only; mask and suffix only; other mask characters.
        assert_eq!(scrub("key sk-FLKE****"), "key [REDACTED]");
        assert_eq!(scrub("key sk-F****CANARY!"), "key sk-F[REDACTED]!");
        assert_eq!(
            scrub("sk-FLKEYab\u{2022}\u{2022}\u{2022}NARY"),
            "[REDACTED]"
        );
        assert_eq!(scrub("sk-FLKEYa...ANARY"), "[REDACTED]");
        assert_eq!(scrub("sk-FLKEYa\u{2026}"), "[REDACTED]");
        // Too short a prefix or suffix, or no mask: left as it is.
        assert_eq!(scrub("sk-FL****"), "sk-FL****");
        assert_eq!(scrub("****ARY"), "****ARY");
        assert_eq!(scrub("sk-FLKEY is a prefix"), "sk-FLKEY is a prefix");
        assert_eq!(scrub("sk-FLKEYa. Then"), "sk-FLKEYa. Then");
        // Escaped masks and fragments too.
        assert_eq!(scrub(&escaped("sk-FLKEY**NARY")), "[REDACTED]");
    }

    #[test]
    fn parsed_values_are_walked() {
        let line = br#"{"kind": "answer", "items": {"SPX": {"1d": {"risk": "a leak: sk-FLKEY***NARY"}}}, "years": ["x", "AIzaOTHERkey0123456789"], "n": 3}"#;
        let o = canon::parse_line_object(line).unwrap();
        let clean = secrets().scrub_object(&o).expect("found");
        let text = String::from_utf8(
            canon::to_bytes(&Value::Object(clean), canon::DumpOptions::SEAL).unwrap(),
        )
        .unwrap();
        assert!(text.contains(r#""risk": "a leak: [REDACTED]""#), "{text}");
        assert!(text.contains(r#""years": ["x", "[REDACTED]"]"#), "{text}");
        assert!(text.contains(r#""n": 3"#), "{text}");
        let plain = canon::parse_line_object(br#"{"a": ["b", {"c": 1.5}]}"#).unwrap();
        assert_eq!(secrets().scrub_object(&plain), None);
        // A key as an object key.
        let o = canon::parse_line_object(format!(r#"{{"{KEY}": 1}}"#).as_bytes()).unwrap();
        let clean = secrets().scrub_object(&o).unwrap();
        assert_eq!(clean.get("[REDACTED]"), Some(&Value::Int(1i64.into())));
    }

    #[test]
    fn a_reply_is_scrubbed_in_every_field() {
        let raw = format!(r#"{{"error": {{"message": "bad key {}"}}}}"#, escaped(KEY));
        let reply = Reply {
            text: Some(format!("text {KEY}")),
            provider_model: Some("m".into()),
            error: Some("401: sk-FLKEY***NARY".into()),
            raw: raw.into_bytes(),
            unreadable: Some(format!("not JSON near {KEY}")),
            ..Reply::default()
        };
        let (clean, found) = secrets().scrub_reply(&reply);
        assert_eq!(
            clean.unreadable.as_deref(),
            Some("not JSON near [REDACTED]")
        );
        assert!(found);
        assert_eq!(clean.text.as_deref(), Some("text [REDACTED]"));
        assert_eq!(clean.error.as_deref(), Some("401: [REDACTED]"));
        assert_eq!(clean.provider_model.as_deref(), Some("m"));
        assert_eq!(
            clean.raw,
            br#"{"error": {"message": "bad key [REDACTED]"}}"#
        );
        let (same, found) = Secrets::default().scrub_reply(&reply);
        assert!(!found);
        assert_eq!(same, reply);
    }
}
