//! Units and the one rounding rule of the trading tracks (spec §4.7, §4.11).
//!
//! Balances never pass through binary floating point:
//! - money is an `i64` count of **cents** (the published rows print dollars with two decimals);
//! - a price is an `i64` count of **micro-dollars** (10^-6 USD; published as a decimal string
//!   with at most six decimals, read exactly by [`parse_decimal`]);
//! - a quantity is an `i64` count of **micro-shares** (10^-6 of a share, negative when short);
//! - a weight is an `i64` count of **basis points** of equity (1 bp = 0.01%);
//! - a rate is an `i64` count of **parts per million** (a 13-week bill rate of 4.1234% is 41234).
//!
//! **The rounding rule** (written once, here, and in `arena-protocol.json` under `rounding`):
//! every conversion between units is an exact integer product followed by one division,
//! rounded to the nearest integer, ties to even ([`round_div`]). Nothing else rounds: a trade's
//! value is `round(qty * price)` in cents, its cost `round(|value| * cost_bp / 10^4)`, a target
//! `round(equity * weight_bp / 10^4)`, a target quantity `round(value / price)`, and a day's
//! interest `round(cash * rate_ppm * days / (360 * 10^6))` (actual/360, the bill convention).

/// The name of this rule, as `arena-protocol.json` states it.
pub const ROUNDING_RULE: &str = "integer_units__round_half_even__v1";

/// Micro-units per unit (prices in micro-dollars, quantities in micro-shares).
pub const MICRO: i128 = 1_000_000;
/// Basis points per whole (100%).
pub const BP: i128 = 10_000;

/// `n / d` rounded to the nearest integer, ties to even, saturating at the `i64` range.
/// `d` must be non-zero; a zero divisor gives 0 (callers never divide by a price of 0: prices
/// are checked positive where they are read).
pub fn round_div(n: i128, d: i128) -> i64 {
    if d == 0 {
        return 0;
    }
    let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
    let q = n.div_euclid(d);
    let r = n.rem_euclid(d);
    let q = match (2 * r).cmp(&d) {
        std::cmp::Ordering::Less => q,
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal => q + (q & 1),
    };
    q.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// The value in cents of `qty` micro-shares at `price` micro-dollars.
pub fn value_cents(qty: i64, price: i64) -> i64 {
    // micro-shares * micro-dollars = 10^-12 dollars = 10^-10 cents.
    round_div(qty as i128 * price as i128, MICRO * MICRO / 100)
}

/// The micro-shares worth `cents` at `price` micro-dollars.
pub fn qty_for(cents: i64, price: i64) -> i64 {
    round_div(cents as i128 * (MICRO * MICRO / 100), price as i128)
}

/// `bp` basis points of `cents` (a target value, or a cost at `bp` per dollar traded).
pub fn share_cents(cents: i64, bp: i64) -> i64 {
    round_div(cents as i128 * bp as i128, BP)
}

/// Interest in cents on `cash` cents at an annual `rate_ppm` over `days` calendar days
/// (actual/360).
pub fn interest_cents(cash: i64, rate_ppm: i64, days: i64) -> i64 {
    round_div(cash as i128 * rate_ppm as i128 * days as i128, 360 * MICRO)
}

/// A decimal string (`"512.34"`, `"-0.5"`, `"7"`) as an integer count of 10^-`scale` units,
/// exactly; None when it is not a plain decimal or has more than `scale` decimals.
pub fn parse_decimal(s: &str, scale: u32) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if int.is_empty()
        || int.len() > 15
        || frac.len() > scale as usize
        || (body.contains('.') && frac.is_empty())
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut v: i64 = int.parse().ok()?;
    for i in 0..scale as usize {
        let digit = frac.as_bytes().get(i).map_or(0, |b| i64::from(b - b'0'));
        v = v.checked_mul(10)?.checked_add(digit)?;
    }
    Some(if neg { -v } else { v })
}

/// Cents as dollars for the published rows: the nearest double to `cents / 100`, whose
/// shortest representation has at most two decimals (read back exactly by [`cents_of`]).
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A published dollar amount back to cents (rounded to the nearest cent); None when it is not
/// finite or out of range.
pub fn cents_of(dollars: f64) -> Option<i64> {
    let c = (dollars * 100.0).round();
    (c.is_finite() && c.abs() < 9.0e15).then_some(c as i64)
}

/// Micro-units as the decimal string the files use (`512340000` -> `"512.34"`).
pub fn micro_string(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    let (int, frac) = (a / 1_000_000, a % 1_000_000);
    if frac == 0 {
        return format!("{sign}{int}");
    }
    let f = format!("{frac:06}");
    format!("{sign}{int}.{}", f.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_half_even_on_both_signs() {
        assert_eq!(round_div(5, 2), 2);
        assert_eq!(round_div(7, 2), 4);
        assert_eq!(round_div(-5, 2), -2);
        assert_eq!(round_div(-7, 2), -4);
        assert_eq!(round_div(6, 4), 2);
        assert_eq!(round_div(5, 4), 1);
        assert_eq!(round_div(-5, 4), -1);
        assert_eq!(round_div(5, -4), -1);
    }

    #[test]
    fn units_convert_by_hand() {
        // 2.5 shares at $100.005 = $250.0125 = 25001.25 cents -> 25001.
        assert_eq!(value_cents(2_500_000, 100_005_000), 25001);
        // 0.5 cent exactly rounds to even: 1 share at $0.005 -> 0.5 cents -> 0.
        assert_eq!(value_cents(1_000_000, 5_000), 0);
        assert_eq!(value_cents(3_000_000, 5_000), 2); // 1.5 cents -> 2
                                                      // $20,000 at $512.34: 39.0365772... shares.
        assert_eq!(qty_for(2_000_000, 512_340_000), 39_036_577);
        // 0.1% of $1,234.55 = 123.455 cents -> 123 (ties to even would only matter at .5).
        assert_eq!(share_cents(123_455, 10), 123);
        assert_eq!(share_cents(125, 2000), 25);
        // $100,000 at 4.00% for 3 days, actual/360: 3333.33 cents -> 3333.
        assert_eq!(interest_cents(10_000_000, 40_000, 3), 3333);
        assert_eq!(interest_cents(-10_000_000, 40_000, 3), -3333);
    }

    #[test]
    fn decimals_read_exactly_or_not_at_all() {
        assert_eq!(parse_decimal("512.34", 6), Some(512_340_000));
        assert_eq!(parse_decimal("7", 6), Some(7_000_000));
        assert_eq!(parse_decimal("-0.5", 2), Some(-50));
        assert_eq!(parse_decimal("0.1234567", 6), None);
        assert_eq!(parse_decimal("1e3", 6), None);
        assert_eq!(parse_decimal("1.", 6), None);
        assert_eq!(parse_decimal(".5", 6), None);
        assert_eq!(parse_decimal("", 6), None);
        assert_eq!(micro_string(512_340_000), "512.34");
        assert_eq!(micro_string(-1), "-0.000001");
        assert_eq!(cents_of(dollars(10_012_345)), Some(10_012_345));
        assert_eq!(dollars(10_012_345).to_string(), "100123.45");
    }
}
