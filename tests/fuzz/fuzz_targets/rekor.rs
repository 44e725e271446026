//! libFuzzer entry of [`sealbook_fuzz_checks::rekor`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sealbook_fuzz_checks::rekor::check(data));
