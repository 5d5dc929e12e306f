"""The independent simulation: its own hand evaluator, settlement by the written rules, strategy
lookup, a modest simulation of every game against the exact values, and the command line.

The simulator (analyzer/simulation/) shares no counting or ranking code with the enumeration;
only these tests compare its evaluator with the analyzer's ranking.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import openpyxl
import pytest

import analyzer.cli.main as cli
from analyzer.core.ranking import best_ranks_of, load_ranking
from analyzer.games.rules import load_game
from analyzer.simulation import Z_LIMIT, SimulationError, simulate
from analyzer.simulation.check import CHUNK_HANDS, prepared_game
from analyzer.simulation.games import (
    GAMES,
    FourCardGame,
    GameData,
    settle_holdem,
    side_bet,
    suit_class_keys,
)
from analyzer.simulation.hands import (
    ORDERS,
    at_least,
    best,
    cards,
    describe,
    evaluate,
    matches,
    pays,
)

FOUR, FIVE = "four_card", "five_card"
#: Hands of the modest simulation of each game (about 2 s each; Hold'em decides hand by hand).
HANDS = {"crazy4": 200_000, "super4": 200_000, "fourcardfever": 200_000, "uth": 20_000}
SEED = 20261129


def value(text: str, ranking: str = FOUR) -> int:
    """Value of the best hand of the cards written in ``text``."""
    row = cards(text)
    return int(best(row, 4 if ranking == FOUR else 5, ranking)[0])


# -- the simulator's own evaluator, by hand ------------------------------------
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
    assert describe(best(cards("As Ks Qs Js 2d"), 4, FOUR), FOUR) == "straight_flush A"
    assert describe(best(cards("2c 3c 4c 5c 9d Jd"), 4, FOUR), FOUR) == "straight_flush 5"
    assert describe(best(cards("9h 9d 9s 9c Ah Kd"), 4, FOUR), FOUR) == "four_of_a_kind 9-9-9-9"


def test_five_card_hands():
    ladder = ["Ts Js Qs Ks As", "9h 9d 9s 9c 2d", "2s 2d 2h 3c 3d", "2h 5h 9h Jh Kh", "Ac 2d 3h 4s 5c",
              "7s 7d 7h Kc 2d", "Ks Kd 2h 2c 9s", "As Ad 3h 2c 7d", "Ac Kd Qh 9s 7c"]
    names = ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair",
             "pair", "high_card"]
    values = [value(hand, FIVE) for hand in ladder]
    assert [describe(v, FIVE).split()[0] for v in values] == names
    assert values == sorted(values, reverse=True)
    assert value("2c 3d 4h 5s 6c", FIVE) > value("Ac 2d 3h 4s 5c", FIVE)  # the wheel is the lowest straight
    assert describe(best(cards("As Ad Ks Kd 2c 2d 7h"), 5, FIVE), FIVE) == "two_pair A-A-K-K-7"


def test_pay_line_hands():
    four = lambda text: best(cards(text), 4, FOUR)
    assert matches(four("Qs Qd 9c 3h 2d"), FOUR, "pair of Q or better")[0]
    assert not matches(four("Js Jd Ac Kh 2d"), FOUR, "pair of Q or better")[0]
    assert matches(four("2s 3d 4c 5h 9d"), FOUR, "pair of Q or better")[0]  # a straight is better
    assert matches(four("As Ad Ah Ac 2d"), FOUR, "four_of_a_kind of A")[0]
    assert not matches(four("Ks Kd Kh Kc 2d"), FOUR, "four_of_a_kind of A")[0]
    assert matches(four("Kc 4d 3h 2s 7d"), FOUR, "high_card of K or better")[0]
    assert not matches(four("Qc Jd 9h 8s 2d"), FOUR, "high_card of K or better")[0]
    royal = best(cards("Ts Js Qs Ks As 2c 3d"), 5, FIVE)
    assert matches(royal, FIVE, "straight_flush of A")[0]
    assert not matches(best(cards("9s Ts Js Qs Ks"), 5, FIVE), FIVE, "straight_flush of A")[0]
    assert pays(four("Qs Qd 9c 3h 2d"), FOUR, [("flush", 4.0), ("pair of Q or better", 1.0)])[0].tolist() == [1.0]


# -- the simulator's evaluator against the analyzer's ranking (tests only) -----
def same_order(mine: np.ndarray, theirs: np.ndarray) -> bool:
    """Whether two valuations order and tie every pair of hands alike (checked through a sort)."""
    order = np.lexsort((mine, theirs))
    a, b = np.diff(mine[order]), np.diff(theirs[order])
    return bool(((a > 0) == (b > 0)).all() and ((a == 0) == (b == 0)).all() and (a >= 0).all())


@pytest.mark.parametrize("ranking, cards_, size", [(FOUR, 4, 4), (FOUR, 5, 4), (FOUR, 6, 4), (FIVE, 5, 5),
                                                   (FIVE, 7, 5)])
def test_the_evaluator_orders_random_hands_as_the_analyzer(ranking, cards_, size):
    hands = random_hands(40_000, cards_, cards_ * 10 + size)
    theirs = best_ranks_of(load_ranking(ranking), hands)
    mine = best(hands, size, ranking)
    assert same_order(mine, theirs)
    names = np.array(ORDERS[ranking])[mine // (1 << 20)]
    assert (names == np.array([load_ranking(ranking).category_name(r) for r in theirs])).all()


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` random hands of ``size`` cards, sorted within each row (as the analyzer wants them)."""
    return np.sort(np.argsort(np.random.default_rng(seed).random((count, 52)), axis=1)[:, :size], axis=1)


@pytest.mark.parametrize("game", ["crazy4", "super4", "fourcardfever", "uth"])
def test_every_pay_line_matches_the_analyzer_s_hands(game):
    rules = load_game(game)
    tables = [(w.ranking, p) for w in rules.wagers for p in w.paytables.values()]
    tables += [(b.ranking, p) for b in rules.side_bets for p in b.paytables.values()]
    for ranking, paytable in tables:
        hands = random_hands(30_000, ranking.cards, 7)
        lines = [(line.pattern.text, index) for index, line in enumerate(paytable.lines)]
        amounts, hit = pays(evaluate(hands, ranking.name), ranking.name, lines)
        assert (np.where(hit, amounts, -1) == paytable.line_index(ranking, ranking.evaluate(hands))).all()


@pytest.mark.parametrize("game, category, rank", [("crazy4", "high_card", "K"), ("super4", "high_card", "K"),
                                                  ("uth", "pair", None)])
def test_the_written_qualifiers_agree_with_the_game_files(game, category, rank):
    rules = load_game(game)
    hands = random_hands(30_000, rules.ranking.cards, 8)
    mine = at_least(evaluate(hands, rules.ranking.name), rules.ranking.name, category, rank)
    assert (mine == rules.dealer_qualifies.matches(rules.ranking, rules.ranking.evaluate(hands))).all()
    assert 0.05 < mine.mean() < 0.95


# -- settlement of hand-picked deals by the written rules ----------------------
def settle(game: str, player: str, dealer: str, multiple: int, **options: str) -> dict[str, float]:
    data = GameData.of(load_game(game, options))
    results = GAMES[game].settle(np.array([value(player)]), np.array([value(dealer)]), np.array([multiple]), data)
    return {name: float(result[0]) for name, result in results.items()}


def test_crazy4_settlement():
    no_queen_high = "Qc Jd 9h 5s 3c"
    # trips against a dealer who does not qualify: Ante pushes, Play wins, Super Bonus pays 2 to 1
    assert settle("crazy4", "7s 7d 7h 2c 9d", no_queen_high, 3) == {"ante": 0, "super_bonus": 2, "play": 3}
    # a straight loses to a qualifying flush, and still collects the Super Bonus
    assert settle("crazy4", "5h 6d 7c 8s Kd", "2h 6h 9h Jh Ad", 1) == {"ante": -1, "super_bonus": 1, "play": -1}
    # below a straight, beaten by a dealer who does not qualify: the reading of the rule option
    beaten = ("Qs Jd 9c 7h 2s", "Qh Jc 9d 8s 3c", 1)
    assert settle("crazy4", *beaten) == {"ante": 0, "super_bonus": -1, "play": 1}
    assert settle("crazy4", *beaten, super_bonus_without_qualifier="push")["super_bonus"] == 0
    # a qualifying dealer beaten: even money, the Super Bonus pushes below a straight; a tie pushes all
    assert settle("crazy4", "Ks Kd 9c 7h 2s", "Kh Kc 8d 6s 3c", 1) == {"ante": 1, "super_bonus": 0, "play": 1}
    assert settle("crazy4", "Ks Kd 9c 7h 2s", "Kh Kc 9d 7s 3c", 1) == {"ante": 0, "super_bonus": 0, "play": 0}
    # a fold loses Ante and Super Bonus, whatever the hand
    assert settle("crazy4", "As Ad Ah Ac 2d", no_queen_high, 0) == {"ante": -1, "super_bonus": -1, "play": 0}
    queens_up = GameData.of(load_game("crazy4")).side_bets["queens_up"][1]
    assert [float(side_bet(best(cards(hand), 4, FOUR), queens_up)[0]) for hand in
            ("Qs Qd 9c 3h 2d", "Js Jd 9c 3h 2d", "9s 9d 9c 9h 2d")] == [1, -1, 50]


def test_super4_settlement():
    # flush: X-tra Bonus 3 to 1 as written, whatever the dealer holds
    assert settle("super4", "2h 5h 9h Jh 3c", "As Ad Ah Kc 2d", 1)["xtra_bonus"] == 3
    # "It does not matter whether the dealer qualifies": below a straight and beaten, it loses
    assert settle("super4", "Qs Jd 9c 7h 2s", "Qh Jc 9d 8s 3c", 1) == {"ante": 0, "xtra_bonus": -1, "play": 1}
    data = GameData.of(load_game("super4"))
    player_bonus, hole_card = data.side_bets["player_bonus"][1], data.side_bets["hole_card_bonus"][1]
    five = lambda text: best(cards(text), 5, FIVE)
    assert [float(side_bet(five(hand), player_bonus)[0]) for hand in
            ("Ts Js Qs Ks As", "2s 2d 2h 3c 3d", "2s 5d 9h Jc Kd")] == [500, 4, 0]  # other hands push
    assert float(side_bet(best(cards("Qs Qd 9c 3h 2d"), 4, FOUR), hole_card)[0]) == 1


def test_four_card_fever_settlement():
    # ties go to the player; the dealer plays the best four of six
    assert settle("fourcardfever", "Ks Kd 9c 7h 2s", "Kh Kc 9d 7s 3c 2d", 2) == {"ante": 1, "play": 2}
    # the Ante Bonus is paid on top of the Ante's result, even when the dealer wins
    assert settle("fourcardfever", "7s 7d 7h 2c 9d", "8s 8d 8h 3c 4d 5h", 1) == {"ante": 1, "play": -1}
    assert settle("fourcardfever", "As Ad Ah Ac 2d", "2c 3c 4c 5c 9d Jd", 3) == {"ante": 26, "play": 3}
    assert settle("fourcardfever", "7s 7d 7h 2c 9d", "8s 8d 8h 3c 4d 5h", 0) == {"ante": -1, "play": 0}
    bonus = GameData.of(load_game("fourcardfever")).side_bets["player_bonus"][1]
    assert [float(side_bet(best(cards(hand), 4, FOUR), bonus)[0]) for hand in
            ("As Ad 9c 3h 2d", "Ks Kd 9c 3h 2d", "Ks Kd 9c 9h 2d")] == [1, -1, 3]


def holdem(hole: str, dealer: str, board: str, multiple: int) -> dict[str, float]:
    data = GameData.of(load_game("uth"))
    mine, theirs = value(f"{hole} {board}", FIVE), value(f"{dealer} {board}", FIVE)
    results = settle_holdem(np.array([mine]), np.array([theirs]), np.array([multiple]), data)
    return {name: float(result[0]) for name, result in results.items()}


@pytest.mark.slow
def test_holdem_settlement():
    dry = "2c 7d 9h Js 4s"
    # the dealer does not qualify: the Ante pushes, the rest is settled as usual
    assert holdem("As Kd", "3c 5d", dry, 1) == {"ante": 0, "blind": 0, "play": 1}
    assert holdem("3h 5h", "Ac 6d", dry, 2) == {"ante": 0, "blind": -1, "play": -2}
    # a flush beats a qualifying dealer: the Blind pays 3 to 2
    assert holdem("Ah Kh", "Jd Jc", "2h 7h 9h Js 4s", 4) == {"ante": 1, "blind": 1.5, "play": 4}
    # both play the board: everything pushes; a fold loses Ante and Blind
    assert holdem("2c 3d", "4h 5h", "As Kd Qh Jc Tc", 4) == {"ante": 0, "blind": 0, "play": 0}
    assert holdem("2c 3d", "4h 5h", dry, 0) == {"ante": -1, "blind": -1, "play": 0}
    assert holdem("As Ks", "2d 2h", "Qs Js Ts 3c 8d", 1)["blind"] == 500
    trips = GameData.of(load_game("uth")).side_bets["trips"][1]
    assert float(side_bet(best(cards("As Ks Qs Js Ts 2c 3d"), 5, FIVE), trips)[0]) == 50
    assert float(side_bet(best(cards("7s 7d 7c 2c 9d Jh 4s"), 5, FIVE), trips)[0]) == 3


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


@pytest.fixture(scope="module")
def fcf_game(fourcardfever):
    """The simulator's Four Card Fever with the optimal strategy table (built once: a few seconds)."""
    return prepared_game(fourcardfever)[0]


@pytest.mark.slow
def test_a_stacked_deck_is_dealt_card_by_card(fourcardfever, fcf_game):
    game = fcf_game
    data = GameData.of(fourcardfever.rules)
    # player's five, then the dealer's six, the first of them face up
    results = game.play(Stacked("As Ad Ah Ac 2d 2c 3c 4c 5c 9d Jd"), 1, data)
    assert results["play"][0] == 3 and results["ante"][0] == 26 and results["player_bonus"][0] == 50


# -- the strategy lookup -------------------------------------------------------
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


def test_the_strategy_chart_s_hands_get_the_chart_s_decisions(crazy4):
    game, _ = prepared_game(crazy4)
    chart = crazy4.strategy(exact=False)  # the analyzer's chart, hands written as text
    hands = np.concatenate([cards(text) for text in chart["hand"]])
    wanted = [0 if name == "fold" else int(name.removeprefix("play ").removesuffix("x")) for name in chart["decision"]]
    assert (game.strategy.decide(hands, None) == wanted).all()


@pytest.mark.slow
def test_up_card_decisions_survive_a_relabelling_of_suits(fourcardfever, fcf_game):
    game = fcf_game
    situations = fourcardfever.situations
    rows = np.random.default_rng(5).choice(len(situations.cards), 20_000, replace=False)
    hands, up = situations.cards[rows].astype(np.int64), situations.up_card[rows].astype(np.int64)
    relabel = np.array([3, 1, 0, 2])
    moved_hands, moved_up = 4 * (hands >> 2) + relabel[hands & 3], 4 * (up >> 2) + relabel[up & 3]
    assert (game.strategy.decide(moved_hands, moved_up) == fourcardfever.chosen_multiple[rows]).all()
    assert {0, 1, 3} <= set(np.unique(fourcardfever.chosen_multiple[rows]).tolist())  # folds and raises alike


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


@pytest.mark.slow
def test_the_same_seed_deals_the_same_hands_whatever_the_workers(crazy4, monkeypatch):
    monkeypatch.setitem(CHUNK_HANDS, FourCardGame, 2_500)  # 40 chunks: enough for two workers
    one = simulate(crazy4, 100_000, 11)
    again = simulate(crazy4, 100_000, 11, jobs=2)
    other = simulate(crazy4, 100_000, 12)
    assert [row.mean for row in one.wagers] == [row.mean for row in again.wagers]
    assert [row.mean for row in one.wagers] != [row.mean for row in other.wagers]


@pytest.fixture
def broken_crazy4(monkeypatch):
    """Crazy 4 Poker with a settlement mistake: the Super Bonus pushes below a straight even when beaten."""
    right = GAMES["crazy4"].settle

    def wrong(player, dealer, multiple, data):
        results = right(player, dealer, multiple, data)
        results["super_bonus"] = np.where(multiple > 0, np.maximum(results["super_bonus"], 0), -1)
        return results

    monkeypatch.setitem(GAMES, "crazy4", replace(GAMES["crazy4"], settle=wrong))


def test_a_settlement_mistake_fails_the_check(crazy4, broken_crazy4):
    check = simulate(crazy4, 100_000, SEED)
    failed = {row.wager for row in check.wagers if not row.passed}
    assert failed == {"super_bonus", "total"} and not check.passed
    assert check.warnings() and "Super Bonus" in check.warnings()[0]


def test_a_reading_the_simulator_does_not_know_is_refused():
    rules = load_game("crazy4")
    unknown = replace(rules.options[0], name="dealer_flips_a_coin")
    with pytest.raises(SimulationError, match="dealer_flips_a_coin"):
        prepared_game(SimpleNamespace(rules=replace(rules, options=(unknown,))))


# -- the command line ----------------------------------------------------------
@pytest.mark.parametrize("arguments, message", [
    (("simulate", "blackjack"), "unknown game 'blackjack'"),
    (("simulate", "crazy4", "--hands", "many"), "--hands takes a whole number"),
    (("simulate", "crazy4", "--seed", "-1"), "--seed must be at least 0"),
    (("simulate", "crazy4", "--option", "no_such=thing"), "unknown rule option 'no_such'"),
    (("simulate", "crazy4", "--strategy", "mine.toml"), "not for it"),
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
    monkeypatch.setattr(cli, "analyze", lambda game, options, **_: crazy4)
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
    assert "posted card" in text and "Trips" in text and "every wager within" in text


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
