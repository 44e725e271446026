//! The league publish (`sealbook league publish`, the jobs' publish after a score, the demo):
//! writes a league directory's generated open-data files (spec Appendix C) from its sealed
//! files alone. What is published and how each generated file is made is core's plan
//! (`core::league::publish_plan`: the inputs published as they are, the raw replies' release
//! rule, the generated files, `manifest.json` last); this reads the inputs the plan names
//! ([`read_inputs`]), reads the reader experiment's analysis from its store (PostgreSQL when
//! configured, else `experiment.sqlite`; with neither, no forecasts yet) and writes the plan's
//! files ([`write_plan`]).
//!
//! The operator's `league.toml`, lock files, side files and anything else stay out. A file
//! whose bytes would not change is not rewritten. Sealed files are only read. A book or ask
//! chain whose chain does not verify is not published (exit 1); a missing or unreadable input
//! is unusable (exit 2).

use crate::files::read_bounded;
use crate::outcome::Unusable;
use sealbook_core::league::manifest::path_is_safe;
use sealbook_core::league::publish_plan::{
    broken_chain, is_published_input, publish_plan, released_reply_folders, PlanError,
    PublishFile as File, PublishPlan, PUBLISHED_AS_IS, PUBLISHED_DIRS,
};
use sealbook_core::records::book_lines::BookLines;
use sealbook_core::records::names::{ASKS_FILE, BOOK_FILE};
use std::path::{Path, PathBuf};

/// The sealed climatology table, read for the stats when present.
pub use sealbook_core::records::names::CLIM_FILE;
/// Largest file read (a season's book is tens of megabytes).
const MAX_FILE_BYTES: u64 = 1 << 30;
/// Most files one league directory may publish.
const MAX_FILES: usize = 100_000;
/// Deepest folder nesting walked under a published folder.
const MAX_DEPTH: usize = 8;

/// Every regular file under `dir/rel`, as `rel/...` paths, sorted; symbolic links are not
/// followed (a link could publish a file from outside the league).
fn walk(root: &Path, rel: &str, depth: usize, out: &mut Vec<String>) -> Result<(), Unusable> {
    let dir = root.join(rel);
    let entries = std::fs::read_dir(&dir).map_err(|e| Unusable::io(&dir, "read directory", &e))?;
    let mut names = Vec::new();
    for e in entries {
        let e = e.map_err(|e| Unusable::io(&dir, "read directory", &e))?;
        let name = e.file_name().into_string().map_err(|n| {
            Unusable::file(
                &dir.join(&n),
                "a file name that is not UTF-8 cannot be published",
            )
        })?;
        let kind = e
            .file_type()
            .map_err(|err| Unusable::io(&e.path(), "stat", &err))?;
        names.push((name, kind));
    }
    names.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, kind) in names {
        if name.starts_with('.') {
            continue;
        }
        let path = format!("{rel}/{name}");
        if kind.is_dir() {
            if depth >= MAX_DEPTH {
                return Err(Unusable::file(
                    &root.join(&path),
                    format!("folders nested deeper than {MAX_DEPTH} are not published"),
                ));
            }
            walk(root, &path, depth + 1, out)?;
        } else if kind.is_file() {
            if out.len() >= MAX_FILES {
                return Err(Unusable::file(
                    root,
                    format!("more than {MAX_FILES} files to publish"),
                ));
            }
            out.push(path);
        }
    }
    Ok(())
}

fn read(dir: &Path, rel: &str) -> Result<File, Unusable> {
    let bytes = read_bounded(&dir.join(rel), MAX_FILE_BYTES, "published file")?;
    Ok(File {
        path: rel.to_string(),
        bytes,
    })
}

/// Writes `bytes` to `dir/rel` unless the file already holds exactly them (then it is left
/// alone, its time too); through a temporary file and a rename, so a reader never sees half a
/// file. Returns whether it wrote.
fn write_if_changed(dir: &Path, rel: &str, bytes: &[u8]) -> Result<bool, Unusable> {
    let path = dir.join(rel);
    if std::fs::read(&path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Unusable::io(parent, "create directory", &e))?;
    }
    let tmp = path.with_file_name(format!(
        ".{}.publish-{}",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("file"),
        std::process::id()
    ));
    std::fs::write(&tmp, bytes).map_err(|e| Unusable::io(&tmp, "write", &e))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Unusable::io(&path, "rename into place", &e)
    })?;
    Ok(true)
}

/// What [`publish_league`] did.
pub enum Published {
    /// The files are written: every file listed in the manifest, those written and those
    /// left as they were.
    Written {
        league: String,
        methodology: String,
        listed: usize,
        written: Vec<String>,
        unchanged: Vec<String>,
    },
    /// A ledger's chain does not verify (`error` names the file, line and check): nothing
    /// is published.
    ChainBroken { error: String, path: PathBuf },
}

/// Writes the league's generated files and `manifest.json` from its sealed files, as core's
/// plan says; see the module doc.
pub fn publish_league(dir: &Path) -> Result<Published, Unusable> {
    let book_path = dir.join(BOOK_FILE);
    if !book_path.is_file() {
        return Err(Unusable::file(
            &book_path,
            "no sealed book: not a league directory",
        ));
    }
    let book = read(dir, BOOK_FILE)?;
    let asks = if dir.join(ASKS_FILE).is_file() {
        Some(read(dir, ASKS_FILE)?)
    } else {
        None
    };
    let ledgers: Vec<&File> = std::iter::once(&book).chain(asks.as_ref()).collect();
    if let Some((path, error)) = broken_chain(&ledgers) {
        return Ok(Published::ChainBroken {
            error,
            path: dir.join(path),
        });
    }
    let lines = BookLines::parse(&book.bytes).map_err(|e| {
        Unusable::file(&book_path, e.to_string())
            .at_line(e.line)
            .field(e.field)
    })?;
    let sealed = read_inputs(dir, book, asks, &lines)?;
    let book_bytes = &sealed[0].bytes;
    let asks_bytes = sealed
        .iter()
        .find(|f| f.path == ASKS_FILE)
        .map(|f| f.bytes.as_slice());
    let view = crate::experiment::BookView::of(book_bytes, asks_bytes).map_err(|e| {
        Unusable::file(&book_path, e.to_string())
            .at_line(e.line)
            .field(e.field)
    })?;
    let analysis = crate::experiment::analysis_with_book(
        crate::experiment::stored_dataset(dir)?,
        &view,
        sealbook_core::experiment::council::AsOf::Whole,
    );
    let generator = format!("sealbook {}", env!("CARGO_PKG_VERSION"));
    let plan = publish_plan(&sealed, &lines, analysis, &generator).map_err(
        |PlanError { file, message }| {
            Unusable::file(&file.map_or(dir.to_path_buf(), |f| dir.join(f)), message)
        },
    )?;
    write_plan(dir, plan)
}

/// The inputs published as they are, read once: the book, the ask chain, the files of
/// [`PUBLISHED_AS_IS`] present, every input under [`PUBLISHED_DIRS`] ([`is_published_input`])
/// and the raw replies the release rule publishes ([`released_reply_folders`]).
fn read_inputs(
    dir: &Path,
    book: File,
    asks: Option<File>,
    lines: &BookLines,
) -> Result<Vec<File>, Unusable> {
    let mut sealed = vec![book];
    sealed.extend(asks);
    for name in PUBLISHED_AS_IS {
        if dir.join(name).is_file() {
            sealed.push(read(dir, name)?);
        }
    }
    let folders = PUBLISHED_DIRS
        .iter()
        .map(|f| (f.to_string(), 1))
        .chain(released_reply_folders(lines).into_iter().map(|f| (f, 2)));
    for (folder, depth) in folders {
        if !dir.join(&folder).is_dir() {
            continue;
        }
        let mut paths = Vec::new();
        walk(dir, &folder, depth, &mut paths)?;
        for p in paths.into_iter().filter(|p| is_published_input(p)) {
            if !path_is_safe(&p) {
                return Err(Unusable::file(
                    &dir.join(&p),
                    "a path that cannot be published",
                ));
            }
            sealed.push(read(dir, &p)?);
        }
    }
    Ok(sealed)
}

/// Writes every file of `plan` in its order, each only when its bytes change.
fn write_plan(dir: &Path, plan: PublishPlan) -> Result<Published, Unusable> {
    let mut written = Vec::new();
    let mut unchanged = Vec::new();
    for f in &plan.files {
        if write_if_changed(dir, &f.path, &f.bytes)? {
            written.push(f.path.clone());
        } else {
            unchanged.push(f.path.clone());
        }
    }
    Ok(Published::Written {
        league: plan.league,
        methodology: plan.methodology,
        listed: plan.listed,
        written,
        unchanged,
    })
}
