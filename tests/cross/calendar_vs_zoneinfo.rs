//! The NYSE calendar and New York clock against Python's `zoneinfo` (the system tz
//! database), the exchange's published holiday lists for 2022-2027
//! (tests/py/conformance_peer.py --calendar), and the `exchange_calendars` package's XNYS
//! calendar over 2000-2050 (tests/py/calendar_peer.py).

#![forbid(unsafe_code)]

use sealbook_core::calendar::{
    is_session, new_york_offset_secs, new_york_time, session_number, Date, Instant, FIRST_YEAR,
};
use std::collections::BTreeMap;

#[test]
fn calendar_matches_zoneinfo_and_published_holidays() {
    let out = sealbook_tests::python_script("conformance_peer.py")
        .arg("--calendar")
        .output()
        .expect("run the Python peer");
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let days = v["days"].as_array().unwrap();
    assert_eq!(days.len(), 2191);
    for d in days {
        let date = Date::parse(d["date"].as_str().unwrap()).unwrap();
        let open = d["open"].as_bool().unwrap();
        assert_eq!(is_session(date), Some(open), "{date}");
        if open {
            let secs = |t: Instant| t.0 / 1_000_000;
            assert_eq!(
                secs(new_york_time(date, 9, 30)),
                d["ref"].as_i64().unwrap(),
                "{date} 09:30 ET"
            );
            assert_eq!(
                secs(new_york_time(date, 16, 0)),
                d["close"].as_i64().unwrap(),
                "{date} 16:00 ET"
            );
        }
        assert_eq!(
            session_number(date).map(u64::from),
            d["session"].as_u64(),
            "{date} session number"
        );
    }
    let offsets = v["offsets"].as_array().unwrap();
    for o in offsets {
        let t = o[0].as_i64().unwrap();
        assert_eq!(
            new_york_offset_secs(Instant(t * 1_000_000)),
            o[1].as_i64().unwrap(),
            "offset at unix {t}"
        );
    }
}

/// Every day of 2000-2050 is a session in sealbook's rule-computed calendar exactly when it is
/// one in `exchange_calendars`' XNYS (holidays by the observed-day rules, Good Friday from
/// Easter, Juneteenth from 2022, the unscheduled closures of 2001-2025); every session's 09:30
/// and 16:00 New York time is zoneinfo's (the daylight-saving rules before and after 2007);
/// the New York offset changes exactly where zoneinfo's does; session numbers run on from
/// 2026-10-19 through 2050; and the calendar refuses to answer before 2000.
#[test]
fn calendar_matches_exchange_calendars_2000_to_2050() {
    let (first, last) = (2000, 2050);
    assert_eq!(FIRST_YEAR, first);
    let out = sealbook_tests::python_script("calendar_peer.py")
        .args([first.to_string(), last.to_string()])
        .output()
        .expect("run the Python peer");
    assert!(
        out.status.success(),
        "peer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut peer: BTreeMap<Date, (i64, i64)> = BTreeMap::new();
    for s in v["sessions"].as_array().unwrap() {
        let date = Date::parse(s[0].as_str().unwrap()).unwrap();
        peer.insert(date, (s[1].as_i64().unwrap(), s[2].as_i64().unwrap()));
    }
    assert!(peer.len() > 12_000, "{} sessions", peer.len());
    let secs = |t: Instant| t.0 / 1_000_000;
    let one = Date::parse("2026-10-19").unwrap();
    let mut differ = Vec::new();
    let mut number = 0u32;
    let mut d = Date::new(first, 1, 1).unwrap();
    while d.year <= last {
        let open = peer.get(&d);
        if is_session(d) != Some(open.is_some()) {
            differ.push(format!(
                "{d}: sealbook {:?}, XNYS {}",
                is_session(d),
                open.is_some()
            ));
        }
        if let Some(&(reference, close)) = open {
            assert_eq!(secs(new_york_time(d, 9, 30)), reference, "{d} 09:30 ET");
            assert_eq!(secs(new_york_time(d, 16, 0)), close, "{d} 16:00 ET");
            if d >= one {
                number += 1;
                assert_eq!(session_number(d), Some(number), "{d} session number");
            }
        }
        d = d.add_days(1);
    }
    assert!(
        differ.is_empty(),
        "{} days differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    let transitions = v["transitions"].as_array().unwrap();
    assert_eq!(transitions.len(), 2 * (last - first + 1) as usize);
    for t in transitions {
        let (at, after) = (t[0].as_i64().unwrap(), t[1].as_i64().unwrap());
        let before = if after == -4 * 3600 {
            -5 * 3600
        } else {
            -4 * 3600
        };
        assert_eq!(
            new_york_offset_secs(Instant(at * 1_000_000)),
            after,
            "at unix {at}"
        );
        assert_eq!(
            new_york_offset_secs(Instant((at - 1) * 1_000_000)),
            before,
            "just before unix {at}"
        );
    }
    let before = Date::new(first - 1, 12, 31).unwrap();
    assert_eq!(is_session(before), None, "{before}");
}
