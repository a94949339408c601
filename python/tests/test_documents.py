"""Every function's document equals the command line's JSON for the same inputs, and
exact values come as fractions, counts as ints."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any, List

import pytest

import punto_banco as pb

ROOT = Path(__file__).resolve().parents[2]


def binary() -> str:
    """The command line built by `cargo build --release` (or named by PUNTO_BANCO_BIN)."""
    path = os.environ.get("PUNTO_BANCO_BIN") or str(ROOT / "target" / "release" / "punto-banco")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no punto-banco binary at {path}: run `cargo build --release` first")
    return path


def cli(*args: str) -> Any:
    run = subprocess.run([binary(), *args, "-f", "json"], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


EXAMPLES = ROOT / "docs" / "examples"
RULE_FILE = EXAMPLES / "check"

# (function call, command line) pairs over every command the package has, with options.
CASES = [
    (lambda: pb.analyze(), ["analyze"]),
    (lambda: pb.analyze(decks=6, remove="8H,9C"), ["analyze", "-d", "6", "--remove", "8H,9C"]),
    (lambda: pb.analyze(remove=["8♥", "9♣"], fields=["outcomes", "bets"]),
     ["analyze", "--remove", "8♥,9♣", "--fields", "outcomes,bets"]),
    (lambda: pb.analyze(ranks=[4] * 13), ["analyze", "--ranks", ",".join(["4"] * 13)]),
    (lambda: pb.analyze(rules="ez-baccarat"), ["analyze", "-r", "ez-baccarat"]),
    (lambda: pb.rules(), ["rules"]),
    (lambda: pb.rules("super-6", stake=100), ["rules", "-r", "super-6", "--stake", "100"]),
    (lambda: pb.deal("4H,2S,9C,AD,7D,5S"), ["deal", "4H,2S,9C,AD,7D,5S"]),
    (lambda: pb.deal(["3H", "3S", "2C", "5D", "6D", "9S"], rules="super-6", lang="fr"),
     ["deal", "3H", "3S", "2C", "5D", "6D", "9S", "-r", "super-6", "-l", "fr"]),
    (lambda: pb.eor(), ["eor"]),
    (lambda: pb.eor(decks=1, by="card"), ["eor", "-d", "1", "--by", "card"]),
    (lambda: pb.decisions(decks=1, remove="5S,5H"), ["decisions", "-d", "1", "--remove", "5S,5H"]),
    (lambda: pb.session_odds(), ["session-odds"]),
    (lambda: pb.session_odds(players="banco,punto,tie", lang="fr"),
     ["session-odds", "--players", "banco,punto,tie", "-l", "fr"]),
    (lambda: pb.chemin(), ["chemin"]),
    (lambda: pb.chemin(with_replacement=True, information="banco-cards"),
     ["chemin", "--with-replacement", "-i", "banco-cards"]),
    (lambda: pb.banque(), ["banque"]),
    (lambda: pb.banque(share="2/3"), ["banque", "--share", "2/3"]),
    (lambda: pb.fit(EXAMPLES / "oracle" / "counts.json", shown=3),
     ["fit", str(EXAMPLES / "oracle" / "counts.json"), "--shown", "3"]),
    (lambda: pb.fit(EXAMPLES / "oracle" / "outcomes.json", decks=6),
     ["fit", str(EXAMPLES / "oracle" / "outcomes.json"), "-d", "6"]),
    (lambda: pb.fit(plan=ROOT / "data" / "claims" / "004-banque.tsv", power=0.99),
     ["fit", "--plan", str(ROOT / "data" / "claims" / "004-banque.tsv"), "--power", "0.99"]),
    (lambda: pb.shuffle_test(plan="riffle:3", pilot=200),
     ["shuffle-test", "--plan", "riffle:3", "--pilot", "200"]),
    (lambda: pb.count("thorp-nat9", shoes=20), ["count", "--weights", "thorp-nat9", "--shoes", "20"]),
    (lambda: pb.count([0, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -1], threshold=[0, 2], shoes=10, decks=6),
     ["count", "--weights", "0,1,1,1,1,0,0,0,-1,-1,-1,-1,-1", "--threshold", "0,2", "--shoes", "10",
      "-d", "6"]),
]


def jsonl(*args: str) -> List[Any]:
    run = subprocess.run([binary(), *args, "-f", "json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_roads_are_the_command_lines() -> None:
    log = EXAMPLES / "oracle" / "two-shoes.jsonl"
    assert json.loads(pb.to_json(pb.roads(log))) == jsonl("roads", str(log))
    assert json.loads(pb.to_json(pb.roads(log, rows=3))) == jsonl("roads", str(log), "--rows", "3")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert pb.roads(lines) == pb.roads(log)


def test_stated_roads_are_verified_as_the_command_line_does() -> None:
    for name in ["roads.jsonl", "roads-wrong.jsonl"]:
        log = EXAMPLES / "oracle" / name
        assert json.loads(pb.to_json(pb.verify(log, roads=True))) == cli("verify", str(log), "--roads")
    wrong = pb.verify(EXAMPLES / "oracle" / "roads-wrong.jsonl", roads=True)
    assert wrong["summary"]["verdict"] == "disagree"


@pytest.mark.parametrize("call,args", CASES, ids=[" ".join(a) for _, a in CASES])
def test_every_document_is_the_command_lines(call: Any, args: List[str]) -> None:
    assert json.loads(pb.to_json(call())) == cli(*args)


def test_check_of_a_claimed_rule_set_is_the_command_lines() -> None:
    claimed = sorted(RULE_FILE.glob("*.json"))
    assert claimed, "docs/examples/check holds claimed rule sets"
    for path in claimed:
        assert json.loads(pb.to_json(pb.check(path))) == cli("check", str(path)), path


def test_exact_values_are_fractions_and_counts_ints() -> None:
    doc = pb.analyze(fields="outcomes,sequences")
    banco = doc["outcomes"]["banco"]
    assert isinstance(banco["probability"], Fraction)
    assert banco["probability"] == Fraction(8954111587648, 19524993263685)
    assert isinstance(banco["count"], int) and banco["count"] == 2292252566437888
    total = sum(doc["outcomes"][w]["count"] for w in ("banco", "punto", "tie"))
    assert total == doc["sequences"] == 4998398275503360
    assert sum(doc["outcomes"][w]["probability"] for w in ("banco", "punto", "tie")) == 1


def test_a_rank_stays_a_name() -> None:
    rows = pb.eor()["removal"]
    assert [row["rank"] for row in rows][:2] == ["A", "2"]
    assert all(isinstance(row["rank"], str) for row in rows)


def test_rules_by_name_path_and_dict_agree(tmp_path: Path) -> None:
    text = subprocess.run(
        [binary(), "rules", "-r", "ez-baccarat", "-f", "json"], capture_output=True, text=True
    )
    assert text.returncode == 0
    by_name = pb.analyze(rules="ez-baccarat", fields="bets")
    shipped = ROOT / "data" / "variants" / "ez-baccarat.json"
    if shipped.exists():
        by_path = pb.analyze(rules=shipped, fields="bets")
        assert by_path == by_name
        by_dict = pb.analyze(rules=json.loads(shipped.read_text()), fields="bets")
        assert by_dict == by_name
    else:  # the shipped file's place: read it through a copy
        pytest.fail(f"no shipped rule file at {shipped}")


def test_a_simulation_is_the_command_lines_and_its_shards_merge_into_it() -> None:
    single = pb.shoe_sim(shoes=12, seed=7, decks=2)
    assert json.loads(pb.to_json(single)) == cli("shoe-sim", "--shoes", "12", "--seed", "7", "--decks", "2")
    parts = [pb.shoe_sim(shoes=12, seed=7, decks=2, shard=(k, 3), partial=True) for k in (1, 2, 3)]
    assert json.loads(pb.to_json(parts[1])) == cli(
        "shoe-sim", "--shoes", "12", "--seed", "7", "--decks", "2", "--shard", "2/3", "--partial"
    )
    assert pb.shoe_sim_merge(parts) == single
    with pytest.raises(pb.InputError, match="missing shard 3 of 3"):
        pb.shoe_sim_merge(parts[:2])


def lab_cli(*args: str) -> Any:
    """A lab report of the command line, undated unless asked: the report quotes its command,
    so the flags are given as the function's call stands for them (the file, each option in
    the order of their names, ``--rules``, ``--format json``)."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    if "--date" in args:
        env["SOURCE_DATE_EPOCH"] = "1000000000"  # 2001-09-09
    run = subprocess.run([binary(), *args], capture_output=True, text=True, env=env)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def test_the_lab_reports_are_the_command_lines() -> None:
    shoes = str(EXAMPLES / "lab" / "shoes.jsonl")
    doc = pb.shuffle_test(shoes, alpha=0.05, plan=["riffle:3"], pilot=200)
    assert doc["command"][:3] == ["punto-banco", "shuffle-test", shoes]
    assert json.loads(pb.to_json(doc)) == lab_cli(
        "shuffle-test", shoes, "--alpha", "0.05", "--pilot", "200", "--plan", "riffle:3",
        "--format", "json",
    )
    mispaid = str(EXAMPLES / "lab" / "audit-mispaid.jsonl")
    doc = pb.audit(mispaid, date=datetime.date(2001, 9, 9))
    # The mis-paid log is found out: a finding, in the document, not an exception.
    assert doc["verdict"] == "fail" and doc["findings"][0]["kind"] == "settlement"
    assert doc["date"] == "2001-09-09"
    assert json.loads(pb.to_json(doc)) == lab_cli("audit", mispaid, "--date", "--format", "json")
    fair = str(EXAMPLES / "lab" / "audit-fair.jsonl")
    doc = pb.audit(fair, rules="ez-baccarat", alpha=0.05, lang="fr")
    assert json.loads(pb.to_json(doc)) == lab_cli(
        "audit", fair, "--alpha", "0.05", "--lang", "fr", "--rules", "ez-baccarat",
        "--format", "json",
    )


def test_shoes_are_the_command_lines_lines_and_feed_the_lab() -> None:
    for form in ("order", "log"):
        lines = pb.shoes(count=2, seed=7, decks=1, form=form, shuffler="riffle:3")
        run = subprocess.run(
            [binary(), "shoes", "--count", "2", "--seed", "7", "-d", "1", "--as", form,
             "--shuffler", "riffle:3"],
            capture_output=True, text=True,
        )
        assert run.returncode == 0, run.stderr
        expected = [json.loads(line) for line in run.stdout.splitlines()]
        assert [json.loads(pb.to_json(line)) for line in lines] == expected
    # Shoes dealt here feed the lab's functions as lines: a log verified, orders tested.
    log = pb.shoes(count=2, seed=3, form="log")
    assert pb.verify(log)["summary"]["verdict"] == "agree"
    assert pb.audit(log)["findings"] == []
    orders = pb.shoes(count=300, seed=3, decks=1)
    battery = pb.shuffle_test(orders)
    assert battery["shoes"] == 300 and battery["command"][2] == "the shoes"


def test_a_lab_report_is_a_table() -> None:
    pd = pytest.importorskip("pandas")
    battery = pb.to_pandas(pb.shuffle_test(EXAMPLES / "lab" / "shoes.jsonl"))
    assert isinstance(battery, pd.DataFrame) and len(battery) >= 5
    assert set(battery["verdict"]) <= {"pass", "fail", "untested"}
    audit = pb.to_pandas(pb.audit(EXAMPLES / "lab" / "audit-fair.jsonl"))
    assert "return_banco" in audit.index and audit.loc["outcomes", "statistic_kind"] == "mahalanobis"
