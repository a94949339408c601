//! The coup resolver, walked exhaustively over every ordered sequence of six card values and
//! compared with the teaching texts' rules written out independently as code.

use punto_banco::coup::{Decision, Value, deal};
use punto_banco::rules::{Action, DrawingRules, PuntoMove};

/// The English teaching text's drawing rules, restated by hand without the tableau data.
fn text_natural(total: u8) -> bool {
    total >= 8
}

fn text_punto_draws(total: u8) -> bool {
    total <= 5
}

fn text_banco_draws(banco: u8, punto_third: Option<u8>) -> bool {
    match punto_third {
        None => banco <= 5,
        Some(third) => match banco {
            0..=2 => true,
            3 => third != 8,
            4 => (2..=7).contains(&third),
            5 => (4..=7).contains(&third),
            6 => (6..=7).contains(&third),
            _ => false,
        },
    }
}

#[test]
fn every_sequence_follows_the_text() {
    let rules = DrawingRules::reference();
    let mut cells_seen = std::collections::HashSet::new();
    for code in 0..1_000_000u32 {
        let digits: Vec<u8> = (0..6)
            .rev()
            .map(|k| (code / 10u32.pow(k) % 10) as u8)
            .collect();
        let coup = deal(&rules, &Value::sequence(&digits).unwrap()).unwrap();
        let (p, b) = ((digits[0] + digits[2]) % 10, (digits[1] + digits[3]) % 10);
        if text_natural(p) || text_natural(b) {
            assert_eq!(coup.punto().len() + coup.banco().len(), 4, "{digits:?}");
            assert!(coup.is_natural());
            continue;
        }
        let punto_third = text_punto_draws(p).then_some(digits[4]);
        assert_eq!(coup.punto().len() == 3, punto_third.is_some(), "{digits:?}");
        let banco_draws = text_banco_draws(b, punto_third);
        assert_eq!(coup.banco().len() == 3, banco_draws, "{digits:?}");
        if banco_draws {
            let at = if punto_third.is_some() { 5 } else { 4 };
            assert_eq!(coup.banco()[2].get(), digits[at]);
        }
        // The decision names the cell that decided it.
        let Some(&Decision::Banco {
            total,
            punto_move,
            action,
        }) = coup.decisions().last()
        else {
            panic!("no Banco decision for {digits:?}");
        };
        assert_eq!(total, b);
        assert_eq!(
            punto_move,
            punto_third.map_or(PuntoMove::Stood, PuntoMove::Drew)
        );
        assert_eq!(action == Action::Draw, banco_draws);
        cells_seen.insert((total, punto_move));
        let used = coup.punto().len() + coup.banco().len();
        assert_eq!(coup.unused(), Value::sequence(&digits[used..]).unwrap());
    }
    // Every cell of the tableau is reached: 8 non-natural Banco totals × (10 third cards + stood).
    assert_eq!(cells_seen.len(), 8 * 11);
}

#[test]
fn the_example_and_its_variant() {
    let rules = DrawingRules::reference();
    // Punto 4 9, Banco 2 A, Punto draws 8: Banco on 3 stands against an 8.
    let coup = deal(&rules, &Value::sequence(&[4, 2, 9, 1, 8]).unwrap()).unwrap();
    assert_eq!((coup.punto_total(), coup.banco_total()), (1, 3));
    assert_eq!(
        coup.decisions()[1],
        Decision::Banco {
            total: 3,
            punto_move: PuntoMove::Drew(8),
            action: Action::Stand
        }
    );
    // With a 7 instead, Banco must draw, and needs a sixth card.
    let err = deal(&rules, &Value::sequence(&[4, 2, 9, 1, 7]).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the coup needs card 6 (Banco's third card), but only 5 cards were given"
    );
}
