//! The session as a conversation: the session asks (a [`Prompt`]), a person answers with a
//! line of text, and the session says what came of it (a [`Step`], or an [`AnswerError`]
//! when the answer is refused and the same question is asked again).
//!
//! All the session's logic is here: who may join, when the names end, whether the dealer
//! predicts, which prediction comes next, when a deal is played. A front end only shows the
//! prompts and what each answer did, in words from `render::session`, and reads lines:
//!
//! ```
//! use punto_banco::{rules::Rules, session::{Conversation, Prompt}};
//! let mut talk = Conversation::new(Rules::reference(), 8, 1, 20, 7).unwrap();
//! for answer in ["Alice", "Bruno", "", "Dana", "n", "P", "B"] {
//!     assert!(talk.prompt().is_some());
//!     talk.answer(answer).unwrap();
//! }
//! assert_eq!(talk.prompt(), None);
//! assert!(talk.into_session().finished());
//! ```
//!
//! At the table's pace ([`Conversation::step_by_step`]), a deal is told in parts: the
//! conversation stops at each of the deal's [`Pause`]s with a [`Prompt::Pause`], which any
//! line answers, as Enter does; the end of the input answers it too
//! ([`Conversation::end_of_input`]), so that the deal already played is told to its end.

use super::{
    JoinError, MAX_PARTICIPANTS, MIN_PARTICIPANTS, PREDICTIONS_ACCEPTED, Pause, Session,
    SettingError, check_name, parse_prediction,
};
use crate::dealer::Dealer;
use crate::rules::{MainBet, Rules};
use rand_chacha::ChaCha8Rng;

/// What the session asks next.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Prompt {
    /// The name of participant `number` (from 1). While `required`, fewer than
    /// [`MIN_PARTICIPANTS`] have joined; after, an empty answer starts the session.
    Participant {
        /// The participant's number, from 1.
        number: usize,
        /// Whether a name is still needed (an empty answer is then refused).
        required: bool,
    },
    /// The dealer's name, which must differ from every participant's.
    Dealer,
    /// Whether the dealer predicts too: yes (y, yes, o, oui) or no (n, no, non).
    DealerPredicts {
        /// The dealer's name.
        dealer: String,
    },
    /// One participant's prediction for the next deal.
    Prediction {
        /// The deal's number, from 1.
        deal: u32,
        /// The deals of the session.
        deals: u32,
        /// Who predicts.
        name: String,
        /// Whether the deal's predictions open here (the first prompt of a deal, until it
        /// is answered): the heading of the deal goes before it.
        opens_deal: bool,
    },
    /// At the table's pace, the deal just played stops here until any answer (Enter).
    Pause {
        /// The deal's number, from 1.
        deal: u32,
        /// Where the deal stands.
        pause: Pause,
    },
}

/// What an accepted answer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// The answer is taken; the next prompt follows, or the end when there is none.
    Taken,
    /// The dealer would predict, but [`MAX_PARTICIPANTS`] already do: the dealer only deals.
    DealerOnlyDeals,
    /// The answer was the deal's last prediction, and the deal was played: it is the last of
    /// [`Session::played`].
    Dealt,
    /// At the table's pace: the answer was the deal's last prediction and the deal was
    /// played; it is told up to this pause, its first ([`Pause::Opening`]).
    DealtUntil(Pause),
    /// At the table's pace: the deal goes on from this pause, to its next pause or to its
    /// end.
    Resumed(Pause),
}

/// An answer refused; the same prompt is asked again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// A name that cannot join (empty, with control characters, taken, or one too many).
    #[error(transparent)]
    Join(#[from] JoinError),
    /// Not a yes or a no.
    #[error("the answer is not y or n (yes or no; o or n, oui or non)")]
    YesOrNo,
    /// Not a prediction; the answer as typed, trimmed.
    #[error("`{0}` is not a prediction: expected {PREDICTIONS_ACCEPTED}")]
    NotAPrediction(String),
    /// A line that is not UTF-8 text.
    #[error("the answer is not UTF-8 text")]
    NotText,
    /// Every deal has been played: nothing is asked any more.
    #[error("the session is over: no answer is expected")]
    Over,
}

/// Where the conversation stands.
#[derive(Debug, Clone)]
enum Stage {
    Names,
    Dealer,
    DealerPredicts {
        dealer: String,
    },
    Predictions {
        bets: Vec<MainBet>,
        opens_deal: bool,
    },
    /// The deal just played, told at the table's pace: its pauses not yet passed, in order.
    Pausing {
        pauses: std::vec::IntoIter<Pause>,
        next: Pause,
    },
    Over,
}

/// The teaching session played as a conversation: names, then whether the dealer predicts,
/// then each deal's predictions, each deal dealt from a full shoe shuffled by a seeded
/// generator (the same seed deals the same cards).
#[derive(Debug, Clone)]
pub struct Conversation {
    session: Session,
    seed: u64,
    rng: ChaCha8Rng,
    stage: Stage,
    /// Answers received so far, refused ones included: the first may open with a
    /// byte-order mark.
    answers: usize,
    /// Whether each deal stops at its pauses.
    step_by_step: bool,
}

impl Conversation {
    /// A conversation about to ask the first name, or the setting out of range (as
    /// [`Session::try_new`] checks); `seed` seeds the shuffles.
    pub fn new(
        rules: Rules,
        n_decks: u64,
        deals: u32,
        stake: i64,
        seed: u64,
    ) -> Result<Conversation, SettingError> {
        Ok(Conversation {
            session: Session::try_new(rules, n_decks, deals, stake)?,
            seed,
            rng: Dealer::rng(seed),
            stage: Stage::Names,
            answers: 0,
            step_by_step: false,
        })
    }

    /// The same conversation at the table's pace: each deal stops after its four opening
    /// cards and after each third card ([`Deal::pauses`](super::Deal::pauses)) until any
    /// answer, so that the group can work out the next step before it is told.
    ///
    /// ```
    /// use punto_banco::{rules::Rules, session::{Conversation, Pause, Prompt, Step}};
    /// let mut talk = Conversation::new(Rules::reference(), 8, 1, 20, 7).unwrap().step_by_step();
    /// for answer in ["Alice", "Bruno", "", "Dana", "n", "P"] {
    ///     talk.answer(answer).unwrap();
    /// }
    /// assert_eq!(talk.answer("B"), Ok(Step::DealtUntil(Pause::Opening)));
    /// assert_eq!(talk.prompt(), Some(Prompt::Pause { deal: 1, pause: Pause::Opening }));
    /// // Enter, or the end of the input, goes on.
    /// while let Some(Prompt::Pause { pause, .. }) = talk.prompt() {
    ///     assert_eq!(talk.end_of_input(), Some(Step::Resumed(pause)));
    /// }
    /// assert_eq!(talk.prompt(), None);
    /// ```
    pub fn step_by_step(mut self) -> Conversation {
        self.step_by_step = true;
        self
    }

    /// The same conversation burning each shuffled shoe by `dealing` (see
    /// [`Session::with_dealing`]).
    pub fn with_dealing(mut self, dealing: crate::rules::dealing::Procedure) -> Conversation {
        self.session = self.session.with_dealing(dealing);
        self
    }

    /// The seed of the shuffles, to deal the same cards again.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The session so far: its settings, who takes part, the deals played.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, played as far as the answers went.
    pub fn into_session(self) -> Session {
        self.session
    }

    /// What is asked now; `None` once every deal has been played.
    pub fn prompt(&self) -> Option<Prompt> {
        Some(match &self.stage {
            Stage::Names => {
                let joined = self.session.participants.len();
                Prompt::Participant {
                    number: joined + 1,
                    required: joined < MIN_PARTICIPANTS,
                }
            }
            Stage::Dealer => Prompt::Dealer,
            Stage::DealerPredicts { dealer } => Prompt::DealerPredicts {
                dealer: dealer.clone(),
            },
            Stage::Predictions { bets, opens_deal } => Prompt::Prediction {
                deal: self.session.next_deal(),
                deals: self.session.deals(),
                name: self.session.participants[bets.len()].name.clone(),
                opens_deal: *opens_deal,
            },
            Stage::Pausing { next, .. } => Prompt::Pause {
                deal: self.session.played.last().map_or(0, |d| d.number),
                pause: *next,
            },
            Stage::Over => return None,
        })
    }

    /// The end of the input, as an answer: at a pause it goes on, as Enter does, so that the
    /// deal already played is told to its end; anywhere else it answers nothing (`None`),
    /// and the session stops where it stands.
    pub fn end_of_input(&mut self) -> Option<Step> {
        match self.stage {
            Stage::Pausing { .. } => Some(self.resume()),
            _ => None,
        }
    }

    /// Passes the current pause: to the deal's next pause, or to the next deal's predictions
    /// or the end.
    fn resume(&mut self) -> Step {
        let Stage::Pausing { pauses, next } = &mut self.stage else {
            return Step::Taken;
        };
        let passed = *next;
        match pauses.next() {
            Some(pause) => *next = pause,
            None => self.stage = self.after_deal(),
        }
        Step::Resumed(passed)
    }

    /// The stage after a deal is told: the next deal's predictions, or the end.
    fn after_deal(&self) -> Stage {
        match self.session.finished() {
            true => Stage::Over,
            false => Stage::Predictions {
                bets: Vec::new(),
                opens_deal: true,
            },
        }
    }

    /// Answers the prompt with one line as read, its line end included or not: a byte-order
    /// mark may open the first, and a line that is not UTF-8 text is refused.
    pub fn answer_line(&mut self, line: &[u8]) -> Result<Step, AnswerError> {
        let first = self.received();
        // At a pause any line goes on, whatever it holds.
        if let Stage::Pausing { .. } = self.stage {
            return Ok(self.resume());
        }
        let line = match first {
            true => line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line),
            false => line,
        };
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = std::str::from_utf8(line).map_err(|_| AnswerError::NotText)?;
        self.take(text)
    }

    /// Answers the prompt with text as typed (without its line end).
    pub fn answer(&mut self, text: &str) -> Result<Step, AnswerError> {
        self.received();
        self.take(text)
    }

    /// Counts an answer, and closes the heading of a deal once its first prompt is answered;
    /// whether it is the first answer.
    fn received(&mut self) -> bool {
        self.answers += 1;
        if let Stage::Predictions { opens_deal, .. } = &mut self.stage {
            *opens_deal = false;
        }
        self.answers == 1
    }

    /// Takes an answer to the current prompt.
    fn take(&mut self, text: &str) -> Result<Step, AnswerError> {
        let session = &mut self.session;
        match &mut self.stage {
            Stage::Names => {
                // Two to eight participants; an empty line ends the names once two have joined.
                if text.trim().is_empty() && session.participants.len() >= MIN_PARTICIPANTS {
                    self.stage = Stage::Dealer;
                    return Ok(Step::Taken);
                }
                session.join(text, false)?;
                if session.participants.len() == MAX_PARTICIPANTS {
                    self.stage = Stage::Dealer;
                }
                Ok(Step::Taken)
            }
            Stage::Dealer => {
                // The dealer's name must differ from every participant's, so that scores
                // stay apart.
                let name = text.trim();
                check_name(name)?;
                if session.taken(name) {
                    return Err(JoinError::Taken(name.to_string()).into());
                }
                self.stage = Stage::DealerPredicts {
                    dealer: name.to_string(),
                };
                Ok(Step::Taken)
            }
            Stage::DealerPredicts { dealer } => {
                let step = match text.trim().to_lowercase().as_str() {
                    "y" | "yes" | "o" | "oui" if session.participants.len() >= MAX_PARTICIPANTS => {
                        Step::DealerOnlyDeals
                    }
                    "y" | "yes" | "o" | "oui" => {
                        session.join(dealer, true)?;
                        Step::Taken
                    }
                    "n" | "no" | "non" => Step::Taken,
                    _ => return Err(AnswerError::YesOrNo),
                };
                self.stage = Stage::Predictions {
                    bets: Vec::new(),
                    opens_deal: true,
                };
                Ok(step)
            }
            Stage::Predictions { bets, .. } => {
                let bet = parse_prediction(text)
                    .ok_or_else(|| AnswerError::NotAPrediction(text.trim().to_string()))?;
                bets.push(bet);
                if bets.len() < session.participants.len() {
                    return Ok(Step::Taken);
                }
                let deal = session.play_shuffled(&mut self.rng, bets);
                let mut pauses = deal.pauses().into_iter();
                match pauses.next() {
                    Some(first) if self.step_by_step => {
                        self.stage = Stage::Pausing {
                            pauses,
                            next: first,
                        };
                        Ok(Step::DealtUntil(first))
                    }
                    _ => {
                        self.stage = self.after_deal();
                        Ok(Step::Dealt)
                    }
                }
            }
            Stage::Pausing { .. } => Ok(self.resume()),
            Stage::Over => Err(AnswerError::Over),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk() -> Conversation {
        Conversation::new(Rules::reference(), 8, 2, 20, 3).unwrap()
    }

    #[test]
    fn names_end_with_an_empty_line_once_two_have_joined() {
        let mut talk = talk();
        assert_eq!(
            talk.answer(""),
            Err(AnswerError::Join(JoinError::Empty)),
            "one name is too few"
        );
        talk.answer("Alice").unwrap();
        assert_eq!(
            talk.answer("ALICE"),
            Err(AnswerError::Join(JoinError::Taken("ALICE".into())))
        );
        assert_eq!(
            talk.prompt(),
            Some(Prompt::Participant {
                number: 2,
                required: true
            })
        );
        talk.answer("Bruno").unwrap();
        assert_eq!(
            talk.prompt(),
            Some(Prompt::Participant {
                number: 3,
                required: false
            })
        );
        talk.answer(" ").unwrap();
        assert_eq!(talk.prompt(), Some(Prompt::Dealer));
        assert_eq!(
            talk.answer("bruno"),
            Err(AnswerError::Join(JoinError::Taken("bruno".into())))
        );
    }

    #[test]
    fn a_full_table_leaves_the_dealer_dealing() {
        let mut talk = talk();
        for n in 1..=MAX_PARTICIPANTS {
            talk.answer(&format!("P{n}")).unwrap();
        }
        assert_eq!(talk.prompt(), Some(Prompt::Dealer));
        talk.answer("Dana").unwrap();
        assert_eq!(talk.answer("maybe"), Err(AnswerError::YesOrNo));
        assert_eq!(talk.answer("Oui"), Ok(Step::DealerOnlyDeals));
        assert_eq!(talk.session().participants.len(), MAX_PARTICIPANTS);
    }

    #[test]
    fn the_heading_opens_a_deal_once_and_the_last_prediction_deals() {
        let mut talk = talk();
        for answer in ["Alice", "Bruno", "", "Dana", "y"] {
            assert_eq!(talk.answer(answer), Ok(Step::Taken));
        }
        let opens = |talk: &Conversation| match talk.prompt() {
            Some(Prompt::Prediction { opens_deal, .. }) => opens_deal,
            other => panic!("{other:?}"),
        };
        assert!(opens(&talk));
        assert_eq!(talk.answer_line(b"\xff\n"), Err(AnswerError::NotText));
        assert!(!opens(&talk));
        assert_eq!(
            talk.answer(" x "),
            Err(AnswerError::NotAPrediction("x".into()))
        );
        for answer in ["P", "B"] {
            assert_eq!(talk.answer(answer), Ok(Step::Taken));
        }
        assert_eq!(talk.answer_line(b"T\r\n"), Ok(Step::Dealt));
        assert!(opens(&talk));
        for answer in ["P", "B", "T"] {
            talk.answer(answer).unwrap();
        }
        assert_eq!(talk.prompt(), None);
        assert_eq!(talk.answer("P"), Err(AnswerError::Over));
        assert_eq!(talk.session().played.len(), 2);
    }

    #[test]
    fn a_byte_order_mark_opens_only_the_first_line() {
        let mut talk = talk();
        talk.answer_line("\u{feff}Alice\n".as_bytes()).unwrap();
        assert_eq!(talk.session().participants[0].name, "Alice");
        talk.answer_line("\u{feff}Bruno\n".as_bytes()).unwrap();
        assert_eq!(talk.session().participants[1].name, "\u{feff}Bruno");
    }
}
