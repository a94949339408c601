"""Bad input raises InputError with the command line's message; logs, vectors and batches
agree with the command line and with one shoe at a time."""

from __future__ import annotations

import json
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import punto_banco as pb
from test_documents import ROOT, binary, cli


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: pb.analyze(remove="11X"), "remove"),
        (lambda: pb.analyze(decks=0), "decks"),
        (lambda: pb.analyze(ranks=[4] * 12), "ranks: give 13 counts"),
        (lambda: pb.analyze(ranks=[-1] + [4] * 12), "ranks[0]"),
        (lambda: pb.analyze(decks=8, ranks=[4] * 13), "not both"),
        (lambda: pb.analyze(fields="outcomes,nope"), "fields"),
        (lambda: pb.analyze(rules="no-such-variant"), "no-such-variant"),
        (lambda: pb.analyze(rules="missing/file.json"), "cannot read missing/file.json"),
        (lambda: pb.analyze(rules={"schema": 2, "name": "x", "drawing": "nonsense"}), "x"),
        (lambda: pb.deal("4H,2S"), ""),
        (lambda: pb.deal("4H,2S,9C,AD", stake=0), "stake"),
        (lambda: pb.eor(by="suit"), "by: `suit`"),
        (lambda: pb.session_odds(deals=0), "deals"),
        (lambda: pb.chemin(with_replacement=True, decks=6), "with_replacement"),
        (lambda: pb.chemin(information="everything"), "information"),
        (lambda: pb.banque(share="2"), "share"),
        (lambda: pb.verify(["not json"]), "no line of the log"),
        (lambda: pb.fit(), "fit needs observed counts"),
        (lambda: pb.fit({"banco": -3}), "the counts"),
        (lambda: pb.fit(plan="no-such-variant"), "no-such-variant"),
        (lambda: pb.shoes(count=0), "count: 0"),
        (lambda: pb.shoes(form="csv"), "as: unknown variant"),
        (lambda: pb.shuffle_test(["{\"cards\": [\"11X\"]}"]), "the shoes: line 1"),
        (lambda: pb.shuffle_test(plan="riffle:3", pilot=5), "pilot"),
        (lambda: pb.audit(["{\"shoe\": 3}"]), "the log: line 1"),
        (lambda: pb.audit(ROOT / "docs" / "examples" / "lab" / "audit-fair.jsonl", date="2026-02-30"), "date"),
    ],
)
def test_bad_input_is_an_input_error_naming_it(call, words: str) -> None:
    with pytest.raises(pb.InputError) as raised:
        call()
    assert isinstance(raised.value, ValueError)
    message = str(raised.value)
    assert words in message and "\n" not in message, message


def test_an_input_error_says_what_the_command_line_says(tmp_path: Path) -> None:
    run = subprocess.run([binary(), "analyze", "--remove", "11X"], capture_output=True, text=True)
    assert run.returncode == 2
    with pytest.raises(pb.InputError) as raised:
        pb.analyze(remove="11X")
    # The command line names its flag `--remove`, the package its keyword `remove`.
    assert str(raised.value).replace("remove", "--remove", 1) in run.stderr


def test_a_discrepancy_is_data_not_an_exception() -> None:
    log = ROOT / "docs" / "examples" / "oracle" / "flags.jsonl"
    document = pb.verify(log)
    assert document["summary"]["verdict"] == "disagree"
    assert json.loads(pb.to_json(document)) == cli("verify", str(log))
    lines = log.read_text().splitlines()
    assert pb.verify(lines) == document
    assert pb.verify([json.loads(line) for line in lines if line.strip()]) == document


def test_a_good_log_agrees() -> None:
    log = ROOT / "docs" / "examples" / "oracle" / "good.jsonl"
    document = pb.verify(str(log))
    assert document["summary"]["verdict"] == "agree"
    assert json.loads(pb.to_json(document)) == cli("verify", str(log))


def test_vectors_are_the_command_lines() -> None:
    run = subprocess.run([binary(), "vectors", "-d", "1"], capture_output=True, text=True)
    assert run.returncode == 0
    expected = [json.loads(line) for line in run.stdout.splitlines()]
    got = [json.loads(pb.to_json(v, indent=None)) for v in pb.vectors(decks=1)]
    assert got == expected
    # Their weights are every ordered six-card sequence of one deck.
    assert sum(int(v["weight"]) for v in pb.vectors(decks=1)) == 52 * 51 * 50 * 49 * 48 * 47


def test_a_batch_equals_one_shoe_at_a_time() -> None:
    rng = np.random.default_rng(7)
    counts = np.full((40, 13), 32, dtype=np.int64) - rng.integers(0, 6, size=(40, 13))
    batch = pb.analyze_batch(counts)
    assert batch["banco_count"].dtype == np.uint64
    for i in (0, 17, 39):
        doc = pb.analyze(ranks=[int(c) for c in counts[i]], fields="outcomes,bets,sequences")
        for winner in ("banco", "punto", "tie"):
            assert int(batch[f"{winner}_count"][i]) == doc["outcomes"][winner]["count"]
            assert batch[f"{winner}_probability"][i] == float(doc["outcomes"][winner]["probability"])
            assert batch[f"{winner}_edge"][i] == float(doc["bets"][winner]["edge"])
        assert int(batch["total"][i]) == doc["sequences"]
    one = pb.analyze_batch(counts, threads=1, fields=["outcomes"])
    assert set(one) == {"banco_count", "punto_count", "tie_count", "total",
                        "banco_probability", "punto_probability", "tie_probability"}
    assert np.array_equal(one["banco_count"], batch["banco_count"])


def test_a_batch_of_card_counts_with_a_rule_set() -> None:
    counts = np.full((3, 52), 8, dtype=np.uint32)
    counts[1, 0] = 0
    batch = pb.analyze_batch(counts, rules="ez-baccarat", fields=["bets"])
    doc = pb.analyze(card_counts=[int(c) for c in counts[1]], rules="ez-baccarat", fields="bets")
    assert batch["banco_edge"][1] == float(doc["bets"]["banco"]["edge"])


def test_counts_too_big_for_uint64_come_as_ints() -> None:
    big = np.full((1, 13), 20_000, dtype=np.int64)
    batch = pb.analyze_batch(big, fields=["outcomes"])
    assert isinstance(batch["total"], list)
    n = 13 * 20_000
    assert batch["total"][0] == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


@pytest.mark.parametrize(
    "counts,words",
    [
        (np.zeros((2, 12), dtype=int), "shape"),
        (np.full((2, 13), -1), "row 0"),
        (np.full((2, 13), 1.5), "whole numbers"),
        (np.zeros((1, 13), dtype=int), "row 0"),
    ],
)
def test_a_bad_batch_is_an_input_error(counts, words: str) -> None:
    with pytest.raises(pb.InputError, match=words):
        pb.analyze_batch(counts)


def test_fractions_survive_arithmetic() -> None:
    bets = pb.analyze(fields="bets")["bets"]
    assert bets["banco"]["edge"] + bets["banco"]["expected_net"] == 0
    assert isinstance(bets["banco"]["edge"] * 2, Fraction)


def test_tables_as_dataframes() -> None:
    pd = pytest.importorskip("pandas")
    bets = pb.to_pandas(pb.analyze(rules="ez-baccarat"))
    assert isinstance(bets, pd.DataFrame)
    assert bets.loc["banco", "edge"] == pb.analyze(rules="ez-baccarat", fields="bets")["bets"]["banco"]["edge"]
    outcomes = pb.to_pandas(pb.analyze(fields="outcomes"))
    assert int(outcomes["count"].sum()) == 4998398275503360
    removal = pb.to_pandas(pb.eor())
    assert list(removal["rank"])[:3] == ["A", "2", "3"] and "banco_points" in removal
    with pytest.raises(pb.InputError, match="to_pandas"):
        pb.to_pandas(pb.rules())
