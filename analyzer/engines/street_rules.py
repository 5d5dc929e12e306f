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
>>> [bool(parse_condition(text)(SeenCards.of(own, board))[0])
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

#: Mississippi Stud's point count: J-A 2 points, 6-T 1 point, 2-5 none.
JACK, TEN, SIX = parse_rank("J"), parse_rank("T"), parse_rank("6")


def rank_bits(low: int, high: int) -> int:
    """The bits of ranks ``low`` to ``high`` (0 = 2 ... 12 = A) in a :class:`Seen` mask: rank r is bit r + 1.

    >>> bin(rank_bits(parse_rank("T"), parse_rank("A")))
    '0b11111000000000'
    """
    return ((1 << (high - low + 1)) - 1) << (low + 1)


#: Every rank's bit (the low ace's bit 0 left out).
RANKS = rank_bits(0, 12)


@dataclass(frozen=True)
class Seen:
    """The cards seen of many situations at once, as one 14-bit mask per suit (n, 4): bit r + 1 when rank r
    (0 = 2 ... 12 = A) of the suit is seen, and bit 0 with the ace (the ace also below the 2, for straights).
    Every condition is a few integer operations on these masks."""

    masks: np.ndarray

    @classmethod
    def of(cls, cards: np.ndarray) -> Seen:
        """The masks of each row of ``cards`` (card index: rank * 4 + suit)."""
        masks = np.zeros((len(cards), 4), dtype=np.int64)
        rows = np.arange(len(cards))
        for column in np.asarray(cards, dtype=np.int64).T:   # a row's cards are distinct: one bit each
            masks[rows, column % 4] |= np.left_shift(1, column // 4 + 1)
        return cls(masks | ((masks >> 13) & 1))

    def take(self, rows: np.ndarray) -> Seen:
        """The situations at ``rows`` (one may be taken many times)."""
        return Seen(self.masks[rows])

    @cached_property
    def present(self) -> np.ndarray:
        """(n,): the distinct ranks seen, the ace at both ends."""
        return np.bitwise_or.reduce(self.masks, axis=1)

    @cached_property
    def paired(self) -> np.ndarray:
        """(n,): the ranks seen at least twice."""
        m = self.masks
        return ((m[:, 0] & (m[:, 1] | m[:, 2] | m[:, 3])) | (m[:, 1] & (m[:, 2] | m[:, 3])) | (m[:, 2] & m[:, 3])) & RANKS

    @cached_property
    def tripled(self) -> np.ndarray:
        """(n,): the ranks seen at least three times."""
        m = self.masks
        return ((m[:, 0] & m[:, 1] & (m[:, 2] | m[:, 3])) | (m[:, 2] & m[:, 3] & (m[:, 0] | m[:, 1]))) & RANKS

    def count(self, bits: int) -> np.ndarray:
        """(n,): the cards seen whose ranks are among ``bits``."""
        return np.bitwise_count(self.masks & bits).sum(axis=1)

    def most_suited(self, bits: int = RANKS) -> np.ndarray:
        """(n,): the most cards of one suit whose ranks are among ``bits``."""
        return np.bitwise_count(self.masks & bits).max(axis=1)


@dataclass(frozen=True)
class SeenCards:
    """The cards seen in many situations at once: the player's own cards (``own_only``) and the community cards
    turned (``board_only``, no card when none is turned), one row per situation; ``whole``, every card seen."""

    own_only: Seen
    board_only: Seen

    @classmethod
    def of(cls, own: np.ndarray, board: np.ndarray | None = None) -> SeenCards:
        """The situations of ``own`` cards and ``board`` cards (rows of card indices; None: no community card)."""
        return cls(Seen.of(own), Seen.of(np.zeros((len(own), 0), dtype=np.int64) if board is None else board))

    @cached_property
    def whole(self) -> Seen:
        """Every card seen: the two parts' masks together (they share no card)."""
        return Seen(self.own_only.masks | self.board_only.masks)


def windows(spread: int, first: int = 0, last: int = 13) -> list[int]:
    """The masks of every ``spread`` consecutive ranks from bit ``first`` (0: the low ace) to bit ``last``."""
    return [((1 << spread) - 1) << start for start in range(first, last - spread + 2)]


def runs(masks: np.ndarray, spread: int) -> np.ndarray:
    """The most ranks of ``masks`` inside any ``spread`` consecutive ranks, ace high or low (any shape).

    >>> runs(np.array([0b10000000011011]), 4).tolist()   # A, 2, 4, 5: A-2-3-4 or 2-3-4-5 have three
    [3]
    """
    return np.max([np.bitwise_count(masks & window) for window in windows(spread)], axis=0)


def outside(present: np.ndarray, length: int) -> np.ndarray:
    """Whether ``length`` consecutive ranks are present that a card at either end completes (no ace)."""
    return np.any([(present & window) == window for window in windows(length, 1, 12)], axis=0)


Reading = Callable[[Seen], np.ndarray]
#: A condition: whether it holds for each situation of the cards seen.
Condition = Callable[["SeenCards"], np.ndarray]
RANK = r"(10|[2-9tjqka])"
#: Each condition's pattern and how it reads the cards seen (``groups``: the pattern's groups).
CONDITIONS: tuple[tuple[str, Callable[..., Reading]], ...] = (
    (r"any pair", lambda: lambda s: s.paired != 0),
    (rf"pair of {RANK} or better", lambda r: lambda s: s.paired & rank_bits(parse_rank(r), 12) != 0),
    (rf"pair of {RANK} to {RANK}", lambda low, high: lambda s: s.paired & rank_bits(parse_rank(low), parse_rank(high))
     != 0),
    (r"two pair(?: or better)?", lambda: lambda s: (np.bitwise_count(s.paired) >= 2) | (s.tripled != 0)),
    (r"three of a kind(?: or better)?", lambda: lambda s: s.tripled != 0),
    (r"(\d) points?", lambda n: lambda s: 2 * s.count(rank_bits(JACK, 12)) + s.count(rank_bits(SIX, TEN)) >= int(n)),
    (r"(\d) high cards?", lambda n: lambda s: s.count(rank_bits(JACK, 12)) >= int(n)),
    (rf"(\d) cards? of {RANK} or higher", lambda n, r: lambda s: s.count(rank_bits(parse_rank(r), 12)) >= int(n)),
    (rf"(\d) cards? of {RANK} to {RANK}", lambda n, low, high: lambda s: s.count(rank_bits(parse_rank(low),
                                                                                          parse_rank(high))) >= int(n)),
    (r"(\d) suited", lambda n: lambda s: s.most_suited() >= int(n)),
    (r"(\d) to a royal(?: flush)?", lambda n: lambda s: s.most_suited(rank_bits(TEN, 12)) >= int(n)),
    (r"(\d) to a straight flush(?: spread (\d))?",
     lambda n, spread: lambda s: runs(s.masks, int(spread or 5)).max(axis=1) >= int(n)),
    (r"(\d) to a straight(?: spread (\d))?", lambda n, spread: lambda s: runs(s.present, int(spread or 5)) >= int(n)),
    (r"(\d) to an outside straight", lambda n: lambda s: outside(s.present, int(n))),
    (rf"ranks ({RANK}(?:-{RANK})*)", lambda text, *_: lambda s: (s.present & RANKS)
     == sum(1 << (parse_rank(r) + 1) for r in set(text.split("-")))),
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
        return self.choose_seen(street, SeenCards.of(own, board))

    def choose_seen(self, street: int, seen: SeenCards) -> np.ndarray:
        """The choice index the rules give each situation of ``seen`` at ``street``."""
        chosen = np.full(len(seen.own_only.masks), -1, dtype=np.int64)
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
        for street, entry in zip(rules.streets, streets, strict=True):
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


