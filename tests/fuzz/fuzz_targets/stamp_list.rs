//! libFuzzer entry of [`sealbook_fuzz_checks::stamp_list`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sealbook_fuzz_checks::stamp_list::check(data));
