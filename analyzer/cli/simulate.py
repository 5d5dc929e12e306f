"""``analyzer simulate GAME``: the exact figures checked against an independent simulation.

Exit code 1 when a wager's |z| exceeds the limit.
"""

from __future__ import annotations

import argparse
import json

from analyzer.cli.common import Session, game_command, positive_count, warn
from analyzer.cli.outcome import simulation_check
from analyzer.core.distributed import execution_backend
from analyzer.simulation.check import DEFAULT_HANDS


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "simulate", "check the exact figures against an independent simulation: "
                           "shuffled decks, the strategy applied, every wager settled from the rules data by the simulator's own "
                           "evaluator; each "
                           "wager's mean return, standard error and z-score", strategy=False, progressive=False)
    command.add_argument("--hands", type=positive_count("--hands", 2), default=None, metavar="N",
                         help=f"hands to deal (default: {DEFAULT_HANDS[False]:,}; {DEFAULT_HANDS[True]:,} for games "
                              "with community cards)")
    command.add_argument("--seed", type=positive_count("--seed", 0), default=1,
                         help="seed of the shuffles (default 1): the same seed and hands, the same result")
    command.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    with execution_backend(args.backend, args.scheduler):
        analysis = session.analysis()
    check = simulation_check(session, analysis, args.hands, args.seed, report=False)
    print(json.dumps(check.as_dict(), indent=2) if args.json else check.as_text())
    warn(check.warnings())
    return 0 if check.passed else 1
