//! Saving text the page made as a file of the reader's, as the browser's own download.

use crate::i18n::{t, M};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Saves `text` as the download `name` (application/json).
pub fn save_json(name: &str, text: &str) -> Result<(), String> {
    save(name, text, "application/json")
}

/// Saves `text` as the download `name`, of media type `mime`.
pub fn save(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)
        .map_err(|e| format!("{e:?}"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| t(M::WeNoDocument).to_string())?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| format!("{e:?}"))?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
