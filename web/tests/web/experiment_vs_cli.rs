//! The Scores page shows the reader experiment's analysis computed by the same core code as the
//! command line: on generated datasets (tests/support/experiment_gen.rs) written as `sealbook
//! experiment export --dataset` writes them, the page's `scores::compute` gives, byte for byte,
//! what `sealbook experiment stats --from FILE --json` prints (minus its final newline); the
//! same document read from a league file gives the same bytes; and the rendered card carries
//! the label that says which group is blind and each group's figures.
//!
//! The CLI is `$SEALBOOK_BIN` when set, else `cargo run -p sealbook-server --bin sealbook`.

#![forbid(unsafe_code)]

use sealbook_core::experiment::analysis::Analysis;
use sealbook_core::league::league_file::{GeneratedFrom, LeagueFile};
use sealbook_tests::experiment_gen::generate;
use sealbook_tests::rng::Rng;
use sealbook_web::scores::compute::{compute, Inputs};
use sealbook_web::scores::experiment::experiment;
use yew::prelude::*;

fn render(a: &Analysis) -> String {
    #[derive(Properties, PartialEq)]
    struct Props {
        a: Analysis,
    }
    #[function_component(Card)]
    fn view(p: &Props) -> Html {
        experiment(&p.a)
    }
    futures::executor::block_on(
        yew::LocalServerRenderer::<Card>::with_props(Props { a: a.clone() }).render(),
    )
}

fn check(seed: u64, readers: usize) {
    let data = generate(&mut Rng::new(seed), readers);
    let dir = sealbook_tests::tmp::TempDir::new("experiment-page");
    let path = dir.path().join("experiment-dataset.json");
    let bytes = serde_json::to_vec(&data).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    let out = sealbook_tests::sealbook_cli()
        .args(["experiment", "stats", "--from"])
        .arg(&path)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli = String::from_utf8(out.stdout).unwrap();
    let page = compute(&Inputs {
        experiment: Some(("experiment-dataset.json", &bytes)),
        ..Inputs::default()
    })
    .unwrap();
    let json = page.experiment_json.expect("the analysis is computed");
    assert_eq!(
        format!("{json}\n"),
        cli,
        "the page's analysis is the CLI's, byte for byte"
    );

    let analysis: Analysis = serde_json::from_str(&json).unwrap();
    assert_eq!(
        serde_json::to_string(&analysis).unwrap(),
        json,
        "read back whole"
    );
    let league = LeagueFile {
        league: "l".into(),
        methodology_version: "m-1".into(),
        generated_from: GeneratedFrom { book_lines: 0 },
        accounts: None,
        experiment: Some(analysis.clone()),
    }
    .to_bytes();
    let from_league = compute(&Inputs {
        league: Some(&league),
        ..Inputs::default()
    })
    .unwrap();
    assert_eq!(from_league.experiment_json.as_deref(), Some(json.as_str()));

    let html = render(&analysis);
    assert!(html.contains("g1: blind"), "{html}");
    let first = analysis.g1.first_forecasts.to_string();
    assert!(
        html.contains(&format!(">{first}<")),
        "g1's first forecasts ({first}) are shown"
    );
}

#[test]
fn the_page_analysis_is_the_cli_analysis() {
    check(20261202, 120);
    check(5, 9);
}

#[test]
fn a_broken_dataset_is_named() {
    let e = compute(&Inputs {
        experiment: Some(("experiment-dataset.json", b"{\"readers\": 3}")),
        ..Inputs::default()
    })
    .unwrap_err();
    assert!(e.starts_with("experiment-dataset.json: line 1"), "{e}");
}
