//! How a reader reads an account's figures (spec §4.7-4.8): what each passive benchmark holds,
//! from its definition in the rules (the name `_world` or `_cash` is the protocol's label, not
//! a description), and what a Sharpe or Sortino ratio covers: the trailing
//! `metrics_sessions` daily returns, while the return beside it runs from the first session.
//! A cash account's ratio is not shown: its daily returns are the cash rate, nearly constant,
//! and a mean divided by their tiny spread gives a large number that measures nothing. A ratio
//! whose sign differs from the return's is flagged: the window gained while the whole period
//! lost (or the reverse).

use super::protocol::Benchmark;
use serde::{Deserialize, Serialize};

/// What a passive benchmark holds, from its definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "holds", rename_all = "snake_case")]
pub enum BenchmarkKind {
    /// No fund: cash only, earning the cash rate when the rules name one.
    Cash,
    /// Fixed weights by fund symbol (basis points, largest first), bought at the first session
    /// and held.
    Hold {
        /// (fund symbol, weight in basis points of equity), largest absolute weight first.
        weights_bp: Vec<(String, i64)>,
    },
    /// `funds` funds drawn at random every session (seeded).
    Random {
        /// Funds drawn each session.
        funds: u32,
    },
}

impl BenchmarkKind {
    /// The kind of `b` as the rules define it.
    pub fn of(b: &Benchmark) -> BenchmarkKind {
        match (&b.weights_bp, b.random_funds) {
            (Some(w), _) if w.values().all(|x| *x == 0) => BenchmarkKind::Cash,
            (Some(w), _) => {
                let mut weights_bp: Vec<(String, i64)> = w
                    .iter()
                    .filter(|(_, x)| **x != 0)
                    .map(|(s, x)| (s.clone(), *x))
                    .collect();
                weights_bp.sort_by(|a, b| b.1.abs().cmp(&a.1.abs()).then(a.0.cmp(&b.0)));
                BenchmarkKind::Hold { weights_bp }
            }
            (None, Some(funds)) => BenchmarkKind::Random { funds },
            (None, None) => BenchmarkKind::Cash,
        }
    }
}

/// What a Sharpe or Sortino cell shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shown", rename_all = "snake_case")]
pub enum RatioReading {
    /// The ratio over the trailing `window` sessions; `against_return` when its sign differs
    /// from the return since the start's.
    Over {
        /// The ratio, annualised by sqrt(252).
        value: f64,
        /// Trailing sessions the ratio covers (`metrics_sessions`).
        window: u32,
        /// Whether its sign differs from the return since the start.
        against_return: bool,
    },
    /// A cash account: no ratio.
    Cash,
    /// Fewer sessions than the window: no ratio yet.
    TooFew {
        /// Sessions the account has so far.
        sessions: usize,
        /// Sessions the ratio needs (`metrics_sessions`).
        window: u32,
    },
    /// The window's returns have no spread (or no finite ratio): none.
    Undefined {
        /// Trailing sessions of the window.
        window: u32,
    },
}

impl RatioReading {
    /// The reading of `value` (the engine's ratio) for an account of `kind` with `sessions`
    /// sessions and return `ret` since the start, under a window of `window` sessions.
    pub fn of(
        value: Option<f64>,
        kind: Option<&BenchmarkKind>,
        sessions: usize,
        window: u32,
        ret: f64,
    ) -> RatioReading {
        if kind == Some(&BenchmarkKind::Cash) {
            return RatioReading::Cash;
        }
        match value {
            Some(v) => RatioReading::Over {
                value: v,
                window,
                against_return: (v > 0.0 && ret < 0.0) || (v < 0.0 && ret > 0.0),
            },
            None if sessions < window as usize => RatioReading::TooFew { sessions, window },
            None => RatioReading::Undefined { window },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench(weights: Option<&[(&str, i64)]>, random: Option<u32>) -> Benchmark {
        Benchmark {
            name: "_x".into(),
            weights_bp: weights.map(|w| w.iter().map(|(s, x)| (s.to_string(), *x)).collect()),
            random_funds: random,
            seed: random.map(|_| 7),
        }
    }

    #[test]
    fn a_benchmark_is_read_from_its_definition() {
        assert_eq!(
            BenchmarkKind::of(&bench(Some(&[]), None)),
            BenchmarkKind::Cash
        );
        assert_eq!(
            BenchmarkKind::of(&bench(Some(&[("IEF", 4_000), ("SPY", 6_000)]), None)),
            BenchmarkKind::Hold {
                weights_bp: vec![("SPY".into(), 6_000), ("IEF".into(), 4_000)]
            }
        );
        assert_eq!(
            BenchmarkKind::of(&bench(Some(&[("SPY", -10_000)]), None)),
            BenchmarkKind::Hold {
                weights_bp: vec![("SPY".into(), -10_000)]
            }
        );
        assert_eq!(
            BenchmarkKind::of(&bench(None, Some(5))),
            BenchmarkKind::Random { funds: 5 }
        );
    }

    #[test]
    fn a_ratio_states_its_window_and_cash_has_none() {
        let hold = BenchmarkKind::Hold {
            weights_bp: vec![("SPY".into(), 10_000)],
        };
        assert_eq!(
            RatioReading::of(Some(27.7), Some(&BenchmarkKind::Cash), 40, 20, 0.004),
            RatioReading::Cash
        );
        assert_eq!(
            RatioReading::of(Some(1.4), Some(&hold), 40, 20, -0.03),
            RatioReading::Over {
                value: 1.4,
                window: 20,
                against_return: true
            }
        );
        assert_eq!(
            RatioReading::of(Some(1.4), None, 40, 20, 0.03),
            RatioReading::Over {
                value: 1.4,
                window: 20,
                against_return: false
            }
        );
        assert_eq!(
            RatioReading::of(None, None, 12, 20, 0.0),
            RatioReading::TooFew {
                sessions: 12,
                window: 20
            }
        );
        assert_eq!(
            RatioReading::of(None, None, 40, 20, 0.0),
            RatioReading::Undefined { window: 20 }
        );
    }
}
