//! TSA policy OIDs by the names OpenSSL gives them (RFC 3161 §2.4.2 `TSTInfo.policy`), so a
//! reader who compares `sealbook tsr info` with `openssl ts -reply -text` sees the same line.
//!
//! OpenSSL's built-in object table names no TSA policy; the names a reader sees come from the
//! `[new_oids]` section of the `openssl.cnf` that OpenSSL ships (and Debian installs as
//! `/etc/ssl/openssl.cnf`), which `openssl ts` loads. These are the only names listed here: an
//! OID OpenSSL prints as digits is printed as digits.

/// `openssl.cnf`'s `[new_oids]`: the example TSA policies (`tsa_policy1` is what FreeTSA and
/// OpenSSL's own `ts -reply` configuration use).
const OPENSSL_CNF_NAMES: [(&str, &str); 3] = [
    ("1.2.3.4.1", "tsa_policy1"),
    ("1.2.3.4.5.6", "tsa_policy2"),
    ("1.2.3.4.5.7", "tsa_policy3"),
];

/// The name OpenSSL prints for a policy OID (dotted form), if it names it.
pub fn openssl_name(oid: &str) -> Option<&'static str> {
    OPENSSL_CNF_NAMES
        .iter()
        .find(|(o, _)| *o == oid)
        .map(|(_, n)| *n)
}

/// A policy as OpenSSL prints it: its name where OpenSSL has one, else the dotted OID.
pub fn openssl_text(oid: &str) -> &str {
    openssl_name(oid).unwrap_or(oid)
}

/// A policy for a reader: `tsa_policy1 (1.2.3.4.1)` where OpenSSL names it, else the OID, so
/// the name never hides which OID was signed.
pub fn display(oid: &str) -> String {
    match openssl_name(oid) {
        Some(name) => format!("{name} ({oid})"),
        None => oid.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_policies_keep_their_oid_beside_the_name() {
        assert_eq!(openssl_text("1.2.3.4.1"), "tsa_policy1");
        assert_eq!(display("1.2.3.4.5.7"), "tsa_policy3 (1.2.3.4.5.7)");
        assert_eq!(
            openssl_text("2.16.840.1.114412.7.1"),
            "2.16.840.1.114412.7.1"
        );
        assert_eq!(display("1.2.3.4.1.0"), "1.2.3.4.1.0");
    }
}
