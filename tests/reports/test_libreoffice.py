"""Every game's report recalculated and printed by a real spreadsheet engine, LibreOffice Calc (headless).

The report stores every formula with its value (XlsxWriter), so a reader that
does not calculate (openpyxl ``data_only``, pandas) sees every figure; those
stored values are compared with the exact figures. LibreOffice then opens
each workbook, recalculates every formula and saves a copy, whose values are compared,
cell by cell, with the exact figure the analyzer put behind the formula
(:class:`analyzer.reports.workbook.Report` records it while writing): every probability,
contribution, total, moment and house edge to 12 significant digits. No
formula may refer to an empty cell or a text cell, no cell may hold an error
value, and the combinations of every table add up to the cycle. Each
workbook is also printed to PDF by LibreOffice: no cell may print as ``###``
(a number wider than its column) and the page count must stay sensible.

By default one game of each workbook shape is recalculated (:data:`SHAPES`: the one-decision game with
a paytable wager and side bets, the progressive, the dealer up-card, the UTH kernel, the streets kernel,
stud and draw), to keep CI inside its budget; ``LIBREOFFICE_GAMES=all`` recalculates every game with a page budget,
and ``LIBREOFFICE_GAMES=crazy4,uth`` any list (a game needs its page budget in :data:`MOST_PAGES`).

Without ``soffice`` on the PATH the recalculation tests are skipped, unless
REQUIRE_LIBREOFFICE=1 (set by ``.ci/run`` after installing it) makes them fail.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.worksheet.worksheet import Worksheet

from analyzer.cli.outcome import write_report
from analyzer.engines.progressive import (
    load_progressive,
    progressive_figures,
    progressive_table,
)
from analyzer.engines.results import GameResults
from analyzer.reports import workbook as report
from analyzer.reports.sanity import game_warnings

pytestmark = pytest.mark.slow

#: The most pages each game's report may print on (A4, as LibreOffice prints it); before the print
#: set-up Crazy 4 Poker printed on 224 pages.
MOST_PAGES = {"crazy4": 60, "super4": 60, "fourcardfever": 60, "uth": 40, "threecard": 40, "caribbean": 60,
              "mississippi": 40, "letitride": 60, "thb": 40, "casinoholdem": 40, "jacksorbetter": 30,
              "deuces": 30, "highcardflush": 60, "djwild": 60, "twentyoneplusthree": 30}
#: One game of each workbook shape, and what the others share with it: Super 4 Poker's and Three Card Poker's
#: workbooks have Crazy 4 Poker's shape, Let It Ride's Mississippi Stud's, Casino Hold'em's Texas Hold'em
#: Bonus's, Deuces Wild's Jacks or Better's.
SHAPES = "crazy4,fourcardfever,caribbean,uth,thb,mississippi,jacksorbetter"
_ASKED = os.environ.get("LIBREOFFICE_GAMES", SHAPES)
GAMES = tuple(MOST_PAGES if _ASKED == "all" else _ASKED.split(","))
#: Four Card Fever's report also gets the example progressive, so that sheet is recalculated too.
PROGRESSIVES = {"fourcardfever": Path(__file__).resolve().parents[2] / "examples" / "fourcardfever-progressive.toml"}
RELATIVE = 1e-12
#: Near zero a relative error means nothing: sums of terms of order 1 are good to about 1e-16.
ABSOLUTE = 1e-15
#: Excel's error values, and LibreOffice's own "Err:502" kind.
ERROR_PREFIXES = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "Err:")

#: A private LibreOffice profile that recalculates every formula of an .xlsx file on load
#: (Calc > Formula > "Recalculation on file load" > Excel 2007 and newer: Always), so the
#: values read back are LibreOffice's own even where a file carries cached values.
RECALCULATE_ON_LOAD = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
</oor:items>
"""


# -- LibreOffice -----------------------------------------------------------------
@pytest.fixture(scope="module")
def soffice() -> str:
    """The LibreOffice executable; skip (or, with REQUIRE_LIBREOFFICE=1, fail) without it."""
    found = shutil.which("soffice")
    if found is None:
        message = "LibreOffice Calc (soffice) is not installed: apt-get install libreoffice-calc"
        if os.environ.get("REQUIRE_LIBREOFFICE") == "1":
            pytest.fail(message + " (REQUIRE_LIBREOFFICE=1)")
        pytest.skip(message)
    return found


def recalculate(soffice: str, books: list[Path], folder: Path) -> dict[Path, openpyxl.Workbook]:
    """Each book recalculated by LibreOffice and read back as values (one soffice run for all).

    The books are converted .xlsx to .xlsx into ``folder`` with a fresh profile
    of their own there, so runs in parallel or one after another do not clash.
    """
    profile = folder / "profile"
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(RECALCULATE_ON_LOAD)
    output = folder / "recalculated"
    run = subprocess.run([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                          "--calc", "--convert-to", "xlsx", "--outdir", str(output), *map(str, books)],
                         check=False, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    missing = [book.name for book in books if not (output / book.name).exists()]
    assert not missing, f"LibreOffice wrote no {missing}: {run.stdout} {run.stderr}"
    return {book: openpyxl.load_workbook(output / book.name, data_only=True) for book in books}


def printed(soffice: str, books: list[Path], folder: Path) -> dict[Path, tuple[int, str]]:
    """Each book printed to PDF by LibreOffice (one run for all): its page count and its text (pdftotext)."""
    profile = folder / "profile"
    output = folder / "pdf"
    run = subprocess.run([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                          "--convert-to", "pdf", "--outdir", str(output), *map(str, books)],
                         check=False, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    result = {}
    for book in books:
        pdf = output / book.with_suffix(".pdf").name
        info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
        pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                              text=True).stdout
        result[book] = (pages, text)
    return result


# -- checks ------------------------------------------------------------------------
def references(formula: str) -> list[str]:
    """The cell and range references of a formula.

    >>> references("=SUM(C5:C9)/$B$2")
    ['C5:C9', '$B$2']
    """
    return [token.value for token in Tokenizer(formula).items
            if token.type == Token.OPERAND and token.subtype == Token.RANGE]


def reference_problems(book: openpyxl.Workbook) -> list[str]:
    """Every formula reference to another sheet, an empty cell or a cell holding text or a boolean.

    A referenced cell must hold a number or a formula (whose own references are checked in turn).
    """
    problems = []
    for sheet in book.worksheets:
        for cell, formula in formula_cells(sheet):
            for reference in references(formula):
                if "!" in reference:
                    problems.append(f"{sheet.title}!{cell}: {formula} refers to another sheet")
                    continue
                target = sheet[reference.replace("$", "")]
                for referenced in _flat(target):
                    value = referenced.value
                    if value is None or isinstance(value, bool) or not (
                            isinstance(value, (int, float)) or str(value).startswith("=")):
                        problems.append(f"{sheet.title}!{cell}: {formula} refers to {referenced.coordinate} "
                                        f"holding {value!r}")
    return problems


def _flat(target: object) -> list:
    """A cell, or the cells of a range (rows of cells), as one list."""
    return [cell for row in target for cell in row] if isinstance(target, tuple) else [target]


def formula_cells(sheet: Worksheet) -> list[tuple[str, str]]:
    """(address, formula) of every formula cell of a sheet as written."""
    return [(cell.coordinate, cell.value) for row in sheet.iter_rows() for cell in row
            if isinstance(cell.value, str) and cell.value.startswith("=")]


def close(actual: object, expected: Fraction) -> bool:
    """A recalculated number within 1e-12 relative (or 1e-15 absolute) of the exact figure."""
    return isinstance(actual, (int, float)) and not isinstance(actual, bool) and math.isclose(
        actual, float(expected), rel_tol=RELATIVE, abs_tol=ABSOLUTE)


# -- a small table, checked by hand ----------------------------------------------
def coin_table() -> pd.DataFrame:
    """Win 1 to 1 in 3 deals of 4, lose the stake in 1: return 1/2, E[pays^2] = 1."""
    return pd.DataFrame({"outcome": ["win", "lose"], "pays": [Fraction(1), Fraction(-1)], "combinations": [3, 1],
                         "probability": [Fraction(3, 4), Fraction(1, 4)],
                         "contribution": [Fraction(3, 4), Fraction(-1, 4)]})


def test_a_small_table_recalculates_to_the_hand_checked_figures(soffice: str, tmp_path: Path) -> None:
    book = report.Report()
    sheet = book.sheet("coin")
    block = report.write_outcome_table(sheet, "coin", coin_table(), cycle=4)
    report.write_formulas(sheet, block, report.wager_formulas(coin_table(), side_bet=True))
    title = sheet.title
    hand_checked = {"D5": Fraction(3, 4), "E5": Fraction(3, 4), "F5": Fraction(3, 4),
                    "D6": Fraction(1, 4), "E6": Fraction(-1, 4), "F6": Fraction(1, 4),
                    "C7": Fraction(4), "D7": Fraction(1), "E7": Fraction(1, 2), "F7": Fraction(1),
                    "B10": Fraction(1, 2), "B11": Fraction(-1, 2),  # return per unit, house edge
                    "K5": Fraction(4, 3), "K6": Fraction(4)}  # odds: 1 in 4/3, 1 in 4
    assert book.exact == {(title, cell): value for cell, value in hand_checked.items()}
    assert sheet.cell(11, 2).value == "=-SUM(E5:E6)"
    book.save(tmp_path / "coin.xlsx")
    stored = openpyxl.load_workbook(tmp_path / "coin.xlsx", data_only=True).active  # the values saved
    assert {cell: stored[cell].value for cell in hand_checked} == {cell: float(v) for cell, v in hand_checked.items()}
    values = recalculate(soffice, [tmp_path / "coin.xlsx"], tmp_path)[tmp_path / "coin.xlsx"].active
    assert {cell: values[cell].value for cell in hand_checked if cell != "K5"} == {
        cell: float(v) for cell, v in hand_checked.items() if cell != "K5"}
    assert close(values["K5"].value, Fraction(4, 3))  # LibreOffice saves 15 significant digits


def test_the_reference_check_finds_empty_and_text_cells(tmp_path: Path) -> None:
    book = report.Report()
    report.put_row(book.sheet("Sheet"), 1, ("label", 2, "=B1*2", "=A1+B1", "=SUM(B1:B3)", "=Other!A1"))
    book.save(tmp_path / "book.xlsx")
    assert reference_problems(openpyxl.load_workbook(tmp_path / "book.xlsx")) == [
        "Sheet!D1: =A1+B1 refers to A1 holding 'label'",
        "Sheet!E1: =SUM(B1:B3) refers to B2 holding None",
        "Sheet!E1: =SUM(B1:B3) refers to B3 holding None",
        "Sheet!F1: =Other!A1 refers to another sheet",
    ]


# -- every game's report -----------------------------------------------------------
@dataclass(frozen=True)
class Written:
    """A report as ``analyzer report`` writes it, with the exact figure behind each formula cell."""

    analysis: GameResults
    path: Path
    exact: dict[tuple[str, str], Fraction]


@pytest.fixture(scope="module")
def reports(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Written]:
    """One report per game, from the session's analyses (conftest.py)."""
    folder = tmp_path_factory.mktemp("reports")
    written = {}
    for game in GAMES:
        analysis = request.getfixturevalue(game)
        path = folder / f"{game}.xlsx"
        exact = write_report(analysis, path, game_warnings(analysis), analysis.posted_rule(),
                             progressive_results(analysis, PROGRESSIVES.get(game)))
        written[game] = Written(analysis, path, exact)
    return written


def progressive_results(analysis: GameResults, path: Path | None) -> dict | None:
    """The progressive sheet's figures and table for the paytable file at ``path``, if any."""
    if path is None:
        return None
    progressive = load_progressive(path, analysis.rules)
    return {"figures": progressive_figures(analysis, progressive), "table": progressive_table(analysis, progressive)}


@pytest.fixture(scope="module")
def recalculated(reports: dict[str, Written], soffice: str,
                 tmp_path_factory: pytest.TempPathFactory) -> dict[str, openpyxl.Workbook]:
    """Every game's report recalculated by LibreOffice, in one run."""
    books = recalculate(soffice, [written.path for written in reports.values()], tmp_path_factory.mktemp("lo"))
    return {game: books[written.path] for game, written in reports.items()}


@pytest.mark.parametrize("game", GAMES)
def test_every_formula_has_its_exact_figure(reports: dict[str, Written], game: str) -> None:
    book = openpyxl.load_workbook(reports[game].path)
    cells = {(sheet.title, cell) for sheet in book.worksheets for cell, _ in formula_cells(sheet)}
    assert cells == set(reports[game].exact)
    assert len(cells) > 40  # 21+3, one wager of four lines and no decision, has the fewest (44)
    assert ("Progressive" in book.sheetnames) == (game in PROGRESSIVES)


@pytest.mark.parametrize("game", GAMES)
def test_formulas_refer_only_to_filled_numeric_cells(reports: dict[str, Written], game: str) -> None:
    assert reference_problems(openpyxl.load_workbook(reports[game].path)) == []


@pytest.mark.parametrize("game", GAMES)
def test_recalculated_formulas_equal_the_exact_figures(reports: dict[str, Written],
                                                       recalculated: dict[str, openpyxl.Workbook],
                                                       game: str) -> None:
    book = recalculated[game]
    wrong = {f"{sheet}!{cell}": (book[sheet][cell].value, str(exact), float(exact))
             for (sheet, cell), exact in reports[game].exact.items() if not close(book[sheet][cell].value, exact)}
    assert wrong == {}


@pytest.mark.parametrize("game", GAMES)
def test_no_cell_holds_an_error_value(recalculated: dict[str, openpyxl.Workbook], game: str) -> None:
    errors = [f"{sheet.title}!{cell.coordinate}: {cell.value}" for sheet in recalculated[game].worksheets
              for row in sheet.iter_rows() for cell in row
              if isinstance(cell.value, str) and cell.value.startswith(ERROR_PREFIXES)]
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_combinations_add_up_to_the_cycle(reports: dict[str, Written], recalculated: dict[str, openpyxl.Workbook],
                                          game: str) -> None:
    written, book = reports[game], recalculated[game]
    cycle = written.analysis.cycle
    tables = [sheet for sheet in book.worksheets if sheet["A2"].value == "cycle (all deals)"]
    rules = written.analysis.rules  # the return table, one sheet per wager and per side-bet paytable
    assert len(tables) >= 1 + len(rules.wagers) + sum(len(bet.paytables) for bet in rules.side_bets)
    for sheet in tables:
        total = next(row for row in range(report.HEADER_ROW + 1, sheet.max_row + 1)
                     if sheet.cell(row, 1).value == "total")
        assert sheet[report.CYCLE_CELL.replace("$", "")].value == cycle, sheet.title
        assert written.exact[(sheet.title, f"C{total}")] == cycle, sheet.title  # the exact integers
        assert int(sheet[f"J{total}"].value) == cycle, sheet.title  # the exact text beside the sum
        assert close(sheet[f"C{total}"].value, Fraction(cycle)), sheet.title  # LibreOffice's SUM
        assert close(sheet[f"D{total}"].value, Fraction(1)), sheet.title


@pytest.mark.parametrize("game", GAMES)
def test_every_formula_is_stored_with_its_value(reports: dict[str, Written], game: str) -> None:
    """A reader that does not calculate (openpyxl data_only, pandas) sees every formula's figure."""
    book = openpyxl.load_workbook(reports[game].path, data_only=True)
    wrong = {f"{sheet}!{cell}": (book[sheet][cell].value, str(exact))
             for (sheet, cell), exact in reports[game].exact.items() if not close(book[sheet][cell].value, exact)}
    assert wrong == {}


@pytest.fixture(scope="module")
def pdfs(reports: dict[str, Written], soffice: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple]:
    """Every game's report printed to PDF by LibreOffice, in one run: (pages, text)."""
    books = printed(soffice, [written.path for written in reports.values()], tmp_path_factory.mktemp("pdf"))
    return {game: books[written.path] for game, written in reports.items()}


@pytest.mark.parametrize("game", GAMES)
def test_the_printed_report_shows_every_number_on_sensible_pages(reports: dict[str, Written],
                                                                  pdfs: dict[str, tuple], game: str) -> None:
    pages, text = pdfs[game]
    assert "###" not in text  # a number wider than its column prints as ###
    assert 10 <= pages <= MOST_PAGES[game]
    edge = reports[game].analysis.main_figures()["house_edge_per_ante"]
    assert f"{float(edge):.6%}" in text and str(edge) in text  # the house edge and its exact fraction
    assert f"Page {pages} of {pages}" in text  # the footer
