//! Shuffled shoes dealt by a dealing procedure, as the lines `shoes` writes: a shoe's order
//! (the input of `shuffle-test`), or a shoe log with every coup and every bet's net (the
//! input of `verify` and `audit`). The same seed and index give the same shoe on every
//! machine and in every front end.

use crate::card::Card;
use crate::dealer::Dealer;
use crate::document::shoes::{Cards, Decks, LoggedCoup, Nets, ShoeHeader, ShoeLine};
use crate::lab::shufflers::{Shuffler, factory_order};
use crate::rules::Rules;
use crate::rules::condition::DealtCoup;
use crate::rules::dealing::Procedure;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a shoe is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// One line: the shoe's order.
    Order,
    /// A log: the shoe's line (decks, burn, order), then a line per coup dealt to the cut
    /// card with its winner, totals, natural and every bet's net.
    Log,
}

/// How the shoes are made: from one seed, `decks` decks shuffled fairly or by a named
/// shuffler, dealt by `procedure` under `rules`.
#[derive(Debug, Clone)]
pub struct ShoeMaker<'a> {
    /// The seed every shoe's stream is drawn from.
    pub seed: u64,
    /// The decks in a shoe, 1 to [`Dealer::MAX_DECKS`].
    pub decks: u64,
    /// A shuffler to shuffle with instead of a fair shuffle.
    pub shuffler: Option<Shuffler>,
    /// The burn and the cut card.
    pub procedure: Procedure,
    /// The drawing rules and the tariff the log's nets are settled by.
    pub rules: &'a Rules,
    /// An order, or a log.
    pub form: Form,
}

impl ShoeMaker<'_> {
    /// The lines of shoe number `index` (from 0): its own ChaCha8 stream `index` of the seed.
    ///
    /// ```
    /// use punto_banco::lab::shoes::{Form, ShoeMaker};
    /// use punto_banco::table::NamedTable;
    ///
    /// let table = NamedTable::reference();
    /// let maker = ShoeMaker {
    ///     seed: 7, decks: 8, shuffler: None, procedure: table.dealing,
    ///     rules: &table.rules, form: Form::Log,
    /// };
    /// let lines = maker.shoe(0);
    /// // The shoe's line, then its coups.
    /// assert!(lines[0].to_json_line().starts_with(r#"{"shoe":{"decks":8}"#));
    /// assert!(lines.len() > 60);
    /// assert_eq!(maker.shoe(0), lines);
    /// ```
    pub fn shoe(&self, index: u64) -> Vec<ShoeLine> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        let mut dealer = match self.shuffler {
            None => Dealer::shuffled(self.decks, &mut rng),
            Some(shuffler) => {
                Dealer::stacked(shuffler.shuffle(&factory_order(self.decks as usize), &mut rng))
            }
        };
        if self.form == Form::Order {
            let cards = names(dealer.order());
            return vec![ShoeLine::Cards(Cards { cards, coup: None })];
        }
        let mut walk = dealer.burn(&self.procedure);
        let burn = &dealer.order()[..dealer.dealt()];
        let mut lines = vec![ShoeLine::Shoe(ShoeHeader {
            shoe: Decks { decks: self.decks },
            burn: names(burn),
            order: names(dealer.order()),
        })];
        let bets = self.rules.tariff.all();
        while let Some(coup) = dealer.deal_next(&mut walk, &self.rules.drawing) {
            let dealt = DealtCoup::from(&coup);
            let net = bets
                .iter()
                .map(|(key, terms)| (key.to_string(), terms.net(&dealt).to_string()))
                .collect();
            let logged = LoggedCoup {
                winner: coup.winner().key(),
                punto_total: coup.punto_total(),
                banco_total: coup.banco_total(),
                natural: coup.is_natural(),
                net: Nets(net),
            };
            lines.push(ShoeLine::Cards(Cards {
                cards: names(&coup.dealt_in_order()),
                coup: Some(logged),
            }));
        }
        lines
    }
}

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.ascii()).collect()
}
