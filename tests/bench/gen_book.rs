//! Writes a sealed book for the chain benchmark (tests/bench/chain.sh):
//! `gen-book <lines> <out.jsonl> [seed] [shape]`, shape `flat` (the default: answer-like lines
//! of ~0.8 KB with a long unicode reason), `council` (answer lines shaped as the spec's,
//! Appendix C, ~3 KB of nested per-market cells) or `respelled` (the flat lines not in seal
//! form: `\uXXXX` escapes, reversed key order, a shadowed duplicate key, other whitespace,
//! floats in exponent form with a trailing zero, `5.00e-1`; the same values, so the same seals).

#![forbid(unsafe_code)]

use sealbook_core::book::canon;
use sealbook_core::book::writer::BookWriter;
use sealbook_tests::{book_gen, json_text, rng::Rng};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: gen-book <lines> <out.jsonl> [seed] [flat|council|respelled]");
        std::process::exit(2);
    }
    let lines: u64 = args[1].parse().expect("<lines> is a count");
    let seed: u64 = args
        .get(3)
        .map_or(20261020, |s| s.parse().expect("[seed] is a u64"));
    let shape_name = args.get(4).map_or("flat", String::as_str);
    let shape: fn(&mut Rng, u64) -> sealbook_core::book::canon::Object = match shape_name {
        "flat" | "respelled" => book_gen::answer,
        "council" => book_gen::council_answer,
        other => {
            eprintln!("gen-book: unknown shape {other:?} (flat, council or respelled)");
            std::process::exit(2);
        }
    };
    let mut r = Rng::new(seed);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[2]).expect("create output"));
    let mut w = BookWriter::new();
    for i in 1..=lines {
        let line = w.append(&shape(&mut r, i)).expect("answer content encodes");
        if shape_name == "respelled" {
            let sealed = canon::parse(&line.bytes[..line.bytes.len() - 1]).expect("sealed line");
            let mut text = String::with_capacity(2 * line.bytes.len());
            json_text::respell(&mut r, &mut text, &sealed);
            text.push('\n');
            out.write_all(text.as_bytes()).expect("write");
        } else {
            out.write_all(&line.bytes).expect("write");
        }
    }
    out.flush().expect("flush");
}
