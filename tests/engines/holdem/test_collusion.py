"""Ultimate Texas Hold'em with colluding players: the sampled estimate of the colluders' edge.

Specification: the normal strategy's pre-flop raises by starting hand; with
no colluders' cards the colluding strategy is the normal one (no gain
anywhere); for sampled (colluders' cards, flop, player hand), the gain against
plain loops over every turn/river and every dealer hand; the estimate is the
same on one worker or two; the committed estimates agree with the exact
normal edge and reach the procedure risk table.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.cli.main import run
from analyzer.core.cards import parse_cards
from analyzer.engines.base import Run
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.collusion import (
    HoldemCollusionEstimate,
    colluder_flop_gains,
    estimate_holdem_collusion,
    flop_sums_by_board,
    preflop_choices,
    preflop_gain,
    preflop_raises,
    random_samples,
    units_per_hole,
)
from analyzer.engines.holdem.sevens import PAIR_OR_BETTER, evaluate_hands, rank_line
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game
from analyzer.protection.procedure_risk import procedure_risk

UTH = load_game("uth")


def river_value(outcomes: np.ndarray, rank: int, multiple: int) -> int:
    """Scaled value (half antes, summed over dealer hands) of Play ``multiple`` (0 = fold) at showdown, the
    shipped game's."""
    if multiple == 0:
        return uth.SHIPPED.fold * int(np.sum(outcomes))
    a, b = uth.river_values(np.asarray(outcomes, dtype=np.int64), rank_line(int(rank)), uth.SHIPPED.nets)
    return int(a) + multiple * int(b)


@pytest.fixture(scope="module")
def normal():
    return engine_for(UTH).analyze(UTH, Run())


@pytest.fixture(scope="module")
def raises(normal) -> np.ndarray:
    table = normal.preflop_values()
    return preflop_raises(dict(zip(table["hand"], table["decision"], strict=True)))


def test_preflop_raises_follow_the_normal_strategy(raises):
    assert raises[uth.pair_index(*parse_cards("As Ah"))]
    assert not raises[uth.pair_index(*parse_cards("7c 2d"))]
    assert raises.sum() == 500  # 37.7% of the 1,326 pairs raise 4x pre-flop


def test_preflop_raises_need_a_decision_for_every_hand():
    with pytest.raises(ValueError, match="169 starting hands"):
        preflop_raises({"AA": "4x"})


def test_units_per_hole_count_the_deals_behind_one_flop_decision():
    assert units_per_hole(0) == uth.SCALE * uth.TURN_RIVERS * uth.DEALER_HANDS   # turn+river, dealer hands
    assert units_per_hole(2) == uth.SCALE * comb(45, 2) * comb(43, 2)


def test_without_colluders_cards_nothing_is_gained(raises):
    gain, dealt = colluder_flop_gains(np.array(parse_cards("2c 9d Kh")), np.empty(0, dtype=np.int64), raises)
    assert dealt.sum() == comb(49, 2)
    assert not gain.any()


def plain_gain(flop: list[int], known: list[int], hole: list[int]) -> int:
    """The gain of one player hand by plain loops: every turn/river, every dealer hand, the plain evaluator.

    Normal play decides with the counts over every dealer hand avoiding the
    player's cards and the board; the colluding player settles and decides
    with the hands that also avoid the known cards.
    """
    rest = [card for card in range(52) if card not in flop and card not in hole]
    sums = {"normal 2x": 0, "normal check": 0, "2x": 0, "check": 0, "normal decisions": 0}
    for turn_river in uth.combinations(len(rest), 2):
        board = [*flop, *(rest[i] for i in turn_river)]
        player = int(evaluate_hands(np.array([[*hole, *board]]))[0])
        dealers = [pair for pair in uth.combinations(52, 2) if not set(pair) & set(board + hole)]
        ranks = evaluate_hands(np.array([[*pair, *board] for pair in dealers]))
        outcome = 3 * (ranks >= PAIR_OR_BETTER) + np.where(player > ranks, 0, np.where(player == ranks, 1, 2))
        avoids = np.array([not set(pair) & set(known) for pair in dealers])
        normal = np.bincount(outcome, minlength=6)
        play = river_value(normal, player, 1) > river_value(normal, player, 0)
        sums["normal 2x"] += river_value(normal, player, 2)
        sums["normal check"] += max(river_value(normal, player, 1), river_value(normal, player, 0))
        if set(board) & set(known):
            continue
        seen = np.bincount(outcome[avoids], minlength=6)
        values = [river_value(seen, player, multiple) for multiple in (0, 1, 2)]
        sums["2x"] += values[2]
        sums["check"] += max(values[0], values[1])
        sums["normal decisions"] += values[1] if play else values[0]
    normal_value = sums["2x"] if sums["normal 2x"] > sums["normal check"] else sums["normal decisions"]
    return max(sums["2x"], sums["check"]) - normal_value


@pytest.mark.parametrize("colluders, seed", [(1, 3), (3, 4)])
@pytest.mark.slow
def test_gains_against_plain_loops(raises, colluders, seed):
    known, flops = random_samples(colluders, 1, seed, 0)
    gain, dealt = colluder_flop_gains(flops[0], known[0], raises)
    gained = np.flatnonzero(gain)
    unchanged = np.flatnonzero(dealt & (gain == 0) & ~raises)
    assert len(gained) and len(unchanged)
    for hole in (gained[0], gained[-1], unchanged[0]):
        cards = [int(uth.HOLE_FIRST[hole]), int(uth.HOLE_SECOND[hole])]
        assert gain[hole] == plain_gain(flops[0].tolist(), known[0].tolist(), cards)
    assert not gain[raises].any()


@pytest.mark.slow
def test_same_estimate_on_one_or_two_workers(normal):
    table = normal.preflop_values()
    decisions = dict(zip(table["hand"], table["decision"], strict=True))
    edge = normal.main_figures()["house_edge_per_ante"]
    one = estimate_holdem_collusion("uth", edge, decisions, 2, 12, seed=7, jobs=1)
    two = estimate_holdem_collusion("uth", edge, decisions, 2, 12, seed=7, jobs=2)
    assert (one.mean_gain, one.standard_error, one.switched) == (two.mean_gain, two.standard_error, two.switched)
    assert 0 < one.mean_gain < Fraction(1, 100) and one.edge == edge - one.mean_gain
    assert "pre-flop play as normal" in one.method()


def test_estimate_with_preflop_samples_adds_their_mean_and_widens_the_interval():
    flop_and_river = HoldemCollusionEstimate("uth", 1, 100, 1, Fraction(2, 100), Fraction(1, 1000), 1e-5, 5)
    both = HoldemCollusionEstimate("uth", 1, 100, 1, Fraction(2, 100), Fraction(1, 1000), 1e-5, 5,
                                   preflop_gains=(Fraction(1, 10_000), Fraction(3, 10_000)))
    assert flop_and_river.edge == Fraction(19, 1000) and both.edge == Fraction(19, 1000) - Fraction(2, 10_000)
    assert both.preflop_standard_error == pytest.approx(1e-4)
    low, high = both.interval()
    assert high - low == pytest.approx(2 * math.hypot(1.959964 * 1e-5, 12.706 * 1e-4))
    assert "upper bound" in flop_and_river.method() and "2 sampled colluder deals" in both.method()


def test_committed_estimates_agree_with_the_exact_normal_edge(normal):
    edge = normal.main_figures()["house_edge_per_ante"]
    gains = []
    for colluders in range(1, 7):
        estimate = engine_for(UTH).committed_collusion(UTH, colluders)
        assert isinstance(estimate, HoldemCollusionEstimate)
        assert estimate.normal_edge == edge and estimate.mean_gain > 0 and estimate.deals >= 1_000
        gains.append(estimate.mean_gain)
    assert gains == sorted(gains)  # more known cards, more information


def test_procedure_risk_table_shows_the_colluder_rows(normal):
    table = procedure_risk(UTH, Run(), {0: normal.main_figures()["house_edge_per_ante"]}).set_index("procedure")
    row = table.loc["1 colluding player"]
    assert row["exact"] == "" and " to " in row["95% interval"] and "ESTIMATE" in row["method"]
    assert "pre-flop: every board enumerated for 6 sampled colluder deals" in row["method"]
    assert row["who has the edge"] == "house"


def plain_preflop_values(rest: list[int], hole: list[int]) -> list[int]:
    """(check, 3x, 4x) of one hand when only the ``rest`` cards can be dealt (the others are the colluders'),
    by plain loops over every flop, turn/river and dealer hand: check is worth the flop's best, the larger of
    2x and the sum of the river's best (Play 1x or fold)."""
    values = [0, 0, 0]
    others = [card for card in rest if card not in hole]
    for flop in uth.combinations(len(others), 3):
        flop_cards = [others[i] for i in flop]
        left = [card for card in others if card not in flop_cards]
        sums = {"2x": 0, "check": 0, "3x": 0, "4x": 0}
        for turn_river in uth.combinations(len(left), 2):
            board = flop_cards + [left[i] for i in turn_river]
            dealer_cards = [card for card in left if card not in board]
            player = int(evaluate_hands(np.array([[*hole, *board]]))[0])
            ranks = evaluate_hands(np.array([[dealer_cards[i], dealer_cards[j], *board]
                                             for i, j in uth.combinations(len(dealer_cards), 2)]))
            outcome = 3 * (ranks >= PAIR_OR_BETTER) + np.where(player > ranks, 0, np.where(player == ranks, 1, 2))
            counts = np.bincount(outcome, minlength=6)
            value = {multiple: river_value(counts, player, multiple) for multiple in range(5)}
            sums["2x"] += value[2]
            sums["check"] += max(value[0], value[1])
            sums["3x"] += value[3]
            sums["4x"] += value[4]
        values[0] += max(sums["2x"], sums["check"])
        values[1] += sums["3x"]
        values[2] += sums["4x"]
    return values


@pytest.mark.slow
def test_preflop_gain_of_a_reduced_deck_against_plain_loops(raises):
    """40 colluders' cards leave 12 to deal: every hand, flop, turn/river and dealer hand by plain loops."""
    rest = parse_cards("As Ks Qs Js Ts 9h 9d 5c 5h 2c 2d 7h")
    known = np.setdiff1d(np.arange(52), rest)
    choices = preflop_choices(dict.fromkeys(uth.HAND_CLASSES, "check"))
    choices[raises] = 2
    total = 0
    for hole in uth.combinations(len(rest), 2):
        cards = sorted(rest[i] for i in hole)
        values = plain_preflop_values(rest, cards)
        total += max(values) - values[choices[uth.pair_index(*cards)]]
    unit = comb(10, 3) * units_per_hole(40)
    assert unit == 2 * 120 * comb(7, 2) * comb(5, 2)
    assert preflop_gain(known, choices, jobs=2) == Fraction(total, comb(12, 2) * unit) > 0


@pytest.mark.slow
def test_the_board_tasks_add_up_to_every_board():
    known = parse_cards("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 8s 8h 7s 7h 6s 6h 5s 5h 4s 4h 3s 3h 2s 2h")  # 26 left
    parts = [flop_sums_by_board(known, task, 3) for task in range(3)]
    assert (sum(parts) == flop_sums_by_board(known, 0, 1)).all()


@pytest.mark.slow
@pytest.mark.exhaustive
def test_cli_protect_uth_colluders(capsys):
    assert run(["protect", "uth", "--colluding-players", "6", "--deals", "4", "--seed", "2", "--preflop-samples", "2",
                "--quiet", "--json", "--jobs", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "uth" and data["colluders"] == 6 and data["deals"] == 4
    assert len(data["preflop_information_values"]) == 2
    parts = Fraction(data["flop_and_river_information_value"]) + Fraction(data["preflop_information_value"])
    assert Fraction(data["mean_information_value"]) == parts
    low, high = data["interval_95"]
    assert low < float(Fraction(data["house_edge_per_ante_estimate"])) < high
    assert data["procedure_risk"][-1]["procedure"] == "6 colluding players"
