//! Appending sealed lines to a book (spec §3.2): the writer's side of the chain that
//! [`crate::book::chain`] verifies.

use crate::book::canon::{EncodeError, Object};
use crate::book::seal::{prepare_line, PreparedLine, SealedLine};

/// Appends sealed lines to a book: the writer's side of §3.2, used by the server's jobs and
/// the demo generator.
#[derive(Clone, Debug, Default)]
pub struct BookWriter {
    lines: u64,
    last_link: String,
}

impl BookWriter {
    /// A writer for an empty book.
    pub fn new() -> Self {
        Self::default()
    }

    /// A writer continuing a book whose last line is `lines` with link `last_link`
    /// (take both from a clean [`ChainReport`](crate::book::chain::ChainReport)).
    pub fn resume(lines: u64, last_link: String) -> Self {
        BookWriter { lines, last_link }
    }

    /// Lines written so far (the next line's `n` is one more).
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// The last line's link (empty for an empty book): the next line's `prev`.
    pub fn last_link(&self) -> &str {
        &self.last_link
    }

    /// Seals `content` as the next line and returns its bytes (with LF).
    pub fn append(&mut self, content: &Object) -> Result<SealedLine, EncodeError> {
        Ok(self.append_prepared(prepare_line(content)?))
    }

    /// Makes a line prepared elsewhere ([`prepare_line`], on any thread) the next line: the
    /// chain step of spec §3.2 (`n`, `prev`, `link`), in book order.
    pub fn append_prepared(&mut self, line: PreparedLine) -> SealedLine {
        let sealed = line.chain(self.lines + 1, &self.last_link);
        self.lines += 1;
        self.last_link.clone_from(&sealed.link);
        sealed
    }
}
