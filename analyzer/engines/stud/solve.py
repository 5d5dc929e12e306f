"""The pay of one paytable line that gives a game with decision streets a target house edge, exactly.

A side bet's line (Let It Ride's Three Card Bonus) does not change the strategy: its edge is linear in the
pay, ``edge(x) = edge(x0) - P * (x - x0)``. A main-game line does: with the optimal strategy at the current
pay held fixed, the house edge per ante is linear in the pay (the counts of every (path, final hand group)
stay, only the net results move), so the solver solves that line for the target, re-optimises at the new
pay, and repeats until the edge of the optimal strategy at the pay is the target. The optimal player's
return is the maximum over strategies of functions linear in the pay, so the house edge is a continuous,
piecewise linear, concave function of it: these Newton steps end at the exact pay after a few rounds.
A main wager's line moves every wager paid by the same table (the street bets ``paid_as`` it).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from analyzer.engines.pay_solver import (
    MAX_ROUNDS,
    Solution,
    posted_pays,
    solve_side_bet,
    strategy_fixed_pay,
    wager_line,
    with_pay,
)
from analyzer.engines.stud.results import PaytableAnalysis
from analyzer.engines.stud.tree import game_tree
from analyzer.games.rules import GameRules, RulesError, SideBet


def paying(rules: GameRules, wager: str, index: int, pays: Fraction) -> GameRules:
    """The rules with line ``index`` paying ``pays`` in ``wager``'s default paytable and in every main wager
    paid by the same table.

    >>> from analyzer.games.rules import load_game
    >>> [str(w.paytable.lines[0].pays) for w in paying(load_game("letitride"), "bet3", 0, Fraction(500)).wagers]
    ['500', '500', '500']
    """
    entry = next((w for w in rules.wagers if w.name == wager), None)
    names = [wager] if entry is None else [w.name for w in rules.wagers if w.paytable == entry.paytable]
    for name in names:
        rules = with_pay(rules, name, index, pays)
    return rules


def edge_of(analysis: PaytableAnalysis, rules: GameRules) -> Fraction:
    """House edge per ante of ``rules`` played as in ``analysis`` (its counts, the strategy unchanged)."""
    return PaytableAnalysis(rules, game_tree(rules), analysis.counts).main_figures()["house_edge_per_ante"]


def solve_stud_pay(rules: GameRules, wager: str, line: str, target: Fraction,
                   optimal: Callable[[GameRules], PaytableAnalysis]) -> Solution:
    """The exact pay of ``line`` of ``wager``'s default paytable that makes its house edge ``target`` (a side
    bet's own edge, or the main game's house edge per ante played optimally at that pay); ``optimal`` gives
    the optimal analysis of a game."""
    entry, index = wager_line(rules, wager, line)
    label = entry.paytables[entry.default_paytable].lines[index].label
    pays = entry.paytables[entry.default_paytable].lines[index].pays
    start = optimal(rules)
    if isinstance(entry, SideBet):
        return solve_side_bet(rules, wager, line, target,
                              lambda changed: PaytableAnalysis(changed, start.tree, start.counts))

    def main_edge(value: Fraction) -> Fraction:
        return optimal(paying(rules, wager, index, value)).main_figures()["house_edge_per_ante"]

    current, rounds = start, 0
    while (edge := current.main_figures()["house_edge_per_ante"]) != target:
        rounds += 1
        if rounds > MAX_ROUNDS:
            raise RulesError(f"the optimal strategy kept changing after {MAX_ROUNDS} rounds; no exact pay found")
        slope = edge_of(current, paying(rules, wager, index, pays + 1)) - edge
        pays = strategy_fixed_pay(edge, slope, pays, target, wager, line)
        current = optimal(paying(rules, wager, index, pays))
    moved = not np.array_equal(current.counts.counts, start.counts.counts)
    return Solution(wager, label, target, pays, edge, moved, rounds,
                    tuple((p, main_edge(p)) for p in posted_pays(pays)))
