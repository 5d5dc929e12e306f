"""Every starting hand of a paytable game, by suit-isomorphism class, played optimally street by street.

Each class's representative goes through :func:`analyzer.engines.stud.induction.induct`; its counts
are multiplied by the class's size. The cycle is every ordered deal: the player's cards (a set) and the
community cards in the order they are turned, C(52, P) * (52-P)! / (52-P-C)! deals (Mississippi Stud
1326 * 50 * 49 * 48 = 155,937,600): the order matters to the decisions, so the counts keep it.

Per street, the deals taking each choice are kept by *situation*: the cards seen, as their rank in the
declared ranking of that many cards (a three- or four-card poker hand), or for two cards their grid code
(high rank * 13 + low rank, + 169 when suited).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, perm
from pathlib import Path

import numpy as np

from analyzer.core.cards import colex_index, combinations
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.core.ranking import ranking_of_size
from analyzer.engines.cache import save_cached
from analyzer.engines.exact_sums import restored, saved
from analyzer.engines.stud.induction import Written, induct, known_cards
from analyzer.engines.stud.tree import GameTree

#: Situation codes of two cards: 13 * 13 ranks, suited ones shifted by this.
SUITED = 169


@dataclass(frozen=True)
class PaytableCounts:
    """The exact counts of a paytable game: ``counts[path, group]`` over the whole cycle, every starting
    class (``cards``, ``weights``) with the total net result of each first-street choice (``first``, scaled,
    over ``first_orders`` community orders), and per street the situations seen and the deals taking each
    choice (``situations[street]``: codes, deals (situation, choice))."""

    counts: np.ndarray
    cards: np.ndarray
    weights: np.ndarray
    first: np.ndarray
    first_orders: int
    situations: tuple[tuple[np.ndarray, np.ndarray], ...]

    @property
    def cycle(self) -> int:
        return int(self.counts.sum())


def situation_codes(known: np.ndarray) -> np.ndarray:
    """A code per row of sorted known cards: its rank in the ranking of that many cards, or for two cards
    high * 13 + low (+ :data:`SUITED`).

    >>> situation_codes(np.array([[48, 51], [0, 4]])).tolist()   # Ac As, 2c 3c
    [168, 182]
    """
    ranking = ranking_of_size(known.shape[1])
    if ranking is not None:
        return ranking.table[colex_index(known)]
    if known.shape[1] != 2:
        return np.zeros(len(known), dtype=np.int64)
    high, low = known[:, 1] // 4, known[:, 0] // 4
    return high * 13 + low + SUITED * (known[:, 0] % 4 == known[:, 1] % 4)


def enumerate_game(tree: GameTree, progress: bool = False, written: Written | None = None) -> PaytableCounts:
    """Every starting class of the game through the induction, counts summed with their weights; with
    ``written``, played by that strategy instead of optimally."""
    rules = tree.rules
    player, depth = rules.player_cards, rules.community_cards
    starts = combinations(52, player).astype(np.int64)
    classes = suit_classes(starts)
    cards = starts[classes.representatives]
    counts = np.zeros((len(tree.paths), len(tree.groups)), dtype=np.int64)
    first = np.zeros((len(cards), len(rules.streets[0].choices)), dtype=tree.values.dtype)
    seen: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in rules.streets]
    larger = rules.tie_break == "larger"
    starting = progress_bar(cards, len(cards), progress, "starting hands")
    for row, (hand, weight) in enumerate(zip(starting, classes.weights, strict=True)):
        result = induct(tree, hand, larger, written)
        counts += result.counts * int(weight)
        first[row] = result.first
        for street, (level, deals) in enumerate(zip(tree.depths, result.taken, strict=True)):
            seen[street].append((situation_codes(known_cards(hand, level)), deals * int(weight)))
    situations = []
    for parts in seen:
        codes = np.concatenate([part[0] for part in parts])
        deals = np.concatenate([part[1] for part in parts])
        distinct, inverse = np.unique(codes, return_inverse=True)
        summed = np.zeros((len(distinct), deals.shape[1]), dtype=np.int64)
        np.add.at(summed, inverse, deals)
        situations.append((distinct, summed))
    assert counts.sum() == comb(52, player) * perm(52 - player, depth)
    return PaytableCounts(counts, cards, classes.weights, first, perm(52 - player, depth), tuple(situations))


def save_counts(path: Path, counts: PaytableCounts) -> None:
    """The counts as one .npz file, written atomically (values past 64 bits as decimal text)."""
    arrays = {"counts": counts.counts, "cards": counts.cards, "weights": counts.weights, "first": saved(counts.first),
              "first_orders": np.array(counts.first_orders)}
    for street, (codes, deals) in enumerate(counts.situations):
        arrays[f"codes{street}"], arrays[f"deals{street}"] = codes, deals
    # allow_pickle named (its default), so that mypy does not take a key of arrays for it
    save_cached(path, lambda temporary: np.savez(temporary, allow_pickle=True, **arrays))


def load_counts(path: Path) -> PaytableCounts:
    """The counts :func:`save_counts` wrote."""
    with np.load(path) as data:
        streets = sum(1 for name in data.files if name.startswith("codes"))
        return PaytableCounts(data["counts"], data["cards"], data["weights"], restored(data["first"]),
                              int(data["first_orders"]),
                              tuple((data[f"codes{s}"], data[f"deals{s}"]) for s in range(streets)))
