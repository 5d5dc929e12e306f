"""The pay solver on a main wager's line of a Hold'em game over streets (the strategy re-optimised).

Hand-checked first: the grid solver on strategies whose edges are straight lines in the pay. Then the
streets engine's re-settlement: with the strategy of the committed counts held fixed, the house edge is
linear in a main wager's pay and equals a fresh analysis of the same counts under the changed paytable.
The whole solve on Casino Hold'em (a fresh enumeration per trial pay) is in the exhaustive lane.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from analyzer.engines.base import Run
from analyzer.engines.holdem.street_game import StreetAnalysis
from analyzer.engines.pay_solver import grid_around, paying, solve_main_line_on_grid, wager_line
from analyzer.engines.registry import engine_for
from analyzer.games.rules import RulesError, load_game

#: Two strategies, each with an edge a + b * pay: the first best at pays below 5, the second above.
STRAIGHT_LINES = {"low": (Fraction(1, 10), Fraction(-1, 100)), "high": (Fraction(2, 10), Fraction(-3, 100))}


def _pay(game):
    return next(w for w in game.wagers if w.name == "blind").paytable.lines[0].pays


def _edge(strategy, game):
    a, b = STRAIGHT_LINES[strategy]
    return a + b * _pay(game)


def _optimal(game):
    return min(STRAIGHT_LINES, key=lambda s: _edge(s, game))


def test_the_grid_solver_moves_to_the_strategy_optimal_at_the_solved_pay():
    # from the posted 500 the "high" strategy solves 0.07 at 13/3; at its neighbour 4 "low" is better, and
    # "low" solves 0.07 at 3, a representable pay where it is optimal: 3 is exact, after two rounds
    solution = solve_main_line_on_grid(load_game("uth"), "blind", "Royal flush", Fraction(7, 100), _optimal,
                                       _edge, 2, lambda start, end: start != end)
    assert (solution.pays, solution.edge, solution.rounds, solution.strategy_dependent) == \
        (Fraction(3), Fraction(7, 100), 2, True)
    assert dict(solution.nearby) == {Fraction(5, 2): Fraction(75, 1000), Fraction(3): Fraction(7, 100),
                                     Fraction(7, 2): Fraction(65, 1000)}  # each optimal at its own pay


#: Three strategies: A best below a pay of 2.2, C above 2.8, B between, where the edge 0 is reached (at 2.5).
THREE_LINES = {"A": (Fraction(28, 100), Fraction(-1, 10)), "B": (Fraction(1, 2), Fraction(-2, 10)),
               "C": (Fraction(78, 100), Fraction(-3, 10))}


def test_the_grid_is_refined_when_the_solution_lies_between_two_grid_pays():
    # on whole pays, C (optimal at 3) and A (optimal at 2) each lose at the other's pay: the solver halves the
    # grid and finds B, optimal at 2.5, where its edge is the target
    def edge(strategy, game):
        a, b = THREE_LINES[strategy]
        return a + b * _pay(game)

    def optimal(game):
        return min(THREE_LINES, key=lambda strategy: edge(strategy, game))
    solution = solve_main_line_on_grid(load_game("uth"), "blind", "Royal flush", Fraction(0), optimal, edge, 1,
                                       lambda start, end: start != end)
    assert (solution.pays, solution.edge, solution.strategy_dependent) == (Fraction(5, 2), Fraction(0), True)


def test_grid_pays_either_side():
    assert grid_around(Fraction(13, 3), 2) == [Fraction(4), Fraction(9, 2)]
    assert grid_around(Fraction(7, 2), 1) == [Fraction(3), Fraction(4)]
    assert grid_around(Fraction(3), 1) == [Fraction(3)]


@pytest.mark.parametrize("game, wager, line", [("casinoholdem", "ante", "flush"), ("thb", "ante", "straight or better")])
def test_a_fixed_strategy_edge_is_linear_in_a_main_pay(game, wager, line):
    rules = load_game(game)
    analysis = engine_for(rules).analyze(rules, Run())  # the committed counts
    _, index = wager_line(rules, wager, line)
    pays = rules.wagers[[w.name for w in rules.wagers].index(wager)].paytable.lines[index].pays
    edges = [StreetAnalysis(paying(rules, wager, index, pays + step), analysis.counts)
             .main_figures()["house_edge_per_ante"] for step in range(3)]
    assert edges[0] == analysis.main_figures()["house_edge_per_ante"]
    assert edges[1] - edges[0] == edges[2] - edges[1] < 0   # a larger pay lowers the edge, linearly


@pytest.mark.exhaustive
def test_casino_holdem_royal_flush_pay_for_two_percent():
    # measured: 58846597/389160 (151.214403), 1 min 11 s on two jobs (three fresh enumerations and the posted pays)
    rules = load_game("casinoholdem")
    solution = engine_for(rules).solve(rules, "ante", "Royal flush", Fraction(2, 100), Run(jobs=2))
    assert (solution.pays, solution.edge) == (Fraction(58846597, 389160), Fraction(2, 100))
    assert dict(solution.nearby)[Fraction(151)] == Fraction(1264681277, 63213204600)

def test_a_solution_between_pays_the_enumeration_cannot_count_is_refused_with_its_bracket():
    # as above, but the enumeration counts no pay finer than a whole unit: B's pay 2.5 cannot be reached
    def edge(strategy, game):
        a, b = THREE_LINES[strategy]
        return a + b * _pay(game)

    def optimal(game):
        if _pay(game).denominator > 1:
            raise RulesError("uth.toml: the sums could pass 64 bits")
        return min(THREE_LINES, key=lambda strategy: edge(strategy, game))
    with pytest.raises(RulesError, match=r"no exact pay of blind line 'Royal flush' for 0: it lies between 2 and 3, "
                                         r"where the optimal strategy changes .*64 bits"):
        solve_main_line_on_grid(load_game("uth"), "blind", "Royal flush", Fraction(0), optimal, edge, 1,
                                lambda start, end: start != end)
