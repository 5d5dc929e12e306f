"""The game tree of a paytable game: every action path street by street, its stakes, and the net result
of every (path, final hand group), from the rules data.

A *path* is the sequence of choices made at the streets, ending at a fold or after the last street. A
wager's stake on a path: an initial wager 1 unit; a street wager the multiple chosen at its street (0 when
taken back), 1 unit before its street when the street can take it back (it is on the table from the
start), else 0. A path that folds settles every stake by the wager's ``on_fold``; any other path settles
every stake by the final hand. Final hands fall into *groups*: the tuple of the line each wager's paytable
pays (the hands of a group settle alike). Results are scaled by the common denominator of the game's
results and pays, so every sum of counts times results is an exact integer: the values are int64 when every
sum over the cycle fits 64 bits, else Python integers (:mod:`analyzer.engines.exact_sums`), and the induction
sums them in their type.

>>> from analyzer.games.rules import load_game
>>> tree = game_tree(load_game("mississippi"))
>>> len(tree.paths), tree.paths[0], tree.stakes[tree.paths.index((3, 3, 3))].tolist()
(40, (0,), [1, 3, 3, 3])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, product
from math import comb, perm

import numpy as np

from analyzer.core.cards import combinations
from analyzer.core.ranking import best_ranks_of
from analyzer.engines.exact_sums import SumBound, largest_net
from analyzer.games.rules import GameRules, Street
from analyzer.games.settlement import common_scale, scaled, settle


@dataclass(frozen=True)
class GameTree:
    """Paths (choice index per street taken), each path's stake per wager (in rules order), whether it
    folds, and ``values[path, group]``: the scaled net result of a path ending in a final hand group."""

    rules: GameRules
    paths: tuple[tuple[int, ...], ...]
    stakes: np.ndarray
    folded: np.ndarray
    values: np.ndarray
    groups: np.ndarray  # (group, wager): the line each wager's paytable pays a hand of the group (-1: none)
    hand_group: np.ndarray  # the group of every final hand, by colex index
    scale: int

    @property
    def streets(self) -> tuple[Street, ...]:
        return self.rules.streets

    @cached_property
    def depths(self) -> tuple[int, ...]:
        """Community cards turned before each street's decision."""
        return tuple(accumulate((street.cards for street in self.streets[:-1]), initial=0))

    def prefixes(self, street: int) -> list[tuple[int, ...]]:
        """The paths that reach a street: every non-fold choice at the streets before it."""
        open_choices = [[index for index, choice in enumerate(s.choices) if choice.action != "fold"]
                        for s in self.streets[:street]]
        return list(product(*open_choices))

    def path_index(self, path: tuple[int, ...]) -> int:
        return self.paths.index(path)

    def total_stake(self, path: int) -> int:
        """Units wagered on a path (stakes lost on a fold included)."""
        return int(self.stakes[path].sum())


def game_tree(rules: GameRules) -> GameTree:
    """Every path of the game, its stakes, and the scaled net result of each path and final hand group."""
    streets, wagers = rules.streets, rules.wagers
    street_of = {street.wager: index for index, street in enumerate(streets)}
    paths: list[tuple[int, ...]] = []
    for length in range(1, len(streets) + 1):
        for path in product(*(range(len(s.choices)) for s in streets[:length])):
            alive = all(streets[i].choices[c].action != "fold" for i, c in enumerate(path[:-1]))
            if alive and (length == len(streets) or streets[length - 1].choices[path[-1]].action == "fold"):
                paths.append(path)
    stakes = np.zeros((len(paths), len(wagers)), dtype=np.int64)
    for row, path in enumerate(paths):
        for column, wager in enumerate(wagers):
            if wager.name not in street_of:
                stakes[row, column] = 1
                continue
            street = streets[street_of[wager.name]]
            if street_of[wager.name] < len(path):
                stakes[row, column] = street.choices[path[street_of[wager.name]]].multiple
            else:
                stakes[row, column] = any(choice.action == "take_back" for choice in street.choices)
    folded = np.array([streets[len(path) - 1].choices[path[-1]].action == "fold" for path in paths])
    groups, hand_group = final_groups(rules)
    scale = common_scale(rules)
    exact = SumBound.of(cycle(rules), largest_net(zip(wagers, stakes.max(axis=0, initial=0), strict=True), scale))
    per_unit = exact.cast(np.stack([settle(wager, groups[:, column], scale)[:, 0]
                                    for column, wager in enumerate(wagers)], axis=1))  # (group, wager): no dealer
    on_fold = exact.cast(scaled([wager.on_fold for wager in wagers], scale))
    values = np.where(folded[:, None], (stakes * on_fold).sum(axis=1)[:, None], stakes @ per_unit.T)
    return GameTree(rules, tuple(paths), stakes, folded, values, groups, hand_group, scale)


def cycle(rules: GameRules) -> int:
    """Every ordered deal: the player's cards (a set) and the community cards in the order they are turned."""
    return comb(52, rules.player_cards) * perm(52 - rules.player_cards, rules.community_cards)


def final_groups(rules: GameRules) -> tuple[np.ndarray, np.ndarray]:
    """The distinct tuples (line paid by each wager's paytable, -1: none) that final hands make, and the
    group of every final hand (by colex index)."""
    lines = hand_lines(rules) + 1
    radix = int(lines.max()) + 1
    codes = lines @ radix ** np.arange(lines.shape[1])[::-1]
    distinct, hand_group = np.unique(codes, return_inverse=True)
    digits = distinct[:, None] // radix ** np.arange(lines.shape[1])[::-1] % radix
    return digits - 1, hand_group.astype(np.int16)


def hand_lines(rules: GameRules) -> np.ndarray:
    """(hand, wager): the line each wager's paytable pays every final hand, hands by colex index."""
    size = rules.player_cards + rules.community_cards
    columns: dict[tuple, np.ndarray] = {}  # wagers paid alike share one column
    for wager in rules.wagers:
        key = (wager.ranking.name, wager.paytable)
        if key not in columns:
            ranks = wager.ranking.table if wager.ranking.cards == size else \
                best_ranks_of(wager.ranking, combinations(52, size))
            columns[key] = wager.paytable.line_index(wager.ranking, ranks) if wager.paytable \
                else np.full(len(ranks), -1, dtype=np.int64)
    return np.stack([columns[(wager.ranking.name, wager.paytable)] for wager in rules.wagers], axis=1)

