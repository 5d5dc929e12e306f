"""Every dealt hand of a draw game, by suit-isomorphism class, with its optimal hold and final hands.

A deal is the ``n`` cards dealt; a hold keeping ``k`` of them draws ``n - k``
of the ``u = 52 - n`` unseen cards, each of the ``C(u, n - k)`` draws equally
likely. To count every deal and draw on one integer cycle, each deal carries
the weight ``W = lcm of C(u, d)`` over the numbers ``d`` of cards a hold may
draw, spread evenly over its draws (``W / C(u, d)`` per final hand). The
cycle is ``C(52, n) * W``: Jacks or Better, ``C(52, 5) * 7,669,695 =
19,933,230,517,200`` (``lcm(1, 47, 1081, 16215, 178365, 1533939) = 3 * 5 *
11 * 23 * 43 * 47``).

A hold's value is its total scaled net result over that weight,
``value = sum_g N[H, g] * net_g * W / C(u, d)`` (:mod:`analyzer.engines.draw.holds`),
so the expected net result per unit is ``value / (W * scale)``, compared
exactly in integers. The optimal hold has the largest value; an exact tie
goes to the hold keeping more cards, then to the lower mask (the earlier
dealt cards, in ascending card order), a stated reading (it moves no return).

>>> draw_weight(52 - 5, range(6))   # :func:`analyzer.engines.sizes.draw_weight`
7669695
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from math import comb
from pathlib import Path

import numpy as np

from analyzer.core.cards import combinations
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.core.ranking import HandRanking
from analyzer.engines.cache import save_cached
from analyzer.engines.draw.holds import SubsetTables, hold_counts, hold_masks, subset_tables
from analyzer.engines.exact_sums import SumBound, floor_of, restored, saved
from analyzer.engines.sizes import DRAW_BLOCK, draw_weight
from analyzer.games.patterns import HandPattern
from analyzer.games.rules import Draw, GameRules, Paytable, RulesError, Wager, default_table
from analyzer.games.settlement import common_scale, settle

@dataclass(frozen=True)
class DrawGame:
    """What the counts of a draw game depend on: the hand size, the final hands' groups (a paytable line, or
    the last group: no line), each group's scaled net result, and the holds allowed."""

    rules: GameRules

    @property
    def hand_size(self) -> int:
        return self.rules.player_cards

    @property
    def unseen(self) -> int:
        return 52 - self.hand_size

    @property
    def wager(self) -> Wager:
        return self.rules.wagers[0]

    @property
    def paytable(self) -> Paytable:
        """The wager's paytable: the final hand's groups are its lines."""
        return default_table(self.wager)

    @property
    def draw(self) -> Draw:
        """The rules' draw (the engine analyses only a game with one)."""
        if self.rules.draw is None:
            raise RulesError(f"{self.rules.source}: {self.rules.name} has no draw")
        return self.rules.draw

    @property
    def scale(self) -> int:
        return common_scale(self.rules)

    @property
    def group_count(self) -> int:
        """One group per line of the wager's paytable, and one for a hand no line pays."""
        return len(self.paytable.lines) + 1

    @property
    def nets(self) -> np.ndarray:
        """The scaled net result of each group (the last: no line)."""
        hits = np.append(np.arange(self.group_count - 1), -1)
        return settle(self.wager, hits, self.scale)[:, 0]

    @property
    def allowed(self) -> np.ndarray:
        """Whether each hold (by mask) is allowed: it replaces at most ``most_replaced`` cards."""
        _, kept = hold_masks(self.hand_size)
        return self.hand_size - kept <= self.draw.most_replaced

    @property
    def weight(self) -> int:
        _, kept = hold_masks(self.hand_size)
        return draw_weight(self.unseen, sorted(set((self.hand_size - kept[self.allowed]).tolist())))

    @property
    def spread(self) -> np.ndarray:
        """Per hold, the weight each of its final hands carries: ``W / C(u, cards drawn)``."""
        _, kept = hold_masks(self.hand_size)
        return np.array([self.weight // comb(self.unseen, self.hand_size - int(k)) for k in kept], dtype=np.int64)

    @property
    def bound(self) -> SumBound:
        """Values summed over the cycle stay below this (:mod:`analyzer.engines.exact_sums`)."""
        largest = max(abs(int(net)) for net in self.nets)
        return SumBound.of(comb(52, self.hand_size) * self.weight, largest)

    def tables(self) -> SubsetTables:
        """The subset tables of the final hands' groups (:func:`analyzer.engines.draw.holds.subset_tables`),
        shared by every paytable with the same lines (8/5 and 9/6, say) within a process."""
        return _tables(self.wager.ranking, tuple(line.pattern for line in self.paytable.lines))


@dataclass(frozen=True)
class DrawCounts:
    """The exact counts of a draw game: per dealt class (``cards``, ascending; ``weights``: deals in it), the
    value of every hold (``values``, scaled, see the module; barred holds below every allowed one), the hold
    taken (``chosen``, a mask) and its final hands by group (``final``, each deal weighing ``weight``)."""

    cards: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    chosen: np.ndarray
    final: np.ndarray
    weight: int

    @property
    def cycle(self) -> int:
        return int(self.weights.sum()) * self.weight


@lru_cache(maxsize=1)
def _tables(ranking: HandRanking, patterns: tuple[HandPattern, ...]) -> SubsetTables:
    """The group of every hand of ``ranking`` (the first pattern it matches; none: the last group), and the
    subset tables of those groups."""
    groups = np.full(len(ranking.table), len(patterns), dtype=np.int64)
    for index in reversed(range(len(patterns))):
        groups[patterns[index].matches(ranking, ranking.table)] = index
    return subset_tables(groups, len(patterns) + 1, ranking.cards)


@lru_cache(maxsize=2)
def deal_classes(hand_size: int) -> tuple[np.ndarray, np.ndarray]:
    """One hand per suit-isomorphism class of the ``hand_size``-card deals (ascending cards) and its size
    (kept for the process: every paytable of a game deals the same classes)."""
    hands = combinations(52, hand_size)
    classes = suit_classes(hands)
    return hands[classes.representatives].astype(np.int64), classes.weights


def hold_values(game: DrawGame, counts: np.ndarray) -> np.ndarray:
    """``values[d, H]`` of hold counts ``counts[d, H, g]`` (barred holds: below every allowed value)."""
    dtype = game.bound.dtype
    values = np.einsum("dhg,g->dh", counts.astype(dtype), game.nets.astype(dtype)) * game.spread.astype(dtype)
    values[:, ~game.allowed] = floor_of(values)
    return values


def best_holds(values: np.ndarray, hand_size: int) -> np.ndarray:
    """The optimal hold of each row: the largest value, then the most cards kept, then the lower mask.

    >>> best_holds(np.array([[5, 7, 7, 1]]), 2).tolist()   # holds 1 and 2 tie; each keeps one card
    [1]
    """
    masks, kept = hold_masks(hand_size)
    preference = np.lexsort((masks, -kept))  # more cards kept first, then the lower mask
    return preference[np.argmax(values[:, preference], axis=1)]


def count_draws(rules: GameRules, cards: np.ndarray, tables: SubsetTables | None = None) -> np.ndarray:
    """The hold counts ``counts[d, H, g]`` of dealt hands ``cards`` (ascending cards, one hand per row)."""
    return hold_counts(np.asarray(cards, dtype=np.int64), tables or DrawGame(rules).tables())


@lru_cache(maxsize=1)
def _class_counts(ranking: HandRanking, patterns: tuple[HandPattern, ...], progress: bool) -> np.ndarray:
    """The hold counts of every dealt class for the lines ``patterns`` (int32: a count is at most
    ``C(52 - n, n)``), kept for the process: the paytables with the same lines (9/6 and 8/5) share them."""
    cards, _ = deal_classes(ranking.cards)
    tables = _tables(ranking, patterns)
    counts = np.empty((len(cards), 2 ** ranking.cards, len(patterns) + 1), dtype=np.int32)
    blocks = range(0, len(cards), DRAW_BLOCK)
    for start in progress_bar(blocks, len(blocks), progress, "holds of every dealt class"):
        counts[start:start + DRAW_BLOCK] = hold_counts(cards[start:start + DRAW_BLOCK], tables)
    return counts


def enumerate_game(rules: GameRules, progress: bool = False) -> DrawCounts:
    """Every dealt class: the value of every hold, the optimal hold and its final hands."""
    game = DrawGame(rules)
    cards, weights = deal_classes(game.hand_size)
    counts = _class_counts(game.wager.ranking, tuple(line.pattern for line in game.paytable.lines), progress)
    values, chosen, final = [], [], []
    for start in range(0, len(cards), DRAW_BLOCK):
        block = counts[start:start + DRAW_BLOCK]
        block_values = hold_values(game, block)
        best = best_holds(block_values, game.hand_size)
        values.append(block_values)
        chosen.append(best)
        final.append(block[np.arange(len(best)), best].astype(np.int64) * game.spread[best][:, None])
    return DrawCounts(cards.astype(np.int8), weights, np.concatenate(values), np.concatenate(chosen),
                      np.concatenate(final), game.weight)


def save_counts(path: Path, counts: DrawCounts) -> None:
    """The counts as one .npz file, written atomically (values past 64 bits as decimal text)."""
    save_cached(path, partial(np.savez, cards=counts.cards, weights=counts.weights, values=saved(counts.values),
                              chosen=counts.chosen, final=counts.final, weight=np.array(counts.weight)))


def load_counts(path: Path) -> DrawCounts:
    """The counts :func:`save_counts` wrote."""
    with np.load(path) as data:
        return DrawCounts(data["cards"], data["weights"], restored(data["values"]), data["chosen"], data["final"],
                          int(data["weight"]))
