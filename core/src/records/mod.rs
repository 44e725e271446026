//! The published records (spec Appendix C): every file name and path a league publishes and
//! the layouts of its lines, owned once, below everything that writes or reads them. The code
//! that writes a record and the code that reads it back both take its layout from here.

#![warn(missing_docs)]

pub mod ask_chain;
pub mod book_lines;
pub mod contract_schema;
pub mod crowd;
pub mod names;
pub mod published;
pub mod roster;
pub mod sealing;
pub mod sources;
