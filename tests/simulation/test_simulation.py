"""The independent simulation, as a specification: its own hand evaluator, hand patterns,
settlement from the rules data, the strategies it is given, a modest simulation of every game
against the exact values, and the command line.

The simulator (analyzer/simulation/) shares no counting or ranking code with the enumeration;
only the section "the simulator against the analyzer" compares the two.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from importlib import import_module

import numpy as np
import openpyxl
import pytest

from analyzer.core.cards import subset_positions
from analyzer.core.ranking import SuitRanking, best_ranks_of, load_ranking
from analyzer.engines.one_decision.engine import OneDecisionEngine
from analyzer.games.patterns import PatternError, parse_pattern
from analyzer.games.rules import OUTCOMES, game_names, load_game
from analyzer.simulation import (
    Z_LIMIT,
    SimulationError,
    StrategyTable,
    StreetStrategy,
    default_hands,
    exact_figures,
    settlement,
    simulate,
    simulate_game,
)
from analyzer.simulation import hands as hands_module
from analyzer.simulation.analysis import strategy_and_exact
from analyzer.simulation.check import CHUNK_HANDS
from analyzer.simulation.hands import (
    ORDERS,
    SIZES,
    best,
    cards,
    describe,
    evaluate,
    matches,
    pays,
)
from analyzer.simulation.settlement import (
    WINNING,
    GameData,
    MainWager,
    Paytable,
    PlayOption,
    SideBetData,
    hand_values,
    play,
    settle,
)
from analyzer.simulation.strategies import bet, suit_class_keys

cli = import_module("analyzer.cli.main")  # the module: the package exports its function main under that name
FOUR, FIVE, THREE = "four_card", "five_card", "three_card"
#: Hands of the modest simulation of each game (about 2 s each; Hold'em decides hand by hand).
HANDS = {"crazy4": 200_000, "super4": 200_000, "fourcardfever": 200_000, "uth": 20_000}
SEED = 20261129
#: The three-card ranking of Three Card Poker, weakest first (shared/rules/more-games.md).
THREE_CARD_ORDER = ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush")


def value(text: str, ranking: str = FOUR) -> int:
    """Value of the best hand of the cards written in ``text``."""
    return int(best(cards(text), ranking)[0])


@pytest.fixture
def three_card(monkeypatch):
    """The three-card ranking: the data file's, or its written order until the file has it."""
    if THREE in ORDERS:
        assert ORDERS[THREE] == THREE_CARD_ORDER and SIZES[THREE] == 3
        yield
        return
    monkeypatch.setitem(ORDERS, THREE, THREE_CARD_ORDER)
    monkeypatch.setitem(SIZES, THREE, 3)
    yield
    hands_module._category_table.cache_clear()
    hands_module.read_pattern.cache_clear()


# -- the simulator's own evaluator, by hand ------------------------------------
def test_the_category_orders_are_read_from_the_rankings_file():
    assert ORDERS[FOUR][:4] == ("high_card", "pair", "two_pair", "straight") and SIZES[FOUR] == 4
    assert ORDERS[FIVE][-1] == "straight_flush" and SIZES[FIVE] == 5


def test_four_card_categories_in_the_written_order():
    # Four Card Fever: "4-of-a-Kind / Straight Flush / 3-of-a-Kind / Flush / Straight / 2 Pair / Pair / High Card"
    ladder = ["2c 2d 2h 2s", "5h 6h 7h 8h", "Ks Kd Kh 2c", "2h 5h 9h Jh", "Jc Qd Ks Ah", "Ks Kd 2h 2c",
              "As Ad 3h 2c", "Ac Kd Qh 9s"]
    names = ["four_of_a_kind", "straight_flush", "three_of_a_kind", "flush", "straight", "two_pair", "pair",
             "high_card"]
    values = [value(hand) for hand in ladder]
    assert [describe(v, FOUR).split()[0] for v in values] == names
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("higher, lower", [
    ("2c 3d 4h 5s", "Ac 2d 3h 4s"),        # A-2-3-4 is the lowest straight
    ("Ac Kd Qh Js", "Kc Qd Jh Ts"),        # A-K-Q-J the highest
    ("Qs Qd Kh 2c", "Qh Qc Jd Ts"),        # pair of queens: the kicker decides
    ("As Ad 2h 2c", "Ks Kd Qh Qc"),        # two pair: the higher pair first
    ("3s 3d 3h 2c", "2s 2d 2h Ac"),        # trips by the trips, not the kicker
    ("Ah 4h 3h 2h", "Kc Qc Jc 9c"),        # A-high flush over K-high flush (not a straight flush)
    ("Ac Kd 4h 3s", "Ac Qd Jh 9s"),        # high card, then the next card
])
def test_four_card_comparisons(higher, lower):
    assert value(higher) > value(lower)


def test_suits_and_the_fifth_card_never_break_a_tie():
    assert value("Ks Kd 9c 7h 2s") == value("Kh Kc 9d 7s 3c")
    assert value("Ac 2d 3h 4s") == value("As 2c 3d 4h")


def test_best_of_five_and_six_cards():
    assert describe(best(cards("As Ks Qs Js 2d"), FOUR), FOUR) == "straight_flush A"
    assert describe(best(cards("2c 3c 4c 5c 9d Jd"), FOUR), FOUR) == "straight_flush 5"
    assert describe(best(cards("9h 9d 9s 9c Ah Kd"), FOUR), FOUR) == "four_of_a_kind 9"


def test_five_card_hands():
    ladder = ["Ts Js Qs Ks As", "9h 9d 9s 9c 2d", "2s 2d 2h 3c 3d", "2h 5h 9h Jh Kh", "Ac 2d 3h 4s 5c",
              "7s 7d 7h Kc 2d", "Ks Kd 2h 2c 9s", "As Ad 3h 2c 7d", "Ac Kd Qh 9s 7c"]
    names = ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair",
             "pair", "high_card"]
    values = [value(hand, FIVE) for hand in ladder]
    assert [describe(v, FIVE).split()[0] for v in values] == names
    assert values == sorted(values, reverse=True)
    assert value("2c 3d 4h 5s 6c", FIVE) > value("Ac 2d 3h 4s 5c", FIVE)  # the wheel is the lowest straight
    assert describe(best(cards("As Ad Ks Kd 2c 2d 7h"), FIVE), FIVE) == "two_pair A-K-7"


def test_three_card_hands(three_card):
    # "straight flush, three of a kind, straight, flush, pair, high card"
    ladder = ["Qh Kh Ah", "2c 2d 2h", "Qc Kd Ah", "2h 5h 9h", "As Ad 3h", "Ac Kd 9h"]
    names = ["straight_flush", "three_of_a_kind", "straight", "flush", "pair", "high_card"]
    values = [value(hand, THREE) for hand in ladder]
    assert [describe(v, THREE).split()[0] for v in values] == names
    assert values == sorted(values, reverse=True)
    assert value("2c 3d 4h", THREE) > value("Ac 2d 3h", THREE) > value("Kc Qd 9h", THREE)  # A-2-3 the lowest straight
    assert describe(best(cards("Kc Ad 2h"), THREE), THREE) == "high_card A-K-2"            # no wrap-around
    assert value("Kc Kd 3h", THREE) > value("Kh Ks 2c", THREE)


def test_a_ranking_the_simulator_cannot_read_is_refused(monkeypatch):
    monkeypatch.setitem(ORDERS, "odd", ("high_card", "pair", "five_of_a_kind"))
    monkeypatch.setitem(SIZES, "odd", 4)
    monkeypatch.setitem(ORDERS, "straightless", ("high_card", "pair", "two_pair", "three_of_a_kind", "flush",
                                                 "four_of_a_kind"))
    monkeypatch.setitem(SIZES, "straightless", 4)
    with pytest.raises(SimulationError, match="five_of_a_kind"):
        evaluate(cards("2c 2d 2h 2s"), "odd")
    with pytest.raises(SimulationError, match="does not rank straight"):
        evaluate(cards("2c 2d 2h 2s"), "straightless")


# -- hand patterns ---------------------------------------------------------------
def test_pay_line_hands():
    def four(text):
        return best(cards(text), FOUR)
    assert matches(four("Qs Qd 9c 3h 2d"), FOUR, "pair of Q or better")[0]
    assert not matches(four("Js Jd Ac Kh 2d"), FOUR, "pair of Q or better")[0]
    assert matches(four("2s 3d 4c 5h 9d"), FOUR, "pair of Q or better")[0]  # a straight is better
    assert matches(four("As Ad Ah Ac 2d"), FOUR, "four_of_a_kind of A")[0]
    assert not matches(four("Ks Kd Kh Kc 2d"), FOUR, "four_of_a_kind of A")[0]
    assert matches(four("Kc 4d 3h 2s 7d"), FOUR, "high_card of K or better")[0]
    assert not matches(four("Qc Jd 9h 8s 2d"), FOUR, "high_card of K or better")[0]
    royal = best(cards("Ts Js Qs Ks As 2c 3d"), FIVE)
    assert matches(royal, FIVE, "straight_flush of A")[0]
    assert not matches(best(cards("9s Ts Js Qs Ks"), FIVE), FIVE, "straight_flush of A")[0]
    assert matches(best(cards("2c 7d 9h Js 4s"), FIVE), FIVE, "high_card or better")[0]  # "any"
    assert pays(four("Qs Qd 9c 3h 2d"), FOUR, (("flush", 4.0), ("pair of Q or better", 1.0)))[0].tolist() == [1.0]


def test_patterns_naming_several_ranks(three_card):
    def five(text):
        return best(cards(text), FIVE)
    ace_king = "high_card of A-K or better"  # Caribbean Stud's qualifier
    assert matches(five("As Kd 4c 3h 2d"), FIVE, ace_king)[0]         # the lowest ace-king
    assert not matches(five("As Qd Jc 9h 8d"), FIVE, ace_king)[0]
    assert matches(five("2s 2d 4c 3h 7d"), FIVE, ace_king)[0]         # any pair is better
    assert matches(five("As Kd 9c 3h 2d"), FIVE, "high_card of A-K")[0]
    assert not matches(five("As Ad 9c 3h 2d"), FIVE, "high_card of A-K")[0]  # a pair is not ace-king high
    def four(text):
        return best(cards(text), FOUR)
    assert [bool(matches(four(hand), FOUR, "pair of Q-9 or better")[0]) for hand in
            ("Qs Qd 9c 3h", "Qs Qd 8c 7h", "Ks Kd 2c 3h")] == [True, False, True]  # each rank named once
    def three(text):
        return best(cards(text), THREE)
    q64 = "high_card of Q-6-4 or better"   # Three Card Poker's optimal Play threshold
    assert [bool(matches(three(hand), THREE, q64)[0]) for hand in
            ("Qs 6d 4c", "Qs 6d 3c", "Qs 7d 2c", "Js Td 8c", "2s 2d 3c", "Qs 6s 3s")] == \
        [True, False, True, False, True, True]
    assert matches(three("Qs Kd Ac"), THREE, "straight of A")[0]
    assert not matches(three("Ac 2d 3s"), THREE, "straight of A")[0]


def test_a_hand_the_simulator_cannot_read_is_refused():
    with pytest.raises(SimulationError, match="flush of kings"):
        matches(np.array([0]), FOUR, "flush of kings")
    with pytest.raises(SimulationError, match="full_house"):
        matches(np.array([0]), FOUR, "full_house")  # no four-card full house


# -- the simulator against the analyzer (tests only) -----------------------------
def same_order(mine: np.ndarray, theirs: np.ndarray) -> bool:
    """Whether two valuations order and tie every pair of hands alike (checked through a sort)."""
    order = np.lexsort((mine, theirs))
    a, b = np.diff(mine[order]), np.diff(theirs[order])
    return bool(((a > 0) == (b > 0)).all() and ((a == 0) == (b == 0)).all() and (a >= 0).all())


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` random hands of ``size`` cards, sorted within each row (as the analyzer wants them)."""
    return np.sort(np.argsort(np.random.default_rng(seed).random((count, 52)), axis=1)[:, :size], axis=1)


@pytest.mark.parametrize("ranking", sorted(ORDERS))
@pytest.mark.parametrize("extra", [0, 1, 2])
def test_the_evaluator_orders_random_hands_as_the_analyzer(ranking, extra):
    theirs_ranking = load_ranking(ranking)
    size = SIZES[ranking] + extra
    hands = random_hands(30_000, size, 10 * size + extra)
    if isinstance(theirs_ranking, SuitRanking):  # no table of every hand: the best of the sub-hands evaluated
        theirs = np.max([theirs_ranking.evaluate(hands[:, positions])
                         for positions in subset_positions(size, theirs_ranking.cards)], axis=0)
    else:
        theirs = best_ranks_of(theirs_ranking, hands)
    mine = best(hands, ranking)
    assert same_order(mine, theirs)
    category = mine >> (hands_module.DIGIT_BITS * hands_module.digits_of(ranking))
    assert (np.array(ORDERS[ranking])[category] == np.array([theirs_ranking.category_name(r) for r in theirs])).all()


def test_seven_card_hands_as_the_analyzer():
    hands = random_hands(20_000, 7, 77)
    assert same_order(best(hands, FIVE), best_ranks_of(load_ranking(FIVE), hands))


def written_patterns(rules) -> list[tuple[str, object]]:
    """(ranking name, pattern) of every hand a game file names: pay lines, qualifier, Play requirements."""
    found = [(w.ranking.name, line.pattern) for w in rules.wagers for p in w.paytables.values() for line in p.lines]
    found += [(b.ranking.name, line.pattern) for b in rules.side_bets for p in b.paytables.values() for line in p.lines]
    found += [(rules.ranking.name, option.requires) for option in rules.play if option.requires]
    return found + ([(rules.ranking.name, rules.dealer_qualifies)] if rules.dealer_qualifies else [])


@pytest.mark.parametrize("game", game_names())
def test_every_hand_a_game_file_names_matches_the_analyzer_s_hands(game):
    for ranking, pattern in written_patterns(load_game(game)):
        hands = random_hands(20_000, SIZES[ranking], 7)
        theirs = pattern.matches(load_ranking(ranking), load_ranking(ranking).evaluate(hands))
        assert (matches(evaluate(hands, ranking), ranking, pattern.text) == theirs).all(), pattern.text


@pytest.mark.parametrize("ranking, text", [(FIVE, "high_card of A-K or better"), (FIVE, "high_card of A-K"),
                                           (FOUR, "pair of Q-9 or better"), (THREE, "high_card of Q-6-4 or better")])
def test_patterns_naming_several_ranks_match_the_analyzer_s(ranking, text, three_card):
    try:
        pattern = parse_pattern(text, load_ranking(ranking))
    except (PatternError, KeyError):
        pytest.skip(f"the analyzer does not read {text!r} of a {ranking} ranking yet")
    hands = random_hands(30_000, SIZES[ranking], 9)
    mine = matches(evaluate(hands, ranking), ranking, pattern.text)
    assert (mine == pattern.matches(load_ranking(ranking), load_ranking(ranking).evaluate(hands))).all()
    assert 0.01 < mine.mean() < 0.99


# -- settlement from the rules data, by hand -------------------------------------
def settled(data: GameData, player: str, dealer: str, multiple: int, board: str = "") -> dict[str, float]:
    """Every wager's result for one hand-picked deal."""
    values, theirs = hand_values(data, cards(player), cards(dealer), cards(board))
    results = settle(data, values, theirs, np.array([multiple]), (cards(player), cards(board), cards(dealer)))
    return {name: float(result[0]) for name, result in results.items()}


def main(results: dict[str, float], *names: str) -> dict[str, float]:
    return {name: results[name] for name in names}


def test_the_dealer_s_qualifier_and_ties():
    data = GameData.of(load_game("crazy4"))
    no_king_high = "Qc Jd 9h 5s 3c"
    # trips against a dealer who does not qualify: Ante pushes, Play wins, Super Bonus pays 2 to 1 instead
    assert main(settled(data, "7s 7d 7h 2c 9d", no_king_high, 3), "ante", "super_bonus", "play") == \
        {"ante": 0, "super_bonus": 2, "play": 3}
    # a qualifying dealer beaten: even money; a tie pushes all
    assert main(settled(data, "Ks Kd 9c 7h 2s", "Kh Kc 8d 6s 3c", 1), "ante", "super_bonus", "play") == \
        {"ante": 1, "super_bonus": 0, "play": 1}
    assert main(settled(data, "Ks Kd 9c 7h 2s", "Kh Kc 9d 7s 3c", 1), "ante", "super_bonus", "play") == \
        {"ante": 0, "super_bonus": 0, "play": 0}
    # a straight loses to a qualifying flush, and still collects the Super Bonus
    assert main(settled(data, "5h 6d 7c 8s Kd", "2h 6h 9h Jh Ad", 1), "ante", "super_bonus", "play") == \
        {"ante": -1, "super_bonus": 1, "play": -1}


def test_rule_options_reach_the_simulator_as_rules_data():
    beaten = ("Qs Jd 9c 7h 2s", "Qh Jc 9d 8s 3c", 1)  # below a straight, beaten by a dealer who does not qualify
    assert settled(GameData.of(load_game("crazy4")), *beaten)["super_bonus"] == -1
    push = GameData.of(load_game("crazy4", {"super_bonus_without_qualifier": "push"}))
    assert settled(push, *beaten)["super_bonus"] == 0


def test_a_fold_settles_each_wager_at_its_fold_result():
    data = GameData.of(load_game("crazy4"))
    results = settled(data, "As Ad Ah Ac 2d", "Qc Jd 9h 5s 3c", 0)
    assert results == {"ante": -1, "super_bonus": -1, "play": 0, "total": -2, "queens_up": 50}  # Queens Up stays


def test_a_paytable_in_addition_to_the_result():
    data = GameData.of(load_game("fourcardfever"))  # Ante Bonus 25-20-2 on top of the Ante; ties to the player
    assert main(settled(data, "Ks Kd 9c 7h 2s", "Kh Kc 9d 7s 3c 2d", 2), "ante", "play") == {"ante": 1, "play": 2}
    assert main(settled(data, "7s 7d 7h 2c 9d", "8s 8d 8h 3c 4d 5h", 1), "ante", "play") == {"ante": 1, "play": -1}
    assert main(settled(data, "As Ad Ah Ac 2d", "2c 3c 4c 5c 9d Jd", 3), "ante", "play") == {"ante": 26, "play": 3}
    assert main(settled(data, "7s 7d 7h 2c 9d", "8s 8d 8h 3c 4d 5h", 0), "ante", "play") == {"ante": -1, "play": 0}


def test_a_paytable_on_winning_outcomes_with_a_board():
    data = GameData.of(load_game("uth"))  # the Blind pays 500-50-10-3-3:2-1 only when the player wins
    dry = "2c 7d 9h Js 4s"
    def holdem(hole, dealer, board, multiple):
        return main(settled(data, hole, dealer, multiple, board),
                                                            "ante", "blind", "play")
    assert holdem("As Kd", "3c 5d", dry, 1) == {"ante": 0, "blind": 0, "play": 1}     # no pair: no qualifier
    assert holdem("3h 5h", "Ac 6d", dry, 2) == {"ante": 0, "blind": -1, "play": -2}
    assert holdem("Ah Kh", "Jd Jc", "2h 7h 9h Js 4s", 4) == {"ante": 1, "blind": 1.5, "play": 4}
    assert holdem("Jd Jc", "Ah Kh", "2h 7h 9h Js 4s", 4) == {"ante": -1, "blind": -1, "play": -4}  # a beaten flush
    assert holdem("2c 3d", "4h 5h", "As Kd Qh Jc Tc", 4) == {"ante": 0, "blind": 0, "play": 0}  # both play the board
    assert holdem("2c 3d", "4h 5h", dry, 0) == {"ante": -1, "blind": -1, "play": 0}
    assert holdem("As Ks", "2d 2h", "Qs Js Ts 3c 8d", 1)["blind"] == 500


def caribbean_stud() -> GameData:
    """Caribbean Stud Poker as written in shared/rules/more-games.md: the Raise is paid by its table
    only when the dealer qualifies (ace-king or better) and the player's hand is higher."""
    raise_table = Paytable(FIVE, (("straight_flush of A", 100), ("straight_flush", 50), ("four_of_a_kind", 20),
                                  ("full_house", 7), ("flush", 5), ("straight", 4), ("three_of_a_kind", 3),
                                  ("two_pair", 2), ("high_card or better", 1)))
    return GameData("caribbean", "Caribbean Stud Poker", FIVE, 5, 5, 1, 0, "high_card of A-K or better", True,
                    (PlayOption(2),),
                    (MainWager("ante", "Ante", False, -1, (1, 1, 1, 1, 0, -1)),
                     MainWager("raise", "Raise", True, 0, (0, 0, 0, 1, 0, -1), raise_table, "instead", ("win",))),
                    {})


def test_a_paytable_only_on_the_win_outcome():
    data = caribbean_stud()
    two_pair = "Ks Kd 9c 9h 2s"
    assert settled(data, two_pair, "As Kc 7d 5h 3c", 2) == {"ante": 1, "raise": 4, "total": 5}   # 2 to 1 on 2 units
    assert settled(data, two_pair, "As Qc 7d 5h 3c", 2) == {"ante": 1, "raise": 0, "total": 1}   # no qualifier
    assert settled(data, two_pair, "Ac Ah 7d 5h 3c", 2) == {"ante": 1, "raise": 4, "total": 5}   # a pair qualifies
    assert settled(data, two_pair, "Kc Kh 9d 9s 2c", 2) == {"ante": 0, "raise": 0, "total": 0}   # a tie
    assert settled(data, two_pair, "Ac Ah Ad 5h 3c", 2) == {"ante": -1, "raise": -2, "total": -3}
    assert settled(data, "Ts Js Qs Ks As", "Ac Kc 7d 5h 3c", 2)["raise"] == 200
    assert settled(data, two_pair, "Ac Ah Ad 5h 3c", 0) == {"ante": -1, "raise": 0, "total": -1}


def test_the_outcomes_a_paytable_applies_on_are_read_from_the_rules():
    rules = load_game("crazy4")
    assert [MainWager.of(w).paid_on for w in rules.wagers] == [OUTCOMES] * 3
    assert MainWager.of(load_game("uth").wagers[1]).paid_on == WINNING == ("no_qualify_win", "win")
    bonus = replace(rules.wagers[1])
    object.__setattr__(bonus, "paytable_outcomes", ("win", "tie"))  # the general key of the rules language
    assert MainWager.of(bonus).paid_on == ("win", "tie")
    data = replace(GameData.of(rules), wagers=(MainWager.of(bonus),), side_bets={})
    trips = "7s 7d 7h 2c 9d"
    assert settled(data, trips, "Kh Kc 8d 6s 3c", 1)["super_bonus"] == 2      # win: paid
    assert settled(data, trips, "Qc Jd 9h 5s 3c", 1)["super_bonus"] == 0      # no qualifier: the result


def test_side_bets_per_unit_of_their_own_stake():
    queens_up = GameData.of(load_game("crazy4")).side_bets["queens_up"].table
    assert [float(queens_up.pays({FOUR: best(cards(hand), FOUR)})[0][0]) for hand in
            ("Qs Qd 9c 3h 2d", "9s 9d 9c 9h 2d")] == [1, 50]
    assert settled(GameData.of(load_game("crazy4")), "Js Jd 9c 3h 2d", "Qc Jd 9h 5s 3c", 1)["queens_up"] == -1
    super4 = GameData.of(load_game("super4"))  # Player Bonus on five cards, all other hands push
    assert [settled(super4, hand, "Qc Jd 9h 5s 3c", 1)["player_bonus"] for hand in
            ("Ts Js Qs Ks As", "2s 2d 2h 3c 3d", "2s 5d 9h Jc Kd")] == [500, 4, 0]
    assert settled(super4, "Qs Qd 9c 3h 2d", "Qc Jd 9h 5s 3c", 0)["hole_card_bonus"] == 1
    uth = GameData.of(load_game("uth"))  # Trips on the best five of the hole cards and the board
    assert settled(uth, "As Ks", "2c 3d", 0, "Qs Js Ts 2h 3c")["trips"] == 50
    assert settled(uth, "7s 7d", "2c 3d", 1, "7c 2h 9d Jh 4s")["trips"] == 3


# -- the Play options --------------------------------------------------------------
class Always:
    """A strategy that plays one multiple with every hand."""

    name = "always"

    def __init__(self, multiple: int) -> None:
        self.multiple = multiple

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        return np.full(len(player), self.multiple)


def test_a_multiple_the_rules_forbid_is_refused():
    data = GameData.of(load_game("crazy4"))  # 2x and 3x only with a pair of aces or better
    with pytest.raises(SimulationError, match="plays 3x without pair of A or better"):
        play(data, Always(3), np.random.default_rng(1), 1_000)
    with pytest.raises(SimulationError, match=r"plays 5x, which the rules do not offer"):
        play(data, Always(5), np.random.default_rng(1), 10)
    assert set(play(data, Always(1), np.random.default_rng(1), 10)) == {"ante", "super_bonus", "play", "total",
                                                                         "queens_up"}
    no_fold = replace(data, fold=False)
    with pytest.raises(SimulationError, match="plays 0x"):
        play(no_fold, Always(0), np.random.default_rng(1), 10)


class Stacked:
    """Stands in for the generator: deals the given cards first, the rest of each deck in order."""

    def __init__(self, *deals: str) -> None:
        self.decks = []
        for text in deals:
            top = cards(text)[0].tolist()
            self.decks.append(top + [card for card in range(52) if card not in top])

    def permuted(self, decks: np.ndarray, axis: int) -> np.ndarray:
        assert decks.shape == (len(self.decks), 52) and axis == 1
        return np.array(self.decks)


class Seen:
    """A strategy that records what it is shown and plays 1x."""

    name = "seen"

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        self.shown = (player.tolist(), up_cards.tolist(), board.tolist())
        return np.ones(len(player), dtype=np.int64)


def test_a_stacked_deck_is_dealt_card_by_card():
    # Four Card Fever: the player's five, then the dealer's six, the first of them face up
    strategy = Seen()
    results = play(GameData.of(load_game("fourcardfever")), strategy, Stacked("As Ad Ah Ac 2d 2c 3c 4c 5c 9d Jd"), 1)
    assert strategy.shown == (cards("As Ad Ah Ac 2d").tolist(), cards("2c").tolist(), [[]])
    assert results["play"][0] == 1 and results["ante"][0] == 26 and results["player_bonus"][0] == 50
    # Hold'em: the player's two, the dealer's two, then the board
    results = play(GameData.of(load_game("uth")), strategy, Stacked("As Ks 2d 2h Qs Js Ts 3c 8d"), 1)
    assert strategy.shown == (cards("As Ks").tolist(), [[]], cards("Qs Js Ts 3c 8d").tolist())
    assert results["blind"][0] == 500 and results["trips"][0] == 50


def three_card_poker() -> GameData:
    """Three Card Poker as written in shared/rules/more-games.md, Pair Plus 40-30-6-3-1."""
    bonus = Paytable(THREE, (("straight_flush", 5), ("three_of_a_kind", 4), ("straight", 1)))
    pair_plus = Paytable(THREE, (("straight_flush", 40), ("three_of_a_kind", 30), ("straight", 6), ("flush", 3),
                                 ("pair", 1)))
    return GameData("threecard", "Three Card Poker", THREE, 3, 3, 0, 0, "high_card of Q or better", True,
                    (PlayOption(1),),
                    (MainWager("ante", "Ante", False, -1, (1, 1, 1, 1, 0, -1), bonus, "in_addition"),
                     MainWager("play", "Play", True, 0, (0, 0, 0, 1, 0, -1))),
                    {"pair_plus": SideBetData("Pair Plus", pair_plus)})


class QueenSixFour:
    """Three Card Poker's optimal strategy: play with Q-6-4 or better, a strategy written by its caller."""

    name = "Q-6-4"

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        return matches(evaluate(player, THREE), THREE, "high_card of Q-6-4 or better").astype(np.int64)


def test_a_game_from_its_rules_data_and_a_caller_s_strategy(three_card):
    # published: 3.37% per ante with Q-6-4 and the Ante Bonus 5-4-1; Pair Plus 40-30-6-3-1 7.28%
    data = three_card_poker()
    hands = 200_000
    results = play(data, QueenSixFour(), np.random.default_rng(SEED), hands)
    for name, exact in (("total", -0.0337), ("pair_plus", -0.0728)):
        mean, error = results[name].mean(), results[name].std() / np.sqrt(hands)
        assert abs(mean - exact) < Z_LIMIT * error, (name, mean, error)


# -- the strategies ------------------------------------------------------------------
def test_suit_class_keys_ignore_a_relabelling_of_suits():
    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((5_000, 52)), axis=1)[:, :6]
    relabel = np.array([2, 0, 3, 1])
    moved = 4 * (deals >> 2) + relabel[deals & 3]
    assert (suit_class_keys(deals[:, :5], deals[:, 5]) == suit_class_keys(moved[:, :5], moved[:, 5])).all()
    assert (suit_class_keys(deals[:, :5]) == suit_class_keys(moved[:, ::-1][:, 1:])).all()  # order does not matter
    changed = deals.copy()
    changed[:, 5] = 4 * (deals[:, 5] >> 2) + (deals[:, 5] + 1) % 4  # the up-card's suit against the hand
    same_hand = suit_class_keys(deals[:, :5], changed[:, 5]) == suit_class_keys(deals[:, :5], deals[:, 5])
    assert not same_hand.all()


def test_a_strategy_table_refuses_deals_it_has_no_situation_for():
    table = StrategyTable.build(cards("As Ad 4c"), None, [1], "one class")
    none = np.zeros((1, 0), dtype=np.int64)
    assert table.multiples(cards("Ah Ac 4d"), none, none).tolist() == [1]
    with pytest.raises(SimulationError, match="no situation"):
        table.multiples(cards("Ah Kc 4d"), none, none)
    with pytest.raises(SimulationError, match="up-card"):
        table.multiples(cards("Ah Ac 4d"), cards("2c"), none)


def test_the_strategy_chart_s_hands_get_the_chart_s_decisions(crazy4):
    table, exact = strategy_and_exact(crazy4)
    assert exact is crazy4 and table.name == "optimal (from the exact analysis)"
    chart = crazy4.strategy(exact=False)  # the analyzer's chart, hands written as text
    hands = np.concatenate([cards(text) for text in chart["hand"]])
    wanted = [0 if name == "fold" else int(name.removeprefix("play ").removesuffix("x")) for name in chart["decision"]]
    none = np.zeros((len(hands), 0), dtype=np.int64)
    assert (table.multiples(hands, none, none) == wanted).all()


@pytest.fixture(scope="module")
def fcf_table(fourcardfever):
    """The Four Card Fever strategy table of the exact analysis (built once: a few seconds)."""
    return strategy_and_exact(fourcardfever)[0]


@pytest.mark.slow
def test_up_card_decisions_survive_a_relabelling_of_suits(fourcardfever, fcf_table):
    situations = fourcardfever.situations
    rows = np.random.default_rng(5).choice(len(situations.cards), 20_000, replace=False)
    hands, up = situations.cards[rows].astype(np.int64), situations.up_card[rows].astype(np.int64)
    relabel = np.array([3, 1, 0, 2])
    moved_hands, moved_up = 4 * (hands >> 2) + relabel[hands & 3], 4 * (up >> 2) + relabel[up & 3]
    board = np.zeros((len(rows), 0), dtype=np.int64)
    assert (fcf_table.multiples(moved_hands, moved_up[:, None], board) == fourcardfever.chosen_multiple[rows]).all()
    assert {0, 1, 3} <= set(np.unique(fourcardfever.chosen_multiple[rows]).tolist())  # folds and raises alike


class Posted:
    """A posted card stand-in: 4x pre-flop with a pair, 2x on the flop with a suited flop card, 1x on
    the river with an ace on the board; the calls it gets are recorded."""

    name = "stand-in"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def preflop_decision(self, hole):
        return "4x" if hole[0] >> 2 == hole[1] >> 2 else "check"

    def flop_decision(self, hole, flop):
        self.calls.append(f"flop {len(flop)}")
        return "2x" if any(card & 3 == hole[0] & 3 for card in flop) else "check"

    def river_decision(self, hole, board):
        self.calls.append(f"river {len(board)}")
        return "1x" if any(card >> 2 == 12 for card in board) else "fold"


def test_a_posted_card_decides_street_by_street():
    assert bet("4x") == 4 and bet("check") == bet("fold") == 0
    posted = Posted()
    strategy = StreetStrategy(posted)
    assert strategy.name == "posted card (stand-in)"
    hole = np.concatenate([cards("7s 7d"), cards("2c 9d"), cards("2c 9d"), cards("2c 9d")])
    board = np.concatenate([cards("Kh 4h 5h 6h Jh"), cards("Kc 4h 5h As Jh"), cards("Kh 4h 5h As Jh"),
                            cards("Kh 4h 5h 6h Jh")])
    posted.calls.clear()
    assert strategy.multiples(hole, np.zeros((4, 0), dtype=np.int64), board).tolist() == [4, 2, 1, 0]
    assert posted.calls == ["flop 3", "flop 3", "river 5", "flop 3", "river 5"]


# -- a modest simulation of every game -------------------------------------------
@pytest.mark.parametrize("game", ["crazy4", "super4", "fourcardfever", "uth"])
@pytest.mark.slow
def test_every_wager_agrees_with_the_exact_value(game, request):
    analysis = request.getfixturevalue(game)
    check = simulate(analysis, HANDS[game], SEED)
    expected = [w.name for w in analysis.rules.wagers] + ["total"] + [b.name for b in analysis.rules.side_bets]
    assert [row.wager for row in check.wagers] == expected
    assert all(row.hands == HANDS[game] for row in check.wagers)
    assert check.passed, check.as_text()
    assert all(abs(row.z) <= Z_LIMIT for row in check.wagers)


def test_the_caller_gives_the_strategy_and_the_exact_results(crazy4):
    table, _ = strategy_and_exact(crazy4)
    check = simulate_game(crazy4.rules, table, crazy4, 20_000, 4)
    assert [row.mean for row in check.wagers] == [row.mean for row in simulate(crazy4, 20_000, 4).wagers]
    exact = exact_figures(crazy4.rules, crazy4)
    assert [(row.exact, row.exact_variance) for row in check.wagers] == [exact[row.wager] for row in check.wagers]
    assert check.strategy == "optimal (from the exact analysis)" and check.passed


def test_default_hands_follow_the_cards_dealt():
    assert default_hands(load_game("crazy4")) == default_hands("fourcardfever") == 1_000_000
    assert default_hands(load_game("uth")) == 100_000 and default_hands("uth", report=True) == 50_000


@pytest.mark.slow
def test_the_same_seed_deals_the_same_hands_whatever_the_workers(crazy4, monkeypatch):
    monkeypatch.setitem(CHUNK_HANDS, False, 2_500)  # 40 chunks: enough for two workers
    one = simulate(crazy4, 100_000, 11)
    again = simulate(crazy4, 100_000, 11, jobs=2)
    other = simulate(crazy4, 100_000, 12)
    assert [row.mean for row in one.wagers] == [row.mean for row in again.wagers]
    assert [row.mean for row in one.wagers] != [row.mean for row in other.wagers]


@pytest.fixture
def broken_crazy4(monkeypatch):
    """The simulator reads Crazy 4 Poker's Super Bonus wrong: it pushes below a straight even when beaten."""
    right = GameData.of.__func__

    def wrong(cls, rules):
        data = right(cls, rules)
        bonus = next(wager for wager in data.wagers if wager.name == "super_bonus")
        pushed = replace(bonus, results=tuple(max(result, 0) for result in bonus.results))
        return replace(data, wagers=tuple(pushed if wager is bonus else wager for wager in data.wagers))

    monkeypatch.setattr(settlement.GameData, "of", classmethod(wrong))


def test_a_settlement_mistake_fails_the_check(crazy4, broken_crazy4):
    check = simulate(crazy4, 100_000, SEED)
    failed = {row.wager for row in check.wagers if not row.passed}
    assert failed == {"super_bonus", "total"} and not check.passed
    assert check.warnings() and "Super Bonus" in check.warnings()[0]


# -- the command line ----------------------------------------------------------
@pytest.mark.parametrize("arguments, message", [
    (("simulate", "blackjack"), "unknown game 'blackjack'"),
    (("simulate", "crazy4", "--hands", "many"), "--hands takes a whole number"),
    (("simulate", "crazy4", "--seed", "-1"), "--seed must be at least 0"),
    (("simulate", "crazy4", "--option", "no_such=thing"), "unknown rule option 'no_such'"),
    (("simulate", "crazy4", "--strategy", "mine.toml"), "unrecognized arguments: --strategy"),
    (("report", "crazy4", "--simulation-hands", "1"), "0 (no simulation check) or at least 2"),
])
def test_bad_input_is_one_line_and_exit_code_2(arguments, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli.main(list(arguments))
    error = capsys.readouterr().err
    assert exit_.value.code == 2 and error.count("\n") == 1 and message in error
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_process_exits_2_on_bad_input(tmp_path):
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", "simulate", "crazy4", "--hands", "1"],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--hands must be at least 2" in done.stderr
    assert "Traceback" not in done.stderr and list(tmp_path.iterdir()) == []


@pytest.fixture
def fast_cli(monkeypatch, crazy4):
    """The CLI with the session's Crazy 4 analysis instead of a fresh enumeration."""
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: crazy4)
    return cli


def test_simulate_prints_json_and_exits_0(fast_cli, capsys):
    with pytest.raises(SystemExit) as exit_:
        fast_cli.main(["simulate", "crazy4", "--hands", "50000", "--seed", "3", "--json", "--quiet", "--jobs", "1"])
    assert exit_.value.code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["hands"] == 50_000 and result["seed"] == 3 and result["passed"] is True
    assert [row["wager"] for row in result["wagers"]] == ["ante", "super_bonus", "play", "total", "queens_up"]
    row = result["wagers"][-1]
    assert row["exact"] == "-979/21658" and abs(row["z"]) <= Z_LIMIT  # Queens Up 50-40-8-4-3-2-1, per unit


def test_a_failed_check_exits_1_with_a_warning(fast_cli, broken_crazy4, capsys):
    with pytest.raises(SystemExit) as exit_:
        fast_cli.main(["simulate", "crazy4", "--hands", "100000", "--quiet", "--jobs", "1"])
    assert exit_.value.code == 1
    captured = capsys.readouterr()
    assert "SOME WAGER OUTSIDE" in captured.out and "WARNING: Simulation check" in captured.err


def test_simulate_uth_needs_no_enumeration(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "uth", "--hands", "3000", "--quiet", "--jobs", "1"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert "optimal strategy, played deal by deal" in text and "Trips" in text and "every wager within" in text


def test_the_report_has_a_simulation_check_sheet(fast_cli, tmp_path):
    path = tmp_path / "c4.xlsx"
    with pytest.raises(SystemExit) as exit_:
        fast_cli.main(["report", "crazy4", "-o", str(path), "--quiet", "--jobs", "1", "--simulation-hands", "40000",
                       "--seed", "5"])
    assert exit_.value.code == 0
    sheet = openpyxl.load_workbook(path)["Simulation check"]
    rows = [row for row in sheet.iter_rows(values_only=True) if any(cell is not None for cell in row)]
    labels = {row[0]: row[1] for row in rows if row[0]}
    assert labels["hands"] == 40_000 and labels["seed (numpy Generator, one per chunk of hands: seed and chunk number)"] == 5
    header = next(index for index, row in enumerate(rows) if row[0] == "wager")
    assert list(rows[header][:9]) == ["wager", "unit", "hands", "mean", "standard error", "exact", "exact (p/q)", "z",
                                      f"|z| <= {Z_LIMIT}"]
    table = rows[header + 1:]
    assert [row[0] for row in table] == ["Ante", "Super Bonus", "Play", "Total (main game)", "Queens Up"]
    assert all(row[8] == "pass" and abs(row[7]) <= Z_LIMIT for row in table)
    without = tmp_path / "plain.xlsx"
    with pytest.raises(SystemExit):
        fast_cli.main(["report", "crazy4", "-o", str(without), "--quiet", "--simulation-hands", "0"])
    assert "Simulation check" not in openpyxl.load_workbook(without).sheetnames
