//! Bitcoin block headers dropped as files of their own (spec §3.11, Appendix B step 6): each a
//! raw 80-byte header (`.bin`), named by its height where the name says it (`0822528.bin`,
//! `main-0823225.bin`: the digits after the last `-`). Read in the order of their names and
//! analysed as [`analyze_headers`] does a pasted run: proof of work, links, the runs and their
//! total work, median time past, each retarget whose period's first header is among them, and
//! which of two competing blocks is on the heavier run, or that the headers cannot tell.

use crate::ots::bitcoin::{
    analyze_headers, BlockHeader, HeaderAnalysis, HeaderMsg, LabelledHeader,
};
use std::fmt;

/// Why dropped header files could not be analysed: the file (empty when none is to blame) and
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderFileError {
    pub name: String,
    pub message: HeaderMsg,
}

impl fmt::Display for HeaderFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

/// Whether a dropped file is a raw block header file: named `.bin` and 80 bytes long.
pub fn is_header_file(name: &str, size: u64) -> bool {
    name.ends_with(".bin") && size == 80
}

/// The height a header file's name states: the digits of its stem after the last `-`
/// (at most 9 of them), else none.
pub fn height_of(name: &str) -> Option<u64> {
    let file = name.rsplit('/').next().unwrap_or(name);
    let stem = file.strip_suffix(".bin")?;
    let digits = stem.rsplit('-').next().unwrap_or(stem);
    (!digits.is_empty() && digits.len() <= 9 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The run of header `files` (name, bytes) read in name order, and its analysis. A file that
/// is not one 80-byte header is an error naming it.
pub fn analyze_header_files(
    files: &[(String, Vec<u8>)],
) -> Result<(Vec<String>, HeaderAnalysis), HeaderFileError> {
    let mut sorted: Vec<&(String, Vec<u8>)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut run = Vec::with_capacity(sorted.len());
    for (name, bytes) in &sorted {
        let header = BlockHeader::parse(bytes).map_err(|e| HeaderFileError {
            name: name.clone(),
            message: e.message,
        })?;
        run.push(LabelledHeader {
            height: height_of(name),
            header,
        });
    }
    let analysis = analyze_headers(&run).map_err(|e| HeaderFileError {
        name: sorted.get(e.index).map_or("", |f| f.0.as_str()).to_string(),
        message: e.message,
    })?;
    Ok((sorted.iter().map(|f| f.0.clone()).collect(), analysis))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_come_from_the_names() {
        assert_eq!(height_of("continuous/0822528.bin"), Some(822528));
        assert_eq!(height_of("stale/main-0823225.bin"), Some(823225));
        assert_eq!(height_of("header.bin"), None);
        assert_eq!(height_of("0822528.txt"), None);
        assert_eq!(height_of("1234567890.bin"), None);
        assert!(is_header_file("x/0822528.bin", 80));
        assert!(!is_header_file("x/0822528.bin", 81));
        assert!(!is_header_file("x/0822528.txt", 80));
    }

    #[test]
    fn a_file_that_is_not_a_header_is_named() {
        let e = analyze_header_files(&[("a/1.bin".into(), vec![0; 79])]).unwrap_err();
        assert_eq!(e.to_string(), "a/1.bin: a block header is 80 bytes, got 79");
        assert_eq!(e.message, HeaderMsg::NotEightyBytes { got: 79 });
        assert_eq!(
            analyze_header_files(&[]).unwrap_err().to_string(),
            ": no block header supplied"
        );
    }
}
