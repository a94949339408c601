//! The registry of variants shipped in `data/variants/`: their rule files, compiled in, found
//! by name.

/// The variants shipped in `data/variants/`, compiled in, by name.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "reference",
        include_str!("../../data/variants/reference.json"),
    ),
    (
        "reference-6-decks",
        include_str!("../../data/variants/reference-6-decks.json"),
    ),
    (
        "tie-9-to-1",
        include_str!("../../data/variants/tie-9-to-1.json"),
    ),
    (
        "banco-4-percent",
        include_str!("../../data/variants/banco-4-percent.json"),
    ),
    ("super-6", include_str!("../../data/variants/super-6.json")),
    (
        "ez-baccarat",
        include_str!("../../data/variants/ez-baccarat.json"),
    ),
    (
        "side-bets",
        include_str!("../../data/variants/side-bets.json"),
    ),
];

/// The JSON text of a shipped variant.
pub fn shipped(name: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}
