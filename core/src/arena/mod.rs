//! The trading tracks (spec §4.7 portfolio league, §4.8 pro league, §4.11 reproducibility;
//! seed 002's agent portfolios): one engine whose tracks are rule sets, and the replay that
//! recomputes every published account.
//!
//! - [`money`]: integer units and the one rounding rule;
//! - [`protocol`]: `arena-protocol.json`, the versioned rules (Appendix A);
//! - [`records`]: the decisions, price set, trade log and account rows as published;
//! - [`engine`]: decisions and prices in, accounts, trades and benchmarks out;
//! - [`bets`]: seeds 001/003's IOC bets, with the engine's units and rounding;
//! - [`eligibility`]: seeds 001/003's market eligibility: which crowd markets a bet may be on;
//! - [`replay`]: recompute and compare every published row (Appendix B step 7);
//! - [`code`]: `arena-code.json` and the published code texts (Appendix B step 8);
//! - [`league`]: the tracks inside the league: the ask's section, the answer's decisions, the
//!   decisions derived from the book, the recorded prices, `council-league.json` `accounts`.
//!
//! A published directory checked as one verdict (steps 7 and 8 and the league file's
//! `accounts`) is the reader's check, [`crate::verifier::recount`].

#![warn(missing_docs)]

pub mod bets;
pub mod code;
pub mod eligibility;
pub mod engine;
pub mod league;
pub mod money;
pub mod protocol;
pub mod reading;
pub mod records;
pub mod replay;
