"""The Excel math report: sheets, exact counts, live formulas that recompute the exact figures, atomic writes."""

from __future__ import annotations

import math
import re
import stat
from fractions import Fraction
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

import analyzer
from analyzer.engines.one_decision.results import Analysis
from analyzer.reports import workbook as report
from analyzer.reports.lab_figures import LabSettings, operator_figures, payout_cap
from analyzer.reports.method import cycle_stages

POSTED_RULE = {
    "text": "Play 3x with a pair of aces or better, 1x with king-queen or better, otherwise fold.",
    "cost": Fraction(1, 2000),
    "rows": [("play 3x", "pair of A or better"), ("play 1x", "K-Q high or better"), ("fold", "anything else")],
}
WARNINGS = ["Queens Up paytable 50-40-9-4-3-2-1: example warning"]
QUEENS_UP = ["50-40-8-4-3-2-1", "50-40-9-4-3-2-1", "50-30-9-4-3-2-1", "50-30-8-4-3-2-1", "50-40-7-4-3-2-1"]
EXPECTED_SHEETS = ["Contents", "Summary", "Return table", "Ante", "Super Bonus", "Play",
                   *(f"Queens Up {name}" for name in QUEENS_UP), "Paytable variants", "Strategy",
                   "Strategy table 1", "Strategy table 2", "Strategy chart", "Charts", "Lab figures", "Rules", "Method"]
OUTCOME_SHEETS = EXPECTED_SHEETS[2:11]
RELATIVE = 1e-12


# -- fixtures ------------------------------------------------------------------
@pytest.fixture(scope="session")
def crazy4_analysis(crazy4: Analysis) -> Analysis:
    """The exact Crazy 4 Poker analysis of conftest.py, shared by the whole session."""
    return crazy4


@pytest.fixture(scope="session")
def report_book(crazy4_analysis: Analysis, tmp_path_factory: pytest.TempPathFactory) -> openpyxl.Workbook:
    """The report written once with a warning and a posted rule, then read back."""
    path = tmp_path_factory.mktemp("report") / "crazy4.xlsx"
    report.write_workbook(crazy4_analysis, path, WARNINGS, POSTED_RULE)
    return openpyxl.load_workbook(path)


def outcome_tables(analysis: Analysis) -> dict[str, pd.DataFrame]:
    """Sheet name -> the exact table the sheet must show."""
    tables = {"Return table": analysis.return_table().rename(columns={"net": "pays"})}
    for wager in analysis.rules.wagers:
        tables[wager.title] = analysis.wager_table(wager)
    bet = analysis.rules.side_bets[0]
    for name in QUEENS_UP:
        tables[f"Queens Up {name}"] = analysis.side_bet_table(bet, bet.paytables[name])
    return tables


# -- a tiny evaluator for the formulas the report writes -----------------------
TOKEN = re.compile(r"\s*(?:(?P<number>\d+(?:\.\d+)?)|(?P<function>[A-Z]+)\(|"
                   r"(?P<ref>\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)|(?P<op>[-+*/^(),]))")


class Formulas:
    """Evaluates a sheet's cells as Excel would, for the formulas the report uses.

    Numbers, cell references, ranges, + - * / ^, unary minus (binding tighter
    than ^, as in Excel), parentheses, SUM and SQRT; floats throughout.
    """

    def __init__(self, sheet: openpyxl.worksheet.worksheet.Worksheet) -> None:
        self.sheet = sheet
        self.cache: dict[str, object] = {}

    def value(self, ref: str) -> object:
        ref = ref.replace("$", "")
        if ref not in self.cache:
            raw = self.sheet[ref].value
            self.cache[ref] = self.evaluate(raw) if isinstance(raw, str) and raw.startswith("=") else raw
        return self.cache[ref]

    def evaluate(self, formula: str) -> float:
        outer = getattr(self, "tokens", None), getattr(self, "position", 0)  # a referenced cell nests
        self.tokens, self.position = self._tokenize(formula[1:]), 0
        result = self._sum()
        assert self.position == len(self.tokens), f"cannot parse {formula!r}"
        self.tokens, self.position = outer
        return result

    @staticmethod
    def _tokenize(text: str) -> list[tuple[str, str]]:
        tokens, position = [], 0
        while position < len(text.rstrip()):
            match = TOKEN.match(text, position)
            assert match, f"unexpected text {text[position:]!r}"
            tokens.append((match.lastgroup, match[match.lastgroup]))
            position = match.end()
        return tokens

    def _peek(self) -> str | None:
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def _take(self) -> tuple[str, str]:
        self.position += 1
        return self.tokens[self.position - 1]

    def _sum(self) -> float:
        value = self._product()
        while self._peek() in ("+", "-"):
            value = value + self._product() if self._take()[1] == "+" else value - self._product()
        return value

    def _product(self) -> float:
        value = self._power()
        while self._peek() in ("*", "/"):
            value = value * self._power() if self._take()[1] == "*" else value / self._power()
        return value

    def _power(self) -> float:
        value = self._unary()
        while self._peek() == "^":
            self._take()
            value = value ** self._unary()
        return value

    def _unary(self) -> float:
        if self._peek() == "-":
            self._take()
            return -self._unary()
        return self._atom()

    def _atom(self):
        kind, text = self._take()
        if kind == "number":
            return float(text)
        if kind == "ref":
            if ":" in text:
                return [self.value(cell.coordinate) for row in self.sheet[text.replace("$", "")] for cell in row]
            return self.value(text)
        if kind == "function":
            argument = self._sum() if text != "SUM" else self._atom()
            assert self._take()[1] == ")"
            if text == "SUM":
                return sum(argument)
            assert text == "SQRT"
            return math.sqrt(argument)
        assert text == "(", f"unexpected {text!r}"
        value = self._sum()
        assert self._take()[1] == ")"
        return value


def figure_rows(sheet) -> dict[str, int]:
    """Label -> row of the figures under an outcome table."""
    start = next(row for row in range(1, sheet.max_row + 1) if sheet.cell(row, 1).value == "figure")
    return {sheet.cell(row, 1).value: row for row in range(start + 1, sheet.max_row + 1)}


def close(actual: float, expected: Fraction | float, relative: float = RELATIVE) -> bool:
    return math.isclose(actual, float(expected), rel_tol=relative, abs_tol=1e-300)


# -- the workbook --------------------------------------------------------------
def test_sheets(report_book: openpyxl.Workbook) -> None:
    assert report_book.sheetnames == EXPECTED_SHEETS


def test_outcome_sheets_count_every_deal_once(report_book, crazy4_analysis: Analysis) -> None:
    for name, table in outcome_tables(crazy4_analysis).items():
        sheet = report_book[name]
        assert sheet["B2"].value == crazy4_analysis.cycle
        first = report.HEADER_ROW + 1
        counts = [sheet.cell(row, 3).value for row in range(first, first + len(table))]
        assert all(type(count) is int for count in counts), name
        assert counts == list(table["combinations"]), name
        assert sum(counts) == crazy4_analysis.cycle, name
        assert sheet.cell(first + len(table), 1).value == "total"
        assert Formulas(sheet).value(f"C{first + len(table)}") == crazy4_analysis.cycle


def test_probabilities_and_contributions_are_live_formulas(report_book, crazy4_analysis: Analysis) -> None:
    for name, table in outcome_tables(crazy4_analysis).items():
        sheet, formulas = report_book[name], Formulas(report_book[name])
        first = report.HEADER_ROW + 1
        rows = zip(table["outcome"], table["pays"], table["probability"], table["contribution"], strict=True)
        for row, (outcome, pays, probability, contribution) in enumerate(rows, start=first):
            assert sheet.cell(row, 1).value == outcome
            for column in "DEF":
                assert str(sheet[f"{column}{row}"].value).startswith("="), (name, column, row)
            assert close(formulas.value(f"D{row}"), probability), (name, row)
            assert close(formulas.value(f"E{row}"), contribution), (name, row)
            assert close(formulas.value(f"F{row}"), probability * pays * pays), (name, row)
            assert Fraction(sheet[f"H{row}"].value) == probability
            assert Fraction(sheet[f"I{row}"].value) == contribution
        total = first + len(table)
        assert close(formulas.value(f"D{total}"), 1)
        mean = sum(table["contribution"], Fraction(0))
        assert close(formulas.value(f"E{total}"), mean), name  # a sum with cancellation
        assert Fraction(sheet[f"I{total}"].value) == mean


def test_return_table_figures(report_book, crazy4_analysis: Analysis) -> None:
    sheet, formulas = report_book["Return table"], Formulas(report_book["Return table"])
    main = crazy4_analysis.main_figures()
    rows = figure_rows(sheet)
    value = {label: formulas.value(f"B{row}") for label, row in rows.items()}
    assert close(value["house edge per ante (-E[net])"], main["house_edge_per_ante"])
    assert close(value["house edge per initial wager (-E[net] / 2)"], main["house_edge_per_initial_wager"])
    assert close(value["variance (E[net^2] - E[net]^2)"], main["variance"])
    assert close(value["standard deviation"], float(main["standard_deviation"]))
    assert Fraction(sheet[f"C{rows['house edge per ante (-E[net])']}"].value) == main["house_edge_per_ante"]
    assert sheet["A4"].value == "outcome" and sheet["B4"].value == "net (per ante)"
    assert sheet["F4"].value == "net^2 contribution"


def test_wager_and_side_bet_figures(report_book, crazy4_analysis: Analysis) -> None:
    for wager in crazy4_analysis.rules.wagers:
        sheet = report_book[wager.title]
        row = figure_rows(sheet)["return per ante"]
        expected = crazy4_analysis.wager_returns()[wager.name]
        assert close(Formulas(sheet).value(f"B{row}"), expected)
        assert Fraction(sheet[f"C{row}"].value) == expected
    figures = crazy4_analysis.side_bet_figures()["queens_up"]
    for name in QUEENS_UP:
        sheet = report_book[f"Queens Up {name}"]
        row = figure_rows(sheet)["house edge"]
        assert close(Formulas(sheet).value(f"B{row}"), figures[name]["house_edge"])
        assert Fraction(sheet[f"C{row}"].value) == figures[name]["house_edge"]
        assert ("(default paytable)" in sheet["A1"].value) == (name == "50-40-8-4-3-2-1")


def test_summary(report_book, crazy4_analysis: Analysis) -> None:
    sheet = report_book["Summary"]
    cells = {sheet.cell(row, 1).value: row for row in range(1, sheet.max_row + 1)}
    main = crazy4_analysis.main_figures()
    assert sheet[f"B{cells['cycle (all player/dealer deals)']}"].value == crazy4_analysis.cycle
    for label, key in [("house edge per ante", "house_edge_per_ante"),
                       ("house edge per initial wager", "house_edge_per_initial_wager"),
                       ("element of risk (per unit wagered)", "element_of_risk"),
                       ("hit frequency (net result > 0)", "hit_frequency")]:
        value, text = sheet[f"B{cells[label]}"], sheet[f"C{cells[label]}"].value
        assert close(value.value, main[key], 1e-15) and Fraction(text) == main[key]  # 16 digits in the file
        assert value.number_format == "0.000000%"
    assert Fraction(sheet[f"C{cells['average total bet (units of the ante)']}"].value) == main["average_total_bet"]
    for decision, share in main["actions"].items():
        assert Fraction(sheet[f"C{cells[decision]}"].value) == share
    side_bets = [row for row in sheet.iter_rows(values_only=True) if row[0] == "Queens Up"]
    assert [row[1] for row in side_bets] == QUEENS_UP
    assert [row[2] for row in side_bets] == ["default", None, None, None, None]
    figures = crazy4_analysis.side_bet_figures()["queens_up"]
    assert all(Fraction(row[4]) == figures[row[1]]["house_edge"] for row in side_bets)
    assert all(row[8] == 4165 for row in side_bets)  # four of a kind: 1 in 4165
    warnings = cells["Warnings"]
    assert sheet.cell(warnings + 1, 1).value == WARNINGS[0]


def test_strategy(report_book, crazy4_analysis: Analysis) -> None:
    rows = list(report_book["Strategy"].iter_rows(values_only=True))
    assert any(POSTED_RULE["text"] in row for row in rows)
    assert any(row[:2] == ("play 1x", "K-Q high or better") for row in rows)
    cost = next(row for row in rows if row[0] and str(row[0]).startswith("cost"))
    assert Fraction(cost[2]) == POSTED_RULE["cost"]
    sheet = report_book["Strategy table 1"]  # the long chart by best hand, on a sheet of its own
    rows = list(sheet.iter_rows(values_only=True))
    header = next(index for index, row in enumerate(rows, start=1) if row[0] == "best hand")
    chart = crazy4_analysis.strategy_by_best_hand()
    assert rows[header][0] == chart["best_hand"][0]
    total = header + len(chart) + 1
    assert sheet.cell(total, 1).value == "total"
    assert Formulas(sheet).value(f"B{total}") == math.comb(52, 5)
    assert sheet.freeze_panes == f"B{header + 1}"


def test_rules_and_method(report_book, crazy4_analysis: Analysis) -> None:
    rules = crazy4_analysis.rules
    texts = {value for row in report_book["Rules"].iter_rows(values_only=True) for value in row if value}
    assert set(rules.rules) <= texts and set(rules.assumptions) <= texts
    assert {"super_bonus_without_qualifier", "compare", "push", "chosen", "not chosen"} <= texts
    assert {"3/2 to 1", "pair of Q or better", "Four aces"} <= texts
    assert {"high card king or better", "pair of queens or better", "four of a kind of aces"} <= texts  # readable
    method = {row[0]: row[1] for row in report_book["Method"].iter_rows(values_only=True) if row[0]}
    assert "no sampling" in method["method"]
    assert method["cycle (all player/dealer deals)"] == crazy4_analysis.cycle
    assert method["program"] == f"analyzer {analyzer.__version__}"
    assert method["input hash (SHA-256 of game file and options)"] == rules.input_hash
    assert method["run finished at"] == crazy4_analysis.finished_at.isoformat()


def test_headers_are_bold_and_panes_frozen(report_book) -> None:
    for name in OUTCOME_SHEETS:
        sheet = report_book[name]
        assert all(cell.font.bold for cell in sheet[report.HEADER_ROW] if cell.value), name
        assert sheet.freeze_panes == f"B{report.HEADER_ROW + 1}"


@pytest.mark.slow
def test_no_warnings_says_none(crazy4_analysis: Analysis, tmp_path: Path) -> None:
    path = tmp_path / "report.xlsx"
    report.write_workbook(crazy4_analysis, path, [])
    sheet = openpyxl.load_workbook(path)["Summary"]
    column = [sheet.cell(row, 1).value for row in range(1, sheet.max_row + 1)]
    assert column[column.index("Warnings") + 1] == "none"
    strategy = openpyxl.load_workbook(path)["Strategy"]
    assert strategy["A3"].value.startswith("Optimal strategy")  # no posted rule block


# -- atomic writes ------------------------------------------------------------
def test_missing_folder_leaves_nothing(crazy4_analysis: Analysis, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        report.write_workbook(crazy4_analysis, tmp_path / "missing" / "report.xlsx", [])
    assert list(tmp_path.iterdir()) == []


def test_failing_sheet_keeps_the_old_file(crazy4_analysis: Analysis, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "report.xlsx"
    path.write_bytes(b"the previous report")

    def broken(*args: object) -> None:
        raise RuntimeError("sheet writer failed")

    monkeypatch.setattr(report, "write_strategy", broken)
    with pytest.raises(RuntimeError, match="sheet writer failed"):
        report.write_workbook(crazy4_analysis, path, [])
    assert list(tmp_path.iterdir()) == [path]
    assert path.read_bytes() == b"the previous report"


def test_failing_save_removes_the_partial_file(crazy4_analysis: Analysis, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "report.xlsx"
    path.write_bytes(b"the previous report")

    def partial_save(self: report.Report, filename: str) -> None:
        Path(filename).write_bytes(b"PK half a zip")
        raise OSError("disk full")

    monkeypatch.setattr(report.Report, "save", partial_save)
    with pytest.raises(OSError, match="disk full"):
        report.write_workbook(crazy4_analysis, path, [])
    assert list(tmp_path.iterdir()) == [path]
    assert path.read_bytes() == b"the previous report"


@pytest.mark.slow
def test_replacing_keeps_permissions(crazy4_analysis: Analysis, tmp_path: Path) -> None:
    path = tmp_path / "report.xlsx"
    path.write_bytes(b"old")
    path.chmod(0o640)
    report.write_workbook(crazy4_analysis, path, [])
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert openpyxl.load_workbook(path).sheetnames == EXPECTED_SHEETS
    assert list(tmp_path.iterdir()) == [path]


# -- sheet names --------------------------------------------------------------
def test_sheet_names_are_valid_and_unique() -> None:
    names = report.SheetNames()
    assert names.new("Summary") == "Summary"
    assert names.new("Pay: 3/2 [x]*?\\") == "Pay_ 3_2 _x____"
    long = "Queens Up 50-40-8-4-3-2-1 with a long suffix"
    first, second, third = names.new(long), names.new(long), names.new("SUMMARY")
    assert first == long[:31].rstrip()
    assert len(second) <= 31 and second.endswith(" (2)") and second != first
    assert third == "SUMMARY (2)"


def test_tables_are_computed_once_per_analysis(crazy4_analysis: Analysis) -> None:
    wager = crazy4_analysis.rules.wagers[0]
    first, second = crazy4_analysis.wager_table(wager), crazy4_analysis.wager_table(wager)
    assert first.equals(second) and first is not second  # a cached table, handed out as a copy


def test_a_table_workbook_holds_percentages_and_decimals_as_numbers(tmp_path: Path) -> None:
    """``compare -o`` and ``protect -o``: numbers written as text by the display tables become numbers."""
    frame = pd.DataFrame({"variant": ["as shipped", "mine"], "house_edge_per_ante": ["3.418855%", "-0.500000%"],
                          "standard_deviation": ["3.128544", "3.100000"], "strategy_changed": [False, True]})
    report.write_table_workbook(frame, "Crazy 4 Poker: paytable variants", tmp_path / "compare.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "compare.xlsx")["Comparison"]
    assert [cell.value for cell in sheet[3]] == ["as shipped", 0.03418855, 3.128544, "no"]
    assert sheet["B4"].value == -0.005 and sheet["B4"].number_format == "0.000000%"
    assert sheet["A1"].value == "Crazy 4 Poker: paytable variants" and sheet["B2"].value == "house edge per ante"


def test_the_cycle_is_explained_stage_by_stage(crazy4_analysis: Analysis, uth) -> None:
    """Crazy 4: C(52,5) x C(47,5) deals. UTH: the flop and the turn-and-river are sets of their own, so
    the cycle is C(52,2) x C(50,2) x C(48,3) x C(45,2), ten times the count with the board as one set."""
    stages = cycle_stages(crazy4_analysis.rules, crazy4_analysis.cycle)
    assert [count for _, _, count in stages] == [math.comb(52, 5), math.comb(47, 5), crazy4_analysis.cycle]
    stages = cycle_stages(uth.rules, uth.cycle)
    assert [formula for _, formula, _ in stages][-1] == "C(52,2) x C(50,2) x C(48,3) x C(45,2)"
    assert stages[-1][2] == uth.cycle == 10 * math.comb(52, 2) * math.comb(50, 2) * math.comb(48, 5)


# -- the lab figures ------------------------------------------------------------
def lab_values(sheet) -> dict[str, tuple[object, object]]:
    """The lab sheet's "figure / value / value (exact)" rows: figure -> (number, exact text); a later table's
    figure of the same name wins."""
    return {row[0]: (row[1], row[2]) for row in sheet.iter_rows(values_only=True)
            if len(row) > 2 and isinstance(row[0], str) and row[1] is not None and isinstance(row[2], str)}


def test_the_lab_figures_sheet_holds_lab_figures_exact_values(report_book: openpyxl.Workbook,
                                                                crazy4_analysis: Analysis) -> None:
    """The Lab figures sheet, listed on the cover, states its settings and shows the operator figures of
    lab_figures at the default settings, each exact value as "p/q" text beside its number."""
    sheet = report_book["Lab figures"]
    texts = [cell.value for cell in sheet["A"] if isinstance(cell.value, str)]
    assert "pace: 50 hands an hour" in texts and "aggregate payout limit: none" in texts
    edge = operator_figures(crazy4_analysis, LabSettings())["house_edge_per_ante"]
    assert lab_values(sheet)["house edge per ante"] == (pytest.approx(float(edge), rel=RELATIVE), str(edge))
    assert "Lab figures" in [cell.value for cell in report_book["Contents"]["A"]]


def test_the_payout_cap_setting_reaches_the_lab_figures_sheet(crazy4_analysis: Analysis, tmp_path: Path) -> None:
    """A payout limit of 5 Antes: the sheet states it and what it covers, and shows the exact capped edge."""
    settings = LabSettings(payout_cap=Fraction(5))
    path = tmp_path / "capped.xlsx"
    report.write_workbook(crazy4_analysis, path, [], lab=settings)
    sheet = openpyxl.load_workbook(path)["Lab figures"]
    capped = payout_cap(crazy4_analysis, settings)["house_edge_per_ante_capped"]
    assert lab_values(sheet)["house edge per ante capped"] == (pytest.approx(float(capped), rel=RELATIVE), str(capped))
    texts = [cell.value for cell in sheet["A"] if isinstance(cell.value, str)]
    assert any(text.startswith("aggregate payout limit: 5 units") for text in texts)
    assert "What the payout limit covers" in texts
