//! What a forecast is about (spec §3, Table 1; §3.13): event contracts and their identifiers,
//! the `council-forecasts.csv` file that carries them, and the conformance checker over it.
//!
//! - [`event`]: the nine-key contract, `event_id` (ev1) and `event_id_v2` (ev2)
//! - [`forecasts_csv`]: reading `council-forecasts.csv` (Appendix C, Table C1)
//! - [`conformance`]: the §3.13 checker (`tools/conformance.py`'s rules)
//! - [`price_check`]: recomputing `council-forecasts.csv`'s outcome columns from the
//!   provider's data (`crate::prices`) and naming every cell that differs

#![warn(missing_docs)]

pub mod conformance;
pub mod event;
pub mod forecasts_csv;
pub mod price_check;
