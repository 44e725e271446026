//! A `sealbook` child reaped by `wait4`, which reports the child's peak resident set: what the
//! memory-bound tests read (bounded, never timed).

use super::bin;
use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `sealbook <args>`; (exit code, stdout, stderr, peak resident set in KiB).
// The child is reaped by wait4 (which also reports its peak RSS), not by `Child::wait`.
#[allow(clippy::zombie_processes)]
#[allow(unsafe_code)] // wait4 for the child's rusage, with its SAFETY comment below
pub fn run_measured(args: &[&str]) -> (i32, String, String, i64) {
    let mut child = Command::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        err_pipe.read_to_string(&mut s).unwrap();
        s
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; the pid is our own unwaited child.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut ru) };
    assert_eq!(pid, child.id() as i32, "wait4");
    assert!(libc::WIFEXITED(status), "sealbook {args:?} was killed");
    (
        libc::WEXITSTATUS(status),
        out,
        err.join().unwrap(),
        ru.ru_maxrss,
    )
}
