"""Card removal by inclusion-exclusion: dealer hands disjoint from the player's cards.

The number of dealer hands H with ``H ∩ P = ∅`` and ``rank(H) < x`` is

    sum over subsets S of P of (-1)^|S| * #{H : S ⊆ H, rank(H) < x}.

For every subset size k the counter keeps, for every k-card set S, the sorted
ranks of the hands that contain S (one flat sorted array of keys
``colex(S) * R + rank``), so one query is a binary search per subset of P:
2^|P| searches instead of a loop over every dealer hand (small levels are kept
as dense cumulative tables, and sets as large as a hand, which hold at most
one hand, as one rank per set). Exact and integer.

>>> import numpy as np
>>> from analyzer.core.cards import combinations
>>> hands = combinations(6, 2)                  # all 15 two-card hands of a 6-card deck
>>> ranks = hands.max(axis=1).astype(np.int64)  # a toy rank: the higher card
>>> counter = DisjointRankCounter(hands, ranks, rank_count=6, max_excluded=2)
>>> counter.count_below(np.array([[0, 5]]), np.array([[3, 4]])).tolist()  # avoid cards 0 and 5
[[1, 3]]
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from analyzer.core.cards import DECK_SIZE, colex_index, subset_positions


def sorted_search(keys: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """``np.searchsorted(keys, targets)``, searching the targets in ascending order.

    Ascending targets let each binary search start where the last one ended,
    which keeps the big ``keys`` array in cache: several times faster.
    """
    flat = targets.ravel()
    order = np.argsort(flat)
    found = np.empty(len(flat), dtype=np.int64)
    found[order] = np.searchsorted(keys, flat[order])
    return found.reshape(targets.shape)


#: Subset sizes whose cumulative table (sets x ranks) stays below this many
#: cells are kept dense (one gather per query); larger ones as sorted keys.
DENSE_CELLS = 1 << 23


@dataclass(frozen=True)
class SortedLevel:
    """Sorted keys ``colex(S) * rank_count + rank`` of all hands containing each k-set S."""

    size: int
    rank_count: int
    keys: np.ndarray
    starts: np.ndarray  # starts[colex(S)]: position of the first key of S

    def count(self, segment: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
        """Hands containing set ``segment`` with rank below each threshold."""
        targets = (segment[:, None] * self.rank_count + thresholds).astype(self.keys.dtype)
        counts: np.ndarray = sorted_search(self.keys, targets) - self.starts[segment][:, None]
        return counts


@dataclass(frozen=True)
class CumulativeLevel:
    """``table[colex(S), x]``: hands containing the k-set S with rank below x."""

    size: int
    table: np.ndarray

    def count(self, segment: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
        """Hands containing set ``segment`` with rank below each threshold."""
        counts: np.ndarray = self.table[segment[:, None], thresholds]
        return counts


@dataclass(frozen=True)
class WholeHandLevel:
    """Sets as large as a hand: each holds at most one hand, so ``ranks[colex(S)]`` is that hand's rank
    (``rank_count`` where S is no hand: never below a threshold). One gather per query."""

    size: int
    ranks: np.ndarray

    def count(self, segment: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
        """1 where the set ``segment`` is a hand ranked below the threshold, else 0."""
        below: np.ndarray = (self.ranks[segment][:, None] < thresholds).astype(np.int64)
        return below


class DisjointRankCounter:
    """Counts hands that avoid given cards and rank below given thresholds.

    ``hands``: one sorted hand per row; ``ranks``: each hand's dense rank in
    ``0 .. rank_count - 1``; ``max_excluded``: the most cards a query excludes; ``deck_size``: the cards
    ``0 .. deck_size - 1`` the hands and queries are made of (53 with one joker).
    """

    def __init__(self, hands: np.ndarray, ranks: np.ndarray, rank_count: int, max_excluded: int,
                 deck_size: int = DECK_SIZE):
        hands = np.asarray(hands)
        ranks = np.asarray(ranks, dtype=np.int64)
        self.rank_count = rank_count
        self.deck_size = deck_size
        self.hand_count = len(hands)
        self.hand_size = hands.shape[1]
        self.levels = [self._level(hands, ranks, size)
                       for size in range(min(hands.shape[1], max_excluded) + 1)]

    def _level(self, hands: np.ndarray, ranks: np.ndarray,
               size: int) -> SortedLevel | CumulativeLevel | WholeHandLevel:
        positions = subset_positions(hands.shape[1], size)
        segment_count = comb(self.deck_size, size)
        width = self.rank_count + 1
        if size == hands.shape[1] and segment_count * width > DENSE_CELLS:
            small = np.int16 if self.rank_count < 2**15 else np.int32
            whole = np.full(segment_count, self.rank_count, dtype=small)
            whole[colex_index(hands)] = ranks
            return WholeHandLevel(size, whole)
        if segment_count * width <= DENSE_CELLS:
            cells = np.zeros(segment_count * width, dtype=np.int64)
            for subset in positions:
                cells += np.bincount(colex_index(hands[:, subset]) * width + ranks + 1, minlength=len(cells))
            return CumulativeLevel(size, cells.reshape(segment_count, width).cumsum(axis=1).astype(np.int32))
        dtype = np.int32 if (segment_count + 1) * self.rank_count < 2**31 else np.int64
        rows = np.empty((len(positions), len(hands)), dtype=dtype)
        for row, subset in enumerate(positions):
            np.add(colex_index(hands[:, subset]) * self.rank_count, ranks, out=rows[row], casting="unsafe")
        keys = rows.ravel()
        keys.sort()
        boundaries = np.arange(segment_count + 1, dtype=np.int64) * self.rank_count
        return SortedLevel(size, self.rank_count, keys, np.searchsorted(keys, boundaries))

    def count_below(self, excluded: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
        """For each row: #hands disjoint from ``excluded[row]`` with rank < each threshold.

        ``excluded``: (Q, m) sorted cards; ``thresholds``: (Q, t) dense ranks.
        Returns (Q, t) int64.
        """
        excluded = np.asarray(excluded, dtype=np.int64)
        thresholds = np.asarray(thresholds, dtype=np.int64)
        needed = min(excluded.shape[1], self.hand_size)
        if needed >= len(self.levels):
            raise ValueError(f"counter built for at most {len(self.levels) - 1} excluded cards")
        total = np.zeros(thresholds.shape, dtype=np.int64)
        for level in self.levels[: needed + 1]:
            sign = -1 if level.size % 2 else 1
            for subset in subset_positions(excluded.shape[1], level.size):
                total += sign * level.count(colex_index(excluded[:, subset]), thresholds)
        return total
