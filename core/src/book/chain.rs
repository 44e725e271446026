//! Streaming chain verification of a sealed book with byte-exact prefix hashes (spec §3.2;
//! Appendix B step 4).
//!
//! The prefix hash of N lines is SHA-256 over the file's first N lines exactly as stored, each
//! with its LF; a last line without LF is not counted yet (it is a *partial tail*).

use crate::book::canon::{self, DumpOptions, JsonStr, Value};
use crate::book::canonical_form;
pub use crate::book::chain_messages::ProblemMsg;
use crate::book::seal::{seal_and_link, SealLinkHasher, BOOKKEEPING_FIELDS};
use crate::book::seal_form::SealForm;
use crate::hex;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// Longest line the streaming verifier buffers (bytes). A longer line is reported as a `json`
/// problem and skipped, while its bytes still count in the prefix hash.
pub const DEFAULT_MAX_LINE_BYTES: usize = 64 << 20;

/// Which of the Appendix B step 4 checks a problem belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChainCheck {
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

impl ChainCheck {
    /// The field the check is named after, as reports print it (`json`, `n`, `prev`, `seal`, `link`).
    pub fn name(self) -> &'static str {
        match self {
            ChainCheck::Json => "json",
            ChainCheck::N => "n",
            ChainCheck::Prev => "prev",
            ChainCheck::Seal => "seal",
            ChainCheck::Link => "link",
        }
    }
}

/// One failed check on one line.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(into = "ProblemWire", from = "ProblemWire")]
pub struct Problem {
    /// 1-based line number in the file.
    pub line: u64,
    /// Which check failed.
    pub check: ChainCheck,
    /// What is wrong: an id with its arguments; its `Display` is the English sentence.
    pub message: ProblemMsg,
    /// What the check computed (a hash, a number), when there is one.
    pub expected: Option<String>,
    /// What the line holds, when there is one.
    pub found: Option<String>,
}

/// A [`Problem`] as JSON: `message` is the English sentence (as `sealbook verify --json`
/// always wrote it), `msg` the id with its arguments, which is what is read back.
#[derive(Serialize, serde::Deserialize)]
struct ProblemWire {
    line: u64,
    check: ChainCheck,
    #[serde(default, skip_deserializing)]
    message: String,
    expected: Option<String>,
    found: Option<String>,
    msg: ProblemMsg,
}

impl From<Problem> for ProblemWire {
    fn from(p: Problem) -> Self {
        ProblemWire {
            line: p.line,
            check: p.check,
            message: p.message.to_string(),
            expected: p.expected,
            found: p.found,
            msg: p.message,
        }
    }
}

impl From<ProblemWire> for Problem {
    fn from(w: ProblemWire) -> Self {
        Problem {
            line: w.line,
            check: w.check,
            message: w.msg,
            expected: w.expected,
            found: w.found,
        }
    }
}

/// The prefix of the book at a requested line count.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Prefix {
    /// The line count the prefix was requested at.
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
    /// The first line that failed a check, if any.
    pub first_bad_line: Option<u64>,
    /// The first problems found, in file order (at most `max_problems`).
    pub problems: Vec<Problem>,
    /// Problems found beyond `max_problems`.
    pub problems_omitted: u64,
    /// The file ends with bytes after its last LF; they are not counted or checked.
    pub partial_tail: bool,
    /// Bytes after the last LF (0 without a partial tail).
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
    /// Longest line accepted, in bytes; a longer line fails without being parsed.
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
///
/// It is one [`RangeVerifier`] over the whole book with a [`BookHasher`] beside it, joined by
/// a [`Stitch`]: the same pieces a caller runs on several threads, one range each.
pub struct ChainVerifier {
    opts: VerifyOptions,
    lines: Lines,
    hasher: BookHasher,
}

impl ChainVerifier {
    /// A verifier for a book read from its first byte.
    pub fn new(opts: VerifyOptions) -> Self {
        ChainVerifier {
            lines: Lines::new(&opts, Start::Known(Boundary::BOOK_START)),
            hasher: BookHasher::new(&opts),
            opts,
        }
    }

    /// Complete lines checked so far.
    pub fn lines(&self) -> u64 {
        self.lines.lines
    }

    /// Bytes of complete lines consumed so far.
    pub fn bytes(&self) -> u64 {
        self.lines.bytes
    }

    /// True while no problem has been found.
    pub fn ok_so_far(&self) -> bool {
        self.lines.first_bad.is_none()
    }

    /// Feeds the next chunk of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.lines.feed(chunk);
        self.hasher.feed(chunk);
    }

    /// Ends the input and returns the report.
    pub fn finish(self) -> ChainReport {
        let mut stitch = Stitch::new(&self.opts);
        let joined = stitch.push(RangeResult(self.lines.finish()));
        debug_assert!(
            joined.is_ok(),
            "a range from the book's start needs no restart"
        );
        stitch.finish(self.hasher.finish())
    }
}

/// The chain state at a line boundary: what the next line's checks need.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Boundary {
    /// Complete lines before the boundary.
    lines: u64,
    /// The `n` the next line must hold.
    expected_n: i64,
    /// The `prev` the next line must hold; `None` after a line that could not be read (its
    /// problem is already reported, so the next line's `prev` is not checked).
    expected_prev: Option<String>,
    /// The stored `link` of the line before the boundary.
    last_link: Option<String>,
}

impl Boundary {
    const BOOK_START: Boundary = Boundary {
        lines: 0,
        expected_n: 1,
        expected_prev: Some(String::new()),
        last_link: None,
    };
}

/// Where a range's checks start.
enum Start {
    /// The state before the range is known (the book's start, or the ranges before it are
    /// joined).
    Known(Boundary),
    /// The range starts at some line boundary of the book, the state before it unknown.
    Unknown,
}

/// Why a problem was found, rendered once its line number in the book is known.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
enum Why {
    Msg(ProblemMsg),
    /// `n` is not `expected` (its message depends on whether `expected` is the line number).
    N {
        expected: i64,
    },
    /// `prev` is not the previous line's link.
    Prev,
}

/// A found problem before its line is numbered: why, what was computed, what the line holds.
type Found = (Why, Option<String>, Option<String>);

/// A problem of a range, at its line number within the range (1-based).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Pending {
    line: u64,
    check: ChainCheck,
    why: Why,
    expected: Option<String>,
    found: Option<String>,
}

impl Pending {
    /// The problem with the range's first line at book line `before + 1`.
    fn render(self, before: u64) -> Problem {
        let line = before + self.line;
        let message = match self.why {
            Why::Msg(m) => m,
            Why::N { .. } if line == 1 => ProblemMsg::FirstN,
            Why::N { expected } if expected as u64 == line => ProblemMsg::NotPosition { expected },
            Why::N { expected } => ProblemMsg::NotNext { expected },
            Why::Prev if line == 1 => ProblemMsg::FirstPrev,
            Why::Prev => ProblemMsg::PrevNotLink { line: line - 1 },
        };
        Problem {
            line,
            check: self.check,
            message,
            expected: self.expected,
            found: self.found,
        }
    }
}

/// The `n` check of a line whose `n` must be `expected`, with the `n` expected next.
fn check_n(expected: i64, n: &Option<Value>) -> (Option<Found>, i64) {
    let problem = match n {
        None => Some((
            Why::Msg(ProblemMsg::MissingField {
                field: ChainCheck::N,
            }),
            Some(expected.to_string()),
            None,
        )),
        Some(v) if v.py_eq_int(expected) => None,
        Some(v) => Some((
            Why::N { expected },
            Some(expected.to_string()),
            Some(display(v)),
        )),
    };
    (problem, resync_n(n).unwrap_or(expected + 1))
}

/// The `n` expected after a line holding `n`, when the line alone tells it: resynchronise on
/// the line's own integer `n`, so a gap is reported once.
fn resync_n(n: &Option<Value>) -> Option<i64> {
    match n {
        Some(Value::Int(i)) => i.to_i64().map(|n| n.saturating_add(1)),
        _ => None,
    }
}

/// The `prev` check of a line after a line whose link is `expected` (`None`: that line could
/// not be read, so there is nothing to check).
fn check_prev(expected: Option<String>, prev: &Option<Value>) -> Option<Found> {
    let expected = expected?;
    match prev {
        None => Some((
            Why::Msg(ProblemMsg::MissingField {
                field: ChainCheck::Prev,
            }),
            Some(expected),
            None,
        )),
        Some(Value::Str(s)) if s.as_wtf8() == expected.as_bytes() => None,
        Some(v) => Some((Why::Prev, Some(expected), Some(display(v)))),
    }
}

/// The first line of a range whose start state was unknown: its `n` and `prev` are checked
/// when the range is joined to the ones before it.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FirstLine {
    #[serde(with = "value_text")]
    n: Option<Value>,
    #[serde(with = "value_text")]
    prev: Option<Value>,
}

/// A field value in a [`RangeResult`]'s wire form: its JSON text as `json.dumps` with
/// `ensure_ascii` writes it, which [`canon::parse`] reads back to the same value (lone
/// surrogates and float spellings included).
mod value_text {
    use super::{canon, DumpOptions, Value};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Value>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            None => s.serialize_none(),
            Some(v) => {
                let text = canon::to_bytes(v, DumpOptions::PYTHON_DEFAULT)
                    .map_err(serde::ser::Error::custom)?;
                // ensure_ascii output is ASCII.
                s.serialize_some(&String::from_utf8_lossy(&text))
            }
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| canon::parse(t.as_bytes()).map_err(serde::de::Error::custom))
            .transpose()
    }
}

/// The line-by-line checks of one range of whole lines (no prefix hashing).
struct Lines {
    max_problems: usize,
    max_line_bytes: usize,
    buf: Vec<u8>,
    /// Inside a line too long to buffer: its bytes so far.
    overlong: Option<u64>,
    /// Complete lines and their bytes so far, in this range.
    lines: u64,
    bytes: u64,
    /// Lines in the book before the range, when known.
    before: Option<u64>,
    /// `None` until the range's own lines tell it (unknown start).
    expected_n: Option<i64>,
    expected_prev: Option<String>,
    last_link: Option<String>,
    /// The deferred checks of the first line (unknown start).
    first: Option<FirstLine>,
    /// The range's first line did not tell the state after it: the lines are only counted,
    /// and the range must be verified again from the state before it.
    restart: bool,
    problems: Vec<Pending>,
    omitted: u64,
    /// Line within the range of the first problem.
    first_bad: Option<u64>,
    /// Scratch for the fast path's member spans.
    spans: Vec<canonical_form::MemberSpan>,
    /// Scratch for the middle path's members in seal form.
    seal_form: SealForm,
}

impl Lines {
    fn new(opts: &VerifyOptions, start: Start) -> Lines {
        let (before, expected_n, expected_prev, last_link) = match start {
            Start::Known(b) => (
                Some(b.lines),
                Some(b.expected_n),
                b.expected_prev,
                b.last_link,
            ),
            Start::Unknown => (None, None, None, None),
        };
        Lines {
            max_problems: opts.max_problems,
            max_line_bytes: opts.max_line_bytes,
            buf: Vec::new(),
            overlong: None,
            lines: 0,
            bytes: 0,
            before,
            expected_n,
            expected_prev,
            last_link,
            first: None,
            restart: false,
            problems: Vec::new(),
            omitted: 0,
            first_bad: None,
            spans: Vec::new(),
            seal_form: SealForm::new(),
        }
    }

    fn feed(&mut self, mut chunk: &[u8]) {
        let max = self.max_line_bytes;
        while !chunk.is_empty() {
            let (piece, complete) = match memchr::memchr(b'\n', chunk) {
                Some(pos) => (&chunk[..=pos], true),
                None => (chunk, false),
            };
            chunk = &chunk[piece.len()..];
            if let Some(len) = self.overlong.as_mut() {
                *len += piece.len() as u64;
                if complete {
                    self.overlong_line();
                }
            } else if self.buf.len() + piece.len() > max {
                self.overlong = Some((self.buf.len() + piece.len()) as u64);
                self.buf = Vec::new();
                if complete {
                    self.overlong_line();
                }
            } else if !complete {
                self.buf.extend_from_slice(piece);
            } else if self.buf.is_empty() {
                self.line(piece);
            } else {
                let mut line = std::mem::take(&mut self.buf);
                line.extend_from_slice(piece);
                self.line(&line);
                if line.capacity() <= 1 << 20 {
                    line.clear();
                    self.buf = line; // keep a modest allocation for the next line
                }
            }
        }
    }

    /// Bytes after the last LF.
    fn tail(&self) -> u64 {
        self.overlong.unwrap_or(self.buf.len() as u64)
    }

    fn finish(self) -> Range {
        Range {
            tail: self.tail(),
            lines: self.lines,
            bytes: self.bytes,
            before: self.before,
            first: self.first,
            restart: self.restart,
            problems: self.problems,
            omitted: self.omitted,
            first_bad: self.first_bad,
            end: self.expected_n.map(|expected_n| Boundary {
                lines: self.lines,
                expected_n,
                expected_prev: self.expected_prev,
                last_link: self.last_link,
            }),
        }
    }

    fn problem(&mut self, check: ChainCheck, (why, expected, found): Found) {
        let line = self.lines;
        self.first_bad.get_or_insert(line);
        if self.problems.len() < self.max_problems {
            self.problems.push(Pending {
                line,
                check,
                why,
                expected,
                found,
            });
        } else {
            self.omitted += 1;
        }
    }

    /// A line longer than `max_line_bytes`: counted, reported, not parsed.
    fn overlong_line(&mut self) {
        let len = self.overlong.take().unwrap_or(0);
        self.lines += 1;
        self.bytes += len;
        if self.restart {
            return;
        }
        let max = self.max_line_bytes;
        let message = ProblemMsg::TooLong {
            bytes: len,
            max: max as u64,
        };
        self.problem(ChainCheck::Json, (Why::Msg(message), None, None));
        self.after_unreadable_line();
    }

    fn after_unreadable_line(&mut self) {
        match self.expected_n.as_mut() {
            Some(n) => *n += 1,
            None => self.restart = true,
        }
        self.expected_prev = None;
        self.last_link = None;
    }

    /// Checks one complete line (`bytes` ends with LF).
    fn line(&mut self, bytes: &[u8]) {
        self.lines += 1;
        self.bytes += bytes.len() as u64;
        if self.restart {
            return;
        }
        let fields = match read_fields(
            &bytes[..bytes.len() - 1],
            &mut self.spans,
            &mut self.seal_form,
        ) {
            Ok(f) => f,
            Err(message) => {
                self.problem(ChainCheck::Json, (Why::Msg(message), None, None));
                return self.after_unreadable_line();
            }
        };
        match self.expected_n {
            Some(expected) => {
                let (problem, next) = check_n(expected, &fields.n);
                if let Some(p) = problem {
                    self.problem(ChainCheck::N, p);
                }
                self.expected_n = Some(next);
                if let Some(p) = check_prev(self.expected_prev.take(), &fields.prev) {
                    self.problem(ChainCheck::Prev, p);
                }
            }
            None => {
                // The range's first line, the state before it unknown: its n and prev are
                // checked when the range is joined; the line's own integer n tells the next.
                self.first = Some(FirstLine {
                    n: fields.n.clone(),
                    prev: fields.prev.clone(),
                });
                match resync_n(&fields.n) {
                    Some(next) => self.expected_n = Some(next),
                    None => {
                        self.restart = true;
                        return;
                    }
                }
            }
        }
        self.check_seal_and_link(&fields);
        self.last_link = stored_link(&fields);
        self.expected_prev = self.last_link.clone();
    }

    fn check_seal_and_link(&mut self, fields: &LineFields) {
        for (check, stored, digest) in [
            (ChainCheck::Seal, &fields.seal, fields.seal_hash),
            (ChainCheck::Link, &fields.link, fields.link_hash),
        ] {
            if let Some(Value::Str(s)) = stored {
                if hex::matches(&digest, s.as_wtf8()) {
                    continue;
                }
            }
            let computed = hex::encode(&digest);
            let problem = match stored {
                None => (
                    Why::Msg(ProblemMsg::MissingField { field: check }),
                    Some(computed),
                    None,
                ),
                Some(v) => {
                    let what = if check == ChainCheck::Seal {
                        ProblemMsg::SealMismatch
                    } else {
                        ProblemMsg::LinkMismatch
                    };
                    (Why::Msg(what), Some(computed), Some(display(v)))
                }
            };
            self.problem(check, problem);
        }
    }
}

/// A line's stored `link`, as the next line's `prev` must hold it.
fn stored_link(fields: &LineFields) -> Option<String> {
    fields
        .link
        .as_ref()
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// The bookkeeping fields and recomputed hashes of one line (`text`: without its LF), or the
/// `json` problem's message when the reference could not read it.
fn read_fields(
    text: &[u8],
    spans: &mut Vec<canonical_form::MemberSpan>,
    seal_form: &mut SealForm,
) -> Result<LineFields, ProblemMsg> {
    // A CR that does not end the line would split it under Python's universal newlines.
    let body = text.strip_suffix(b"\r").unwrap_or(text);
    if let Some(at) = memchr::memchr(b'\r', body) {
        return Err(ProblemMsg::BareCr { at: at as u64 });
    }
    if let Some(f) = fields_of_canonical(text, spans) {
        return Ok(f);
    }
    if let Some(f) = fields_of_seal_form(text, seal_form) {
        return Ok(f);
    }
    fields_of_any_spelling(text)
}

/// The fast path: a line stored exactly as `J(line)` (as [`BookWriter`] writes it) is
/// hashed from its own bytes, without building a tree (see [`crate::book::canonical_form`]).
fn fields_of_canonical(
    text: &[u8],
    spans: &mut Vec<canonical_form::MemberSpan>,
) -> Option<LineFields> {
    if !canonical_form::seal_form_members(text, spans) {
        return None;
    }
    let mut hasher = SealLinkHasher::new();
    let mut fields = LineFields::default();
    for span in spans.iter() {
        let key = &text[span.key.clone()];
        hasher.member(key, &text[span.member.clone()]);
        if let Some(slot) = fields.slot(key) {
            *slot = Some(bookkeeping_value(&text[span.value.clone()])?);
        }
    }
    (fields.seal_hash, fields.link_hash) = hasher.finish();
    Some(fields)
}

/// The middle path: a line in another spelling (escapes, key order, number spellings) is
/// written member by member in seal form straight from its text, without building a tree
/// (see [`crate::book::seal_form`]); a line it declines takes the general path, which words
/// the error.
fn fields_of_seal_form(text: &[u8], form: &mut SealForm) -> Option<LineFields> {
    if !form.members(text) {
        return None;
    }
    let mut hasher = SealLinkHasher::new();
    let mut fields = LineFields::default();
    for m in form.iter() {
        let key = form.key(m);
        hasher.member(key, form.text(m));
        if let Some(slot) = fields.slot(key) {
            *slot = Some(bookkeeping_value(form.value(m))?);
        }
    }
    (fields.seal_hash, fields.link_hash) = hasher.finish();
    Some(fields)
}

/// A verifier for one range of whole lines of a book (it starts right after an LF, or at the
/// book's start, and ends at an LF or the book's end), the state before it unknown: ranges
/// are verified independently, on any threads, and joined in order by a [`Stitch`]. It does
/// not hash the book: a [`BookHasher`] fed the whole book does, beside the ranges.
pub struct RangeVerifier(Lines);

impl RangeVerifier {
    /// A verifier for one range with the given settings.
    pub fn new(opts: &VerifyOptions) -> Self {
        RangeVerifier(Lines::new(opts, Start::Unknown))
    }

    /// Feeds the range's next chunk.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.0.feed(chunk)
    }

    /// The range's first line does not tell the `n` expected after it (it is unreadable, or
    /// its `n` is not an integer), so the rest cannot be checked without the lines before:
    /// feeding more is wasted, and [`Stitch::push`] will ask for the range again.
    pub fn needs_restart(&self) -> bool {
        self.0.restart
    }

    /// Complete lines read so far.
    pub fn lines(&self) -> u64 {
        self.0.lines
    }

    /// Bytes of complete lines read so far.
    pub fn bytes(&self) -> u64 {
        self.0.bytes
    }

    /// The range's lines, problems and hashes, for [`Stitch::push`].
    pub fn finish(self) -> RangeResult {
        RangeResult(self.0.finish())
    }
}

/// What a [`RangeVerifier`] found, to be joined by [`Stitch::push`].
#[derive(Clone, Debug)]
pub struct RangeResult(Range);

impl RangeResult {
    /// Complete lines in the range.
    pub fn lines(&self) -> u64 {
        self.0.lines
    }

    /// The result as JSON text, for a caller that verifies ranges in other processes (the
    /// page's web workers) and joins them in one; read back by [`RangeResult::from_wire`].
    pub fn to_wire(&self) -> String {
        serde_json::to_string(&self.0).expect("a range result serializes")
    }

    /// Reads [`RangeResult::to_wire`]'s text, refusing text that does not describe a range
    /// (a problem outside the range's lines, an unknown field), so a damaged message cannot
    /// be joined.
    pub fn from_wire(text: &str) -> Result<RangeResult, String> {
        let r: Range =
            serde_json::from_str(text).map_err(|e| format!("not a range result: {e}"))?;
        let inside = |line: u64| (1..=r.lines).contains(&line);
        if let Some(p) = r.problems.iter().find(|p| !inside(p.line)) {
            return Err(format!(
                "not a range result: a problem at line {} of a {}-line range",
                p.line, r.lines
            ));
        }
        if let Some(l) = r.first_bad.filter(|&l| !inside(l)) {
            return Err(format!(
                "not a range result: first_bad_line {l} of a {}-line range",
                r.lines
            ));
        }
        if r.end.as_ref().is_some_and(|e| e.lines != r.lines) {
            return Err("not a range result: its end state counts other lines".into());
        }
        Ok(RangeResult(r))
    }
}

#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Range {
    lines: u64,
    bytes: u64,
    tail: u64,
    before: Option<u64>,
    first: Option<FirstLine>,
    restart: bool,
    problems: Vec<Pending>,
    omitted: u64,
    first_bad: Option<u64>,
    /// The state after the range's last line (`None`: it depends on the lines before).
    end: Option<Boundary>,
}

/// [`Stitch::push`] cannot join the range: verify it again, from
/// [`Stitch::verifier`], and push that result instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeedsRestart;

/// Joins the results of consecutive ranges, in book order, into the one-pass verifier's
/// report: each range's first `n` and `prev` are checked against the state the ranges before
/// it ended in, so a break at a range boundary is reported at its line, and problem lines are
/// numbered in the book.
pub struct Stitch {
    max_problems: usize,
    state: Boundary,
    bytes: u64,
    tail: u64,
    problems: Vec<Problem>,
    omitted: u64,
    first_bad: Option<u64>,
    opts: VerifyOptions,
}

impl Stitch {
    /// A join with nothing pushed yet, with the settings the ranges were verified with.
    pub fn new(opts: &VerifyOptions) -> Stitch {
        Stitch {
            max_problems: opts.max_problems,
            state: Boundary::BOOK_START,
            bytes: 0,
            tail: 0,
            problems: Vec::new(),
            omitted: 0,
            first_bad: None,
            opts: opts.clone(),
        }
    }

    /// Complete lines joined so far.
    pub fn lines(&self) -> u64 {
        self.state.lines
    }

    /// A verifier for the next range that starts from the state the joined ranges ended in,
    /// so its result always joins (for the first range, and for a range to verify again).
    pub fn verifier(&self) -> RangeVerifier {
        RangeVerifier(Lines::new(&self.opts, Start::Known(self.state.clone())))
    }

    /// Joins the next range. `Err(NeedsRestart)` leaves the stitch as it was.
    pub fn push(&mut self, range: RangeResult) -> Result<(), NeedsRestart> {
        let r = range.0;
        if r.lines == 0 {
            self.tail = r.tail;
            return Ok(());
        }
        if r.restart {
            return Err(NeedsRestart);
        }
        let Some(end) = r.end else {
            return Err(NeedsRestart);
        };
        debug_assert!(r.before.is_none_or(|b| b == self.state.lines));
        let before = self.state.lines;
        let mut first = Vec::new();
        if let Some(f) = &r.first {
            let (n, _) = check_n(self.state.expected_n, &f.n);
            let prev = check_prev(self.state.expected_prev.take(), &f.prev);
            for (check, p) in [(ChainCheck::N, n), (ChainCheck::Prev, prev)] {
                if let Some((why, expected, found)) = p {
                    first.push(Pending {
                        line: 1,
                        check,
                        why,
                        expected,
                        found,
                    });
                }
            }
        }
        let first_bad = if first.is_empty() {
            r.first_bad
        } else {
            Some(1)
        };
        if let Some(l) = first_bad {
            self.first_bad.get_or_insert(before + l);
        }
        let total = first.len() as u64 + r.problems.len() as u64 + r.omitted;
        let room = self.max_problems.saturating_sub(self.problems.len());
        self.problems.extend(
            first
                .into_iter()
                .chain(r.problems)
                .take(room)
                .map(|p| p.render(before)),
        );
        self.omitted += total - (total.min(room as u64));
        self.state = Boundary {
            lines: before + r.lines,
            ..end
        };
        self.bytes += r.bytes;
        self.tail = r.tail;
        Ok(())
    }

    /// The report of the joined ranges, with the hashes of the [`BookHasher`] fed the same
    /// book.
    pub fn finish(self, hashes: BookHashes) -> ChainReport {
        debug_assert_eq!(
            (hashes.lines, hashes.bytes, hashes.tail),
            (self.state.lines, self.bytes, self.tail),
            "the ranges and the hasher read the same book"
        );
        ChainReport {
            ok: self.first_bad.is_none(),
            lines: self.state.lines,
            bytes: self.bytes,
            first_bad_line: self.first_bad,
            problems: self.problems,
            problems_omitted: self.omitted,
            partial_tail: self.tail > 0,
            partial_tail_bytes: self.tail,
            sha256: hashes.sha256,
            last_link: self.state.last_link,
            prefixes: hashes.prefixes,
        }
    }
}

/// The SHA-256 of a book's complete lines and of its prefixes at the requested line counts,
/// each with the stored `link` of its last line: the sequential part of verification, run
/// beside the [`RangeVerifier`]s.
pub struct BookHasher {
    wanted: Vec<u64>,
    next_wanted: usize,
    max_line_bytes: usize,
    /// Every byte fed so far.
    hash: Sha256,
    /// The state after the last LF fed.
    done: Sha256,
    lines: u64,
    bytes: u64,
    /// Bytes of the current (unfinished) line.
    cur: u64,
    /// The current line's bytes, when its prefix is wanted and it fits `max_line_bytes`.
    line: Vec<u8>,
    prefixes: Vec<Prefix>,
    spans: Vec<canonical_form::MemberSpan>,
    seal_form: SealForm,
}

/// What a [`BookHasher`] computed.
#[derive(Clone, Debug)]
pub struct BookHashes {
    lines: u64,
    bytes: u64,
    tail: u64,
    sha256: String,
    prefixes: Vec<Prefix>,
}

impl BookHasher {
    /// A hasher recording the prefixes at `opts.prefix_at`.
    pub fn new(opts: &VerifyOptions) -> BookHasher {
        let mut wanted = opts.prefix_at.clone();
        wanted.sort_unstable();
        wanted.dedup();
        let mut h = BookHasher {
            wanted,
            next_wanted: 0,
            max_line_bytes: opts.max_line_bytes,
            hash: Sha256::new(),
            done: Sha256::new(),
            lines: 0,
            bytes: 0,
            cur: 0,
            line: Vec::new(),
            prefixes: Vec::new(),
            spans: Vec::new(),
            seal_form: SealForm::new(),
        };
        if h.wanted.first() == Some(&0) {
            h.prefixes.push(Prefix {
                lines: 0,
                sha256: hex::encode(&Sha256::new().finalize()),
                last_link: None,
                bytes: 0,
            });
            h.next_wanted = 1;
        }
        h
    }

    /// Whether the line now being read ends a wanted prefix.
    fn wanted_now(&self) -> bool {
        self.wanted.get(self.next_wanted) == Some(&(self.lines + 1))
    }

    fn keep(&mut self, piece: &[u8]) {
        if self.cur as usize + piece.len() <= self.max_line_bytes {
            self.line.extend_from_slice(piece);
        }
    }

    /// Feeds the book's next chunk.
    pub fn feed(&mut self, chunk: &[u8]) {
        let mut hashed = 0; // bytes of `chunk` in `hash`
        let mut start = 0; // start of the current line in `chunk`
        let mut last_lf = None;
        for lf in memchr::memchr_iter(b'\n', chunk) {
            if self.wanted_now() {
                let piece = &chunk[start..=lf];
                self.keep(piece);
                self.hash.update(&chunk[hashed..=lf]);
                hashed = lf + 1;
                let len = self.cur + piece.len() as u64;
                let link = if len as usize > self.max_line_bytes {
                    None
                } else {
                    let text = &self.line[..self.line.len() - 1];
                    read_fields(text, &mut self.spans, &mut self.seal_form)
                        .ok()
                        .and_then(|f| stored_link(&f))
                };
                self.line.clear();
                self.lines += 1;
                self.bytes += len;
                self.prefixes.push(Prefix {
                    lines: self.lines,
                    sha256: hex::encode(&self.hash.clone().finalize()),
                    last_link: link,
                    bytes: self.bytes,
                });
                self.next_wanted += 1;
            } else {
                self.lines += 1;
                self.bytes += self.cur + (lf + 1 - start) as u64;
            }
            self.cur = 0;
            start = lf + 1;
            last_lf = Some(lf);
        }
        if let Some(lf) = last_lf {
            if hashed <= lf {
                self.hash.update(&chunk[hashed..=lf]);
                hashed = lf + 1;
            }
            self.done = self.hash.clone();
        }
        self.hash.update(&chunk[hashed..]);
        if self.wanted_now() {
            self.keep(&chunk[start..]);
        }
        self.cur += (chunk.len() - start) as u64;
    }

    /// The hashes of the whole book and of the requested prefixes.
    pub fn finish(self) -> BookHashes {
        BookHashes {
            lines: self.lines,
            bytes: self.bytes,
            tail: self.cur,
            sha256: hex::encode(&self.done.finalize()),
            prefixes: self.prefixes,
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
fn fields_of_any_spelling(text: &[u8]) -> Result<LineFields, ProblemMsg> {
    let value = canon::parse(text).map_err(|e| ProblemMsg::NotJson {
        detail: e.message,
        at: e.offset as u64,
    })?;
    let Value::Object(obj) = value else {
        return Err(ProblemMsg::NotObject {
            kind: value.type_name().into(),
        });
    };
    let (seal_hash, link_hash) = seal_and_link(&obj)?;
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

/// Verifies a book held in memory as independent ranges, cut at the first line start at or
/// after each of `cuts` (byte offsets, any order), joined by a [`Stitch`] (a range whose first
/// line leaves the state unknown is verified again from the joined state). The report is
/// [`verify`]'s for every set of cuts; callers run the ranges on threads. Each range verified
/// with its start state unknown passes through its wire form ([`RangeResult::to_wire`]), as
/// the page's web workers send it, so the wire keeps every report identical too.
pub fn verify_split(book: &[u8], opts: VerifyOptions, cuts: &[usize]) -> ChainReport {
    let mut starts: Vec<usize> = cuts.iter().map(|&c| line_start(book, c)).collect();
    starts.push(0);
    starts.push(book.len());
    starts.sort_unstable();
    starts.dedup();
    let mut hasher = BookHasher::new(&opts);
    hasher.feed(book);
    let mut stitch = Stitch::new(&opts);
    for (i, w) in starts.windows(2).enumerate() {
        let range = &book[w[0]..w[1]];
        // The first range from the book's start state, as `sealbook verify --threads` runs
        // it, when the cuts are even in number; from an unknown state, as the page's workers
        // run it, when they are odd.
        let known = i == 0 && cuts.len().is_multiple_of(2);
        let mut v = if known {
            stitch.verifier()
        } else {
            RangeVerifier::new(&opts)
        };
        v.feed(range);
        let result = if known {
            v.finish()
        } else {
            RangeResult::from_wire(&v.finish().to_wire()).expect("a range result reads back")
        };
        if stitch.push(result).is_err() {
            let mut again = stitch.verifier();
            again.feed(range);
            let joined = stitch.push(again.finish());
            debug_assert!(
                joined.is_ok(),
                "a verifier from the joined state needs no restart"
            );
        }
    }
    stitch.finish(hasher.finish())
}

/// Fewest bytes per range worth a verifier of its own: a smaller book is read by one.
pub const MIN_RANGE_BYTES: u64 = 1 << 20;

/// Where to cut a book of `len` bytes for `verifiers` range verifiers: byte offsets, in
/// increasing order, each to be moved to the first line start at or after it (the first
/// range starts at 0). Empty when the book is read by one verifier.
pub fn cut_points(len: u64, verifiers: usize) -> Vec<u64> {
    let ranges = (verifiers as u64).min(len / MIN_RANGE_BYTES).max(1);
    (1..ranges).map(|i| len * i / ranges).collect()
}

/// The first line start at or after byte `at` of `book` (the book's length if none).
pub fn line_start(book: &[u8], at: usize) -> usize {
    if at == 0 || at >= book.len() {
        return at.min(book.len());
    }
    match memchr::memchr(b'\n', &book[at - 1..]) {
        Some(p) => at + p,
        None => book.len(),
    }
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
        assert_eq!(whole.prefix(0).unwrap().sha256, hex::sha256_hex(b""));
        let first10: Vec<u8> = lines(&b)[..10].concat();
        assert_eq!(whole.prefix(10).unwrap().sha256, hex::sha256_hex(&first10));
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

    fn first(r: &ChainReport) -> (u64, Vec<ChainCheck>) {
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
        assert_eq!(first(&r), (4, vec![ChainCheck::N, ChainCheck::Prev]));
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
        assert_eq!(first(&r), (5, vec![ChainCheck::N, ChainCheck::Prev]));
        assert!(
            r.problems[0].message.to_string().contains("position 5"),
            "{:?}",
            r.problems[0]
        );
        let after = r
            .problems
            .iter()
            .find(|p| p.line == 6 && p.check == ChainCheck::N)
            .unwrap();
        assert!(
            after
                .message
                .to_string()
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
        assert_eq!(first(&r), (7, vec![ChainCheck::Seal, ChainCheck::Link]));
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
        assert_eq!(first(&r), (2, vec![ChainCheck::Seal, ChainCheck::Link]));
        let p = &r.problems[0];
        assert_eq!(p.found.as_deref(), Some("00".repeat(32).as_str()));
        // Not JSON.
        let mut nj = ls.clone();
        nj[2] = b"{not json}\n".to_vec();
        let r = verify(&nj.concat(), VerifyOptions::default());
        assert_eq!(first(&r), (3, vec![ChainCheck::Json]));
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
        assert_eq!(r.problems[0].check, ChainCheck::Json);
        assert!(r.problems[0].message.to_string().contains("bare CR"));
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
        assert_eq!(r.sha256, hex::sha256_hex(&b));
        assert_eq!(r.prefix(3).unwrap().sha256, r.sha256);
        assert!(r.problems.iter().all(|p| p.check == ChainCheck::Json));
    }

    /// xorshift64: a seeded, reproducible source for the property test below.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// One random damage to a book's lines: the ways Appendix B step 4 can fail, and the
    /// spellings that leave the state after a line unknown to a range starting there.
    fn damage(ls: &mut Vec<Vec<u8>>, s: &mut u64) {
        if ls.is_empty() {
            return;
        }
        let i = (next(s) % ls.len() as u64) as usize;
        let text = |l: &Vec<u8>| String::from_utf8_lossy(l).into_owned();
        let set_n = |l: &Vec<u8>, to: &str| {
            let mut o = obj(text(l).trim_end());
            o.insert("n", canon::parse(to.as_bytes()).unwrap());
            [
                canon::to_bytes(&Value::Object(o), DumpOptions::SEAL).unwrap(),
                b"\n".to_vec(),
            ]
            .concat()
        };
        match next(s) % 14 {
            0 => {
                ls.remove(i);
            }
            1 => {
                let j = (next(s) % ls.len() as u64) as usize;
                ls.swap(i, j);
            }
            2 => ls[i] = text(&ls[i]).replace("answer", "answeR").into_bytes(),
            3 => ls[i] = b"{not json}\n".to_vec(),
            4 => ls[i] = text(&ls[i]).replacen(", ", ",\r ", 1).into_bytes(),
            5 => {
                let l = ls[i].clone();
                ls.insert(i, l);
            }
            6 => {
                ls[i] = text(&ls[i])
                    .replacen("\"prev\": \"", "\"prev\": \"0", 1)
                    .into_bytes()
            }
            7 => {
                let to = [
                    "1.0",
                    "true",
                    "\"3\"",
                    "null",
                    "99999999999999999999",
                    "-4",
                    "2.5",
                ][(next(s) % 7) as usize];
                if ls[i].starts_with(b"{") {
                    ls[i] = set_n(&ls[i], to);
                }
            }
            8 => {
                if let Ok(Value::Object(mut o)) = canon::parse(text(&ls[i]).trim_end().as_bytes()) {
                    o.remove("n");
                    ls[i] = [
                        canon::to_bytes(&Value::Object(o), DumpOptions::SEAL).unwrap(),
                        b"\n".to_vec(),
                    ]
                    .concat();
                }
            }
            9 => {
                // Respelled (the general path), still valid.
                if let Ok(v) = canon::parse(text(&ls[i]).trim_end().as_bytes()) {
                    ls[i] = [
                        canon::to_bytes(&v, DumpOptions::PYTHON_DEFAULT).unwrap(),
                        b"\n".to_vec(),
                    ]
                    .concat();
                }
            }
            10 => {
                let l = ls[i].len();
                ls[i].insert(l - 1, b'\r'); // CRLF ending
            }
            11 => ls[i] = b"[1, 2]\n".to_vec(),
            12 => ls[i] = b"\n".to_vec(),
            _ => {
                ls[i] = text(&ls[i])
                    .replace("\"kind\"", "\"kind\": 1, \"x\"")
                    .into_bytes()
            }
        }
    }

    #[test]
    fn ranges_joined_give_the_one_pass_report_for_every_cut() {
        let clean = book(40);
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for case in 0..600 {
            let mut ls = lines(&clean);
            for _ in 0..next(&mut s) % 6 {
                damage(&mut ls, &mut s);
            }
            let mut b = ls.concat();
            if next(&mut s).is_multiple_of(5) {
                b.extend_from_slice(b"{\"n\": 41, \"partial");
            }
            let opts = VerifyOptions {
                prefix_at: (0..next(&mut s) % 4).map(|_| next(&mut s) % 45).collect(),
                max_problems: 1 + (next(&mut s) % 6) as usize,
                max_line_bytes: if next(&mut s).is_multiple_of(6) {
                    150
                } else {
                    1 << 20
                },
            };
            let one = verify(&b, opts.clone());
            // Cuts anywhere, and exactly at the damaged lines' starts.
            let starts: Vec<usize> = std::iter::once(0)
                .chain(
                    b.iter()
                        .enumerate()
                        .filter(|(_, c)| **c == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect();
            for _ in 0..8 {
                let k = next(&mut s) % 6;
                let cuts: Vec<usize> = (0..k)
                    .map(|_| {
                        if next(&mut s).is_multiple_of(2) {
                            starts[(next(&mut s) % starts.len() as u64) as usize]
                        } else {
                            (next(&mut s) % (b.len() as u64 + 1)) as usize
                        }
                    })
                    .collect();
                assert_eq!(
                    verify_split(&b, opts.clone(), &cuts),
                    one,
                    "case {case}, cuts {cuts:?}, book:\n{}",
                    String::from_utf8_lossy(&b)
                );
            }
            // Every line its own range.
            assert_eq!(verify_split(&b, opts.clone(), &starts), one, "case {case}");
        }
    }

    #[test]
    fn a_damaged_range_message_is_refused() {
        let b = book(3);
        let mut v = RangeVerifier::new(&VerifyOptions::default());
        v.feed(&b);
        let wire = v.finish().to_wire();
        assert!(RangeResult::from_wire(&wire).is_ok());
        for (bad, why) in [
            (String::new(), "not a range result: EOF"),
            (
                wire.replace("\"lines\":3", "\"lines\":3,\"x\":1"),
                "unknown field `x`",
            ),
            (
                wire.replace("\"first_bad\":null", "\"first_bad\":4"),
                "first_bad_line 4 of a 3-line range",
            ),
            (
                wire.replace("\"lines\":3,\"bytes\"", "\"lines\":2,\"bytes\""),
                "its end state counts other lines",
            ),
        ] {
            let err = RangeResult::from_wire(&bad).err().unwrap_or_default();
            assert!(err.contains(why), "{err} for {bad}");
        }
        let mut v = RangeVerifier::new(&VerifyOptions::default());
        v.feed(b"{\"n\": 5}\n{\"n\": 6}\n");
        let wire = v.finish().to_wire();
        let bad = wire.replace("\"line\":2", "\"line\":9");
        assert_ne!(bad, wire);
        let err = RangeResult::from_wire(&bad).err().unwrap_or_default();
        assert!(
            err.contains("a problem at line 9 of a 2-line range"),
            "{err}"
        );
    }

    #[test]
    fn a_break_at_a_range_boundary_is_reported_at_its_line() {
        let b = book(10);
        let ls = lines(&b);
        let del: Vec<u8> = ls
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 4)
            .flat_map(|(_, l)| l.clone())
            .collect();
        let cut: usize = ls[..4].iter().map(Vec::len).sum();
        let r = verify_split(&del, VerifyOptions::default(), &[cut]);
        assert_eq!(first(&r), (5, vec![ChainCheck::N, ChainCheck::Prev]));
        assert_eq!(
            r.problems[0].message.to_string(),
            "n is not the line's position 5"
        );
        assert_eq!(
            r.problems[1].message.to_string(),
            "prev is not the link of line 4"
        );
        assert_eq!(r, verify(&del, VerifyOptions::default()));
    }
}
