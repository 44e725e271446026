//! A running `sealbook serve` for the HTTP tests: started on a free port of 127.0.0.1, its
//! URL read from the banner's first line, killed when dropped.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub struct Server {
    pub child: Child,
    /// `127.0.0.1:port`.
    pub addr: String,
    /// The file its stderr goes to, when the test asked for one.
    pub log: Option<PathBuf>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `command` (`sealbook serve --addr 127.0.0.1:0 ...`; its stdout is taken here) and
/// reads the URL from the first line it prints.
pub fn start(command: Command, log: Option<PathBuf>) -> Server {
    start_to(command, log, None)
}

/// [`start`], with everything the server prints on stdout (its URL line first) copied to the
/// file `stdout` when one is given (for tests that search the server's output).
pub fn start_to(mut command: Command, log: Option<PathBuf>, stdout: Option<&Path>) -> Server {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .expect("start sealbook serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).expect("read the URL line");
    // Keep reading what the server prints after its URL, so it never writes to a closed pipe.
    let mut sink: Box<dyn Write + Send> = match stdout {
        Some(path) => {
            let mut f = std::fs::File::create(path).expect("create the stdout file");
            f.write_all(first.as_bytes())
                .expect("write the stdout file");
            Box::new(f)
        }
        None => Box::new(std::io::sink()),
    };
    std::thread::spawn(move || std::io::copy(&mut out, &mut sink));
    let addr = first
        .trim()
        .strip_prefix("serving http://")
        .and_then(|s| s.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_string();
    Server { child, addr, log }
}
