//! The ledger writer: one process appends to a book, each line sealed, written and made
//! durable before the caller hears of it (spec §3.2 sealing, §3.13 requirement 12: every
//! answer sealed on receipt, never batched).
//!
//! [`Ledger::open`] takes an exclusive lock, verifies the book with core's streaming
//! [`ChainVerifier`], sets aside a partial tail a crash left (the bytes after the last LF,
//! which no reader counts: spec Appendix B step 3), refuses a book whose chain is broken, and
//! resumes [`BookWriter`] after the last sealed line. [`Ledger::append`] seals one line, writes
//! it with its LF and fsyncs the file before it returns, so a line the caller was told about
//! survives a crash of the process or the machine.
//!
//! The lock is `flock(2)` on a lock file `<book>.lock` beside the book: the kernel drops it
//! when the holder dies, even by SIGKILL, so a crash never leaves a stale lock behind, and no
//! extra crate is needed (libc is already a dependency on unix). The lock file itself stays;
//! it holds nothing and is not part of the published data.

use sealbook_core::book::canon::{JsonStr, Object, Value};
use sealbook_core::book::chain::{ChainVerifier, VerifyOptions};
use sealbook_core::book::seal::seal_line;
use sealbook_core::book::writer::BookWriter;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why a ledger could not be opened or appended to.
#[derive(Debug)]
pub enum LedgerError {
    /// Another process (or another handle in this one) holds the book's lock.
    Locked { book: PathBuf, lock: PathBuf },
    /// The book's chain does not verify: it is never appended to.
    Broken {
        book: PathBuf,
        line: u64,
        check: &'static str,
        message: String,
    },
    /// A file operation failed.
    Io {
        path: PathBuf,
        what: &'static str,
        error: std::io::Error,
    },
    /// The content cannot be sealed (a value `J` cannot write, such as a lone surrogate key).
    Encode { book: PathBuf, message: String },
    /// An earlier write or sync failed; the book may hold a partial tail. Reopen to recover.
    Poisoned { book: PathBuf },
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::Locked { book, lock } => write!(
                f,
                "{}: another writer holds the lock {} (one writer per book)",
                book.display(),
                lock.display()
            ),
            LedgerError::Broken {
                book,
                line,
                check,
                message,
            } => write!(
                f,
                "{}:{line}: field {check}: chain broken, the book is not appended to: {message}",
                book.display()
            ),
            LedgerError::Io { path, what, error } => {
                write!(f, "{}: cannot {what}: {error}", path.display())
            }
            LedgerError::Encode { book, message } => {
                write!(f, "{}: cannot seal the line: {message}", book.display())
            }
            LedgerError::Poisoned { book } => write!(
                f,
                "{}: an earlier append failed; reopen the ledger to recover",
                book.display()
            ),
        }
    }
}

impl std::error::Error for LedgerError {}

impl From<LedgerError> for crate::outcome::Unusable {
    fn from(e: LedgerError) -> Self {
        crate::outcome::Unusable::new(e.to_string())
    }
}

fn io(path: &Path, what: &'static str) -> impl FnOnce(std::io::Error) -> LedgerError {
    let path = path.to_path_buf();
    move |error| LedgerError::Io { path, what, error }
}

/// The bytes a crash left after the last LF, moved out of the book on open.
#[derive(Clone, Debug, PartialEq)]
pub struct SetAside {
    /// The side file `<book>.partial-<n>` (n = the line the bytes would have been).
    pub path: PathBuf,
    pub bytes: u64,
}

/// What [`Ledger::open`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenReport {
    /// The book did not exist and was created empty.
    pub created: bool,
    /// Sealed lines in the book (all verified).
    pub lines: u64,
    /// A partial tail was moved aside.
    pub set_aside: Option<SetAside>,
}

/// One line sealed, written and synced.
#[derive(Clone, Debug, PartialEq)]
pub struct Sealed {
    pub n: u64,
    pub seal: String,
    pub link: String,
    /// The line as written, with its LF.
    pub bytes: Vec<u8>,
}

/// The only writer of one book while it is open.
pub struct Ledger {
    path: PathBuf,
    file: File,
    writer: BookWriter,
    /// Bytes of sealed lines in the file.
    len: u64,
    poisoned: bool,
    /// Held for the ledger's lifetime; the lock goes with the descriptor.
    _lock: File,
}

impl fmt::Debug for Ledger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ledger")
            .field("path", &self.path)
            .field("lines", &self.writer.lines())
            .field("len", &self.len)
            .field("poisoned", &self.poisoned)
            .finish()
    }
}

/// Read size while verifying on open.
const VERIFY_CHUNK: usize = 256 << 10;

impl Ledger {
    /// Opens (or creates) the book at `path` as its only writer; see the module doc.
    pub fn open(path: &Path) -> Result<(Ledger, OpenReport), LedgerError> {
        let lock_path = crate::files::with_suffix(path, ".lock");
        let lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(io(&lock_path, "open the lock file"))?;
        try_lock_exclusive(&lock).map_err(|e| {
            if e.kind() == std::io::ErrorKind::WouldBlock {
                LedgerError::Locked {
                    book: path.to_path_buf(),
                    lock: lock_path.clone(),
                }
            } else {
                LedgerError::Io {
                    path: lock_path.clone(),
                    what: "lock the lock file",
                    error: e,
                }
            }
        })?;

        let created = !path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io(path, "open the book"))?;
        if created {
            file.sync_all().map_err(io(path, "sync the book"))?;
            sync_dir(path)?;
        }

        let mut verifier = ChainVerifier::new(VerifyOptions {
            max_problems: 1,
            ..VerifyOptions::default()
        });
        let mut buf = vec![0u8; VERIFY_CHUNK];
        loop {
            let k = file.read(&mut buf).map_err(io(path, "read the book"))?;
            if k == 0 {
                break;
            }
            verifier.feed(&buf[..k]);
        }
        let report = verifier.finish();
        if !report.ok {
            let (line, check, message) = report
                .problems
                .first()
                .map(|p| (p.line, p.check.name(), p.message.clone()))
                .unwrap_or((report.first_bad_line.unwrap_or(0), "chain", String::new()));
            return Err(LedgerError::Broken {
                book: path.to_path_buf(),
                line,
                check,
                message,
            });
        }

        let set_aside = if report.partial_tail {
            Some(set_aside_tail(
                path,
                &mut file,
                report.bytes,
                report.lines + 1,
            )?)
        } else {
            None
        };
        let writer = match (report.lines, report.last_link) {
            (0, _) => BookWriter::new(),
            (n, Some(link)) => BookWriter::resume(n, link),
            // A verified line always has its link; guard anyway rather than guess.
            (n, None) => {
                return Err(LedgerError::Broken {
                    book: path.to_path_buf(),
                    line: n,
                    check: "link",
                    message: "the last line has no link".into(),
                })
            }
        };
        let opened = OpenReport {
            created,
            lines: writer.lines(),
            set_aside,
        };
        Ok((
            Ledger {
                path: path.to_path_buf(),
                file,
                writer,
                len: report.bytes,
                poisoned: false,
                _lock: lock,
            },
            opened,
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Sealed lines in the book.
    pub fn lines(&self) -> u64 {
        self.writer.lines()
    }

    /// The link of the last line (`""` for an empty book).
    pub fn last_link(&self) -> &str {
        self.writer.last_link()
    }

    /// Seals `content` as the next line, writes it with its LF and fsyncs the file before
    /// returning. Bookkeeping fields in `content` are replaced. On a write or sync failure the
    /// ledger refuses further appends (the book may end in a partial tail, which the next
    /// [`Ledger::open`] sets aside).
    pub fn append(&mut self, content: &Object) -> Result<Sealed, LedgerError> {
        let mut sealed = self.append_all(std::slice::from_ref(content))?;
        Ok(sealed.pop().expect("one line in, one line out"))
    }

    /// Seals each of `contents` as the next lines in order, writes them in one write and
    /// fsyncs once before returning: a group commit for answers that arrived together. Each
    /// line is as durable on return as with [`Ledger::append`]; none is acknowledged before
    /// the sync. A content that cannot be sealed fails the whole call before anything is
    /// written.
    pub fn append_all(&mut self, contents: &[Object]) -> Result<Vec<Sealed>, LedgerError> {
        if self.poisoned {
            return Err(LedgerError::Poisoned {
                book: self.path.clone(),
            });
        }
        let mut sealed = Vec::with_capacity(contents.len());
        let mut bytes = Vec::new();
        let mut n = self.writer.lines();
        let mut link = self.writer.last_link().to_string();
        for content in contents {
            n += 1;
            let line = seal_line(content, n, &link).map_err(|e| LedgerError::Encode {
                book: self.path.clone(),
                message: e.to_string(),
            })?;
            bytes.extend_from_slice(&line.bytes);
            link = line.link.clone();
            sealed.push(Sealed {
                n,
                seal: line.seal,
                link: line.link,
                bytes: line.bytes,
            });
        }
        if sealed.is_empty() {
            return Ok(sealed);
        }
        if let Err(e) = self
            .file
            .write_all(&bytes)
            .and_then(|()| self.file.sync_data())
        {
            self.poisoned = true;
            return Err(LedgerError::Io {
                path: self.path.clone(),
                what: "append to the book",
                error: e,
            });
        }
        self.len += bytes.len() as u64;
        self.writer = BookWriter::resume(n, link);
        Ok(sealed)
    }

    /// [`Ledger::append`] with the seal time inside the line: `clock` is read just before the
    /// line is sealed and its value stored in `field` (the answer line's `booked_at`, spec
    /// Appendix C; the caller puts the arrival time in `at`). The ledger reads no clock itself.
    pub fn append_booked(
        &mut self,
        content: &Object,
        field: &str,
        clock: impl FnOnce() -> String,
    ) -> Result<Sealed, LedgerError> {
        let mut content = content.clone();
        content.insert(field, Value::Str(JsonStr::from(clock().as_str())));
        self.append(&content)
    }
}

/// Copies the bytes after `keep` into a new side file `<book>.partial-<n>` (synced), then
/// truncates the book to `keep` (synced). A crash in between leaves the tail in the book, and
/// the next open sets it aside again under another name: nothing is lost, no sealed byte moves.
fn set_aside_tail(
    path: &Path,
    file: &mut File,
    keep: u64,
    n: u64,
) -> Result<SetAside, LedgerError> {
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(keep))
        .map_err(io(path, "read the partial tail"))?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail)
        .map_err(io(path, "read the partial tail"))?;
    let mut side = crate::files::with_suffix(path, &format!(".partial-{n}"));
    let mut k = 1;
    let mut out = loop {
        match OpenOptions::new().write(true).create_new(true).open(&side) {
            Ok(f) => break f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && k < 1000 => {
                k += 1;
                side = crate::files::with_suffix(path, &format!(".partial-{n}.{k}"));
            }
            Err(e) => return Err(io(&side, "create the side file")(e)),
        }
    };
    out.write_all(&tail)
        .and_then(|()| out.sync_all())
        .map_err(io(&side, "write the side file"))?;
    sync_dir(&side)?;
    file.set_len(keep)
        .and_then(|()| file.sync_all())
        .map_err(io(path, "truncate the partial tail"))?;
    Ok(SetAside {
        path: side,
        bytes: tail.len() as u64,
    })
}

/// fsyncs the directory holding `path`, so a file created there survives a power cut.
fn sync_dir(path: &Path) -> Result<(), LedgerError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io(dir, "sync the directory"))
}

#[cfg(unix)]
fn try_lock_exclusive(f: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock on a descriptor this function borrows; no memory is passed.
    let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn try_lock_exclusive(f: &File) -> std::io::Result<()> {
    f.try_lock().map_err(|e| match e {
        std::fs::TryLockError::WouldBlock => std::io::ErrorKind::WouldBlock.into(),
        std::fs::TryLockError::Error(e) => e,
    })
}

#[cfg(test)]
mod tests;
