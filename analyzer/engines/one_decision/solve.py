"""The pay of one paytable line that gives a wager a target house edge, exactly.

For a side bet the return is linear in the line's pay ``x``: with ``P`` the
probability that the line pays, ``edge(x) = edge(x0) - P * (x - x0)``; sympy
solves ``edge(x) = target`` as a rational. For a main-game wager the pay can
change the optimal strategy, so the solver iterates: fix the strategy that is
optimal at the current pay, solve the (then linear) equation for the main
game's house edge per ante, recompute the optimal strategy at the new pay, and
stop when it no longer changes; the edge is then checked exactly. The pays a
casino would post (whole numbers and halves) around the solution are given
with their exact edges, each with its own optimal strategy.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

from analyzer.engines.one_decision.enumeration import Situations
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide
from analyzer.games.rules import (
    GameRules,
    Paytable,
    RulesError,
    SideBet,
    Wager,
)

MAX_ROUNDS = 20


@dataclass(frozen=True)
class Solution:
    """The exact pay for a target edge, how it was found, and the nearby pays a casino would post."""

    wager: str
    line: str
    target: Fraction
    pays: Fraction
    edge: Fraction
    strategy_dependent: bool
    rounds: int
    nearby: tuple[tuple[Fraction, Fraction], ...]  # (posted pay, its exact house edge)


def find_line(paytable: Paytable, line: str) -> int:
    wanted = line.strip().lower()
    for index, entry in enumerate(paytable.lines):
        if wanted in (entry.label.lower(), entry.pattern.text.lower()):
            return index
    known = "; ".join(entry.label for entry in paytable.lines)
    raise RulesError(f"paytable {paytable.name} has no line {line!r} (lines: {known})")


def wager_line(rules: GameRules, wager: str, line: str) -> tuple[Wager | SideBet, int]:
    """The wager (or side bet) with a paytable named ``wager`` and the index of ``line`` in its default
    paytable; an unknown one is a RulesError listing the choices."""
    side_bets = {bet.name: bet for bet in rules.side_bets}
    wagers = {entry.name: entry for entry in rules.wagers if entry.paytable is not None}
    if wager not in side_bets and wager not in wagers:
        raise RulesError(f"{rules.name} has no wager with a paytable named {wager!r} "
                         f"(choose from {', '.join([*wagers, *side_bets])})")
    entry = side_bets.get(wager) or wagers[wager]
    return entry, find_line(entry.paytables[entry.default_paytable], line)


def with_pay(rules: GameRules, wager_name: str, line: int, pays: Fraction) -> GameRules:
    """The rules with one line of a wager's (or side bet's) default paytable paying ``pays``."""
    def changed(entry: Wager | SideBet) -> Wager | SideBet:
        if entry.name != wager_name:
            return entry
        paytable = entry.paytables[entry.default_paytable]
        lines = list(paytable.lines)
        lines[line] = dataclasses.replace(lines[line], pays=pays)
        tables = dict(entry.paytables, **{paytable.name: dataclasses.replace(paytable, lines=tuple(lines))})
        return dataclasses.replace(entry, paytables=tables)
    return dataclasses.replace(rules, wagers=tuple(map(changed, rules.wagers)),
                               side_bets=tuple(map(changed, rules.side_bets)))


def solve_linear(edge_at: Fraction, slope: Fraction, pay_at: Fraction, target: Fraction) -> Fraction:
    """x with edge_at + slope * (x - pay_at) == target, as an exact rational (sympy)."""
    import sympy  # half a second to import: only when solving

    x = sympy.Symbol("x")
    (root,) = sympy.solve(sympy.Rational(edge_at) + sympy.Rational(slope) * (x - sympy.Rational(pay_at))
                          - sympy.Rational(target), x)
    return Fraction(int(root.p), int(root.q))


def _main_edge(rules: GameRules, situations: Situations, decided_by: GameRules | None = None) -> Fraction:
    """House edge per ante of the main game; the strategy is optimal for ``decided_by`` (default: ``rules``)."""
    decisions = decide(decided_by or rules, situations)
    return Analysis(rules, situations, decisions).main_figures()["house_edge_per_ante"]


def posted_pays(pays: Fraction) -> list[Fraction]:
    """Whole and half pays around ``pays`` (never negative)."""
    low, high = Fraction(floor(pays * 2), 2), Fraction(ceil(pays * 2), 2)
    return sorted({value for value in (low - Fraction(1, 2), low, high, high + Fraction(1, 2)) if value >= 0})


def solve_pay(rules: GameRules, wager: str, line: str, target: Fraction, situations: Situations) -> Solution:
    """The exact pay of ``line`` of ``wager``'s default paytable that makes its house edge ``target``
    (a side bet's own edge, or for a main-game wager the main game's house edge per ante), from the
    enumeration's ``situations`` (the pays do not change the counts)."""
    entry, index = wager_line(rules, wager, line)
    pay_at = entry.paytables[entry.default_paytable].lines[index].pays

    if isinstance(entry, SideBet):
        def edge(pays: Fraction) -> Fraction:
            analysis = Analysis(with_pay(rules, wager, index, pays), situations, decide(rules, situations))
            bet = next(b for b in analysis.rules.side_bets if b.name == wager)
            return analysis.side_bet_figures()[wager][bet.default_paytable]["house_edge"]
        slope = edge(pay_at + 1) - edge(pay_at)
        pays = solve_linear(edge(pay_at), slope, pay_at, target)
        return Solution(wager, entry.paytables[entry.default_paytable].lines[index].label, target, pays,
                        edge(pays), False, 1, tuple((p, edge(p)) for p in posted_pays(pays)))

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
    return Solution(wager, entry.paytables[entry.default_paytable].lines[index].label, target, pays, final,
                    moved, rounds, tuple((p, edge(p)) for p in posted_pays(pays)))
