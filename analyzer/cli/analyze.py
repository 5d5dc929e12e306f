"""``analyzer analyze GAME``: the exact analysis of a game, printed as text or one JSON object."""

from __future__ import annotations

import argparse

from analyzer.cli.common import Session, game_command
from analyzer.cli.outcome import Extras, finish
from analyzer.core.distributed import execution_backend


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "analyze", "print the exact analysis of a game")
    command.add_argument("--json", action="store_true", help="print one JSON object; exact figures are \"p/q\" strings")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    extras = Extras.of(session)
    with execution_backend(args.backend, args.scheduler):
        analysis = session.analysis()
    return finish(session, extras, analysis, None, None, print_summary=True)
