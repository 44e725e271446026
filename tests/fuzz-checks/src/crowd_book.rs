//! The book's run, answer, score and crowd lines (`core::records::book_lines`) and the crowd
//! comparison, CSV agreement and forecasts rows (`core::score::book_rows`) built on them, on
//! arbitrary bytes: an error or a result, never a panic. The crowd comparison's figures stay
//! in their ranges; rebuilt rows hold probabilities 0-100 and outcomes only with a score line.

use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::roster::RosterSeat;
use sealbook_core::score::book_agreement::book_agreement;
use sealbook_core::score::book_rows::rows_from_lines;
use sealbook_core::score::crowd_book::crowd_stats;
use sealbook_core::score::roster::Roster;

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Ok(lines) = BookLines::parse(data) else {
        return;
    };
    let _ = book_agreement(&[], &lines);
    let roster = Roster {
        seats: vec![RosterSeat {
            seat: "s".into(),
            family: "f".into(),
            side: None,
            model: None,
            provider: None,
        }],
        ..Roster::default()
    };
    let mut counting = sealbook_core::score::counting::Counting::from_asks(None).expect("no asks");
    if let Ok(rows) = rows_from_lines(&lines, &roster, &mut counting) {
        assert!(rows
            .iter()
            .all(|r| r.prob_up.is_none_or(|p| (0.0..=100.0).contains(&p))));
        if lines.scores.is_empty() {
            assert!(
                rows.iter().all(|r| !r.resolved()),
                "outcomes come from score lines only"
            );
        }
    }
    if let Ok(st) = crowd_stats(&[], &lines) {
        for f in [&st.overall.admitted, &st.overall.thin] {
            assert!(f.d.is_none() && f.model_brier.is_none_or(|b| (0.0..=1.0).contains(&b)));
            assert!(f.crowd_brier.is_none_or(|b| (0.0..=1.0).contains(&b)));
        }
        assert!(st
            .questions
            .iter()
            .all(|q| (0.0..=1.0).contains(&q.p_up) && q.vol >= 0.0));
    }
}
