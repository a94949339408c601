"""punto-banco: the exact, verified reference for Punto Banco, in Python.

Every command of the ``punto-banco`` tool is a function here returning the command's
document (the JSON document ``punto-banco COMMAND -f json`` prints) as Python values:
dicts and lists, every exact value a :class:`fractions.Fraction` (an :class:`Exact`), every
count an :class:`int` (a :class:`Count` where the document writes it as a string of digits).
:func:`to_json` gives the command line's JSON back::

    >>> import punto_banco as pb
    >>> doc = pb.analyze(decks=8, fields="outcomes")
    >>> doc["outcomes"]["banco"]["probability"]
    Exact(8954111587648, 19524993263685)
    >>> int(doc["outcomes"]["banco"]["count"])
    2292252566437888

Bad input raises :class:`InputError` (a :class:`ValueError`) with the command line's one-line
message; a discrepancy that ``check`` finds is data in the document, not an exception.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._native import COMMANDS, InputError
from ._native import analyze_batch as _analyze_batch
from ._native import call as _call
from ._native import vectors as _vectors

if TYPE_CHECKING:  # pragma: no cover
    import datetime

    import numpy

__all__ = [
    "COMMANDS",
    "Count",
    "Document",
    "Exact",
    "InputError",
    "Rules",
    "analyze",
    "analyze_batch",
    "audit",
    "banque",
    "check",
    "chemin",
    "count",
    "deal",
    "decisions",
    "eor",
    "fit",
    "roads",
    "rules",
    "session_odds",
    "shoe_sim",
    "shoe_sim_merge",
    "shoes",
    "shuffle_test",
    "to_json",
    "to_pandas",
    "vectors",
    "verify",
]

#: A document: the JSON document of a command, as Python values.
Document = Dict[str, Any]

#: A rule set: a shipped variant's name, a rule file's path, or a rule file as a dict.
Rules = Union[str, "os.PathLike[str]", Mapping[str, Any], None]

#: Cards as the command line writes them (``"8H,9C"``) or as a list (``["8♥", "9♣"]``).
Cards = Union[str, Sequence[str]]


class Exact(Fraction):
    """An exact value of a document: a :class:`~fractions.Fraction` that :func:`to_json`
    writes back as the document's ``"n/d"``."""

    def __repr__(self) -> str:
        return f"Exact({self.numerator}, {self.denominator})"


class Count(int):
    """A count of a document that may exceed a double's integers: an :class:`int` that
    :func:`to_json` writes back as the document's string of digits."""

    def __repr__(self) -> str:
        return f"Count({int(self)})"


_FRACTION = re.compile(r"-?[0-9]+/[0-9]+")
_DIGITS = re.compile(r"-?[0-9]+")

#: Keys whose strings of digits are names, not counts: a rank ("10"), a hand's total or
#: cards as Chemin de Fer's information models name them.
_LABELS = frozenset({"rank", "banco_hand", "punto_hand"})


def _from_json(value: Any, key: Optional[str] = None) -> Any:
    if isinstance(value, dict):
        return {k: _from_json(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_from_json(v, key) for v in value]
    if isinstance(value, str):
        if _FRACTION.fullmatch(value):
            numerator, denominator = value.split("/")
            return Exact(int(numerator), int(denominator))
        if key not in _LABELS and _DIGITS.fullmatch(value):
            return Count(int(value))
    return value


def _to_json_value(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _to_json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json_value(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Count):
        return str(int(value))
    return value


def to_json(document: Any, indent: Optional[int] = 2) -> str:
    """The command line's JSON text of a document: exact values as ``"n/d"``, counts as
    strings of digits, keys sorted as the command line writes them.

    ``json.loads(to_json(analyze(decks=8)))`` equals ``json.loads`` of
    ``punto-banco analyze -f json``.
    """
    return json.dumps(
        _to_json_value(document), indent=indent, sort_keys=True, ensure_ascii=False
    )


def _rules(rules: Rules) -> Tuple[Optional[str], Optional[str]]:
    """A rule set as the native module takes it: a shipped name, or a source and its text.
    A file of the name wins over a shipped variant, as on the command line."""
    if rules is None:
        return None, None
    if isinstance(rules, Mapping):
        name = rules.get("name")
        return (name if isinstance(name, str) else "rules"), json.dumps(rules)
    if isinstance(rules, (str, os.PathLike)):
        path = os.fspath(rules)
        if os.path.isfile(path):
            try:
                with open(path, encoding="utf-8") as file:
                    return path, file.read()
            except (OSError, UnicodeDecodeError) as error:
                raise InputError(f"cannot read {path}: {error}") from None
        if os.path.exists(path):
            raise InputError(f"`{path}` is not a regular file: a rule set is a file or a shipped name")
        if isinstance(rules, os.PathLike) or path.endswith(".json"):
            raise InputError(f"cannot read {path}: no such file")
        return path, None
    raise TypeError(
        f"rules: a shipped name, a path or a rule-file dict, not {type(rules).__name__}"
    )


def _options(options: Mapping[str, Any]) -> str:
    """The options given (those not None) as the JSON object the native module reads."""
    return json.dumps({k: v for k, v in options.items() if v is not None})


def _run(
    command: str,
    rules: Rules,
    input_path: Optional[str] = None,
    input_text: Optional[str] = None,
    **options: Any,
) -> Document:
    name, text = _rules(rules)
    document = _call(command, _options(options), name, text, input_path, input_text)
    result: Document = _from_json(json.loads(document))
    return result


def analyze(
    *,
    decks: Optional[int] = None,
    ranks: Optional[Sequence[int]] = None,
    card_counts: Optional[Sequence[int]] = None,
    remove: Optional[Cards] = None,
    rules: Rules = None,
    fields: Optional[Union[str, Sequence[str]]] = None,
) -> Document:
    """The exact analysis of one shoe (``punto-banco analyze``): counts, probabilities,
    edges of every bet. The shoe is ``decks`` whole decks, 13 rank counts ``ranks`` or 52
    ``card_counts`` (A♠ A♥ A♦ A♣ 2♠ … K♣), less ``remove``; else the rule set's shoe, else
    eight decks. ``fields`` keeps only those parts of the document."""
    return _run(
        "analyze",
        rules,
        decks=decks,
        ranks=_list(ranks),
        card_counts=_list(card_counts),
        remove=_cards(remove),
        fields=_cards(fields),
    )


def rules(rules: Rules = None, *, stake: int = 20) -> Document:
    """A rule set's drawing rules, golden tableau, tariff, settlement table at ``stake`` and
    dealing procedure (``punto-banco rules``)."""
    return _run("rules", rules, stake=stake)


def deal(cards: Cards, *, rules: Rules = None, stake: int = 20, lang: str = "en") -> Document:
    """One coup dealt from ``cards`` in deal order, explained in ``lang`` (``"en"`` or
    ``"fr"``) and settled at ``stake`` (``punto-banco deal``)."""
    return _run("deal", rules, cards=_cards(cards), stake=stake, lang=lang)


def check(rules: Rules, *, information: Optional[str] = None, lang: str = "en") -> Document:
    """A claimed rule set against the reference (``punto-banco check``): every differing
    cell and tariff, with its exact cost, and whether each stated figure holds. A figure
    that does not hold is data in the document (``claims``), not an exception."""
    return _run("check", rules, information=information, lang=lang)


def eor(
    *,
    decks: Optional[int] = None,
    ranks: Optional[Sequence[int]] = None,
    card_counts: Optional[Sequence[int]] = None,
    remove: Optional[Cards] = None,
    rules: Rules = None,
    by: Optional[str] = None,
) -> Document:
    """The exact effect of removing one card of each rank (``by="rank"``) or each exact
    card (``by="card"``) on every bet (``punto-banco eor``)."""
    return _run(
        "eor",
        rules,
        decks=decks,
        ranks=_list(ranks),
        card_counts=_list(card_counts),
        remove=_cards(remove),
        by=by,
    )


def decisions(
    *,
    decks: Optional[int] = None,
    ranks: Optional[Sequence[int]] = None,
    card_counts: Optional[Sequence[int]] = None,
    remove: Optional[Cards] = None,
    rules: Rules = None,
) -> Document:
    """The exact value of every drawing decision of a rule set, and which action is better
    for each side (``punto-banco decisions``)."""
    return _run(
        "decisions",
        rules,
        decks=decks,
        ranks=_list(ranks),
        card_counts=_list(card_counts),
        remove=_cards(remove),
    )


def session_odds(
    *,
    deals: int = 10,
    stake: int = 20,
    decks: Optional[int] = None,
    players: Optional[Union[str, Sequence[str]]] = None,
    rules: Rules = None,
    lang: str = "en",
) -> Document:
    """The exact odds of the teaching session's fixed strategies over ``deals`` deals at
    ``stake``, or of a table of ``players`` (``"banco,punto,tie"``) (``punto-banco
    session-odds``)."""
    return _run(
        "session-odds",
        rules,
        deals=deals,
        stake=stake,
        decks=decks,
        players=_cards(players),
        lang=lang,
    )


def shoe_sim(
    *,
    shoes: int = 1000,
    seed: int = 1,
    decks: int = 8,
    cut: Optional[int] = None,
    rules: Rules = None,
    shard: Optional[Union[str, Tuple[int, int]]] = None,
    partial: bool = False,
) -> Document:
    """Shuffled shoes dealt to the cut card, every bet priced exactly before every coup
    (``punto-banco shoe-sim``): the run's report, or with ``partial=True`` the exact partial
    summary of ``shard`` (``(k, n)`` or ``"k/n"``: the k-th of n equal parts of the run) that
    :func:`shoe_sim_merge` adds up into the very report of the whole run."""
    if isinstance(shard, tuple):
        shard = f"{shard[0]}/{shard[1]}"
    return _run(
        "shoe-sim",
        rules,
        shoes=shoes,
        seed=seed,
        decks=decks,
        cut=cut,
        shard=shard,
        partial=partial or None,
    )


def shoe_sim_merge(parts: Sequence[Document], *, partial: bool = False) -> Document:
    """Partials of :func:`shoe_sim` that hold every shard of a run, merged exactly into the
    run's report (``punto-banco shoe-sim merge``), or with ``partial=True`` into one
    partial. A missing or repeated shard, or partials of different runs, raise
    :class:`InputError`."""
    given = [_to_json_value(part) for part in parts]
    return _run("shoe-sim-merge", None, parts=given, partial=partial or None)


def chemin(
    *,
    decks: Optional[int] = None,
    ranks: Optional[Sequence[int]] = None,
    card_counts: Optional[Sequence[int]] = None,
    remove: Optional[Cards] = None,
    with_replacement: bool = False,
    information: Optional[str] = None,
    commission: Optional[str] = None,
) -> Document:
    """Chemin de Fer solved as an exact two-person game (``punto-banco chemin``)."""
    return _run(
        "chemin",
        None,
        decks=decks,
        ranks=_list(ranks),
        card_counts=_list(card_counts),
        remove=_cards(remove),
        with_replacement=with_replacement or None,
        information=information,
        commission=commission,
    )


def banque(*, share: Optional[str] = None) -> Document:
    """Baccarat Banque solved as an exact game, the banker's share of stakes ``share``
    (``"1/2"`` by default) (``punto-banco banque``)."""
    return _run("banque", None, share=share)


#: A log: a path to a file of JSON lines, or the lines themselves (strings, or dicts that
#: are written as JSON).
Log = Union[str, "os.PathLike[str]", Iterable[Union[str, Mapping[str, Any]]]]


def verify(log: Log, *, rules: Rules = None, lang: str = "en", roads: bool = False) -> Document:
    """Verifies a log of coups coup by coup against the rules (``punto-banco verify``):
    every discrepancy is in the document's ``discrepancies``, and ``summary["verdict"]``
    is ``"agree"`` or ``"disagree"``; a log with no readable coup raises
    :class:`InputError`. With ``roads=True`` the scoreboards the log's coup lines state
    (a ``roads`` field) are checked too (``verify --roads``). A path is read as a stream,
    in bounded memory."""
    if isinstance(log, (str, os.PathLike)):
        path = os.fspath(log)
        return _run("verify", rules, input_path=path, lang=lang, roads=roads or None)
    lines = [
        line if isinstance(line, str) else json.dumps(_to_json_value(line), ensure_ascii=False)
        for line in log
    ]
    return _run(
        "verify", rules, input_text="\n".join(lines) + "\n", lang=lang, roads=roads or None
    )


def _input(given: Any) -> Dict[str, Optional[str]]:
    """A file a command reads as the native module takes it: a path (streamed), or its text:
    lines (strings, or dicts written as JSON) or one dict (a JSON document)."""
    if isinstance(given, (str, os.PathLike)):
        return {"input_path": os.fspath(given), "input_text": None}
    if isinstance(given, Mapping):
        return {"input_path": None, "input_text": json.dumps(_to_json_value(given))}
    lines = [
        line if isinstance(line, str) else json.dumps(_to_json_value(line), ensure_ascii=False)
        for line in given
    ]
    return {"input_path": None, "input_text": "\n".join(lines) + "\n"}


def _date(date: Union[None, str, "datetime.date"]) -> Optional[str]:
    if date is None or isinstance(date, str):
        return date
    return date.isoformat()


def fit(
    counts: Optional[Union[Log, Mapping[str, Any]]] = None,
    *,
    plan: Rules = None,
    decks: Optional[int] = None,
    ranks: Optional[Sequence[int]] = None,
    card_counts: Optional[Sequence[int]] = None,
    remove: Optional[Cards] = None,
    rules: Rules = None,
    alpha: Optional[float] = None,
    power: Optional[float] = None,
    shown: Optional[int] = None,
    lang: str = "en",
) -> Document:
    """An engine's observed counts (a path, a dict of counts, or a log's lines) against the
    exact probabilities (``punto-banco fit``): a test per group, each with its p-value and
    whether it passes at ``alpha``; or, with ``plan`` (a rule set with an error: a shipped
    name, a path or a dict), how many coups reveal the error at ``alpha`` with ``power``. A
    test that fails is data in the document, not an exception."""
    given: Dict[str, Any] = {}
    if plan is not None:
        name, text = _rules(plan)
        given["plan"] = name if text is None else {"source": name, "text": text}
    if counts is not None:
        given.update(_input(counts))
    return _run(
        "fit",
        rules,
        decks=decks,
        ranks=_list(ranks),
        card_counts=_list(card_counts),
        remove=_cards(remove),
        alpha=alpha,
        power=power,
        shown=shown,
        lang=lang,
        **given,
    )


def shoes(
    *,
    count: int = 1,
    seed: int = 1,
    decks: int = 8,
    rules: Rules = None,
    shuffler: Optional[str] = None,
    form: str = "order",
) -> List[Document]:
    """Shuffled shoes dealt by the rule set's dealing procedure (``punto-banco shoes``), as
    the list of lines the command line writes: each shoe's order (``form="order"``, the
    input of :func:`shuffle_test`) or a shoe log (``form="log"``, the input of
    :func:`verify` and :func:`audit`). Shoe ``i`` of a ``seed`` is the same on every machine;
    ``shuffler`` names a defective shuffler (``"riffle:3"``) to deal with instead."""
    lines: List[Document] = _run(  # type: ignore[assignment]
        "shoes", rules, count=count, seed=seed, decks=decks, shuffler=shuffler, **{"as": form}
    )
    return lines


def shuffle_test(
    shoes: Optional[Log] = None,
    *,
    alpha: Optional[float] = None,
    lags: Optional[int] = None,
    plan: Optional[Union[str, Sequence[str]]] = None,
    power: Optional[float] = None,
    decks: Optional[int] = None,
    pilot: Optional[int] = None,
    seed: Optional[int] = None,
    date: Union[None, str, "datetime.date"] = None,
    lang: str = "en",
) -> Document:
    """The shuffle battery over shuffled shoes (a path, or lines of ``{"cards": [...]}``)
    (``punto-banco shuffle-test``), with the power those shoes had against each defect
    ``plan`` names; or, without shoes, how many shoes the one defect ``plan`` names needs
    to be caught. The report quotes its input's SHA-256 and the command line that makes the
    same report; ``date`` (``"YYYY-MM-DD"`` or a ``datetime.date``) dates it. A battery
    that fails is data (``verdict``), not an exception."""
    given = _input(shoes) if shoes is not None else {}
    return _run(
        "shuffle-test",
        None,
        alpha=alpha,
        lags=lags,
        plan=_cards(plan),
        power=power,
        decks=decks,
        pilot=pilot,
        seed=seed,
        date=_date(date),
        lang=lang if lang != "en" else None,
        **given,
    )


def audit(
    log: Log,
    *,
    rules: Rules = None,
    alpha: Optional[float] = None,
    date: Union[None, str, "datetime.date"] = None,
    lang: str = "en",
) -> Document:
    """A shoe log audited (``punto-banco audit``): its coups tested against each coup's
    exact odds on the cards left in its shoe, every bet's return against its exact
    expectation, and every coup's settlement against the rules (``findings``). The report
    quotes its input's SHA-256 and the command line that makes the same report; ``date``
    dates it. Findings and failed tests are data (``verdict``), not exceptions."""
    return _run(
        "audit",
        rules,
        alpha=alpha,
        date=_date(date),
        lang=lang if lang != "en" else None,
        **_input(log),
    )


def roads(
    log: Log, *, rules: Rules = None, decks: Optional[int] = None, rows: int = 6
) -> List[Document]:
    """The scoreboard of each shoe of a log (``punto-banco roads``): its bead plate, Big Road
    (logical columns, and laid out on ``rows`` rows), the three derived roads, the ask
    cells, and the exact odds of the next coup from the cards left, one dict per shoe.
    Each coup's result is the rules' winner of its cards, whatever the log claims."""
    found: Any = _run("roads", rules, decks=decks, rows=rows if rows != 6 else None, **_input(log))
    shoes: List[Document] = found
    return shoes


def count(
    weights: Union[str, Sequence[int]],
    *,
    threshold: Optional[Union[str, Sequence[Union[int, str]]]] = None,
    shoes: int = 1000,
    seed: int = 1,
    decks: int = 8,
    cut: Optional[int] = None,
    rules: Rules = None,
) -> Document:
    """A point count evaluated for every bet (``punto-banco count``): ``weights`` are 13
    integers (A, 2, …, K) or a published count's name; each bet's betting correlation with
    its exact effects of removal, and, over ``shoes`` simulated shoes, what betting when the
    true count passes ``threshold`` wins per shoe against perfect knowledge of the cards
    left."""
    if not isinstance(weights, str):
        weights = ",".join(str(w) for w in weights)
    if threshold is not None and not isinstance(threshold, str):
        threshold = ",".join(str(t) for t in threshold)
    return _run(
        "count",
        rules,
        weights=weights,
        threshold=threshold,
        shoes=shoes,
        seed=seed,
        decks=decks,
        cut=cut,
    )


def vectors(
    *, decks: Optional[int] = None, ranks: Optional[Sequence[int]] = None, rules: Rules = None
) -> Iterator[Document]:
    """The exhaustive conformance vectors of a shoe (``punto-banco vectors``): every
    sequence of card values a coup can deal, with its decisions, totals, winner and exact
    weight, one dict at a time."""
    name, text = _rules(rules)
    for line in _vectors(_options({"decks": decks, "ranks": _list(ranks)}), name, text):
        vector: Document = _from_json(json.loads(line))
        yield vector


def _list(values: Optional[Iterable[int]]) -> Optional[List[int]]:
    if values is None:
        return None
    return [_whole(v) for v in values]


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            import operator

            return int(operator.index(value))
        except TypeError:
            raise InputError(f"a count is a whole number, not {value!r}") from None
    return value


def _cards(cards: Optional[Union[str, Sequence[str]]]) -> Optional[Union[str, List[str]]]:
    if cards is None or isinstance(cards, str):
        return cards
    return [str(card) for card in cards]


def analyze_batch(
    counts: Any,
    *,
    rules: Rules = None,
    fields: Sequence[str] = ("outcomes", "bets"),
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """The exact analysis of many shoes at engine speed: ``counts`` is an integer array of
    shape ``(n, 13)`` (rank counts) or ``(n, 52)`` (card counts); the result a dict of
    arrays, one per figure: with ``"outcomes"``, ``banco_count``, ``punto_count``,
    ``tie_count`` and ``total`` (``uint64`` where every count fits, else a list of Python
    ints) and ``banco_probability``, ``punto_probability``, ``tie_probability``
    (``float64``); with ``"bets"``, ``banco_edge``, ``punto_edge``, ``tie_edge``
    (``float64``). It runs on ``threads`` threads (all cores by default), the GIL
    released. Needs NumPy."""
    import numpy as np

    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] not in (13, 52):
        raise InputError(
            f"counts: give an array of shape (n, 13) rank counts or (n, 52) card counts, not {array.shape}"
        )
    if array.dtype.kind not in "iu":
        raise InputError(f"counts: whole numbers, not {array.dtype}")
    if array.size and array.min() < 0:
        row = int(np.argwhere(array < 0)[0][0])
        raise InputError(f"counts: row {row}: a count is 0 or more, not {int(array[row].min())}")
    wanted = set(fields)
    unknown = wanted - {"outcomes", "bets"}
    if unknown:
        raise InputError(f"fields: {sorted(unknown)[0]} is not a field (outcomes, bets)")
    name, text = _rules(rules)
    raw = _analyze_batch(
        np.ascontiguousarray(array, dtype="<u8").tobytes(),
        int(array.shape[1]),
        name,
        text,
        0 if threads is None else int(threads),
        "bets" in wanted,
    )
    result: Dict[str, Any] = {}
    for key, value in raw.items():
        kind = "bets" if key.endswith("_edge") else "outcomes"
        if kind not in wanted:
            continue
        if isinstance(value, bytes):
            dtype = "<u8" if key.endswith("_count") or key == "total" else "<f8"
            result[key] = np.frombuffer(value, dtype=dtype).copy()
        else:
            result[key] = value
    return result


def to_pandas(document: Document) -> Any:
    """The table of a document as a pandas DataFrame (needs pandas):

    - an analysis (``analyze``): a row per bet (``edge`` exact, ``edge_percent``,
      ``expected_net``), or per outcome (``count``, ``probability``, ``decimal``) when the
      document has only its outcomes;
    - an effect of removal (``eor``): a row per card or rank removed, and for each bet its
      exact change (``BET``) and the change in percentage points (``BET_points``);
    - an audit or a shuffle test: a row per statistical test.
    """
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

    if "bets" in document:
        return pd.DataFrame(
            [
                {
                    "bet": key,
                    "edge": bet.get("edge"),
                    "edge_percent": bet.get("edge_percent"),
                    "expected_net": bet.get("expected_net"),
                }
                for key, bet in document["bets"].items()
            ]
        ).set_index("bet")
    if "outcomes" in document:
        return pd.DataFrame(
            [
                {
                    "outcome": key,
                    "count": int(figures["count"]),
                    "probability": figures["probability"],
                    "decimal": figures["decimal"],
                }
                for key, figures in document["outcomes"].items()
            ]
        ).set_index("outcome")
    if "removal" in document:
        rows = []
        for removal in document["removal"]:
            row: Dict[str, Any] = {k: v for k, v in removal.items() if k != "edge_change"}
            for bet, change in removal["edge_change"].items():
                row[bet] = change["exact"]
                row[f"{bet}_points"] = change["percentage_points"]
            rows.append(row)
        return pd.DataFrame(rows)
    if "tests" in document:
        return pd.DataFrame(document["tests"]).set_index("name")
    raise InputError(
        "to_pandas: a document with a table is an analysis, an effect of removal, an audit or a shuffle test"
    )
