//! `demo-fixture DIR`: writes the fixed three-session fixture league
//! ([`sealbook_tests::demo_fixture`]) into DIR, for the browser tests.

#![forbid(unsafe_code)]

fn main() {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: demo-fixture DIR");
        std::process::exit(2);
    };
    if let Err(e) = sealbook_tests::demo_fixture::write(std::path::Path::new(&dir)) {
        eprintln!(
            "demo-fixture: {}: {e}",
            std::path::Path::new(&dir).display()
        );
        std::process::exit(2);
    }
}
