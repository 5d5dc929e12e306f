"""The deal-by-deal player of the Hold'em games over streets (analyzer/engines/holdem/street_player.py): the flop
classes it maps a deal onto, its turn and river choices against a plain loop over every river card and dealer
hand, its flop choices against the kernel run on the deal's own flop, and the simulation it plays against the
exact figures."""

from __future__ import annotations

from itertools import combinations as subsets

import numpy as np
import pytest

import analyzer.cli.main as cli
from analyzer.core.cards import combinations, parse_cards
from analyzer.engines.holdem.enumeration import HOLE_PAIRS, flop_classes, pair_index
from analyzer.engines.holdem.policy import OPTIMAL
from analyzer.engines.holdem.sevens import FLUSH_RANK, LINE_COUNT, STRAIGHT_TOP
from analyzer.engines.holdem.street_game import StreetAnalysis, enumerate_street_sums, game_plan, street_counts
from analyzer.engines.holdem.street_player import (
    SUIT_PERMUTATIONS,
    flop_class_of,
    flop_class_table,
    river_choice,
    scratch,
    turn_choice,
)
from analyzer.engines.holdem.streets import (
    DEALER_HANDS,
    FOLDS,
    KnownCards,
    LEVELS,
    NOT_COUNTED,
    as_streets,
    flop_work,
    qualifying_rank,
    street_flop,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game
from analyzer.simulation import simulate
from tests.engines.holdem.test_streets import board_outcomes_by_dealer


def packed(plan):
    return plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger


def streets_of(game: str, paytable_files=()):
    rules = as_streets(load_game(game, paytable_files=paytable_files))
    plan, nets, _ = game_plan(rules)
    return rules, plan, nets, qualifying_rank(rules)


def plain_best(values, larger):
    """The first of the largest values (the last with ``larger``): the kernel's tie rule."""
    best = 0
    for a in range(1, len(values)):
        if values[a] > values[best] or (larger and values[a] == values[best]):
            best = a
    return best


def plain_river(plan, nets, qualify, hole, board, state):
    """(choice, value) at a river state, every dealer hand evaluated."""
    outcomes, line = board_outcomes_by_dealer(hole, board, qualify)
    values = [plan.fold_value[3, state] * DEALER_HANDS if plan.next[3, state, a] == FOLDS else
              sum(int(outcomes[o]) * int(nets[line, o, 0] + plan.stake[4, plan.next[3, state, a]] * nets[line, o, 1])
                  for o in range(6))
              for a in range(plan.allowed[3, state])]
    best = plain_best(values, plan.larger)
    return best, values[best]


def plain_turn(plan, nets, qualify, hole, seen, state):
    """The choice at a turn state, every river card and dealer hand evaluated."""
    rivers = [card for card in range(52) if card not in set(hole) | set(seen)]
    values = []
    for a in range(plan.allowed[2, state]):
        target = plan.next[2, state, a]
        values.append(plan.fold_value[2, state] * len(rivers) * DEALER_HANDS if target == FOLDS else
                      sum(plain_river(plan, nets, qualify, hole, [*seen, river], target)[1] for river in rivers))
    return plain_best(values, plan.larger)


def test_every_flop_maps_onto_its_class_representative():
    class_of, permutation = flop_class_table()
    flops = combinations(52, 3)
    relabel = SUIT_PERMUTATIONS[permutation]
    mapped = np.sort((flops & ~3) | np.take_along_axis(relabel, flops & 3, axis=1), axis=1)
    assert np.array_equal(mapped, flop_classes().cards[class_of])
    assert np.bincount(class_of).tolist() == flop_classes().weights.tolist()


@pytest.mark.parametrize("hole, seen", [("As Ad", "2c 7d 9h Kc"), ("7h 8h", "9h Th 2c 3d"), ("2c 3d", "Ks Kd Kh 5c"),
                                        ("Qs Js", "Ts 9s 2d 2h")])
def test_texas_holdem_bonus_turn_choices_against_every_river_and_dealer_hand(hole, seen):
    _, plan, nets, qualify = streets_of("thb")
    hole, seen = list(parse_cards(hole)), list(parse_cards(seen))
    deciding = [s for s in range(plan.allowed.shape[1]) if plan.allowed[2, s] > 1]
    assert deciding
    for state in deciding:
        fast = turn_choice(hole[0], hole[1], np.array(seen, dtype=np.int64), state, packed(plan), nets, qualify, scratch())
        assert fast == plain_turn(plan, nets, qualify, hole, seen, state)


@pytest.mark.parametrize("hole, board", [("As Kd", "2c 7d 9h Jc 3s"), ("4h 5h", "9h Th 2h 3d Kc"),
                                         ("2c 3d", "Ks Qd Jh 5c 8c"), ("6s 6d", "6h 6c Ad Kd Qd")])
def test_one_play_bet_river_choices_against_every_dealer_hand(hole, board):
    _, plan, nets, qualify = streets_of("uth")
    hole, board = list(parse_cards(hole)), list(parse_cards(board))
    deciding = [s for s in range(plan.allowed.shape[1]) if plan.allowed[3, s] > 1]
    assert deciding
    for state in deciding:
        fast = river_choice(hole[0], hole[1], np.array(board, dtype=np.int64), state, packed(plan), nets, qualify,
                            scratch())
        assert fast == plain_river(plan, nets, qualify, hole, board, state)[0]


@pytest.mark.parametrize("game", ["thb", "casinoholdem"])
def test_flop_choices_looked_up_on_the_class_are_the_kernel_s_on_the_deal_s_own_flop(game, thb, casinoholdem):
    analysis = {"thb": thb, "casinoholdem": casinoholdem}[game]
    rules, plan, nets, qualify = streets_of(game)
    player = engine_for(rules).simulation(analysis).strategy.player
    rng = np.random.default_rng(7)
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max(len(street.choices) for street in plan.streets if street is not None)
    work = flop_work(packed(plan), qualify, HOLE_PAIRS)
    for _ in range(3):
        flop = np.sort(rng.choice(52, 3, replace=False)).astype(np.int64)
        own = np.full((HOLE_PAIRS, width), -1, dtype=np.int64)
        street_flop(flop, 1, np.arange(HOLE_PAIRS, dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK, qualify, nets,
                    packed(plan), np.zeros((0, HOLE_PAIRS), dtype=np.int64), OPTIMAL.packed(), own,
                    np.zeros((HOLE_PAIRS, roots), dtype=np.int64),
                    np.zeros((HOLE_PAIRS, roots, width, LINE_COUNT, 6), dtype=np.int64),
                    np.zeros((HOLE_PAIRS, roots, len(LEVELS), width), dtype=np.int64),
                    np.zeros((HOLE_PAIRS, roots, len(LEVELS), LINE_COUNT, choices), dtype=np.int64),
                    np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64), NOT_COUNTED, NOT_COUNTED,
                    *KnownCards().arrays(), work)
        flop_class, relabel = flop_class_of(flop)
        for x, y in subsets([card for card in range(52) if card not in flop], 2):
            mapped = pair_index(int((x & ~3) | relabel[x & 3]), int((y & ~3) | relabel[y & 3]))
            for state in range(width):
                if plan.allowed[1, state] > 1:
                    assert player.flop_choice[flop_class, mapped, state] == own[pair_index(x, y), state]


def test_the_player_folds_and_bets_as_the_rules_offer(thb):
    player = engine_for(thb.rules).simulation(thb).strategy.player
    aces, trash = parse_cards("As Ad"), parse_cards("7c 2d")
    board = np.array([parse_cards("Ah Ac 5d 9s Jh"), parse_cards("Kh Qc 5d 9s Jh")], dtype=np.int64)
    totals = player.multiples(np.array([aces, trash], dtype=np.int64), np.zeros((2, 0), dtype=np.int64), board)
    assert player.fold == 0
    assert totals.tolist()[0] == 4            # four aces on the flop: flop bet 2x, turn 1x, river 1x
    assert totals.tolist()[1] == 0            # 7-2 offsuit folds before the flop


@pytest.mark.slow
@pytest.mark.parametrize("game", ["thb", "casinoholdem"])
def test_the_simulation_agrees_with_the_exact_figures(game, thb, casinoholdem):
    analysis = {"thb": thb, "casinoholdem": casinoholdem}[game]
    check = simulate(analysis, 20_000, seed=5)
    assert check.strategy == "optimal strategy, played deal by deal"
    assert check.passed, check.as_text()


def test_simulate_on_the_command_line(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["simulate", "casinoholdem", "--hands", "20000", "--seed", "3", "--quiet"])
    assert done.value.code == 0
    assert "every wager within |z| <= 4" in capsys.readouterr().out


def test_a_reduced_run_has_no_player():
    rules, plan, _, _ = streets_of("thb")
    sums = enumerate_street_sums(rules, progress=False, flop_class_indices=np.array([0]))
    reduced = StreetAnalysis(rules, street_counts(sums, plan, game_plan(rules)[2]))
    with pytest.raises(Exception, match="a reduced run has some only"):
        engine_for(rules).simulation(reduced)
