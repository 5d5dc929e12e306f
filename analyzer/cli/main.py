"""The ``analyzer`` command: list games, print a game's exact analysis, write its math report, simulate,
compare paytables, solve a pay, analyse procedure leaks. One module per command
(:mod:`analyzer.cli.analyze`, ``report``, ``simulate``, ``compare``, ``solve``, ``protect``, ``games``);
this one parses the command line and dispatches.

No traceback, ever: every way a command ends is one line on stderr (none on success) and one of these
exit codes (:data:`EXIT_CODES`):

* 0: success;
* 1: ``simulate`` found a wager outside the z-score limit;
* 2: bad input (an unknown game, a bad option, a mistake in a file, an output path that is a folder, a
  read-only report, an absurd ``--jobs``, an unreachable Dask scheduler), before any work and before any
  file is written;
* 70: an internal error, a bug of the analyzer: one line ``analyzer: internal error: ...`` (the traceback
  with ``ANALYZER_DEBUG=1``);
* 74: the environment failed the command: the operating system refused a read or a write (a full disk, a
  permission, a file that cannot be replaced, an output stream that cannot be written), memory ran out,
  or the game is too large for this machine's memory (refused before any work, with the estimate); the
  line says which files were written before it stopped, an existing report is otherwise left as it was;
* 130: interrupted (Ctrl-C) at any moment from the first line of the analyzer's code (Python's own
  start-up, a few hundredths of a second, comes before it): no half-written file is left behind, and the
  line says which files, if any, were written before;
* 141 (as a process killed by SIGPIPE): the reader of the output closed it early
  (``analyzer analyze crazy4 | head -1``): quietly.
"""

from __future__ import annotations

import io
import os
import signal
import sys
from typing import TextIO
from types import TracebackType


def _unhandled(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """The last resort for an exception raised outside :func:`main` (an interrupt while the modules below
    load, before ``main`` runs): one line and its exit code, no traceback (unless ``ANALYZER_DEBUG=1``)."""
    if os.environ.get("ANALYZER_DEBUG") == "1":
        sys.__excepthook__(kind, error, trace)
    interrupted = interrupted_by_the_user(error)
    line = "interrupted; nothing was written" if interrupted else f"internal error: {_one_line(error)}"
    try:
        os.write(2, f"analyzer: {line}\n".encode("ascii", "backslashreplace"))
    except OSError:
        pass
    os._exit(INTERRUPTED if interrupted else INTERNAL_ERROR)


#: Set once the user's interrupt (SIGINT) has arrived: from then on, whatever error comes out is that
#: interrupt. A C extension that is loading may swallow the ``KeyboardInterrupt`` and raise its own error in
#: its place (numpy's import, interrupted while it loads ``datetime``, raises an ``ImportError``).
_INTERRUPT_RECEIVED: list[bool] = []


def _on_interrupt(number: int, frame: object) -> None:
    """Python's own SIGINT handler (raise ``KeyboardInterrupt``), which also remembers the interrupt came."""
    _INTERRUPT_RECEIVED.append(True)
    raise KeyboardInterrupt


def interrupted_by_the_user(error: BaseException) -> bool:
    """Whether ``error`` ends the command as an interrupt: a ``KeyboardInterrupt``, or any error raised
    after the user's interrupt arrived."""
    return isinstance(error, KeyboardInterrupt) or bool(_INTERRUPT_RECEIVED)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


#: The exit codes (see the module's docstring).
SUCCESS, BAD_INPUT, INTERNAL_ERROR, ENVIRONMENT, INTERRUPTED, CLOSED_PIPE = 0, 2, 70, 74, 130, 141
EXIT_CODES = {SUCCESS: "success", 1: "simulate: a wager outside the z-score limit", BAD_INPUT: "bad input",
              INTERNAL_ERROR: "internal error", ENVIRONMENT: "the environment failed (disk, permissions, memory)",
              INTERRUPTED: "interrupted", CLOSED_PIPE: "the output pipe was closed"}

# First thing, before the heavy modules load: an interrupt at any moment ends in one line, not a traceback.
if sys.excepthook is sys.__excepthook__:
    sys.excepthook = _unhandled
if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _on_interrupt)

from importlib import import_module  # noqa: E402

from analyzer import __version__  # noqa: E402
from analyzer.cli.common import (  # noqa: E402
    OUTPUTS,
    Parser,
    UsageError,
    WriteError,
    reason,
    system_error_in,
)
from analyzer.core.distributed import BackendError  # noqa: E402
from analyzer.games.rules import RulesError  # noqa: E402
from analyzer.pipeline import TooLarge  # noqa: E402
from analyzer.simulation.hands import SimulationError  # noqa: E402

#: The commands, in the order ``--help`` lists them: each is the module analyzer.cli.<name>.
COMMANDS = ("games", "check", "analyze", "compare", "solve", "protect", "report", "simulate")

EPILOG = ("exit codes: 0 success; 1 simulate found a wager outside the z-score limit; 2 bad input (nothing "
          "done, nothing written); 70 internal error (ANALYZER_DEBUG=1 shows the traceback); 74 the environment "
          "failed: a full disk, a permission, memory, or a game too large for this machine's memory (refused "
          "before any work); 130 interrupted; 141 the output pipe was closed")


def build_parser(commands_shown: tuple[str, ...] = COMMANDS) -> Parser:
    """The command line's parser, with the subcommands ``commands_shown`` (each command's module is imported
    to add its options: a run of one command imports only that one's)."""
    parser = Parser(prog="analyzer", description="Exact combinatorial analysis of casino poker games: "
                    "optimal strategy, house edge, element of risk, regulator-ready Excel reports.", epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"analyzer {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in commands_shown:
        import_module(f"analyzer.cli.{name}").add_parser(commands)
    return parser


def run(arguments: list[str]) -> int:
    """Run the command line; returns the exit code.

    The command named first is the only one whose module is imported (``analyzer check FILE`` does not pay
    for the enumeration's imports); with none, or options before it, every command is (``analyzer --help``).
    """
    named = arguments[0] if arguments else None
    args = build_parser((named,) if named in COMMANDS else COMMANDS).parse_args(arguments)
    command = import_module(f"analyzer.cli.{args.command}")
    if _INTERRUPT_RECEIVED:  # the user's interrupt came while the modules loaded, and a library swallowed it
        raise KeyboardInterrupt
    return command.run(args)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``analyzer`` console command: runs it and exits with its code (see the module's
    docstring), every failure one line on stderr."""
    tolerant_streams()
    OUTPUTS.clear()
    output = sys.stdout = WatchedOutput(sys.stdout)
    try:
        code = run(sys.argv[1:] if argv is None else argv)
        sys.stdout.flush()  # a closed pipe or a full device shows here, not at exit
    except BrokenPipeError:
        silence_stdout()
        code = CLOSED_PIPE
    except KeyboardInterrupt:
        code = say(f"interrupted; {OUTPUTS.summary()}", INTERRUPTED)
    except (UsageError, RulesError, BackendError, SimulationError) as error:
        code = say(f"error: {error}", BAD_INPUT)
    except TooLarge as error:
        code = say(f"error: {error}", ENVIRONMENT)
    except WriteError as error:
        code = say(f"error: {error}; {OUTPUTS.summary()}", ENVIRONMENT)
    except MemoryError as error:
        code = say(f"error: out of memory{f' ({error})' if str(error) else ''}; {OUTPUTS.summary()}", ENVIRONMENT)
    except Exception as error:
        if interrupted_by_the_user(error):
            code = say(f"interrupted; {OUTPUTS.summary()}", INTERRUPTED)
        elif (refusal := system_error_in(error)) is not None:  # the operating system's, perhaps wrapped
            code = say(f"error: {system_error(refusal, output)}", ENVIRONMENT)
        elif os.environ.get("ANALYZER_DEBUG") == "1":
            raise
        else:  # a bug: still one line, and a code of its own
            code = say(f"internal error: {_one_line(error)} (ANALYZER_DEBUG=1 shows where)", INTERNAL_ERROR)
    finally:
        sys.stdout = output.stream
    sys.exit(code)


def system_error(error: OSError, output: WatchedOutput) -> str:
    """An operating-system refusal in words: of standard output (then silenced), or naming its file, with
    the files written before it."""
    if output.failed is not None:
        silence_stdout()
        return f"cannot write the output: {reason(error)}"
    where = f": {error.filename}" if error.filename else ""
    return f"{reason(error)}{where}; {OUTPUTS.summary()}"


class WatchedOutput:
    """Standard output, noting a failure to write it (a full device, a closed stream) so it is told from a
    failure to write a file."""

    def __init__(self, stream: TextIO | WatchedOutput) -> None:
        self.stream: TextIO = stream.stream if isinstance(stream, WatchedOutput) else stream
        self.failed: OSError | None = None

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            self.failed = error
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            self.failed = error
            raise

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def silence_stdout() -> None:
    """Point standard output at the null device, so Python's last flush at exit cannot fail again."""
    try:
        if sys.__stdout__ is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def say(line: str, code: int) -> int:
    """``analyzer: LINE`` on stderr (whatever stderr can take); returns ``code``."""
    try:
        print(f"analyzer: {line}", file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return code


def tolerant_streams() -> None:
    """Standard output and error that write any character: one the terminal's encoding lacks (a title in
    Unicode on an ASCII terminal) is written as an escape (``\\xe9``), not an error."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):  # not a text file of the system (a test's capture)
            continue
        try:
            stream.reconfigure(errors="backslashreplace")
        except (ValueError, OSError):
            pass


if __name__ == "__main__":
    main()
