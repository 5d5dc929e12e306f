"""The pay of one paytable line that gives a wager a target house edge, exactly.

A side bet is solved by :func:`analyzer.engines.pay_solver.solve_side_bet`
(its return is linear in the pay). For a main-game wager the pay can
change the optimal strategy, so the solver iterates: fix the strategy that is
optimal at the current pay, solve the (then linear) equation for the main
game's house edge per ante, recompute the optimal strategy at the new pay, and
stop when it no longer changes; the edge is then checked exactly. The pays a
casino would post (whole numbers and halves) around the solution are given
with their exact edges, each with its own optimal strategy.
"""

from __future__ import annotations

from fractions import Fraction

from analyzer.engines.one_decision.enumeration import Situations
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide
from analyzer.engines.pay_solver import (
    MAX_ROUNDS,
    Solution,
    posted_pays,
    solve_linear,
    solve_side_bet,
    wager_line,
    with_pay,
)
from analyzer.games.rules import GameRules, RulesError, SideBet, default_table


def _main_edge(rules: GameRules, situations: Situations, decided_by: GameRules | None = None) -> Fraction:
    """House edge per ante of the main game; the strategy is optimal for ``decided_by`` (default: ``rules``)."""
    decisions = decide(decided_by or rules, situations)
    return Analysis(rules, situations, decisions).main_figures()["house_edge_per_ante"]


def solve_pay(rules: GameRules, wager: str, line: str, target: Fraction, situations: Situations) -> Solution:
    """The exact pay of ``line`` of ``wager``'s default paytable that makes its house edge ``target``
    (a side bet's own edge, or for a main-game wager the main game's house edge per ante), from the
    enumeration's ``situations`` (the pays do not change the counts)."""
    entry, index = wager_line(rules, wager, line)
    if isinstance(entry, SideBet):
        decisions = decide(rules, situations)
        return solve_side_bet(rules, wager, line, target, lambda changed: Analysis(changed, situations, decisions))
    pay_at = default_table(entry).lines[index].pays

    def edge(pays: Fraction) -> Fraction:
        return _main_edge(with_pay(rules, wager, index, pays), situations)

    pays, rounds, moved = pay_at, 0, False
    while rounds < MAX_ROUNDS:
        rounds += 1
        current = with_pay(rules, wager, index, pays)
        edge_here = _main_edge(current, situations)
        slope = _main_edge(with_pay(rules, wager, index, pays + 1), situations, decided_by=current) - edge_here
        if slope == 0:
            raise RulesError(f"line {line!r} of {wager} is never paid under the optimal strategy: "
                             "its pay cannot move the edge")
        solved = solve_linear(edge_here, slope, pays, target)
        same_strategy = (decide(with_pay(rules, wager, index, solved), situations).choice
                         == decide(current, situations).choice).all()
        moved |= not same_strategy
        pays = solved
        if same_strategy:
            break
    else:
        raise RulesError(f"the optimal strategy kept changing after {MAX_ROUNDS} rounds; no exact pay found")
    final = edge(pays)
    if final != target:
        raise RulesError(f"no pay gives exactly {target}: the edge jumps past it when the strategy changes "
                         f"(closest found: {pays} gives {final})")
    return Solution(wager, default_table(entry).lines[index].label, target, pays, final,
                    moved, rounds, tuple((p, edge(p)) for p in posted_pays(pays)))
