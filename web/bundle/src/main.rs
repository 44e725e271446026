//! Builds the pages' wasm bundles into `www/pkg/` (wasm-bindgen `web` target), one per page or
//! worker role ([`BUNDLES`]), so that each page downloads only the code its entry points reach:
//!
//! 1. `cargo build --profile wasm --target wasm32-unknown-unknown -p sealbook-web
//!    --no-default-features --features <role>` for each role, so the linker keeps only what that
//!    role's exports reach (the verifier page's UI holds no verifier; no page but Scores holds
//!    the scorer); the `wasm` profile (workspace `Cargo.toml`) is release with fat LTO and one
//!    codegen unit, and the verifier page is built with `opt-level = "z"` for every crate but
//!    `sha2` ([`SIZE_FIRST`]);
//! 2. wasm-bindgen, used as a library pinned to the same version as the `wasm-bindgen` crate
//!    (one Cargo.lock keeps the two in lockstep), naming the output after the role;
//! 3. `wasm-opt -Oz` from npm's `binaryen`, always: installed pinned ([`BINARYEN`]) into
//!    `target/binaryen` by this build when it is not there (Debian's binaryen is too old for
//!    wasm-bindgen's output);
//! 4. content-hashed names: `<role>_bg-<h>.wasm` and `<role>-<h>.js` (the glue, its default
//!    wasm URL rewritten to the hashed name), `<h>` the first 16 hex digits of the file's
//!    SHA-256; and `<role>.js`, a two-line module re-exporting the hashed glue, so the pages,
//!    their boot scripts and workers import one stable name (revalidated) while the large
//!    files are cached for good;
//! 5. precompressed `.br` (brotli quality 11) and `.gz` (gzip level 9) beside each file, and
//!    beside the page's static files in `www/` (`.css`, `.js`, `.html`, `.svg`).
//!
//! Usage: `cargo run --release -p sealbook-bundle`.

#![forbid(unsafe_code)]

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// npm's binaryen, pinned: the wasm-opt that reads wasm-bindgen's output (reference types).
const BINARYEN: &str = "binaryen@132.0.0";

const TARGET: &str = "wasm32-unknown-unknown";
/// The cargo profile the pages' wasm is built with (workspace `Cargo.toml`).
const PROFILE: &str = "wasm";
const CRATE: &str = "sealbook-web";
/// The file cargo writes for [`CRATE`].
const WASM_NAME: &str = "sealbook_web";

/// The bundle built for size alone: every crate at `opt-level = "z"` (sealbook-web instead of
/// the profile's `"s"`, about 16 KB less brotli; core and the others instead of 3, about 16 KB
/// more), but for `sha2`, which hashes every file of a league the page opens from its manifest
/// and keeps its speed. The verifier page's first load has a budget (450 KB,
/// tests/e2e/verifier.test.mjs) and its other work is the views; the workers, whose checks and
/// scoring are the product's speed, keep the profile's levels.
const SIZE_FIRST: &str = "verify";

/// The wasm bundles: `(name, feature of sealbook-web, who loads it)`. `www/pkg/<name>.js` is
/// the stable entry module of each.
const BUNDLES: &[(&str, &str, &str)] = &[
    ("verify", "verify-page", "the verifier page (boot.js)"),
    (
        "verify_chain",
        "verify-chain",
        "the verifier worker's first module and its range workers (worker.js, range-worker.js)",
    ),
    (
        "verify_worker",
        "verify-worker",
        "the verifier worker's full module, loaded by the first when a file needs it (worker.js)",
    ),
    (
        "scores",
        "scores",
        "the Scores page and its worker (scores-boot.js, scores-worker.js)",
    ),
    (
        "accounts",
        "accounts",
        "the Accounts page and its worker (accounts-boot.js, accounts-worker.js)",
    ),
    (
        "experiment",
        "experiment",
        "the reader experiment's page (experiment-boot.js)",
    ),
];

fn main() {
    if let Err(e) = run() {
        eprintln!("sealbook-bundle: error: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .context("finding the repository root")?;
    let out = root.join("www/pkg");
    check_target_installed()?;
    let wasm_opt = wasm_opt(&root)?;
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    // Each bundle's wasm-opt, hashing and compression run on a thread of their own while cargo
    // builds the next bundle (wasm-opt from npm is single-threaded).
    std::thread::scope(|threads| -> Result<()> {
        let mut finishing = Vec::new();
        for (name, feature, who) in BUNDLES {
            println!("sealbook-bundle: {name}: {who}");
            let wasm = build_wasm(&root, feature, *name == SIZE_FIRST)?;
            bindgen(&wasm, &out, name)?;
            let (out, wasm_opt) = (&out, &wasm_opt);
            finishing.push(threads.spawn(move || finish(wasm_opt, out, name)));
        }
        for t in finishing {
            t.join()
                .map_err(|_| anyhow::anyhow!("a bundle's finishing thread panicked"))??;
        }
        Ok(())
    })?;
    precompress_static(&root.join("www"))?;
    Ok(())
}

/// Optimizes bundle `name`'s wasm in `out`, gives its files content-hashed names and writes
/// their precompressed copies.
fn finish(wasm_opt: &Path, out: &Path, name: &str) -> Result<()> {
    optimize(wasm_opt, &out.join(format!("{name}_bg.wasm")))?;
    for f in hash_names(out, name)? {
        let bytes = std::fs::read(out.join(&f)).with_context(|| format!("reading {f}"))?;
        let (br, gz) = precompress(out, &f, &bytes)?;
        println!(
            "sealbook-bundle: www/pkg/{f}: {} bytes, {br} brotli, {gz} gzip",
            bytes.len()
        );
    }
    Ok(())
}

/// Writes `.br` / `.gz` copies of the page's own static files in `www/` (style sheet, boot
/// scripts, workers, the Scores page, the icon); the server sends a copy only while it is not
/// older than its file, so editing one of them without rebuilding is still served right.
fn precompress_static(www: &Path) -> Result<()> {
    let mut names = Vec::new();
    for e in std::fs::read_dir(www).with_context(|| format!("listing {}", www.display()))? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type()?.is_file()
            && [".css", ".js", ".html", ".svg"]
                .iter()
                .any(|x| name.ends_with(x))
        {
            names.push(name);
        }
    }
    names.sort();
    for name in names {
        let bytes = std::fs::read(www.join(&name)).with_context(|| format!("reading {name}"))?;
        let (br, gz) = precompress(www, &name, &bytes)?;
        println!(
            "sealbook-bundle: www/{name}: {} bytes, {br} brotli, {gz} gzip",
            bytes.len()
        );
    }
    Ok(())
}

/// The first 16 hex digits of the SHA-256 of `bytes`.
fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Renames bundle `name`'s wasm and glue to content-hashed names and writes its stable entry
/// module; returns the names written, relative to `out`.
fn hash_names(out: &Path, name: &str) -> Result<Vec<String>> {
    let wasm_name = format!("{name}_bg.wasm");
    let wasm = std::fs::read(out.join(&wasm_name)).context("reading the optimized wasm")?;
    let hashed_wasm = format!("{name}_bg-{}.wasm", short_hash(&wasm));
    std::fs::rename(out.join(&wasm_name), out.join(&hashed_wasm))?;

    let glue_name = format!("{name}.js");
    let glue = std::fs::read_to_string(out.join(&glue_name)).context("reading the JS glue")?;
    let default_url = format!("new URL('{wasm_name}', import.meta.url)");
    if glue.matches(&default_url).count() != 1 {
        bail!("the JS glue does not name its wasm as `{default_url}` exactly once; wasm-bindgen's output changed");
    }
    let glue = glue.replace(
        &default_url,
        &format!("new URL('{hashed_wasm}', import.meta.url)"),
    );
    let hashed_glue = format!("{name}-{}.js", short_hash(glue.as_bytes()));
    std::fs::write(out.join(&hashed_glue), &glue)?;
    std::fs::remove_file(out.join(&glue_name))?;
    let entry = format!(
        "// The stable name of the hashed glue, written by sealbook-bundle.\nexport * from './{hashed_glue}';\nexport {{ default }} from './{hashed_glue}';\n"
    );
    std::fs::write(out.join(&glue_name), entry)?;
    // wasm-bindgen's TypeScript declarations name the unhashed files; the page uses none.
    for d in [format!("{name}.d.ts"), format!("{name}_bg.wasm.d.ts")] {
        let p = out.join(d);
        if p.exists() {
            std::fs::remove_file(&p).with_context(|| format!("removing {}", p.display()))?;
        }
    }
    Ok(vec![glue_name, hashed_glue, hashed_wasm])
}

/// Writes `<name>.br` and `<name>.gz` beside `name`; returns their sizes.
fn precompress(out: &Path, name: &str, bytes: &[u8]) -> Result<(usize, usize)> {
    let mut br = Vec::new();
    {
        let params = brotli::enc::BrotliEncoderParams {
            quality: 11,
            lgwin: 22,
            ..Default::default()
        };
        brotli::BrotliCompress(&mut &bytes[..], &mut br, &params).context("brotli")?;
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes)?;
    let gz = gz.finish()?;
    std::fs::write(out.join(format!("{name}.br")), &br)?;
    std::fs::write(out.join(format!("{name}.gz")), &gz)?;
    Ok((br.len(), gz.len()))
}

/// npm's wasm-opt, installed pinned into `target/binaryen` by this build when missing.
fn wasm_opt(root: &Path) -> Result<PathBuf> {
    let prefix = target_dir(root).join("binaryen");
    let bin = prefix.join("node_modules/.bin/wasm-opt");
    let version = prefix.join("node_modules/binaryen/package.json");
    let pinned = BINARYEN.rsplit('@').next().unwrap_or_default();
    let installed = std::fs::read_to_string(&version)
        .is_ok_and(|s| s.contains(&format!("\"version\": \"{pinned}\"")));
    if bin.exists() && installed {
        return Ok(bin);
    }
    println!(
        "sealbook-bundle: npm install {BINARYEN} into {}",
        prefix.display()
    );
    std::fs::create_dir_all(&prefix)?;
    let status = Command::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--no-save",
            "--prefix",
        ])
        .arg(&prefix)
        .arg(BINARYEN)
        .status();
    match status {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
            "npm is not installed; the bundle needs npm to install {BINARYEN} (wasm-opt): install Node.js and npm (apt-get install -y npm)"
        ),
        Err(e) => return Err(e).context("running npm"),
        Ok(s) if !s.success() => bail!("npm install {BINARYEN} failed ({s}); see npm's messages above"),
        Ok(_) => {}
    }
    if !bin.exists() {
        bail!("npm installed {BINARYEN} but {} is missing", bin.display());
    }
    Ok(bin)
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Fails early, with the fix, when the wasm32 standard library is not installed.
fn check_target_installed() -> Result<()> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .with_context(|| format!("running `{rustc} --print sysroot`"))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    if !sysroot.join("lib/rustlib").join(TARGET).exists() {
        bail!("the Rust standard library for {TARGET} is not installed in {}; install it with `rustup target add {TARGET}`", sysroot.display());
    }
    Ok(())
}

/// Where cargo puts build output for this workspace.
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    }
}

/// Builds [`CRATE`] with `feature` alone, for size alone if `size_first`; returns the wasm
/// cargo wrote.
fn build_wasm(root: &Path, feature: &str, size_first: bool) -> Result<PathBuf> {
    let opt_level = if size_first {
        &[
            "--config",
            "profile.wasm.opt-level=\"z\"",
            "--config",
            "profile.wasm.package.sealbook-web.opt-level=\"z\"",
            "--config",
            "profile.wasm.package.sha2.opt-level=3",
        ][..]
    } else {
        &[]
    };
    println!("sealbook-bundle: cargo build --profile {PROFILE} --target {TARGET} -p {CRATE} --no-default-features --features {feature} {}", opt_level.join(" "));
    let status = Command::new(cargo())
        .current_dir(root)
        .args(["build", "--profile", PROFILE])
        .args(opt_level)
        .args(["--target", TARGET, "-p", CRATE])
        .args(["--no-default-features", "--features", feature])
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!("building {CRATE} for {TARGET} failed ({status}); see cargo's messages above");
    }
    let wasm = target_dir(root)
        .join(TARGET)
        .join(PROFILE)
        .join(format!("{WASM_NAME}.wasm"));
    if !wasm.exists() {
        bail!("cargo succeeded but {} is missing", wasm.display());
    }
    Ok(wasm)
}

/// Runs wasm-bindgen on `wasm`, writing `<name>.js` and `<name>_bg.wasm` into `out`.
fn bindgen(wasm: &Path, out: &Path, name: &str) -> Result<()> {
    println!(
        "sealbook-bundle: wasm-bindgen (web target) -> {}/{name}.js",
        out.display()
    );
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(wasm)
        .out_name(name)
        .web(true)?
        .omit_default_module_path(false)
        .generate(out)
        .with_context(|| format!("wasm-bindgen on {}", wasm.display()))
}

fn optimize(wasm_opt: &Path, wasm: &Path) -> Result<()> {
    let before = std::fs::metadata(wasm)?.len();
    let tmp = wasm.with_extension("opt.wasm");
    println!("sealbook-bundle: wasm-opt -Oz {}", wasm.display());
    let status = Command::new(wasm_opt)
        .arg("-Oz")
        .arg(wasm)
        .arg("-o")
        .arg(&tmp)
        .status()
        .with_context(|| format!("running {}", wasm_opt.display()))?;
    if !status.success() {
        let _ = std::fs::remove_file(&tmp);
        bail!("wasm-opt failed ({status})");
    }
    std::fs::rename(&tmp, wasm).context("replacing the wasm with the optimized one")?;
    println!(
        "sealbook-bundle: wasm-opt {}: {before} -> {} bytes",
        wasm.display(),
        std::fs::metadata(wasm)?.len()
    );
    Ok(())
}
