//! A block header fetched from a block explorer, only when the reader presses a fetch button
//! (spec §3.11: the header is then checked like a pasted one, proof of work and merkle root
//! recomputed, so the explorer is trusted only to name the block at a height). The page asks
//! an Esplora API at `base` for `{base}/block-height/{height}` (the block hash), then
//! `{base}/block/{hash}/header` (the header's 160 hex digits). What can go wrong is an
//! [`ExplorerError`], said in the page's language.

use crate::i18n::{core_messages, tr, M};
use crate::league_load::fetch_bytes;
use sealbook_core::league::manifest::MissingWhy;

/// The explorer the page offers first: mempool.space's Esplora API (blockstream.info/api and
/// a self-hosted one answer the same paths).
pub const DEFAULT_EXPLORER: &str = "https://mempool.space/api";

/// Longest explorer answer read (a block hash or a header is under 200 bytes).
pub const MAX_ANSWER: usize = 4096;

/// Why the explorer gave no header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplorerError {
    /// The request to `url` had no usable answer.
    Fetch { url: String, why: MissingWhy },
    /// `url` answered more bytes than a block hash or header.
    TooLong { url: String, bytes: usize },
    /// `url` (the block-height address) answered something that is not a block hash.
    NotAHash { url: String },
}

impl ExplorerError {
    /// What went wrong, in the page's language.
    pub fn say(&self) -> String {
        match self {
            ExplorerError::Fetch { url, why } => {
                format!("{url}: {}", core_messages::missing_why(why))
            }
            ExplorerError::TooLong { url, bytes } => {
                tr(M::WeExplorerTooLong, &[("url", url), ("bytes", bytes)])
            }
            ExplorerError::NotAHash { url } => tr(M::WeExplorerNoHash, &[("url", url)]),
        }
    }
}

/// The address of the block hash at `height`.
pub fn height_url(base: &str, height: u64) -> String {
    format!("{base}/block-height/{height}")
}

/// The address of the header of the block `hash`.
pub fn header_url(base: &str, hash: &str) -> String {
    format!("{base}/block/{hash}/header")
}

/// `url`'s answer `body` as trimmed text, or why it is too long to be a hash or a header.
pub fn answer_text(url: &str, body: &[u8]) -> Result<String, ExplorerError> {
    if body.len() > MAX_ANSWER {
        return Err(ExplorerError::TooLong {
            url: url.to_string(),
            bytes: body.len(),
        });
    }
    Ok(String::from_utf8_lossy(body).trim().to_string())
}

/// The block hash in the block-height address `url`'s answer `text` (lower-cased), or why it
/// is not one.
pub fn block_hash(url: &str, text: &str) -> Result<String, ExplorerError> {
    let hash = text.to_ascii_lowercase();
    if sealbook_core::hex::is_sha256_hex(&hash) {
        Ok(hash)
    } else {
        Err(ExplorerError::NotAHash {
            url: url.to_string(),
        })
    }
}

/// GETs `url` and returns its body as trimmed text (at most [`MAX_ANSWER`] bytes).
async fn fetch_text(url: &str) -> Result<String, ExplorerError> {
    let body = fetch_bytes(url, MAX_ANSWER as u64)
        .await
        .map_err(|why| match why {
            MissingWhy::TooLarge { bytes, .. } => ExplorerError::TooLong {
                url: url.to_string(),
                bytes: bytes as usize,
            },
            why => ExplorerError::Fetch {
                url: url.to_string(),
                why,
            },
        })?;
    answer_text(url, &body)
}

/// The header of the block at `height` from the Esplora API at `base`.
pub async fn fetch_header(base: &str, height: u64) -> Result<String, ExplorerError> {
    let at = height_url(base, height);
    let hash = block_hash(&at, &fetch_text(&at).await?)?;
    fetch_text(&header_url(base, &hash)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{self, Lang};

    const HASH: &str = "000000000000000005c6e0c3f3a62b5ebd1a1ad1b3a76e93c9a5c4ab4aa8b2c1";

    #[test]
    fn a_block_hash_is_64_hex_digits() {
        let at = height_url("https://x.test/api", 358391);
        assert_eq!(at, "https://x.test/api/block-height/358391");
        assert_eq!(block_hash(&at, &HASH.to_uppercase()), Ok(HASH.to_string()));
        for not in ["", "Not Found", &HASH[1..], &format!("{HASH}0")] {
            assert_eq!(
                block_hash(&at, not),
                Err(ExplorerError::NotAHash { url: at.clone() })
            );
        }
        assert_eq!(
            header_url("https://x.test/api", HASH),
            format!("https://x.test/api/block/{HASH}/header")
        );
    }

    #[test]
    fn an_answer_longer_than_a_header_is_refused() {
        let url = "https://x.test/api/block/h/header";
        assert_eq!(answer_text(url, b"  abc\n"), Ok("abc".to_string()));
        assert_eq!(
            answer_text(url, &[b'0'; MAX_ANSWER]).map(|t| t.len()),
            Ok(MAX_ANSWER)
        );
        assert_eq!(
            answer_text(url, &[b'0'; MAX_ANSWER + 1]),
            Err(ExplorerError::TooLong {
                url: url.to_string(),
                bytes: MAX_ANSWER + 1
            })
        );
    }

    #[test]
    fn each_error_is_said_in_the_pages_language() {
        let url = "https://x.test/api/block-height/1";
        let errors = [
            ExplorerError::Fetch {
                url: url.into(),
                why: MissingWhy::RequestFailed {
                    detail: "Failed to fetch".into(),
                },
            },
            ExplorerError::Fetch {
                url: url.into(),
                why: MissingWhy::Http { status: 404 },
            },
            ExplorerError::TooLong {
                url: url.into(),
                bytes: 5000,
            },
            ExplorerError::NotAHash { url: url.into() },
        ];
        i18n::set(Lang::En);
        let english: Vec<String> = errors.iter().map(ExplorerError::say).collect();
        assert_eq!(
            english,
            [
                format!("{url}: the request failed (Failed to fetch)"),
                format!("{url}: HTTP 404"),
                format!("{url}: answered 5000 bytes, more than a block hash or header"),
                format!("{url} did not answer a block hash (64 hex digits)"),
            ]
        );
        for lang in [Lang::Zh, Lang::Ar] {
            i18n::set(lang);
            for (e, en) in errors.iter().zip(&english) {
                let said = e.say();
                assert_ne!(&said, en, "{e:?} in {}", lang.code());
                assert!(said.contains(url), "{said}");
            }
        }
        i18n::set(Lang::En);
    }
}
