//! The one seeded random generator of sealbook: numpy's `np.random.default_rng(seed)`, bit for bit.
//!
//! Spec seed 000 §8 fixes the primary endpoint's resampling to "10,000 resamples, seed 20261102";
//! a Python script with the same seed must draw the same resamples. numpy's
//! `default_rng(seed)` is `Generator(PCG64(SeedSequence(seed)))`, reproduced here:
//!
//! * [`SeedSequence`]: numpy's entropy pooling (`mix_entropy`, `hashmix`, `mix`) and
//!   `generate_state`, with pool size 4 and no spawn key.
//! * [`Pcg64`]: the 128-bit LCG with numpy's default multiplier and the XSL-RR output, seeded
//!   from four 64-bit words of `generate_state`, with numpy's 32-bit buffer (`next_uint32`
//!   hands out the low half of a 64-bit draw, then the high half).
//! * [`Generator::random`]: `(next_u64 >> 11) * 2^-53`.
//! * [`Generator::integers`]: `Generator.integers(low, high)` with the default int64 dtype and
//!   `endpoint=False`: range 0 gives `low`; a range that fits in 32 bits uses Lemire's method on
//!   32-bit draws (the whole 32-bit range takes a raw 32-bit draw); otherwise Lemire on 64-bit
//!   draws. Scalar and `size=k` calls consume the stream identically, so k scalar calls equal
//!   one `size=k` call.

/// numpy `SeedSequence` constants (numpy/random/bit_generator.pyx).
const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;
const POOL_SIZE: usize = 4;

/// numpy's PCG64 default multiplier (PCG_DEFAULT_MULTIPLIER_128).
const PCG_MULT: u128 = (2_549_297_995_355_413_924u128 << 64) | 4_865_540_595_714_422_341u128;

/// numpy's `SeedSequence(entropy)` (no spawn key, pool size 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: [u32; POOL_SIZE],
}

fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

impl SeedSequence {
    /// `SeedSequence(seed)` for a non-negative integer seed: numpy splits it into 32-bit words,
    /// least significant first (`0` is the single word `[0]`).
    pub fn new(seed: u128) -> Self {
        let mut words = Vec::new();
        let mut n = seed;
        if n == 0 {
            words.push(0);
        }
        while n > 0 {
            words.push((n & 0xffff_ffff) as u32);
            n >>= 32;
        }
        Self::from_words(&words)
    }

    /// `SeedSequence` over an entropy given as 32-bit words (numpy's assembled entropy).
    pub fn from_words(entropy: &[u32]) -> Self {
        let mut pool = [0u32; POOL_SIZE];
        let mut hash_const = INIT_A;
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hash_const);
        }
        for i_src in 0..POOL_SIZE {
            for i_dst in 0..POOL_SIZE {
                if i_src != i_dst {
                    pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src], &mut hash_const));
                }
            }
        }
        for &word in entropy.iter().skip(POOL_SIZE) {
            for slot in pool.iter_mut() {
                *slot = mix(*slot, hashmix(word, &mut hash_const));
            }
        }
        SeedSequence { pool }
    }

    /// `generate_state(n_words, np.uint32)`.
    pub fn generate_state_u32(&self, n_words: usize) -> Vec<u32> {
        let mut hash_const = INIT_B;
        (0..n_words)
            .map(|i| {
                let mut v = self.pool[i % POOL_SIZE] ^ hash_const;
                hash_const = hash_const.wrapping_mul(MULT_B);
                v = v.wrapping_mul(hash_const);
                v ^ (v >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n_words, np.uint64)`: pairs of 32-bit words, little-endian.
    pub fn generate_state_u64(&self, n_words: usize) -> Vec<u64> {
        self.generate_state_u32(2 * n_words)
            .chunks_exact(2)
            .map(|w| u64::from(w[0]) | (u64::from(w[1]) << 32))
            .collect()
    }
}

/// numpy's `PCG64` bit generator (XSL-RR 128/64), including its 32-bit half buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    buffered_u32: Option<u32>,
}

impl Pcg64 {
    /// `PCG64(seed_sequence)`: seeds from `generate_state(4, np.uint64)` as numpy does
    /// (`initstate = s[0]:s[1]`, `initseq = s[2]:s[3]`, high word first).
    pub fn from_seed_sequence(ss: &SeedSequence) -> Self {
        let s = ss.generate_state_u64(4);
        let initstate = (u128::from(s[0]) << 64) | u128::from(s[1]);
        let initseq = (u128::from(s[2]) << 64) | u128::from(s[3]);
        Self::from_state_seq(initstate, initseq)
    }

    /// The PCG reference seeding (`pcg_setseq_128_srandom_r`).
    pub fn from_state_seq(initstate: u128, initseq: u128) -> Self {
        let mut g = Pcg64 {
            state: 0,
            inc: (initseq << 1) | 1,
            buffered_u32: None,
        };
        g.step();
        g.state = g.state.wrapping_add(initstate);
        g.step();
        g
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
    }

    /// The next 64-bit output (step, then XSL-RR of the new state).
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let hi = (self.state >> 64) as u64;
        let lo = self.state as u64;
        (hi ^ lo).rotate_right((hi >> 58) as u32)
    }

    /// numpy's `next_uint32`: the low half of a fresh 64-bit draw, the high half kept for the
    /// next call.
    pub fn next_u32(&mut self) -> u32 {
        if let Some(v) = self.buffered_u32.take() {
            return v;
        }
        let next = self.next_u64();
        self.buffered_u32 = Some((next >> 32) as u32);
        next as u32
    }
}

/// numpy's `Generator` over [`Pcg64`]: what `np.random.default_rng(seed)` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    bits: Pcg64,
}

/// `integers` was asked for an empty range (`high <= low`), as numpy's `ValueError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyRange {
    /// Inclusive lower bound asked for.
    pub low: i64,
    /// Exclusive upper bound asked for (not above `low`).
    pub high: i64,
}

impl std::fmt::Display for EmptyRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "integers: empty range, low {} >= high {}",
            self.low, self.high
        )
    }
}

impl std::error::Error for EmptyRange {}

impl Generator {
    /// `np.random.default_rng(seed)` for a non-negative integer seed.
    pub fn default_rng(seed: u128) -> Self {
        Generator {
            bits: Pcg64::from_seed_sequence(&SeedSequence::new(seed)),
        }
    }

    /// The underlying bit generator.
    pub fn bit_generator(&mut self) -> &mut Pcg64 {
        &mut self.bits
    }

    /// `rng.random()`: a double in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        (self.bits.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `rng.integers(low, high)` (int64, `endpoint=False`): uniform on `low..high`.
    pub fn integers(&mut self, low: i64, high: i64) -> Result<i64, EmptyRange> {
        if high <= low {
            return Err(EmptyRange { low, high });
        }
        let rng = (high as i128 - 1 - low as i128) as u64;
        Ok((low as u64).wrapping_add(self.bounded_u64(rng)) as i64)
    }

    /// `rng.integers(0, n)` for an index bound `n >= 1` (what every resampler uses).
    pub fn index(&mut self, n: usize) -> usize {
        assert!(n >= 1, "index bound must be at least 1");
        self.bounded_u64(n as u64 - 1) as usize
    }

    /// numpy `random_bounded_uint64` without masking: a value in `0..=rng`.
    fn bounded_u64(&mut self, rng: u64) -> u64 {
        if rng == 0 {
            0
        } else if rng <= 0xffff_ffff {
            if rng == 0xffff_ffff {
                u64::from(self.bits.next_u32())
            } else {
                u64::from(self.lemire_u32(rng as u32))
            }
        } else if rng == u64::MAX {
            self.bits.next_u64()
        } else {
            self.lemire_u64(rng)
        }
    }

    /// numpy `buffered_bounded_lemire_uint32` (rng < 2^32 - 1).
    fn lemire_u32(&mut self, rng: u32) -> u32 {
        let rng_excl = rng + 1;
        let mut m = u64::from(self.bits.next_u32()) * u64::from(rng_excl);
        let mut leftover = m as u32;
        if leftover < rng_excl {
            let threshold = (u32::MAX - rng) % rng_excl;
            while leftover < threshold {
                m = u64::from(self.bits.next_u32()) * u64::from(rng_excl);
                leftover = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// numpy `bounded_lemire_uint64` (rng < 2^64 - 1).
    fn lemire_u64(&mut self, rng: u64) -> u64 {
        let rng_excl = rng + 1;
        let mut m = u128::from(self.bits.next_u64()) * u128::from(rng_excl);
        let mut leftover = m as u64;
        if leftover < rng_excl {
            let threshold = (u64::MAX - rng) % rng_excl;
            while leftover < threshold {
                m = u128::from(self.bits.next_u64()) * u128::from(rng_excl);
                leftover = m as u64;
            }
        }
        (m >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_is_one_zero_word() {
        assert_eq!(SeedSequence::new(0), SeedSequence::from_words(&[0]));
        assert_eq!(
            SeedSequence::new(1 << 32),
            SeedSequence::from_words(&[0, 1])
        );
    }

    #[test]
    fn scalar_and_batched_draws_agree() {
        let mut a = Generator::default_rng(20261102);
        let mut b = a.clone();
        let xs: Vec<i64> = (0..50).map(|_| a.integers(0, 7).unwrap()).collect();
        let ys: Vec<i64> = (0..50).map(|_| b.index(7) as i64).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| (0..7).contains(&x)));
        assert!(a.integers(3, 3).is_err());
    }
}
