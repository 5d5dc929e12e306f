"""Strategy charts and the net-result chart: the decision grid, the colour-coded sheet, the PNG files
and ``analyzer report ... --charts``."""

from __future__ import annotations

import struct
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from analyzer.cli import main as cli
from analyzer.engines.one_decision.engine import OneDecisionEngine
from analyzer.engines.strategy_grid import Cell, decision_colour, decision_grid
from analyzer.reports import charts
from analyzer.reports import workbook as report

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (after checking the signature)."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# -- the grid, hand-checked cells first -------------------------------------------
def test_a_split_cell_shows_its_shares_and_a_paler_colour():
    cell = Cell("play 1x", (("play 1x", Fraction(7, 9)), ("fold", Fraction(2, 9))))
    assert cell.text == "1x 78% / fold 22%" and cell.mixed
    assert cell.colour == decision_colour("play 1x", mixed=True) != decision_colour("play 1x")
    assert Cell("", ()).colour == "FFFFFF"  # no hands there (four twos when the dealer shows a two)


def test_uth_preflop_grid(uth):
    grid = decision_grid(uth)
    assert len(grid.rows) == len(grid.columns) == 13 and grid.rows[0] == "A"
    aces, seven_deuce = grid.cell("A", "A"), grid.cell("2", "7")  # offsuit below the diagonal
    assert (aces.hand, aces.decision) == ("AA", "4x")
    assert (seven_deuce.hand, seven_deuce.decision) == ("72o", "check")
    assert grid.cell("7", "2").hand == "72s" and grid.cell("A", "K").hand == "AKs"
    values = uth.preflop_values().set_index("hand")
    assert aces.ev == values.loc["AA", "EV 4x"] and seven_deuce.ev == values.loc["72o", "EV check"]
    assert aces.label.startswith("AA 4x EV +3.6")
    assert sum(cell.decision == "4x" for line in grid.cells for cell in line) == \
        int((values["decision"] == "4x").sum())


def test_crazy4_grid_is_its_exact_thresholds(crazy4):
    """The posted rule is 3x with a pair of aces or better, 1x with K-Q-8-4 or better: the grid's rows."""
    grid = decision_grid(crazy4)
    assert grid.columns == ("all hands",)
    assert [(row, cells[0].text) for row, cells in zip(grid.rows, grid.cells, strict=True)] == [
        ("four of a kind of aces ... pair of aces, 5-3", "3x"),
        ("pair of kings, A-Q ... K-Q-8-5", "1x"),
        ("K-Q-8-4", "1x 78% / fold 22%"),
        ("K-Q-8-3", "fold"),
        ("K-Q-7-6", "1x 26% / fold 74%"),
        ("K-Q-7-5 ... 7-6-4-3", "fold"),
    ]


@pytest.mark.slow
def test_fourcardfever_grid_by_up_card(fourcardfever):
    grid = decision_grid(fourcardfever)
    assert grid.columns == tuple("23456789TJQKA")
    assert grid.rows[0] == "four of a kind of aces ... pair of aces" and grid.rows[-1] == "K high ... 7 high"
    assert all(cell.text == "3x" for cell in grid.cells[0]) and all(cell.text == "fold" for cell in grid.cells[-1])
    assert grid.cell("pair of kings", "K").text == "3x"
    assert grid.cell("pair of kings", "A").mixed  # a pair of kings against an ace: 3x or 1x by kickers
    assert grid.cell("pair of nines", "T").text == "1x"


# -- the workbook sheet ---------------------------------------------------------------
@pytest.mark.parametrize("game, row, column, expected", [
    ("uth", "A", "A", ("AA 4x", "4x")),
    ("uth", "2", "7", ("72o check", "check")),
    ("crazy4", "K-Q-8-3", "all hands", ("fold", "fold")),
    ("crazy4", "four of a kind of aces ... pair of aces, 5-3", "all hands", ("3x", "play 3x")),
])
def test_strategy_chart_sheet_is_colour_coded(game, row, column, expected, request, tmp_path):
    analysis = request.getfixturevalue(game)
    report.build_workbook(analysis, []).save(tmp_path / "book.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "book.xlsx")["Strategy chart"]
    header = [cell.value for cell in sheet[4]]
    labels = {sheet.cell(r, 1).value: r for r in range(5, sheet.max_row + 1)}
    cell = sheet.cell(labels[row], header.index(column) + 1)
    text, decision = expected
    assert cell.value.startswith(text)
    assert cell.fill.fgColor.rgb[-6:] == decision_colour(decision)


# -- the PNG files ----------------------------------------------------------------------
def test_write_charts_writes_two_real_pngs(uth, tmp_path):
    paths = charts.write_charts(uth, tmp_path / "uth")
    assert [p.name for p in paths] == ["uth-strategy.png", "uth-net-result.png"]
    for path in paths:
        width, height = png_size(path)
        assert width > 600 and height > 400 and path.stat().st_size > 20_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["uth-net-result.png", "uth-strategy.png"]


def test_a_failed_chart_leaves_no_file(uth, tmp_path, monkeypatch):
    def broken(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(charts.Figure, "savefig", broken)
    with pytest.raises(OSError):
        charts.write_charts(uth, tmp_path / "uth")
    assert list(tmp_path.iterdir()) == []


# -- the command line -------------------------------------------------------------------
def test_report_with_charts(monkeypatch, crazy4, tmp_path, capsys):
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: crazy4)
    path = tmp_path / "c4.xlsx"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["report", "crazy4", "-o", str(path), "--quiet", "--charts"])
    assert exit_.value.code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["c4-net-result.png", "c4-strategy.png", "c4.xlsx"]
    out = capsys.readouterr().out
    assert str(tmp_path / "c4-strategy.png") in out and str(tmp_path / "c4-net-result.png") in out
    assert "Strategy chart" in openpyxl.load_workbook(path).sheetnames
    assert all(png_size(tmp_path / name)[0] > 300 for name in written if name.endswith(".png"))


@pytest.mark.parametrize("arguments, message", [
    (("report", "crazy4", "--charts", "-o", "no/such/folder/c4.xlsx"), "does not exist"),
    (("report", "crazy4", "--charts", "-o", "c4.png"), "must end in .xlsx"),
    (("analyze", "crazy4", "--charts"), "unrecognized arguments: --charts"),
])
def test_charts_bad_input_exit_2_nothing_written(arguments, message, tmp_path):
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", *arguments], capture_output=True, text=True,
                          cwd=tmp_path, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
