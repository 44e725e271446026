//! Whether this site serves the DEMO league (`sealbook serve --demo`, docs/demo.md), asked once
//! the cold page is up: a DEMO league publishes its notice (core's
//! [`DEMO_NOTICE_FILE`]) beside its `manifest.json` under `/data/`, and no other league does.
//! Only then does the page offer to open it.

use sealbook_core::league::layout::DEMO_NOTICE_FILE;
use sealbook_core::league::manifest::MANIFEST_FILE;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where the served league is (the HTTP layout: `/data/<p>` is the data directory's `<p>`).
const DATA: &str = "/data/";

/// The verifier page opening the served league in `lang` (`?league=`, `?lang=`).
pub fn league_href(lang: &str) -> String {
    format!("/?league={DATA}{MANIFEST_FILE}&lang={lang}")
}

/// Whether `/data/DEMO.txt` answers (a HEAD request to the page's own server); false on any
/// error.
pub async fn served() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    let url = format!("{DATA}{DEMO_NOTICE_FILE}");
    match JsFuture::from(window.fetch_with_str_and_init(&url, &init)).await {
        Ok(r) => r.dyn_into::<web_sys::Response>().is_ok_and(|r| r.ok()),
        Err(_) => false,
    }
}
