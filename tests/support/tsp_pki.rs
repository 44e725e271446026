//! The local test PKI and `openssl ts -reply` authority shared by tests/cross/tsp_vs_openssl.rs and
//! server/tests/cli/tsr_cli.rs: a temporary directory, openssl run with our own config, roots A
//! (trusted) and B (the wrong CA), an intermediate, TSA leaves with RSA and ECDSA P-256/P-384
//! keys, and `[tsa]` sections for each signer digest and ESSCertID version.
use sealbook_core::pki::x509::{self, Certificate};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let d = std::env::temp_dir().join(format!(
            "sealbook-tsa-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
    pub fn path(&self, f: &str) -> PathBuf {
        self.0.join(f)
    }
    pub fn write(&self, f: &str, data: impl AsRef<[u8]>) {
        std::fs::write(self.path(f), data).unwrap();
    }
    pub fn read(&self, f: &str) -> Vec<u8> {
        std::fs::read(self.path(f)).unwrap_or_else(|e| panic!("{f}: {e}"))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs openssl in `dir` with our own config (never the system's); (success, stdout+stderr).
pub fn openssl(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .env("OPENSSL_CONF", dir.join("openssl.cnf"))
        .output()
        .expect("openssl is installed");
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

pub fn must(dir: &Path, args: &[&str]) -> String {
    let (ok, text) = openssl(dir, args);
    assert!(ok, "openssl {args:?} failed:\n{text}");
    text
}

/// One timestamping authority of the local test PKI.
pub struct Tsa {
    pub name: &'static str,
    /// Files with the intermediates (may be empty) and the leaf.
    pub chain: Vec<String>,
    pub ess_chain: bool,
}

pub const CNF: &str = r#"
[req]
distinguished_name = dn
[dn]
[ca_root]
dir = .
database = ./index_root.txt
new_certs_dir = ./newcerts
serial = ./serial_root
certificate = ./rootA.pem
private_key = ./rootA.key
default_md = sha256
policy = any
unique_subject = no
email_in_dn = no
[ca_inter]
dir = .
database = ./index_inter.txt
new_certs_dir = ./newcerts
serial = ./serial_inter
certificate = ./inter.pem
private_key = ./inter.key
default_md = sha384
policy = any
unique_subject = no
email_in_dn = no
[any]
commonName = supplied
organizationName = optional
[v3_root]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[v3_inter]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
extendedKeyUsage = timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[v3_tsa]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[v3_noeku]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
[v3_eku_noncritical]
basicConstraints = critical, CA:false
extendedKeyUsage = timeStamping
subjectKeyIdentifier = hash
"#;

pub fn genkey(d: &TempDir, file: &str, kind: &str) {
    let opt = match kind {
        "rsa" => "rsa_keygen_bits:2048",
        "p256" => "ec_paramgen_curve:P-256",
        _ => "ec_paramgen_curve:P-384",
    };
    let alg = if kind == "rsa" { "RSA" } else { "EC" };
    must(
        &d.0,
        &["genpkey", "-algorithm", alg, "-pkeyopt", opt, "-out", file],
    );
}

pub fn issue(
    d: &TempDir,
    ca: &str,
    name: &str,
    kind: &str,
    subj: &str,
    ext: &str,
    (start, end): (&str, &str),
) {
    genkey(d, &format!("{name}.key"), kind);
    must(
        &d.0,
        &[
            "req",
            "-new",
            "-key",
            &format!("{name}.key"),
            "-subj",
            subj,
            "-out",
            &format!("{name}.csr"),
        ],
    );
    must(
        &d.0,
        &[
            "ca",
            "-batch",
            "-config",
            "openssl.cnf",
            "-name",
            ca,
            "-in",
            &format!("{name}.csr"),
            "-out",
            &format!("{name}.pem"),
            "-startdate",
            start,
            "-enddate",
            end,
            "-extfile",
            "openssl.cnf",
            "-extensions",
            ext,
            "-notext",
        ],
    );
}

/// Builds the test PKI: roots A (trusted) and B (the wrong CA), an intermediate under A,
/// and the TSA leaves.
pub fn make_pki(d: &TempDir) -> Vec<Tsa> {
    d.write("openssl.cnf", CNF);
    std::fs::create_dir_all(d.path("newcerts")).unwrap();
    for f in ["index_root.txt", "index_inter.txt"] {
        d.write(f, "");
    }
    d.write("serial_root", "1000\n");
    d.write("serial_inter", "2000\n");
    for (root, cn) in [
        ("rootA", "/O=sealbook test/CN=Test Root A"),
        ("rootB", "/O=sealbook test/CN=Test Root B"),
    ] {
        genkey(d, &format!("{root}.key"), "rsa");
        must(
            &d.0,
            &[
                "req",
                "-x509",
                "-new",
                "-key",
                &format!("{root}.key"),
                "-subj",
                cn,
                "-days",
                "73000",
                "-sha256",
                "-extensions",
                "v3_root",
                "-out",
                &format!("{root}.pem"),
            ],
        );
    }
    issue(
        d,
        "ca_root",
        "inter",
        "p384",
        "/O=sealbook test/CN=Test TSA Intermediate",
        "v3_inter",
        ("20200101000000Z", "22000101000000Z"),
    );
    let long = ("20200101000000Z", "21000101000000Z");
    let leaves = [
        ("tsa_rsa", "ca_root", "rsa", long),
        ("tsa_p256", "ca_root", "p256", long),
        ("tsa_p384", "ca_root", "p384", long),
        ("tsa_inter", "ca_inter", "p256", long),
        (
            "tsa_short",
            "ca_root",
            "rsa",
            ("20200101000000Z", "20300101000000Z"),
        ),
        (
            "tsa_expired",
            "ca_root",
            "p256",
            ("20190101000000Z", "20200101000000Z"),
        ),
    ];
    let mut out = Vec::new();
    for (name, ca, kind, (start, end)) in leaves {
        issue(
            d,
            ca,
            name,
            kind,
            &format!("/O=sealbook test/CN={name}"),
            "v3_tsa",
            (start, end),
        );
        let chain = if ca == "ca_inter" {
            vec!["inter.pem".to_string(), format!("{name}.pem")]
        } else {
            vec![format!("{name}.pem")]
        };
        out.push(Tsa {
            name,
            chain,
            ess_chain: ca == "ca_inter",
        });
    }
    out
}

/// Appends a `[tsa section]` for one authority configuration; returns its section name.
pub fn tsa_section(
    cnf: &mut String,
    tsa: &Tsa,
    digest: &str,
    ess_alg: &str,
    variant: usize,
) -> String {
    let section = format!("tsa_{}_{digest}_{ess_alg}", tsa.name);
    let certs = if tsa.chain.len() > 1 {
        format!("certs = ./{}\n", tsa.chain[0])
    } else {
        String::new()
    };
    cnf.push_str(&format!(
        "\n[{section}]\nserial = ./tsaserial\ncrypto_device = builtin\nsigner_cert = ./{name}.pem\n{certs}signer_key = ./{name}.key\n\
         signer_digest = {digest}\ndefault_policy = 1.2.3.4.1\nother_policies = 1.2.3.4.5\ndigests = sha1, sha256, sha384, sha512\n\
         {accuracy}clock_precision_digits = {prec}\nordering = {ordering}\ntsa_name = {tsa_name}\n\
         ess_cert_id_chain = {chain}\ness_cert_id_alg = {ess_alg}\n",
        name = tsa.name,
        accuracy = if variant.is_multiple_of(2) { "accuracy = secs:1, millisecs:500, microsecs:100\n" } else { "" },
        prec = if variant.is_multiple_of(3) { 3 } else { 0 },
        ordering = if variant % 2 == 1 { "yes" } else { "no" },
        tsa_name = if variant % 4 < 2 { "yes" } else { "no" },
        chain = if tsa.ess_chain { "yes" } else { "no" },
    ));
    section
}

pub fn certs_of(d: &TempDir, files: &[String]) -> Vec<Certificate> {
    files
        .iter()
        .flat_map(|f| x509::parse_certificates(&d.read(f)).unwrap())
        .collect()
}
