//! The shipped side-bet catalogue (`data/catalogue/`): every file loads, carries its ids as
//! bet keys, and `check` verifies every claim it carries on eight decks. A claim is a figure as
//! published, with its source named in the file (Wizard of Odds, Jacobson, Thorp and Walden,
//! zeekrs/baccarat-calculator's fixtures, the rule texts); a figure published wrongly is
//! recorded as published, marked `published_wrong`, and must be found false.

use punto_banco::check::{ClaimResult, Report, check, read_claimed};
use punto_banco::lang::Lang;
use punto_banco::render::check::render_report;
use punto_banco::render::{Format, Page};
use punto_banco::variants::{CATALOGUE, RuleSet, shipped};

/// The families of the catalogue, one rule file each, as `--rules catalogue/<family>` names
/// them: those the library ships, so that a new family is its file and its `CATALOGUE` entry.
pub fn families() -> Vec<&'static str> {
    CATALOGUE
        .iter()
        .map(|(name, _)| {
            name.strip_prefix("catalogue/")
                .unwrap_or_else(|| panic!("{name} is not named catalogue/<family>"))
        })
        .collect()
}

/// The text of a catalogue file, as shipped.
pub fn catalogue_text(family: &str) -> &'static str {
    shipped(&format!("catalogue/{family}")).unwrap_or_else(|| panic!("catalogue/{family}"))
}

/// Every catalogue file, read.
pub fn catalogue() -> Vec<(&'static str, RuleSet)> {
    families()
        .into_iter()
        .map(|family| {
            let set = RuleSet::from_json(catalogue_text(family))
                .unwrap_or_else(|e| panic!("catalogue/{family}: {e}"));
            (family, set)
        })
        .collect()
}

/// Every file of `data/catalogue/` is shipped under its family's name, as it is on disk, and
/// names itself so.
#[test]
fn every_catalogue_file_is_shipped_under_its_name() {
    let dir = format!("{}/data/catalogue", env!("CARGO_MANIFEST_DIR"));
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    let mut shipped: Vec<String> = families().iter().map(|f| format!("{f}.json")).collect();
    shipped.sort();
    assert_eq!(on_disk, shipped);
    for family in families() {
        let path = format!("{dir}/{family}.json");
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            catalogue_text(family)
        );
        let set = RuleSet::from_json(catalogue_text(family)).unwrap();
        assert_eq!(set.name(), format!("catalogue/{family}"));
        // Every family is analysed on its own eight-deck shoe.
        assert_eq!(
            set.shoe_or_reference(),
            punto_banco::shoe::Shoe::decks(8).unwrap()
        );
    }
}

/// The ids of the catalogue are bet keys of its files, in lower case, each in one family
/// only (the Golden Talons paytables share theirs, one file per paytable).
#[test]
fn the_catalogue_ids_are_bet_keys() {
    let mut seen: Vec<(String, &str)> = Vec::new();
    for (family, set) in catalogue() {
        for side in &set.rules().tariff.side {
            assert_eq!(side.key.to_lowercase(), side.key, "{family}");
            if let Some((_, other)) = seen.iter().find(|(k, _)| *k == side.key) {
                assert!(
                    family.starts_with("golden-talons") && other.starts_with("golden-talons"),
                    "{} in {family} and {other}",
                    side.key
                );
            }
            seen.push((side.key.clone(), family));
        }
    }
    for id in [
        "punto_pair",
        "either_pair",
        "perfect_pair",
        "tiger_pair",
        "punto_fortune_4_pair",
        "banco_black",
        "dragon_bonus_banco",
        "golden_talons_punto",
        "natural_8_banco",
        "lucky_99",
        "small",
        "six_cards",
        "three_card_win_banco",
        "lucky_6",
        "kill_ox_tiger",
        "three_card_six",
        "dragon_7",
        "super_lucky_7",
        "blazing_7s",
        "panda_8",
        "cover_all",
        "lucky_nines",
        "lucky_nines_red_rock",
        "perfect_9_bonus",
        "egalite_0",
        "egalite_8_9",
        "tie_max_high",
        "super_tie_21c",
        "char_siu_punto",
        "banco_total_9",
        "three_card_9_over_three_card_7",
        "monkey",
        "grand_monkey",
        "three_giving_eight",
        "jackpot_baccarat",
        "lucky_match",
    ] {
        assert!(seen.iter().any(|(k, _)| k == id), "{id} is not shipped");
    }
}

/// Checks a family's file and returns the report, failing with every claim whose verdict is
/// not the one expected.
fn checked(family: &str) -> Report {
    let report = check(read_claimed(catalogue_text(family)).unwrap()).unwrap();
    let unexpected: Vec<String> = report
        .claims
        .iter()
        .filter(|c| !c.as_expected())
        .map(|c: &ClaimResult| {
            format!(
                "{:?} stated {} (published wrong: {:?}), exact {:?}",
                c.claim.target,
                c.claim.stated.text(),
                c.claim.published_wrong,
                c.exact.as_ref().map(|e| e.to_string())
            )
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "catalogue/{family}:\n{}",
        unexpected.join("\n")
    );
    assert!(report.claims_hold(), "{family}");
    assert!(report.drawing_differences.is_empty(), "{family}");
    report
}

/// Every wrong figure the catalogue records is false, and the report prints the exact value
/// beside the published one, in both languages.
fn wrong_figures_are_shown(report: &Report, published: &[&str]) {
    let wrong: Vec<&ClaimResult> = report
        .claims
        .iter()
        .filter(|c| c.claim.published_wrong.is_some())
        .collect();
    for figure in published {
        let claim = wrong
            .iter()
            .find(|c| c.claim.stated.text() == *figure)
            .unwrap_or_else(|| panic!("{figure} is not recorded as published wrong"));
        assert!(!claim.holds && claim.exact.is_some(), "{figure}");
    }
    for lang in Lang::ALL {
        let text = render_report(report, "catalogue", &Page::new(Format::Text, lang));
        let verdict = lang.pick("false, as recorded", "faux, comme noté");
        assert_eq!(
            text.matches(verdict).count(),
            wrong.len(),
            "{lang}:\n{text}"
        );
        for claim in &wrong {
            let why = claim.claim.published_wrong.as_ref().unwrap();
            assert!(text.contains(why.as_str()), "{lang}: {why}");
        }
    }
    let json = punto_banco::render::check::report_json(report, "catalogue");
    let recorded = json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["published_wrong"].is_null())
        .count();
    assert_eq!(recorded, wrong.len());
    assert_eq!(json["claims_hold"], true);
}

/// A test a family, with what is pinned of it: at least this many claims, these figures
/// among the wrong ones. A family the list does not pin is checked by
/// `every_unpinned_family_checks`, so that a new one needs no entry here.
macro_rules! family_checks {
    ($($test:ident: $family:literal, $claims:literal, [$($wrong:literal),*];)*) => {
        /// The families given a test of their own below.
        const PINNED: &[&str] = &[$($family),*];
        $(
        /// The family's claims, each true or, where marked published wrong, false; at least
        /// this many claims, these figures among the wrong ones.
        #[test]
        fn $test() {
            let report = checked($family);
            let at_least: usize = $claims;
            assert!(report.claims.len() >= at_least, "{} claims", report.claims.len());
            wrong_figures_are_shown(&report, &[$($wrong),*]);
        }
        )*
    };
}

family_checks! {
    pairs_claims_check: "pairs", 30, ["0.14381983138364596"];
    colours_claims_check: "colours", 4, [];
    dragon_bonus_claims_check: "dragon-bonus", 20, ["4,998,398,275,503,350"];
    naturals_claims_check: "naturals", 20, ["8.459%"];
    card_counts_claims_check: "card-counts", 15, ["5.27%", "8.9668%", "4.6939%", "0.6211315091167852"];
    sixes_claims_check: "sixes", 30, [];
    sevens_claims_check: "sevens", 12, [];
    eights_nines_claims_check: "eights-nines", 20, ["64,512", "1,840,128", "19.46%"];
    egalite_claims_check: "egalite", 40, ["11.75%"];
    totals_claims_check: "totals", 40, [];
    matchups_claims_check: "matchups", 10, [];
    monkey_claims_check: "monkey", 14, [];
    mid_coup_claims_check: "mid-coup", 5, [];
    poker_claims_check: "poker", 16, [];
    golden_talons_a_claims_check: "golden-talons-a", 2, [];
    golden_talons_b_claims_check: "golden-talons-b", 0, [];
    golden_talons_c_claims_check: "golden-talons-c", 0, [];
    golden_talons_d_claims_check: "golden-talons-d", 0, [];
    golden_talons_e_claims_check: "golden-talons-e", 0, [];
}

/// Every shipped family the list above does not pin is checked all the same (each claim as
/// expected, every figure recorded wrong shown false), and every pinned family is shipped.
#[test]
fn every_unpinned_family_checks() {
    let shipped = families();
    for family in PINNED {
        assert!(
            shipped.contains(family),
            "{family} is pinned but not shipped"
        );
    }
    for family in shipped.into_iter().filter(|f| !PINNED.contains(f)) {
        wrong_figures_are_shown(&checked(family), &[]);
    }
}

/// `--rules catalogue/<family>` names a catalogue file, and `check` on it exits 0 with its
/// wrong figures shown false.
#[test]
fn the_cli_reads_a_catalogue_file_by_name() {
    let out = crate::run_with_input(&["check", "catalogue/dragon-bonus"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("4,998,398,275,503,360"), "{text}");
    assert!(text.contains("false, as recorded"), "{text}");
    let out = crate::run_with_input(&["analyze", "--rules", "catalogue/dragon-bonus"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
