//! Bootstraps: iid, session-cluster and moving/circular block resampling with numpy-identical
//! draws, and percentile intervals.
//!
//! Spec seed 000 §4.6 (session-cluster bootstrap, blocks of at least h sessions for an h-session
//! horizon; Künsch 1989) and §8 (moving block bootstrap over sessions, block 5, 10,000 resamples,
//! seed 20261102, percentile intervals).
//!
//! Resampling semantics are those of the `arch` package, which draws from the same
//! `default_rng(seed)`:
//! * iid (`IIDBootstrap`): `rng.integers(0, n, size=n)`.
//! * moving block (`MovingBlockBootstrap`, Künsch's non-circular scheme, which is what the
//!   spec's "moving block bootstrap" names): `ceil(n/b)` block starts from
//!   `rng.integers(0, n - b + 1, size=ceil(n/b))`, each expanded to `start..start+b`,
//!   concatenated and cut to n.
//! * circular block (`CircularBlockBootstrap`): starts from `rng.integers(0, n, ...)`, indices
//!   taken modulo n; offered for comparison, not used by the primary endpoint.
//!
//! Each replicate's statistic is computed with numpy's summation order
//! ([`super::numpy_reduce`]), so `np.mean(x[idx])` in a Python script gives the same bits.

use serde::{Deserialize, Serialize};

use super::numpy_reduce;
use super::rng::Generator;

/// The resampling scheme of a bootstrap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "scheme")]
pub enum Resampling {
    /// Independent draws of single items (or of whole clusters, see [`cluster_bootstrap_mean`]).
    Iid,
    /// Künsch's moving blocks of `block` consecutive items, not wrapping around.
    MovingBlock {
        /// Consecutive items per block (at least 1, at most the series length).
        block: usize,
    },
    /// Blocks that wrap around the end of the series.
    CircularBlock {
        /// Consecutive items per block, wrapping from the last item to the first.
        block: usize,
    },
}

/// Upper bound on resamples, so a hostile parameter cannot ask for unbounded work.
pub const MAX_REPS: usize = 1_000_000;

/// Why a bootstrap cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BootstrapError {
    /// Nothing to resample.
    Empty,
    /// Block length 0 or longer than the series.
    BadBlock {
        /// The block length asked for.
        block: usize,
        /// Length of the series.
        n: usize,
    },
    /// Zero resamples or more than [`MAX_REPS`].
    BadReps {
        /// The number of resamples asked for.
        reps: usize,
    },
    /// A value is NaN or infinite (item index given).
    NotFinite {
        /// Zero-based position of the value in the input.
        index: usize,
    },
}

impl std::fmt::Display for BootstrapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BootstrapError::Empty => write!(f, "bootstrap: no observations"),
            BootstrapError::BadBlock { block, n } => {
                write!(
                    f,
                    "bootstrap: block length {block} must be between 1 and the series length {n}"
                )
            }
            BootstrapError::BadReps { reps } => {
                write!(
                    f,
                    "bootstrap: {reps} resamples requested, need 1..={MAX_REPS}"
                )
            }
            BootstrapError::NotFinite { index } => {
                write!(f, "bootstrap: observation {index} is not finite")
            }
        }
    }
}

impl std::error::Error for BootstrapError {}

impl Resampling {
    fn check(&self, n: usize) -> Result<(), BootstrapError> {
        if n == 0 {
            return Err(BootstrapError::Empty);
        }
        match *self {
            Resampling::Iid => Ok(()),
            Resampling::MovingBlock { block } | Resampling::CircularBlock { block } => {
                if block == 0 || block > n {
                    Err(BootstrapError::BadBlock { block, n })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Draw one resample of `0..n` into `out` (cleared first), consuming `rng` as `arch` does.
    pub fn draw(&self, rng: &mut Generator, n: usize, out: &mut Vec<usize>) {
        out.clear();
        match *self {
            Resampling::Iid => out.extend((0..n).map(|_| rng.index(n))),
            Resampling::MovingBlock { block } => {
                // Each start expanded as it is drawn: the same draws in the same order as
                // drawing every start first, with no buffer per resample.
                for _ in 0..n.div_ceil(block) {
                    let s = rng.index(n - block + 1);
                    out.extend(s..s + block);
                }
                out.truncate(n);
            }
            Resampling::CircularBlock { block } => {
                for _ in 0..n.div_ceil(block) {
                    let s = rng.index(n);
                    out.extend((s..s + block).map(|i| i % n));
                }
                out.truncate(n);
            }
        }
    }
}

/// Run `reps` resamples of `0..n` from `default_rng(seed)` and return `stat(indices)` for each.
pub fn bootstrap<F: FnMut(&[usize]) -> f64>(
    n: usize,
    scheme: Resampling,
    reps: usize,
    seed: u64,
    mut stat: F,
) -> Result<Vec<f64>, BootstrapError> {
    scheme.check(n)?;
    if reps == 0 || reps > MAX_REPS {
        return Err(BootstrapError::BadReps { reps });
    }
    let mut rng = Generator::default_rng(u128::from(seed));
    let mut idx = Vec::with_capacity(n);
    Ok((0..reps)
        .map(|_| {
            scheme.draw(&mut rng, n, &mut idx);
            stat(&idx)
        })
        .collect())
}

fn check_finite(data: &[f64]) -> Result<(), BootstrapError> {
    match data.iter().position(|x| !x.is_finite()) {
        Some(index) => Err(BootstrapError::NotFinite { index }),
        None => Ok(()),
    }
}

/// Bootstrap replicates of the mean, each `np.mean(x[idx])`.
pub fn bootstrap_mean(
    data: &[f64],
    scheme: Resampling,
    reps: usize,
    seed: u64,
) -> Result<Vec<f64>, BootstrapError> {
    check_finite(data)?;
    let mut buf = Vec::with_capacity(data.len());
    bootstrap(data.len(), scheme, reps, seed, |idx| {
        buf.clear();
        buf.extend(idx.iter().map(|&i| data[i]));
        numpy_reduce::sum(&buf) / buf.len() as f64
    })
}

/// Session-cluster bootstrap of a pooled mean (§4.6: "each day's 12 markets as one cluster"):
/// sessions are drawn iid with `rng.integers(0, S, size=S)` and each replicate is the mean of
/// all rows of the drawn sessions, `np.concatenate([rows[s] for s in idx]).mean()`.
/// Empty clusters are allowed (they add no rows); a replicate with no rows at all is NaN.
pub fn cluster_bootstrap_mean(
    clusters: &[Vec<f64>],
    reps: usize,
    seed: u64,
) -> Result<Vec<f64>, BootstrapError> {
    for c in clusters {
        check_finite(c)?;
    }
    let mut buf = Vec::new();
    bootstrap(clusters.len(), Resampling::Iid, reps, seed, |idx| {
        buf.clear();
        for &i in idx {
            buf.extend_from_slice(&clusters[i]);
        }
        if buf.is_empty() {
            f64::NAN
        } else {
            numpy_reduce::sum(&buf) / buf.len() as f64
        }
    })
}

/// A two-sided percentile interval of bootstrap replicates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PercentileInterval {
    /// Coverage as a fraction in (0, 1), e.g. 0.95.
    pub level: f64,
    /// Lower end: the replicates' `50 - 50*level` percentile (numpy linear interpolation).
    pub lo: f64,
    /// Upper end: the replicates' `50 + 50*level` percentile.
    pub hi: f64,
}

/// `np.percentile(replicates, [50 - 50*level, 50 + 50*level])` — [2.5, 97.5] for 0.95 and
/// [5, 95] for 0.90 exactly. `None` if there are no replicates, any is NaN, or the level is not
/// in (0, 1).
pub fn percentile_interval(replicates: &[f64], level: f64) -> Option<PercentileInterval> {
    if !(level > 0.0 && level < 1.0)
        || replicates.is_empty()
        || replicates.iter().any(|x| x.is_nan())
    {
        return None;
    }
    let mut sorted = replicates.to_vec();
    sorted.sort_by(f64::total_cmp);
    percentile_interval_sorted(&sorted, level)
}

/// [`percentile_interval`] on replicates already sorted ascending (sort once, read many levels).
pub fn percentile_interval_sorted(sorted: &[f64], level: f64) -> Option<PercentileInterval> {
    if !(level > 0.0 && level < 1.0) {
        return None;
    }
    let half = 50.0 * level;
    Some(PercentileInterval {
        level,
        lo: numpy_reduce::percentile_sorted(sorted, 50.0 - half)?,
        hi: numpy_reduce::percentile_sorted(sorted, 50.0 + half)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_blocks_are_consecutive_and_cut() {
        let mut rng = Generator::default_rng(1);
        let mut out = Vec::new();
        Resampling::MovingBlock { block: 3 }.draw(&mut rng, 7, &mut out);
        assert_eq!(out.len(), 7);
        assert!(out.iter().all(|&i| i < 7));
        assert_eq!(out[1], out[0] + 1);
        assert_eq!(out[2], out[0] + 2);
        assert!(out[0] <= 4);
    }

    #[test]
    fn rejects_bad_parameters() {
        assert_eq!(
            bootstrap_mean(&[], Resampling::Iid, 10, 1),
            Err(BootstrapError::Empty)
        );
        assert_eq!(
            bootstrap_mean(&[1.0, 2.0], Resampling::MovingBlock { block: 3 }, 10, 1),
            Err(BootstrapError::BadBlock { block: 3, n: 2 })
        );
        assert_eq!(
            bootstrap_mean(&[1.0], Resampling::Iid, 0, 1),
            Err(BootstrapError::BadReps { reps: 0 })
        );
        assert_eq!(
            bootstrap_mean(&[f64::NAN], Resampling::Iid, 1, 1),
            Err(BootstrapError::NotFinite { index: 0 })
        );
    }

    #[test]
    fn percentile_levels_are_exact() {
        assert_eq!(50.0 - 50.0 * 0.95, 2.5);
        assert_eq!(50.0 + 50.0 * 0.95, 97.5);
        assert_eq!(50.0 - 50.0 * 0.90, 5.0);
        assert_eq!(50.0 + 50.0 * 0.90, 95.0);
        let r: Vec<f64> = (0..101).map(f64::from).collect();
        let ci = percentile_interval(&r, 0.9).unwrap();
        assert_eq!((ci.lo, ci.hi), (5.0, 95.0));
    }
}
