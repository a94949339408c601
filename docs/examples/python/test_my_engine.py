"""An engine's test suite against the reference, with pytest (``pytest test_my_engine.py``)
or as a plain script (``python test_my_engine.py``).

"My engine" here is the small engine of docs/examples/oracle/engine.py; put yours in its
place: a function that deals one coup from a list of cards and returns the log line.

- every conformance vector of one deck (each sequence of card values a coup can deal, with
  its decisions, totals and winner) is a test case, the engine run on it;
- whole shoes the engine deals are verified coup by coup with ``pb.verify``, the
  discrepancies (data, not exceptions) reported with their line and kind.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

import punto_banco as pb

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracle"))
import engine  # type: ignore[import-not-found]  # noqa: E402  (the engine under test)

# A card of each value, as the engine writes cards: a vector gives values, not cards.
CARD_OF_VALUE = ["KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]

# One deck's vectors are few enough to be test cases (every ordered opening and third
# card); eight decks' are the same sequences of values with other weights.
VECTORS: List[Dict[str, Any]] = list(pb.vectors(decks=1))


def engine_coup(values: List[int]) -> Dict[str, Any]:
    """The engine's coup on cards of these values (more cards than it needs: it takes what
    the rules make it take)."""
    cards = [CARD_OF_VALUE[v] for v in values] + ["KH"] * 6
    line: Dict[str, Any] = engine.deal_coup(cards, bug=None)
    return line


@pytest.mark.parametrize("vector", VECTORS[::997], ids=lambda v: "-".join(map(str, v["cards"])))
def test_the_engine_deals_each_vector_as_the_reference(vector: Dict[str, Any]) -> None:
    coup = engine_coup(vector["cards"])
    assert coup["winner"] == vector["winner"]
    assert coup["punto_total"] == vector["punto_total"]
    assert coup["banco_total"] == vector["banco_total"]
    assert coup["natural"] == vector["natural"]
    assert coup["punto_draws"] == ("punto_draws" in vector["decisions"])
    assert coup["banco_draws"] == ("banco_draws" in vector["decisions"])


def shoe_log(seed: int, bug: Any = None) -> List[Dict[str, Any]]:
    """One eight-deck shoe as the engine deals and logs it."""
    rng = random.Random(seed)
    cards = [rank + suit for rank, suit in itertools.product(engine.RANKS, engine.SUITS)] * 8
    rng.shuffle(cards)
    lines: List[Dict[str, Any]] = [{"shoe": {"decks": 8}}]
    while len(cards) > 16:
        lines.append(engine.deal_coup(cards, bug))
    return lines


@pytest.mark.parametrize("seed", range(3))
def test_every_coup_of_a_shoe_agrees(seed: int) -> None:
    report = pb.verify(shoe_log(seed))
    assert report["summary"]["verdict"] == "agree", report["discrepancies"][:3]


def test_a_mispaid_tie_is_found() -> None:
    # The engine's deliberate bug: a commission taken on the Banco bet when the coup ties.
    report = pb.verify(shoe_log(5, bug="commission-on-ties"))
    kinds = {d["kind"] for d in report["discrepancies"]}
    assert report["summary"]["verdict"] == "disagree" and "net" in kinds


if __name__ == "__main__":
    # The same checks without pytest: a line per failure, exit 1 if any.
    failures = 0
    for vector in VECTORS:
        coup = engine_coup(vector["cards"])
        if coup["winner"] != vector["winner"]:
            failures += 1
            print(f"vector {vector['cards']}: the engine says {coup['winner']}, the reference {vector['winner']}")
    for seed in range(3):
        report = pb.verify(shoe_log(seed))
        for discrepancy in report["discrepancies"]:
            failures += 1
            print(f"shoe {seed}, line {discrepancy['line']}: {discrepancy['text']}")
    print(f"{len(VECTORS)} vectors and 3 shoes checked, {failures} failures")
    sys.exit(1 if failures else 0)
