//! Small helpers for the Scores page's HTML text: escaping and number formats.

use serde_json::Value;

/// Escapes text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number cell: four decimals shown, the document's exact value in `data-v` (for scripts
/// and tests), "-" for null.
pub fn num_td(v: Option<&Value>) -> String {
    match v.and_then(Value::as_f64) {
        Some(x) => format!(
            r#"<td class="num" data-v="{}">{x:.4}</td>"#,
            v.map(Value::to_string).unwrap_or_default()
        ),
        None => r#"<td class="num muted">-</td>"#.into(),
    }
}

/// A count cell.
pub fn int_td(v: Option<&Value>) -> String {
    match v.and_then(Value::as_u64) {
        Some(x) => format!(r#"<td class="num" data-v="{x}">{x}</td>"#),
        None => r#"<td class="num muted">-</td>"#.into(),
    }
}

/// A percentage cell from a share (0-1).
pub fn pct_td(v: Option<f64>) -> String {
    match v {
        Some(x) => format!(r#"<td class="num" data-v="{x}">{:.1}%</td>"#, x * 100.0),
        None => r#"<td class="num muted">-</td>"#.into(),
    }
}

/// `[lo, hi]` to four decimals.
pub fn interval(v: Option<&Value>) -> Option<String> {
    let a = v?.as_array()?;
    Some(format!(
        "[{:.4}, {:.4}]",
        a.first()?.as_f64()?,
        a.get(1)?.as_f64()?
    ))
}

/// An interval method's name as the reader reads it.
pub fn method_name(v: Option<&Value>) -> String {
    let field = |k: &str| {
        v.and_then(|m| m.get(k))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    };
    match v
        .and_then(|m| m.get("method"))
        .and_then(Value::as_str)
        .unwrap_or("")
    {
        "t_session_means" => "t on session means".into(),
        "session_cluster_bootstrap" => "session-cluster bootstrap".into(),
        "newey_west" => format!("Newey-West, lag {}", field("lag")),
        "block_bootstrap" => format!("block bootstrap, blocks of {}", field("block")),
        other => other.replace('_', " "),
    }
}

/// Wraps a wide table so it scrolls sideways on a phone; the region is focusable, so the
/// keyboard scrolls it too.
pub fn table_wrap(label: &str, table: &str) -> String {
    format!(
        r#"<div class="table-wrap" role="region" tabindex="0" aria-label="{}">{table}</div>"#,
        esc(label)
    )
}
