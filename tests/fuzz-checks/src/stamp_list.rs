//! `stamp_list::parse` on arbitrary bytes; an accepted list must render and parse back to
//! the same entries.

use sealbook_core::book::stamp_list;

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Ok(list) = stamp_list::parse(data) else {
        return;
    };
    let key = |l: &stamp_list::StampedList| -> Vec<(String, u64, String, String)> {
        l.entries
            .iter()
            .map(|e| {
                (
                    e.ledger.clone(),
                    e.lines,
                    e.sha256.clone(),
                    e.last_link.clone(),
                )
            })
            .collect()
    };
    let entries = key(&list);
    let text = stamp_list::render(&entries);
    let again = stamp_list::parse(text.as_bytes()).expect("a rendered list parses");
    assert_eq!(
        key(&again),
        entries,
        "render/parse round trip changed the entries"
    );
}
