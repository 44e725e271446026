//! Seal and link of one book line, and sealing new lines (spec §3.2; Appendix B step 3).
//!
//! For line i with content c_i (every field but `n`, `prev`, `seal`, `link`):
//! `seal_i = H(J(c_i))`, `link_i = H(J(c_i ∪ {n: i, prev: link_{i-1}, seal: seal_i}))`,
//! `link_0 = ""`, where H is SHA-256 and J is [`crate::book::canon`] with [`DumpOptions::SEAL`].

use crate::book::canon::{self, DumpOptions, EncodeError, JsonStr, Object, Value};
use crate::hex;
use sha2::{Digest, Sha256};

/// The four bookkeeping fields; every other field is content.
pub const BOOKKEEPING_FIELDS: [&str; 4] = ["n", "prev", "seal", "link"];

/// Hashes a line's members, in sorted key order, into its seal and link at once: the seal
/// over every member but the four bookkeeping fields, the link over every member but `link`.
///
/// The two messages are the same bytes until the first of `n`, `prev`, `seal` (`link` is in
/// neither), and with sorted keys that common start holds most of a line (an answer's
/// `items`, its hashes, `kind`). SHA-256 is a stream, so the common start is hashed once and
/// the state is copied where the messages part.
pub(super) struct SealLinkHasher {
    /// The link's hash, and until the messages part, the seal's too.
    link: Sha256,
    /// The seal's own hash, from where the messages part.
    seal: Option<Sha256>,
    seal_empty: bool,
    link_empty: bool,
}

impl SealLinkHasher {
    pub(super) fn new() -> Self {
        let mut link = Sha256::new();
        link.update(b"{");
        SealLinkHasher {
            link,
            seal: None,
            seal_empty: true,
            link_empty: true,
        }
    }

    /// One member, `"key": value` as `J` writes it.
    pub(super) fn member(&mut self, key: &[u8], member: &[u8]) {
        let sep = canon::item_separator(DumpOptions::SEAL);
        if key == b"link" {
            return;
        }
        let in_seal = !matches!(key, b"n" | b"prev" | b"seal");
        if !in_seal && self.seal.is_none() {
            self.seal = Some(self.link.clone()); // the messages part here
        }
        if let Some(seal) = self.seal.as_mut().filter(|_| in_seal) {
            if !self.seal_empty {
                seal.update(sep);
            }
            seal.update(member);
        }
        if in_seal {
            self.seal_empty = false;
        }
        if !self.link_empty {
            self.link.update(sep);
        }
        self.link.update(member);
        self.link_empty = false;
    }

    pub(super) fn finish(self) -> ([u8; 32], [u8; 32]) {
        let mut link = self.link;
        let mut seal = self.seal.unwrap_or_else(|| link.clone());
        seal.update(b"}");
        link.update(b"}");
        (seal.finalize().into(), link.finalize().into())
    }
}

/// Seal and link of a parsed book line, computed from the line's own fields: the seal over
/// its content, the link over every field but `link` (as stored: `n`, `prev`, `seal` included).
/// Both are computed in one pass, each member serialized once.
pub fn seal_and_link(line: &Object) -> Result<([u8; 32], [u8; 32]), EncodeError> {
    let mut hasher = SealLinkHasher::new();
    let mut member = Vec::with_capacity(256);
    for (key, value) in line.iter() {
        if key.as_wtf8() == b"link" {
            continue;
        }
        member.clear();
        canon::write_member(&mut member, key, value, DumpOptions::SEAL)?;
        hasher.member(key.as_wtf8(), &member);
    }
    Ok(hasher.finish())
}

/// A line sealed by [`seal_line`], ready to append to a book.
#[derive(Clone, Debug, PartialEq)]
pub struct SealedLine {
    /// `J(line)` followed by LF.
    pub bytes: Vec<u8>,
    pub seal: String,
    pub link: String,
}

/// Seals `content` as line `n` after a line whose link is `prev` (`""` for line 1).
/// Bookkeeping fields in `content` are replaced.
///
/// Each member is serialized once, straight into the line's bytes: `seal` and `link` are
/// written as 64-character placeholders and filled in once their hashes are known (a hex
/// SHA-256 is always 64 ASCII characters, so the bytes around them do not move). The seal is
/// hashed over the content members' bytes, the link over every member but `link`, the two
/// sharing the hash of their common start as in [`seal_and_link`].
pub fn seal_line(content: &Object, n: u64, prev: &str) -> Result<SealedLine, EncodeError> {
    use std::ops::Range;
    const PLACEHOLDER: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Content,
        Link,
        Seal,
        /// `n`, `prev`.
        Chain,
    }
    let opts = DumpOptions::SEAL;
    let sep = canon::item_separator(opts);
    // The bookkeeping members in key order (`link` < `n` < `prev` < `seal`).
    let bookkeeping = [
        (
            Kind::Link,
            JsonStr::from("link"),
            Value::Str(JsonStr::from(PLACEHOLDER)),
        ),
        (
            Kind::Chain,
            JsonStr::from("n"),
            Value::Int(canon::Int::from(n as i64)),
        ),
        (
            Kind::Chain,
            JsonStr::from("prev"),
            Value::Str(JsonStr::from(prev)),
        ),
        (
            Kind::Seal,
            JsonStr::from("seal"),
            Value::Str(JsonStr::from(PLACEHOLDER)),
        ),
    ];
    let mut content_members = content
        .iter()
        .filter(|(k, _)| {
            !BOOKKEEPING_FIELDS
                .iter()
                .any(|f| k.as_wtf8() == f.as_bytes())
        })
        .peekable();
    let mut extra = bookkeeping.iter().peekable();
    let mut members: Vec<(Kind, Range<usize>)> = Vec::with_capacity(content.len() + 4);
    let mut bytes = Vec::with_capacity(1024);
    bytes.push(b'{');
    loop {
        let (kind, key, value) = match (content_members.peek(), extra.peek()) {
            (Some((a, _)), Some((_, b, _))) if a.as_wtf8() < b.as_wtf8() => {
                let (k, v) = content_members.next().expect("peeked");
                (Kind::Content, k, v)
            }
            (Some(_), None) => {
                let (k, v) = content_members.next().expect("peeked");
                (Kind::Content, k, v)
            }
            (_, Some(_)) => {
                let (kind, k, v) = extra.next().expect("peeked");
                (*kind, k, v)
            }
            (None, None) => break,
        };
        if !members.is_empty() {
            bytes.extend_from_slice(sep);
        }
        let start = bytes.len();
        canon::write_member(&mut bytes, key, value, opts)?;
        members.push((kind, start..bytes.len()));
    }
    bytes.extend_from_slice(b"}\n");
    // The seal, over the content members; where the first bookkeeping member comes, the
    // state so far is also the link's.
    let mut seal_h = Sha256::new();
    seal_h.update(b"{");
    let mut fork = None;
    let mut first = true;
    for (i, (kind, r)) in members.iter().enumerate() {
        if *kind != Kind::Content {
            if fork.is_none() {
                fork = Some((seal_h.clone(), i, first));
            }
            continue;
        }
        if !first {
            seal_h.update(sep);
        }
        seal_h.update(&bytes[r.clone()]);
        first = false;
    }
    seal_h.update(b"}");
    let seal = hex::encode(&seal_h.finalize());
    // A placeholder's 64 characters end one byte (the closing quote) before its member.
    let fill = |bytes: &mut Vec<u8>, which: Kind, hex: &str| {
        if let Some((_, r)) = members.iter().find(|(k, _)| *k == which) {
            bytes[r.end - 65..r.end - 1].copy_from_slice(hex.as_bytes());
        }
    };
    fill(&mut bytes, Kind::Seal, &seal);
    let (mut link_h, from, mut first) = fork.expect("the bookkeeping members are there");
    for (kind, r) in &members[from..] {
        if *kind == Kind::Link {
            continue;
        }
        if !first {
            link_h.update(sep);
        }
        link_h.update(&bytes[r.clone()]);
        first = false;
    }
    link_h.update(b"}");
    let link = hex::encode(&link_h.finalize());
    fill(&mut bytes, Kind::Link, &link);
    Ok(SealedLine { bytes, seal, link })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sealing as spec §3.2 states it: seal over `J(content)`, then link over the line with
    /// `seal`, then the whole line written: three serializations.
    fn stated(content: &Object, n: u64, prev: &str) -> SealedLine {
        let mut line = content.clone();
        for f in BOOKKEEPING_FIELDS {
            line.remove(f);
        }
        let seal = hex::encode(&Sha256::digest(
            canon::to_bytes(&Value::Object(line.clone()), DumpOptions::SEAL).unwrap(),
        ));
        line.insert("n", Value::Int(canon::Int::from(n as i64)));
        line.insert("prev", Value::Str(JsonStr::from(prev)));
        line.insert("seal", Value::Str(JsonStr::from(seal.as_str())));
        let link = hex::encode(&Sha256::digest(
            canon::to_bytes(&Value::Object(line.clone()), DumpOptions::SEAL).unwrap(),
        ));
        line.insert("link", Value::Str(JsonStr::from(link.as_str())));
        let mut bytes = canon::to_bytes(&Value::Object(line), DumpOptions::SEAL).unwrap();
        bytes.push(b'\n');
        SealedLine { bytes, seal, link }
    }

    #[test]
    fn one_serialization_writes_the_bytes_the_stated_rule_does() {
        let lines = [
            r#"{}"#,
            r#"{"kind": "answer", "at": "2026-10-21T12:31:05Z", "seat": "alpha", "items": {"SPX": {"1d": {"prob_up": 57.5}}}, "years": "up"}"#,
            // Keys around and equal to the bookkeeping ones, replaced bookkeeping fields.
            r#"{"a": 1, "lin": 2, "linka": 3, "m": [1.5, null, true], "n": 99, "na": {}, "prev": "x", "prevx": "", "sea": 0, "seal": "old", "seala": -0.0, "seat": "s", "link": "y", "zz": "\u00e9\ud83d\ude00", "\u00ff": 1e300}"#,
            r#"{"Z": 1, "_": 2}"#,
            r#"{"\u0000": "\u001f", "zzz": 1}"#,
        ];
        let prev = "ab".repeat(32);
        for (k, text) in lines.iter().enumerate() {
            let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
                panic!("{text}")
            };
            for (n, prev) in [(1, ""), (7 + k as u64, prev.as_str())] {
                let got = seal_line(&o, n, prev).unwrap();
                assert_eq!(got, stated(&o, n, prev), "{text}");
                let parsed = canon::parse(got.bytes.strip_suffix(b"\n").unwrap()).unwrap();
                let (seal, link) = seal_and_link(parsed.as_object().unwrap()).unwrap();
                assert_eq!(
                    (hex::encode(&seal), hex::encode(&link)),
                    (got.seal, got.link)
                );
            }
        }
    }
}
