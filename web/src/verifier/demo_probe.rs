//! Whether this site serves the DEMO league (`sealbook serve --demo`, or a directory
//! `sealbook demo` wrote; docs/demo.md): its server marks the page it serves with core's
//! [`DEMO_PAGE_META`] tag, and no other server does. The page reads its own `<head>`, so a
//! site serving no DEMO league is asked nothing (no failed request). Only then does the cold
//! page offer to open the league.

use sealbook_core::league::manifest::MANIFEST_FILE;
use sealbook_core::records::names::DEMO_PAGE_META;

/// Where the served league is (the HTTP layout: `/data/<p>` is the data directory's `<p>`).
const DATA: &str = "/data/";

/// The verifier page opening the served league in `lang` (`?league=`, `?lang=`).
pub fn league_href(lang: &str) -> String {
    format!("/?league={DATA}{MANIFEST_FILE}&lang={lang}")
}

/// Whether the page was served marked as beside a DEMO league.
pub fn served() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("meta[name=\"{DEMO_PAGE_META}\"]"))
                .ok()
                .flatten()
        })
        .is_some()
}
