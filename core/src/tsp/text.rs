//! The facts of a timestamp response in the layout of `openssl ts -reply -text` (OpenSSL 3.0
//! `TS_RESP_print_bio`), so `sealbook tsr info` and the page show what a reader who runs OpenSSL
//! sees, line for line. A bare token is shown as OpenSSL shows it: wrapped in a granted status.
//!
//! One difference is deliberate: TSTInfo extensions are listed as OID, criticality and value
//! hex, not through OpenSSL's per-extension printers.

use crate::pki::der::Time;
use crate::tsp::response::{Parsed, StatusInfo, TstInfo};
use std::fmt::Write;

/// PKIFailureInfo texts in OpenSSL's order (bit, text).
const FAILURE_TEXTS: [(&str, &str); 8] = [
    ("badAlg", "unrecognized or unsupported algorithm identifier"),
    ("badRequest", "transaction not permitted or supported"),
    ("badDataFormat", "the data submitted has the wrong format"),
    ("timeNotAvailable", "the TSA's time source is not available"),
    (
        "unacceptedPolicy",
        "the requested TSA policy is not supported by the TSA",
    ),
    (
        "unacceptedExtension",
        "the requested extension is not supported by the TSA",
    ),
    (
        "addInfoNotAvailable",
        "the additional information requested could not be understood or is not available",
    ),
    (
        "systemFailure",
        "the request cannot be handled due to system failure",
    ),
];

const STATUS_TEXTS: [&str; 6] = [
    "Granted.",
    "Granted with modifications.",
    "Rejected.",
    "Waiting.",
    "Revocation warning.",
    "Revoked.",
];

/// The text `openssl ts -reply -text` prints for this response or token.
pub fn render(parsed: &Parsed) -> String {
    let mut out = String::from("Status info:\n");
    match parsed {
        Parsed::Response(r) => status(&mut out, &r.status),
        Parsed::Token(_) => out.push_str(
            "Status: Granted.\nStatus description: unspecified\nFailure info: unspecified\n",
        ),
    }
    out.push_str("\nTST info:\n");
    match parsed.token() {
        Some(t) => tst_info(&mut out, &t.tst_info),
        None => out.push_str("Not included.\n"),
    }
    out
}

fn status(out: &mut String, s: &StatusInfo) {
    let _ = writeln!(
        out,
        "Status: {}",
        STATUS_TEXTS
            .get(s.status as usize)
            .copied()
            .unwrap_or("out of bounds")
    );
    out.push_str("Status description: ");
    if s.status_strings.is_empty() {
        out.push_str("unspecified\n");
    }
    for (i, t) in s.status_strings.iter().enumerate() {
        if i > 0 {
            out.push('\t');
        }
        out.push_str(t);
        out.push('\n');
    }
    let fails: Vec<&str> = FAILURE_TEXTS
        .iter()
        .filter(|(n, _)| s.fail_info.contains(n))
        .map(|(_, t)| *t)
        .collect();
    let _ = writeln!(
        out,
        "Failure info: {}",
        if fails.is_empty() {
            "unspecified".to_string()
        } else {
            fails.join(", ")
        }
    );
}

fn tst_info(out: &mut String, t: &TstInfo) {
    let _ = writeln!(out, "Version: {}", t.version);
    let _ = writeln!(
        out,
        "Policy OID: {}",
        super::policy::openssl_text(&t.policy)
    );
    let alg = match t.message_imprint.hash_alg() {
        Some(h) => h.name().to_lowercase().replace('-', ""),
        None => t.message_imprint.hash_oid.clone(),
    };
    let _ = writeln!(out, "Hash Algorithm: {alg}");
    out.push_str("Message data:\n");
    hex_dump(out, &t.message_imprint.hashed_message, 4);
    let _ = writeln!(out, "Serial number: {}", integer(&t.serial));
    let _ = writeln!(out, "Time stamp: {}", generalized_time(&t.gen_time));
    out.push_str("Accuracy: ");
    match &t.accuracy {
        None => out.push_str("unspecified"),
        Some(a) => {
            let part =
                |v: Option<u64>| v.map_or("unspecified".to_string(), |v| integer(&unsigned_be(v)));
            let _ = write!(
                out,
                "{} seconds, {} millis, {} micros",
                part(a.seconds),
                part(a.millis),
                part(a.micros)
            );
        }
    }
    out.push('\n');
    let _ = writeln!(out, "Ordering: {}", if t.ordering { "yes" } else { "no" });
    let _ = writeln!(
        out,
        "Nonce: {}",
        t.nonce
            .as_deref()
            .map_or("unspecified".to_string(), integer)
    );
    out.push_str("TSA: ");
    match &t.tsa {
        None => out.push_str("unspecified"),
        Some(g) => match &g.directory_name {
            Some(n) => {
                out.push_str("DirName:");
                for part in n.text.split(", ") {
                    out.push('/');
                    out.push_str(part);
                }
            }
            None => {
                let label = match g.kind.as_str() {
                    "dNSName" => "DNS",
                    "uniformResourceIdentifier" => "URI",
                    "rfc822Name" => "email",
                    k => k,
                };
                let _ = write!(out, "{label}:{}", g.text);
            }
        },
    }
    out.push('\n');
    out.push_str("Extensions:\n");
    for e in &t.extensions {
        let _ = writeln!(
            out,
            "{}:{}",
            e.oid,
            if e.critical { " critical" } else { "" }
        );
        let _ = writeln!(out, "    {}", crate::hex::encode(&e.value));
    }
}

fn unsigned_be(v: u64) -> Vec<u8> {
    let b = v.to_be_bytes();
    let n = b.iter().take_while(|&&x| x == 0).count().min(7);
    b[n..].to_vec()
}

/// `TS_ASN1_INTEGER_print_bio`: `0x` and BN_bn2hex (uppercase, whole octets, `-` if negative).
fn integer(contents: &[u8]) -> String {
    let negative = contents.first().is_some_and(|b| b & 0x80 != 0);
    let mut mag: Vec<u8> = if negative {
        contents.iter().map(|b| !b).collect()
    } else {
        contents.to_vec()
    };
    if negative {
        for b in mag.iter_mut().rev() {
            let (x, carry) = b.overflowing_add(1);
            *b = x;
            if !carry {
                break;
            }
        }
    }
    let start = mag.iter().take_while(|&&b| b == 0).count();
    let digits: String = mag[start..].iter().map(|b| format!("{b:02X}")).collect();
    let digits = if digits.is_empty() {
        "0".to_string()
    } else {
        digits
    };
    format!("0x{}{digits}", if negative { "-" } else { "" })
}

/// `ASN1_GENERALIZEDTIME_print`: `May  9 11:58:55.123 2025 GMT`.
fn generalized_time(t: &Time) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let iso = t.to_iso(); // YYYY-MM-DDTHH:MM:SS[.f]Z (GeneralizedTime years have four digits)
    let month: usize = iso[5..7].parse().unwrap_or(1);
    let day: u32 = iso[8..10].parse().unwrap_or(0);
    let frac = if t.fraction.is_empty() {
        String::new()
    } else {
        format!(".{}", t.fraction)
    };
    format!(
        "{} {day:>2} {}{frac} {} GMT",
        MONTHS[month - 1],
        &iso[11..19],
        &iso[..4]
    )
}

/// `BIO_dump_indent` with 16 bytes a row.
fn hex_dump(out: &mut String, data: &[u8], indent: usize) {
    for (row, chunk) in data.chunks(16).enumerate() {
        let _ = write!(out, "{:indent$}{:04x} - ", "", row * 16);
        for j in 0..16 {
            match chunk.get(j) {
                Some(b) => {
                    let _ = write!(out, "{b:02x}{}", if j == 7 { '-' } else { ' ' });
                }
                None => out.push_str("   "),
            }
        }
        out.push_str("  ");
        out.extend(chunk.iter().map(|&b| {
            if (b' '..=b'~').contains(&b) {
                b as char
            } else {
                '.'
            }
        }));
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_print_as_openssl_bn_hex() {
        assert_eq!(integer(&[0x01]), "0x01");
        assert_eq!(integer(&[0x00, 0xfb, 0x26]), "0xFB26");
        assert_eq!(integer(&[0xde, 0xad, 0xbe, 0xef]), "0x-21524111");
        assert_eq!(integer(&[0x00]), "0x0");
    }

    #[test]
    fn dump_pads_the_last_row() {
        let mut s = String::new();
        hex_dump(&mut s, b"hello, world\x00\x01\x02\x03\x04", 4);
        assert_eq!(
            s,
            "    0000 - 68 65 6c 6c 6f 2c 20 77-6f 72 6c 64 00 01 02 03   hello, world....\n    0010 - 04                                                .\n"
        );
    }
}
