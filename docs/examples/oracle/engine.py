#!/usr/bin/env python3
"""A small Punto Banco engine that writes its coups in the log format `punto-banco verify` reads.

It is an illustration of the format, not part of the tool: it shuffles eight-deck shoes with a
fixed seed, deals to a cut card sixteen cards from the end, and writes one JSON line per coup
after a `{"shoe": {"decks": 8}}` line per shoe. With --counts it writes, instead of the log, the
counts document `punto-banco fit` reads. --bug deals with one deliberate mistake.

    python3 docs/examples/oracle/engine.py --shoes 2 > log.jsonl
    python3 docs/examples/oracle/engine.py --shoes 1500 --counts > counts.json
"""
import argparse
import json
import random

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
BUGS = ["never-nine-first", "banco-3-draws-on-8", "punto-stands-on-5", "commission-on-ties"]


def value(card):
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() and rank != "10" else 0


def total(hand):
    return sum(value(c) for c in hand) % 10


def banco_draws(banco_total, third):
    """The reference tableau: Banco's decision on its two-card total when Punto drew `third`."""
    if third is None:
        return banco_total <= 5
    return {0: True, 1: True, 2: True, 3: third != 8, 4: 2 <= third <= 7,
            5: 4 <= third <= 7, 6: third in (6, 7), 7: False}[banco_total]


def deal_coup(cards, bug):
    """Deals one coup from the top of `cards`; returns the log line as a dict."""
    if bug == "never-nine-first":
        while value(cards[0]) == 9:  # a biased shuffle: a 9 never opens a coup
            cards.append(cards.pop(0))
    dealt = [cards.pop(0) for _ in range(4)]
    punto, banco = [dealt[0], dealt[2]], [dealt[1], dealt[3]]
    natural = total(punto) >= 8 or total(banco) >= 8
    third = None
    if not natural:
        punto_limit = 4 if bug == "punto-stands-on-5" else 5
        if total(punto) <= punto_limit:
            punto.append(cards.pop(0))
            dealt.append(punto[2])
            third = value(punto[2])
        draws = banco_draws(total(banco), third)
        if bug == "banco-3-draws-on-8" and total(banco) == 3 and third == 8:
            draws = True
        if draws:
            banco.append(cards.pop(0))
            dealt.append(banco[2])
    p, b = total(punto), total(banco)
    winner = "punto" if p > b else "banco" if b > p else "tie"
    net = {
        "punto": {"punto": 1, "banco": -1, "tie": 0}[winner],
        "banco": {"punto": -1, "banco": "19/20", "tie": 0}[winner],
        "tie": {"punto": -1, "banco": -1, "tie": 8}[winner],
    }
    if bug == "commission-on-ties" and winner == "tie":
        net["banco"] = "-1/20"
    return {"cards": dealt, "winner": winner, "punto_total": p, "banco_total": b,
            "punto_draws": len(punto) == 3, "banco_draws": len(banco) == 3,
            "natural": natural, "net": net}


def counts_document(coups):
    """The counts `punto-banco fit` reads, from the coups as this engine dealt them."""
    outcomes = {"punto": 0, "banco": 0, "tie": 0}
    final_states, openings = {}, {}
    positions = [[0] * 10 for _ in range(4)]
    for coup in coups:
        values = [value(c) for c in coup["cards"]]
        outcomes[coup["winner"]] += 1
        state = (coup["punto_total"], coup["banco_total"],
                 3 if coup["punto_draws"] else 2, 3 if coup["banco_draws"] else 2)
        final_states[state] = final_states.get(state, 0) + 1
        opening = ((values[0] + values[2]) % 10, (values[1] + values[3]) % 10)
        openings[opening] = openings.get(opening, 0) + 1
        for k in range(4):
            positions[k][values[k]] += 1
    line = lambda item: json.dumps(item, separators=(", ", ": "))
    states = [line({"punto_total": p, "banco_total": b, "punto_cards": pc, "banco_cards": bc,
                    "count": n}) for (p, b, pc, bc), n in sorted(final_states.items())]
    opening = [line({"punto_total": p, "banco_total": b, "count": n})
               for (p, b), n in sorted(openings.items())]
    return "\n".join([
        "{",
        '"outcomes": ' + line(outcomes) + ",",
        '"final_states": [\n  ' + ",\n  ".join(states) + "\n],",
        '"openings": [\n  ' + ",\n  ".join(opening) + "\n],",
        '"positions": [\n  ' + ",\n  ".join(line(p) for p in positions) + "\n]",
        "}",
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bug", choices=BUGS)
    parser.add_argument("--counts", action="store_true", help="write a counts document for fit")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    coups = []
    for _ in range(args.shoes):
        cards = [rank + suit for rank in RANKS for suit in SUITS] * 8
        rng.shuffle(cards)
        if not args.counts:
            print(json.dumps({"shoe": {"decks": 8}}))
        while len(cards) > 16:  # the cut card
            coup = deal_coup(cards, args.bug)
            if args.counts:
                coups.append(coup)
            else:
                print(json.dumps(coup, separators=(",", ":")))
    if args.counts:
        print(counts_document(coups))


if __name__ == "__main__":
    main()
