//! Statistics for the scores and N_eff of spec seed 000 §4-§5 and §8, matching the Python peers
//! (numpy, scipy, statsmodels, arch, properscoring) that the spec's scripts use.
//!
//! One concern per module: the seeded generator ([`rng`]), numpy-order reductions
//! ([`numpy_reduce`]), special functions ([`special`]), bootstraps ([`bootstrap`]), the primary
//! endpoint ([`endpoint`]), interval rules and closed forms ([`intervals`]) and their computation
//! over sessions ([`session_interval`]), Newey-West ([`hac`]),
//! the sign test ([`sign_test`]), the logistic calibration fit ([`logistic`]), Normal CRPS
//! ([`crps`]) and small symmetric eigenvalues ([`eigen`]). Every transcendental function comes
//! from the `libm` crate so native and wasm builds give identical bits.

#![warn(missing_docs)]

pub mod bootstrap;
pub mod crps;
pub mod eigen;
pub mod endpoint;
pub mod hac;
pub mod intervals;
pub mod logistic;
pub mod numpy_reduce;
pub mod rng;
pub mod session_interval;
pub mod sign_test;
pub mod special;
