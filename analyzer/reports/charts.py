"""Pictures of an analysis (matplotlib, drawn off-screen with Agg): the strategy chart and the
distribution of the net result.

The strategy chart draws :func:`analyzer.engines.strategy_grid.decision_grid` (the same
grid as the report's colour-coded sheet): one coloured box per cell, coloured
by decision (grey fold or check, up to dark green 4x; a paler box where the
fifth card splits the hands). The net-result chart draws the return table:
one stem per distinct net result, its height the probability (log scale),
with the mean (minus the house edge per ante) marked.

:func:`write_charts` saves both beside a report, ``F-strategy.png`` and
``F-net-result.png`` for a report ``F.xlsx``, each through a temporary file
renamed into place.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

from analyzer.core.atomic import write_atomically
from analyzer.engines.results import GameResults
from analyzer.engines.strategy_grid import (
    DecisionGrid,
    decision_colour,
    decision_grid,
    short_decision,
)

#: Size of one cell of a strategy chart, in inches (width, height).
CELL = (1.05, 0.5)
DPI = 120


def strategy_chart(analysis: GameResults) -> Figure:
    """The game's strategy grid as a figure (see :func:`draw_grid`)."""
    return draw_grid(decision_grid(analysis))


def draw_grid(grid: DecisionGrid) -> Figure:
    """One box per cell, coloured by its decision, holding its hand and EV (Hold'em)
    or its text (the decision, or the shares of a split cell, one per line); a legend of decisions."""
    width, height = CELL
    figure = Figure(figsize=(2.5 + width * len(grid.columns), 1.6 + height * len(grid.rows)))
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    for row, cells in enumerate(grid.cells):
        for column, cell in enumerate(cells):
            axes.add_patch(Rectangle((column, row), 1, 1, facecolor=f"#{cell.colour}", edgecolor="white"))
            text = f"{cell.hand}\n{float(cell.ev):+.2f}" if cell.hand and cell.ev is not None \
                else cell.text.replace(" / ", "\n")  # a cell of one hand has its EV
            dark = cell.shares and not cell.mixed and decision_colour(cell.decision) == decision_colour("4x")
            axes.text(column + 0.5, row + 0.5, text, ha="center", va="center", fontsize=7,
                      color="white" if dark else "black")
    axes.set_xlim(0, len(grid.columns))
    axes.set_ylim(len(grid.rows), 0)
    axes.set_xticks([index + 0.5 for index in range(len(grid.columns))], grid.columns)
    axes.set_yticks([index + 0.5 for index in range(len(grid.rows))], grid.rows, fontsize=8)
    axes.xaxis.tick_top()
    axes.xaxis.set_label_position("top")
    axes.set_xlabel(grid.column_header)
    axes.set_ylabel(grid.row_header)
    axes.tick_params(length=0)
    for side in axes.spines.values():
        side.set_visible(False)
    axes.legend(handles=[Patch(facecolor=f"#{decision_colour(name)}", label=short_decision(name))
                         for name in grid.decisions],
                loc="upper center", bbox_to_anchor=(0.5, -0.01), ncol=len(grid.decisions), frameon=False)
    figure.suptitle(grid.title, fontsize=11)
    return figure


def net_result_chart(analysis: GameResults) -> Figure:
    """The distribution of the main game's net result per ante: probability of each distinct
    result (log scale) as a stem, green for a win, red for a loss, grey for a push; the mean marked."""
    table = analysis.return_table()
    nets = [float(net) for net in table["net"]]
    probabilities = [float(p) for p in table["probability"]]
    mean = -analysis.main_figures()["house_edge_per_ante"]
    figure = Figure(figsize=(9, 4.5))
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    colours = ["#548235" if net > 0 else "#C00000" if net < 0 else "#808080" for net in nets]
    floor = min(probabilities) / 4
    axes.vlines(nets, floor, probabilities, colors=colours, linewidth=2)
    axes.scatter(nets, probabilities, c=colours, s=14, zorder=3)
    axes.set_yscale("log")
    axes.set_ylim(bottom=floor)
    axes.set_xscale("symlog", linthresh=10)  # linear from -10 to 10, where most results are
    axes.axvline(float(mean), color="black", linestyle="--", linewidth=1,
                 label=f"mean {float(mean):+.6f} (house edge {float(-mean):.6%} per ante)")
    axes.set_xlabel("net result (units of the ante; logarithmic beyond ±10)")
    axes.set_ylabel("probability (log scale)")
    axes.legend(loc="upper right", fontsize=8)
    axes.grid(axis="y", alpha=0.3)
    figure.suptitle(f"{analysis.rules.title}: net result per ante, optimal strategy "
                    f"({len(nets)} distinct results)", fontsize=11)
    return figure


def chart_paths(stem: Path) -> dict[str, Path]:
    """Where the charts of a report go: ``reports/crazy4`` -> ``reports/crazy4-strategy.png``, ...

    >>> [str(path) for path in chart_paths(Path("reports/crazy4")).values()]
    ['reports/crazy4-strategy.png', 'reports/crazy4-net-result.png']
    """
    return {"strategy": stem.with_name(f"{stem.name}-strategy.png"),
            "net result": stem.with_name(f"{stem.name}-net-result.png")}


def write_charts(analysis: GameResults, stem: Path) -> list[Path]:
    """Draw the strategy and net-result charts and save them as PNG files (each atomically)
    beside ``stem`` (see :func:`chart_paths`); returns the paths written."""
    paths = chart_paths(Path(stem))
    for name, draw in (("strategy", strategy_chart), ("net result", net_result_chart)):
        write_atomically(paths[name], partial(draw(analysis).savefig, format="png", dpi=DPI, bbox_inches="tight"))
    return list(paths.values())
