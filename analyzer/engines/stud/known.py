"""Optimal play of many sets of known cards at once: the player's cards plus any community cards seen
early (a dealing error), with any dead cards removed from the deck (colluders' hands).

The same backward induction as :mod:`analyzer.engines.stud.induction`, over the sets of the community
cards still to come, batched over rows of known cards. With ``k`` community cards known before the
first decision, a street whose cards are already out decides with what is known: street ``s`` decides
after ``max(depth_s - k, 0)`` of the remaining ``C - k`` community cards (several streets can decide
on the same cards, the later first in the backward pass). Per row it gives the total over every order
of the remaining community cards of the optimal net result and of the units staked (ties as the rules
say), and optionally each street's choice for every set of cards seen and every path open there.

>>> from analyzer.engines.stud.tree import game_tree
>>> from analyzer.games.rules import load_game
>>> tree = game_tree(load_game("letitride"))
>>> play = play_known(tree, np.array([[48, 49, 50, 51, 47]]))    # four aces and a king: both bets ride
>>> int(play.totals[0]) == 3 * 50 * tree.scale, int(play.stakes[0])
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import perm

import numpy as np

from analyzer.core.cards import colex_index, combinations
from analyzer.core.isomorphism import canonical_keys, suit_classes
from analyzer.engines.base import StreetSituations
from analyzer.engines.stud.induction import subset_lattice
from analyzer.engines.stud.tree import GameTree


@dataclass(frozen=True)
class KnownPlay:
    """Per row: ``totals`` (scaled net result) and ``stakes`` (units) summed over the ``orders`` orders of
    the remaining community cards under optimal play; ``decisions[street]``, when asked: (path open at
    the street, the community cards seen there as indices into ``rest`` (rows, sets, cards), the choice
    index (rows, sets)), for every open path (none when not asked); ``rest``: each row's cards left in the deck."""

    totals: np.ndarray
    stakes: np.ndarray
    orders: int
    rest: np.ndarray
    decisions: tuple[list[tuple[tuple[int, ...], np.ndarray, np.ndarray]], ...] = ()


def street_levels(tree: GameTree, early: int) -> list[int]:
    """Community cards still to come already turned at each street's decision, with ``early`` seen first.

    >>> from analyzer.engines.stud.tree import game_tree
    >>> from analyzer.games.rules import load_game
    >>> street_levels(game_tree(load_game("mississippi")), 1)
    [0, 0, 1]
    """
    return [max(depth - early, 0) for depth in tree.depths]


def play_known(tree: GameTree, known: np.ndarray, dead: np.ndarray | None = None,
               decisions: bool = False, follow: KnownPlay | None = None) -> KnownPlay:
    """Optimal play of every row of ``known`` cards (the player's cards, then any community cards seen
    early), the ``dead`` cards of each row out of the deck; or, given ``follow`` (the play of the same rows
    with fewer dead cards, with its decisions), the play that takes its choices whatever the dead cards."""
    rules = tree.rules
    known = np.sort(np.asarray(known, dtype=np.int64), axis=1)
    rows, early = len(known), known.shape[1] - rules.player_cards
    out = np.zeros((rows, 52), dtype=bool)
    out[np.arange(rows)[:, None], known] = True
    if dead is not None and dead.shape[1]:
        out[np.arange(rows)[:, None], np.asarray(dead, dtype=np.int64)] = True
    rest = np.nonzero(~out)[1].reshape(rows, -1)
    remaining, depth = rest.shape[1], rules.community_cards - early
    lattice = subset_lattice(remaining, depth)
    finals = rest[:, combinations(remaining, depth)]
    hands = np.sort(np.concatenate([finals, np.broadcast_to(known[:, None, :], finals.shape[:2] + known.shape[1:])],
                                   axis=2), axis=2)
    group = tree.hand_group[colex_index(hands)]  # (rows, sets)
    if depth:  # the last card's sum once per final hand group, not per path
        group = group_histogram(group[:, lattice.supersets[depth - 1]], len(tree.groups))
    last_paths = [tree.path_index(path) for path in tree.prefixes(len(rules.streets))]
    values = {tree.paths[path]: group @ tree.values[path] if depth else tree.values[path][group]
              for path in last_paths}
    staked = {tree.paths[path]: np.full(group.shape[:2], tree.total_stake(path) * (remaining - depth + 1 if depth else 1),
                                        dtype=np.int64) for path in last_paths}
    levels = street_levels(tree, early)
    larger = rules.tie_break == "larger"
    chosen: list[list] = [[] for _ in rules.streets]
    for level in reversed(range(depth + 1)):
        if level < depth - 1:
            below = lattice.supersets[level]
            values = {path: value[:, below].sum(axis=2) for path, value in values.items()}
            staked = {path: stake[:, below].sum(axis=2) for path, stake in staked.items()}
        orders = perm(remaining - level, depth - level)
        for street in reversed([s for s, at in enumerate(levels) if at == level]):
            choices = rules.streets[street].choices
            preferred = sorted(range(len(choices)), key=lambda i: -choices[i].order if larger else choices[i].order)
            new_values, new_staked = {}, {}
            for path in tree.prefixes(street):
                if follow is not None:
                    pick = followed_choices(follow, street, path, rest, lattice_sets(remaining, level))
                best, best_stake = _taking(tree, path + (preferred[0],), values, staked, orders)
                pick = np.full(best.shape, preferred[0], dtype=np.int8) if follow is None else pick
                for index in preferred[1:]:
                    value, stake = _taking(tree, path + (index,), values, staked, orders)
                    better = value > best if follow is None else pick == index
                    best, best_stake = np.where(better, value, best), np.where(better, stake, best_stake)
                    pick = np.where(better, np.int8(index), pick) if follow is None else pick
                new_values[path], new_staked[path] = best, best_stake
                if decisions:
                    chosen[street].append((path, lattice_sets(remaining, level), pick))
            values, staked = new_values, new_staked
    return KnownPlay(values[()][:, 0], staked[()][:, 0], perm(remaining, depth), rest,
                     tuple(chosen) if decisions else ())


def _taking(tree: GameTree, taken: tuple[int, ...], values: dict[tuple[int, ...], np.ndarray],
            staked: dict[tuple[int, ...], np.ndarray], orders: int) -> tuple[np.ndarray, np.ndarray]:
    """The value and the units staked of the path ``taken`` (its last choice just made), over ``orders``
    orders of the cards to come: a fold's are settled now, another's are the level's sums."""
    if tree.rules.streets[len(taken) - 1].choices[taken[-1]].action != "fold":
        return values[taken], staked[taken]
    row = tree.path_index(taken)
    value = np.full(values[next(iter(values))].shape, tree.values[row, 0] * orders, dtype=tree.values.dtype)
    return value, np.full(value.shape, tree.total_stake(row) * orders, dtype=np.int64)


def group_histogram(groups: np.ndarray, count: int) -> np.ndarray:
    """How many of each row's last axis fall in each group: (..., m) -> (..., count).

    >>> group_histogram(np.array([[0, 2, 2], [1, 1, 1]]), 3).tolist()
    [[1, 0, 2], [0, 3, 0]]
    """
    flat = groups.reshape(-1, groups.shape[-1]).astype(np.int64)
    index = (np.arange(len(flat))[:, None] * count + flat).ravel()
    return np.bincount(index, minlength=len(flat) * count).reshape(groups.shape[:-1] + (count,))


def followed_choices(follow: KnownPlay, street: int, path: tuple[int, ...], rest: np.ndarray,
                     sets: np.ndarray) -> np.ndarray:
    """``follow``'s choice at ``street`` after ``path`` for every set of cards seen (positions ``sets`` in
    each row's ``rest``, a part of ``follow.rest``)."""
    picks = dict((seen_path, pick) for seen_path, _, pick in follow.decisions[street])[path]
    rows = np.arange(len(rest))[:, None]
    position = np.full((len(rest), 52), -1, dtype=np.int64)
    position[rows, follow.rest] = np.arange(follow.rest.shape[1])
    return picks[rows, colex_index(position[rows[:, :, None], rest[:, sets]])]


def lattice_sets(remaining: int, level: int) -> np.ndarray:
    """The ``level``-subsets of ``remaining`` cards as positions, in the lattice's (colex) order."""
    return combinations(remaining, level).astype(np.int64)


def street_situations(tree: GameTree, batch: int = 32) -> tuple[StreetSituations, ...]:
    """The optimal choice of every situation of every street, one representative per suit class of the
    cards seen and path: per street, the cards seen (n, cards), the path to each (n, street), the choice (n,).
    The choice depends on the cards seen as a set and the path only, so suit classes never disagree."""
    rules = tree.rules
    starts = combinations(52, rules.player_cards).astype(np.int64)
    hands = starts[suit_classes(starts).representatives]
    found: list[dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]]] = [{} for _ in rules.streets]
    for start in range(0, len(hands), batch):
        part = hands[start:start + batch]
        play = play_known(tree, part, decisions=True)
        for street, entries in enumerate(play.decisions):
            for path, sets, pick in entries:
                seen = play.rest[:, sets]  # (rows, sets, cards)
                held = np.broadcast_to(part[:, None, :], seen.shape[:2] + part.shape[1:])
                cards = np.sort(np.concatenate([held, seen], axis=2), axis=2).reshape(-1, part.shape[1] + sets.shape[1])
                if path in found[street]:
                    cards = np.concatenate([found[street][path][0], cards])
                    pick = np.concatenate([found[street][path][1], pick.ravel()])
                found[street][path] = distinct_situations(cards, pick.ravel())
    out = []
    for street, by_path in enumerate(found):
        parts = [(cards, np.broadcast_to(np.array(path, dtype=np.int64), (len(cards), street)), chosen)
                 for path, (cards, chosen) in sorted(by_path.items())]
        cards, paths, chosen = (np.concatenate([part[i] for part in parts]) for i in range(3))
        out.append(StreetSituations(cards, paths, chosen))
    return tuple(out)


def distinct_situations(cards: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One row per suit class of ``cards`` with its choice (every row of a class must agree).

    >>> cards = np.array([[0, 4], [1, 5], [0, 5]])    # 2c 3c, 2d 3d (the same class), 2c 3d
    >>> [part.tolist() for part in distinct_situations(cards, np.array([1, 1, 0]))]
    [[[0, 5], [0, 4]], [0, 1]]
    """
    keys = canonical_keys(cards)
    distinct, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    if (chosen != chosen[first][inverse]).any():
        raise AssertionError("two situations of one suit class take different choices")
    return cards[first], chosen[first]
