//! The ESS signing-certificate binding of a token's signer (RFC 2634 §5.4, RFC 5035,
//! RFC 5816): the signingCertificate / signingCertificateV2 signed attribute, decoded, and
//! checked against the signer certificate and its chain as OpenSSL's
//! `OSSL_ESS_check_signing_certs` checks it.

use super::token::{oid, Attribute, GeneralName, SignerInfo, MAX_ITEMS};
use crate::check_messages::EssBinding;
use crate::checks::CheckMsg;
use crate::hex;
use crate::pki::der::{self, tag, Tlv};
use crate::pki::signature::{AlgorithmIdentifier, HashAlg};
use crate::pki::x509::{self, Certificate, Name};

/// One ESSCertID / ESSCertIDv2.
struct EssCertId {
    hash: HashAlg,
    cert_hash: Vec<u8>,
    issuer_serial: Option<(Vec<Name>, Vec<u8>)>,
}

impl EssCertId {
    /// The certificate's hash matches and, when the id names one, its issuer and serial.
    fn identifies(&self, c: &Certificate) -> bool {
        self.hash.digest(&c.raw) == self.cert_hash
            && self.issuer_serial.as_ref().is_none_or(|(names, serial)| {
                *serial == c.serial && names.iter().any(|n| n.matches(&c.issuer))
            })
    }
}

/// Decodes a SigningCertificate (RFC 2634 §5.4.1) or, with `v2`, a SigningCertificateV2
/// (RFC 5035 §3) attribute value: its ESSCertIDs in order.
fn parse_signing_certificate(v: &[u8], v2: bool) -> der::Result<Vec<EssCertId>> {
    let seq = der::parse_one(v, "SigningCertificate")?;
    let mut r = seq.reader();
    let certs = r.expect(tag::SEQUENCE, "SigningCertificate.certs")?;
    let mut out = Vec::new();
    for id in certs.reader().all()? {
        if out.len() >= MAX_ITEMS {
            return id.error("too many ESSCertIDs");
        }
        let mut ir = id.reader();
        let mut hash = if v2 { HashAlg::Sha256 } else { HashAlg::Sha1 };
        if v2 {
            if let Some(a) = ir.optional(tag::SEQUENCE)? {
                let alg = AlgorithmIdentifier::parse(&a)?;
                hash = HashAlg::from_oid(&alg.oid)
                    .ok_or(())
                    .or_else(|_| a.error(format!("unsupported ESSCertIDv2 hash {}", alg.oid)))?;
            }
        }
        let cert_hash = ir.expect(tag::OCTET_STRING, "certHash")?.value.to_vec();
        let issuer_serial = ir
            .optional(tag::SEQUENCE)?
            .map(|is| parse_issuer_serial(&is))
            .transpose()?;
        ir.finish("ESSCertID")?;
        out.push(EssCertId {
            hash,
            cert_hash,
            issuer_serial,
        });
    }
    Ok(out)
}

/// IssuerSerial (RFC 2634 §5.4.1): the issuer's directory names and the serial number.
fn parse_issuer_serial(is: &Tlv<'_>) -> der::Result<(Vec<Name>, Vec<u8>)> {
    let mut isr = is.reader();
    let gns = isr.expect(tag::SEQUENCE, "IssuerSerial.issuer")?;
    let mut names = Vec::new();
    for gn in gns.reader().all()? {
        if let Some(n) = GeneralName::parse(&gn)?.directory_name {
            names.push(n);
        }
    }
    let serial = isr
        .expect(tag::INTEGER, "IssuerSerial.serialNumber")?
        .integer_bytes()?
        .to_vec();
    isr.finish("IssuerSerial")?;
    Ok((names, serial))
}

/// The first ESSCertID of each present attribute must identify the signer certificate; any
/// further ones must identify a certificate of its chain (as OpenSSL's
/// `OSSL_ESS_check_signing_certs`). Version 1 and version 2 are checked independently.
pub fn check_binding(
    si: &SignerInfo,
    signer: &Certificate,
    path: Option<&x509::Path>,
    pool: &[Certificate],
) -> Result<CheckMsg, CheckMsg> {
    let chain = chain_at_hand(signer, path, pool);
    let mut found = Vec::new();
    for (attr, v2) in [
        (oid::ATTR_SIGNING_CERTIFICATE, false),
        (oid::ATTR_SIGNING_CERTIFICATE_V2, true),
    ] {
        let Some(a) = si.attr(attr) else { continue };
        found.push(check_attribute(a, v2, signer, &chain)?);
    }
    if found.is_empty() {
        return Err(CheckMsg::EssNone);
    }
    Ok(CheckMsg::EssBinds { bindings: found })
}

/// The certificates the further ids may name: the validated path or, without one (that
/// failure is reported by the chain checks), every certificate at hand; with the equivalent
/// copies of each (same subject and key, e.g. the cross-signed root the token carries).
fn chain_at_hand<'a>(
    signer: &'a Certificate,
    path: Option<&'a x509::Path>,
    pool: &'a [Certificate],
) -> Vec<&'a Certificate> {
    let mut chain: Vec<&Certificate> = match path {
        Some(p) => p.certs.iter().collect(),
        None => pool.iter().chain([signer]).collect(),
    };
    let equivalents: Vec<&Certificate> = pool
        .iter()
        .filter(|c| chain.iter().any(|p| p.same_entity(c)))
        .collect();
    chain.extend(equivalents);
    chain
}

/// One signingCertificate (`v2` false) or signingCertificateV2 attribute against the signer
/// and the chain.
fn check_attribute(
    a: &Attribute,
    v2: bool,
    signer: &Certificate,
    chain: &[&Certificate],
) -> Result<EssBinding, CheckMsg> {
    let attribute = if v2 {
        "signingCertificateV2"
    } else {
        "signingCertificate"
    }
    .to_string();
    if a.values.len() != 1 {
        return Err(CheckMsg::EssValues {
            attribute,
            n: a.values.len(),
        });
    }
    let ids = parse_signing_certificate(&a.values[0], v2).map_err(|e| CheckMsg::EssUnreadable {
        attribute: attribute.clone(),
        detail: e.to_string(),
    })?;
    let Some(first) = ids.first() else {
        return Err(CheckMsg::EssEmpty { attribute });
    };
    if !first.identifies(signer) {
        return Err(CheckMsg::EssFirstNotSigner {
            attribute,
            v2,
            alg: first.hash.name().to_string(),
            hash: hex::encode(&first.cert_hash),
            subject: signer.subject.text.clone(),
        });
    }
    for (i, id) in ids.iter().enumerate().skip(1) {
        if !chain.iter().any(|c| id.identifies(c)) {
            return Err(CheckMsg::EssNotInChain {
                attribute,
                index: i + 1,
                hash: hex::encode(&id.cert_hash),
            });
        }
    }
    Ok(EssBinding {
        attribute,
        ids: ids.len(),
        sha1: first.hash.is_weak(),
    })
}
