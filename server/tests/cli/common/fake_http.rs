//! The client tests' view of the shared fake HTTP server ([`sealbook_tests::fake_http`]): a
//! handler that takes the request with the headers these tests look at (content type, accept,
//! authorization) as fields.

pub use sealbook_tests::fake_http::Answer;

#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub content_type: Option<String>,
    pub accept: Option<String>,
    pub authorization: Option<String>,
    pub body: Vec<u8>,
}

/// Starts a server calling `handler` for each request; returns its `http://127.0.0.1:port`.
/// The server lives as long as the test process.
pub fn start(handler: impl Fn(Request) -> Answer + Send + Sync + 'static) -> String {
    sealbook_tests::fake_http::start(move |_, r| {
        let header = |name: &str| r.header(name).map(str::to_owned);
        handler(Request {
            method: r.method.clone(),
            path: r.path.clone(),
            content_type: header("content-type"),
            accept: header("accept"),
            authorization: header("authorization"),
            body: r.body.clone(),
        })
    })
    .url
}
