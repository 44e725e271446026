//! Small pieces of the Scores page's tables: number cells, intervals and wrappers, as Yew
//! `Html` (every string goes in as text, so none needs escaping by hand).

use crate::i18n::{t, tr, M};
use sealbook_core::score::seams::Interval;
use sealbook_core::stats::intervals::IntervalMethod;
use serde::Serialize;
use yew::prelude::*;

/// A number as the document spells it (serde_json's shortest round-trip form), for `data-v`.
pub fn json_number(x: f64) -> String {
    serde_json::to_string(&x).unwrap_or_default()
}

/// An enum's name as the document spells it (`no_material_gain`).
pub fn json_name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

fn empty_td() -> Html {
    html! { <td class="num muted">{ "-" }</td> }
}

/// A number cell: four decimals shown, the document's exact value in `data-v` (for scripts
/// and tests), "-" for none.
pub fn num_td(v: Option<f64>) -> Html {
    match v {
        Some(x) => html! { <td class="num" data-v={json_number(x)}>{ format!("{x:.4}") }</td> },
        None => empty_td(),
    }
}

/// A number cell with a tooltip (`title`).
pub fn num_td_titled(v: Option<f64>, title: String) -> Html {
    match v {
        Some(x) => {
            html! { <td class="num" data-v={json_number(x)} title={title}>{ format!("{x:.4}") }</td> }
        }
        None => html! { <td class="num muted" title={title}>{ "-" }</td> },
    }
}

/// A count cell.
pub fn int_td(v: Option<usize>) -> Html {
    match v {
        Some(x) => html! { <td class="num" data-v={x.to_string()}>{ x }</td> },
        None => empty_td(),
    }
}

/// A percentage cell from a share (0-1).
pub fn pct_td(v: Option<f64>) -> Html {
    match v {
        Some(x) => {
            html! { <td class="num" data-v={json_number(x)}>{ format!("{:.1}%", x * 100.0) }</td> }
        }
        None => empty_td(),
    }
}

/// `[lo, hi]` to four decimals.
pub fn interval(v: Option<Interval>) -> Option<String> {
    v.map(|(lo, hi)| format!("[{lo:.4}, {hi:.4}]"))
}

/// An interval method's name as the reader reads it.
pub fn method_name(m: Option<&IntervalMethod>) -> String {
    match m {
        Some(IntervalMethod::TSessionMeans) => t(M::ScMethodT).into(),
        Some(IntervalMethod::SessionClusterBootstrap) => t(M::ScMethodCluster).into(),
        Some(IntervalMethod::NeweyWest { lag }) => tr(M::ScMethodNw, &[("lag", lag)]),
        Some(IntervalMethod::BlockBootstrap { block }) => tr(M::ScMethodBlock, &[("block", block)]),
        None => String::new(),
    }
}

/// Wraps a wide table so it scrolls sideways on a phone; the region is focusable, so the
/// keyboard scrolls it too.
pub fn table_wrap(label: &str, table: Html) -> Html {
    html! {
        <div class="table-wrap" role="region" tabindex="0" aria-label={label.to_string()}>{ table }</div>
    }
}

/// A collapsed section holding a wide table.
pub fn details(summary: String, label: &str, table: Html) -> Html {
    html! {
        <details class="scores-details"><summary>{ summary }</summary>{ table_wrap(label, table) }</details>
    }
}

/// Names shown before the list of files not read is folded.
pub const UNREAD_SHOWN: usize = 3;

/// The first [`UNREAD_SHOWN`] of `names`, then how many more, in the page's language.
pub fn first_names(names: &[String]) -> String {
    let first = names[..names.len().min(UNREAD_SHOWN)].join(", ");
    if names.len() <= UNREAD_SHOWN {
        return first;
    }
    tr(
        M::EaAndMore,
        &[("names", &first), ("n", &(names.len() - UNREAD_SHOWN))],
    )
}

/// The files not read, worded by `sentence` (given the names): the first few names and how
/// many more, with the whole list folded under them (a dropped or fetched league holds
/// hundreds of files these pages do not read).
pub fn unread(id: &str, names: &[String], sentence: impl Fn(&str) -> String) -> Html {
    if names.len() <= UNREAD_SHOWN {
        return html! { <p class="note" id={id.to_string()}>{ sentence(&first_names(names)) }</p> };
    }
    html! {
        <details class="note unread" id={id.to_string()}>
            <summary>{ sentence(&first_names(names)) }</summary>
            <ul class="unread-list">
                { for names.iter().map(|n| html! { <li><bdi dir="ltr">{ n.clone() }</bdi></li> }) }
            </ul>
        </details>
    }
}

/// One of the page's cards.
pub fn card(id: &str, title: &str, body: Html) -> Html {
    let title_id = format!("{id}-title");
    html! {
        <section class="card scores-card" id={id.to_string()} aria-labelledby={title_id.clone()}>
            <h2 class="section-title" id={title_id}>{ title.to_string() }</h2>
            { body }
        </section>
    }
}

/// A table's head row.
pub fn head(cols: &[&str]) -> Html {
    html! { <tr>{ for cols.iter().map(|c| html! { <th scope="col">{ c.to_string() }</th> }) }</tr> }
}

/// A pill: a short state with its colour class.
pub fn pill(class: &str, text: impl Into<String>) -> Html {
    html! { <span class={classes!("pill", class.to_string())}>{ text.into() }</span> }
}

/// Renders `html` to HTML text with yew's server renderer (native tests only).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn render(html: Html) -> String {
    #[derive(Properties, PartialEq)]
    struct Props {
        html: Html,
    }
    #[function_component(Wrap)]
    fn wrap(p: &Props) -> Html {
        p.html.clone()
    }
    futures::executor::block_on(
        yew::LocalServerRenderer::<Wrap>::with_props(Props { html }).render(),
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_of_files_not_read_is_folded_under_its_first_names() {
        let names: Vec<String> = (0..800).map(|i| format!("proof/{i}.txt")).collect();
        let html = render(unread("x", &names, |files| format!("Not read: {files}")));
        assert!(
            html.contains(r#"<details id="x" class="note unread"><summary>Not read: proof/0.txt, proof/1.txt, proof/2.txt and 797 more</summary>"#),
            "{}",
            &html[..300]
        );
        assert_eq!(
            html.matches("<li>").count(),
            800,
            "every name is in the fold"
        );
        let few = render(unread("x", &names[..2], |files| {
            format!("Not read: {files}")
        }));
        assert!(
            few.contains(r#"<p id="x" class="note">Not read: proof/0.txt, proof/1.txt</p>"#)
                && !few.contains("<details"),
            "{few}"
        );
    }
}
