"""Solving a Blind line of Ultimate Texas Hold'em: the strategy re-optimised at each pay.

Hand-checked: with the strategy fixed, raising a Blind line's pay by one lowers the house edge by the
share of deals the player wins with that line (having not folded). Then the solver on a reduced problem
(three flop classes, as in tests/engines/holdem/test_engine.py): a target met at a half pay gives that pay back exactly,
across strategy changes; a target between two halves gives a pay between them whose posted neighbours
are fresh enumerations.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from analyzer.engines.base import Run
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.results import main_wagers
from analyzer.engines.holdem.sevens import LINES
from analyzer.engines.holdem.solve import fixed_edge, solve_main_pay
from analyzer.engines.pay_solver import with_pay
from analyzer.engines.registry import engine_for
from analyzer.games.rules import GameRules, load_game

REDUCED = [0, 7, 300]
RULES = load_game("uth")
FLUSH = 4  # the Blind paytable's line index of the flush


def reduced(rules: GameRules) -> uth.HoldemCounts:
    """The optimal counts of ``rules`` over the REDUCED flop classes only."""
    return uth.analyze_holdem(progress=False, flop_class_indices=REDUCED, wagers=main_wagers(rules))


def flush_pays(pays: Fraction) -> GameRules:
    return with_pay(RULES, "blind", FLUSH, pays)


def quads_pay(pays: Fraction) -> GameRules:
    return with_pay(RULES, "blind", LINES.index("four_of_a_kind"), pays)


@pytest.fixture(scope="module")
def shipped() -> uth.HoldemCounts:
    return reduced(RULES)


def test_the_strategy_fixed_the_edge_moves_by_the_wins_with_the_line(shipped):
    """Re-settling fixed counts: the edge at the counts' own pay is theirs, and each unit of the flush's pay
    is worth the flush wins (no qualifier or qualifier, any Play bet) per deal."""
    assert fixed_edge(shipped, RULES) == shipped.house_edge_per_ante()
    wins = int(shipped.settlement_by_hand[1:, [uth.NQ_WIN, uth.WIN], LINES.index("flush")].sum())
    for pays in (Fraction(0), Fraction(5, 2), Fraction(7)):
        moved = fixed_edge(shipped, flush_pays(pays)) - shipped.house_edge_per_ante()
        assert moved == -(pays - Fraction(3, 2)) * Fraction(wins, shipped.cycle)


def test_a_fixed_strategy_is_never_better_than_the_optimal_one(shipped):
    for pays in (Fraction(0), Fraction(6)):
        assert fixed_edge(shipped, flush_pays(pays)) >= reduced(flush_pays(pays)).house_edge_per_ante()


def test_a_flush_pay_leaves_this_strategy_unchanged(shipped):
    """Nobody folds a flush, and on these flops a flush's pay steers no other decision: one round."""
    target = reduced(flush_pays(Fraction(6))).house_edge_per_ante()
    solution = solve_main_pay(RULES, "blind", "Flush", target, reduced)
    assert solution.pays == 6 and solution.edge == target and solution.rounds == 1
    assert not solution.strategy_dependent and fixed_edge(shipped, flush_pays(Fraction(6))) == target


def test_a_target_met_at_a_half_gives_that_pay_exactly():
    """Four of a kind (the trips flop among these) moves the strategy: the edge of the game optimal at 100
    is solved back from 10 to 1 exactly, across the strategy change."""
    target = reduced(quads_pay(Fraction(100))).house_edge_per_ante()
    solution = solve_main_pay(RULES, "blind", "Four of a kind", target, reduced)
    assert solution.pays == 100 and solution.edge == target and solution.strategy_dependent
    assert dict(solution.nearby)[Fraction(100)] == target


def test_a_target_between_halves_gives_a_pay_between_them():
    low, high = (reduced(quads_pay(p)).house_edge_per_ante() for p in (Fraction(20), Fraction(41, 2)))
    target = low + (high - low) * 2 / 3  # one strategy from 20 to 20 1/2: the edge is linear there
    solution = solve_main_pay(RULES, "blind", "Four of a kind", target, reduced)
    assert solution.pays == Fraction(61, 3) and solution.edge == target
    nearby = dict(solution.nearby)
    assert list(nearby) == [Fraction(39, 2), Fraction(20), Fraction(41, 2), Fraction(21)]
    assert nearby[Fraction(20)] == low and nearby[Fraction(41, 2)] == high


@pytest.mark.slow
@pytest.mark.exhaustive
def test_the_full_game_flush_for_three_percent():
    """The full game (three enumerations, about 2 minutes on one core; cached afterwards): a flush paying
    70513118023/59602662740 gives exactly 3%, nobody folding a flush; the posted pays around it, each
    enumerated, are linear in the pay (one strategy) and 3 to 2 is the shipped game."""
    solution = engine_for(RULES).solve(RULES, "blind", "Flush", Fraction(3, 100), Run(1, False, True))
    assert solution.pays == Fraction(70513118023, 59602662740) and solution.edge == Fraction(3, 100)
    assert not solution.strategy_dependent and solution.rounds == 1
    assert dict(solution.nearby) == {Fraction(1, 2): Fraction(36748770571, 772605834000),
                                     Fraction(1): Fraction(38435251, 1107414000),
                                     Fraction(3, 2): Fraction(50643648973, 2317817502000),
                                     Fraction(2): Fraction(2315813067, 257535278000)}
