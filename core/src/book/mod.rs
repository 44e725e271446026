//! The sealed book (spec §3.2): canonical JSON as Python writes it, seal and link of each
//! line, the writer that appends sealed lines, the streaming chain verifier, and the stamped
//! lists that say which prefix of a book was stamped.
//!
//! - [`canon`]: `J(o)`, Python-identical `json.dumps` / `json.loads`
//! - [`canonical_form`]: the fast path, recognising a line already stored as `J(line)`
//! - [`seal`]: seal and link of one line; sealing new lines
//! - [`seal_form`]: the middle path, writing `J` of a line stored in another spelling
//! - [`writer`]: [`writer::BookWriter`], appending sealed lines
//! - [`chain`]: [`chain::ChainVerifier`], Appendix B step 4 with prefix hashes
//! - [`chain_messages`]: what is wrong with a line, as a message id with its arguments
//! - [`stamp_list`]: the stamped-prefix lists (`stamps.jsonl`) and their checks
//! - [`time_order`]: sealing times in book order, each at or after its predecessor's

#![warn(missing_docs)]

pub mod canon;
pub mod canonical_form;
pub mod chain;
pub mod chain_messages;
pub mod seal;
pub mod seal_form;
pub mod stamp_list;
pub mod time_order;
pub mod writer;
