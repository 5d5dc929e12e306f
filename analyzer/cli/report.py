"""``analyzer report GAME``: the math report as an Excel workbook, with its simulation check and the
procedure risk table (when any leak of the game is analysed, cached or committed)."""

from __future__ import annotations

import argparse
from pathlib import Path

from analyzer.cli.common import (
    DEFAULT_REPORTS,
    Session,
    checked_output,
    game_command,
    positive_count,
)
from analyzer.cli.outcome import Extras, finish
from analyzer.core.distributed import execution_backend
from analyzer.protection.procedure_risk import NOT_COMPUTED, procedure_risk


def simulation_hands(text: str) -> int:
    """``--simulation-hands``: 0 (no simulation check) or at least 2."""
    hands = positive_count("--simulation-hands", 0)(text)
    if hands == 1:
        raise argparse.ArgumentTypeError("--simulation-hands must be 0 (no simulation check) or at least 2")
    return hands


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "report", "write a game's math report as an Excel workbook")
    command.add_argument("-o", "--output", type=Path, default=None,
                         help="the workbook to write (default: reports/GAME.xlsx)")
    command.add_argument("--charts", action="store_true",
                         help="also write the strategy and net-result charts as PNG files beside it")
    command.add_argument("--simulation-hands", type=simulation_hands, default=None, metavar="N",
                         help="hands of the report's Simulation check sheet (default: a few seconds' "
                              "worth for the game; 0: no simulation check)")
    command.add_argument("--seed", type=positive_count("--seed", 0), default=1,
                         help="seed of the simulation check's shuffles (default 1)")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    extras = Extras.of(session)
    if args.output is None:
        args.output = DEFAULT_REPORTS / f"{session.rules.name}.xlsx"
        DEFAULT_REPORTS.mkdir(exist_ok=True)
    output = checked_output(args.output)
    with execution_backend(args.backend, args.scheduler):
        analysis = session.analysis()
        risk = procedure_risk(session.rules, session.run(), {0: analysis.main_figures()["house_edge_per_ante"]})
    if (risk["house edge per ante"].iloc[1:] == NOT_COMPUTED).all():
        risk = None  # no leak analysed, cached or committed: the report has no Procedure risk sheet
    return finish(session, extras, analysis, risk, output, print_summary=False,
                  simulation_hands=args.simulation_hands, seed=args.seed)
