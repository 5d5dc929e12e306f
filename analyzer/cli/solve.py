"""``analyzer solve GAME --wager W --line L --target-edge E``: the exact pay of one paytable line for a
target house edge, and the nearby pays a casino would post."""

from __future__ import annotations

import argparse
import dataclasses
import json

from analyzer.cli.common import Session, edge, game_command
from analyzer.games.rules import SideBet, Wager, default_table
from analyzer.reports.sanity import percent
from analyzer.reports.summary import exact


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "solve", "the exact pay of one paytable line that gives a wager a target "
                           "house edge, and the nearby pays a casino would post", backend=False, strategy=False,
                           progressive=False)
    command.add_argument("--wager", required=True, help="the wager or side bet, e.g. queens_up")
    command.add_argument("--line", required=True, help="the line's label or hand, e.g. 'Three of a kind'")
    command.add_argument("--target-edge", required=True, type=edge, metavar="EDGE",
                         help="the house edge wanted, e.g. 0.035 or 3.5%%")
    command.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    solution = session.engine.solve(session.rules, args.wager, args.line, args.target_edge, session.run())
    entries: list[Wager | SideBet] = [*session.rules.wagers, *session.rules.side_bets]
    entry = next(e for e in entries if e.name == solution.wager)
    table = default_table(entry)
    unit = "for 1" if table.for_one else "to 1"  # the pays as the rules file quotes them
    if args.json:
        print(json.dumps(exact({**dataclasses.asdict(solution), "quoted": unit,
                                "pays_quoted": table.quoted(solution.pays)}), indent=2))
        return 0
    quoted = table.quoted(solution.pays)
    print(f"{session.rules.name} {solution.wager}, line '{solution.line}': pays {quoted} {unit} "
          f"(= {float(quoted):.6f}) for a house edge of exactly {percent(solution.target)}")
    if solution.strategy_dependent:
        print(f"  the optimal strategy changes with this pay; solved exactly in {solution.rounds} rounds")
    if solution.note:
        print(f"  {solution.note}")
    print("  pays a casino could post:")
    for pays, value in solution.nearby:
        print(f"    {float(table.quoted(pays)):g} {unit}: house edge {percent(value)} ({value})")
    return 0
