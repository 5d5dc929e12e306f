"""``analyzer compare GAME --paytable FILE ...``: paytable variants side by side, the optimal strategy
recomputed for each."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from analyzer.cli.common import Session, checked_output, game_command
from analyzer.cli.outcome import writing
from analyzer.pipeline import rules_and_engine
from analyzer.reports.compare import as_display, compare_paytables
from analyzer.reports.summary import exact


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "compare", "compare paytable variants: each --paytable file against the "
                           "shipped paytables, the optimal strategy recomputed for each", cache=False,
                           backend=False, strategy=False, progressive=False)
    command.add_argument("--json", action="store_true", help="print one JSON list instead of a table")
    command.add_argument("-o", "--output", type=Path, default=None, help="also write an .xlsx table")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    for path in args.paytable:  # each file must stand on its own: it is one variant
        rules_and_engine(args.game, session.options, (path,))
    output = checked_output(args.output) if args.output else None
    frame = compare_paytables(args.game, args.paytable, session.options, jobs=args.jobs, progress=not args.quiet)
    if args.json:
        print(json.dumps(exact(frame.to_dict(orient="records")), indent=2))
    else:
        print(as_display(frame).to_string(index=False))
    if output:
        from analyzer.reports.workbook import write_table_workbook
        with writing(output):
            write_table_workbook(as_display(frame), f"{session.rules.title}: paytable variants", output)
        print(f"wrote {output}")
    return 0
