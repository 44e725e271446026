//! The verdict card, first on the page once results exist: core's [`Overall`] in a few lines.
//! Red only when a check failed (and where: the file, the line range), amber when something
//! could not be checked (with the action that would check it: for an authority's root
//! published with the files, a button that chooses it, saying what trusting it means), green
//! when every check the files allow passed, at the level stated; then how many counted answers
//! are proven sealed before their reference and by whom, and each book's anchored line ranges.
//! The details (files, stamps, proofs, tables) follow it, one click away.

use crate::format::{count, sentence};
use crate::i18n::{t, tr, M};
use crate::verifier::report_view::{check_label, level_text};
use sealbook_core::verifier::overall::{
    AnswersTally, Coverage, Failure, Overall, PartyGroup, State, Unchecked,
};
use sealbook_core::verifier::TrustLevel;
use yew::prelude::*;

/// A certificate among the given files that the reader may choose as a root: its index among
/// the page's files and its label.
#[derive(Clone, PartialEq)]
pub struct RootOffer {
    pub index: usize,
    pub label: String,
}

/// Failures and unchecked items said on the card before "and N more".
const SHOWN: usize = 2;

/// An authority's name as a reader knows it: its certificate's common name (`CN=`) when its
/// name is a distinguished name, else the name.
pub fn authority_name(name: &str) -> &str {
    name.split(", ")
        .find_map(|part| part.strip_prefix("CN="))
        .unwrap_or(name)
}

pub fn party(p: &PartyGroup) -> String {
    match p {
        PartyGroup::Bitcoin => t(M::PartyBitcoin).to_string(),
        PartyGroup::Authority(name) => authority_name(name).to_string(),
        PartyGroup::Rekor => "Rekor".to_string(),
    }
}

fn level_short(l: TrustLevel) -> &'static str {
    t(match l {
        TrustLevel::Level2Plus => M::LevelShort2Plus,
        TrustLevel::Level2 => M::LevelShort2,
        _ => M::LevelShort1,
    })
}

/// Where a check failed, in a sentence.
pub fn failure(f: &Failure) -> String {
    match f {
        Failure::Chain { book, line, check } => tr(
            M::VdFailChain,
            &[
                ("book", book),
                ("line", &count(*line)),
                (
                    "check",
                    &check
                        .map(|c| tr(M::VdFailCheck, &[("check", &check_label(c))]))
                        .unwrap_or_default(),
                ),
            ],
        ),
        Failure::Prefix {
            book,
            list,
            from,
            to,
        } => tr(
            M::VdFailPrefix,
            &[
                ("book", book),
                ("list", list),
                ("from", &count(*from)),
                ("to", &count(*to)),
            ],
        ),
        Failure::ListUnreadable { list } => tr(M::VdFailList, &[("list", list)]),
        Failure::ListChecksNothing { list } => tr(M::VdFailListNothing, &[("list", list)]),
        Failure::HeadersUnreadable => t(M::VdFailHeaders).to_string(),
        Failure::Proof { file } => tr(M::VdFailProof, &[("file", file)]),
        Failure::Token { file } => tr(M::VdFailToken, &[("file", file)]),
        Failure::Rekor { file } => tr(M::VdFailRekor, &[("file", file)]),
        Failure::AskTexts => t(M::VdFailAskTexts).to_string(),
        Failure::Climatology { file } => tr(M::VdFailClimatology, &[("file", file)]),
    }
}

/// What could not be checked, and what would check it, in a sentence.
pub fn unchecked(u: &Unchecked) -> String {
    match u {
        Unchecked::RootNotChosen { authority, tokens } => tr(
            M::VdRootNotChosen,
            &[
                ("n", &count(*tokens as u64)),
                ("authority", &authority_name(authority)),
            ],
        ),
        Unchecked::SignerMissing { file } => tr(M::VdSignerMissing, &[("file", file)]),
        Unchecked::ProofsPending { proofs } => {
            tr(M::VdProofsPending, &[("n", &count(*proofs as u64))])
        }
        Unchecked::HeadersMissing { proofs, heights } => {
            let heights: Vec<String> = heights.iter().map(u64::to_string).collect();
            tr(
                M::VdHeadersMissing,
                &[
                    ("n", &count(*proofs as u64)),
                    ("heights", &heights.join(", ")),
                ],
            )
        }
        Unchecked::ListMissing { file } => tr(M::VdListMissing, &[("file", file)]),
        Unchecked::LogKeyMissing { file } => tr(M::VdLogKeyMissing, &[("file", file)]),
        Unchecked::ClimatologyMissing { file } => tr(M::VdClimatologyMissing, &[("file", file)]),
        Unchecked::NothingChecked => t(M::VdNothingChecked).to_string(),
    }
}

/// The counted answers proven before their reference, by whom; then the rest.
pub fn answer_sentences(a: &AnswersTally) -> Vec<String> {
    let by = if a.by.is_empty() {
        String::new()
    } else {
        let parties: Vec<String> =
            a.by.iter()
                .map(|(p, n)| format!("{} ({})", party(p), count(*n as u64)))
                .collect();
        tr(M::VdBy, &[("parties", &parties.join(", "))])
    };
    let mut out = vec![tr(
        M::VdAnswers,
        &[
            ("proven", &count(a.proven_before as u64)),
            ("counted", &count(a.counted as u64)),
            ("by", &by),
        ],
    )];
    // The rest is worth a line once something is proven: else the first line says it all.
    if a.proven_before > 0 && a.proven_before < a.counted {
        out.push(tr(
            M::VdAnswersRest,
            &[
                ("after", &count(a.anchored_after as u64)),
                ("clock", &count(a.operator_only as u64)),
                ("late", &count(a.late as u64)),
            ],
        ));
    }
    out
}

/// One book's anchored ranges in a sentence: the longest prefix with each party proving it,
/// and the lines after it.
pub fn coverage(c: &Coverage) -> String {
    let Some(longest) = c.covered.iter().map(|x| x.to).max() else {
        return tr(
            M::VdNoneAnchored,
            &[("book", &c.book), ("lines", &count(c.lines))],
        );
    };
    let parties: Vec<String> = c
        .covered
        .iter()
        .filter(|x| x.to == longest)
        .map(|x| {
            tr(
                M::VdPartyAt,
                &[
                    ("party", &party(&x.party)),
                    ("level", &level_short(x.level)),
                ],
            )
        })
        .collect();
    let mut s = tr(
        M::VdCovered,
        &[
            ("book", &c.book),
            ("to", &count(longest)),
            ("lines", &count(c.lines)),
            ("parties", &parties.join(", ")),
        ],
    );
    if let Some(from) = c.unanchored_from {
        s.push_str(t(M::SumJoin));
        s.push_str(&tr(
            M::VdUnanchored,
            &[("from", &count(from)), ("lines", &count(c.lines))],
        ));
    }
    s.push('.');
    s
}

/// The verdict in a few words: `Verified`, `Not verified` or `Not fully checked yet`.
pub fn title(o: &Overall) -> &'static str {
    t(match o.state {
        State::Failed => M::NotVerified,
        State::Unchecked => M::VerdictUnchecked,
        State::Passed => M::Verified,
    })
}

fn state_key(s: State) -> &'static str {
    match s {
        State::Failed => "failed",
        State::Unchecked => "unchecked",
        State::Passed => "passed",
    }
}

/// The card's words as one text, for the live region.
pub fn announcement(o: &Overall) -> String {
    let mut parts = vec![format!("{}. {}.", title(o), level_text(o.level))];
    parts.extend(o.failures.first().map(failure));
    parts.extend(o.unchecked.first().map(unchecked));
    if let Some(a) = &o.answers {
        parts.extend(answer_sentences(a).into_iter().take(1));
    }
    parts.join(" ")
}

fn more(n: usize) -> Html {
    if n > SHOWN {
        html! { <p class="verdict-more">{ sentence(&tr(M::SumMore, &[("n", &(n - SHOWN))])) }</p> }
    } else {
        html! {}
    }
}

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub overall: std::rc::Rc<Overall>,
    /// Certificates given that are not trust anchors yet: offered when a root is not chosen.
    pub roots: Vec<RootOffer>,
    pub on_choose_root: Callback<usize>,
}

/// `HTMLElement.focus()` on the card, reached without another web-sys feature.
fn focus(node: &NodeRef) {
    let Some(card) = node.get() else {
        return;
    };
    let focus = js_sys::Reflect::get(&card, &"focus".into())
        .ok()
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
    // When the address names an answer, the screen stays on it (its table scrolls it into
    // view) while the card takes the focus.
    let options = js_sys::Object::new();
    if crate::verifier::permalink::names_an_answer() {
        let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    }
    if let Some(focus) = focus {
        let _ = focus.call1(&card, &options);
    }
}

#[function_component(VerdictCard)]
pub fn verdict_card(p: &CardProps) -> Html {
    let node = use_node_ref();
    // Each new verdict takes the focus (and with it the reader's screen and screen reader).
    {
        let node = node.clone();
        use_effect_with(p.overall.clone(), move |_| focus(&node));
    }
    let o = &*p.overall;
    let state = state_key(o.state);
    let ok = o.state == State::Passed;
    // Amber says what holds it at amber, what the reader can act on first; a green verdict
    // leaves what is still pending to the details.
    let mut blocking: Vec<&Unchecked> = match o.state {
        State::Unchecked => o.unchecked.iter().collect(),
        _ => Vec::new(),
    };
    blocking.sort_by_key(|u| !matches!(u, Unchecked::RootNotChosen { .. }));
    let root = blocking
        .iter()
        .any(|u| matches!(u, Unchecked::RootNotChosen { .. }));
    let offers = (root && !p.roots.is_empty()).then(|| {
        let r = &p.roots[0];
        let index = r.index;
        let choose = p.on_choose_root.reform(move |_: MouseEvent| index);
        html! {
            <div class="verdict-action" data-testid="verdict-action">
                <button type="button" class="button primary" onclick={choose} data-testid="choose-root" data-file={r.label.clone()}>{ tr(M::VdChooseRoot, &[("file", &r.label)]) }</button>
                <p class="note">{ t(M::VdChooseRootMeans) }</p>
            </div>
        }
    });
    // Each book's anchored range; when none is anchored, one line says so.
    let anchored: Vec<&Coverage> = o
        .coverage
        .iter()
        .filter(|c| !c.covered.is_empty())
        .collect();
    html! {
        <section ref={node} tabindex="-1" class={classes!("verdict", "verdict-card", state, match o.state { State::Passed => "ok", State::Failed => "bad", State::Unchecked => "warn" })}
            data-testid="verdict" data-ok={ok.to_string()} data-state={state} aria-labelledby="verdict-title">
            { status_icon(o.state) }
            <div class="verdict-body">
                <h2 class="verdict-title" id="verdict-title">{ title(o) }<span class="verdict-level" data-testid="verdict-level">{ level_text(o.level) }</span></h2>
                { for o.failures.iter().take(SHOWN).map(|f| html! { <p class="verdict-where" data-testid="verdict-where">{ failure(f) }</p> }) }
                { more(o.failures.len()) }
                { for blocking.iter().take(SHOWN).map(|u| html! { <p class="verdict-unchecked" data-testid="verdict-unchecked">{ unchecked(u) }</p> }) }
                { more(blocking.len()) }
                { offers.unwrap_or_default() }
                if let Some(a) = &o.answers {
                    { for answer_sentences(a).into_iter().map(|s| html! { <p class="verdict-answers" data-testid="verdict-answers">{ s }</p> }) }
                }
                if anchored.is_empty() && !o.coverage.is_empty() {
                    <p class="verdict-coverage" data-testid="verdict-coverage">{ t(M::VdNothingAnchored) }</p>
                }
                { for anchored.iter().map(|c| html! { <p class="verdict-coverage" data-testid="verdict-coverage">{ coverage(c) }</p> }) }
                <p class="verdict-details"><a href="#details">{ t(M::VdDetailsTitle) }</a></p>
            </div>
        </section>
    }
}

fn status_icon(s: State) -> Html {
    let path = match s {
        State::Passed => "M7 12.5l3.2 3.2L17 9",
        State::Unchecked => "M12 7v6M12 16.5v.5",
        State::Failed => "M8 8l8 8M16 8l-8 8",
    };
    html! {
        <svg class="status-icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="10.5" fill="currentColor"/>
            <path d={path} fill="none" stroke="var(--on-status)" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}
