"""Paytables as user input: files that add or replace paytables, and a clear one-line error for each mistake."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.engines.base import Run
from analyzer.games.rules import RulesError, load_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "crazy4-paytables.toml"

QUEENS_UP = '[side_bets.queens_up.paytables."mine"]\n'


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "paytables.toml"
    path.write_text(text)
    return path


def test_the_example_adds_paytables_and_makes_them_the_default():
    rules = load_game("crazy4", paytable_files=(EXAMPLE,))
    queens_up = rules.side_bets[0]
    assert queens_up.default_paytable == "50-40-10-4-3-2-1" and len(queens_up.paytables) == 6
    super_bonus = next(w for w in rules.wagers if w.name == "super_bonus")
    assert super_bonus.default_paytable == "200-30-15-2-1-1"
    assert [line.pays for line in super_bonus.paytable.lines][4] == 1


@pytest.mark.parametrize("pays", ['"3 to 2"', '"3:2"', "1.5", '"1.5"', '"3/2"'])
def test_ratios_in_every_usual_form(tmp_path, pays):
    path = write(tmp_path, QUEENS_UP + f'lines = [{{ hand = "flush", pays = {pays} }}]\n')
    table = load_game("crazy4", paytable_files=(path,)).side_bets[0].paytables["mine"]
    assert table.lines[0].pays == Fraction(3, 2)


def test_a_paytable_of_the_same_name_replaces_the_shipped_one(tmp_path):
    path = write(tmp_path, '[side_bets.queens_up.paytables."50-40-8-4-3-2-1"]\npays = [1, 1, 1, 1, 1, 1, 1]\n')
    table = load_game("crazy4", paytable_files=(path,)).side_bets[0].paytables["50-40-8-4-3-2-1"]
    assert {line.pays for line in table.lines} == {1}


MISTAKES = [
    ('[side_bets.kings_up.paytables."x"]\npays = [1]\n', "no side bet 'kings_up'", ", line 1"),
    (QUEENS_UP + 'lines = [{ hand = "five_of_a_kind", pays = 2 }]\n', "unknown hand 'five_of_a_kind'", ", line 2"),
    (QUEENS_UP + 'lines = [{ hand = "flush", pays = -2 }]\n', "lines[1].pays: a pay is from 0 to", ", line 2"),
    (QUEENS_UP + 'lines = [{ hand = "flush", pays = "lots" }]\n', "cannot read pay 'lots'", ""),
    (QUEENS_UP + 'lines = [{ hand = "flush", pays = "3 to" }]\n', "cannot read pay '3 to'", ""),
    (QUEENS_UP + 'lines = [{ hand = "flush", pays = 2 }, { hand = "Flush", pays = 3 }]\n', "appears twice", ""),
    (QUEENS_UP + 'lines = [{ hand = "flush" }]\n', "lines[1]: missing key 'pays'", ", line 2"),
    (QUEENS_UP + 'pays = [1, 2]\n', "2 pays for 7 lines", ""),
    (QUEENS_UP + 'title = "nothing"\n', "title: unknown key 'title'", ", line 2"),
    ('[side_bets.queens_up]\n', "side_bets.queens_up: missing key 'paytables'", ", line 1"),
    ('game = "super4"\n', "written for game 'super4'", ""),
    ('paytables = 3\n', "unknown key 'paytables'", ", line 1"),
    (QUEENS_UP + 'pays = [1, 2\n', "not valid TOML", ""),
    (QUEENS_UP + 'lines = [{ hand = "pair of X", pays = 1 }]\n', "unknown rank", ""),
    ("", "defines no paytables", ""),  # a file that defines nothing is not "no change"
    ('game = "crazy4"\n', "defines no paytables", ""),
    ("[wagers]\n", "defines no paytables", ""),
    ("[side_bets]\n", "defines no paytables", ""),
]


@pytest.mark.parametrize("text, message, line", MISTAKES)
def test_each_mistake_is_one_line_naming_the_file(tmp_path, text, message, line):
    path = write(tmp_path, text)
    with pytest.raises(RulesError) as error:
        load_game("crazy4", paytable_files=(path,))
    text_ = str(error.value)
    assert message in text_ and str(path) in text_ and "\n" not in text_
    assert f"{path}{line}" in text_


@pytest.mark.slow
@pytest.mark.parametrize("text, message", [(QUEENS_UP + 'lines = [{ hand = "flush", pays = -2 }]\n', "a pay is from 0"),
                                           ("", "defines no paytables")])
def test_the_cli_exits_2_and_leaves_an_existing_report_alone(tmp_path, text, message):
    path = write(tmp_path, text)
    report = tmp_path / "crazy4.xlsx"
    report.write_bytes(b"an earlier report")
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", "report", "crazy4", "--paytable", str(path),
                           "-o", str(report)], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and message in done.stderr
    assert report.read_bytes() == b"an earlier report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crazy4.xlsx", "paytables.toml"]


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(RulesError, match="cannot read the paytable file"):
        load_game("crazy4", paytable_files=(tmp_path / "nowhere.toml",))


def test_compare_puts_each_variant_beside_the_shipped_game(tmp_path, monkeypatch, crazy4):
    import analyzer.reports.compare as compare

    path = write(tmp_path, QUEENS_UP + 'pays = [50, 40, 10, 4, 3, 2, 1]\ndefault = true\n')
    fresh = compare.analyze_rules  # the session's analysis stands in for the shipped game
    monkeypatch.setattr(compare, "analyze_rules", lambda rules, run:
                        crazy4 if rules == crazy4.rules else fresh(rules, Run(2)))
    frame = compare.compare_paytables("crazy4", [path])
    assert list(frame["variant"]) == ["as shipped", str(path)]
    assert frame["house_edge_per_ante"][0] == frame["house_edge_per_ante"][1]  # a side bet leaves the game alone
    assert list(frame["queens_up paytable"]) == ["50-40-8-4-3-2-1", "mine"]
    assert frame["queens_up house_edge"][1] == Fraction(1, 15470)  # 50-40-10-4-3-2-1: almost even
    assert not frame["strategy_changed"].any()


def test_compare_takes_every_blind_table_of_one_file():
    import analyzer.reports.compare as compare

    path = EXAMPLE.parent / "uth-blind-paytables.toml"
    shown = [(name, rules.wagers[1].paytable.name) for name, rules in compare.variants("uth", [path])]
    assert shown == [("as shipped", "500-50-10-3-3:2-1"),
                     (f"{path}: blind 1000-100-20-5-2-1", "1000-100-20-5-2-1"),
                     (f"{path}: blind 500-50-10-3-2-1", "500-50-10-3-2-1")]


@pytest.mark.parametrize("game", ["crazy4", "super4", "fourcardfever", "uth", "threecard", "caribbean"])
def test_every_game_has_an_example_paytable_file_that_loads(game):
    path = EXAMPLE.parent / f"{game}-paytables.toml"
    rules = load_game(game, paytable_files=(path,))
    assert rules.input_hash != load_game(game).input_hash
