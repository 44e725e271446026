//! A minimal DER writer (ITU-T X.690 §10): definite lengths, low tag numbers, SET OF sorted
//! by encoding. It writes the RFC 3161 requests (`tsp::request`) and the demo authority's
//! certificates and tokens; what it writes is read back by [`super::der`] and by OpenSSL.

use crate::calendar::{Date, Instant};
use crate::pki::der::tag;

/// One TLV.
pub fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(content.len() + 6);
    out.push(tag);
    let n = content.len();
    if n < 0x80 {
        out.push(n as u8);
    } else {
        let bytes: Vec<u8> = n
            .to_be_bytes()
            .into_iter()
            .skip_while(|&b| b == 0)
            .collect();
        out.push(0x80 | bytes.len() as u8);
        out.extend(bytes);
    }
    out.extend_from_slice(content);
    out
}

/// A SEQUENCE of the given encodings, in order.
pub fn seq(parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(tag::SEQUENCE, &parts.concat())
}

/// A SET OF: DER sorts the elements by their encodings (§11.6).
pub fn set_of(mut parts: Vec<Vec<u8>>) -> Vec<u8> {
    parts.sort();
    tlv(tag::SET, &parts.concat())
}

/// A context-specific constructed tag `[n]` around `content` (EXPLICIT, or IMPLICIT of a
/// constructed type).
pub fn ctx(n: u8, content: &[u8]) -> Vec<u8> {
    tlv(tag::ctx_cons(n), content)
}

/// A context-specific primitive tag `[n]` (IMPLICIT of a primitive type).
pub fn ctx_prim(n: u8, content: &[u8]) -> Vec<u8> {
    tlv(0x80 | n, content)
}

/// An INTEGER from an unsigned big-endian number.
pub fn uint(bytes: &[u8]) -> Vec<u8> {
    tlv(tag::INTEGER, &unsigned_integer_contents(bytes))
}

/// Minimal two's-complement INTEGER contents of an unsigned big-endian number.
pub fn unsigned_integer_contents(bytes: &[u8]) -> Vec<u8> {
    let b: Vec<u8> = bytes.iter().copied().skip_while(|&x| x == 0).collect();
    match b.first() {
        None => vec![0],
        Some(&x) if x & 0x80 != 0 => [&[0u8][..], &b].concat(),
        Some(_) => b,
    }
}

/// A non-negative INTEGER of a small number, minimal and unsigned (X.690 §8.3.2).
pub fn small(n: u64) -> Vec<u8> {
    uint(&n.to_be_bytes())
}

/// A BOOLEAN: DER writes TRUE as 0xff (X.690 §11.1).
pub fn boolean(b: bool) -> Vec<u8> {
    tlv(tag::BOOLEAN, &[if b { 0xff } else { 0 }])
}

/// An OCTET STRING holding `b`.
pub fn octets(b: &[u8]) -> Vec<u8> {
    tlv(tag::OCTET_STRING, b)
}

/// A BIT STRING of whole bytes.
pub fn bits(b: &[u8]) -> Vec<u8> {
    let mut c = vec![0u8];
    c.extend_from_slice(b);
    tlv(tag::BIT_STRING, &c)
}

/// A named-bit BIT STRING with bits `set` (0 = the first, most significant bit), trailing
/// zero bits dropped as DER requires (§11.2.2).
pub fn named_bits(set: &[u32]) -> Vec<u8> {
    let Some(&top) = set.iter().max() else {
        return tlv(tag::BIT_STRING, &[0]);
    };
    let mut bytes = vec![0u8; top as usize / 8 + 1];
    for &b in set {
        bytes[b as usize / 8] |= 0x80 >> (b % 8);
    }
    let unused = bytes.last().map_or(0, |l| l.trailing_zeros() as u8);
    let mut c = vec![unused];
    c.extend(bytes);
    tlv(tag::BIT_STRING, &c)
}

/// An OBJECT IDENTIFIER from its dotted form; None when it is not one (a non-numeric arc,
/// fewer than two arcs, a first arc above 2 or a second of 40 or more under 0 and 1).
pub fn try_oid(dotted: &str) -> Option<Vec<u8>> {
    let arcs: Vec<u64> = dotted
        .split('.')
        .map(|a| a.parse().ok())
        .collect::<Option<_>>()?;
    if arcs.len() < 2 || arcs[0] > 2 || (arcs[0] < 2 && arcs[1] >= 40) {
        return None;
    }
    let mut body = Vec::new();
    for &arc in std::iter::once(&(arcs[0] * 40 + arcs[1])).chain(&arcs[2..]) {
        let mut chunk = vec![(arc & 0x7f) as u8];
        let mut v = arc >> 7;
        while v > 0 {
            chunk.push(0x80 | (v & 0x7f) as u8);
            v >>= 7;
        }
        body.extend(chunk.into_iter().rev());
    }
    Some(tlv(tag::OID, &body))
}

/// An OBJECT IDENTIFIER of a constant (a bad one panics in the tests that cover every use).
pub fn oid(dotted: &str) -> Vec<u8> {
    try_oid(dotted).expect("a constant OID")
}

/// A UTF8String of `s`.
pub fn utf8(s: &str) -> Vec<u8> {
    tlv(0x0c, s.as_bytes())
}

/// A PrintableString of `s` (the caller keeps to its character set).
pub fn printable(s: &str) -> Vec<u8> {
    tlv(0x13, s.as_bytes())
}

/// Civil UTC fields of `t`: (year, month, day, hour, minute, second, microseconds).
fn civil(t: Instant) -> (i32, u32, u32, u32, u32, u32, u32) {
    let secs = t.0.div_euclid(1_000_000);
    let micros = t.0.rem_euclid(1_000_000) as u32;
    let d = Date::from_days_since_epoch(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400) as u32;
    (
        d.year,
        d.month,
        d.day,
        s / 3600,
        s / 60 % 60,
        s % 60,
        micros,
    )
}

/// UTCTime `YYMMDDHHMMSSZ` (certificate validity up to 2049, RFC 5280 §4.1.2.5.1).
pub fn utc_time(t: Instant) -> Vec<u8> {
    let (y, mo, d, h, mi, s, _) = civil(t);
    tlv(
        0x17,
        format!("{:02}{mo:02}{d:02}{h:02}{mi:02}{s:02}Z", y % 100).as_bytes(),
    )
}

/// GeneralizedTime `YYYYMMDDHHMMSS[.f]Z`, the fraction without trailing zeros (RFC 3161
/// §2.4.2 genTime).
pub fn generalized_time(t: Instant) -> Vec<u8> {
    let (y, mo, d, h, mi, s, us) = civil(t);
    let mut text = format!("{y:04}{mo:02}{d:02}{h:02}{mi:02}{s:02}");
    if us > 0 {
        let frac = format!("{us:06}");
        text.push('.');
        text.push_str(frac.trim_end_matches('0'));
    }
    text.push('Z');
    tlv(0x18, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pki::der::{parse_one, Reader};

    #[test]
    fn core_reads_what_is_written() {
        let t = Instant::parse_rfc3339("2026-10-21T13:00:19.5Z").unwrap();
        let g = generalized_time(t);
        assert_eq!(&g[2..], b"20261021130019.5Z");
        let tlv = parse_one(&g, "genTime").unwrap();
        assert_eq!(tlv.time().unwrap().to_iso(), "2026-10-21T13:00:19.5Z");
        assert_eq!(&utc_time(t)[2..], b"261021130019Z");
        let whole = Instant::parse_rfc3339("2026-10-21T13:00:19Z").unwrap();
        assert_eq!(&generalized_time(whole)[2..], b"20261021130019Z");
        // Lengths past 127 take the long form.
        let long = octets(&[7u8; 300]);
        assert_eq!(&long[..4], &[0x04, 0x82, 0x01, 0x2c]);
        assert_eq!(parse_one(&long, "x").unwrap().value.len(), 300);
        // INTEGERs are minimal and positive.
        assert_eq!(small(0), [2, 1, 0]);
        assert_eq!(small(128), [2, 2, 0, 128]);
        assert_eq!(uint(&[0, 0, 0x7f]), [2, 1, 0x7f]);
        // keyUsage digitalSignature and keyCertSign|cRLSign as OpenSSL writes them.
        assert_eq!(named_bits(&[0]), [3, 2, 7, 0x80]);
        assert_eq!(named_bits(&[5, 6]), [3, 2, 1, 0x06]);
        assert_eq!(named_bits(&[15]), [3, 3, 0, 0, 1]);
        assert_eq!(
            parse_one(&oid("1.3.6.1.5.5.7.3.8"), "eku")
                .unwrap()
                .oid()
                .unwrap(),
            "1.3.6.1.5.5.7.3.8"
        );
        // SET OF is sorted by encoding.
        let s = set_of(vec![small(300), small(2)]);
        let items = Reader::new(parse_one(&s, "set").unwrap().value)
            .all()
            .unwrap();
        assert_eq!(items[0].small_uint().unwrap(), 2);
        assert_eq!(
            parse_one(&utf8("DEMO"), "s").unwrap().string().unwrap(),
            "DEMO"
        );
    }
}
