//! What the stats document says in one reading (spec §4.3 the baselines, §4.6 the intervals,
//! §5.1 N_eff, §8 the primary endpoint), for a reader who looks at the first line only: the
//! seats ranked by Brier (lower is better) on the first horizon that has scores, which of them
//! beat the coin (Brier 0.25) and which lost to it, what the primary endpoint says of the
//! consensus against the climatology, and the N_eff readings that exceed the seats answering.
//!
//! Only the claims the intervals support are made: a seat beats the coin when its whole 95%
//! interval lies below 0.25 and loses to it when the whole interval lies above; an interval
//! that holds 0.25, or no interval at all, claims nothing whatever the estimate. The document
//! gives no interval for a seat's skill against the climatology, so no seat is said to beat
//! it; the consensus is, by the primary endpoint's verdict (its 95% interval above zero).
//! The baselines (`SeatHorizon::baseline`: the coin, climatology and momentum seats, §4.5)
//! are what the council is judged against, so the takeaway ranks the council's seats only;
//! the tables list the baselines beside them.
//! A function of the document alone: the Scores page renders it, and its tables use
//! [`ranked`]'s order.

use super::brier::COIN_BRIER;
use super::league::{LeagueStats, PrimaryEndpoint, SeatHorizon};
use super::seams::Interval;
use crate::stats::endpoint::EndpointVerdict;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The horizons in reading order; the takeaway reads the first with a scored seat.
pub const HORIZONS: [&str; 4] = ["1d", "1w", "1m", "6m"];

/// A forecaster against the coin, as far as its 95% interval of Brier reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VsCoin {
    /// The whole interval lies below 0.25.
    Beat,
    /// The whole interval lies above 0.25.
    Lost,
    /// The interval holds 0.25: the data do not tell them apart.
    NotSeparated,
    /// No interval yet (§4.6): the estimate alone claims nothing.
    NoInterval,
}

impl VsCoin {
    /// The reading of a Brier score's 95% interval against the coin's 0.25.
    pub fn of(ci95: Option<Interval>) -> VsCoin {
        match ci95 {
            Some((_, hi)) if hi < COIN_BRIER => VsCoin::Beat,
            Some((lo, _)) if lo > COIN_BRIER => VsCoin::Lost,
            Some(_) => VsCoin::NotSeparated,
            None => VsCoin::NoInterval,
        }
    }
}

/// One seat in the ranking.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedSeat {
    pub seat: String,
    /// 1 for the lowest Brier; seats with equal Brier share a rank.
    pub rank: usize,
    pub brier: f64,
    pub ci95: Option<Interval>,
    pub vs_coin: VsCoin,
    /// Skill against the climatology on the rows that have a base rate (no interval).
    pub bss_clim: Option<f64>,
    /// Resolved stated forecasts scored.
    pub n: usize,
}

/// What the primary endpoint's intervals support about the consensus against the climatology.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClimReading {
    /// Confirmed: the 95% interval of the gain lies wholly above zero.
    Better,
    /// The 95% interval lies wholly below zero.
    Worse,
    /// No material gain: the 90% interval lies inside the equivalence margin.
    NoMaterialGain,
    /// The 95% interval holds zero and the 90% reaches past the margin.
    NotSeparated,
    /// No verdict (no climatology, a mismatched one, or too few sessions).
    NoVerdict,
}

/// The consensus against the climatology: the primary endpoint (§8), the mean per-session
/// gain in Brier (positive: the consensus lost less) with its intervals, read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsensusVsClimatology {
    pub reading: ClimReading,
    pub estimate: Option<f64>,
    pub ci95: Option<Interval>,
    pub ci90: Option<Interval>,
    pub sessions: usize,
}

impl ConsensusVsClimatology {
    fn of(p: &PrimaryEndpoint) -> ConsensusVsClimatology {
        let reading = match (&p.verdict, p.ci95) {
            (Some(EndpointVerdict::Confirmed), _) => ClimReading::Better,
            (Some(EndpointVerdict::NoMaterialGain), _) => ClimReading::NoMaterialGain,
            (Some(EndpointVerdict::Inconclusive), Some((_, hi))) if hi < 0.0 => ClimReading::Worse,
            (Some(EndpointVerdict::Inconclusive), Some(_)) => ClimReading::NotSeparated,
            _ => ClimReading::NoVerdict,
        };
        ConsensusVsClimatology {
            reading,
            estimate: p.estimate,
            ci95: p.ci95,
            ci90: p.ci90,
            sessions: p.sessions,
        }
    }
}

/// An N_eff reading above the seats that answered: the mean correlation is negative, and the
/// formula n / (1 + (n - 1) rho) then counts more independent voices than there are seats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NeffAboveSeats {
    pub run_id: String,
    pub horizon: String,
    /// Seats answering.
    pub n: usize,
    pub rho: f64,
    pub n_eff: f64,
    /// How many readings of the document exceed their seats (this one has the largest N_eff).
    pub readings: usize,
}

/// The stats document's first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Takeaway {
    /// The horizon the ranking reads (the first of [`HORIZONS`] with a scored seat).
    pub horizon: String,
    /// Scored seats, lowest Brier first.
    pub seats: Vec<RankedSeat>,
    /// The consensus' own Brier on that horizon and its 95% interval, against the coin.
    pub consensus: Option<(f64, Option<Interval>, VsCoin)>,
    pub vs_climatology: ConsensusVsClimatology,
    pub neff_above_seats: Option<NeffAboveSeats>,
}

impl Takeaway {
    /// The seats whose reading against the coin is `v`, in rank order.
    pub fn against_coin(&self, v: VsCoin) -> Vec<&RankedSeat> {
        self.seats.iter().filter(|s| s.vs_coin == v).collect()
    }
}

fn by_brier(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The seats that have figures on `horizon`, lowest Brier first, those without a Brier last;
/// ties keep the seats' name order.
pub fn ranked<'a>(doc: &'a LeagueStats, horizon: &str) -> Vec<(&'a String, &'a SeatHorizon)> {
    let mut seats: Vec<(&String, &SeatHorizon)> = doc
        .seats
        .iter()
        .filter_map(|(seat, hs)| Some((seat, hs.get(horizon)?)))
        .collect();
    // A stable sort: equal scores stay in name order.
    seats.sort_by(|a, b| by_brier(a.1.brier, b.1.brier));
    seats
}

/// The takeaway of `doc`; None when no seat has a Brier score on any horizon.
pub fn takeaway(doc: &LeagueStats) -> Option<Takeaway> {
    let horizon = HORIZONS.into_iter().find(|h| {
        doc.seats
            .values()
            .any(|hs| hs.get(*h).is_some_and(|f| f.brier.is_some()))
    })?;
    let mut seats: Vec<RankedSeat> = Vec::new();
    for (seat, f) in ranked(doc, horizon) {
        let Some(brier) = f.brier.filter(|_| !f.baseline) else {
            continue;
        };
        let rank = match seats.last() {
            Some(prev) if prev.brier == brier => prev.rank,
            _ => seats.len() + 1,
        };
        seats.push(RankedSeat {
            seat: seat.clone(),
            rank,
            brier,
            ci95: f.ci95,
            vs_coin: VsCoin::of(f.ci95),
            bss_clim: f.bss_clim,
            n: f.n,
        });
    }
    let consensus = doc
        .consensus
        .get(horizon)
        .and_then(|c| Some((c.brier?, c.ci95, VsCoin::of(c.ci95))));
    let above: Vec<_> = doc
        .n_eff
        .iter()
        .filter_map(|r| {
            let (rho, n_eff) = (r.reading.rho?, r.reading.n_eff?);
            (n_eff > r.reading.n as f64).then_some((r, rho, n_eff))
        })
        .collect();
    let neff_above_seats =
        above
            .iter()
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(r, rho, n_eff)| NeffAboveSeats {
                run_id: r.run_id.clone(),
                horizon: r.horizon.clone(),
                n: r.reading.n,
                rho: *rho,
                n_eff: *n_eff,
                readings: above.len(),
            });
    Some(Takeaway {
        horizon: horizon.to_string(),
        seats,
        consensus,
        vs_climatology: ConsensusVsClimatology::of(&doc.primary_endpoint),
        neff_above_seats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A seat's name, Brier and 95% interval.
    type SeatFigures<'a> = (&'a str, Option<f64>, Option<(f64, f64)>);

    /// A stats document with the given 1d seats `(name, brier, ci95)`, n_eff readings
    /// `(n, rho, n_eff)` and endpoint, every other section empty.
    fn doc(
        seats: &[SeatFigures],
        readings: &[(usize, f64, f64)],
        endpoint: serde_json::Value,
    ) -> LeagueStats {
        let rule = json!({"horizon_sessions": 1, "sessions": 30, "first_interval_at": 5, "methods": [], "reason": null});
        let seat = |brier: Option<f64>, ci: Option<(f64, f64)>| {
            json!({"1d": {
                "brier": brier, "brier_ex_draw": brier, "dropped_draws": 0, "n": 40, "sessions": 30,
                "coverage": 1.0, "service": brier, "explicit_50": 0, "counted_50": 0, "unstated": 0,
                "no_answer": 0, "bss_coin": {"value": null, "n": 40, "ci95": null, "reason": null},
                "bss_clim": 0.02, "bss_clim_ex_draw": null, "n_clim": 40, "bss_crowd": null,
                "k": null, "k_clim": null, "hit_rate": {"hits": 0, "n": 0, "rate": null},
                "calibration": [], "logistic": null, "logistic_note": null, "ranked": true,
                "interval": rule, "ci95": ci, "ci95_method": null, "consensus_value": null,
                "consensus_value_n": 0}})
        };
        let n_eff: Vec<_> = readings
            .iter()
            .enumerate()
            .map(|(i, (n, rho, ne))| json!({"run_id": format!("r{i}"), "session": "2026-11-02", "horizon": "1d", "n": n, "pairs": 1, "undefined_pairs": 0, "rho": rho, "n_eff": ne, "note": null}))
            .collect();
        let v = json!({
            "seats": seats.iter().map(|(s, b, ci)| (s.to_string(), seat(*b, *ci))).collect::<serde_json::Map<_, _>>(),
            "grid": {}, "consensus": {}, "n_eff": n_eff, "n_eff_mean_rho": {},
            "independence": {"roster": {"seats": [], "source": null, "note": null}, "groups": [],
                "climatology": false, "runs": [],
                "shadow": {"window": [], "weights": null, "note": null}, "funnel": []},
            "primary_endpoint": endpoint, "time_basis": "same_event", "climatology_sha256_ok": null,
            "rows": 0, "excluded_after_reference": 0, "crowd": null, "book_agreement": null,
            "rows_from": "forecasts",
        });
        serde_json::from_value(v).expect("a stats document")
    }

    fn endpoint(verdict: Option<&str>) -> serde_json::Value {
        json!({"estimate": 0.012, "sessions": 30, "ci95": [0.004, 0.02], "ci90": [0.005, 0.019],
            "verdict": verdict, "confirmed_below_margin": false,
            "config": {"block": 5, "reps": 10000, "seed": 20261102, "margin": 0.01},
            "note": null, "gains": []})
    }

    /// A baseline seat is a benchmark, not a ranked council seat (§4.5): the climatology seat
    /// beating the coin says nothing of the council.
    #[test]
    fn baselines_are_not_ranked() {
        let mut d = doc(
            &[
                ("alpha", Some(0.24), Some((0.22, 0.26))),
                ("climatology", Some(0.2), Some((0.18, 0.22))),
            ],
            &[],
            endpoint(None),
        );
        d.seats
            .get_mut("climatology")
            .unwrap()
            .get_mut("1d")
            .unwrap()
            .baseline = true;
        let t = takeaway(&d).unwrap();
        let seats: Vec<&str> = t.seats.iter().map(|s| s.seat.as_str()).collect();
        assert_eq!(seats, ["alpha"]);
        assert!(t.against_coin(VsCoin::Beat).is_empty());
    }

    #[test]
    fn seats_are_ranked_by_brier_and_only_intervals_beat_the_coin() {
        let d = doc(
            &[
                ("alpha", Some(0.24), Some((0.22, 0.26))),
                ("beta", Some(0.20), Some((0.18, 0.22))),
                ("gamma", Some(0.30), Some((0.27, 0.33))),
                ("delta", None, None),
                ("eps", Some(0.245), None),
            ],
            &[],
            endpoint(Some("confirmed")),
        );
        let t = takeaway(&d).unwrap();
        assert_eq!(t.horizon, "1d");
        let order: Vec<(&str, usize, VsCoin)> = t
            .seats
            .iter()
            .map(|s| (s.seat.as_str(), s.rank, s.vs_coin))
            .collect();
        assert_eq!(
            order,
            [
                ("beta", 1, VsCoin::Beat),
                ("alpha", 2, VsCoin::NotSeparated),
                ("eps", 3, VsCoin::NoInterval),
                ("gamma", 4, VsCoin::Lost),
            ],
            "an estimate under 0.25 whose interval reaches 0.25 has not beaten the coin"
        );
        let names: Vec<&str> = ranked(&d, "1d").iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            names,
            ["beta", "alpha", "eps", "gamma", "delta"],
            "no Brier: last"
        );
        assert_eq!(t.vs_climatology.reading, ClimReading::Better);
        assert_eq!(t.neff_above_seats, None);
    }

    #[test]
    fn the_consensus_against_the_climatology_says_what_its_interval_supports() {
        let read = |verdict: Option<&str>, ci95: (f64, f64)| {
            let mut e = endpoint(verdict);
            e["ci95"] = json!([ci95.0, ci95.1]);
            takeaway(&doc(&[("a", Some(0.2), None)], &[], e))
                .unwrap()
                .vs_climatology
                .reading
        };
        assert_eq!(read(Some("confirmed"), (0.004, 0.02)), ClimReading::Better);
        assert_eq!(
            read(Some("no_material_gain"), (-0.004, 0.006)),
            ClimReading::NoMaterialGain
        );
        assert_eq!(
            read(Some("inconclusive"), (-0.02, 0.01)),
            ClimReading::NotSeparated
        );
        assert_eq!(
            read(Some("inconclusive"), (-0.03, -0.011)),
            ClimReading::Worse,
            "an interval wholly below zero says the consensus did worse"
        );
        assert_eq!(read(None, (0.0, 0.0)), ClimReading::NoVerdict);
    }

    #[test]
    fn equal_scores_share_a_rank_and_no_score_gives_no_takeaway() {
        let d = doc(
            &[
                ("b", Some(0.2), None),
                ("a", Some(0.2), None),
                ("c", Some(0.21), None),
            ],
            &[],
            endpoint(None),
        );
        let t = takeaway(&d).unwrap();
        let ranks: Vec<(&str, usize)> = t.seats.iter().map(|s| (s.seat.as_str(), s.rank)).collect();
        assert_eq!(ranks, [("a", 1), ("b", 1), ("c", 3)]);
        assert_eq!(
            takeaway(&doc(&[("a", None, None)], &[], endpoint(None))),
            None
        );
    }

    #[test]
    fn an_neff_above_its_seats_is_named_with_its_negative_rho() {
        let d = doc(
            &[("a", Some(0.2), None)],
            &[(7, 0.3, 2.3), (7, -0.1, 17.5), (6, -0.183, 57.0)],
            endpoint(None),
        );
        let above = takeaway(&d).unwrap().neff_above_seats.unwrap();
        assert_eq!(
            (above.run_id.as_str(), above.n, above.n_eff, above.readings),
            ("r2", 6, 57.0, 2)
        );
        assert!(above.rho < 0.0);
    }
}
