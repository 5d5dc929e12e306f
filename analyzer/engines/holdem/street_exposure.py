"""A Hold'em game over streets when the player sees one dealer hole card from the start: exact, by the streets
kernel (:func:`analyzer.engines.holdem.streets.street_flop` with ``seen``).

The player sees its two hole cards and one of the dealer's (the *seen card*) before its first decision, and
plays every street optimally for what it sees. By suit symmetry the seen card is taken in one suit (clubs),
once per rank, and each rank's results count four times. With that suit fixed, the six relabellings of the
other three suits class the flops (4,861 classes of the 20,825 flops left) and the hole pairs (a class
per pair up to those relabellings): the kernel adds each flop class representative's results, times its
weight, into the hole pairs' classes, the pre-flop decision of each class is the action of highest value (ties
as the rules say), and the counts are those of the actions taken. The cycle is every seen card, hole pair,
flop, turn, river and the dealer's other card: 52 x C(51, 2) x C(49, 3) x 46 x 45 x 44 =
111,255,240,096,000 deals.

>>> classes = seen_card_classes(0)          # the 2c seen
>>> len(classes.flops), int(classes.flops.weights.sum()), int(classes.hole_sizes.sum())
(4861, 20825, 1326)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core.cards import DECK_SIZE, RANK_COUNT, RANK_SYMBOLS, combinations, format_cards
from analyzer.core.isomorphism import suit_classes
from analyzer.engines.holdem.enumeration import (
    HAND_CLASS_OF,
    HAND_CLASSES,
    FlopClasses,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.street_game import SUMS_VERSION, StreetAnalysis, StreetCounts, game_plan, street_counts
from analyzer.engines.holdem.streets import StreetClassSums, qualifying_rank, street_class_sums, street_sums_kind
from analyzer.games.rules import GameRules

#: The suit the seen card is taken in (clubs); each rank's results count once per suit.
SEEN_SUIT = 0
#: Deals per (seen card, hole pair): the flop, turn, river and the dealer's other card.
DEALS_PER_SEEN_HOLE = comb(DECK_SIZE - 3, 3) * (DECK_SIZE - 6) * (DECK_SIZE - 7) * (DECK_SIZE - 8)
#: Every deal with one dealer card seen.
SEEN_CYCLE = DECK_SIZE * comb(DECK_SIZE - 1, 2) * DEALS_PER_SEEN_HOLE


@dataclass(frozen=True)
class SeenCardClasses:
    """With the card ``seen`` fixed: the flop classes (representatives and weights) and the class of every hole
    pair (by colex index) under the relabellings of the other three suits, with the classes' sizes."""

    seen: int
    flops: FlopClasses
    hole_class: np.ndarray
    hole_sizes: np.ndarray


def seen_card_classes(seen: int) -> SeenCardClasses:
    """The flop and hole-pair classes when ``seen`` is out of the deck and its suit keeps its identity."""
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    flops = flops[(flops != seen).all(axis=1)]
    flop_classes = suit_classes(flops, fixed_suits=(seen & 3,))
    holes = suit_classes(combinations(DECK_SIZE, 2).astype(np.int64), fixed_suits=(seen & 3,))
    return SeenCardClasses(seen, FlopClasses(flops[flop_classes.representatives], flop_classes.weights),
                           holes.class_of.astype(np.int64), holes.weights)


@dataclass(frozen=True)
class SeenRank:
    """The counts of one rank of seen card (taken in :data:`SEEN_SUIT`) under the decisions optimal for it."""

    classes: SeenCardClasses
    counts: StreetCounts


@dataclass(frozen=True)
class ExposedStreetGame:
    """The exact game with one dealer card seen: every rank's counts and the analysis of their sum (four suits
    each), whose figures are the exposure's."""

    rules: GameRules
    ranks: tuple[SeenRank, ...]
    analysis: StreetAnalysis
    seconds: float

    def figures(self) -> dict[str, object]:
        """The figures :class:`analyzer.engines.base.Exposure` carries: house edges, element of risk, average
        bet, the cycle and each street's action frequencies."""
        main = self.analysis.main_figures()
        actions = {f"{point} {choice}": share for point, shares in self.analysis.decision_points().items()
                   for choice, share in shares.items()}
        return {"cycle": self.analysis.cycle,
                **{name: main[name] for name in ("house_edge_per_ante", "house_edge_per_initial_wager",
                                                 "average_total_bet", "element_of_risk")},
                "actions": actions}

    def preflop_table(self) -> pd.DataFrame:
        """Every (starting hand, seen card) class: an example, its deals' combinations (hole pair and seen card),
        the decision and the exact EV per ante of each pre-flop option."""
        plan = self.analysis.plan
        street = plan.streets[0]
        labels = [street.choices[plan.action[0, 0, a]].label for a in range(int(plan.allowed[0, 0]))] if street \
            else ["play on"]
        denominator = self.analysis.counts.scale * DEALS_PER_SEEN_HOLE
        rows = []
        pairs = combinations(DECK_SIZE, 2)
        for rank in self.ranks:
            seen = rank.classes.seen
            members = np.flatnonzero(rank.classes.hole_sizes)
            for k in members:
                h = int(np.flatnonzero(rank.classes.hole_class == k)[0])
                x, y = (int(card) for card in pairs[h])
                if seen in (x, y):
                    continue
                values = rank.counts.root_values[k]
                row = {"hand": HAND_CLASSES[HAND_CLASS_OF[h]], "seen_rank": RANK_SYMBOLS[seen >> 2],
                       "seen_suit": _suit_relation(x, y, seen),
                       "example": f"{format_cards(sorted((x, y), reverse=True))} | {format_cards([seen])}",
                       "combinations": 4 * int(rank.classes.hole_sizes[k]),
                       "decision": labels[int(rank.counts.decision[k])]}
                for label, value in zip(labels, values, strict=True):
                    row[f"EV {label}"] = Fraction(int(value), denominator)
                rows.append(row)
        order = {name: index for index, name in enumerate(HAND_CLASSES)}
        frame = pd.DataFrame(rows)
        frame["_hand"] = frame["hand"].map(order)
        frame["_seen"] = -frame["seen_rank"].map(RANK_SYMBOLS.index)
        return frame.sort_values(["_hand", "_seen", "seen_suit"]).drop(columns=["_hand", "_seen"]).reset_index(drop=True)


def _suit_relation(x: int, y: int, seen: int) -> str:
    """How the seen card's suit stands to the hole cards' (x the higher by rank): "suit of both", "suit of the
    higher card", "suit of the lower card", "suit of a hole card" (a pair), "other suit"."""
    high, low = (x, y) if (x >> 2, x & 3) > (y >> 2, y & 3) else (y, x)
    same = [card & 3 == seen & 3 for card in (high, low)]
    if all(same):
        return "suit of both"
    if high >> 2 == low >> 2 and any(same):
        return "suit of a hole card"
    if same[0]:
        return "suit of the higher card"
    return "suit of the lower card" if same[1] else "other suit"


def seen_rank_counts(rules: GameRules, seen: int, jobs: int = 1, progress: bool = False,
                     checkpoint_dir: Path | None = None, flop_class_indices: Sequence[int] | None = None) -> SeenRank:
    """The counts with ``seen`` seen, over every flop class (or the given ones: a reduced run)."""
    classes = seen_card_classes(seen)
    plan, nets, scale = game_plan(rules)
    qualify = qualifying_rank(rules)
    count = len(classes.hole_sizes)
    kind = street_sums_kind(plan, count, flop_choices=False, situations=False)

    def compute(flops: np.ndarray, weights: np.ndarray):
        return street_class_sums(flops, weights, plan, nets, qualify, seen, classes.hole_class, count)

    sums = sum_over_flop_classes(compute, kind, f"streets-seen-{seen}:{SUMS_VERSION}",
                                 f"{rules.title}, {format_cards([seen])} seen: flop classes", jobs, progress,
                                 checkpoint_dir, flop_class_indices, classes=classes.flops)
    assert isinstance(sums, StreetClassSums)
    return SeenRank(classes, street_counts(sums, plan, scale, classes.hole_sizes))


def exposed_street_game(rules: GameRules, jobs: int = 1, progress: bool = False,
                        checkpoint_dir: Callable[[int], Path | None] = lambda seen: None) -> ExposedStreetGame:
    """The whole game with one dealer card seen: every rank of seen card (``checkpoint_dir(seen)``: where its
    chunks are kept, resumable), summed four times."""
    started = time.perf_counter()
    ranks = tuple(seen_rank_counts(rules, rank * 4 + SEEN_SUIT, jobs, progress, checkpoint_dir(rank * 4 + SEEN_SUIT))
                  for rank in range(RANK_COUNT))
    return ExposedStreetGame(rules, ranks, StreetAnalysis(rules, combined_counts(ranks)),
                             time.perf_counter() - started)


def combined_counts(ranks: tuple[SeenRank, ...]) -> StreetCounts:
    """The counts of every seen card: each rank's four times (the suits), added."""
    first = ranks[0].counts

    def total(name: str) -> np.ndarray:
        return 4 * sum((getattr(rank.counts, name).sum(axis=0) if name == "preflop_taken"
                        else getattr(rank.counts, name) for rank in ranks), np.zeros((), dtype=np.int64))

    return dataclasses.replace(first, showdown=total("showdown"), folds=total("folds"), taken=total("taken"),
                               preflop_taken=total("preflop_taken")[None, :],
                               final_outcomes=total("final_outcomes"),
                               root_values=np.concatenate([rank.counts.root_values for rank in ranks]),
                               decision=np.concatenate([rank.counts.decision for rank in ranks]))
