//! The OpenTimestamps wire primitives (unsigned LEB128 `varuint`, `varbytes`) and the error
//! classes of python-opentimestamps' `opentimestamps.core.serialize` (spec §3.2, Appendix B
//! step 6: the `.ots` proof is read exactly as the reference client reads it).
//!
//! Every length read from input is checked against its limit before anything is allocated,
//! and reading past the end is a [`ErrorKind::TruncationError`], so hostile input costs at
//! most its own size.

use serde::Serialize;
use std::fmt;

/// The reference's exception classes. All are `DeserializationError` subclasses there;
/// the variant names are the Python class names so reports can be compared directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ErrorKind {
    /// The 31-byte detached-file magic is missing or different.
    BadMagicError,
    /// The major version is not 1.
    UnsupportedMajorVersion,
    /// The input ended inside an item.
    TruncationError,
    /// Bytes follow a complete proof (or a complete attestation payload).
    TrailingGarbageError,
    /// More than 255 operations nested on one path (python's limit of 256 timestamps).
    RecursionLimitError,
    /// Any other malformed content (unknown tag, length over a limit, bad URI, ...).
    DeserializationError,
}

impl ErrorKind {
    /// The python-opentimestamps class name, e.g. `TruncationError`.
    pub fn python_name(self) -> &'static str {
        match self {
            ErrorKind::BadMagicError => "BadMagicError",
            ErrorKind::UnsupportedMajorVersion => "UnsupportedMajorVersion",
            ErrorKind::TruncationError => "TruncationError",
            ErrorKind::TrailingGarbageError => "TrailingGarbageError",
            ErrorKind::RecursionLimitError => "RecursionLimitError",
            ErrorKind::DeserializationError => "DeserializationError",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.python_name())
    }
}

/// A proof that could not be read: the reference's error class, the byte offset in the
/// input where reading stopped, and a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OtsError {
    /// The reference's error class.
    pub kind: ErrorKind,
    /// Offset in the parsed bytes (for a detached file: from the start of the file).
    pub offset: usize,
    /// What is wrong there.
    pub message: String,
}

impl OtsError {
    pub(crate) fn new(kind: ErrorKind, offset: usize, message: impl Into<String>) -> OtsError {
        OtsError {
            kind,
            offset,
            message: message.into(),
        }
    }
}

impl fmt::Display for OtsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.kind, self.offset, self.message)
    }
}

impl std::error::Error for OtsError {}

/// A cursor over input bytes with the reference's read primitives.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Added to `pos` in error offsets (an attestation payload is read from a sub-slice).
    base: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Reader<'a> {
        Reader {
            data,
            pos: 0,
            base: 0,
        }
    }

    pub(crate) fn sub(data: &'a [u8], base: usize) -> Reader<'a> {
        Reader { data, pos: 0, base }
    }

    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    pub(crate) fn error(&self, kind: ErrorKind, message: impl Into<String>) -> OtsError {
        OtsError::new(kind, self.offset(), message)
    }

    /// `fd_read(n)`: exactly `n` bytes or `TruncationError`.
    pub(crate) fn read_bytes(&mut self, n: usize) -> Result<&'a [u8], OtsError> {
        let left = self.data.len() - self.pos;
        if n > left {
            return Err(self.error(
                ErrorKind::TruncationError,
                format!("Tried to read {n} bytes but got only {left} bytes"),
            ));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    pub(crate) fn read_byte(&mut self) -> Result<u8, OtsError> {
        Ok(self.read_bytes(1)?[0])
    }

    /// `read_varuint()`: unsigned LEB128 of any length. The reference yields an unbounded
    /// integer; here a value that does not fit in 64 bits saturates to `u64::MAX`, which every
    /// length or version comparison treats exactly as the reference treats the huge value.
    pub(crate) fn read_varuint_saturating(&mut self) -> Result<u64, OtsError> {
        let mut value: u64 = 0;
        let mut shift: u32 = 0;
        let mut overflow = false;
        loop {
            let b = self.read_byte()?;
            let bits = u64::from(b & 0x7f);
            if bits != 0 {
                if shift >= 64 || (bits << shift) >> shift != bits {
                    overflow = true;
                } else {
                    value |= bits << shift;
                }
            }
            if b & 0x80 == 0 {
                break;
            }
            shift = shift.saturating_add(7);
        }
        Ok(if overflow { u64::MAX } else { value })
    }

    /// A varuint below 2^64 - 1 (block heights). The reference accepts any size; a height of
    /// 2^64 - 1 or more is not a real block, so it is rejected as `DeserializationError`
    /// rather than carried as a big integer.
    pub(crate) fn read_varuint_u64(&mut self) -> Result<u64, OtsError> {
        let start = self.offset();
        let v = self.read_varuint_saturating()?;
        if v == u64::MAX {
            return Err(OtsError::new(
                ErrorKind::DeserializationError,
                start,
                "varuint does not fit in 64 bits",
            ));
        }
        Ok(v)
    }

    /// `read_varbytes(max_len, min_len)`.
    pub(crate) fn read_varbytes(
        &mut self,
        max_len: usize,
        min_len: usize,
    ) -> Result<&'a [u8], OtsError> {
        let start = self.offset();
        let l = self.read_varuint_saturating()?;
        if l > max_len as u64 {
            let shown = if l == u64::MAX {
                ">= 2^64".to_string()
            } else {
                l.to_string()
            };
            return Err(OtsError::new(
                ErrorKind::DeserializationError,
                start,
                format!("varbytes max length exceeded; {shown} > {max_len}"),
            ));
        }
        if l < min_len as u64 {
            return Err(OtsError::new(
                ErrorKind::DeserializationError,
                start,
                format!("varbytes min length not met; {l} < {min_len}"),
            ));
        }
        self.read_bytes(l as usize)
    }

    /// `assert_eof()`.
    pub(crate) fn assert_eof(&self) -> Result<(), OtsError> {
        if self.pos < self.data.len() {
            return Err(self.error(
                ErrorKind::TrailingGarbageError,
                "Trailing garbage found after end of deserialized data",
            ));
        }
        Ok(())
    }
}

/// `write_varuint`: canonical unsigned LEB128.
pub(crate) fn write_varuint(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let b = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// `write_varbytes`: varuint length then the bytes.
pub(crate) fn write_varbytes(out: &mut Vec<u8>, bytes: &[u8]) {
    write_varuint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varuint_round_trip_and_saturation() {
        for v in [0u64, 1, 127, 128, 300, 358391, u64::MAX - 1] {
            let mut out = Vec::new();
            write_varuint(&mut out, v);
            assert_eq!(Reader::new(&out).read_varuint_saturating().unwrap(), v);
        }
        // Non-canonical padding is accepted, as the reference does.
        assert_eq!(
            Reader::new(&[0x81, 0x80, 0x80, 0x00])
                .read_varuint_saturating()
                .unwrap(),
            1
        );
        // 100 continuation bytes of 0x7f: far beyond 64 bits.
        let mut long = vec![0xffu8; 100];
        long.push(0x01);
        assert_eq!(
            Reader::new(&long).read_varuint_saturating().unwrap(),
            u64::MAX
        );
        assert_eq!(
            Reader::new(&long).read_varuint_u64().unwrap_err().kind,
            ErrorKind::DeserializationError
        );
        let e = Reader::new(&[0x80, 0x80])
            .read_varuint_saturating()
            .unwrap_err();
        assert_eq!((e.kind, e.offset), (ErrorKind::TruncationError, 2));
    }

    #[test]
    fn varbytes_limits() {
        let e = Reader::new(&[0x05, 1, 2]).read_varbytes(4, 0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::DeserializationError);
        let e = Reader::new(&[0x00]).read_varbytes(4, 1).unwrap_err();
        assert_eq!(e.kind, ErrorKind::DeserializationError);
        let e = Reader::new(&[0x04, 1, 2]).read_varbytes(4, 1).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TruncationError);
        assert_eq!(
            Reader::new(&[0x02, 1, 2]).read_varbytes(4, 1).unwrap(),
            &[1, 2]
        );
    }
}
