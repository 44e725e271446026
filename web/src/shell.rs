//! The page shell every page shares: the masthead with the navigation between the pages, the
//! drop zone (files dropped anywhere on the page, whole folders included, or chosen with the
//! keyboard-operable file and folder pickers), and the progress display. A page gives its
//! title, lede, drop-zone text and footer, and receives the files with their paths inside a
//! dropped folder ([`dropped::Labelled`]); what the files are is core's decision
//! ([`sealbook_core::records::published::PublishedFile`]). A page that reads no files (the reader
//! experiment, spec §6) gives no drop zone. A skip link, the keyboard's first stop, leads past
//! the masthead to the page's `<main>`. The masthead carries the language switch
//! ([`crate::i18n`]): the same address with another `?lang=`, the choice remembered.

use crate::dropped::{self, Dropped, Labelled};
use crate::i18n::{self, t, Lang, M};
use web_sys::{DragEvent, Event, HtmlInputElement};
use yew::prelude::*;

/// The pages, in the navigation's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Verify,
    Scores,
    Accounts,
    Experiment,
}

impl Page {
    const ALL: [Page; 4] = [Page::Verify, Page::Scores, Page::Accounts, Page::Experiment];

    fn href(self) -> &'static str {
        match self {
            Page::Verify => "/",
            Page::Scores => "/scores.html",
            Page::Accounts => "/accounts.html",
            Page::Experiment => "/experiment.html",
        }
    }

    fn label(self) -> &'static str {
        t(match self {
            Page::Verify => M::NavVerify,
            Page::Scores => M::NavScores,
            Page::Accounts => M::NavAccounts,
            Page::Experiment => M::NavForecast,
        })
    }

    /// The masthead's note: what the page does with the reader's data.
    fn note(self) -> &'static str {
        t(match self {
            Page::Verify | Page::Scores | Page::Accounts => M::NoteLocal,
            Page::Experiment => M::NoteExperiment,
        })
    }
}

/// What a page puts in the drop zone.
#[derive(Clone, PartialEq)]
pub struct Zone {
    /// The zone's heading ("Drop files here").
    pub title: AttrValue,
    /// The heading instead on a touch screen or a narrow window, where nothing is dragged
    /// ("Choose files"); the file picker's button is there either way.
    pub touch_title: Option<AttrValue>,
    /// What to drop; hidden once files are given (`compact`).
    pub hint: Html,
    /// Files are given: the zone shrinks to one row.
    pub compact: bool,
    /// Controls before the heading (the Scores page's choice of rules).
    pub before: Html,
    /// Buttons after the pickers ("Clear").
    pub actions: Html,
    /// The file picker's `accept` list, if the page reads only some kinds.
    pub accept: Option<AttrValue>,
}

#[derive(Properties, PartialEq)]
pub struct ShellProps {
    pub page: Page,
    /// Ready for a drop (`data-worker-ready`, which the browser tests wait for): the page's
    /// worker is up, or, on the verifier page, the page is (its worker starts with the files).
    pub ready: bool,
    pub title: AttrValue,
    pub lede: Html,
    /// The drop zone; a page that reads no files has none.
    #[prop_or_default]
    pub zone: Option<Zone>,
    pub footer: Html,
    /// Every file of a drop or a pick, with its path inside a dropped or chosen folder.
    #[prop_or_default]
    pub on_files: Callback<Vec<Labelled>>,
    /// A dropped folder could not be read.
    #[prop_or_default]
    pub on_drop_failed: Callback<String>,
    /// What comes first, between the page's title and the drop zone (the verifier's verdict).
    #[prop_or_default]
    pub top: Html,
    /// The page's own sections, after the drop zone.
    #[prop_or_default]
    pub children: Html,
}

/// The masthead, the drop zone, the page's sections and the footer. The drag highlight stays
/// on while the pointer moves over the zone's children: only leaving the page ends it.
#[function_component(Shell)]
pub fn shell(props: &ShellProps) -> Html {
    let dragging = use_state_eq(|| false);
    let file_input = use_node_ref();
    let folder_input = use_node_ref();

    let on_dragover = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(true);
        })
    };
    let on_dragleave = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            // Moving onto a child element also fires dragleave, with that child as the related
            // target; only leaving the page (no related target) ends the drag.
            if e.related_target().is_none() {
                dragging.set(false);
            }
        })
    };
    let on_drop = {
        let dragging = dragging.clone();
        let on_files = props.on_files.clone();
        let on_failed = props.on_drop_failed.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            let Some(transfer) = e.data_transfer() else {
                return;
            };
            match dropped::take(&transfer) {
                Dropped::Files(files) => on_files.emit(files),
                Dropped::Entries(entries) => {
                    let (on_files, on_failed) = (on_files.clone(), on_failed.clone());
                    wasm_bindgen_futures::spawn_local(async move {
                        match dropped::walk(entries).await {
                            Ok(files) => on_files.emit(files),
                            Err(why) => on_failed.emit(why),
                        }
                    });
                }
            }
        })
    };
    let on_change = {
        let on_files = props.on_files.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let files = dropped::from_list(input.files());
            input.set_value(""); // picking the same file again must fire `change` again
            on_files.emit(files);
        })
    };
    let wide = matches!(props.page, Page::Scores | Page::Accounts);
    let nav = Page::ALL.iter().map(|&p| {
        let current = (p == props.page).then_some("page");
        html! { <a href={p.href()} aria-current={current}>{ p.label() }</a> }
    });
    let current = i18n::lang();
    let langs = Lang::ALL.iter().map(|&l| {
        let remember = Callback::from(move |_: MouseEvent| i18n::remember(l));
        html! {
            <a href={i18n::href_for(l)} lang={l.code()} hreflang={l.code()} dir={l.dir()} data-lang={l.code()}
                aria-current={(l == current).then_some("true")} onclick={remember}>{ l.name() }</a>
        }
    });
    let has_zone = props.zone.is_some();
    let zone = props.zone.as_ref().map(|zone| html! {
        <section class={classes!("dropzone", dragging.then_some("dragging"), zone.compact.then_some("compact"))} aria-labelledby="dropzone-title" data-testid="dropzone">
            { zone.before.clone() }
            <svg class="dropzone-icon" viewBox="0 0 48 48" aria-hidden="true">
                <path d="M14 6h14l10 10v26H14z" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>
                <path d="M28 6v10h10" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>
                <path d="M20 29l4.5 4.5L33 25" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
            </svg>
            <h2 id="dropzone-title" class="dropzone-title" data-testid="dropzone-title">
                if let Some(touch) = &zone.touch_title {
                    <span class="on-pointer">{ zone.title.clone() }</span>
                    <span class="on-touch">{ touch.clone() }</span>
                } else {
                    { zone.title.clone() }
                }
            </h2>
            <p class="dropzone-hint">{ zone.hint.clone() }</p>
            <div class="dropzone-actions">
                <button type="button" class="button primary" onclick={opener(&file_input)} aria-describedby="pick-files-sr">{ t(M::ChooseFiles) }</button>
                <button type="button" class="button secondary" onclick={opener(&folder_input)} aria-describedby="pick-folder-sr">{ t(M::ChooseFolder) }</button>
                { zone.actions.clone() }
            </div>
            <span id="pick-files-sr" class="visually-hidden">{ t(M::PickFilesSr) }</span>
            <span id="pick-folder-sr" class="visually-hidden">{ t(M::PickFolderSr) }</span>
            <input ref={file_input} type="file" multiple=true accept={zone.accept.clone()} class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={on_change.clone()} data-testid="file-input"/>
            <input ref={folder_input} type="file" webkitdirectory=true class="visually-hidden" tabindex="-1" aria-hidden="true" onchange={on_change} data-testid="folder-input"/>
        </section>
    });
    // The document's title in the page's language (the static title is the English one).
    use_effect_with(props.page, |page| {
        if let Some(d) = web_sys::window().and_then(|w| w.document()) {
            d.set_title(&format!("sealbook · {}", page.label()));
        }
    });
    html! {
        <div class="page" ondragover={has_zone.then_some(on_dragover)} ondragleave={has_zone.then_some(on_dragleave)} ondrop={has_zone.then_some(on_drop)} data-worker-ready={if props.ready { "true" } else { "false" }}>
            <a class="skip-link" href="#main" data-testid="skip-link">{ t(M::SkipToContent) }</a>
            <header class="masthead">
                <div class={classes!("masthead-inner", wide.then_some("wide"))}>
                    <a class="brand" href="/">
                        <svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1.2 13.6-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"/></svg>
                        { "sealbook" }
                    </a>
                    <span class="masthead-note">{ props.page.note() }</span>
                    <nav class="site-nav" aria-label={t(M::NavLabel)} data-testid="site-nav">{ for nav }</nav>
                    <nav class="lang-switch" aria-label={t(M::LangLabel)} data-testid="lang-switch">{ for langs }</nav>
                </div>
            </header>
            <main class={classes!("content", wide.then_some("scores"))} id="main" tabindex="-1">
                <section class="intro">
                    <h1>{ props.title.clone() }</h1>
                    <p class="lede">{ props.lede.clone() }</p>
                </section>
                { props.top.clone() }
                { zone }
                { props.children.clone() }
            </main>
            <footer class="footer"><p>{ props.footer.clone() }</p></footer>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ProgressProps {
    /// What is being done ("Checking council-book.jsonl: …").
    pub label: AttrValue,
    pub value: f64,
    pub max: f64,
}

/// A progress bar with its label, the same on every page.
#[function_component(Progress)]
pub fn progress(props: &ProgressProps) -> Html {
    html! {
        <section class="progress" data-testid="status" aria-label={t(M::ProgressLabel)}>
            <p class="progress-label" id="progress-label">{ props.label.clone() }</p>
            <progress max={props.max.to_string()} value={props.value.to_string()} aria-labelledby="progress-label"></progress>
        </section>
    }
}

/// Opens the file picker `input`; called in the click handler itself, so the browser sees the
/// gesture.
pub fn opener(input: &NodeRef) -> Callback<MouseEvent> {
    let input = input.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(input) = input.cast::<HtmlInputElement>() {
            input.click();
        }
    })
}

/// Mounts the page's component `C` into `#app` (replacing its static loading notice), or into
/// the body when there is none.
pub fn mount<C>()
where
    C: BaseComponent,
    C::Properties: Default,
{
    i18n::init_in_browser();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a page runs in a window with a document");
    match document.get_element_by_id("app") {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<C>::with_root(root).render();
        }
        None => {
            yew::Renderer::<C>::new().render();
        }
    }
}
