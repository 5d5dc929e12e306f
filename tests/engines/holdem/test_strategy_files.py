"""Ultimate Texas Hold'em strategies written as rules (analyzer.engines.holdem.strategy_files).

What each rule sets in the PostedStrategy the file is read into (hand-written files), every refusal as a
one-line error naming the file and the line; the posted card written out and read back; the shipped
example file, which is the card of the report, evaluated exactly from the committed run.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.engines.base import Run
from analyzer.engines.holdem import street_engine
from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS, PostedStrategy
from analyzer.engines.holdem.street_game import StreetAnalysis, game_plan, street_counts, written_analysis
from analyzer.engines.holdem.street_posted import enumerate_played, posted_streets
from analyzer.engines.holdem.streets import as_streets
from analyzer.engines.holdem.strategy_files import (
    load_holdem_strategy,
    same_rules,
    strategy_file_text,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import RulesError, load_game

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "uth-strategy.toml"

PREFLOP = '[[streets]]\nrules = ["4x with 33+, A2+", "raise 4x with K9o+", "otherwise check"]\n'
FLOP = '[[streets]]\nrules = ["2x with a hidden pair except 22, 33", "otherwise check"]\n'
RIVER = ('[[streets]]\nrules = ["1x when a pair or better beats the board\'s hand, kickers included", '
         '"bet 1x when the dealer has fewer than 15 outs", "fold"]\n')


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_each_rule_sets_its_field(tmp_path):
    """4x rules add up; left-out flop rules are off; the river's kickers reading and outs limit as written."""
    strategy = load_holdem_strategy(write(tmp_path, 'game = "uth"\ntitle = "mine"\n' + PREFLOP + FLOP + RIVER), "uth")
    assert strategy == PostedStrategy(name="mine", preflop_raise_4x=("33+", "A2+", "K9o+"),
                                      flop_two_pair_with_hole_card=False, flop_hidden_pair_except=("22", "33"),
                                      flop_flush_draw_min_rank=None, river_kickers_count=True,
                                      river_fewer_dealer_outs_than=15)
    assert {"AA", "33", "A2o", "A2s", "KQo", "K9o"} <= strategy.raise_classes and "K9s" not in strategy.raise_classes


def test_the_example_file_is_the_posted_card():
    strategy = load_holdem_strategy(EXAMPLE, "uth")
    assert strategy == dataclasses.replace(CARD_WITH_DEALER_OUTS, name="The posted card, with the dealer-outs clause")


@pytest.mark.parametrize("change", [
    {}, {"flop_flush_draw_min_rank": None}, {"flop_flush_draw_min_rank": "Q"}, {"flop_two_pair_with_hole_card": False},
    {"flop_hidden_pair_except": ()}, {"flop_hidden_pair_except": ("22", "33", "44")}, {"river_kickers_count": True},
    {"river_fewer_dealer_outs_than": None}, {"river_fewer_dealer_outs_than": 18}, {"preflop_raise_4x": ("TT+", "AK")},
])
def test_a_strategy_written_out_reads_back_unchanged(tmp_path, change):
    strategy = dataclasses.replace(CARD_WITH_DEALER_OUTS, name="changed", **change)
    assert load_holdem_strategy(write(tmp_path, strategy_file_text(strategy, "uth")), "uth") == strategy


def test_same_rules_reads_the_classes_not_the_spelling():
    spelled = dataclasses.replace(CARD_WITH_DEALER_OUTS, name="other", preflop_raise_4x=(
        "JTo", "J8s+", "Q8o+", "Q6s+", "K5o+", "K2s+", "A2s+", "A2o+", "33+"))
    assert same_rules(spelled, CARD_WITH_DEALER_OUTS)
    assert not same_rules(dataclasses.replace(spelled, flop_flush_draw_min_rank="J"), CARD_WITH_DEALER_OUTS)


@pytest.mark.parametrize("text, message", [
    ('[[streets]]\nrules = ["3x with AA", "check"]\n' + FLOP + RIVER, "line 2: rule '3x with AA': pre-flop: a written"),
    (PREFLOP + '[[streets]]\nrules = [\n  "2x with a hidden pair",\n  "2x with a gutshot",\n  "check",\n]\n' + RIVER,
     "line 6: rule '2x with a gutshot': flop: cannot read condition 'a gutshot'"),
    (PREFLOP + '[[streets]]\nrules = ["2x with a hidden pair", "2x with hidden pair", "check"]\n' + RIVER,
     "rule '2x with hidden pair': this condition (or one it excludes) is given twice"),
    (PREFLOP + '[[streets]]\nrules = ["check", "2x with a hidden pair"]\n' + RIVER, "flop: end its rules with"),
    (PREFLOP + '[[streets]]\nrules = ["2x with two pair or better using a hole card", "check"]\n' + RIVER,
     "the flop needs '2x with a hidden pair"),
    (PREFLOP + FLOP + '[[streets]]\nrules = ["1x when the dealer has fewer than 21 outs", "fold"]\n',
     "the river needs '1x when a hole card plays'"),
    (PREFLOP + FLOP + '[[streets]]\nrules = ["1x when a hole card plays", "1x when the dealer has fewer than 60 outs", '
     '"fold"]\n', "river_fewer_dealer_outs_than"),
    ('[[streets]]\nrules = ["4x with 33+, AQx", "check"]\n' + FLOP + RIVER, "bad starting-hand token 'AQx'"),
    ('[[streets]]\nrules = ["4x with 33+", "check", "4x with AK", "check"]\n' + FLOP + RIVER,
     "'otherwise check' must be the last rule"),
    (PREFLOP + FLOP, "give the rules of the pre-flop, the flop and the river in order"),
    ('game = "crazy4"\n' + PREFLOP + FLOP + RIVER, "the file is for 'crazy4', not 'uth'"),
    ("rules = [", "not valid TOML"),
])
def test_refusals_name_the_file_and_the_line(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(RulesError) as caught:
        load_holdem_strategy(path, "uth")
    assert str(caught.value).startswith(str(path)) and message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_example_file_costs_what_the_report_says(uth):
    """The posted card as a file: the committed run's exact figures, the report's cost (no enumeration)."""
    engine = engine_for(uth.rules)
    evaluated = engine.evaluate_strategy(uth, engine.load_strategy(uth.rules, EXAMPLE))
    assert evaluated.house_edge_per_ante == Fraction(54758439, 2299422125)          # 2.381400%
    assert evaluated.cost_per_ante == Fraction(4552857539, 2317817502000)            # 0.196429%
    assert evaluated.cost_per_ante == uth.posted_rule().cost


def test_the_card_s_figures_from_its_run_are_those_of_its_game_played_through(tmp_path):
    """The posted card's element of risk and average bet from its run (the fast path) against the streets
    kernel's game played by the card over the same flops (a reduced run)."""
    rules = as_streets(load_game("uth"))
    card = posted_streets(rules, CARD_WITH_DEALER_OUTS)
    flops = [0, 700]
    played = enumerate_played(rules, card, Run(progress=False), flop_class_indices=flops)
    plan, _, scale = game_plan(rules)
    optimal = StreetAnalysis(rules, street_counts(played.optimal, plan, scale), posted=played.posted)
    fast = optimal.posted_figures()
    slow = written_analysis(rules, card, Run(progress=False), flops).main_figures()
    assert (fast.house_edge_per_ante, fast.element_of_risk, fast.average_total_bet) == \
        (slow["house_edge_per_ante"], slow["element_of_risk"], slow["average_total_bet"])


@pytest.mark.parametrize("file_change", [{"flop_flush_draw_min_rank": None}, {"river_fewer_dealer_outs_than": 15}])
def test_other_files_enumerate_the_files_rules(uth, tmp_path, monkeypatch, file_change):
    """Any other file goes to the streets kernel's run of the file's strategy on the game (replaced here by the
    optimal analysis: cost 0)."""
    asked = []
    monkeypatch.setattr(street_engine, "written_analysis", lambda rules, strategy, run: asked.append(strategy.strategy)
                        or uth)
    written = dataclasses.replace(CARD_WITH_DEALER_OUTS, name="mine", **file_change)
    engine = engine_for(uth.rules)
    strategy = engine.load_strategy(uth.rules, write(tmp_path, strategy_file_text(written, "uth")))
    evaluated = engine.evaluate_strategy(uth, strategy, Run())
    assert asked == [written] and evaluated.cost_per_ante == 0
    assert evaluated.house_edge_per_ante == uth.main_figures()["house_edge_per_ante"]
