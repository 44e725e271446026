//! Generators and helpers shared by the peer tests, the benchmark generator and fuzz seeds.
#![allow(dead_code)]

pub mod book_gen;
pub mod json_text;
pub mod rng;
pub mod tmp;
