//! Writes a sealed book for the chain benchmark (tests/bench/chain.sh):
//! `gen-book <lines> <out.jsonl> [seed] [shape]`, shape one of
//!
//! - `flat` (the default: answer-like lines of ~0.8 KB with a long unicode reason),
//! - `council` (answer lines shaped as the spec's, Appendix C, ~3.8 KB of nested per-market cells),
//! - `short` (~300 B lines: the chain fields and a few members),
//! - `long` (~6.3 KB: the council cells each with a short mixed-script reason),
//! - `strings` (~4 KB, nearly all ASCII string bytes),
//! - `deep` (~4 KB nested 24 levels deep),
//! - `unicode` (~4 KB of CJK and Arabic text),
//! - `escapes` (~4 KB of strings dense with quotes, backslashes and control characters),
//!
//! and any of them followed by `+respelled` (`respelled` alone is `flat+respelled`): the lines
//! not in seal form (`\uXXXX` escapes, reversed key order, a shadowed duplicate key, other
//! whitespace, floats in exponent form with a trailing zero, `5.00e-1`; the same values, so the
//! same seals).

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
    let shape_arg = args.get(4).map_or("flat", String::as_str);
    let (shape_name, respelled) = match shape_arg {
        "respelled" => ("flat", true),
        s => match s.strip_suffix("+respelled") {
            Some(base) => (base, true),
            None => (s, false),
        },
    };
    let shape: fn(&mut Rng, u64) -> sealbook_core::book::canon::Object = match shape_name {
        "flat" => book_gen::answer,
        "council" => book_gen::council_answer,
        "short" => book_gen::short_answer,
        "long" => book_gen::long_answer,
        "strings" => book_gen::string_answer,
        "deep" => book_gen::deep_answer,
        "unicode" => book_gen::unicode_answer,
        "escapes" => book_gen::escape_answer,
        other => {
            eprintln!(
                "gen-book: unknown shape {other:?} (flat, council, short, long, strings, deep, \
                 unicode or escapes, each optionally followed by +respelled)"
            );
            std::process::exit(2);
        }
    };
    let mut r = Rng::new(seed);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[2]).expect("create output"));
    let mut w = BookWriter::new();
    // The bytes SHA-256 reads for this book: the book once (its hash) and each line's seal and
    // link inputs, `J` of the line without `link` and of its content (the sealed line less
    // `"link": "<64>", ` (76 bytes), then less `"seal": "<64>", ` (76), `"n": <n>, ` and
    // `"prev": "<prev>", `), whatever the stored spelling.
    let mut hashed: u64 = 0;
    for i in 1..=lines {
        let line = w.append(&shape(&mut r, i)).expect("answer content encodes");
        let text = line.bytes.len() as u64 - 1;
        let link_in = text - 76;
        let prev_len = if i == 1 { 0 } else { 64 };
        let seal_in = link_in - 76 - (7 + i.to_string().len() as u64) - (12 + prev_len);
        hashed += link_in + seal_in;
        if respelled {
            let sealed = canon::parse(&line.bytes[..line.bytes.len() - 1]).expect("sealed line");
            let mut text = String::with_capacity(2 * line.bytes.len());
            json_text::respell(&mut r, &mut text, &sealed);
            text.push('\n');
            out.write_all(text.as_bytes()).expect("write");
            hashed += text.len() as u64;
        } else {
            hashed += line.bytes.len() as u64;
            out.write_all(&line.bytes).expect("write");
        }
    }
    out.flush().expect("flush");
    println!("sha256 input bytes: {hashed}");
}
