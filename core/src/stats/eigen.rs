//! Eigenvalues of a small symmetric matrix by cyclic Jacobi rotations (the correlation
//! matrices of spec seed 000 §5.1 have at most 14 seats). Results ascend, as `numpy.linalg.eigvalsh`.

/// Largest accepted dimension (bounds the work on hostile input).
pub const MAX_DIM: usize = 64;

/// Eigenvalues ascending of the symmetric `n x n` matrix `a` (row-major; only symmetric input
/// is meaningful, the lower triangle is mirrored from the upper). `None` if the length is not
/// n^2, n > [`MAX_DIM`], or an entry is not finite.
pub fn symmetric_eigenvalues(a: &[f64], n: usize) -> Option<Vec<f64>> {
    if n > MAX_DIM || a.len() != n * n || a.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let mut m = a.to_vec();
    for i in 0..n {
        for j in 0..i {
            m[i * n + j] = m[j * n + i];
        }
    }
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| m[i * n + j] * m[i * n + j])
            .sum();
        let diag: f64 = (0..n).map(|i| m[i * n + i] * m[i * n + i]).sum();
        if off <= 1e-30 * diag.max(f64::MIN_POSITIVE) || off == 0.0 {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = m[p * n + q];
                if apq == 0.0 {
                    continue;
                }
                let app = m[p * n + p];
                let aqq = m[q * n + q];
                let theta = (aqq - app) / (2.0 * apq);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..n {
                    let akp = m[k * n + p];
                    let akq = m[k * n + q];
                    m[k * n + p] = c * akp - s * akq;
                    m[k * n + q] = s * akp + c * akq;
                }
                for k in 0..n {
                    let apk = m[p * n + k];
                    let aqk = m[q * n + k];
                    m[p * n + k] = c * apk - s * aqk;
                    m[q * n + k] = s * apk + c * aqk;
                }
            }
        }
    }
    let mut ev: Vec<f64> = (0..n).map(|i| m[i * n + i]).collect();
    ev.sort_by(f64::total_cmp);
    Some(ev)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two() {
        let ev = symmetric_eigenvalues(&[2.0, 1.0, 1.0, 2.0], 2).unwrap();
        assert!((ev[0] - 1.0).abs() < 1e-15 && (ev[1] - 3.0).abs() < 1e-15);
        assert!(symmetric_eigenvalues(&[1.0], 2).is_none());
        assert_eq!(symmetric_eigenvalues(&[], 0), Some(vec![]));
    }
}
