#!/usr/bin/env python3
"""Replays the conformance vectors through the example engine (engine.py) and counts agreements.

A model for testing your own engine offline: read each vector, deal its cards to the engine's
coup resolver, and compare what the engine does with what the vector says.

    punto-banco vectors --out vectors.jsonl
    python3 docs/examples/oracle/replay.py vectors.jsonl
    python3 docs/examples/oracle/replay.py vectors.jsonl --bug banco-3-draws-on-8
"""
import argparse
import json
import sys

from engine import BUGS, deal_coup

# One card for each value 0-9; the suit does not matter to the rules.
CARD = ["KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]


def decisions(coup):
    """The engine's decisions as the vectors name them."""
    if coup["natural"]:
        return ["natural"]
    punto = "punto_draws" if coup["punto_draws"] else "punto_stands"
    banco = "banco_draws" if coup["banco_draws"] else "banco_stands"
    return [punto, banco]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vectors")
    # A shuffle bug cannot be replayed: the vectors fix every card.
    parser.add_argument("--bug", choices=[b for b in BUGS if b != "never-nine-first"])
    args = parser.parse_args()
    agree, differ = 0, 0
    for number, line in enumerate(open(args.vectors), start=1):
        vector = json.loads(line)
        cards = [CARD[v] for v in vector["cards"]]
        try:
            coup = deal_coup(cards, args.bug)
            found = (decisions(coup), coup["punto_total"], coup["banco_total"],
                     coup["natural"], coup["winner"], len(cards))
        except IndexError:  # the engine asked for a card the vector does not have
            found = "asks for another card"
        wanted = (vector["decisions"], vector["punto_total"], vector["banco_total"],
                  vector["natural"], vector["winner"], 0)
        if found == wanted:
            agree += 1
            continue
        differ += 1
        if differ <= 3:
            print(f"vector {number}: {line.strip()}\n  engine: {found}")
    print(f"{agree} vectors agree, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
