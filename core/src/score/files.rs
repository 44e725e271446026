//! The league's published files in, the stats document out: the bytes-in entry points the
//! CLI (`sealbook score`, `sealbook neff`) and the Scores page share, so both produce the same
//! document from the same bytes (spec §3.9, §5.1, Appendix C).
//!
//! The files are `council-forecasts.csv` (Table C1 rows; without it, the rows are rebuilt from
//! the book, [`super::book_rows`]), `council-book.jsonl` (sealing times for the 09:30 ET cut,
//! and the run, answer and crowd lines), `council-clim-window.json` (the sealed climatology)
//! and `asks.jsonl` (the roster). [`LeagueFiles`] reads them once; every error names the file
//! and where in it ([`InputError`]). The tables themselves are [`super::league`]'s,
//! [`super::independence`]'s and [`super::independence_tables`]'s, which read no bytes.

use super::baselines::{check_clim_seal, ClimSeal, ClimatologyTable};
use super::book_agreement::book_agreement;
use super::counting::Counting;
use super::crowd_book::{crowd_prices, crowd_stats, RunCrowdPrices};
use super::independence::{neff_rows, run_matrices, NeffRow, RunMatrix};
use super::independence_tables::{independence_in, Independence};
use super::league::{league_stats_with_crowd, LeagueInputs, LeagueStats, RowsFrom};
use super::roster::{league_roster, Roster};
use super::seams::StatsSeams;
use crate::calendar::{Date, Horizon, Instant, SESSION_ONE};
use crate::contract::forecasts_csv::ForecastRow;
use crate::records::ask_chain::AskChain;
use crate::records::book_lines::{BookLineError, BookLines};
use crate::records::names::{BOOK_FILE, CLIM_FILE, FORECASTS_FILE};
use crate::records::roster::RosterError;
use crate::records::sources::LeagueSources;
use std::collections::BTreeMap;

/// Why the league's files cannot be scored: the file and where in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    Forecasts(crate::contract::forecasts_csv::CsvError),
    Book(crate::records::sealing::SealingError),
    Climatology(super::baselines::ClimError),
    /// A run, answer or crowd line of the book ([`crate::records::book_lines`]).
    BookLine(BookLineError),
    /// The ask chain's roster (or, named so, the book's).
    Roster(RosterError),
    /// Neither a forecasts file nor a book to read the rows from.
    NoRows,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Forecasts(e) => write!(f, "{FORECASTS_FILE}: {e}"),
            InputError::Book(e) => write!(f, "{BOOK_FILE}: {e}"),
            InputError::Climatology(e) => write!(f, "{CLIM_FILE}: {e}"),
            InputError::BookLine(e) => write!(f, "{BOOK_FILE}: {e}"),
            InputError::Roster(e) => write!(f, "{e}"),
            InputError::NoRows => write!(f, "no rows to score: give {FORECASTS_FILE} or the book"),
        }
    }
}

impl std::error::Error for InputError {}

/// The league tables from the published files' bytes ([`LeagueSources`]): `council-forecasts.csv` (without it,
/// the rows are rebuilt from the book, [`super::book_rows`]; one of the two is required),
/// optionally `council-book.jsonl` (the 09:30 ET cut on `max(at, booked_at)`) and
/// `council-clim-window.json`, and the roster of `asks.jsonl` (else of the book's run lines,
/// [`league_roster`]). The one entry point the CLI and the browser share, so both
/// produce the same document from the same bytes; pass [`super::seams::CoreStats`] for the
/// published intervals.
pub fn league_stats_from_files(
    files: LeagueSources<'_>,
    stats: &dyn StatsSeams,
) -> Result<LeagueStats, InputError> {
    let f = LeagueFiles::read(files)?;
    with_book(&f, files.book, stats)
}

/// The `n_eff[]` rows alone from the same files (`sealbook neff`): only the forecasts file and
/// the book are read.
pub fn neff_rows_from_files(files: LeagueSources<'_>) -> Result<Vec<NeffRow>, InputError> {
    // The roster only adds no_answer rows, which N_eff does not read.
    let rows_only = LeagueSources {
        forecasts: files.forecasts,
        book: files.book,
        ..LeagueSources::default()
    };
    let (rows, _, times, _) = read_rows(rows_only, &Roster::default())?;
    Ok(neff_rows(&rows, times.as_ref()))
}

/// The league tables and, for the Scores page's heat maps, the correlation matrix and
/// eigenvalues of each run and horizon ([`run_matrices`]), from one reading of the files.
pub fn league_stats_and_matrices_from_files(
    files: LeagueSources<'_>,
    stats: &dyn StatsSeams,
) -> Result<(LeagueStats, Vec<RunMatrix>), InputError> {
    let f = LeagueFiles::read(files)?;
    Ok((
        with_book(&f, files.book, stats)?,
        run_matrices(&f.rows, f.times.as_ref()),
    ))
}

/// The files' stats with the tables that read the book beyond its sealing times: the crowd
/// comparison (with each seat's one-day `bss_crowd`), the confirmatory comparisons against the
/// crowd's prices, and the forecasts file's agreement with the sealed answers.
fn with_book(
    f: &LeagueFiles,
    book: Option<&[u8]>,
    stats: &dyn StatsSeams,
) -> Result<LeagueStats, InputError> {
    let Some(book) = book else {
        return Ok(f.stats(stats));
    };
    let rows = &f.rows;
    let lines = BookLines::parse(book).map_err(InputError::BookLine)?;
    let crowd = crowd_stats(rows, &lines).map_err(InputError::BookLine)?;
    let mut st = f.stats_with_crowd(Some(&crowd_prices(&crowd)), stats);
    for (seat, split) in &crowd.seats {
        if let Some(h) = st
            .seats
            .get_mut(seat)
            .and_then(|m| m.get_mut(Horizon::D1.as_str()))
        {
            h.bss_crowd = split.admitted.bss_crowd;
        }
    }
    st.crowd = Some(crowd);
    if st.rows_from == RowsFrom::Forecasts {
        st.book_agreement = Some(book_agreement(rows, &lines));
    }
    Ok(st)
}

type SealingTimes = BTreeMap<u64, Instant>;

/// The rows, where they came from, the book's sealing times and the counting rule applied.
type ReadRows = (
    Vec<ForecastRow>,
    RowsFrom,
    Option<SealingTimes>,
    Option<Counting>,
);

/// The rows (the forecasts file's, else the book's with `roster`'s expected seats, counted by
/// the declaration of `asks`), the book's sealing times, and the counting rule applied when
/// the rows are the book's.
fn read_rows(files: LeagueSources<'_>, roster: &Roster) -> Result<ReadRows, InputError> {
    let LeagueSources {
        forecasts,
        book,
        asks,
        ..
    } = files;
    let (rows, from, counting) = match (forecasts, book) {
        (Some(csv), _) => (
            crate::contract::forecasts_csv::read_forecasts(csv).map_err(InputError::Forecasts)?,
            RowsFrom::Forecasts,
            None,
        ),
        (None, Some(book)) => {
            let mut counting = Counting::from_asks(asks).map_err(InputError::Roster)?;
            let rows = super::book_rows::book_rows(book, roster, &mut counting)
                .map_err(InputError::BookLine)?;
            (rows, RowsFrom::Book, Some(counting))
        }
        (None, None) => return Err(InputError::NoRows),
    };
    let times = book
        .map(crate::records::sealing::book_sealing_times)
        .transpose()
        .map_err(InputError::Book)?;
    Ok((rows, from, times, counting))
}

/// The league's files read once: the forecasts rows, the book's sealing times, the
/// climatology table and the roster.
pub(crate) struct LeagueFiles {
    pub rows: Vec<ForecastRow>,
    pub rows_from: RowsFrom,
    pub times: Option<SealingTimes>,
    pub clim: Option<ClimatologyTable>,
    pub roster: Roster,
    /// The counting rule applied to rows rebuilt from the book.
    pub counting: Option<Counting>,
    /// Session 1 of the season: [`season_one`] of the ask chain.
    pub season_one: Date,
    /// The table held to the hash the declaration sealed, when it seals one.
    pub clim_seal: Option<ClimSeal>,
}

/// Session 1 of the league's season: the `first_session` its ask chain's declaration states
/// (spec §3.4: the schedule sealed before any run), else the paper's [`SESSION_ONE`] (§8.1),
/// which is also the numbering of a forecasts file scored without its `asks.jsonl`.
pub fn season_one(asks: Option<&[u8]>) -> Result<Date, RosterError> {
    let Some(asks) = asks else {
        return Ok(SESSION_ONE);
    };
    let chain = AskChain::parse(asks)?;
    Ok(chain
        .declaration()
        .and_then(|d| d.first_session.as_deref())
        .and_then(Date::parse)
        .unwrap_or(SESSION_ONE))
}

impl LeagueFiles {
    pub fn read(files: LeagueSources<'_>) -> Result<LeagueFiles, InputError> {
        let LeagueSources {
            book,
            climatology,
            asks,
            ..
        } = files;
        let roster = league_roster(asks, book).map_err(InputError::Roster)?;
        let season_one = season_one(asks).map_err(InputError::Roster)?;
        let (rows, rows_from, times, counting) = read_rows(files, &roster)?;
        let mut clim = climatology
            .map(ClimatologyTable::parse)
            .transpose()
            .map_err(InputError::Climatology)?;
        let sealed = match asks {
            Some(a) => AskChain::parse(a)
                .map_err(InputError::Roster)?
                .declaration()
                .and_then(|d| d.climatology_sha256.clone()),
            None => None,
        };
        let clim_seal = sealed
            .as_deref()
            .map(|s| check_clim_seal(Some(s), climatology));
        if let (Some(t), Some(s)) = (clim.as_mut(), sealed) {
            // The sealed hash is the one the table is held to (spec §4.3): `sha256_ok`, the
            // stats' `climatology_sha256_ok` and the primary endpoint then read the seal.
            t.stated_sha256 = Some(s);
        }
        Ok(LeagueFiles {
            rows,
            rows_from,
            times,
            clim,
            roster,
            counting,
            season_one,
            clim_seal,
        })
    }

    /// [`super::league::league_stats`] of these files, saying where the rows came from.
    pub fn stats(&self, stats: &dyn StatsSeams) -> LeagueStats {
        self.stats_with_crowd(None, stats)
    }

    /// [`LeagueFiles::stats`] with the crowd's prices of the book's runs
    /// ([`league_stats_with_crowd`]).
    pub fn stats_with_crowd(
        &self,
        crowd: Option<&RunCrowdPrices>,
        stats: &dyn StatsSeams,
    ) -> LeagueStats {
        LeagueStats {
            rows_from: self.rows_from,
            counting: self.counting.clone(),
            climatology_seal: self.clim_seal.clone(),
            ..league_stats_with_crowd(&self.inputs(), crowd, stats)
        }
    }

    pub fn inputs(&self) -> LeagueInputs<'_> {
        LeagueInputs {
            rows: &self.rows,
            climatology: self.clim.as_ref(),
            sealing_times: self.times.as_ref(),
            roster: &self.roster,
            season_one: self.season_one,
        }
    }
}

/// `sealbook neff --all`: the `n_eff[]` rows and the `independence` section from the files'
/// bytes (forecasts, book, climatology, ask chain), as `league_stats_from_files` reads them.
pub fn neff_and_independence_from_files(
    files: LeagueSources<'_>,
) -> Result<(Vec<NeffRow>, Independence), InputError> {
    let f = LeagueFiles::read(files)?;
    Ok((
        neff_rows(&f.rows, f.times.as_ref()),
        independence_in(
            &f.rows,
            f.times.as_ref(),
            f.clim.as_ref(),
            &f.roster,
            f.season_one,
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::seams::testing::Recorder;

    #[test]
    fn errors_name_the_file() {
        let files = LeagueSources {
            forecasts: Some(b"run_id\nx\n"),
            ..LeagueSources::default()
        };
        let e = league_stats_from_files(files, &Recorder).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("council-forecasts.csv: row 1 (line 1), column session"),
            "{e}"
        );
    }
}
