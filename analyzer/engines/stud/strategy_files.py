"""Strategies written street by street for games with several decision streets, evaluated exactly.

A strategy file gives, for every street in order, rules checked from the top over the cards seen there
(the player's cards and the community cards turned so far); the first rule whose conditions all hold
decides, and each street ends with ``otherwise ACTION``::

    game = "mississippi"
    [[streets]]
    rules = ["3x with any pair", "1x with 2 points", "fold"]

A rule is ``ACTION with CONDITION [and CONDITION ...]``, ``CONDITION [and ...] -> ACTION``, or
``[otherwise] ACTION`` (always). ACTION is a choice of the street: its label (``pull back``, ``let it
ride 1x``), ``fold``, ``Nx`` (bet N times the Ante, also ``raise Nx``), ``ride``. A CONDITION (``not``
in front negates it) is one of

- ``any pair``, ``pair of R or better``, ``pair of R to R``, ``two pair``, ``three of a kind``,
- ``N points`` (at least N; Mississippi Stud's count: J-A 2 points, 6-T 1 point, 2-5 none),
- ``N high cards`` (at least N cards J or higher), ``N cards of R or higher``, ``N cards of R to R``,
- ``N suited`` (N cards of one suit), ``N to a royal`` (N suited cards T-A),
- ``N to a straight flush [spread S]``, ``N to a straight [spread S]`` (N distinct ranks, of one suit for
  a straight flush, inside S consecutive ranks, ace high or low; S is 5 unless given),
- ``N to an outside straight`` (N consecutive ranks that can be completed at both ends: no ace),
- ``ranks R-R-R`` (the distinct ranks seen are exactly these).

>>> from analyzer.core.cards import parse_cards
>>> seen = np.array([sorted(parse_cards("Js Qs Ks"))])
>>> [bool(parse_condition(text)(Seen.of(seen))[0]) for text in ("3 to a royal", "6 points", "any pair")]
[True, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from analyzer.core.cards import CardError, parse_rank
from analyzer.engines.base import StrategyFigures
from analyzer.engines.stud.enumeration import enumerate_game
from analyzer.engines.stud.results import PaytableAnalysis
from analyzer.games.paytables import read_toml_file
from analyzer.games.rules import GameRules, RulesError, Street

#: Mississippi Stud's point count per rank (2 .. A).
POINTS = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2])
JACK, TEN = parse_rank("J"), parse_rank("T")


@dataclass(frozen=True)
class Seen:
    """The cards seen of many situations at once: rank counts (n, 13), suit counts (n, 4), and the ranks
    present per suit with the ace also below the 2 (n, 4, 14: index 0 the low ace, 1 .. 13 the 2 .. A)."""

    ranks: np.ndarray
    suits: np.ndarray
    by_suit: np.ndarray

    @classmethod
    def of(cls, cards: np.ndarray) -> Seen:
        """The counts of each row of ``cards`` (card index: rank * 4 + suit)."""
        rows = np.arange(len(cards))[:, None]
        by_suit = np.zeros((len(cards), 4, 14), dtype=np.int64)
        by_suit[rows, cards % 4, cards // 4 + 1] = 1
        by_suit[:, :, 0] = by_suit[:, :, 13]
        ranks = by_suit[:, :, 1:].sum(axis=1)
        return cls(ranks, by_suit[:, :, 1:].sum(axis=2), by_suit)

    @cached_property
    def present(self) -> np.ndarray:
        """(n, 14): the distinct ranks present, the ace at both ends."""
        return self.by_suit.max(axis=1)


def runs(present: np.ndarray, spread: int) -> np.ndarray:
    """The most ranks present inside any ``spread`` consecutive ranks (the last axis, low ace first).

    >>> runs(np.array([[1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]]), 4).tolist()   # A, 4, 5: A-2-3-4 has two
    [2]
    """
    windows = np.stack([present[..., start:start + spread].sum(axis=-1) for start in range(15 - spread)], axis=-1)
    return windows.max(axis=-1)


def outside(present: np.ndarray, length: int) -> np.ndarray:
    """Whether ``length`` consecutive ranks are present that a card at either end completes (no ace)."""
    return np.any(np.stack([present[:, start:start + length].sum(axis=1) == length
                            for start in range(1, 14 - length)], axis=1), axis=1)


Condition = Callable[[Seen], np.ndarray]
RANK = r"(10|[2-9tjqka])"
#: Each condition's pattern and how it reads the cards seen (``groups``: the pattern's groups).
CONDITIONS: tuple[tuple[str, Callable[..., Condition]], ...] = (
    (r"any pair", lambda: lambda s: np.any(s.ranks >= 2, axis=1)),
    (rf"pair of {RANK} or better", lambda r: lambda s: np.any(s.ranks[:, parse_rank(r):] >= 2, axis=1)),
    (rf"pair of {RANK} to {RANK}", lambda low, high: lambda s: np.any(s.ranks[:, parse_rank(low):parse_rank(high) + 1]
                                                                      >= 2, axis=1)),
    (r"two pair(?: or better)?", lambda: lambda s: ((s.ranks >= 2).sum(axis=1) >= 2) | np.any(s.ranks >= 3, axis=1)),
    (r"three of a kind(?: or better)?", lambda: lambda s: np.any(s.ranks >= 3, axis=1)),
    (r"(\d) points?", lambda n: lambda s: s.ranks @ POINTS >= int(n)),
    (r"(\d) high cards?", lambda n: lambda s: s.ranks[:, JACK:].sum(axis=1) >= int(n)),
    (rf"(\d) cards? of {RANK} or higher", lambda n, r: lambda s: s.ranks[:, parse_rank(r):].sum(axis=1) >= int(n)),
    (rf"(\d) cards? of {RANK} to {RANK}", lambda n, low, high: lambda s: s.ranks[:, parse_rank(low):parse_rank(high)
                                                                                 + 1].sum(axis=1) >= int(n)),
    (r"(\d) suited", lambda n: lambda s: s.suits.max(axis=1) >= int(n)),
    (r"(\d) to a royal(?: flush)?", lambda n: lambda s: s.by_suit[:, :, TEN + 1:].sum(axis=2).max(axis=1) >= int(n)),
    (r"(\d) to a straight flush(?: spread (\d))?",
     lambda n, spread: lambda s: runs(s.by_suit, int(spread or 5)).max(axis=1) >= int(n)),
    (r"(\d) to a straight(?: spread (\d))?", lambda n, spread: lambda s: runs(s.present, int(spread or 5)) >= int(n)),
    (r"(\d) to an outside straight", lambda n: lambda s: outside(s.present, int(n))),
    (rf"ranks ({RANK}(?:-{RANK})*)", lambda text, *_: lambda s: np.all(
        (s.ranks > 0) == np.isin(np.arange(13), [parse_rank(r) for r in text.split("-")]), axis=1)),
)


def parse_condition(text: str) -> Condition:
    """One condition (``not`` in front negates it); an unknown one is a RulesError."""
    words = text.strip().lower()
    if words.startswith("not "):
        inner = parse_condition(words[4:])
        return lambda seen: ~inner(seen)
    for pattern, build in CONDITIONS:
        if (match := re.fullmatch(pattern, words)) is not None:
            return build(*match.groups())
    raise RulesError(f"cannot read condition {text!r} (e.g. 'any pair', '2 points', '3 suited', "
                     "'4 to an outside straight', '3 to a straight flush spread 4', '1 high card')")


def choice_index(text: str, street: Street) -> int:
    """The street's choice an ACTION names: its label, ``fold``, ``Nx``/``raise Nx``, ``ride``, ``pull back``.

    >>> from analyzer.games.rules import load_game
    >>> street = load_game("mississippi").streets[0]
    >>> choice_index("raise 3x", street), choice_index("fold", street), choice_index("bet 1x", street)
    (3, 0, 1)
    """
    words = re.sub(r"^(raise|bet|play)\s+", "", text.strip().lower())
    for index, choice in enumerate(street.choices):
        if words == choice.label.lower() or (choice.action == "fold" and words == "fold") \
                or (choice.action == "bet" and words in (f"{choice.multiple}x", "ride", "let it ride")) \
                or (choice.action == "take_back" and words in ("pull back", "take back")):
            return index
    labels = ", ".join(repr(choice.label) for choice in street.choices)
    raise RulesError(f"{street.title}: no choice {text!r} (choose from {labels})")


def parse_rule(text: str, street: Street) -> tuple[int, tuple[Condition, ...]]:
    """(Choice index, conditions) of one rule; no condition: always."""
    body = text.strip()
    if "->" in body:
        conditions, action = body.rsplit("->", 1)
    elif " with " in body:
        action, conditions = body.split(" with ", 1)
    else:
        action, conditions = re.sub(r"^otherwise\s+", "", body, flags=re.IGNORECASE), ""
    conditions = "" if conditions.strip().lower() == "otherwise" else conditions
    parts = [part for part in re.split(r"\s+and\s+", conditions.strip(), flags=re.IGNORECASE) if part]
    return choice_index(action, street), tuple(parse_condition(part) for part in parts)


@dataclass(frozen=True)
class StreetStrategy:
    """Ordered rules per street: (choice index, conditions), the last rule of each street unconditional."""

    title: str
    streets: tuple[tuple[tuple[int, tuple[Condition, ...]], ...], ...]

    def choose(self, street: int, cards: np.ndarray) -> np.ndarray:
        """The choice index the rules give each row of sorted ``cards`` seen at ``street``."""
        seen = Seen.of(cards)
        chosen = np.full(len(cards), -1, dtype=np.int64)
        for index, conditions in self.streets[street]:
            hit = chosen < 0
            for condition in conditions:
                hit &= condition(seen)
            chosen[hit] = index
        return chosen


def load_street_strategy(path: Path, rules: GameRules) -> StreetStrategy:
    """Read a street-by-street strategy file for ``rules``; every problem is a one-line RulesError naming
    the file."""
    _, data = read_toml_file(path, "strategy")
    streets = data.get("streets")
    try:
        if data.get("game", rules.name) != rules.name:
            raise RulesError(f"the file is for {data['game']!r}, not {rules.name!r}")
        if not isinstance(streets, list) or len(streets) != len(rules.streets):
            raise RulesError(f"give the rules of each of the game's {len(rules.streets)} streets in order "
                             "([[streets]] rules = [...])")
        parsed = []
        for street, entry in zip(rules.streets, streets):
            texts = entry.get("rules") if isinstance(entry, dict) else None
            if not texts or not all(isinstance(text, str) for text in texts):
                raise RulesError(f"{street.title}: no rules (rules = [\"...\", \"otherwise fold\"])")
            lines = tuple(parse_rule(text, street) for text in texts)
            if lines[-1][1]:
                raise RulesError(f"{street.title}: end its rules with 'otherwise ACTION' (some hands decide nothing)")
            parsed.append(lines)
    except (RulesError, CardError) as error:
        raise RulesError(f"{path}: {error}") from None
    return StreetStrategy(str(data.get("title", path.stem)), tuple(parsed))


def evaluate_street_strategy(analysis: PaytableAnalysis, strategy: StreetStrategy) -> StrategyFigures:
    """The exact figures of a written strategy (house edge per ante, element of risk, average total bet,
    how deals end), by playing its choice in every situation over every ordered deal, and its cost
    against the optimal strategy of ``analysis`` (the written house edge minus the optimal one)."""
    counts = enumerate_game(analysis.tree, written=strategy.choose)
    played = PaytableAnalysis(analysis.rules, analysis.tree, counts).main_figures()
    optimal = analysis.main_figures()
    return StrategyFigures(title=strategy.title, house_edge_per_ante=played["house_edge_per_ante"],
                           element_of_risk=played["element_of_risk"], average_total_bet=played["average_total_bet"],
                           cost_per_ante=played["house_edge_per_ante"] - optimal["house_edge_per_ante"],
                           actions=played["actions"], decision_points=played["decision_points"])
