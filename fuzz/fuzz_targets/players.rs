//! `session-odds --players`: any text is a table of predictions or an error naming a position
//! or the count, never a panic; a table read is computed over two deals, each participant's
//! chances are probabilities, and participants with the same prediction have the same ones.
#![no_main]

use libfuzzer_sys::fuzz_target;
use punto_banco::rules::Rules;
use punto_banco::session_odds::{MAX_PLAYERS, PlayersError, SessionOdds, parse_players};
use punto_banco::shoe::Shoe;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_players(text) {
        Ok(predictions) => {
            assert!(!predictions.is_empty() && predictions.len() <= MAX_PLAYERS);
            // The keys read back as the same table.
            let keys: Vec<&str> = predictions.iter().map(|p| p.key()).collect();
            assert_eq!(parse_players(&keys.join(",")).unwrap(), predictions);
            let odds =
                SessionOdds::new(&Shoe::decks(1).unwrap(), &Rules::reference(), 2, 20).unwrap();
            let players = odds.players(&predictions).unwrap();
            for a in &players {
                let first = a.wins_alone() + a.shares_first();
                assert!(
                    first.numer() <= first.denom()
                        && first.numer().sign() != num_bigint::Sign::Minus
                );
                for b in &players {
                    if a.prediction() == b.prediction() {
                        assert_eq!(a, b);
                    }
                }
            }
        }
        Err(PlayersError::EmptyItem { position } | PlayersError::Unknown { position, .. }) => {
            assert!(position >= 1 && position <= text.split(',').count().min(MAX_PLAYERS));
        }
        Err(PlayersError::TooMany { given, .. }) => assert!(given > MAX_PLAYERS),
        Err(_) => assert!(text.trim().is_empty()),
    }
});
