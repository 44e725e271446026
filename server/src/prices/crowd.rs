//! The crowd's prices for a run (spec §4.9), fetched from the venues the config's `[crowd]`
//! names and read by core ([`sealbook_core::score::crowd_feed`]) into the run line's
//! `crowd` (`odds` for Polymarket, `kalshi` for Kalshi).
//!
//! For each market a venue names a contract for (the template filled with the session's
//! date, [`contract_name`]):
//! - Polymarket: `GET <base_url>/markets?slug=<slug>` (Gamma), then the order book of the
//!   market's Up (else Yes) token, `GET <clob_url>/book?token_id=<token>`.
//! - Kalshi: `GET <base_url>/events/<ticker>?with_nested_markets=true`, the strike ladder
//!   priced at the market's previous close (the snapshot's).
//!
//! A contract the venue does not list (Gamma lists no open market of that slug, Kalshi
//! answers 404 or an event without active markets) is left out: the run line records what was
//! listed when the prices were read. Any other failure (a transport error after the retries
//! of [`Fetcher`], an unexpected status, an answer core cannot read, a ladder that does not
//! bracket the previous close) fails the whole reading, with every failure named by market
//! and URL, so that no partial price set passes for a complete one.

use super::fetch::{url_component, Fetcher, BACKOFF, MAX_BODY_BYTES};
use crate::http_client::excerpt;
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::league::config::{contract_name, CrowdSource, LeagueConfig};
use sealbook_core::records::crowd::{CrowdPrices, Quote};
use sealbook_core::score::crowd_feed::{
    kalshi_markets, kalshi_quote, kalshi_resolution, polymarket_book, polymarket_markets,
    polymarket_quote, polymarket_resolution,
};
use std::collections::BTreeMap;
use std::time::Duration;

/// Per request: the venues answer small documents quickly; the ask waits for the reading.
const TIMEOUT: Duration = Duration::from_secs(10);
const ATTEMPTS: u32 = 3;

/// The crowd's quotes for `session`'s run, recorded at `now`; `prev_close` is each market's
/// previous close (the run's snapshot), which Kalshi's ladders are priced at. None when the
/// config names no venue. Every contract is read at once (one thread each), so the reading
/// takes as long as the slowest contract.
pub fn crowd_prices(
    config: &LeagueConfig,
    session: Date,
    now: Instant,
    prev_close: &BTreeMap<String, f64>,
) -> Result<Option<CrowdPrices>, String> {
    let fetcher = Fetcher::new(TIMEOUT, MAX_BODY_BYTES, ATTEMPTS, BACKOFF);
    crowd_prices_with(&fetcher, config, session, now, prev_close)
}

#[derive(Clone, Copy, PartialEq)]
enum Venue {
    Polymarket,
    Kalshi,
}

fn crowd_prices_with(
    fetcher: &Fetcher,
    config: &LeagueConfig,
    session: Date,
    now: Instant,
    prev_close: &BTreeMap<String, f64>,
) -> Result<Option<CrowdPrices>, String> {
    let (poly, kalshi) = (&config.crowd.polymarket, &config.crowd.kalshi);
    if poly.is_none() && kalshi.is_none() {
        return Ok(None);
    }
    let mut jobs: Vec<(Venue, &CrowdSource, &str, String)> = Vec::new();
    for (venue, source) in [(Venue::Polymarket, poly), (Venue::Kalshi, kalshi)] {
        if let Some(s) = source {
            for (asset, template) in &s.contracts {
                jobs.push((venue, s, asset, contract_name(template, session)));
            }
        }
    }
    let results: Vec<Result<Option<Quote>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|(venue, s, asset, name)| {
                scope.spawn(move || match venue {
                    Venue::Polymarket => polymarket(fetcher, s, name),
                    Venue::Kalshi => kalshi_contract(fetcher, s, name, asset, prev_close),
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("the reading stopped unexpectedly".into()))
            })
            .collect()
    });
    let (mut odds, mut kalshi_quotes, mut errors) = (BTreeMap::new(), BTreeMap::new(), Vec::new());
    for ((venue, _, asset, name), r) in jobs.iter().zip(results) {
        match r {
            Ok(Some(q)) => {
                let out = match venue {
                    Venue::Polymarket => &mut odds,
                    Venue::Kalshi => &mut kalshi_quotes,
                };
                out.insert(asset.to_string(), q);
            }
            Ok(None) => {}
            Err(e) => errors.push(format!("{asset} ({name}): {e}")),
        }
    }
    if !errors.is_empty() {
        return Err(format!("crowd prices: {}", errors.join("; ")));
    }
    Ok(Some(CrowdPrices {
        at: now.to_rfc3339(),
        odds,
        kalshi: kalshi_quotes,
    }))
}

/// The resolutions of `session`'s Polymarket contracts of `assets` (spec §4.9; seeds 001/003
/// settle the bets on them), each read by core ([`polymarket_resolution`]) from Gamma's
/// answer for the closed market, `GET <base_url>/markets?slug=<slug>&closed=true`: per asset,
/// `Ok(Some(up))` with where it came from (`polymarket:<slug>`: the same in every league,
/// whatever the venue's address), `Ok(None)` while the market is not closed (or
/// Gamma lists no closed market of the slug), and an error naming the URL when the answer
/// cannot be read or the market has closed without settling. An asset without a Polymarket
/// contract in the config is an error: its resolution is not read.
pub fn crowd_resolutions(
    config: &LeagueConfig,
    session: Date,
    assets: &[String],
) -> BTreeMap<String, Result<Option<(bool, String)>, String>> {
    let fetcher = Fetcher::new(TIMEOUT, MAX_BODY_BYTES, ATTEMPTS, BACKOFF);
    crowd_resolutions_with(&fetcher, config, session, assets)
}

/// A resolution as read: `Ok(Some((up, source)))`, `Ok(None)` while not settled, or why not.
type Resolution = Result<Option<(bool, String)>, String>;

/// Each asset's resolution by `resolve` on the contract `venue` (`source`) names for it in
/// `session`; an asset the config gives no contract of that venue is an error.
fn resolutions_by_asset<'a, T: 'a>(
    source: Option<&CrowdSource>,
    venue: &str,
    session: Date,
    assets: impl IntoIterator<Item = (&'a String, T)>,
    resolve: impl Fn(&CrowdSource, &str, T) -> Resolution,
) -> BTreeMap<String, Resolution> {
    assets
        .into_iter()
        .map(|(asset, extra)| {
            let r = match source.and_then(|s| Some((s, s.contracts.get(asset)?))) {
                None => Err(format!(
                    "{asset}: no {venue} contract in the config, its resolution is not read"
                )),
                Some((s, template)) => resolve(s, &contract_name(template, session), extra),
            };
            (asset.clone(), r)
        })
        .collect()
}

fn crowd_resolutions_with(
    fetcher: &Fetcher,
    config: &LeagueConfig,
    session: Date,
    assets: &[String],
) -> BTreeMap<String, Resolution> {
    resolutions_by_asset(
        config.crowd.polymarket.as_ref(),
        "Polymarket",
        session,
        assets.iter().map(|a| (a, ())),
        |s, slug, ()| polymarket_resolved(fetcher, s, slug),
    )
}

/// The resolutions of `session`'s Kalshi contracts (spec §4.9; seeds 001/003 settle the bets
/// on them): for each asset of `sealed` (the previous close its quote was priced at, as the
/// run line sealed it), the contract's strike ladder read again after the close, `GET
/// <base_url>/events/<ticker>?with_nested_markets=true`, whose markets carry the `status` and
/// `result` that `GET /markets/<ticker>` gives for each, and decided by core
/// ([`kalshi_resolution`]): `Ok(Some(up))` with where it came from (`kalshi:<ticker>`),
/// `Ok(None)` while no market that decides has settled (or Kalshi does not list the event),
/// and an error naming the URL when the answer cannot be read, a deciding market is voided, or
/// the settled ladder does not decide. An asset without a Kalshi contract in the config is an
/// error: its resolution is not read.
pub fn kalshi_resolutions(
    config: &LeagueConfig,
    session: Date,
    sealed: &BTreeMap<String, f64>,
) -> BTreeMap<String, Resolution> {
    let fetcher = Fetcher::new(TIMEOUT, MAX_BODY_BYTES, ATTEMPTS, BACKOFF);
    kalshi_resolutions_with(&fetcher, config, session, sealed)
}

fn kalshi_resolutions_with(
    fetcher: &Fetcher,
    config: &LeagueConfig,
    session: Date,
    sealed: &BTreeMap<String, f64>,
) -> BTreeMap<String, Resolution> {
    resolutions_by_asset(
        config.crowd.kalshi.as_ref(),
        "Kalshi",
        session,
        sealed.iter().map(|(a, c)| (a, *c)),
        |s, ticker, prev_close| kalshi_resolved(fetcher, s, ticker, prev_close),
    )
}

/// The ladder of Kalshi event `ticker`: `GET <base_url>/events/<ticker>?with_nested_markets=true`.
fn kalshi_event_url(s: &CrowdSource, ticker: &str) -> String {
    format!(
        "{}/events/{}?with_nested_markets=true",
        s.base_url,
        url_component(ticker)
    )
}

fn kalshi_resolved(
    fetcher: &Fetcher,
    s: &CrowdSource,
    ticker: &str,
    prev_close: f64,
) -> Resolution {
    let url = kalshi_event_url(s, ticker);
    let Some(body) = ok_body(fetcher, &url)? else {
        return Ok(None);
    };
    let markets = kalshi_markets(&body, &url).map_err(|e| e.to_string())?;
    match kalshi_resolution(&markets, prev_close) {
        Ok(Some(up)) => Ok(Some((up, format!("kalshi:{ticker}")))),
        Ok(None) => Ok(None),
        Err(e) => Err(format!("{url}: {e}")),
    }
}

fn polymarket_resolved(
    fetcher: &Fetcher,
    s: &CrowdSource,
    slug: &str,
) -> Result<Option<(bool, String)>, String> {
    let url = format!(
        "{}/markets?slug={}&closed=true",
        s.base_url,
        url_component(slug)
    );
    let Some(body) = ok_body(fetcher, &url)? else {
        return Ok(None);
    };
    let markets = polymarket_markets(&body, &url).map_err(|e| e.to_string())?;
    let mut listed = markets.iter().filter(|m| m.slug == slug);
    let Some(market) = listed.next() else {
        return Ok(None);
    };
    if listed.next().is_some() {
        return Err(format!("{url}: more than one market of slug {slug}"));
    }
    match polymarket_resolution(market) {
        Ok(Some(up)) => Ok(Some((up, format!("polymarket:{slug}")))),
        Ok(None) => Ok(None),
        Err(e) => Err(format!("{url}: {e}")),
    }
}

fn ok_body(fetcher: &Fetcher, url: &str) -> Result<Option<Vec<u8>>, String> {
    match fetcher.get(url)? {
        (200, body) => Ok(Some(body)),
        (404, _) => Ok(None),
        (status, body) => Err(format!("{url}: HTTP {status}: {}", excerpt(&body))),
    }
}

fn polymarket(fetcher: &Fetcher, s: &CrowdSource, slug: &str) -> Result<Option<Quote>, String> {
    let url = format!("{}/markets?slug={}", s.base_url, url_component(slug));
    let Some(body) = ok_body(fetcher, &url)? else {
        return Ok(None);
    };
    let markets = polymarket_markets(&body, &url).map_err(|e| e.to_string())?;
    let mut listed = markets
        .into_iter()
        .filter(|m| m.slug == slug && m.closed != Some(true));
    let Some(market) = listed.next() else {
        return Ok(None);
    };
    if listed.next().is_some() {
        return Err(format!("{url}: more than one open market of slug {slug}"));
    }
    let token = market
        .up_index()
        .and_then(|i| market.token_ids.get(i))
        .ok_or_else(|| format!("{url}: market {slug} has no Up or Yes token"))?;
    let clob = s.book_url.as_deref().unwrap_or(&s.base_url);
    let book_url = format!("{clob}/book?token_id={}", url_component(token));
    let body = ok_body(fetcher, &book_url)?
        .ok_or_else(|| format!("{book_url}: HTTP 404: no order book"))?;
    let book = polymarket_book(&body, &book_url).map_err(|e| e.to_string())?;
    polymarket_quote(&market, &book)
        .map(Some)
        .map_err(|e| format!("{book_url}: {e}"))
}

fn kalshi_contract(
    fetcher: &Fetcher,
    s: &CrowdSource,
    ticker: &str,
    asset: &str,
    prev_close: &BTreeMap<String, f64>,
) -> Result<Option<Quote>, String> {
    let url = kalshi_event_url(s, ticker);
    let Some(body) = ok_body(fetcher, &url)? else {
        return Ok(None);
    };
    let markets: Vec<_> = kalshi_markets(&body, &url)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|m| {
            m.status
                .as_deref()
                .is_none_or(|s| s == "active" || s == "open")
        })
        .collect();
    if markets.is_empty() {
        return Ok(None);
    }
    let close = prev_close
        .get(asset)
        .ok_or_else(|| format!("{url}: no previous close of {asset} to price the ladder at"))?;
    kalshi_quote(&markets, *close)
        .map(Some)
        .map_err(|e| format!("{url}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::super::yahoo::fake_http::{self, Answer};
    use super::*;
    use std::sync::{Arc, Mutex};

    fn vector(venue: &str, name: &str) -> Vec<u8> {
        let path = sealbook_tests::vectors_dir().join(venue).join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn fetcher() -> Fetcher {
        Fetcher::new(
            Duration::from_secs(10),
            1 << 20,
            3,
            Duration::from_millis(5),
        )
    }

    fn config(poly: &str, kalshi: &str) -> LeagueConfig {
        let text = format!(
            "[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n\n\
             [crowd.polymarket]\nbase_url = \"{poly}\"\nclob_url = \"{poly}/clob\"\ncontracts = {{ SPX = \"spx-up-or-down-on-{{month}}-{{d}}-{{yyyy}}\", GOLD = \"solana-above-140-on-july-19\" }}\n\n\
             [crowd.kalshi]\nbase_url = \"{kalshi}\"\ncontracts = {{ GOLD = \"KXHIGHNY-{{yy}}{{MON}}{{dd}}\", BTC = \"KXBTCD-{{yy}}{{MON}}{{dd}}00\", NDX = \"KXNDX-{{yy}}{{MON}}{{dd}}\" }}\n"
        );
        LeagueConfig::from_toml(text.as_bytes(), "league.toml").unwrap()
    }

    /// Fake Polymarket and Kalshi answering with the recorded answers: Gamma's twenty
    /// markets (which hold the slug asked for only if it is among them), the CLOB book (its
    /// `asset_id` made the token asked for, as the CLOB answers), the two Kalshi events, and
    /// 404 for any other event. Every path asked is kept.
    fn fakes(status: Option<u16>) -> (String, String, Arc<Mutex<Vec<String>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (gamma, book) = (
            vector(
                "polymarket",
                "polymarket-agents_gamma_markets_twenty_2024-07.json",
            ),
            vector("polymarket", "equinox_clob_book_2589812_yes.json"),
        );
        let s1 = seen.clone();
        let poly = fake_http::start(move |r| {
            s1.lock().unwrap().push(r.path.clone());
            if let Some(token) = r.path.strip_prefix("/clob/book?token_id=") {
                let mut b: serde_json::Value = serde_json::from_slice(&book).unwrap();
                b["asset_id"] = token.into();
                return Answer::new(200, "application/json", serde_json::to_vec(&b).unwrap());
            }
            let slug = r.path.strip_prefix("/markets?slug=").unwrap_or("");
            let text = String::from_utf8(gamma.clone()).unwrap();
            let body = if text.contains(&format!("\"slug\": \"{slug}\"")) {
                gamma.clone()
            } else {
                b"[]".to_vec()
            };
            Answer::new(200, "application/json", body)
        });
        let (highny, btcd) = (
            vector("kalshi", "equinox_event_KXHIGHNY-26OCT06_nested.json"),
            vector("kalshi", "EXCERPT_equinox_events_KXBTCD_open_nested.json"),
        );
        let s2 = seen.clone();
        let kalshi = fake_http::start(move |r| {
            s2.lock().unwrap().push(r.path.clone());
            if let Some(s) = status {
                return Answer::new(s, "text/plain", b"refused".to_vec());
            }
            match r.path.as_str() {
                "/events/KXHIGHNY-26OCT06?with_nested_markets=true" => {
                    Answer::new(200, "application/json", highny.clone())
                }
                "/events/KXBTCD-26OCT0600?with_nested_markets=true" => {
                    Answer::new(200, "application/json", btcd.clone())
                }
                _ => Answer::new(404, "application/json", b"{\"error\":{}}".to_vec()),
            }
        });
        (poly, kalshi, seen)
    }

    /// Gamma's recorded market `solana-above-140-on-july-19` (the GOLD contract), with its
    /// `closed` and `outcomePrices` as given, answered only to the closed-market query.
    fn closed_gamma(closed: bool, prices: &str) -> (String, Arc<Mutex<Vec<String>>>) {
        let gamma: serde_json::Value = serde_json::from_slice(&vector(
            "polymarket",
            "polymarket-agents_gamma_markets_twenty_2024-07.json",
        ))
        .unwrap();
        let mut m = gamma
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["slug"] == "solana-above-140-on-july-19")
            .unwrap()
            .clone();
        m["closed"] = closed.into();
        m["outcomePrices"] = prices.into();
        let body = serde_json::to_vec(&serde_json::json!([m])).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        let url = fake_http::start(move |r| {
            s.lock().unwrap().push(r.path.clone());
            if r.path == "/markets?slug=solana-above-140-on-july-19&closed=true" {
                Answer::new(200, "application/json", body.clone())
            } else {
                Answer::new(200, "application/json", b"[]".to_vec())
            }
        });
        (url, seen)
    }

    #[test]
    fn resolutions_are_read_from_the_closed_market_and_never_guessed() {
        let assets = ["GOLD", "SPX", "BTC"].map(String::from);
        let read = |closed: bool, prices: &str| {
            let (url, seen) = closed_gamma(closed, prices);
            let r = crowd_resolutions_with(&fetcher(), &config(&url, &url), session().0, &assets);
            let seen = seen.lock().unwrap().clone();
            (r, seen)
        };
        // Settled to Yes: resolved up, with where it came from.
        let (r, seen) = read(true, r#"["1", "0"]"#);
        assert_eq!(
            r["GOLD"],
            Ok(Some((
                true,
                "polymarket:solana-above-140-on-july-19".into()
            )))
        );
        assert!(seen.contains(&"/markets?slug=solana-above-140-on-july-19&closed=true".into()));
        // SPX's contract is not listed closed: not resolved yet. BTC has no Polymarket contract.
        assert_eq!(r["SPX"], Ok(None));
        assert!(r["BTC"]
            .as_ref()
            .unwrap_err()
            .contains("no Polymarket contract"));
        assert_eq!(
            read(true, r#"["0", "1"]"#).0["GOLD"],
            Ok(Some((
                false,
                "polymarket:solana-above-140-on-july-19".into()
            )))
        );
        // Open, as recorded: not resolved.
        assert_eq!(read(false, r#"["0.905", "0.095"]"#).0["GOLD"], Ok(None));
        // Closed with the recorded prices, not settled: an error naming the URL, never a guess.
        let e = read(true, r#"["0.905", "0.095"]"#).0["GOLD"]
            .clone()
            .unwrap_err();
        assert!(
            e.contains("closed=true") && e.contains("not settled"),
            "{e}"
        );
    }

    /// A fake Kalshi answering the recorded KXHIGHNY-26OCT06 ladder (the GOLD contract of
    /// [`config`]) with only each market's `status` and `result` changed by `set`: no settled
    /// Kalshi market is among the committed vectors.
    fn settled_kalshi(
        set: impl Fn(&str) -> (&'static str, &'static str) + Send + Sync + 'static,
    ) -> String {
        let mut event: serde_json::Value = serde_json::from_slice(&vector(
            "kalshi",
            "equinox_event_KXHIGHNY-26OCT06_nested.json",
        ))
        .unwrap();
        for m in event["event"]["markets"].as_array_mut().unwrap() {
            let (status, result) = set(m["ticker"].as_str().unwrap());
            m["status"] = status.into();
            m["result"] = result.into();
        }
        let body = serde_json::to_vec(&event).unwrap();
        fake_http::start(move |r| {
            if r.path == "/events/KXHIGHNY-26OCT06?with_nested_markets=true" {
                Answer::new(200, "application/json", body.clone())
            } else {
                Answer::new(404, "application/json", b"{\"error\":{}}".to_vec())
            }
        })
    }

    #[test]
    fn kalshi_resolutions_are_read_from_the_settled_ladder_and_never_guessed() {
        let read = |url: &str, asset: &str, prev: f64| {
            let sealed = BTreeMap::from([(asset.to_string(), prev)]);
            kalshi_resolutions_with(&fetcher(), &config(url, url), session().0, &sealed)
                .remove(asset)
                .unwrap()
        };
        // The 65-66 bucket settled yes: above a previous close of 64.5, not above 66.
        let url = settled_kalshi(|t| {
            (
                "finalized",
                if t.ends_with("-B65.5") { "yes" } else { "no" },
            )
        });
        let source = "kalshi:KXHIGHNY-26OCT06".to_string();
        assert_eq!(read(&url, "GOLD", 64.5), Ok(Some((true, source.clone()))));
        assert_eq!(read(&url, "GOLD", 66.0), Ok(Some((false, source))));
        // Inside the bucket that settled: undecided, an error naming the URL.
        let e = read(&url, "GOLD", 65.5).unwrap_err();
        assert!(
            e.contains("/events/KXHIGHNY-26OCT06") && e.contains("none says"),
            "{e}"
        );
        // Not listed (404): not resolved yet. No Kalshi contract: not read.
        assert_eq!(read(&url, "NDX", 1.0), Ok(None));
        assert!(read(&url, "SPX", 1.0)
            .unwrap_err()
            .contains("no Kalshi contract"));
        // Still trading, as recorded: not resolved.
        let open = settled_kalshi(|_| ("active", ""));
        assert_eq!(read(&open, "GOLD", 64.5), Ok(None));
        // The deciding bucket voided: an error, the bet stays open.
        let void =
            settled_kalshi(|t| ("settled", if t.ends_with("-B65.5") { "void" } else { "no" }));
        let e = read(&void, "GOLD", 64.5).unwrap_err();
        assert!(e.contains("\"void\""), "{e}");
    }

    fn session() -> (Date, Instant) {
        (
            Date::new(2026, 10, 6).unwrap(),
            Instant::parse_rfc3339("2026-10-06T12:30:06Z").unwrap(),
        )
    }

    fn closes() -> BTreeMap<String, f64> {
        BTreeMap::from([("GOLD".to_string(), 66.5), ("BTC".to_string(), 75650.0)])
    }

    #[test]
    fn quotes_from_fake_venues_answering_with_the_vectors() {
        let (poly, kalshi, seen) = fakes(None);
        let (day, now) = session();
        let c = crowd_prices_with(&fetcher(), &config(&poly, &kalshi), day, now, &closes())
            .unwrap()
            .unwrap();
        assert_eq!(c.at, "2026-10-06T12:30:06Z");
        // SPX's slug is not listed; GOLD's market is, its Yes token's book the recorded one.
        assert_eq!(c.odds.keys().collect::<Vec<_>>(), ["GOLD"]);
        let g = &c.odds["GOLD"];
        assert!((g.p_up - 0.805).abs() < 1e-12 && g.vol == 8632.56, "{g:?}");
        // Kalshi: the range ladder at 66.5, the above ladder at 75650; NDX's event is a 404.
        assert_eq!(c.kalshi.keys().collect::<Vec<_>>(), ["BTC", "GOLD"]);
        assert!((c.kalshi["GOLD"].p_up - 0.0425).abs() < 1e-12);
        let b = &c.kalshi["BTC"];
        assert_eq!(
            (b.lo.unwrap().level, b.hi.unwrap().level),
            (75599.99, 75699.99)
        );
        assert!((b.p_up - 0.995).abs() < 1e-12 && b.prev_close == Some(75650.0));
        let seen = seen.lock().unwrap();
        assert!(seen.contains(&"/markets?slug=spx-up-or-down-on-october-6-2026".to_string()));
        let token = "/clob/book?token_id=";
        assert_eq!(seen.iter().filter(|p| p.starts_with(token)).count(), 1);
        assert!(seen.contains(&"/events/KXNDX-26OCT06?with_nested_markets=true".to_string()));
    }

    #[test]
    fn failures_are_named_and_fail_the_reading() {
        let (day, now) = session();
        // Kalshi failing for good: every contract named with its URL.
        let (poly, kalshi, _) = fakes(Some(503));
        let e = crowd_prices_with(&fetcher(), &config(&poly, &kalshi), day, now, &closes())
            .unwrap_err();
        for t in [
            "GOLD (KXHIGHNY-26OCT06)",
            "BTC (KXBTCD-26OCT0600)",
            "HTTP 503",
        ] {
            assert!(e.contains(t), "{e}");
        }
        assert!(e.contains(&format!("{kalshi}/events/KXNDX-26OCT06")), "{e}");
        // No previous close for a ladder, or one outside it.
        let (poly, kalshi, _) = fakes(None);
        let c = config(&poly, &kalshi);
        let e = crowd_prices_with(&fetcher(), &c, day, now, &BTreeMap::new()).unwrap_err();
        assert!(e.contains("no previous close of GOLD"), "{e}");
        let far = BTreeMap::from([("GOLD".to_string(), 66.5), ("BTC".to_string(), 1.0)]);
        let e = crowd_prices_with(&fetcher(), &c, day, now, &far).unwrap_err();
        assert!(
            e.contains("BTC (KXBTCD-26OCT0600)") && e.contains("outside"),
            "{e}"
        );
        // A body core cannot read names the URL and the field.
        let bad =
            fake_http::start(|_| Answer::new(200, "application/json", b"[{\"slug\":1}]".to_vec()));
        let e =
            crowd_prices_with(&fetcher(), &config(&bad, &kalshi), day, now, &closes()).unwrap_err();
        assert!(
            e.contains(&format!("{bad}/markets?slug=")) && e.contains("[0].slug"),
            "{e}"
        );
    }

    #[test]
    fn a_settled_ladder_is_not_listed() {
        let text = String::from_utf8(vector(
            "kalshi",
            "equinox_event_KXHIGHNY-26OCT06_nested.json",
        ))
        .unwrap();
        assert!(text.contains("\"status\":\"active\""));
        let settled = text.replace("\"status\":\"active\"", "\"status\":\"finalized\"");
        let kalshi = fake_http::start(move |_| {
            Answer::new(200, "application/json", settled.clone().into_bytes())
        });
        let empty = fake_http::start(|_| Answer::new(200, "application/json", b"[]".to_vec()));
        let (day, now) = session();
        let c = crowd_prices_with(&fetcher(), &config(&empty, &kalshi), day, now, &closes())
            .unwrap()
            .unwrap();
        assert!(c.odds.is_empty() && c.kalshi.is_empty(), "{c:?}");
    }

    #[test]
    fn no_venue_no_crowd() {
        let text = b"[league]\nname = \"l\"\nmethodology_version = \"m\"\n[[seat]]\nname = \"c\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p\"\n";
        let c = LeagueConfig::from_toml(text, "l.toml").unwrap();
        let (day, now) = session();
        assert_eq!(crowd_prices(&c, day, now, &BTreeMap::new()), Ok(None));
    }
}
