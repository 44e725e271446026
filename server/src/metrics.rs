//! The operator's metrics of a running league (`sealbook serve --league`): per-seat ask
//! latency and failures, answers sealed, stamped lists whose OpenTimestamps proof is pending,
//! the last anchor per authority, jobs run and failed per kind, the schedule's next due
//! instant, the morning runs missed, and the times the schedule fell behind with the last
//! lag, served at
//! `/metrics` in the Prometheus text exposition format 0.0.4.
//!
//! One [`Metrics`] value, shared by `Arc` between the scheduler (which records) and the HTTP
//! server (which renders); no global state. The families are fixed here, each with its
//! `# HELP` and `# TYPE` lines; label values are escaped as the format requires (`\\`, `\"`,
//! `\n`), help texts likewise (`\\`, `\n`). The latency histogram has fixed buckets
//! ([`LATENCY_BUCKETS`]), cumulative in the output as the format defines.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;

/// Upper bounds (seconds) of the ask latency histogram's buckets, `+Inf` implied: a model
/// answers in a few seconds to a few minutes, a reference seat at once.
pub const LATENCY_BUCKETS: [f64; 12] = [
    0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0,
];

/// The media type of the exposition format.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Series {
    Scalar(f64),
    /// Per-bucket (not cumulative) counts, the `+Inf` bucket last; sum and count.
    Histogram {
        buckets: [u64; LATENCY_BUCKETS.len() + 1],
        sum: f64,
        count: u64,
    },
}

/// Label names and values of one series, in the family's label order.
type Labels = Vec<(&'static str, String)>;

#[derive(Debug)]
struct Family {
    name: &'static str,
    help: &'static str,
    kind: Kind,
    series: BTreeMap<Labels, Series>,
}

/// The metric families, in output order.
const SEAT_ASK_SECONDS: usize = 0;
const SEAT_ASK_FAILURES: usize = 1;
const ANSWERS_SEALED: usize = 2;
const STAMPS_PENDING: usize = 3;
const LAST_ANCHOR: usize = 4;
const JOBS: usize = 5;
const JOBS_FAILED: usize = 6;
const NEXT_DUE: usize = 7;
const RUNS_MISSED: usize = 8;
const SCHEDULE_LATE: usize = 9;
const SCHEDULE_LAST_LAG: usize = 10;

/// The league's metrics registry.
#[derive(Debug)]
pub struct Metrics {
    families: Mutex<Vec<Family>>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let f = |name, help, kind| Family {
            name,
            help,
            kind,
            series: BTreeMap::new(),
        };
        let families = vec![
            f(
                "sealbook_seat_ask_seconds",
                "Time from asking a seat to its final reply (retries included), seconds.",
                Kind::Histogram,
            ),
            f(
                "sealbook_seat_ask_failures_total",
                "Asks of a seat that ended without a reply (error, timeout or the deadline).",
                Kind::Counter,
            ),
            f(
                "sealbook_answers_sealed_total",
                "Answer lines sealed into the book, per seat.",
                Kind::Counter,
            ),
            f(
                "sealbook_stamps_pending",
                "Stamped lists whose OpenTimestamps proof still waits for a Bitcoin attestation.",
                Kind::Gauge,
            ),
            f(
                "sealbook_last_anchor_timestamp_seconds",
                "When an authority last anchored a stamped list, Unix time in seconds (league clock).",
                Kind::Gauge,
            ),
            f(
                "sealbook_jobs_total",
                "Jobs of the league's schedule run, per kind.",
                Kind::Counter,
            ),
            f(
                "sealbook_jobs_failed_total",
                "Jobs of the league's schedule that failed, per kind.",
                Kind::Counter,
            ),
            f(
                "sealbook_next_job_timestamp_seconds",
                "When the schedule's next job is due on the league's clock, Unix time in seconds.",
                Kind::Gauge,
            ),
            f(
                "sealbook_runs_missed_total",
                "Morning runs missed: their window to ask closed before they could start.",
                Kind::Counter,
            ),
            f(
                "sealbook_schedule_late_total",
                "Times the schedule fell behind: a poll's jobs ended a minute or more (league clock) after the next job was due.",
                Kind::Counter,
            ),
            f(
                "sealbook_schedule_last_lag_seconds",
                "How late the next job was the last time the schedule fell behind, league clock seconds (0 until it does).",
                Kind::Gauge,
            ),
        ];
        let m = Metrics {
            families: Mutex::new(families),
        };
        // Shown at 0 from the start, so that an alert on any increase has a series to watch.
        m.add(RUNS_MISSED, Vec::new(), 0.0);
        m.add(SCHEDULE_LATE, Vec::new(), 0.0);
        m.add(SCHEDULE_LAST_LAG, Vec::new(), 0.0);
        m
    }

    fn with<R>(&self, f: impl FnOnce(&mut Vec<Family>) -> R) -> R {
        // A panic elsewhere while the lock was held leaves plain numbers behind: keep going.
        let mut guard = self.families.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut guard)
    }

    fn add(&self, family: usize, labels: Labels, by: f64) {
        self.with(|fs| {
            if let Series::Scalar(v) = fs[family]
                .series
                .entry(labels)
                .or_insert(Series::Scalar(0.0))
            {
                *v += by;
            }
        });
    }

    /// A seat's ask ended after `seconds`; `failed` when it ended without a reply.
    pub fn seat_asked(&self, seat: &str, seconds: f64, failed: bool) {
        let labels = vec![("seat", seat.to_string())];
        self.with(|fs| {
            let s =
                fs[SEAT_ASK_SECONDS]
                    .series
                    .entry(labels.clone())
                    .or_insert(Series::Histogram {
                        buckets: [0; LATENCY_BUCKETS.len() + 1],
                        sum: 0.0,
                        count: 0,
                    });
            if let Series::Histogram {
                buckets,
                sum,
                count,
            } = s
            {
                let i = LATENCY_BUCKETS
                    .iter()
                    .position(|b| seconds <= *b)
                    .unwrap_or(LATENCY_BUCKETS.len());
                buckets[i] += 1;
                *sum += seconds;
                *count += 1;
            }
        });
        if failed {
            self.add(SEAT_ASK_FAILURES, labels, 1.0);
        } else {
            // Every seat that has been asked shows in the failure counter, at 0 until one.
            self.add(SEAT_ASK_FAILURES, labels, 0.0);
        }
    }

    /// An answer line of `seat` is sealed.
    pub fn answer_sealed(&self, seat: &str) {
        self.add(ANSWERS_SEALED, vec![("seat", seat.to_string())], 1.0);
    }

    /// The number of stamped lists whose `.ots` proof is pending.
    pub fn set_stamps_pending(&self, n: u64) {
        self.with(|fs| {
            fs[STAMPS_PENDING]
                .series
                .insert(Vec::new(), Series::Scalar(n as f64));
        });
    }

    /// The authority (`kind`: ots, tsa or rekor) last anchored a list at `unix_seconds`.
    pub fn set_last_anchor(&self, kind: &str, authority: &str, unix_seconds: f64) {
        let labels = vec![
            ("kind", kind.to_string()),
            ("authority", authority.to_string()),
        ];
        self.with(|fs| {
            fs[LAST_ANCHOR]
                .series
                .insert(labels, Series::Scalar(unix_seconds));
        });
    }

    /// The schedule's next due instant (Unix seconds on the league's clock).
    pub fn set_next_due(&self, unix_seconds: f64) {
        self.with(|fs| {
            fs[NEXT_DUE]
                .series
                .insert(Vec::new(), Series::Scalar(unix_seconds));
        });
    }

    /// A morning run was missed.
    pub fn run_missed(&self) {
        self.add(RUNS_MISSED, Vec::new(), 1.0);
    }

    /// The schedule fell behind: the next job starts `lag_seconds` late on the league's clock.
    pub fn schedule_late(&self, lag_seconds: f64) {
        self.add(SCHEDULE_LATE, Vec::new(), 1.0);
        self.with(|fs| {
            fs[SCHEDULE_LAST_LAG]
                .series
                .insert(Vec::new(), Series::Scalar(lag_seconds));
        });
    }

    /// A job of `kind` ran; `failed` when it did not complete.
    pub fn job(&self, kind: &str, failed: bool) {
        let labels = vec![("kind", kind.to_string())];
        self.add(JOBS, labels.clone(), 1.0);
        self.add(JOBS_FAILED, labels, if failed { 1.0 } else { 0.0 });
    }

    /// The registry in the text exposition format 0.0.4.
    pub fn render(&self) -> String {
        self.with(|fs| {
            let mut out = String::new();
            for f in fs.iter() {
                let _ = writeln!(out, "# HELP {} {}", f.name, escape_help(f.help));
                let _ = writeln!(out, "# TYPE {} {}", f.name, f.kind.name());
                for (labels, series) in &f.series {
                    match series {
                        Series::Scalar(v) => {
                            let _ = writeln!(out, "{}{} {}", f.name, label_set(labels), value(*v));
                        }
                        Series::Histogram {
                            buckets,
                            sum,
                            count,
                        } => {
                            let mut cumulative = 0;
                            for (i, n) in buckets.iter().enumerate() {
                                cumulative += n;
                                let le =
                                    LATENCY_BUCKETS.get(i).map_or("+Inf".into(), |b| value(*b));
                                let mut l = labels.clone();
                                l.push(("le", le));
                                let _ = writeln!(
                                    out,
                                    "{}_bucket{} {cumulative}",
                                    f.name,
                                    label_set(&l)
                                );
                            }
                            let ls = label_set(labels);
                            let _ = writeln!(out, "{}_sum{ls} {}", f.name, value(*sum));
                            let _ = writeln!(out, "{}_count{ls} {count}", f.name);
                        }
                    }
                }
            }
            out
        })
    }
}

/// `{a="x",b="y"}`, or nothing for no labels.
fn label_set(labels: &[(&'static str, String)]) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let inner: Vec<String> = labels
        .iter()
        .map(|(k, v)| format!("{k}=\"{}\"", escape_label(v)))
        .collect();
    format!("{{{}}}", inner.join(","))
}

/// A label value: backslash, double quote and line feed escaped.
fn escape_label(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// A help text: backslash and line feed escaped.
fn escape_help(v: &str) -> String {
    v.replace('\\', "\\\\").replace('\n', "\\n")
}

/// A sample value as the format spells it (`+Inf`, `-Inf`, `NaN`, else a decimal).
fn value(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v == f64::INFINITY {
        "+Inf".into()
    } else if v == f64::NEG_INFINITY {
        "-Inf".into()
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Label values with every character the format escapes, and some it does not.
    const SEATS: [&str; 4] = ["alpha", "quo\"te", "back\\slash", "line\nfeed é"];

    fn filled() -> Metrics {
        let m = Metrics::new();
        for (i, seat) in SEATS.iter().enumerate() {
            for k in 0..=i {
                m.seat_asked(seat, 0.003 + 7.0 * k as f64, k == 1);
                m.answer_sealed(seat);
            }
        }
        m.seat_asked("alpha", 500.0, true);
        m.set_next_due(1_792_576_800.5);
        m.set_stamps_pending(3);
        m.set_last_anchor("tsa", "free\"tsa", 1_792_000_000.0);
        m.set_last_anchor("ots", "https://a.pool.opentimestamps.org", 1_792_000_123.5);
        m.job("run", false);
        m.job("score", true);
        m.job("score", false);
        m
    }

    #[test]
    fn escaping_and_layout() {
        assert_eq!(escape_label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
        assert_eq!(escape_help("x\\y\nz"), "x\\\\y\\nz");
        assert_eq!(value(f64::INFINITY), "+Inf");
        assert_eq!(value(0.25), "0.25");
        assert_eq!(value(3.0), "3");
        let text = filled().render();
        assert!(text.contains("# TYPE sealbook_seat_ask_seconds histogram\n"));
        assert!(text.contains("sealbook_seat_ask_failures_total{seat=\"quo\\\"te\"} 1\n"));
        assert!(text.contains("sealbook_seat_ask_seconds_bucket{seat=\"alpha\",le=\"+Inf\"} 2\n"));
        assert!(text.contains("sealbook_seat_ask_seconds_count{seat=\"alpha\"} 2\n"));
        assert!(text.contains("sealbook_jobs_failed_total{kind=\"run\"} 0\n"));
        assert!(text.contains("sealbook_next_job_timestamp_seconds 1792576800.5\n"));
        assert!(text.contains("sealbook_stamps_pending 3\n"));
        assert!(
            text.contains("sealbook_runs_missed_total 0\n"),
            "0 from the start"
        );
        let m = filled();
        m.run_missed();
        assert!(m.render().contains("sealbook_runs_missed_total 1\n"));
        assert!(
            text.contains("sealbook_schedule_late_total 0\n"),
            "0 from the start"
        );
        assert!(text.contains("sealbook_schedule_last_lag_seconds 0\n"));
        m.schedule_late(900.0);
        m.schedule_late(120.0);
        let late = m.render();
        assert!(late.contains("# TYPE sealbook_schedule_late_total counter\n"));
        assert!(late.contains("sealbook_schedule_late_total 2\n"));
        assert!(late.contains("# TYPE sealbook_schedule_last_lag_seconds gauge\n"));
        assert!(
            late.contains("sealbook_schedule_last_lag_seconds 120\n"),
            "the last lag"
        );
        assert!(text.contains(
            "sealbook_last_anchor_timestamp_seconds{kind=\"tsa\",authority=\"free\\\"tsa\"} 1792000000\n"
        ));
        assert!(text.ends_with('\n'));
    }

    /// The output as Python's `prometheus_client.parser` reads it: every sample of the
    /// registry, with the registry's labels and values (the peer decodes the escapes).
    #[test]
    fn prometheus_client_parses_what_the_registry_holds() {
        let m = filled();
        let text = m.render();
        let script = r#"
import json, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for f in text_string_to_metric_families(sys.stdin.read()):
    for s in f.samples:
        out.append({"family": f.name, "type": f.type, "documentation": f.documentation,
                    "name": s.name, "labels": s.labels, "value": s.value})
print(json.dumps(out))
"#;
        let out = sealbook_tests::peer_output(
            sealbook_tests::python_inline(script),
            text.as_bytes(),
            "prometheus_client (pip install prometheus_client into the test venv)",
        );
        let samples: Vec<serde_json::Value> = serde_json::from_slice(&out).unwrap();
        let find = |name: &str, labels: &[(&str, &str)]| -> f64 {
            let hits: Vec<_> = samples
                .iter()
                .filter(|s| {
                    s["name"] == name
                        && s["labels"].as_object().unwrap().len() == labels.len()
                        && labels.iter().all(|(k, v)| s["labels"][*k] == *v)
                })
                .collect();
            assert_eq!(hits.len(), 1, "{name} {labels:?} in {samples:?}");
            hits[0]["value"].as_f64().unwrap()
        };
        // Every series of the registry, read back with its labels unescaped.
        let fams = m.families.lock().unwrap();
        let mut expected = 0;
        for f in fams.iter() {
            // The peer names a counter's family without its `_total`.
            let family = samples
                .iter()
                .find(|s| s["family"] == f.name.trim_end_matches("_total"));
            if !f.series.is_empty() {
                let family = family.unwrap_or_else(|| panic!("{} read as a family", f.name));
                assert_eq!(family["documentation"], f.help, "{}", f.name);
                assert_eq!(family["type"], f.kind.name(), "{}", f.name);
            }
            for (labels, series) in &f.series {
                let l: Vec<(&str, &str)> = labels.iter().map(|(k, v)| (*k, v.as_str())).collect();
                match series {
                    Series::Scalar(v) => {
                        assert_eq!(find(f.name, &l), *v, "{} {l:?}", f.name);
                        expected += 1;
                    }
                    Series::Histogram {
                        buckets,
                        sum,
                        count,
                    } => {
                        let mut cumulative = 0;
                        for (i, n) in buckets.iter().enumerate() {
                            cumulative += n;
                            let le = LATENCY_BUCKETS.get(i).map_or("+Inf".into(), |b| value(*b));
                            let mut lb = l.clone();
                            lb.push(("le", &le));
                            let name = format!("{}_bucket", f.name);
                            assert_eq!(find(&name, &lb), cumulative as f64, "{name} {lb:?}");
                        }
                        assert_eq!(find(&format!("{}_sum", f.name), &l), *sum);
                        assert_eq!(find(&format!("{}_count", f.name), &l), *count as f64);
                        expected += buckets.len() + 2;
                    }
                }
            }
        }
        assert_eq!(samples.len(), expected, "no sample the registry lacks");
        // The escaped seat names came back whole.
        assert_eq!(
            find("sealbook_answers_sealed_total", &[("seat", "line\nfeed é")]),
            4.0
        );
        assert_eq!(
            find(
                "sealbook_seat_ask_seconds_bucket",
                &[("seat", "alpha"), ("le", "120")]
            ),
            1.0,
            "500 s is past the last finite bound"
        );
    }
}
