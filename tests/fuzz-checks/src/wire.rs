//! `league::wire` readers (OpenAI, Anthropic, Gemini) on arbitrary reply bodies, statuses and
//! `retry-after` values: never a panic; an error message stays one clipped line; a reply
//! outside 2xx is never read as an answer.

use sealbook_core::league::wire::{Finish, Reply, Wire, MAX_MESSAGE_CHARS};

const STATUSES: [u16; 8] = [200, 400, 401, 404, 429, 500, 503, 529];
const RETRY_AFTER: [&str; 4] = ["3", "0.5", "-1", "1e400"];

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let Some((&sel, body)) = data.split_first() else {
        return;
    };
    let status = STATUSES[(sel & 7) as usize];
    let ra = [("retry-after", RETRY_AFTER[((sel >> 3) & 3) as usize])];
    let headers: &[(&str, &str)] = if sel & 0x20 != 0 { &ra } else { &[] };
    let reply = Reply {
        status,
        headers,
        body,
    };
    for wire in [Wire::OpenAi, Wire::Anthropic, Wire::Gemini] {
        let o = wire.read(&reply);
        match &o.finish {
            Finish::Error { message, .. } | Finish::Refused(message) | Finish::Blocked(message) => {
                assert!(message.chars().count() <= MAX_MESSAGE_CHARS + 1);
                assert!(!message.chars().any(char::is_control));
            }
            Finish::Stop | Finish::Truncated => assert_eq!(status, 200, "{wire:?}: {o:?}"),
        }
    }
}
