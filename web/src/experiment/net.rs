//! The experiment page's I/O: same-origin requests to the API (no other host is ever asked),
//! the device clock, and the identifier kept in `localStorage`.

use crate::i18n::{t, M};
use sealbook_core::calendar::Instant;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where the page keeps the reader's identifier.
const STORAGE_KEY: &str = "sealbook.experiment.reader";

/// An HTTP answer: status and body text.
pub struct Reply {
    pub status: u16,
    pub body: String,
}

/// Sends `body` (JSON) to the page's own server at the absolute path `path`.
pub async fn request(method: &str, path: &str, body: Option<&str>) -> Result<Reply, String> {
    let window = web_sys::window().ok_or_else(|| t(M::LmNoWindow).to_string())?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    init.set_credentials(web_sys::RequestCredentials::SameOrigin);
    if let Some(body) = body {
        let headers = web_sys::Headers::new().map_err(|e| format!("{e:?}"))?;
        headers
            .set("Content-Type", "application/json")
            .map_err(|e| format!("{e:?}"))?;
        init.set_headers(&headers);
        init.set_body(&body.into());
    }
    let answer = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|_| t(M::WeServerUnreachable).to_string())?;
    let response: web_sys::Response = answer.unchecked_into();
    let text = response.text().map_err(|e| format!("{e:?}"))?;
    let text = JsFuture::from(text)
        .await
        .map_err(|_| t(M::WeAnswerCutOff).to_string())?;
    Ok(Reply {
        status: response.status(),
        body: text.as_string().unwrap_or_default(),
    })
}

/// The device's clock.
pub fn now() -> Instant {
    Instant((js_sys::Date::now() * 1000.0) as i64)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored identifier, if the browser keeps one.
pub fn stored_reader() -> Option<String> {
    storage()?.get_item(STORAGE_KEY).ok().flatten()
}

/// Keeps `id` for good; false when the browser refuses storage.
pub fn store_reader(id: &str) -> bool {
    storage().is_some_and(|s| s.set_item(STORAGE_KEY, id).is_ok())
}

/// Calls `tick` every second for as long as it lives.
pub struct Ticker {
    id: i32,
    _tick: wasm_bindgen::closure::Closure<dyn FnMut()>,
}

impl Ticker {
    pub fn every_second(tick: impl FnMut() + 'static) -> Option<Ticker> {
        let tick = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(tick);
        let id = web_sys::window()?
            .set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                1000,
            )
            .ok()?;
        Some(Ticker { id, _tick: tick })
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            w.clear_interval_with_handle(self.id);
        }
    }
}
