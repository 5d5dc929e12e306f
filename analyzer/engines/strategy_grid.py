"""The optimal strategy as a grid of decisions, the picture a player or a lab looks at.

Drawn by :mod:`analyzer.reports.charts` (PNG) and by the report (a colour-coded sheet)
from the same :class:`DecisionGrid`, built from what the analyses already expose:

* Ultimate Texas Hold'em: the 13x13 pre-flop chart (``preflop_chart`` and
  ``preflop_values``): pairs on the diagonal, suited above, offsuit below;
  each cell holds the decision and the exact EV per ante of that decision.
* The four-card games: the chart by best hand (``strategy_by_best_hand``), one
  column per dealer up-card where one shows (one column otherwise). Rows are
  runs of consecutive best hands whose cells all read the same; a cell takes
  the decision most of its hands take, with the shares when the fifth card
  splits them ("3x 80% / 1x 20%"). Hands are grouped finely (every best hand,
  so the runs are the exact thresholds, e.g. Crazy 4's K-Q-8-4) unless that
  gives more than :data:`MAX_FINE_ROWS` rows; then by their top rank ("pair of
  nines", "K high"), as Four Card Fever's thirteen up-cards need.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

import numpy as np
import pandas as pd

from analyzer.core.ranking import HandRanking

#: Above this many rows at the finest grouping, hands are grouped by their top rank.
MAX_FINE_ROWS = 40

#: Fill colour (RGB hex) of a decision by the Play multiple it makes: fold or check grey, then
#: from pale yellow (1x) to dark green (4x).
DECISION_COLOURS = {0: "D9D9D9", 1: "FFE699", 2: "F4B183", 3: "A9D08E", 4: "548235"}


def multiple_of(decision: str) -> int:
    """The Play multiple a decision makes (0 for fold or check).

    >>> multiple_of("play 3x"), multiple_of("4x"), multiple_of("check"), multiple_of("fold")
    (3, 4, 0, 0)
    """
    found = re.search(r"(\d+)x", decision)
    return int(found.group(1)) if found else 0


def decision_colour(decision: str, mixed: bool = False) -> str:
    """The RGB hex fill of a decision; a mixed cell gets the colour halfway to white.

    >>> decision_colour("play 3x"), decision_colour("play 3x", mixed=True)
    ('A9D08E', 'D4E7C6')
    """
    colour = DECISION_COLOURS[min(multiple_of(decision), max(DECISION_COLOURS))]
    if not mixed:
        return colour
    return "".join(f"{(int(colour[i:i + 2], 16) + 255) // 2:02X}" for i in (0, 2, 4))


def short_decision(decision: str) -> str:
    """``play 3x`` -> ``3x``; other decisions as they are."""
    return decision.removeprefix("play ")


def percent_text(share: Fraction) -> str:
    """A share as a whole percentage that never rounds a split away.

    >>> percent_text(Fraction(4, 5)), percent_text(Fraction(1, 1000)), percent_text(Fraction(999, 1000))
    ('80%', '<1%', '>99%')
    """
    if 0 < share < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < share < 1:
        return ">99%"
    return f"{float(share):.0%}"


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: the decision most of its hands take, the exact share of each decision
    taken (strongest first), and where the cell is one hand (Hold'em) its name and the exact EV
    per ante of the decision."""

    decision: str
    shares: tuple[tuple[str, Fraction], ...]
    hand: str = ""
    ev: Fraction | None = None

    @property
    def mixed(self) -> bool:
        return len(self.shares) > 1

    @property
    def text(self) -> str:
        """``3x``, or ``3x 80% / 1x 20%`` when the hands of the cell split."""
        if not self.mixed:
            return short_decision(self.decision)
        return " / ".join(f"{short_decision(name)} {percent_text(share)}" for name, share in self.shares)

    @property
    def label(self) -> str:
        """The cell's text in a sheet: ``AKs 4x EV +1.659`` for one hand, else :attr:`text`."""
        if not self.hand:
            return self.text
        return f"{self.hand} {self.text}" + ("" if self.ev is None else f" EV {float(self.ev):+.3f}")

    @property
    def colour(self) -> str:
        """The decision's fill (see :func:`decision_colour`); white for a cell without hands."""
        return decision_colour(self.decision, self.mixed) if self.shares else "FFFFFF"


@dataclass(frozen=True)
class DecisionGrid:
    """A titled grid: row labels (strongest first), column labels, cells[row][column], the
    decisions in the legend (weakest first) and what rows and columns mean."""

    title: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[Cell, ...], ...]
    decisions: tuple[str, ...]
    row_header: str
    column_header: str

    def cell(self, row: str, column: str) -> Cell:
        """The cell at the row and column with these labels."""
        return self.cells[self.rows.index(row)][self.columns.index(column)]


class Charted(Protocol):
    """Results that draw their strategy as a grid (:meth:`analyzer.engines.results.GameResults.decision_grid`)."""

    rules: Any

    def decision_grid(self) -> DecisionGrid: ...


def decision_grid(analysis: Charted) -> DecisionGrid:
    """The strategy grid of any game, as its results draw it."""
    return analysis.decision_grid()


def grid_hand(ranks: tuple[str, ...], row: int, column: int) -> str:
    """The two-card hand at a cell of the 13x13 grid whose rows and columns are ``ranks`` (highest first):
    the pair on the diagonal, suited above it, offsuit below.

    >>> ranks = tuple("AKQ")
    >>> grid_hand(ranks, 0, 1), grid_hand(ranks, 1, 0), grid_hand(ranks, 2, 2)
    ('AKs', 'AKo', 'QQ')
    """
    first, second = ranks[row], ranks[column]
    high, low = (first, second) if row <= column else (second, first)
    return high + low if row == column else high + low + ("s" if row < column else "o")


def preflop_grid(analysis: Any) -> DecisionGrid:
    """Hold'em's 13x13 pre-flop chart (from results with ``preflop_chart()`` and ``preflop_values()``); each
    cell notes its hand and the exact EV of its decision.

    The row is the first card and the column the second: AKs sits in row A,
    column K; AKo in row K, column A.
    """
    chart = analysis.preflop_chart()
    values = analysis.preflop_values().set_index("hand")
    ranks = tuple(str(rank) for rank in chart.iloc[:, 0])
    cells = []
    for row in range(len(ranks)):
        line = []
        for column in range(len(ranks)):
            hand = grid_hand(ranks, row, column)
            decision = str(chart.iloc[row, column + 1])
            ev = values.loc[hand, f"EV {decision}"]
            line.append(Cell(decision, ((decision, Fraction(1)),), hand, Fraction(ev)))
        cells.append(tuple(line))
    decisions = tuple(sorted({cell.decision for line in cells for cell in line}, key=multiple_of))
    return DecisionGrid(f"{analysis.rules.title}: pre-flop decision (EV per ante of the decision)", ranks, ranks,
                        tuple(cells), decisions, "first card (suited above the diagonal, offsuit below)",
                        "second card")


def best_hand_grid(analysis: Any) -> DecisionGrid:
    """The one-decision chart (from results with ``strategy_by_best_hand()`` and ``decisions``): runs of best
    hands (strongest first) by dealer up-card."""
    chart = analysis.strategy_by_best_hand()
    names = list(analysis.decisions.names)
    by_up_card = "dealer_up_card" in chart
    columns = list(dict.fromkeys(chart["dealer_up_card"])) if by_up_card else ["all hands"]
    chart = chart.assign(column=chart["dealer_up_card"] if by_up_card else columns[0])
    ranking = analysis.rules.ranking
    grid = _runs(chart, names, columns, lambda rank: ranking.describe(rank))
    if len(grid) > MAX_FINE_ROWS:
        grid = _runs(chart, names, columns, lambda rank: group_label(ranking, rank))
    title = f"{analysis.rules.title}: optimal decision by best hand"
    return DecisionGrid(title + (" and dealer up-card" if by_up_card else ""),
                        tuple(label for label, _ in grid), tuple(columns), tuple(cells for _, cells in grid),
                        tuple(names), "best hand (strongest first)", "dealer up-card" if by_up_card else "")


def group_label(ranking: HandRanking, rank: int) -> str:
    """A hand's group by its top rank: ``pair of nines``, ``K high``, ``flush A high``.

    >>> from analyzer.core.ranking import load_ranking
    >>> from analyzer.core.cards import parse_cards
    >>> four = load_ranking("four_card")
    >>> group_label(four, four.rank_of(parse_cards("Kc 8d 4h 2s"))), group_label(four, four.rank_of(parse_cards("9c 9d 4h 2s")))
    ('K high', 'pair of nines')
    """
    category = ranking.categories[int(rank) // ranking.span]
    label = ranking.describe(int(rank), 1)
    return label + " high" if category.shape[0] == 1 and not category.straight else label


def _runs(chart: pd.DataFrame, names: list[str], columns: list[str],
          label: Callable[[int], str]) -> list[tuple[str, tuple[Cell, ...]]]:
    """Rows of (label, cells): the chart's best hands grouped by ``label(rank)``, strongest first.

    Consecutive groups in which every hand of a column takes one decision, the
    same in both, are merged into "strongest ... weakest"; a column where one of
    them has no hands (four twos when the dealer shows a two) does not stop a merge.
    """
    groups = chart.assign(group=[label(int(rank)) for rank in chart["best_rank"]])
    counts = groups.groupby(["group", "column"], sort=False)[names].sum()
    order = dict.fromkeys(groups.sort_values("best_rank", ascending=False, kind="stable")["group"])
    rows: list[tuple[str, tuple[Cell, ...]]] = []
    for group in order:
        cells = tuple(share_cell(counts.loc[(group, column)].to_numpy(), names) if (group, column) in counts.index
                      else Cell("", ()) for column in columns)
        if rows and _mergeable(rows[-1][1], cells):
            first = rows[-1][0].split(" ... ")[0]
            rows[-1] = (f"{first} ... {group}", tuple(a if a.shares else b for a, b in zip(rows[-1][1], cells, strict=True)))
        else:
            rows.append((group, cells))
    return rows


def _mergeable(above: tuple[Cell, ...], below: tuple[Cell, ...]) -> bool:
    """Whether two rows take one decision per column (a column without hands agrees with any)."""
    return all(not a.mixed and not b.mixed and (a.decision == b.decision or not a.shares or not b.shares)
               for a, b in zip(above, below, strict=True))


def share_cell(counts: np.ndarray, names: list[str]) -> Cell:
    """The cell of hands taking each decision ``counts[i]`` times (decisions weakest first); an empty cell
    when no hand gets there.

    >>> share_cell(np.array([1, 3]), ["fold", "play 1x"]).text
    '1x 75% / fold 25%'
    """
    total = int(counts.sum())
    if total == 0:
        return Cell("", ())
    taken = [(names[index], Fraction(int(counts[index]), total)) for index in reversed(range(len(names)))
             if counts[index]]
    return Cell(max(taken, key=lambda pair: pair[1])[0], tuple(taken))
