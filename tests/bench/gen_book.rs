//! Writes a sealed book of answer-like lines (~0.5-1 KB each) for the chain benchmark
//! (tests/bench/chain.sh): `gen-book <lines> <out.jsonl> [seed]`.

#[path = "../common/mod.rs"]
mod common;

use common::{book_gen, rng::Rng};
use sealbook_core::book::BookWriter;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: gen-book <lines> <out.jsonl> [seed]");
        std::process::exit(2);
    }
    let lines: u64 = args[1].parse().expect("<lines> is a count");
    let seed: u64 = args.get(3).map_or(20261020, |s| s.parse().expect("[seed] is a u64"));
    let mut r = Rng::new(seed);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[2]).expect("create output"));
    let mut w = BookWriter::new();
    for i in 1..=lines {
        let line = w.append(&book_gen::answer(&mut r, i)).expect("answer content encodes");
        out.write_all(&line.bytes).expect("write");
    }
    out.flush().expect("flush");
}
