//! The bytes of a league's published files that its figures are computed from (spec §3.9,
//! §5.1, Appendix C), handed in as one value: the caller reads the files (from disk, over
//! HTTP, from the reader's drop), core reads only these bytes.

/// A league's published files as bytes, each `None` when it was not given. Which ones a
/// computation needs is its own rule (the stats need the forecasts file or the book).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeagueSources<'a> {
    /// [`FORECASTS_FILE`](super::names::FORECASTS_FILE), the Table C1 rows.
    pub forecasts: Option<&'a [u8]>,
    /// [`BOOK_FILE`](super::names::BOOK_FILE), the sealed book.
    pub book: Option<&'a [u8]>,
    /// [`CLIM_FILE`](super::names::CLIM_FILE), the sealed climatology table (spec §4.3).
    pub climatology: Option<&'a [u8]>,
    /// [`ASKS_FILE`](super::names::ASKS_FILE), the ask chain: the declaration and the roster.
    pub asks: Option<&'a [u8]>,
}
