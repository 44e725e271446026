//! Structured logs of `sealbook serve --league` on stderr (stdout stays the command's
//! result): one line per job (kind, run or session, seat, outcome, duration, error), through
//! the `tracing` ecosystem. Human-readable by default; one JSON object a line with
//! `--log-format json` or `SEALBOOK_LOG_FORMAT=json`. API keys never reach a log: the seats
//! hold them as [`crate::seats::ApiKey`], which prints `[REDACTED]`, and scrub them from what
//! providers echo.

use crate::outcome::Unusable;

/// The environment variable that selects the log format when `--log-format` is not given.
pub const LOG_FORMAT_ENV: &str = "SEALBOOK_LOG_FORMAT";

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// `2026-10-21T12:30:05.123Z  INFO sealbook::job: job kind="run" ...`
    Human,
    /// `{"timestamp":"...","level":"INFO","message":"job","kind":"run",...}`
    Json,
}

/// The format asked for: the flag, else the environment variable, else human.
pub fn format(flag: Option<LogFormat>) -> Result<LogFormat, Unusable> {
    if let Some(f) = flag {
        return Ok(f);
    }
    match std::env::var(LOG_FORMAT_ENV) {
        Err(_) => Ok(LogFormat::Human),
        Ok(v) => match v.trim() {
            "" | "human" => Ok(LogFormat::Human),
            "json" => Ok(LogFormat::Json),
            other => Err(Unusable::new(format!(
                "{LOG_FORMAT_ENV}={other:?}: the log format is human or json"
            ))
            .field(LOG_FORMAT_ENV)),
        },
    }
}

/// Installs the process's log writer (info and above, to stderr). A second call keeps the
/// first writer.
pub fn init(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_ansi(false);
    let _ = match format {
        LogFormat::Human => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init(),
    };
}
