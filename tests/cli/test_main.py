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
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: crazy4)
    return cli


@pytest.mark.slow
def test_games_lists_every_game():
    done = run_cli("games")
    assert done.returncode == 0
    assert [line.split()[0] for line in done.stdout.splitlines()] == sorted(
        ["crazy4", "super4", "fourcardfever", "uth", "threecard", "caribbean", "mississippi", "letitride", "thb",
         "casinoholdem", "jacksorbetter", "deuces", "twentyoneplusthree",
         "highcardflush", "djwild"])


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
        fast_cli.main(["report", "crazy4", "-o", str(path), "--quiet", "--payout-cap", "5"])
    assert exit_.value.code == 0
    book = openpyxl.load_workbook(path)
    assert {"Summary", "Return table", "Strategy", "Lab figures", "Rules", "Method"} <= set(book.sheetnames)
    lab_texts = [cell.value for cell in book["Lab figures"]["A"] if isinstance(cell.value, str)]
    assert any(text.startswith("aggregate payout limit: 5 units") for text in lab_texts)  # the setting reached it
    assert [p.name for p in tmp_path.iterdir()] == ["c4.xlsx"]  # no temporary file left behind


# -- each command's own options, and a closed pipe -----------------------------------------
def subcommands() -> dict[str, object]:
    """Each subcommand's parser, by name."""
    parser = cli.build_parser()
    commands = next(action for action in parser._actions if action.dest == "command")
    return dict(commands.choices)


def test_every_command_and_option_has_a_description():
    commands = subcommands()
    assert set(commands) == set(cli.COMMANDS)
    for name, parser in commands.items():
        assert parser.description, name
        for action in parser._actions:
            assert action.help, f"{name} {action.option_strings or action.dest}"


@pytest.mark.parametrize("command, absent", [
    ("games", ("--jobs", "--option", "--paytable")),
    ("protect", ("--progressive",)),
    ("simulate", ("--strategy", "--progressive")),
    ("solve", ("--strategy", "--progressive", "--backend")),
    ("compare", ("--strategy", "--progressive", "--backend", "--no-cache")),
])
def test_each_command_lists_only_its_own_options(command, absent, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    text = capsys.readouterr().out
    assert exit_.value.code == 0 and text.startswith("usage:")
    for option in absent:
        assert option not in text


def test_report_help_states_the_defaults(capsys):
    with pytest.raises(SystemExit):
        cli.main(["report", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--simulation-hands N hands of the report's simulation check (default: 500,000; 50,000 for games with " \
           "community cards; 0: no simulation check)" in text
    assert "(default 50)" in text and "(default: no limit)" in text and "(default: 100 1000 10000 100000)" in text
    assert ".xlsx or .pdf" in text


def test_a_closed_output_pipe_ends_quietly():
    process = subprocess.Popen([sys.executable, "-m", "analyzer.cli", "games"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()  # the reader is gone before anything is written, as with `| head -0`
    error = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait() == cli.CLOSED_PIPE
    assert error == ""


def test_report_lab_settings_from_the_command_line():
    from analyzer.cli.report import lab_settings
    args = cli.build_parser().parse_args(["report", "threecard", "--payout-cap", "2.5", "--hands-per-hour", "60",
                                          "--ante-value", "25", "--hold-hands", "10", "1000"])
    settings = lab_settings(args)
    assert (settings.payout_cap, settings.hands_per_hour, settings.ante, settings.hold_hands) == (
        Fraction(5, 2), 60, 25, (10, 1000))
    assert lab_settings(cli.build_parser().parse_args(["report", "threecard"])).payout_cap is None
