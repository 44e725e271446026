//! The book's run, answer and crowd lines (`core::score::book_lines`) and the crowd
//! comparison and CSV agreement built on them, on arbitrary bytes: an error or a result,
//! never a panic. The crowd comparison's figures stay in their ranges.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sealbook_core::score::book_agreement::book_agreement;
use sealbook_core::score::book_lines::BookLines;
use sealbook_core::score::crowd_book::crowd_stats;

fuzz_target!(|data: &[u8]| {
    let Ok(lines) = BookLines::parse(data) else { return };
    let _ = book_agreement(&[], &lines);
    if let Ok(st) = crowd_stats(&[], &lines) {
        for f in [&st.overall.admitted, &st.overall.thin] {
            assert!(f.d.is_none() && f.model_brier.is_none_or(|b| (0.0..=1.0).contains(&b)));
            assert!(f.crowd_brier.is_none_or(|b| (0.0..=1.0).contains(&b)));
        }
        assert!(st.questions.iter().all(|q| (0.0..=1.0).contains(&q.p_up) && q.vol >= 0.0));
    }
});
