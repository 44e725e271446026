//! The reader experiment's published analysis on the Scores page (spec §6.2, §6.4, F28/F29):
//! core's [`Analysis`], computed from an exported dataset (`sealbook experiment export
//! --dataset`) with the same core code as `sealbook experiment stats --json`, or read from the
//! league file's `experiment` section (`council-league.json`), rendered with `html!`.

use super::html::{card, head, int_td, num_td, pct_td, table_wrap};
use crate::i18n::{replay_messages, t, M};
use sealbook_core::experiment::analysis::{
    analyse, parse_dataset, Analysis, GroupStats, F28_MEASURE, F29_MEASURE, GROUP_LABEL,
};
use sealbook_core::league::league_file::LeagueFile;
use yew::prelude::*;

/// The analysis as `sealbook experiment stats --json` prints it (without its final newline):
/// from the dataset when one is given (`(file name, bytes)`), else the league file's section.
/// None when neither is given; an error names the file, in the page's language.
pub fn analysis_json(
    dataset: Option<(&str, &[u8])>,
    league: Option<&[u8]>,
) -> Result<Option<String>, String> {
    let analysis = match (dataset, league) {
        (Some((name, bytes)), _) => Some(analyse(
            &parse_dataset(bytes, name).map_err(|e| replay_messages::dataset_error(&e))?,
        )),
        (None, Some(bytes)) => {
            LeagueFile::parse(bytes)
                .map_err(|e| replay_messages::league_file_error(&e))?
                .experiment
        }
        (None, None) => None,
    };
    Ok(analysis.map(|a| serde_json::to_string(&a).expect("plain fields")))
}

/// Which group is blind, in the page's language when it is core's [`GROUP_LABEL`] (a dataset
/// of another version is shown as it is).
fn group_label(label: &str) -> String {
    said(label, M::EaExpGroupLabel, GROUP_LABEL)
}

/// `text` in the page's language when it is `english` (core's words for `m`), else as it is.
fn said(text: &str, m: M, english: &str) -> String {
    if text == english {
        t(m).to_string()
    } else {
        text.to_string()
    }
}

fn group_row(name: &str, g: &GroupStats) -> Html {
    html! {
        <tr data-group={name.to_string()}>
            <th scope="row">{ format!("{name} ({})", g.group.as_str()) }</th>
            { int_td(Some(g.identifiers)) }
            { int_td(Some(g.first_forecasts)) }
            { int_td(Some(g.scored)) }
            { pct_td(g.hit_rate) }
            { num_td(g.brier) }
            { num_td(g.mean_confidence) }
            { num_td(g.time_to_first_forecast_s.median) }
            { pct_td(g.anchoring.share) }
            { int_td(Some(g.peeks)) }
            { pct_td(g.return_rate) }
            { pct_td(g.reset_share) }
        </tr>
    }
}

/// The analysis' card: the label, each group's figures, the weighted Brier, the revision
/// protocol and the registered readings.
pub fn experiment(a: &Analysis) -> Html {
    let w = &a.brier_weighted;
    let r = &a.revision;
    let readings = [
        (&a.registered.f28, M::EaExpF28, F28_MEASURE),
        (&a.registered.f29, M::EaExpF29, F29_MEASURE),
    ];
    let body = html! { <>
        <p class="note" id="experiment-label">{ group_label(&a.label) }</p>
        { table_wrap(t(M::ScExpByGroup), html! {
            <table class="scores-table" id="experiment-groups">
                <thead>{ head(&[t(M::ScExpGroup), t(M::ScExpIds), t(M::ScExpFirst), t(M::ScExpScored), t(M::ExpHitRate), t(M::ExpBrier), t(M::ScExpMeanConf), t(M::ScExpMedianSecs), t(M::ScExpAnchoring), t(M::ScExpPeeks), t(M::ScExpReturn), t(M::ScExpReset)]) }</thead>
                <tbody>
                    { group_row("g0", &a.g0) }
                    { group_row("g1", &a.g1) }
                </tbody>
            </table>
        }) }
        { table_wrap(t(M::ScExpOutcomes), html! {
            <table class="scores-table" id="experiment-outcomes">
                <thead>{ head(&[t(M::ScExpMeasure), t(M::ScExpValue), "n"]) }</thead>
                <tbody>
                    <tr data-key="brier_weighted"><th scope="row">{ t(M::ScExpWeighted) }</th>{ num_td(w.difference) }{ int_td(Some(w.weight)) }</tr>
                    <tr data-key="revision_primary"><th scope="row">{ t(M::ScExpRevision) }</th>{ num_td(r.primary) }{ int_td(Some(r.pairs)) }</tr>
                    { for readings.iter().map(|(x, m, english)| html! {
                        <tr data-key={x.measure.clone()}><th scope="row">{ said(&x.measure, *m, english) }</th>{ num_td(x.value) }{ int_td(Some(x.available.g0.min(x.available.g1))) }</tr>
                    }) }
                </tbody>
            </table>
        }) }
    </> };
    card("experiment", t(M::ScExpTitle), body)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::scores::html::render;
    use sealbook_core::experiment::analysis::{Dataset, GROUP_LABEL};
    use sealbook_core::league::league_file::GeneratedFrom;

    #[test]
    fn from_a_dataset_or_the_league_file() {
        assert_eq!(analysis_json(None, None).unwrap(), None);
        let empty = serde_json::to_vec(&Dataset::default()).unwrap();
        let json = analysis_json(Some(("d.json", &empty)), None)
            .unwrap()
            .unwrap();
        let a: Analysis = serde_json::from_str(&json).unwrap();
        assert_eq!(a.label, GROUP_LABEL);
        let league = LeagueFile {
            league: "l".into(),
            methodology_version: "m".into(),
            generated_from: GeneratedFrom { book_lines: 0 },
            accounts: None,
            experiment: Some(a.clone()),
        }
        .to_bytes();
        assert_eq!(analysis_json(None, Some(&league)).unwrap(), Some(json));
        let e = analysis_json(Some(("x.json", b"{")), None).unwrap_err();
        assert!(e.starts_with("x.json: line 1"), "{e}");
        let html = render(experiment(&a));
        assert!(html.contains("g1: blind"), "{html}");
        assert!(html.contains("data-group=\"g0\""), "{html}");
    }
}
