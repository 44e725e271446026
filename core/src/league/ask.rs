//! The ask (spec §3.1): the price snapshot of the twelve markets (Table 2), the common text
//! every seat receives (its SHA-256 is the run line's `ask_sha256`, the text is published as
//! `asks/<sha256>.md`), and what each seat is sent (the hash of its full text is sealed at send
//! time in the ask chain).
//!
//! Hashes: `snapshot_sha256` = SHA-256 of the snapshot's J bytes (the sealing serialization of
//! spec §3.2: `json.dumps(snapshot, sort_keys=True, ensure_ascii=False)` in UTF-8), and the
//! snapshot is printed in the ask text as exactly those bytes, so a reader recomputes it from
//! `asks/<sha256>.md`; `ask_sha256` = SHA-256 of the common text's UTF-8 bytes; a seat's
//! `text_sha256` = SHA-256 of `system`, an LF, then `user` (see [`AskRequest::full_text`]).

use crate::arena::protocol::RuleSet;
use crate::book::canon::{self, DumpOptions, Value};
use crate::hex;
use crate::league::contracts::{statement, Contracts};
use crate::records::book_lines::ACTIONS;
use crate::records::names::{float, insert_some, object, string, MARKETS};

/// One market's row of the snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct MarketRow {
    /// The asset code, one of [`MARKETS`] (spec Table 2); the snapshot's `asset`.
    pub asset: String,
    /// The last price read (before the open: the previous session's close for the equity
    /// indices and the yield, §3.1).
    pub price: f64,
    /// The previous session's close, in the market's own unit; the snapshot's `prev_close`, absent
    /// when not read.
    pub prev_close: Option<f64>,
    /// The lowest price of the last 52 weeks, in the market's own unit; the snapshot's `low_52w`,
    /// absent when not read.
    pub low_52w: Option<f64>,
    /// The highest price of the last 52 weeks, in the market's own unit; the snapshot's `high_52w`,
    /// absent when not read.
    pub high_52w: Option<f64>,
    /// When the price is from (the bar's time, RFC 3339 UTC).
    pub read_at: String,
}

impl MarketRow {
    /// The change from the previous close, percent.
    pub fn change_pct(&self) -> Option<f64> {
        let p = self.prev_close?;
        (p != 0.0).then(|| (self.price - p) / p * 100.0)
    }

    fn to_value(&self) -> Value {
        let mut o = object([
            ("asset", string(&self.asset)),
            ("price", float(self.price)),
            ("read_at", string(&self.read_at)),
        ]);
        insert_some(&mut o, "prev_close", self.prev_close.map(float));
        insert_some(&mut o, "change_pct", self.change_pct().map(float));
        insert_some(&mut o, "low_52w", self.low_52w.map(float));
        insert_some(&mut o, "high_52w", self.high_52w.map(float));
        Value::Object(o)
    }
}

/// The price snapshot taken before the ask goes out.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// When the snapshot was taken (RFC 3339 UTC).
    pub taken_at: String,
    /// One row per market, in [`MARKETS`] order; a market the provider could not price is
    /// absent (and the text says so).
    pub rows: Vec<MarketRow>,
}

impl Snapshot {
    /// The snapshot's J bytes (spec §3.2), as printed in the ask text.
    pub fn bytes(&self) -> Vec<u8> {
        let v = Value::Object(object([
            ("taken_at", string(&self.taken_at)),
            (
                "markets",
                Value::Array(self.rows.iter().map(MarketRow::to_value).collect()),
            ),
        ]));
        canon::to_bytes(&v, DumpOptions::SEAL).expect("finite numbers and valid strings")
    }

    /// The run line's `snapshot_sha256`.
    pub fn sha256(&self) -> String {
        hex::sha256_hex(self.bytes())
    }

    /// The markets without a row.
    pub fn missing(&self) -> Vec<&'static str> {
        MARKETS
            .iter()
            .copied()
            .filter(|m| !self.rows.iter().any(|r| r.asset == *m))
            .collect()
    }
}

/// The system text every seat receives.
pub const SYSTEM: &str = "You are a forecasting seat in a sealed forecasting league. Answer with one JSON object as the ask describes. Your answer is sealed on receipt and scored against prices taken after it is sealed.";

/// What a seat is sent; the provider adapters turn it into a request body.
#[derive(Clone, Debug, PartialEq)]
pub struct AskRequest {
    /// The system text, [`SYSTEM`] for every seat.
    pub system: String,
    /// The user text: the run's common ask text (spec §3.1 step 2: every seat is asked the same
    /// text).
    pub user: String,
    /// The model name sent to the provider (the `[[seat]] model` key).
    pub model: String,
    /// The most tokens the reply may have (the `[[seat]] max_tokens` key).
    pub max_tokens: u32,
    /// The sampling temperature (the `[[seat]] temperature` key); `None`: the provider's default.
    pub temperature: Option<f64>,
}

impl AskRequest {
    /// The full text the seat receives: `system`, LF, `user`.
    pub fn full_text(&self) -> String {
        format!("{}\n{}", self.system, self.user)
    }

    /// The seat's `text_sha256` in the ask chain.
    pub fn text_sha256(&self) -> String {
        hex::sha256_hex(self.full_text().as_bytes())
    }
}

/// The ask of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask {
    /// The run the ask belongs to (the run line's `run_id`).
    pub run_id: String,
    /// The common text (published as `asks/<sha256>.md`).
    pub text: String,
    /// The SHA-256 (hex) of the snapshot's J bytes: the run line's `snapshot_sha256`.
    pub snapshot_sha256: String,
}

impl Ask {
    /// The common text for run `run_id` of a league, with the snapshot and the markets that
    /// have a daily crowd contract (asked `crowd_up` on 1d, §4.9; empty: none asked).
    pub fn new(
        league: &str,
        run_id: &str,
        reference_at: &str,
        snapshot: &Snapshot,
        crowd_markets: &[&str],
    ) -> Ask {
        Ask::with_tracks(league, run_id, reference_at, snapshot, crowd_markets, &[])
    }

    /// [`Ask::new`] that also asks for the decisions of the trading tracks' rule versions in
    /// force (§4.7, §4.8; the section is [`crate::arena::league::ask_section`], the funds and
    /// limits taken from the protocol's `rules`; none: no section).
    pub fn with_tracks(
        league: &str,
        run_id: &str,
        reference_at: &str,
        snapshot: &Snapshot,
        crowd_markets: &[&str],
        rules: &[&RuleSet],
    ) -> Ask {
        Ask::with_bets(
            league,
            run_id,
            reference_at,
            snapshot,
            crowd_markets,
            rules,
            None,
            &Contracts::new(),
        )
    }

    /// [`Ask::with_tracks`] that also asks for bets on the run's eligible crowd markets
    /// (seeds 001/003; `bets`: the bets version and its section,
    /// [`crate::arena::league::bets_section`]; None: no bets) and states the event contracts
    /// the run line seals (spec §3, Table 1; [`crate::league::contracts::statement`]; empty:
    /// none stated).
    #[allow(clippy::too_many_arguments)]
    pub fn with_bets(
        league: &str,
        run_id: &str,
        reference_at: &str,
        snapshot: &Snapshot,
        crowd_markets: &[&str],
        rules: &[&RuleSet],
        bets: Option<(&str, &str)>,
        contracts: &Contracts,
    ) -> Ask {
        let snap = String::from_utf8(snapshot.bytes()).expect("J bytes are UTF-8");
        let missing = snapshot.missing();
        let mut t = format!("# Ask for run {run_id} of {league}\n\n");
        t += &format!("Reference time: {reference_at}. Each market's reference price, Bitcoin's included, is the first 1-minute bar at or after it. Answers sealed after the reference time get their own reference (the first bar at or after their seal) and are scored apart.\n\n");
        t += &statement(contracts);
        t += "## Snapshot\n\nThe prices before the ask, as JSON (its SHA-256 is the run's snapshot_sha256):\n\n```json\n";
        t += &snap;
        t += "\n```\n\n";
        if !missing.is_empty() {
            t += &format!("No price could be read for: {}.\n\n", missing.join(", "));
        }
        t += "## What to answer\n\nFor each market (";
        t += &MARKETS.join(", ");
        t += ") and each horizon (1d: the next session; 1w, 1m, 6m: 5, 21 and 126 sessions; Bitcoin 7, 30 and 182 days), give:\n\n";
        t += "- prob_up: the probability (0-100) that the market ends the horizon strictly above its reference price;\n";
        t += &format!("- action: one of {};\n", ACTIONS.join(", "));
        t += "- entry: with buy_dips, the level below the reference at which you would buy;\n";
        t += "- target: the price level you expect at the horizon; invalidation: the level at which your view is wrong;\n";
        t += "- risk: your main risk; revise_if: what would make you revise.\n\n";
        if !crowd_markets.is_empty() {
            t += &format!("Separately, for {} give items.<market>.1d.crowd_up, the probability (0-100) that the market's daily up-or-down contract (previous close to today's close) resolves up. Do not look up Polymarket, Kalshi or any betting odds.\n\n", crowd_markets.join(", "));
        }
        t += "Add years: one sentence on the years ahead (not scored). A cell you leave out counts as 50.\n\n";
        t += &crate::arena::league::ask_section(rules);
        if let Some((_, section)) = bets {
            t += section;
        }
        t += "Reply with one JSON object (a ```json block is fine), in this layout (the schema is published as answer.schema.json):\n\n```json\n{\"items\": {\"SPX\": {\"1d\": {\"prob_up\": 55, \"action\": \"hold\", \"target\": 0, \"invalidation\": 0, \"risk\": \"...\", \"revise_if\": \"...\"}, \"1w\": {...}, \"1m\": {...}, \"6m\": {...}}, ...}, \"years\": \"...\"";
        let mut examples: Vec<String> = Vec::new();
        for (i, q) in rules.iter().enumerate() {
            examples.push(if i == 0 {
                format!("\"{}\": \"hold\"", q.version)
            } else {
                format!(
                    "\"{}\": {{\"weights\": {{\"<fund>\": <percent>, ...}}}}",
                    q.version
                )
            });
        }
        if let Some((version, _)) = bets {
            examples.push(format!(
                "\"{version}\": {{\"bets\": {{\"<market>\": {{\"outcome\": \"Up\"}}, ...}}}}"
            ));
        }
        if !examples.is_empty() {
            t += &format!(", \"decisions\": {{{}}}", examples.join(", "));
        }
        t += "}\n```\n";
        Ask {
            run_id: run_id.to_string(),
            text: t,
            snapshot_sha256: snapshot.sha256(),
        }
    }

    /// The run line's `ask_sha256`.
    pub fn sha256(&self) -> String {
        hex::sha256_hex(self.text.as_bytes())
    }

    /// What a seat is sent: the common text, then the seat's own block, if any.
    pub fn request(
        &self,
        model: &str,
        max_tokens: u32,
        temperature: Option<f64>,
        seat_block: Option<&str>,
    ) -> AskRequest {
        let mut user = self.text.clone();
        if let Some(b) = seat_block {
            user += "\n";
            user += b;
        }
        AskRequest {
            system: SYSTEM.into(),
            user,
            model: model.into(),
            max_tokens,
            temperature,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot() -> Snapshot {
        Snapshot {
            taken_at: "2026-10-21T12:29:00Z".into(),
            rows: MARKETS
                .iter()
                .enumerate()
                .filter(|(_, m)| **m != "COPPER")
                .map(|(i, m)| MarketRow {
                    asset: m.to_string(),
                    price: 100.0 + i as f64,
                    prev_close: Some(100.0),
                    low_52w: Some(80.0),
                    high_52w: Some(120.5),
                    read_at: "2026-10-20T20:00:00Z".into(),
                })
                .collect(),
        }
    }

    #[test]
    fn the_snapshot_hash_is_recomputable_from_the_published_text() {
        let s = snapshot();
        let ask = Ask::new(
            "my league",
            "2026-10-21-am",
            "2026-10-21T13:30:00Z",
            &s,
            &["SPX", "GOLD"],
        );
        // The text prints the snapshot's bytes verbatim: cut them out and hash them.
        let start = ask.text.find("```json\n").unwrap() + 8;
        let end = start + ask.text[start..].find("\n```").unwrap();
        assert_eq!(
            hex::sha256_hex(&ask.text.as_bytes()[start..end]),
            ask.snapshot_sha256
        );
        assert_eq!(ask.snapshot_sha256, s.sha256());
        // J bytes: sorted keys, ", " and ": " separators, floats as Python writes them.
        let snap = String::from_utf8(s.bytes()).unwrap();
        assert!(snap.starts_with(r#"{"markets": [{"asset": "SPX", "change_pct": 0.0, "high_52w": 120.5, "low_52w": 80.0, "prev_close": 100.0, "price": 100.0, "read_at": "#), "{snap}");
        assert!(ask.text.contains("No price could be read for: COPPER."));
        assert!(ask
            .text
            .contains("for SPX, GOLD give items.<market>.1d.crowd_up"));
        assert_eq!(ask.sha256(), hex::sha256_hex(ask.text.as_bytes()));
        // A changed price changes both hashes.
        let mut t = s.clone();
        t.rows[0].price = 100.5;
        let other = Ask::new(
            "my league",
            "2026-10-21-am",
            "2026-10-21T13:30:00Z",
            &t,
            &["SPX", "GOLD"],
        );
        assert_ne!(
            (other.snapshot_sha256.clone(), other.sha256()),
            (ask.snapshot_sha256.clone(), ask.sha256())
        );
    }

    #[test]
    fn the_ask_asks_for_the_decisions_of_the_versions_in_force() {
        let p = crate::arena::league::league_protocol();
        let rules = crate::arena::league::rules_in_force(
            &p,
            crate::calendar::Date::parse("2026-10-21").unwrap(),
        );
        let ask = Ask::with_tracks("l", "r", "2026-10-21T13:30:00Z", &snapshot(), &[], &rules);
        let plain = Ask::new("l", "r", "2026-10-21T13:30:00Z", &snapshot(), &[]);
        assert!(!plain.text.contains("## Decisions") && !plain.text.contains("\"decisions\""));
        assert!(ask.text.contains("## Decisions"));
        assert!(ask.text.contains("- arena-3: funds SPY (SPX)"));
        assert!(ask.text.contains(
            ", \"decisions\": {\"arena-3\": \"hold\", \"pro-1\": {\"weights\": {\"<fund>\": <percent>, ...}}, \"agent-portfolio-1\": {\"weights\": {\"<fund>\": <percent>, ...}}}}"
        ));
        // The snapshot is still the first JSON block, and the decision section is hashed.
        assert_eq!(ask.snapshot_sha256, plain.snapshot_sha256);
        assert_ne!(ask.sha256(), plain.sha256());
    }

    #[test]
    fn each_seat_gets_the_common_text_and_its_own_hash() {
        let ask = Ask::new("l", "r", "2026-10-21T13:30:00Z", &snapshot(), &[]);
        let a = ask.request("gpt-test", 4096, None, None);
        let b = ask.request(
            "claude-test",
            4096,
            Some(0.2),
            Some("Your account: 100000 USD cash."),
        );
        assert_eq!(a.user, ask.text);
        assert!(b.user.starts_with(&ask.text));
        assert_eq!(
            a.text_sha256(),
            hex::sha256_hex(format!("{SYSTEM}\n{}", ask.text).as_bytes())
        );
        assert_ne!(a.text_sha256(), b.text_sha256());
        assert!(!ask.text.contains("crowd_up, the probability"));
    }

    #[test]
    fn the_experiments_control_display_reads_the_sealed_snapshot() {
        use crate::experiment::council::control_display;
        let s = Snapshot {
            taken_at: "2026-12-03T13:30:00Z".into(),
            rows: vec![MarketRow {
                asset: "GOLD".into(),
                price: 2650.5,
                prev_close: Some(2600.0),
                low_52w: Some(1900.0),
                high_52w: Some(2700.0),
                read_at: "2026-12-03T13:29:00Z".into(),
            }],
        };
        let ask = Ask::new("l", "2026-12-03-am", "2026-12-03T13:30:00Z", &s, &[]);
        let text = &ask.text;
        let d = control_display(text.as_bytes(), &ask.snapshot_sha256, "GOLD").unwrap();
        let f = |n: &Option<serde_json::Number>| n.as_ref().and_then(|n| n.as_f64());
        assert_eq!(f(&d.price), Some(2650.5));
        assert_eq!(f(&d.high_52w), Some(2700.0));
        assert!((f(&d.change_pct).unwrap() - 1.942307).abs() < 1e-5);
        assert_eq!(d.taken_at.as_deref(), Some("2026-12-03T13:30:00Z"));
        assert_eq!(
            control_display(text.as_bytes(), &ask.snapshot_sha256, "SPX"),
            None
        );
        assert_eq!(
            control_display(text.as_bytes(), &"0".repeat(64), "GOLD"),
            None
        );
    }
}
