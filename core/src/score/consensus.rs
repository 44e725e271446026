//! The council's consensus (spec §4.5, §5.3) and the Krogh-Vedelsby decomposition of its
//! Brier score.
//!
//! The consensus of one event is the weighted mean of the stated probabilities (counted-50
//! fills excluded) with three rules: with five or more answers the single highest and the
//! single lowest are dropped; among the remaining answers, in roster order, the first seat of
//! a family weighs 1 and every further seat of that family 1/3; the result is clamped to
//! 2-98%. Ties for highest or lowest drop the first such answer in roster order.

use serde::{Deserialize, Serialize};

/// Answers needed before the highest and lowest are trimmed.
pub const TRIM_FROM: usize = 5;
/// Weight of a family's second and later seats.
pub const LATER_FAMILY_SEAT_WEIGHT: f64 = 1.0 / 3.0;
/// The clamp, percent.
pub const CLAMP_PCT: (f64, f64) = (2.0, 98.0);

/// One stated answer to the event, in roster order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer<'a> {
    pub seat: &'a str,
    pub family: &'a str,
    pub p_pct: f64,
}

/// A consensus and the members it kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Consensus {
    /// The published consensus, clamped to 2-98.
    pub p_pct: f64,
    /// The weighted mean before the clamp.
    pub unclamped_pct: f64,
    /// Answers given (before trimming).
    pub n_answers: usize,
    /// (index into the answers, normalised weight) of every kept member.
    pub members: Vec<(usize, f64)>,
    /// Indices of the trimmed highest and lowest answers.
    pub trimmed: Option<(usize, usize)>,
}

/// The consensus of `answers` (stated probabilities only), None when there is none.
pub fn consensus(answers: &[Answer<'_>]) -> Option<Consensus> {
    weighted_consensus(answers, &|_| 1.0)
}

/// The consensus with a further weight per seat multiplying the family weight, renormalised
/// over the kept answers; trim, family weights and clamp are the published consensus' (the
/// shadow consensus of §5.3, whose inverse-correlation weights `core::neff` computes).
/// None when there are no answers or every kept weight is zero.
pub fn weighted_consensus(
    answers: &[Answer<'_>],
    seat_weight: &dyn Fn(&str) -> f64,
) -> Option<Consensus> {
    if answers.is_empty() {
        return None;
    }
    let mut keep: Vec<usize> = (0..answers.len()).collect();
    let mut trimmed = None;
    if answers.len() >= TRIM_FROM {
        let hi = first_extreme(answers, &keep, |a, b| a > b);
        keep.retain(|&i| i != hi);
        let lo = first_extreme(answers, &keep, |a, b| a < b);
        keep.retain(|&i| i != lo);
        trimmed = Some((hi, lo));
    }
    let mut seen_families: Vec<&str> = Vec::new();
    let mut raw: Vec<(usize, f64)> = Vec::with_capacity(keep.len());
    for i in keep {
        let fam = answers[i].family;
        let w = if seen_families.contains(&fam) {
            LATER_FAMILY_SEAT_WEIGHT
        } else {
            1.0
        };
        seen_families.push(fam);
        raw.push((i, w * seat_weight(answers[i].seat)));
    }
    let total: f64 = raw.iter().map(|(_, w)| w).sum();
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    let members: Vec<(usize, f64)> = raw.into_iter().map(|(i, w)| (i, w / total)).collect();
    let unclamped: f64 = members.iter().map(|&(i, w)| w * answers[i].p_pct).sum();
    Some(Consensus {
        p_pct: unclamped.clamp(CLAMP_PCT.0, CLAMP_PCT.1),
        unclamped_pct: unclamped,
        n_answers: answers.len(),
        members,
        trimmed,
    })
}

fn first_extreme(
    answers: &[Answer<'_>],
    among: &[usize],
    better: impl Fn(f64, f64) -> bool,
) -> usize {
    let mut best = among[0];
    for &i in &among[1..] {
        if better(answers[i].p_pct, answers[best].p_pct) {
            best = i;
        }
    }
    best
}

/// The Krogh-Vedelsby identity for one event (§4.5), in probability units:
/// `(p̄ - o)^2 = sum w_i (p_i - o)^2 - sum w_i (p_i - p̄)^2` with p̄ the unclamped mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct KroghVedelsby {
    /// Brier of the unclamped weighted mean.
    pub ensemble: f64,
    /// Brier of the published (clamped) consensus.
    pub published: f64,
    /// Weighted mean of the kept members' Brier scores.
    pub members: f64,
    /// Weighted dispersion of the kept members around the mean.
    pub dispersion: f64,
}

pub fn krogh_vedelsby(c: &Consensus, answers: &[Answer<'_>], up: bool) -> KroghVedelsby {
    let o = if up { 1.0 } else { 0.0 };
    let pbar = c.unclamped_pct / 100.0;
    let mut members = 0.0;
    let mut dispersion = 0.0;
    for &(i, w) in &c.members {
        let p = answers[i].p_pct / 100.0;
        members += w * (p - o) * (p - o);
        dispersion += w * (p - pbar) * (p - pbar);
    }
    KroghVedelsby {
        ensemble: (pbar - o) * (pbar - o),
        published: (c.p_pct / 100.0 - o).powi(2),
        members,
        dispersion,
    }
}

/// A seat's value on one event (§5.3): the published consensus' Brier without the seat
/// minus with it (positive: the seat helps). None when the seat did not answer or no
/// consensus remains without it. Computed after the outcome, it is a description.
pub fn seat_value(answers: &[Answer<'_>], seat: &str, up: bool) -> Option<f64> {
    if !answers.iter().any(|a| a.seat == seat) {
        return None;
    }
    let without: Vec<Answer> = answers.iter().copied().filter(|a| a.seat != seat).collect();
    let with = krogh_vedelsby(&consensus(answers)?, answers, up).published;
    let wo = krogh_vedelsby(&consensus(&without)?, &without, up).published;
    Some(wo - with)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a<'a>(seat: &'a str, family: &'a str, p: f64) -> Answer<'a> {
        Answer {
            seat,
            family,
            p_pct: p,
        }
    }

    #[test]
    fn trims_weighs_clamps() {
        // Four answers: no trim, plain mean.
        let four = [
            a("s1", "f1", 40.0),
            a("s2", "f2", 50.0),
            a("s3", "f3", 60.0),
            a("s4", "f4", 70.0),
        ];
        assert_eq!(consensus(&four).unwrap().p_pct, 55.0);
        // Five: drop 90 and 10; the second seat of family f1 weighs 1/3.
        let five = [
            a("s1", "f1", 60.0),
            a("s2", "f1", 30.0),
            a("s3", "f2", 90.0),
            a("s4", "f3", 10.0),
            a("s5", "f4", 60.0),
        ];
        let c = consensus(&five).unwrap();
        assert_eq!(c.trimmed, Some((2, 3)));
        let want = (60.0 + 30.0 / 3.0 + 60.0) / (1.0 + 1.0 / 3.0 + 1.0);
        assert!((c.p_pct - want).abs() < 1e-12);
        // Clamp.
        assert_eq!(consensus(&[a("s", "f", 99.5)]).unwrap().p_pct, 98.0);
        assert_eq!(consensus(&[]), None);
        // Equal answers: two different members are trimmed.
        let same = [
            a("a", "1", 50.0),
            a("b", "2", 50.0),
            a("c", "3", 50.0),
            a("d", "4", 50.0),
            a("e", "5", 50.0),
        ];
        assert_eq!(consensus(&same).unwrap().trimmed, Some((0, 1)));
    }

    #[test]
    fn shadow_weights_renormalise_over_answering_seats() {
        let three = [
            a("s1", "f1", 40.0),
            a("s2", "f2", 60.0),
            a("s3", "f3", 80.0),
        ];
        let w = |seat: &str| match seat {
            "s1" => 2.0,
            "s2" => 1.0,
            _ => 1.0,
        };
        let c = weighted_consensus(&three, &w).unwrap();
        assert!((c.p_pct - (80.0 + 60.0 + 80.0) / 4.0).abs() < 1e-12);
        assert!(weighted_consensus(&three, &|_| 0.0).is_none());
        assert_eq!(weighted_consensus(&three, &|_| 1.0), consensus(&three));
    }

    /// A seat's value (§5.3): the consensus' Brier without it minus with it, same event.
    #[test]
    fn leave_one_out_value() {
        let five = [
            a("s1", "f1", 60.0),
            a("s2", "f2", 55.0),
            a("s3", "f3", 70.0),
            a("s4", "f4", 52.0),
            a("s5", "f5", 58.0),
        ];
        let v = seat_value(&five, "s3", true).unwrap();
        let without: Vec<Answer> = five.iter().copied().filter(|x| x.seat != "s3").collect();
        let want = krogh_vedelsby(&consensus(&without).unwrap(), &without, true).published
            - krogh_vedelsby(&consensus(&five).unwrap(), &five, true).published;
        assert_eq!(v, want);
        assert_eq!(seat_value(&five, "nobody", true), None);
    }

    #[test]
    fn krogh_vedelsby_identity_and_clamp_cost() {
        let five = [
            a("s1", "f1", 62.0),
            a("s2", "f1", 35.0),
            a("s3", "f2", 91.0),
            a("s4", "f3", 12.0),
            a("s5", "f4", 58.0),
        ];
        let c = consensus(&five).unwrap();
        for up in [true, false] {
            let kv = krogh_vedelsby(&c, &five, up);
            assert!((kv.ensemble - (kv.members - kv.dispersion)).abs() < 1e-15);
        }
        // The clamp costs at most 0.0004 on a row (§4.5).
        let c = consensus(&[a("s", "f", 100.0)]).unwrap();
        let kv = krogh_vedelsby(&c, &[a("s", "f", 100.0)], true);
        assert!((kv.published - kv.ensemble - 0.0004).abs() < 1e-15);
    }
}
