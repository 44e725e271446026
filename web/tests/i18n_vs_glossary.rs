//! The message catalog (web/src/i18n/catalog.rs) against its glossary (web/i18n/glossary.json):
//! every message has a text in each language, the same named arguments in each, and uses the
//! spec's terms (seed 000 for Chinese, seed 003 for Arabic) wherever its English uses them.
//! The proof page core writes (`core/src/league/proof_page.rs`, its own table of texts, as it
//! is static HTML without the page's wasm) is held to the same rules and glossary, and where
//! one of its texts says what a catalog message says in English, it says it the same way in
//! Chinese and Arabic too.

use sealbook_core::league::proof_page::{self, Text};
use sealbook_web::i18n::{arguments, Lang, M};
use serde_json::Value;

const GLOSSARY: &str = include_str!("../i18n/glossary.json");

/// The English text's words, lower case, with `{arguments}` removed; a file name such as
/// `council-forecasts.csv` or a command such as `sealbook` is one word, not the term inside it.
fn words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .map(|w| w.trim_matches(|c| c == '.' || c == '-').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` is `term` or `term` with an English ending (-s, -es, -ed, -ing).
fn inflects(word: &str, term: &str) -> bool {
    word == term
        || ["s", "es", "ed", "ing"]
            .iter()
            .any(|end| word.strip_prefix(term) == Some(end))
}

/// Whether the English `text` uses the (possibly multi-word) `term`.
fn uses(text: &str, term: &str) -> bool {
    let term: Vec<String> = term.split(' ').map(str::to_lowercase).collect();
    let words = words(text);
    words.windows(term.len()).any(|w| {
        let last = term.len() - 1;
        w[..last] == term[..last] && inflects(&w[last], &term[last])
    })
}

/// Every text of the catalog and of the proof page: its name and its text in each language.
fn all_texts() -> Vec<(String, [&'static str; 3])> {
    assert_eq!(
        proof_page::LANGS,
        Lang::ALL.map(Lang::code),
        "the same languages in the same order"
    );
    let catalog = M::ALL
        .iter()
        .map(|m| (format!("{m:?}"), Lang::ALL.map(|l| m.text(l))));
    let page = Text::ALL
        .iter()
        .map(|t| (format!("proof page {t:?}"), t.texts()));
    catalog.chain(page).collect()
}

/// The text of `texts` in `lang`.
fn of(texts: &[&'static str; 3], lang: Lang) -> &'static str {
    texts[Lang::ALL.iter().position(|l| *l == lang).unwrap()]
}

#[test]
fn the_proof_page_says_what_the_catalog_says_the_same_way() {
    let mut shared = 0;
    for t in Text::ALL {
        let texts = t.texts();
        for &m in M::ALL {
            if m.text(Lang::En).eq_ignore_ascii_case(texts[0]) {
                shared += 1;
                for lang in [Lang::Zh, Lang::Ar] {
                    assert_eq!(
                        of(&texts, lang),
                        m.text(lang),
                        "the proof page's {t:?} and the catalog's {m:?} differ in {}",
                        lang.code()
                    );
                }
            }
        }
    }
    assert!(
        shared >= 1,
        "the proof page shares no text with the catalog"
    );
}

#[test]
fn every_message_has_three_texts_with_the_same_arguments() {
    assert!(M::ALL.len() > 50, "the catalog lost its messages");
    assert!(Text::ALL.len() > 20, "the proof page lost its texts");
    for (m, texts) in all_texts() {
        let en = of(&texts, Lang::En);
        let mut en_args = arguments(en);
        en_args.sort();
        for lang in Lang::ALL {
            let text = of(&texts, lang);
            assert!(!text.trim().is_empty(), "{m} has no {} text", lang.code());
            let mut args = arguments(text);
            args.sort();
            assert_eq!(
                args,
                en_args,
                "{m}: the {} text's arguments differ from the English ones",
                lang.code()
            );
            for arg in &args {
                assert!(
                    !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{m} ({}): argument {{{arg}}} is not a name",
                    lang.code()
                );
            }
        }
        for lang in [Lang::Zh, Lang::Ar] {
            // A text of two English words or more (arguments aside) must read otherwise.
            let english_words = words(en)
                .iter()
                .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
                .count();
            if english_words >= 2 {
                assert_ne!(
                    of(&texts, lang),
                    en,
                    "{m} is not translated to {}",
                    lang.code()
                );
            }
        }
    }
}

#[test]
fn every_translation_uses_the_glossary_terms() {
    let glossary: Value = serde_json::from_str(GLOSSARY).expect("glossary.json is JSON");
    let terms = glossary["terms"]
        .as_array()
        .expect("glossary.json has terms");
    assert!(terms.len() >= 20, "the glossary lost its terms");
    let mut used = 0;
    let mut misses = Vec::new();
    for term in terms {
        let en = term["en"].as_str().expect("a term has its English");
        for lang in [Lang::Zh, Lang::Ar] {
            let forms: Vec<&str> = term[lang.code()]
                .as_array()
                .unwrap_or_else(|| panic!("term {en} has no {} list", lang.code()))
                .iter()
                .map(|f| f.as_str().expect("a spelling is a string"))
                .collect();
            assert!(
                !forms.is_empty(),
                "term {en} has no {} spelling",
                lang.code()
            );
            for (m, texts) in all_texts() {
                if !uses(of(&texts, Lang::En), en) {
                    continue;
                }
                used += 1;
                let text = of(&texts, lang);
                if !forms.iter().any(|f| text.contains(f)) {
                    misses.push(format!(
                        "{m}: the English says {en:?}, but the {} text uses none of {forms:?}: {text}",
                        lang.code()
                    ));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
    assert!(
        used > 40,
        "the glossary's terms are used by too few messages ({used})"
    );
}

#[test]
fn the_term_matcher_reads_words() {
    assert!(uses("a sealed book", "seal"));
    assert!(!uses("the sealbook command line", "seal"));
    assert!(!uses("Drop council-forecasts.csv here", "council"));
    assert!(uses("the council's answers", "council"));
    assert!(!uses("{book} breaks", "book"));
    assert!(uses("no stamped list was checked", "stamped list"));
    assert!(uses("every N_eff reading", "N_eff"));
}

mod core_messages {
    use sealbook_core::book::chain::{Check, ProblemMsg};
    use sealbook_core::book::stamp_list::StampMsg;
    use sealbook_core::experiment::wire::ApiMsg;
    use sealbook_core::league::manifest::{
        FileCheck, FileState, Manifest, ManifestError, ManifestMsg, MissingWhy,
    };
    use sealbook_core::score::peers::profile_stats::PeerNote;
    use sealbook_core::stats::intervals::{interval_rule, NoIntervalWhy};
    use sealbook_core::verifier::UncheckedWhy;
    use sealbook_web::i18n::{self, core_messages, Lang};

    /// One of each of core's messages, with arguments; `index` has no wildcard arm, so a
    /// message added to core fails to compile here until it has a sample (and a catalog entry).
    fn problems() -> Vec<ProblemMsg> {
        fn index(m: &ProblemMsg) -> usize {
            match m {
                ProblemMsg::FirstN => 0,
                ProblemMsg::NotPosition { .. } => 1,
                ProblemMsg::NotNext { .. } => 2,
                ProblemMsg::FirstPrev => 3,
                ProblemMsg::PrevNotLink { .. } => 4,
                ProblemMsg::MissingField { .. } => 5,
                ProblemMsg::TooLong { .. } => 6,
                ProblemMsg::BareCr { .. } => 7,
                ProblemMsg::NotJson { .. } => 8,
                ProblemMsg::NotObject { .. } => 9,
                ProblemMsg::LoneSurrogate { .. } => 10,
                ProblemMsg::SealMismatch => 11,
                ProblemMsg::LinkMismatch => 12,
            }
        }
        let all = vec![
            ProblemMsg::FirstN,
            ProblemMsg::NotPosition { expected: 5 },
            ProblemMsg::NotNext { expected: 8 },
            ProblemMsg::FirstPrev,
            ProblemMsg::PrevNotLink { line: 4 },
            ProblemMsg::MissingField { field: Check::Seal },
            ProblemMsg::TooLong {
                bytes: 67108865,
                max: 67108864,
            },
            ProblemMsg::BareCr { at: 8 },
            ProblemMsg::NotJson {
                detail: "expecting ',' delimiter".into(),
                at: 17,
            },
            ProblemMsg::NotObject {
                kind: "list".into(),
            },
            ProblemMsg::LoneSurrogate { code_point: 0xdc01 },
            ProblemMsg::SealMismatch,
            ProblemMsg::LinkMismatch,
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, (0..13).collect::<Vec<_>>());
        all
    }

    fn stamps() -> Vec<StampMsg> {
        fn index(m: &StampMsg) -> usize {
            match m {
                StampMsg::BookTooShort { .. } => 0,
                StampMsg::PrefixRewritten { .. } => 1,
                StampMsg::LastLinkDiffers { .. } => 2,
            }
        }
        let all = vec![
            StampMsg::BookTooShort {
                lines: 3,
                stamped: 159,
            },
            StampMsg::PrefixRewritten { lines: 159 },
            StampMsg::LastLinkDiffers { line: 159 },
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2]);
        all
    }

    fn unchecked() -> Vec<UncheckedWhy> {
        fn index(m: &UncheckedWhy) -> usize {
            match m {
                UncheckedWhy::NotChosen { .. } => 0,
                UncheckedWhy::NamesNoBook { .. } => 1,
            }
        }
        let all = vec![
            UncheckedWhy::NotChosen {
                ledger: "daily/council/book.jsonl".into(),
            },
            UncheckedWhy::NamesNoBook {
                entries: vec![("daily/council/book.jsonl".into(), 3)],
                books: vec!["other.jsonl".into()],
            },
            UncheckedWhy::NamesNoBook {
                entries: vec![("a.jsonl".into(), 1), ("asks.jsonl".into(), 2)],
                books: vec!["x.jsonl".into(), "y.jsonl".into()],
            },
        ];
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.dedup();
        assert_eq!(seen, [0, 1]);
        all
    }

    fn refusals() -> Vec<ApiMsg> {
        fn index(m: &ApiMsg) -> usize {
            match m {
                ApiMsg::BodyTooLarge { .. } => 0,
                ApiMsg::NotJson { .. } => 1,
                ApiMsg::NotObject => 2,
                ApiMsg::UnknownField { .. } => 3,
                ApiMsg::ReaderMissing => 4,
                ApiMsg::ReaderMalformed => 5,
                ApiMsg::UnknownReader => 6,
                ApiMsg::SessionMissing => 7,
                ApiMsg::NotOpenSession { .. } => 8,
                ApiMsg::SessionClosed { .. } => 9,
                ApiMsg::ResetNotBool => 10,
                ApiMsg::UnknownMarket { .. } => 11,
                ApiMsg::BadDirection => 12,
                ApiMsg::BadConfidence { .. } => 13,
                ApiMsg::BadStage => 14,
                ApiMsg::FinalWithoutPrivate => 15,
                ApiMsg::RateLimited { .. } => 16,
                ApiMsg::NoSession => 17,
                ApiMsg::StorageFailed => 18,
                ApiMsg::NotFound => 19,
            }
        }
        let all = vec![
            ApiMsg::BodyTooLarge {
                bytes: 4097,
                max: 4096,
            },
            ApiMsg::NotJson {
                detail: "EOF while parsing an object at line 1 column 1".into(),
            },
            ApiMsg::NotObject,
            ApiMsg::UnknownField {
                key: "group".into(),
                allowed: vec!["reset".into()],
            },
            ApiMsg::ReaderMissing,
            ApiMsg::ReaderMalformed,
            ApiMsg::UnknownReader,
            ApiMsg::SessionMissing,
            ApiMsg::NotOpenSession {
                session: "2026-12-04".into(),
                open: "2026-12-03".into(),
            },
            ApiMsg::SessionClosed {
                at: "2026-12-02T14:30:00Z".into(),
            },
            ApiMsg::ResetNotBool,
            ApiMsg::UnknownMarket {
                markets: vec!["GOLD".into(), "SPX".into()],
            },
            ApiMsg::BadDirection,
            ApiMsg::BadConfidence { min: 55, max: 95 },
            ApiMsg::BadStage,
            ApiMsg::FinalWithoutPrivate,
            ApiMsg::RateLimited { seconds: 56 },
            ApiMsg::NoSession,
            ApiMsg::StorageFailed,
            ApiMsg::NotFound,
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..20).collect::<Vec<_>>()
        );
        all
    }

    /// Why a file a league's manifest lists could not be had.
    fn missing() -> Vec<MissingWhy> {
        fn index(m: &MissingWhy) -> usize {
            match m {
                MissingWhy::NotDropped => 0,
                MissingWhy::Unreadable { .. } => 1,
                MissingWhy::NotAUrl { .. } => 2,
                MissingWhy::NoWindow => 3,
                MissingWhy::RequestFailed { .. } => 4,
                MissingWhy::NotHttpResponse => 5,
                MissingWhy::Http { .. } => 6,
                MissingWhy::TooLarge { .. } => 7,
                MissingWhy::BodyUnreadable { .. } => 8,
            }
        }
        let all = vec![
            MissingWhy::NotDropped,
            MissingWhy::Unreadable {
                detail: "NotReadableError".into(),
            },
            MissingWhy::NotAUrl {
                detail: "TypeError: Failed to construct 'URL'".into(),
            },
            MissingWhy::NoWindow,
            MissingWhy::RequestFailed {
                detail: "TypeError: Failed to fetch".into(),
            },
            MissingWhy::NotHttpResponse,
            MissingWhy::Http { status: 404 },
            MissingWhy::TooLarge {
                bytes: 20_000_000,
                max: 16_777_216,
            },
            MissingWhy::BodyUnreadable {
                detail: "AbortError".into(),
            },
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        all
    }

    /// A listed file in each state against the manifest.
    fn file_checks() -> Vec<FileCheck> {
        fn index(s: &FileState) -> usize {
            match s {
                FileState::Ok => 0,
                FileState::Missing { .. } => 1,
                FileState::SizeDiffers { .. } => 2,
                FileState::HashDiffers { .. } => 3,
            }
        }
        let path = "proof/2026-10-20/200530Z.txt";
        let all: Vec<FileCheck> = [
            FileState::Ok,
            FileState::Missing {
                why: MissingWhy::Http { status: 404 },
            },
            FileState::SizeDiffers {
                listed: 1234,
                found: 1200,
            },
            FileState::HashDiffers {
                listed: "ab".repeat(32),
                found: "cd".repeat(32),
            },
        ]
        .into_iter()
        .map(|state| FileCheck {
            path: path.into(),
            state,
        })
        .collect();
        assert_eq!(
            all.iter().map(|c| index(&c.state)).collect::<Vec<_>>(),
            (0..4).collect::<Vec<_>>()
        );
        all
    }

    /// Why a manifest cannot be read, each as core words it for its field.
    fn manifest_errors() -> Vec<ManifestError> {
        fn index(m: &ManifestMsg) -> usize {
            match m {
                ManifestMsg::TooLarge { .. } => 0,
                ManifestMsg::NotAManifest { .. } => 1,
                ManifestMsg::NotFormat { .. } => 2,
                ManifestMsg::TooManyFiles { .. } => 3,
                ManifestMsg::UnsafePath { .. } => 4,
                ManifestMsg::ListsItself => 5,
                ManifestMsg::BadSha256 { .. } => 6,
                ManifestMsg::ListedTwice { .. } => 7,
                ManifestMsg::OutOfOrder { .. } => 8,
            }
        }
        let at = |field: &str, message| ManifestError {
            field: field.into(),
            message,
        };
        let parsed = Manifest::parse(b"[1,").unwrap_err();
        assert!(matches!(parsed.message, ManifestMsg::NotAManifest { .. }));
        let all = vec![
            at(
                "(file)",
                ManifestMsg::TooLarge {
                    bytes: 20_000_000,
                    max: 16_777_216,
                },
            ),
            parsed,
            at(
                "format",
                ManifestMsg::NotFormat {
                    found: "other-2".into(),
                },
            ),
            at(
                "files",
                ManifestMsg::TooManyFiles {
                    files: 100_001,
                    max: 100_000,
                },
            ),
            at(
                "files[3].path",
                ManifestMsg::UnsafePath {
                    path: "../etc/passwd".into(),
                },
            ),
            at("files[0].path", ManifestMsg::ListsItself),
            at(
                "files[2].sha256",
                ManifestMsg::BadSha256 {
                    sha256: "00FF".into(),
                },
            ),
            at(
                "files[5].path",
                ManifestMsg::ListedTwice {
                    path: "asks/aa.md".into(),
                },
            ),
            at(
                "files[6].path",
                ManifestMsg::OutOfOrder {
                    path: "zz.txt".into(),
                },
            ),
        ];
        assert_eq!(
            all.iter().map(|e| index(&e.message)).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        all
    }

    /// Why a peer benchmark's figure has no interval, or an agent no verdict.
    fn peer_notes() -> Vec<PeerNote> {
        fn index(m: &PeerNote) -> usize {
            match m {
                PeerNote::NoValues => 0,
                PeerNote::TooFewForInterval { .. } => 1,
                PeerNote::NoBootstrap => 2,
                PeerNote::NoVerdict => 3,
                PeerNote::LadderIntervals => 4,
                PeerNote::ArenaNoInterval => 5,
            }
        }
        let all = vec![
            PeerNote::NoValues,
            PeerNote::TooFewForInterval { min: 2 },
            PeerNote::NoBootstrap,
            PeerNote::NoVerdict,
            PeerNote::LadderIntervals,
            PeerNote::ArenaNoInterval,
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>()
        );
        all
    }

    /// Why §4.6 allows no interval yet.
    fn no_intervals() -> Vec<NoIntervalWhy> {
        fn index(m: &NoIntervalWhy) -> usize {
            match m {
                NoIntervalWhy::TooFewSessions { .. } => 0,
                NoIntervalWhy::HorizonNeeds { .. } => 1,
            }
        }
        let all = vec![
            interval_rule(1, 3).why_none().unwrap(),
            interval_rule(21, 40).why_none().unwrap(),
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1]);
        all
    }

    /// The names, paths, hashes and browser words a message carries: each must be in every
    /// language's text.
    fn names_in(english: &str) -> Vec<String> {
        [
            "proof/2026-10-20/200530Z.txt",
            "NotReadableError",
            "TypeError: Failed to construct 'URL'",
            "TypeError: Failed to fetch",
            "AbortError",
            "\"other-2\"",
            "\"sealbook-manifest-1\"",
            "\"../etc/passwd\"",
            "\"00FF\"",
            "\"asks/aa.md\"",
            "\"zz.txt\"",
            "files[3].path",
            "(file)",
            "HTTP",
        ]
        .iter()
        .map(|n| n.to_string())
        .chain(["ab".repeat(32), "cd".repeat(32)])
        .filter(|n| english.contains(n.as_str()))
        .collect()
    }

    /// Every message rendered in each language: the English page says what the CLI prints
    /// (core's `Display`), the others are translations that keep every number and name.
    fn check(english: String, render: impl Fn() -> String, keeps: &[String]) {
        i18n::set(Lang::En);
        assert_eq!(render(), english, "the English page differs from the CLI");
        for lang in [Lang::Zh, Lang::Ar] {
            i18n::set(lang);
            let said = render();
            assert_ne!(said, english, "not translated to {}", lang.code());
            assert!(
                !said.contains('{') || said.contains("\\u{"),
                "an argument is left unfilled: {said}"
            );
            for k in keeps {
                assert!(
                    said.contains(k.as_str()),
                    "{} lost {k:?}: {said}",
                    lang.code()
                );
            }
        }
        i18n::set(Lang::En);
    }

    fn numbers(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty() && *w != "256" && *w != "8" && *w != "1")
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_core_message_has_the_clis_english_and_two_translations() {
        for m in problems() {
            let english = m.to_string();
            let keeps = numbers(&english);
            check(english, || core_messages::problem(&m), &keeps);
        }
        for m in stamps() {
            let english = m.to_string();
            let keeps = numbers(&english);
            check(english, || core_messages::stamp(&m), &keeps);
        }
        for m in unchecked() {
            let english = m.to_string();
            let keeps: Vec<String> = [
                "daily/council/book.jsonl",
                "other.jsonl",
                "asks.jsonl",
                "y.jsonl",
            ]
            .iter()
            .filter(|n| english.contains(*n))
            .map(|n| n.to_string())
            .collect();
            check(english, || core_messages::unchecked(&m), &keeps);
        }
        for m in refusals() {
            let english = m.to_string();
            let keeps: Vec<String> = [
                "group",
                "reset",
                "2026-12-04",
                "2026-12-02T14:30:00Z",
                "GOLD SPX",
                "EOF while parsing",
            ]
            .iter()
            .filter(|n| english.contains(*n))
            .map(|n| n.to_string())
            .chain(numbers(&english))
            .collect();
            check(english, || core_messages::api(&m), &keeps);
        }
        for m in missing() {
            let english = m.to_string();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(english, || core_messages::missing_why(&m), &keeps);
        }
        for c in file_checks() {
            let english = c.describe();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(english, || core_messages::file_check(&c), &keeps);
        }
        for e in manifest_errors() {
            let english = e.to_string();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(english, || core_messages::manifest_error(&e), &keeps);
        }
        for w in no_intervals() {
            let english = w.to_string();
            let keeps = numbers(&english);
            check(english, || core_messages::no_interval(&w), &keeps);
        }
        for n in peer_notes() {
            let english = n.to_string();
            let keeps = numbers(&english);
            check(english, || core_messages::peer_note(&n), &keeps);
        }
    }

    #[test]
    fn pinned_translations() {
        i18n::set(Lang::Zh);
        assert_eq!(
            core_messages::problem(&ProblemMsg::PrevNotLink { line: 4 }),
            "prev 不是第 4 行的链接"
        );
        i18n::set(Lang::Ar);
        assert_eq!(
            core_messages::problem(&ProblemMsg::MissingField { field: Check::Link }),
            "الحقل \u{2068}link\u{2069} مفقود"
        );
        i18n::set(Lang::En);
        assert_eq!(
            core_messages::problem(&ProblemMsg::SealMismatch),
            "seal is not SHA-256 of the line's content"
        );
    }
}
