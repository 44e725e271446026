//! The checks of RFC 3161 tokens and Rekor entries in the page's language (spec §3.2 Level 2+,
//! §3.11; Appendix B steps 9-10): each id of core's [`CheckMsg`] (and of the signature and
//! path errors inside it) is a catalog entry ([`M`]) whose English is the sentence core's
//! `Display` writes for the CLI, its arguments (subjects, hashes, OIDs, times) filled in
//! untranslated. A check's name is its id in English, as the CLI prints it, and a translated
//! name in the other languages.

use super::{t, tr, M};
use sealbook_core::check_messages::{
    CertRole, CheckMsg, EssBinding, PathError, PathProblem, SigError, SignerRef,
};
use sealbook_core::checks::Status;
use sealbook_core::rekor::check as rekor;
use sealbook_core::tsp::response::check as tsp;
use sealbook_core::verifier::CheckRow;

/// Every check id core makes, with its name's catalog entry.
pub const CHECK_NAMES: &[(&str, M)] = &[
    (tsp::STATUS, M::ChkIdStatus),
    (tsp::TST_VERSION, M::ChkIdTstVersion),
    (tsp::IMPRINT_ALGORITHM, M::ChkIdImprintAlgorithm),
    (tsp::IMPRINT, M::ChkIdImprint),
    (tsp::NONCE, M::ChkIdNonce),
    (tsp::SIGNER, M::ChkIdSigner),
    (tsp::CONTENT_TYPE_ATTR, M::ChkIdContentTypeAttr),
    (tsp::MESSAGE_DIGEST_ATTR, M::ChkIdMessageDigestAttr),
    (tsp::SIGNATURE, M::ChkIdSignature),
    (tsp::SIGNATURE_ALGORITHM, M::ChkIdSignatureAlgorithm),
    (tsp::ESS_CERT_ID, M::ChkIdEssCertId),
    (tsp::LEAF_EKU, M::ChkIdLeafEku),
    (tsp::CHAIN_AT_GEN_TIME, M::ChkIdChainAtGenTime),
    (tsp::CHAIN_NOW, M::ChkIdChainNow),
    (tsp::TSA_NAME, M::ChkIdTsaName),
    (tsp::PINNED_SIGNER, M::ChkIdPinnedSigner),
    (rekor::BODY, M::ChkIdBody),
    (rekor::BODY_HASH, M::ChkIdBodyHash),
    (rekor::ENTRY_UUID, M::ChkIdEntryUuid),
    (rekor::LOG_ID, M::ChkIdLogId),
    (rekor::INCLUSION, M::ChkIdInclusionProof),
    (rekor::CHECKPOINT, M::ChkIdCheckpoint),
    (rekor::SET, M::ChkIdSignedEntryTimestamp),
    (rekor::VALID_FOR, M::ChkIdValidFor),
];

/// A check's name: its id in English, a translated name otherwise (an id core does not make
/// stays as it is).
pub fn check_name(id: &str) -> String {
    CHECK_NAMES
        .iter()
        .find(|(i, _)| *i == id)
        .map_or_else(|| id.to_string(), |(_, m)| t(*m).to_string())
}

/// A failed check as the page's failure line says it: `name: what it found`.
pub fn failure(row: &CheckRow) -> String {
    tr(
        M::ChkFailed,
        &[
            ("check", &check_name(&row.id)),
            ("detail", &message(&row.msg)),
        ],
    )
}

/// The identifier of the signer certificate a token's `signer` check did not find.
pub fn missing_signer(rows: &[CheckRow]) -> Option<String> {
    rows.iter().find_map(|c| match &c.msg {
        CheckMsg::SignerNotSupplied { sid } | CheckMsg::SignerNotAmong { sid } => {
            Some(signer_ref(sid))
        }
        _ => None,
    })
}

/// The first failed check of a token or entry, named.
pub fn first_failure(rows: &[CheckRow]) -> Option<String> {
    rows.iter().find(|c| c.status == Status::Fail).map(failure)
}

/// How a SignerInfo names its certificate.
pub fn signer_ref(s: &SignerRef) -> String {
    match s {
        SignerRef::IssuerSerial { issuer, serial } => tr(
            M::ChkSidIssuerSerial,
            &[("issuer", issuer), ("serial", serial)],
        ),
        SignerRef::KeyId { id } => tr(M::ChkSidKeyId, &[("id", id)]),
    }
}

fn binding(b: &EssBinding) -> String {
    let m = match (b.ids == 1, b.sha1) {
        (true, false) => M::ChkEssBindsOne,
        (false, false) => M::ChkEssBindsMany,
        (true, true) => M::ChkEssBindsOneSha1,
        (false, true) => M::ChkEssBindsManySha1,
    };
    tr(m, &[("attribute", &b.attribute), ("ids", &b.ids)])
}

/// Why a signature algorithm cannot be used or a signature does not verify.
pub fn signature_error(e: &SigError) -> String {
    match e {
        SigError::NeedsDigest { oid } => tr(M::ChkSigNeedsDigest, &[("oid", oid)]),
        SigError::UnsupportedAlgorithm { oid } => {
            tr(M::ChkSigUnsupportedAlgorithm, &[("oid", oid)])
        }
        SigError::PssWithoutParams => tr(M::ChkSigPssWithoutParams, &[]),
        SigError::PssParams { detail } => tr(M::ChkSigPssParams, &[("detail", detail)]),
        SigError::PssMaskGeneration => tr(M::ChkSigPssMaskGeneration, &[]),
        SigError::PssSaltRange => tr(M::ChkSigPssSaltRange, &[]),
        SigError::RsaInvalid { detail } => tr(M::ChkSigRsaInvalid, &[("detail", detail)]),
        SigError::PssInvalid { detail } => tr(M::ChkSigPssInvalid, &[("detail", detail)]),
        SigError::EcdsaNotDer { curve } => tr(M::ChkSigEcdsaNotDer, &[("curve", curve)]),
        SigError::EcdsaInvalid { curve } => tr(M::ChkSigEcdsaInvalid, &[("curve", curve)]),
        SigError::Ed25519Invalid => tr(M::ChkSigEd25519Invalid, &[]),
        SigError::KeyMismatch { scheme, key } => {
            tr(M::ChkSigKeyMismatch, &[("scheme", scheme), ("key", key)])
        }
    }
}

/// Why a certification path is not valid at a time.
pub fn path_error(e: &PathError) -> String {
    let who = match e.who {
        CertRole::Leaf => tr(M::ChkRoleLeaf, &[]),
        CertRole::TrustAnchor => tr(M::ChkRoleTrustAnchor, &[]),
        CertRole::Intermediate(i) => tr(M::ChkRoleIntermediate, &[("i", &i)]),
    };
    let (who, subject) = (&who, &e.subject);
    match &e.problem {
        PathProblem::NotValidAt {
            at,
            not_before,
            not_after,
        } => tr(
            M::ChkPathNotValidAt,
            &[
                ("who", who),
                ("subject", subject),
                ("at", at),
                ("from", not_before),
                ("to", not_after),
            ],
        ),
        PathProblem::UnrecognisedCritical { oid } => tr(
            M::ChkPathUnrecognisedCritical,
            &[("who", who), ("subject", subject), ("oid", oid)],
        ),
        PathProblem::PathLenExceeded { max } => tr(
            M::ChkPathLenExceeded,
            &[("who", who), ("subject", subject), ("max", max)],
        ),
        PathProblem::NotCa => tr(M::ChkPathNotCa, &[("who", who), ("subject", subject)]),
        PathProblem::NoBasicConstraints => tr(
            M::ChkPathNoBasicConstraints,
            &[("who", who), ("subject", subject)],
        ),
        PathProblem::NoKeyCertSign => tr(
            M::ChkPathNoKeyCertSign,
            &[("who", who), ("subject", subject)],
        ),
    }
}

/// What one check found.
pub fn message(m: &CheckMsg) -> String {
    use CheckMsg as C;
    match m {
        C::Status {
            name,
            code,
            texts,
            fail_info,
            no_token,
        } => {
            let mut s = tr(M::ChkStatus, &[("name", name), ("code", code)]);
            if !texts.is_empty() {
                s = tr(
                    M::ChkStatusTexts,
                    &[("status", &s), ("texts", &texts.join("; "))],
                );
            }
            if !fail_info.is_empty() {
                s = tr(
                    M::ChkStatusFailInfo,
                    &[("status", &s), ("info", &fail_info.join(", "))],
                );
            }
            if *no_token {
                s = tr(M::ChkStatusNoToken, &[("status", &s)]);
            }
            s
        }
        C::TstVersionOk => tr(M::ChkTstVersionOk, &[]),
        C::TstVersionBad { version } => tr(M::ChkTstVersionBad, &[("version", version)]),
        C::ImprintAlgWeak { alg, since } => {
            tr(M::ChkImprintAlgWeak, &[("alg", alg), ("since", since)])
        }
        C::ImprintAlgOk { alg, params } => {
            tr(M::ChkImprintAlgOk, &[("alg", alg), ("params", params)])
        }
        C::ImprintAlgUnsupported { oid } => tr(M::ChkImprintAlgUnsupported, &[("oid", oid)]),
        C::ImprintNoAlgorithm => tr(M::ChkImprintNoAlgorithm, &[]),
        C::ImprintMatches { alg, digest } => {
            tr(M::ChkImprintMatches, &[("alg", alg), ("digest", digest)])
        }
        C::ImprintDiffers { alg, stamped, data } => tr(
            M::ChkImprintDiffers,
            &[("alg", alg), ("stamped", stamped), ("data", data)],
        ),
        C::NonceNotExpected => tr(M::ChkNonceNotExpected, &[]),
        C::NonceEchoed { nonce } => tr(M::ChkNonceEchoed, &[("nonce", nonce)]),
        C::NonceDiffers { expected, found } => tr(
            M::ChkNonceDiffers,
            &[("expected", expected), ("found", found)],
        ),
        C::NonceMissing { expected } => tr(M::ChkNonceMissing, &[("expected", expected)]),
        C::SignerInfoCount { n } => tr(M::ChkSignerInfoCount, &[("n", n)]),
        C::SignerNotSupplied { sid } => tr(M::ChkSignerNotSupplied, &[("sid", &signer_ref(sid))]),
        C::SignerNotAmong { sid } => tr(M::ChkSignerNotAmong, &[("sid", &signer_ref(sid))]),
        C::SignerFound {
            subject,
            sid,
            position,
            claimants,
        } => {
            let sid = signer_ref(sid);
            let found = match position {
                Some((i, n)) => tr(
                    M::ChkSignerFoundInToken,
                    &[("subject", subject), ("sid", &sid), ("i", i), ("n", n)],
                ),
                None => tr(
                    M::ChkSignerFoundSupplied,
                    &[("subject", subject), ("sid", &sid)],
                ),
            };
            if *claimants > 1 {
                tr(
                    M::ChkSignerClaimants,
                    &[("found", &found), ("n", claimants)],
                )
            } else {
                found
            }
        }
        C::NoSignedAttrsForTstInfo => tr(M::ChkNoSignedAttrsForTstInfo, &[]),
        C::NoSignedAttrs => tr(M::ChkNoSignedAttrs, &[]),
        C::AttrMissing { oid } => tr(M::ChkAttrMissing, &[("oid", oid)]),
        C::AttrValues { oid, n } => tr(M::ChkAttrValues, &[("oid", oid), ("n", n)]),
        C::AttrUnreadable { detail } => tr(M::ChkAttrUnreadable, &[("detail", detail)]),
        C::ContentTypeOk { oid } => tr(M::ChkContentTypeOk, &[("oid", oid)]),
        C::ContentTypeDiffers {
            attribute,
            econtent,
        } => tr(
            M::ChkContentTypeDiffers,
            &[("attribute", attribute), ("econtent", econtent)],
        ),
        C::MessageDigestNotOctets => tr(M::ChkMessageDigestNotOctets, &[]),
        C::DigestAlgUnsupported { oid } => tr(M::ChkDigestAlgUnsupported, &[("oid", oid)]),
        C::MessageDigestOk { alg, digest } => {
            tr(M::ChkMessageDigestOk, &[("alg", alg), ("digest", digest)])
        }
        C::MessageDigestDiffers {
            alg,
            computed,
            attribute,
        } => tr(
            M::ChkMessageDigestDiffers,
            &[
                ("alg", alg),
                ("computed", computed),
                ("attribute", attribute),
            ],
        ),
        C::SignerKeyUnusable { detail } => tr(M::ChkSignerKeyUnusable, &[("detail", detail)]),
        C::NoSignedAttrsToVerify => tr(M::ChkNoSignedAttrsToVerify, &[]),
        C::Signature(e) | C::Set(e) => signature_error(e),
        C::SignatureAlgWeak { alg, since } => {
            tr(M::ChkSignatureAlgWeak, &[("alg", alg), ("since", since)])
        }
        C::SignatureOk { scheme, key } => {
            tr(M::ChkSignatureOk, &[("scheme", scheme), ("key", key)])
        }
        C::ChainValidAtGenTime { time, path } => tr(
            M::ChkChainValidAtGenTime,
            &[("time", time), ("path", &CheckMsg::path_text(path))],
        ),
        C::ChainValidNow { time, path } => tr(
            M::ChkChainValidNow,
            &[("time", time), ("path", &CheckMsg::path_text(path))],
        ),
        C::NoTrustAnchor => tr(M::ChkNoTrustAnchor, &[]),
        C::NoPathToAnchor { subject } => tr(M::ChkNoPathToAnchor, &[("subject", subject)]),
        C::NoPath => tr(M::ChkNoPath, &[]),
        C::Path(e) => path_error(e),
        C::NoCurrentTime => tr(M::ChkNoCurrentTime, &[]),
        C::EssValues { attribute, n } => tr(M::ChkEssValues, &[("attribute", attribute), ("n", n)]),
        C::EssUnreadable { attribute, detail } => tr(
            M::ChkEssUnreadable,
            &[("attribute", attribute), ("detail", detail)],
        ),
        C::EssEmpty { attribute } => tr(M::ChkEssEmpty, &[("attribute", attribute)]),
        C::EssFirstNotSigner {
            attribute,
            v2,
            alg,
            hash,
            subject,
        } => tr(
            if *v2 {
                M::ChkEssFirstNotSignerV2
            } else {
                M::ChkEssFirstNotSigner
            },
            &[
                ("attribute", attribute),
                ("alg", alg),
                ("hash", hash),
                ("subject", subject),
            ],
        ),
        C::EssNotInChain {
            attribute,
            index,
            hash,
        } => tr(
            M::ChkEssNotInChain,
            &[("attribute", attribute), ("index", index), ("hash", hash)],
        ),
        C::EssNone => tr(M::ChkEssNone, &[]),
        C::EssBinds { bindings } => bindings
            .iter()
            .map(binding)
            .collect::<Vec<_>>()
            .join(t(M::ChkJoin)),
        C::EkuMissing { subject } => tr(M::ChkEkuMissing, &[("subject", subject)]),
        C::EkuNotTimeStamping { purposes } => tr(
            M::ChkEkuNotTimeStamping,
            &[("purposes", &format!("{purposes:?}"))],
        ),
        C::EkuNotCritical => tr(M::ChkEkuNotCritical, &[]),
        C::KeyUsageBits { bits } => tr(M::ChkKeyUsageBits, &[("bits", &format!("{bits:#x}"))]),
        C::EkuOk => tr(M::ChkEkuOk, &[]),
        C::TsaAbsent => tr(M::ChkTsaAbsent, &[]),
        C::TsaNamesSigner { kind, name } => {
            tr(M::ChkTsaNamesSigner, &[("kind", kind), ("name", name)])
        }
        C::TsaNotSigner { kind, name, signer } => tr(
            M::ChkTsaNotSigner,
            &[("kind", kind), ("name", name), ("signer", signer)],
        ),
        C::NothingPinned => tr(M::ChkNothingPinned, &[]),
        C::PinnedOk { signer } => tr(M::ChkPinnedOk, &[("signer", signer)]),
        C::PinnedDiffers { signer, pinned } => tr(
            M::ChkPinnedDiffers,
            &[("signer", signer), ("pinned", pinned)],
        ),

        C::BodyOk { kind, version } => tr(M::ChkBodyOk, &[("kind", kind), ("version", version)]),
        C::BodyUnreadable { detail } => tr(M::ChkBodyUnreadable, &[("detail", detail)]),
        C::NoDataGiven => tr(M::ChkNoDataGiven, &[]),
        C::BodyHashUnreadable => tr(M::ChkBodyHashUnreadable, &[]),
        C::BodyHashAlg { alg } => tr(M::ChkBodyHashAlg, &[("alg", &format!("{alg:?}"))]),
        C::BodyHashOk { digest } => tr(M::ChkBodyHashOk, &[("digest", digest)]),
        C::BodyHashDiffers { body, data } => {
            tr(M::ChkBodyHashDiffers, &[("body", body), ("data", data)])
        }
        C::UuidAbsent => tr(M::ChkUuidAbsent, &[]),
        C::UuidOk { leaf } => tr(M::ChkUuidOk, &[("leaf", leaf)]),
        C::UuidDiffers { uuid, leaf } => tr(M::ChkUuidDiffers, &[("uuid", uuid), ("leaf", leaf)]),
        C::LogIdOk { id } => tr(M::ChkLogIdOk, &[("id", id)]),
        C::LogIdNoteKeyOk { id, origin } => {
            tr(M::ChkLogIdNoteKeyOk, &[("id", id), ("origin", origin)])
        }
        C::LogIdDiffers { entry, key } => tr(M::ChkLogIdDiffers, &[("entry", entry), ("key", key)]),
        C::NoInclusionProof => tr(M::ChkNoInclusionProof, &[]),
        C::LeafIndexTooLarge { index, size } => {
            tr(M::ChkLeafIndexTooLarge, &[("index", index), ("size", size)])
        }
        C::ProofTooLong => tr(M::ChkProofTooLong, &[]),
        C::ProofTooShort => tr(M::ChkProofTooShort, &[]),
        C::InclusionOk {
            index,
            size,
            hashes,
            root,
        } => tr(
            M::ChkInclusionOk,
            &[
                ("index", index),
                ("size", size),
                ("hashes", hashes),
                ("root", root),
            ],
        ),
        C::InclusionDiffers { reached, claimed } => tr(
            M::ChkInclusionDiffers,
            &[("reached", reached), ("claimed", claimed)],
        ),
        C::NoCheckpoint => tr(M::ChkNoCheckpoint, &[]),
        C::CheckpointUnreadable { detail } => tr(M::ChkCheckpointUnreadable, &[("detail", detail)]),
        C::NoCheckpointSignature { hint } => tr(M::ChkNoCheckpointSignature, &[("hint", hint)]),
        C::CheckpointSignature { signer, error } => tr(
            M::ChkCheckpointSignature,
            &[("signer", signer), ("error", &signature_error(error))],
        ),
        C::CheckpointSizeDiffers { checkpoint, proof } => tr(
            M::ChkCheckpointSizeDiffers,
            &[("checkpoint", checkpoint), ("proof", proof)],
        ),
        C::CheckpointRootDiffers { checkpoint, proof } => tr(
            M::ChkCheckpointRootDiffers,
            &[("checkpoint", checkpoint), ("proof", proof)],
        ),
        C::CheckpointOk { origin, size } => {
            tr(M::ChkCheckpointOk, &[("origin", origin), ("size", size)])
        }
        C::SetAbsent { time } => tr(M::ChkSetAbsent, &[("time", time)]),
        C::SetOk { time, index } => tr(M::ChkSetOk, &[("time", time), ("index", index)]),
        C::KindNotRead { kind } => tr(M::ChkKindNotRead, &[("kind", kind)]),
        C::InclusionPromised { index } => tr(M::ChkInclusionPromised, &[("index", index)]),
        C::NoIntegratedTime => tr(M::ChkNoIntegratedTime, &[]),
        C::ValidForOk { key, time, window } => tr(
            M::ChkValidForOk,
            &[("key", key), ("time", time), ("window", window)],
        ),
        C::OutsideValidFor { key, time, window } => tr(
            M::ChkOutsideValidFor,
            &[("key", key), ("time", time), ("window", window)],
        ),
        C::ValidForNoTime { key, window } => {
            tr(M::ChkValidForNoTime, &[("key", key), ("window", window)])
        }
        C::CertificateIdentity { identity } => {
            tr(M::ChkCertificateIdentity, &[("identity", identity)])
        }
        C::TimeProvenByTsa { time, by } => tr(M::ChkTimeProvenByTsa, &[("time", time), ("by", by)]),
        C::TimeProvenByLog { time, by } => tr(M::ChkTimeProvenByLog, &[("time", time), ("by", by)]),
        C::NoTimeProven => tr(M::ChkNoTimeProven, &[]),
    }
}
