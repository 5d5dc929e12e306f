"""Every player hand class against every dealer hand, for a ranking that decomposes by suit (GUIDE §2).

A hand of a :class:`~analyzer.core.ranking.SuitRanking` is worth the largest of its four suits'
values, so a dealer hand ranks below a value t exactly when each of its suits does. The dealer's
``D`` cards come from the cards the player does not hold: in suit s, from the unseen ranks ``U_s``. So
the dealer hands below t are the coefficient of x^D in

    prod over the four suits of  sum_d N(U_s, d, t) x^d,

``N(U, d, t)`` the number of d-subsets of ``U`` whose suit value is below t: a binary search in the sorted
values of the d-subsets of ``U`` (:class:`SubsetValues`, every pair of a set of unseen ranks and a subset
of it: 3^13 of them). Seven cards against seven (6·10^15 deals) costs, per suit-isomorphism class of the
player's hand (:func:`analyzer.core.isomorphism.class_masks`: 6,009,159 of them, made without listing
the hands), a few products of four polynomials of degree 7, for three thresholds: below the player's
value, up to it, below the qualifier. The compiled loops release the GIL and run in chunks on joblib
threads. Counts are exact integers (each below the C(45, 7) dealer hands, int64).

>>> from analyzer.core.ranking import load_ranking
>>> from analyzer.core.cards import parse_cards
>>> ranking = load_ranking("longest_flush")
>>> table = subset_values(ranking, 7)
>>> player = parse_cards("Ac Kc Qc Jc Tc 9c 8c")   # only A-K-Q-J-T-9-8 of another suit ties it
>>> below = count_below(table, suit_masks(np.array([player])), np.array([[ranking.rank_of(player)]]))
>>> int(below[0, 0]) == comb(45, 7) - 3
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np
from joblib import Parallel, delayed
from numba import njit

from analyzer.core.cards import RANK_COUNT, SUIT_COUNT
from analyzer.core.isomorphism import class_masks, suit_masks  # noqa: F401 (suit_masks: the doctest)
from analyzer.core.progress import progress_bar
from analyzer.core.ranking import RANK_SETS, SuitRanking, popcounts

#: Player hand classes of one task.
CHUNK_SIZE = 1 << 17
FULL_SUIT = RANK_SETS - 1


@dataclass(frozen=True)
class SubsetValues:
    """For every set ``U`` of unseen ranks of one suit and every size d up to ``most``, the suit values of
    the d-subsets of ``U``, sorted: ``values[starts[U, d]:starts[U, d + 1]]``."""

    values: np.ndarray
    starts: np.ndarray
    most: int


@njit(cache=True)
def _subset_keys(sizes, most, total):  # pragma: no cover - compiled
    keys = np.empty((total, 2), dtype=np.int64)  # (set of unseen ranks * (most + 1) + size, subset)
    filled = 0
    for unseen in range(RANK_SETS):
        subset = unseen
        while True:  # every subset of ``unseen``, ``unseen`` itself down to the empty set
            if sizes[subset] <= most:
                keys[filled, 0] = unseen * (most + 1) + sizes[subset]
                keys[filled, 1] = subset
                filled += 1
            if subset == 0:
                break
            subset = (subset - 1) & unseen
    return keys


@lru_cache(maxsize=4)
def subset_values(ranking: SuitRanking, most: int) -> SubsetValues:
    """The sorted suit values of the subsets of up to ``most`` ranks of every set of unseen ranks."""
    sizes = popcounts()
    lengths = np.array([[comb(int(size), d) for d in range(most + 1)] for size in range(RANK_COUNT + 1)],
                       dtype=np.int64)[sizes]
    keys = _subset_keys(sizes, most, int(lengths.sum()))
    values = ranking.suit_values[keys[:, 1]]
    order = np.lexsort((values, keys[:, 0]))
    starts = np.zeros((RANK_SETS, most + 2), dtype=np.int64)
    starts[:, 1:] = np.cumsum(lengths, axis=1)
    starts += np.concatenate([[0], np.cumsum(lengths.sum(axis=1))[:-1]])[:, None]
    return SubsetValues(values[order], starts, most)


@njit(cache=True, nogil=True)
def _count_below(values, starts, most, player_masks, thresholds):  # pragma: no cover - compiled
    classes, count = thresholds.shape
    out = np.zeros((classes, count), dtype=np.int64)
    found = np.zeros(most + 1, dtype=np.int64)
    product = np.zeros(most + 1, dtype=np.int64)
    grown = np.zeros(most + 1, dtype=np.int64)
    for row in range(classes):
        for column in range(count):
            threshold = thresholds[row, column]
            product[0], degree = 1, 0  # the product so far: coefficients up to ``degree``
            for suit in range(SUIT_COUNT):
                unseen = FULL_SUIT & ~player_masks[row, suit]
                longest = -1  # N(U, size, threshold) for each size, nonzero up to ``longest``
                for size in range(most + 1):
                    first, stop = starts[unseen, size], starts[unseen, size + 1]
                    if first == stop or values[first] >= threshold:
                        break  # none below at this size, none at a larger: a suit's value never falls as it grows
                    if values[stop - 1] < threshold:
                        found[size] = stop - first
                    else:  # values[low] < threshold <= values[high]
                        low, high = first, stop - 1
                        while high - low > 1:
                            middle = (low + high) // 2
                            if values[middle] < threshold:
                                low = middle
                            else:
                                high = middle
                        found[size] = high - first
                    longest = size
                if suit == SUIT_COUNT - 1:  # the last suit: only the coefficient of x^most
                    total = 0
                    for size in range(max(0, most - degree), longest + 1):
                        total += found[size] * product[most - size]
                    out[row, column] = total
                else:
                    top = min(most, degree + longest)
                    for size in range(top + 1):
                        grown[size] = 0
                    for low in range(degree + 1):
                        for size in range(min(longest, most - low) + 1):
                            grown[low + size] += product[low] * found[size]
                    for size in range(top + 1):
                        product[size] = grown[size]
                    degree = top
    return out


def count_below(table: SubsetValues, player_masks: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """(classes, thresholds) dealer hands of ``table.most`` cards, out of the cards the player (by its suit
    masks) does not hold, whose value is below each threshold (int64)."""
    return _count_below(table.values, table.starts, table.most, np.asarray(player_masks, dtype=np.int64),
                        np.ascontiguousarray(thresholds, dtype=np.int64))


@njit(cache=True)
def _cards_of(masks, cards):  # pragma: no cover - compiled
    out = np.empty((len(masks), cards), dtype=np.int8)
    for row in range(len(masks)):
        column = 0
        for rank in range(RANK_COUNT):
            for suit in range(SUIT_COUNT):
                if (masks[row, suit] >> rank) & 1:
                    out[row, column] = SUIT_COUNT * rank + suit
                    column += 1
    return out


def class_cards(masks: np.ndarray, cards: int) -> np.ndarray:
    """The sorted cards (int8, (classes, cards)) of hands given by their suit masks (card = 4 rank + suit).

    >>> class_cards(np.array([[0b11, 0, 0, 1 << 12]]), 3).tolist()     # 2c 3c As
    [[0, 4, 51]]
    """
    return _cards_of(np.asarray(masks, dtype=np.int64), cards)


@dataclass(frozen=True)
class SuitClassCounts:
    """Every suit class of the player's hand: its cards, size, value and the dealer hands below each
    threshold (below the player, up to the player, below the qualifier)."""

    cards: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    below: np.ndarray


def suit_class_counts(ranking: SuitRanking, player_cards: int, dealer_cards: int, qualifier: int | None,
                      jobs: int = 1, progress: bool = False, description: str = "") -> SuitClassCounts:
    """The counts of every player class (``qualifier``: the lowest qualifying value, or None)."""
    masks, weights = class_masks(player_cards)
    masks = masks.astype(np.int64)
    values = ranking.suit_values[masks].max(axis=1)
    thresholds = np.stack([values, values + 1] + ([np.full_like(values, qualifier)] if qualifier is not None
                                                  else []), axis=1)
    table = subset_values(ranking, dealer_cards)
    starts = range(0, len(masks), CHUNK_SIZE)
    tasks = (delayed(count_below)(table, masks[s:s + CHUNK_SIZE], thresholds[s:s + CHUNK_SIZE]) for s in starts)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    below = np.concatenate(list(progress_bar(parts, total=len(starts), enabled=progress, description=description)))
    return SuitClassCounts(class_cards(masks, player_cards), weights, values, below)
