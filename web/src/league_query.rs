//! The Scores and Accounts pages opened with `?league=<manifest URL>`: one start for both.
//! The league is fetched and held to its manifest by [`crate::league_load`] (the verifier's own
//! loader); a page hands the files on only when every listed file matches, and otherwise says
//! which do not: nothing is scored or recounted from a league that differs from what it
//! published.

use crate::i18n::{core_messages, t, tr, M};
use crate::league_load::{self, LoadError, Loaded};
use yew::html::Scope;
use yew::Component;

/// The league's files to use, or why none may be used (in the page's language).
pub fn usable(loaded: Result<Loaded, LoadError>) -> Result<Loaded, String> {
    let loaded = loaded.map_err(|why| tr(M::LeagueFailed, &[("why", &why.say())]))?;
    let failures: Vec<String> = loaded
        .check
        .failures()
        .map(core_messages::file_check)
        .collect();
    if failures.is_empty() {
        Ok(loaded)
    } else {
        Err(tr(
            M::LeagueMismatch,
            &[("failures", &failures.join(t(M::LeagueFailuresJoin)))],
        ))
    }
}

/// When the page's address names a league (`?league=`), starts fetching it and returns the
/// progress line to show meanwhile; `done` turns the fetched league (see [`usable`]) into the
/// page's message. None when the address names no league.
pub fn open<C: Component>(
    link: &Scope<C>,
    done: impl Fn(Result<Loaded, String>) -> C::Message + 'static,
) -> Option<String> {
    let url = league_load::url_from_address()?;
    let label = tr(M::LeagueFetching, &[("url", &url)]);
    let link = link.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let loaded = league_load::load(&url, |_, _| {}).await;
        link.send_message(done(usable(loaded)));
    });
    Some(label)
}
