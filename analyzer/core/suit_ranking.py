"""Rankings that decompose by suit: a hand is worth the best of its suits' values.

Declared in ``core/rankings.toml`` with a ``kind`` (no category list: the categories follow from it):

* ``flush_length``: a suit's value is its length (how many of the hand's cards are of that suit), then
  its ranks from the highest down, ace high, as in poker high-card comparison. The hand's value is its
  longest flush; with two suits of that length the better plays.
* ``straight_flush_length``: a suit's value is its longest run of ranks in sequence (ace high or low:
  A-2-3 counts, K-A-2 does not); runs of one length tie.

One category per length, from the shortest a best suit can be (four suits hold ``cards`` cards: at least
``ceil(cards / 4)`` of one for a flush, one card for a straight flush) up to ``cards``, named by its
length: ``three_card_flush``, ``seven_card_straight_flush``. A rank is ``category * span + tiebreak``,
``span = 13 ** cards``, the tiebreak a flush's ranks in base 13, highest first, padded with zeros (0 for
a straight flush): "beats" is ``>``.

Because a hand's value is the largest of its four suits' values (:attr:`SuitRanking.suit_values`, one per
13-bit set of ranks), a hand ranks below a value v exactly when each of its suits does: the counting of
:mod:`analyzer.engines.one_decision.by_suit` rests on that.

>>> from analyzer.core.ranking import load_ranking
>>> from analyzer.core.cards import parse_cards
>>> flush = load_ranking("longest_flush")
>>> hand = flush.rank_of(parse_cards("As 9s 4s 2s Kh Qh 3d"))
>>> flush.category_name(hand), flush.describe(hand)
('four_card_flush', 'four card flush A-9-4-2')
>>> flush.rank_of(parse_cards("Ah Kh Qh 2c 3c 4d 5s")) > flush.rank_of(parse_cards("Ah Kh 9h 8h 2c 3c 4d"))
False
>>> straight = load_ranking("longest_straight_flush")
>>> straight.describe(straight.rank_of(parse_cards("Ac 2c 3c 5c 9d Td Js")))
'three card straight flush'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from analyzer.core.cards import ACE, RANK_COUNT, SUIT_COUNT
from analyzer.core.isomorphism import suit_masks
from analyzer.core.ranking import DIGIT_BASE, Category, HandRanking

#: The kinds of ranking that decompose by suit.
SUIT_KINDS = ("flush_length", "straight_flush_length")
#: Every 13-bit set of ranks of one suit.
RANK_SETS = 1 << RANK_COUNT
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen")


def popcounts() -> np.ndarray:
    """Number of ranks in each 13-bit set of ranks (int64, indexed by the set).

    >>> popcounts()[[0, 1, 0b1011, RANK_SETS - 1]].tolist()
    [0, 1, 3, 13]
    """
    sets = np.arange(RANK_SETS)
    return sum((sets >> bit) & 1 for bit in range(RANK_COUNT)).astype(np.int64)


def longest_runs(sets: np.ndarray) -> np.ndarray:
    """Length of the longest run of ranks in sequence of each 13-bit set of ranks; the ace plays high or
    low (A-2-3 is a run of three, K-A-2 two runs).

    >>> longest_runs(np.array([0b1000000000111, 0b1100000000001, 0])).tolist()
    [4, 2, 0]
    """
    sets = np.asarray(sets, dtype=np.int64)
    extended = (sets << 1) | ((sets >> ACE) & 1)  # bit 0: the ace played low, below the two
    length, run = np.zeros(len(sets), dtype=np.int64), np.zeros(len(sets), dtype=np.int64)
    for bit in range(RANK_COUNT + 1):
        run = np.where((extended >> bit) & 1, run + 1, 0)
        length = np.maximum(length, run)
    return length


@dataclass(frozen=True)
class SuitRanking(HandRanking):
    """A ranking whose hand value is the largest of its suits' values (see the module)."""

    kind: str = "flush_length"

    @classmethod
    def declared(cls, name: str, entry: dict) -> "SuitRanking":
        """The ranking of a ``rankings.toml`` entry with a ``kind`` of :data:`SUIT_KINDS`."""
        kind, cards = entry["kind"], int(entry["cards"])
        if kind not in SUIT_KINDS:
            raise ValueError(f"{name}: unknown ranking kind {kind!r} (known: {', '.join(SUIT_KINDS)})")
        if not 1 <= cards <= RANK_COUNT:
            raise ValueError(f"{name}: a {kind} ranking ranks 1 to {RANK_COUNT} cards, not {cards}")
        straight = kind == "straight_flush_length"
        lowest = 1 if straight else -(-cards // SUIT_COUNT)
        suffix = "straight_flush" if straight else "flush"
        categories = tuple(Category(f"{NUMBER_WORDS[length]}_card_{suffix}", (1,) * length, straight, True)
                           for length in range(lowest, cards + 1))
        return cls(name, entry["title"], cards, categories, kind=kind)

    @property
    def digits(self) -> int:
        return self.cards

    @property
    def overlapping(self) -> bool:
        return False

    @property
    def shortest(self) -> int:
        """The length of the lowest category."""
        return len(self.categories[0].shape)

    @cached_property
    def suit_values(self) -> np.ndarray:
        """The value of one suit holding each 13-bit set of ranks (int64), -1 below the lowest category
        (such a suit is never a hand's best); a hand's rank is the largest over its four suits."""
        sets = np.arange(RANK_SETS)
        if self.kind == "straight_flush_length":
            length, tiebreak = longest_runs(sets), np.zeros(RANK_SETS, dtype=np.int64)
        else:
            length = popcounts()
            tiebreak = np.zeros(RANK_SETS, dtype=np.int64)
            place = np.zeros(RANK_SETS, dtype=np.int64)  # how many ranks written so far, highest first
            for rank in range(RANK_COUNT - 1, -1, -1):
                held = ((sets >> rank) & 1).astype(bool)
                shift = DIGIT_BASE ** np.maximum(self.digits - 1 - place, 0)
                tiebreak = np.where(held, tiebreak + rank * shift, tiebreak)
                place += held
        category = length - self.shortest
        return np.where((category >= 0) & (length <= self.cards), category * self.span + tiebreak, -1)

    def describe(self, rank: int, kept: int | None = None) -> str:
        """``four card flush A-9-4-2``, ``five card straight flush`` (straight flushes rank by length alone)."""
        if self.kind == "straight_flush_length":
            return self.categories[int(rank) // self.span].label
        return super().describe(rank, kept)

    def evaluate(self, hands: np.ndarray) -> np.ndarray:
        return self.evaluate_each(hands)

    def evaluate_each(self, hands: np.ndarray) -> np.ndarray:
        """Ranks of hands (one per row): the largest value of their suits' sets of ranks."""
        hands = np.asarray(hands, dtype=np.int64)
        self._check_columns(hands)
        return self.suit_values[suit_masks(hands)].max(axis=1)

    @cached_property
    def distinct(self) -> np.ndarray:
        """Every rank a hand can have: a flush of every set of ranks of one suit whose length L has
        ``4 L >= cards`` (the other cards fill the other suits, each at most as high: the same ranks
        again, or fewer), every length of straight flush (the other cards out of sequence)."""
        values = self.suit_values
        return np.unique(values[values >= 0])
