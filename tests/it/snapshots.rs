//! Rendered outputs for people, as named snapshots in the top-level snapshots/ folder.

use punto_banco::card::parse_cards;
use punto_banco::coup::deal;
use punto_banco::lang::Lang;
use punto_banco::render::analysis::render_analysis;
use punto_banco::render::coup::render_coup;
use punto_banco::render::tableau::{
    banco_grid, legend, punto_grid, range_table, render_rules, rules_json,
};
use punto_banco::render::{Format, Page};
use punto_banco::rules::Rules;

#[test]
fn golden_tableau() {
    let rules = Rules::reference();
    for lang in Lang::ALL {
        let text = format!(
            "{}\n{}\n\n{}\n{}",
            banco_grid(&rules.drawing, lang).to_text(),
            legend(lang),
            punto_grid(&rules.drawing, lang).to_text(),
            range_table(&rules.drawing, lang).to_text()
        );
        snapshot!(format!("tableau__banco_{lang}"), text);
    }
    snapshot!("tableau__json", format!("{:#}", rules_json(&rules, 20)));
}

#[test]
fn rules_summary() {
    let rules = Rules::reference();
    snapshot!(
        "rules__en",
        render_rules(&rules, 20, &Page::new(Format::Text, Lang::En))
    );
    snapshot!(
        "rules__fr",
        render_rules(&rules, 20, &Page::new(Format::Text, Lang::Fr))
    );
}

#[test]
fn the_worked_example_explained() {
    let rules = Rules::reference();
    for (name, cards) in [
        ("third_card_8", "4♥ 2♠ 9♣ A♦ 8♦"),
        ("third_card_7", "4♥ 2♠ 9♣ A♦ 7♦ 5♠"),
        ("natural", "9♠ 5♥ K♣ Q♦ 3♠"),
        ("punto_stands", "6♠ 2♥ K♣ 2♦ 9♦"),
    ] {
        let cards = parse_cards(cards).unwrap();
        let coup = deal(&rules.drawing, &cards).unwrap();
        for lang in Lang::ALL {
            snapshot!(
                format!("deal__{name}_{lang}"),
                render_coup(&rules, &coup, 20, &Page::new(Format::Text, lang))
            );
        }
        snapshot!(
            format!("deal__{name}_json"),
            render_coup(&rules, &coup, 20, &Page::new(Format::Json, Lang::En))
        );
    }
}

#[test]
fn eight_deck_analysis() {
    let analysis = super::decks(8);
    snapshot!(
        "analysis__8_decks",
        render_analysis(&analysis, "reference", &Page::new(Format::Text, Lang::En))
    );
    snapshot!(
        "analysis__8_decks_fr",
        render_analysis(&analysis, "reference", &Page::new(Format::Text, Lang::Fr))
    );
}

#[test]
fn check_report_for_document_004() {
    let path = format!("{}/data/claims/004-banque.tsv", env!("CARGO_MANIFEST_DIR"));
    let claimed =
        punto_banco::check::read_claimed(&std::fs::read_to_string(path).unwrap()).unwrap();
    let report = punto_banco::check::check(claimed).unwrap();
    use punto_banco::render::check::render_report;
    let source = "data/claims/004-banque.tsv";
    snapshot!(
        "check__004_en",
        render_report(&report, source, &Page::new(Format::Text, Lang::En))
    );
    snapshot!(
        "check__004_fr",
        render_report(&report, source, &Page::new(Format::Text, Lang::Fr))
    );
}

#[test]
fn ez_baccarat_analysis() {
    let set = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap();
    let analysis =
        punto_banco::analysis::Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap();
    snapshot!(
        "analysis__ez_baccarat",
        render_analysis(&analysis, "ez-baccarat", &Page::new(Format::Text, Lang::En))
    );
}

/// EZ Baccarat's analysis: its bets table is the widest text table the tool prints.
fn ez_baccarat() -> punto_banco::analysis::Analysis {
    let set = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap();
    punto_banco::analysis::Analysis::new(&set.shoe_or_reference(), set.rules()).unwrap()
}

fn widest_line(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// The words and figures of a text, without the rules under table headers.
fn words(text: &str) -> Vec<&str> {
    let mut words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !w.chars().all(|c| c == '─'))
        .collect();
    words.sort_unstable();
    words
}

#[test]
fn ez_baccarat_analysis_fits_100_columns() {
    use punto_banco::render::analysis::render_analysis;
    let analysis = ez_baccarat();
    for lang in Lang::ALL {
        let full = render_analysis(&analysis, "ez-baccarat", &Page::new(Format::Text, lang));
        assert!(
            widest_line(&full) > 100,
            "the table to fit is wider than 100"
        );
        // No width (a pipe, a file, a test): byte for byte what it always was.
        let unlimited = render_analysis(&analysis, "ez-baccarat", &Page::new(Format::Text, lang));
        assert_eq!(unlimited, full);
        let narrow = render_analysis(
            &analysis,
            "ez-baccarat",
            &Page::new(Format::Text, lang).within(Some(100)),
        );
        assert!(widest_line(&narrow) <= 100, "{lang}:\n{narrow}");
        // Wrapping moves words between lines and never loses or cuts one: every figure stays.
        assert_eq!(words(&narrow), words(&full), "{lang}");
        // Markdown is for a viewer to lay out: no width changes it.
        assert_eq!(
            render_analysis(
                &analysis,
                "ez-baccarat",
                &Page::new(Format::Markdown, lang).within(Some(100))
            ),
            render_analysis(&analysis, "ez-baccarat", &Page::new(Format::Markdown, lang))
        );
    }
    snapshot!(
        "analysis__ez_baccarat_width_100",
        render_analysis(
            &analysis,
            "ez-baccarat",
            &Page::new(Format::Text, Lang::En).within(Some(100))
        )
    );
}

#[test]
fn a_table_too_wide_to_wrap_is_stacked_with_every_figure() {
    use punto_banco::render::analysis::render_analysis;
    let analysis = ez_baccarat();
    let full = render_analysis(&analysis, "ez-baccarat", &Page::new(Format::Text, Lang::En));
    let narrow = render_analysis(
        &analysis,
        "ez-baccarat",
        &Page::new(Format::Text, Lang::En).within(Some(44)),
    );
    assert!(
        narrow.contains("Exact edge: 64613588827/848912750595\n"),
        "{narrow}"
    );
    for figure in full
        .split_whitespace()
        .filter(|w| w.contains('%') || w.contains('/'))
    {
        assert!(narrow.contains(figure), "{figure} lost:\n{narrow}");
    }
}

#[test]
fn rules_tables_fit_the_width_and_prose_stays() {
    use punto_banco::render::tableau::render_rules;
    let set = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap();
    for lang in Lang::ALL {
        let full = render_rules(set.rules(), 20, &Page::new(Format::Text, lang));
        assert_eq!(
            render_rules(set.rules(), 20, &Page::new(Format::Text, lang)),
            full
        );
        let narrow = render_rules(
            set.rules(),
            20,
            &Page::new(Format::Text, lang).within(Some(80)),
        );
        // Only the drawing rules' sentences, which are not tables, may be longer.
        for line in narrow.lines().filter(|l| l.chars().count() > 80) {
            assert!(
                line.starts_with("- ") && full.contains(line),
                "{lang}: {line}"
            );
        }
        assert_eq!(words(&narrow), words(&full), "{lang}");
    }
}
