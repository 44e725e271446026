//! The whole check of a published trading-track directory (spec §4.11; Appendix B step 7, the
//! replay of every account row, and step 8, `arena-code.json` against the published code
//! texts) as one verdict, and the figures and series of every recomputed account (§4.7-4.8:
//! equity, return, drawdown, Sharpe and Sortino beside the passive benchmarks). The CLI
//! (`sealbook replay --json` prints [`Recount`]) and the page's Accounts view both call
//! [`recount`]; the page draws its charts from [`Accounts`].

use crate::arena::code::{check_code, CodeCheck, CodeError};
use crate::arena::engine::Segment;
use crate::arena::league::DecisionsDiffer;
use crate::arena::league::{accounts_section, AccountsSection};
use crate::arena::protocol::Protocol;
use crate::arena::reading::{BenchmarkKind, RatioReading};
use crate::arena::replay::{replay_segment, Replay, ReplayError, ReplayFiles};
use crate::figures::FieldDifference;
use crate::league::league_file::{LeagueFile, LEAGUE_FILE};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The published `arena-code.json` and a look-up of its `arena-code-<file>.txt` texts (None
/// for a text that is not published).
pub struct CodeFiles<'a> {
    pub list: &'a [u8],
    pub text: &'a dyn Fn(&str) -> Option<Vec<u8>>,
}

/// `arena-decisions.jsonl` held to the decisions sealed in the book (spec §4.11: the replay
/// starts from the sealed decisions; [`crate::arena::league::check_decisions_file`]). In JSON a
/// number (the decisions found equal) or the text naming the first line that differs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DecisionsVsBook {
    Equal(usize),
    Different(String),
}

/// The verdict (`sealbook replay --json`, without the CLI's `dir`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recount {
    /// No row DIFFERENT, every listed code file matches, and the decisions are the book's
    /// when the book is given.
    pub ok: bool,
    #[serde(flatten)]
    pub replay: Replay,
    /// The check of `arena-code.json`'s files; None when it is not published.
    pub code: Option<Vec<CodeCheck>>,
    /// The decisions against `council-book.jsonl`; None when no book is given.
    pub decisions_vs_book: Option<DecisionsVsBook>,
    /// Why the decisions differ from the book, typed (JSON carries its English in
    /// `decisions_vs_book`); None when they do not or no book is given.
    #[serde(skip)]
    pub decisions_differ: Option<DecisionsDiffer>,
    /// `council-league.json` `accounts` held to the recount; None when no league file is
    /// given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<SummaryCheck>,
}

/// `council-league.json` `accounts` (spec §4.7: each account's equity, cash, costs, return,
/// drawdown, ratios, trades, statuses and benchmarks) against the summary recomputed from the
/// replayed rows ([`crate::arena::league::accounts_section`], the function `sealbook league publish`
/// writes it with).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryCheck {
    /// Every field as recounted.
    pub ok: bool,
    /// The accounts summarised (published).
    pub accounts: usize,
    /// The fields that differ (at most [`crate::figures::MAX_DIFFERENCES`]).
    pub differences: Vec<FieldDifference>,
    /// Why the league file or its `accounts` section could not be read, naming the file, line
    /// and column: a summary that cannot be read is not a summary that holds.
    pub unreadable: Option<String>,
}

impl SummaryCheck {
    /// The published `league` file (its bytes) against `recounted`.
    fn of(league: &[u8], recounted: &AccountsSection) -> SummaryCheck {
        let unreadable = |why: String| SummaryCheck {
            ok: false,
            accounts: 0,
            differences: Vec::new(),
            unreadable: Some(why),
        };
        let published = match LeagueFile::parse(league) {
            Ok(l) => l,
            Err(e) => return unreadable(e.to_string()),
        };
        if published.accounts.is_none() {
            return unreadable(format!(
                "{LEAGUE_FILE}: no accounts section, while the trading tracks publish account rows"
            ));
        }
        // The figures as the file's text spells them, read by the reader that reads the
        // recount's own text.
        let text = crate::figures::parse(LEAGUE_FILE, league).expect("read above");
        let p = &text["accounts"];
        let r = crate::figures::value_of(recounted);
        let mut differences = Vec::new();
        for key in ["rounding", "versions"] {
            differences_at(
                &format!("accounts.{key}"),
                p.get(key),
                r.get(key),
                &mut differences,
            );
        }
        let key = |v: &serde_json::Value| {
            (
                v["version"].as_str().unwrap_or_default().to_string(),
                v["account"].as_str().unwrap_or_default().to_string(),
            )
        };
        let empty = Vec::new();
        let listed = |v: &serde_json::Value| v["accounts"].as_array().unwrap_or(&empty).clone();
        let (ps, rs) = (listed(p), listed(&r));
        let named = |(version, account): (String, String)| {
            format!("accounts.accounts[{version}/{account}]")
        };
        for a in &rs {
            let theirs = ps.iter().find(|b| key(b) == key(a));
            differences_at(&named(key(a)), theirs, Some(a), &mut differences);
        }
        for b in ps.iter().filter(|b| !rs.iter().any(|a| key(a) == key(b))) {
            differences_at(&named(key(b)), Some(b), None, &mut differences);
        }
        SummaryCheck {
            ok: differences.is_empty(),
            accounts: ps.len(),
            differences,
            unreadable: None,
        }
    }

    /// What `sealbook replay` prints of it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(why) = &self.unreadable {
            out.push_str(&format!("summary: UNREADABLE: {why}\n"));
        }
        for d in &self.differences {
            out.push_str(&format!("summary: DIFFERENT: {d}\n"));
        }
        if self.ok {
            out.push_str(&format!(
                "summary: {LEAGUE_FILE} accounts: {} accounts as recounted\n",
                self.accounts
            ));
        }
        out
    }
}

fn differences_at(
    path: &str,
    published: Option<&serde_json::Value>,
    recounted: Option<&serde_json::Value>,
    out: &mut Vec<FieldDifference>,
) {
    crate::figures::differences(LEAGUE_FILE, path, published, recounted, out)
}

impl Recount {
    /// The lines a reader reads before the replay's summary: the decisions against the book.
    pub fn decisions_text(&self) -> Option<String> {
        self.decisions_vs_book.as_ref().map(|d| match d {
            DecisionsVsBook::Equal(n) => format!(
                "decisions: {n} equal to those sealed in {}\n",
                crate::records::names::BOOK_FILE
            ),
            DecisionsVsBook::Different(why) => {
                format!("decisions: DIFFERENT from the sealed book: {why}\n")
            }
        })
    }
}

/// Why the directory could not be recounted; each names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecountError {
    /// A replayed file is unreadable (its file, line and field).
    Replay(ReplayError),
    /// `arena-accounts.jsonl` has no row: nothing to recount is not a pass.
    NoRows,
    /// `arena-code.json` is unreadable.
    Code(CodeError),
}

impl fmt::Display for RecountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecountError::Replay(e) => e.fmt(f),
            RecountError::NoRows => write!(
                f,
                "{}: no published account rows to recount",
                crate::arena::records::ACCOUNTS_FILE
            ),
            RecountError::Code(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RecountError {}

/// Replays `files`, checks `code` when it is published, holds the decisions to `book`
/// (`council-book.jsonl`) and the accounts summary of `league` (`council-league.json`) to the
/// recount when they are given: the verdict, and the engine's own accounts (recomputed, not
/// published) for the figures and charts.
pub fn recount(
    files: &ReplayFiles,
    code: Option<CodeFiles>,
    book: Option<&[u8]>,
    league: Option<&[u8]>,
) -> Result<(Recount, Accounts), RecountError> {
    let (replay, seg, protocol) = replay_segment(files).map_err(RecountError::Replay)?;
    if replay.rows == 0 {
        return Err(RecountError::NoRows);
    }
    let code = code
        .map(|c| check_code(c.list, c.text))
        .transpose()
        .map_err(RecountError::Code)?;
    let checked = book.map(|b| crate::arena::league::check_decisions_file(b, files.decisions));
    let decisions_differ = checked.clone().and_then(Result::err);
    let decisions_vs_book = checked.map(|c| {
        c.map_or_else(
            |e| DecisionsVsBook::Different(e.to_string()),
            DecisionsVsBook::Equal,
        )
    });
    let summary = league.map(|l| SummaryCheck::of(l, &accounts_section(&protocol, &seg)));
    let ok = replay.reproduced()
        && code.as_ref().is_none_or(|c| c.iter().all(|x| x.ok))
        && !matches!(decisions_vs_book, Some(DecisionsVsBook::Different(_)))
        && summary.as_ref().is_none_or(|s| s.ok);
    Ok((
        Recount {
            ok,
            replay,
            code,
            decisions_vs_book,
            decisions_differ,
            summary,
        },
        accounts(&protocol, &seg),
    ))
}

/// One recomputed account's figures at its last session (money in cents).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    pub version: String,
    pub account: String,
    /// A passive benchmark (`_hold_all`, `_spy`, ...: the names starting with `_`).
    pub benchmark: bool,
    /// What the benchmark holds, from its definition in the rules (None for a seat, or a
    /// benchmark the rules do not define).
    pub kind: Option<BenchmarkKind>,
    /// The trailing sessions the Sharpe and Sortino ratios cover (the rules'
    /// `metrics_sessions`).
    pub window: u32,
    pub sessions: usize,
    pub last_session: String,
    pub equity: i64,
    #[serde(rename = "return")]
    pub ret: f64,
    /// The maximum drawdown to date.
    pub drawdown: f64,
    pub sharpe: Option<f64>,
    pub sortino: Option<f64>,
    pub trades: usize,
    pub costs_total: i64,
    /// Sessions whose decision was rejected.
    pub rejected: usize,
}

impl Figures {
    /// What the Sharpe cell shows (its window, or why there is none).
    pub fn sharpe_reading(&self) -> RatioReading {
        RatioReading::of(
            self.sharpe,
            self.kind.as_ref(),
            self.sessions,
            self.window,
            self.ret,
        )
    }

    /// What the Sortino cell shows (its window, or why there is none).
    pub fn sortino_reading(&self) -> RatioReading {
        RatioReading::of(
            self.sortino,
            self.kind.as_ref(),
            self.sessions,
            self.window,
            self.ret,
        )
    }
}

/// One account's line on a chart, aligned with the chart's sessions (None: no row that day).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    pub account: String,
    /// Equity at each close, in cents.
    pub equity: Vec<Option<i64>>,
    /// The fall from the highest equity so far (the starting cash included), 0 to 1.
    pub drawdown: Vec<Option<f64>>,
}

/// One account's chart: its line first, then its version's benchmarks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    pub version: String,
    pub account: String,
    pub starting_cash: i64,
    pub sessions: Vec<String>,
    pub lines: Vec<Line>,
}

/// Every recomputed account's figures and every chart, in the order version, account.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Accounts {
    pub figures: Vec<Figures>,
    pub charts: Vec<Chart>,
}

fn is_benchmark(account: &str) -> bool {
    account.starts_with('_')
}

/// The figures and charts of the engine's accounts: one chart per seat against the
/// benchmarks of its rule version; a version with benchmarks only gets one chart of them
/// (named after its first benchmark).
pub fn accounts(protocol: &Protocol, seg: &Segment) -> Accounts {
    let mut rows: BTreeMap<(&str, &str), Vec<&crate::arena::records::AccountRow>> = BTreeMap::new();
    for r in &seg.rows {
        rows.entry((r.version.as_str(), r.account.as_str()))
            .or_default()
            .push(r);
    }
    for v in rows.values_mut() {
        v.sort_by_key(|r| r.session);
    }
    let mut trades: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for t in &seg.trades {
        *trades
            .entry((t.version.as_str(), t.account.as_str()))
            .or_default() += 1;
    }
    let mut out = Accounts::default();
    for ((version, account), rs) in &rows {
        let Some(last) = rs.last() else { continue };
        let rules = protocol.version(version);
        out.figures.push(Figures {
            version: version.to_string(),
            account: account.to_string(),
            benchmark: is_benchmark(account),
            kind: rules
                .and_then(|r| r.benchmarks.iter().find(|b| b.name == **account))
                .map(BenchmarkKind::of),
            window: rules.map_or(0, |r| r.metrics_sessions),
            sessions: rs.len(),
            last_session: last.session.to_string(),
            equity: last.equity,
            ret: last.ret,
            drawdown: last.drawdown,
            sharpe: last.sharpe,
            sortino: last.sortino,
            trades: trades.get(&(*version, *account)).copied().unwrap_or(0),
            costs_total: last.costs_total,
            rejected: rs
                .iter()
                .filter(|r| r.status == crate::arena::records::Status::Rejected)
                .count(),
        });
    }
    let versions: BTreeSet<&str> = rows.keys().map(|(v, _)| *v).collect();
    for version in versions {
        let start = protocol
            .version(version)
            .map_or(0, |r| r.starting_cash_cents);
        let in_version: Vec<(&str, &Vec<_>)> = rows
            .iter()
            .filter(|((v, _), _)| *v == version)
            .map(|((_, a), rs)| (*a, rs))
            .collect();
        let sessions: Vec<_> = in_version
            .iter()
            .flat_map(|(_, rs)| rs.iter().map(|r| r.session))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let line = |account: &str, rs: &[&crate::arena::records::AccountRow]| {
            let by_day: BTreeMap<_, i64> = rs.iter().map(|r| (r.session, r.equity)).collect();
            let mut peak = start;
            let mut equity = Vec::with_capacity(sessions.len());
            let mut drawdown = Vec::with_capacity(sessions.len());
            for s in &sessions {
                let e = by_day.get(s).copied();
                if let Some(e) = e {
                    peak = peak.max(e);
                }
                equity.push(e);
                drawdown.push(e.map(|e| {
                    if peak > 0 {
                        (peak - e) as f64 / peak as f64
                    } else {
                        0.0
                    }
                }));
            }
            Line {
                account: account.to_string(),
                equity,
                drawdown,
            }
        };
        let benchmarks: Vec<Line> = in_version
            .iter()
            .filter(|(a, _)| is_benchmark(a))
            .map(|(a, rs)| line(a, rs))
            .collect();
        let seats: Vec<&(&str, &Vec<_>)> = in_version
            .iter()
            .filter(|(a, _)| !is_benchmark(a))
            .collect();
        let chart = |account: &str, lines: Vec<Line>| Chart {
            version: version.to_string(),
            account: account.to_string(),
            starting_cash: start,
            sessions: sessions.iter().map(|d| d.to_string()).collect(),
            lines,
        };
        if seats.is_empty() {
            if let Some(first) = benchmarks.first() {
                let name = first.account.clone();
                out.charts.push(chart(&name, benchmarks));
            }
            continue;
        }
        for (a, rs) in seats {
            let mut lines = vec![line(a, rs)];
            lines.extend(benchmarks.iter().cloned());
            out.charts.push(chart(a, lines));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::replay::tests::{publish, Published};

    fn files(p: &Published) -> ReplayFiles<'_> {
        ReplayFiles {
            protocol: &p.protocol,
            decisions: &p.decisions,
            prices: &p.prices,
            trades: &p.trades,
            accounts: &p.accounts,
        }
    }

    #[test]
    fn every_account_is_charted_against_its_versions_benchmarks() {
        let p = publish();
        let (r, a) = recount(&files(&p), None, None, None).unwrap();
        assert!(r.ok && r.code.is_none());
        assert_eq!(a.figures.len(), r.replay.accounts);
        // alpha and beta (arena-3), gamma (pro-1), and agent-portfolio-1's benchmarks alone.
        let charted: Vec<(&str, &str)> = a
            .charts
            .iter()
            .map(|c| (c.version.as_str(), c.account.as_str()))
            .collect();
        assert_eq!(
            charted,
            [
                ("agent-portfolio-1", charted[0].1),
                ("arena-3", "alpha"),
                ("arena-3", "beta"),
                ("pro-1", "gamma")
            ]
        );
        let alpha = &a.charts[1];
        let names: Vec<&str> = alpha.lines.iter().map(|l| l.account.as_str()).collect();
        assert_eq!(names[0], "alpha");
        assert_eq!(names.len(), 6, "{names:?}");
        assert!(names[1..].iter().all(|n| n.starts_with('_')));
        for l in &alpha.lines {
            assert_eq!(l.equity.len(), alpha.sessions.len());
            assert_eq!(l.drawdown.len(), alpha.sessions.len());
        }
        // The chart's last equity and largest drawdown are the figures' (the engine's) own.
        let f = a.figures.iter().find(|f| f.account == "alpha").unwrap();
        assert_eq!(alpha.lines[0].equity.last().unwrap(), &Some(f.equity));
        let worst = alpha.lines[0]
            .drawdown
            .iter()
            .flatten()
            .fold(0.0f64, |m, d| m.max(*d));
        assert_eq!(worst, f.drawdown);
        assert!(!f.benchmark && a.figures.iter().any(|f| f.benchmark));
    }

    #[test]
    fn each_benchmark_is_read_from_its_rules_and_each_ratio_states_its_window() {
        let p = publish();
        let (_, a) = recount(&files(&p), None, None, None).unwrap();
        let get = |v: &str, n: &str| {
            a.figures
                .iter()
                .find(|f| f.version == v && f.account == n)
                .unwrap_or_else(|| panic!("{v} {n}"))
        };
        let cash = get("arena-3", "_cash");
        assert_eq!(cash.kind, Some(BenchmarkKind::Cash));
        assert_eq!(cash.sharpe_reading(), RatioReading::Cash);
        assert_eq!(cash.sortino_reading(), RatioReading::Cash);
        assert_eq!(
            get("arena-3", "_passive").kind,
            Some(BenchmarkKind::Hold {
                weights_bp: vec![("SPY".into(), 6_000), ("IEF".into(), 4_000)]
            })
        );
        assert_eq!(
            get("arena-3", "_random").kind,
            Some(BenchmarkKind::Random { funds: 5 })
        );
        let alpha = get("arena-3", "alpha");
        assert_eq!((alpha.kind.as_ref(), alpha.window), (None, 20));
        match alpha.sharpe_reading() {
            RatioReading::Over { window, value, .. } => {
                assert_eq!((window, Some(value)), (20, alpha.sharpe))
            }
            RatioReading::TooFew { sessions, window } => {
                assert_eq!((sessions, window), (alpha.sessions, 20));
                assert!(alpha.sessions < 20 && alpha.sharpe.is_none());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_verdict_reads_back_to_the_same_bytes() {
        let p = publish();
        let (r, _) = recount(&files(&p), None, None, None).unwrap();
        let text = serde_json::to_string(&r).unwrap();
        let back: Recount = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }

    #[test]
    fn a_changed_code_text_or_no_rows_is_not_ok() {
        let p = publish();
        let list = crate::arena::code::code_list(&[("engine.rs", b"fn main() {}\n")]);
        let changed = |_: &str| Some(b"fn main() { }\n".to_vec());
        let (r, _) = recount(
            &files(&p),
            Some(CodeFiles {
                list: &list,
                text: &changed,
            }),
            None,
            None,
        )
        .unwrap();
        assert!(r.replay.reproduced() && !r.ok);
        let same = |_: &str| Some(b"fn main() {}\n".to_vec());
        let (r, _) = recount(
            &files(&p),
            Some(CodeFiles {
                list: &list,
                text: &same,
            }),
            None,
            None,
        )
        .unwrap();
        assert!(r.ok);
        let mut empty = publish();
        empty.accounts.clear();
        assert_eq!(
            recount(&files(&empty), None, None, None).unwrap_err(),
            RecountError::NoRows
        );
    }

    /// The league file's accounts summary is held to the recount: as published it holds; an
    /// equity raised by 1.00, an account left out, or a league file without the section is not
    /// ok, each naming the file and the field.
    #[test]
    fn the_accounts_summary_is_held_to_the_recount() {
        use crate::league::league_file::GeneratedFrom;
        let p = publish();
        let (_, seg, protocol) = replay_segment(&files(&p)).unwrap();
        let league = |accounts: Option<AccountsSection>| {
            LeagueFile {
                league: "DEMO".into(),
                methodology_version: "m7".into(),
                generated_from: GeneratedFrom { book_lines: 1 },
                accounts,
                experiment: None,
            }
            .to_bytes()
        };
        let section = accounts_section(&protocol, &seg);
        let check = |bytes: &[u8]| recount(&files(&p), None, None, Some(bytes)).unwrap().0;
        let r = check(&league(Some(section.clone())));
        let s = r.summary.as_ref().unwrap();
        assert!(
            r.ok && s.ok && s.accounts == section.accounts.len(),
            "{s:?}"
        );

        let mut raised = section.clone();
        raised.accounts[0].equity += 1.0;
        let r = check(&league(Some(raised.clone())));
        let s = r.summary.unwrap();
        assert!(!r.ok && !s.ok);
        let a = &section.accounts[0];
        assert_eq!(s.differences.len(), 1, "{:?}", s.differences);
        assert_eq!(
            s.differences[0].to_string(),
            format!(
                "council-league.json: field accounts.accounts[{}/{}].equity: published {}, recounted {}",
                a.version,
                a.account,
                serde_json::json!(a.equity + 1.0),
                serde_json::json!(a.equity)
            )
        );

        let mut fewer = section.clone();
        fewer.accounts.pop();
        assert!(!check(&league(Some(fewer))).ok);
        let r = check(&league(None));
        assert!(!r.ok);
        assert!(r
            .summary
            .unwrap()
            .unreadable
            .unwrap()
            .contains("no accounts section"));
        let r = check(b"{");
        assert!(r
            .summary
            .unwrap()
            .unreadable
            .unwrap()
            .starts_with("council-league.json: line 1"));
    }
}
