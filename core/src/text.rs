//! Sentence templates with named arguments, and digit grouping: what the pages' languages
//! (seed 000 is written in Chinese, its peer rulebook in Chinese and Arabic) are filled in
//! with, shared by the static pages core writes (the league's proof pages) and the web
//! pages' message catalog, so a `{name}` means the same thing in both.

use std::fmt::Display;

/// `text` with each `{name}` replaced by its argument in `args`. A name without an argument
/// stays as written, and a `{` without its `}` is kept as text.
pub fn fill(text: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => out.push_str(&value.to_string()),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` arguments `text` uses, in order of first use.
pub fn arguments(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &after[close + 1..];
    }
    names
}

/// A count with Western digits grouped by commas, `1234567` -> `1,234,567`: the grouping of
/// English and Chinese and the Latin-digit Arabic of Unicode CLDR's `ar-u-nu-latn`, so a
/// count reads the same in every language beside the hashes.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_named_arguments() {
        let n = 3;
        assert_eq!(
            fill("{n} of {total}", &[("n", &n), ("total", &"5")]),
            "3 of 5"
        );
        assert_eq!(fill("{missing} {", &[]), "{missing} {");
        assert_eq!(arguments("{a} {b} {a}"), vec!["a", "b"]);
    }

    #[test]
    fn groups_digits() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1234567), "1,234,567");
    }
}
