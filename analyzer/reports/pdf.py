"""The math report as a PDF document (reportlab), beside the workbook: the same analysis, to file.

Sections: cover (game, rules document, program version, dates, input hash,
warnings), method in prose (:mod:`analyzer.reports.method`), rules and
assumptions, summary (house edges with their exact fractions, element of risk,
SD, average bet, actions, side bets), the return table and every wager's and
side-bet paytable's outcome table (outcome, pays, combinations, probability,
contribution, with totals), the lab figures (:mod:`analyzer.reports.lab_figures`)
and the net-result chart (:mod:`analyzer.reports.charts`), the strategy (posted rule, the decision
grid of :mod:`analyzer.engines.strategy_grid` as a colour-coded table, the strategy tables), the procedure risk and
simulation check when given, and the warnings in red. Every page has a footer:
game, program version, page N of M.

Text is set in DejaVu Sans (shipped with matplotlib), so every character of a
rules file prints. The file is written atomically (:mod:`analyzer.core.atomic`):
a failed write leaves no half-written PDF.
"""

from __future__ import annotations

import io
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, SupportsFloat
from xml.sax.saxutils import escape

import matplotlib
import pandas as pd
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Image,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

import analyzer
from analyzer.core.atomic import write_atomically
from analyzer.core.figures import percent
from analyzer.engines.results import GameResults
from analyzer.engines.strategy_grid import (
    DecisionGrid,
    decision_colour,
    decision_grid,
    short_decision,
)
from analyzer.reports import charts
from analyzer.reports.lab_figures import (
    HEADERS,
    LAB_NOTES,
    PAYOUT_CAP_ASSUMPTIONS,
    PERCENT_COLUMNS,
    LabSettings,
    lab_tables,
    rare_awards,
)
from analyzer.reports.method import cards_used, method_paragraphs
from analyzer.reports.summary import OPTIONAL_FIGURES

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from analyzer.simulation.check import SimulationCheck

FONT, BOLD_FONT = "DejaVuSans", "DejaVuSans-Bold"
RED = colors.HexColor("#C00000")
HEADER_FILL = colors.HexColor("#D9E1F2")
TOTAL_FILL = colors.HexColor("#F2F2F2")
MARGIN = 16 * mm
WIDTH = A4[0] - 2 * MARGIN
HEIGHT = A4[1] - 2 * MARGIN - 8 * mm
#: Width of a character of a table cell and the padding of a cell, in points; texts up to this long
#: keep their width when a table is too wide for the page.
CHARACTER, PADDING, SHORT_TEXT, LONG_TEXT = 5.4, 8.0, 18, 60
#: Resolution of the charts' images.
IMAGE_DPI = 150
#: Longest strategy table printed; a longer one is named, with where to find it.
TABLE_ROWS = 200
#: Lab-table columns shown as exact fractions (pays "to 1", stakes).
FRACTION_COLUMNS = frozenset({"pays", "stake", "largest_win"})


def _register_fonts() -> None:
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, folder / "DejaVuSans.ttf"))
        pdfmetrics.registerFont(TTFont(BOLD_FONT, folder / "DejaVuSans-Bold.ttf"))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD_FONT, italic=FONT, boldItalic=BOLD_FONT)


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=FONT, fontSize=9, leading=12, spaceAfter=4)
    return {
        "title": ParagraphStyle("title", body, fontName=BOLD_FONT, fontSize=20, leading=26, alignment=TA_CENTER,
                                spaceAfter=12),
        "h1": ParagraphStyle("h1", body, fontName=BOLD_FONT, fontSize=14, leading=18, spaceBefore=6, spaceAfter=8),
        "h2": ParagraphStyle("h2", body, fontName=BOLD_FONT, fontSize=10.5, leading=14, spaceBefore=8, spaceAfter=4),
        "body": body,
        "warning": ParagraphStyle("warning", body, fontName=BOLD_FONT, textColor=RED),
        "cell": ParagraphStyle("cell", body, fontSize=7.5, leading=9, spaceAfter=0),
        "head": ParagraphStyle("head", body, fontName=BOLD_FONT, fontSize=7.5, leading=9, spaceAfter=0),
        "red cell": ParagraphStyle("red cell", body, fontName=BOLD_FONT, fontSize=7.5, leading=9, spaceAfter=0,
                                   textColor=RED),
        "mono": ParagraphStyle("mono", body, fontName="Courier", fontSize=7, leading=8.5),
    }


# -- display of exact values -----------------------------------------------------
def fraction_text(value: Fraction | int) -> str:
    """An exact value as "p/q" (an integer without the "/1")."""
    return str(Fraction(value))


def with_fraction(value: Fraction) -> str:
    """A percentage and, beside it, the exact fraction: ``3.418855% (264142729/7726058340)``."""
    return f"{percent(value)} ({fraction_text(value)})"


def probability_text(value: Fraction) -> str:
    """A probability as a decimal: 10 places, or 4 significant digits in scientific notation when small."""
    return f"{float(value):.10f}" if value >= Fraction(1, 10_000) or value == 0 else f"{float(value):.4e}"


def cell_text(column: str, value: object) -> str:
    """A lab-table cell: percentages, "1 in N", counts with thousands separators, fractions as decimals
    (6 places), yes/blank for a flag."""
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "never" if column == "one_in" else ""
    if isinstance(value, bool):
        return "YES" if value else ""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value) or "none"
    if isinstance(value, (Fraction, Decimal)) and column in PERCENT_COLUMNS:
        return percent(Fraction(value))
    if column == "one_in" and isinstance(value, (SupportsFloat, str)):
        return f"1 in {float(value):,.1f}"
    if column in FRACTION_COLUMNS and isinstance(value, Fraction) and value.denominator > 1:
        return fraction_text(value)
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return f"{int(value):,}"
    if isinstance(value, (Fraction, Decimal, float)):
        return f"{float(value):,.6f}"
    return str(value)


def column_shares(header: list[str], rows: list[list[str]]) -> list[float]:
    """Column widths as shares of the page width: each column as wide as its longest text (a header
    by its longest word; at most ``LONG_TEXT`` characters); when they do not fit, the short columns
    (numbers) keep their width and the long ones (text, which wraps) share the rest.

    >>> [round(share, 2) for share in column_shares(["outcome", "pays"], [["x" * 200, "1/2"]])]
    [0.92, 0.08]
    """
    lengths = [min(LONG_TEXT, max(4, *(len(word) for word in header[column].split()),
                                  *(len(row[column]) for row in rows)))
               for column in range(len(header))]
    natural = [length * CHARACTER + PADDING for length in lengths]
    if sum(natural) > WIDTH:
        short = [width if length <= SHORT_TEXT else 0 for width, length in zip(natural, lengths, strict=True)]
        long = [width - fixed for width, fixed in zip(natural, short, strict=True)]
        room = max(WIDTH - sum(short), 0.2 * WIDTH)
        natural = [fixed or width * room / sum(long) for width, fixed in zip(long, short, strict=True)]
    return [width / sum(natural) for width in natural]


# -- the page frame --------------------------------------------------------------
def footer_canvas(footer: str):
    """A canvas class that writes ``footer`` and "page N of M" at the foot of every page (two passes:
    the pages are kept until the count is known)."""

    class FooterCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            for page in self._pages:
                self.__dict__.update(page)
                self.setFont(FONT, 7.5)
                self.setFillColor(colors.grey)
                self.drawString(MARGIN, 9 * mm, footer)
                self.drawRightString(A4[0] - MARGIN, 9 * mm, f"page {self._pageNumber} of {len(self._pages)}")
                super().showPage()
            super().save()

    return FooterCanvas


# -- building blocks ---------------------------------------------------------------
class Builder:
    """The story of the document, added to section by section."""

    def __init__(self) -> None:
        _register_fonts()
        self.styles = _styles()
        self.story: list[Flowable] = []

    def heading(self, text: str, level: str = "h1") -> None:
        self.story.append(CondPageBreak(60 * mm if level == "h1" else 35 * mm))  # no heading alone at a page's foot
        self.story.append(Paragraph(escape(text), self.styles[level]))

    def text(self, text: str, style: str = "body") -> None:
        self.story.append(Paragraph(escape(text), self.styles[style]))

    def pairs(self, rows: list[tuple[str, str]], red: Collection[str] = frozenset()) -> None:
        """A two-column table of labelled figures (labels in ``red`` set in red)."""
        cells = [[Paragraph(escape(label), self.styles["head"]),
                  Paragraph(escape(value), self.styles["red cell" if label in red else "cell"])]
                 for label, value in rows]
        table = Table(cells, colWidths=[WIDTH * 0.34, WIDTH * 0.66])
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25,
                                                                           colors.lightgrey)]))
        self.story.append(table)
        self.story.append(Spacer(1, 4 * mm))

    def table(self, header: list[str], rows: list[list[str]], widths: list[float] | None = None,
              total: bool = False, red_rows: Collection[int] = frozenset()) -> None:
        """A table with a repeated header row; ``widths`` as shares of the page width; the last row
        shaded as a total when ``total``; the rows in ``red_rows`` set in red."""
        count = len(header)
        widths = widths or [1 / count] * count
        cells = [[Paragraph(escape(text), self.styles["head"]) for text in header]]
        for index, row in enumerate(rows):
            style = self.styles["red cell" if index in red_rows else "cell"]
            cells.append([Paragraph(escape(str(text)), style) for text in row])
        table = Table(cells, colWidths=[WIDTH * share for share in widths], repeatRows=1)
        commands = [("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("GRID", (0, 0), (-1, -1), 0.25, colors.grey), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5), ("LEFTPADDING", (0, 0), (-1, -1), PADDING / 2),
                    ("RIGHTPADDING", (0, 0), (-1, -1), PADDING / 2)]
        if total:
            commands.append(("BACKGROUND", (0, -1), (-1, -1), TOTAL_FILL))
        table.setStyle(TableStyle(commands))
        self.story.append(table)
        self.story.append(Spacer(1, 4 * mm))

    def frame(self, frame: pd.DataFrame, drop: tuple[str, ...] = ()) -> None:
        """Any table of exact values (see :func:`cell_text`)."""
        frame = frame.drop(columns=[column for column in drop if column in frame.columns])
        if list(frame.columns) == ["figure", "value"]:
            self.table(["figure", "value", "exact"], [
                [str(name).replace("_", " "), cell_text(str(name), value),
                 fraction_text(value) if isinstance(value, Fraction) and value.denominator > 1 else ""]
                for name, value in zip(frame["figure"], frame["value"], strict=True)], [0.3, 0.25, 0.45])
            return
        header = [HEADERS.get(str(column), str(column).replace("_", " ")) for column in frame.columns]
        rows = [[cell_text(str(column), value) for column, value in zip(frame.columns, row, strict=True)]
                for row in frame.itertuples(index=False)]
        self.table(header, rows, column_shares(header, rows), red_rows={
            index for index, row in enumerate(rows) if "YES" in row or any("PLAYER ADVANTAGE" in c for c in row)})


    def figure(self, title: str, figure: Figure, max_height: float = HEIGHT * 0.8) -> None:
        """A titled matplotlib figure as an image at its own size, shrunk to fit the page width and
        ``max_height``; kept on one page with its title."""
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=IMAGE_DPI, bbox_inches="tight")
        buffer.seek(0)
        image = Image(buffer)
        natural = 72 / IMAGE_DPI
        scale = min(natural, WIDTH / image.imageWidth, max_height / image.imageHeight)
        image.drawWidth, image.drawHeight = image.imageWidth * scale, image.imageHeight * scale
        self.story.append(KeepTogether([Paragraph(escape(title), self.styles["h2"]), image, Spacer(1, 4 * mm)]))

    def grid(self, grid: DecisionGrid) -> None:
        """The strategy grid as a colour-coded table (the colours of the workbook and the PNG chart): each
        cell its decision (the shares where the hands of the cell split; for one hand, its name and the EV
        of its decision), white text on the darkest fill; then the legend."""
        header = [grid.row_header, *grid.columns] if grid.column_header else [grid.row_header, "decision"]
        texts = [[label, *(self._grid_text(cell) for cell in cells)] for label, cells in zip(grid.rows, grid.cells, strict=True)]
        size = 7.5 if len(header) <= 8 else 6  # a wide grid (13 columns) in a smaller font
        plain = ParagraphStyle("grid", self.styles["cell"], fontSize=size, leading=size + 1.5)
        dark = ParagraphStyle("grid dark", plain, textColor=colors.white)
        styles = [[plain] + [dark if cell.shares and not cell.mixed and
                             decision_colour(cell.decision) == decision_colour("4x") else plain for cell in cells]
                  for cells in grid.cells]
        cells = [[Paragraph(escape(text), ParagraphStyle("grid head", self.styles["head"], fontSize=size))
                  for text in header]]
        cells += [[Paragraph(escape(text).replace("\n", "<br/>"), style) for text, style in zip(row, row_styles, strict=True)]
                  for row, row_styles in zip(texts, styles, strict=True)]
        first = min(0.3 * WIDTH, max(len(text) for text in [*grid.rows, *header[0].split()]) * size * 0.7 + PADDING)
        widths = [first] + [(WIDTH - first) / (len(header) - 1)] * (len(header) - 1)
        table = Table(cells, colWidths=widths, repeatRows=1)
        commands = [("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL), ("GRID", (0, 0), (-1, -1), 0.5, colors.white),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 2),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 2)]
        commands += [("BACKGROUND", (column, row), (column, row), colors.HexColor(f"#{cell.colour}"))
                     for row, cells in enumerate(grid.cells, start=1) for column, cell in enumerate(cells, start=1)]
        table.setStyle(TableStyle(commands))
        if grid.column_header:
            self.text(f"Columns: {grid.column_header}.")
        self.story.append(table)
        legend = Table([[Paragraph(escape(short_decision(name)), self.styles["cell"]) for name in grid.decisions]],
                       colWidths=[18 * mm] * len(grid.decisions))
        legend.setStyle(TableStyle([("BACKGROUND", (index, 0), (index, 0), colors.HexColor(f"#{decision_colour(name)}"))
                                    for index, name in enumerate(grid.decisions)]))
        self.story.append(Spacer(1, 2 * mm))
        self.story.append(legend)
        self.text("A paler fill: the other cards split the hands of the cell (the shares are given).")

    @staticmethod
    def _grid_text(cell) -> str:
        if cell.hand:
            return f"{cell.hand}\n{cell.text}" + ("" if cell.ev is None else f"\n{float(cell.ev):+.2f}")
        return cell.text.replace(" / ", "\n")

    def outcome_table(self, title: str, table: pd.DataFrame, pays: str = "pays", pays_header: str = "pays (to 1)",
                      what: str = "expected result") -> None:
        """Outcome, pays, combinations, probability, contribution; the totals (the cycle, the mean) and
        the mean as a percentage with its exact fraction."""
        self.heading(title, "h2")
        rows = [[outcome, fraction_text(value), f"{int(count):,}", probability_text(probability),
                 f"{float(contribution):+.10f}"]
                for outcome, value, count, probability, contribution in
                zip(table["outcome"], table[pays], table["combinations"], table["probability"], table["contribution"],
                    strict=True)]
        mean = sum(table["contribution"], Fraction(0))
        rows.append(["total", "", f"{int(table['combinations'].sum()):,}",
                     probability_text(sum(table["probability"], Fraction(0))), f"{float(mean):+.10f}"])
        self.table(["outcome", pays_header, "combinations", "probability", "contribution"], rows,
                   [0.40, 0.1, 0.18, 0.15, 0.17], total=True)
        self.text(f"{what}: {with_fraction(mean)}; house edge {with_fraction(-mean)}.")


# -- the sections ---------------------------------------------------------------------
def cover(builder: Builder, analysis: GameResults, warnings: list[str]) -> None:
    rules = analysis.rules
    builder.story.append(Spacer(1, 25 * mm))
    builder.story.append(Paragraph(escape(f"{rules.title}: mathematical analysis"), builder.styles["title"]))
    builder.text("Exact house edge, strategy and figures by exhaustive enumeration of every deal.")
    options = ", ".join(f"{option.name} = {option.chosen}" for option in rules.options) or "none"
    edge = analysis.main_figures()["house_edge_per_ante"]
    builder.pairs([
        ("game", f"{rules.title} ({rules.name})"),
        ("rules document", rules.rules_source),
        ("rule options chosen", options),
        ("program", f"analyzer {analyzer.__version__}"),
        ("report date", datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")),
        ("analysis finished", analysis.finished_at.strftime("%Y-%m-%d %H:%M:%S %Z").strip()),
        ("input hash (SHA-256 of the game file and options)", rules.input_hash),
        ("cycle (all equally likely deals)", f"{analysis.cycle:,}"),
        ("house edge per ante", with_fraction(edge)),
    ], red={"house edge per ante"} if edge < 0 else set())
    if warnings:
        builder.heading("Warnings", "h2")
        for warning in warnings:
            builder.text(warning, "warning")
    builder.story.append(PageBreak())


def method(builder: Builder, analysis: GameResults) -> None:
    builder.heading("Method")
    for paragraph in method_paragraphs(analysis.rules, analysis.cycle):
        builder.text(paragraph)


def rules_section(builder: Builder, analysis: GameResults) -> None:
    rules = analysis.rules
    builder.heading("Rules and assumptions")
    builder.heading("Rules", "h2")
    for line in rules.rules:
        builder.text(f"• {line}")
    builder.heading("Cards", "h2")
    builder.table(["what", "in this game"], [list(row) for row in cards_used(rules)], [0.3, 0.7])
    builder.heading("Assumptions", "h2")
    for line in rules.assumptions or ("none",):
        builder.text(f"• {line}")
    if rules.options:
        builder.heading("Rule options (readings of ambiguous rules)", "h2")
        builder.table(["option", "chosen", "what it means"],
                      [[option.name, option.chosen, option.choices[option.chosen]] for option in rules.options],
                      [0.3, 0.15, 0.55])
    builder.heading("Paytables analysed", "h2")
    owners = [(w.title, w.paytables, w.default_paytable) for w in rules.wagers if w.paytables]
    owners += [(b.title, b.paytables, b.default_paytable) for b in rules.side_bets]
    rows = [[f"{title} {name}{' (default)' if name == default else ''}", line.label, f"{fraction_text(line.pays)} to 1"]
            for title, paytables, default in owners for name, paytable in paytables.items() for line in paytable.lines]
    if rows:
        builder.table(["wager and paytable", "line", "pays"], rows, [0.4, 0.4, 0.2])
    for wager, reason in rules.unanalysed().items():
        builder.text(f"{wager}: {reason}")


def summary(builder: Builder, analysis: GameResults, warnings: list[str]) -> None:
    main = analysis.main_figures()
    builder.heading("Summary")
    rows = [("house edge per ante", with_fraction(main["house_edge_per_ante"])),
            ("house edge per initial wager", with_fraction(main["house_edge_per_initial_wager"])),
            ("element of risk", with_fraction(main["element_of_risk"])),
            ("average total bet (Antes)", f"{float(main['average_total_bet']):.6f} "
                                          f"({fraction_text(main['average_total_bet'])})"),
            ("standard deviation (per Ante)", f"{float(main['standard_deviation']):.6f}"),
            ("hit frequency (net result > 0)", with_fraction(main["hit_frequency"]))]
    rows += [(label, with_fraction(main[name])) for name, label in OPTIONAL_FIGURES.items() if name in main]
    rows += [(f"P({action})", with_fraction(share)) for action, share in main["actions"].items()]
    titles = {wager.name: wager.title for wager in analysis.rules.wagers}
    rows += [(f"return of the {titles[wager]} per Ante", with_fraction(value))
             for wager, value in analysis.wager_returns().items()]
    rows += [(f"top award: {titles[wager]} {award['top_award']} ({fraction_text(award['pays'])} to 1)",
              f"1 in {float(award['one_in']):,.1f}" if award["one_in"] else "never")
             for wager, award in main["top_awards"].items()]
    advantage = {rows[0][0]} if main["house_edge_per_ante"] < 0 else set()
    builder.pairs(rows, red=advantage)
    side = analysis.side_bet_figures()
    if side:
        builder.heading("Side bets (per unit of their own stake)", "h2")
        side_rows = [[f"{bet.title} {name}{' (default)' if entry['default'] else ''}", percent(entry["house_edge"]),
                      fraction_text(entry["house_edge"]), percent(entry["hit_frequency"]),
                      f"1 in {float(entry['top_award_one_in']):,.1f}" if entry["top_award_one_in"] else "never"]
                     for bet in analysis.rules.side_bets for name, entry in side[bet.name].items()]
        builder.table(["side bet and paytable", "house edge", "exact", "hit frequency", "top award"], side_rows,
                      [0.3, 0.14, 0.26, 0.14, 0.16],
                      red_rows={index for index, row in enumerate(side_rows) if row[1].startswith("-")})
    builder.heading("Warnings", "h2")
    for warning in warnings or ["none"]:
        builder.text(warning, "warning" if warnings else "body")


def tables(builder: Builder, analysis: GameResults, progressive: dict | None) -> None:
    builder.heading("Return table and wagers")
    builder.text("Each table lists every distinct outcome with its number of deals (combinations, exact), its "
                 "probability (combinations / cycle) and its contribution (probability x result). Main wagers are "
                 "per unit of the Ante under the optimal strategy; side bets per unit of their own stake.")
    builder.outcome_table("Return table: net result of the main game per Ante", analysis.return_table(), pays="net",
                          pays_header="net (Antes)", what="expected net result per Ante")
    for wager in analysis.rules.wagers:
        builder.outcome_table(f"{wager.title}" + (f" (paytable {wager.default_paytable})" if wager.paytable else ""),
                              analysis.wager_table(wager), pays_header="result (Antes)",
                              what=f"expected result of the {wager.title} per Ante")
    for bet in analysis.rules.side_bets:
        for name, paytable in bet.paytables.items():
            default = " (default)" if name == bet.default_paytable else ""
            paid = f" ({bet.paid_on.note})" if bet.paid_on.note else ""
            builder.outcome_table(f"Side bet {bet.title}{paid}, paytable {name}{default}",
                                  analysis.side_bet_table(bet, paytable), what="expected result per unit staked")
    if progressive is not None:
        figures = progressive["figures"]
        builder.outcome_table(f"Progressive '{figures['title']}' at its reset value", progressive["table"],
                              what="expected result per unit staked at reset")
        meter = figures["break_even_meter"]
        builder.text(f"break-even meter: {'none (no meter award)' if meter is None else f'{float(meter):,.2f}'}; "
                     f"long-run return with the contribution: {with_fraction(figures['long_run_return'])}.")


def lab_section(builder: Builder, analysis: GameResults, settings: LabSettings) -> None:
    builder.heading("Lab and operator figures")
    builder.text("Settings: " + "; ".join(settings.describe()) + ".")
    builder.text(LAB_NOTES)
    for title, frame in lab_tables(analysis, settings):
        builder.heading(title, "h2")
        builder.frame(frame, drop=("variance",))
    for warning in rare_awards(analysis):
        builder.text(warning, "warning")
    if settings.payout_cap is not None:
        builder.heading("What the payout limit covers", "h2")
        for line in PAYOUT_CAP_ASSUMPTIONS:
            builder.text(f"• {line}")
    builder.figure("Distribution of the net result", charts.net_result_chart(analysis), max_height=HEIGHT * 0.45)


def strategy(builder: Builder, analysis: GameResults, posted: dict | None) -> None:
    builder.heading("Strategy")
    if posted is not None:
        builder.heading("Posted strategy", "h2")
        builder.text(f"Rule: {posted['text']}")
        builder.text(f"Cost per Ante against the optimal strategy: {with_fraction(posted['cost'])}.")
        if posted.get("table") is not None:
            builder.frame(posted["table"].rename(columns={"cost per ante": "cost_per_ante"}))
        written = posted.get("written")
        if written:
            builder.text(f"Strategy file '{written.title}': house edge per Ante "
                         f"{with_fraction(written.house_edge_per_ante)}, cost against the optimal strategy "
                         f"{with_fraction(written.cost_per_ante)}.")
    grid = decision_grid(analysis)
    builder.heading(f"Strategy chart: {grid.title}", "h2")
    builder.grid(grid)
    for title, frame, _ in analysis.strategy_tables():
        if len(frame) > TABLE_ROWS:
            builder.text(f"{title}: {len(frame):,} rows, in the workbook's Strategy sheet and the Python API "
                         "rather than here.")
            continue
        builder.heading(title, "h2")
        builder.frame(frame)


def checks(builder: Builder, risk: pd.DataFrame | None, simulation: SimulationCheck | None) -> None:
    if risk is not None:
        builder.heading("Procedure risk")
        builder.frame(risk, drop=("exact",))
    if simulation is not None:
        builder.heading("Simulation check")
        builder.text("An independent simulation (its own evaluator, shuffled decks, the strategy applied, every "
                     "wager settled from the rules data), against the exact figures.")
        builder.story.append(KeepTogether([Paragraph(escape(line).replace(" ", "&nbsp;"), builder.styles["mono"])
                                           for line in simulation.as_text().splitlines()]))


def write_pdf(analysis: GameResults, path: Path, warnings: list[str], posted: dict | None = None,
              settings: LabSettings = LabSettings(), progressive: dict | None = None,
              risk: pd.DataFrame | None = None, simulation: SimulationCheck | None = None) -> None:
    """Write the PDF math report of ``analysis`` to ``path`` (atomically).

    ``posted``: the posted rule as the workbook takes it (``text``, ``cost``, optionally ``table``, a
    DataFrame, and ``written``); ``settings``: the lab figures' settings; ``progressive``: ``figures``
    and ``table`` of a progressive paytable; ``risk``: the procedure risk table; ``simulation``: a
    simulation check (with ``as_text()``).
    """
    builder = Builder()
    cover(builder, analysis, warnings)
    method(builder, analysis)
    rules_section(builder, analysis)
    summary(builder, analysis, warnings)
    strategy(builder, analysis, posted)
    tables(builder, analysis, progressive)
    lab_section(builder, analysis, settings)
    checks(builder, risk, simulation)
    rules = analysis.rules
    footer = f"{rules.title} ({rules.name}): math report, analyzer {analyzer.__version__}"

    def build(temporary: Path) -> None:
        document = SimpleDocTemplate(str(temporary), pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN,
                                     topMargin=MARGIN, bottomMargin=MARGIN + 6 * mm,
                                     title=f"{rules.title}: mathematical analysis",
                                     author=f"analyzer {analyzer.__version__}",
                                     subject=f"input hash {rules.input_hash}", creator=f"analyzer {analyzer.__version__}")
        document.build(builder.story, canvasmaker=footer_canvas(footer))

    write_atomically(Path(path), build)
