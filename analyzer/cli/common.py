"""What every command of the ``analyzer`` command line shares: the argument types, the options of a
game command, the checks of an output file, and :class:`Session` (the game, its engine and the run
settings of one command).

>>> count = positive_count("--hands", 2)
>>> count("1_000_000"), count("1,000")
(1000000, 1000)
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.engines.base import Engine, Run
from analyzer.games.rules import GameRules, game_names
from analyzer.pipeline import analyze, rules_and_engine

if TYPE_CHECKING:
    from analyzer.engines.results import GameResults

DEFAULT_REPORTS = Path("reports")


class UsageError(Exception):
    """Bad input: reported on one line with exit code 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def rule_option(text: str) -> tuple[str, str]:
    """``NAME=CHOICE`` of ``--option``."""
    name, separator, choice = text.partition("=")
    if not separator or not name or not choice:
        raise argparse.ArgumentTypeError(f"rule option {text!r} must be NAME=CHOICE")
    return name.strip(), choice.strip()


def edge(text: str) -> Fraction:
    """A house edge: ``0.035`` or ``3.5%``, exact."""
    try:
        value = Fraction(text.strip().removesuffix("%"))
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"--target-edge takes a number such as 0.035 or 3.5%, not {text!r}") from None
    return value / 100 if text.strip().endswith("%") else value


def positive_count(flag: str, smallest: int):
    """An argparse type: a whole number (``1_000_000`` and ``1,000,000`` work too) of at least ``smallest``."""
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} takes a whole number, not {text!r}") from None
        if value < smallest:
            raise argparse.ArgumentTypeError(f"{flag} must be at least {smallest}")
        return value
    return parse


def positive_amount(flag: str):
    """An argparse type: a positive exact number (``100``, ``2.5``, ``5/2``).

    >>> positive_amount("--payout-cap")("2.5")
    Fraction(5, 2)
    """
    def parse(text: str) -> Fraction:
        try:
            value = Fraction(text.replace("_", "").replace(",", ""))
        except (ValueError, ZeroDivisionError):
            raise argparse.ArgumentTypeError(f"{flag} takes a number such as 100 or 2.5, not {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{flag} must be positive")
        return value
    return parse


def game_command(commands: argparse._SubParsersAction, name: str, help_text: str, *, cache: bool = True,
                 backend: bool = True, strategy: bool = True, progressive: bool = True) -> Parser:
    """A subcommand on one game, with the options every game command takes (the game, ``--jobs``,
    ``--option``, ``--quiet``, ``--paytable``) and those it uses of the others: ``--no-cache``
    (``cache``), ``--backend`` and ``--scheduler`` (``backend``), ``--strategy``, ``--progressive``."""
    command = commands.add_parser(name, help=help_text, description=help_text)
    command.add_argument("game", help=f"the game: one of {', '.join(game_names())}, or a rules file (.toml)")
    command.add_argument("--jobs", type=positive_count("--jobs", 1), default=os.cpu_count() or 1,
                         help="parallel workers for the enumeration (default: all cores)")
    command.add_argument("--option", type=rule_option, action="append", default=[], metavar="NAME=CHOICE",
                         help="choose the reading of an ambiguous rule (see the report's Rules sheet)")
    command.add_argument("--quiet", action="store_true", help="no progress bars")
    if cache:
        command.add_argument("--no-cache", action="store_true",
                             help="enumerate afresh instead of reusing a cached (or committed) enumeration")
    if backend:
        command.add_argument("--backend", choices=("local", "dask"), default="local",
                             help="where the enumeration's chunks run (default: this machine)")
        command.add_argument("--scheduler", metavar="ADDRESS",
                             help="with --backend dask: the Dask scheduler, e.g. tcp://10.0.0.5:8786")
    command.add_argument("--paytable", type=Path, action="append", default=[], metavar="FILE",
                         help="add or replace paytables from a TOML file (see docs/); repeatable")
    if strategy:
        command.add_argument("--strategy", type=Path, metavar="FILE",
                             help="also evaluate a strategy written as rules (see docs/) against the optimal one")
    if progressive:
        command.add_argument("--progressive", type=Path, metavar="FILE",
                             help="analyse a progressive wager from this paytable file (TOML; see docs/)")
    return command


def checked_output(path: Path, suffixes: tuple[str, ...] = (".xlsx",)) -> Path:
    """An output file that can be written: one of ``suffixes``, an existing and writable folder (checked
    before any work, so bad input costs nothing)."""
    if path.suffix.lower() not in suffixes:
        raise UsageError(f"report file {str(path)!r} must end in {' or '.join(suffixes)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"folder {str(folder)!r} for the report does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"folder {str(folder)!r} for the report is not writable")
    return path


def notify(message: str) -> None:
    """A one-line notice on stderr."""
    print(message, file=sys.stderr)


def warn(warnings: list[str]) -> None:
    """Every warning on its own stderr line."""
    for warning in warnings:
        print(f"WARNING: {warning}", file=sys.stderr)


@dataclass(frozen=True)
class Session:
    """One game command: its arguments, the game's rules (options and paytable files applied), the engine
    that serves them and the run settings."""

    args: argparse.Namespace
    rules: GameRules
    engine: Engine

    @classmethod
    def of(cls, args: argparse.Namespace) -> Session:
        """Read the game (bad input fails here, before any work)."""
        rules, engine = rules_and_engine(args.game, dict(args.option), tuple(args.paytable))
        return cls(args, rules, engine)

    @property
    def options(self) -> dict[str, str]:
        return dict(self.args.option)

    def run(self, cache: bool | None = None) -> Run:
        """Workers, progress bars and cache use of this command (``cache``: override ``--no-cache``)."""
        cached = not getattr(self.args, "no_cache", False) if cache is None else cache
        return Run(self.args.jobs, not self.args.quiet, cached, notify)

    def analysis(self, exposed: int = 0, cache: bool | None = None) -> GameResults:
        """The game's exact analysis (``exposed``: dealer cards seen)."""
        run = self.run(cache)
        return analyze(self.args.game, self.options, jobs=run.jobs, progress=run.progress,
                       paytable_files=tuple(self.args.paytable), cache=run.cache, notify=notify, exposed=exposed)
