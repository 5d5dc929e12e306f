"""The pay of one line of a Hold'em main wager's paytable (the Blind) that gives a target house edge, exactly.

The counts are deals by (Play multiple, showdown outcome, final hand line) under a strategy; with the
strategy held fixed the house edge per ante is linear in a Blind line's pay (only the nets of the cells with
that line and a win move), so :func:`fixed_edge` re-settles the counts under another pay without an
enumeration. As for the four-card main games (:mod:`analyzer.engines.stud.solve`) the solver solves that
line for the target and re-optimises, until the strategy stops changing. The kernel counts in halves of
an ante, so a solved pay such as 1481856/180895 cannot be enumerated: the strategy is re-optimised at the
two halves around it instead. The optimal house edge is the minimum over strategies of functions linear in
the pay, hence concave: a strategy optimal at both halves is optimal between them, so the solved pay is
exact. The posted pays nearby (halves) are each enumerated afresh, with their exact edges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import ceil, floor

import numpy as np

from analyzer.engines.holdem.enumeration import SCALE, HoldemCounts
from analyzer.engines.holdem.results import main_wagers
from analyzer.engines.pay_solver import (
    MAX_ROUNDS,
    Solution,
    posted_pays,
    strategy_fixed_pay,
    wager_line,
    with_pay,
)
from analyzer.games.rules import GameRules, RulesError

#: What the solution says about how it was checked.
CHECKED = ("the pay is exact with the strategy optimal around it: the enumeration counts in halves of an ante, "
           "so the strategy was re-optimised at the halves either side of it (optimal at both, hence between "
           "them: the optimal house edge is concave in the pay); each posted pay is a fresh exact enumeration")


def fixed_edge(counts: HoldemCounts, rules: GameRules) -> Fraction:
    """House edge per ante of ``rules``'s main wagers played with the strategy of ``counts`` (its counts
    re-settled: no enumeration).

    >>> from analyzer.core.committed import committed_folder
    >>> from analyzer.engines.holdem.results import load_counts
    >>> from analyzer.games.rules import load_game
    >>> counts = load_counts(committed_folder("uth"))
    >>> fixed_edge(counts, load_game("uth")) == counts.house_edge_per_ante()
    True
    """
    return dataclasses.replace(counts, wagers=main_wagers(rules)).house_edge_per_ante()


def halves_around(pays: Fraction) -> list[Fraction]:
    """The representable pays (multiples of 1/SCALE) either side of ``pays`` (one when it is one).

    >>> [str(p) for p in halves_around(Fraction(1481856, 180895))], halves_around(Fraction(3, 2))
    (['8', '17/2'], [Fraction(3, 2)])
    """
    return sorted({Fraction(floor(pays * SCALE), SCALE), Fraction(ceil(pays * SCALE), SCALE)})


def solve_main_pay(rules: GameRules, wager: str, line: str, target: Fraction,
                   optimal: Callable[[GameRules], HoldemCounts]) -> Solution:
    """The exact pay of ``line`` of main wager ``wager``'s default paytable that makes the house edge per
    ante, played optimally at that pay, ``target``; ``optimal`` gives the optimal counts of a game (each
    pay's asked once)."""
    entry, index = wager_line(rules, wager, line)
    label = entry.paytables[entry.default_paytable].lines[index].label
    pays = entry.paytables[entry.default_paytable].lines[index].pays

    def paying(value: Fraction) -> GameRules:
        return with_pay(rules, wager, index, value)

    @cache
    def optimal_at(value: Fraction) -> HoldemCounts:
        return optimal(paying(value))

    start = counts = optimal_at(pays)
    for rounds in range(1, MAX_ROUNDS + 1):
        edge = fixed_edge(counts, paying(pays))
        slope = fixed_edge(counts, paying(pays + 1)) - edge
        solved = strategy_fixed_pay(edge, slope, pays, target, wager, line)
        better = [value for value in halves_around(solved)
                  if optimal_at(value).house_edge_per_ante() < fixed_edge(counts, paying(value))]
        if not better:
            moved = not np.array_equal(counts.settlement_by_hand, start.settlement_by_hand)
            return Solution(wager, label, target, solved, edge + slope * (solved - pays), moved, rounds,
                            tuple((p, optimal_at(p).house_edge_per_ante()) for p in posted_pays(solved)),
                            note=CHECKED)
        pays, counts = better[0], optimal_at(better[0])
    raise RulesError(f"the optimal strategy kept changing after {MAX_ROUNDS} rounds; no exact pay found")
