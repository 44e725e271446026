//! The ledger writer: one process appends to a book, each line sealed, written and made
//! durable before the caller hears of it (spec §3.2 sealing, §3.13 requirement 12: every
//! answer sealed on receipt, never batched).
//!
//! [`LedgerFile::open`] takes an exclusive lock, verifies the book with core's streaming
//! [`ChainVerifier`], sets aside a partial tail a crash left (the bytes after the last LF,
//! which no reader counts: spec Appendix B step 3), refuses a book whose chain is broken, and
//! resumes [`BookWriter`] after the last sealed line. [`LedgerFile::append`] seals one line, writes
//! it with its LF and fsyncs the file before it returns, so a line the caller was told about
//! survives a crash of the process or the machine.
//!
//! Group commit: [`LedgerFile::write_all`] seals and writes lines without waiting for the disk, and
//! [`Durability::wait`] (from the writer or any other thread, through [`LedgerFile::durability`])
//! returns once an fsync that began after those lines were written has completed. The first
//! waiter that finds no fsync running starts one covering every line written so far; waiters
//! for lines written while it ran wait for it to end, then the first of them starts the next,
//! so one fsync covers every line that arrived while the previous one ran, and the writer keeps
//! sealing while the disk syncs. No line is reported durable before the fsync that covers it
//! has returned; after a failed fsync none ever is (the ledger is poisoned).
//!
//! Sealing off the writer: a line's seal depends on its content alone, and its link on the
//! chain only from the member `n` on (spec §3.2), so the costly part of sealing (serializing
//! with `J`, the seal, the link's hash up to `n`: core's [`prepare_line`]) can run on the
//! thread that received the content. [`LedgerFile::write_prepared`] then only chains (`n`,
//! `prev`, the rest of the link), writes and hands over to the fsync as above.
//!
//! The lock is `flock(2)` on the book itself (a descriptor of its own), held as long as the
//! ledger is open: the kernel drops it when the holder dies, even by SIGKILL, so a crash never
//! leaves a stale lock behind, and no file beside the book stands in for it, so no file can be
//! removed to sidestep it. A directory of books is locked as a whole with [`DirLock`] (the league's
//! commands hold it for their whole run), which also covers a book deleted and created anew.
//! No extra crate is needed (libc is already a dependency on unix). Lock files `<book>.lock`
//! that earlier versions made are no longer created or read.

use sealbook_core::book::canon::EncodeError;
use sealbook_core::book::canon::{JsonStr, Object, Value};
use sealbook_core::book::chain::{ChainVerifier, VerifyOptions};
use sealbook_core::book::seal::{prepare_line, PreparedLine};
use sealbook_core::book::writer::BookWriter;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Why a ledger could not be opened or appended to.
#[derive(Debug)]
pub enum LedgerError {
    /// Another process (or another handle in this one) holds the book's lock; `pid` is the
    /// holder's process id when the system says (Linux `/proc/locks`).
    Locked { book: PathBuf, pid: Option<u32> },
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
    /// [`Durability::wait`] was asked about a line that has not been written.
    NotWritten { book: PathBuf, n: u64, written: u64 },
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::Locked { book, pid } => write!(
                f,
                "{}: another writer holds {}{} (one writer per book)",
                book.display(),
                book.file_name().unwrap_or_default().to_string_lossy(),
                holder(*pid)
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
            LedgerError::NotWritten { book, n, written } => write!(
                f,
                "{}:{n}: line not written yet (the book has {written} lines written)",
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

/// What [`LedgerFile::open`] found.
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

/// The most lines a writer hands to [`LedgerFile::write_prepared`] as one group (about 470 KB of
/// answer lines): when a burst of replies is waiting, the first of them are written and their
/// fsync started while the writer goes on with the rest, rather than one write of megabytes
/// and then one long fsync that every line of the burst waits for.
pub const MAX_GROUP_LINES: usize = 64;

/// The only writer of one book while it is open.
pub struct LedgerFile {
    path: PathBuf,
    file: File,
    writer: BookWriter,
    /// Bytes of sealed lines in the file.
    len: u64,
    poisoned: bool,
    /// What is written and what is durable, shared with [`Durability`] handles.
    sync: Arc<SyncShared>,
    /// The book opened once more, holding its `flock` for the ledger's lifetime.
    _lock: File,
}

impl fmt::Debug for LedgerFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LedgerFile")
            .field("path", &self.path)
            .field("lines", &self.writer.lines())
            .field("len", &self.len)
            .field("poisoned", &self.poisoned)
            .finish()
    }
}

/// Read size while verifying on open.
const VERIFY_CHUNK: usize = 256 << 10;

impl LedgerFile {
    /// Opens (or creates) the book at `path` as its only writer; see the module doc.
    pub fn open(path: &Path) -> Result<(LedgerFile, OpenReport), LedgerError> {
        let created = !path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io(path, "open the book"))?;
        // The lock is held on a descriptor of its own, so that it goes with the ledger and not
        // with the [`Durability`] handles (which share the writing descriptor).
        let lock = File::open(path).map_err(io(path, "open the book"))?;
        try_lock_exclusive(&lock).map_err(|e| {
            if e.kind() == std::io::ErrorKind::WouldBlock {
                LedgerError::Locked {
                    book: path.to_path_buf(),
                    pid: lock_holder(&lock),
                }
            } else {
                LedgerError::Io {
                    path: path.to_path_buf(),
                    what: "lock the book",
                    error: e,
                }
            }
        })?;
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
                .map(|p| (p.line, p.check.name(), p.message.to_string()))
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
        let sync = Arc::new(SyncShared {
            file: file.try_clone().map_err(io(path, "open the book"))?,
            path: path.to_path_buf(),
            state: Mutex::new(SyncState {
                written: opened.lines,
                durable: opened.lines,
                syncing: false,
                failed: false,
                fsyncs: 0,
                longest_fsync: std::time::Duration::ZERO,
            }),
            done: Condvar::new(),
        });
        Ok((
            LedgerFile {
                path: path.to_path_buf(),
                file,
                writer,
                len: report.bytes,
                poisoned: false,
                sync,
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
    /// [`LedgerFile::open`] sets aside).
    pub fn append(&mut self, content: &Object) -> Result<Sealed, LedgerError> {
        let mut sealed = self.append_all(std::slice::from_ref(content))?;
        Ok(sealed.pop().expect("one line in, one line out"))
    }

    /// Seals each of `contents` as the next lines in order, writes them in one write and
    /// fsyncs once before returning: a group commit for answers that arrived together. Each
    /// line is as durable on return as with [`LedgerFile::append`]; none is acknowledged before
    /// the sync. A content that cannot be sealed fails the whole call before anything is
    /// written.
    pub fn append_all(&mut self, contents: &[Object]) -> Result<Vec<Sealed>, LedgerError> {
        let sealed = self.write_all(contents)?;
        if let Some(last) = sealed.last() {
            self.sync.wait(last.n)?;
        }
        Ok(sealed)
    }

    /// Seals each of `contents` as the next lines in order and writes them in one write,
    /// without waiting for the disk: the lines are not durable, and must not be acknowledged,
    /// until [`Durability::wait`] for the last of them returns (see the module doc). A content
    /// that cannot be sealed fails the whole call before anything is written.
    pub fn write_all(&mut self, contents: &[Object]) -> Result<Vec<Sealed>, LedgerError> {
        let prepared = contents
            .iter()
            .map(|c| prepare_line(c).map_err(|e| self.encode_error(e)))
            .collect::<Result<Vec<_>, _>>()?;
        self.write_prepared(prepared)
    }

    /// The error for a content that [`prepare_line`] could not seal, for a caller that
    /// prepared its lines on other threads before [`LedgerFile::write_prepared`].
    pub fn encode_error(&self, e: EncodeError) -> LedgerError {
        LedgerError::Encode {
            book: self.path.clone(),
            message: e.to_string(),
        }
    }

    /// Makes lines already prepared ([`prepare_line`]: serialized and sealed, on any thread)
    /// the next lines in order, and writes them in one write, as [`LedgerFile::write_all`] does:
    /// here only the chain step (`n`, `prev`, the link from `n` on) and the write are done,
    /// so the book's one writer spends little CPU per line.
    pub fn write_prepared(&mut self, lines: Vec<PreparedLine>) -> Result<Vec<Sealed>, LedgerError> {
        if self.poisoned || self.sync.lock().failed {
            return Err(LedgerError::Poisoned {
                book: self.path.clone(),
            });
        }
        let mut sealed = Vec::with_capacity(lines.len());
        let mut n = self.writer.lines();
        let mut link = self.writer.last_link().to_string();
        for prepared in lines {
            n += 1;
            let line = prepared.chain(n, &link);
            link.clone_from(&line.link);
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
        if let Err(e) = write_lines(&mut self.file, &sealed) {
            self.poisoned = true;
            self.sync.lock().failed = true;
            self.sync.done.notify_all();
            return Err(LedgerError::Io {
                path: self.path.clone(),
                what: "append to the book",
                error: e,
            });
        }
        self.len += sealed.iter().map(|s| s.bytes.len() as u64).sum::<u64>();
        self.writer = BookWriter::resume(n, link);
        self.sync.lock().written = n;
        Ok(sealed)
    }

    /// A handle that waits for lines of this book to be durable, for use on other threads.
    pub fn durability(&self) -> Durability {
        Durability(self.sync.clone())
    }

    /// [`LedgerFile::append`] with the seal time inside the line: `clock` is read just before the
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

/// What is written and what is durable, behind [`SyncShared::state`].
struct SyncState {
    /// Lines written to the file (their `write` returned).
    written: u64,
    /// Lines covered by a completed fsync.
    durable: u64,
    /// An fsync is running (started by one of the waiters).
    syncing: bool,
    /// A write or an fsync failed: nothing more is ever reported durable.
    failed: bool,
    /// Completed fsyncs since the ledger was opened.
    fsyncs: u64,
    /// The longest of them (what the benchmark reports beside its latencies).
    longest_fsync: std::time::Duration,
}

struct SyncShared {
    /// The book's descriptor, duplicated: fdatasync covers the file, whichever descriptor.
    file: File,
    path: PathBuf,
    state: Mutex<SyncState>,
    /// Signalled when an fsync ends (or a failure is recorded).
    done: Condvar,
}

impl SyncShared {
    fn lock(&self) -> MutexGuard<'_, SyncState> {
        // The state is plain counters, consistent at every unlock: a panic elsewhere while
        // holding it leaves nothing half-done.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait(&self, n: u64) -> Result<(), LedgerError> {
        let mut s = self.lock();
        loop {
            if s.failed {
                return Err(LedgerError::Poisoned {
                    book: self.path.clone(),
                });
            }
            if s.durable >= n {
                return Ok(());
            }
            if n > s.written {
                return Err(LedgerError::NotWritten {
                    book: self.path.clone(),
                    n,
                    written: s.written,
                });
            }
            if s.syncing {
                // Line n may have been written after that fsync began: wait for it to end,
                // then look again (and start the next one if it did not cover n).
                s = self.done.wait(s).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            s.syncing = true;
            let target = s.written;
            drop(s);
            let started = std::time::Instant::now();
            let synced = self.file.sync_data();
            let took = started.elapsed();
            s = self.lock();
            s.syncing = false;
            match synced {
                Ok(()) => {
                    s.durable = s.durable.max(target);
                    s.fsyncs += 1;
                    s.longest_fsync = s.longest_fsync.max(took);
                    self.done.notify_all();
                }
                Err(error) => {
                    // After a failed fsync the kernel may have dropped the dirty pages: no
                    // line after the last good sync is ever acknowledged.
                    s.failed = true;
                    self.done.notify_all();
                    return Err(LedgerError::Io {
                        path: self.path.clone(),
                        what: "sync the book",
                        error,
                    });
                }
            }
        }
    }
}

/// Waits for lines of one book to be durable (see the module doc); cheap to clone and to send
/// to another thread, so that one thread seals and writes while another waits for the disk.
#[derive(Clone)]
pub struct Durability(Arc<SyncShared>);

impl fmt::Debug for Durability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.lock();
        f.debug_struct("Durability")
            .field("path", &self.0.path)
            .field("written", &s.written)
            .field("durable", &s.durable)
            .field("failed", &s.failed)
            .finish()
    }
}

impl Durability {
    /// Returns once line `n` (and every line before it) is durable: covered by an fsync that
    /// began after it was written, started here if none is running. An error if a write or an
    /// fsync of the book failed, or if line `n` has not been written.
    pub fn wait(&self, n: u64) -> Result<(), LedgerError> {
        self.0.wait(n)
    }

    /// Lines durable now (without waiting).
    pub fn durable(&self) -> u64 {
        self.0.lock().durable
    }

    /// Completed fsyncs since the ledger was opened (what the tests and the benchmark count).
    #[cfg(test)]
    pub fn fsyncs(&self) -> u64 {
        self.0.lock().fsyncs
    }

    /// The longest fsync since the ledger was opened (the benchmark's view of the disk).
    #[cfg(test)]
    pub fn longest_fsync(&self) -> std::time::Duration {
        self.0.lock().longest_fsync
    }
}

/// Writes the lines in order with as few `write` calls as the kernel allows (a vectored write
/// of every line, continued where a short write stopped), without copying them into one
/// buffer first.
fn write_lines(file: &mut File, lines: &[Sealed]) -> std::io::Result<()> {
    use std::io::IoSlice;
    // Bounded like the kernel's IOV_MAX (1024 on Linux): a longer group goes in several calls.
    for chunk in lines.chunks(1024) {
        let mut slices: Vec<IoSlice<'_>> = chunk.iter().map(|s| IoSlice::new(&s.bytes)).collect();
        let mut slices = &mut slices[..];
        while !slices.is_empty() {
            match file.write_vectored(slices) {
                Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
                Ok(k) => IoSlice::advance_slices(&mut slices, k),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
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

/// How a refusal names the lock's holder: ` (pid N)` when known.
fn holder(pid: Option<u32>) -> String {
    pid.map(|p| format!(" (pid {p})")).unwrap_or_default()
}

/// An exclusive `flock(2)` on a directory, opened read-only: held by every command that
/// writes a league's files, for as long as it runs (spec §3.2: one writer, one history). A
/// lock on the directory itself, rather than on a file in it, cannot be sidestepped by
/// removing a file, and also covers a book that was deleted and is about to be created anew.
/// The kernel drops it when the holder exits, even by SIGKILL.
#[derive(Debug)]
pub struct DirLock {
    _dir: File,
}

/// Why a directory could not be locked.
#[derive(Debug)]
pub enum DirLockError {
    /// Another process (or another handle in this one) held the lock for the whole wait.
    Held { dir: PathBuf, pid: Option<u32> },
    /// The directory could not be opened or locked.
    Io { dir: PathBuf, error: std::io::Error },
}

impl fmt::Display for DirLockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DirLockError::Held { dir, pid } => write!(
                f,
                "{}: another writer holds the league{} (one writer per league)",
                dir.display(),
                holder(*pid)
            ),
            DirLockError::Io { dir, error } => {
                write!(f, "{}: cannot lock the directory: {error}", dir.display())
            }
        }
    }
}

impl std::error::Error for DirLockError {}

/// How often a waiting [`DirLock::acquire`] tries the lock again.
const DIR_LOCK_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

impl DirLock {
    /// Takes the directory's exclusive lock, trying again until `wait` has passed (no wait:
    /// one try). Refused with the holder's pid when the system tells it.
    pub fn acquire(dir: &Path, wait: std::time::Duration) -> Result<DirLock, DirLockError> {
        let file = File::open(dir).map_err(|error| DirLockError::Io {
            dir: dir.to_path_buf(),
            error,
        })?;
        let until = std::time::Instant::now() + wait;
        loop {
            match try_lock_exclusive(&file) {
                Ok(()) => return Ok(DirLock { _dir: file }),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    let now = std::time::Instant::now();
                    if now >= until {
                        return Err(DirLockError::Held {
                            dir: dir.to_path_buf(),
                            pid: lock_holder(&file),
                        });
                    }
                    std::thread::sleep(DIR_LOCK_RETRY.min(until - now));
                }
                Err(error) => {
                    return Err(DirLockError::Io {
                        dir: dir.to_path_buf(),
                        error,
                    })
                }
            }
        }
    }
}

/// The pid of the process holding an `flock` on `f`'s file, from Linux's `/proc/locks`
/// (`<id>: FLOCK ADVISORY WRITE <pid> <major>:<minor>:<inode> 0 EOF`); None elsewhere or when
/// the table does not say.
#[cfg(target_os = "linux")]
fn lock_holder(f: &File) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let meta = f.metadata().ok()?;
    let dev = meta.dev();
    // glibc's gnu_dev_major / gnu_dev_minor.
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    let id = format!("{major:02x}:{minor:02x}:{}", meta.ino());
    // The table has a line per lock held on the system: bounded by what is read.
    let mut table = String::new();
    File::open("/proc/locks")
        .ok()?
        .take(4 << 20)
        .read_to_string(&mut table)
        .ok()?;
    table.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // A waiter's line reads `<id>: -> FLOCK ...`; only holders are named.
        match fields.as_slice() {
            [_, "FLOCK", _, _, pid, file, ..] if *file == id => pid.parse().ok(),
            _ => None,
        }
    })
}

#[cfg(not(target_os = "linux"))]
fn lock_holder(_: &File) -> Option<u32> {
    None
}

#[cfg(unix)]
fn try_lock_exclusive(f: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock on a descriptor this function borrows; no memory is passed.
    #[allow(unsafe_code)]
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
