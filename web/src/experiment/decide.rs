//! The experiment page's decisions, kept out of the component so they can be tested natively:
//! which identifier to use, what of the council to show (spec §6.1: the blind group sees
//! nothing of it before its first forecast of the session; §6.4: nothing during a private
//! call), which call a market is at, the countdown to the reference time, and the validation
//! of a call's confidence (55 to 95, spec §6.1).

use super::api::{
    self, Council, CouncilAnswer, Direction, Forecast, MarketConsensus, MarketRow, Scored,
    SessionView, Stage,
};
use crate::i18n::{t, tr, M};
use sealbook_core::calendar::Instant;
use sealbook_core::experiment::{ReaderId, CONFIDENCE};
use sealbook_core::neff::panel::NeffReading;

/// The lowest and highest confidence a reader may state, in percent (spec §6.1).
pub const CONFIDENCE_MIN: u8 = CONFIDENCE.0;
pub const CONFIDENCE_MAX: u8 = CONFIDENCE.1;

/// How the page starts, from what its storage holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReaderStart {
    /// A stored identifier: the reader keeps it and its group for good.
    Known(String),
    /// No usable identifier: ask for a new one; `reset` when one was held and is lost (spec
    /// §6.3 reports the reset share).
    New { reset: bool },
}

/// Decides from the stored value (`None`: nothing stored).
pub fn reader_start(stored: Option<&str>) -> ReaderStart {
    match stored {
        None => ReaderStart::New { reset: false },
        Some(id) if ReaderId::parse(id).is_some() => ReaderStart::Known(id.to_string()),
        Some(_) => ReaderStart::New { reset: true },
    }
}

/// Reads a stated confidence: a whole percent from 55 to 95.
pub fn parse_confidence(text: &str) -> Result<u8, String> {
    let text = text.trim().trim_end_matches('%').trim_end();
    let bounds: [(&str, &dyn std::fmt::Display); 2] =
        [("min", &CONFIDENCE_MIN), ("max", &CONFIDENCE_MAX)];
    let range = || tr(M::ExpConfidenceRange, &bounds);
    if text.is_empty() {
        return Err(range());
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tr(M::ExpConfidenceWhole, &bounds));
    }
    match text.parse::<u32>() {
        Ok(c) if (CONFIDENCE_MIN as u32..=CONFIDENCE_MAX as u32).contains(&c) => Ok(c as u8),
        _ => Err(range()),
    }
}

/// What is wrong with a call before it is sent, field by field, so that every problem is shown
/// at once beside its own field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallErrors {
    /// No direction is chosen.
    pub direction: Option<String>,
    /// The confidence is missing or not a whole percent from 55 to 95.
    pub confidence: Option<String>,
    /// Why the call as a whole was refused (the session closed, the server's refusal).
    pub call: Option<String>,
}

impl CallErrors {
    /// A refusal of the call as a whole.
    pub fn of_call(why: String) -> CallErrors {
        CallErrors {
            call: Some(why),
            ..CallErrors::default()
        }
    }

    /// Every message, in the form's order (direction, confidence, the call).
    pub fn all(&self) -> Vec<&str> {
        [&self.direction, &self.confidence, &self.call]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect()
    }
}

/// Checks a call before it is sent: a direction and a valid confidence. Every field's problem
/// is found, not only the first.
pub fn validate_call(
    direction: Option<Direction>,
    confidence: &str,
) -> Result<(Direction, u8), CallErrors> {
    match (direction, parse_confidence(confidence)) {
        (Some(d), Ok(c)) => Ok((d, c)),
        (d, c) => Err(CallErrors {
            direction: d.is_none().then(|| t(M::ExpChooseDirection).to_string()),
            confidence: c.err(),
            call: None,
        }),
    }
}

/// How far the reader is through the session: markets whose call is given (a single call, or
/// the revision protocol's final call) out of all the session's markets.
pub fn progress(session: &SessionView) -> (usize, usize) {
    let done = session
        .markets
        .iter()
        .filter(|row| matches!(market_step(row, Mode::OneCall), Step::Done(_)))
        .count();
    (done, session.markets.len())
}

/// Whether the page warns that the first call counts: before any call of the session is
/// stored (rules::accept: the first `single` or `private` call per market is the one that
/// counts, a later one is recorded beside it without counting).
pub fn warn_first_call_counts(session: &SessionView) -> bool {
    session.markets.iter().all(|row| row.forecast.is_none())
}

/// A market's name in the page's language (Table 2's markets); a market the page does not know
/// keeps the name the server gave.
pub fn market_name(code: &str, given: &str) -> String {
    let m = match code {
        "SPX" => M::ExpMarketSpx,
        "NDX" => M::ExpMarketNdx,
        "DJI" => M::ExpMarketDji,
        "SOX" => M::ExpMarketSox,
        "TNX" => M::ExpMarketTnx,
        "DXY" => M::ExpMarketDxy,
        "VIX" => M::ExpMarketVix,
        "GOLD" => M::ExpMarketGold,
        "WTI" => M::ExpMarketWti,
        "BRENT" => M::ExpMarketBrent,
        "COPPER" => M::ExpMarketCopper,
        "BTC" => M::ExpMarketBtc,
        _ => return given.to_string(),
    };
    t(m).to_string()
}

/// Whether forecasts are still taken, and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// Open, with whole seconds left (rounded up, so "0 s" never shows while open).
    Open { secs: i64 },
    /// At or after the reference time: the server refuses every call (spec §6.3).
    Closed,
}

/// The forecast window at `now` (the device's clock: the server, which refuses late calls on its
/// own clock, has the last word, and the page shows its refusal).
pub fn window(closes_at: Instant, now: Instant) -> Window {
    let left = closes_at.0 - now.0;
    if left <= 0 {
        Window::Closed
    } else {
        Window::Open {
            secs: (left + 999_999) / 1_000_000,
        }
    }
}

/// The countdown's words: `2 d 3 h 05 min`, `3 h 05 min 09 s`, `4 min 09 s`, `9 s`.
pub fn countdown_text(secs: i64) -> String {
    let (d, h, m, s) = (secs / 86400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let (m2, s2) = (format!("{m:02}"), format!("{s:02}"));
    if d > 0 {
        tr(M::ExpDays, &[("d", &d), ("h", &h), ("m", &m2)])
    } else if h > 0 {
        tr(M::ExpHours, &[("h", &h), ("m", &m2), ("s", &s2)])
    } else if m > 0 {
        tr(M::ExpMinutes, &[("m", &m), ("s", &s2)])
    } else {
        tr(M::ExpSeconds, &[("s", &s)])
    }
}

/// The close as the page states it: `09:30 ET on 2026-12-03 (14:30 UTC)`.
pub fn close_text(closes_at: Instant) -> String {
    let (date, secs) = closes_at.new_york();
    let utc = closes_at.0.div_euclid(1_000_000).rem_euclid(86400);
    let et = format!("{:02}:{:02}", secs / 3600, secs / 60 % 60);
    let utc = format!("{:02}:{:02}", utc / 3600, utc / 60 % 60);
    tr(
        M::ExpCloseTime,
        &[("et", &et), ("date", &date), ("utc", &utc)],
    )
}

/// How the reader gives their calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// One call per market, the models shown as the reader's group allows (spec §6.1).
    #[default]
    OneCall,
    /// The revision protocol (spec §6.4): a private call with the council hidden, then the
    /// randomly drawn display, then the final call.
    TwoCalls,
}

/// What the page shows of the council above the markets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CouncilPanel<'a> {
    /// The sealed answers and the consensus.
    Shown(&'a Council),
    /// A blind reader before its first forecast of the session: nothing of the council, only
    /// the control that records a peek (or, once recorded, the notice that says so).
    Blind { peeked: bool },
    /// The revision protocol: nothing of the council besides each market's drawn display.
    Revision,
    /// No run is sealed for the session yet.
    NotSealed,
}

/// Decides the council panel; `peeked` is a peek recorded since the session was read.
pub fn council_panel(session: &SessionView, mode: Mode, peeked: bool) -> CouncilPanel<'_> {
    if mode == Mode::TwoCalls {
        return CouncilPanel::Revision;
    }
    match (&session.council, session.council_hidden.as_deref()) {
        (Some(c), _) => CouncilPanel::Shown(c),
        (None, Some(_)) => CouncilPanel::Blind {
            peeked: peeked || session.peeked,
        },
        (None, None) => CouncilPanel::NotSealed,
    }
}

/// Where a market is in the reader's calls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step<'a> {
    /// No call yet: the form sends this stage.
    Call(Stage),
    /// The private call is stored; the final call is due.
    Final { private: &'a Forecast },
    /// The market's call is given (a single call, or the final one).
    Done(&'a Forecast),
}

/// Decides a market's step from its stored call and the mode.
pub fn market_step(row: &MarketRow, mode: Mode) -> Step<'_> {
    match &row.forecast {
        None => Step::Call(match mode {
            Mode::OneCall => Stage::Single,
            Mode::TwoCalls => Stage::Private,
        }),
        Some(f) if f.stage == Stage::Private => Step::Final { private: f },
        Some(f) => Step::Done(f),
    }
}

/// A probability as the page shows it: `61%`, `61.5%`.
pub fn percent(p: f64) -> String {
    let tenths = (p * 1000.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}%")
    } else {
        format!("{tenths:.1}%")
    }
}

/// The consensus's side in words: `up`, `down`, or `even` at exactly 50%.
pub fn consensus_direction(k: &MarketConsensus) -> &'static str {
    t(match k.direction {
        Some(Direction::Up) => M::ExpDirUp,
        Some(Direction::Down) => M::ExpDirDown,
        None => M::ExpDirEven,
    })
}

/// A call in the page's language: `up, 70%`, `涨，70%`.
pub fn call_text(direction: Direction, confidence: u8) -> String {
    let direction = t(match direction {
        Direction::Up => M::ExpDirUp,
        Direction::Down => M::ExpDirDown,
    });
    tr(
        M::ExpCall,
        &[("direction", &direction), ("confidence", &confidence)],
    )
}

/// How many independent voices the consensus is made of (Requirement 14, spec §5.1): its
/// seats, their mean pairwise correlation r and N_eff, or, with too few markets in common,
/// that r cannot be read. A negative r puts N_eff above n: the sentence says why and that it
/// is noise, not more voices than seats (as the Scores page's takeaway does).
pub fn independence_text(r: &NeffReading) -> String {
    match (r.rho, r.n_eff) {
        (Some(rho), Some(n_eff)) => tr(
            if rho < 0.0 {
                M::ExpIndependenceAbove
            } else {
                M::ExpIndependence
            },
            &[
                ("n", &r.n),
                ("rho", &format!("{rho:.2}")),
                ("neff", &format!("{n_eff:.1}")),
            ],
        ),
        _ => tr(M::ExpIndependenceNone, &[("n", &r.n)]),
    }
}

/// The council's answers for one market, in the order they came.
pub fn answers_for<'a>(council: &'a Council, market: &str) -> Vec<&'a CouncilAnswer> {
    council
        .answers
        .iter()
        .filter(|a| a.market == market)
        .collect()
}

/// One row of the scores table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRow {
    /// `You`, `Council` (the consensus) or a seat's name.
    pub who: String,
    /// `you`, `council` or `seat`.
    pub kind: &'static str,
    pub brier: String,
    pub hit_rate: String,
    pub n: u32,
}

/// The reader's Brier score and hit rate beside the council's consensus and each seat's on
/// the same markets (spec §6.1, §6.2; lower Brier is better), and the sentence that compares
/// the reader with the consensus.
pub fn score_rows(scored: &Scored) -> (Vec<ScoreRow>, String) {
    let row = |who: &str, kind, s: &super::api::Score| ScoreRow {
        who: who.to_owned(),
        kind,
        brier: format!("{:.3}", s.brier),
        hit_rate: percent(s.hit_rate),
        n: s.n,
    };
    let (r, c) = (scored.reader.brier, scored.council.brier);
    let diff = format!("{:.3}", (r - c).abs());
    let sentence = if diff == "0.000" {
        t(M::ExpBrierEqual).to_string()
    } else if r < c {
        tr(M::ExpBrierLower, &[("diff", &diff)])
    } else {
        tr(M::ExpBrierHigher, &[("diff", &diff)])
    };
    let mut rows = vec![
        row(t(M::ExpYou), "you", &scored.reader),
        row(t(M::ExpCouncil), "council", &scored.council),
    ];
    rows.extend(scored.seats.iter().map(|s| row(&s.seat, "seat", &s.score)));
    (rows, sentence)
}

/// The revision protocol's display as the page shows it (spec §6.4).
#[derive(Clone, Debug, PartialEq)]
pub enum Display {
    /// The council arm: the market's consensus and answers.
    Council {
        consensus: Option<MarketConsensus>,
        answers: Vec<CouncilAnswer>,
        independence: Option<NeffReading>,
    },
    /// The control arm (or a display the page does not know): its facts, as label and value.
    Facts(Vec<(String, String)>),
}

/// The display the server sent with a private call (spec §6.4), as the page shows it: the
/// council arm's consensus and answers for the market, or the control arm's sealed figures
/// in words, each that is on file.
pub fn display_of(display: &api::Display) -> Display {
    match display {
        api::Display::Council {
            market,
            consensus,
            answers,
            independence,
        } => Display::Council {
            consensus: consensus.clone(),
            independence: *independence,
            answers: answers
                .iter()
                .flatten()
                .filter(|a| &a.market == market)
                .cloned()
                .collect(),
        },
        api::Display::Control { snapshot, .. } => {
            let Some(s) = snapshot else {
                return Display::Facts(Vec::new());
            };
            let number = |n: &Option<serde_json::Number>| n.as_ref().map(|n| n.to_string());
            let facts = [
                (t(M::ExpFactPrice), number(&s.price)),
                (t(M::ExpFactChange), number(&s.change_pct)),
                (t(M::ExpFactLow), number(&s.low_52w)),
                (t(M::ExpFactHigh), number(&s.high_52w)),
                (t(M::ExpFactReadAt), s.read_at.clone()),
                (t(M::ExpFactTakenAt), s.taken_at.clone()),
            ];
            Display::Facts(
                facts
                    .into_iter()
                    .filter_map(|(k, v)| Some((k.to_string(), v?)))
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::api::Group;

    fn at(s: &str) -> Instant {
        Instant::parse_rfc3339(s).unwrap()
    }

    #[test]
    fn reader_ids() {
        let id = "r-0123456789abcdef0123456789abcdef";
        assert_eq!(
            reader_start(Some("r-0123456789ABCDEF0123456789abcdef")),
            ReaderStart::New { reset: true }
        );
        assert_eq!(
            reader_start(Some("r-0123456789abcdef0123456789abcde")),
            ReaderStart::New { reset: true }
        );
        assert_eq!(reader_start(Some(id)), ReaderStart::Known(id.into()));
        assert_eq!(reader_start(None), ReaderStart::New { reset: false });
        assert_eq!(
            reader_start(Some("garbage")),
            ReaderStart::New { reset: true }
        );
        assert_eq!(reader_start(Some("")), ReaderStart::New { reset: true });
    }

    #[test]
    fn confidence() {
        assert_eq!(parse_confidence("55"), Ok(55));
        assert_eq!(parse_confidence(" 95 "), Ok(95));
        assert_eq!(parse_confidence("70%"), Ok(70));
        for bad in [
            "",
            "54",
            "96",
            "100",
            "0",
            "-60",
            "60.5",
            "6e1",
            "sixty",
            "99999999999",
        ] {
            assert!(parse_confidence(bad).is_err(), "{bad:?} was taken");
        }
        assert!(parse_confidence("60.5")
            .unwrap_err()
            .contains("whole number"));
        assert!(parse_confidence("96").unwrap_err().contains("55 to 95"));
        assert_eq!(
            validate_call(Some(Direction::Down), "80"),
            Ok((Direction::Down, 80))
        );
        let none = validate_call(None, "80").unwrap_err();
        assert_eq!(none.direction.as_deref(), Some("Choose up or down."));
        assert_eq!(none.confidence, None);
        assert!(validate_call(Some(Direction::Up), "50").is_err());
        // Both fields wrong: both messages, each for its own field, at once.
        let both = validate_call(None, "96").unwrap_err();
        assert_eq!(both.direction.as_deref(), Some("Choose up or down."));
        assert!(both.confidence.as_deref().unwrap().contains("55 to 95"));
        assert_eq!(both.call, None);
        assert_eq!(both.all().len(), 2);
        let empty = validate_call(None, "").unwrap_err();
        assert_eq!(empty.all().len(), 2, "{empty:?}");
    }

    #[test]
    fn the_window_closes_at_the_reference_time() {
        let close = at("2026-12-03T14:30:00Z");
        assert_eq!(window(close, at("2026-12-03T14:30:00Z")), Window::Closed);
        assert_eq!(window(close, at("2026-12-03T14:31:00Z")), Window::Closed);
        assert_eq!(
            window(close, at("2026-12-03T14:29:59Z")),
            Window::Open { secs: 1 }
        );
        assert_eq!(
            window(close, at("2026-12-03T14:29:59.999999Z")),
            Window::Open { secs: 1 }
        );
        assert_eq!(
            window(close, at("2026-12-03T14:29:58.5Z")),
            Window::Open { secs: 2 }
        );
        assert_eq!(
            window(close, at("2026-12-02T12:00:00Z")),
            Window::Open { secs: 95400 }
        );
        assert_eq!(countdown_text(95400), "1 d 2 h 30 min");
        assert_eq!(countdown_text(3 * 3600 + 5 * 60 + 9), "3 h 05 min 09 s");
        assert_eq!(countdown_text(249), "4 min 09 s");
        assert_eq!(countdown_text(9), "9 s");
        // 09:30 ET is 14:30 UTC in standard time and 13:30 UTC in daylight time.
        assert_eq!(close_text(close), "09:30 ET on 2026-12-03 (14:30 UTC)");
        assert_eq!(
            close_text(at("2026-10-21T13:30:00Z")),
            "09:30 ET on 2026-10-21 (13:30 UTC)"
        );
    }

    fn session(group: Group, council: bool, hidden: bool, peeked: bool) -> SessionView {
        let council = council.then(|| Council {
            run_id: "r".into(),
            sealed_at: "2026-12-03T12:00:00Z".into(),
            consensus: Default::default(),
            answers: vec![],
            independence: None,
        });
        SessionView {
            session: "2026-12-03".into(),
            closes_at: "2026-12-03T14:30:00Z".into(),
            demo: false,
            reader: "r-x".into(),
            group,
            markets: vec![],
            council,
            council_hidden: hidden.then(|| "before_first_forecast".into()),
            peeked,
            scored: None,
            server_time: None,
        }
    }

    #[test]
    fn what_of_the_council_is_shown() {
        let seeing = session(Group::Seeing, true, false, false);
        assert!(matches!(
            council_panel(&seeing, Mode::OneCall, false),
            CouncilPanel::Shown(_)
        ));
        // The revision protocol shows nothing of the council, also to the seeing group.
        assert_eq!(
            council_panel(&seeing, Mode::TwoCalls, false),
            CouncilPanel::Revision
        );
        let blind = session(Group::Blind, false, true, false);
        assert_eq!(
            council_panel(&blind, Mode::OneCall, false),
            CouncilPanel::Blind { peeked: false }
        );
        assert_eq!(
            council_panel(&blind, Mode::OneCall, true),
            CouncilPanel::Blind { peeked: true }
        );
        let recorded = session(Group::Blind, false, true, true);
        assert_eq!(
            council_panel(&recorded, Mode::OneCall, false),
            CouncilPanel::Blind { peeked: true }
        );
        assert_eq!(
            council_panel(&recorded, Mode::TwoCalls, true),
            CouncilPanel::Revision
        );
        let opened = session(Group::Blind, true, false, true);
        assert!(matches!(
            council_panel(&opened, Mode::OneCall, false),
            CouncilPanel::Shown(_)
        ));
        let unsealed = session(Group::Seeing, false, false, false);
        assert_eq!(
            council_panel(&unsealed, Mode::OneCall, false),
            CouncilPanel::NotSealed
        );
    }

    fn row(stage: Option<Stage>) -> MarketRow {
        MarketRow {
            market: "SPX".into(),
            name: "S&P 500".into(),
            forecast: stage.map(|stage| Forecast {
                reader: ReaderId::parse("r-0123456789abcdef0123456789abcdef").unwrap(),
                session: sealbook_core::calendar::Date::parse("2026-12-03").unwrap(),
                market: "SPX".into(),
                direction: Direction::Up,
                confidence: 60,
                stage,
                at: at("2026-12-02T10:00:00Z"),
                first: true,
                arm: None,
            }),
        }
    }

    #[test]
    fn market_steps() {
        assert_eq!(
            market_step(&row(None), Mode::OneCall),
            Step::Call(Stage::Single)
        );
        assert_eq!(
            market_step(&row(None), Mode::TwoCalls),
            Step::Call(Stage::Private)
        );
        for mode in [Mode::OneCall, Mode::TwoCalls] {
            let r = row(Some(Stage::Private));
            assert!(matches!(market_step(&r, mode), Step::Final { .. }));
            let r = row(Some(Stage::Final));
            assert!(matches!(market_step(&r, mode), Step::Done(_)));
            let r = row(Some(Stage::Single));
            assert!(matches!(market_step(&r, mode), Step::Done(_)));
        }
    }

    #[test]
    fn progress_counts_given_calls_and_the_warning_stands_until_the_first() {
        let mut s = session(Group::Seeing, true, false, false);
        s.markets = vec![row(None), row(None), row(None)];
        assert_eq!(progress(&s), (0, 3));
        assert!(warn_first_call_counts(&s));
        // A private call is not yet a given call, but it is the one that counts: no warning.
        s.markets[0] = row(Some(Stage::Private));
        assert_eq!(progress(&s), (0, 3));
        assert!(!warn_first_call_counts(&s));
        s.markets[0] = row(Some(Stage::Final));
        s.markets[2] = row(Some(Stage::Single));
        assert_eq!(progress(&s), (2, 3));
        assert!(!warn_first_call_counts(&s));
    }

    #[test]
    fn market_names_follow_the_language() {
        use crate::i18n::{set, Lang};
        assert_eq!(market_name("GOLD", "Gold"), "Gold");
        assert_eq!(market_name("XYZ", "Something"), "Something");
        set(Lang::Zh);
        assert_eq!(market_name("GOLD", "Gold"), "黄金");
        assert_eq!(market_name("BTC", "Bitcoin"), "比特币");
        set(Lang::Ar);
        assert_eq!(market_name("WTI", "WTI crude oil"), "خام غرب تكساس الوسيط");
        // Every market of Table 2 has its own name in each language.
        for lang in Lang::ALL {
            set(lang);
            let names: std::collections::BTreeSet<String> =
                sealbook_core::records::names::MARKET_NAMES
                    .iter()
                    .map(|(code, en)| {
                        let name = market_name(code, en);
                        if lang != Lang::En {
                            assert_ne!(&name, en, "{code} in {lang:?}");
                        } else {
                            assert_eq!(&name, en, "{code}");
                        }
                        name
                    })
                    .collect();
            assert_eq!(names.len(), 12);
        }
        set(Lang::En);
    }

    #[test]
    fn words() {
        assert_eq!(percent(0.61), "61%");
        assert_eq!(percent(0.615), "61.5%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        assert_eq!(call_text(Direction::Down, 70), "down, 70%");
        let s: Scored = serde_json::from_str(
            r#"{"reader": {"brier": 0.21, "hit_rate": 0.58333, "n": 12}, "council": {"brier": 0.24, "hit_rate": 0.5, "n": 12},
                "seats": [{"seat": "alpha", "brier": 0.2, "hit_rate": 0.75, "n": 12}]}"#,
        )
        .unwrap();
        let (rows, sentence) = score_rows(&s);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            (rows[2].who.as_str(), rows[2].kind, rows[2].brier.as_str()),
            ("alpha", "seat", "0.200")
        );
        assert_eq!(
            rows[0],
            ScoreRow {
                who: "You".into(),
                kind: "you",
                brier: "0.210".into(),
                hit_rate: "58.3%".into(),
                n: 12
            }
        );
        assert_eq!(rows[1].brier, "0.240");
        assert_eq!(
            sentence,
            "Your Brier score is lower (better) than the council's by 0.030."
        );
        let s: Scored = serde_json::from_str(
            r#"{"reader": {"brier": 0.3, "hit_rate": 0.4, "n": 5}, "council": {"brier": 0.3, "hit_rate": 0.5, "n": 12}}"#,
        )
        .unwrap();
        assert_eq!(score_rows(&s).1, "Your Brier score equals the council's.");
    }

    #[test]
    fn displays() {
        let read = |t: &str| -> api::Display { serde_json::from_str(t).unwrap() };
        let council = read(
            r#"{"arm": "council", "market": "SPX", "consensus": {"prob_up": 0.58, "direction": "up", "seats": 9},
                "answers": [{"seat": "a", "market": "SPX", "prob_up": 0.61, "line": 3}, {"seat": "a", "market": "NDX", "prob_up": 0.4, "line": 4}],
                "independence": {"n": 9, "pairs": 36, "undefined_pairs": 0, "rho": 0.4123, "n_eff": 2.0871}}"#,
        );
        let Display::Council {
            consensus,
            answers,
            independence,
        } = display_of(&council)
        else {
            panic!("a council display");
        };
        assert_eq!(consensus.unwrap().seats, 9);
        assert_eq!(answers.len(), 1);
        assert_eq!(
            independence_text(&independence.unwrap()),
            "9 seats; the mean correlation of their answers is r = 0.41, so they are worth about 2.1 independent voices (N_eff)."
        );
        // A negative mean r: N_eff above n, and the sentence says why.
        let above = NeffReading {
            n: 6,
            pairs: 15,
            undefined_pairs: 0,
            rho: Some(-0.176),
            n_eff: Some(50.871),
        };
        assert_eq!(
            independence_text(&above),
            "6 seats; the mean correlation of their answers is r = -0.18, negative, so N_eff = n / (1 + (n − 1) r) reads 50.9, above the 6 seats: over a few shared markets that is noise, not 50.9 independent voices."
        );
        let unread = NeffReading {
            n: 2,
            pairs: 0,
            undefined_pairs: 1,
            rho: None,
            n_eff: None,
        };
        assert_eq!(
            independence_text(&unread),
            "2 seats; too few markets in common to measure how alike their answers are."
        );
        // The control display as core's `council::control_display` writes it.
        let control = read(
            r#"{"arm": "control", "market": "SPX", "snapshot": {"market": "SPX", "price": 6012.5, "change_pct": -0.4, "low_52w": 4800, "high_52w": 6100, "read_at": "2026-12-02T21:00:00Z", "taken_at": null}}"#,
        );
        let Display::Facts(facts) = display_of(&control) else {
            panic!("facts");
        };
        let facts: Vec<(&str, &str)> = facts
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            facts,
            vec![
                ("Price", "6012.5"),
                ("Change from the previous close (%)", "-0.4"),
                ("52-week low", "4800"),
                ("52-week high", "6100"),
                ("Price read at", "2026-12-02T21:00:00Z"),
            ]
        );
        let none = read(r#"{"arm": "control", "market": "SPX", "snapshot": null}"#);
        assert_eq!(display_of(&none), Display::Facts(vec![]));
        let council_none =
            read(r#"{"arm": "council", "market": "SPX", "consensus": null, "answers": null}"#);
        assert_eq!(
            display_of(&council_none),
            Display::Council {
                consensus: None,
                answers: vec![],
                independence: None,
            }
        );
        let even: MarketConsensus =
            serde_json::from_str(r#"{"prob_up": 0.5, "direction": null, "seats": 3}"#).unwrap();
        assert_eq!(consensus_direction(&even), "even");
    }
}
