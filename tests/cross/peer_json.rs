//! Comparing our JSON documents with a Python peer's.

use serde_json::Value;

/// Asserts that two numbers agree within 1e-12 relative (a peer's numpy sums in another
/// order), and that anything else is equal; `what` names the member in the message.
pub fn close(a: &Value, b: &Value, what: &str) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!(
            (x - y).abs() <= 1e-12 * (1.0 + y.abs()),
            "{what}: ours {x} vs peer {y}"
        ),
        _ => assert_eq!(a, b, "{what}"),
    }
}
