//! The fuzz targets' deterministic replay: every committed seed (`tests/fuzz/seeds/<target>/`),
//! every crash ever found (`tests/fuzz/regressions/<target>/`) and the third-party vectors
//! `tests/fuzz/vector_seeds.txt` names for the target run once through its property. No random
//! input: the same tree gives the same answer on every run. Exploration (libFuzzer mutating
//! these inputs) is `tests/fuzz/run.sh` in explore mode.

use sealbook_fuzz_checks::TARGETS;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// libFuzzer's `-max_len` in tests/fuzz/run.sh: longer vector files are not fuzz inputs.
const MAX_LEN: u64 = 65_536;

/// An input still running after this long is reported as a hang and ends the test process
/// (run.sh gives libFuzzer `-timeout=10` on a release build; this is a debug build).
const HANG: Duration = Duration::from_secs(120);

/// `tests/fuzz`: the fuzz crate, its seeds, regressions and vector map.
fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// `../shared/vectors` beside the clone; its absence fails the replay, never skips it.
fn vectors_dir() -> PathBuf {
    let d = fuzz_dir().join("../../../shared/vectors");
    assert!(
        d.is_dir(),
        "third-party vectors not found at {} (CI lays shared/ beside the clone)",
        d.display()
    );
    d
}

/// The lines of `tests/fuzz/vector_seeds.txt`: `(target, folder, suffixes, line number)`.
fn vector_map() -> Vec<(String, String, Vec<String>, usize)> {
    let path = fuzz_dir().join("vector_seeds.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut map = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [target, folder, suffixes] = fields[..] else {
            panic!(
                "{}:{}: expected `<target> <folder> <suffixes>`, found {line:?}",
                path.display(),
                i + 1
            );
        };
        let suffixes = suffixes.split(',').map(str::to_owned).collect();
        map.push((target.to_owned(), folder.to_owned(), suffixes, i + 1));
    }
    map
}

/// Every file under `dir`, recursively, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries =
            std::fs::read_dir(&d).unwrap_or_else(|e| panic!("reading {}: {e}", d.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("reading {}: {e}", d.display()))
                .path();
            if path.is_dir() {
                todo.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The inputs replayed for `target`: its seeds, its regressions (if any) and its vectors.
fn inputs(target: &str, map: &[(String, String, Vec<String>, usize)]) -> Vec<PathBuf> {
    let mut out = files_under(&fuzz_dir().join("seeds").join(target));
    let regressions = fuzz_dir().join("regressions").join(target);
    if regressions.is_dir() {
        out.extend(files_under(&regressions));
    }
    for (t, folder, suffixes, _) in map {
        if t != target {
            continue;
        }
        out.extend(
            files_under(&vectors_dir().join(folder))
                .into_iter()
                .filter(|p| {
                    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    let size = std::fs::metadata(p).map(|m| m.len()).unwrap_or(u64::MAX);
                    suffixes.iter().any(|s| name.ends_with(s.as_str())) && size < MAX_LEN
                }),
        );
    }
    out
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

#[test]
fn every_seed_regression_and_vector_input_holds_its_targets_property() {
    let map = vector_map();
    // The input running now and since when, watched for a hang.
    let running: Arc<Mutex<Option<(String, Instant)>>> = Arc::new(Mutex::new(None));
    let watched = Arc::clone(&running);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        if let Some((what, since)) = &*watched.lock().unwrap_or_else(|e| e.into_inner()) {
            if since.elapsed() > HANG {
                eprintln!("fuzz replay: {what} has run for over {HANG:?}: a hang");
                std::process::exit(101);
            }
        }
    });
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let inputs = inputs(target, &map);
        assert!(!inputs.is_empty(), "fuzz target {target} has no input");
        for input in &inputs {
            let data =
                std::fs::read(input).unwrap_or_else(|e| panic!("reading {}: {e}", input.display()));
            let what = format!("{target} on {}", input.display());
            *running.lock().unwrap_or_else(|e| e.into_inner()) =
                Some((what.clone(), Instant::now()));
            if let Err(p) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                failures.push(format!("{what}: {}", panic_text(&*p)));
            }
        }
        *running.lock().unwrap_or_else(|e| e.into_inner()) = None;
        println!("fuzz replay: {target}: {} inputs", inputs.len());
    }
    assert!(
        failures.is_empty(),
        "{} input(s) broke a property:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The fuzz crate (tests/fuzz/Cargo.toml) declares one binary per target, each calling that
/// target's property, and the vector map names only known targets and existing folders.
#[test]
fn the_fuzz_binaries_and_the_vector_map_name_the_same_targets() {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz Cargo.toml");
    let mut declared: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \"")?.strip_suffix('"'))
        .filter(|n| *n != "sealbook-fuzz")
        .collect();
    declared.sort_unstable();
    let known: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        declared, known,
        "tests/fuzz/Cargo.toml's [[bin]]s against TARGETS"
    );
    for name in &known {
        let entry = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&entry)
            .unwrap_or_else(|e| panic!("reading {}: {e}", entry.display()));
        assert!(
            text.contains(&format!("sealbook_fuzz_checks::{name}::check(data)")),
            "{} does not call sealbook_fuzz_checks::{name}::check",
            entry.display()
        );
    }
    for (target, folder, _, line) in vector_map() {
        assert!(
            known.contains(&target.as_str()),
            "vector_seeds.txt:{line}: no fuzz target {target}"
        );
        assert!(
            vectors_dir().join(&folder).is_dir(),
            "vector_seeds.txt:{line}: no folder {folder} under shared/vectors"
        );
    }
}
