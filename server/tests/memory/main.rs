//! The memory-bound tests: each reads its `sealbook` child's peak resident set from `wait4`.
//! A child's peak starts from the test process's own resident set when it is spawned, so
//! these run in a process of their own: inside the `cli` binary, the other tests' buffers
//! would be counted as the child's.

#[path = "../cli/common/mod.rs"]
mod common;

#[cfg(target_os = "linux")]
mod input_caps_cli;
#[cfg(target_os = "linux")]
mod large_targets_cli;
