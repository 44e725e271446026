//! A long list or table shown a page at a time, so the page's DOM stays small on a season-long
//! league: the rows of one page; First / Previous / Next / Last with where the page is ("51-100
//! of 320"); and how many rows a page holds, the list's own size or [`LARGER_PAGES`] times it,
//! so that a reader can run down 13,000 cells of a season in a few dozen pages.

use crate::i18n::{t, tr, M};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The page sizes a reader can choose besides the list's own, as multiples of it.
pub const LARGER_PAGES: [usize; 2] = [4, 20];

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

/// The page that shows row `first` once pages hold `size` rows.
pub fn page_of(first: usize, size: usize) -> usize {
    first / size.max(1)
}

#[function_component(Paged)]
pub fn paged(p: &PagedProps) -> Html {
    let size = use_state_eq(|| p.size.max(1));
    let page = use_state_eq(|| p.start.map_or(0, |row| page_of(row, p.size)));
    let n = p.rows.len();
    let (at, from, to) = page_bounds(n, *size, *page);
    let last = page_bounds(n, *size, usize::MAX).0;
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
    // A new size keeps the first row on screen.
    let resize = {
        let (size, page) = (size.clone(), page.clone());
        Callback::from(move |e: Event| {
            let chosen: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(new) = chosen.value().parse::<usize>() {
                page.set(page_of(from, new));
                size.set(new.max(1));
            }
        })
    };
    let sizes = std::iter::once(p.size).chain(LARGER_PAGES.iter().map(|k| k * p.size));
    html! {
        <>
            { body }
            if n > p.size {
                <nav class="pager" data-testid={format!("{}-pager", p.testid)}>
                    <button type="button" class="button quiet" disabled={at == 0} onclick={go(0)} data-testid="page-first">{ t(M::PagerFirst) }</button>
                    <button type="button" class="button quiet" disabled={at == 0} onclick={go(at.saturating_sub(1))} data-testid="page-prev">{ t(M::PagerPrev) }</button>
                    <span class="pager-at" aria-live="polite">{ tr(M::PagerAt, &[("from", &(from + 1)), ("to", &to), ("n", &n)]) }</span>
                    <button type="button" class="button quiet" disabled={to >= n} onclick={go(at + 1)} data-testid="page-next">{ t(M::PagerNext) }</button>
                    <button type="button" class="button quiet" disabled={to >= n} onclick={go(last)} data-testid="page-last">{ t(M::PagerLast) }</button>
                    <label>{ t(M::PagerSize) }
                        <select onchange={resize} data-testid="page-size">
                            { for sizes.map(|s| html! { <option value={s.to_string()} selected={s == *size}>{ s }</option> }) }
                        </select>
                    </label>
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
        assert_eq!(page_bounds(120, 50, usize::MAX), (2, 100, 120));
    }

    #[test]
    fn a_new_page_size_keeps_the_first_row_on_screen() {
        use super::page_of;
        assert_eq!(page_of(150, 50), 3);
        assert_eq!(page_of(150, 200), 0);
        assert_eq!(page_of(1000, 200), 5);
        assert_eq!(page_of(999, 1000), 0);
        assert_eq!(page_of(7, 0), 7);
    }
}
