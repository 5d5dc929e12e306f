"""A Hold'em game over streets when the player sees one or both dealer hole cards from the start: exact, by the
streets kernel (:func:`analyzer.engines.holdem.streets.street_flop` with the cards ``seen``).

The player sees its two hole cards and one or both of the dealer's (the *seen cards*) before its first decision,
and plays every street optimally for what it sees. By suit symmetry the seen cards are taken once per class of
them (a :class:`DealerView`): one card, in one suit (clubs), once per rank, counted four times; both cards, once
per starting-hand class of the dealer (169), counted as many times as the class has hands (6, 4 or 12). With the
seen cards' suits fixed, the relabellings of the other suits class the flops (4,861 classes of the 20,825 flops
left when one club is seen) and the hole pairs (a class per pair up to those relabellings): the kernel adds each
flop class representative's results, times its weight, into the hole pairs' classes, the pre-flop decision of
each class is the action of highest value (ties as the rules say), and the counts are those of the actions taken.

The cycle is every seen card, hole pair, flop, turn, river and the dealer's other card (:func:`seen_cycle`):
with the turn and the river dealt one by one, 52 x C(51, 2) x C(49, 3) x 46 x 45 x 44 = 111,255,240,096,000
deals with one card seen, and C(52, 2) x C(50, 2) x C(48, 3) x 45 x 44 = 55,627,620,048,000 with both (half of
each when the turn and the river come together; with both seen, the deals of the normal game in another order).

>>> classes = seen_card_classes((0,))          # the 2c seen
>>> len(classes.flops), int(classes.flops.weights.sum()), int(classes.hole_sizes.sum())
(4861, 20825, 1326)
>>> [len(dealer_views(seen)) for seen in (1, 2)], sum(view.weight for view in dealer_views(2))
([13, 169], 1326)
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
    HAND_CLASS_COUNT,
    HAND_CLASS_OF,
    HAND_CLASS_SIZES,
    HAND_CLASSES,
    FlopClasses,
    pair_index,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.street_game import SUMS_VERSION, StreetAnalysis, StreetCounts, game_plan, street_counts
from analyzer.engines.holdem.streets import (
    KnownCards,
    StreetClassSums,
    qualifying_rank,
    street_class_sums,
    street_sums_kind,
)
from analyzer.games.rules import GameRules

#: The suit one seen card is taken in (clubs); each rank's results count once per suit.
SEEN_SUIT = 0


@dataclass(frozen=True)
class DealerView:
    """Dealer cards the player sees (``seen``, one or two) standing for ``weight`` such views by suit symmetry."""

    seen: tuple[int, ...]
    weight: int


def dealer_views(seen: int) -> tuple[DealerView, ...]:
    """One seen card: a club of each rank, four times; both: a hand of each starting-hand class, its class's
    size times.

    >>> dealer_views(1)[12], dealer_views(2)[0]
    (DealerView(seen=(48,), weight=4), DealerView(seen=(48, 49), weight=6))
    """
    if seen == 1:
        return tuple(DealerView((rank * 4 + SEEN_SUIT,), 4) for rank in range(RANK_COUNT))
    pairs = combinations(DECK_SIZE, 2)
    first = {int(c): h for h, c in reversed(list(enumerate(HAND_CLASS_OF)))}
    return tuple(DealerView(tuple(int(card) for card in pairs[first[c]]), int(HAND_CLASS_SIZES[c]))
                 for c in range(HAND_CLASS_COUNT))


def deals_per_view(seen: int) -> int:
    """The deals below one (seen cards, hole pair) as the kernel's values sum them: the flop, the turn and the
    river in order, and the dealer's hands left (44 with one card seen, 1 with both).

    >>> deals_per_view(1) == comb(49, 3) * 46 * 45 * 44, deals_per_view(2) == comb(48, 3) * 45 * 44
    (True, True)
    """
    left = DECK_SIZE - seen - 2
    return comb(left, 3) * (left - 3) * (left - 4) * (left - 5 if seen == 1 else 1)


def seen_cycle(seen: int, turn_river_orders: int = 2) -> int:
    """Every deal with ``seen`` dealer cards seen: the seen cards, the hole pair and :func:`deals_per_view`, the
    turn and the river dealt one by one (``turn_river_orders`` 2) or as a pair (1).

    >>> seen_cycle(1), seen_cycle(2, turn_river_orders=1)
    (111255240096000, 27813810024000)
    """
    return comb(DECK_SIZE, seen) * comb(DECK_SIZE - seen, 2) * deals_per_view(seen) * turn_river_orders // 2


@dataclass(frozen=True)
class SeenCardClasses:
    """With the cards ``seen`` fixed: the flop classes (representatives and weights) and the class of every hole
    pair (by colex index) under the relabellings of the other suits, with the classes' sizes."""

    seen: tuple[int, ...]
    flops: FlopClasses
    hole_class: np.ndarray
    hole_sizes: np.ndarray


def seen_card_classes(seen: tuple[int, ...]) -> SeenCardClasses:
    """The flop and hole-pair classes when the cards ``seen`` are out of the deck and their suits keep their
    identity."""
    suits = tuple(sorted({card & 3 for card in seen}))
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    flops = flops[np.isin(flops, seen).sum(axis=1) == 0]
    flop_classes = suit_classes(flops, fixed_suits=suits)
    holes = suit_classes(combinations(DECK_SIZE, 2).astype(np.int64), fixed_suits=suits)
    return SeenCardClasses(seen, FlopClasses(flops[flop_classes.representatives], flop_classes.weights),
                           holes.class_of.astype(np.int64), holes.weights)


@dataclass(frozen=True)
class SeenHand:
    """The counts of one :class:`DealerView` under the decisions optimal for it."""

    view: DealerView
    classes: SeenCardClasses
    counts: StreetCounts


@dataclass(frozen=True)
class ExposedStreetGame:
    """The exact game with ``seen`` dealer cards seen: every view's counts and the analysis of their sum (each
    view its weight times), whose figures are the exposure's."""

    rules: GameRules
    seen: int
    views: tuple[SeenHand, ...]
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

    def preflop_labels(self) -> list[str]:
        """The pre-flop options, in the order of the kernel's root values."""
        plan = self.analysis.plan
        street = plan.streets[0]
        return [street.choices[plan.action[0, 0, a]].label for a in range(int(plan.allowed[0, 0]))] if street \
            else ["play on"]

    def preflop_table(self) -> pd.DataFrame:
        """One card seen: every (starting hand, seen card) class; both: every (starting hand, dealer's starting
        hand) (:meth:`dealer_hand_table`)."""
        return self.seen_card_table() if self.seen == 1 else self.dealer_hand_table()

    def seen_card_table(self) -> pd.DataFrame:
        """Every (starting hand, seen card) class: an example, its deals' combinations (hole pair and seen card),
        the decision and the exact EV per ante of each pre-flop option."""
        labels = self.preflop_labels()
        denominator = self.analysis.counts.scale * deals_per_view(self.seen)
        rows = []
        for view, x, y, k in self._hole_classes():
            (seen,) = view.view.seen
            row = {"hand": HAND_CLASSES[HAND_CLASS_OF[pair_index(x, y)]], "seen_rank": RANK_SYMBOLS[seen >> 2],
                   "seen_suit": _suit_relation(x, y, seen),
                   "example": f"{format_cards(sorted((x, y), reverse=True))} | {format_cards([seen])}",
                   "combinations": view.view.weight * int(view.classes.hole_sizes[k]),
                   "decision": labels[int(view.counts.decision[k])]}
            for label, value in zip(labels, view.counts.root_values[k], strict=True):
                row[f"EV {label}"] = Fraction(int(value), denominator)
            rows.append(row)
        order = {name: index for index, name in enumerate(HAND_CLASSES)}
        frame = pd.DataFrame(rows)
        frame["_hand"] = frame["hand"].map(order)
        frame["_seen"] = -frame["seen_rank"].map(RANK_SYMBOLS.index)
        return frame.sort_values(["_hand", "_seen", "seen_suit"]).drop(columns=["_hand", "_seen"]).reset_index(drop=True)

    def dealer_hand_table(self) -> pd.DataFrame:
        """Every (starting hand, dealer's starting hand): its (hole pair, dealer pair) combinations, how many of
        them take each pre-flop option, and the exact EV per ante of the best option, over them all."""
        labels = self.preflop_labels()
        denominator = self.analysis.counts.scale * deals_per_view(self.seen)
        cells: dict[tuple[int, int], list[int]] = {}
        for view, x, y, k in self._hole_classes():
            dealer = HAND_CLASS_OF[pair_index(*sorted(view.view.seen))]
            cell = cells.setdefault((HAND_CLASS_OF[pair_index(x, y)], dealer), [0] * (len(labels) + 2))
            hands = view.view.weight * int(view.classes.hole_sizes[k])
            cell[0] += hands
            cell[1 + int(view.counts.decision[k])] += hands
            cell[-1] += hands * int(view.counts.root_values[k].max())
        rows = []
        for (hand, dealer), cell in sorted(cells.items()):
            rows.append({"hand": HAND_CLASSES[hand], "dealer": HAND_CLASSES[dealer], "combinations": cell[0],
                         **dict(zip(labels, cell[1:-1], strict=True)),
                         "ev_best": Fraction(cell[-1], cell[0] * denominator)})
        return pd.DataFrame(rows)

    def _hole_classes(self) -> list[tuple[SeenHand, int, int, int]]:
        """Each view's hole-pair classes that hold no seen card: (view, a member's cards x < y, class)."""
        pairs = combinations(DECK_SIZE, 2)
        found = []
        for view in self.views:
            classes, first = np.unique(view.classes.hole_class, return_index=True)
            for k, h in zip(classes.tolist(), first.tolist(), strict=True):
                x, y = (int(card) for card in pairs[h])
                if x not in view.view.seen and y not in view.view.seen:
                    found.append((view, x, y, int(k)))
        return found


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


def seen_hand_counts(rules: GameRules, view: DealerView, jobs: int = 1, progress: bool = False,
                     checkpoint_dir: Path | None = None, flop_class_indices: Sequence[int] | None = None) -> SeenHand:
    """The counts of ``view`` over every flop class (or the given ones: a reduced run), by the groups of final lines
    the game pays alike (:func:`analyzer.engines.holdem.streets.line_groups`): the exposure reports figures, no
    counts by line."""
    classes = seen_card_classes(view.seen)
    plan, nets, scale = game_plan(rules)
    qualify = qualifying_rank(rules)
    count = len(classes.hole_sizes)
    kind = street_sums_kind(plan, count, flop_choices=False, situations=False)
    known = KnownCards(seen=view.seen)

    def compute(flops: np.ndarray, weights: np.ndarray):
        return street_class_sums(flops, weights, plan, nets, qualify, known, classes.hole_class, count, by_line=False)

    cards = "".join(format_cards([card]) for card in view.seen)
    sums = sum_over_flop_classes(compute, kind, f"streets-seen-{cards}-line-groups:{SUMS_VERSION}",
                                 f"{rules.title}, {format_cards(list(view.seen))} seen: flop classes", jobs, progress,
                                 checkpoint_dir, flop_class_indices, classes=classes.flops)
    assert isinstance(sums, StreetClassSums)
    return SeenHand(view, classes, street_counts(sums, plan, scale, classes.hole_sizes))


def exposed_street_game(rules: GameRules, seen: int, jobs: int = 1, progress: bool = False,
                        checkpoint_dir: Callable[[tuple[int, ...]], Path | None] = lambda cards: None
                        ) -> ExposedStreetGame:
    """The whole game with ``seen`` dealer cards seen: every :class:`DealerView` (``checkpoint_dir(cards)``:
    where its chunks are kept, resumable), summed its weight times."""
    started = time.perf_counter()
    views = tuple(seen_hand_counts(rules, view, jobs, progress, checkpoint_dir(view.seen))
                  for view in dealer_views(seen))
    return ExposedStreetGame(rules, seen, views, StreetAnalysis(rules, combined_counts(views)),
                             time.perf_counter() - started)


def combined_counts(views: tuple[SeenHand, ...]) -> StreetCounts:
    """The counts of every seen card or hand: each view's its weight times, added."""
    first = views[0].counts

    def total(name: str) -> np.ndarray:
        return sum((view.view.weight * (getattr(view.counts, name).sum(axis=0) if name == "preflop_taken"
                                        else getattr(view.counts, name)) for view in views),
                   np.zeros((), dtype=np.int64))

    return dataclasses.replace(first, showdown=total("showdown"), folds=total("folds"), taken=total("taken"),
                               preflop_taken=total("preflop_taken")[None, :],
                               final_outcomes=total("final_outcomes"),
                               root_values=np.concatenate([view.counts.root_values for view in views]),
                               decision=np.concatenate([view.counts.decision for view in views]))
