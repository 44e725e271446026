//! `league::open_data` on arbitrary bytes: `Dictionary::parse` (the data dictionary a reader
//! holds a league to, its fields then looked up with `member`) and the builders that read a
//! forecasts file or a climatology table (`forecasts_index_bytes`, `digest_bytes`,
//! `calibration_bytes`): never a panic; what they write is JSON that reads back.

use sealbook_core::league::open_data::{
    calibration_bytes, digest_bytes, forecasts_index_bytes, member, Dictionary,
};

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    if let Ok(d) = Dictionary::parse(data) {
        let _ = d.file("proof/2026-10-20/130025Z.txt");
        // A read dictionary's fields are walked by name and by key placeholder.
        for f in &d.files {
            for k in ["items", "SPX", "<seat>", ""] {
                let _ = member(&f.fields, k).map(|m| member(&m.fields, k));
            }
        }
    }
    for out in [
        forecasts_index_bytes(data).ok(),
        digest_bytes("l", "m", data).ok(),
        calibration_bytes(data, None).ok(),
    ]
    .into_iter()
    .flatten()
    {
        assert!(serde_json::from_slice::<serde_json::Value>(&out).is_ok());
    }
}
