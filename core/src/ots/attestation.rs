//! Attestations, the leaves of an OpenTimestamps proof (python-opentimestamps
//! `opentimestamps.core.notary` and `core.dubious.notary`): a calendar's pending receipt, a
//! Bitcoin (or Litecoin, Ethereum) block height, or an unknown notary kept verbatim
//! (spec §3.2: Level 2 is reached only through a Bitcoin block header attestation).

use super::serialize::{write_varbytes, write_varuint, ErrorKind, OtsError, Reader};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// `TimeAttestation.MAX_PAYLOAD_SIZE`.
pub const MAX_PAYLOAD_SIZE: usize = 8192;
/// `PendingAttestation.MAX_URI_LENGTH` (bytes).
pub const MAX_URI_LENGTH: usize = 1000;
/// `PendingAttestation.ALLOWED_URI_CHARS`: no query, fragment, percent-encoding or login.
pub const ALLOWED_URI_CHARS: &[u8] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._/:";

/// `PendingAttestation.TAG`.
pub const TAG_PENDING: [u8; 8] = [0x83, 0xdf, 0xe3, 0x0d, 0x2e, 0xf9, 0x0c, 0x8e];
/// `BitcoinBlockHeaderAttestation.TAG`.
pub const TAG_BITCOIN: [u8; 8] = [0x05, 0x88, 0x96, 0x0d, 0x73, 0xd7, 0x19, 0x01];
/// `LitecoinBlockHeaderAttestation.TAG`.
pub const TAG_LITECOIN: [u8; 8] = [0x06, 0x86, 0x9a, 0x0d, 0x73, 0xd7, 0x1b, 0x45];
/// `EthereumBlockHeaderAttestation.TAG`.
pub const TAG_ETHEREUM: [u8; 8] = [0x30, 0xfe, 0x80, 0x87, 0xb5, 0xc7, 0xea, 0xd7];

/// One attestation. `Ord` is the reference's: by tag bytes, then URI, height or payload;
/// serialization emits a node's attestations in this order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Attestation {
    /// A calendar promises a complete proof later, at `uri`.
    Pending {
        /// The calendar's URL (only [`ALLOWED_URI_CHARS`]).
        uri: String,
    },
    /// The commitment is the merkle root of the Bitcoin block at this height.
    Bitcoin {
        /// The block's height.
        height: u64,
    },
    /// The commitment is the merkle root of the Litecoin block at this height.
    Litecoin {
        /// The block's height.
        height: u64,
    },
    /// python-opentimestamps' "dubious" Ethereum attestation (transactions root).
    Ethereum {
        /// The block's height.
        height: u64,
    },
    /// A notary this implementation does not know; carried byte-for-byte.
    Unknown {
        /// The attestation's tag.
        #[serde(serialize_with = "ser_hex", deserialize_with = "de_hex")]
        tag: [u8; 8],
        /// Its payload as read.
        #[serde(serialize_with = "ser_hex", deserialize_with = "de_hex")]
        payload: Vec<u8>,
    },
}

fn ser_hex<S: serde::Serializer, T: AsRef<[u8]>>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::hex::encode(v.as_ref()))
}

/// Reads what [`ser_hex`] wrote (a report passed from the page's worker back to the page).
fn de_hex<'de, D: serde::Deserializer<'de>, T: TryFrom<Vec<u8>>>(d: D) -> Result<T, D::Error> {
    let text = String::deserialize(d)?;
    let bytes =
        crate::hex::decode(&text).ok_or_else(|| serde::de::Error::custom("expected hex"))?;
    T::try_from(bytes).map_err(|_| serde::de::Error::custom("hex of the wrong length"))
}

/// `PendingAttestation.check_uri`, with the reference's messages.
pub fn check_uri(uri: &[u8]) -> Result<(), String> {
    if uri.len() > MAX_URI_LENGTH {
        return Err("URI exceeds maximum length".into());
    }
    if let Some(&c) = uri.iter().find(|c| !ALLOWED_URI_CHARS.contains(c)) {
        return Err(format!(
            "URI contains invalid character {}",
            py_bytes_repr(&[c])
        ));
    }
    Ok(())
}

impl Attestation {
    /// A pending attestation for a calendar URI, checked as the reference checks it.
    pub fn pending(uri: &str) -> Result<Attestation, String> {
        check_uri(uri.as_bytes())?;
        Ok(Attestation::Pending {
            uri: uri.to_string(),
        })
    }

    /// The eight tag bytes that introduce this attestation in a proof.
    pub fn tag(&self) -> [u8; 8] {
        match self {
            Attestation::Pending { .. } => TAG_PENDING,
            Attestation::Bitcoin { .. } => TAG_BITCOIN,
            Attestation::Litecoin { .. } => TAG_LITECOIN,
            Attestation::Ethereum { .. } => TAG_ETHEREUM,
            Attestation::Unknown { tag, .. } => *tag,
        }
    }

    /// Reads one attestation (tag and payload) that must fill `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Attestation, OtsError> {
        let mut r = Reader::new(bytes);
        let a = Attestation::deserialize(&mut r)?;
        r.assert_eof()?;
        Ok(a)
    }

    /// The serialized attestation (tag and payload, without the 0x00 marker).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.serialize(&mut out);
        out
    }

    /// `TimeAttestation.deserialize`, after the 0x00 marker.
    pub(crate) fn deserialize(r: &mut Reader<'_>) -> Result<Attestation, OtsError> {
        let tag: [u8; 8] = r.read_bytes(8)?.try_into().expect("8 bytes");
        let payload_start = r.offset();
        let payload = r.read_varbytes(MAX_PAYLOAD_SIZE, 0)?;
        let payload_base = r.offset() - payload.len();
        let mut p = Reader::sub(payload, payload_base);
        let att = match tag {
            TAG_PENDING => {
                let uri = p.read_varbytes(MAX_URI_LENGTH, 0)?;
                if let Err(e) = check_uri(uri) {
                    return Err(OtsError::new(
                        ErrorKind::DeserializationError,
                        payload_start,
                        format!("Invalid URI: {e}"),
                    ));
                }
                // Every allowed character is ASCII.
                Attestation::Pending {
                    uri: String::from_utf8_lossy(uri).into_owned(),
                }
            }
            TAG_BITCOIN => Attestation::Bitcoin {
                height: p.read_varuint_u64()?,
            },
            TAG_LITECOIN => Attestation::Litecoin {
                height: p.read_varuint_u64()?,
            },
            TAG_ETHEREUM => Attestation::Ethereum {
                height: p.read_varuint_u64()?,
            },
            _ => {
                return Ok(Attestation::Unknown {
                    tag,
                    payload: payload.to_vec(),
                })
            }
        };
        p.assert_eof()?;
        Ok(att)
    }

    /// `TimeAttestation.serialize`: tag, then the payload as varbytes.
    pub(crate) fn serialize(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.tag());
        let mut payload = Vec::new();
        match self {
            Attestation::Pending { uri } => write_varbytes(&mut payload, uri.as_bytes()),
            Attestation::Bitcoin { height }
            | Attestation::Litecoin { height }
            | Attestation::Ethereum { height } => write_varuint(&mut payload, *height),
            Attestation::Unknown { payload: p, .. } => payload.extend_from_slice(p),
        }
        write_varbytes(out, &payload);
    }

    /// The block height of a blockchain attestation.
    pub fn height(&self) -> Option<u64> {
        match self {
            Attestation::Bitcoin { height }
            | Attestation::Litecoin { height }
            | Attestation::Ethereum { height } => Some(*height),
            _ => None,
        }
    }
}

impl Ord for Attestation {
    fn cmp(&self, other: &Attestation) -> Ordering {
        use Attestation::*;
        self.tag()
            .cmp(&other.tag())
            .then_with(|| match (self, other) {
                (Pending { uri: a }, Pending { uri: b }) => a.cmp(b),
                (Unknown { payload: a, .. }, Unknown { payload: b, .. }) => a.cmp(b),
                _ => self.height().cmp(&other.height()),
            })
    }
}

impl PartialOrd for Attestation {
    fn partial_cmp(&self, other: &Attestation) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The reference's `repr()`, which `ots info` prints: `BitcoinBlockHeaderAttestation(358391)`.
impl fmt::Display for Attestation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attestation::Pending { uri } => write!(f, "PendingAttestation('{uri}')"),
            Attestation::Bitcoin { height } => write!(f, "BitcoinBlockHeaderAttestation({height})"),
            Attestation::Litecoin { height } => {
                write!(f, "LitecoinBlockHeaderAttestation({height})")
            }
            Attestation::Ethereum { height } => {
                write!(f, "EthereumBlockHeaderAttestation({height})")
            }
            Attestation::Unknown { tag, payload } => {
                write!(
                    f,
                    "UnknownAttestation({}, {})",
                    py_bytes_repr(tag),
                    py_bytes_repr(payload)
                )
            }
        }
    }
}

/// Python's `repr(bytes)`: `b'...'` with `\xNN` escapes.
pub fn py_bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut s = String::from("b");
    s.push(quote);
    for &c in b {
        match c {
            b'\\' => s.push_str("\\\\"),
            b'\t' => s.push_str("\\t"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            c if c as char == quote => {
                s.push('\\');
                s.push(quote)
            }
            0x20..=0x7e => s.push(c as char),
            _ => s.push_str(&format!("\\x{c:02x}")),
        }
    }
    s.push(quote);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_checks() {
        assert!(check_uri(b"https://alice.btc.calendar.opentimestamps.org").is_ok());
        assert!(check_uri(b"https://x.org/?q=1").is_err());
        assert!(check_uri(&[b'a'; 1001]).is_err());
        assert!(check_uri(&[b'a'; 1000]).is_ok());
    }

    #[test]
    fn order_and_repr() {
        let mut v = [
            Attestation::Pending { uri: "b".into() },
            Attestation::Bitcoin { height: 9 },
            Attestation::Pending { uri: "a".into() },
            Attestation::Bitcoin { height: 2 },
        ];
        v.sort();
        assert_eq!(v[0], Attestation::Bitcoin { height: 2 });
        assert_eq!(v[3], Attestation::Pending { uri: "b".into() });
        assert_eq!(py_bytes_repr(b"\x01x'\\"), "b\"\\x01x'\\\\\"");
    }
}
