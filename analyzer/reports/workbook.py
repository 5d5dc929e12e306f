"""The math report as an Excel workbook, written for a test lab or a regulator.

Sheets: Summary, Return table, one per main wager, one per side bet paytable,
Procedure risk (when exposed-card analyses are cached), Strategy, Strategy chart
(colour-coded decisions), Rules, Method and, when one was run, Simulation check.
Every outcome sheet holds exact integer combination counts; its probabilities,
contributions and totals are live
formulas (combinations / cycle, probability x pays, SUM), so a reviewer can
audit every cell. Excel has no fractions: numbers are floats, and wherever an
exact value matters an adjacent text cell holds it as "p/q". The workbook
(a :class:`Report`) also remembers the exact figure behind every formula, so
tests can recalculate it in a spreadsheet engine and compare.

The workbook is written atomically: to a temporary file in the target folder,
then moved onto the target, so a failed write never leaves a half-written file
nor clobbers an existing one.
"""

from __future__ import annotations

import platform
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterable

import numpy as np
import openpyxl
import pandas as pd
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.worksheet import Worksheet

import analyzer
from analyzer.core import figures
from analyzer.core.atomic import write_atomically
from analyzer.engines.results import GameResults
from analyzer.engines.strategy_grid import decision_colour, decision_grid
from analyzer.games.rules import OUTCOME_LABELS, OUTCOMES, Paytable, SideBet, Wager
from analyzer.protection.procedure_risk import PLAYER_ADVANTAGE, UNCERTAIN
from analyzer.simulation import SimulationCheck

BOLD = Font(bold=True)
TITLE = Font(bold=True, size=14)
ALARM = Font(bold=True, color="FF0000")
PERCENT = "0.000000%"
DECIMAL = "0.000000"
PROBABILITY = "0.000000000000"
COUNT = "#,##0"
PAYS = "0.######"

#: Layout of an outcome sheet: the cycle cell, the header row, the columns.
CYCLE_CELL = "$B$2"
HEADER_ROW = 4
OUTCOME_HEADERS = ("outcome", "{header}", "combinations", "probability", "contribution",
                   "{name}^2 contribution", "{name} (exact)", "probability (exact)", "contribution (exact)",
                   "combinations (exact)")
OUTCOME_WIDTHS = (58, 14, 20, 18, 18, 20, 14, 30, 30, 22)

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


class Report(openpyxl.Workbook):
    """A workbook that remembers, for each formula cell, the exact figure it stands for.

    ``exact[(sheet title, "D5")]`` is a Fraction (for a square root, its
    30-digit decimal); :func:`put_row` fills it as it writes a :class:`Live`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.exact: dict[tuple[str, str], Fraction] = {}


# -- small cell helpers ------------------------------------------------------
def exact(value: Fraction | int | None) -> str:
    """The exact text of a value: "p/q", or the integer; "" for None."""
    return "" if value is None else str(Fraction(value))


def number(value: Fraction | int | str | None) -> float | int | None:
    """A cell number: an int stays an int, a Fraction or decimal string becomes a float."""
    if value is None:
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, str):
        return float(Decimal(value))
    fraction = Fraction(value)
    return fraction.numerator if fraction.denominator == 1 else float(fraction)


def put_row(sheet: Worksheet, row: int, values: Iterable[object], formats: dict[int, str] | None = None,
            font: Font | None = None) -> None:
    """Write ``values`` from column A of ``row``; ``formats`` maps a 1-based column to its number format.

    A :class:`Live` value writes its formula and records its exact figure in the :class:`Report`.
    """
    for column, value in enumerate(values, start=1):
        if value is None:
            continue
        if isinstance(value, Live):
            sheet.parent.exact[(sheet.title, sheet.cell(row=row, column=column).coordinate)] = value.exact
            value = value.formula
        cell = sheet.cell(row=row, column=column, value=value)
        if formats and column in formats:
            cell.number_format = formats[column]
        if font is not None:
            cell.font = font


def put_header(sheet: Worksheet, row: int, headers: Iterable[str]) -> None:
    """A bold header row."""
    put_row(sheet, row, headers, font=BOLD)


def put_title(sheet: Worksheet, text: str, row: int = 1) -> None:
    """The large bold title of a sheet or of a block."""
    sheet.cell(row=row, column=1, value=text).font = TITLE if row == 1 else BOLD


def set_widths(sheet: Worksheet, widths: Iterable[float]) -> None:
    """Column widths from column A on."""
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[openpyxl.utils.get_column_letter(column)].width = width


def put_figure(sheet: Worksheet, row: int, label: str, value: Fraction | int | str | None,
               number_format: str) -> None:
    """A labelled figure: its number (formatted) and, beside it, its exact text."""
    put_row(sheet, row, (label, number(value), value if isinstance(value, str) else exact(value)),
            {2: number_format})


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


def write_outcome_table(sheet: Worksheet, heading: str, table: pd.DataFrame, cycle: int,
                        pays_column: str = "pays", pays_header: str = "pays (to 1)") -> OutcomeBlock:
    """Heading, cycle, then one row per outcome with live probability and contribution formulas.

    Columns: outcome, pays, combinations (exact integers), probability
    (=combinations/cycle), contribution (=probability*pays), pays^2
    contribution (=probability*pays^2), then the exact values as text. A
    totals row sums combinations, probabilities and contributions.
    ``pays_column`` names the table's result column ("pays", or "net" for the
    return table); ``pays_header`` is its header.
    """
    put_title(sheet, heading)
    # Spreadsheet numbers are doubles, exact only below 2**53: the exact integers are also text.
    put_row(sheet, 2, ("cycle (all deals)", cycle, f"exact: {cycle}"), {2: COUNT})
    sheet.cell(row=2, column=1).font = BOLD
    put_header(sheet, HEADER_ROW, (h.format(header=pays_header, name=pays_column) for h in OUTCOME_HEADERS))
    formats = {2: PAYS, 3: COUNT, 4: PROBABILITY, 5: PROBABILITY, 6: PROBABILITY}
    first = HEADER_ROW + 1
    rows = zip(table["outcome"], table[pays_column], table["combinations"], table["probability"],
               table["contribution"])
    totals = [Fraction(0)] * 4  # combinations, probability, contribution, pays^2 contribution
    for row, (outcome, pays, count, probability, contribution) in enumerate(rows, start=first):
        exacts = (int(count), probability, contribution, probability * Fraction(pays) ** 2)
        totals = [total + figure for total, figure in zip(totals, exacts)]
        put_row(sheet, row, (outcome, number(pays), int(count), Live(f"=C{row}/{CYCLE_CELL}", probability),
                             Live(f"=D{row}*B{row}", contribution), Live(f"=D{row}*B{row}^2", exacts[3]),
                             exact(pays), exact(probability), exact(contribution), str(int(count))),
                formats)
    block = OutcomeBlock(first, first + len(table) - 1, first + len(table))
    sums = [Live(f"=SUM({block.column(letter)})", total) for letter, total in zip("CDEF", totals)]
    put_row(sheet, block.total_row, ("total", None, *sums, None, exact(totals[1]), exact(totals[2]),
                                     str(totals[0])), formats, font=BOLD)
    sheet.freeze_panes = f"B{first}"
    set_widths(sheet, OUTCOME_WIDTHS)
    return block


def write_formulas(sheet: Worksheet, block: OutcomeBlock, formulas: list[Formula]) -> dict[str, str]:
    """Labelled formula cells below an outcome table; returns each figure's cell address.

    A template may name a column's data range as ``{E}`` and an earlier figure as ``{mean}``.
    """
    row = block.total_row + 2
    put_header(sheet, row, ("figure", "value (live formula)", "exact"))
    ranges = {letter: block.column(letter) for letter in "BCDEF"}
    addresses: dict[str, str] = {}
    for row, formula in enumerate(formulas, start=row + 1):
        text = formula.exact if isinstance(formula.exact, str) else exact(formula.exact)
        live = Live("=" + formula.template.format(**ranges, **addresses), Fraction(formula.exact))
        put_row(sheet, row, (formula.label, live, text), {2: formula.number_format})
        addresses[formula.key] = f"$B${row}"
    return addresses


def return_formulas(table: pd.DataFrame, initial_units: int) -> list[Formula]:
    """Mean, second moment, variance, SD and house edge of the main game, from its return table."""
    distribution_ = {Fraction(net): int(count) for net, count in zip(table["net"], table["combinations"])}
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
def write_summary(sheet: Worksheet, analysis: GameResults, warnings: list[str],
                  not_analysed: dict[str, str]) -> None:
    """Game, cycle, main-game figures, actions, wager returns, side bets, warnings."""
    put_title(sheet, f"{analysis.rules.title}: math report")
    put_row(sheet, 2, ("game", analysis.rules.title))
    put_row(sheet, 3, ("cycle (all player/dealer deals)", analysis.cycle, f"exact: {analysis.cycle}"), {2: COUNT})
    put_row(sheet, 4, ("rules source", analysis.rules.rules_source))
    main = analysis.main_figures()
    row = _summary_main(sheet, 6, main)
    row = _summary_actions(sheet, row + 1, main["actions"])
    row = _summary_wagers(sheet, row + 1, analysis)
    row = _summary_side_bets(sheet, row + 1, analysis)
    put_title(sheet, "Warnings", row + 1)
    for row, text in enumerate(warnings or ["none"], start=row + 2):
        sheet.cell(row=row, column=1, value=text)
    if not_analysed:
        put_title(sheet, "Not analysed", row + 2)
        for row, (wager, reason) in enumerate(not_analysed.items(), start=row + 3):
            put_row(sheet, row, (wager, reason))
    sheet.freeze_panes = "A2"
    set_widths(sheet, (46, 22, 36, 12, 14, 30, 14, 30, 24, 14, 14, 34))


def _summary_main(sheet: Worksheet, row: int, main: dict[str, object]) -> int:
    """The main-game figures; returns the next free row."""
    put_title(sheet, "Main game (optimal strategy)", row)
    put_header(sheet, row + 1, ("figure", "value", "exact"))
    lines = [
        ("house edge per ante", main["house_edge_per_ante"], PERCENT),
        ("house edge per initial wager", main["house_edge_per_initial_wager"], PERCENT),
        ("element of risk (per unit wagered)", main["element_of_risk"], PERCENT),
        ("average total bet (units of the ante)", main["average_total_bet"], DECIMAL),
        ("standard deviation (per ante)", main["standard_deviation"], DECIMAL),
        ("variance (per ante^2)", main["variance"], DECIMAL),
        ("hit frequency (net result > 0)", main["hit_frequency"], PERCENT),
    ]
    for row, (label, value, number_format) in enumerate(lines, start=row + 2):
        put_figure(sheet, row, label, value, number_format)
    return row + 1


def _summary_actions(sheet: Worksheet, row: int, actions: dict[str, Fraction]) -> int:
    """How often the optimal strategy takes each decision; returns the next free row."""
    put_title(sheet, "Action frequencies (share of player hands)", row)
    put_header(sheet, row + 1, ("decision", "frequency", "exact"))
    for row, (name, share) in enumerate(actions.items(), start=row + 2):
        put_figure(sheet, row, name, share, PERCENT)
    return row + 1


def _summary_wagers(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Each main wager's expected result per ante, and their total; returns the next free row."""
    put_title(sheet, "Expected result of each main wager (per ante)", row)
    put_header(sheet, row + 1, ("wager", "expected result", "exact"))
    returns = analysis.wager_returns()
    titles = {wager.name: wager.title for wager in analysis.rules.wagers}
    for row, (name, value) in enumerate(returns.items(), start=row + 2):
        put_figure(sheet, row, titles[name], value, PERCENT)
    row += 1
    put_figure(sheet, row, "total (= -house edge per ante)", sum(returns.values(), Fraction(0)), PERCENT)
    sheet.cell(row=row, column=1).font = BOLD
    awards = analysis.top_awards()
    if awards:
        put_header(sheet, row + 2, ("top award", "odds: 1 in", "exact", "pays (to 1)"))
        for row, (name, award) in enumerate(awards.items(), start=row + 3):
            put_row(sheet, row, (f"{titles[name]}: {award['top_award']}", number(award["one_in"]),
                                 exact(award["one_in"]), number(award["pays"])), {2: "#,##0.0"})
    return row + 1


def _summary_side_bets(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Every side bet and paytable side by side; returns the next free row."""
    put_title(sheet, "Side bets (every paytable analysed)", row)
    put_header(sheet, row + 1, ("side bet", "paytable", "default", "house edge", "exact", "hit frequency",
                                "exact", "top award", "top award: 1 in", "exact", "SD"))
    titles = {bet.name: bet.title for bet in analysis.rules.side_bets}
    formats = {4: PERCENT, 6: PERCENT, 9: "#,##0.00", 11: DECIMAL}
    row += 1
    for name, tables in analysis.side_bet_figures().items():
        for paytable, info in tables.items():
            row += 1
            put_row(sheet, row, (titles[name], paytable, "default" if info["default"] else "",
                                 number(info["house_edge"]), exact(info["house_edge"]),
                                 number(info["hit_frequency"]), exact(info["hit_frequency"]),
                                 info["top_award"] or "none", number(info["top_award_one_in"]),
                                 exact(info["top_award_one_in"]), number(info["standard_deviation"])), formats)
    return row + 1


def write_return_table(sheet: Worksheet, analysis: GameResults) -> None:
    """Every distinct net result of the main game, with mean, variance, SD and house edge formulas."""
    table = analysis.return_table()
    block = write_outcome_table(sheet, f"{analysis.rules.title}: net result per ante, optimal strategy",
                                table, analysis.cycle, pays_column="net", pays_header="net (per ante)")
    write_formulas(sheet, block, return_formulas(table, analysis.rules.initial_units))


def write_wager_sheet(sheet: Worksheet, analysis: GameResults, wager: Wager) -> None:
    """One main wager's outcomes under the optimal strategy, per unit of the ante."""
    heading = f"{wager.title} wager: result per ante, optimal strategy"
    if wager.paytable is not None:
        heading += f" (paytable {wager.paytable.name}, default)"
    table = analysis.wager_table(wager)
    block = write_outcome_table(sheet, heading, table, analysis.cycle, pays_header="result (per ante)")
    write_formulas(sheet, block, wager_formulas(table, side_bet=False))


def write_side_bet_sheet(sheet: Worksheet, analysis: GameResults, bet: SideBet, paytable: Paytable) -> None:
    """One side bet paytable: outcomes, return per unit and house edge."""
    mark = "default paytable" if paytable.name == bet.default_paytable else "alternative paytable"
    table = analysis.side_bet_table(bet, paytable)
    block = write_outcome_table(sheet, f"{bet.title} side bet, paytable {paytable.name} ({mark})",
                                table, analysis.cycle)
    write_formulas(sheet, block, wager_formulas(table, side_bet=True))


#: Above this many rows the full chart by best hand stays out of the workbook
#: (it is in the API and the golden files); the ranges always go in.
CHART_ROWS = 5000


def write_progressive_sheet(sheet: Worksheet, analysis: GameResults, progressive: dict) -> None:
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


def write_strategy(sheet: Worksheet, analysis: GameResults, posted_rule: dict | None) -> None:
    """The posted rule (if any), then the game's strategy tables (``analysis.strategy_tables()``)."""
    put_title(sheet, f"{analysis.rules.title}: strategy")
    row = 3
    if posted_rule is not None:
        row = _posted_rule(sheet, row, posted_rule)
    widest = None
    for title, frame, totals in analysis.strategy_tables():
        if len(frame) > CHART_ROWS:
            put_row(sheet, row, (f"{title}: {len(frame):,} rows, in the Python API rather than in this workbook.",))
            row += 2
            continue
        header, row = _frame(sheet, row, title, frame, totals)
        if widest is None or len(frame) > widest[1]:
            widest = (header, len(frame))
    if widest:
        sheet.freeze_panes = f"B{widest[0] + 1}"
    set_widths(sheet, (44, 30, 30, 14, 14, 14, 14, 44))


def write_strategy_chart(sheet: Worksheet, analysis: GameResults) -> None:
    """The strategy grid (:mod:`analyzer.engines.strategy_grid`) with each cell filled by its decision's
    colour, and a legend."""
    grid = decision_grid(analysis)
    put_title(sheet, grid.title)
    put_row(sheet, 2, ("rows:", grid.row_header, "columns:", grid.column_header or "one column: every hand"))
    put_header(sheet, 4, ("", *grid.columns))
    for row, (label, cells) in enumerate(zip(grid.rows, grid.cells), start=5):
        put_row(sheet, row, (label,), font=BOLD)
        for column, cell in enumerate(cells, start=2):
            target = sheet.cell(row=row, column=column, value=cell.label)
            target.fill = PatternFill("solid", start_color=cell.colour)
            target.alignment = Alignment(horizontal="center", wrap_text=True)
    row = 5 + len(grid.rows) + 1
    put_row(sheet, row, ("legend (a paler fill: the other cards split the hands)",), font=BOLD)
    for row, name in enumerate(grid.decisions, start=row + 1):
        sheet.cell(row=row, column=1, value=name).fill = PatternFill("solid", start_color=decision_colour(name))
    sheet.freeze_panes = "B5"
    set_widths(sheet, (44 if len(grid.columns) > 1 else 40, *(18 if len(grid.columns) < 13 else 11
                                                            for _ in grid.columns)))


def _frame(sheet: Worksheet, row: int, title: str, frame: pd.DataFrame, totals: bool) -> tuple[int, int]:
    """A titled table (whole numbers as counts), with SUM totals of its whole-number columns if
    ``totals``; returns its header row and the next free row."""
    put_title(sheet, title, row)
    header = row + 1
    put_header(sheet, header, [str(column).replace("_", " ") for column in frame.columns])
    counts = [index for index, column in enumerate(frame.columns, start=1)
              if pd.api.types.is_integer_dtype(frame[column])]
    formats = {column: COUNT for column in counts}
    row = header
    for row, values in enumerate(frame.itertuples(index=False), start=header + 1):
        put_row(sheet, row, [number(v) if isinstance(v, (int, np.integer, Fraction)) else v for v in values],
                formats)
    if totals:
        row += 1
        put_row(sheet, row, ("total", *[Live(f"=SUM({_letter(c)}{header + 1}:{_letter(c)}{row - 1})",
                                             Fraction(sum(int(count) for count in frame.iloc[:, c - 1])))
                                        if c in counts else None for c in range(2, len(frame.columns) + 1)]),
                formats, font=BOLD)
    return header, row + 2


def _posted_rule(sheet: Worksheet, row: int, posted_rule: dict) -> int:
    """The short rule a dealer could post, its cost, and its thresholds; returns the next free row."""
    put_title(sheet, "Posted strategy", row)
    put_row(sheet, row + 1, ("rule", posted_rule["text"]))
    put_figure(sheet, row + 2, "cost per ante against the optimal strategy", posted_rule["cost"], PERCENT)
    put_header(sheet, row + 3, posted_rule.get("columns", ("decision", "threshold hand")))
    row += 4
    for row, values in enumerate(posted_rule.get("rows", []), start=row):
        put_row(sheet, row, values)
    if posted_rule.get("file"):
        row += 2
        put_row(sheet, row, ("as a strategy file (analyzer analyze GAME --strategy FILE reads it):",), font=BOLD)
        for row, line in enumerate(posted_rule["file"].splitlines(), start=row + 1):
            put_row(sheet, row, (line,))
    written = posted_rule.get("written")
    if written:
        row += 2
        put_title(sheet, f"Strategy file '{written['title']}'", row)
        put_figure(sheet, row + 1, "house edge per ante", written["house_edge_per_ante"], PERCENT)
        put_figure(sheet, row + 2, "cost per ante against the optimal strategy", written["cost_per_ante"], PERCENT)
        row += 2
    return row + 2


def _letter(column: int) -> str:
    return openpyxl.utils.get_column_letter(column)


def write_rules(sheet: Worksheet, analysis: GameResults) -> None:
    """Rules, assumptions, rule options, game set-up, wager settlement and every paytable analysed."""
    rules = analysis.rules
    put_title(sheet, f"{rules.title}: rules, assumptions and paytables")
    row = _text_block(sheet, 3, "Rules", rules.rules)
    row = _text_block(sheet, row, "Assumptions", rules.assumptions)
    row = _options_block(sheet, row, analysis)
    row = _setup_block(sheet, row, analysis)
    row = _settlement_block(sheet, row, analysis)
    _paytables_block(sheet, row, analysis)
    set_widths(sheet, (40, 40, 16, 40, 90))


def _text_block(sheet: Worksheet, row: int, title: str, lines: Iterable[str]) -> int:
    """A titled list of text lines; returns the next free row."""
    put_title(sheet, title, row)
    lines = list(lines) or ["none"]
    for row, line in enumerate(lines, start=row + 1):
        sheet.cell(row=row, column=1, value=line)
    return row + 2


def _options_block(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Each rule option: its description, the choice made, and the other choices."""
    put_title(sheet, "Rule options (readings of ambiguous rules)", row)
    put_header(sheet, row + 1, ("option", "description", "choice", "chosen?", "choice description"))
    row += 1
    for option in analysis.rules.options:
        for choice, description in option.choices.items():
            row += 1
            chosen = "chosen" if choice == option.chosen else "not chosen"
            put_row(sheet, row, (option.name, option.description, choice, chosen, description))
    return row + 2


def _setup_block(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Cards dealt, dealer qualifier, fold and Play options."""
    rules = analysis.rules
    put_title(sheet, "Game set-up", row)
    qualifier = rules.dealer_qualifies.text if rules.dealer_qualifies else "always qualifies"
    lines = [("player cards", rules.player_cards), ("dealer cards", rules.dealer_cards),
             ("dealer up cards", rules.dealer_up_cards), ("dealer qualifies with", qualifier),
             ("player may fold", "yes" if rules.fold else "no")]
    lines += [(f"Play {option.multiple}x the ante", f"with {option.requires.text}" if option.requires else "always")
              for option in rules.play]
    for row, line in enumerate(lines, start=row + 1):
        put_row(sheet, row, line)
    return row + 2


def _settlement_block(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Each main wager's result per unit staked for every outcome of the hand, and on a fold."""
    put_title(sheet, "Main wager settlement (result per unit staked)", row)
    put_header(sheet, row + 1, ("wager", "outcome", "result", "exact"))
    row += 1
    for wager in analysis.rules.wagers:
        results = [*zip((OUTCOME_LABELS[o] for o in OUTCOMES), wager.results), ("player folds", wager.on_fold)]
        for label, result in results:
            row += 1
            put_row(sheet, row, (wager.title, label, number(result), exact(result)), {3: PAYS})
    return row + 2


def _paytables_block(sheet: Worksheet, row: int, analysis: GameResults) -> int:
    """Every paytable of every main wager and side bet: line, hand pattern, pays "to 1"."""
    put_title(sheet, "Paytables analysed", row)
    put_header(sheet, row + 1, ("wager / paytable", "line", "pays (to 1)", "exact", "hand pattern"))
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
                                     line.pattern.text), {3: PAYS})
    return row + 2


def write_method(sheet: Worksheet, analysis: GameResults) -> None:
    """How the figures were obtained, and what identifies the run."""
    put_title(sheet, "Method and reproducibility")
    options = ", ".join(f"{o.name}={o.chosen}" for o in analysis.rules.options) or "none"
    lines = [
        ("method", "Exhaustive enumeration of every player/dealer deal; no sampling."),
        ("cycle (all player/dealer deals)", analysis.cycle),
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
        ("openpyxl", openpyxl.__version__),
        ("formulas", "Probabilities and contributions are live formulas over exact integer combination "
                     "counts (probability = combinations / cycle, contribution = probability x pays); "
                     "exact fractions are in the text columns."),
    ]
    for row, line in enumerate(lines, start=3):
        put_row(sheet, row, line, {2: COUNT} if isinstance(line[1], int) else None)
        sheet.cell(row=row, column=1).font = BOLD
    set_widths(sheet, (46, 110))


def write_procedure_risk(sheet: Worksheet, analysis: GameResults, table: pd.DataFrame) -> None:
    """The house edge under normal play and under each procedure leak, player advantages flagged in red."""
    _, end = _frame(sheet, 1, f"{analysis.rules.title}: procedure risk (house edge per ante, optimal play "
                    "for what the player sees)", table, totals=False)
    for row in sheet.iter_rows(min_row=3, max_row=end):
        if any(cell.value in (PLAYER_ADVANTAGE, UNCERTAIN) for cell in row):
            for cell in row:
                cell.font = ALARM
    set_widths(sheet, (30, 20, 34, 30, 44, 110))


def write_simulation_sheet(sheet: Worksheet, check: SimulationCheck) -> None:
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
        ("z-score", (f"(mean - exact) / standard error, the standard error from the wager's exact variance: "
                     f"sqrt(variance / hands); a wager passes when {verdict}. The sample standard error, from the "
                     "simulated hands alone, is smaller when a rare top award has not come up.")),
        ("result", "every wager passes" if check.passed else "SOME WAGER FAILS: the analysis or the simulator is wrong"),
    ]
    for row, line in enumerate(lines, start=3):
        put_row(sheet, row, line, {2: COUNT} if isinstance(line[1], int) else None)
        sheet.cell(row=row, column=1).font = BOLD
    header = 3 + len(lines) + 1
    put_header(sheet, header, frame.columns)
    formats = {3: COUNT, 4: DECIMAL, 5: DECIMAL, 6: DECIMAL, 8: "+0.00;-0.00", 10: DECIMAL}
    for row, values in enumerate(frame.itertuples(index=False), start=header + 1):
        put_row(sheet, row, [_finite(value) for value in values], formats)
    sheet.freeze_panes = f"B{header + 1}"
    set_widths(sheet, (40, 16, 14, 14, 16, 14, 30, 10, 10, 22))


def _finite(value: object) -> object:
    """A cell value: numpy scalars as Python numbers, an infinite z-score as text (Excel has no infinity)."""
    value = value.item() if isinstance(value, np.generic) else value
    return str(value) if isinstance(value, float) and not np.isfinite(value) else value


# -- the workbook ------------------------------------------------------------
def build_workbook(analysis: GameResults, warnings: list[str], posted_rule: dict | None = None,
                   progressive: dict | None = None, procedure_risk: pd.DataFrame | None = None,
                   simulation: SimulationCheck | None = None) -> Report:
    """The whole report in memory.

    ``progressive``: {"figures": ..., "table": ...} of a user-supplied progressive paytable;
    ``procedure_risk``: the house edge under each procedure leak (see :mod:`analyzer.protection.procedure_risk`);
    ``simulation``: a simulation check to add as its own sheet.
    """
    book, names = Report(), SheetNames()
    write_summary(_sheet(book, names, "Summary"), analysis, warnings,
                  analysis.rules.unanalysed({"progressive"} if progressive else set()))
    write_return_table(_sheet(book, names, "Return table"), analysis)
    for wager in analysis.rules.wagers:
        write_wager_sheet(_sheet(book, names, wager.title), analysis, wager)
    for bet in analysis.rules.side_bets:
        for paytable in bet.paytables.values():
            write_side_bet_sheet(_sheet(book, names, f"{bet.title} {paytable.name}"), analysis, bet, paytable)
    if progressive:
        write_progressive_sheet(_sheet(book, names, "Progressive"), analysis, progressive)
    if procedure_risk is not None:
        write_procedure_risk(_sheet(book, names, "Procedure risk"), analysis, procedure_risk)
    write_strategy(_sheet(book, names, "Strategy"), analysis, posted_rule)
    write_strategy_chart(_sheet(book, names, "Strategy chart"), analysis)
    write_rules(_sheet(book, names, "Rules"), analysis)
    write_method(_sheet(book, names, "Method"), analysis)
    if simulation is not None:
        write_simulation_sheet(_sheet(book, names, "Simulation check"), simulation)
    return book


def _sheet(book: openpyxl.Workbook, names: SheetNames, wanted: str) -> Worksheet:
    """A new sheet (the workbook's first, empty one is reused)."""
    name = names.new(wanted)
    first = book.worksheets[0]
    if len(book.worksheets) == 1 and first.max_row == 1 and first.cell(1, 1).value is None \
            and first.title == "Sheet":
        first.title = name
        return first
    return book.create_sheet(name)


def write_workbook(analysis: GameResults, path: Path, warnings: list[str], posted_rule: dict | None = None,
                   progressive: dict | None = None, procedure_risk: pd.DataFrame | None = None,
                   simulation: SimulationCheck | None = None) -> dict[tuple[str, str], Fraction]:
    """Write the math report to ``path`` (.xlsx) atomically (see :func:`save_atomically`);
    returns the exact figure behind each formula cell (:attr:`Report.exact`)."""
    return save_atomically(lambda: build_workbook(analysis, warnings, posted_rule, progressive, procedure_risk,
                                                  simulation), Path(path)).exact


def write_table_workbook(frame: pd.DataFrame, title: str, path: Path) -> None:
    """A one-sheet workbook holding a titled table (a paytable comparison, say), written atomically."""
    write_tables_workbook([("Comparison", title, frame)], path)


def write_tables_workbook(tables: list[tuple[str, str, pd.DataFrame]], path: Path) -> None:
    """A workbook of titled tables, one sheet each ((sheet name, title, table)), written atomically."""
    def build() -> Report:
        book = Report()
        for index, (name, title, frame) in enumerate(tables):
            sheet = book.worksheets[0] if index == 0 else book.create_sheet()
            sheet.title = name
            _frame(sheet, 1, title, frame, totals=False)
            set_widths(sheet, (30, *(18 for _ in frame.columns)))
        return book
    save_atomically(build, Path(path))


def save_atomically(build: Callable[[], Report], path: Path) -> Report:
    """Build a workbook and save it to ``path`` atomically (:func:`analyzer.core.atomic.write_atomically`);
    returns it."""
    book = build()
    write_atomically(path, book.save)
    return book
