//! The registry of variants shipped in `data/variants/` and of the side-bet catalogue shipped
//! in `data/catalogue/`: their rule files, compiled in, found by name.

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

/// The side-bet catalogue shipped in `data/catalogue/`, compiled in: one rule file per family
/// of bets, each named `catalogue/<family>` and carrying its published figures as claims.
pub const CATALOGUE: &[(&str, &str)] = &[
    (
        "catalogue/pairs",
        include_str!("../../data/catalogue/pairs.json"),
    ),
    (
        "catalogue/colours",
        include_str!("../../data/catalogue/colours.json"),
    ),
    (
        "catalogue/dragon-bonus",
        include_str!("../../data/catalogue/dragon-bonus.json"),
    ),
    (
        "catalogue/naturals",
        include_str!("../../data/catalogue/naturals.json"),
    ),
    (
        "catalogue/card-counts",
        include_str!("../../data/catalogue/card-counts.json"),
    ),
    (
        "catalogue/sixes",
        include_str!("../../data/catalogue/sixes.json"),
    ),
    (
        "catalogue/sevens",
        include_str!("../../data/catalogue/sevens.json"),
    ),
    (
        "catalogue/eights-nines",
        include_str!("../../data/catalogue/eights-nines.json"),
    ),
    (
        "catalogue/egalite",
        include_str!("../../data/catalogue/egalite.json"),
    ),
    (
        "catalogue/totals",
        include_str!("../../data/catalogue/totals.json"),
    ),
    (
        "catalogue/matchups",
        include_str!("../../data/catalogue/matchups.json"),
    ),
    (
        "catalogue/monkey",
        include_str!("../../data/catalogue/monkey.json"),
    ),
    (
        "catalogue/mid-coup",
        include_str!("../../data/catalogue/mid-coup.json"),
    ),
    (
        "catalogue/poker",
        include_str!("../../data/catalogue/poker.json"),
    ),
    (
        "catalogue/golden-talons-a",
        include_str!("../../data/catalogue/golden-talons-a.json"),
    ),
    (
        "catalogue/golden-talons-b",
        include_str!("../../data/catalogue/golden-talons-b.json"),
    ),
    (
        "catalogue/golden-talons-c",
        include_str!("../../data/catalogue/golden-talons-c.json"),
    ),
    (
        "catalogue/golden-talons-d",
        include_str!("../../data/catalogue/golden-talons-d.json"),
    ),
    (
        "catalogue/golden-talons-e",
        include_str!("../../data/catalogue/golden-talons-e.json"),
    ),
];

/// The JSON text of a shipped variant or catalogue file, by name (`ez-baccarat`,
/// `catalogue/pairs`).
pub fn shipped(name: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .chain(CATALOGUE)
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}
