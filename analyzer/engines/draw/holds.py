"""Final hands of every hold of a dealt hand, counted exactly by inclusion-exclusion over the cards kept.

The player is dealt ``n`` cards, keeps a subset ``H`` (a *hold*, bit ``i`` of
its mask set when card ``i`` is kept) and draws the rest from the
``52 - n`` unseen cards. Every final hand is then an ``n``-card hand holding
``H`` and none of the discarded cards. With ``S[T]`` the final hands (by
group: the paytable line they are paid by) among all ``n``-card hands of the
deck that hold the set ``T``, the final hands of hold ``H`` are

    N[H] = sum over T with H <= T <= dealt of (-1)**(|T| - |H|) * S[T]

(a Moebius transform over the subsets of the dealt hand; Jacobson's and
Jazbo's method). ``S`` is one table per subset size, indexed by the colex
index of the subset and built once from the group of every ``n``-card hand
(:func:`subset_tables`); then every hold of a dealt hand costs ``3**n``
look-ups in all (243 for five cards) instead of the ``C(47, 5)`` draws of
plain enumeration.

A tiny example: the dealt hand is the whole deck of 2 cards (n = 2, no cards
unseen), group 0 for every hand. Keeping both cards gives the one final hand;
keeping fewer draws from no unseen cards and gives none:

>>> tables = subset_tables(np.zeros(1, dtype=np.int64), 1, hand_size=2, deck=2)
>>> hold_counts(np.array([[0, 1]]), tables)[0, :, 0].tolist()
[0, 0, 0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from numba import njit

from analyzer.core.cards import colex_index, combinations


@dataclass(frozen=True)
class SubsetTables:
    """``tables[k][colex index of T, g]``, for every ``k`` below the hand size: the hands of the deck holding the
    ``k``-card set ``T`` whose group is ``g``; and for a whole hand (which holds only itself) its ``groups``."""

    tables: tuple[np.ndarray, ...]
    groups: np.ndarray

    @property
    def group_count(self) -> int:
        return self.tables[0].shape[1]


def subset_tables(groups: np.ndarray, group_count: int, hand_size: int, deck: int = 52) -> SubsetTables:
    """The subset tables of the ``hand_size``-card hands of the deck, ``groups`` the group of every hand by
    colex index.

    One pass over the hands adds each hand to every proper subset of it (a compiled loop,
    :func:`_add_subsets`); a subset keeping positions ``p_0 < p_1 < ...`` of an ascending hand has colex
    index ``sum_i C(card at p_i, i + 1)``.

    >>> tables = subset_tables(np.array([0, 1, 1]), 2, hand_size=2, deck=3)   # hands {0,1}, {0,2}, {1,2}
    >>> tables.tables[1].tolist()   # card 0 is in {0,1} (group 0) and {0,2} (group 1)
    [[1, 1], [1, 1], [0, 2]]
    """
    offsets = np.cumsum([0] + [comb(deck, size) * group_count for size in range(hand_size)]).astype(np.int64)
    flat = np.zeros(int(offsets[-1]), dtype=np.int64)
    hands = np.ascontiguousarray(combinations(deck, hand_size), dtype=np.int64)
    groups = np.ascontiguousarray(groups, dtype=np.int64)
    _add_subsets(hands, groups, group_count, _binomials(deck, hand_size), offsets, flat)
    return SubsetTables(tuple(flat[offsets[size]:offsets[size + 1]].reshape(-1, group_count)
                              for size in range(hand_size)), groups)


def _binomials(deck: int, hand_size: int) -> np.ndarray:
    """``binomials[card, place]`` = C(card, place): a card's colex term at each place of a subset."""
    return np.array([[comb(card, place) for place in range(hand_size + 1)] for card in range(deck)], dtype=np.int64)


@njit(cache=True, nogil=True)
def _mask_tables(size):  # pragma: no cover - compiled
    """Per subset mask of a ``size``-card hand: its top card's position and how many cards it keeps."""
    top = np.zeros(1 << size, dtype=np.int64)
    places = np.zeros(1 << size, dtype=np.int64)
    for mask in range(1, 1 << size):
        for position in range(size):
            if mask >> position & 1:
                top[mask] = position
                places[mask] += 1
    return top, places


@njit(cache=True, nogil=True)
def _add_subsets(hands, groups, group_count, binomials, offsets, flat):  # pragma: no cover - compiled
    size = hands.shape[1]
    top, places = _mask_tables(size)
    index = np.zeros(1 << size, dtype=np.int64)
    for hand in range(hands.shape[0]):
        group = groups[hand]
        for mask in range(1, 1 << size):  # a subset's index: its subset without the top card's, plus its term
            index[mask] = index[mask ^ (1 << top[mask])] + binomials[hands[hand, top[mask]], places[mask]]
        for mask in range((1 << size) - 1):  # every subset but the whole hand
            flat[offsets[places[mask]] + index[mask] * group_count + group] += 1


def hold_masks(hand_size: int) -> np.ndarray:
    """Every hold of a ``hand_size``-card hand as a bit mask, and how many cards each keeps (row 1).

    >>> hold_masks(2).tolist()
    [[0, 1, 2, 3], [0, 1, 1, 2]]
    """
    masks = np.arange(2 ** hand_size)
    kept = sum((masks >> bit) & 1 for bit in range(hand_size))
    return np.stack([masks, kept])


def hold_counts(dealt: np.ndarray, tables: SubsetTables) -> np.ndarray:
    """``counts[d, H, g]``: the final hands of group ``g`` when dealt hand ``d`` (ascending cards, one hand per
    row) keeps hold ``H``, each final hand once (hold ``H`` drawing ``k`` cards makes ``C(unseen, k)`` of them).

    The look-ups ``S[T]`` for every subset of each dealt hand, then the Moebius transform one card at a time:
    ``N[mask without card] -= N[mask with card]`` (a compiled loop, :func:`_moebius`)."""
    dealt = np.ascontiguousarray(dealt, dtype=np.int64)
    hand_size, group_count = dealt.shape[1], tables.group_count
    offsets = np.cumsum([0] + [table.size for table in tables.tables]).astype(np.int64)
    flat = np.concatenate([table.ravel() for table in tables.tables])
    counts = np.empty((len(dealt), 2 ** hand_size, group_count), dtype=np.int64)
    _moebius(dealt, flat, offsets, tables.groups, group_count, _binomials(52, hand_size), counts)
    return counts


@njit(cache=True, nogil=True)
def _moebius(dealt, flat, offsets, groups, group_count, binomials, counts):  # pragma: no cover - compiled
    size = dealt.shape[1]
    whole = (1 << size) - 1
    top, places = _mask_tables(size)
    index = np.zeros(1 << size, dtype=np.int64)
    for row in range(dealt.shape[0]):
        for mask in range(1, 1 << size):
            index[mask] = index[mask ^ (1 << top[mask])] + binomials[dealt[row, top[mask]], places[mask]]
        for mask in range(whole):
            start = offsets[places[mask]] + index[mask] * group_count
            for group in range(group_count):
                counts[row, mask, group] = flat[start + group]
        counts[row, whole, :] = 0  # the dealt hand itself: the one final hand keeping every card
        counts[row, whole, groups[index[whole]]] = 1
        for card in range(size):
            bit = 1 << card
            for mask in range(1 << size):
                if not mask & bit:
                    for group in range(group_count):
                        counts[row, mask, group] -= counts[row, mask | bit, group]


def brute_force_counts(dealt: tuple[int, ...], kept: tuple[int, ...], groups: np.ndarray, group_count: int,
                       deck: int = 52) -> np.ndarray:
    """The same counts for one hold by plain enumeration of every draw (the slow, obvious path tests check
    :func:`hold_counts` against): every set of the unseen cards drawn, the final hand looked up in ``groups``;
    ``kept`` are positions in ``dealt``.

    >>> brute_force_counts((0, 1), (0,), np.array([0, 1, 1]), 2, deck=3).tolist()   # keep 0, draw 2: {0, 2}
    [0, 1]
    """
    held = sorted(dealt[position] for position in kept)
    unseen = np.array([card for card in range(deck) if card not in dealt])
    drawn = unseen[combinations(len(unseen), len(dealt) - len(held)).astype(np.intp)]
    hands = np.sort(np.concatenate([np.broadcast_to(np.array(held, dtype=np.int64), (len(drawn), len(held))),
                                    drawn], axis=1), axis=1)
    return np.bincount(groups[colex_index(hands)], minlength=group_count)
