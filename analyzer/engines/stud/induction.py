"""Backward induction over the community cards of one starting hand, exact and integer.

The value of a decision depends on the *set* of cards seen and on the stakes already made (the path so
far), not on the order the cards came in, so the induction runs over sets: level j holds every j-card set
S of the R cards the player does not hold. With N_j = (R-j)!/(R-C)! orders of the remaining community
cards, the total over them of the net result is

    W_C[T, path]  = value(path, group of the final hand)                         (T a C-card set)
    U_j[S, path'] = sum over the cards c not in S of W_{j+1}[S + c, path']
    W_j[S, path]  = max over the street's choices: fold -> N_j * fold value,  else U_j[S, path + choice]

(no street at level j: W_j = U_j), in the values' integer type (int64, or Python integers where the sums could
pass 64 bits: :func:`analyzer.engines.stud.tree.game_tree`). Exact ties go to the smaller or the larger wager
(``tie_break``). The forward pass counts, for every set, the orders of its cards that reach each path under
those decisions, so the final counts are every ordered deal of the community cards: they add up to R!/(R-C)!.

>>> lattice = subset_lattice(5, 2)
>>> lattice.sizes, lattice.supersets[1][0].tolist(), lattice.subsets[2][0].tolist()
((1, 5, 10), [0, 1, 3, 6], [1, 0])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import perm

import numpy as np

from analyzer.core.cards import colex_index, combinations
from analyzer.engines.stud.tree import GameTree


@dataclass(frozen=True)
class SubsetLattice:
    """The j-subsets (j = 0 .. C) of R cards in colex order, ``subsets[j][T, t]``: the (j-1)-subset left
    when the t-th card of T is removed, ``supersets[j][S, c]``: the (j+1)-subsets holding S."""

    sizes: tuple[int, ...]
    subsets: tuple[np.ndarray, ...]
    supersets: tuple[np.ndarray, ...]


@lru_cache(maxsize=4)
def subset_lattice(remaining: int, depth: int) -> SubsetLattice:
    """The lattice of subsets of ``remaining`` cards up to ``depth`` cards."""
    subsets: list[np.ndarray] = [np.zeros((1, 0), dtype=np.intp)]
    for size in range(1, depth + 1):
        rows = combinations(remaining, size).astype(np.int64)
        removed = [np.delete(rows, t, axis=1) for t in range(size)]
        subsets.append(np.stack([colex_index(part) if size > 1 else np.zeros(len(rows), dtype=np.int64)
                                 for part in removed], axis=1))
    supersets = []
    for size in range(depth):
        below = subsets[size + 1]
        order = np.argsort(below.ravel(), kind="stable")
        supersets.append((order // below.shape[1]).reshape(-1, remaining - size))
    return SubsetLattice(tuple(len(level) for level in subsets), tuple(subsets), tuple(supersets))


@dataclass(frozen=True)
class StartCounts:
    """What one starting hand gives: ``counts[path, group]`` of ordered community deals, the total net
    result of each first-street choice (``first``, scaled, over the N_0 orders), and per street the deals
    taking each choice for every set of community cards seen (``taken[street]``: (sets, choices))."""

    counts: np.ndarray
    first: np.ndarray
    taken: tuple[np.ndarray, ...]


def alive_paths(tree: GameTree, depth: int) -> list[tuple[int, ...]]:
    """The paths still open once ``depth`` community cards are turned (streets decided before them)."""
    decided = sum(1 for level in tree.depths if level < depth)
    return tree.prefixes(decided)


#: A written strategy: (street index, the player's cards (sets, cards), the community cards seen (sets, cards))
#: -> the choice index of each set.
Written = Callable[[int, np.ndarray, np.ndarray], np.ndarray]


def known_cards(hand: np.ndarray, level: int) -> np.ndarray:
    """The sorted cards seen (hand and community) of every ``level``-card set of the cards not in ``hand``,
    rows in the lattice's colex order.

    >>> known_cards(np.arange(49, 52), 1)[:2].tolist()
    [[0, 49, 50, 51], [1, 49, 50, 51]]
    """
    return np.sort(np.concatenate(community_sets(hand, level), axis=1), axis=1)


def community_sets(hand: np.ndarray, level: int) -> tuple[np.ndarray, np.ndarray]:
    """(the player's ``hand`` on every row, the community cards): every ``level``-card set of the cards not in
    ``hand``, rows in the lattice's colex order."""
    rest = np.setdiff1d(np.arange(52), hand)
    sets = rest[combinations(len(rest), level)] if level else np.zeros((1, 0), dtype=np.int64)
    return np.broadcast_to(hand, (len(sets), len(hand))), sets


def induct(tree: GameTree, hand: np.ndarray, choose_larger: bool, written: Written | None = None) -> StartCounts:
    """The exact optimal play of one starting ``hand`` (sorted cards) and its counts; with ``written``, the
    play of that strategy instead (its choice at every street, whatever the EVs)."""
    rules = tree.rules
    depth, remaining = rules.community_cards, 52 - len(hand)
    lattice = subset_lattice(remaining, depth)
    rest = np.setdiff1d(np.arange(52), hand)
    finals = np.sort(np.concatenate([rest[combinations(remaining, depth)],
                                     np.broadcast_to(hand, (lattice.sizes[depth], len(hand)))], axis=1), axis=1)
    group = tree.hand_group[colex_index(finals)]
    street_at = {level: index for index, level in enumerate(tree.depths)}
    alive = [alive_paths(tree, level) for level in range(depth + 1)]
    final_paths = [tree.path_index(path) for path in alive[depth]]
    value = tree.values[final_paths][:, group].T  # (sets, paths)
    chosen: dict[int, np.ndarray] = {}
    first = np.zeros(0, dtype=tree.values.dtype)
    for level in reversed(range(depth)):
        summed = value[lattice.supersets[level]].sum(axis=1)
        if level not in street_at:
            value = summed
            continue
        street = rules.streets[street_at[level]]
        orders = perm(remaining - level, depth - level)
        sizes = np.array([choice.order for choice in street.choices])
        ranking = np.argsort(-sizes if choose_larger else sizes, kind="stable")  # preferred among equals first
        value = np.zeros((lattice.sizes[level], len(alive[level])), dtype=tree.values.dtype)
        chosen[level] = np.zeros(value.shape, dtype=np.int64)
        fixed = None if written is None else np.argsort(ranking)[written(street_at[level], *community_sets(hand, level))]
        for column, path in enumerate(alive[level]):
            candidates = np.stack([np.full(len(value), tree.values[tree.path_index(path + (index,)), 0] * orders,
                                           dtype=value.dtype)
                                   if street.choices[index].action == "fold"
                                   else summed[:, alive[level + 1].index(path + (index,))]
                                   for index in ranking], axis=1)
            best = candidates.argmax(axis=1) if fixed is None else fixed
            value[:, column] = candidates[np.arange(len(value)), best]
            chosen[level][:, column] = ranking[best]
            if level == 0:
                first = candidates[0, np.argsort(ranking)]
    counts = np.zeros((len(tree.paths), len(tree.groups)), dtype=np.int64)
    taken = []
    reach = np.ones((1, 1), dtype=np.int64)
    for level in range(depth):
        if level in street_at:
            street = rules.streets[street_at[level]]
            orders = perm(remaining - level, depth - level)
            after = np.zeros((len(reach), len(alive[level + 1])), dtype=np.int64)
            deals = np.zeros((len(reach), len(street.choices)), dtype=np.int64)
            for column, path in enumerate(alive[level]):
                for index, choice in enumerate(street.choices):
                    here = reach[:, column] * (chosen[level][:, column] == index)
                    deals[:, index] += here * orders
                    if choice.action == "fold":
                        counts[tree.path_index(path + (index,)), :1] += int(here.sum()) * orders
                    else:
                        after[:, alive[level + 1].index(path + (index,))] = here
            taken.append(deals)
            reach = after
        reach = reach[lattice.subsets[level + 1]].sum(axis=1)
    for column, row in enumerate(final_paths):
        counts[row] += np.bincount(group, weights=reach[:, column], minlength=len(tree.groups)).astype(np.int64)
    return StartCounts(counts, first, tuple(taken))
