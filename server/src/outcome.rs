//! What a command ends with: an exit code, or an unusable input described by file, line and field.

use serde::Serialize;
use std::fmt;
use std::path::Path;

/// The process exit code of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Every check held.
    Ok = 0,
    /// A verification check failed.
    Failed = 1,
    /// An input could not be used (exit 2). Commands return [`Unusable`] for this.
    Unusable = 2,
}

/// An input that cannot be used: names the file, line and field when they are known.
#[derive(Clone, Debug, Serialize)]
pub struct Unusable {
    pub file: Option<String>,
    pub line: Option<u64>,
    pub field: Option<String>,
    pub message: String,
}

impl Unusable {
    pub fn new(message: impl Into<String>) -> Self {
        Unusable {
            file: None,
            line: None,
            field: None,
            message: message.into(),
        }
    }

    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Unusable {
            file: Some(path.display().to_string()),
            ..Unusable::new(message)
        }
    }

    /// `path` could not be read or written: the I/O error in words.
    pub fn io(path: &Path, what: &str, e: &std::io::Error) -> Self {
        Unusable::file(path, format!("cannot {what}: {e}"))
    }

    pub fn at_line(mut self, line: u64) -> Self {
        self.line = Some(line);
        self
    }

    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Prints the error: one JSON object on stdout with `--json`, else a line on stderr.
    pub fn report(&self, json: bool) {
        if json {
            let doc = serde_json::json!({ "ok": false, "error": self });
            println!("{doc}");
        } else {
            eprintln!("sealbook: {self}");
        }
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}")?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
            }
            write!(f, ": ")?;
        } else if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(field) = &self.field {
            write!(f, "field {field}: ")?;
        }
        write!(f, "{}", self.message)
    }
}

/// Result of a command: how it ended, or why its input was unusable.
pub type CmdResult = Result<Exit, Unusable>;
