//! The checks of a whole published league beyond its books and anchors ([`super::session`]):
//! every file against `manifest.json` (its size and SHA-256; ARCHITECTURE.md "Published
//! files"), the trading tracks replayed with the accounts summary of `council-league.json`
//! (spec §4.7, §4.11; Appendix B steps 7 and 8) and the forecasts file and the stats document
//! recounted from the book (Table C1, §3.6-§3.9; Appendix B step 11): every published figure
//! held to its recount. `sealbook verify DIR` reads the directory and calls [`check_league`];
//! the verdict joins it with the session's [`Overall`].

use super::dropped_league::{check_dropped, match_dropped};
use super::overall::{Overall, State};
use crate::arena::code::CODE_FILE;
use crate::arena::protocol::PROTOCOL_FILE;
use crate::arena::records::{ACCOUNTS_FILE, DECISIONS_FILE, PRICES_FILE, TRADES_FILE};
use crate::arena::replay::ReplayFiles;
use crate::figures::{document_differences, FieldDifference};
use crate::league::league_file::LEAGUE_FILE;
use crate::league::manifest::{Manifest, ManifestCheck, MANIFEST_FILE};
use crate::league::retrieval::{Retrieval, RETRIEVAL_FILE};
use crate::records::names::{ASKS_FILE, BOOK_FILE, CLIM_FILE, FORECASTS_FILE, STATS_FILE};
use crate::records::sources::LeagueSources;
use crate::score::baselines::ClimSeal;
use crate::score::files::league_stats_from_files;
use crate::score::forecasts_file::forecasts_csv_from_book;
use crate::score::seams::CoreStats;
use crate::verifier::recount::{recount, CodeFiles, Recount};
use serde::Serialize;
use std::collections::BTreeMap;

/// The files of a league directory: each path inside it (`/`-separated) and its bytes.
pub type LeagueFiles = BTreeMap<String, Vec<u8>>;

/// The trading tracks' files, all needed for the replay.
const ARENA_FILES: [&str; 5] = [
    PROTOCOL_FILE,
    DECISIONS_FILE,
    PRICES_FILE,
    TRADES_FILE,
    ACCOUNTS_FILE,
];

/// What [`check_league`] found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeagueCheck {
    /// Every listed file's check; None when the directory has no `manifest.json`.
    pub manifest: Option<ManifestCheck>,
    /// Files of the directory `manifest.json` does not list (not published; named, not
    /// failed).
    pub unlisted: Vec<String>,
    /// The trading tracks' replay with the accounts summary; None when they publish nothing.
    pub replay: Option<Recount>,
    /// `council-forecasts.csv` and `council-stats.json` against their recount from the book:
    /// the files recounted.
    pub recounted: Vec<String>,
    /// The fields of a recounted document that differ.
    pub differences: Vec<FieldDifference>,
    /// Every check that failed, in English, naming the file, line and field.
    pub failures: Vec<String>,
    /// Every check that could not be performed, with why.
    pub unchecked: Vec<String>,
    /// `council-clim-window.json` held to the hash the declaration sealed (spec §4.3), as the
    /// session found it; None when the directory has no ask chain.
    pub climatology: Option<ClimSeal>,
    /// The retrieval record `sealbook fetch` wrote (`retrieval.json`, spec Appendix C), when
    /// the directory holds one; each file it lists is held to its recorded size and SHA-256.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retrieval: Option<Retrieval>,
}

impl LeagueCheck {
    /// The league's one verdict: failed when a check of the session or of the league failed,
    /// unchecked when nothing failed but something could not be checked, passed otherwise.
    pub fn state(&self, session: &Overall) -> State {
        if session.state == State::Failed || !self.failures.is_empty() {
            State::Failed
        } else if session.state == State::Unchecked || !self.unchecked.is_empty() {
            State::Unchecked
        } else {
            State::Passed
        }
    }
}

/// Checks `files` (every file of the directory that was read; `names` every file of the
/// directory, read or not): the manifest, the replay and summary, the forecasts and stats
/// recount; `climatology` is the session's climatology table held to the declaration
/// ([`super::session::Verified::climatology`]), kept with the league's checks.
pub fn check_league(
    files: &LeagueFiles,
    names: &[String],
    climatology: Option<ClimSeal>,
) -> LeagueCheck {
    let mut c = LeagueCheck {
        manifest: None,
        unlisted: Vec::new(),
        replay: None,
        recounted: Vec::new(),
        differences: Vec::new(),
        failures: Vec::new(),
        unchecked: Vec::new(),
        climatology: None,
        retrieval: None,
    };
    check_manifest(files, names, &mut c);
    check_retrieval(files, &mut c);
    check_climatology(climatology, &mut c);
    check_replay(files, &mut c);
    check_recounts(files, &mut c);
    c
}

fn check_manifest(files: &LeagueFiles, names: &[String], c: &mut LeagueCheck) {
    let Some(bytes) = files.get(MANIFEST_FILE) else {
        c.unchecked.push(format!(
            "{MANIFEST_FILE}: not in the directory: no file's size and SHA-256 can be checked against the league's list"
        ));
        return;
    };
    let manifest = match Manifest::parse(bytes) {
        Ok(m) => m,
        Err(e) => {
            c.failures.push(format!("{MANIFEST_FILE}: {e}"));
            return;
        }
    };
    let labels: Vec<&str> = names.iter().map(String::as_str).collect();
    let Some(at) = labels.iter().position(|l| *l == MANIFEST_FILE) else {
        return;
    };
    let matched = match_dropped(&manifest, &labels, at);
    let sizes: Vec<u64> = labels
        .iter()
        .map(|l| files.get(*l).map_or(0, |b| b.len() as u64))
        .collect();
    let check = check_dropped(&manifest, &matched, &sizes, |i| {
        let path = &manifest.files[i].path;
        files
            .get(path)
            .map(Vec::as_slice)
            .ok_or(crate::league::manifest::MissingWhy::Unreadable {
                detail: "not read".into(),
            })
    });
    c.failures.extend(check.failures().map(|f| f.describe()));
    c.unlisted = matched.unlisted;
    c.manifest = Some(check);
}

/// The retrieval record, when present (spec Appendix C: each file's size, SHA-256 and
/// retrieval time): every file it lists held to the directory's file, and the stored manifest
/// to the manifest's recorded SHA-256. The record is the retriever's, not the league's: it is
/// not among the unlisted files. A record that cannot be read is a failure.
fn check_retrieval(files: &LeagueFiles, c: &mut LeagueCheck) {
    let Some(bytes) = files.get(RETRIEVAL_FILE) else {
        return;
    };
    c.unlisted.retain(|p| p != RETRIEVAL_FILE);
    match Retrieval::parse(bytes) {
        Ok(r) => {
            c.failures
                .extend(r.check(files.get(MANIFEST_FILE).map(Vec::as_slice), |p| {
                    files.get(p).map(Vec::as_slice)
                }));
            c.retrieval = Some(r);
        }
        Err(e) => c.failures.push(e.to_string()),
    }
}

fn check_replay(files: &LeagueFiles, c: &mut LeagueCheck) {
    let present: Vec<&str> = ARENA_FILES
        .iter()
        .copied()
        .filter(|n| files.contains_key(*n))
        .collect();
    if present.is_empty() {
        return;
    }
    if present.len() < ARENA_FILES.len() {
        for n in ARENA_FILES.iter().filter(|n| !present.contains(n)) {
            c.failures.push(format!(
                "{n}: missing: the trading tracks publish {} but cannot be replayed without it",
                present.join(", ")
            ));
        }
        return;
    }
    let get = |n: &str| files.get(n).map_or(&[][..], Vec::as_slice);
    let text = |n: &str| files.get(n).cloned();
    let result = recount(
        &ReplayFiles {
            protocol: get(PROTOCOL_FILE),
            decisions: get(DECISIONS_FILE),
            prices: get(PRICES_FILE),
            trades: get(TRADES_FILE),
            accounts: get(ACCOUNTS_FILE),
        },
        files
            .get(CODE_FILE)
            .map(|list| CodeFiles { list, text: &text }),
        files.get(BOOK_FILE).map(Vec::as_slice),
        files.get(LEAGUE_FILE).map(Vec::as_slice),
    );
    if !files.contains_key(LEAGUE_FILE) {
        c.unchecked.push(format!(
            "{LEAGUE_FILE}: not in the directory: the accounts summary cannot be held to the replay"
        ));
    }
    let r = match result {
        Ok((r, _)) => r,
        Err(e) => {
            c.failures.push(e.to_string());
            return;
        }
    };
    for d in r.replay.differences.iter() {
        if d.verdict == crate::arena::replay::ReplayVerdict::Different {
            c.failures.push(format!(
                "{ACCOUNTS_FILE}: row {} {} {}: field {}: published {}, replayed {}",
                d.version,
                d.account,
                d.session,
                d.field,
                d.published_text(),
                d.recomputed_text()
            ));
        }
    }
    for x in r.code.iter().flatten().filter(|x| !x.ok) {
        c.failures.push(match &x.actual {
            Some(a) => format!("{}: sha256 {a}, {CODE_FILE} lists {}", x.text, x.expected),
            None => format!("{}: listed in {CODE_FILE} but not published", x.text),
        });
    }
    if let Some(why) = &r.decisions_differ {
        c.failures.push(format!("{DECISIONS_FILE}: {why}"));
    }
    if let Some(s) = &r.summary {
        if let Some(why) = &s.unreadable {
            c.failures.push(why.clone());
        }
        c.failures
            .extend(s.differences.iter().map(ToString::to_string));
    }
    c.replay = Some(r);
}

/// The session's climatology table held to the declaration's seal (spec §4.3, Requirement
/// 9). A sealed table's failure is the session's and named in its report
/// ([`super::report::sealed_climatology`]); a table the declaration does not seal that does
/// not hash to the hash it states is the league's failure.
fn check_climatology(seal: Option<ClimSeal>, c: &mut LeagueCheck) {
    if let Some(seal @ ClimSeal::NotSealed { .. }) = &seal {
        c.failures.extend(seal.failure(CLIM_FILE));
    }
    c.climatology = seal;
}

fn check_recounts(files: &LeagueFiles, c: &mut LeagueCheck) {
    let (csv, stats) = (files.get(FORECASTS_FILE), files.get(STATS_FILE));
    if csv.is_none() && stats.is_none() {
        return;
    }
    let Some(book) = files.get(BOOK_FILE) else {
        c.unchecked.push(format!(
            "{FORECASTS_FILE}, {STATS_FILE}: no {BOOK_FILE} to recount them from"
        ));
        return;
    };
    let asks = files.get(ASKS_FILE).map(Vec::as_slice);
    let recounted_csv = match forecasts_csv_from_book(book, asks) {
        Ok(csv) => csv,
        Err(e) => {
            c.failures.push(format!(
                "{FORECASTS_FILE}: cannot be recounted from {BOOK_FILE}: {e}"
            ));
            return;
        }
    };
    if let Some(published) = csv {
        c.recounted.push(FORECASTS_FILE.to_string());
        if let Some(why) = first_line_differing(published, &recounted_csv) {
            c.failures.push(format!("{FORECASTS_FILE}: {why}"));
        }
    }
    let Some(published) = stats else {
        return;
    };
    let sources = LeagueSources {
        forecasts: Some(&recounted_csv),
        book: Some(book),
        climatology: files.get(CLIM_FILE).map(Vec::as_slice),
        asks,
    };
    let recounted = league_stats_from_files(sources, &CoreStats);
    let recounted = match recounted {
        Ok(s) => serde_json::to_vec(&s).expect("stats serialize"),
        Err(e) => {
            c.failures.push(format!(
                "{STATS_FILE}: cannot be recounted from {BOOK_FILE}: {e}"
            ));
            return;
        }
    };
    c.recounted.push(STATS_FILE.to_string());
    match document_differences(STATS_FILE, published, &recounted) {
        Ok(d) => {
            c.failures.extend(d.iter().map(ToString::to_string));
            c.differences.extend(d);
        }
        Err(why) => c.failures.push(why),
    }
}

/// Where the published text first differs from the recounted one, by line (1-based).
fn first_line_differing(published: &[u8], recounted: &[u8]) -> Option<String> {
    if published == recounted {
        return None;
    }
    let p: Vec<&[u8]> = published.split(|b| *b == b'\n').collect();
    let r: Vec<&[u8]> = recounted.split(|b| *b == b'\n').collect();
    let show = |l: Option<&&[u8]>| {
        l.map_or_else(
            || "no such line".to_string(),
            |l| format!("{:?}", String::from_utf8_lossy(l)),
        )
    };
    let at = (0..p.len().max(r.len())).find(|i| p.get(*i) != r.get(*i))?;
    Some(format!(
        "line {}: published {}, recounted {}",
        at + 1,
        show(p.get(at)),
        show(r.get(at))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sealed table's failure is the session's (its report names it); the league names
    /// only an unsealed table that does not hash to the hash it states, and keeps the seal.
    #[test]
    fn the_climatology_failure_is_named_by_one_check() {
        let differs = ClimSeal::Differs {
            sealed: "a".repeat(64),
            found: "b".repeat(64),
        };
        let c = check_league(&LeagueFiles::new(), &[], Some(differs.clone()));
        assert!(
            c.failures.iter().all(|f| !f.starts_with(CLIM_FILE)),
            "{c:?}"
        );
        assert_eq!(c.climatology, Some(differs));
        let unsealed = ClimSeal::NotSealed {
            table: true,
            self_hash_ok: false,
        };
        let c = check_league(&LeagueFiles::new(), &[], Some(unsealed));
        let named: Vec<&String> = c
            .failures
            .iter()
            .filter(|f| f.starts_with(CLIM_FILE))
            .collect();
        assert_eq!(named.len(), 1, "{c:?}");
        let c = check_league(&LeagueFiles::new(), &[], None);
        assert_eq!(c.climatology, None);
    }

    #[test]
    fn the_first_differing_line_is_named() {
        assert_eq!(first_line_differing(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(
            first_line_differing(b"a\nb\n", b"a\nc\n").unwrap(),
            r#"line 2: published "b", recounted "c""#
        );
        assert_eq!(
            first_line_differing(b"a\n", b"a\nc\n").unwrap(),
            r#"line 2: published "", recounted "c""#
        );
    }
}
