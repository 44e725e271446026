//! The Scores page's tables and figures as HTML text, from the stats document
//! (`sealbook score --json`, spec §4-§5, §8) and a run's correlation matrix. Pure functions of
//! their inputs, so they are tested natively.

use super::charts;
use super::compute::MatrixView;
use super::html::{esc, int_td, interval, method_name, num_td, pct_td, table_wrap};
use serde_json::Value;
use std::fmt::Write;

/// Horizons in reading order.
pub const HORIZONS: [&str; 4] = ["1d", "1w", "1m", "6m"];
/// The coin's Brier score (always 50%).
const COIN: f64 = 0.25;

fn horizons_of(map: &Value) -> Vec<&'static str> {
    HORIZONS
        .iter()
        .copied()
        .filter(|h| map.get(*h).is_some())
        .collect()
}

fn card(id: &str, title: &str, body: &str) -> String {
    format!(
        r#"<section class="card scores-card" id="{id}" aria-labelledby="{id}-title"><h2 class="section-title" id="{id}-title">{}</h2>{body}</section>"#,
        esc(title)
    )
}

/// The results' HTML from a peer profile's document, the stats document and/or the
/// scorecards (each as the CLI's JSON).
pub fn results(
    stats_json: Option<&str>,
    scorecards_json: Option<&str>,
    peer_json: Option<&str>,
) -> Result<String, String> {
    let mut out = String::new();
    if let Some(text) = peer_json {
        let doc: Value = serde_json::from_str(text)
            .map_err(|e| format!("the profile's document could not be read back: {e}"))?;
        out += &peer_document(&doc);
    }
    if let Some(text) = stats_json {
        let doc: Value = serde_json::from_str(text)
            .map_err(|e| format!("the stats document could not be read back: {e}"))?;
        out += &document(&doc);
    }
    if let Some(text) = scorecards_json {
        let cards: Value = serde_json::from_str(text)
            .map_err(|e| format!("the scorecards could not be read back: {e}"))?;
        out += &scorecards(&cards);
    }
    Ok(out)
}

/// The §8.4 scorecards: one row per check date, then every prediction's state on each.
pub fn scorecards(cards: &Value) -> String {
    let cards = cards.as_array().cloned().unwrap_or_default();
    let mut trs = String::new();
    let mut details = String::new();
    for c in &cards {
        let as_of = esc(c["as_of"].as_str().unwrap_or(""));
        let _ = write!(
            trs,
            r#"<tr data-as-of="{as_of}"><th scope="row">{as_of}</th>{}{}{}{}{}{}</tr>"#,
            int_td(c.get("resolved")),
            int_td(c.get("past_due")),
            num_td(c.get("brier_resolved")),
            pct_td(c["resolved_share"].as_f64()),
            num_td(c.get("worst_case")),
            num_td(c.get("bss_vs_half")),
        );
        let rows: String = c["rows"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                let state = r["state"].as_str().unwrap_or("");
                let pill = match state {
                    "true" => "ok",
                    "not_true" => "bad",
                    "unresolved" => "warn",
                    _ => "neutral",
                };
                format!(
                    r#"<tr data-id="{id}"><th scope="row">{id}</th>{}<td>{}</td><td><span class="pill {pill}" data-state="{}">{}</span></td></tr>"#,
                    num_td(r.get("p")),
                    esc(r["check_date"].as_str().unwrap_or("")),
                    esc(state),
                    esc(&state.replace('_', " ")),
                    id = esc(r["id"].as_str().unwrap_or("")),
                )
            })
            .collect();
        let table = format!(
            r#"<table class="scores-table"><caption>Predictions on the scorecard of {as_of}</caption><thead><tr><th scope="col">Prediction</th><th scope="col">p</th><th scope="col">Check date</th><th scope="col">State</th></tr></thead><tbody>{rows}</tbody></table>"#
        );
        let _ = write!(
            details,
            r#"<details class="scores-details"><summary>Every prediction on {as_of}</summary>{}</details>"#,
            table_wrap(&format!("Predictions on {as_of}"), &table)
        );
    }
    let table = format!(
        r#"<table class="scores-table" id="scorecards"><caption>Scorecards by check date</caption><thead><tr><th scope="col">As of</th><th scope="col">Resolved</th><th scope="col">Past due</th><th scope="col">Brier on resolved</th><th scope="col">Resolved share</th><th scope="col">Worst case</th><th scope="col">BSS vs 0.5</th></tr></thead><tbody>{trs}</tbody></table>"#
    );
    card(
        "scores-scorecard",
        "Registered predictions (§8.4)",
        &format!(
            r#"<p class="note">Every prediction is on every scorecard: true, not true, not yet due, or unresolved (past its date without a verdict, never a success). The worst case counts each unresolved one at max(p², (1-p)²).</p>{}{details}"#,
            table_wrap("Scorecards by check date", &table)
        ),
    )
}

/// A peer profile's figure (`{value, n, interval, note}`): the value, then its interval or
/// why it has none.
fn figure_tds(f: &Value) -> String {
    let ci = match interval(f.get("interval")) {
        Some(ci) => ci,
        None => esc(f["note"].as_str().unwrap_or("-")),
    };
    format!(r#"{}<td class="ci">{ci}</td>"#, num_td(f.get("value")))
}

/// A peer profile's document (`sealbook score --profile agentpit|ladder|arena --json`): one
/// table per profile in that benchmark's own terms.
pub fn peer_document(doc: &Value) -> String {
    let profile = doc["profile"].as_str().unwrap_or("");
    let boot = &doc["bootstrap"];
    let boot_note = if boot.is_object() {
        format!(
            " Intervals: {}% from {} iid resamples, seed {} ({}).",
            boot["level"].as_f64().map_or(0.0, |l| l * 100.0),
            boot["resamples"],
            boot["seed"],
            esc(boot["generator"].as_str().unwrap_or(""))
        )
    } else {
        String::new()
    };
    let head = |cols: &[&str]| {
        cols.iter()
            .map(|c| format!(r#"<th scope="col">{c}</th>"#))
            .collect::<String>()
    };
    let (title, note, table) = match profile {
        "agentpit" => {
            let mut trs = String::new();
            for (agent, a) in doc["agents"].as_object().into_iter().flatten() {
                let v = &a["vs_crowd"];
                let verdict = v["verdict"].as_str().map_or_else(
                    || esc(v["verdict_note"].as_str().unwrap_or("-")),
                    |x| {
                        format!(
                            r#"<span class="pill {}">{x}</span>"#,
                            if x == "better" {
                                "ok"
                            } else if x == "worse" {
                                "bad"
                            } else {
                                "neutral"
                            }
                        )
                    },
                );
                let st = &v["sign_test"];
                let _ = write!(
                    trs,
                    r#"<tr data-agent="{n}"><th scope="row">{n}</th>{}{}{}{}<td class="num">{} / {} / {}</td>{}<td>{verdict}</td>{}{}</tr>"#,
                    figure_tds(&a["brier"]),
                    figure_tds(&a["crowd_brier"]),
                    figure_tds(&v["mean_difference"]),
                    int_td(a.get("scored")),
                    st["agent_better"],
                    st["crowd_better"],
                    st["ties"],
                    num_td(st.get("p_value")),
                    pct_td(a["coverage"].as_f64()),
                    num_td(a["bets"].get("pnl")),
                    n = esc(agent),
                );
            }
            let cols = [
                "Agent",
                "Brier",
                "95% interval",
                "Crowd Brier",
                "95% interval",
                "Agent - crowd",
                "95% interval",
                "Markets",
                "Sign test better / worse / ties",
                "p",
                "Verdict",
                "Coverage",
                "Bet P&amp;L",
            ];
            ("AgentpitBench rules (seeds 001/003)", "Multi-outcome Brier 1/2 Σ(p−y)² per agent against the crowd's price at sweep time on the same markets; a verdict only when the interval of the mean difference excludes zero; infrastructure failures are not missing answers.", format!(r#"<table class="scores-table" id="peer-table"><caption>Agents</caption><thead><tr>{}</tr></thead><tbody>{trs}</tbody></table>"#, head(&cols)))
        }
        "ladder" => {
            let mut trs = String::new();
            for (model, m) in doc["models"].as_object().into_iter().flatten() {
                let state = if m["provisional"].as_bool() == Some(true) {
                    r#"<span class="pill warn">PROVISIONAL</span>"#
                } else {
                    r#"<span class="pill ok">ranked</span>"#
                };
                let _ = write!(
                    trs,
                    r#"<tr data-model="{n}"><th scope="row">{n}{}</th>{}{}{}{}{}<td>{state}</td></tr>"#,
                    if m["search_enabled"].as_bool() == Some(true) {
                        "*"
                    } else {
                        ""
                    },
                    figure_tds(&m["edge"]),
                    figure_tds(&m["league_score"]),
                    figure_tds(&m["brier"]),
                    int_td(m.get("answered_resolved")),
                    pct_td(m["coverage"].as_f64()),
                    n = esc(model),
                );
            }
            let cols = [
                "Model",
                "Edge",
                "90% interval",
                "League score",
                "90% interval",
                "Brier",
                "90% interval",
                "Resolved answered",
                "Coverage",
                "Status",
            ];
            ("Forecasting ladder rules (seed 002)", "Edge = market Brier − model Brier on the answered resolved questions (positive beats the frozen price); the league score counts every skipped question at 0.50; under 10 resolved a model is PROVISIONAL; * marks the search-enabled track.", format!(r#"<table class="scores-table" id="peer-table"><caption>Models</caption><thead><tr>{}</tr></thead><tbody>{trs}</tbody></table>"#, head(&cols)))
        }
        "arena" => {
            let mut trs = String::new();
            for (agent, a) in doc["agents"].as_object().into_iter().flatten() {
                let d = &a["directional"];
                let eligible = if a["leaderboard_eligible"].as_bool() == Some(true) {
                    r#"<span class="pill ok">eligible</span>"#
                } else {
                    r#"<span class="pill neutral">under the gate</span>"#
                };
                let _ = write!(
                    trs,
                    r#"<tr data-agent="{n}"><th scope="row">{n}</th>{}{}{}{}{}{}<td>{eligible}</td></tr>"#,
                    figure_tds(&d["score"]),
                    pct_td(d["accuracy"]["value"].as_f64()),
                    figure_tds(&d["brier"]),
                    figure_tds(&a["numeric"]["crps"]),
                    num_td(a["numeric"]["display"].get("value")),
                    int_td(a.get("settled")),
                    n = esc(agent),
                );
            }
            let cols = [
                "Agent",
                "Directional score",
                "Interval",
                "Accuracy",
                "Brier diagnostic",
                "Interval",
                "CRPS",
                "Interval",
                "CRPS display",
                "Settled",
                "Leaderboard",
            ];
            ("Headline Arena rules (seed 004)", "Directional score 50 ± 50c (not a Brier or CRPS), accuracy over settled calls, the categorical Brier diagnostic kept apart, Normal CRPS with its 0–100 display; the leaderboard needs 30 settlements; cancelled and open challenges are excluded.", format!(r#"<table class="scores-table" id="peer-table"><caption>Agents</caption><thead><tr>{}</tr></thead><tbody>{trs}</tbody></table>"#, head(&cols)))
        }
        _ => return String::new(),
    };
    card(
        "scores-peer",
        title,
        &format!(
            r#"<p class="note">{note}{boot_note} {} records.</p>{}"#,
            doc["records"],
            table_wrap(title, &table)
        ),
    )
}

/// Every section drawn from the stats document, in reading order.
pub fn document(doc: &Value) -> String {
    [
        summary(doc),
        agreement(doc),
        endpoint(doc),
        seats(doc),
        consensus(doc),
        crowd(doc),
        calibration(doc),
        neff(doc),
        independence(doc),
        grid(doc),
    ]
    .concat()
}

fn summary(doc: &Value) -> String {
    let rows = doc["rows"].as_u64().unwrap_or(0);
    let basis = doc["time_basis"].as_str().unwrap_or("");
    let clim = match doc["climatology_sha256_ok"].as_bool() {
        Some(true) => r#"<span class="pill ok">climatology hash checked</span>"#,
        Some(false) => r#"<span class="pill bad">climatology hash does not match</span>"#,
        None => r#"<span class="pill neutral">no climatology table</span>"#,
    };
    let excluded = doc["excluded_after_reference"].as_u64().unwrap_or(0);
    let from = match doc["rows_from"].as_str() {
        Some("book") => r#" <span data-rows-from="book">from the sealed book</span>"#,
        Some(_) => r#" <span data-rows-from="forecasts">from council-forecasts.csv</span>"#,
        None => "",
    };
    format!(
        r#"<p class="scores-summary" id="scores-summary"><span data-rows="{rows}">{rows} rows</span>{from} · time basis <code>{}</code> · {excluded} answers sealed after the reference left out · {clim}</p>"#,
        esc(basis)
    )
}

/// Whether the forecasts file's cells are the ones sealed in the book (`book_agreement`).
fn agreement(doc: &Value) -> String {
    let a = &doc["book_agreement"];
    if !a.is_object() {
        return String::new();
    }
    let checked = a["checked"].as_u64().unwrap_or(0);
    let skipped = [
        "not_checked_no_answer",
        "not_checked_correction",
        "not_checked_no_kind",
    ]
    .iter()
    .filter_map(|k| a[*k].as_u64())
    .sum::<u64>();
    if a["ok"].as_bool() == Some(true) {
        return format!(
            r#"<p class="callout ok" id="book-agreement" data-ok="true">Every one of the {checked} issue rows checked is the cell sealed in the answer line it names ({skipped} rows without a sealed cell to compare).</p>"#
        );
    }
    let items: String = a["mismatches"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            format!(
                "<li>council-forecasts.csv row {}, book line {}, {}: {}</li>",
                m["csv_row"],
                m["book_line"],
                esc(m["field"].as_str().unwrap_or("")),
                esc(m["message"].as_str().unwrap_or(""))
            )
        })
        .collect();
    format!(
        r#"<div class="callout bad" role="alert" id="book-agreement" data-ok="false"><p>{} of {checked} rows are not the cells sealed in the book: the scores below are not of the sealed answers.</p><ul>{items}</ul></div>"#,
        a["mismatch_count"]
    )
}

/// AI against the crowd (§4.9, Table 11): each seat's `crowd_up` against the sealed market
/// price on the same contract, admitted (sealed volume at the floor or above) and thin apart,
/// with the shared-session share d and the 2d rule; then every question.
fn crowd(doc: &Value) -> String {
    let c = &doc["crowd"];
    if !c.is_object() {
        return String::new();
    }
    let split_row = |who: &str, split: &Value| -> String {
        ["admitted", "thin"]
            .iter()
            .filter(|k| split[**k]["n"].as_u64().unwrap_or(0) > 0)
            .map(|k| {
                let f = &split[*k];
                let readable = match f["gap_readable"].as_bool() {
                    Some(true) => r#"<span class="pill ok">beyond 2d</span>"#,
                    Some(false) => r#"<span class="pill neutral">within 2d: no advantage read</span>"#,
                    None => r#"<span class="pill neutral">-</span>"#,
                };
                format!(
                    r#"<tr data-seat="{w}" data-split="{k}"><th scope="row">{w}</th><td>{k}</td>{}{}{}{}{}{}{}{}{}<td>{readable}</td></tr>"#,
                    int_td(f.get("n")),
                    int_td(f.get("questions")),
                    num_td(f.get("model_brier")),
                    num_td(f.get("crowd_brier")),
                    num_td(f.get("bss_crowd")),
                    num_td(f.get("gap")),
                    num_td(f.get("model_distance")),
                    num_td(f.get("crowd_distance")),
                    num_td(f.get("d")),
                    w = esc(who),
                )
            })
            .collect()
    };
    let mut trs = split_row("all seats", &c["overall"]);
    for (seat, split) in c["seats"].as_object().into_iter().flatten() {
        trs += &split_row(seat, split);
    }
    let table = format!(
        r#"<table class="scores-table" id="crowd-table"><caption>Seats against the crowd, by contract volume</caption><thead><tr><th scope="col">Seat</th><th scope="col">Contracts</th><th scope="col">n</th><th scope="col">Questions</th><th scope="col">Model Brier</th><th scope="col">Crowd Brier</th><th scope="col">BSS vs crowd</th><th scope="col">Gap</th><th scope="col">Seat from 50</th><th scope="col">Crowd from 50</th><th scope="col">d</th><th scope="col">2d rule</th></tr></thead><tbody>{trs}</tbody></table>"#
    );
    let mut qs = String::new();
    for q in c["questions"].as_array().into_iter().flatten() {
        let seats: Vec<String> = q["seats"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(s, v)| {
                format!(
                    "{} {}",
                    esc(s),
                    v.as_f64().map_or("-".into(), |v| format!("{v:.0}"))
                )
            })
            .collect();
        let resolved = match q["up"].as_bool() {
            Some(true) => "up",
            Some(false) => "down",
            None => "open",
        };
        let price = |k: &str| q[k].as_f64().map_or("-".into(), |v| format!("{v:.2}"));
        let _ = write!(
            qs,
            r#"<tr><th scope="row">{}</th><td>{}</td><td>{}</td>{}<td class="num">{}</td><td class="num">{} / {}</td><td>{}</td><td>{resolved}</td><td class="ci">{}</td></tr>"#,
            esc(q["run_id"].as_str().unwrap_or("")),
            esc(q["code"].as_str().unwrap_or("")),
            esc(q["venue"].as_str().unwrap_or("")),
            num_td(q.get("p_up")),
            q["vol"].as_f64().map_or("-".into(), |v| format!("${v:.0}")),
            price("bid"),
            price("ask"),
            esc(q["last_trade_at"].as_str().unwrap_or("-")),
            seats.join(", "),
        );
    }
    let questions = format!(
        r#"<table class="scores-table" id="crowd-questions"><caption>Every crowd question: the sealed price and volume, bid/ask and last trade, the resolution and each seat's crowd_up</caption><thead><tr><th scope="col">Run</th><th scope="col">Market</th><th scope="col">Venue</th><th scope="col">Price</th><th scope="col">Volume</th><th scope="col">Bid / ask</th><th scope="col">Last trade</th><th scope="col">Resolved</th><th scope="col">Seats (crowd_up)</th></tr></thead><tbody>{qs}</tbody></table>"#
    );
    let mismatches: String = c["kalshi_mismatches"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            format!(
                "<li>book line {}, {}: sealed {}, recomputed {}</li>",
                m["run_line"],
                esc(m["field"].as_str().unwrap_or("")),
                m["sealed"],
                m["recomputed"]
            )
        })
        .collect();
    let mismatches = if mismatches.is_empty() {
        String::new()
    } else {
        format!(
            r#"<div class="callout warn" id="kalshi-mismatches"><p>Kalshi prices that do not follow from their sealed strikes:</p><ul>{mismatches}</ul></div>"#
        )
    };
    card(
        "scores-crowd",
        "AI against the crowd",
        &format!(
            r#"<p class="note">Each seat's crowd_up against the market price sealed in the run line, on the same contract, scored by the contract's own resolution. Contracts with sealed volume of at least ${} enter the primary comparison; thinner ones are shown apart. d is the share of market sessions in which the league's question and the crowd's resolved in opposite directions; a gap of at most 2d is not read as an advantage (§4.9). "From 50" is sharpness on the same rows: mean distance of the seat's crowd_up and of the market price from 50, in points (§4.4).</p>{}{mismatches}<details class="scores-details"><summary>All {} questions</summary>{}</details>"#,
            c["volume_floor_usd"].as_f64().unwrap_or(1000.0),
            table_wrap("Seats against the crowd", &table),
            c["questions"].as_array().map_or(0, Vec::len),
            table_wrap("Every crowd question", &questions)
        ),
    )
}

fn endpoint(doc: &Value) -> String {
    let p = &doc["primary_endpoint"];
    let verdict = p["verdict"].as_str();
    let pill = match verdict {
        Some("confirmed") => r#"<span class="pill ok">confirmed</span>"#.to_string(),
        Some("no_material_gain") => {
            r#"<span class="pill neutral">no material gain</span>"#.to_string()
        }
        Some(v) => format!(
            r#"<span class="pill warn">{}</span>"#,
            esc(&v.replace('_', " "))
        ),
        None => r#"<span class="pill neutral">no verdict</span>"#.to_string(),
    };
    let below = if p["confirmed_below_margin"].as_bool() == Some(true) {
        " (smaller than the margin)"
    } else {
        ""
    };
    let cfg = &p["config"];
    let mut body = format!(
        r#"<p class="note">Consensus against climatology: mean session gain G_s from session 11, moving-block bootstrap (blocks of {}, {} resamples, seed {}), margin {}.</p><dl class="figures" id="endpoint" data-verdict="{}">"#,
        cfg["block"],
        cfg["reps"],
        cfg["seed"],
        cfg["margin"],
        esc(verdict.unwrap_or(""))
    );
    let fig = |label: &str, key: &str, text: String| {
        format!(r#"<div><dt>{label}</dt><dd data-key="{key}">{text}</dd></div>"#)
    };
    let est = p["estimate"].as_f64().map_or("-".into(), |e| {
        format!(r#"<span data-v="{}">{e:.4}</span>"#, p["estimate"])
    });
    body += &fig("Estimate", "estimate", est);
    body += &fig("Sessions", "sessions", p["sessions"].to_string());
    body += &fig(
        "95% interval",
        "ci95",
        interval(p.get("ci95")).unwrap_or_else(|| "none".into()),
    );
    body += &fig(
        "90% interval",
        "ci90",
        interval(p.get("ci90")).unwrap_or_else(|| "none".into()),
    );
    body += &fig("Verdict", "verdict", format!("{pill}{below}"));
    body.push_str("</dl>");
    if let Some(note) = p["note"].as_str() {
        let _ = write!(body, r#"<p class="note">{}</p>"#, esc(note));
    }
    card("scores-endpoint", "Primary endpoint", &body)
}

fn seats(doc: &Value) -> String {
    let seats = doc["seats"].as_object();
    let mut body = String::from(
        r#"<p class="note">Brier on the stated probability over every resolved row (draws included); BSS against the coin (0.25), the sealed climatology and the crowd (one-day, admitted contracts, on crowd_up); K sharpness; ranked = the 30/10 rule. Intervals follow §4.6: the method used, or why there is none.</p>"#,
    );
    for h in HORIZONS {
        let mut rows = String::new();
        for (seat, hs) in seats.into_iter().flatten() {
            let Some(f) = hs.get(h) else { continue };
            let brier = f["brier"].as_f64();
            let ci = match interval(f.get("ci95")) {
                Some(ci) => format!(
                    "{ci} <span class=\"muted\">{}</span>",
                    esc(&method_name(f.get("ci95_method")))
                ),
                None => esc(f["interval"]["reason"]
                    .as_str()
                    .unwrap_or("none could be formed")),
            };
            let logit = match f["logistic"].as_object() {
                Some(l) => format!(
                    "a {:.2}, b {:.2}",
                    l["a"].as_f64().unwrap_or(f64::NAN),
                    l["b"].as_f64().unwrap_or(f64::NAN)
                ),
                None => esc(f["logistic_note"].as_str().unwrap_or("-")),
            };
            let ranked = if f["ranked"].as_bool() == Some(true) {
                r#"<td><span class="pill ok">ranked</span></td>"#
            } else {
                r#"<td><span class="pill neutral">not yet</span></td>"#
            };
            let _ = write!(
                rows,
                r#"<tr data-seat="{s}" data-h="{h}"><th scope="row">{s}</th>{}{}{}{}{}{}{}{}{}{ranked}<td class="ci">{ci}</td><td class="ci">{logit}</td></tr>"#,
                num_td(f.get("brier")),
                num_td(brier.map(|b| Value::from(1.0 - b / COIN)).as_ref()),
                num_td(f.get("bss_clim")),
                num_td(f.get("bss_crowd")),
                num_td(f.get("k")),
                pct_td(f["coverage"].as_f64()),
                int_td(f.get("n")),
                int_td(f.get("sessions")),
                num_td(f.get("brier_ex_draw")),
                s = esc(seat)
            );
        }
        if rows.is_empty() {
            continue;
        }
        let table = format!(
            r#"<table class="scores-table" id="seats-{h}"><caption>Seats, horizon {h}</caption><thead><tr><th scope="col">Seat</th><th scope="col">Brier</th><th scope="col">BSS coin</th><th scope="col">BSS clim</th><th scope="col">BSS crowd</th><th scope="col">K</th><th scope="col">Coverage</th><th scope="col">n</th><th scope="col">Sessions</th><th scope="col">Brier ex-draw</th><th scope="col">Eligibility</th><th scope="col">95% interval</th><th scope="col">Logistic fit</th></tr></thead><tbody>{rows}</tbody></table>"#
        );
        body += &table_wrap(&format!("Seats, horizon {h}"), &table);
    }
    card("scores-seats", "Seats by horizon", &body)
}

fn consensus(doc: &Value) -> String {
    let c = &doc["consensus"];
    let mut rows = String::new();
    for h in horizons_of(c) {
        let f = &c[h];
        let ci = match interval(f.get("ci95")) {
            Some(ci) => format!(
                "{ci} <span class=\"muted\">{}</span>",
                esc(&method_name(f.get("ci95_method")))
            ),
            None => esc(f["interval"]["reason"]
                .as_str()
                .unwrap_or("none could be formed")),
        };
        let _ = write!(
            rows,
            r#"<tr data-h="{h}"><th scope="row">{h}</th>{}{}{}{}{}{}{}{}<td class="ci">{ci}</td></tr>"#,
            num_td(f.get("brier")),
            num_td(f.get("dispersion")),
            num_td(f.get("members")),
            num_td(f.get("bss_clim")),
            num_td(f.get("momentum_brier")),
            int_td(f.get("n")),
            int_td(f.get("sessions")),
            int_td(f.get("all_wrong")),
        );
    }
    let table = format!(
        r#"<table class="scores-table" id="consensus"><caption>Consensus per horizon</caption><thead><tr><th scope="col">Horizon</th><th scope="col">Brier</th><th scope="col">Dispersion</th><th scope="col">Members' Brier</th><th scope="col">BSS clim</th><th scope="col">Momentum Brier</th><th scope="col">n</th><th scope="col">Sessions</th><th scope="col">All wrong</th><th scope="col">95% interval</th></tr></thead><tbody>{rows}</tbody></table>"#
    );
    card(
        "scores-consensus",
        "Consensus",
        &format!(
            r#"<p class="note">Trimmed, family-weighted consensus on common events; dispersion is the Krogh-Vedelsby term (members' Brier minus the consensus').</p>{}"#,
            table_wrap("Consensus per horizon", &table)
        ),
    )
}

fn calibration(doc: &Value) -> String {
    let c = &doc["consensus"];
    let mut series = Vec::new();
    for h in horizons_of(c) {
        let pts: Vec<(f64, f64, u64)> = c[h]["calibration"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|b| {
                Some((
                    b["mean_stated"].as_f64()?,
                    b["realized"].as_f64()?,
                    b["n"].as_u64()?,
                ))
            })
            .filter(|p| p.2 >= 20)
            .collect();
        series.push((format!("consensus {h}"), pts));
    }
    let legend: Vec<(usize, String)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.0.clone()))
        .collect();
    card(
        "scores-calibration",
        "Calibration",
        &format!(
            r#"<p class="note">Folded bins [50,60) [60,70) [70,80) [80,100] of the consensus; bins with fewer than 20 forecasts are not drawn.</p><figure class="chart-box">{}{}</figure>{}"#,
            charts::calibration(&series),
            charts::legend(&legend),
            seat_calibration(doc)
        ),
    )
}

/// Every seat's folded bins and logistic fit (§4.5) as a table: realized share over mean
/// stated probability and n per bin (bins under the 20-forecast minimum in grey), then a and b
/// with their session-clustered standard errors.
fn seat_calibration(doc: &Value) -> String {
    let mut trs = String::new();
    let mut bin_heads: Vec<String> = Vec::new();
    for (seat, hs) in doc["seats"].as_object().into_iter().flatten() {
        for h in HORIZONS {
            let Some(f) = hs.get(h) else { continue };
            let bins = f["calibration"].as_array().cloned().unwrap_or_default();
            if bin_heads.is_empty() {
                bin_heads = bins
                    .iter()
                    .map(|b| {
                        format!(
                            "[{}, {}{}",
                            b["lo"],
                            b["hi"],
                            if b["hi"].as_f64() == Some(100.0) {
                                "]"
                            } else {
                                ")"
                            }
                        )
                    })
                    .collect();
            }
            let cells: String = bins
                .iter()
                .map(|b| match (b["realized"].as_f64(), b["mean_stated"].as_f64()) {
                    (Some(r), Some(m)) => format!(
                        r#"<td class="num{}" data-v="{}" data-n="{}">{:.0}% <span class="muted">at {m:.1}, n {}</span></td>"#,
                        if b["shown"].as_bool() == Some(true) { "" } else { " muted" },
                        b["realized"],
                        b["n"],
                        r * 100.0,
                        b["n"]
                    ),
                    _ => r#"<td class="num muted">-</td>"#.into(),
                })
                .collect();
            let fit = match f["logistic"].as_object() {
                Some(l) => {
                    let g = |k: &str| l.get(k).and_then(Value::as_f64).unwrap_or(f64::NAN);
                    format!(
                        "a {:.3} ({:.3}), b {:.3} ({:.3}); {} sessions",
                        g("a"),
                        g("se_a"),
                        g("b"),
                        g("se_b"),
                        l.get("clusters").unwrap_or(&Value::Null)
                    )
                }
                None => esc(f["logistic_note"].as_str().unwrap_or("-")),
            };
            let _ = write!(
                trs,
                r#"<tr data-seat="{s}" data-h="{h}"><th scope="row">{s}</th><td>{h}</td>{cells}<td class="ci">{fit}</td></tr>"#,
                s = esc(seat)
            );
        }
    }
    if trs.is_empty() {
        return String::new();
    }
    let heads: String = bin_heads
        .iter()
        .map(|b| format!(r#"<th scope="col">{}</th>"#, esc(b)))
        .collect();
    let table = format!(
        r#"<table class="scores-table" id="seat-calibration"><caption>Calibration per seat: realized share in each folded bin, at the mean stated probability, with n (grey: under 20); logistic fit with clustered standard errors</caption><thead><tr><th scope="col">Seat</th><th scope="col">Horizon</th>{heads}<th scope="col">Logistic a, b (SE)</th></tr></thead><tbody>{trs}</tbody></table>"#
    );
    format!(
        r#"<details class="scores-details"><summary>Every seat</summary>{}</details>"#,
        table_wrap("Calibration per seat", &table)
    )
}

fn neff(doc: &Value) -> String {
    let rows = doc["n_eff"].as_array().cloned().unwrap_or_default();
    let mut series = Vec::new();
    for h in HORIZONS {
        let readings: Vec<(usize, f64, f64)> = rows
            .iter()
            .filter(|r| r["horizon"] == h)
            .filter_map(|r| {
                Some((
                    r["n"].as_u64()? as usize,
                    r["n_eff"].as_f64()?,
                    r["rho"].as_f64()?,
                ))
            })
            .collect();
        if readings.is_empty() {
            continue;
        }
        let rho = readings.iter().map(|r| r.2).sum::<f64>() / readings.len() as f64;
        series.push((
            format!("{h} (mean rho {rho:.3})"),
            rho,
            readings.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        ));
    }
    let legend: Vec<(usize, String)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.0.clone()))
        .collect();
    let mut trs = String::new();
    for r in &rows {
        let note = r["note"].as_str().map(esc).unwrap_or_default();
        let _ = write!(
            trs,
            r#"<tr><th scope="row">{}</th><td>{}</td>{}{}{}<td class="ci">{note}</td></tr>"#,
            esc(r["run_id"].as_str().unwrap_or("")),
            esc(r["horizon"].as_str().unwrap_or("")),
            int_td(r.get("n")),
            num_td(r.get("rho")),
            num_td(r.get("n_eff")),
        );
    }
    let table = format!(
        r#"<table class="scores-table" id="neff-table"><caption>N_eff per run and horizon</caption><thead><tr><th scope="col">Run</th><th scope="col">Horizon</th><th scope="col">n</th><th scope="col">Mean r</th><th scope="col">N_eff</th><th scope="col">Note</th></tr></thead><tbody>{trs}</tbody></table>"#
    );
    card(
        "scores-neff",
        "Independent voices (N_eff)",
        &format!(
            r#"<p class="note">N_eff = n / (1 + (n - 1) rho) per run and horizon; the curves are that formula at each horizon's mean observed rho, the dashed line is N_eff = n (independent seats), the points are the runs.</p><figure class="chart-box">{}{}</figure><details class="scores-details"><summary>All {} readings</summary>{}</details>"#,
            charts::neff_curve(&series),
            charts::legend(&legend),
            rows.len(),
            table_wrap("N_eff per run and horizon", &table)
        ),
    )
}

/// §5's companion figures (`independence`): the roster, every N_eff variant, the spectrum,
/// the error-indicator reading and the sides test per run and horizon, each seat's mean r and
/// majority agreement, the shadow-consensus weights and Table 6's path to the counted record.
fn independence(doc: &Value) -> String {
    let ind = &doc["independence"];
    if !ind.is_object() {
        return String::new();
    }
    let neff_td = |r: &Value| match r["n_eff"].as_f64() {
        Some(_) => num_td(r.get("n_eff")),
        None => format!(
            r#"<td class="num muted" title="{}">-</td>"#,
            esc(r["note"].as_str().unwrap_or(""))
        ),
    };
    let mut body = String::new();
    let roster = &ind["roster"];
    let seats: String = roster["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let t = |k: &str| esc(s[k].as_str().unwrap_or("-"));
            format!(
                r#"<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>"#,
                t("seat"),
                t("family"),
                t("side"),
                t("model")
            )
        })
        .collect();
    let source = match (roster["source"].as_str(), roster["note"].as_str()) {
        (Some(src), _) => format!("Roster from {}.", esc(src)),
        (None, Some(note)) => esc(note),
        (None, None) => "No roster: each seat is its own family and has no side.".into(),
    };
    let _ = write!(
        body,
        r#"<p class="note">{source} A family's second and later seats weigh 1/3 in the consensus; sides feed the US/China test.</p><details class="scores-details"><summary>Roster</summary>{}</details>"#,
        table_wrap(
            "Roster",
            &format!(
                r#"<table class="scores-table" id="roster-table"><caption>Roster</caption><thead><tr><th scope="col">Seat</th><th scope="col">Family</th><th scope="col">Side</th><th scope="col">Model</th></tr></thead><tbody>{seats}</tbody></table>"#
            )
        )
    );
    let mut trs = String::new();
    for r in ind["runs"].as_array().into_iter().flatten() {
        let sides = match r["sides"].as_object() {
            Some(sd) => format!(
                "within {:.2}, between {:.2}; gap {:.1} ({}/{} splits, p {:.2})",
                sd["within_r"].as_f64().unwrap_or(f64::NAN),
                sd["between_r"].as_f64().unwrap_or(f64::NAN),
                sd["max_gap"].as_f64().unwrap_or(f64::NAN),
                sd["at_least_as_wide"],
                sd["splits"],
                sd["p_value"].as_f64().unwrap_or(f64::NAN)
            ),
            None => esc(r["sides_note"].as_str().unwrap_or("-")),
        };
        let _ = write!(
            trs,
            r#"<tr data-run="{run}" data-h="{h}"><th scope="row">{run}</th><td>{h}</td>{}{}{}{}{}{}{}{}{}{}{}<td class="ci">{sides}</td></tr>"#,
            int_td(r.get("n")),
            neff_td(&r["pearson"]),
            neff_td(&r["one_market_per_group"]),
            neff_td(&r["from_fifty"]),
            neff_td(&r["from_climatology"]),
            neff_td(&r["errors"]),
            num_td(r["spectrum"].get("largest_share")),
            num_td(r["spectrum"].get("participation_ratio")),
            num_td(r.get("k")),
            pct_td(r["share_40_60"].as_f64()),
            num_td(r.get("spread")),
            run = esc(r["run_id"].as_str().unwrap_or("")),
            h = esc(r["horizon"].as_str().unwrap_or("")),
        );
    }
    let runs = format!(
        r#"<table class="scores-table" id="independence-table"><caption>Independence per run and horizon (all = the run's every cell)</caption><thead><tr><th scope="col">Run</th><th scope="col">Horizon</th><th scope="col">n</th><th scope="col">N_eff</th><th scope="col">One market per group</th><th scope="col">From 50</th><th scope="col">From climatology</th><th scope="col">Errors</th><th scope="col">Largest eigenvalue share</th><th scope="col">Participation ratio</th><th scope="col">K</th><th scope="col">Share 40-60</th><th scope="col">Spread</th><th scope="col">Sides</th></tr></thead><tbody>{trs}</tbody></table>"#
    );
    let _ = write!(
        body,
        r#"<details class="scores-details"><summary>Every run and horizon ({} readings)</summary>{}</details>"#,
        ind["runs"].as_array().map_or(0, Vec::len),
        table_wrap("Independence per run and horizon", &runs)
    );
    // Each seat's mean r and majority agreement on the latest run's whole panel.
    if let Some(last) = ind["runs"]
        .as_array()
        .and_then(|rs| rs.iter().rev().find(|r| r["horizon"] == "all"))
    {
        let rows: String = last["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                format!(
                    r#"<tr><th scope="row">{}</th>{}{}{}</tr>"#,
                    esc(s["seat"].as_str().unwrap_or("")),
                    num_td(s.get("mean_r")),
                    pct_td(s["majority_agreement"].as_f64()),
                    int_td(s.get("majority_cells"))
                )
            })
            .collect();
        let run = esc(last["run_id"].as_str().unwrap_or(""));
        let table = format!(
            r#"<table class="scores-table" id="seat-independence"><caption>Seats in run {run} (every cell)</caption><thead><tr><th scope="col">Seat</th><th scope="col">Mean r</th><th scope="col">Majority agreement</th><th scope="col">Cells</th></tr></thead><tbody>{rows}</tbody></table>"#
        );
        let _ = write!(
            body,
            r#"<details class="scores-details"><summary>Seats in the latest run</summary>{}</details>"#,
            table_wrap("Seats in the latest run", &table)
        );
    }
    let shadow = &ind["shadow"];
    if let Some(w) = shadow["weights"]["weights"].as_object() {
        let rows: String = w
            .iter()
            .map(|(seat, v)| {
                format!(
                    r#"<tr><th scope="row">{}</th>{}{}{}</tr>"#,
                    esc(seat),
                    num_td(Some(v)),
                    num_td(shadow["weights"]["mean_r"].get(seat)),
                    int_td(shadow["weights"]["pairs"].get(seat))
                )
            })
            .collect();
        let window: Vec<String> = shadow["window"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(esc))
            .collect();
        let table = format!(
            r#"<table class="scores-table" id="shadow-table"><caption>Shadow-consensus weights from runs {}</caption><thead><tr><th scope="col">Seat</th><th scope="col">Weight</th><th scope="col">Mean r</th><th scope="col">Correlations</th></tr></thead><tbody>{rows}</tbody></table>"#,
            window.join(", ")
        );
        let _ = write!(
            body,
            r#"<details class="scores-details"><summary>Shadow-consensus weights</summary>{}</details>"#,
            table_wrap("Shadow-consensus weights", &table)
        );
    } else if let Some(note) = shadow["note"].as_str() {
        let _ = write!(body, r#"<p class="note">Shadow weights: {}</p>"#, esc(note));
    }
    let funnel: String = ind["funnel"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            format!(
                r#"<tr><th scope="row">{}</th>{}{}{}{}{}{}{}</tr>"#,
                esc(f["run_id"].as_str().unwrap_or("")),
                int_td(f.get("rows")),
                int_td(f.get("corrections")),
                int_td(f.get("seats")),
                int_td(f.get("sealed_before_reference")),
                int_td(f.get("explicit_50")),
                int_td(f.get("invalid")),
                int_td(f.get("counted_one_day")),
            )
        })
        .collect();
    let table = format!(
        r#"<table class="scores-table" id="funnel-table"><caption>From the file to the counted record, per run</caption><thead><tr><th scope="col">Run</th><th scope="col">Rows</th><th scope="col">Corrections</th><th scope="col">Seats</th><th scope="col">Sealed before the reference</th><th scope="col">Explicit 50</th><th scope="col">Invalid</th><th scope="col">Counted, one day</th></tr></thead><tbody>{funnel}</tbody></table>"#
    );
    let _ = write!(
        body,
        r#"<details class="scores-details"><summary>From the file to the counted record</summary>{}</details>"#,
        table_wrap("From the file to the counted record", &table)
    );
    card("scores-independence", "Independence in detail (§5)", &body)
}

fn grid(doc: &Value) -> String {
    let Some(grid) = doc["grid"].as_object() else {
        return String::new();
    };
    let mut markets: Vec<&String> = grid
        .values()
        .filter_map(Value::as_object)
        .flat_map(|m| m.keys())
        .collect();
    markets.sort();
    markets.dedup();
    let mut body = String::from(
        r#"<p class="note">Brier of each seat on each market (hover or focus a cell for n and hit rate).</p>"#,
    );
    for h in HORIZONS {
        let head: String = markets
            .iter()
            .map(|m| format!(r#"<th scope="col">{}</th>"#, esc(m)))
            .collect();
        let mut trs = String::new();
        for (seat, ms) in grid {
            let cells: String = markets
                .iter()
                .map(|m| {
                    let c = &ms[m.as_str()][h];
                    match c["brier"].as_f64() {
                        Some(b) => format!(
                            r#"<td class="num" data-v="{}" title="n {}, hit rate {}">{b:.3}</td>"#,
                            c["brier"],
                            c["n"],
                            c["hit_rate"]["rate"]
                                .as_f64()
                                .map_or("-".into(), |r| format!("{:.0}%", r * 100.0))
                        ),
                        None => r#"<td class="num muted">-</td>"#.into(),
                    }
                })
                .collect();
            let _ = write!(trs, r#"<tr><th scope="row">{}</th>{cells}</tr>"#, esc(seat));
        }
        let table = format!(
            r#"<table class="scores-table grid-table" id="grid-{h}"><caption>Model x market, horizon {h}</caption><thead><tr><th scope="col">Seat</th>{head}</tr></thead><tbody>{trs}</tbody></table>"#
        );
        let _ = write!(
            body,
            r#"<details class="scores-details"{}><summary>Horizon {h}</summary>{}</details>"#,
            if h == "1d" { " open" } else { "" },
            table_wrap(&format!("Model x market, horizon {h}"), &table)
        );
    }
    card("scores-grid", "Model x market x horizon", &body)
}

/// The heat map and eigenvalues of one run's correlation matrix.
pub fn matrix(m: &MatrixView) -> String {
    let label = format!(
        "Correlation matrix of run {} at horizon {}",
        m.run_id, m.horizon
    );
    let mut s = format!(
        r#"<figure class="chart-box heat-box">{}</figure>"#,
        charts::heat_map(&label, &m.seats, &m.r)
    );
    s.push_str(&matrix_table(&label, m));
    if m.eigenvalues.is_empty() {
        s.push_str(r#"<p class="note" id="eigen">No eigenvalues: some pair of seats has no correlation (fewer than the minimum of common markets, or a constant answer).</p>"#);
    } else {
        let ev: Vec<String> = m
            .eigenvalues
            .iter()
            .enumerate()
            .map(|(i, l)| format!(r#"<li data-v="{l}">λ<sub>{}</sub> = {l:.4}</li>"#, i + 1))
            .collect();
        let _ = write!(
            s,
            r#"<div id="eigen"><p class="note">Largest eigenvalue's share of the trace {:.3}; participation ratio {:.2}.</p><ol class="eigenvalues" aria-label="Eigenvalues, largest first">{}</ol></div>"#,
            m.largest_share.unwrap_or(f64::NAN),
            m.participation_ratio.unwrap_or(f64::NAN),
            ev.concat()
        );
    }
    s
}

/// The heat map's numbers as a table, for screen readers and for copying.
fn matrix_table(label: &str, m: &MatrixView) -> String {
    let head: String = m
        .seats
        .iter()
        .map(|s| format!(r#"<th scope="col">{}</th>"#, esc(s)))
        .collect();
    let mut trs = String::new();
    for (seat, row) in m.seats.iter().zip(&m.r) {
        let cells: String = row
            .iter()
            .map(|v| num_td(v.map(Value::from).as_ref()))
            .collect();
        let _ = write!(trs, r#"<tr><th scope="row">{}</th>{cells}</tr>"#, esc(seat));
    }
    let table = format!(
        r#"<table class="scores-table" id="matrix-table"><caption>{}</caption><thead><tr><th scope="col">Seat</th>{head}</tr></thead><tbody>{trs}</tbody></table>"#,
        esc(label)
    );
    format!(
        r#"<details class="scores-details"><summary>The matrix as a table</summary>{}</details>"#,
        table_wrap(label, &table)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_renders_its_figures() {
        let doc: Value = serde_json::from_str(
            r#"{"rows": 3, "time_basis": "same_event", "climatology_sha256_ok": null, "excluded_after_reference": 0,
            "seats": {"a<b": {"1d": {"brier": 0.2, "n": 3, "sessions": 1, "coverage": 1.0, "bss_clim": null, "k": 10.0, "ranked": false,
              "interval": {"reason": "no interval before 5 sessions"}, "ci95": null, "logistic": null, "logistic_note": "too few"}}},
            "consensus": {}, "grid": {}, "n_eff": [],
            "primary_endpoint": {"estimate": null, "sessions": 0, "ci95": null, "ci90": null, "verdict": null, "confirmed_below_margin": false,
              "config": {"block": 5, "reps": 10000, "seed": 20261102, "margin": 0.01}, "note": "no sessions", "gains": []}}"#,
        )
        .unwrap();
        let html = document(&doc);
        assert!(html.contains("a&lt;b"));
        assert!(html.contains(r#"data-v="0.2">0.2000"#));
        assert!(
            html.contains(r#"data-v="0.19999999999999996">0.2000"#),
            "BSS vs coin = 1 - 0.2/0.25"
        );
        assert!(html.contains("no interval before 5 sessions"));
        assert!(html.contains("no sessions"));
    }

    #[test]
    fn seat_calibration_lists_bins_and_the_fit() {
        let doc: Value = serde_json::from_str(
            r#"{"seats": {"s1": {"1d": {"calibration": [
                {"lo": 50.0, "hi": 60.0, "n": 25, "mean_stated": 55.2, "realized": 0.6, "shown": true},
                {"lo": 80.0, "hi": 100.0, "n": 3, "mean_stated": 85.0, "realized": 1.0, "shown": false}],
              "logistic": {"a": 0.1, "b": 0.8, "se_a": 0.05, "se_b": 0.2, "clusters": 12}}}}}"#,
        )
        .unwrap();
        let html = seat_calibration(&doc);
        assert!(
            html.contains("[50.0, 60.0)") && html.contains("[80.0, 100.0]"),
            "{html}"
        );
        assert!(html.contains(r#"<td class="num" data-v="0.6" data-n="25">60% <span class="muted">at 55.2, n 25</span></td>"#), "{html}");
        assert!(
            html.contains(r#"<td class="num muted" data-v="1.0" data-n="3">"#),
            "a bin under the minimum is grey: {html}"
        );
        assert!(
            html.contains("a 0.100 (0.050), b 0.800 (0.200); 12 sessions"),
            "{html}"
        );
        assert_eq!(seat_calibration(&serde_json::json!({"seats": {}})), "");
    }

    #[test]
    fn the_matrix_is_also_a_table() {
        let m = MatrixView {
            run_id: "r".into(),
            horizon: "1d".into(),
            seats: vec!["a".into(), "b&c".into()],
            r: vec![vec![Some(1.0), None], vec![None, Some(1.0)]],
            eigenvalues: vec![],
            largest_share: None,
            participation_ratio: None,
        };
        let html = matrix(&m);
        assert!(html.contains(r#"<th scope="col">b&amp;c</th>"#), "{html}");
        assert!(html.contains(r#"<tr><th scope="row">a</th><td class="num" data-v="1.0">1.0000</td><td class="num muted">-</td></tr>"#), "{html}");
    }

    #[test]
    fn scorecards_show_every_date_and_prediction() {
        let cards = r#"[{"as_of": "2026-11-30", "resolved": 1, "past_due": 2, "brier_resolved": 0.04, "resolved_share": 0.5, "worst_case": 0.2, "bss_vs_half": 0.84,
            "rows": [{"id": "F1", "p": 0.8, "check_date": "2026-11-30", "state": "true"}, {"id": "F<2>", "p": 0.4, "check_date": "2026-11-30", "state": "unresolved"}]}]"#;
        let html = results(None, Some(cards), None).unwrap();
        assert!(html.contains(r#"<tr data-as-of="2026-11-30"><th scope="row">2026-11-30</th><td class="num" data-v="1">1</td><td class="num" data-v="2">2</td><td class="num" data-v="0.04">0.0400</td>"#), "{html}");
        assert!(
            html.contains(r#"<span class="pill warn" data-state="unresolved">unresolved</span>"#),
            "{html}"
        );
        assert!(html.contains("F&lt;2&gt;"), "{html}");
        assert!(
            !html.contains("scores-seats"),
            "no stats document, no seat tables"
        );
        assert!(results(Some("{"), None, None)
            .unwrap_err()
            .contains("stats document"));
    }

    #[test]
    fn crowd_and_book_agreement_are_shown() {
        let doc: Value = serde_json::from_str(
            r#"{"crowd": {"volume_floor_usd": 1000.0, "unresolved": 0, "kalshi_mismatches": [{"run_line": 7, "field": "crowd.kalshi.NDX.p_up", "sealed": 0.5, "recomputed": 0.46}],
                "overall": {"admitted": {"n": 4, "questions": 2, "model_brier": 0.2, "crowd_brier": 0.25, "bss_crowd": 0.2, "gap": -0.05, "d": 0.5, "gap_readable": false}, "thin": {"n": 0}},
                "seats": {"s<1>": {"admitted": {"n": 2, "questions": 2, "model_brier": 0.1, "crowd_brier": 0.25, "bss_crowd": 0.6, "gap": -0.15, "d": 0.0, "gap_readable": true}}},
                "questions": [{"run_id": "r1", "code": "SPX", "venue": "polymarket", "p_up": 0.86, "vol": 12512.31, "bid": 0.85, "ask": 0.87, "last_trade_at": "2026-10-19T12:23:47Z", "up": true, "seats": {"s<1>": 51.0}}]},
              "book_agreement": {"ok": false, "checked": 10, "not_checked_no_answer": 0, "not_checked_correction": 0, "not_checked_no_kind": 0, "mismatch_count": 1,
                "mismatches": [{"csv_row": 3, "book_line": 5, "field": "prob_up", "message": "CSV 61, sealed 60"}]}}"#,
        )
        .unwrap();
        let html = crowd(&doc);
        assert!(
            html.contains(r#"<tr data-seat="all seats" data-split="admitted">"#),
            "{html}"
        );
        assert!(
            !html.contains(r#"data-split="thin""#),
            "an empty split is not a row"
        );
        assert!(
            html.contains(r#"<tr data-seat="s&lt;1&gt;" data-split="admitted">"#)
                && html.contains("beyond 2d")
                && html.contains("within 2d"),
            "{html}"
        );
        assert!(
            html.contains("$12512")
                && html.contains("0.85 / 0.87")
                && html.contains("s&lt;1&gt; 51"),
            "{html}"
        );
        assert!(
            html.contains("book line 7, crowd.kalshi.NDX.p_up: sealed 0.5, recomputed 0.46"),
            "{html}"
        );
        let a = agreement(&doc);
        assert!(
            a.contains(r#"data-ok="false""#)
                && a.contains(
                    "council-forecasts.csv row 3, book line 5, prob_up: CSV 61, sealed 60"
                ),
            "{a}"
        );
        assert_eq!(crowd(&serde_json::json!({})), "");
        assert_eq!(agreement(&serde_json::json!({})), "");
    }
}
