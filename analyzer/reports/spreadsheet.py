"""A workbook held in memory, then written with XlsxWriter: every formula saved with its value.

openpyxl cannot store a formula's cached value, so a workbook it writes reads
as blanks in pandas, previewers and import tools until a spreadsheet program
recalculates it. Here a sheet is a grid of :class:`Cell` records (value,
style, and for a formula the value it stands for); :meth:`Book.save` writes
them with XlsxWriter's ``write_formula(..., value=...)``, sizes each column
to the widest number it shows (so no cell prints as ``###``), wraps long
paragraphs across the used columns, and sets up printing: orientation, fit to
one page wide, repeated header rows and a footer (game, program version,
page N of M). Rows holding wrapped text are made tall enough for it (neither
Excel nor LibreOffice sizes them on opening a file).

>>> book = Book("Coin", "analyzer 1.0")
>>> sheet = book.sheet("Odds")
>>> sheet.put(1, 1, "=2/4", value=0.5)
>>> sheet.cell(1, 1).value, sheet.cell(1, 1).cached, sheet.max_row
('=2/4', 0.5, 1)
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field
from datetime import datetime, UTC
from pathlib import Path

import xlsxwriter
from xlsxwriter.utility import xl_rowcol_to_cell

#: Spreadsheet numbers are doubles: integers from here on are written as text.
EXACT_INTEGER_LIMIT = 2 ** 53
#: Column widths (characters) never go below or above these; text wider than TEXT_WIDTH wraps.
NARROWEST, WIDEST, TEXT_WIDTH = 6, 60, 32
#: Characters across an A4 page printed portrait at full size, and rows down a landscape page: a sheet
#: wider than a portrait page prints landscape if it fits one landscape page or is too wide for portrait
#: (printed smaller than 1/sqrt(2)), else portrait (more rows on a page).
PORTRAIT_WIDTH, LANDSCAPE_ROWS = 100, 34
#: Width of an average text character, in digits (the unit of a column's width).
TEXT_GLYPH = 0.85
#: Points per wrapped line of a paragraph.
LINE_HEIGHT = 15


@dataclass(frozen=True)
class Style:
    """How a cell looks: number format, bold, size, font and fill colours (RGB hex), wrap, alignment."""

    number_format: str | None = None
    bold: bool = False
    size: int | None = None
    colour: str | None = None
    fill: str | None = None
    wrap: bool = False
    align: str | None = None
    underline: bool = False

    def options(self) -> dict[str, object]:
        """The XlsxWriter format properties of this style."""
        found = {"num_format": self.number_format, "bold": self.bold, "font_size": self.size,
                 "font_color": self.colour and f"#{self.colour}", "bg_color": self.fill and f"#{self.fill}",
                 "pattern": 1 if self.fill else None, "text_wrap": self.wrap, "align": self.align,
                 "valign": "top", "underline": 1 if self.underline else None}
        return {key: value for key, value in found.items() if value not in (None, False)}


PLAIN = Style()


@dataclass
class Cell:
    """One cell: its value (a formula is text starting with "="), its style, the value a formula
    stands for (``cached``), a link to another sheet, and whether it is a paragraph that may
    run across the columns to its right."""

    value: object = None
    style: Style = PLAIN
    cached: object = None
    link: str | None = None
    paragraph: bool = False


@dataclass(frozen=True)
class Picture:
    """A PNG image placed at a cell, scaled."""

    row: int
    column: int
    png: bytes
    scale: float = 1.0


@dataclass
class Sheet:
    """A sheet in memory; rows and columns count from 1 as in Excel."""

    title: str
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    heights: dict[int, float] = field(default_factory=dict)
    freeze: tuple[int, int] | None = None
    header_rows: tuple[int, int] | None = None
    landscape: bool | None = None
    pictures: list[Picture] = field(default_factory=list)  # page_breaks: rows that start a printed page
    page_breaks: list[int] = field(default_factory=list)
    text_width: float = TEXT_WIDTH  # text wider than this wraps
    book: object = field(default=None, repr=False, compare=False)

    def put(self, row: int, column: int, content: object, style: Style = PLAIN, *, value: object = None,
            link: str | None = None, paragraph: bool = False) -> None:
        """Write ``content`` (a formula when text starting with "=", then ``value`` is what it
        computes to); ``link`` names a sheet the cell links to; a ``paragraph`` may run across
        the columns to its right (wrapped there when longer than they are wide)."""
        self.cells[(row, column)] = Cell(content, style, value, link, paragraph)

    def restyle(self, row: int, column: int, style: Style) -> None:
        """Give a written cell another style."""
        self.cells[(row, column)].style = style

    @property
    def max_row(self) -> int:
        """The last row holding a cell (0 for an empty sheet)."""
        return max((row for row, _ in self.cells), default=0)

    @property
    def max_column(self) -> int:
        """The last column holding a cell (0 for an empty sheet)."""
        return max((column for _, column in self.cells), default=0)

    def cell(self, row: int, column: int) -> Cell:
        """The cell at (row, column); an empty one if nothing was written there."""
        return self.cells.get((row, column), Cell())

    def rows(self) -> list[list[object]]:
        """Every row's values, from row 1 and column A (None where empty)."""
        return [[self.cell(row, column).value for column in range(1, self.max_column + 1)]
                for row in range(1, self.max_row + 1)]


class Book:
    """Sheets in memory, saved by :meth:`save`; ``title`` (the game) and ``version`` go in every footer."""

    def __init__(self, title: str = "", version: str = "") -> None:
        self.title, self.version = title, version
        self.sheets: list[Sheet] = []

    def sheet(self, name: str) -> Sheet:
        """A new sheet at the end."""
        self.sheets.append(Sheet(name, book=self))
        return self.sheets[-1]

    @property
    def sheetnames(self) -> list[str]:
        return [sheet.title for sheet in self.sheets]

    def __getitem__(self, name: str) -> Sheet:
        return next(sheet for sheet in self.sheets if sheet.title == name)

    def save(self, path: Path | str) -> None:
        """Write the workbook as .xlsx (see the module's docstring)."""
        book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False, "strings_to_formulas": False,
                                               "strings_to_urls": False, "nan_inf_to_errors": True})
        book.set_properties({"title": self.title, "author": self.version, "company": "",
                             "comments": f"written by {self.version}", "created": datetime.now(UTC)})
        formats: dict[Style, object] = {}

        def styled(style: Style) -> object:
            if style not in formats:
                formats[style] = book.add_format(style.options())
            return formats[style]

        for sheet in self.sheets:
            _write_sheet(book.add_worksheet(sheet.title), sheet, styled, self)
        book.close()


def _write_sheet(target, sheet: Sheet, styled, book: Book) -> None:
    """One sheet: cells, widths, paragraphs, pictures and the print setup."""
    widths = column_widths(sheet)
    for column, width in widths.items():
        target.set_column(column - 1, column - 1, width)
    used = max(widths, default=1)
    for (row, column), cell in sorted(sheet.cells.items()):
        _write_cell(target, sheet, row, column, cell, styled, widths, used)
    for row, height in sheet.heights.items():
        target.set_row(row - 1, height)
    for picture in sheet.pictures:
        target.insert_image(picture.row - 1, picture.column - 1, "chart.png",
                            {"image_data": io.BytesIO(picture.png), "x_scale": picture.scale,
                             "y_scale": picture.scale, "object_position": 3})
    if sheet.freeze:
        target.freeze_panes(sheet.freeze[0] - 1, sheet.freeze[1] - 1)
    if sheet.landscape or (sheet.landscape is None and _landscape(sum(widths.values()), sheet.max_row)):
        target.set_landscape()
    else:
        target.set_portrait()
    target.set_paper(9)  # A4
    target.set_margins(left=0.5, right=0.5, top=0.6, bottom=0.7)
    target.fit_to_pages(1, 0)
    if sheet.page_breaks:
        target.set_h_pagebreaks([row - 1 for row in sheet.page_breaks])
    if sheet.header_rows:
        target.repeat_rows(sheet.header_rows[0] - 1, sheet.header_rows[1] - 1)
    footer = "&L{}&C{}&RPage &P of &N".format(*(text.replace("&", "&&") for text in (
        f"{book.title}: {sheet.title}", book.version)))
    target.set_footer(footer)


def _write_cell(target, sheet: Sheet, row: int, column: int, cell: Cell, styled, widths: dict[int, float],
                used: int) -> None:
    """One cell: a formula with its value, a link, a paragraph merged across the used columns, or a value."""
    style = styled(cell.style)
    value = cell.value
    if isinstance(value, str) and value.startswith("="):
        target.write_formula(row - 1, column - 1, value, style, cell.cached if cell.cached is not None else 0)
    elif cell.link:
        target.write_url(row - 1, column - 1, f"internal:'{cell.link}'!A1", style, str(value))
    elif cell.paragraph and isinstance(value, str) and column < used and _free_to_the_right(sheet, row, column) \
            and len(value) > widths.get(column, NARROWEST):
        span = sum(widths.get(c, NARROWEST) for c in range(column, used + 1))
        wrapped = Style(**{**cell.style.__dict__, "wrap": True})
        target.merge_range(row - 1, column - 1, row - 1, used - 1, value, styled(wrapped))
        _grow(sheet, row, wrapped_lines(value, span, cell.style), cell.style)
    elif isinstance(value, str) and (cell.style.wrap or len(value) + 2 > widths.get(column, NARROWEST)):
        wrapped = Style(**{**cell.style.__dict__, "wrap": True})
        target.write_string(row - 1, column - 1, value, styled(wrapped))
        _grow(sheet, row, wrapped_lines(value, widths.get(column, NARROWEST), cell.style), cell.style)
    elif value is not None:
        target.write(row - 1, column - 1, value, style)


def wrapped_lines(text: str, width: float, style: Style = PLAIN) -> int:
    """About how many lines ``text`` takes wrapped in a column ``width`` characters wide (words moved
    whole to the next line; a word longer than a line broken). A column's width counts digits; average
    text is narrower (:data:`TEXT_GLYPH`), bold text wider.

    >>> wrapped_lines("one two three four", 10), wrapped_lines("a\\nb", 30), wrapped_lines("x" * 25, 10)
    (2, 2, 3)
    >>> wrapped_lines("0" * 64, 66), wrapped_lines("0" * 64, 60)
    (1, 2)
    """
    capacity = max(1.0, (width - 1) * 11 / (style.size or 11) / (1.1 if style.bold else 1.0))
    lines = 0
    for paragraph in text.split("\n"):
        used = None
        for word in paragraph.split(" "):
            length = sum(1.0 if character.isdigit() else TEXT_GLYPH for character in word)
            if used is not None and used + TEXT_GLYPH + length <= capacity:
                used += TEXT_GLYPH + length
                continue
            lines += max(1, math.ceil(length / capacity))
            used = length - (math.ceil(length / capacity) - 1) * capacity
        lines += used is None
    return max(lines, 1)


def _grow(sheet: Sheet, row: int, lines: int, style: Style) -> None:
    """Make a row tall enough for ``lines`` lines of text in ``style``."""
    height = LINE_HEIGHT * lines * (style.size or 11) / 11
    if height > sheet.heights.get(row, LINE_HEIGHT):
        sheet.heights[row] = height


def _landscape(width: float, rows: int) -> bool:
    """Whether a sheet this wide (characters) and long prints better landscape (see PORTRAIT_WIDTH).

    >>> _landscape(90, 500), _landscape(120, 20), _landscape(120, 500), _landscape(200, 500)
    (False, True, False, True)
    """
    return width > PORTRAIT_WIDTH and (rows <= LANDSCAPE_ROWS or width > PORTRAIT_WIDTH * math.sqrt(2))


def _free_to_the_right(sheet: Sheet, row: int, column: int) -> bool:
    return not any(r == row and c > column for r, c in sheet.cells)


def address(row: int, column: int) -> str:
    """The A1 address of a cell.

    >>> address(5, 4)
    'D5'
    """
    return xl_rowcol_to_cell(row - 1, column - 1)


def shown(value: object, number_format: str | None) -> str:
    """About the text a spreadsheet shows for a value in a number format (to size columns).

    >>> shown(0.0341885, "0.000000%"), shown(3986646103440, "#,##0"), shown(1.5, None)
    ('3.418850%', '3,986,646,103,440', '1.5')
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    if not number_format or number_format == "General":
        return f"{value:.10g}"
    literal = "".join(re.findall(r'"([^"]*)"', number_format))
    number_format = re.sub(r'"[^"]*"', "", number_format)
    places = len(number_format.split(".")[1].rstrip("%").split(";")[0]) if "." in number_format else 0
    percent = number_format.endswith("%")
    grouping = "," if "," in number_format else ""
    text = f"{value * (100 if percent else 1):{grouping}.{places}f}"
    return literal + text + ("%" if percent else "")


def _wrapped_length(text: str) -> int:
    """The width wrapped text needs: its longest line if it has several, else its longest word."""
    pieces = text.split("\n") if "\n" in text else text.split()
    return max(map(len, pieces), default=0)


def column_widths(sheet: Sheet) -> dict[int, float]:
    """Each used column's width: the widest number shown in it (formulas shown by their value), text
    up to TEXT_WIDTH characters (longer text wraps; wrapped text by its longest word; paragraphs do not
    count), at least the width asked for in ``sheet.widths``, within NARROWEST..WIDEST."""
    widths: dict[int, float] = {column: NARROWEST for column in range(1, sheet.max_column + 1)}
    for (_, column), cell in sheet.cells.items():
        if cell.paragraph:
            continue
        value = cell.cached if isinstance(cell.value, str) and cell.value.startswith("=") else cell.value
        text = shown(value, cell.style.number_format)
        if isinstance(value, str):
            length = _wrapped_length(text) if cell.style.wrap else min(len(text), sheet.text_width)
        else:
            length = len(text)
        size = length * (1.1 if cell.style.bold else 1.0) * (cell.style.size or 11) / 11 + 2
        widths[column] = max(widths[column], min(size, WIDEST))
    for column, width in sheet.widths.items():
        widths[column] = max(widths.get(column, NARROWEST), width)
    return widths
