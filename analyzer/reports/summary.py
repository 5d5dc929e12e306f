"""The summary of an analysis as a JSON-ready dict (exact figures as "p/q" strings) and as text.

The JSON shape is shared by every game so users can script around it:
``game``, ``title``, ``cycle``, ``main`` (house edges, element of risk,
average total bet, standard deviation, hit frequency, ``actions``,
``wagers``), ``side_bets`` (wager -> paytable -> figures), ``strategy``,
``options``, ``warnings``, ``version``, ``input_hash``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, NotRequired, TypedDict

import analyzer
from analyzer.engines.base import StrategyFigures, StrategyFiguresDict
from analyzer.engines.progressive import ProgressiveFigures
from analyzer.engines.results import GameResults, MainFigures, PostableRule, SideBetSummary
from analyzer.reports.sanity import percent

PERCENT_FIGURES = ("house_edge_per_ante", "house_edge_per_initial_wager", "element_of_risk", "hit_frequency",
                   "return_to_player", "award_frequency")
#: Figures some games add, with their labels (a draw game: its return to player, and how often any award is
#: paid, a push included: the "hit frequency" video poker quotes).
#: The main-game figures :func:`as_text` shows first, in order.
FIRST_FIGURES: tuple[Literal["house_edge_per_ante", "house_edge_per_initial_wager", "element_of_risk",
                             "average_total_bet", "standard_deviation", "hit_frequency"], ...] = (
    "house_edge_per_ante", "house_edge_per_initial_wager", "element_of_risk", "average_total_bet",
    "standard_deviation", "hit_frequency")
OPTIONAL_FIGURES: dict[Literal["return_to_player", "award_frequency"], str] = {
                    "return_to_player": "return to player (the stake included)",
                    "award_frequency": "award frequency (any line paid, a push included)"}


class MainSummary(MainFigures):
    """The main game's figures in the summary: :class:`MainFigures` without the variance, with the return of
    each wager per ante."""

    wagers: dict[str, Fraction]


class PostedSummary(TypedDict):
    """The posted rule in the summary, with its cost per ante against the optimal strategy."""

    posted_rule: str
    posted_rule_cost_per_ante: Fraction


class Summary(TypedDict):
    """The summary of an analysis (see the module); ``procedure_risk``: the risk table's rows, when the command
    computed it."""

    game: str
    title: str
    cycle: Fraction
    main: MainSummary
    side_bets: dict[str, dict[str, SideBetSummary]]
    strategy: PostedSummary | None
    options: dict[str, str]
    warnings: list[str]
    progressive: ProgressiveFigures | None
    written_strategy: StrategyFiguresDict | None
    not_analysed: dict[str, str]
    version: str
    input_hash: str
    procedure_risk: NotRequired[list[dict[str, object]]]


def exact(value: object) -> object:
    """Fractions as "p/q" strings (integers as "n"), dicts and lists recursively, others unchanged."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {key: exact(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [exact(item) for item in value]
    return value


def summary(analysis: GameResults, warnings: list[str], posted_rule: PostableRule | None,
            progressive: ProgressiveFigures | None = None,
            written_strategy: StrategyFigures | None = None) -> Summary:
    """Everything the CLI prints, with exact values as Fractions.

    ``progressive``: the figures of a user-supplied progressive paytable;
    ``written_strategy``: the evaluation of a user's strategy file (if any).
    """
    main: MainSummary = {**analysis.main_figures(), "wagers": analysis.wager_returns()}
    del main["variance"]
    return {
        "game": analysis.rules.name,
        "title": analysis.rules.title,
        "cycle": Fraction(analysis.cycle),
        "main": main,
        "side_bets": analysis.side_bet_figures(),
        "strategy": None if posted_rule is None else {
            "posted_rule": posted_rule.text, "posted_rule_cost_per_ante": posted_rule.cost},
        "options": {option.name: option.chosen for option in analysis.rules.options},
        "warnings": warnings,
        "progressive": progressive,
        "written_strategy": None if written_strategy is None else written_strategy.as_dict(),
        "not_analysed": analysis.rules.unanalysed({"progressive"} if progressive else set()),
        "version": analyzer.__version__,
        "input_hash": analysis.rules.input_hash,
    }


def as_text(figures: Summary) -> str:
    """A readable summary table: percentages to 6 decimals beside the exact fractions."""
    lines = [f"{figures['title']} ({figures['game']}): exact analysis of all {int(figures['cycle']):,} deals", ""]
    rows = []
    main = figures["main"]
    for name in (*FIRST_FIGURES, *(name for name in OPTIONAL_FIGURES if name in main)):
        value = main[name]  # the standard deviation is decimal text, every other figure a Fraction
        shown = percent(value) if name in PERCENT_FIGURES and isinstance(value, Fraction) else f"{float(value):.6f}"
        rows.append((name.replace("_", " "), shown, str(value) if isinstance(value, Fraction) else ""))
    for action, frequency in main["actions"].items():
        rows.append((f"P({action})", percent(frequency), str(frequency)))
    for point, choices in main.get("decision_points", {}).items():
        for choice, share in choices.items():
            rows.append((f"{point}: {choice} (share of all deals)", percent(share), str(share)))
    for wager, value in main["wagers"].items():
        rows.append((f"return of {wager} per ante", percent(value), str(value)))
    for wager, award in main["top_awards"].items():
        odds = award["one_in"]
        rows.append((f"top award: {wager} {award['top_award']}", "never" if odds is None else f"1 in {float(odds):,.1f}",
                     str(odds)))
    lines += _columns(("main game", "value", "exact"), rows)
    side_rows = []
    for bet, tables in figures["side_bets"].items():
        for paytable, entry in tables.items():
            odds = entry["top_award_one_in"]
            side_rows.append((f"{bet} {paytable}{' (default)' if entry['default'] else ''}",
                              percent(entry["house_edge"]), str(entry["house_edge"]),
                              f"1 in {float(odds):,.1f}" if odds else "never"))
    if side_rows:
        lines += ["", *_columns(("side bet", "house edge", "exact", "top award"), side_rows)]
    if figures["strategy"]:
        strategy = figures["strategy"]
        groups = strategy["posted_rule"].split(" | ")
        lines += ["", f"posted strategy: {groups[0]}" if len(groups) == 1 else "posted strategy:",
                  *(f"  {group}" for group in groups if len(groups) > 1),
                  f"cost against optimal: {percent(strategy['posted_rule_cost_per_ante'])} per ante "
                  f"({strategy['posted_rule_cost_per_ante']})"]
    if figures["written_strategy"]:
        written = figures["written_strategy"]
        lines += ["", f"strategy '{written['title']}': house edge per ante {percent(written['house_edge_per_ante'])} "
                  f"({written['house_edge_per_ante']}); cost against optimal {percent(written['cost_per_ante'])} "
                  f"({written['cost_per_ante']})"]
    if figures["progressive"]:
        progressive = figures["progressive"]
        meter = progressive["break_even_meter"]
        lines += ["", f"progressive '{progressive['title']}': house edge at reset {percent(progressive['house_edge_at_reset'])}"
                  f" ({progressive['house_edge_at_reset']}); break-even meter "
                  f"{'none (no meter award)' if meter is None else f'{float(meter):,.2f} ({meter})'}; "
                  f"long-run return with contribution {percent(progressive['long_run_return'])}"]
    lines += [f"{wager}: {reason}" for wager, reason in figures["not_analysed"].items()]
    lines += ["", "warnings:" if figures["warnings"] else "warnings: none"]
    lines += [f"  ! {warning}" for warning in figures["warnings"]]
    return "\n".join(lines)


def _columns(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    format_row = lambda row: "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()  # noqa: E731
    return [format_row(header), format_row(tuple("-" * w for w in widths)), *map(format_row, rows)]
