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
pub fn seal_line(content: &Object, n: u64, prev: &str) -> Result<SealedLine, EncodeError> {
    let mut line = content.clone();
    for f in BOOKKEEPING_FIELDS {
        line.remove(f);
    }
    line.insert("n", Value::Int(canon::Int::from(n as i64)));
    line.insert("prev", Value::Str(JsonStr::from(prev)));
    let (seal, _) = seal_and_link(&line)?;
    let seal = hex::encode(&seal);
    line.insert("seal", Value::Str(JsonStr::from(seal.as_str())));
    let (_, link) = seal_and_link(&line)?;
    let link = hex::encode(&link);
    line.insert("link", Value::Str(JsonStr::from(link.as_str())));
    let mut bytes = canon::to_bytes(&Value::Object(line), DumpOptions::SEAL)?;
    bytes.push(b'\n');
    Ok(SealedLine { bytes, seal, link })
}
