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
    /// seal = SHA-256(J(content)), hex (spec §3.1).
    pub seal: String,
    /// link = SHA-256(J(every field except `link`)), hex (spec §3.1).
    pub link: String,
}

/// Seals `content` as line `n` after a line whose link is `prev` (`""` for line 1).
/// Bookkeeping fields in `content` are replaced. The same as [`prepare_line`] then
/// [`PreparedLine::chain`], which is how it is done.
pub fn seal_line(content: &Object, n: u64, prev: &str) -> Result<SealedLine, EncodeError> {
    Ok(prepare_line(content)?.chain(n, prev))
}

/// A line whose content is serialized and sealed but which has no place in a book yet: all
/// of `J(line)` but the members `n` and `prev`, and the link's hash over as much of the line
/// as comes before `n` (spec §3.2: the seal depends on the content alone; the link depends on
/// the chain through `n` and `prev`). Made by [`prepare_line`] on any thread; finished by
/// [`PreparedLine::chain`] on the book's writer, which hashes only from `n` on.
#[derive(Clone)]
pub struct PreparedLine {
    /// `{`, every member whose key sorts before `n` (`link` among them, as a placeholder at
    /// `link_at`), each followed by the item separator.
    head: Vec<u8>,
    /// Where the 64 characters of the `link` placeholder begin in `head`.
    link_at: usize,
    /// The link's hash after the same members as `head` but `link` (each followed by the
    /// separator): the state that `n` continues.
    link_state: Sha256,
    /// Each member between `n` and `prev` preceded by the separator, then the separator
    /// before `prev`.
    mid: Vec<u8>,
    /// Each member after `prev` (`seal` filled in) preceded by the separator, then `}` and LF.
    tail: Vec<u8>,
    seal: String,
}

impl std::fmt::Debug for PreparedLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreparedLine")
            .field("seal", &self.seal)
            .field(
                "bytes",
                &(self.head.len() + self.mid.len() + self.tail.len()),
            )
            .finish()
    }
}

/// A placeholder for a hex SHA-256 (always 64 ASCII characters, so nothing around it moves
/// when it is filled in).
const PLACEHOLDER: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Serializes and seals `content` for [`PreparedLine::chain`] (spec §3.2: the seal over
/// `J(content)`; bookkeeping fields in `content` are ignored). Each member is serialized once:
/// the seal is hashed over the content members as they are written, and since `n` sorts
/// before `prev` and `seal` (and `link` is in no message), the link's message is the seal's up
/// to `n`: its state there is a copy of the seal's.
pub fn prepare_line(content: &Object) -> Result<PreparedLine, EncodeError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Link,
        N,
        Prev,
        Seal,
    }
    let opts = DumpOptions::SEAL;
    let sep = canon::item_separator(opts);
    // The bookkeeping members in key order (`link` < `n` < `prev` < `seal`).
    let bookkeeping = [
        (Kind::Link, "link"),
        (Kind::N, "n"),
        (Kind::Prev, "prev"),
        (Kind::Seal, "seal"),
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
    let mut head = Vec::with_capacity(1024);
    head.push(b'{');
    let mut mid = Vec::new();
    let mut tail = Vec::with_capacity(256);
    let mut seal_h = Sha256::new();
    seal_h.update(b"{");
    let mut seal_empty = true;
    let (mut link_at, mut seal_at, mut link_state) = (0, 0, None);
    let mut member = Vec::with_capacity(256);
    // Writes `"key": "<placeholder>"` and says where the placeholder's 64 characters begin
    // (they end one byte, the closing quote, before the member does).
    let placeholder = |out: &mut Vec<u8>, key: &str| -> Result<usize, EncodeError> {
        canon::write_member(
            out,
            &JsonStr::from(key),
            &Value::Str(JsonStr::from(PLACEHOLDER)),
            opts,
        )?;
        Ok(out.len() - 65)
    };
    // Which part the next content member goes to: 0 head, 1 mid, 2 tail.
    let mut part = 0u8;
    loop {
        let take_content = match (content_members.peek(), extra.peek()) {
            (Some((a, _)), Some((_, b))) => a.as_wtf8() < b.as_bytes(),
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        if take_content {
            let (key, value) = content_members.next().expect("peeked");
            member.clear();
            canon::write_member(&mut member, key, value, opts)?;
            if !seal_empty {
                seal_h.update(sep);
            }
            seal_h.update(&member);
            seal_empty = false;
            match part {
                0 => {
                    head.extend_from_slice(&member);
                    head.extend_from_slice(sep);
                }
                1 => {
                    mid.extend_from_slice(sep);
                    mid.extend_from_slice(&member);
                }
                _ => {
                    tail.extend_from_slice(sep);
                    tail.extend_from_slice(&member);
                }
            }
            continue;
        }
        let (kind, key) = extra.next().expect("peeked");
        match kind {
            Kind::Link => {
                link_at = placeholder(&mut head, key)?;
                head.extend_from_slice(sep);
            }
            Kind::N => {
                let mut state = seal_h.clone();
                if !seal_empty {
                    state.update(sep);
                }
                link_state = Some(state);
                part = 1;
            }
            Kind::Prev => {
                mid.extend_from_slice(sep);
                part = 2;
            }
            Kind::Seal => {
                tail.extend_from_slice(sep);
                seal_at = placeholder(&mut tail, key)?;
            }
        }
    }
    tail.extend_from_slice(b"}\n");
    seal_h.update(b"}");
    let seal = hex::encode(&seal_h.finalize());
    tail[seal_at..seal_at + 64].copy_from_slice(seal.as_bytes());
    Ok(PreparedLine {
        head,
        link_at,
        link_state: link_state.expect("`n` is among the members"),
        mid,
        tail,
        seal,
    })
}

impl PreparedLine {
    /// The line's seal (lowercase hex), known before it has a place in a book.
    pub fn seal(&self) -> &str {
        &self.seal
    }

    /// Makes this line `n` of a book after a line whose link is `prev` (`""` for line 1):
    /// writes `n` and `prev`, hashes the link from `n` to the end on the prepared state, and
    /// fills the link in. The head is moved, not copied; the writer's work is the short
    /// stretch from `n` on.
    pub fn chain(self, n: u64, prev: &str) -> SealedLine {
        let PreparedLine {
            mut head,
            link_at,
            mut link_state,
            mid,
            tail,
            seal,
        } = self;
        let members = chain_members(n, prev);
        let (n_member, prev_member) = members.split_at(members.n_len);
        let at_n = head.len();
        head.reserve(members.bytes.len() + mid.len() + tail.len());
        head.extend_from_slice(n_member);
        head.extend_from_slice(&mid);
        head.extend_from_slice(prev_member);
        head.extend_from_slice(&tail);
        // The link's message runs from `n` to `}`, without the LF.
        link_state.update(&head[at_n..head.len() - 1]);
        let link = hex::encode(&link_state.finalize());
        head[link_at..link_at + 64].copy_from_slice(link.as_bytes());
        SealedLine {
            bytes: head,
            seal,
            link,
        }
    }
}

/// `"n": N` and `"prev": "…"` as `J` writes them, one after the other.
struct ChainMembers {
    bytes: Vec<u8>,
    n_len: usize,
}

impl ChainMembers {
    fn split_at(&self, i: usize) -> (&[u8], &[u8]) {
        self.bytes.split_at(i)
    }
}

fn chain_members(n: u64, prev: &str) -> ChainMembers {
    let opts = DumpOptions::SEAL;
    let mut bytes = Vec::with_capacity(96);
    // Neither can fail: an integer and a string from Rust's `str` (never a lone surrogate).
    let _ = canon::write_member(
        &mut bytes,
        &JsonStr::from("n"),
        &Value::Int(canon::Int::from(n as i64)),
        opts,
    );
    let n_len = bytes.len();
    let _ = canon::write_member(
        &mut bytes,
        &JsonStr::from("prev"),
        &Value::Str(JsonStr::from(prev)),
        opts,
    );
    ChainMembers { bytes, n_len }
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
        let seal = hex::sha256_hex(
            canon::to_bytes(&Value::Object(line.clone()), DumpOptions::SEAL).unwrap(),
        );
        line.insert("n", Value::Int(canon::Int::from(n as i64)));
        line.insert("prev", Value::Str(JsonStr::from(prev)));
        line.insert("seal", Value::Str(JsonStr::from(seal.as_str())));
        let link = hex::sha256_hex(
            canon::to_bytes(&Value::Object(line.clone()), DumpOptions::SEAL).unwrap(),
        );
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

    /// Times `seal_line` against the stated three-serialization rule on 1,000 answer-shaped
    /// lines (12 markets by 4 horizons). Ignored in normal runs (tests never assert times):
    /// `cargo test --release -p sealbook-core book::seal::tests::timing -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn timing() {
        let mut items = String::new();
        for (i, m) in [
            "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER",
            "BTC",
        ]
        .iter()
        .enumerate()
        {
            if i > 0 {
                items.push_str(", ");
            }
            items.push_str(&format!(r#""{m}": {{"1d": {{"prob_up": 57.5, "action": "hold", "risk": "rates reprice on the CPI print", "revise_if": "close below the 50-day"}}, "1w": {{"prob_up": 52.25, "action": "trim"}}, "1m": {{"prob_up": 61.0, "action": "buy_dips", "entry": 6512.5}}, "6m": {{"prob_up": 58.0, "action": "hold"}}}}"#));
        }
        let text = format!(
            r#"{{"kind": "answer", "at": "2026-10-21T12:31:05.123456Z", "booked_at": "2026-10-21T12:31:05.125000Z", "run_id": "2026-10-21-am", "seat": "seat01", "model": "gpt-test-2026-10-01", "mode": "api", "ask_sha256": "{h}", "own_sha256": "{h}", "items": {{{items}}}, "years": "Up, with swings."}}"#,
            h = "ab".repeat(32)
        );
        let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
            panic!()
        };
        let prev = "cd".repeat(32);
        for round in 0..3 {
            let t = std::time::Instant::now();
            for n in 1..=1000 {
                std::hint::black_box(stated(&o, n, &prev));
            }
            let old = t.elapsed();
            let t = std::time::Instant::now();
            for n in 1..=1000 {
                std::hint::black_box(seal_line(&o, n, &prev).unwrap());
            }
            let new = t.elapsed();
            println!(
                "round {round}: 1,000 lines of {} bytes: three serializations {:.1} us/line, seal_line {:.1} us/line ({:.2}x)",
                seal_line(&o, 1, &prev).unwrap().bytes.len(),
                old.as_secs_f64() * 1e3,
                new.as_secs_f64() * 1e3,
                old.as_secs_f64() / new.as_secs_f64()
            );
        }
    }
}
