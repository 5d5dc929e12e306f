"""The pay of one paytable line that gives a side bet a target house edge, exactly, for any engine.

A side bet's return is linear in the line's pay ``x``: with ``P`` the
probability that the line pays, ``edge(x) = edge(x0) - P * (x - x0)``; sympy
solves ``edge(x) = target`` as a rational. The counts do not depend on a side
bet's pays, so an engine gives the results of its counts under changed rules
(:func:`solve_side_bet`); the main-game solver that iterates over strategies is
shared where it can be: :func:`solve_main_line` (Newton steps on the optimal edge, for engines that can
be run at any pay) and :func:`solve_main_line_on_grid` (for the Hold'em kernels, whose integer sums run at
pays in whole units of a scale), within :data:`MAX_ROUNDS` strategy changes. The
pays a casino would post (whole numbers and halves) around the solution are
given with their exact edges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import ceil, floor
from typing import TypeVar

from analyzer.engines.results import GameResults
from analyzer.games.rules import (
    GameRules,
    Paytable,
    RulesError,
    SideBet,
    Wager,
    default_table,
)

#: Most strategy changes a main-game solver follows before it gives up.
MAX_ROUNDS = 20

#: An engine's counts of one strategy (what a main-game solver re-settles under other pays).
R = TypeVar("R")
#: A main wager or a side bet (:func:`with_pay` returns the kind it is given).
E = TypeVar("E", Wager, SideBet)


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
    note: str = ""  # how the pay was checked, when the engine says more than the above


def find_line(paytable: Paytable, line: str) -> int:
    """The index of a paytable line named by its label or its hand (case-insensitive)."""
    wanted = line.strip().lower()
    for index, entry in enumerate(paytable.lines):
        if wanted in (entry.label.lower(), entry.pattern.text.lower()):
            return index
    known = "; ".join(entry.label for entry in paytable.lines)
    raise RulesError(f"paytable {paytable.name} has no line {line!r} (lines: {known})")


def wager_line(rules: GameRules, wager: str, line: str) -> tuple[Wager | SideBet, int]:
    """The wager (or side bet) with a paytable named ``wager`` and the index of ``line`` in its default
    paytable; an unknown one is a RulesError listing the choices.

    >>> from analyzer.games.rules import load_game
    >>> entry, index = wager_line(load_game("threecard"), "pair_plus", "Flush")
    >>> entry.name, index
    ('pair_plus', 3)
    """
    side_bets = {bet.name: bet for bet in rules.side_bets}
    wagers = {entry.name: entry for entry in rules.wagers if entry.paytable is not None}
    if wager not in side_bets and wager not in wagers:
        raise RulesError(f"{rules.name} has no wager with a paytable named {wager!r} "
                         f"(choose from {', '.join([*wagers, *side_bets])})")
    entry = side_bets.get(wager) or wagers[wager]
    return entry, find_line(default_table(entry), line)


def with_pay(rules: GameRules, wager_name: str, line: int, pays: Fraction) -> GameRules:
    """The rules with one line of a wager's (or side bet's) default paytable paying ``pays``."""
    def changed(entry: E) -> E:
        if entry.name != wager_name:
            return entry
        paytable = default_table(entry)
        lines = list(paytable.lines)
        lines[line] = dataclasses.replace(lines[line], pays=pays)
        tables = dict(entry.paytables, **{paytable.name: dataclasses.replace(paytable, lines=tuple(lines))})
        return dataclasses.replace(entry, paytables=tables)
    return dataclasses.replace(rules, wagers=tuple(map(changed, rules.wagers)),
                               side_bets=tuple(map(changed, rules.side_bets)))


def solve_linear(edge_at: Fraction, slope: Fraction, pay_at: Fraction, target: Fraction) -> Fraction:
    """x with edge_at + slope * (x - pay_at) == target, as an exact rational (sympy).

    >>> solve_linear(Fraction(1, 10), Fraction(-1, 100), Fraction(5), Fraction(1, 20))
    Fraction(10, 1)
    """
    import sympy  # half a second to import: only when solving

    x = sympy.Symbol("x")
    (root,) = sympy.solve(sympy.Rational(edge_at) + sympy.Rational(slope) * (x - sympy.Rational(pay_at))
                          - sympy.Rational(target), x)
    return Fraction(int(root.p), int(root.q))


def strategy_fixed_pay(edge: Fraction, slope: Fraction, pays: Fraction, target: Fraction, wager: str,
                       line: str) -> Fraction:
    """One round of a main-game solver: the pay of ``line`` of ``wager`` for ``target`` with the strategy
    held fixed (its edge ``edge`` at ``pays``, moving by ``slope`` per unit of pay); a RulesError when the
    line is never paid or the pay would be negative.

    >>> strategy_fixed_pay(Fraction(1, 10), Fraction(-1, 100), Fraction(5), Fraction(1, 20), "blind", "Flush")
    Fraction(10, 1)
    """
    if slope == 0:
        raise RulesError(f"line {line!r} of {wager} is never paid under the optimal strategy: "
                         "its pay cannot move the edge")
    solved = solve_linear(edge, slope, pays, target)
    if solved < 0:
        raise RulesError(f"no pay of line {line!r} of {wager} gives {target}: it would have to be negative")
    return solved


def posted_pays(pays: Fraction) -> list[Fraction]:
    """Whole and half pays around ``pays`` (never negative).

    >>> [str(p) for p in posted_pays(Fraction(17, 5))]
    ['5/2', '3', '7/2', '4']
    """
    low, high = Fraction(floor(pays * 2), 2), Fraction(ceil(pays * 2), 2)
    return sorted({value for value in (low - Fraction(1, 2), low, high, high + Fraction(1, 2)) if value >= 0})


def solve_side_bet(rules: GameRules, wager: str, line: str, target: Fraction,
                   results: Callable[[GameRules], GameResults]) -> Solution:
    """The exact pay of ``line`` of side bet ``wager``'s default paytable that makes its house edge
    ``target``; ``results(changed_rules)``: the engine's results of its (unchanged) counts under the rules
    with another pay."""
    bet = next((entry for entry in rules.side_bets if entry.name == wager), None)
    if bet is None:
        raise RulesError(f"{rules.name} has no side bet named {wager!r}")
    index = find_line(default_table(bet), line)
    pay_at = default_table(bet).lines[index].pays

    def edge(pays: Fraction) -> Fraction:
        figures = results(with_pay(rules, wager, index, pays)).side_bet_figures()
        return figures[wager][bet.default_paytable]["house_edge"]

    slope = edge(pay_at + 1) - edge(pay_at)
    pays = solve_linear(edge(pay_at), slope, pay_at, target)
    return Solution(wager, default_table(bet).lines[index].label, target, pays,
                    edge(pays), False, 1, tuple((p, edge(p)) for p in posted_pays(pays)))


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


def solve_main_line(rules: GameRules, wager: str, line: str, target: Fraction,
                    optimal: Callable[[GameRules], GameResults],
                    fixed: Callable[[GameResults, GameRules], GameResults],
                    moved: Callable[[GameResults, GameResults], bool]) -> Solution:
    """The exact pay of ``line`` of ``wager``'s default paytable that makes its house edge ``target``: a side
    bet's own edge, or the main game's house edge per ante played optimally at that pay.

    A main-game line moves the strategy: with the optimal strategy at the current pay held fixed
    (``fixed(analysis, changed rules)``: the analysis's counts under other pays) the house edge is linear in
    the pay, so each round solves that line for the target and re-optimises (``optimal``) at the new pay,
    until the edge of the optimal strategy at the pay is the target. The optimal player's return is the
    maximum of functions linear in the pay, so the edge is a continuous, piecewise linear, concave function
    of it: these Newton steps end at the exact pay after a few rounds. ``moved(start, end)``: whether the
    strategy at the solution differs from the one at the pay as written."""
    entry, index = wager_line(rules, wager, line)
    label = default_table(entry).lines[index].label
    pays = default_table(entry).lines[index].pays
    start = optimal(rules)
    if isinstance(entry, SideBet):
        return solve_side_bet(rules, wager, line, target, lambda changed: fixed(start, changed))

    def main_edge(value: Fraction) -> Fraction:
        return optimal(paying(rules, wager, index, value)).main_figures()["house_edge_per_ante"]

    current, rounds = start, 0
    while (edge := current.main_figures()["house_edge_per_ante"]) != target:
        rounds += 1
        if rounds > MAX_ROUNDS:
            raise RulesError(f"the optimal strategy kept changing after {MAX_ROUNDS} rounds; no exact pay found")
        slope = fixed(current, paying(rules, wager, index, pays + 1)).main_figures()["house_edge_per_ante"] - edge
        pays = strategy_fixed_pay(edge, slope, pays, target, wager, line)
        current = optimal(paying(rules, wager, index, pays))
    return Solution(wager, label, target, pays, edge, moved(start, current), rounds,
                    tuple((p, main_edge(p)) for p in posted_pays(pays)))


def grid_around(pays: Fraction, scale: int) -> list[Fraction]:
    """The pays an enumeration counting in ``1/scale`` units can be run at either side of ``pays`` (one when
    ``pays`` is one of them).

    >>> [str(p) for p in grid_around(Fraction(1481856, 180895), 2)], grid_around(Fraction(3, 2), 2)
    (['8', '17/2'], [Fraction(3, 2)])
    """
    return sorted({Fraction(floor(pays * scale), scale), Fraction(ceil(pays * scale), scale)})


#: What a grid solution says about how it was checked.
GRID_CHECKED = ("the pay is exact with the strategy optimal around it: the enumeration counts pays in whole units of "
                "a scale, so the strategy was re-optimised at the representable pays either side of it (optimal "
                "at both, hence between them: the optimal house edge is concave in the pay); each posted pay is a "
                "fresh exact enumeration")


def solve_main_line_on_grid(rules: GameRules, wager: str, line: str, target: Fraction,
                            optimal: Callable[[GameRules], R], edge: Callable[[R, GameRules], Fraction], scale: int,
                            moved: Callable[[R, R], bool]) -> Solution:
    """The exact pay of ``line`` of main wager ``wager``'s default paytable that makes the house edge per ante,
    played optimally at that pay, ``target``, for an enumeration that can only be run at pays in whole units of
    ``1/scale`` (its sums are integers of that scale, bounded to 64 bits).

    ``optimal(rules)``: the counts of the optimal strategy (asked once per pay); ``edge(counts, rules)``: the house
    edge per ante of those counts' strategy under ``rules``' pays (a re-settlement, no enumeration). With the
    strategy held fixed the edge is linear in the pay: solve it for the target, then re-optimise at the
    representable pays either side of the solution. The optimal edge is the minimum over strategies of functions
    linear in the pay, hence concave: a strategy optimal at both neighbours is optimal between them, so the
    solved pay is exact; otherwise the better neighbour's strategy starts the next round. When the solution lies
    between two grid pays whose strategies each lose at the other, the grid is halved (a finer scale: a trial
    pay whose sums could pass 64 bits is refused by the enumeration, in one line).

    >>> from analyzer.games.rules import load_game
    >>> lines = {"low": (Fraction(1, 10), Fraction(-1, 100)), "high": (Fraction(2, 10), Fraction(-3, 100))}
    >>> def edge(strategy, game):   # each strategy's edge is a + b * the Blind's royal flush pay
    ...     a, b = lines[strategy]
    ...     return a + b * next(w for w in game.wagers if w.name == "blind").paytable.lines[0].pays
    >>> def optimal(game):
    ...     return min(lines, key=lambda strategy: edge(strategy, game))
    >>> solution = solve_main_line_on_grid(load_game("uth"), "blind", "Royal flush", Fraction(7, 100), optimal,
    ...                                    edge, 2, lambda start, end: start != end)
    >>> solution.pays, solution.edge, solution.rounds
    (Fraction(3, 1), Fraction(7, 100), 2)
    """
    entry, index = wager_line(rules, wager, line)
    label = default_table(entry).lines[index].label
    pays = default_table(entry).lines[index].pays

    @cache
    def optimal_at(value: Fraction) -> R:
        return optimal(paying(rules, wager, index, value))

    def edge_at(counts: R, value: Fraction) -> Fraction:
        return edge(counts, paying(rules, wager, index, value))

    start = counts = optimal_at(pays)
    visited = {pays}
    for rounds in range(1, MAX_ROUNDS + 1):
        at = edge_at(counts, pays)
        slope = edge_at(counts, pays + 1) - at
        solved = strategy_fixed_pay(at, slope, pays, target, wager, line)
        try:
            better = [value for value in grid_around(solved, scale)
                      if edge_at(optimal_at(value), value) < edge_at(counts, value)]
        except RulesError as error:  # a finer trial pay the enumeration cannot count
            low = max(value for value in visited if value <= solved)
            high = min((value for value in visited if value >= solved), default=None)
            between = f"between {low} and {high}" if high is not None else f"above {low}"
            raise RulesError(f"no exact pay of {wager} line {line!r} for {target}: it lies {between}, where the "
                             f"optimal strategy changes at pays finer than the enumeration can count ({error})") \
                from error
        if not better:
            return Solution(wager, label, target, solved, at + slope * (solved - pays), moved(start, counts), rounds,
                            tuple((p, edge_at(optimal_at(p), p)) for p in posted_pays(solved)), note=GRID_CHECKED)
        if better[0] in visited:  # the strategies of two neighbours each lose at the other: a finer grid
            scale *= 2
        visited.add(better[0])
        pays, counts = better[0], optimal_at(better[0])
    raise RulesError(f"the optimal strategy kept changing after {MAX_ROUNDS} rounds; no exact pay found")


def announcing(tell: Callable[[str], None], wager: str, optimal: Callable[[GameRules], R]) -> Callable[[GameRules], R]:
    """``optimal`` telling first, in one notice, the pays of ``wager`` it re-optimises the strategy at (a main-game
    solver's trial pays each cost an enumeration)."""
    def told(changed: GameRules) -> R:
        pays = [str(entry.pays) for w in changed.wagers if w.name == wager for entry in default_table(w).lines]
        tell(f"the optimal strategy with {wager} paying {', '.join(pays)}")
        return optimal(changed)
    return told
