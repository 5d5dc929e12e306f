"""Strategies written street by street for Hold'em games over streets: the file read and placed on the decision
points, then the kernel with the written choices imposed against a plain recursion over every deal for sampled
hole pairs, and a whole reduced problem against the same game whose streets offer only the written choice."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

import analyzer.cli.main as cli
from analyzer.core.cards import parse_cards
from analyzer.engines.base import Run
from analyzer.engines.holdem.enumeration import HOLE_PAIRS, pair_index
from analyzer.engines.holdem.sevens import FLUSH_RANK, LINE_COUNT, STRAIGHT_TOP
from analyzer.engines.holdem.street_engine import StreetHoldemEngine, written_analysis
from analyzer.engines.holdem.street_strategy import load_written_streets
from analyzer.engines.holdem.streets import KnownCards, LEVELS, NOT_COUNTED, flop_work, qualifying_rank, street_flop
from analyzer.games.rules import RulesError, load_game
from tests.engines.holdem.test_streets import FLOP_CLASSES, plain_values, plan_of, reduced

ROOT = Path(__file__).resolve().parents[3]
THB_RULES = """
[[streets]]
rules = ["fold with 1 card of 2 to 2 and not 1 card of 8 or higher and not any pair and not 2 suited",
         "otherwise flop bet 2x"]
[[streets]]
rules = ["turn bet 1x with any pair and not any pair on the board", "turn bet 1x with 4 suited", "otherwise check"]
[[streets]]
rules = ["river bet 1x with 2 cards of T or higher in the hole cards", "check"]
"""
CASINO_RULES = """
[[streets]]
rules = ["call 2x with any pair", "call 2x with 4 to a straight", "otherwise fold"]
"""


def strategy_file(tmp_path, text, name="written.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


# --------------------------------------------------------------------------- the file


def test_each_street_s_rules_are_read_at_its_decision_point(tmp_path):
    written = load_written_streets(strategy_file(tmp_path, THB_RULES), load_game("thb"))
    assert written.levels == (0, 1, 2)
    casino = load_written_streets(strategy_file(tmp_path, CASINO_RULES), load_game("casinoholdem"))
    assert casino.levels == (1,) and (casino.preflop_choices() == -1).all()


def test_the_rows_hold_a_choice_for_every_live_hole_pair_and_turn_card(tmp_path):
    written = load_written_streets(strategy_file(tmp_path, THB_RULES), load_game("thb"))
    flop = np.array(sorted(parse_cards("2c 7d Jh")), dtype=np.int64)
    rows = written.flop_rows(flop)
    assert (rows[0] >= 0).sum() == 1176                     # the pairs of the 49 cards the flop leaves
    assert (rows[1:] >= 0).sum() == 49 * 1128               # per turn card, the pairs of the 48 others
    # A-K: no pair and three to a flush on the flop (check), two cards of T or higher on the turn (bet)
    ace_king, ace_three = pair_index(*parse_cards("Ad Kd")), pair_index(*parse_cards("As 3d"))
    assert rows[0, ace_king] == 0 and set(rows[1:, ace_king]) == {-1, 1}
    # A-3: checks on every turn; a three on the turn pairs it, but the turn's rules read the hole cards' ranks
    assert rows[0, ace_three] == 0 and set(rows[1:, ace_three]) == {-1, 0}


@pytest.mark.parametrize("text, message", [
    (THB_RULES.replace('"otherwise flop bet 2x"', '"otherwise raise 5x"'), "pre-flop: no choice 'raise 5x'"),
    (THB_RULES.replace("any pair on the board", "any pair on the table"), "cannot read condition"),
    ('[[streets]]\nrules = ["otherwise check"]\n', "give the rules of each of the game's 3 streets"),
    ('game = "casinoholdem"\n' + THB_RULES, "the file is for 'casinoholdem', not 'thb'"),
])
def test_a_bad_file_is_one_line_naming_it(tmp_path, text, message):
    path = strategy_file(tmp_path, text)
    with pytest.raises(RulesError, match=re.escape(message)) as error:
        StreetHoldemEngine("holdem").load_strategy(load_game("thb"), path)
    assert str(error.value).startswith(str(path)) and "\n" not in str(error.value)


def test_rules_on_the_river_are_refused_in_one_line(tmp_path):
    from tests.engines.holdem.test_streets import thb_with_a_river_bet
    rules = load_game(thb_with_a_river_bet(tmp_path))
    path = strategy_file(tmp_path, '[[streets]]\nrules = ["otherwise flop bet 2x"]\n'
                         + '[[streets]]\nrules = ["otherwise check"]\n' * 3)
    with pytest.raises(RulesError, match="river: a written Hold'em strategy over streets decides before the river"):
        StreetHoldemEngine("holdem").load_strategy(rules, path)


def test_a_game_deciding_where_a_posted_card_does_reads_the_card_s_rules(tmp_path):
    # UTH over streets decides before the flop, on the flop and on the river: rules street by street are read as
    # a posted card's, and refused in one line when they are not one
    from tests.engines.holdem.test_streets import uth_over_streets
    rules = uth_over_streets(tmp_path)
    path = strategy_file(tmp_path, '[[streets]]\nrules = ["otherwise check"]\n' * 2 + '[[streets]]\nrules = ["1x"]\n')
    with pytest.raises(RulesError) as error:
        StreetHoldemEngine("holdem").load_strategy(rules, path)
    assert str(error.value).startswith(str(path)) and "\n" not in str(error.value)


# --------------------------------------------------------------------------- the kernel against a plain recursion


@pytest.mark.slow
@pytest.mark.parametrize("game, text, flop, holes", [
    ("thb", THB_RULES, "2c 7d Jh", ["As Ad", "8d 9d", "3h 4c", "Jc 5d"]),
    ("casinoholdem", CASINO_RULES, "4s 5s Kd", ["6s 7s", "2h 2d", "Qc 9h", "Ah 3c"]),
])
def test_the_kernel_plays_the_written_choices_as_a_plain_recursion_does(tmp_path, game, text, flop, holes):
    rules, plan, nets = plan_of(game)
    written = load_written_streets(strategy_file(tmp_path, text), rules)
    flop_cards = sorted(parse_cards(flop))
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max(len(street.choices) for street in plan.streets if street is not None)
    root_values = np.zeros((HOLE_PAIRS, roots), dtype=np.int64)
    showdown = np.zeros((HOLE_PAIRS, roots, width, LINE_COUNT, 6), dtype=np.int64)
    flop_choices = np.full((HOLE_PAIRS, width), -1, dtype=np.int64)
    flop_array = np.array(flop_cards, dtype=np.int64)
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    street_flop(flop_array, 1, np.arange(HOLE_PAIRS, dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK, qualifying_rank(rules),
                nets, packed, written.flop_rows(flop_array), written.imposed().river_rule, flop_choices, root_values,
                showdown,
                np.zeros((HOLE_PAIRS, roots, len(LEVELS), width), dtype=np.int64),
                np.zeros((HOLE_PAIRS, roots, len(LEVELS), LINE_COUNT, choices), dtype=np.int64),
                np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64), NOT_COUNTED, NOT_COUNTED, *KnownCards().arrays(),
                flop_work(packed, qualifying_rank(rules), HOLE_PAIRS))
    for hole_text in holes:
        hole = parse_cards(hole_text)

        def choice(level, board, hole=hole):
            street = written.street_at(level)
            return int(written.strategy.choose(street, np.array([hole]), np.array([board]))[0])
        values, counts, flop_taken = plain_values(plan, nets, qualifying_rank(rules), hole, flop_cards,
                                                  written=choice)
        h = pair_index(*hole)
        assert root_values[h].tolist() == values, hole_text
        assert np.array_equal(showdown[h], counts), hole_text
        assert {s: int(flop_choices[h, s]) for s in flop_taken} == flop_taken


# --------------------------------------------------------------------------- a whole reduced problem


def only_the_bets(tmp_path, game):
    """The game with every street offering its bet alone (nothing to decide)."""
    text = resources.files("analyzer.games.data").joinpath("games", f"{game}.toml").read_text()
    text = re.sub(r'choices = \[\{ action = "(?:fold|check)" \}, ', "choices = [", text)
    path = tmp_path / f"{game}-bets-only.toml"
    path.write_text(text)
    return load_game(path)


@pytest.mark.slow
@pytest.mark.parametrize("game, text", [
    ("thb", '[[streets]]\nrules = ["flop bet 2x"]\n[[streets]]\nrules = ["turn bet 1x"]\n[[streets]]\n'
            'rules = ["otherwise river bet 1x"]\n'),
    ("casinoholdem", '[[streets]]\nrules = ["otherwise call 2x"]\n'),
])
def test_always_betting_is_the_game_that_offers_only_the_bets(tmp_path, game, text):
    rules = load_game(game)
    written = load_written_streets(strategy_file(tmp_path, text), rules)
    played = written_analysis(rules, written, Run(progress=False), FLOP_CLASSES)
    forced = reduced(only_the_bets(tmp_path, game), FLOP_CLASSES)
    assert played.cycle == forced.cycle
    assert played.main_figures()["house_edge_per_ante"] == forced.main_figures()["house_edge_per_ante"]
    assert np.array_equal(played.counts.showdown.sum(axis=0), forced.counts.showdown.sum(axis=0))
    optimal = reduced(rules, FLOP_CLASSES)
    assert played.main_figures()["house_edge_per_ante"] > optimal.main_figures()["house_edge_per_ante"]


@pytest.mark.slow
def test_the_written_pre_flop_choice_is_taken_per_starting_hand(tmp_path):
    rules = load_game("thb")
    written = load_written_streets(strategy_file(tmp_path, THB_RULES), rules)
    played = written_analysis(rules, written, Run(progress=False), FLOP_CLASSES)
    folds = played.preflop_values()["decision"] == "fold"
    assert sorted(played.preflop_values()["hand"][folds]) == ["32o", "42o", "52o", "62o", "72o"]


# --------------------------------------------------------------------------- the command line


def test_check_reads_the_shipped_examples(capsys):
    for game in ("thb", "casinoholdem"):
        path = ROOT / "examples" / f"{game}-strategy.toml"
        with pytest.raises(SystemExit) as done:
            cli.main(["check", str(path), "--kind", "strategy", "--game", game])
        assert done.value.code == 0
        assert "a valid strategy file" in capsys.readouterr().out


@pytest.mark.slow
def test_analyze_evaluates_the_casino_holdem_example_exactly(capsys):
    # a full enumeration with the file's choices (about 20 s on two cores)
    with pytest.raises(SystemExit) as done:
        cli.main(["analyze", "casinoholdem", "--strategy", str(ROOT / "examples" / "casinoholdem-strategy.toml"),
                  "--quiet", "--jobs", "2"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "house edge per ante 3.099575% (4898351921/158033011500)" in out
    assert "cost against optimal 0.941929% (992372819/105355341000)" in out
