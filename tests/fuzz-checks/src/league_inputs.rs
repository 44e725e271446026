//! The league's published inputs to the scorer on arbitrary bytes, the first byte choosing the
//! reader: 0 council-forecasts.csv (read, the conformance checker, then the whole stats
//! document), 1 council-clim-window.json, 2 the book's sealing times, 3 the registered
//! predictions (then their scorecards). Each must return a result or an error, never panic.

use sealbook_core::contract::{conformance, forecasts_csv};
use sealbook_core::records::sealing;
use sealbook_core::records::sources::LeagueSources;
use sealbook_core::score::{baselines::ClimatologyTable, files, scorecard, seams::CoreStats};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    match which % 4 {
        0 => {
            let _ = conformance::check(bytes);
            if forecasts_csv::read_forecasts(bytes).is_ok() {
                let sources = LeagueSources {
                    forecasts: Some(bytes),
                    ..LeagueSources::default()
                };
                let _ = files::league_stats_from_files(sources, &CoreStats);
            }
        }
        1 => {
            let _ = ClimatologyTable::parse(bytes);
        }
        2 => {
            let _ = sealing::book_sealing_times(bytes);
        }
        _ => {
            if let Ok(preds) = scorecard::parse_registered(bytes) {
                let cards = scorecard::scorecards(&preds, &[]);
                assert!(
                    cards.iter().all(|c| c.rows.len() == preds.len()),
                    "every prediction is on every scorecard"
                );
            }
        }
    }
}
