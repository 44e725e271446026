//! A long list or table shown a page at a time, so the page's DOM stays small on a season-long
//! league: the rows of one page, and Previous / Next with where the page is ("51-100 of 320").

use crate::i18n::{t, tr, M};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PagedProps {
    /// Every row (`<li>` for a list, `<tr>` for a table).
    pub rows: Vec<Html>,
    /// Rows per page.
    #[prop_or(50)]
    pub size: usize,
    /// A table's head: the rows go in its `<tbody>`; without one they go in a `<ul>`.
    #[prop_or_default]
    pub head: Option<Html>,
    #[prop_or_default]
    pub class: Classes,
    /// The list's or table's `data-testid`; the pager's is it with `-pager`.
    pub testid: AttrValue,
    /// A row to show first (its page opens), e.g. the one the page's address names.
    #[prop_or_default]
    pub start: Option<usize>,
}

/// Which rows page `page` of `n` rows holds, `size` a page: the page clamped to the last one.
pub fn page_bounds(n: usize, size: usize, page: usize) -> (usize, usize, usize) {
    let size = size.max(1);
    let pages = n.div_ceil(size).max(1);
    let page = page.min(pages - 1);
    (page, page * size, ((page + 1) * size).min(n))
}

#[function_component(Paged)]
pub fn paged(p: &PagedProps) -> Html {
    let page = use_state_eq(|| p.start.map_or(0, |row| row / p.size.max(1)));
    let n = p.rows.len();
    let (at, from, to) = page_bounds(n, p.size, *page);
    let rows = p.rows[from..to].iter().cloned();
    let body = match &p.head {
        Some(head) => html! {
            <div class="table-wrap">
                <table class={p.class.clone()} data-testid={p.testid.clone()}>
                    { head.clone() }
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        },
        None => {
            html! { <ul class={p.class.clone()} data-testid={p.testid.clone()}>{ for rows }</ul> }
        }
    };
    let go = |to: usize| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
    html! {
        <>
            { body }
            if n > p.size {
                <nav class="pager" data-testid={format!("{}-pager", p.testid)}>
                    <button type="button" class="button quiet" disabled={at == 0} onclick={go(at.saturating_sub(1))} data-testid="page-prev">{ t(M::PagerPrev) }</button>
                    <span class="pager-at" aria-live="polite">{ tr(M::PagerAt, &[("from", &(from + 1)), ("to", &to), ("n", &n)]) }</span>
                    <button type="button" class="button quiet" disabled={to >= n} onclick={go(at + 1)} data-testid="page-next">{ t(M::PagerNext) }</button>
                </nav>
            }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::page_bounds;

    #[test]
    fn a_page_holds_its_rows_and_a_page_past_the_end_is_the_last() {
        assert_eq!(page_bounds(120, 50, 0), (0, 0, 50));
        assert_eq!(page_bounds(120, 50, 2), (2, 100, 120));
        assert_eq!(page_bounds(120, 50, 9), (2, 100, 120));
        assert_eq!(page_bounds(0, 50, 3), (0, 0, 0));
        assert_eq!(page_bounds(7, 0, 0), (0, 0, 1));
    }
}
