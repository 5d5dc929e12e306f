"""The math report as an Excel workbook, written for a test lab or a regulator.

Sheets: Contents (the cover: game, rules document, program, date, input
hash, findings, a link to every sheet), Summary, Return table, one per main
wager, one per side bet paytable, Paytable variants (every side bet's
paytables line by line), Procedure risk (when exposed-card analyses are
cached), Strategy, Strategy by hand (the four-card games' chart by best
hand), Strategy chart (colour-coded decisions), Charts (the strategy and
net-result pictures), Rules, Method and, when one was run, Simulation check.
Every outcome sheet holds exact integer combination counts; its
probabilities, contributions and totals are live formulas (combinations /
cycle, probability x pays, SUM), each saved with its value, so a reviewer can
audit every cell and a program reading the file without recalculating sees
the figures. Excel has no fractions: numbers are floats, and wherever an
exact value matters an adjacent text cell holds it as "p/q". The workbook
(a :class:`Report`) also remembers the exact figure behind every formula, so
tests can recalculate it in a spreadsheet engine and compare. Sheets are
written with :mod:`analyzer.reports.spreadsheet` (XlsxWriter): columns sized
to their numbers, print set up (fit to width, repeated headers, a footer).

The workbook is written atomically: to a temporary file in the target folder,
then moved onto the target, so a failed write never leaves a half-written file
nor clobbers an existing one.
"""

from __future__ import annotations

import hashlib
import io
import platform
import re
from dataclasses import dataclass, replace
from datetime import datetime, UTC
from decimal import Decimal
from fractions import Fraction
from functools import partial
from pathlib import Path
from collections.abc import Callable, Iterable

import matplotlib
import numpy as np
import pandas as pd
import xlsxwriter

import analyzer
from analyzer.core import figures
from analyzer.core.atomic import write_atomically
from analyzer.engines.results import GameResults, MainFigures
from analyzer.engines.strategy_grid import decision_colour, decision_grid, multiple_of
from analyzer.games.rules import (
    OUTCOME_LABELS,
    OUTCOMES,
    PaidOn,
    Paytable,
    SideBet,
    Wager,
)
from analyzer.protection.procedure_risk import PLAYER_ADVANTAGE, PLAYER_GAME, UNCERTAIN
from analyzer.reports import lab_figures
from analyzer.reports.charts import net_result_chart, strategy_chart
from analyzer.reports.lab_figures import LabSettings
from analyzer.reports.method import cards_used, cycle_stages
from analyzer.reports.summary import OPTIONAL_FIGURES
from analyzer.reports.spreadsheet import (
    EXACT_INTEGER_LIMIT,
    PLAIN,
    Book,
    Picture,
    Sheet,
    Style,
    address,
)
from analyzer.simulation import SimulationCheck

BOLD = Style(bold=True)
HEADER = Style(bold=True, wrap=True)
TITLE = Style(bold=True, size=14)
ALARM = Style(bold=True, colour="C00000")
LINK = Style(colour="0563C1", underline=True)
PERCENT = "0.000000%"
SHARE = "0.00%"
DECIMAL = "0.000000"
PROBABILITY = "0.00000000%"
COUNT = "#,##0"
PAYS = "0.######"
ODDS = '"1 in "#,##0.0'
#: The warnings printed in red: a player advantage, a wager that never loses.
ALARMS = ("PLAYER ADVANTAGE", "NEVER LOSES")

#: Layout of an outcome sheet: the cycle cell, the header row, the columns.
CYCLE_CELL = "$B$2"
HEADER_ROW = 4
OUTCOME_HEADERS = ("outcome", "{header}", "combinations", "probability", "contribution",
                   "{name}^2 contribution", "{name} (exact)", "probability (exact)", "contribution (exact)",
                   "combinations (exact)", "odds")

#: An exact figure as text ("-3/2", "12", "exact: 12"), aligned right like the numbers beside it.
EXACT_TEXT = re.compile(r"^(exact: )?-?\d+(\.\d+)?(/\d+)?$")

SHEET_NAME_LENGTH = 31
FORBIDDEN_IN_SHEET_NAMES = re.compile(r"[\[\]:*?/\\]")


# -- live formulas and the exact figures behind them ----------------------------
@dataclass(frozen=True)
class Live:
    """A live formula and the exact figure it must recalculate to.

    >>> Live("=C5/$B$2", Fraction(1, 4)).exact
    Fraction(1, 4)
    """

    formula: str
    exact: Fraction


class Report(Book):
    """A workbook that remembers, for each formula cell, the exact figure it stands for.

    ``exact[(sheet title, "D5")]`` is a Fraction (for a square root, its
    30-digit decimal); :func:`put_row` fills it as it writes a :class:`Live`.
    """

    def __init__(self, title: str = "", version: str = f"analyzer {analyzer.__version__}") -> None:
        super().__init__(title, version)
        self.exact: dict[tuple[str, str], Fraction] = {}


# -- small cell helpers ------------------------------------------------------
def exact(value: Fraction | int | None) -> str:
    """The exact text of a value: "p/q", or the integer; "" for None."""
    return "" if value is None else str(Fraction(value))


def number(value: Fraction | int | np.integer | str | None) -> float | int | str | None:
    """A cell number: an int stays an int (as text from 2**53 on, where doubles lose units), a
    Fraction or decimal string becomes a float.

    >>> number(Fraction(3, 2)), number(12), number(2 ** 53)
    (1.5, 12, '9007199254740992')
    """
    if value is None:
        return None
    if isinstance(value, (int, np.integer)):
        return int(value) if abs(int(value)) < EXACT_INTEGER_LIMIT else str(int(value))
    if isinstance(value, str):
        return float(Decimal(value))
    fraction = Fraction(value)
    return number(fraction.numerator) if fraction.denominator == 1 else float(fraction)


def put_row(sheet: Sheet, row: int, values: Iterable[object], formats: dict[int, str] | None = None,
            font: Style | None = None) -> None:
    """Write ``values`` from column A of ``row``; ``formats`` maps a 1-based column to its number format.

    A :class:`Live` value writes its formula with its value and records its exact figure in the
    :class:`Report`.
    """
    formats = formats or {}
    for column, value in enumerate(values, start=1):
        if value is None or (isinstance(value, float) and np.isnan(value)):
            continue
        style = replace(font or PLAIN, number_format=formats.get(column))
        if isinstance(value, Live):
            if not isinstance(sheet.book, Report):
                raise TypeError(f"{sheet.title}: a live figure is written only in a Report's sheet")
            sheet.book.exact[(sheet.title, address(row, column))] = value.exact
            sheet.put(row, column, value.formula, style, value=float(value.exact))
        elif isinstance(value, str) and EXACT_TEXT.match(value):
            sheet.put(row, column, value, replace(style, align="right"))
        else:
            sheet.put(row, column, value.item() if isinstance(value, np.generic) else value, style)


def put_header(sheet: Sheet, row: int, headers: Iterable[str], repeat: bool = True) -> None:
    """A bold header row; the first one of a sheet is repeated on every printed page (``repeat``)."""
    put_row(sheet, row, headers, font=HEADER)
    if repeat and sheet.header_rows is None:
        sheet.header_rows = (row, row)


def put_title(sheet: Sheet, text: str, row: int = 1, style: Style | None = None) -> None:
    """The large bold title of a sheet or of a block (a paragraph: it may run across the columns)."""
    sheet.put(row, 1, text, style or (TITLE if row == 1 else BOLD), paragraph=True)


def put_text(sheet: Sheet, row: int, text: str, style: Style = PLAIN) -> None:
    """A line of text across the sheet's columns, wrapped when longer."""
    sheet.put(row, 1, text, style, paragraph=True)


def set_widths(sheet: Sheet, widths: Iterable[float]) -> None:
    """Smallest column widths from column A on (a column still widens to fit its numbers)."""
    for column, width in enumerate(widths, start=1):
        sheet.widths[column] = width


def put_figure(sheet: Sheet, row: int, label: str, value: Fraction | int | str | None,
               number_format: str, font: Style | None = None) -> None:
    """A labelled figure: its number (formatted) and, beside it, its exact text."""
    put_row(sheet, row, (label, number(value), value if isinstance(value, str) else exact(value)),
            {2: number_format}, font)


def alarm(text: str) -> bool:
    """Whether a finding is printed in red (:data:`ALARMS`)."""
    return str(text).startswith(ALARMS)


# -- sheet names ---------------------------------------------------------------
class SheetNames:
    """Valid, unique Excel sheet names: at most 31 characters, none of []:*?/\\, unique ignoring case."""

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def new(self, wanted: str) -> str:
        """A valid name close to ``wanted`` that no earlier sheet has."""
        base = FORBIDDEN_IN_SHEET_NAMES.sub("_", wanted).strip().strip("'") or "Sheet"
        name, copy = base[:SHEET_NAME_LENGTH].rstrip(), 1
        while name.lower() in self._taken:
            copy += 1
            suffix = f" ({copy})"
            name = base[:SHEET_NAME_LENGTH - len(suffix)].rstrip() + suffix
        self._taken.add(name.lower())
        return name


# -- the outcome tables -------------------------------------------------------
@dataclass(frozen=True)
class OutcomeBlock:
    """Where an outcome table landed: its data rows and its totals row."""

    first_row: int
    last_row: int
    total_row: int

    def column(self, letter: str) -> str:
        """The data range of one column, e.g. ``E5:E27``."""
        return f"{letter}{self.first_row}:{letter}{self.last_row}"


@dataclass(frozen=True)
class Formula:
    """A figure under an outcome table: ``template`` names columns and earlier figures in braces."""

    key: str
    label: str
    template: str
    exact: Fraction | str
    number_format: str = PROBABILITY


def write_outcome_table(sheet: Sheet, heading: str, table: pd.DataFrame, cycle: int,
                        pays_column: str = "pays", pays_header: str = "pays (to 1)") -> OutcomeBlock:
    """Heading, cycle, then one row per outcome with live probability and contribution formulas.

    Columns: outcome, pays, combinations (exact integers), probability
    (=combinations/cycle), contribution (=probability*pays), pays^2
    contribution (=probability*pays^2), then the exact values as text, then
    the odds "1 in N" (=cycle/combinations). A totals row sums combinations,
    probabilities and contributions. ``pays_column`` names the table's result
    column ("pays", or "net" for the return table); ``pays_header`` is its header.
    """
    put_title(sheet, heading)
    # Spreadsheet numbers are doubles, exact only below 2**53: the exact integers are also text.
    put_row(sheet, 2, ("cycle (all deals)", number(cycle), f"exact: {cycle}"), {2: COUNT}, BOLD)
    put_header(sheet, HEADER_ROW, (h.format(header=pays_header, name=pays_column) for h in OUTCOME_HEADERS))
    formats = {2: PAYS, 3: COUNT, 4: PROBABILITY, 5: DECIMAL, 6: DECIMAL, 11: ODDS}
    first = HEADER_ROW + 1
    rows = zip(table["outcome"], table[pays_column], table["combinations"], table["probability"],
               table["contribution"], strict=True)
    totals = [Fraction(0)] * 4  # combinations, probability, contribution, pays^2 contribution
    for row, (outcome, pays, count, probability, contribution) in enumerate(rows, start=first):
        exacts = (int(count), probability, contribution, probability * Fraction(pays) ** 2)
        totals = [total + figure for total, figure in zip(totals, exacts, strict=True)]
        odds = Live(f"={CYCLE_CELL}/C{row}", Fraction(cycle, int(count))) if count else "never"
        put_row(sheet, row, (outcome, number(pays), number(int(count)), Live(f"=C{row}/{CYCLE_CELL}", probability),
                             Live(f"=D{row}*B{row}", contribution), Live(f"=D{row}*B{row}^2", exacts[3]),
                             exact(pays), exact(probability), exact(contribution), str(int(count)), odds),
                formats)
    block = OutcomeBlock(first, first + len(table) - 1, first + len(table))
    sums = [Live(f"=SUM({block.column(letter)})", total) for letter, total in zip("CDEF", totals, strict=True)]
    put_row(sheet, block.total_row, ("total", None, *sums, None, exact(totals[1]), exact(totals[2]),
                                     str(totals[0])), formats, font=BOLD)
    sheet.freeze = (first, 2)
    return block


def write_formulas(sheet: Sheet, block: OutcomeBlock, formulas: list[Formula]) -> dict[str, str]:
    """Labelled formula cells below an outcome table; returns each figure's cell address.

    A template may name a column's data range as ``{E}`` and an earlier figure as ``{mean}``.
    """
    header = block.total_row + 2
    put_header(sheet, header, ("figure", "value (live formula)", "exact"))
    ranges = {letter: block.column(letter) for letter in "BCDEF"}
    addresses: dict[str, str] = {}
    for row, formula in enumerate(formulas, start=header + 1):
        text = formula.exact if isinstance(formula.exact, str) else exact(formula.exact)
        live = Live("=" + formula.template.format(**ranges, **addresses), Fraction(formula.exact))
        put_row(sheet, row, (formula.label, live, text), {2: formula.number_format})
        addresses[formula.key] = f"$B${row}"
    return addresses


def return_formulas(table: pd.DataFrame, initial_units: int) -> list[Formula]:
    """Mean, second moment, variance, SD and house edge of the main game, from its return table."""
    distribution_ = {Fraction(net): int(count) for net, count in zip(table["net"], table["combinations"], strict=True)}
    mean = figures.mean(distribution_)
    return [
        Formula("mean", "mean net result per ante (E[net])", "SUM({E})", mean),
        Formula("second", "E[net^2]", "SUM({F})", figures.second_moment(distribution_), DECIMAL),
        Formula("variance", "variance (E[net^2] - E[net]^2)", "{second}-{mean}^2",
                figures.variance(distribution_), DECIMAL),
        Formula("sd", "standard deviation", "SQRT({variance})", figures.standard_deviation(distribution_),
                DECIMAL),
        Formula("edge", "house edge per ante (-E[net])", "-{mean}", -mean, PERCENT),
        Formula("edge_initial", f"house edge per initial wager (-E[net] / {initial_units})",
                f"-{{mean}}/{initial_units}", -mean / initial_units, PERCENT),
    ]


def wager_formulas(table: pd.DataFrame, side_bet: bool) -> list[Formula]:
    """Return per unit (and, for a side bet, house edge) from a wager's outcome table."""
    mean = sum(table["contribution"], Fraction(0))
    result = [Formula("return", "return per unit" if side_bet else "return per ante", "SUM({E})", mean)]
    if side_bet:
        result.append(Formula("edge", "house edge", "-SUM({E})", -mean, PERCENT))
    return result


# -- the sheets -------------------------------------------------------------
def write_summary(sheet: Sheet, analysis: GameResults, warnings: list[str],
                  not_analysed: dict[str, str]) -> None:
    """Game, cycle, main-game figures, actions, wager returns, side bets, warnings (alarms in red)."""
    put_title(sheet, f"{analysis.rules.title}: math report")
    put_row(sheet, 2, ("game", analysis.rules.title))
    put_row(sheet, 3, ("cycle (all player/dealer deals)", number(analysis.cycle), f"exact: {analysis.cycle}"),
            {2: COUNT})
    put_row(sheet, 4, ("rules source", analysis.rules.rules_source))
    main = analysis.main_figures()
    row = _summary_main(sheet, 6, main)
    row = _summary_actions(sheet, row + 1, main["actions"])
    row = _summary_wagers(sheet, row + 1, analysis)
    row = _summary_side_bets(sheet, row + 1, analysis)
    put_title(sheet, "Warnings", row + 1)
    start = row + 2
    for row, text in enumerate(warnings or ["none"], start=start):
        put_text(sheet, row, text, ALARM if alarm(text) else PLAIN)
    if not_analysed:
        put_title(sheet, "Not analysed", row + 2)
        start = row + 3
        for row, (wager, reason) in enumerate(not_analysed.items(), start=start):
            put_row(sheet, row, (wager, reason))



def _summary_main(sheet: Sheet, row: int, main: MainFigures) -> int:
    """The main-game figures, a player advantage in red; returns the next free row."""
    put_title(sheet, "Main game (optimal strategy)", row)
    put_header(sheet, row + 1, ("figure", "value", "exact"), repeat=False)
    edge_style = ALARM if main["house_edge_per_ante"] < 0 else None
    lines: list[tuple[str, Fraction | str, str, Style | None]] = [
        ("house edge per ante", main["house_edge_per_ante"], PERCENT, edge_style),
        ("house edge per initial wager", main["house_edge_per_initial_wager"], PERCENT, edge_style),
        ("element of risk (per unit wagered)", main["element_of_risk"], PERCENT, edge_style),
        ("average total bet (units of the ante)", main["average_total_bet"], DECIMAL, None),
        ("standard deviation (per ante)", main["standard_deviation"], DECIMAL, None),
        ("variance (per ante^2)", main["variance"], DECIMAL, None),
        ("hit frequency (net result > 0)", main["hit_frequency"], PERCENT, None),
        *((label, main[name], PERCENT, None) for name, label in OPTIONAL_FIGURES.items() if name in main),
    ]
    start = row + 2
    for row, (label, value, number_format, style) in enumerate(lines, start=start):
        put_figure(sheet, row, label, value, number_format, style)
    if edge_style:
        row += 1
        put_text(sheet, row, "PLAYER ADVANTAGE: the house edge is negative; the game as analysed favours the "
                             "player.", ALARM)
    return row + 1


def _summary_actions(sheet: Sheet, row: int, actions: dict[str, Fraction]) -> int:
    """How often the optimal strategy takes each decision; returns the next free row."""
    put_title(sheet, "Action frequencies (share of player hands)", row)
    put_header(sheet, row + 1, ("decision", "frequency", "exact"), repeat=False)
    start = row + 2
    for row, (name, share) in enumerate(actions.items(), start=start):
        put_figure(sheet, row, name, share, SHARE)
    return row + 1


def _summary_wagers(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Each main wager's expected result per ante, and their total; returns the next free row."""
    put_title(sheet, "Expected result of each main wager (per ante)", row)
    put_header(sheet, row + 1, ("wager", "expected result", "exact"), repeat=False)
    returns = analysis.wager_returns()
    titles = {wager.name: wager.title for wager in analysis.rules.wagers}
    start = row + 2
    for row, (name, value) in enumerate(returns.items(), start=start):
        put_figure(sheet, row, titles[name], value, PERCENT)
    row += 1
    put_figure(sheet, row, "total (= -house edge per ante)", sum(returns.values(), Fraction(0)), PERCENT, BOLD)
    awards = analysis.top_awards()
    if awards:
        put_header(sheet, row + 2, ("top award", "odds: 1 in", "exact", "pays (to 1)"), repeat=False)
        start = row + 3
        for row, (name, award) in enumerate(awards.items(), start=start):
            put_row(sheet, row, (f"{titles[name]}: {award['top_award']}", number(award["one_in"]),
                                 exact(award["one_in"]), number(award["pays"])), {2: "#,##0.0", 4: PAYS})
    return row + 1


def _summary_side_bets(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Every side bet and paytable side by side; returns the next free row."""
    put_title(sheet, "Side bets (every paytable analysed)", row)
    put_header(sheet, row + 1, ("side bet", "paytable", "default", "house edge", "exact", "hit frequency",
                                "exact", "top award", "top award: 1 in", "exact", "SD"), repeat=False)
    titles = {bet.name: bet.title for bet in analysis.rules.side_bets}
    formats = {4: PERCENT, 6: SHARE, 9: "#,##0.00", 11: DECIMAL}
    row += 1
    for name, tables in analysis.side_bet_figures().items():
        for paytable, info in tables.items():
            row += 1
            put_row(sheet, row, (titles[name], paytable, "default" if info["default"] else "",
                                 number(info["house_edge"]), exact(info["house_edge"]),
                                 number(info["hit_frequency"]), exact(info["hit_frequency"]),
                                 info["top_award"] or "none", number(info["top_award_one_in"]),
                                 exact(info["top_award_one_in"]), number(info["standard_deviation"])), formats,
                    ALARM if info["house_edge"] < 0 else None)
    return row + 1


def write_return_table(sheet: Sheet, analysis: GameResults) -> None:
    """Every distinct net result of the main game, with mean, variance, SD and house edge formulas."""
    table = analysis.return_table()
    block = write_outcome_table(sheet, f"{analysis.rules.title}: net result per ante, optimal strategy",
                                table, analysis.cycle, pays_column="net", pays_header="net (per ante)")
    write_formulas(sheet, block, return_formulas(table, analysis.rules.initial_units))


def write_wager_sheet(sheet: Sheet, analysis: GameResults, wager: Wager) -> None:
    """One main wager's outcomes under the optimal strategy, per unit of the ante."""
    heading = f"{wager.title} wager: result per ante, optimal strategy"
    if wager.paytable is not None:
        heading += f" (paytable {wager.paytable.name}, default)"
    table = analysis.wager_table(wager)
    block = write_outcome_table(sheet, heading, table, analysis.cycle, pays_header="result (per ante)")
    write_formulas(sheet, block, wager_formulas(table, side_bet=False))


def write_side_bet_sheet(sheet: Sheet, analysis: GameResults, bet: SideBet, paytable: Paytable) -> None:
    """One side bet paytable: outcomes, return per unit and house edge."""
    mark = "default paytable" if paytable.name == bet.default_paytable else "alternative paytable"
    table = analysis.side_bet_table(bet, paytable)
    paid = f" ({bet.paid_on.note})" if bet.paid_on.note else ""
    block = write_outcome_table(sheet, f"{bet.title} side bet{paid}, paytable {paytable.name} ({mark})",
                                table, analysis.cycle)
    write_formulas(sheet, block, wager_formulas(table, side_bet=True))


#: Above this many rows the full chart by best hand stays out of the workbook
#: (it is in the API and the golden files); the ranges always go in.
CHART_ROWS = 5000
#: A strategy table longer than this gets a sheet of its own, its header frozen and printed on every page.
OWN_SHEET_ROWS = 60


def write_progressive_sheet(sheet: Sheet, analysis: GameResults, progressive: dict) -> None:
    """The progressive at its reset value (live formulas), then its break-even meter and long-run return."""
    figures = progressive["figures"]
    block = write_outcome_table(sheet, f"Progressive '{figures['title']}' at the reset value "
                                f"(pays per unit staked; from {figures['source']})", progressive["table"],
                                analysis.cycle)
    row = block.total_row + 2
    for label, value, style in (("stake", figures["stake"], DECIMAL), ("meter reset value", figures["reset"], DECIMAL),
                                ("house edge at reset", figures["house_edge_at_reset"], PERCENT),
                                ("break-even meter (return 0)", figures["break_even_meter"], DECIMAL),
                                ("contribution rate", figures["contribution"], PERCENT),
                                ("long-run return (reset return + contribution)", figures["long_run_return"], PERCENT)):
        put_figure(sheet, row, label, value, style)
        row += 1
    put_row(sheet, row, ("Assumption: awards are paid 'to 1' (a winning wager keeps its stake); a meter award "
                         "is its share of the meter divided by the stake.",))


def write_strategy(sheet: Sheet, analysis: GameResults, posted_rule: dict | None,
                   tables: list[tuple[str, pd.DataFrame, bool]] | None = None) -> None:
    """The posted rule (if any), then the game's short strategy tables (``tables``, by default
    those of ``analysis.strategy_tables()`` up to :data:`OWN_SHEET_ROWS` rows)."""
    put_title(sheet, f"{analysis.rules.title}: strategy")
    row = 3
    if posted_rule is not None:
        row = _posted_rule(sheet, row, posted_rule)
    if tables is None:
        tables = [table for table in analysis.strategy_tables() if len(table[1]) <= OWN_SHEET_ROWS]
    for title, frame, totals in tables:
        _, row = _frame(sheet, row, title, frame, totals)
    sheet.header_rows = None  # the tables' headers are far apart: none repeats on every page



def write_strategy_table(sheet: Sheet, title: str, frame: pd.DataFrame, totals: bool) -> None:
    """A long strategy table on a sheet of its own: its header frozen and printed on every page."""
    if len(frame) > CHART_ROWS:
        put_text(sheet, 1, f"{title}: {len(frame):,} rows, in the Python API rather than in this workbook.")
        return
    header, _ = _frame(sheet, 1, title, frame, totals)
    sheet.freeze = (header + 1, 2)
    sheet.text_width, sheet.landscape = 20, False  # a long table: more rows on a page


def write_strategy_chart(sheet: Sheet, analysis: GameResults) -> None:
    """The strategy grid (:mod:`analyzer.engines.strategy_grid`) with each cell filled by its decision's
    colour (white text on the darkest), one line per cell, and a legend."""
    grid = decision_grid(analysis)
    put_title(sheet, grid.title)
    put_text(sheet, 2, f"rows: {grid.row_header}; columns: {grid.column_header or 'one column, every hand'}")
    put_header(sheet, 4, ("", *grid.columns))
    wide = len(grid.columns) > 6  # two lines a cell: the hand and decision, then its EV
    for row, (label, cells) in enumerate(zip(grid.rows, grid.cells, strict=True), start=5):
        put_row(sheet, row, (label,), font=BOLD)
        for column, cell in enumerate(cells, start=2):
            text = cell.label.replace(" EV ", "\nEV ") if wide else cell.label
            sheet.put(row, column, text, replace(_decision_style(cell.decision, cell.colour), wrap=wide))
        if wide:
            sheet.heights[row] = 30
    legend = 5 + len(grid.rows) + 1
    put_text(sheet, legend, "legend (a paler fill: the other cards split the hands)", BOLD)
    for row, name in enumerate(grid.decisions, start=legend + 1):
        sheet.put(row, 1, name, _decision_style(name, decision_colour(name)))
    sheet.freeze = (5, 2)


def _decision_style(decision: str, fill: str) -> Style:
    """A grid cell: centred on its decision's fill, white text on the darkest (4x) fill."""
    dark = fill == decision_colour("4x") and multiple_of(decision) >= 4
    return Style(fill=fill, align="center", colour="FFFFFF" if dark else None, bold=dark)


def write_charts_sheet(sheet: Sheet, analysis: GameResults) -> None:
    """The strategy chart and the net-result distribution as pictures (:mod:`analyzer.reports.charts`),
    each scaled to the printed page's width."""
    put_title(sheet, f"{analysis.rules.title}: charts")
    row = 3
    for caption, draw in (("Strategy chart", strategy_chart), ("Net result per ante: distribution", net_result_chart)):
        if row > 3:
            sheet.page_breaks.append(row)
        put_text(sheet, row, caption, BOLD)
        figure = draw(analysis)
        png = io.BytesIO()
        figure.savefig(png, format="png", dpi=CHART_DPI, bbox_inches="tight")
        width, height = figure.get_size_inches() * CHART_DPI
        scale = min(1.0, CHART_WIDTH / width, CHART_HEIGHT / height)
        sheet.pictures.append(Picture(row + 1, 1, png.getvalue(), scale))
        row += 1 + int(height * scale / ROW_PIXELS)
        sheet.put(row, 12, " ")  # the print area reaches the picture's last row and the 12th column
        row += 1
    set_widths(sheet, [12] * 12)  # the pictures span these columns, the printed width
    sheet.landscape = True


#: Pixels per inch of the charts in the workbook, and the largest size of a picture there (pixels).
CHART_DPI = 100
CHART_WIDTH, CHART_HEIGHT = 1000, 640
#: The height of a row, in pixels (15 points).
ROW_PIXELS = 20


def _frame(sheet: Sheet, row: int, title: str, frame: pd.DataFrame, totals: bool,
           formats: dict[int, str] | None = None) -> tuple[int, int]:
    """A titled table (whole numbers as counts, other numbers in ``formats`` or to 6 decimals), with SUM
    totals of its whole-number columns if ``totals``; returns its header row and the next free row."""
    put_title(sheet, title, row)
    header = row + 1
    put_header(sheet, header, [str(column).replace("_", " ") for column in frame.columns])
    counts = [index for index, column in enumerate(frame.columns, start=1)
              if pd.api.types.is_integer_dtype(frame[column])]
    decimals = {index: DECIMAL for index, column in enumerate(frame.columns, start=1)
                if pd.api.types.is_float_dtype(frame[column])}
    formats = {**decimals, **{column: COUNT for column in counts}, **(formats or {})}
    row = header
    for row, values in enumerate(frame.itertuples(index=False), start=header + 1):
        put_row(sheet, row, [_cell_value(value) for value in values], formats)
    if totals:
        row += 1
        put_row(sheet, row, ("total", *[Live(f"=SUM({_letter(c)}{header + 1}:{_letter(c)}{row - 1})",
                                             Fraction(sum(int(count) for count in frame.iloc[:, c - 1])))
                                        if c in counts else None for c in range(2, len(frame.columns) + 1)]),
                formats, font=BOLD)
    return header, row + 2


def _cell_value(value: object) -> object:
    """A table's value as a cell shows it: whole numbers and fractions as numbers, yes/no for a boolean.

    >>> _cell_value(Fraction(1, 2)), _cell_value(np.bool_(True)), _cell_value("x")
    (0.5, 'yes', 'x')
    """
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    return number(value) if isinstance(value, (int, np.integer, Fraction)) else value


def _posted_rule(sheet: Sheet, row: int, posted_rule: dict) -> int:
    """The short rule a dealer could post, its cost, and its thresholds; returns the next free row."""
    put_title(sheet, "Posted strategy", row)
    put_row(sheet, row + 1, ("rule",))
    sheet.put(row + 1, 2, posted_rule["text"], paragraph=True)
    put_figure(sheet, row + 2, "cost per ante against the optimal strategy", posted_rule["cost"], PERCENT)
    put_header(sheet, row + 3, posted_rule.get("columns", ("decision", "threshold hand")))
    row += 4
    start = row
    for row, values in enumerate(posted_rule.get("rows", []), start=start):
        put_row(sheet, row, values)
    if posted_rule.get("file"):
        row += 2
        put_row(sheet, row, ("as a strategy file (analyzer analyze GAME --strategy FILE reads it):",), font=BOLD)
        start = row + 1
        for row, line in enumerate(posted_rule["file"].splitlines(), start=start):
            put_row(sheet, row, (line,))
    written = posted_rule.get("written")
    if written:
        row += 2
        put_title(sheet, f"Strategy file '{written.title}'", row)
        put_figure(sheet, row + 1, "house edge per ante", written.house_edge_per_ante, PERCENT)
        put_figure(sheet, row + 2, "cost per ante against the optimal strategy", written.cost_per_ante, PERCENT)
        row += 2
    return row + 2


def _letter(column: int) -> str:
    return xlsxwriter.utility.xl_col_to_name(column - 1)


def write_rules(sheet: Sheet, analysis: GameResults) -> None:
    """Rules, assumptions, rule options, game set-up, wager settlement and every paytable analysed."""
    rules = analysis.rules
    put_title(sheet, f"{rules.title}: rules, assumptions and paytables")
    row = _text_block(sheet, 3, "Rules", rules.rules)
    row = _text_block(sheet, row, "Assumptions", rules.assumptions)
    row = _options_block(sheet, row, analysis)
    row = _setup_block(sheet, row, analysis)
    row = _settlement_block(sheet, row, analysis)
    _paytables_block(sheet, row, analysis)
    set_widths(sheet, (30, 30, 14, 12, 30, 30))


def _text_block(sheet: Sheet, row: int, title: str, lines: Iterable[str]) -> int:
    """A titled list of text lines; returns the next free row."""
    put_title(sheet, title, row)
    lines = list(lines) or ["none"]
    start = row + 1
    for row, line in enumerate(lines, start=start):
        put_text(sheet, row, line)
    return row + 2


def _options_block(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Each rule option: its description, the choice made, and the other choices."""
    put_title(sheet, "Rule options (readings of ambiguous rules)", row)
    put_header(sheet, row + 1, ("option", "description", "choice", "chosen?", "choice description"), repeat=False)
    row += 1
    for option in analysis.rules.options:
        for choice, description in option.choices.items():
            row += 1
            chosen = "chosen" if choice == option.chosen else "not chosen"
            put_row(sheet, row, (option.name, option.description, choice, chosen, description))
    return row + 2


def _setup_block(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Cards dealt, dealer qualifier, fold and Play options."""
    rules = analysis.rules
    put_title(sheet, "Game set-up", row)
    qualifier = rules.dealer_qualifies.label if rules.dealer_qualifies else "always qualifies"
    lines = [*cards_used(rules), ("player cards", rules.player_cards), ("dealer cards", rules.dealer_cards),
             ("dealer up cards", rules.dealer_up_cards), ("dealer qualifies with", qualifier),
             ("player may fold", "yes" if rules.fold else "no")]
    lines += [(f"Play {option.multiple}x the ante", (f"{option.when}: " if option.when else "")
               + (f"with {option.requires.label}" if option.requires else "any hand")) for option in rules.play]
    start = row + 1
    for row, line in enumerate(lines, start=start):
        put_row(sheet, row, line)
    return row + 2


def _settlement_block(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Each main wager's result per unit staked for every outcome of the hand, and on a fold."""
    put_title(sheet, "Main wager settlement (result per unit staked)", row)
    put_header(sheet, row + 1, ("wager", "outcome", "result", "exact"), repeat=False)
    row += 1
    for wager in analysis.rules.wagers:
        results = [*zip((OUTCOME_LABELS[o] for o in OUTCOMES), wager.results, strict=True), ("player folds", wager.on_fold)]
        for label, result in results:
            row += 1
            put_row(sheet, row, (wager.title, label, number(result), exact(result)), {3: PAYS})
    return row + 2


def _paytables_block(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """Every paytable of every main wager and side bet: line, hand pattern, pays "to 1"."""
    put_title(sheet, "Paytables analysed", row)
    put_header(sheet, row + 1, ("wager / paytable", "line", "pays (to 1)", "exact", "hand",
                                "hand pattern (game file)"), repeat=False)
    row += 1
    owners = [(w.title, w.paytables, w.default_paytable) for w in analysis.rules.wagers if w.paytables]
    owners += [(b.title, b.paytables, b.default_paytable) for b in analysis.rules.side_bets]
    for title, paytables, default in owners:
        for name, paytable in paytables.items():
            row += 1
            mark = "default" if name == default else "alternative"
            put_row(sheet, row, (f"{title}: paytable {name} ({mark})",), font=BOLD)
            for line in paytable.lines:
                row += 1
                put_row(sheet, row, ("", line.label, number(line.pays), f"{exact(line.pays)} to 1",
                                     line.pattern.label, line.pattern.text), {3: PAYS})
    return row + 2


def write_method(sheet: Sheet, analysis: GameResults) -> None:
    """How the figures were obtained, how the cycle counts the deals, and what identifies the run."""
    put_title(sheet, "Method and reproducibility")
    options = ", ".join(f"{o.name}={o.chosen}" for o in analysis.rules.options) or "none"
    lines = [
        ("method", "Exhaustive enumeration of every player/dealer deal; no sampling."),
        ("cycle (all player/dealer deals)", number(analysis.cycle)),
        ("game", f"{analysis.rules.title} ({analysis.rules.name})"),
        ("rules source", analysis.rules.rules_source),
        ("rule options chosen", options),
        ("program", f"analyzer {analyzer.__version__}"),
        ("input hash (SHA-256 of game file and options)", analysis.rules.input_hash),
        ("run finished at", analysis.finished_at.isoformat()),
        ("run duration (seconds)", round(float(analysis.seconds), 3)),
        ("Python", platform.python_version()),
        ("numpy", np.__version__),
        ("pandas", pd.__version__),
        ("XlsxWriter", xlsxwriter.__version__),
        ("matplotlib", matplotlib.__version__),
        ("formulas", "Probabilities and contributions are live formulas over exact integer combination "
                     "counts (probability = combinations / cycle, contribution = probability x pays), each "
                     "saved with its value; exact fractions are in the text columns."),
    ]
    for row, line in enumerate(lines, start=3):
        put_row(sheet, row, line, {2: COUNT} if isinstance(line[1], int) else None)
        sheet.restyle(row, 1, BOLD)
    row = _cycle_block(sheet, row + 2, analysis)
    set_widths(sheet, (46, 60))


def _cycle_block(sheet: Sheet, row: int, analysis: GameResults) -> int:
    """The cycle, stage by stage (:func:`~analyzer.reports.method.cycle_stages`); returns the next free row."""
    put_title(sheet, "The cycle: how the deals are counted", row)
    put_text(sheet, row + 1, "Every deal of the cards the rules allow is counted once, each equally likely. A "
             "hand is a set of cards: which card came first does not matter. Where the player decides between "
             "two streets of community cards, which cards came on which street does matter, so the board is "
             "counted street by street, not as one set of cards: its count is larger than the unordered count "
             "by the number of ways to split the board into the streets (for a flop of 3 then 2 more cards, "
             "C(5,3) = 10), and every probability is the same either way.")
    put_header(sheet, row + 2, ("stage", "count", "number"), repeat=False)
    stages = cycle_stages(analysis.rules, analysis.cycle)
    start = row + 3
    for row, (what, formula, count) in enumerate(stages, start=start):
        put_row(sheet, row, (what, formula, number(count)), {3: COUNT}, BOLD if what.startswith("cycle") else None)
    if stages[-1][2] != analysis.cycle:
        row += 1
        put_text(sheet, row, f"The engine counts {analysis.cycle:,} deals, not the product above: see the "
                             "engine's documentation.", ALARM)
    return row + 2


def write_procedure_risk(sheet: Sheet, analysis: GameResults, table: pd.DataFrame) -> None:
    """The house edge under normal play and under each procedure leak (percentages as numbers, the exact
    figure beside), player advantages flagged in red."""
    _, end = _frame(sheet, 1, f"{analysis.rules.title}: procedure risk (house edge per ante, optimal play "
                    "for what the player sees)", risk_numbers(table), totals=False, formats=RISK_FORMATS)
    for row in range(3, end):
        if any(sheet.cell(row, column).value in (PLAYER_ADVANTAGE, PLAYER_GAME, UNCERTAIN)
               for column in range(1, sheet.max_column + 1)):
            for column in range(1, sheet.max_column + 1):
                if sheet.cell(row, column).value is not None:
                    sheet.restyle(row, column, replace(sheet.cell(row, column).style, bold=True, colour=ALARM.colour))
    set_widths(sheet, (24, 12, 14, 10, 10, 26, 60))


#: Number formats of the procedure risk table's columns (:func:`risk_numbers`).
RISK_FORMATS = {2: PERCENT, 4: PERCENT, 5: PERCENT}


def risk_numbers(table: pd.DataFrame) -> pd.DataFrame:
    """The procedure risk table with its percentages as numbers: the house edge (exact where known), and
    the 95% interval of an estimate as two columns; "not computed" stays text.

    >>> frame = pd.DataFrame({"procedure": ["a"], "house edge per ante": ["1.500000%"], "exact": [""],
    ...                       "95% interval": ["1.000000% to 2.000000%"], "who has the edge": ["house"]})
    >>> [str(value) for value in risk_numbers(frame).iloc[0]]
    ['a', '0.015', '', '0.01', '0.02', 'house']
    """
    def share(text: str) -> float | str:
        return float(Decimal(text.strip().rstrip("%")) / 100) if text.strip().endswith("%") else text

    numbers = table.copy()
    numbers["house edge per ante"] = [float(Fraction(exact_)) if exact_ else share(text)
                                      for text, exact_ in zip(table["house edge per ante"], table["exact"], strict=True)]
    bounds = [text.split(" to ") if text else ["", ""] for text in table["95% interval"]]
    position = list(numbers.columns).index("95% interval")
    numbers = numbers.drop(columns="95% interval")
    numbers.insert(position, "95% interval: high", [share(high) if high else None for _, high in bounds])
    numbers.insert(position, "95% interval: low", [share(low) if low else None for low, _ in bounds])
    return numbers


def write_simulation_sheet(sheet: Sheet, check: SimulationCheck) -> None:
    """The independent simulation (:mod:`analyzer.simulation`): how it was run, then per wager the
    hands, mean return, standard error, exact value, z-score and the verdict."""
    put_title(sheet, f"{check.title}: simulation check against the exact values")
    frame = check.table()
    verdict = frame.columns[-1]
    lines = [
        ("method", ("Shuffled decks dealt card by card, the strategy applied to each deal, every wager settled "
                    "from the game's rules data with the simulator's own hand evaluator (analyzer.simulation); it "
                    "shares no counting or ranking code with the enumeration, so it checks the counting, not the "
                    "rules file's reading of the written rules.")),
        ("strategy", check.strategy),
        ("hands", check.hands),
        ("seed (numpy Generator, one per chunk of hands: seed and chunk number)", check.seed),
        ("z-score", (f"z = (mean - exact) / standard error, where the standard error is sqrt(exact variance / "
                     f"hands). A wager passes when {verdict}. The sample standard error, from the simulated hands "
                     "alone, is shown beside it; it is smaller when a rare top award has not come up.")),
        ("result", "every wager passes" if check.passed else "SOME WAGER FAILS: the analysis or the simulator is wrong"),
    ]
    for row, line in enumerate(lines, start=3):
        put_row(sheet, row, line, {2: COUNT} if isinstance(line[1], int) else None)
        sheet.restyle(row, 1, BOLD)
    header = 3 + len(lines) + 1
    put_header(sheet, header, frame.columns)
    formats = {3: COUNT, 4: DECIMAL, 5: DECIMAL, 6: DECIMAL, 8: "+0.00;-0.00", 10: DECIMAL}
    for row, values in enumerate(frame.itertuples(index=False), start=header + 1):
        put_row(sheet, row, [_finite(value) for value in values], formats)
    set_widths(sheet, (30, 16))


def _finite(value: object) -> object:
    """A cell value: numpy scalars as Python numbers, an infinite z-score as text (Excel has no infinity)."""
    value = value.item() if isinstance(value, np.generic) else value
    return str(value) if isinstance(value, float) and not np.isfinite(value) else value


# -- the lab and operator figures ------------------------------------------------
#: Number formats of the lab tables' columns (and of the operator figures' rows), by name.
LAB_FORMATS = {"hit_frequency": PROBABILITY, "one_in": ODDS, "combinations": COUNT, "hands": COUNT,
               "hands_per_hour": COUNT, "pays": PAYS, "stake": PAYS, "largest_win": PAYS, "cap": PAYS,
               "probability_capped": PROBABILITY,
               **{name: PERCENT for name in lab_figures.PERCENT_COLUMNS - {"hit_frequency"}}}


def write_lab_sheet(sheet: Sheet, analysis: GameResults, settings: LabSettings) -> None:
    """What labs and operators look for (:mod:`analyzer.reports.lab_figures`): the settings, how the
    figures are computed, every table of :func:`~analyzer.reports.lab_figures.lab_tables` (each exact
    figure's "p/q" text beside its number), the awards rarer than GLI-11 4.8.2's limit and, with a payout
    limit, what the limit covers."""
    put_title(sheet, f"{analysis.rules.title}: lab and operator figures")
    row = _text_block(sheet, 3, "Settings", settings.describe())
    put_text(sheet, row, lab_figures.LAB_NOTES)
    row += 2
    for title, frame in lab_figures.lab_tables(analysis, settings):
        row = _lab_table(sheet, row, title, frame)
    rare = lab_figures.rare_awards(analysis)
    row = _text_block(sheet, row, "Awards rarer than 1 in 100,000,000 (GLI-11 4.8.2)", rare or ["none"])
    if settings.payout_cap is not None:
        _text_block(sheet, row, "What the payout limit covers", lab_figures.PAYOUT_CAP_ASSUMPTIONS)
    set_widths(sheet, (34, 14, 30))
    sheet.landscape = True


def _lab_table(sheet: Sheet, row: int, title: str, frame: pd.DataFrame) -> int:
    """A titled lab table: numbers formatted by column (a "figure"/"value" table's values by the figure),
    an "(exact)" text column after every column holding fractions; returns the next free row."""
    put_title(sheet, title, row)
    exact_columns = {column for column in frame.columns
                     if any(isinstance(value, Fraction) for value in frame[column])}
    headers = [text for column in frame.columns
               for text in (_readable(column), *((f"{_readable(column)} (exact)",) if column in exact_columns else ()))]
    put_header(sheet, row + 1, headers, repeat=False)
    start = row + 2
    for row, record in enumerate(frame.to_dict("records"), start=start):
        cells: list[object] = []
        formats: dict[int, str] = {}
        for column, value in record.items():
            name = record.get("figure", column) if column == "value" else column
            if name in LAB_FORMATS:
                formats[len(cells) + 1] = LAB_FORMATS[name]
            cells.append(_readable(value) if column == "figure" else _lab_cell(name, value))
            if column in exact_columns:
                cells.append(exact(value) if isinstance(value, (Fraction, int)) else "")
        put_row(sheet, row, cells, {column: formats.get(column, DECIMAL) for column in range(1, len(cells) + 1)})
    return row + 2


def _readable(name: str) -> str:
    """A column's or figure's name as a header: ``one_in`` -> "1 in N", ``win_per_hour`` -> "win per hour"."""
    return lab_figures.HEADERS.get(name, name.replace("_", " "))


def _lab_cell(name: str, value: object) -> object:
    """A lab-table value as a cell: numbers (a Decimal square root as a float), "never" for the odds of
    an outcome that never occurs, yes/blank for a flag, a list as text.

    >>> _lab_cell("one_in", None), _lab_cell("sd", Decimal("1.5")), _lab_cell("lines_cut", ["a", "b"])
    ('never', 1.5, 'a, b')
    """
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "never" if name == "one_in" else None
    if isinstance(value, (bool, np.bool_)):
        return "YES" if value else None
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value) or "none"
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, (Fraction, int, np.integer)):
        return number(value)
    return value


# -- the cover and the paytable variants --------------------------------------
def write_cover(sheet: Sheet, analysis: GameResults, warnings: list[str],
                contents: list[tuple[str, str]], rare: Iterable[str] = ()) -> None:
    """The cover: what was analysed, by which program, when, from which input; the findings a reviewer
    must see first (alarms in red; then ``rare``, the awards rarer than GLI-11 4.8.2's limit); a link to every sheet
    with one line on what it holds."""
    rules = analysis.rules
    put_title(sheet, f"{rules.title}: math report")
    rules_text = "\n".join(rules.rules).encode()
    lines = [
        ("game", f"{rules.title} ({rules.name})"),
        ("rules document", rules.rules_source),
        ("SHA-256 of the rules as transcribed (Rules sheet)", hashlib.sha256(rules_text).hexdigest()),
        ("program", f"analyzer {analyzer.__version__}"),
        ("analysis finished", analysis.finished_at.strftime("%Y-%m-%d %H:%M UTC")),
        ("report written", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")),
        ("input hash (SHA-256 of game file and options)", rules.input_hash),
        ("method", "exhaustive enumeration of every deal, exact fractions (see Method)"),
    ]
    for row, line in enumerate(lines, start=3):
        put_row(sheet, row, line)
        sheet.restyle(row, 1, BOLD)
    row += 2
    put_title(sheet, "Findings", row)
    edge = analysis.main_figures()["house_edge_per_ante"]
    findings = [f"house edge per ante {float(edge):.6%} ({edge})", *(text for text in warnings if alarm(text)), *rare]
    if edge < 0:
        findings.insert(1, "PLAYER ADVANTAGE: the game as analysed favours the player.")
    start = row + 1
    for row, text in enumerate(findings, start=start):
        put_text(sheet, row, text, ALARM if alarm(text) else PLAIN)
    row += 2
    put_title(sheet, "Contents", row)
    put_header(sheet, row + 1, ("sheet", "what it holds"), repeat=False)
    start = row + 2
    for row, (name, description) in enumerate(contents, start=start):
        sheet.put(row, 1, name, LINK, link=name)
        sheet.put(row, 2, description)
    set_widths(sheet, (46, 70))
    sheet.landscape = False


def write_variants(sheet: Sheet, analysis: GameResults) -> None:
    """Every side bet's (and paytable wager's) paytables side by side, line by line: what each pays for
    each line, the line's probability and 1 in N, and each paytable's house edge."""
    put_title(sheet, f"{analysis.rules.title}: paytable variants side by side")
    row = 3
    owners = [(w.title, w.ranking, list(w.paytables.values()), PaidOn()) for w in analysis.rules.wagers if w.paytables]
    owners += [(b.title, b.ranking, list(b.paytables.values()), b.paid_on) for b in analysis.rules.side_bets]
    edges = {bet.title: analysis.side_bet_figures().get(bet.name, {}) for bet in analysis.rules.side_bets}
    for title, ranking, paytables, paid in owners:
        labels = list(dict.fromkeys(line.label for paytable in paytables for line in paytable.lines))
        put_title(sheet, f"{title}: pays (to 1) by paytable", row)
        put_header(sheet, row + 1, ("line", "probability", "odds", *(p.name for p in paytables)), repeat=False)
        first = paytables[0]
        counts = dict(zip((line.label for line in first.lines), analysis.line_combinations(ranking, first, paid), strict=True))
        start = row + 2
        for row, label in enumerate(labels, start=start):
            pays = [next((number(line.pays) for line in p.lines if line.label == label), "-") for p in paytables]
            count = counts.get(label)
            odds = number(Fraction(analysis.cycle, count)) if count else None
            put_row(sheet, row, (label, None if count is None else float(Fraction(count, analysis.cycle)),
                                 odds, *pays), {2: PROBABILITY, 3: ODDS, **{c: PAYS for c in range(4, 4 + len(pays))}})
        figures_ = edges.get(title)
        if figures_:
            row += 1
            put_row(sheet, row, ("house edge", None, None, *(number(figures_[p.name]["house_edge"]) for p in paytables)),
                    {c: PERCENT for c in range(4, 4 + len(paytables))}, BOLD)
        row += 3
    set_widths(sheet, (30, 14, 14))


# -- the workbook ------------------------------------------------------------
#: One line on what each kind of sheet holds, for the contents list of the cover.
DESCRIPTIONS = {
    "Summary": "house edges, element of risk, SD, hit frequency, decisions, wager returns, side bets, warnings",
    "Return table": "every net result of the main game per ante, with live probability and moment formulas",
    "Paytable variants": "every paytable's pays side by side, line by line, with each line's odds",
    "Procedure risk": "the house edge when dealer cards are seen or players collude",
    "Strategy": "the posted strategy and the optimal strategy's short tables",
    "Strategy chart": "the optimal decision as a colour-coded grid",
    "Charts": "the strategy chart and the distribution of the net result, as pictures",
    "Rules": "the rules as transcribed, assumptions, rule readings chosen, settlement, paytables",
    "Lab figures": "hit frequency and 1 in N of every paying line, maximum payout, SD and volatility index, "
                   "win per hour, 95% hold band, payout limit, at the stated settings",
    "Method": "how the figures were obtained, how the cycle counts deals, versions and input hash",
    "Simulation check": "an independent simulation against the exact values",
    "Progressive": "the progressive paytable at its reset value and its break-even meter",
}


def build_workbook(analysis: GameResults, warnings: list[str], posted_rule: dict | None = None,
                   progressive: dict | None = None, procedure_risk: pd.DataFrame | None = None,
                   simulation: SimulationCheck | None = None, beside: dict[str, str] | None = None,
                   lab: LabSettings = LabSettings()) -> Report:
    """The whole report in memory.

    ``progressive``: {"figures": ..., "table": ...} of a user-supplied progressive paytable;
    ``procedure_risk``: the house edge under each procedure leak (see :mod:`analyzer.protection.procedure_risk`);
    ``simulation``: a simulation check to add as its own sheet; ``beside``: the files written beside the
    workbook (name -> what it holds), listed on the cover and the Strategy sheet; ``lab``: the settings
    of the lab figures (their sheet; the awards rarer than GLI-11 4.8.2's limit join the warnings).
    """
    rare = lab_figures.rare_awards(analysis)
    warnings = [*warnings, *rare]
    book, names = Report(analysis.rules.title), SheetNames()
    cover = _sheet(book, names, "Contents")
    contents: list[tuple[str, str]] = []

    def sheet(wanted: str, description: str | None = None) -> Sheet:
        made = _sheet(book, names, wanted)
        contents.append((made.title, description or DESCRIPTIONS[wanted]))
        return made

    write_summary(sheet("Summary"), analysis, warnings,
                  analysis.rules.unanalysed({"progressive"} if progressive else set()))
    write_return_table(sheet("Return table"), analysis)
    for wager in analysis.rules.wagers:
        write_wager_sheet(sheet(wager.title, f"the {wager.title} wager's outcomes per ante, optimal strategy"),
                          analysis, wager)
    for bet in analysis.rules.side_bets:
        for paytable in bet.paytables.values():
            write_side_bet_sheet(sheet(f"{bet.title} {paytable.name}", f"the {bet.title} side bet, paytable "
                                       f"{paytable.name}: outcomes, return, house edge"), analysis, bet, paytable)
    if any(len(bet.paytables) > 1 for bet in analysis.rules.side_bets) or \
            any(len(wager.paytables) > 1 for wager in analysis.rules.wagers):
        write_variants(sheet("Paytable variants"), analysis)
    if progressive:
        write_progressive_sheet(sheet("Progressive"), analysis, progressive)
    if procedure_risk is not None:
        write_procedure_risk(sheet("Procedure risk"), analysis, procedure_risk)
    tables = analysis.strategy_tables()
    strategy = sheet("Strategy")
    write_strategy(strategy, analysis, posted_rule, [table for table in tables if len(table[1]) <= OWN_SHEET_ROWS])
    _beside_block(strategy, strategy.max_row + 2, beside or {})
    for number_, (title, frame, totals) in enumerate((t for t in tables if len(t[1]) > OWN_SHEET_ROWS), start=1):
        write_strategy_table(sheet(f"Strategy table {number_}", title), title, frame, totals)
    write_strategy_chart(sheet("Strategy chart"), analysis)
    write_charts_sheet(sheet("Charts"), analysis)
    write_lab_sheet(sheet("Lab figures"), analysis, lab)
    write_rules(sheet("Rules"), analysis)
    write_method(sheet("Method"), analysis)
    if simulation is not None:
        write_simulation_sheet(sheet("Simulation check"), simulation)
    write_cover(cover, analysis, warnings, contents, rare)
    _beside_block(cover, cover.max_row + 2, beside or {})
    return book


def _beside_block(sheet: Sheet, row: int, beside: dict[str, str]) -> None:
    """The files written beside the workbook, each with what it holds."""
    if not beside:
        return
    put_title(sheet, "Files beside this workbook (gzipped CSV, same folder)", row)
    start = row + 1
    for row, (name, description) in enumerate(beside.items(), start=start):
        put_row(sheet, row, (name, description))


def _sheet(book: Book, names: SheetNames, wanted: str) -> Sheet:
    """A new sheet with a valid, unique name close to ``wanted``."""
    return book.sheet(names.new(wanted))


def write_workbook(analysis: GameResults, path: Path, warnings: list[str], posted_rule: dict | None = None,
                   progressive: dict | None = None, procedure_risk: pd.DataFrame | None = None,
                   simulation: SimulationCheck | None = None,
                   lab: LabSettings = LabSettings()) -> dict[tuple[str, str], Fraction]:
    """Write the math report to ``path`` (.xlsx) atomically (see :func:`save_atomically`), and beside it
    the engine's decision files (:func:`decision_paths`, gzipped CSV); returns the exact figure behind
    each formula cell (:attr:`Report.exact`)."""
    path = Path(path)
    files = {decision_paths(path, name): entry for name, entry in analysis.decision_files().items()}
    beside = {file.name: description for file, (description, _) in files.items()}
    exact_ = save_atomically(lambda: build_workbook(analysis, warnings, posted_rule, progressive, procedure_risk,
                                                    simulation, beside, lab), path).exact
    for file, (_, table) in files.items():
        write_atomically(file, partial(table.to_csv, index=False, compression=DECISION_FILE_COMPRESSION))
    return exact_


#: How a decision file is compressed: gzip at its fastest level (2,063,880 flop situations: 8.4 MB in 2.5 s,
#: against 6.4 MB in 4.4 s at the default level 9).
DECISION_FILE_COMPRESSION = {"method": "gzip", "compresslevel": 1}


def decision_paths(path: Path, name: str) -> Path:
    """Where a decision file goes beside a report: ``reports/uth.xlsx`` -> ``reports/uth-NAME.csv.gz``.

    >>> decision_paths(Path("reports/uth.xlsx"), "flop-decisions").as_posix()
    'reports/uth-flop-decisions.csv.gz'
    """
    return path.with_name(f"{path.stem}-{name}.csv.gz")


def write_table_workbook(frame: pd.DataFrame, title: str, path: Path) -> None:
    """A one-sheet workbook holding a titled table (a paytable comparison, say), written atomically."""
    write_tables_workbook([("Comparison", title, frame)], path)


def write_tables_workbook(tables: list[tuple[str, str, pd.DataFrame]], path: Path) -> None:
    """A workbook of titled tables, one sheet each ((sheet name, title, table)), written atomically;
    the procedure risk table's percentages as numbers (:func:`risk_numbers`)."""
    def build() -> Report:
        book = Report(tables[0][1].split(":")[0])
        for name, title, frame in tables:
            sheet = book.sheet(name)
            if "who has the edge" in frame.columns:
                _frame(sheet, 1, title, risk_numbers(frame), totals=False, formats=RISK_FORMATS)
                set_widths(sheet, (24, 12, 14, 10, 10, 26, 60))
            else:
                numbers, formats = text_numbers(frame)
                _frame(sheet, 1, title, numbers, totals=False, formats=formats)
        return book
    save_atomically(build, Path(path))


def text_numbers(frame: pd.DataFrame) -> tuple[pd.DataFrame, dict[int, str]]:
    """A table whose columns of numbers written as text ("3.418855%", "3.128544") hold numbers, and the
    number format of each such column (1-based).

    >>> table, formats = text_numbers(pd.DataFrame({"a": ["x"], "edge": ["1.5%"], "sd": ["3.25"]}))
    >>> [str(value) for value in table.iloc[0]], formats
    (['x', '0.015', '3.25'], {2: '0.000000%', 3: '0.000000'})
    """
    table, formats = frame.copy(), {}
    for index, column in enumerate(frame.columns, start=1):
        texts = [value for value in frame[column] if isinstance(value, str)]
        if not texts or len(texts) != len(frame) or not all(NUMBER_TEXT.match(text) for text in texts):
            continue
        percent = all(text.endswith("%") for text in texts)
        table[column] = [float(Decimal(text.rstrip("%")) / (100 if percent else 1)) for text in texts]
        formats[index] = PERCENT if percent else DECIMAL
    return table, formats


#: A number written as text: a decimal, optionally a percentage.
NUMBER_TEXT = re.compile(r"^-?\d+(\.\d+)?%?$")


def save_atomically(build: Callable[[], Report], path: Path) -> Report:
    """Build a workbook and save it to ``path`` atomically (:func:`analyzer.core.atomic.write_atomically`);
    returns it."""
    book = build()
    write_atomically(path, book.save)
    return book
