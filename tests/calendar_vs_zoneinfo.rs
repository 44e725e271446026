//! The NYSE calendar and New York clock against Python's `zoneinfo` (the system tz
//! database) and the exchange's published holiday lists for 2022-2027
//! (tests/py/conformance_peer.py --calendar).

use sealbook_core::calendar::{
    is_session, new_york_offset_secs, new_york_time, session_number, Date, Instant,
};

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
