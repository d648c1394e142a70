//! Small pieces of generated English.

/// `n` and the noun for it: "1 industry", "6 industries". Generated prose counts what the
/// content holds, which may be one of a kind (the compiler's fixture has one of each).
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
#[test]
fn one_is_singular_and_every_other_count_plural() {
    assert_eq!(counted(1, "case study", "case studies"), "1 case study");
    assert_eq!(counted(0, "case study", "case studies"), "0 case studies");
    assert_eq!(counted(6, "industry", "industries"), "6 industries");
}
