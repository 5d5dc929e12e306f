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

from math import comb

import numpy as np

from analyzer.core.cards import colex_index, combinations, subset_positions


def subset_tables(groups: np.ndarray, group_count: int, hand_size: int, deck: int = 52) -> list[np.ndarray]:
    """``tables[k][colex index of T, g]``: the ``hand_size``-card hands of the deck holding the ``k``-card set
    ``T`` whose group is ``g`` (``groups``: the group of every hand, by colex index).

    >>> tables = subset_tables(np.array([0, 1, 1]), 2, hand_size=2, deck=3)   # hands {0,1}, {0,2}, {1,2}
    >>> tables[1].tolist()   # card 0 is in {0,1} (group 0) and {0,2} (group 1)
    [[1, 1], [1, 1], [0, 2]]
    """
    hands = combinations(deck, hand_size)
    tables = []
    for size in range(hand_size + 1):
        table = np.zeros(comb(deck, size) * group_count, dtype=np.int64)
        for positions in subset_positions(hand_size, size):
            index = colex_index(hands[:, positions]) if size else np.zeros(len(hands), dtype=np.int64)
            table += np.bincount(index * group_count + groups, minlength=len(table))
        tables.append(table.reshape(-1, group_count))
    return tables


def hold_masks(hand_size: int) -> np.ndarray:
    """Every hold of a ``hand_size``-card hand as a bit mask, and how many cards each keeps (row 1).

    >>> hold_masks(2).tolist()
    [[0, 1, 2, 3], [0, 1, 1, 2]]
    """
    masks = np.arange(2 ** hand_size)
    kept = sum((masks >> bit) & 1 for bit in range(hand_size))
    return np.stack([masks, kept])


def hold_counts(dealt: np.ndarray, tables: list[np.ndarray]) -> np.ndarray:
    """``counts[d, H, g]``: the final hands of group ``g`` when dealt hand ``d`` (ascending cards, one hand per
    row) keeps hold ``H``, each final hand once (hold ``H`` drawing ``k`` cards makes ``C(unseen, k)`` of them).

    The look-ups ``S[T]`` for every subset of each dealt hand, then the Moebius transform one card at a time:
    ``N[mask without card] -= N[mask with card]``."""
    hand_size = dealt.shape[1]
    groups = tables[0].shape[1]
    counts = np.empty((len(dealt), 2 ** hand_size, groups), dtype=np.int64)
    for mask in range(2 ** hand_size):
        kept = [position for position in range(hand_size) if mask >> position & 1]
        index = colex_index(dealt[:, kept]) if kept else np.zeros(len(dealt), dtype=np.int64)
        counts[:, mask] = tables[len(kept)][index]
    by_card = counts.reshape((len(dealt),) + (2,) * hand_size + (groups,))  # axis 1 + i: card n - 1 - i
    for axis in range(1, hand_size + 1):
        without = [slice(None)] * by_card.ndim
        with_card = list(without)
        without[axis], with_card[axis] = 0, 1
        by_card[tuple(without)] -= by_card[tuple(with_card)]
    return counts


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
