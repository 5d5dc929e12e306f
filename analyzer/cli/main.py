"""The ``analyzer`` command: list games, print a game's exact analysis, write its math report, simulate,
compare paytables, solve a pay, analyse procedure leaks. One module per command
(:mod:`analyzer.cli.analyze`, ``report``, ``simulate``, ``compare``, ``solve``, ``protect``, ``games``);
this one parses the command line and dispatches.

Exit codes: 0 on success; 2 with a one-line message on bad input (unknown
game, bad option, unwritable output, a capability the game's engine does not
serve), before any file is written; 1 when ``simulate`` finds a wager outside
the z-score limit; 130 when interrupted (no half-written file is left behind); 141 (as a process killed
by SIGPIPE) when the reader of the output closes it early (``analyzer analyze crazy4 | head -1``): quietly,
with no traceback.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

from analyzer import __version__
from analyzer.cli.common import Parser, UsageError
from analyzer.core.distributed import BackendError
from analyzer.games.rules import RulesError
from analyzer.simulation.hands import SimulationError

#: The commands, in the order ``--help`` lists them: each is the module analyzer.cli.<name>.
COMMANDS = ("games", "analyze", "compare", "solve", "protect", "report", "simulate")
#: The exit code of a command whose output pipe was closed: 128 + SIGPIPE, as the shell reports a killed writer.
CLOSED_PIPE = 141


def build_parser() -> Parser:
    parser = Parser(prog="analyzer", description="Exact combinatorial analysis of casino poker games: "
                    "optimal strategy, house edge, element of risk, regulator-ready Excel reports.")
    parser.add_argument("--version", action="version", version=f"analyzer {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in COMMANDS:
        import_module(f"analyzer.cli.{name}").add_parser(commands)
    return parser


def run(arguments: list[str]) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(arguments)
    return import_module(f"analyzer.cli.{args.command}").run(args)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``analyzer`` console command."""
    try:
        code = run(sys.argv[1:] if argv is None else argv)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
        code = CLOSED_PIPE
    except (UsageError, RulesError, BackendError, SimulationError) as error:
        print(f"analyzer: error: {error}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        print("analyzer: interrupted; nothing was written", file=sys.stderr)
        code = 130
    sys.exit(code)


if __name__ == "__main__":
    main()
