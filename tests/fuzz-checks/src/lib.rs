//! The properties sealbook-core's parsers of untrusted bytes must hold, one module per fuzz
//! target, each a `check(data)` that returns or panics with what broke. The libFuzzer entries
//! (`tests/fuzz/fuzz_targets/<target>.rs`) call them while exploring; `tests/replay.rs` runs
//! every committed seed, every crash ever found and the matching third-party vectors through
//! them on each test run ([`TARGETS`]).

#![forbid(unsafe_code)]

pub mod answer;
pub mod arena;
pub mod book;
pub mod book_ranges;
pub mod canon;
pub mod crowd_book;
pub mod crowd_feed;
pub mod daily;
pub mod league_inputs;
pub mod manifest;
pub mod open_data;
pub mod ots;
pub mod peer_records;
pub mod prices;
pub mod rekor;
pub mod rekor_bundle;
pub mod retrieval;
pub mod roster;
pub mod stamp_list;
pub mod tsp;
pub mod wire;

/// A target's property: returns on every input, or panics with what broke.
pub type Property = fn(&[u8]);

/// Every target, by the name of its fuzz binary and of its folders under `tests/fuzz/seeds/`
/// and `tests/fuzz/regressions/`, with its property.
pub const TARGETS: &[(&str, Property)] = &[
    ("answer", answer::check),
    ("arena", arena::check),
    ("book", book::check),
    ("book_ranges", book_ranges::check),
    ("canon", canon::check),
    ("crowd_book", crowd_book::check),
    ("crowd_feed", crowd_feed::check),
    ("daily", daily::check),
    ("league_inputs", league_inputs::check),
    ("manifest", manifest::check),
    ("open_data", open_data::check),
    ("ots", ots::check),
    ("peer_records", peer_records::check),
    ("prices", prices::check),
    ("rekor", rekor::check),
    ("rekor_bundle", rekor_bundle::check),
    ("retrieval", retrieval::check),
    ("roster", roster::check),
    ("stamp_list", stamp_list::check),
    ("tsp", tsp::check),
    ("wire", wire::check),
];
