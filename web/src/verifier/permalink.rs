//! The page's permalinks (core's `verifier::permalink`): the address of this verdict
//! (`?league=<manifest URL>`) and of one answer in it (`#answer=<book line>`), copied to the
//! reader's clipboard; and the answer the address names when the page opens.

use crate::i18n::{t, M};
use crate::league_load::QUERY_PARAM;
use sealbook_core::verifier::permalink::{answer_fragment, find_answer, AnswerLinkError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// The page's address for the league at manifest URL `manifest` (absolute against the page,
/// so the link opens the same files from anywhere), with no answer named.
pub fn verdict_link(manifest: &str) -> Option<String> {
    let location = web_sys::window()?.location();
    let page = format!("{}{}", location.origin().ok()?, location.pathname().ok()?);
    let manifest = web_sys::Url::new_with_base(manifest, &location.href().ok()?)
        .ok()?
        .href();
    let query = web_sys::UrlSearchParams::new().ok()?;
    query.set(QUERY_PARAM, &manifest);
    // The page's language travels with the link.
    let lang = web_sys::UrlSearchParams::new_with_str(&location.search().ok()?)
        .ok()?
        .get("lang");
    if let Some(lang) = lang {
        query.set("lang", &lang);
    }
    Some(format!("{page}?{}", String::from(query.to_string())))
}

/// The address of the answer sealed at book line `line`, in the league at `manifest`.
pub fn answer_link(manifest: &str, line: u64) -> Option<String> {
    Some(format!(
        "{}#{}",
        verdict_link(manifest)?,
        answer_fragment(line)
    ))
}

/// The answer the page's address names, among the lines that hold answers.
pub fn answer_in_address(
    answer_lines: impl IntoIterator<Item = u64>,
) -> Option<Result<u64, AnswerLinkError>> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let hash = js_sys::decode_uri_component(&hash)
        .ok()
        .and_then(|h| h.as_string())
        .unwrap_or(hash);
    find_answer(&hash, answer_lines)
}

/// Puts the league's manifest URL in the page's address (`?league=`, the page's language kept,
/// no answer named), so the address bar is this verdict's permalink. Nothing when the browser
/// refuses.
pub fn show_in_address(manifest: &str) {
    let Some(link) = verdict_link(manifest) else {
        return;
    };
    let get = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok();
    let global = js_sys::global();
    let Some(history) = get(&global, "history") else {
        return;
    };
    // Keep the answer the address names, if any.
    let hash = get(&global, "location")
        .and_then(|l| get(&l, "hash"))
        .and_then(|h| h.as_string())
        .unwrap_or_default();
    if let Some(replace) =
        get(&history, "replaceState").and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = replace.call3(
            &history,
            &JsValue::NULL,
            &JsValue::from_str(""),
            &JsValue::from_str(&format!("{link}{hash}")),
        );
    }
}

/// Tries to scroll the row of the answer at `line` into the middle of the screen, `tries`
/// times at most, 100 ms apart, until the row is on the page: the table's page that holds it
/// is drawn after the table itself, and the sections above it settle as they render.
pub fn scroll_to_answer(line: u64, tries: u32) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let row = window
        .document()
        .and_then(|d| d.get_element_by_id(&format!("answer-{line}")));
    if let Some(row) = &row {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"block".into(), &"center".into());
        if let Ok(f) = js_sys::Reflect::get(row, &"scrollIntoView".into()) {
            if let Ok(f) = f.dyn_into::<js_sys::Function>() {
                let _ = f.call1(row, &options);
            }
        }
    }
    // Again for a second after it is found: what renders above it as the page settles moves it.
    if tries > 1 {
        let next = if row.is_some() {
            tries.min(10) - 1
        } else {
            tries - 1
        };
        let again = Closure::once_into_js(move || scroll_to_answer(line, next));
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), 100);
    }
}

/// Whether the page's address names an answer (well formed; whether the book holds it or not).
pub fn names_an_answer() -> bool {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .and_then(|h| sealbook_core::verifier::permalink::answer_in_fragment(&h))
        .is_some_and(|named| named.is_ok())
}

/// Copies `text` to the clipboard (`navigator.clipboard.writeText`); `false` when the browser
/// refuses (no permission, or not a secure context): the link stays on screen to copy by hand.
pub async fn copy(text: &str) -> bool {
    let get = |v: &JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok();
    let Some(clipboard) = get(&js_sys::global(), "navigator").and_then(|n| get(&n, "clipboard"))
    else {
        return false;
    };
    let Some(write) =
        get(&clipboard, "writeText").and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    let Ok(promise) = write.call1(&clipboard, &JsValue::from_str(text)) else {
        return false;
    };
    JsFuture::from(js_sys::Promise::from(promise)).await.is_ok()
}

#[derive(Properties, PartialEq)]
pub struct CopyLinkProps {
    /// The address copied.
    pub href: AttrValue,
    /// The button's words, e.g. "Copy link to this answer".
    pub label: AttrValue,
    pub testid: AttrValue,
}

/// A "copy link" button: copies `href` and says so; where the browser refuses, the link is
/// shown to copy by hand.
#[function_component(CopyLink)]
pub fn copy_link(p: &CopyLinkProps) -> Html {
    // None: not pressed; Some(copied).
    let copied = use_state_eq(|| None::<bool>);
    let onclick = {
        let copied = copied.clone();
        let href = p.href.to_string();
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            let href = href.clone();
            wasm_bindgen_futures::spawn_local(async move { copied.set(Some(copy(&href).await)) });
        })
    };
    html! {
        <span class="copy-link">
            <button type="button" class="button quiet" {onclick} data-testid={p.testid.clone()} data-href={p.href.clone()}>{ p.label.clone() }</button>
            { match *copied {
                Some(true) => html! { <span class="note" role="status">{ t(M::LinkCopied) }</span> },
                Some(false) => html! { <a class="note" href={p.href.clone()} dir="ltr">{ p.href.clone() }</a> },
                None => html! {},
            } }
        </span>
    }
}
