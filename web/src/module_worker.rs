//! A module Web Worker whose text messages reach a page: one place for starting it, its
//! listeners and its clean-up, shared by the verifier and the Scores and Accounts pages (whose
//! jobs run in `crate::job_loop`); and, inside the workers, the page's language handed over in
//! each job ([`give_lang`], [`take_lang`]) and whole-file reads, so what a worker says reaches
//! the page in its language.

use crate::i18n::{t, tr, M};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};

type Listener<E> = Closure<dyn FnMut(E)>;

/// A started worker and the page's listeners on it; terminated when dropped.
pub struct ModuleWorker {
    pub worker: Worker,
    _on_message: Listener<MessageEvent>,
    _on_error: Listener<Event>,
}

impl ModuleWorker {
    /// Starts the module worker at `url`. Each message's text goes to `on_text`; a worker
    /// error goes to `on_broken` with its message. `what` names the worker in errors
    /// ([`M::WeTheVerifier`]).
    pub fn spawn(
        url: &str,
        what: M,
        on_text: impl Fn(String) + 'static,
        on_broken: impl Fn(String) + 'static,
    ) -> Result<ModuleWorker, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(url, &opts).map_err(|e| {
            tr(
                M::WeWorkerNotStarted,
                &[("what", &t(what)), ("detail", &format!("{e:?}"))],
            )
        })?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            on_text(e.data().as_string().unwrap_or_default())
        });
        let stopped = tr(M::WeWorkerStopped, &[("what", &t(what))]);
        let on_error = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let detail = js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string());
            on_broken(detail.unwrap_or_else(|| stopped.clone()));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(ModuleWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

/// Starts the module worker at `url` for a page: each message is read by `parse` and handed to
/// the page as `received(..)`; an unreadable message or a worker error as `broken(..)`.
pub fn spawn_for<C, T>(
    link: &yew::html::Scope<C>,
    url: &str,
    what: M,
    parse: fn(&str) -> Result<T, String>,
    received: fn(T) -> C::Message,
    broken: fn(String) -> C::Message,
) -> Result<ModuleWorker, String>
where
    C: yew::Component,
    T: 'static,
{
    let (on_text, on_broken) = (link.clone(), link.clone());
    ModuleWorker::spawn(
        url,
        what,
        move |text| on_text.send_message(parse(&text).map_or_else(broken, received)),
        move |why| on_broken.send_message(broken(why)),
    )
}

impl Drop for ModuleWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Why the browser could not read the file `name` (its own words in `e`), in the page's
/// language.
pub fn unreadable(name: &str, e: &JsValue) -> String {
    tr(
        M::WeFileUnreadable,
        &[("name", &name), ("detail", &format!("{e:?}"))],
    )
}

/// In a worker: reads the file known as `label` whole, refusing one over `limit` bytes; an
/// error names it in the page's language.
pub async fn read_whole(label: &str, file: &web_sys::File, limit: u64) -> Result<Vec<u8>, String> {
    let size = file.size() as u64;
    if size > limit {
        return Err(tr(
            M::WeFileTooLarge,
            &[("name", &label), ("size", &size), ("limit", &limit)],
        ));
    }
    let array = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| unreadable(label, &e))?;
    Ok(js_sys::Uint8Array::new(&array).to_vec())
}

/// The key of a job object that carries the page's language (`en`, `zh`, `ar`), so a worker's
/// progress labels and messages are in the page's language (the verifier worker hands it on
/// to its range workers in their tasks).
pub const LANG: &str = "lang";

/// Puts the page's language into the job object `job` under [`LANG`].
pub fn give_lang(job: &js_sys::Object) {
    let _ = js_sys::Reflect::set(
        job,
        &LANG.into(),
        &JsValue::from_str(crate::i18n::lang().code()),
    );
}

/// In a worker: takes the page's language from a job object (English when it names none the
/// pages speak).
pub fn take_lang(job: &JsValue) {
    let code = js_sys::Reflect::get(job, &LANG.into())
        .ok()
        .and_then(|v| v.as_string());
    crate::i18n::set(
        code.as_deref()
            .and_then(crate::i18n::Lang::from_tag)
            .unwrap_or(crate::i18n::Lang::En),
    );
}
