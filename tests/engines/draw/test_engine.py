"""The draw engine (video poker): hold counts by inclusion-exclusion against plain loops over every draw, hand-checked
expected values, the cycle, and Jacks or Better's published returns (9/6 99.54%, variance 19.51; 8/5 97.30%)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.base import Run
from analyzer.engines.draw.enumeration import DrawGame, count_draws
from analyzer.engines.draw.holds import brute_force_counts, hold_masks
from analyzer.engines.registry import engine_for
from analyzer.engines.sizes import draw_weight
from analyzer.games.rules import RulesError, load_game

CYCLE = comb(52, 5) * 7_669_695


@pytest.fixture(scope="module")
def jacks(jacksorbetter):
    """The session's Jacks or Better 9/6 analysis (conftest.py)."""
    return jacksorbetter


@pytest.fixture(scope="module")
def eight_five():
    rules = load_game("jacksorbetter")
    rules = dataclasses.replace(rules, wagers=(dataclasses.replace(rules.wagers[0], default_paytable="8/5"),),
                                input_hash="jacks 8/5")
    return engine_for(rules).analyze(rules, Run())


# -- small hand-checked cases ------------------------------------------------------------------------------
def test_the_cycle_is_every_deal_times_the_lcm_of_the_draws():
    assert draw_weight(47, range(6)) == 3 * 5 * 11 * 23 * 43 * 47 == 7_669_695
    assert CYCLE == 19_933_230_517_200


def test_four_to_a_royal_by_hand(jacks):
    table = jacks.hand_holds(parse_cards("Ah Kh Qh Jh 2c"))
    best = table.iloc[0]
    # draw one of 47: Th royal 800; eight other hearts, a flush, 6 each; three tens, a straight, 4 each;
    # three each of A, K, Q, J, a pair of jacks or better, 1 each; 20 others 0 ("for 1")
    assert (best["hold"], best["cards drawn"]) == ("Ah Kh Qh Jh", 1)
    assert best["expected return"] == Fraction(800 + 8 * 6 + 3 * 4 + 12 * 1, 47)
    assert len(table) == 32


def test_a_dealt_royal_keeps_everything(jacks):
    best = jacks.hand_holds(parse_cards("As Ks Qs Js Ts")).iloc[0]
    assert (best["hold"], best["expected return"]) == ("As Ks Qs Js Ts", 800)


def test_a_hand_must_be_five_different_cards(jacks):
    with pytest.raises(RulesError, match="5 different cards"):
        jacks.hand_holds(parse_cards("Ah Kh Qh Jh"))


# -- the fast path against plain loops over every draw -------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_hold_counts_equal_every_draw_enumerated(jacks, seed):
    rules = jacks.rules
    game = DrawGame(rules)
    groups = np.full(comb(52, 5), game.group_count - 1, dtype=np.int64)
    lines = rules.wagers[0].paytable.line_index(rules.ranking, rules.ranking.table)
    groups[lines >= 0] = lines[lines >= 0]
    dealt = tuple(sorted(np.random.default_rng(seed).choice(52, 5, replace=False).tolist()))
    counts = count_draws(rules, np.array([dealt]))[0]
    masks, kept = hold_masks(5)
    for mask in masks:  # all 32 holds, every draw of each (1,533,939 for a discarded hand)
        positions = tuple(position for position in range(5) if mask >> position & 1)
        assert counts[mask].tolist() == brute_force_counts(dealt, positions, groups, game.group_count).tolist()
        assert counts[mask].sum() == comb(47, 5 - len(positions))


def test_most_replaced_bars_holds():
    rules = load_game("jacksorbetter")
    limited = dataclasses.replace(rules, draw=dataclasses.replace(rules.draw, most_replaced=2))
    game = DrawGame(limited)
    _, kept = hold_masks(5)
    assert (game.allowed == (kept >= 3)).all()
    assert game.weight == draw_weight(47, [0, 1, 2]) == 1081


# -- the whole game ----------------------------------------------------------------------------------------
def test_final_hands_sum_to_the_cycle(jacks):
    assert jacks.cycle == CYCLE
    assert int(jacks.final_hands.sum()) == CYCLE
    assert int(jacks.counts.weights.sum()) == comb(52, 5)
    assert (jacks.counts.final.sum(axis=1) == jacks.counts.weight).all()


def test_nine_six_published_return_and_variance(jacks):
    figures = jacks.main_figures()
    assert round(float(figures["return_to_player"]) * 100, 2) == 99.54
    assert round(float(figures["return_to_player"]) * 100, 3) == 99.544
    assert figures["return_to_player"] == 1 - Fraction(7576216117, 1661102543100)
    assert round(float(figures["variance"]), 2) == 19.51
    assert round(float(figures["award_frequency"]) * 100, 1) == 45.5  # published 45.45%: ties and rounding


def test_royal_flush_counts_under_optimal_play(jacks):
    table = jacks.wager_table(jacks.rules.wagers[0])
    assert table["outcome"].iloc[0] == "Royal flush (800 for 1)"
    assert int(table["combinations"].iloc[0]) == 493_512_264
    assert int(table["combinations"].sum()) == CYCLE


def test_eight_five_published_return(eight_five):
    assert round(float(eight_five.main_figures()["return_to_player"]) * 100, 2) == 97.30


def test_pays_quoted_for_one_are_kept_to_one():
    paytable = load_game("jacksorbetter").wagers[0].paytable
    assert paytable.for_one and paytable.lines[0].pays == 799 and paytable.lines[-1].pays == 0
    assert paytable.title == "800-50-25-9-6-4-3-2-1"


# -- the other commands ------------------------------------------------------------------------------------
def test_the_simulator_plays_the_optimal_holds_within_its_error(jacks):
    from analyzer.simulation import simulate

    check = simulate(jacks, hands=20_000, seed=3)
    assert check.passed and check.hands == 20_000


def test_the_simulators_final_hand_replaces_discards_in_order():
    from analyzer.simulation.draws import DrawDeal
    from analyzer.simulation.hands import cards

    game = DrawDeal.of(load_game("jacksorbetter"))
    deal = np.concatenate([cards("Ah 2c Kh 3d Qh"), cards("Jh Th 9s 8s 7s")], axis=1)
    assert game.final_hands(deal, np.array([0b10101])).tolist() == cards("Ah Jh Kh Th Qh").tolist()


def test_the_policy_keeps_what_the_analysis_keeps(jacks):
    from analyzer.engines.draw.policy import OptimalHolds

    rows = np.random.default_rng(5).choice(len(jacks.counts.cards), 300, replace=False)
    dealt = jacks.counts.cards[rows].astype(np.int64)
    assert (OptimalHolds(jacks.rules).holds(dealt) == jacks.counts.chosen[rows]).all()


@pytest.mark.exhaustive
def test_solve_the_full_house_pay_for_a_target(jacks):
    engine = engine_for(jacks.rules)
    solution = engine.solve(jacks.rules, "bet", "Full house", Fraction(1, 100), Run())
    # no deal's optimal hold differs between a full house for 9 and for 8.53: one step, the holds re-optimised at
    # the solved pay unchanged (so the edge is linear in the pay over that range)
    assert solution.edge == Fraction(1, 100) and not solution.strategy_dependent and solution.rounds == 1
    assert solution.pays == Fraction(143948845750, 19122956883)  # to 1: 8.5275 for 1


def test_every_award_has_its_one_in_n_a_push_for_one_included(jacks):
    from analyzer.reports.lab_figures import paying_lines

    lines = paying_lines(jacks).set_index("outcome")
    assert lines.loc["Pair of jacks or better (1 for 1)", "pays"] == 0  # returns the stake: an award
    assert lines.loc["any paying outcome", "hit_frequency"] == jacks.main_figures()["award_frequency"]
    assert "no paying hand" not in lines.index


def test_a_users_own_draw_game_runs_without_code():
    """examples/three-card-draw.toml: three cards, at most two replaced (19,600 draws of two lcm'd with 49)."""
    rules = load_game(str(Path(__file__).resolve().parents[3] / "examples" / "three-card-draw.toml"))
    analysis = engine_for(rules).analyze(rules, Run())
    assert analysis.cycle == comb(52, 3) * draw_weight(49, [0, 1, 2])
    assert analysis.main_figures()["house_edge_per_ante"] == Fraction(15919, 2165800)
    assert set(analysis.action_frequencies()) == {"keep 1, draw 2", "keep 2, draw 1", "keep all 3"}
