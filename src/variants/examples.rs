//! Examples of the grammar of card bets, as the catalogue files write them: the rule-file
//! reader's tests and the words' tests read the same bets.

/// Side bets of schema 2, each a `"name": [pay lines]` member, to be set in a rule file's
/// `bets`.
pub(crate) const CARD_BETS: &str = r#"
"either_pair": [
  {"any": [{"punto": {"first_two": {"same": "rank"}}}, {"banco": {"first_two": {"same": "rank"}}}], "pays": 5}
],
"perfect_pair": [
  {"punto": {"first_two": {"same": "card"}}, "banco": {"first_two": {"same": "card"}}, "pays": 250},
  {"any": [{"punto": {"first_two": {"same": "card"}}}, {"banco": {"first_two": {"same": "card"}}}], "pays": 25}
],
"three_giving_eight": [
  {"banco": {"two_card_total": 3}, "punto": {"two_card_total": [0, 1, 2, 3, 4, 5], "third": {"rank": "8"}}, "pays": 200}
],
"super_tie_21c": [
  {"winner": "tie", "total": [6, 7, 8, 9], "cards_dealt": 6,
   "any": [{"dealt": {"all": {"colour": "red"}}}, {"dealt": {"all": {"colour": "black"}}}], "pays": 100},
  {"winner": "tie", "total": [6, 7, 8, 9], "cards_dealt": 6, "pays": 25},
  {"winner": "tie", "pays": 7}
],
"tie_max_low": [{"winner": "tie", "dealt": {"max_value": [0, 1, 2, 3, 4, 5]}, "pays": 55}],
"jackpot_baccarat": [
  {"opening": {"ranks": ["A", "K", "Q", "J"], "same": "suit"}, "pays": 250},
  {"opening": {"groups": [4]}, "pays": 75},
  {"opening": {"straight": true, "same": "suit"}, "pays": 50},
  {"opening": {"groups": [3]}, "pays": 15},
  {"opening": {"same": "suit"}, "pays": 10},
  {"opening": {"straight": true}, "pays": 5},
  {"opening": {"groups": [2, 2]}, "pays": 4},
  {"opening": {"where": {"rank": "A"}, "size": 2}, "pays": 2},
  {"opening": {"where": {"rank": ["10", "J", "Q", "K"]}, "groups": [2]}, "pays": 0}
],
"lucky_nines": [
  {"opening": {"where": {"rank": "9"}, "size": 4}, "pays": 500},
  {"opening": {"where": {"rank": "9"}, "size": 3, "same": "suit"}, "pays": 250},
  {"opening": {"where": {"rank": "9"}, "size": 3}, "pays": 20},
  {"opening": {"where": {"rank": "9"}, "size": 2, "same": "suit"}, "pays": 8},
  {"opening": {"where": {"rank": "9"}, "size": 2}, "pays": 5},
  {"opening": {"where": {"rank": "9"}, "size": 1, "all": {"card": "9D"}}, "pays": 2},
  {"opening": {"where": {"rank": "9"}, "size": 1}, "pays": 1}
],
"monkey_6": [
  {"cards_dealt": 6, "punto": {"third": {"not": {"face": true}}}, "banco": {"third": {"face": true}}, "pays": 12}
],
"kill_ox_tiger": [
  {"punto": {"cards": 3, "total": 6}, "not": {"winner": "punto"}, "pays": 30},
  {"banco": {"cards": 3, "total": 7}, "not": {"winner": "banco"}, "pays": 30}
]"#;
