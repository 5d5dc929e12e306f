"""Strategies written street by street: rules over the cards seen, one list per deciding street.

A strategy file gives, for every deciding street in order, rules checked from the top over the cards seen
there (the player's own cards and the community cards turned so far); the first rule whose conditions all
hold decides, and each street ends with ``otherwise ACTION``::

    game = "mississippi"
    [[streets]]
    rules = ["3x with any pair", "1x with 2 points", "fold"]

A rule is ``ACTION with CONDITION [and CONDITION ...]``, ``CONDITION [and ...] -> ACTION``, or
``[otherwise] ACTION`` (always). ACTION is a choice of the street: its label (``pull back``, ``let it
ride 1x``), ``fold``, ``check``, ``Nx`` (bet N times the Ante, also ``raise Nx``, ``bet Nx``), ``ride``. A
CONDITION (``not`` in front negates it) is one of

- ``any pair``, ``pair of R or better``, ``pair of R to R``, ``two pair``, ``three of a kind``,
- ``N points`` (at least N; Mississippi Stud's count: J-A 2 points, 6-T 1 point, 2-5 none),
- ``N high cards`` (at least N cards J or higher), ``N cards of R or higher``, ``N cards of R to R``,
- ``N suited`` (N cards of one suit), ``N to a royal`` (N suited cards T-A),
- ``N to a straight flush [spread S]``, ``N to a straight [spread S]`` (N distinct ranks, of one suit for
  a straight flush, inside S consecutive ranks, ace high or low; S is 5 unless given),
- ``N to an outside straight`` (N consecutive ranks that can be completed at both ends: no ace),
- ``ranks R-R-R`` (the distinct ranks seen are exactly these),

read over every card seen, or, followed by ``on the board``, over the community cards alone, or by ``in
the hole cards`` (also ``in the player's cards``), over the player's own cards alone: ``any pair and not
any pair on the board`` is a pair that is not the board's alone.

The rules depend on the cards only through their ranks and how many share a suit, so a relabelling of
the suits never changes a choice (the engines count one representative per class of deals).

>>> from analyzer.core.cards import parse_cards
>>> own, board = np.array([parse_cards("Js Qs")]), np.array([parse_cards("Ks 2h 2d")])
>>> [bool(parse_condition(text)(SeenCards(own, board))[0])
...  for text in ("3 to a royal", "any pair", "any pair on the board", "any pair in the hole cards")]
[True, True, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter
from pathlib import Path

import numpy as np

from analyzer.core.cards import CardError, parse_rank
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


@dataclass(frozen=True)
class SeenCards:
    """The cards seen in many situations at once: the player's own cards (``own``, one row each) and the
    community cards turned (``board``, as many rows; no column when none is turned), and the counts of each
    part and of the whole, made when a condition reads them."""

    own: np.ndarray
    board: np.ndarray

    @classmethod
    def of(cls, own: np.ndarray, board: np.ndarray | None = None) -> SeenCards:
        """The situations of ``own`` cards and ``board`` cards (none: no community card)."""
        return cls(own, np.zeros((len(own), 0), dtype=np.int64) if board is None else board)

    @cached_property
    def whole(self) -> Seen:
        return Seen.of(np.concatenate([self.own, self.board], axis=1))

    @cached_property
    def own_only(self) -> Seen:
        return Seen.of(self.own)

    @cached_property
    def board_only(self) -> Seen:
        return Seen.of(self.board)


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


Reading = Callable[[Seen], np.ndarray]
#: A condition: whether it holds for each situation of the cards seen.
Condition = Callable[["SeenCards"], np.ndarray]
RANK = r"(10|[2-9tjqka])"
#: Each condition's pattern and how it reads the cards seen (``groups``: the pattern's groups).
CONDITIONS: tuple[tuple[str, Callable[..., Reading]], ...] = (
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


#: The parts of the cards seen a condition may be read over, by the words that follow it.
PARTS: tuple[tuple[str, Callable[[SeenCards], Seen]], ...] = (
    (r"\s+on the board", attrgetter("board_only")),
    (r"\s+in the (?:hole cards|player's cards)", attrgetter("own_only")),
)


def parse_condition(text: str) -> Condition:
    """One condition (``not`` in front negates it; ``on the board``, ``in the hole cards`` after it read that
    part of the cards seen alone); an unknown one is a RulesError."""
    words = text.strip().lower()
    if words.startswith("not "):
        inner = parse_condition(words[4:])
        return lambda seen: ~inner(seen)
    part: Callable[[SeenCards], Seen] = attrgetter("whole")
    for suffix, chosen in PARTS:
        if (found := re.search(suffix + "$", words)) is not None:
            words, part = words[:found.start()], chosen
    for pattern, build in CONDITIONS:
        if (match := re.fullmatch(pattern, words)) is not None:
            reading = build(*match.groups())
            return lambda seen: reading(part(seen))
    raise RulesError(f"cannot read condition {text!r} (e.g. 'any pair', '2 points', '3 suited', "
                     "'4 to an outside straight', '3 to a straight flush spread 4', '1 high card', 'any pair on the board')")


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

    def choose(self, street: int, own: np.ndarray, board: np.ndarray | None = None) -> np.ndarray:
        """The choice index the rules give each situation at ``street``: the player's ``own`` cards and the
        ``board`` cards turned (rows of card indices; ``board`` None: none turned, or all given as ``own``)."""
        seen = SeenCards.of(own, board)
        chosen = np.full(len(own), -1, dtype=np.int64)
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


