//! `sealbook league status DIR [--at RFC3339] [--json]`: what the league's books say (read
//! only, no lock taken): each run with the seats asked, answered, sealed `no_answer` and still
//! pending, its sealed score lines, the score lines due now, the morning runs missed (a
//! session whose window to ask closed with no run, spec §3.1; the text names them only when
//! there are some) and the last stamped list under `proof/`.

use crate::league::clock::Clock;
use crate::league::config::read_config;
use crate::league::driver::resume;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::book::canon::{self, Value};
use sealbook_core::league::engine::Action;
use sealbook_core::records::ask_chain::AskChain;
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory.
    dir: PathBuf,
    /// Take this instant as now for what is due (tests, replays).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
}

fn read_or_empty(path: &Path) -> Result<Vec<u8>, Unusable> {
    match std::fs::read(path) {
        Ok(b) => Ok(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(Unusable::io(path, "read", &e)),
    }
}

/// The newest `proof/<day>/<HHMMSS>Z.txt`, as a path relative to the league directory.
fn last_stamp(dir: &Path) -> Option<String> {
    let mut best: Option<String> = None;
    for day in std::fs::read_dir(dir.join("proof")).ok()?.flatten() {
        let Ok(files) = std::fs::read_dir(day.path()) else {
            continue;
        };
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            if name.len() == 11 && name.ends_with("Z.txt") {
                let rel = format!("proof/{}/{name}", day.file_name().to_string_lossy());
                if best.as_ref().is_none_or(|b| rel > *b) {
                    best = Some(rel);
                }
            }
        }
    }
    best
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let config = read_config(&args.dir)?;
    let clock = Clock::from_arg(args.at.as_deref())?;
    let book_path = args.dir.join(BOOK_FILE);
    let asks_path = args.dir.join(ASKS_FILE);
    let book = read_or_empty(&book_path)?;
    let asks = read_or_empty(&asks_path)?;
    let lines = BookLines::parse(&book).map_err(|e| Unusable::file(&book_path, e.to_string()))?;
    let chain = AskChain::parse(&asks).map_err(|e| Unusable::file(&asks_path, e.to_string()))?;
    let mut no_answer: Vec<(String, String)> = Vec::new();
    for text in book.split(|b| *b == b'\n') {
        if let Ok(Value::Object(o)) = canon::parse(text) {
            if o.get("kind").and_then(Value::as_str) == Some("no_answer") {
                let s = |k: &str| o.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                no_answer.push((s("run_id"), s("seat")));
            }
        }
    }
    let now = clock.now();
    let mut engine = resume(&config, clock.set, &book, &asks, &asks_path)?;
    let missed = engine.missed_runs(now);
    let due: Vec<serde_json::Value> = engine
        .poll(now)
        .into_iter()
        .filter_map(|a| match a {
            Action::Score {
                run_id, horizon, ..
            } => Some(serde_json::json!({"run_id": run_id, "horizon": horizon.as_str()})),
            _ => None,
        })
        .collect();
    let mut runs = Vec::new();
    for r in &lines.runs {
        let Some(run_id) = r.run_id.as_deref() else {
            continue;
        };
        let asked: BTreeSet<&str> = chain
            .asks
            .iter()
            .filter(|(_, a)| a.run_id == run_id)
            .filter_map(|(_, a)| a.seat.as_deref())
            .collect();
        let answered: BTreeSet<&str> = lines
            .answers
            .values()
            .filter(|a| a.run_id.as_deref() == Some(run_id))
            .filter_map(|a| a.seat.as_deref())
            .collect();
        let silent: BTreeSet<&str> = no_answer
            .iter()
            .filter(|(r, _)| r == run_id)
            .map(|(_, s)| s.as_str())
            .collect();
        let pending: Vec<&str> = asked
            .iter()
            .filter(|s| !answered.contains(*s) && !silent.contains(*s))
            .copied()
            .collect();
        let scored: Vec<&str> = lines
            .scores
            .iter()
            .filter(|s| s.of == r.n)
            .map(|s| s.horizon.as_str())
            .collect();
        runs.push(serde_json::json!({"run_id": run_id, "line": r.n,
            "at": r.at.map(|t| t.to_rfc3339()), "clock_set": r.clock_set,
            "asked": asked, "answered": answered, "no_answer": silent, "pending": pending,
            "scored": scored}));
    }
    let stamp = last_stamp(&args.dir);
    if json {
        println!(
            "{}",
            serde_json::json!({"ok": true, "league": config.name, "at": now.to_rfc3339(),
                "book_lines": lines.kinds.len(), "runs": runs, "scores_due": due,
                "runs_missed": missed, "last_stamp": stamp})
        );
    } else {
        println!(
            "league {:?}: {} book line(s), {} run(s)",
            config.name,
            lines.kinds.len(),
            runs.len()
        );
        for r in &runs {
            let n = |k: &str| r[k].as_array().map_or(0, Vec::len);
            println!(
                "  run {} (line {}): {} asked, {} answered, {} no_answer, {} pending; scored: {}",
                r["run_id"].as_str().unwrap_or(""),
                r["line"],
                n("asked"),
                n("answered"),
                n("no_answer"),
                n("pending"),
                r["scored"]
                    .as_array()
                    .map(|a| a
                        .iter()
                        .filter_map(|h| h.as_str())
                        .collect::<Vec<_>>()
                        .join(", "))
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| "none".into())
            );
        }
        println!("scores due now: {}", due.len());
        if !missed.is_empty() {
            println!("runs missed: {} ({})", missed.len(), missed.join(", "));
        }
        println!("last stamp: {}", stamp.as_deref().unwrap_or("none"));
    }
    Ok(Exit::Ok)
}
