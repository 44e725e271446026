//! What the web tests share: the translation checks (a message rendered on an English, a
//! Chinese and an Arabic page) and the Scores page's results rendered as HTML. Each test file
//! uses some of them.
#![allow(dead_code)]

use sealbook_web::i18n::{self, Lang};
use sealbook_web::scores::tables::{results, Documents};

/// `render` says `english` on the English page (what the CLI prints: core's `Display`); on the
/// Chinese and Arabic pages it says a translation, which differs from the English, fills every
/// argument (a `{` is left only as part of a `\u{...}` the text spells out) and keeps each of
/// `keeps`. Returns the two translations, for a test's own further checks.
pub fn said_in_every_language<K: AsRef<str>>(
    english: &str,
    render: impl Fn() -> String,
    keeps: &[K],
) -> [String; 2] {
    i18n::set(Lang::En);
    assert_eq!(render(), english, "the English page differs from the CLI");
    let said = [Lang::Zh, Lang::Ar].map(|lang| {
        i18n::set(lang);
        let said = render();
        assert_ne!(said, english, "not translated to {}", lang.code());
        assert_eq!(
            said.matches('{').count(),
            said.matches("\\u{").count(),
            "an argument is left unfilled: {said}"
        );
        for k in keeps {
            let k = k.as_ref();
            assert!(said.contains(k), "{} lost {k:?}: {said}", lang.code());
        }
        said
    });
    i18n::set(Lang::En);
    said
}

/// `render` says `english` as it is in every language: a parser's or a peer's own sentence.
pub fn said_as_is_in_every_language(english: &str, render: impl Fn() -> String) {
    for lang in Lang::ALL {
        i18n::set(lang);
        assert_eq!(render(), english, "changed in {}", lang.code());
    }
    i18n::set(Lang::En);
}

/// The words of `english` that hold a digit (numbers, dates, line numbers, names such as `m1`
/// or `1d`), and each of `names`: what every translation keeps.
pub fn keeps(english: &str, names: &[&str]) -> Vec<String> {
    english
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ','))
        .map(|w| w.trim_end_matches(':'))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .chain(names.iter().copied())
        .map(str::to_string)
        .collect()
}

/// The Scores page's results for `docs` as HTML text (yew's server renderer).
pub fn render_results(docs: &Documents) -> String {
    use yew::prelude::*;
    #[derive(Properties, PartialEq)]
    struct Props {
        docs: Documents,
    }
    #[function_component(Results)]
    fn view(p: &Props) -> Html {
        results(&p.docs)
    }
    futures::executor::block_on(
        yew::LocalServerRenderer::<Results>::with_props(Props { docs: docs.clone() }).render(),
    )
}
