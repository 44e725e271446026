//! Deterministic test-data generator shared by the generated-data peer tests.
#![allow(dead_code)] // each test crate uses a different subset

/// xorshift64*: a small deterministic generator for test data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A random probability vector of `k` entries (each at least about 1e-3 before scaling).
    pub fn simplex(&mut self, k: usize) -> Vec<f64> {
        let raw: Vec<f64> = (0..k).map(|_| self.unit() + 1e-3).collect();
        let s: f64 = raw.iter().sum();
        raw.iter().map(|x| x / s).collect()
    }
    pub fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}
