"""What every command of the ``analyzer`` command line shares: the argument types, the options of a
game command, the checks of an output file, the files written so far (:data:`OUTPUTS`, so an interrupted
or failed command says which), and :class:`Session` (the game, its engine and the run settings of one
command: the game read, ``--jobs`` and its size checked against this machine, before any work).

>>> count = positive_count("--hands", 2)
>>> count("1_000_000"), count("1,000")
(1000000, 1000)
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.core.distributed import check_jobs, cores
from analyzer.engines.base import Engine, Run
from analyzer.games.rules import GameRules, game_names
from analyzer.pipeline import analyze, check_size, rules_and_engine

if TYPE_CHECKING:
    from analyzer.engines.results import GameResults

DEFAULT_REPORTS = Path("reports")


class UsageError(Exception):
    """Bad input: reported on one line with exit code 2."""


class WriteError(Exception):
    """A file the operating system would not let the command write (a full disk, a permission): one line
    naming the file, with the environment's exit code."""


def reason(error: OSError) -> str:
    """What the operating system said, without the errno prefix: ``No space left on device``."""
    return error.strerror or str(error) or type(error).__name__


def system_error_in(error: BaseException) -> OSError | None:
    """The operating system's refusal behind ``error``: itself, or one a library wrapped in its own error
    (xlsxwriter's ``FileCreateError(OSError)``), else None."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, OSError):
            return cause
        seen.add(id(cause))
        wrapped = next((arg for arg in getattr(cause, "args", ()) if isinstance(arg, OSError)), None)
        cause = wrapped or cause.__cause__ or cause.__context__
    return None


@dataclass
class Outputs:
    """The files of the reports a command writes, watched: each report with the files beside it
    (``NAME.xlsx``, ``NAME-*.png``, ``NAME-*.csv.gz``), as they were before the command wrote any, so
    :meth:`written` can say which it has replaced or made so far, whatever stopped it."""

    before: dict[Path, tuple[int, int, int] | None] = field(default_factory=dict)
    watched: list[Path] = field(default_factory=list)

    def watch(self, report: Path) -> None:
        """Note the report's files as they are now (before the command writes them)."""
        report = Path(report)
        self.watched.append(report)
        for path in self._family(report):
            self.before.setdefault(path, _identity(path))

    def written(self) -> list[Path]:
        """The watched files the command has replaced or made so far: each report, then the files beside it."""
        found = dict.fromkeys(path for report in self.watched
                              for path in [report, *sorted(set(self._family(report)[1:]))])
        return [path for path in found if _identity(path) is not None and _identity(path) != self.before.get(path)]

    def summary(self) -> str:
        """``nothing was written``, or which files were."""
        written = self.written()
        if not written:
            return "nothing was written"
        return "written before it stopped: " + ", ".join(str(path) for path in written)

    def clear(self) -> None:
        self.before.clear()
        self.watched.clear()

    @staticmethod
    def _family(report: Path) -> list[Path]:
        folder = report.parent if str(report.parent) else Path(".")
        try:
            names = [entry.name for entry in os.scandir(folder)]
        except OSError:
            return [report]
        stem = report.stem
        return [report] + [folder / name for name in names
                           if name.startswith(f"{stem}-") and not name.startswith(".") and name != report.name]


def _identity(path: Path) -> tuple[int, int, int] | None:
    """A file's inode, size and modification time (an atomic write makes a new inode), None if absent."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


#: The files this command has written (see :class:`Outputs`): the entry point reads it when a command stops.
OUTPUTS = Outputs()


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
    command.add_argument("--jobs", type=positive_count("--jobs", 1), default=cores(),
                         help="parallel workers for the enumeration (default: all cores; at most 4 per core"
                              + (", or 4096 on a Dask cluster)" if backend else ")"))
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
    """An output file that can be written: one of ``suffixes``, an existing and writable folder, not a
    folder itself, and if it exists a file that may be replaced (checked before any work, so bad input costs
    nothing and an existing report is left as it was)."""
    if path.is_dir():
        raise UsageError(f"report file {str(path)!r} is a folder: give a file name ending in {' or '.join(suffixes)}")
    if path.suffix.lower() not in suffixes or not path.stem:
        raise UsageError(f"report file {str(path)!r} must end in {' or '.join(suffixes)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"folder {str(folder)!r} for the report does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"folder {str(folder)!r} for the report is not writable")
    replaceable(path)
    return path


def replaceable(path: Path) -> None:
    """Refuse an existing ``path`` that is not a regular file (a folder, a device) or is read-only (no write
    permission: its owner meant it kept)."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise UsageError(f"report file {str(path)!r} cannot be checked: {reason(error)}") from None
    if stat.S_ISDIR(status.st_mode):
        raise UsageError(f"{str(path)!r} is a folder, not a file the report can replace")
    if not stat.S_ISREG(status.st_mode):
        raise UsageError(f"{str(path)!r} is not a regular file: the report cannot replace it")
    if not status.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise UsageError(f"{str(path)!r} exists and is read-only: it is left as it is")


#: A report's default name: the game's name when it is a plain file name.
PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")


def default_report(rules: GameRules, game: str) -> Path:
    """Where a report goes when ``-o`` is not given: ``reports/NAME.xlsx``, the game's name, else (a name
    that is empty or not a plain file name) the game file's name, else ``report``; the folder made if need
    be (a ``reports`` that is not a folder is one line)."""
    candidates = (rules.name, Path(game).stem if game.lower().endswith(".toml") else "", "report")
    name = next(text for text in candidates if PLAIN_NAME.fullmatch(text) and text not in (".", ".."))
    if DEFAULT_REPORTS.exists() and not DEFAULT_REPORTS.is_dir():
        raise UsageError(f"{str(DEFAULT_REPORTS)!r} is not a folder: give the report's file with -o")
    try:
        DEFAULT_REPORTS.mkdir(exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make the folder {str(DEFAULT_REPORTS)!r} for the report ({reason(error)}): "
                         "give the report's file with -o") from None
    return DEFAULT_REPORTS / f"{name}.xlsx"


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
        """Read the game and check ``--jobs`` and the game's size against this machine (bad input, absurd
        workers and a game past this machine's memory fail here, before any work)."""
        check_jobs(args.jobs, getattr(args, "backend", "local"))
        rules, engine = rules_and_engine(args.game, dict(args.option), tuple(args.paytable))
        session = cls(args, rules, engine)
        check_size(args.game, rules, engine, session.run())
        return session

    @property
    def options(self) -> dict[str, str]:
        return dict(self.args.option)

    def run(self, cache: bool | None = None) -> Run:
        """Workers, progress bars and cache use of this command (``cache``: override ``--no-cache``)."""
        cached = not getattr(self.args, "no_cache", False) if cache is None else cache
        return Run(self.args.jobs, not self.args.quiet, cached, notify)

    def analysis(self, cache: bool | None = None) -> GameResults:
        """The game's exact analysis."""
        run = self.run(cache)
        return analyze(self.args.game, self.options, jobs=run.jobs, progress=run.progress,
                       paytable_files=tuple(self.args.paytable), cache=run.cache, notify=notify)
