//! Special functions the intervals need: the regularized incomplete beta, Student t and Normal
//! distribution functions and quantiles, and exact binomial tails.
//!
//! Every transcendental call goes through the pure-Rust `libm` crate so native and wasm32
//! builds compute the same bits (ARCHITECTURE.md, "Determinism"); `std`'s `exp`/`ln` call the
//! platform's libm natively and would not.

use libm::{erf, erfc, exp, lgamma, log, log1p};

/// ln |Gamma(x)|.
pub fn ln_gamma(x: f64) -> f64 {
    lgamma(x)
}

/// ln B(a, b).
pub fn ln_beta(a: f64, b: f64) -> f64 {
    lgamma(a) + lgamma(b) - lgamma(a + b)
}

/// Continued fraction for the incomplete beta (modified Lentz), valid for x < (a+1)/(a+b+2).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    const EPS: f64 = 1e-16;
    let guard = |v: f64| if v.abs() < TINY { TINY } else { v };
    // One Lentz step with coefficient aa: updates c and d, returns the factor for h.
    let step = |aa: f64, c: &mut f64, d: &mut f64| {
        *d = 1.0 / guard(1.0 + aa * *d);
        *c = guard(1.0 + aa / *c);
        *d * *c
    };
    let mut c = 1.0;
    let mut d = 1.0 / guard(1.0 - (a + b) * x / (a + 1.0));
    let mut h = d;
    for m in 1..=20_000 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        h *= step(
            m * (b - m) * x / ((a - 1.0 + m2) * (a + m2)),
            &mut c,
            &mut d,
        );
        let del = step(
            -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1.0 + m2)),
            &mut c,
            &mut d,
        );
        h *= del;
        if (del - 1.0).abs() < EPS {
            break;
        }
    }
    h
}

/// The regularized incomplete beta I_x(a, b) for a, b > 0 and x in [0, 1].
pub fn reg_inc_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = exp(a * log(x) + b * log1p(-x) - ln_beta(a, b));
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

/// The complement 1 - I_x(a, b), computed without cancellation on the small side.
fn reg_inc_beta_complement(a: f64, b: f64, x: f64) -> f64 {
    reg_inc_beta(b, a, 1.0 - x)
}

/// Student t survival function P(T > t) with `df` degrees of freedom.
pub fn student_t_sf(t: f64, df: f64) -> f64 {
    let x = df / (df + t * t);
    // P(|T| > |t|) = I_x(df/2, 1/2); for t near 0 use the complement form.
    let two_tail = if x < 0.9 {
        reg_inc_beta(df / 2.0, 0.5, x)
    } else {
        1.0 - reg_inc_beta_complement(df / 2.0, 0.5, x)
    };
    if t >= 0.0 {
        0.5 * two_tail
    } else {
        1.0 - 0.5 * two_tail
    }
}

/// Student t distribution function P(T <= t).
pub fn student_t_cdf(t: f64, df: f64) -> f64 {
    student_t_sf(-t, df)
}

/// Student t density.
pub fn student_t_pdf(t: f64, df: f64) -> f64 {
    exp(lgamma((df + 1.0) / 2.0)
        - lgamma(df / 2.0)
        - 0.5 * log(df * std::f64::consts::PI)
        - (df + 1.0) / 2.0 * log1p(t * t / df))
}

/// Standard Normal survival function, as scipy's `ndtr(-z)`: 0.5 * erfc(z / sqrt 2).
pub fn normal_sf(z: f64) -> f64 {
    0.5 * erfc(z * std::f64::consts::FRAC_1_SQRT_2)
}

/// Standard Normal distribution function.
pub fn normal_cdf(z: f64) -> f64 {
    normal_sf(-z)
}

/// Standard Normal distribution function in scipy's `ndtr` form (cephes): 0.5 + 0.5 erf(x) for
/// |x| < 1, else from erfc, x = z / sqrt 2. Used where scipy-identical rounding matters (CRPS).
pub fn normal_cdf_ndtr(z: f64) -> f64 {
    let x = z * std::f64::consts::FRAC_1_SQRT_2;
    let a = x.abs();
    if a < 1.0 {
        0.5 + 0.5 * erf(x)
    } else {
        let y = 0.5 * erfc(a);
        if x > 0.0 {
            1.0 - y
        } else {
            y
        }
    }
}

/// Standard Normal density, as properscoring's `_normpdf`: exp(-z^2/2) / sqrt(2 pi).
pub fn normal_pdf(z: f64) -> f64 {
    1.0 / (2.0 * std::f64::consts::PI).sqrt() * exp(-(z * z) / 2.0)
}

/// Solve `g(x) = target` for x >= 0 with g increasing, g' = `deriv`, by safeguarded Newton
/// inside a bracket grown from [0, 1].
fn solve_increasing(
    target: f64,
    g: impl Fn(f64) -> f64,
    deriv: impl Fn(f64) -> f64,
    start: f64,
) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while g(hi) < target {
        lo = hi;
        hi *= 2.0;
        if hi > 1e300 {
            return f64::INFINITY;
        }
    }
    let mut x = if start > lo && start < hi {
        start
    } else {
        0.5 * (lo + hi)
    };
    for _ in 0..200 {
        let f = g(x) - target;
        if f < 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let d = deriv(x);
        let mut next = if d > 0.0 { x - f / d } else { f64::NAN };
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        if (next - x).abs() <= 1e-15 * next.abs() || hi - lo <= 1e-15 * hi {
            return next;
        }
        x = next;
    }
    x
}

/// Invert a symmetric distribution at p: near the centre solve P(0 < X < x) = |p - 1/2|
/// (exact subtraction, no cancellation), in the tails solve P(X > x) = min(p, 1 - p).
fn symmetric_quantile(
    p: f64,
    centre: impl Fn(f64) -> f64,
    sf: impl Fn(f64) -> f64,
    pdf: impl Fn(f64) -> f64,
    start: f64,
) -> f64 {
    let c = (p - 0.5).abs();
    let x = if c < 0.3 {
        solve_increasing(c, centre, &pdf, start)
    } else {
        let q = if p > 0.5 { 1.0 - p } else { p };
        solve_increasing(-q, |x| -sf(x), &pdf, start)
    };
    if p > 0.5 {
        x
    } else {
        -x
    }
}

/// A quantile's probability was outside (0, 1) or its parameter was not positive.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantileDomain {
    /// The probability asked for.
    pub p: f64,
    /// Degrees of freedom asked for (infinite for the Normal quantile).
    pub df: f64,
}

impl std::fmt::Display for QuantileDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "quantile needs 0 < p < 1 and df > 0 (p {}, df {})",
            self.p, self.df
        )
    }
}

impl std::error::Error for QuantileDomain {}

/// Student t quantile (scipy `t.ppf(p, df)`).
pub fn student_t_ppf(p: f64, df: f64) -> Result<f64, QuantileDomain> {
    if !(p > 0.0 && p < 1.0 && df > 0.0) || df.is_nan() {
        return Err(QuantileDomain { p, df });
    }
    if p == 0.5 {
        return Ok(0.0);
    }
    let start = normal_ppf(p).map(f64::abs).unwrap_or(1.0);
    let half = |t: f64| 0.5 * reg_inc_beta(0.5, df / 2.0, t * t / (df + t * t));
    Ok(symmetric_quantile(
        p,
        half,
        |t| student_t_sf(t, df),
        |t| student_t_pdf(t, df),
        start,
    ))
}

/// Standard Normal quantile (scipy `norm.ppf(p)`).
pub fn normal_ppf(p: f64) -> Result<f64, QuantileDomain> {
    if !(p > 0.0 && p < 1.0) {
        return Err(QuantileDomain {
            p,
            df: f64::INFINITY,
        });
    }
    if p == 0.5 {
        return Ok(0.0);
    }
    let q = if p > 0.5 { 1.0 - p } else { p };
    // Starting value (Abramowitz & Stegun 26.2.23), refined by Newton.
    let t = (-2.0 * log(q)).sqrt();
    let start = t
        - (2.515517 + 0.802853 * t + 0.010328 * t * t)
            / (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
    let half = |z: f64| 0.5 * erf(z * std::f64::consts::FRAC_1_SQRT_2);
    Ok(symmetric_quantile(p, half, normal_sf, normal_pdf, start))
}

/// Binomial(n, 1/2) lower tail P(X <= k), summed exactly in ratio form around the largest term.
pub fn binom_half_cdf(k: u64, n: u64) -> f64 {
    if k >= n {
        return 1.0;
    }
    // terms t_i = C(n, i) / 2^n for i = 0..=k; compute relative to t_k and rescale.
    let mut rel = 1.0f64;
    let mut total = 1.0f64;
    let mut i = k;
    while i > 0 {
        // t_{i-1} / t_i = i / (n - i + 1)
        rel *= i as f64 / (n - i + 1) as f64;
        total += rel;
        if rel < 1e-300 {
            break;
        }
        i -= 1;
    }
    let ln_tk = lgamma(n as f64 + 1.0)
        - lgamma(k as f64 + 1.0)
        - lgamma((n - k) as f64 + 1.0)
        - n as f64 * std::f64::consts::LN_2;
    (exp(ln_tk) * total).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_quantiles() {
        assert!((normal_ppf(0.975).unwrap() - 1.959963984540054).abs() < 1e-15);
        // t with 1 df is Cauchy: tan(pi (p - 1/2)).
        assert!((student_t_ppf(0.975, 1.0).unwrap() - 12.706204736174707).abs() < 1e-11);
        assert!((student_t_ppf(0.95, 4.0).unwrap() - 2.131846786326649).abs() < 1e-13);
        assert!(student_t_ppf(1.0, 3.0).is_err());
    }

    #[test]
    fn binomial_half() {
        assert_eq!(binom_half_cdf(10, 10), 1.0);
        assert!((binom_half_cdf(0, 10) - 1.0 / 1024.0).abs() < 1e-18);
        assert!((binom_half_cdf(2, 10) - 56.0 / 1024.0).abs() < 1e-16);
    }
}
