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

import numpy as np

from analyzer.engines.holdem.enumeration import SCALE, HoldemCounts
from analyzer.engines.holdem.results import main_wagers
from analyzer.engines.pay_solver import Solution, solve_main_line_on_grid
from analyzer.games.rules import GameRules


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


def solve_main_pay(rules: GameRules, wager: str, line: str, target: Fraction,
                   optimal: Callable[[GameRules], HoldemCounts]) -> Solution:
    """The exact pay of ``line`` of main wager ``wager``'s default paytable that makes the house edge per
    ante, played optimally at that pay, ``target``; ``optimal`` gives the optimal counts of a game (each
    pay's asked once). The kernel counts in halves of an ante
    (:func:`analyzer.engines.pay_solver.solve_main_line_on_grid` with scale :data:`SCALE`)."""
    return solve_main_line_on_grid(rules, wager, line, target, optimal, fixed_edge, SCALE,
                                   lambda start, end: not np.array_equal(start.settlement_by_hand,
                                                                         end.settlement_by_hand))
