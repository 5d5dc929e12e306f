"""``analyzer report GAME``: the math report as an Excel workbook or a PDF document (by the suffix of
``-o``), with its simulation check, the procedure risk table (when any leak of the game is analysed,
cached or committed) and the lab figures at the settings given here (:class:`LabSettings`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from analyzer.cli.common import (
    Session,
    checked_output,
    default_report,
    game_command,
    positive_amount,
    positive_count,
    replaceable,
)
from analyzer.cli.outcome import Extras, finish
from analyzer.core.distributed import execution_backend
from analyzer.protection.procedure_risk import NOT_COMPUTED, procedure_risk
from analyzer.reports.lab_figures import LabSettings
from analyzer.simulation.check import REPORT_HANDS

#: The report formats, by the suffix of the output file.
SUFFIXES = (".xlsx", ".pdf")


def simulation_hands(text: str) -> int:
    """``--simulation-hands``: 0 (no simulation check) or at least 2."""
    hands = positive_count("--simulation-hands", 0)(text)
    if hands == 1:
        raise argparse.ArgumentTypeError("--simulation-hands must be 0 (no simulation check) or at least 2")
    return hands


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "report", "write a game's math report: an Excel workbook (-o FILE.xlsx) or a "
                           "PDF document (-o FILE.pdf)")
    command.add_argument("-o", "--output", type=Path, default=None,
                         help="the report to write, .xlsx or .pdf (default: reports/GAME.xlsx)")
    command.add_argument("--charts", action="store_true",
                         help="also write the strategy and net-result charts as PNG files beside it")
    command.add_argument("--simulation-hands", type=simulation_hands, default=None, metavar="N",
                         help=f"hands of the report's simulation check (default: {REPORT_HANDS[False]:,}; "
                              f"{REPORT_HANDS[True]:,} for games with community cards; 0: no simulation check)")
    command.add_argument("--seed", type=positive_count("--seed", 0), default=1,
                         help="seed of the simulation check's shuffles (default 1)")
    lab = command.add_argument_group("lab and operator figures")
    defaults = LabSettings()
    lab.add_argument("--payout-cap", type=positive_amount("--payout-cap"), default=None, metavar="ANTES",
                     help="an aggregate payout limit per round, in units of the Ante, applied to the main game's "
                          "net result (exact capped house edge; side bets outside it, see docs/reports.md) "
                          "(default: no limit)")
    lab.add_argument("--hands-per-hour", type=positive_count("--hands-per-hour", 1),
                     default=defaults.hands_per_hour, metavar="N",
                     help=f"pace of the theoretical win per hour (default {defaults.hands_per_hour})")
    lab.add_argument("--ante-value", type=positive_amount("--ante-value"), default=defaults.ante, metavar="AMOUNT",
                     help="money value of one Ante for the win per hour and the hold band; the average bet is this "
                          "times the average total bet (default 1: figures in units of the Ante)")
    lab.add_argument("--side-bet-stake", type=positive_amount("--side-bet-stake"), default=defaults.side_bet_stake,
                     metavar="ANTES", help="each side bet's stake in units of the Ante, for the maximum payout and "
                                           "the win per hour (default 1)")
    lab.add_argument("--hold-hands", type=positive_count("--hold-hands", 1), nargs="+",
                     default=list(defaults.hold_hands), metavar="N",
                     help="the N of the 95%% band of the hold after N hands (default: "
                          f"{' '.join(str(n) for n in defaults.hold_hands)})")


def lab_settings(args: argparse.Namespace) -> LabSettings:
    """The lab figures' settings of a ``report`` command line."""
    return LabSettings(hands_per_hour=args.hands_per_hour, ante=args.ante_value, side_bet_stake=args.side_bet_stake,
                       hold_hands=tuple(args.hold_hands), payout_cap=args.payout_cap)


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    extras = Extras.of(session)
    if args.output is None:
        args.output = default_report(session.rules, args.game)
    output = checked_output(args.output, SUFFIXES)
    if args.charts:
        from analyzer.reports.charts import chart_paths
        for path in chart_paths(output.with_suffix("")).values():
            replaceable(path)
    with execution_backend(args.backend, args.scheduler):
        analysis = session.analysis()
        risk = procedure_risk(session.rules, session.run(), {0: analysis.main_figures()["house_edge_per_ante"]})
    if (risk["house edge per ante"].iloc[1:] == NOT_COMPUTED).all():
        risk = None  # no leak analysed, cached or committed: the report has no Procedure risk sheet
    return finish(session, extras, analysis, risk, output, print_summary=False,
                  simulation_hands=args.simulation_hands, seed=args.seed, lab=lab_settings(args))
