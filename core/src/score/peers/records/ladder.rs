//! The ladder records file (seed 002).
//!
//! - `{"kind": "forecast", "model", "question_id", "round"?, "category", "probability",
//!   "market_price", "resolution", "annulled_reason"?, "search_enabled"?}`: one model on one
//!   ladder question: its probability of YES (null = skipped), the public market price frozen
//!   at round creation, the question's category, and `resolution` `"yes"`, `"no"`,
//!   `"annulled"` (a tie: scored for nobody) or `"open"`. A question's price, category and
//!   resolution must agree across models; one forecast per model and question.

use super::error::{RecordError, RecordMsg};
use super::fields::{f, FieldType, Kind};
use super::lines::{read_lines, Agreement};
use crate::score::peers::ladder::Resolution;

/// Seed 002.
pub const LADDER_KINDS: &[Kind] = &[Kind {
    name: "forecast",
    doc: "One model's forecast (or skip) on one ladder question, with the frozen public market price and the resolution.",
    fields: &[
        f("model", FieldType::Text, true, false, "The model (a reference line is a model too)."),
        f("question_id", FieldType::Text, true, false, "The ladder question."),
        f("round", FieldType::Text, false, false, "The round that asked it."),
        f("category", FieldType::Text, true, false, "The question's category (Markets, World, Technology, AI, Crypto, Sports, ...)."),
        f("probability", FieldType::Fraction, true, true, "The model's probability of YES (0-1); null when it skipped the question."),
        f("market_price", FieldType::Fraction, true, false, "The public market's probability, frozen when the round was created (0-1)."),
        f("resolution", FieldType::Choice(&["yes", "no", "annulled", "open"]), true, false, "yes / no; annulled (a tie: scored for nobody); open (not settled yet)."),
        f("annulled_reason", FieldType::Text, false, false, "Why the question was annulled (only with resolution annulled)."),
        f("search_enabled", FieldType::Bool, false, false, "true for the search-enabled track (the asterisk). Default false."),
    ],
}];

#[derive(Clone, Debug, PartialEq)]
pub struct LadderForecast {
    pub line: usize,
    pub model: String,
    pub question_id: String,
    pub round: Option<String>,
    pub category: String,
    /// None: skipped.
    pub probability: Option<f64>,
    pub market_price: f64,
    pub resolution: Resolution,
    pub search_enabled: bool,
}

/// Reads a ladder records file.
pub fn read_ladder(bytes: &[u8]) -> Result<Vec<LadderForecast>, RecordError> {
    const RESOLUTIONS: [Resolution; 4] = [
        Resolution::Yes,
        Resolution::No,
        Resolution::Annulled,
        Resolution::Open,
    ];
    let mut out = Vec::new();
    let mut questions = Agreement::<String, (u64, String, usize)>::new();
    let mut forecasts = Agreement::<(String, String), ()>::new();
    read_lines(bytes, LADDER_KINDS, |r| {
        let model = r.text("model")?;
        let question_id = r.text("question_id")?;
        let category = r.text("category")?;
        let market_price = r.number("market_price")?;
        let res = r
            .opt_choice("resolution")?
            .ok_or_else(|| r.err("resolution", RecordMsg::Missing))?;
        let resolution = RESOLUTIONS[res];
        if r.opt_text("annulled_reason")?.is_some() && resolution != Resolution::Annulled {
            return Err(r.err("annulled_reason", RecordMsg::AnnulledReasonOnly));
        }
        if let Err(first) = questions.check(
            question_id.clone(),
            r.line,
            (market_price.to_bits(), category.clone(), res),
        ) {
            return Err(r.err(
                "question_id",
                RecordMsg::AnotherQuestion {
                    question: question_id,
                    first,
                },
            ));
        }
        if let Ok(Some(first)) = forecasts.check((model.clone(), question_id.clone()), r.line, ()) {
            return Err(r.err(
                "question_id",
                RecordMsg::SecondQuestionForecast {
                    model,
                    question: question_id,
                    first,
                },
            ));
        }
        out.push(LadderForecast {
            line: r.line,
            probability: r.opt_number("probability")?,
            round: r.opt_text("round")?,
            search_enabled: r.opt_bool("search_enabled")?.unwrap_or(false),
            model,
            question_id,
            category,
            market_price,
            resolution,
        });
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::peers::records::lines::error_at;

    #[test]
    fn ladder_records() {
        let line = r#"{"kind": "forecast", "model": "GPT-5", "question_id": "q1", "category": "Markets", "probability": 0.8, "market_price": 0.5, "resolution": "yes"}"#;
        let skip = line.replace("GPT-5", "Mini").replace("0.8", "null");
        let recs = read_ladder(format!("{line}\n{skip}").as_bytes()).unwrap();
        assert_eq!(
            (recs[0].probability, recs[1].probability, recs[1].resolution),
            (Some(0.8), None, Resolution::Yes)
        );
        let at = |text: String| error_at(read_ladder(text.as_bytes()));
        assert_eq!(
            at(format!("{line}\n{}", skip.replace("0.5", "0.55")))
                .1
                .as_deref(),
            Some("question_id")
        );
        assert_eq!(
            at(line.replace("\"yes\"", "\"tie\"")).1.as_deref(),
            Some("resolution")
        );
        assert_eq!(
            at(line.replace("0.8", "80")).2,
            RecordMsg::OutsideUnit { value: "80".into() }
        );
        assert_eq!(
            at(line.replace("0.8", "true")).2,
            RecordMsg::NotNumber { type_name: "bool" }
        );
        assert_eq!(
            at(line.replace(r#""yes"}"#, r#""yes", "annulled_reason": "tie"}"#))
                .1
                .as_deref(),
            Some("annulled_reason")
        );
    }
}
