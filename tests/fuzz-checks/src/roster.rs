//! `score::roster` on arbitrary bytes read as an ask chain and as a book: never a panic; an
//! accepted roster lists each seat once, with a family and, when it states one, a provider name,
//! and names where it was read.

use sealbook_core::records::roster::provider_problem;
use sealbook_core::score::roster::{roster_from_asks, roster_from_book, Roster};

fn check_roster(r: &Roster) {
    for (i, s) in r.seats.iter().enumerate() {
        assert!(
            !s.seat.is_empty() && !s.family.is_empty(),
            "seat {i} without a name or family"
        );
        if let Some(p) = &s.provider {
            assert!(provider_problem(p).is_none(), "seat {i}: provider {p:?}");
        }
        assert!(
            r.seats[..i].iter().all(|o| o.seat != s.seat),
            "seat {} listed twice",
            s.seat
        );
    }
    assert!(r.source.is_some());
}

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(r) = roster_from_asks(data) {
        check_roster(&r);
    }
    if let Ok(Some(r)) = roster_from_book(data) {
        check_roster(&r);
    }
}
