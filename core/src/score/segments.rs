//! Methodology segments (spec §3.10, Requirement 15): a change of `methodology_version` (the
//! version sealed in every run line, Appendix A Table A2, and carried by every
//! `council-forecasts.csv` row) changes the task and opens a new measurement segment.
//! "Confirmatory scoring, paired gains or portfolio comparisons are computed within one
//! methodology version, or each version is reported as its own segment."
//!
//! The stats document does both, and never pools two versions into one confirmatory figure:
//! - `methodology` names the versions of the scored rows (in the order they first appear by
//!   session) and the current one (the version of the latest session's latest row);
//! - with one version nothing else changes: every member is that version's;
//! - with several, `segments.<version>` holds each version's own segment, computed by
//!   [`super::league::league_stats_with_crowd`] on that version's rows alone (its row count,
//!   sessions, seat tables, consensus, confirmatory comparisons and primary endpoint), and the
//!   top-level confirmatory members (`primary_endpoint`, `comparisons`) are the current
//!   segment's, as `methodology.confirmatory` says. The other top-level members (seat tables,
//!   grid, consensus, N_eff, independence) stay the descriptive record of every scored row.
//!
//! A segment is its version's rows as sealed: no forecast is re-scored under another
//! version's rules, so no segment is an alternative analysis in the spec's sense. Sessions
//! keep their season numbers (session 11 of the season opens the primary window in every
//! segment), and a segment's baselines read only its own rows (the momentum rule of a
//! segment's first session has no previous session's outcome inside it).

use super::comparisons::Comparison;
use super::crowd_book::RunCrowdPrices;
use super::league::SeatHorizon;
use super::league::{ConsensusHorizon, LeagueInputs, LeagueStats, PrimaryEndpoint};
use super::notes::Note;
use super::seams::StatsSeams;
use crate::contract::forecasts_csv::ForecastRow;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The methodology versions of the scored rows (`methodology`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Methodology {
    /// Every `methodology_version` of the scored rows, in the order of its first row by
    /// (session, sealed_at).
    pub versions: Vec<String>,
    /// The version of the latest row by (session, sealed_at); None without rows.
    pub current: Option<String>,
    /// The version whose rows the top-level `primary_endpoint` and `comparisons` are computed
    /// from: the current one (spec §3.10, Requirement 15: confirmatory figures within one
    /// methodology version); None without rows.
    pub confirmatory: Option<String>,
}

/// One methodology version's segment (`segments.<version>`), computed on its rows alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// The version's rows.
    pub rows: usize,
    /// Its first and last session (the `session` column).
    pub first_session: String,
    pub last_session: String,
    pub seats: BTreeMap<String, BTreeMap<String, SeatHorizon>>,
    pub consensus: BTreeMap<String, ConsensusHorizon>,
    pub comparisons: Vec<Comparison>,
    pub primary_endpoint: PrimaryEndpoint,
}

impl Segment {
    fn of(rows: &[ForecastRow], stats: LeagueStats) -> Segment {
        let first = rows.iter().map(|r| r.session.as_str()).min();
        let last = rows.iter().map(|r| r.session.as_str()).max();
        Segment {
            rows: rows.len(),
            first_session: first.unwrap_or_default().to_string(),
            last_session: last.unwrap_or_default().to_string(),
            seats: stats.seats,
            consensus: stats.consensus,
            comparisons: stats.comparisons,
            primary_endpoint: stats.primary_endpoint,
        }
    }

    /// The segment's notes, for [`LeagueStats::word`].
    pub(crate) fn notes_mut(&mut self) -> impl Iterator<Item = &mut Option<Note>> {
        std::iter::once(&mut self.primary_endpoint.note).chain(
            self.seats
                .values_mut()
                .flat_map(|hs| hs.values_mut().map(|f| &mut f.logistic_note)),
        )
    }
}

/// The versions of `rows` in the order of their first row by (session, sealed_at), and the
/// version of the latest row.
fn versions(rows: &[ForecastRow]) -> (Vec<String>, Option<String>) {
    let key = |r: &ForecastRow| (r.session.clone(), r.sealed_at);
    let mut first: BTreeMap<&str, _> = BTreeMap::new();
    for r in rows {
        let k = key(r);
        first
            .entry(r.methodology_version.as_str())
            .and_modify(|f| {
                if k < *f {
                    *f = k.clone()
                }
            })
            .or_insert_with(|| k.clone());
    }
    let mut order: Vec<(_, &str)> = first.into_iter().map(|(v, k)| (k, v)).collect();
    order.sort();
    let current = rows
        .iter()
        .max_by(|a, b| key(a).cmp(&key(b)))
        .map(|r| r.methodology_version.clone());
    (
        order.into_iter().map(|(_, v)| v.to_string()).collect(),
        current,
    )
}

/// The league tables split by methodology version: `pooled` computes the tables of one set
/// of rows (the league's [`super::league::league_stats_with_crowd`] without the split); see
/// the module's documentation for what each member then holds.
pub(crate) fn by_methodology(
    inp: &LeagueInputs<'_>,
    crowd: Option<&RunCrowdPrices>,
    stats: &dyn StatsSeams,
    pooled: fn(&LeagueInputs<'_>, Option<&RunCrowdPrices>, &dyn StatsSeams) -> LeagueStats,
) -> LeagueStats {
    let mut all = pooled(inp, crowd, stats);
    let (versions, current) = versions(inp.rows);
    all.methodology = Some(Methodology {
        versions: versions.clone(),
        confirmatory: current.clone(),
        current: current.clone(),
    });
    if versions.len() < 2 {
        return all;
    }
    let mut segments = BTreeMap::new();
    for v in versions {
        let rows: Vec<ForecastRow> = inp
            .rows
            .iter()
            .filter(|r| r.methodology_version == v)
            .cloned()
            .collect();
        let one = pooled(
            &LeagueInputs {
                rows: &rows,
                ..*inp
            },
            crowd,
            stats,
        );
        segments.insert(v, Segment::of(&rows, one));
    }
    if let Some(cur) = current.as_ref().and_then(|c| segments.get(c)) {
        all.primary_endpoint = cur.primary_endpoint.clone();
        all.comparisons = cur.comparisons.clone();
    }
    all.segments = Some(segments);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::{Date, Horizon};
    use crate::score::baselines::ClimatologyTable;
    use crate::score::league::league_stats;
    use crate::score::roster::Roster;
    use crate::score::seams::testing::Recorder;

    /// Three seats on four markets over sixteen sessions of a season starting 2030-01-02,
    /// one-day, all resolved; sessions 1-13 under `early`, 14-16 under `late`, so the primary
    /// window (from session 11) holds three sessions of each.
    fn rows(early: &str, late: &str) -> Vec<ForecastRow> {
        let one = Date::parse("2030-01-02").unwrap();
        let mut rows = Vec::new();
        for k in 0..16u32 {
            let day = crate::calendar::nth_session_from(one, k)
                .unwrap()
                .to_string();
            for (s, seat) in ["a", "b", "c"].into_iter().enumerate() {
                for (m, asset) in ["SPX", "GC", "NDX", "CL"].into_iter().enumerate() {
                    let p = 30.0 + ((7 * k as usize + 5 * s + 11 * m) % 40) as f64;
                    let chg = if (k as usize + m).is_multiple_of(3) {
                        -0.4
                    } else {
                        0.6
                    };
                    rows.push(ForecastRow {
                        line: 10 * k as u64 + s as u64,
                        reference: Some(100.0),
                        close: Some(100.0 + chg),
                        actual_pct: Some(chg),
                        draw: Some(false),
                        methodology_version: if k < 13 { early } else { late }.into(),
                        ..ForecastRow::for_test(seat, &day, asset, asset, Horizon::D1, Some(p))
                    });
                }
            }
        }
        rows
    }

    fn stats_of(rows: &[ForecastRow], clim: &ClimatologyTable) -> LeagueStats {
        league_stats(
            &LeagueInputs {
                rows,
                climatology: Some(clim),
                sealing_times: None,
                roster: &Roster::default(),
                season_one: Date::parse("2030-01-02").unwrap(),
            },
            &Recorder,
        )
    }

    fn clim() -> ClimatologyTable {
        let body = r#""table": [{"asset": "SPX", "h": "1d", "p_up": 0.5}, {"asset": "GC", "h": "1d", "p_up": 0.55}, {"asset": "NDX", "h": "1d", "p_up": 0.5}, {"asset": "CL", "h": "1d", "p_up": 0.45}]"#;
        let hash = ClimatologyTable::parse(format!("{{{body}}}").as_bytes())
            .unwrap()
            .sha256;
        ClimatologyTable::parse(format!(r#"{{{body}, "sha256": "{hash}"}}"#).as_bytes()).unwrap()
    }

    fn sessions_of(p: &PrimaryEndpoint) -> Vec<u32> {
        p.gains.iter().map(|g| g.session).collect()
    }

    /// Two methodology versions never pool into one confirmatory figure: the top-level
    /// primary endpoint and comparisons are the current (later) version's segment's, each
    /// segment is its version's rows scored alone, and the versions are ordered by time
    /// ("9" before "10"), not by name.
    #[test]
    fn two_versions_never_pool() {
        let clim = clim();
        let rows = rows("9", "10");
        let st = stats_of(&rows, &clim);
        let m = st.methodology.as_ref().unwrap();
        assert_eq!(m.versions, ["9", "10"]);
        assert_eq!(m.current.as_deref(), Some("10"));
        assert_eq!(m.confirmatory.as_deref(), Some("10"));
        let segs = st.segments.as_ref().expect("two versions: two segments");
        assert_eq!(segs.len(), 2);
        let (early, late) = (&segs["9"], &segs["10"]);
        assert_eq!((early.rows, late.rows), (13 * 12, 3 * 12));
        assert_eq!(early.first_session, "2030-01-02");
        let nth = |k| {
            crate::calendar::nth_session_from(Date::parse("2030-01-02").unwrap(), k)
                .unwrap()
                .to_string()
        };
        assert_eq!(
            (&early.last_session, &late.first_session),
            (&nth(12), &nth(13))
        );
        assert_eq!(late.last_session, nth(15));
        assert_eq!(sessions_of(&early.primary_endpoint), [11, 12, 13]);
        assert_eq!(sessions_of(&late.primary_endpoint), [14, 15, 16]);
        // The top level's confirmatory figures are the later segment's, never both versions'.
        assert_eq!(st.primary_endpoint, late.primary_endpoint);
        assert_eq!(st.comparisons, late.comparisons);
        assert!(!st.comparisons.is_empty());
        // Each segment is its version's rows scored on their own.
        for (v, seg) in segs {
            let own: Vec<ForecastRow> = rows
                .iter()
                .filter(|r| &r.methodology_version == v)
                .cloned()
                .collect();
            let alone = stats_of(&own, &clim);
            assert!(alone.segments.is_none());
            assert_eq!(seg.seats, alone.seats, "{v}");
            assert_eq!(seg.consensus, alone.consensus, "{v}");
            assert_eq!(seg.comparisons, alone.comparisons, "{v}");
            assert_eq!(seg.primary_endpoint, alone.primary_endpoint, "{v}");
        }
        // The seat tables at the top stay the descriptive record of every row.
        assert_eq!(
            st.seats["a"]["1d"].n,
            early.seats["a"]["1d"].n + late.seats["a"]["1d"].n
        );
    }

    /// With one version the document is the pooled one plus the `methodology` block naming it.
    #[test]
    fn one_version_adds_only_the_block() {
        let clim = clim();
        let rows = rows("2", "2");
        let st = stats_of(&rows, &clim);
        assert!(st.segments.is_none());
        let m = st.methodology.clone().unwrap();
        assert_eq!(m.versions, ["2"]);
        assert_eq!(m.current.as_deref(), Some("2"));
        assert_eq!(
            sessions_of(&st.primary_endpoint),
            (11..=16).collect::<Vec<_>>()
        );
        let json = serde_json::to_value(&st).unwrap();
        assert_eq!(
            json["methodology"],
            serde_json::json!({"versions": ["2"], "current": "2", "confirmatory": "2"})
        );
        assert!(json.get("segments").is_none());
    }
}
