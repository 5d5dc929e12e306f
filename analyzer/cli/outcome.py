"""The common end of ``analyze``, ``report`` and ``protect``: the extra inputs (a written strategy, a
progressive paytable) read before any work, then warnings, the posted rule, the simulation check,
the printed summary and the workbook.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.cli.common import OUTPUTS, Session, WriteError, reason, system_error_in, warn
from analyzer.engines.base import StrategyFigures, StrategyFile, Unsupported
from analyzer.engines.progressive import (
    Progressive,
    load_progressive,
    progressive_figures,
    progressive_table,
)
from analyzer.engines.results import GameResults, PostableRule
from analyzer.reports.lab_figures import LabSettings
from analyzer.reports.sanity import game_warnings, percent, table_warnings
from analyzer.reports.summary import as_text, exact, summary

if TYPE_CHECKING:
    import pandas as pd

    from analyzer.simulation import SimulationCheck


@dataclass(frozen=True)
class Extras:
    """The inputs besides the game, read and checked before any work."""

    written: StrategyFile | None
    progressive: Progressive | None

    @classmethod
    def of(cls, session: Session) -> Extras:
        args, rules = session.args, session.rules
        written = session.engine.load_strategy(rules, args.strategy) if args.strategy else None
        path = getattr(args, "progressive", None)  # protect has no --progressive
        progressive = load_progressive(path, rules) if path else None
        return cls(written, progressive)


def write_report(analysis: GameResults, output: Path, warnings: list[str], posted_rule: PostableRule | None,
                 progressive_results: dict[str, Any] | None = None, evaluated: StrategyFigures | None = None,
                 risk: pd.DataFrame | None = None, simulation: SimulationCheck | None = None,
                 lab: LabSettings = LabSettings()) -> dict[tuple[str, str], Fraction]:
    """Write the math report as ``analyzer report`` does, a PDF document for a ``.pdf`` file, else the
    workbook; returns the exact figure behind each formula cell of a workbook, by (sheet, cell) (see
    :class:`analyzer.reports.workbook.Report`; none for a PDF)."""
    posted = None if posted_rule is None else {
        "text": posted_rule.text, "cost": posted_rule.cost,
        "file": posted_rule.strategy_file(analysis.rules.name),
        "written": evaluated,
        "columns": ("when", "decision", "posted: this hand or better", "optimal: weakest hand so played",
                    "cost per ante"),
        "rows": [(*row[:-1], f"{percent(row[-1])} ({row[-1]})")
                 for row in posted_rule.table().itertuples(index=False)],
        "table": posted_rule.table()}
    if output.suffix.lower() == ".pdf":
        from analyzer.reports.pdf import write_pdf
        write_pdf(analysis, output, warnings, posted, lab, progressive_results, risk, simulation)
        return {}
    from analyzer.reports.workbook import write_workbook
    return write_workbook(analysis, output, warnings, posted, progressive_results, risk, simulation, lab)


def simulation_check(session: Session, analysis: GameResults, hands: int | None, seed: int,
                     report: bool = True) -> SimulationCheck:
    """The independent simulation of the strategy the analysis plays, against its exact figures
    (``hands``: None for the default of a report's check, or of ``simulate``)."""
    from analyzer.simulation import default_hands, simulate
    return simulate(analysis, hands or default_hands(session.rules, report=report), seed,
                    jobs=session.args.jobs, progress=not session.args.quiet)


def finish(session: Session, extras: Extras, analysis: GameResults, risk: pd.DataFrame | None,
           output: Path | None, print_summary: bool, simulation_hands: int | None = 0, seed: int = 1,
           lab: LabSettings = LabSettings()) -> int:
    """Warnings, posted rule, optional simulation check (``simulation_hands``: 0 none, None the default),
    the printed summary (text or JSON) and the report (workbook or PDF, with the lab figures at ``lab``)
    when ``output`` is given."""
    posted_rule = analysis.posted_rule()
    warnings = game_warnings(analysis)
    simulation = None
    if simulation_hands != 0:
        try:
            simulation = simulation_check(session, analysis, simulation_hands, seed)
            warnings += simulation.warnings()
        except Unsupported as why:
            if simulation_hands is not None:  # asked for by name: the one-line refusal
                raise
            print(f"report: no simulation check ({why})", file=sys.stderr)
    progressive_results = None
    if extras.progressive is not None:
        table = progressive_table(analysis, extras.progressive)
        progressive_results = {"figures": progressive_figures(analysis, extras.progressive), "table": table}
        warnings += table_warnings(f"Progressive '{extras.progressive.title}' at its reset value", table)
    warn(warnings)
    evaluated = session.engine.evaluate_strategy(analysis, extras.written, session.run()) \
        if extras.written else None
    if print_summary:
        figures = summary(analysis, warnings, posted_rule,
                          progressive_results["figures"] if progressive_results else None, evaluated)
        if risk is not None:
            figures["procedure_risk"] = risk.to_dict(orient="records")
        print(json.dumps(exact(figures), indent=2) if session.args.json else as_text(figures))
        if risk is not None and not session.args.json:
            print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))
    if output is None:
        return 0
    with writing(output):
        write_report(analysis, output, warnings, posted_rule, progressive_results, evaluated, risk, simulation,
                     lab)
    print(f"wrote {output} ({analysis.rules.title}, exhaustive, {analysis.seconds:.1f} s of enumeration)")
    if getattr(session.args, "charts", False):
        from analyzer.reports.charts import chart_paths, write_charts
        with writing(output, ", ".join(str(path) for path in chart_paths(output.with_suffix("")).values())):
            written = write_charts(analysis, output.with_suffix(""))
        for path in written:
            print(f"wrote {path}")
    return 0


@contextmanager
def writing(output: Path, what: str | None = None) -> Iterator[None]:
    """Write the report ``output`` (or the files ``what`` beside it), watched (:data:`OUTPUTS`): a refusal of
    the operating system (a full disk, a permission) becomes one line naming the file."""
    OUTPUTS.watch(output)
    try:
        yield
    except Exception as error:
        if (refusal := system_error_in(error)) is None:
            raise
        raise WriteError(f"cannot write {what or output}: {reason(refusal)}") from None


def print_exposure(title: str, figures: Mapping[str, Any], risk: pd.DataFrame, as_json: bool) -> None:
    """An exposure's exact figures (house edge, element of risk, average bet, action frequencies) and the
    procedure risk table, as text or one JSON object."""
    if as_json:
        print(json.dumps(exact({"title": title, **figures, "procedure_risk": risk.to_dict(orient="records")}),
                         indent=2))
        return
    print(title)
    for name in ("house_edge_per_ante", "element_of_risk"):
        print(f"  {name.replace('_', ' '):22} {percent(figures[name]):>12}  {figures[name]}")
    print(f"  {'average total bet':22} {float(figures['average_total_bet']):>12.6f}  {figures['average_total_bet']}")
    for name, share in figures.get("actions", {}).items():
        print(f"  {name:22} {percent(share):>12}")
    print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))


def player_advantage(title: str, edge: Fraction) -> None:
    """The loud stderr line of a player advantage."""
    print(f"WARNING: {title}: PLAYER ADVANTAGE of {percent(-edge)} per ante", file=sys.stderr)
