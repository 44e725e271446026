//! The agentpit records file (seeds 001/003: the daily forecast sweep and the bet record).
//!
//! - `{"kind": "forecast", "agent", "model_id"?, "sweep", "market_id", "probabilities",
//!   "crowd", "winner", "missing"?, "counted"?}`: one agent's answer on one sweep market.
//!   `sweep` is the sweep's UTC date (`YYYY-MM-DD`); `probabilities` maps every outcome label
//!   of the market to the agent's probability (sum 1 within 1e-9), or is null when the agent
//!   gave none, and then `missing` says why: `"agent"` (a missing forecast) or
//!   `"infrastructure"` (sandbox, CLI login or usage cap failed; not counted as missing);
//!   `crowd` maps the same labels to the market price at sweep time (0-1 each, scored as
//!   published); `winner` is the label that paid, null while unresolved. `counted: false`
//!   marks the rounds seed 001 publishes but leaves out of every table (pre-season, high-
//!   stakes Friday, fan-summoned, launch-day). One forecast per agent, sweep and market; the
//!   crowd of a sweep market and the winner of a market must agree across records.
//! - `{"kind": "bet", "agent", "model_id"?, "market_id", "outcome", "stake", "fill_price",
//!   "won", "counted"?}`: one filled bet: `stake` tokens spent at `fill_price` (tokens per
//!   share paying 1, 0 < price <= 1), `won` true/false, null while unresolved.

use super::error::{RecordError, RecordMsg};
use super::fields::{f, FieldType, Kind};
use super::lines::{check_sum, read_lines, Agreement, Rec};

/// Seeds 001/003.
pub const AGENTPIT_KINDS: &[Kind] = &[
    Kind {
        name: "forecast",
        doc: "One agent's probabilities on one market of the daily forecast sweep, with the crowd (the market price at sweep time) and the outcome.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The competing agent (e.g. Claude, Codex)."),
            f("model_id", FieldType::Text, false, false, "The model the run reported (e.g. claude-fable-5-1)."),
            f("sweep", FieldType::Date, true, false, "UTC date of the sweep (YYYY-MM-DD)."),
            f("market_id", FieldType::Text, true, false, "The market id as listed in the sweep."),
            f("probabilities", FieldType::OutcomeMap, true, true, "Outcome label -> the agent's probability (0-1, summing to 1 within 1e-9); null when the agent gave none (then missing says why)."),
            f("crowd", FieldType::OutcomeMap, true, false, "Outcome label -> market price at sweep time (0-1 each, same labels as probabilities)."),
            f("winner", FieldType::Text, true, true, "The outcome label that resolved true; null while the market is unresolved."),
            f("missing", FieldType::Choice(&["agent", "infrastructure"]), false, false, "Only with probabilities null: agent = a missing forecast; infrastructure = sandbox, CLI login or usage-cap failure (not counted as missing)."),
            f("counted", FieldType::Bool, false, false, "false for rounds published but outside every table (pre-season, high-stakes Friday, fan-summoned, launch-day). Default true."),
        ],
    },
    Kind {
        name: "bet",
        doc: "One filled bet: P&L = payout - tokens spent.",
        fields: &[
            f("agent", FieldType::Text, true, false, "The competing agent."),
            f("model_id", FieldType::Text, false, false, "The model the run reported."),
            f("market_id", FieldType::Text, true, false, "The market bet on."),
            f("outcome", FieldType::Text, true, false, "The outcome label bought."),
            f("stake", FieldType::Positive, true, false, "Tokens spent (100 in a regular round)."),
            f("fill_price", FieldType::Positive, true, false, "Fill price in tokens per share paying 1 token (0 < price <= 1; 0.37 for 37 cents)."),
            f("won", FieldType::Bool, true, true, "Whether the outcome bought paid; null while unresolved."),
            f("counted", FieldType::Bool, false, false, "false for rounds outside the neutral tables. Default true."),
        ],
    },
];

/// Why an agentpit forecast has no probabilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The agent gave no forecast: a missing forecast.
    Agent,
    /// Sandbox, CLI login or usage cap failed: not counted as missing.
    Infrastructure,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AgentpitForecast {
    pub line: usize,
    pub agent: String,
    pub model_id: Option<String>,
    pub sweep: String,
    pub market_id: String,
    /// Outcome labels in code point order; `probabilities` and `crowd` follow it.
    pub outcomes: Vec<String>,
    /// None when the agent gave none (`missing` says why).
    pub probabilities: Option<Vec<f64>>,
    pub missing: Option<Missing>,
    pub crowd: Vec<f64>,
    /// Index into `outcomes`; None while unresolved.
    pub winner: Option<usize>,
    pub counted: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AgentpitBet {
    pub line: usize,
    pub agent: String,
    pub model_id: Option<String>,
    pub market_id: String,
    pub outcome: String,
    pub stake: f64,
    pub fill_price: f64,
    pub won: Option<bool>,
    pub counted: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AgentpitRecord {
    Forecast(AgentpitForecast),
    Bet(AgentpitBet),
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && {
            let (m, d) = (&s[5..7], &s[8..10]);
            ("01"..="12").contains(&m) && ("01"..="31").contains(&d)
        }
}

/// Reads an agentpit records file.
pub fn read_agentpit(bytes: &[u8]) -> Result<Vec<AgentpitRecord>, RecordError> {
    let mut out = Vec::new();
    let mut markets = MarketAgreement::new();
    read_lines(bytes, AGENTPIT_KINDS, |r| {
        let counted = r.opt_bool("counted")?.unwrap_or(true);
        let agent = r.text("agent")?;
        let model_id = r.opt_text("model_id")?;
        let market_id = r.text("market_id")?;
        let head = Head {
            counted,
            agent,
            model_id,
            market_id,
        };
        out.push(if r.kind.name == "bet" {
            AgentpitRecord::Bet(read_bet(&r, head)?)
        } else {
            AgentpitRecord::Forecast(read_forecast(&r, head, &mut markets)?)
        });
        Ok(())
    })?;
    Ok(out)
}

/// The fields every agentpit record starts with.
struct Head {
    counted: bool,
    agent: String,
    model_id: Option<String>,
    market_id: String,
}

/// A `bet` record: a fill price of at most 1.
fn read_bet(r: &Rec<'_>, head: Head) -> Result<AgentpitBet, RecordError> {
    let fill_price = r.number("fill_price")?;
    if fill_price > 1.0 {
        return Err(r.err(
            "fill_price",
            RecordMsg::PriceAboveOne {
                price: fill_price.to_string(),
            },
        ));
    }
    Ok(AgentpitBet {
        line: r.line,
        agent: head.agent,
        model_id: head.model_id,
        market_id: head.market_id,
        outcome: r.text("outcome")?,
        stake: r.number("stake")?,
        fill_price,
        won: r.opt_bool("won")?,
        counted: head.counted,
    })
}

/// A `forecast` record: the crowd's outcomes, the agent's probabilities over the same ones
/// (or why there are none), and the winner among them; agreeing with the file's other
/// records on the market.
fn read_forecast(
    r: &Rec<'_>,
    head: Head,
    markets: &mut MarketAgreement,
) -> Result<AgentpitForecast, RecordError> {
    let sweep = r.text("sweep")?;
    if !is_date(&sweep) {
        return Err(r.err("sweep", RecordMsg::NotDate { value: sweep }));
    }
    let (outcomes, crowd) = r
        .opt_outcome_map("crowd")?
        .ok_or_else(|| r.err("crowd", RecordMsg::Null))?;
    let probabilities = match r.opt_outcome_map("probabilities")? {
        Some((labels, p)) => {
            if labels != outcomes {
                return Err(r.err(
                    "probabilities",
                    RecordMsg::OutcomesNotCrowds { labels, outcomes },
                ));
            }
            check_sum(r, "probabilities", &p)?;
            Some(p)
        }
        None => None,
    };
    let missing = match (r.opt_choice("missing")?, &probabilities) {
        (Some(_), Some(_)) => return Err(r.err("missing", RecordMsg::MissingWithProbabilities)),
        (None, None) => return Err(r.err("missing", RecordMsg::MissingRequired)),
        (m, _) => m.map(|i| {
            if i == 0 {
                Missing::Agent
            } else {
                Missing::Infrastructure
            }
        }),
    };
    let winner_label = r.opt_text("winner")?;
    let winner = match &winner_label {
        None => None,
        Some(w) => Some(outcomes.iter().position(|o| o == w).ok_or_else(|| {
            r.err(
                "winner",
                RecordMsg::WinnerNotOutcome {
                    winner: w.clone(),
                    outcomes: outcomes.clone(),
                },
            )
        })?),
    };
    markets.check(r, &head, &sweep, &outcomes, &crowd, winner_label)?;
    Ok(AgentpitForecast {
        line: r.line,
        agent: head.agent,
        model_id: head.model_id,
        sweep,
        market_id: head.market_id,
        outcomes,
        probabilities,
        missing,
        crowd,
        winner,
        counted: head.counted,
    })
}

/// What the forecasts of a file must agree on: one crowd per sweep market, one winner per
/// market, one forecast per agent, sweep and market.
struct MarketAgreement {
    crowds: Agreement<(String, String), (Vec<String>, Vec<u64>)>,
    winners: Agreement<String, Option<String>>,
    forecasts: Agreement<(String, String, String), ()>,
}

impl MarketAgreement {
    fn new() -> Self {
        MarketAgreement {
            crowds: Agreement::new(),
            winners: Agreement::new(),
            forecasts: Agreement::new(),
        }
    }

    /// Records one forecast, or the error naming the first record it disagrees with.
    fn check(
        &mut self,
        r: &Rec<'_>,
        head: &Head,
        sweep: &str,
        outcomes: &[String],
        crowd: &[f64],
        winner_label: Option<String>,
    ) -> Result<(), RecordError> {
        let market_id = &head.market_id;
        let bits = crowd.iter().map(|p| p.to_bits()).collect();
        if let Err(first) = self.crowds.check(
            (market_id.clone(), sweep.to_string()),
            r.line,
            (outcomes.to_vec(), bits),
        ) {
            return Err(r.err(
                "crowd",
                RecordMsg::AnotherCrowd {
                    market: market_id.clone(),
                    sweep: sweep.to_string(),
                    first,
                },
            ));
        }
        if let Err(first) = self.winners.check(market_id.clone(), r.line, winner_label) {
            return Err(r.err(
                "winner",
                RecordMsg::AnotherWinner {
                    market: market_id.clone(),
                    first,
                },
            ));
        }
        if let Ok(Some(first)) = self.forecasts.check(
            (head.agent.clone(), sweep.to_string(), market_id.clone()),
            r.line,
            (),
        ) {
            return Err(r.err(
                "market_id",
                RecordMsg::SecondSweepForecast {
                    agent: head.agent.clone(),
                    market: market_id.clone(),
                    sweep: sweep.to_string(),
                    first,
                },
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::peers::records::lines::error_at;

    const FORECAST: &str = r#"{"kind": "forecast", "agent": "Claude", "model_id": "claude-fable-5-1", "sweep": "2026-10-10", "market_id": "m1", "probabilities": {"yes": 0.7, "no": 0.3}, "crowd": {"yes": 0.6, "no": 0.41}, "winner": "yes"}"#;

    #[test]
    fn agentpit_records() {
        let bet = r#"{"kind": "bet", "agent": "Codex", "market_id": "m1", "outcome": "no", "stake": 100, "fill_price": 0.42, "won": null}"#;
        let missing = r#"{"kind": "forecast", "agent": "Codex", "sweep": "2026-10-10", "market_id": "m1", "probabilities": null, "missing": "infrastructure", "crowd": {"yes": 0.6, "no": 0.41}, "winner": "yes", "counted": false}"#;
        let text = format!("{FORECAST}\n\n{bet}\r\n{missing}");
        let recs = read_agentpit(text.as_bytes()).unwrap();
        let AgentpitRecord::Forecast(f) = &recs[0] else {
            panic!()
        };
        // Outcomes in code point order; every vector follows it.
        assert_eq!(
            (
                f.outcomes.clone(),
                f.probabilities.clone(),
                f.crowd.clone(),
                f.winner
            ),
            (
                vec!["no".into(), "yes".into()],
                Some(vec![0.3, 0.7]),
                vec![0.41, 0.6],
                Some(1)
            )
        );
        let AgentpitRecord::Bet(b) = &recs[1] else {
            panic!()
        };
        assert_eq!(
            (b.line, b.stake, b.fill_price, b.won, b.counted),
            (3, 100.0, 0.42, None, true)
        );
        let AgentpitRecord::Forecast(m) = &recs[2] else {
            panic!()
        };
        assert_eq!(
            (m.line, m.missing, m.counted),
            (4, Some(Missing::Infrastructure), false)
        );
    }

    #[test]
    fn agentpit_errors_name_line_and_field() {
        let bad = |edit: &str| {
            format!(
                "{FORECAST}\n{}",
                FORECAST
                    .replace("\"m1\"", "\"m2\"")
                    .replacen(r#""winner": "yes""#, edit, 1)
            )
        };
        let at = |text: String| error_at(read_agentpit(text.as_bytes()));
        assert_eq!(at(format!("{FORECAST}\n{{\"kind\": ")).0, 2);
        assert_eq!(
            at(format!("{FORECAST}\n[1]")).2,
            RecordMsg::NotObject { type_name: "list" }
        );
        assert_eq!(at(bad(r#""winner": "maybe""#)).1.as_deref(), Some("winner"));
        assert_eq!(
            at(bad(r#""winner": 1"#)).2,
            RecordMsg::NotString { type_name: "int" }
        );
        assert_eq!(
            at(bad(r#""winner": "yes", "colour": 1"#)).1.as_deref(),
            Some("colour")
        );
        let (line, field, msg) = at(FORECAST.replace("0.7", "1.7"));
        assert_eq!(
            (line, field.as_deref()),
            (1, Some("probabilities.yes")),
            "{msg:?}"
        );
        let (_, field, msg) = at(FORECAST.replace("0.7", "0.6"));
        assert_eq!(field.as_deref(), Some("probabilities"));
        let RecordMsg::SumNotOne { sum, tolerance } = &msg else {
            panic!("{msg:?}")
        };
        assert!(sum.starts_with("0.8999"), "{sum}");
        assert_eq!(tolerance, "0.000000001");
        assert!(msg.to_string().contains("sum to 0.8999"), "{msg}");
        assert_eq!(
            at(FORECAST.replace(r#""yes": 0.7"#, r#""maybe": 0.7"#))
                .1
                .as_deref(),
            Some("probabilities")
        );
        assert_eq!(
            at(FORECAST.replace(r#""sweep": "2026-10-10", "#, ""))
                .1
                .as_deref(),
            Some("sweep")
        );
        assert_eq!(
            at(FORECAST.replace("2026-10-10", "10/10/2026"))
                .1
                .as_deref(),
            Some("sweep")
        );
        assert_eq!(
            at(FORECAST.replace(r#"{"yes": 0.7, "no": 0.3}"#, "null"))
                .1
                .as_deref(),
            Some("missing")
        );
        assert_eq!(at(FORECAST.replace("0.41", "NaN")).2, RecordMsg::NotFinite);
        // The same agent twice on one sweep market; another crowd or winner for one market.
        let (line, field, msg) = at(format!("{FORECAST}\n{FORECAST}"));
        assert_eq!(
            (line, field.as_deref(), &msg),
            (
                2,
                Some("market_id"),
                &RecordMsg::SecondSweepForecast {
                    agent: "Claude".into(),
                    market: "m1".into(),
                    sweep: "2026-10-10".into(),
                    first: 1
                }
            )
        );
        assert_eq!(
            msg.to_string(),
            "a second forecast of \"Claude\" on \"m1\" in sweep 2026-10-10 (first on line 1)"
        );
        assert_eq!(
            at(format!(
                "{FORECAST}\n{}",
                FORECAST.replace("Claude", "Grok").replace("0.41", "0.4")
            ))
            .1
            .as_deref(),
            Some("crowd")
        );
        assert_eq!(
            at(format!(
                "{FORECAST}\n{}",
                FORECAST
                    .replace("Claude", "Grok")
                    .replace(r#""winner": "yes""#, r#""winner": "no""#)
            ))
            .1
            .as_deref(),
            Some("winner")
        );
        let bet = r#"{"kind": "bet", "agent": "Codex", "market_id": "m1", "outcome": "no", "stake": 0, "fill_price": 0.42, "won": true}"#;
        assert_eq!(
            at(bet.into()),
            (
                1,
                Some("stake".into()),
                RecordMsg::NotPositive { value: "0".into() }
            )
        );
        assert_eq!(
            at(bet.replace("0.42", "1.2").replace(": 0,", ": 5,"))
                .1
                .as_deref(),
            Some("fill_price")
        );
        assert_eq!(at(r#"{"kind": "sweep"}"#.into()).1.as_deref(), Some("kind"));
        assert_eq!(error_at(read_agentpit(&[b'\n', 0xff, b'\n'])).0, 2);
    }
}
