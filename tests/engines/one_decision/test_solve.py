"""The paytable solver: the exact pay of one line for a target house edge, and the pays a casino would post."""

from __future__ import annotations

from fractions import Fraction

import pytest

import analyzer.engines.one_decision.solve as solve
from analyzer.games.rules import RulesError, load_game


@pytest.fixture
def situations(crazy4):
    """The session's Crazy 4 enumeration: the pays do not change the counts."""
    return crazy4.situations


@pytest.mark.slow
def test_a_side_bet_line_for_a_target_edge(situations):
    solution = solve.solve_pay(load_game("crazy4"), "queens_up", "Three of a kind", Fraction(35, 1000), situations)
    assert solution.edge == Fraction(35, 1000) and not solution.strategy_dependent
    assert 8 < solution.pays < 9
    nearby = dict(solution.nearby)
    assert nearby[Fraction(8)] == Fraction(979, 21658)  # the shipped 50-40-8-4-3-2-1
    assert nearby[Fraction(9)] == Fraction(2451, 108290)


def test_a_main_game_line_solves_exactly_with_the_strategy_recomputed(situations):
    solution = solve.solve_pay(load_game("crazy4"), "super_bonus", "Flush", Fraction(3, 100), situations)
    assert solution.edge == Fraction(3, 100)
    assert Fraction(3, 2) < solution.pays < 2  # 3 to 2 gives 3.42%, 2 to 1 gives 1.21%
    assert dict(solution.nearby)[Fraction(3, 2)] == Fraction(264142729, 7726058340)


def test_the_line_can_be_named_by_its_hand(situations):
    solution = solve.solve_pay(load_game("crazy4"), "queens_up", "three_of_a_kind", Fraction(35, 1000), situations)
    assert solution.line == "Three of a kind"


@pytest.mark.parametrize("wager, line, message", [
    ("kings_up", "Flush", "no wager with a paytable named 'kings_up'"),
    ("queens_up", "Five aces", "has no line 'Five aces'"),
    ("ante", "Flush", "no wager with a paytable named 'ante'"),
])
def test_clear_errors(wager, line, message, situations):
    with pytest.raises(RulesError, match=message):
        solve.solve_pay(load_game("crazy4"), wager, line, Fraction(1, 100), situations)
