//! The command seat (`adapter = "command"`): runs a configured argv (no shell), writes the ask
//! on its stdin, reads the answer from its stdout. The whole process group is killed when the
//! seat's timeout or the run's deadline comes, when the process stops ([`GiveUp`]: a child
//! must not outlive the server that asked it), or when stdout passes the size bound; stderr
//! is discarded (a command may print anything there, its keys included).
//!
//! The program gets a clean environment: [`COMMAND_BASE_ENV`] and the variables its seat's
//! `env` names, when set, and nothing else (not the other seats' keys). A program that does
//! not read its whole ask (it exits first, or closes its stdin) has failed: the broken pipe is
//! this seat's error, never a signal to the process that asks every seat.

use super::{local_error, GiveUp, SeatAdapter, SeatReply, STOPPED_KIND};
use sealbook_core::league::config::COMMAND_BASE_ENV;
use sealbook_core::league::wire::{AskRequest, Finish, RetryAdvice, SeatOutcome};
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Debug)]
pub struct CommandSeat {
    pub name: String,
    /// Program and arguments, run as they are.
    pub argv: Vec<String>,
    pub timeout: Duration,
    pub max_reply_bytes: usize,
    /// The program's whole environment (names and values), fixed when the seat is made.
    pub env: Vec<(String, String)>,
    /// When to give up before the deadline (the process stopping), looked at every
    /// [`GIVE_UP_POLL`] while the command runs.
    pub give_up: Option<GiveUp>,
}

/// How often a running command's seat looks whether it is to give up.
const GIVE_UP_POLL: Duration = Duration::from_millis(50);

impl CommandSeat {
    /// A seat running `argv` with no environment but [`COMMAND_BASE_ENV`] and the variables
    /// named in `env`, each taken from this process's environment when set.
    pub fn new(name: &str, argv: Vec<String>, env: &[String], timeout: Duration) -> CommandSeat {
        let env = COMMAND_BASE_ENV
            .iter()
            .copied()
            .chain(env.iter().map(String::as_str))
            .filter_map(|k| Some((k.to_string(), std::env::var(k).ok()?)))
            .collect();
        CommandSeat {
            name: name.to_string(),
            argv,
            timeout,
            max_reply_bytes: super::DEFAULT_MAX_REPLY_BYTES,
            env,
            give_up: None,
        }
    }

    fn reply(&self, outcome: SeatOutcome, raw: Vec<u8>) -> SeatReply {
        SeatReply {
            seat: self.name.clone(),
            outcome,
            status: None,
            raw,
            arrived: Instant::now(),
            attempts: 1,
            earlier: Vec::new(),
            redacted: false,
        }
    }
}

/// The text on the command's stdin: the system text, a blank line, the user text.
pub fn stdin_text(request: &AskRequest) -> String {
    if request.system.is_empty() {
        request.user.clone()
    } else {
        format!("{}\n\n{}", request.system, request.user)
    }
}

fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    #[allow(unsafe_code)]
    // SAFETY: signals the process group this module created for the child (process_group(0)).
    unsafe {
        libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

impl SeatAdapter for CommandSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn ask(&self, request: &AskRequest, deadline: Instant) -> SeatReply {
        let Some((program, args)) = self.argv.split_first() else {
            return self.reply(
                local_error("command", "the command is empty".into(), RetryAdvice::No),
                Vec::new(),
            );
        };
        let until = deadline.min(Instant::now() + self.timeout);
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                return self.reply(
                    local_error(
                        "command",
                        format!("cannot run {program}: {e}"),
                        RetryAdvice::No,
                    ),
                    Vec::new(),
                )
            }
        };
        let text = stdin_text(request).into_bytes();
        let (Some(mut stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            return self.reply(
                local_error("command", "no pipe to the command".into(), RetryAdvice::No),
                Vec::new(),
            );
        };
        // A command that never reads its stdin must not block the seat: write on a thread,
        // whose result says whether the command took its whole ask.
        let (wrote_tx, wrote) = mpsc::channel();
        std::thread::spawn(move || {
            let r = stdin.write_all(&text).and_then(|()| stdin.flush());
            drop(stdin);
            let _ = wrote_tx.send(r);
        });
        let max = self.max_reply_bytes;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let r = (&mut stdout).take(max as u64 + 1).read_to_end(&mut out);
            let _ = tx.send(r.map(|_| out));
        });
        let left = until.saturating_duration_since(Instant::now());
        let read = loop {
            let give_up = self.give_up.as_ref().and_then(GiveUp::at);
            let end = give_up.map_or(until, |g| g.min(until));
            let wait = end.saturating_duration_since(Instant::now());
            match rx.recv_timeout(wait.min(GIVE_UP_POLL)) {
                Err(mpsc::RecvTimeoutError::Timeout) if wait > GIVE_UP_POLL => continue,
                Err(_) if give_up.is_some_and(|g| g < until) => {
                    kill_group(&mut child);
                    return self.reply(
                        local_error(
                            STOPPED_KIND,
                            "sealbook stopped before the command answered; killed".into(),
                            RetryAdvice::No,
                        ),
                        Vec::new(),
                    );
                }
                r => break r,
            }
        };
        let out = match read {
            Ok(Ok(out)) => out,
            Ok(Err(e)) => {
                kill_group(&mut child);
                return self.reply(
                    local_error("command", format!("reading stdout: {e}"), RetryAdvice::No),
                    Vec::new(),
                );
            }
            Err(_) => {
                kill_group(&mut child);
                return self.reply(
                    local_error(
                        "timeout",
                        format!("no complete answer within {} ms; killed", left.as_millis()),
                        RetryAdvice::No,
                    ),
                    Vec::new(),
                );
            }
        };
        if out.len() > max {
            kill_group(&mut child);
            return self.reply(
                local_error(
                    "oversized",
                    format!("stdout is larger than {max} bytes; killed"),
                    RetryAdvice::No,
                ),
                out,
            );
        }
        // stdout closed: the command should be ending; wait for its status until the deadline.
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        // The ask's write: done by now unless something else of the command's process group
        // still holds its stdin without reading it (killed at the deadline, which ends it).
        let left = until.saturating_duration_since(Instant::now());
        let wrote = match wrote.recv_timeout(left) {
            Ok(r) => r,
            Err(_) => {
                kill_group(&mut child);
                wrote
                    .recv_timeout(Duration::from_secs(1))
                    .unwrap_or_else(|_| Err(std::io::ErrorKind::TimedOut.into()))
            }
        };
        let outcome = match (status, wrote) {
            (None, _) => {
                kill_group(&mut child);
                local_error(
                    "timeout",
                    "the command closed stdout but did not exit in time; killed".into(),
                    RetryAdvice::No,
                )
            }
            (Some(s), _) if !s.success() => local_error(
                "exit",
                format!("the command ended with {s}"),
                RetryAdvice::No,
            ),
            (Some(_), Err(e)) => local_error(
                "command",
                format!("the command did not read its whole ask on stdin ({e})"),
                RetryAdvice::No,
            ),
            (Some(_), Ok(())) => match String::from_utf8(out.clone()) {
                Ok(text) => SeatOutcome {
                    text: Some(text),
                    provider_model: None,
                    provider_finish: None,
                    finish: Finish::Stop,
                    retry: RetryAdvice::No,
                },
                Err(e) => local_error(
                    "malformed",
                    format!("stdout is not UTF-8: {e}"),
                    RetryAdvice::No,
                ),
            },
        };
        self.reply(outcome, out)
    }
}
