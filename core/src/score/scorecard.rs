//! The registered-predictions scorecard (spec §8.4): Brier on resolved predictions, the
//! resolved share, the worst-case bound and the skill score against a flat 0.5.

use serde::Serialize;

/// A registered prediction's state on a scorecard's date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    True,
    NotTrue,
    /// Its check date is after the scorecard's.
    NotDue,
    /// Past its date and not computable (missing sample, file or field): never a success.
    Unresolved,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Registered {
    /// Registered probability (0-1) that the prediction is true, given it resolves.
    pub p: f64,
    pub state: State,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Scorecard {
    pub resolved: usize,
    /// Predictions past their date (resolved or not).
    pub past_due: usize,
    pub brier_resolved: Option<f64>,
    pub resolved_share: Option<f64>,
    /// Every unresolved past-due prediction adds max(p^2, (1-p)^2); all past-due predictions
    /// in the denominator.
    pub worst_case: Option<f64>,
    /// 1 - Brier / 0.25 on the resolved predictions.
    pub bss_vs_half: Option<f64>,
}

pub fn scorecard(preds: &[Registered]) -> Scorecard {
    let (mut resolved, mut past_due, mut sum_resolved, mut sum_worst) = (0usize, 0usize, 0.0, 0.0);
    for r in preds {
        match r.state {
            State::True | State::NotTrue => {
                let o = if r.state == State::True { 1.0 } else { 0.0 };
                let b = (r.p - o) * (r.p - o);
                resolved += 1;
                past_due += 1;
                sum_resolved += b;
                sum_worst += b;
            }
            State::Unresolved => {
                past_due += 1;
                sum_worst += (r.p * r.p).max((1.0 - r.p) * (1.0 - r.p));
            }
            State::NotDue => {}
        }
    }
    let brier_resolved = (resolved > 0).then(|| sum_resolved / resolved as f64);
    Scorecard {
        resolved,
        past_due,
        brier_resolved,
        resolved_share: (past_due > 0).then(|| resolved as f64 / past_due as f64),
        worst_case: (past_due > 0).then(|| sum_worst / past_due as f64),
        bss_vs_half: brier_resolved.map(|b| 1.0 - b / 0.25),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card() {
        let c = scorecard(&[
            Registered { p: 0.8, state: State::True },
            Registered { p: 0.3, state: State::NotTrue },
            Registered { p: 0.6, state: State::Unresolved },
            Registered { p: 0.9, state: State::NotDue },
        ]);
        assert_eq!((c.resolved, c.past_due), (2, 3));
        assert!((c.brier_resolved.unwrap() - 0.065).abs() < 1e-15);
        assert!((c.worst_case.unwrap() - (0.04 + 0.09 + 0.36) / 3.0).abs() < 1e-15);
        assert!((c.bss_vs_half.unwrap() - (1.0 - 0.065 / 0.25)).abs() < 1e-12);
        assert_eq!(c.resolved_share, Some(2.0 / 3.0));
    }
}
