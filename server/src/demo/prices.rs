//! The demo's synthetic price file: `symbol,time,open,high,low,close,volume`, 1-minute bars
//! with RFC 3339 UTC times, for the twelve markets of Table 2 (the CSV price provider's
//! format, spec §3.3). Invented random walks from a fixed seed; every symbol is
//! `DEMO-<asset>` (the league config maps each asset to it), so no row can pass for a real
//! price.
//!
//! What the league reads is served exactly (the reference rule of §3.3 and Appendix C):
//! - every session from ten sessions before the first scored one to the last: the minutes
//!   09:30-09:44 ET (the reference bar, and late answers' own references), 15:45-15:59 ET
//!   (the bar ending at the 16:00 close) and for the 10-year yield 14:45-14:59 ET (its event
//!   ends 15:00, §4.3); consecutive minutes, so the draw band's one-minute returns over the
//!   four sessions before a reference exist (§3.5);
//! - Bitcoin on every calendar day of that span: every minute 08:00-10:00 ET (its reference is
//!   the first bar at or after the line's seal, which falls in the ask window) and
//!   15:45-16:15 ET;
//! - the 52 weeks before (the snapshot's 52-week range), and the days after the last run up
//!   to the end of the longest horizon scored: three bars a day (09:30, 12:30 and 15:59 ET,
//!   and 14:59 ET for the 10-year yield; Bitcoin every calendar day), enough for a horizon's
//!   closing minute.
//!
//! The trading tracks' funds (spec §4.7, §4.8; `arena-protocol.json` maps each market to its
//! fund) are priced from their market's walk on every session from the first scored one, at
//! the market's minutes inside 09:30-09:45 ET (the execution window) and at 15:59 ET (the
//! bar ending at the close),
//! under `DEMO-<ticker>` ([`fund_price`] turns an index level into a fund's price); the cash
//! rate (`^IRX`, the 13-week bill, percent) is one 15:59 ET bar a session under `DEMO-IRX`.
//!
//! The walk is sampled only at the emitted minutes: between two of them the log price moves
//! by a normal draw whose variance is the trading time between them (a session is 390
//! minutes, a night counts as 150), so a coarse day and a fine one are the same process. A
//! persistent daily drift (AR(1)) lets momentum carry a little information, as real markets
//! sometimes do.

use sealbook_core::calendar::{is_session, new_york_time, Date, Instant};
use sealbook_core::records::names::{BITCOIN, MARKETS};
use sealbook_core::score::baselines::{clim_window_bytes, ClimHistory};
use sha2::Digest;

/// One market's walk: start price, daily volatility (percent), the daily pull back toward
/// the start level (of the log distance), price decimals.
struct Walk {
    start: f64,
    daily_vol_pct: f64,
    revert_per_day: f64,
    decimals: usize,
}

/// In [`MARKETS`] order.
const WALKS: [Walk; 12] = [
    walk(6650.0, 1.0, 0.01, 2),
    walk(24600.0, 1.3, 0.01, 2),
    walk(46200.0, 0.9, 0.01, 2),
    walk(6900.0, 2.1, 0.01, 2),
    walk(4.05, 1.6, 0.02, 3),
    walk(98.6, 0.4, 0.02, 3),
    walk(17.4, 5.5, 0.06, 2),
    walk(4210.0, 1.0, 0.01, 2),
    walk(58.9, 2.2, 0.02, 2),
    walk(62.7, 2.0, 0.02, 2),
    walk(5.02, 1.5, 0.02, 4),
    walk(108500.0, 2.8, 0.01, 2),
];

const fn walk(start: f64, daily_vol_pct: f64, revert_per_day: f64, decimals: usize) -> Walk {
    Walk {
        start,
        daily_vol_pct,
        revert_per_day,
        decimals,
    }
}

/// The header line of the price file.
pub const HEADER: &str = "symbol,time,open,high,low,close,volume";
/// The seed of the published demo.
pub const DEMO_SEED: u64 = 0x5EA1_B00C_DE30_0001;
/// Sessions before the first scored one that get minute windows (the draw band needs four).
pub const FINE_SESSIONS_BEFORE: u32 = 10;
/// Trading minutes in a session, and what a night counts as.
const SESSION_MINUTES: f64 = 390.0;
const NIGHT_MINUTES: f64 = 150.0;
/// How much of yesterday's drift survives today (the AR(1) coefficient of the daily drift).
const DRIFT_MEMORY: f64 = 0.6;

/// The provider symbol of `asset` in the demo file.
pub fn demo_symbol(asset: &str) -> String {
    format!("DEMO-{asset}")
}

/// The provider symbol of a fund or rate ticker in the demo file (`^IRX` -> `DEMO-IRX`).
pub fn demo_fund_symbol(ticker: &str) -> String {
    demo_symbol(ticker.trim_start_matches('^'))
}

/// A DEMO fund's price from its market's level: a fixed fraction of the index (a bond fund
/// moves against the yield, about seven years of duration).
pub fn fund_price(market: &str, level: f64) -> f64 {
    match market {
        "SPX" => level / 10.0,
        "NDX" => level / 40.0,
        "DJI" => level / 100.0,
        "SOX" => level / 25.0,
        "TNX" => 95.0 * (1.0 - 0.07 * (level - 4.05)),
        "DXY" => level / 3.6,
        "VIX" => level * 1.9,
        "GOLD" => level / 10.9,
        "WTI" => level * 1.3,
        "BRENT" => level * 0.48,
        "COPPER" => level * 5.6,
        "BTC" => level / 1770.0,
        _ => level,
    }
}

/// Each market's fund in the league's rules (`arena-protocol.json`), market -> ticker.
fn funds() -> std::collections::BTreeMap<String, String> {
    sealbook_core::arena::league::league_protocol()
        .versions
        .iter()
        .flat_map(|r| r.funds.iter().map(|f| (f.market.clone(), f.symbol.clone())))
        .collect()
}

/// The DEMO 13-week bill rate of the `k`-th session from the first (percent, four decimals):
/// a slow seeded drift around 4%.
fn demo_rate(seed: u64, k: i64) -> f64 {
    let mut rng = Rng(seed ^ 0x1EA5_0000_0000_0013);
    let mut r = 4.0;
    for _ in 0..=k {
        r += (rng.unit() - 0.5) * 0.02;
    }
    (r * 10_000.0).round() / 10_000.0
}

/// What the file covers: minute windows from [`FINE_SESSIONS_BEFORE`] sessions before
/// `first_session` through `fine_until` (a calendar day), coarse days for the 52 weeks before
/// and from then through `last_day` (horizons that end after the last run need only their
/// closing minute).
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub first_session: Date,
    pub fine_until: Date,
    pub last_day: Date,
    pub seed: u64,
}

/// SplitMix64 with Box-Muller normals: a fixed, portable sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// Whether `d` is a session; days outside the calendar's years are not.
fn session(d: Date) -> bool {
    is_session(d).unwrap_or(false)
}

/// Seconds since the epoch of `hh:mm` New York time on `d`.
fn et(d: Date, hh: u32, mm: u32) -> i64 {
    new_york_time(d, hh, mm).0.div_euclid(1_000_000)
}

/// The minutes `[from, to]` (inclusive, New York time) of day `d`, as bar starts.
fn minutes(d: Date, from: (u32, u32), to: (u32, u32), out: &mut Vec<i64>) {
    let (a, b) = (et(d, from.0, from.1), et(d, to.0, to.1));
    out.extend((a..=b).step_by(60));
}

/// The bar starts of `asset` in the span, in time order, each with its day's index (the
/// trading clock counts sessions and nights from it).
fn bar_times(asset: &str, span: &Span) -> Vec<(i64, i64)> {
    // The first fine session: FINE_SESSIONS_BEFORE sessions before the first scored one.
    let mut fine_from = span.first_session;
    let mut left = FINE_SESSIONS_BEFORE;
    while left > 0 {
        fine_from = fine_from.add_days(-1);
        if session(fine_from) {
            left -= 1;
        }
    }
    let coarse_from = fine_from.add_days(-371);
    let mut out = Vec::new();
    let mut day = coarse_from;
    let mut index = 0i64;
    while day <= span.last_day {
        let crypto = asset == BITCOIN;
        if crypto || session(day) {
            let mut ts = Vec::new();
            if day < fine_from || day > span.fine_until {
                minutes(day, (9, 30), (9, 30), &mut ts);
                minutes(day, (12, 30), (12, 30), &mut ts);
                if asset == "TNX" {
                    minutes(day, (14, 59), (14, 59), &mut ts);
                }
                minutes(day, (15, 59), (15, 59), &mut ts);
            } else if crypto {
                minutes(day, (8, 0), (10, 0), &mut ts);
                minutes(day, (15, 45), (16, 15), &mut ts);
            } else {
                minutes(day, (9, 30), (9, 44), &mut ts);
                if asset == "TNX" {
                    minutes(day, (14, 45), (14, 59), &mut ts);
                }
                minutes(day, (15, 45), (15, 59), &mut ts);
            }
            out.extend(ts.into_iter().map(|t| (t, index)));
            index += 1;
        }
        day = day.add_days(1);
    }
    out
}

/// Trading minutes between two bar starts: for Bitcoin the wall-clock minutes; for the
/// others the session minutes plus [`NIGHT_MINUTES`] for every night between them.
fn trading_minutes(crypto: bool, a: (i64, i64), b: (i64, i64)) -> f64 {
    if crypto {
        return (b.0 - a.0) as f64 / 60.0;
    }
    let nights = (b.1 - a.1) as f64;
    if nights == 0.0 {
        return (b.0 - a.0) as f64 / 60.0;
    }
    // Minutes since the session's 09:30 New York open.
    let since_open = |t: i64| {
        let (_, secs) = Instant(t * 1_000_000).new_york();
        (secs as f64 - 9.5 * 3600.0) / 60.0
    };
    let rest_of_a = (SESSION_MINUTES - since_open(a.0)).max(0.0);
    let start_of_b = since_open(b.0).min(SESSION_MINUTES);
    rest_of_a + start_of_b + (nights - 1.0) * SESSION_MINUTES + nights * NIGHT_MINUTES
}

/// The price file (see the module doc): the same `span` gives the same bytes.
pub fn price_file(span: &Span) -> Vec<u8> {
    let mut out = String::with_capacity(3 << 20);
    out.push_str(HEADER);
    out.push('\n');
    let funds = funds();
    let mut fund_rows = String::new();
    for (m, (asset, w)) in MARKETS.iter().zip(&WALKS).enumerate() {
        let fund = funds.get(*asset).map(|t| demo_fund_symbol(t));
        let mut rng = Rng(span.seed ^ (m as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        let crypto = *asset == BITCOIN;
        let day_minutes = if crypto { 1440.0 } else { SESSION_MINUTES };
        let sigma = w.daily_vol_pct / 100.0 / day_minutes.sqrt();
        let symbol = demo_symbol(asset);
        let mut log_p = w.start.ln();
        let mut drift = 0.0f64; // per trading minute
        let mut prev: Option<(i64, i64)> = None;
        let mut prev_close = w.start;
        for (t, day) in bar_times(asset, span) {
            let close = match prev {
                None => w.start,
                Some(p) => {
                    if p.1 != day {
                        // A new day: yesterday's drift decays, a fresh push is added.
                        drift = DRIFT_MEMORY * drift
                            + rng.normal() * 0.35 * w.daily_vol_pct / 100.0 / day_minutes;
                    }
                    let dt = trading_minutes(crypto, p, (t, day)).max(1.0);
                    // Mean reversion toward the start level keeps a year's walk plausible.
                    let pull = -w.revert_per_day * (log_p - w.start.ln()) / day_minutes;
                    log_p += (drift + pull) * dt + sigma * dt.sqrt() * rng.normal();
                    log_p.exp()
                }
            };
            let consecutive = prev.is_some_and(|p| t - p.0 == 60);
            let open = if consecutive {
                prev_close
            } else {
                close * (1.0 + sigma * 0.5 * rng.normal())
            };
            let wick = |r: &mut Rng| (sigma * 0.4 * r.normal()).abs();
            let high = open.max(close) * (1.0 + wick(&mut rng));
            let low = open.min(close) * (1.0 - wick(&mut rng));
            let volume = 100 + (rng.next() % 5000);
            let d = w.decimals;
            out += &format!(
                "{symbol},{},{open:.d$},{high:.d$},{low:.d$},{close:.d$},{volume}\n",
                sealbook_core::prices::rfc3339(t)
            );
            if let Some(f) = &fund {
                let (d, secs) = Instant(t * 1_000_000).new_york();
                let in_window = (9 * 3600 + 30 * 60..=9 * 3600 + 45 * 60).contains(&secs)
                    || secs == 15 * 3600 + 59 * 60;
                if d >= span.first_session && session(d) && in_window {
                    let (o, c) = (fund_price(asset, open), fund_price(asset, close));
                    let (h, l) = (o.max(c), o.min(c));
                    fund_rows += &format!(
                        "{f},{},{o:.4},{h:.4},{l:.4},{c:.4},{volume}\n",
                        sealbook_core::prices::rfc3339(t)
                    );
                }
            }
            prev = Some((t, day));
            prev_close = close;
        }
        out += &fund_rows;
        fund_rows.clear();
    }
    let rate = demo_fund_symbol("^IRX");
    let mut day = span.first_session;
    let mut k = 0i64;
    while day <= span.last_day {
        if session(day) {
            let r = demo_rate(span.seed, k);
            out += &format!(
                "{rate},{},{r:.4},{r:.4},{r:.4},{r:.4},0\n",
                sealbook_core::prices::rfc3339(et(day, 15, 59))
            );
            k += 1;
        }
        day = day.add_days(1);
    }
    out.into_bytes()
}

/// The demo's `council-clim-window.json` (spec §4.3): core's table
/// ([`clim_window_bytes`]) over the price file's year before `before`, from each market's
/// daily bars (a New York day's first bar's open and last bar's close; the 52 weeks before
/// the season hold three bars a session, Bitcoin's every calendar day).
pub fn clim_window(csv: &[u8], before: Date) -> Result<Vec<u8>, String> {
    use sealbook_core::prices::daily::DailyBar;
    let text = String::from_utf8_lossy(csv);
    let mut days: std::collections::BTreeMap<&str, std::collections::BTreeMap<Date, DailyBar>> =
        Default::default();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (Some(sym), Some(t)) = (f.first(), f.get(1).and_then(|t| Instant::parse_rfc3339(t)))
        else {
            continue;
        };
        let (Some(open), Some(close)) = (
            f.get(2).and_then(|c| c.parse::<f64>().ok()),
            f.get(5).and_then(|c| c.parse::<f64>().ok()),
        ) else {
            continue;
        };
        let (date, _) = t.new_york();
        days.entry(sym)
            .or_default()
            .entry(date)
            .and_modify(|b| b.close = close)
            .or_insert(DailyBar { date, open, close });
    }
    let sha = sealbook_core::hex::encode(&sha2::Sha256::digest(csv));
    let histories: Vec<ClimHistory> = MARKETS
        .iter()
        .map(|asset| ClimHistory {
            asset: asset.to_string(),
            sources: vec![("DEMO prices.csv".into(), sha.clone())],
            bars: days
                .get(demo_symbol(asset).as_str())
                .map(|d| d.values().copied().collect())
                .unwrap_or_default(),
        })
        .collect();
    let (from, to) = (before.add_days(-365), before.add_days(-1));
    clim_window_bytes(
        &histories,
        from,
        to,
        &format!("DEMO: the synthetic year before {before}, {from}..{to}"),
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sealbook_core::calendar::{nth_session_from, Instant};
    use sealbook_core::prices::band::{draw_band, BandClock, BAND_SESSIONS};
    use sealbook_core::prices::rule;
    use sealbook_core::prices::yahoo::Bar;

    fn span() -> Span {
        let first = Date::parse("2026-10-19").unwrap();
        Span {
            first_session: first,
            fine_until: nth_session_from(first, 44).unwrap(),
            last_day: nth_session_from(first, 140).unwrap(),
            seed: DEMO_SEED,
        }
    }

    /// The file's bars per symbol (a reader written here from the format, independent of
    /// the generator).
    fn read(csv: &[u8]) -> std::collections::BTreeMap<String, Vec<Bar>> {
        let text = std::str::from_utf8(csv).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(HEADER));
        let mut out: std::collections::BTreeMap<String, Vec<Bar>> = Default::default();
        for l in lines {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 7, "{l}");
            let t = sealbook_core::calendar::Instant::parse_rfc3339(f[1]).unwrap();
            assert!(f[1].ends_with('Z') && f[1].len() == 20, "{l}");
            let n = |i: usize| f[i].parse::<f64>().unwrap();
            let (o, h, lo, c) = (n(2), n(3), n(4), n(5));
            assert!(lo <= o.min(c) && h >= o.max(c) && lo > 0.0, "{l}");
            out.entry(f[0].to_string()).or_default().push(Bar {
                start: t.0 / 1_000_000,
                open: Some(o),
                high: Some(h),
                low: Some(lo),
                close: Some(c),
                volume: Some(f[6].parse().unwrap()),
            });
        }
        out
    }

    #[test]
    fn deterministic_small_and_marked_demo() {
        let a = price_file(&span());
        assert_eq!(a, price_file(&span()));
        assert_ne!(a, price_file(&Span { seed: 7, ..span() }));
        assert!(a.len() < 5 << 20, "{} bytes", a.len());
        let bars = read(&a);
        assert_eq!(bars.keys().cloned().collect::<Vec<_>>(), {
            // The markets, each trading track's fund and the bill rate.
            let mut k: Vec<String> = MARKETS.iter().map(|m| demo_symbol(m)).collect();
            k.extend(funds().values().map(|t| demo_fund_symbol(t)));
            k.push(demo_fund_symbol("^IRX"));
            k.sort();
            k
        });
        assert_eq!(bars.len(), 12 + 12 + 1);
        for (sym, b) in &bars {
            assert!(sym.starts_with("DEMO-"));
            assert!(
                b.windows(2).all(|w| w[0].start < w[1].start),
                "{sym} in time order"
            );
        }
    }

    #[test]
    fn every_scored_session_has_its_reference_and_close_bars() {
        let s = span();
        let bars = read(&price_file(&s));
        // Sessions 1-45 and the four before the first: the reference rule finds the 09:30
        // bar and the bar ending at the close, and the draw band its one-minute pairs.
        for k in 0..45 {
            let d = nth_session_from(s.first_session, k).unwrap();
            for m in MARKETS {
                let b = &bars[&demo_symbol(m)];
                let reference = new_york_time(d, 9, 30);
                let end = new_york_time(d, if m == "TNX" { 15 } else { 16 }, 0);
                let r = rule::resolve(b, reference, end);
                assert!(r.is_ok(), "{m} {d}: {r:?}");
                let clock = if m == BITCOIN {
                    BandClock::UtcDays
                } else {
                    BandClock::Nyse
                };
                let band = draw_band(b, reference, clock, BAND_SESSIONS, &[]);
                let band = band.unwrap_or_else(|e| panic!("{m} {d}: {e}"));
                assert!(
                    band.band_pct > 0.0 && band.band_pct < 2.0,
                    "{m} {d}: {band:?}"
                );
                if m == BITCOIN {
                    // A seal inside the ask window finds its own minute; so does a week later.
                    let sealed = Instant(new_york_time(d, 8, 31).0 + 5_200_000);
                    let week = new_york_time(d.add_days(7), 16, 0);
                    if d.add_days(7) <= s.fine_until {
                        assert!(rule::resolve(b, sealed, week).is_ok(), "{d}");
                    }
                } else {
                    // A late answer at 09:41 has its own reference bar.
                    let late = new_york_time(d, 9, 41);
                    assert!(rule::resolve(b, late, end).is_ok());
                }
            }
        }
        // A 6m horizon from the first session ends on a coarse day: its closing minute is there.
        for m in MARKETS {
            let b = &bars[&demo_symbol(m)];
            let start = new_york_time(s.first_session, 9, 30);
            let end_day = nth_session_from(s.first_session, 125).unwrap();
            let end = new_york_time(end_day, if m == "TNX" { 15 } else { 16 }, 0);
            assert!(rule::resolve(b, start, end).is_ok(), "{m}");
        }
        // The climatology of the history: every market and horizon; daily base rates near a
        // half (longer horizons overlap heavily within one year and follow its trend).
        let bytes = clim_window(&price_file(&s), s.first_session).unwrap();
        let clim = sealbook_core::score::baselines::ClimatologyTable::parse(&bytes).unwrap();
        assert!(clim.sha256_ok(None));
        assert_eq!(clim.entries.len(), 48);
        for e in &clim.entries {
            let (p, ex) = (e.p_up, e.p_up_ex_draw.unwrap());
            assert!((0.0..=1.0).contains(&ex), "{} {}: {ex}", e.asset, e.h);
            if e.h == "1d" {
                assert!((0.35..0.65).contains(&p), "{}: {p}", e.asset);
            }
            let (n, ni) = (e.n.unwrap(), e.n_independent.unwrap());
            assert!(n >= 100 && ni >= 1, "{} {}: {n} {ni}", e.asset, e.h);
        }
        // The 52 weeks before hold a bar on (nearly) every session: the snapshot's range.
        let spx = &bars[&demo_symbol("SPX")];
        let year_before = new_york_time(s.first_session.add_days(-364), 9, 30).0 / 1_000_000;
        let days: std::collections::BTreeSet<i64> = spx
            .iter()
            .filter(|b| b.start >= year_before)
            .map(|b| b.start.div_euclid(86_400))
            .collect();
        assert!(days.len() > 250 + 44, "{}", days.len());
    }
}
