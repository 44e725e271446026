//! The spec's own Appendix B scripts as peers of `core::book`.
//!
//! Step 4 (tests/py/appendix_b_step4.py, verbatim from the spec) runs on books written by
//! core's `BookWriter` from generated content and must print `chain ok: N lines`; then on
//! tampered copies (deleted, swapped, edited, re-spelled lines, odd line endings, BOM,
//! invalid UTF-8) its verdict must agree with `ChainVerifier`'s, and core must name the line
//! and the failed check. Step 3 (`head -n N | sha256sum`, `sed -n Np | python3 -c ...['link']`)
//! is run with coreutils against core's prefix hash and last link.

#![forbid(unsafe_code)]

use sealbook_core::book::canon::{self, Object, Value};
use sealbook_core::book::chain::{self, ChainCheck, ChainReport, VerifyOptions};
use sealbook_core::book::seal;
use sealbook_core::book::writer::BookWriter;
use sealbook_tests::rng::{self, Rng};
use sealbook_tests::{book_gen, json_text, tmp::TempDir};
use sealbook_tests::{python, python_script};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Writes a book of `n` lines with core's `BookWriter`; returns its lines (each with LF).
fn write_book(r: &mut Rng, n: u64) -> Vec<Vec<u8>> {
    let mut w = BookWriter::new();
    (1..=n)
        .map(|i| {
            w.append(&book_gen::any_line(r, i))
                .expect("encodable content")
                .bytes
        })
        .collect()
}

/// The outcome of the verbatim Appendix B step 4 script on `book` (as council-book.jsonl).
struct PyVerdict {
    ok: bool,
    stdout: String,
    /// The last line of the traceback (`AssertionError`, `json.decoder.JSONDecodeError: ...`).
    error: String,
}

fn step4(dir: &Path, book: &[u8]) -> PyVerdict {
    std::fs::write(dir.join("council-book.jsonl"), book).unwrap();
    let out = python_script("appendix_b_step4.py")
        .current_dir(dir)
        .output()
        .expect("run python");
    let stderr = String::from_utf8_lossy(&out.stderr);
    PyVerdict {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        error: stderr.lines().last().unwrap_or("").to_string(),
    }
}

fn core_verify(book: &[u8], prefix_at: Vec<u64>) -> ChainReport {
    chain::verify(
        book,
        VerifyOptions {
            prefix_at,
            ..VerifyOptions::default()
        },
    )
}

fn parse_obj(line: &[u8]) -> Object {
    match canon::parse(line.strip_suffix(b"\n").unwrap_or(line)).unwrap() {
        Value::Object(o) => o,
        _ => panic!("not an object"),
    }
}

// ---- the tampering cases ---------------------------------------------------------------------

/// What a case must do: every tool agrees on the verdict, and core names `line` / `check`.
enum Expect {
    Ok,
    /// Python reads the unterminated last line and counts it; core leaves it as a partial
    /// tail (byte rule: a line without LF is not counted yet), both otherwise ok.
    OkPartialTail,
    Bad {
        line: u64,
        check: ChainCheck,
    },
}

struct Case {
    name: &'static str,
    book: Vec<u8>,
    expect: Expect,
}

fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    lines.concat()
}

fn with_line(lines: &[Vec<u8>], k: usize, new: Vec<u8>) -> Vec<u8> {
    let mut l = lines.to_vec();
    l[k - 1] = new;
    join(&l)
}

/// Replaces the value of `field` in line `k` by `value` (JSON text), keeping every other byte.
fn edit_field(lines: &[Vec<u8>], k: usize, field: &str, value: &str) -> Vec<u8> {
    let mut o = parse_obj(&lines[k - 1]);
    o.insert(field, canon::parse(value.as_bytes()).unwrap());
    let mut b = canon::to_bytes(&Value::Object(o), canon::DumpOptions::SEAL).unwrap();
    b.push(b'\n');
    with_line(lines, k, b)
}

/// Rewrites line `k` with `n` spelled as Python-equal `n_text` (`2.0`, `true`), re-sealing it
/// and every later line as Python's step 4 would hash them.
fn n_spelled(lines: &[Vec<u8>], k: usize, n_text: &str) -> Vec<u8> {
    let mut o = parse_obj(&lines[k - 1]);
    o.remove("link");
    o.insert("n", canon::parse(n_text.as_bytes()).unwrap());
    let (_, link) = seal::seal_and_link(&o).unwrap();
    let link = sealbook_core::hex::encode(&link);
    o.insert("link", Value::Str(link.as_str().into()));
    let mut out = join(&lines[..k - 1]);
    out.extend(canon::to_bytes(&Value::Object(o), canon::DumpOptions::SEAL).unwrap());
    out.push(b'\n');
    let mut w = BookWriter::resume(k as u64, link);
    for l in &lines[k..] {
        out.extend(w.append(&parse_obj(l)).unwrap().bytes);
    }
    out
}

fn cases(r: &mut Rng, lines: &[Vec<u8>]) -> Vec<Case> {
    let n = lines.len();
    let bad = |line: usize, check| Expect::Bad {
        line: line as u64,
        check,
    };
    let mut v = vec![Case {
        name: "untouched",
        book: join(lines),
        expect: Expect::Ok,
    }];
    let mut del = lines.to_vec();
    del.remove(6);
    v.push(Case {
        name: "line 7 deleted",
        book: join(&del),
        expect: bad(7, ChainCheck::N),
    });
    let mut del_last = lines.to_vec();
    del_last.pop();
    v.push(Case {
        name: "last line deleted (truncation: invisible to step 4)",
        book: join(&del_last),
        expect: Expect::Ok,
    });
    let mut swap = lines.to_vec();
    swap.swap(9, 10);
    v.push(Case {
        name: "lines 10 and 11 swapped",
        book: join(&swap),
        expect: bad(10, ChainCheck::N),
    });
    let mut dup = lines.to_vec();
    dup.insert(5, lines[4].clone());
    v.push(Case {
        name: "line 5 repeated",
        book: join(&dup),
        expect: bad(6, ChainCheck::N),
    });
    v.push(Case {
        name: "content value edited in line 12",
        book: edit_field(lines, 12, "at", "\"2026-10-20T09:29:59Z\""),
        expect: bad(12, ChainCheck::Seal),
    });
    v.push(Case {
        name: "content field added to line 3",
        book: edit_field(lines, 3, "zz", "0.5"),
        expect: bad(3, ChainCheck::Seal),
    });
    let other = "0".repeat(64);
    v.push(Case {
        name: "seal edited in line 8",
        book: edit_field(lines, 8, "seal", &format!("\"{other}\"")),
        expect: bad(8, ChainCheck::Seal),
    });
    v.push(Case {
        name: "link edited in line 15",
        book: edit_field(lines, 15, "link", &format!("\"{other}\"")),
        expect: bad(15, ChainCheck::Link),
    });
    v.push(Case {
        name: "link edited in the last line",
        book: edit_field(lines, n, "link", &format!("\"{other}\"")),
        expect: bad(n, ChainCheck::Link),
    });
    v.push(Case {
        name: "prev edited in line 4",
        book: edit_field(lines, 4, "prev", &format!("\"{other}\"")),
        expect: bad(4, ChainCheck::Prev),
    });
    v.push(Case {
        name: "n edited in line 9",
        book: edit_field(lines, 9, "n", "90"),
        expect: bad(9, ChainCheck::N),
    });
    v.push(Case {
        name: "n of line 2 spelled 2.0, chain re-sealed (Python: 2.0 == 2)",
        book: n_spelled(lines, 2, "2.0"),
        expect: Expect::Ok,
    });
    v.push(Case {
        name: "n of line 1 spelled true, chain re-sealed (Python: True == 1)",
        book: n_spelled(lines, 1, "true"),
        expect: Expect::Ok,
    });
    for k in [1, 13, n] {
        let mut t = String::new();
        json_text::respell(r, &mut t, &Value::Object(parse_obj(&lines[k - 1])));
        t.push('\n');
        v.push(Case { name: "a line re-spelled (whitespace, key order, escapes, 0.50E+0, shadowed duplicate key)", book: with_line(lines, k, t.into_bytes()), expect: Expect::Ok });
    }
    let no_lf = join(lines);
    v.push(Case {
        name: "final LF removed",
        book: no_lf[..no_lf.len() - 1].to_vec(),
        expect: Expect::OkPartialTail,
    });
    let mut tail = lines[16].clone();
    tail.pop();
    tail.extend_from_slice(b" \t\r\n");
    v.push(Case {
        name: "line 17 with trailing whitespace and CRLF",
        book: with_line(lines, 17, tail),
        expect: Expect::Ok,
    });
    let crlf: Vec<u8> = lines
        .iter()
        .flat_map(|l| [&l[..l.len() - 1], b"\r\n"].concat())
        .collect();
    v.push(Case {
        name: "whole book CRLF",
        book: crlf,
        expect: Expect::Ok,
    });
    let mut cr = lines[5].clone();
    let comma = cr.iter().position(|&b| b == b',').unwrap();
    cr.insert(comma + 1, b'\r');
    v.push(Case {
        name: "bare CR between tokens of line 6 (Python splits the line there)",
        book: with_line(lines, 6, cr),
        expect: bad(6, ChainCheck::Json),
    });
    let mut blank = lines.to_vec();
    blank.insert(3, b"\n".to_vec());
    v.push(Case {
        name: "blank line inserted as line 4",
        book: join(&blank),
        expect: bad(4, ChainCheck::Json),
    });
    let mut bom = lines[0].clone();
    bom.splice(0..0, *b"\xef\xbb\xbf");
    v.push(Case {
        name: "BOM before line 1",
        book: with_line(lines, 1, bom),
        expect: bad(1, ChainCheck::Json),
    });
    let mut latin1 = lines[10].clone();
    let q = latin1.iter().rposition(|&b| b == b'"').unwrap();
    latin1.insert(q, 0xE9); // a Latin-1 'é' inside the last string
    v.push(Case {
        name: "invalid UTF-8 byte in line 11",
        book: with_line(lines, 11, latin1),
        expect: bad(11, ChainCheck::Json),
    });
    let lone = [b"{\"lone\": \"\\ud800\", ".as_slice(), &lines[13][1..]].concat();
    v.push(Case {
        name: "lone surrogate in line 14's content (Python cannot encode it to hash)",
        book: with_line(lines, 14, lone),
        expect: bad(14, ChainCheck::Json),
    });
    v.push(Case {
        name: "line 16 not an object",
        book: with_line(lines, 16, b"[1, 2]\n".to_vec()),
        expect: bad(16, ChainCheck::Json),
    });
    v
}

#[test]
fn step4_script_accepts_generated_books() {
    let seed = rng::seed_from_env("SEALBOOK_BOOK_SEED", 20261020);
    let mut r = Rng::new(seed);
    let dir = TempDir::new("step4-books");
    for round in 0..6 {
        let n = [1, 2, 25, 60, 150, 400][round];
        let book = join(&write_book(&mut r, n));
        let py = step4(dir.path(), &book);
        let ours = core_verify(&book, vec![]);
        assert!(
            py.ok && py.stdout == format!("chain ok: {n} lines\n"),
            "round {round}: Python says {:?} {}",
            py.stdout,
            py.error
        );
        assert!(
            ours.ok && ours.lines == n && !ours.partial_tail,
            "round {round}: {ours:?}"
        );
    }
}

/// Line `n` after `prev` sealed as spec §3.2 states it, with three serializations: the seal
/// over `J(content)`, the link over `J` of the line with `n`, `prev` and `seal`, then the
/// whole line written.
fn sealed_as_stated(content: &Object, n: u64, prev: &str) -> (Vec<u8>, String, String) {
    use sha2::{Digest, Sha256};
    let j = |o: &Object| canon::to_bytes(&Value::Object(o.clone()), canon::DumpOptions::SEAL);
    let hex = |d: &[u8]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let mut line = content.clone();
    for f in seal::BOOKKEEPING_FIELDS {
        line.remove(f);
    }
    let seal = hex(&Sha256::digest(j(&line).unwrap()));
    line.insert("n", Value::Int(canon::Int::from(n as i64)));
    line.insert("prev", Value::Str(prev.into()));
    line.insert("seal", Value::Str(seal.as_str().into()));
    let link = hex(&Sha256::digest(j(&line).unwrap()));
    line.insert("link", Value::Str(link.as_str().into()));
    let mut bytes = j(&line).unwrap();
    bytes.push(b'\n');
    (bytes, seal, link)
}

/// The sealer split as the ledger uses it: lines prepared (serialized and sealed) on several
/// threads, out of book order, then chained in order on one. Every line must be the bytes of
/// the rule as stated, for content on every side of `n`, `prev` and `seal` (and replacing
/// them), and the book must pass the spec's step 4 script.
#[test]
fn lines_prepared_apart_then_chained_are_the_stated_rule_and_pass_step4() {
    let seed = rng::seed_from_env("SEALBOOK_BOOK_SEED", 20261021);
    let mut r = Rng::new(seed);
    let contents: Vec<Object> = (0..1200)
        .map(|i| match i % 4 {
            0 => book_gen::any_line(&mut r, i + 1),
            1 => book_gen::council_answer(&mut r, i + 1),
            _ => book_gen::keyed_line(&mut r),
        })
        .collect();
    // Four threads, each preparing every fourth line.
    let mut prepared: Vec<Option<seal::PreparedLine>> = vec![None; contents.len()];
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|t| {
                let contents = &contents;
                s.spawn(move || {
                    (t..contents.len())
                        .step_by(4)
                        .map(|i| (i, seal::prepare_line(&contents[i]).expect("encodable")))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            for (i, p) in w.join().unwrap() {
                prepared[i] = Some(p);
            }
        }
    });
    let mut prev = String::new();
    let mut book = Vec::new();
    for (i, (p, content)) in prepared.into_iter().zip(&contents).enumerate() {
        let n = i as u64 + 1;
        let p = p.expect("every line prepared");
        let seal_before = p.seal().to_string();
        let got = p.chain(n, &prev);
        let (bytes, seal, link) = sealed_as_stated(content, n, &prev);
        assert_eq!(
            String::from_utf8_lossy(&got.bytes),
            String::from_utf8_lossy(&bytes),
            "seed {seed}, line {n}"
        );
        assert_eq!(
            (&got.seal, &got.link),
            (&seal, &link),
            "seed {seed}, line {n}"
        );
        assert_eq!(seal_before, seal, "seed {seed}, line {n}");
        book.extend_from_slice(&got.bytes);
        prev = got.link;
    }
    let dir = TempDir::new("step4-prepared");
    let py = step4(dir.path(), &book);
    assert!(
        py.ok && py.stdout == format!("chain ok: {} lines\n", contents.len()),
        "seed {seed}: Python says {:?} {}",
        py.stdout,
        py.error
    );
    let ours = core_verify(&book, vec![]);
    assert!(ours.ok && ours.lines == contents.len() as u64, "{ours:?}");
}

#[test]
fn step4_script_and_core_agree_on_every_tampering() {
    let seed = rng::seed_from_env("SEALBOOK_BOOK_SEED", 20261021);
    let mut r = Rng::new(seed);
    let lines = write_book(&mut r, 40);
    let dir = TempDir::new("step4-tamper");
    let mut report = String::new();
    let mut failures = Vec::new();
    for case in cases(&mut r, &lines) {
        let py = step4(dir.path(), &case.book);
        let ours = core_verify(&case.book, vec![]);
        let first = ours.problems.first();
        let _ = writeln!(
            report,
            "{:<75} python: {:<40} core: {}",
            case.name,
            if py.ok {
                py.stdout.trim().to_string()
            } else {
                py.error.chars().take(40).collect()
            },
            match first {
                None => format!(
                    "ok, {} lines{}",
                    ours.lines,
                    if ours.partial_tail {
                        " + partial tail"
                    } else {
                        ""
                    }
                ),
                Some(p) => format!(
                    "line {} {}: {}",
                    p.line,
                    p.check.name(),
                    p.message.to_string().chars().take(60).collect::<String>()
                ),
            }
        );
        let good = match case.expect {
            Expect::Ok => {
                py.ok && ours.ok && py.stdout == format!("chain ok: {} lines\n", ours.lines)
            }
            Expect::OkPartialTail => {
                py.ok
                    && ours.ok
                    && ours.partial_tail
                    && py.stdout == format!("chain ok: {} lines\n", ours.lines + 1)
            }
            Expect::Bad { line, check } => {
                !py.ok
                    && !ours.ok
                    && ours.first_bad_line == Some(line)
                    && first.map(|p| (p.line, p.check)) == Some((line, check))
            }
        };
        if !good {
            failures.push(case.name);
        }
    }
    eprintln!("{report}");
    assert!(
        failures.is_empty(),
        "disagreement or wrong location in: {failures:?}\n{report}"
    );
}

// ---- step 3 ----------------------------------------------------------------------------------

/// `head -n N book | sha256sum` (coreutils), the hex digest.
fn head_sha256(book: &Path, n: u64) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("head -n \"$1\" \"$2\" | sha256sum")
        .arg("sh")
        .arg(n.to_string())
        .arg(book)
        .output()
        .expect("run head | sha256sum");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// `sed -n Np book | python3 -c "import json,sys; print(json.load(sys.stdin)['link'])"`;
/// `Err` when Python fails (its error's last line is returned instead).
fn sed_link(book: &Path, n: u64) -> Result<String, String> {
    let out = Command::new("sh")
        .arg("-c")
        .arg("sed -n \"$1\"p \"$2\" | \"$3\" -c \"import json,sys; print(json.load(sys.stdin)['link'])\"")
        .arg("sh")
        .arg(n.to_string())
        .arg(book)
        .arg(python())
        // A reader's UTF-8 locale: strict decoding. (Under the C/POSIX locale Python reads
        // stdin with surrogateescape and would print the link of a non-UTF-8 line.)
        .env("PYTHONIOENCODING", "utf-8")
        .output()
        .expect("run sed | python3");
    if out.status.success() {
        Ok(String::from_utf8(out.stdout)
            .unwrap()
            .trim_end()
            .to_string())
    } else {
        Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .last()
            .unwrap_or("")
            .to_string())
    }
}

#[test]
fn step3_head_sha256sum_and_sed_link_match_core_prefixes() {
    let mut r = Rng::new(rng::seed_from_env("SEALBOOK_BOOK_SEED", 20261022));
    let lines = write_book(&mut r, 30);
    let dir = TempDir::new("step3");
    let path = dir.path().join("council-book.jsonl");
    let stamp_points = vec![1, 2, 17, 29, 30];
    let clean = join(&lines);
    let clean_report = core_verify(&clean, stamp_points.clone());

    let crlf: Vec<u8> = lines
        .iter()
        .flat_map(|l| [&l[..l.len() - 1], b"\r\n"].concat())
        .collect();
    let no_final_lf = clean[..clean.len() - 1].to_vec();
    let bom = [b"\xef\xbb\xbf".as_slice(), &clean].concat();
    let mut bad_utf8 = lines.clone();
    let q = bad_utf8[16].iter().rposition(|&b| b == b'"').unwrap();
    bad_utf8[16].insert(q, 0xFF);
    let bad_utf8 = join(&bad_utf8);

    let mut summary = String::new();
    for (name, book) in [
        ("LF book", &clean),
        ("CRLF", &crlf),
        ("no final LF", &no_final_lf),
        ("BOM before line 1", &bom),
        ("0xFF in line 17", &bad_utf8),
    ] {
        std::fs::write(&path, book).unwrap();
        let ours = core_verify(book, stamp_points.clone());
        for &n in &stamp_points {
            let head = head_sha256(&path, n);
            let link = sed_link(&path, n);
            let prefix = ours.prefix(n);
            let stamped = clean_report.prefix(n).unwrap();
            let _ = writeln!(
                summary,
                "{name:<18} N={n:<3} head|sha256sum {} core {} stamp {}; sed|python link {} core {}",
                &head[..12],
                prefix.map_or("(not reached)".to_string(), |p| p.sha256[..12].to_string()),
                if head == stamped.sha256 { "matches" } else { "differs" },
                match &link {
                    Ok(l) => l[..12].to_string(),
                    Err(e) => format!("fails ({})", e.split(':').next().unwrap_or("")),
                },
                prefix.and_then(|p| p.last_link.as_deref()).map_or("none".into(), |l| l[..12].to_string()),
            );
            match prefix {
                // Whenever core reached N complete lines, it hashed exactly what head outputs.
                Some(p) => assert_eq!(p.sha256, head, "{name} N={n}"),
                // Only the partial last line is not reached; head still prints it.
                None => assert!(name == "no final LF" && n == 30, "{name} N={n} not reached"),
            }
            // Python reads the link whenever core does, and the same one.
            let core_link = prefix.and_then(|p| p.last_link.clone());
            match (&link, &core_link) {
                (Ok(l), Some(c)) => assert_eq!(l, c, "{name} N={n}"),
                (Err(_), None) => {}
                (Ok(_), None) if name == "no final LF" && n == 30 => {}
                _ => panic!("{name} N={n}: sed|python {link:?}, core {core_link:?}"),
            }
            // The stamp (made on the LF book) holds exactly where the bytes are the LF book's.
            let same_bytes = book.starts_with(&clean[..stamped.bytes as usize]);
            assert_eq!(head == stamped.sha256, same_bytes, "{name} N={n}");
        }
    }
    eprintln!("{summary}");
}

/// Step 5 (`curl -s …/asks/<sha256>.md | shasum -a 256`, here coreutils `sha256sum` on the
/// file): the shell's digest of each ask text is the name core's step-5 check compares it
/// with, and a text with a line appended fails both, naming the file in core.
#[test]
fn step5_ask_texts_hash_as_sha256sum_says() {
    use sealbook_core::records::book_lines::BookLines;
    use sealbook_core::verifier::check_ask_texts;
    let d = TempDir::new("appendix-b-step5");
    let mut r = Rng::new(5);
    let mut texts = Vec::new();
    let mut runs = String::new();
    for i in 0..8u64 {
        let n = 1 + r.below(400) as usize;
        let body: Vec<u8> = (0..n)
            .map(|_| match r.below(40) {
                0 => b'\n',
                k => b' ' + k as u8,
            })
            .chain("# Ask — 09:30 ET\n".bytes())
            .collect();
        let path = d.path().join(format!("text{i}.md"));
        std::fs::write(&path, &body).unwrap();
        let out = Command::new("sha256sum")
            .arg(&path)
            .output()
            .expect("run sha256sum");
        assert!(out.status.success());
        let shell = String::from_utf8(out.stdout).unwrap()[..64].to_string();
        runs.push_str(&format!(
            "{{\"n\": {}, \"kind\": \"run\", \"run_id\": \"r{i}\", \"at\": \"2026-10-21T12:30:00Z\", \"ask_sha256\": \"{shell}\"}}\n",
            i + 1
        ));
        texts.push((format!("asks/{shell}.md"), body));
    }
    let book = BookLines::parse(runs.as_bytes()).unwrap();
    let report = check_ask_texts(&texts, Some(&book), None);
    assert!(report.ok(), "{:?}", report.problems);
    assert!(report
        .texts
        .iter()
        .all(|t| t.named.as_deref() == Some(t.sha256.as_str())));
    texts[3].1.extend_from_slice(b"one line more\n");
    let path = d.path().join("appended.md");
    std::fs::write(&path, &texts[3].1).unwrap();
    let out = Command::new("sha256sum").arg(&path).output().unwrap();
    let shell = String::from_utf8(out.stdout).unwrap()[..64].to_string();
    let report = check_ask_texts(&texts, Some(&book), None);
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    assert!(report.problems[0]
        .to_string()
        .starts_with(&format!("{}: hashes to {shell}", texts[3].0)));
}
