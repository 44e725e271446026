//! Reading the scorer's input files whole, with a size bound, and turning core's input errors
//! into [`Unusable`] naming the file, line and column.

use crate::outcome::Unusable;
use sealbook_core::score::files::InputError;
use sealbook_core::score::roster;
use std::path::{Path, PathBuf};

/// Largest forecasts file or book read (a full season's file is a few tens of MB).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Reads `path` whole; larger than [`MAX_INPUT_BYTES`], unreadable or empty is unusable
/// input (`verb` says what the command would have done with it: "score", "check").
pub fn read(path: &Path, what: &str, verb: &str) -> Result<Vec<u8>, Unusable> {
    let bytes = crate::files::read_bounded_with(path, MAX_INPUT_BYTES, what, Some(verb))?;
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
            .map(|p| read(p, "forecasts file", "score"))
            .transpose()?;
        let book = self
            .book
            .as_deref()
            .map(|p| read(p, "book", "score"))
            .transpose()?;
        Ok((csv, book))
    }

    /// The ask chain's bytes, if given.
    pub fn read_asks(&self) -> Result<Option<Vec<u8>>, Unusable> {
        self.asks
            .as_deref()
            .map(|p| read(p, "ask chain", "score"))
            .transpose()
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
                &name(p.forecasts, "council-forecasts.csv"),
                format!("row {}: {}", e.row, e.message),
            )
            .at_line(e.line);
            match e.column {
                Some(c) => u.field(c),
                None => u,
            }
        }
        InputError::Book(e) => {
            Unusable::file(&name(p.book, "council-book.jsonl"), e.message.to_string())
                .at_line(e.line)
                .field(e.field)
        }
        InputError::Climatology(e) => Unusable::file(
            &name(p.clim, "council-clim-window.json"),
            e.message.to_string(),
        )
        .field(e.path),
        InputError::BookLine(e) => {
            Unusable::file(&name(p.book, "council-book.jsonl"), e.message.to_string())
                .at_line(e.line)
                .field(e.field)
        }
        InputError::Roster(e) => {
            let file = if e.file == roster::ASKS_FILE {
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
