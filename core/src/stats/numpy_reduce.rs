//! numpy's float64 reductions, bit for bit: `np.sum` (pairwise summation), `np.mean`,
//! `np.std`/`np.var` with `ddof`, and `np.percentile` with the default 'linear' method.
//!
//! The statistics of spec seed 000 §4.6 and §8 are defined by scripts that call numpy; matching
//! its summation order makes every bootstrap replicate, and so every percentile interval, equal
//! to the Python script's to the last bit rather than to a tolerance.

/// numpy's `pairwise_sum_DOUBLE`: blocks of 8 accumulators up to 128 items, halving above.
pub fn pairwise_sum(a: &[f64]) -> f64 {
    const BLOCK: usize = 128;
    let n = a.len();
    if n < 8 {
        // numpy starts this loop at -0.0 (the additive identity that keeps -0.0 sums).
        let mut res = -0.0;
        for &x in a {
            res += x;
        }
        res
    } else if n <= BLOCK {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&a[..8]);
        let mut i = 8;
        while i < n - (n % 8) {
            for j in 0..8 {
                r[j] += a[i + j];
            }
            i += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        while i < n {
            res += a[i];
            i += 1;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        pairwise_sum(&a[..n2]) + pairwise_sum(&a[n2..])
    }
}

/// `np.sum(a)` for a contiguous float64 array.
pub fn sum(a: &[f64]) -> f64 {
    pairwise_sum(a)
}

/// `np.mean(a)`; `None` for an empty slice (numpy returns nan with a warning).
pub fn mean(a: &[f64]) -> Option<f64> {
    if a.is_empty() {
        None
    } else {
        Some(sum(a) / a.len() as f64)
    }
}

/// `np.var(a, ddof=ddof)`; `None` when `len(a) <= ddof`.
pub fn var(a: &[f64], ddof: usize) -> Option<f64> {
    if a.len() <= ddof {
        return None;
    }
    let m = mean(a)?;
    let sq: Vec<f64> = a
        .iter()
        .map(|&x| {
            let d = x - m;
            d * d
        })
        .collect();
    Some(sum(&sq) / (a.len() - ddof) as f64)
}

/// `np.std(a, ddof=ddof)`.
pub fn std(a: &[f64], ddof: usize) -> Option<f64> {
    var(a, ddof).map(f64::sqrt)
}

/// `np.median(a)` (mean of the two middle values for an even count); `None` if empty or NaN.
pub fn median(a: &[f64]) -> Option<f64> {
    let mut v = a.to_vec();
    if v.is_empty() || v.iter().any(|x| x.is_nan()) {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    // numpy takes the mean of the middle one or two values.
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// `np.percentile(a, q)` with the default 'linear' method (Hyndman & Fan type 7), for one
/// `q` in percent. `None` for an empty input, a NaN in it, or `q` outside [0, 100].
pub fn percentile(a: &[f64], q: f64) -> Option<f64> {
    let mut sorted = a.to_vec();
    if sorted.is_empty() || sorted.iter().any(|x| x.is_nan()) {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    percentile_sorted(&sorted, q)
}

/// [`percentile`] on data already sorted ascending (no NaN).
pub fn percentile_sorted(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() || !(0.0..=100.0).contains(&q) {
        return None;
    }
    let n = sorted.len();
    let quantile = q / 100.0;
    let virtual_index = (n - 1) as f64 * quantile;
    let (prev, next) = if virtual_index >= (n - 1) as f64 {
        (n - 1, n - 1)
    } else {
        let p = virtual_index.floor() as usize;
        (p, p + 1)
    };
    let gamma = virtual_index - virtual_index.floor();
    let (a, b) = (sorted[prev], sorted[next]);
    // numpy `_lerp`: a + (b - a) * t, or b - (b - a) * (1 - t) when t >= 0.5.
    let diff = b - a;
    Some(if gamma >= 0.5 {
        b - diff * (1.0 - gamma)
    } else {
        a + diff * gamma
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_endpoints_and_midpoints() {
        let a = [3.0, 1.0, 2.0, 4.0];
        assert_eq!(percentile(&a, 0.0), Some(1.0));
        assert_eq!(percentile(&a, 100.0), Some(4.0));
        assert_eq!(percentile(&a, 50.0), Some(2.5));
        assert_eq!(median(&[3.0, 1.0, 2.0, 10.0]), Some(2.5));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(percentile(&a, 101.0), None);
    }

    #[test]
    fn sums_small_and_large() {
        assert_eq!(sum(&[1.0, 2.0, 3.0]), 6.0);
        let v: Vec<f64> = (1..=1000).map(f64::from).collect();
        assert_eq!(sum(&v), 500500.0);
        assert_eq!(mean(&[]), None);
        assert_eq!(var(&[1.0], 1), None);
        assert_eq!(std(&[1.0, 3.0], 1), Some(2f64.sqrt()));
    }
}
