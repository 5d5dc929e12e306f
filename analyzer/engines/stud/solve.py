"""The pay of one paytable line that gives a game with decision streets a target house edge, exactly.

A side bet's line (Let It Ride's Three Card Bonus) does not change the strategy: its edge is linear in the
pay, ``edge(x) = edge(x0) - P * (x - x0)``. A main-game line does: with the optimal strategy at the current
pay held fixed, the house edge per ante is linear in the pay (the counts of every (path, final hand group)
stay, only the net results move), so the solver solves that line for the target, re-optimises at the new
pay, and repeats until the edge of the optimal strategy at the pay is the target. The optimal player's
return is the maximum over strategies of functions linear in the pay, so the house edge is a continuous,
piecewise linear, concave function of it: these Newton steps end at the exact pay after a few rounds.
A main wager's line moves every wager paid by the same table (the street bets ``paid_as`` it). The rounds are
:func:`analyzer.engines.pay_solver.solve_main_line`'s, shared with the draw engine.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from analyzer.engines.pay_solver import Solution, solve_main_line
from analyzer.engines.results import GameResults
from analyzer.engines.stud.results import PaytableAnalysis
from analyzer.engines.stud.tree import game_tree
from analyzer.games.rules import GameRules


def solve_stud_pay(rules: GameRules, wager: str, line: str, target: Fraction,
                   optimal: Callable[[GameRules], PaytableAnalysis]) -> Solution:
    """The exact pay of ``line`` of ``wager``'s default paytable that makes its house edge ``target`` (a side
    bet's own edge, or the main game's house edge per ante played optimally at that pay, see
    :func:`analyzer.engines.pay_solver.solve_main_line`); ``optimal`` gives the optimal analysis of a game."""
    def fixed(analysis: GameResults, changed: GameRules) -> PaytableAnalysis:
        assert isinstance(analysis, PaytableAnalysis)
        return PaytableAnalysis(changed, game_tree(changed), analysis.counts)

    def moved(start: GameResults, end: GameResults) -> bool:
        assert isinstance(start, PaytableAnalysis) and isinstance(end, PaytableAnalysis)
        return not np.array_equal(start.counts.counts, end.counts.counts)

    return solve_main_line(rules, wager, line, target, optimal, fixed, moved)
