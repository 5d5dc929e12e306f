"""Suit isomorphism: hands that differ only by a relabelling of suits play alike.

A hand is described by its four suit masks (the 13-bit set of ranks held in
each suit). Permuting suits permutes the masks, so the masks sorted in
decreasing order are a canonical key of the hand's class. Suits that must keep
their identity (the suit of a dealer's exposed card, say) are kept in place.
A joker has no suit: every relabelling fixes it, and it is in no mask; the key
holds the number of jokers beside the masks (a deck's jokers are alike, so two
hands differing only by which joker they hold play alike too).

>>> from analyzer.core.cards import combinations
>>> classes = suit_classes(combinations(52, 5))
>>> len(classes.weights), int(classes.weights.sum())
(134459, 2598960)
>>> len(suit_classes(combinations(53, 5)).weights)   # the joker and four cards: one class per 4-card class
150891
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core.cards import DECK_SIZE, RANK_COUNT, SUIT_COUNT


@dataclass(frozen=True)
class SuitClasses:
    """Classes of hands under suit relabelling.

    ``representatives[i]``: row index of one hand of class i; ``weights[i]``:
    how many hands the class holds; ``class_of[row]``: the class of each hand.
    """

    representatives: np.ndarray
    weights: np.ndarray
    class_of: np.ndarray


def suit_masks(hands: np.ndarray) -> np.ndarray:
    """(H, 4) array: bit r of column s is set when the hand holds rank r in suit s (a joker sets no bit).

    Worked in 16-bit integers (a mask is below 2**13), a fifth of the memory traffic of int64.

    >>> suit_masks(np.array([[0, 4, 51], [0, 4, 52]])).tolist()   # 2c 3c As, 2c 3c Jk
    [[3, 0, 0, 4096], [3, 0, 0, 0]]
    """
    hands = np.asarray(hands, dtype=np.int16)
    masks = np.zeros((SUIT_COUNT, len(hands)), dtype=np.int16)
    for column in range(hands.shape[1]):
        cards = np.ascontiguousarray(hands[:, column])
        suit = np.where(cards < DECK_SIZE, cards % SUIT_COUNT, SUIT_COUNT)
        bit = np.left_shift(np.int16(1), cards // SUIT_COUNT)
        for each_suit in range(SUIT_COUNT):
            masks[each_suit] |= bit * (suit == each_suit)
    return masks.T.astype(np.int64)


def canonical_keys(hands: np.ndarray, fixed_suits: tuple[int, ...] = ()) -> np.ndarray:
    """One int64 per hand, equal for two hands exactly when a suit relabelling
    that leaves ``fixed_suits`` in place maps one onto the other."""
    masks = suit_masks(hands)
    free = [suit for suit in range(SUIT_COUNT) if suit not in fixed_suits]
    ordered = np.concatenate([masks[:, list(fixed_suits)], -np.sort(-masks[:, free], axis=1)], axis=1)
    keys = (np.asarray(hands) >= DECK_SIZE).sum(axis=1).astype(np.int64)  # the jokers held, then the masks
    for column in range(SUIT_COUNT):
        keys = (keys << RANK_COUNT) | ordered[:, column]
    result: np.ndarray = keys
    return result


def suit_classes(hands: np.ndarray, fixed_suits: tuple[int, ...] = ()) -> SuitClasses:
    """Group hands into suit-isomorphism classes; weights add up to ``len(hands)``."""
    keys = canonical_keys(hands, fixed_suits)
    _, representatives, class_of, weights = np.unique(
        keys, return_index=True, return_inverse=True, return_counts=True)
    return SuitClasses(representatives, weights.astype(np.int64), class_of)


def class_masks(cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Every suit-isomorphism class of ``cards``-card hands made directly, without listing the hands: its
    four suit masks (int16, (classes, 4), one representative) and its size (int64).

    A class is a multiset of four suit masks; for each split of ``cards`` into four suit lengths (largest
    first), suits of one length take a multiset of masks of that length, and the class holds
    ``4! / prod(m!)`` hands, ``m`` the multiplicities of equal masks (empty suits included). Sizes add
    up to ``C(52, cards)``.

    >>> masks, sizes = class_masks(5)
    >>> len(sizes), int(sizes.sum())
    (134459, 2598960)
    """
    from itertools import combinations_with_replacement
    from math import factorial

    by_length: list[list[int]] = [[] for _ in range(RANK_COUNT + 1)]
    for mask in range(1 << RANK_COUNT):
        by_length[bin(mask).count("1")].append(mask)
    blocks, sizes = [], []
    for lengths in _suit_lengths(cards):
        columns, denominators = [np.zeros((1, 0), dtype=np.int16)], [np.ones(1, dtype=np.int64)]
        for length in sorted(set(lengths), reverse=True):
            count = lengths.count(length)
            chosen = np.array(list(combinations_with_replacement(by_length[length], count)), dtype=np.int16)
            same = np.ones(len(chosen), dtype=np.int64)
            for first in range(count):  # prod(m!) from the runs of equal masks (sorted rows)
                run = np.ones(len(chosen), dtype=np.int64)
                for before in range(first):
                    run += chosen[:, before] == chosen[:, first]
                same *= run
            left, right = columns[-1], chosen
            columns.append(np.concatenate([np.repeat(left, len(right), axis=0),
                                           np.tile(right, (len(left), 1))], axis=1))
            denominators.append(np.repeat(denominators[-1], len(right)) * np.tile(same, len(left)))
        blocks.append(columns[-1])
        sizes.append(factorial(SUIT_COUNT) // denominators[-1])
    return np.concatenate(blocks), np.concatenate(sizes).astype(np.int64)


def _suit_lengths(cards: int) -> list[tuple[int, ...]]:
    """Every split of ``cards`` into four suit lengths of at most 13, largest first.

    >>> _suit_lengths(2)
    [(1, 1, 0, 0), (2, 0, 0, 0)]
    """
    splits = {tuple(sorted(split, reverse=True)) for split in np.ndindex(*(min(cards, RANK_COUNT) + 1,) * SUIT_COUNT)
              if sum(split) == cards}
    return sorted(splits)
