//! A local RFC 3161 authority on 127.0.0.1 (with [`super::fake_http`]) that answers with
//! `openssl ts -reply` over the test PKI of `sealbook_tests::tsp_pki`.

use super::fake_http::{self, Answer, Request};
use sealbook_core::tsp::request::TimeStampReq;
use sealbook_tests::tsp_pki::must;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The local authority: `POST /<mode>/<section>` answers the query with `openssl ts -reply`
/// under that config section, after `mode` has had its way with the query or the reply.
pub fn start_tsa(dir: PathBuf) -> String {
    let n = AtomicUsize::new(0);
    let lock = Mutex::new(());
    fake_http::start(move |r: Request| {
        let mut parts = r.path.trim_start_matches('/').splitn(2, '/');
        let (mode, section) = (
            parts.next().unwrap_or_default().to_string(),
            parts.next().unwrap_or_default().to_string(),
        );
        let reply = |query: &[u8], token: bool| {
            let _one_at_a_time = lock.lock().unwrap(); // the serial file is shared
            let i = n.fetch_add(1, Ordering::SeqCst);
            let (q, out) = (format!("served{i}.tsq"), format!("served{i}.tsr"));
            std::fs::write(dir.join(&q), query).unwrap();
            let mut args = vec![
                "ts",
                "-reply",
                "-config",
                "openssl.cnf",
                "-section",
                &section,
                "-queryfile",
                &q,
                "-out",
                &out,
            ];
            if token {
                args.push("-token_out");
            }
            must(&dir, &args);
            std::fs::read(dir.join(&out)).unwrap()
        };
        let edited = |edit: &dyn Fn(&mut TimeStampReq)| {
            let mut q = TimeStampReq::from_der(&r.body).expect("the client sent a TimeStampReq");
            edit(&mut q);
            q.to_der().unwrap()
        };
        let ok = |b: Vec<u8>| Answer::new(200, "application/timestamp-reply", b);
        if r.method == "GET" {
            // A pre-flight's GET: the authority answers, as a real one does.
            return Answer::new(405, "text/plain", b"POST a query".to_vec());
        }
        assert_eq!(
            r.content_type.as_deref(),
            Some("application/timestamp-query")
        );
        match mode.as_str() {
            "ok" => ok(reply(&r.body, false)),
            "nocert" => ok(reply(&edited(&|q| q.cert_req = false), false)),
            "nonce" => ok(reply(&edited(&|q| q.nonce = Some(vec![1, 2, 3])), false)),
            "imprint" => ok(reply(&edited(&|q| q.digest[0] ^= 1), false)),
            "token" => ok(reply(&r.body, true)),
            "garbage" => ok(b"<html>no timestamp here</html>".to_vec()),
            "error" => Answer::new(500, "text/plain", b"internal error".to_vec()),
            "slow" => Answer {
                delay: Duration::from_secs(4),
                ..ok(reply(&r.body, false))
            },
            _ => Answer::new(404, "text/plain", b"no such mode".to_vec()),
        }
    })
}
