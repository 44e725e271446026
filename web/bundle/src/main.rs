//! Builds the verifier page's wasm bundle into `www/pkg/` (`sealbook_web.js` +
//! `sealbook_web_bg.wasm`, wasm-bindgen `web` target):
//!
//! 1. `cargo build --release --target wasm32-unknown-unknown -p sealbook-web`;
//! 2. wasm-bindgen, used as a library pinned to the same version as the `wasm-bindgen` crate
//!    (one Cargo.lock keeps the two in lockstep);
//! 3. `wasm-opt -Oz` from npm's `binaryen` in tests/e2e/node_modules when it is installed
//!    (Debian's binaryen is too old for wasm-bindgen's output), skipped with a note otherwise.
//!
//! Usage: `cargo run --release -p sealbook-bundle`.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";
const CRATE: &str = "sealbook-web";
const WASM_NAME: &str = "sealbook_web";

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
    let wasm = build_wasm(&root)?;
    bindgen(&wasm, &out)?;
    let bg = out.join(format!("{WASM_NAME}_bg.wasm"));
    optimize(&root, &bg)?;
    for f in [format!("{WASM_NAME}.js"), format!("{WASM_NAME}_bg.wasm")] {
        let len = std::fs::metadata(out.join(&f))
            .with_context(|| format!("reading {f}"))?
            .len();
        println!("sealbook-bundle: www/pkg/{f}: {len} bytes");
    }
    Ok(())
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

fn build_wasm(root: &Path) -> Result<PathBuf> {
    println!("sealbook-bundle: cargo build --release --target {TARGET} -p {CRATE}");
    let status = Command::new(cargo())
        .current_dir(root)
        .args(["build", "--release", "--target", TARGET, "-p", CRATE])
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!("building {CRATE} for {TARGET} failed ({status}); see cargo's messages above");
    }
    let wasm = target_dir(root)
        .join(TARGET)
        .join("release")
        .join(format!("{WASM_NAME}.wasm"));
    if !wasm.exists() {
        bail!("cargo succeeded but {} is missing", wasm.display());
    }
    Ok(wasm)
}

fn bindgen(wasm: &Path, out: &Path) -> Result<()> {
    println!(
        "sealbook-bundle: wasm-bindgen (web target) -> {}",
        out.display()
    );
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("clearing {}", out.display()))?;
    }
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(wasm)
        .web(true)?
        .omit_default_module_path(false)
        .generate(out)
        .with_context(|| format!("wasm-bindgen on {}", wasm.display()))
}

fn optimize(root: &Path, wasm: &Path) -> Result<()> {
    let wasm_opt = root.join("tests/e2e/node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        println!(
            "sealbook-bundle: skipped wasm-opt: {} not found (run `npm ci` in tests/e2e to get npm's binaryen; Debian's is too old)",
            wasm_opt.display()
        );
        return Ok(());
    }
    let before = std::fs::metadata(wasm)?.len();
    let tmp = wasm.with_extension("opt.wasm");
    println!("sealbook-bundle: wasm-opt -Oz");
    let status = Command::new(&wasm_opt)
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
        "sealbook-bundle: wasm-opt: {before} -> {} bytes",
        std::fs::metadata(wasm)?.len()
    );
    Ok(())
}
