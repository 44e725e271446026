//! The league's stamping and upgrade jobs (spec §3.2; Appendix C `proof/<day>/...`).
//!
//! [`stamp_league`] writes the stamped list of every ledger of the league (`council-book.jsonl`
//! and `asks.jsonl`, in the format of [`sealbook_core::book::stamp_list`]) at
//! `proof/<YYYY-MM-DD>/<HHMMSS>Z.txt` (UTC of the clock it is given), then asks every
//! configured anchor for it, each with retry and backoff: OpenTimestamps at every calendar
//! (`<list>.ots`), an RFC 3161 token from every authority (`<list>.<name>.tsr`, and the
//! certificates the token carries under `proof/<day>/tsa/`), and a Rekor entry
//! (`<list>.rekor.json` from a v1 log, a Sigstore bundle `<list>.sigstore.json` from a v2 log,
//! as `anchors.rekor_api` declares). What was asked, what succeeded and why anything failed goes into the
//! list's anchor record ([`sealbook_core::league::anchor_record`]); a failed anchor never
//! blocks the book or the other anchors. A league whose ledgers have not grown since the last
//! list gets no new list.
//!
//! [`upgrade_league`] upgrades every pending `.ots` under `proof/` at its calendars (those the
//! league configures and the public ones) and retries every anchor a record names as failed
//! once its backoff has passed, giving up those of a list a week old
//! ([`Anchor::retry_due`]; the record counts the `retries` and says `gave_up`).
//!
//! The ledgers are read, never locked: a line being appended while they are read is a partial
//! tail, which no list counts (spec Appendix B step 3), so stamping never waits for a writer.

use super::ots::{self, ProofResult, Save, UpgradeOptions};
use super::rekor as rekor_anchor;
use super::tsa::{self, Target};
use super::Retry;
use crate::files::{read_bounded, with_suffix, write_new, MAX_STAMPED_FILE_BYTES};
use crate::outcome::Unusable;
use sealbook_core::book::chain::{ChainReport, ChainVerifier, VerifyOptions};
use sealbook_core::book::stamp_list;
use sealbook_core::calendar::Instant;
use sealbook_core::league::anchor_record::{
    self, Anchor, AnchorRecord, Kind, RetryDue, GIVE_UP_AFTER_HOURS, MAX_RECORD_BYTES,
};
use sealbook_core::league::config::{LeagueConfig, RekorApi};
use sealbook_core::ots::calendar_server::DEFAULT_WHITELIST;
use sealbook_core::records::names::{
    stamp_list_path, stamp_list_time, ASKS_FILE, ASKS_LEDGER, BOOK_FILE, BOOK_LEDGER,
};
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The ledgers of a league: the published file and the name its stamped lists give it.
pub const LEDGERS: [(&str, &str); 2] = [(BOOK_FILE, BOOK_LEDGER), (ASKS_FILE, ASKS_LEDGER)];

/// The folder of the stamped lists.
pub const PROOF_DIR: &str = "proof";

/// One ledger as a list names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LedgerState {
    pub file: String,
    pub ledger: String,
    pub lines: u64,
    pub sha256: String,
    pub last_link: String,
}

/// What [`stamp_league`] did.
#[derive(Clone, Debug, Serialize)]
pub struct StampReport {
    /// The list written (relative to the league directory), or `None` when no ledger grew.
    pub list: Option<String>,
    /// The last list, when no ledger has grown since it.
    pub unchanged_since: Option<String>,
    pub ledgers: Vec<LedgerState>,
    /// The list's anchor record, as written.
    pub record: Option<AnchorRecord>,
    /// Certificate files written under `proof/<day>/tsa/` (relative to the league directory).
    pub certificates: Vec<String>,
}

impl StampReport {
    /// No list was due, or every configured anchor succeeded.
    pub fn ok(&self) -> bool {
        self.record.as_ref().is_none_or(AnchorRecord::all_ok)
    }
}

/// What [`upgrade_league`] did.
#[derive(Clone, Debug, Serialize)]
pub struct UpgradeReport {
    /// Every `.ots` under `proof/` that was pending, after its upgrade.
    pub proofs: Vec<ProofResult>,
    /// Every record whose failed anchors were asked again or given up, after the retry.
    pub records: Vec<AnchorRecord>,
    /// Failed anchors not asked this time: waiting for their backoff, or given up.
    pub not_retried: u64,
}

impl UpgradeReport {
    /// Every proof is complete and every anchor recorded has succeeded.
    pub fn ok(&self) -> bool {
        self.proofs.iter().all(|p| p.complete)
            && self.records.iter().all(AnchorRecord::all_ok)
            && self.not_retried == 0
    }
}

/// Streams a ledger through the chain verifier, recording the prefixes at `prefix_at`; None
/// when the file does not exist.
fn read_ledger(path: &Path, prefix_at: Vec<u64>) -> Result<Option<ChainReport>, Unusable> {
    let mut v = ChainVerifier::new(VerifyOptions {
        prefix_at,
        ..VerifyOptions::default()
    });
    match std::fs::File::open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Unusable::io(path, "open", &e)),
        Ok(mut f) => {
            let mut buf = vec![0u8; 1 << 20];
            loop {
                let n = f
                    .read(&mut buf)
                    .map_err(|e| Unusable::io(path, "read", &e))?;
                if n == 0 {
                    break;
                }
                v.feed(&buf[..n]);
            }
        }
    }
    Ok(Some(v.finish()))
}

/// The latest stamped list under `proof/` (relative path) and its parsed entries, if any.
fn latest_list(dir: &Path) -> Result<Option<(String, stamp_list::StampedList)>, Unusable> {
    let Some(last) = stamp_lists(dir)?.pop() else {
        return Ok(None);
    };
    let path = dir.join(&last);
    let bytes = read_bounded(&path, MAX_STAMPED_FILE_BYTES, "stamped list")?;
    let parsed = stamp_list::parse(&bytes)
        .map_err(|e| Unusable::file(&path, e.message.to_string()).at_line(e.line as u64))?;
    Ok(Some((last, parsed)))
}

/// Refuses a league whose ledgers no longer begin with what its latest stamped list stamped
/// (spec §3.2: a stamped prefix never changes): a ledger rolled back below the list, rewritten,
/// or missing while the list counts lines of it. Nothing is then written to the league, by a
/// run or by a new stamp, until the ledger is restored; the verdict is core's
/// ([`stamp_list::continuation`]). A ledger whose chain is broken is left to the chain check
/// that follows in every writer (it names the line), and refused there.
pub fn check_latest_list(dir: &Path) -> Result<(), Unusable> {
    let Some((list, parsed)) = latest_list(dir)? else {
        return Ok(());
    };
    for (file, ledger) in LEDGERS {
        let Some(entry) = parsed.entries.iter().find(|e| e.ledger == ledger) else {
            continue;
        };
        let path = dir.join(file);
        let report = read_ledger(&path, vec![entry.lines])?;
        if report.as_ref().is_some_and(|r| !r.problems.is_empty()) {
            // A broken chain is refused by the chain's own check, which names its line.
            continue;
        }
        let verdict = stamp_list::continuation(entry, report.as_ref());
        if !verdict.ok() {
            return Err(Unusable::file(
                &path,
                format!(
                    "{verdict} by the league's latest stamped list {list} (line {}): nothing is written after a stamped prefix that the ledger no longer holds; restore the ledger's stamped lines first",
                    entry.list_line
                ),
            )
            .field("lines"));
        }
    }
    Ok(())
}

/// Reads a ledger through the chain verifier: its complete lines' count, SHA-256 and last
/// link. A missing ledger has 0 lines; a broken chain is unusable input naming the line.
fn ledger_state(dir: &Path, file: &str, ledger: &str) -> Result<LedgerState, Unusable> {
    let path = dir.join(file);
    let report = match read_ledger(&path, Vec::new())? {
        Some(r) => r,
        None => ChainVerifier::new(VerifyOptions::default()).finish(),
    };
    if let Some(p) = report.problems.first() {
        return Err(
            Unusable::file(&path, format!("chain broken, not stamped: {}", p.message))
                .at_line(p.line)
                .field(p.check.name()),
        );
    }
    Ok(LedgerState {
        file: file.into(),
        ledger: ledger.into(),
        lines: report.lines,
        sha256: report.sha256,
        last_link: report.last_link.unwrap_or_default(),
    })
}

/// Whether `name` is a stamped list's file name, `HHMMSSZ.txt`.
fn is_list_name(name: &str) -> bool {
    name.len() == 11 && name.ends_with("Z.txt") && name[..6].bytes().all(|b| b.is_ascii_digit())
}

/// Whether `name` is a day folder, `YYYY-MM-DD`.
fn is_day_name(name: &str) -> bool {
    sealbook_core::calendar::Date::parse(name).is_some_and(|d| d.to_string() == name)
}

/// The names (UTF-8) in a folder, sorted; a missing folder has none.
fn names(dir: &Path) -> Result<Vec<String>, Unusable> {
    let entries = match std::fs::read_dir(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        r => r.map_err(|e| Unusable::io(dir, "list", &e))?,
    };
    let mut out = Vec::new();
    for e in entries {
        let e = e.map_err(|e| Unusable::io(dir, "list", &e))?;
        if let Some(n) = e.file_name().to_str() {
            out.push(n.to_string());
        }
    }
    out.sort();
    Ok(out)
}

/// Every stamped list under `proof/`, oldest first, relative to the league directory.
pub fn stamp_lists(dir: &Path) -> Result<Vec<String>, Unusable> {
    let mut lists = Vec::new();
    for day in names(&dir.join(PROOF_DIR))?
        .into_iter()
        .filter(|d| is_day_name(d))
    {
        for f in names(&dir.join(PROOF_DIR).join(&day))? {
            if is_list_name(&f) {
                lists.push(format!("{PROOF_DIR}/{day}/{f}"));
            }
        }
    }
    Ok(lists)
}

/// The list's path for the clock: `proof/<YYYY-MM-DD>/<HHMMSS>Z.txt` in UTC.
fn list_path_at(now: Instant) -> String {
    let t = now.to_rfc3339();
    let hhmmss = format!("{}{}{}", &t[11..13], &t[14..16], &t[17..19]);
    stamp_list_path(&t[..10], &hhmmss)
}

/// Resolves a path of the config (as written) against the league directory, where
/// `league init` keeps the config's copy.
fn config_path(dir: &Path, p: &str) -> PathBuf {
    dir.join(p)
}

/// Writes the stamped list of every ledger and asks every configured anchor for it; see the
/// module doc. Unusable input (a broken ledger, an unreadable last list, a list already at
/// this second, a failed write) is an error; a failed anchor is recorded in the report.
pub fn stamp_league(
    dir: &Path,
    config: &LeagueConfig,
    now: Instant,
) -> Result<StampReport, Unusable> {
    match write_list(dir, now)? {
        Listed::Unchanged(report) => Ok(report),
        Listed::Written(w) => anchor_list(dir, config, w),
    }
}

/// A stamped list written and not yet anchored ([`write_list`], then [`anchor_list`]).
#[derive(Debug)]
pub struct WrittenList {
    report: StampReport,
    rel: String,
    text: String,
    now: Instant,
}

impl WrittenList {
    /// The list written, relative to the league directory.
    pub fn list(&self) -> &str {
        &self.rel
    }
}

/// What [`write_list`] did: no ledger grew since the last list, or a new list is written.
#[derive(Debug)]
pub enum Listed {
    Unchanged(StampReport),
    Written(WrittenList),
}

/// The first half of [`stamp_league`]: the ledgers read and the stamped list written (local
/// files only, quick), the anchors still to ask. Spec §3.2: the list names the ledgers as
/// they are now, whatever the anchors later take.
pub fn write_list(dir: &Path, now: Instant) -> Result<Listed, Unusable> {
    // A list over a ledger rolled back below the last list would make the rollback look
    // stamped: refused, as a run is.
    check_latest_list(dir)?;
    let ledgers = LEDGERS
        .iter()
        .map(|(file, ledger)| ledger_state(dir, file, ledger))
        .collect::<Result<Vec<_>, _>>()?;
    let mut report = StampReport {
        list: None,
        unchanged_since: None,
        ledgers,
        record: None,
        certificates: Vec::new(),
    };
    if let Some((last, parsed)) = latest_list(dir)? {
        let same = report.ledgers.iter().all(|l| {
            parsed
                .entries
                .iter()
                .any(|e| e.ledger == l.ledger && e.lines == l.lines && e.sha256 == l.sha256)
        });
        if same {
            report.unchanged_since = Some(last);
            return Ok(Listed::Unchanged(report));
        }
    }

    let rel = list_path_at(now);
    let list = dir.join(&rel);
    let day_dir = list
        .parent()
        .expect("a list is in a day folder")
        .to_path_buf();
    std::fs::create_dir_all(&day_dir).map_err(|e| Unusable::io(&day_dir, "create", &e))?;
    let entries: Vec<_> = report
        .ledgers
        .iter()
        .map(|l| {
            (
                l.ledger.clone(),
                l.lines,
                l.sha256.clone(),
                l.last_link.clone(),
            )
        })
        .collect();
    let text = stamp_list::render(&entries);
    write_new(&list, text.as_bytes())
        .map_err(|e| Unusable::io(&list, "write the stamped list (one list per second)", &e))?;
    sync_dir(&day_dir);
    report.list = Some(rel.clone());
    Ok(Listed::Written(WrittenList {
        report,
        rel,
        text,
        now,
    }))
}

/// The second half of [`stamp_league`]: every configured anchor asked for the written list
/// (each with its retries; this is what can take long), the list's anchor record written.
pub fn anchor_list(
    dir: &Path,
    config: &LeagueConfig,
    written: WrittenList,
) -> Result<StampReport, Unusable> {
    let WrittenList {
        mut report,
        rel,
        text,
        now,
    } = written;
    let list = dir.join(&rel);
    let sha256 = sealbook_core::hex::sha256_hex(text.as_bytes());
    // Written before any authority is asked: a process killed or stopped while they are being
    // asked leaves a record naming every anchor as cut short, which the upgrades ask again.
    write_record(dir, &all_failed(config, &rel, &sha256, CUT_SHORT, now))?;
    let mut record = AnchorRecord::new(&rel, &sha256);
    let at = now.to_rfc3339();
    let retry = Retry::from_config(&config.anchors);
    let a = &config.anchors;
    let tsa_targets: Vec<(String, String)> = a
        .tsa
        .iter()
        .map(|t| (t.name.clone(), t.url.clone()))
        .collect();
    let (ots_results, tsa_results, rekor_result) = std::thread::scope(|s| {
        let o = s.spawn(|| ots_anchors(&list, &a.ots_calendars, &retry, &at));
        let t = s.spawn(|| tsa_anchors(&list, text.as_bytes(), &tsa_targets, &retry, &at));
        let r = s.spawn(|| {
            a.rekor_url
                .as_ref()
                .map(|url| rekor_anchor_for(dir, config, &list, text.as_bytes(), url, &retry, &at))
        });
        (
            o.join().expect("OpenTimestamps thread"),
            t.join().expect("timestamp authority thread"),
            r.join().expect("Rekor thread"),
        )
    });
    for anchor in ots_results.into_iter().chain(rekor_result) {
        record.set(anchor);
    }
    for (anchor, certs) in tsa_results {
        if let Some(c) = certs {
            report
                .certificates
                .push(format!("{}/tsa/{c}", parent_of(&rel)));
        }
        record.set(anchor);
    }
    write_record(dir, &record)?;
    report.record = Some(record);
    Ok(report)
}

/// A stamp whose list is written and whose anchors are being asked on their own thread
/// ([`stamp_beside`]), so that whoever stamped goes on (asks its seats, seals their answers)
/// while the authorities answer, time out or retry.
#[derive(Debug)]
pub struct StampInFlight {
    state: InFlight,
}

#[derive(Debug)]
enum InFlight {
    Done(Result<StampReport, Unusable>),
    Anchoring(std::thread::JoinHandle<Result<StampReport, Unusable>>),
}

impl StampInFlight {
    /// Waits for the anchors (each bounded by its timeout and retries) and gives the report.
    pub fn join(self) -> Result<StampReport, Unusable> {
        match self.state {
            InFlight::Done(r) => r,
            InFlight::Anchoring(h) => h
                .join()
                .unwrap_or_else(|_| Err(Unusable::new("the anchoring thread panicked"))),
        }
    }
}

/// [`stamp_league`] with the list written now and its anchors asked on a thread of their own:
/// spec §3.2, anchoring never delays asking or sealing.
pub fn stamp_beside(dir: &Path, config: &LeagueConfig, now: Instant) -> StampInFlight {
    let written = match write_list(dir, now) {
        Err(e) => {
            return StampInFlight {
                state: InFlight::Done(Err(e)),
            }
        }
        Ok(Listed::Unchanged(report)) => {
            return StampInFlight {
                state: InFlight::Done(Ok(report)),
            }
        }
        Ok(Listed::Written(w)) => w,
    };
    let (dir, config) = (dir.to_path_buf(), config.clone());
    let spawned = std::thread::Builder::new()
        .name("anchors".into())
        .spawn(move || anchor_list(&dir, &config, written));
    match spawned {
        Ok(h) => StampInFlight {
            state: InFlight::Anchoring(h),
        },
        Err(e) => StampInFlight {
            state: InFlight::Done(Err(Unusable::new(format!(
                "cannot start the anchoring thread: {e}"
            )))),
        },
    }
}

fn parent_of(rel: &str) -> &str {
    rel.rsplit_once('/').map_or("", |(p, _)| p)
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Writes (or replaces, atomically) the list's anchor record.
fn write_record(dir: &Path, record: &AnchorRecord) -> Result<(), Unusable> {
    let path = dir.join(anchor_record::record_path(&record.list));
    let tmp = with_suffix(&path, &format!(".{}.tmp", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    write_new(&tmp, &record.to_bytes())
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            Unusable::io(&path, "write the anchor record", &e)
        })?;
    if let Some(d) = path.parent() {
        sync_dir(d);
    }
    Ok(())
}

/// Why the anchors of a list were recorded as failed before any was asked: if nothing
/// replaces this record, the process stopped (its stop's grace ran out, or it was killed)
/// before the authorities answered.
pub const CUT_SHORT: &str = "cut short: sealbook stopped or was killed before the authority answered; the upgrades ask it again";

/// The record of the list `rel` (content SHA-256 `sha256`) naming every anchor `config`
/// configures as failed at `now` with `why`.
fn all_failed(
    config: &LeagueConfig,
    rel: &str,
    sha256: &str,
    why: &str,
    now: Instant,
) -> AnchorRecord {
    let mut record = AnchorRecord::new(rel, sha256);
    let at = now.to_rfc3339();
    let a = &config.anchors;
    let failed = |kind, authority: &str, url: &str| Anchor {
        error: Some(why.to_string()),
        ..anchor(kind, authority, url, &at)
    };
    for url in &a.ots_calendars {
        record.set(failed(Kind::Ots, url, url));
    }
    for t in &a.tsa {
        record.set(failed(Kind::Tsa, &t.name, &t.url));
    }
    if let Some(url) = &a.rekor_url {
        record.set(failed(Kind::Rekor, url, url));
    }
    record
}

/// Records every anchor `config` names for the list `rel` as failed with `why` (none was
/// asked: the process stopped first), so that [`upgrade_league`] asks them again on its
/// backoff. A list that already has a record keeps it: this never replaces what an anchoring
/// wrote. Returns whether the record was written (false: kept).
pub fn record_not_asked(
    dir: &Path,
    config: &LeagueConfig,
    rel: &str,
    why: &str,
    now: Instant,
) -> Result<bool, Unusable> {
    let path = dir.join(anchor_record::record_path(rel));
    if path.exists() {
        return Ok(false);
    }
    let list = dir.join(rel);
    let data = read_bounded(&list, MAX_STAMPED_FILE_BYTES, "stamped list")?;
    let record = all_failed(
        config,
        rel,
        &sealbook_core::hex::sha256_hex(&data),
        why,
        now,
    );
    // `write_new` writes it beside and links it into place: a record written meanwhile is
    // never replaced.
    match write_new(&path, &record.to_bytes()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(Unusable::io(&path, "write the anchor record", &e)),
    }
    if let Some(d) = path.parent() {
        sync_dir(d);
    }
    Ok(true)
}

fn anchor(kind: Kind, authority: &str, url: &str, at: &str) -> Anchor {
    Anchor {
        kind,
        authority: authority.into(),
        url: url.into(),
        ok: false,
        file: None,
        error: None,
        attempts: 0,
        at: at.into(),
        retries: 0,
        gave_up: None,
    }
}

/// One entry per calendar; every calendar that answered is in the one `<list>.ots`.
fn ots_anchors(list: &Path, calendars: &[String], retry: &Retry, at: &str) -> Vec<Anchor> {
    if calendars.is_empty() {
        return Vec::new();
    }
    let proof = with_suffix(list, ".ots");
    let results = if proof.exists() {
        let data = std::fs::read(list).map_err(|e| Unusable::io(list, "read", &e));
        data.and_then(|d| ots::add_calendars(&proof, &d, calendars, retry))
    } else {
        ots::stamp_files(&[list.to_path_buf()], calendars, 1, retry, None).map(|s| s.calendars)
    };
    calendars
        .iter()
        .enumerate()
        .map(|(i, url)| {
            let mut a = anchor(Kind::Ots, url, url, at);
            match &results {
                Err(e) => a.error = Some(e.to_string()),
                Ok(r) => {
                    let r = &r[i];
                    a.attempts = r.attempts;
                    a.ok = r.ok;
                    a.error = r.error.clone();
                    a.file = r.ok.then(|| file_name(&proof));
                }
            }
            a
        })
        .collect()
}

/// One entry per authority, with the name of the certificate file written for it.
fn tsa_anchors(
    list: &Path,
    data: &[u8],
    authorities: &[(String, String)],
    retry: &Retry,
    at: &str,
) -> Vec<(Anchor, Option<String>)> {
    let targets: Vec<Target> = authorities
        .iter()
        .map(|(name, url)| Target {
            name: name.clone(),
            url: url.clone(),
            out: with_suffix(list, &format!(".{name}.tsr")),
        })
        .collect();
    let tsa_dir = list
        .parent()
        .expect("a list is in a day folder")
        .join("tsa");
    tsa::request_all(data, &targets, &[], retry)
        .into_iter()
        .zip(&targets)
        .map(|(r, t)| {
            let mut a = anchor(Kind::Tsa, &t.name, &t.url, at);
            a.attempts = r.attempts;
            a.ok = r.ok;
            a.error = r.error;
            a.file = r.ok.then(|| file_name(&t.out));
            let mut cert = None;
            if r.ok && !r.certificates.is_empty() {
                match tsa::save_chain(&tsa_dir, &t.name, &r.certificates) {
                    Ok(p) => cert = Some(file_name(&p)),
                    // The token is stored; only its published copy of the chain is missing.
                    Err(e) => {
                        a.ok = false;
                        a.error = Some(format!(
                            "{}: cannot write the token's certificates: {e}",
                            tsa_dir.display()
                        ));
                    }
                }
            }
            (a, cert)
        })
        .collect()
}

/// The Rekor entry; a key that cannot be read is a recorded failure of this anchor.
fn rekor_anchor_for(
    dir: &Path,
    config: &LeagueConfig,
    list: &Path,
    data: &[u8],
    url: &str,
    retry: &Retry,
    at: &str,
) -> Anchor {
    let mut a = anchor(Kind::Rekor, url, url, at);
    let v2 = config.anchors.rekor_api == RekorApi::V2;
    let out = with_suffix(list, if v2 { ".sigstore.json" } else { ".rekor.json" });
    let logged = (|| {
        let signer = match &config.anchors.rekor_key {
            Some(p) => rekor_anchor::read_signing_key(&config_path(dir, p))?,
            None => rekor_anchor::fresh_signing_key()?,
        };
        let log_key = rekor_anchor::read_log_key(
            config
                .anchors
                .rekor_log_key
                .as_ref()
                .map(|p| config_path(dir, p))
                .as_deref(),
        )?;
        if v2 {
            return rekor_anchor::upload_list_v2(data, &out, &signer, url, &[log_key], retry);
        }
        rekor_anchor::upload_list(data, &out, &signer, url, &log_key, retry)
    })();
    match logged {
        Err(e) => a.error = Some(e.to_string()),
        Ok(l) => {
            a.attempts = l.attempts;
            a.ok = l.written.is_some();
            a.error = l.error;
            a.file = a.ok.then(|| file_name(&out));
        }
    }
    a
}

/// Upgrades every pending `.ots` under `proof/` and retries every anchor recorded as failed;
/// see the module doc.
pub fn upgrade_league(
    dir: &Path,
    config: &LeagueConfig,
    now: Instant,
) -> Result<UpgradeReport, Unusable> {
    let retry = Retry::from_config(&config.anchors);
    let mut report = UpgradeReport {
        proofs: Vec::new(),
        records: Vec::new(),
        not_retried: 0,
    };
    let mut whitelist = config.anchors.ots_calendars.clone();
    whitelist.extend(DEFAULT_WHITELIST.iter().map(|s| s.to_string()));
    let lists = stamp_lists(dir)?;
    for rel in &lists {
        let list = dir.join(rel);
        let record_path = dir.join(anchor_record::record_path(rel));
        if record_path.exists() {
            let bytes = read_bounded(&record_path, MAX_RECORD_BYTES as u64, "anchor record")?;
            let mut record = AnchorRecord::parse(&bytes, &record_path.display().to_string())
                .map_err(|e| Unusable::file(&record_path, e))?;
            if !record.all_ok() {
                let list_at = stamp_list_time(rel).unwrap_or(now);
                let (changed, held) =
                    retry_failed(dir, config, &list, &mut record, &retry, now, list_at)?;
                report.not_retried += held;
                if changed {
                    write_record(dir, &record)?;
                    report.records.push(record);
                }
            }
        }
        let proof = with_suffix(&list, ".ots");
        if proof.exists() {
            let opts = UpgradeOptions {
                calendars: Vec::new(),
                whitelist: whitelist.clone(),
                save: Save::Replace,
            };
            let r = ots::upgrade_proof(&proof, &opts, &retry)?;
            if !r.asked.is_empty() || !r.complete {
                report.proofs.push(r);
            }
        }
    }
    Ok(report)
}

/// Asks again every anchor of `record` that failed and whose backoff has passed
/// ([`Anchor::retry_due`]), marks given up those of a list too old, and records the new
/// outcome (each retried anchor's `retries` one more). Returns whether the record changed,
/// and how many failed anchors were left waiting or given up.
fn retry_failed(
    dir: &Path,
    config: &LeagueConfig,
    list: &Path,
    record: &mut AnchorRecord,
    retry: &Retry,
    now: Instant,
    list_at: Instant,
) -> Result<(bool, u64), Unusable> {
    let at = &now.to_rfc3339();
    let data = read_bounded(list, MAX_STAMPED_FILE_BYTES, "stamped list")?;
    if sealbook_core::hex::sha256_hex(&data) != record.sha256 {
        return Err(
            Unusable::file(list, "its SHA-256 is not the one its anchor record names")
                .field("sha256"),
        );
    }
    let mut changed = false;
    let mut held = 0;
    let mut failed: Vec<Anchor> = Vec::new();
    for a in record.anchors.iter_mut().filter(|a| !a.ok) {
        match a.retry_due(list_at, now) {
            RetryDue::Now => failed.push(a.clone()),
            RetryDue::NotBefore(_) => held += 1,
            RetryDue::GiveUp => {
                held += 1;
                if a.gave_up.is_none() {
                    a.gave_up = Some(format!(
                        "{at}: given up, the list is more than {GIVE_UP_AFTER_HOURS} hours old"
                    ));
                    changed = true;
                }
            }
        }
    }
    if failed.is_empty() {
        return Ok((changed, held));
    }
    let retries: std::collections::BTreeMap<(Kind, String), u32> = failed
        .iter()
        .map(|a| ((a.kind, a.authority.clone()), a.retries + 1))
        .collect();
    let set = |record: &mut AnchorRecord, mut a: Anchor| {
        a.retries = retries
            .get(&(a.kind, a.authority.clone()))
            .copied()
            .unwrap_or(0);
        record.set(a);
    };
    let calendars: Vec<String> = failed
        .iter()
        .filter(|a| a.kind == Kind::Ots)
        .map(|a| a.url.clone())
        .collect();
    for a in ots_anchors(list, &calendars, retry, at) {
        set(record, a);
    }
    let authorities: Vec<(String, String)> = failed
        .iter()
        .filter(|a| a.kind == Kind::Tsa)
        .map(|a| (a.authority.clone(), a.url.clone()))
        .collect();
    for (a, _) in tsa_anchors(list, &data, &authorities, retry, at) {
        set(record, a);
    }
    for f in failed.iter().filter(|a| a.kind == Kind::Rekor) {
        let a = rekor_anchor_for(dir, config, list, &data, &f.url, retry, at);
        set(record, a);
    }
    Ok((true, held))
}
