//! A small, bounded DER reader (ITU-T X.690 §8 and §10) for the structures sealbook verifies:
//! X.509 certificates (RFC 5280), CMS SignedData (RFC 5652) and RFC 3161 timestamp tokens.
//!
//! It never allocates from a length read in the input (values are borrowed slices of the
//! input, and every length is checked against the bytes that remain), never recurses on its
//! own, and reports every problem with the absolute byte offset where it was found. Only
//! definite lengths and low tag numbers (< 31) occur in these structures; anything else is an
//! error, not a guess.

use crate::calendar::Date;
use std::fmt;

/// Universal tags used by the structures above.
pub mod tag {
    /// BOOLEAN (X.690 §8.2).
    pub const BOOLEAN: u8 = 0x01;
    /// INTEGER (X.690 §8.3).
    pub const INTEGER: u8 = 0x02;
    /// BIT STRING (X.690 §8.6).
    pub const BIT_STRING: u8 = 0x03;
    /// OCTET STRING (X.690 §8.7).
    pub const OCTET_STRING: u8 = 0x04;
    /// NULL (X.690 §8.8).
    pub const NULL: u8 = 0x05;
    /// OBJECT IDENTIFIER (X.690 §8.19).
    pub const OID: u8 = 0x06;
    /// ENUMERATED (X.690 §8.4).
    pub const ENUMERATED: u8 = 0x0a;
    /// UTF8String.
    pub const UTF8_STRING: u8 = 0x0c;
    /// PrintableString.
    pub const PRINTABLE_STRING: u8 = 0x13;
    /// TeletexString (T61String).
    pub const T61_STRING: u8 = 0x14;
    /// IA5String.
    pub const IA5_STRING: u8 = 0x16;
    /// UTCTime (two-digit year; RFC 5280 §4.1.2.5.1).
    pub const UTC_TIME: u8 = 0x17;
    /// GeneralizedTime (RFC 5280 §4.1.2.5.2; RFC 3161 §2.4.2).
    pub const GENERALIZED_TIME: u8 = 0x18;
    /// UniversalString (UCS-4).
    pub const UNIVERSAL_STRING: u8 = 0x1c;
    /// BMPString (UCS-2).
    pub const BMP_STRING: u8 = 0x1e;
    /// SEQUENCE and SEQUENCE OF, constructed.
    pub const SEQUENCE: u8 = 0x30;
    /// SET and SET OF, constructed.
    pub const SET: u8 = 0x31;

    /// `[n]` context-specific, constructed (EXPLICIT tagging or IMPLICIT of a constructed type).
    pub const fn ctx_cons(n: u8) -> u8 {
        0xa0 | n
    }
    /// `[n]` context-specific, primitive (IMPLICIT of a primitive type).
    pub const fn ctx_prim(n: u8) -> u8 {
        0x80 | n
    }
}

/// A DER decoding error at an absolute byte offset of the outermost input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerError {
    /// The offset of the element at fault, from the start of the outermost input.
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for DerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for DerError {}

/// A DER reading's result.
pub type Result<T> = std::result::Result<T, DerError>;

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T> {
    Err(DerError {
        offset,
        message: message.into(),
    })
}

/// One tag-length-value element, borrowing from the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tlv<'a> {
    /// The identifier octet (class, constructed bit and tag number).
    pub tag: u8,
    /// Absolute offset of the identifier octet.
    pub offset: usize,
    /// The contents octets.
    pub value: &'a [u8],
    /// The whole element (identifier, length and contents) as it appears in the input.
    pub raw: &'a [u8],
}

impl<'a> Tlv<'a> {
    /// Absolute offset of the first contents octet.
    pub fn value_offset(&self) -> usize {
        self.offset + (self.raw.len() - self.value.len())
    }

    /// A reader over the contents (for SEQUENCE, SET and constructed context tags).
    pub fn reader(&self) -> Reader<'a> {
        Reader {
            data: self.value,
            pos: 0,
            base: self.value_offset(),
        }
    }

    /// An error located at this element.
    pub fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        err(self.offset, message)
    }

    fn expect_tag(&self, tag: u8, what: &str) -> Result<()> {
        if self.tag != tag {
            return self.error(format!(
                "{what}: expected tag 0x{tag:02x}, found 0x{:02x}",
                self.tag
            ));
        }
        Ok(())
    }

    /// Contents of an INTEGER as minimal two's-complement big-endian bytes (X.690 §8.3).
    pub fn integer_bytes(&self) -> Result<&'a [u8]> {
        let v = self.value;
        if v.is_empty() {
            return self.error("INTEGER with no contents");
        }
        if v.len() > 1 && ((v[0] == 0 && v[1] & 0x80 == 0) || (v[0] == 0xff && v[1] & 0x80 != 0)) {
            return self.error("INTEGER not minimally encoded");
        }
        Ok(v)
    }

    /// A non-negative INTEGER that fits in u64.
    pub fn small_uint(&self) -> Result<u64> {
        let v = self.integer_bytes()?;
        if v[0] & 0x80 != 0 {
            return self.error("negative INTEGER where a non-negative one is required");
        }
        let v = if v[0] == 0 { &v[1..] } else { v };
        if v.len() > 8 {
            return self.error("INTEGER too large");
        }
        Ok(v.iter().fold(0u64, |a, &b| (a << 8) | b as u64))
    }

    /// A BOOLEAN (DER: 0x00 or 0xff).
    pub fn boolean(&self) -> Result<bool> {
        match self.value {
            [0x00] => Ok(false),
            [0xff] => Ok(true),
            _ => self.error("BOOLEAN must be one octet 0x00 or 0xff"),
        }
    }

    /// A BIT STRING with no unused bits (keys and signatures).
    pub fn bit_string_octets(&self) -> Result<&'a [u8]> {
        match self.value.split_first() {
            Some((0, rest)) => Ok(rest),
            Some(_) => self.error("BIT STRING with unused bits where whole octets are required"),
            None => self.error("BIT STRING with no contents"),
        }
    }

    /// A named-bit BIT STRING as (bits, number of significant bits); bit 0 is the first bit.
    pub fn bit_string_flags(&self) -> Result<(u32, usize)> {
        let (&unused, bytes) = match self.value.split_first() {
            Some(x) => x,
            None => return self.error("BIT STRING with no contents"),
        };
        if unused > 7 || (bytes.is_empty() && unused != 0) {
            return self.error("BIT STRING with invalid unused-bit count");
        }
        let mut bits = 0u32;
        for (i, &b) in bytes.iter().enumerate().take(4) {
            bits |= (b.reverse_bits() as u32) << (8 * i);
        }
        Ok((bits, bytes.len() * 8 - unused as usize))
    }

    /// An OBJECT IDENTIFIER in dotted form (X.690 §8.19).
    pub fn oid(&self) -> Result<String> {
        self.expect_tag(tag::OID, "OBJECT IDENTIFIER")?;
        oid_to_string(self.value).ok_or_else(|| DerError {
            offset: self.offset,
            message: "malformed OBJECT IDENTIFIER".into(),
        })
    }

    /// A character string (UTF8String, PrintableString, IA5String, T61String, BMPString,
    /// UniversalString) as Rust text; other tags are an error.
    pub fn string(&self) -> Result<String> {
        let v = self.value;
        match self.tag {
            tag::UTF8_STRING | tag::PRINTABLE_STRING | tag::IA5_STRING | 0x12 | 0x1a => {
                match std::str::from_utf8(v) {
                    Ok(s) => Ok(s.to_string()),
                    Err(_) => self.error("string is not valid UTF-8"),
                }
            }
            // T61String: treated as Latin-1, as OpenSSL prints it.
            tag::T61_STRING => Ok(v.iter().map(|&b| b as char).collect()),
            tag::BMP_STRING => {
                if !v.len().is_multiple_of(2) {
                    return self.error("BMPString of odd length");
                }
                let units: Vec<u16> = v
                    .chunks(2)
                    .map(|c| u16::from_be_bytes([c[0], c[1]]))
                    .collect();
                String::from_utf16(&units).or_else(|_| self.error("BMPString is not valid UTF-16"))
            }
            tag::UNIVERSAL_STRING => {
                if !v.len().is_multiple_of(4) {
                    return self.error("UniversalString length not a multiple of 4");
                }
                v.chunks(4)
                    .map(|c| char::from_u32(u32::from_be_bytes([c[0], c[1], c[2], c[3]])))
                    .collect::<Option<String>>()
                    .ok_or(())
                    .or_else(|_| self.error("UniversalString has an invalid code point"))
            }
            t => self.error(format!("expected a character string, found tag 0x{t:02x}")),
        }
    }

    /// A UTCTime or GeneralizedTime (RFC 5280 §4.1.2.5 profile, fractions allowed in
    /// GeneralizedTime as RFC 3161 §2.4.2 permits).
    pub fn time(&self) -> Result<Time> {
        let s = match std::str::from_utf8(self.value) {
            Ok(s) => s,
            Err(_) => return self.error("time is not ASCII"),
        };
        let parsed = match self.tag {
            tag::UTC_TIME => Time::parse_utc(s),
            tag::GENERALIZED_TIME => Time::parse_generalized(s),
            t => {
                return self.error(format!(
                    "expected UTCTime or GeneralizedTime, found tag 0x{t:02x}"
                ))
            }
        };
        parsed
            .ok_or(())
            .or_else(|_| self.error(format!("malformed time {s:?}")))
    }
}

/// Decodes OID contents to dotted form; `None` if malformed.
pub fn oid_to_string(v: &[u8]) -> Option<String> {
    if v.is_empty() || v.len() > 128 || *v.last()? & 0x80 != 0 {
        return None;
    }
    let mut arcs: Vec<u64> = Vec::new();
    let mut cur: u64 = 0;
    let mut first_octet = true;
    for &b in v {
        if first_octet && b == 0x80 {
            return None; // non-minimal
        }
        if cur > (u64::MAX >> 7) {
            return None;
        }
        cur = (cur << 7) | (b & 0x7f) as u64;
        first_octet = b & 0x80 == 0;
        if b & 0x80 == 0 {
            arcs.push(cur);
            cur = 0;
        }
    }
    let first = arcs[0];
    let (a, b) = if first < 40 {
        (0, first)
    } else if first < 80 {
        (1, first - 40)
    } else {
        (2, first - 80)
    };
    let mut s = format!("{a}.{b}");
    for arc in &arcs[1..] {
        s.push('.');
        s.push_str(&arc.to_string());
    }
    Some(s)
}

/// A sequential reader over concatenated DER elements.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> Reader<'a> {
    /// A reader over a whole input (offsets start at 0).
    pub fn new(data: &'a [u8]) -> Self {
        Reader {
            data,
            pos: 0,
            base: 0,
        }
    }

    /// Absolute offset of the next element.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Whether every element of the input has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The identifier octet of the next element, if any.
    pub fn peek_tag(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    /// Reads the next element.
    pub fn read(&mut self) -> Result<Tlv<'a>> {
        let start = self.pos;
        let at = self.offset();
        let rest = &self.data[start..];
        let Some(&tag) = rest.first() else {
            return err(at, "unexpected end of data: element expected");
        };
        if tag & 0x1f == 0x1f {
            return err(at, "high tag numbers do not occur in these structures");
        }
        let Some(&l0) = rest.get(1) else {
            return err(at + 1, "unexpected end of data in length");
        };
        let (len, hlen) = if l0 < 0x80 {
            (l0 as usize, 2)
        } else if l0 == 0x80 {
            return err(at + 1, "indefinite length is not DER");
        } else {
            let n = (l0 & 0x7f) as usize;
            if n > 4 {
                return err(at + 1, "length of length exceeds 4 octets");
            }
            let Some(lb) = rest.get(2..2 + n) else {
                return err(at + 1, "unexpected end of data in length");
            };
            if lb[0] == 0 {
                return err(at + 1, "length not minimally encoded");
            }
            let len = lb.iter().fold(0usize, |a, &b| (a << 8) | b as usize);
            if len < 0x80 {
                return err(at + 1, "long-form length below 128 is not DER");
            }
            (len, 2 + n)
        };
        if len > rest.len() - hlen {
            return err(
                at,
                format!(
                    "element of {len} bytes overruns its container ({} bytes left)",
                    rest.len() - hlen
                ),
            );
        }
        self.pos = start + hlen + len;
        Ok(Tlv {
            tag,
            offset: at,
            value: &rest[hlen..hlen + len],
            raw: &rest[..hlen + len],
        })
    }

    /// Reads the next element and requires its tag.
    pub fn expect(&mut self, tag: u8, what: &str) -> Result<Tlv<'a>> {
        let at = self.offset();
        if self.is_empty() {
            return err(at, format!("{what}: missing"));
        }
        let t = self.read()?;
        t.expect_tag(tag, what)?;
        Ok(t)
    }

    /// Reads the next element only if it has this tag.
    pub fn optional(&mut self, tag: u8) -> Result<Option<Tlv<'a>>> {
        if self.peek_tag() == Some(tag) {
            self.read().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Requires that nothing is left.
    pub fn finish(&self, what: &str) -> Result<()> {
        if !self.is_empty() {
            return err(self.offset(), format!("{what}: unexpected trailing data"));
        }
        Ok(())
    }

    /// Reads every remaining element (bounded by the input: each takes at least 2 bytes).
    pub fn all(mut self) -> Result<Vec<Tlv<'a>>> {
        let mut out = Vec::new();
        while !self.is_empty() {
            out.push(self.read()?);
        }
        Ok(out)
    }
}

/// Parses exactly one element spanning the whole input.
pub fn parse_one<'a>(data: &'a [u8], what: &str) -> Result<Tlv<'a>> {
    let mut r = Reader::new(data);
    let t = r.read()?;
    r.finish(what)?;
    Ok(t)
}

/// A point in time: seconds since the Unix epoch (UTC) plus the fraction of a second as
/// written (GeneralizedTime may carry one; RFC 3161 §2.4.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Time {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    pub unix: i64,
    /// Fraction digits after the decimal point, as written (no trailing zeros in DER).
    pub fraction: String,
}

impl Time {
    /// A time of whole seconds, with no fraction.
    pub fn from_unix(unix: i64) -> Self {
        Time {
            unix,
            fraction: String::new(),
        }
    }

    /// `YYMMDDHHMMSSZ`; years 50-99 are 19xx (RFC 5280 §4.1.2.5.1).
    fn parse_utc(s: &str) -> Option<Time> {
        let b = s.as_bytes();
        if b.len() != 13 || b[12] != b'Z' || !b[..12].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let yy = num(&b[0..2]);
        let year = if yy >= 50 { 1900 + yy } else { 2000 + yy };
        Self::from_fields(year, &b[2..12], String::new())
    }

    /// `YYYYMMDDHHMMSS[.f+]Z` (DER: UTC, seconds present, no trailing zeros in the fraction).
    fn parse_generalized(s: &str) -> Option<Time> {
        let b = s.as_bytes();
        if b.len() < 15 || *b.last()? != b'Z' || !b[..14].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let tail = &b[14..b.len() - 1];
        let fraction = if tail.is_empty() {
            String::new()
        } else {
            let digits = tail.strip_prefix(b".")?;
            if digits.is_empty()
                || digits.len() > 9
                || !digits.iter().all(u8::is_ascii_digit)
                || digits.ends_with(b"0")
            {
                return None;
            }
            String::from_utf8(digits.to_vec()).ok()?
        };
        Self::from_fields(num(&b[0..4]), &b[4..14], fraction)
    }

    fn from_fields(year: i64, mdhms: &[u8], fraction: String) -> Option<Time> {
        let (mo, d, h, mi, se) = (
            num(&mdhms[0..2]),
            num(&mdhms[2..4]),
            num(&mdhms[4..6]),
            num(&mdhms[6..8]),
            num(&mdhms[8..10]),
        );
        if !(1..=12).contains(&mo)
            || d < 1
            || d > days_in_month(year, mo)
            || h > 23
            || mi > 59
            || se > 59
        {
            return None;
        }
        let date = Date {
            year: year as i32,
            month: mo as u32,
            day: d as u32,
        };
        let unix = date.days_since_epoch() * 86400 + h * 3600 + mi * 60 + se;
        Some(Time { unix, fraction })
    }

    /// ISO 8601 UTC, with the fraction if any: `2025-05-09T11:58:55.123Z`.
    pub fn to_iso(&self) -> String {
        let days = self.unix.div_euclid(86400);
        let secs = self.unix.rem_euclid(86400);
        let Date {
            year: y,
            month: m,
            day: d,
        } = Date::from_days_since_epoch(days);
        let frac = if self.fraction.is_empty() {
            String::new()
        } else {
            format!(".{}", self.fraction)
        };
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}{frac}Z",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )
    }
}

fn num(b: &[u8]) -> i64 {
    b.iter().fold(0i64, |a, &c| a * 10 + (c - b'0') as i64)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_elements_with_offsets() {
        let data = [0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x01, 0xaa];
        let seq = parse_one(&data, "test").unwrap();
        let mut r = seq.reader();
        let i = r.expect(tag::INTEGER, "int").unwrap();
        assert_eq!(i.small_uint().unwrap(), 5);
        let o = r.expect(tag::OCTET_STRING, "oct").unwrap();
        assert_eq!(o.offset, 5);
        assert_eq!(o.value, &[0xaa]);
        assert!(r.finish("seq").is_ok());
    }

    #[test]
    fn rejects_bad_lengths_without_panicking() {
        for bad in [
            &[0x30, 0x05, 0x02][..],
            &[0x30, 0x80, 0x00, 0x00],
            &[0x30, 0x81, 0x05],
            &[0x30, 0x81, 0x05, 1, 2, 3, 4, 5],
            &[0x30, 0x85, 1, 1, 1, 1, 1],
            &[0x30, 0x84, 0xff, 0xff, 0xff, 0xff],
            &[0x1f, 0x01, 0x00],
            &[0x30],
            &[],
        ] {
            assert!(parse_one(bad, "x").is_err(), "{bad:?}");
        }
        let e = parse_one(&[0x30, 0x03, 0x02, 0x05, 0x00], "x")
            .unwrap()
            .reader()
            .read()
            .unwrap_err();
        assert_eq!(e.offset, 2);
    }

    #[test]
    fn every_truncation_and_byte_flip_is_an_error_or_ok_never_a_panic() {
        let data = [
            0x30, 0x0b, 0x06, 0x03, 0x55, 0x1d, 0x13, 0x18, 0x04, b'2', b'0', b'2', b'5',
        ];
        for n in 0..data.len() {
            let _ = parse_one(&data[..n], "x");
        }
        for i in 0..data.len() {
            for v in [0u8, 0x80, 0xff] {
                let mut d = data;
                d[i] = v;
                if let Ok(t) = parse_one(&d, "x") {
                    for inner in t.reader().all().unwrap_or_default() {
                        let _ = (
                            inner.oid(),
                            inner.time(),
                            inner.string(),
                            inner.small_uint(),
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn decodes_oids() {
        assert_eq!(
            oid_to_string(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]).unwrap(),
            "1.2.840.113549.1.7.2"
        );
        assert_eq!(oid_to_string(&[0x55, 0x1d, 0x25]).unwrap(), "2.5.29.37");
        assert!(oid_to_string(&[0x2a, 0x86]).is_none());
        assert!(oid_to_string(&[0x2a, 0x80, 0x01]).is_none());
    }

    #[test]
    fn parses_times() {
        let g = Time::parse_generalized("20250509115855.123Z").unwrap();
        assert_eq!(g.to_iso(), "2025-05-09T11:58:55.123Z");
        assert_eq!(Time::parse_utc("230201000000Z").unwrap().unix, 1675209600);
        assert_eq!(
            Time::parse_utc("500101000000Z").unwrap().to_iso(),
            "1950-01-01T00:00:00Z"
        );
        assert!(Time::parse_generalized("20250509115855.120Z").is_none());
        assert!(Time::parse_generalized("20250229115855Z").is_none());
        assert!(Time::parse_generalized("20240229115855Z").is_some());
        assert!(Time::parse_utc("2302010000Z").is_none());
    }

    #[test]
    fn integers_and_booleans() {
        let t = parse_one(&[0x02, 0x02, 0x00, 0x80], "i").unwrap();
        assert_eq!(t.small_uint().unwrap(), 128);
        assert!(parse_one(&[0x02, 0x02, 0x00, 0x01], "i")
            .unwrap()
            .integer_bytes()
            .is_err());
        assert!(parse_one(&[0x01, 0x01, 0x01], "b")
            .unwrap()
            .boolean()
            .is_err());
        let ku = parse_one(&[0x03, 0x02, 0x07, 0x80], "ku")
            .unwrap()
            .bit_string_flags()
            .unwrap();
        assert_eq!(ku, (1, 1));
    }
}
