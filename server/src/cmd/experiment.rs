//! `sealbook experiment export DIR [--out FILE] [--csv | --dataset]` and
//! `sealbook experiment stats DIR [--from FILE]`:
//! the reader experiment's stored forecasts and its published analysis (spec §6.2), read from
//! the league directory's store (PostgreSQL when `SEALBOOK_EXPERIMENT_DATABASE_URL` or
//! `[experiment] database_url` in `DIR/league.toml` names one, else `DIR/experiment.sqlite`). The store holds no client address or hash of one, so
//! the export has none.

use crate::experiment::{self as ex, store::Store};
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::experiment::analysis::{analyse, parse_dataset, with_book_facts};
use sealbook_core::experiment::council::AsOf;
use sealbook_core::experiment::{Forecast, Group};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand, Debug)]
pub enum ExperimentCommand {
    /// The stored forecasts, one JSON object a line (or CSV with --csv), each with its
    /// reader's group.
    Export(ExportArgs),
    /// The published analysis: counts, hit rates, Brier by group, revision protocol, F28/F29.
    Stats(StatsArgs),
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The league directory.
    dir: PathBuf,
    /// Write here instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// CSV with a header line instead of JSON lines.
    #[arg(long, conflicts_with = "dataset")]
    csv: bool,
    /// One JSON document with every record the analysis reads (readers, visits, forecasts,
    /// peeks) and each session's council and outcomes from the book: what the Scores page
    /// and `stats --from` compute the published analysis from.
    #[arg(long)]
    dataset: bool,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// The league directory (not read with --from).
    #[arg(required_unless_present = "from")]
    dir: Option<PathBuf>,
    /// Compute from this exported dataset (`export --dataset`) instead of the store and the
    /// book.
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
}

fn store(dir: &Path) -> Result<Store, Unusable> {
    if !dir.is_dir() {
        return Err(Unusable::file(dir, "not a directory"));
    }
    let url = ex::database_url(dir)?;
    if url.is_none() && !dir.join(ex::sqlite::FILE).is_file() {
        return Err(Unusable::file(
            &dir.join(ex::sqlite::FILE),
            "no experiment database (run `sealbook serve` on the league first)",
        ));
    }
    ex::open_store(dir, url.as_deref()).map_err(|e| Unusable::file(dir, e.to_string()))
}

fn dataset(dir: &Path) -> Result<sealbook_core::experiment::analysis::Dataset, Unusable> {
    store(dir)?
        .run_blocking(|tx| tx.all())
        .map_err(|e| Unusable::file(dir, e.to_string()))
}

pub const CSV_HEADER: &str = "reader,group,session,market,direction,confidence,stage,at,first,arm";

fn csv_line(f: &Forecast, group: Option<Group>) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{},{}\n",
        f.reader,
        group.map_or("", Group::as_str),
        f.session,
        f.market,
        f.direction.as_str(),
        f.confidence,
        f.stage.as_str(),
        f.at.to_rfc3339(),
        f.first,
        f.arm.map_or("", |a| a.as_str()),
    )
}

/// The league's book and roster, read strictly (a book that does not parse names its line).
fn book_view(dir: &Path) -> Result<ex::BookView, Unusable> {
    use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
    let book_bytes = std::fs::read(dir.join(BOOK_FILE)).unwrap_or_default();
    let asks = std::fs::read(dir.join(ASKS_FILE)).ok();
    ex::BookView::of(&book_bytes, asks.as_deref()).map_err(|e| {
        Unusable::file(&dir.join(BOOK_FILE), e.to_string())
            .at_line(e.line)
            .field(e.field)
    })
}

pub fn run(command: ExperimentCommand, json: bool) -> CmdResult {
    match command {
        ExperimentCommand::Export(a) if a.dataset => {
            let view = book_view(&a.dir)?;
            // The offline export holds the whole book: a league's book never runs ahead of
            // the clock it was written at.
            let data = with_book_facts(dataset(&a.dir)?, &view.lines, &view.families, AsOf::Whole);
            let mut text = serde_json::to_string(&data).expect("plain fields");
            text.push('\n');
            write_out(a.out.as_deref(), &text)
        }
        ExperimentCommand::Export(a) => {
            let data = dataset(&a.dir)?;
            let groups: BTreeMap<_, _> =
                data.readers.iter().map(|r| (&r.reader, r.group)).collect();
            let mut text = String::new();
            if a.csv {
                text += CSV_HEADER;
                text.push('\n');
            }
            for f in &data.forecasts {
                let g = groups.get(&f.reader).copied();
                if a.csv {
                    text += &csv_line(f, g);
                } else {
                    let mut v = serde_json::to_value(f).expect("plain fields");
                    v["group"] = serde_json::json!(g);
                    text += &format!("{v}\n");
                }
            }
            write_out(a.out.as_deref(), &text)
        }
        ExperimentCommand::Stats(a) => {
            let analysis = match &a.from {
                Some(file) => {
                    let bytes = crate::files::read_bounded(file, MAX_DATASET_BYTES, "dataset")?;
                    let data = parse_dataset(&bytes, &file.display().to_string())
                        .map_err(|e| Unusable::new(e.to_string()).field("--from"))?;
                    analyse(&data)
                }
                None => {
                    let dir = a
                        .dir
                        .as_deref()
                        .ok_or_else(|| Unusable::new("the league directory is missing"))?;
                    ex::analysis_with_book(dataset(dir)?, &book_view(dir)?, AsOf::Whole)
                }
            };
            let mut out = std::io::stdout().lock();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&analysis).expect("plain fields")
                );
            } else {
                let _ = writeln!(out, "{}", analysis.label);
                let _ = writeln!(out, "identifiers {}", analysis.identifiers);
                for g in [&analysis.g0, &analysis.g1] {
                    let _ = writeln!(
                        out,
                        "{:<6} identifiers {}, first forecasts {}, scored {}, hit rate {}, Brier {}",
                        g.group.as_str(),
                        g.identifiers,
                        g.first_forecasts,
                        g.scored,
                        fmt(g.hit_rate),
                        fmt(g.brier)
                    );
                }
                let _ = writeln!(
                    out,
                    "weighted Brier, blind minus seeing: {} (weight {})",
                    fmt(analysis.brier_weighted.difference),
                    analysis.brier_weighted.weight
                );
                let _ = writeln!(
                    out,
                    "revision protocol pairs {}, primary {}",
                    analysis.revision.pairs,
                    fmt(analysis.revision.primary)
                );
            }
            Ok(Exit::Ok)
        }
    }
}

/// Largest dataset read by `stats --from`.
const MAX_DATASET_BYTES: u64 = 1 << 30;

fn write_out(out: Option<&Path>, text: &str) -> CmdResult {
    match out {
        Some(p) => std::fs::write(p, text).map_err(|e| Unusable::io(p, "write", &e))?,
        None => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
    }
    Ok(Exit::Ok)
}

fn fmt(x: Option<f64>) -> String {
    x.map_or_else(|| "-".into(), |x| format!("{x:.4}"))
}
