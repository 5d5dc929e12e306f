"""The pre-flop value of colluders' cards in a Hold'em game over streets: exact for one colluder deal.

With the colluders' cards C known, the player's pre-flop choice can change too. For one C, the streets kernel
plays every flop of the other cards with C out of the deck (:class:`analyzer.engines.holdem.streets.KnownCards`,
``dead``), each hole pair on its own (no suit symmetry is left to share), and gives every pre-flop option's exact
value, the flop, turn and river played optimally knowing C. The gain of a hole pair is the best option's value
less that of the normal pre-flop choice (the analysis's, which ignores C), both played knowing C from the flop on;
its mean over the hole pairs dealt beside C is the deal's pre-flop gain, per ante:

    gain(C) = sum over hole pairs h of (max_a V[h, a] - V[h, normal(h)]) / (pairs x scale x deals per pair)

A few colluder deals are sampled (:func:`random_colluder_cards`); their mean is the pre-flop part of the
colluders' estimate (:mod:`analyzer.engines.holdem.street_collusion`).

>>> deals_per_hole(2) == comb(48, 3) * 45 * 44 * comb(43, 2)     # one colluder: 48 cards left beside the pair
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from analyzer.core.cards import DECK_SIZE, combinations, format_cards
from analyzer.engines.holdem.enumeration import (
    HAND_CLASS_OF,
    HOLE_FIRST,
    HOLE_PAIRS,
    HOLE_SECOND,
    FlopClasses,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.streets import (
    KnownCards,
    StreetClassSums,
    StreetPlan,
    street_class_sums,
    street_sums_kind,
)

#: Hole cards of one colluding player.
CARDS_PER_COLLUDER = 2


def deals_per_hole(known: int) -> int:
    """The deals below one hole pair as the kernel's values sum them, ``known`` cards out of the deck: the flop,
    the turn and the river in order, and the dealer's two cards."""
    left = DECK_SIZE - known - 2
    return comb(left, 3) * (left - 3) * (left - 4) * comb(left - 5, 2)


def random_colluder_cards(colluders: int, seed: int, sample: int) -> tuple[int, ...]:
    """The colluders' cards of the ``sample``-th colluder deal of ``seed`` for the pre-flop part (a seeded shuffle
    of its own; the same stream as the flop-on samples' seeds, apart from them).

    >>> random_colluder_cards(2, 1, 0) == random_colluder_cards(2, 1, 0) != random_colluder_cards(2, 1, 1)
    True
    """
    order = np.argsort(np.random.default_rng([seed, sample, 1]).random(DECK_SIZE))
    return tuple(sorted(int(card) for card in order[:CARDS_PER_COLLUDER * colluders]))


def preflop_gain(plan: StreetPlan, nets: np.ndarray, scale: int, qualify: int, preflop: np.ndarray,
                 colluder_cards: tuple[int, ...], title: str = "", jobs: int = 1, progress: bool = False) -> Fraction:
    """Exact, for the known ``colluder_cards``: the mean over the hole pairs dealt beside them of the value per
    ante of choosing pre-flop with them known, over the normal choice (``preflop[c]``: the root action's position
    for starting-hand class c), the later streets played knowing them either way. Every flop is enumerated."""
    known = KnownCards(dead=colluder_cards)
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    flops = flops[~np.isin(flops, colluder_cards).any(axis=1)]
    kind = street_sums_kind(plan, HOLE_PAIRS, flop_choices=False, situations=False)
    every_pair = np.arange(HOLE_PAIRS, dtype=np.int64)

    def compute(chunk: np.ndarray, weights: np.ndarray) -> StreetClassSums:
        return street_class_sums(chunk, weights, plan, nets, qualify, known, every_pair, HOLE_PAIRS)

    cards = format_cards(list(colluder_cards))
    sums = sum_over_flop_classes(compute, kind, f"colluders-preflop-{cards}", f"{title}: every flop with {cards} "
                                 "known", jobs, progress, classes=FlopClasses(flops, np.ones(len(flops), np.int64)))
    dealt = np.flatnonzero(~np.isin(HOLE_FIRST, colluder_cards) & ~np.isin(HOLE_SECOND, colluder_cards))
    values = sums.root_values[dealt]
    normal = values[np.arange(len(dealt)), preflop[HAND_CLASS_OF[dealt]]]
    gains = values.max(axis=1) - normal
    return Fraction(int(gains.sum()), len(dealt) * scale * deals_per_hole(len(colluder_cards)))
