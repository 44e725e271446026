//! A small seeded generator (SplitMix64) for the generated-input tests: deterministic for a
//! given seed on every platform, so a failing seed printed by a test reproduces exactly.

pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A random probability vector of `k` entries (each at least about 1e-3 before scaling).
    pub fn simplex(&mut self, k: usize) -> Vec<f64> {
        let raw: Vec<f64> = (0..k).map(|_| self.unit() + 1e-3).collect();
        let s: f64 = raw.iter().sum();
        raw.iter().map(|x| x / s).collect()
    }
}

/// The seed for a generated-input test: `$<var>` if set (decimal or 0x-hex), else `default`.
/// Printed so a failure can be replayed.
pub fn seed_from_env(var: &str, default: u64) -> u64 {
    let seed = match std::env::var(var) {
        Ok(s) => {
            let s = s.trim();
            match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16),
                None => s.parse(),
            }
            .unwrap_or_else(|_| panic!("{var}={s:?} is not a u64"))
        }
        Err(_) => default,
    };
    eprintln!("{var}={seed} (set it to replay this run)");
    seed
}
