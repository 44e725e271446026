//! RFC 3161 §2.4.1 TimeStampReq: building the request a client POSTs as
//! `application/timestamp-query` (§3.4), and decoding one (e.g. a stored `.tsq`).
//! The nonce is an input: core has no random source.

use crate::pki::der::{self, tag};
use crate::pki::der_write::{self, tlv, try_oid, unsigned_integer_contents};
use crate::pki::signature::{oid, HashAlg};

/// The timestamp authorities the league uses (spec §3.2 Level 2+): `sealbook tsr request`'s
/// defaults, by the short name that also ends the stored token's file name.
pub const AUTHORITIES: &[(&str, &str)] = &[
    ("freetsa", "https://freetsa.org/tsr"),
    ("digicert", "http://timestamp.digicert.com"),
    ("sectigo", "https://timestamp.sectigo.com"),
];

/// Media types of the RFC 3161 §3.4 HTTP transport: the request's.
pub const QUERY_MEDIA_TYPE: &str = "application/timestamp-query";
/// The reply's media type (RFC 3161 §3.4).
pub const REPLY_MEDIA_TYPE: &str = "application/timestamp-reply";

/// A short name for an authority URL: its name in [`AUTHORITIES`], else its host (letters,
/// digits, `.` and `-` only), e.g. `freetsa` or `tsa.example.org`; used in file names.
pub fn authority_name(url: &str) -> String {
    if let Some((name, _)) = AUTHORITIES.iter().find(|(_, u)| *u == url) {
        return name.to_string();
    }
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host_port = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host_port.rsplit_once('@').map_or(host_port, |(_, h)| h);
    let host = if host.starts_with('[') {
        host
    } else {
        host.split(':').next().unwrap_or_default()
    };
    let name: String = host
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .collect();
    if name.trim_matches('.').is_empty() {
        "tsa".into()
    } else {
        name.trim_matches('.').to_ascii_lowercase()
    }
}

/// A TimeStampReq's fields (extensions are not used by sealbook and are rejected on parse).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeStampReq {
    /// The messageImprint's hash algorithm.
    pub hash: HashAlg,
    /// The messageImprint's hashedMessage: the digest to be stamped.
    pub digest: Vec<u8>,
    /// `reqPolicy`, dotted, when the requester names one.
    pub policy: Option<String>,
    /// INTEGER contents (two's complement, minimal), as sent.
    pub nonce: Option<Vec<u8>>,
    /// `certReq`: the authority is to include its certificate in the token.
    pub cert_req: bool,
}

fn hash_oid(h: HashAlg) -> &'static str {
    match h {
        HashAlg::Sha1 => oid::SHA1,
        HashAlg::Sha256 => oid::SHA256,
        HashAlg::Sha384 => oid::SHA384,
        HashAlg::Sha512 => oid::SHA512,
    }
}

impl TimeStampReq {
    /// A request for `data`'s digest; `nonce` is random bytes chosen by the caller (RFC 3161
    /// §2.4.1 recommends one), taken as an unsigned number.
    pub fn for_data(
        hash: HashAlg,
        data: &[u8],
        nonce: Option<&[u8]>,
        cert_req: bool,
    ) -> TimeStampReq {
        TimeStampReq {
            hash,
            digest: hash.digest(data),
            policy: None,
            nonce: nonce.map(unsigned_integer_contents),
            cert_req,
        }
    }

    /// DER encoding, with NULL hash parameters as OpenSSL writes them.
    pub fn to_der(&self) -> Result<Vec<u8>, String> {
        if self.digest.len() != self.hash.output_len() {
            return Err(format!(
                "{} digest must be {} bytes",
                self.hash.name(),
                self.hash.output_len()
            ));
        }
        let alg = tlv(
            tag::SEQUENCE,
            &[der_write::oid(hash_oid(self.hash)), vec![tag::NULL, 0]].concat(),
        );
        let imprint = tlv(
            tag::SEQUENCE,
            &[alg, tlv(tag::OCTET_STRING, &self.digest)].concat(),
        );
        let mut body = [tlv(tag::INTEGER, &[1]), imprint].concat();
        if let Some(p) = &self.policy {
            body.extend(try_oid(p).ok_or_else(|| format!("invalid policy OID {p:?}"))?);
        }
        if let Some(n) = &self.nonce {
            body.extend(tlv(tag::INTEGER, n));
        }
        if self.cert_req {
            body.extend(tlv(tag::BOOLEAN, &[0xff]));
        }
        Ok(tlv(tag::SEQUENCE, &body))
    }

    /// Reads a DER TimeStampReq (RFC 3161 §2.4.1).
    pub fn from_der(data: &[u8]) -> der::Result<TimeStampReq> {
        let seq = der::parse_one(data, "TimeStampReq")?;
        if seq.tag != tag::SEQUENCE {
            return seq.error("TimeStampReq: expected SEQUENCE");
        }
        let mut r = seq.reader();
        let v = r.expect(tag::INTEGER, "TimeStampReq.version")?;
        if v.small_uint()? != 1 {
            return v.error("TimeStampReq.version must be 1");
        }
        let mi = r.expect(tag::SEQUENCE, "TimeStampReq.messageImprint")?;
        let mut mr = mi.reader();
        let alg_t = mr.expect(tag::SEQUENCE, "MessageImprint.hashAlgorithm")?;
        let alg = crate::pki::signature::AlgorithmIdentifier::parse(&alg_t)?;
        let hash = HashAlg::from_oid(&alg.oid)
            .ok_or(())
            .or_else(|_| alg_t.error(format!("unsupported hash {}", alg.oid)))?;
        let d = mr.expect(tag::OCTET_STRING, "MessageImprint.hashedMessage")?;
        mr.finish("MessageImprint")?;
        if d.value.len() != hash.output_len() {
            return d.error(format!(
                "{} digest must be {} bytes",
                hash.name(),
                hash.output_len()
            ));
        }
        let policy = r.optional(tag::OID)?.map(|t| t.oid()).transpose()?;
        let nonce = r
            .optional(tag::INTEGER)?
            .map(|t| t.integer_bytes().map(<[u8]>::to_vec))
            .transpose()?;
        let cert_req = r
            .optional(tag::BOOLEAN)?
            .map(|t| t.boolean())
            .transpose()?
            .unwrap_or(false);
        if r.peek_tag() == Some(tag::ctx_cons(0)) {
            return r.read()?.error("request extensions are not supported");
        }
        r.finish("TimeStampReq")?;
        Ok(TimeStampReq {
            hash,
            digest: d.value.to_vec(),
            policy,
            nonce,
            cert_req,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_integer_encoding() {
        let q = TimeStampReq::for_data(HashAlg::Sha256, b"hello", Some(&[0x00, 0x92, 0x01]), true);
        assert_eq!(q.nonce.as_deref(), Some(&[0x00, 0x92, 0x01][..]));
        let der = q.to_der().unwrap();
        assert_eq!(TimeStampReq::from_der(&der).unwrap(), q);
        assert_eq!(unsigned_integer_contents(&[0, 0, 5]), [5]);
        assert_eq!(unsigned_integer_contents(&[]), [0]);
        assert_eq!(
            try_oid("1.2.840.113549.1.7.2").unwrap()[2..],
            [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]
        );
        let mut bad = q.clone();
        bad.digest.pop();
        assert!(bad.to_der().is_err());
    }

    #[test]
    fn authority_names() {
        assert_eq!(authority_name("https://freetsa.org/tsr"), "freetsa");
        assert_eq!(authority_name("http://127.0.0.1:8080/tsr"), "127.0.0.1");
        assert_eq!(
            authority_name("https://user@TSA.Example.org/x?y"),
            "tsa.example.org"
        );
        assert_eq!(authority_name("http://../"), "tsa");
    }
}
