//! libFuzzer entry of [`sealbook_fuzz_checks::league_inputs`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sealbook_fuzz_checks::league_inputs::check(data));
