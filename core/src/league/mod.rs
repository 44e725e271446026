//! The league's operator side (spec §3.1-3.4): what to ask, seal, stamp and score, told the
//! time and the replies.

pub mod wire;
