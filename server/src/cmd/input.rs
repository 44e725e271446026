//! Reading the scorer's input files whole, with a size bound, and turning core's input errors
//! into [`Unusable`] naming the file, line and column.

use crate::outcome::Unusable;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE, CLIM_FILE, FORECASTS_FILE};
use sealbook_core::score::files::InputError;
use std::path::{Path, PathBuf};

/// Largest forecasts file or book read (a full season's file is a few tens of MB).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Reads `path` whole; larger than [`MAX_INPUT_BYTES`], unreadable or empty is unusable
/// input (`verb` says what the command would have done with it: "score", "check").
pub fn read(path: &Path, what: &str, verb: &str) -> Result<Vec<u8>, Unusable> {
    read_within(path, what, verb, MAX_INPUT_BYTES, None)
}

/// [`read`] with the bound `max`; a file over it is refused (a regular file before a byte is
/// read), the error naming `raise`, the option that raises the bound, when there is one.
pub fn read_within(
    path: &Path,
    what: &str,
    verb: &str,
    max: u64,
    raise: Option<&str>,
) -> Result<Vec<u8>, Unusable> {
    let bytes = crate::files::read_bounded_with(path, max, what, Some(verb)).map_err(|mut e| {
        if let Some(flag) = raise.filter(|_| e.message.contains("more than the limit")) {
            e.message += &format!(" ({flag} raises it; the whole file is held in memory)");
        }
        e
    })?;
    if bytes.is_empty() {
        return Err(empty(path, verb));
    }
    Ok(bytes)
}

/// The one answer to an empty input file, whichever command was given it: unusable input
/// (exit 2), never a pass and never a document of zero rows.
pub fn empty(path: &Path, verb: &str) -> Unusable {
    Unusable::file(path, format!("empty: 0 lines, nothing to {verb}"))
}

type Bytes = Vec<u8>;

/// The league files `score` and `neff` read.
#[derive(clap::Args, Debug)]
pub struct LeagueFiles {
    /// council-forecasts.csv (spec Table C1 columns). Optional with --book: the rows are then
    /// rebuilt from the book's run, answer and score lines.
    #[arg(long, value_name = "CSV")]
    pub forecasts: Option<PathBuf>,
    /// council-book.jsonl: common events and N_eff then use only answers sealed
    /// (max(at, booked_at)) before 09:30 ET; without --forecasts, the rows' source.
    #[arg(long, value_name = "BOOK")]
    pub book: Option<PathBuf>,
    /// asks.jsonl: the roster (each seat's family for the consensus, its side for the sides
    /// test). Without it the book's run lines' roster is read, if they carry one.
    #[arg(long, value_name = "ASKS")]
    pub asks: Option<PathBuf>,
    /// Largest forecasts file, book or ask chain read (each is held whole in memory): a file
    /// over it is refused before it is read.
    #[arg(long, value_name = "BYTES", default_value_t = MAX_INPUT_BYTES)]
    pub max_input_bytes: u64,
}

impl LeagueFiles {
    /// The forecasts file's and the book's bytes; one of the two is required.
    pub fn read(&self) -> Result<(Option<Bytes>, Option<Bytes>), Unusable> {
        if self.forecasts.is_none() && self.book.is_none() {
            return Err(Unusable::new("nothing to score: give --forecasts <council-forecasts.csv>, or --book <council-book.jsonl> to rebuild the rows from the book").field("--forecasts"));
        }
        let csv = self
            .forecasts
            .as_deref()
            .map(|p| self.read_one(p, "forecasts file"))
            .transpose()?;
        let book = self
            .book
            .as_deref()
            .map(|p| self.read_one(p, "book"))
            .transpose()?;
        Ok((csv, book))
    }

    /// The ask chain's bytes, if given.
    pub fn read_asks(&self) -> Result<Option<Vec<u8>>, Unusable> {
        self.asks
            .as_deref()
            .map(|p| self.read_one(p, "ask chain"))
            .transpose()
    }

    fn read_one(&self, path: &Path, what: &str) -> Result<Vec<u8>, Unusable> {
        read_within(
            path,
            what,
            "score",
            self.max_input_bytes,
            Some("--max-input-bytes"),
        )
    }

    pub fn paths<'a>(&'a self, clim: Option<&'a PathBuf>) -> Paths<'a> {
        Paths {
            forecasts: self.forecasts.as_ref(),
            book: self.book.as_ref(),
            clim,
            asks: self.asks.as_ref(),
        }
    }
}

/// The paths the scorer was given, to name the one an error is in.
pub struct Paths<'a> {
    pub forecasts: Option<&'a PathBuf>,
    pub book: Option<&'a PathBuf>,
    pub clim: Option<&'a PathBuf>,
    pub asks: Option<&'a PathBuf>,
}

/// The file, line and column of a scoring input error.
pub fn unusable(e: InputError, p: &Paths<'_>) -> Unusable {
    let name = |o: Option<&PathBuf>, default: &str| {
        o.map_or_else(|| PathBuf::from(default), PathBuf::clone)
    };
    match e {
        InputError::Forecasts(e) => {
            let u = Unusable::file(
                &name(p.forecasts, FORECASTS_FILE),
                format!("row {}: {}", e.row, e.message),
            )
            .at_line(e.line);
            match e.column {
                Some(c) => u.field(c),
                None => u,
            }
        }
        InputError::Book(e) => Unusable::file(&name(p.book, BOOK_FILE), e.message.to_string())
            .at_line(e.line)
            .field(e.field),
        InputError::Climatology(e) => {
            Unusable::file(&name(p.clim, CLIM_FILE), e.message.to_string()).field(e.path)
        }
        InputError::BookLine(e) => Unusable::file(&name(p.book, BOOK_FILE), e.message.to_string())
            .at_line(e.line)
            .field(e.field),
        InputError::Roster(e) => {
            let file = if e.file == ASKS_FILE {
                name(p.asks, e.file)
            } else {
                name(p.book, e.file)
            };
            let u = Unusable::file(&file, e.message.to_string()).field(e.field);
            if e.line > 0 {
                u.at_line(e.line)
            } else {
                u
            }
        }
        InputError::NoRows => Unusable::new(e.to_string()).field("--forecasts"),
    }
}
