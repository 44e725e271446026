//! The pages' languages: English, Simplified Chinese and Arabic (right to left).
//!
//! Every sentence a page shows comes from [`catalog`]: a message ([`M`]) has one text per
//! language, with named arguments written `{name}` that [`tr`] fills in. The spec's own terms
//! (seed 000 for Chinese: 封印, 链接, 布里尔评分, 有效独立声音数; seed 003 for Arabic: درجة براير,
//! بصمة) are kept in `web/i18n/glossary.json`, and `web/tests/web/i18n_vs_glossary.rs` holds every
//! translation to them.
//!
//! Core's verdicts reach the page as message ids with typed arguments, never as English:
//! [`core_messages`] words each in the page's language, [`check_messages`] the checks of RFC
//! 3161 tokens and Rekor entries, [`ots_messages`] the OpenTimestamps verdict and the Bitcoin
//! header checks, [`peer_messages`] why a peer benchmark's records file cannot be scored,
//! [`input_messages`] why the Scores page's league files cannot be read, [`book_messages`] the
//! book's and the ask chain's reading errors and why the league's files cannot be scored,
//! [`stats_notes`] why a figure of the stats document has no value, [`replay_messages`] why
//! the Accounts page cannot replay the arena files and why the Scores page cannot read the
//! experiment's dataset or the league file, [`answer_words`] every sentence of the answers
//! report (worded by the verify worker, which is told the page's language).
//!
//! The language is chosen once when a page mounts ([`choose`]): `?lang=en|zh|ar` in the address
//! fixes it, else the reader's remembered choice (localStorage), else the first of
//! `navigator.languages` the pages speak, else English. The switch in the page shell links to
//! the same address with another `?lang=` and remembers the choice.

#[cfg(feature = "verify-chain")]
pub mod answer_words;
pub mod book_messages;
pub mod catalog;
pub mod check_messages;
pub mod core_messages;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod input_messages;
pub mod ots_messages;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod peer_messages;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod replay_messages;
#[cfg(any(feature = "scores", feature = "accounts"))]
pub mod stats_notes;

pub use catalog::M;
pub use sealbook_core::text::{arguments, fill};
use std::cell::Cell;
use std::fmt::Display;

/// A language the pages speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lang {
    En,
    Zh,
    Ar,
}

/// Where the reader's choice is remembered (localStorage).
pub const STORAGE_KEY: &str = "sealbook.lang";

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::Ar];

    /// The BCP 47 tag (`<html lang>`, `?lang=`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Ar => "ar",
        }
    }

    /// A tag's language (`zh-CN`, `ar-EG`, `en_US` and `ZH` included), if the pages speak it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The text direction (`<html dir>`).
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            Lang::En | Lang::Zh => "ltr",
        }
    }

    /// The language's name in itself, for the switch.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
            Lang::Ar => "العربية",
        }
    }
}

/// The language: the address's `?lang=` value, else the remembered choice, else the first of
/// the browser's preferred languages the pages speak, else English. An unknown value at one
/// step falls through to the next.
pub fn choose(url: Option<&str>, stored: Option<&str>, preferred: &[String]) -> Lang {
    url.and_then(Lang::from_tag)
        .or_else(|| stored.and_then(Lang::from_tag))
        .or_else(|| preferred.iter().find_map(|p| Lang::from_tag(p)))
        .unwrap_or(Lang::En)
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The page's language.
pub fn lang() -> Lang {
    CURRENT.with(Cell::get)
}

/// Sets the page's language (once, at mount; native tests set it to render each language).
pub fn set(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
}

/// `m`'s text in the page's language.
pub fn t(m: M) -> &'static str {
    m.text(lang())
}

/// `m`'s text in the page's language with each `{name}` replaced by its argument. A name
/// without an argument stays as written (the catalog test keeps that from happening).
pub fn tr(m: M, args: &[(&str, &dyn Display)]) -> String {
    let lang = lang();
    if lang.dir() == "ltr" {
        return fill(m.text(lang), args);
    }
    // Right to left: an argument holding Latin letters (a file name, a hash, a league's name)
    // or a date (`2026-10-19`, whose hyphens would otherwise split it into numbers laid out
    // right to left) is a first-strong isolate (U+2068 .. U+2069), so its dots, slashes,
    // hyphens and parentheses keep their places inside the Arabic sentence.
    let values: Vec<String> = args
        .iter()
        .map(|(_, v)| {
            let v = v.to_string();
            let date_like = v
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit());
            if date_like || v.bytes().any(|b| b.is_ascii_alphabetic()) {
                format!("\u{2068}{v}\u{2069}")
            } else {
                v
            }
        })
        .collect();
    let isolated: Vec<(&str, &dyn Display)> = args
        .iter()
        .zip(&values)
        .map(|((name, _), v)| (*name, v as &dyn Display))
        .collect();
    fill(m.text(lang), &isolated)
}

/// `m`'s text in the page's language as markup, each `{name}` replaced by its node (a file
/// name in `<code>`, which the stylesheet keeps left to right inside Arabic text).
pub fn html_tr(m: M, args: &[(&str, yew::Html)]) -> yew::Html {
    let text = m.text(lang());
    let mut nodes: Vec<yew::Html> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        nodes.push(yew::Html::from(rest[..open].to_string()));
        let name = &after[..close];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, node)) => nodes.push(node.clone()),
            None => nodes.push(yew::Html::from(format!("{{{name}}}"))),
        }
        rest = &after[close + 1..];
    }
    nodes.push(yew::Html::from(rest.to_string()));
    nodes.into_iter().collect()
}

/// `one` when `n` is 1, else `many` (English and Chinese need no more; the Arabic texts are
/// worded so that one form reads for every count, as in «عدد الأسطر: 12»).
pub fn plural(n: u64, one: M, many: M) -> M {
    if n == 1 {
        one
    } else {
        many
    }
}

/// Chooses the language in the browser ([`choose`]) and marks the document with it
/// (`<html lang dir>`). Called once when a page mounts, before it renders.
pub fn init_in_browser() -> Lang {
    let window = web_sys::window();
    let url = window
        .as_ref()
        .and_then(|w| w.location().search().ok())
        .and_then(|s| web_sys::UrlSearchParams::new_with_str(&s).ok())
        .and_then(|p| p.get("lang"));
    let stored = window
        .as_ref()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let preferred: Vec<String> = window
        .as_ref()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|v| v.as_string())
                .collect()
        })
        .unwrap_or_default();
    let lang = choose(url.as_deref(), stored.as_deref(), &preferred);
    set(lang);
    if let Some(root) = window
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.code());
        let _ = root.set_attribute("dir", lang.dir());
    }
    lang
}

/// Remembers `lang` as the reader's choice (a browser that refuses storage only forgets it).
pub fn remember(lang: Lang) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(STORAGE_KEY, lang.code());
    }
}

/// The current address with `?lang=` set to `lang` (the rest of the query and the fragment
/// kept), or just `?lang=..` where there is no address (native rendering).
pub fn href_for(lang: Lang) -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .and_then(|href| web_sys::Url::new(&href).ok())
        .map(|url| {
            url.search_params().set("lang", lang.code());
            url.href()
        })
        .unwrap_or_else(|| format!("?lang={}", lang.code()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_order() {
        let prefs = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(choose(Some("ar"), Some("zh"), &prefs(&["en"])), Lang::Ar);
        assert_eq!(choose(Some("fr"), Some("zh"), &prefs(&["en"])), Lang::Zh);
        assert_eq!(
            choose(None, None, &prefs(&["fr-FR", "zh-CN", "en"])),
            Lang::Zh
        );
        assert_eq!(choose(None, Some("xx"), &prefs(&["ar_EG"])), Lang::Ar);
        assert_eq!(choose(None, None, &prefs(&["de"])), Lang::En);
        assert_eq!(choose(None, None, &[]), Lang::En);
    }

    #[test]
    fn isolates_latin_arguments_in_arabic() {
        set(Lang::Ar);
        let said = tr(M::LeagueFailed, &[("why", &"x.json: 404")]);
        assert!(said.ends_with("\u{2068}x.json: 404\u{2069}"), "{said}");
        assert_eq!(tr(M::LinesMany, &[("n", &"12")]), "عدد الأسطر: 12");
        set(Lang::En);
        assert_eq!(
            tr(M::LeagueFailed, &[("why", &"x")]),
            "The league could not be opened: x"
        );
    }
}
