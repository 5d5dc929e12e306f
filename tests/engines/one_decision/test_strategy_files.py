"""Strategies written as rules: parsed, evaluated exactly, and the posted charts in the same format."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzer.core.ranking import load_ranking
from analyzer.engines.one_decision.posted_rule import derive_posted_rule
from analyzer.engines.one_decision.strategy_files import (
    evaluate_strategy,
    hand_threshold,
    load_strategy,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import RulesError, load_game

FOUR = load_ranking("four_card")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "strategy.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, described", [
    ("K-Q-8-4", "K-Q-8-4"), ("K-Q-8", "K-Q-8-2"), ("pair of aces, 5-3", "pair of aces, 5-3"),
    ("pair of Q", "pair of queens, 3-2"), ("two pair", "two pair, threes and twos"), ("straight", "straight 4-3-2-A"),
])
def test_hand_names_become_thresholds(text, described):
    assert FOUR.describe(hand_threshold(text, FOUR)) == described


def test_the_posted_rule_read_back_costs_what_the_chart_says(tmp_path, crazy4):
    rule = derive_posted_rule(crazy4)
    written = load_strategy(write(tmp_path, rule.strategy_file("crazy4")), FOUR)
    evaluated = evaluate_strategy(crazy4, written)
    assert evaluated.cost_per_ante == rule.cost
    assert evaluated.house_edge_per_ante == crazy4.main_figures()["house_edge_per_ante"] + rule.cost


def test_always_folding_loses_ante_and_super_bonus(tmp_path, crazy4):
    evaluated = evaluate_strategy(crazy4, load_strategy(write(tmp_path, 'rules = ["fold"]\n'), FOUR))
    assert evaluated.house_edge_per_ante == 2
    assert evaluated.actions["fold"] == 1


def test_rules_are_checked_from_the_top(tmp_path, crazy4):
    text = 'rules = ["1x with pair or better", "3x with pair of aces or better", "fold"]\n'
    evaluated = evaluate_strategy(crazy4, load_strategy(write(tmp_path, text), FOUR))
    assert evaluated.actions["play 3x"] == 0  # the 1x rule catches aces first


@pytest.mark.slow
def test_posted_rules_by_up_card_round_trip(tmp_path, fourcardfever):
    rule = derive_posted_rule(fourcardfever)
    text = rule.strategy_file("fourcardfever")
    assert text.count(" = [") == 13
    evaluated = evaluate_strategy(fourcardfever, load_strategy(write(tmp_path, text), FOUR))
    assert evaluated.cost_per_ante == rule.cost


@pytest.mark.parametrize("text, message", [
    ('rules = ["raise with anything"]\n', "cannot read strategy rule"),
    ('rules = ["1x with pair of X or better", "fold"]\n', "unknown rank"),
    ('rules = ["1x with K-Q-8-4 or better"]\n', "end its rules with 'fold'"),
    ('title = "nothing"\n', "no rules"),
    ('rules = [\n', "not valid TOML"),
])
def test_mistakes_are_one_line_errors(tmp_path, crazy4, text, message):
    with pytest.raises(RulesError) as error:
        evaluate_strategy(crazy4, load_strategy(write(tmp_path, text), FOUR))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_multiple_the_rules_forbid_is_refused(tmp_path, crazy4):
    strategy = load_strategy(write(tmp_path, 'rules = ["3x with pair or better", "fold"]\n'), FOUR)
    with pytest.raises(RulesError, match="do not allow"):
        evaluate_strategy(crazy4, strategy)
    strategy = load_strategy(write(tmp_path, 'rules = ["5x", "fold"]\n'), FOUR)
    with pytest.raises(RulesError, match="does not offer"):
        evaluate_strategy(crazy4, strategy)


@pytest.mark.parametrize("rules, message", [
    ('["3x with pair of 2 or better", "fold"]', "plays 3x with pair of twos, 4-3: the rules do not allow 3x "
                                                "below pair of A or better"),
    ('["5x", "fold"]', "plays 5x, which Crazy 4 Poker does not offer (it offers 1x, 2x, 3x)"),
])
def test_a_strategy_the_game_forbids_is_refused_when_read_before_any_enumeration(tmp_path, rules, message):
    crazy4 = load_game("crazy4")
    path = write(tmp_path, f"rules = {rules}\n")
    with pytest.raises(RulesError, match=re.escape(message)):
        engine_for(crazy4).load_strategy(crazy4, path)
