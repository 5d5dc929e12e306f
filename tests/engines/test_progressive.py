"""A progressive wager from a user-supplied paytable: exact return at reset, break-even meter, clear errors."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from analyzer.engines.progressive import (
    load_progressive,
    progressive_figures,
    progressive_table,
)
from analyzer.games.rules import RulesError, load_game

FOUR = load_game("fourcardfever")   # the progressive is read on its best four-card hand
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fourcardfever-progressive.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "progressive.toml"
    path.write_text(text)
    return path


def test_the_example_file_reads(tmp_path):
    progressive = load_progressive(EXAMPLE, FOUR)
    assert progressive.stake == 5 and progressive.reset == 10000 and progressive.contribution == Fraction(15, 100)
    assert [line.label for line in progressive.lines][:2] == ["Four aces", "Other four of a kind"]


def test_return_at_reset_and_break_even_meter_are_exact(tmp_path, crazy4):
    path = write(tmp_path, 'stake = 1\nreset = 1000\ncontribution = "10%"\n'
                           'lines = [{ hand = "four_of_a_kind of A", meter = "100%" }, '
                           '{ hand = "three_of_a_kind", pays = 5 }]\n')
    progressive = load_progressive(path, FOUR)
    table = progressive_table(crazy4, progressive)
    assert int(table["combinations"].sum()) == crazy4.cycle
    four_aces = Fraction(48, comb(52, 5))  # AAAA plus any fifth card
    trips = Fraction(58_656, comb(52, 5))
    figures = progressive_figures(crazy4, progressive)
    expected = four_aces * 1000 + trips * 5 - (1 - four_aces - trips)
    assert figures["return_at_reset"] == expected
    meter = figures["break_even_meter"]
    assert four_aces * meter + trips * 5 - (1 - four_aces - trips) == 0
    assert figures["long_run_return"] == expected + Fraction(1, 10)


@pytest.mark.parametrize("text, message", [
    ("stake = 1\nreset = 10\n", "missing key 'lines'"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'flush' }]\n", "either pays or meter"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'flush', pays = -2 }]\n", "line 3: lines[1].pays: a pay is from 0 to"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'flush', pays = 'lots' }]\n", "cannot read pay"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'five_of_a_kind', pays = 2 }]\n", "unknown hand"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'flush', meter = '150%' }]\n",
     "lines[1].meter: a share is from 0% to 100%, not '150%'"),
    ("stake = 1\nreset = 10\nlines = [{ hand = 'flush', pays = 2 }, { hand = 'Flush', pays = 3 }]\n", "appears twice"),
    ("stake = 0\nreset = 10\nlines = []\n", "stake: the stake must be positive"),
    ("stake = 1\nreset = \n", "not valid TOML"),
])
def test_a_bad_file_is_a_one_line_error_naming_the_file(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(RulesError) as error:
        load_progressive(path, FOUR)
    assert message in str(error.value) and str(path) in str(error.value) and "\n" not in str(error.value)


@pytest.mark.slow
def test_the_cli_refuses_a_bad_file_before_any_work(tmp_path):
    path = write(tmp_path, "stake = 1\n")
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", "report", "fourcardfever", "--progressive",
                           str(path), "-o", str(tmp_path / "fcf.xlsx")], capture_output=True, text=True)
    assert done.returncode == 2 and "missing key 'reset'" in done.stderr and done.stderr.count("\n") == 1
    assert not (tmp_path / "fcf.xlsx").exists()


def test_without_a_file_the_progressive_is_listed_as_not_analysed():
    rules = load_game("fourcardfever")
    assert "no paytable" in rules.unanalysed()["progressive"]
    assert rules.unanalysed({"progressive"}) == {}


def test_a_progressive_on_the_hole_cards_and_flop_of_uth(uth):
    progressive = load_progressive(Path(__file__).resolve().parents[2] / "examples" / "uth-progressive.toml",
                                   load_game("uth"))
    assert progressive.paid_on.board_cards == 3
    table = progressive_table(uth, progressive).set_index("outcome")
    per_hand = uth.cycle // comb(52, 5)          # every five-card hand of hole cards and flop alike
    assert table.loc["Royal flush", "combinations"] == 4 * per_hand
    assert table.loc["Four of a kind", "combinations"] == 13 * 48 * per_hand
    figures = progressive_figures(uth, progressive)
    assert figures["break_even_meter"] is not None and figures["break_even_meter"] > progressive.reset


def test_a_progressive_paid_on_more_cards_than_its_hand_is_one_line(tmp_path):
    path = write(tmp_path, 'stake = 1\nreset = 1000\nranking = "five_card"\nboard_cards = 4\n'
                           'lines = [{ hand = "royal_flush", meter = "100%" }]\n')
    with pytest.raises(RulesError, match="the player's 2 cards and 4 community cards are not a"):
        load_progressive(path, load_game("uth"))
