//! Number and size formatting for the page. Digits are Western (0-9) and grouped by commas in
//! every language the pages speak: the grouping of English and Chinese, and the Latin-digit
//! Arabic of Unicode CLDR's `ar-u-nu-latn`, so a count reads the same in a hash-heavy report.

use crate::i18n::{plural, tr, M};

pub use sealbook_core::text::count;

/// A byte size in decimal units: `512 B`, `1.5 kB`, `200.0 MB`, the number and its unit joined
/// by a no-break space (never split across lines). In Arabic the size is a left-to-right
/// isolate (U+2066 .. U+2069): the number stays before its Latin unit, as `2.2 MB`, where the
/// right-to-left paragraph would otherwise lay it out as `MB 2.2`.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["kB", "MB", "GB", "TB"];
    let size = if n < 1000 {
        format!("{n}\u{a0}B")
    } else {
        let mut v = n as f64 / 1000.0;
        let mut unit = 0;
        while v >= 999.95 && unit + 1 < UNITS.len() {
            v /= 1000.0;
            unit += 1;
        }
        format!("{v:.1}\u{a0}{}", UNITS[unit])
    };
    match crate::i18n::lang().dir() {
        "rtl" => format!("\u{2066}{size}\u{2069}"),
        _ => size,
    }
}

/// `x` rounded to `decimals` decimals for a reader (the published files keep the exact value,
/// so `55.489999999999995` reads `55.49` at two): a rounded zero loses its sign, and a value
/// that is not finite reads `-`.
pub fn fixed(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "-".into();
    }
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// `x` for a reader with at most `decimals` decimals and no trailing zeros: `55.49`, `0.25`,
/// `10000` (a limit, a floor or a rate named in a sentence).
pub fn short(x: f64, decimals: usize) -> String {
    let s = fixed(x, decimals);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// `n line`/`n lines` with the count formatted, in the page's language.
pub fn lines(n: u64) -> String {
    tr(plural(n, M::LinesOne, M::LinesMany), &[("n", &count(n))])
}

/// `message` with its first letter capitalized (core's messages start in lower case).
pub fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(200000), "200,000");
        assert_eq!(count(1234567), "1,234,567");
        assert_eq!(bytes(999), "999\u{a0}B");
        assert_eq!(bytes(1500), "1.5\u{a0}kB");
        assert_eq!(bytes(999_999), "1.0\u{a0}MB");
        assert_eq!(bytes(200_000_000), "200.0\u{a0}MB");
        assert_eq!(lines(1), "1 line");
        assert_eq!(lines(211), "211 lines");
        assert_eq!(fixed(55.489999999999995, 2), "55.49");
        assert_eq!(fixed(-0.00001, 3), "0.000");
        assert_eq!(fixed(-0.25, 3), "-0.250");
        assert_eq!(fixed(f64::NAN, 3), "-");
        assert_eq!(short(55.489999999999995, 4), "55.49");
        assert_eq!(short(10000.0, 2), "10000");
        assert_eq!(short(0.25, 4), "0.25");
    }

    #[test]
    fn an_arabic_size_keeps_its_number_before_its_unit() {
        use crate::i18n::{set, Lang};
        set(Lang::Zh);
        assert_eq!(bytes(2_200_000), "2.2\u{a0}MB");
        set(Lang::Ar);
        assert_eq!(bytes(2_200_000), "\u{2066}2.2\u{a0}MB\u{2069}");
        assert_eq!(bytes(12), "\u{2066}12\u{a0}B\u{2069}");
        set(Lang::En);
    }
}
