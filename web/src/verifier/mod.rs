//! The verifier page (spec Appendix B): the page ([`app`]) and its views, its worker
//! ([`worker`]) and range workers ([`range_worker`]) with their messages ([`protocol`]), and
//! the report document it saves ([`report_actions`], [`report_html`]). The checks themselves
//! are `sealbook_core::verifier`'s.

pub mod answers_view;
pub mod app;
pub mod demo_probe;
pub mod explorer;
pub mod paged;
pub mod permalink;
pub mod proof_view;
pub mod protocol;
pub mod range_worker;
pub mod report_actions;
#[cfg(feature = "verify-chain")]
pub mod report_html;
pub mod report_view;
pub mod signed_time_view;
pub mod timeline_view;
pub mod trust;
pub mod verdict_view;
pub mod worker;
