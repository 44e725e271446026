//! The web crate's native tests (translations, the pages rendered to HTML beside the CLI's
//! outputs), one module per former test file, in one test binary (one link instead of one per
//! file). The page language is per thread (`i18n::set`), so the modules can share a process.

#![forbid(unsafe_code)]

mod common;

mod accounts_vs_cli;
mod experiment_vs_cli;
mod i18n_answer_words;
mod i18n_book_lines;
mod i18n_core_errors;
mod i18n_input_files;
mod i18n_leftovers;
mod i18n_peer_records;
mod i18n_stats_notes;
mod i18n_vs_glossary;
mod scores_vs_cli;
mod vectors_on_page;
mod verifier_vs_cli;
