"""The command line: listing, the summary and its JSON shape, the report, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import openpyxl
import pytest

import analyzer.cli.main as cli
from analyzer.engines.one_decision.engine import OneDecisionEngine


def run_cli(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "analyzer.cli", *arguments], capture_output=True, text=True)


@pytest.fixture
def fast_cli(monkeypatch, crazy4):
    """The CLI with the session's Crazy 4 analysis instead of a fresh enumeration."""
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run, exposed=0: crazy4)
    return cli


@pytest.mark.slow
def test_games_lists_every_game():
    done = run_cli("games")
    assert done.returncode == 0
    assert [line.split()[0] for line in done.stdout.splitlines()] == sorted(
        ["crazy4", "super4", "fourcardfever", "uth", "threecard", "caribbean", "mississippi", "letitride"])


def test_help_exits_zero():
    assert run_cli("--help").returncode == 0
    assert "report" in run_cli("report", "--help").stdout


@pytest.mark.parametrize("arguments, message", [
    (("analyze", "blackjack"), "unknown game 'blackjack'"),
    (("analyze", "crazy4", "--jobs", "two"), "--jobs takes a whole number"),
    (("analyze", "crazy4", "--jobs", "0"), "--jobs must be at least 1"),
    (("analyze", "crazy4", "--option", "nonsense"), "must be NAME=CHOICE"),
    (("analyze", "crazy4", "--option", "no_such=thing"), "unknown rule option 'no_such'"),
    (("analyze", "crazy4", "--option", "super_bonus_without_qualifier=maybe"), "has no choice 'maybe'"),
    (("report", "crazy4", "-o", "/no/such/folder/crazy4.xlsx"), "does not exist"),
    (("report", "crazy4", "-o", "crazy4.csv"), "must end in .xlsx"),
    (("frobnicate",), "invalid choice"),
    ((), "required"),
])
@pytest.mark.slow
def test_bad_input_is_one_line_and_exit_code_2(arguments, message, tmp_path):
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", *arguments], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_json_has_the_shared_shape(fast_cli, capsys):
    with pytest.raises(SystemExit) as exit_:
        fast_cli.main(["analyze", "crazy4", "--json", "--quiet"])
    assert exit_.value.code == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "crazy4"
    assert figures["cycle"] == "3986646103440"
    main = figures["main"]
    for name in ("house_edge_per_ante", "house_edge_per_initial_wager", "element_of_risk", "average_total_bet",
                 "hit_frequency"):
        Fraction(main[name])  # every exact figure is a "p/q" string
    assert round(float(Fraction(main["element_of_risk"])) * 100, 2) == 1.09
    assert float(main["standard_deviation"]) > 0
    assert set(main["actions"]) == {"fold", "play 1x", "play 2x", "play 3x"}
    assert sum(Fraction(value) for value in main["actions"].values()) == 1
    assert set(figures["side_bets"]["queens_up"]) >= {"50-40-8-4-3-2-1", "50-40-9-4-3-2-1"}
    Fraction(figures["side_bets"]["queens_up"]["50-40-8-4-3-2-1"]["house_edge"])
    assert figures["warnings"] == []


def test_text_summary_names_the_figures(fast_cli, capsys):
    with pytest.raises(SystemExit):
        fast_cli.main(["analyze", "crazy4", "--quiet"])
    text = capsys.readouterr().out
    assert "house edge per ante" in text and "3.418855%" in text and "element of risk" in text
    assert "posted strategy: play 3x with pair of aces or better" in text


def test_report_writes_the_workbook(fast_cli, tmp_path, capsys):
    path = tmp_path / "c4.xlsx"
    with pytest.raises(SystemExit) as exit_:
        fast_cli.main(["report", "crazy4", "-o", str(path), "--quiet"])
    assert exit_.value.code == 0
    book = openpyxl.load_workbook(path)
    assert {"Summary", "Return table", "Strategy", "Rules", "Method"} <= set(book.sheetnames)
    assert [p.name for p in tmp_path.iterdir()] == ["c4.xlsx"]  # no temporary file left behind
