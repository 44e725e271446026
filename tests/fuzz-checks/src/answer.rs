//! `league::answer::read_answer` on arbitrary text: never a panic; a refused shape seals no
//! items; sealed items are always an object of objects (`items.<ASSET>.<horizon>`), as the
//! book's reader requires; a well-formed answer has no mark.

use sealbook_core::book::canon::Value;
use sealbook_core::league::answer::read_answer;
use sealbook_core::records::book_lines::build::Shape;

/// The property, on one input: returns, or panics with what broke.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let r = read_answer(&text);
    match (&r.shape, &r.items) {
        (Some((Shape::Refused, reason)), items) => {
            assert!(items.is_none() && !reason.is_empty());
        }
        (_, None) => panic!("items missing without a refused shape"),
        (shape, Some(items)) => {
            assert!(r.at_byte.is_some_and(|b| b < text.len()));
            if let Some((_, reason)) = shape {
                assert!(!reason.is_empty());
            }
            for (_, cells) in items.iter() {
                let Value::Object(cells) = cells else {
                    panic!("items.<asset> is not an object")
                };
                assert!(cells.iter().all(|(_, c)| matches!(c, Value::Object(_))));
            }
        }
    }
}
