//! Writes a sealed book for the chain benchmark (tests/bench/chain.sh):
//! `gen-book <lines> <out.jsonl> [seed] [shape]`, shape `flat` (the default: answer-like lines
//! of ~0.8 KB with a long unicode reason) or `council` (answer lines shaped as the spec's,
//! Appendix C, ~3 KB of nested per-market cells).

#[path = "../common/mod.rs"]
mod common;

use common::{book_gen, rng::Rng};
use sealbook_core::book::writer::BookWriter;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: gen-book <lines> <out.jsonl> [seed] [flat|council]");
        std::process::exit(2);
    }
    let lines: u64 = args[1].parse().expect("<lines> is a count");
    let seed: u64 = args
        .get(3)
        .map_or(20261020, |s| s.parse().expect("[seed] is a u64"));
    let shape: fn(&mut Rng, u64) -> sealbook_core::book::canon::Object =
        match args.get(4).map(String::as_str) {
            None | Some("flat") => book_gen::answer,
            Some("council") => book_gen::council_answer,
            Some(other) => {
                eprintln!("gen-book: unknown shape {other:?} (flat or council)");
                std::process::exit(2);
            }
        };
    let mut r = Rng::new(seed);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[2]).expect("create output"));
    let mut w = BookWriter::new();
    for i in 1..=lines {
        let line = w.append(&shape(&mut r, i)).expect("answer content encodes");
        out.write_all(&line.bytes).expect("write");
    }
    out.flush().expect("flush");
}
