"""No traceback, ever: each way the operating system, the user or this machine can stop a command ends in one
line on stderr and a stated exit code (analyzer.cli.main), with no half-written file and an existing
report untouched; and a game past this machine's memory is refused, with its size estimate, before any work.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import analyzer.cli.main as cli
from analyzer.cli.common import default_report
from analyzer.engines.base import Run
from analyzer.engines.one_decision.engine import OneDecisionEngine
from analyzer.games.rules import game_names, load_game
from analyzer.pipeline import TooLarge, check_size, rules_and_engine

ANALYZER = Path(sys.executable).with_name("analyzer")
GAMES = Path(__file__).resolve().parents[2] / "analyzer" / "games" / "data" / "games"


def command(*arguments: str, env: dict[str, str] | None = None, cwd: Path | None = None,
            stdout: object = subprocess.PIPE, timeout: float = 120) -> subprocess.CompletedProcess:
    """The ``analyzer`` console command, as a user runs it."""
    program = [str(ANALYZER)] if ANALYZER.exists() else [sys.executable, "-m", "analyzer.cli"]
    return subprocess.run([*program, *arguments], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=timeout)


def one_line(stderr: str) -> str:
    """The one line a failing command prints: no traceback, nothing else."""
    assert "Traceback" not in stderr
    assert stderr.count("\n") == 1 and stderr.startswith("analyzer: "), stderr
    return stderr.strip()


def game_file(folder: Path, shipped: str, **changes: str) -> Path:
    """A copy of a shipped game's file with some top-level keys changed (``player_cards="7"``)."""
    lines = (GAMES / f"{shipped}.toml").read_text().splitlines()
    for key, value in changes.items():
        lines = [f"{key} = {value}" if line.startswith(f"{key} =") else line for line in lines]
    path = folder / f"{shipped}-changed.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def exit_code(*arguments: str) -> int:
    """Run the command line in this process; its exit code."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(list(arguments))
    return exit_.value.code


@pytest.fixture
def fast_cli(monkeypatch, threecard):
    """The command line with the session's Three Card Poker analysis instead of an enumeration."""
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: threecard)
    return cli


@pytest.fixture
def no_run(monkeypatch):
    """An analysis that must not start: a check that fails before the run costs nothing."""
    def refuse(self, rules, run):
        raise AssertionError("the run started")
    monkeypatch.setattr(OneDecisionEngine, "analyze", refuse)


# -- bad input, refused before any work (exit 2) ----------------------------------------------------------
def test_absurd_jobs_are_refused_before_any_work(no_run, capsys):
    assert exit_code("analyze", "threecard", "--jobs", "1000001", "--quiet") == cli.BAD_INPUT
    assert "--jobs 1000001 is more than" in one_line(capsys.readouterr().err)


def test_absurd_jobs_from_the_command_line():
    done = command("analyze", "threecard", "--jobs", "1000001", "--quiet")
    assert done.returncode == cli.BAD_INPUT
    assert "--jobs 1000001 is more than" in one_line(done.stderr) and done.stdout == ""


def test_a_scheduler_that_is_not_an_address(no_run, capsys):
    code = exit_code("analyze", "threecard", "--backend", "dask", "--scheduler", "not an address", "--quiet")
    assert code == cli.BAD_INPUT
    assert "not an address" in one_line(capsys.readouterr().err)


def test_an_output_that_is_a_folder_is_refused_before_the_run(no_run, tmp_path, capsys):
    (tmp_path / "report.xlsx").mkdir()
    assert exit_code("report", "threecard", "-o", str(tmp_path / "report.xlsx"), "--quiet") == cli.BAD_INPUT
    assert "is a folder" in one_line(capsys.readouterr().err)
    assert [path.name for path in tmp_path.iterdir()] == ["report.xlsx"]


def test_a_read_only_report_is_refused_before_the_run_and_left_as_it_is(no_run, tmp_path, capsys):
    report = tmp_path / "kept.xlsx"
    report.write_bytes(b"the lab's filed copy")
    report.chmod(0o444)
    assert exit_code("report", "threecard", "-o", str(report), "--quiet") == cli.BAD_INPUT
    assert "read-only" in one_line(capsys.readouterr().err)
    assert report.read_bytes() == b"the lab's filed copy" and stat.S_IMODE(report.stat().st_mode) == 0o444
    assert [path.name for path in tmp_path.iterdir()] == ["kept.xlsx"]


def test_a_read_only_chart_is_refused_before_the_run(no_run, tmp_path, capsys):
    chart = tmp_path / "t-strategy.png"
    chart.write_bytes(b"png")
    chart.chmod(0o444)
    assert exit_code("report", "threecard", "-o", str(tmp_path / "t.xlsx"), "--charts", "--quiet") == 2
    assert "t-strategy.png" in one_line(capsys.readouterr().err)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["t-strategy.png"]


@pytest.mark.parametrize("name", ["", "../x", "/tmp/elsewhere", ".", "a/b"])
def test_the_default_report_is_a_file_in_reports_whatever_the_name(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = dataclasses.replace(load_game("threecard"), name=name)
    assert default_report(rules, "my-game.toml") == Path("reports/my-game.xlsx")
    assert default_report(rules, "threecard") == Path("reports/report.xlsx")
    assert default_report(load_game("threecard"), "threecard") == Path("reports/threecard.xlsx")
    assert [path.name for path in tmp_path.iterdir()] == ["reports"]


def test_a_reports_file_in_the_way_is_one_line(no_run, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "reports").write_text("not a folder")
    assert exit_code("report", "threecard", "--quiet") == cli.BAD_INPUT
    assert "'reports' is not a folder" in one_line(capsys.readouterr().err)


# -- the environment (exit 74) -------------------------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("arguments", [("games",), pytest.param(("analyze", "crazy4", "--quiet"),
                                                                  marks=pytest.mark.slow)])
def test_standard_output_on_a_full_device(arguments):
    with open("/dev/full", "w") as full:
        done = command(*arguments, stdout=full)
    assert done.returncode == cli.ENVIRONMENT and "Traceback" not in done.stderr
    notices, error = done.stderr.splitlines()[:-1], done.stderr.splitlines()[-1]  # notices: a cached run says so
    assert error == "analyzer: error: cannot write the output: No space left on device"
    assert not any(line.startswith("analyzer: ") for line in notices), done.stderr


def full_disk(monkeypatch) -> None:
    """The disk fills while the workbook is saved: part of it is written, then the system refuses."""
    from xlsxwriter.workbook import Workbook

    def store(self):
        with open(self.filename, "wb") as file:
            file.write(b"PK\x03\x04 half a workbook")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(Workbook, "_store_workbook", store)


def test_a_full_disk_while_writing_leaves_the_existing_report(fast_cli, monkeypatch, tmp_path, capsys):
    report = tmp_path / "t.xlsx"
    report.write_bytes(b"last week's report")
    full_disk(monkeypatch)
    assert exit_code("report", "threecard", "-o", str(report), "--quiet", "--simulation-hands", "0") == 74
    line = one_line(capsys.readouterr().err)
    assert line == f"analyzer: error: cannot write {report}: No space left on device; nothing was written"
    assert report.read_bytes() == b"last week's report"
    assert [path.name for path in tmp_path.iterdir()] == ["t.xlsx"]  # no half-written temporary file


def test_a_full_disk_while_writing_a_new_report_leaves_nothing(fast_cli, monkeypatch, tmp_path, capsys):
    full_disk(monkeypatch)
    assert exit_code("report", "threecard", "-o", str(tmp_path / "t.xlsx"), "--quiet",
                     "--simulation-hands", "0") == cli.ENVIRONMENT
    assert "No space left on device" in one_line(capsys.readouterr().err)
    assert list(tmp_path.iterdir()) == []


def test_an_operating_system_refusal_during_the_run_is_one_line(monkeypatch, capsys):
    def fail(args):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES), "/cache/threecard-0123/situations.npz")
    monkeypatch.setattr("analyzer.cli.games.run", fail)
    assert exit_code("games") == cli.ENVIRONMENT
    assert one_line(capsys.readouterr().err) == ("analyzer: error: Permission denied: "
                                                 "/cache/threecard-0123/situations.npz; nothing was written")


def test_running_out_of_memory_is_one_line(monkeypatch, capsys):
    def fail(args):
        raise MemoryError("Unable to allocate 893. MiB for an array")
    monkeypatch.setattr("analyzer.cli.games.run", fail)
    assert exit_code("games") == cli.ENVIRONMENT
    assert "out of memory (Unable to allocate 893. MiB" in one_line(capsys.readouterr().err)


# -- a game past this machine's memory, refused before any work ------------------------------------------
@pytest.mark.slow
def test_seven_against_seven_on_the_five_card_ranking_is_refused_at_once(tmp_path):
    path = game_file(tmp_path, "crazy4", player_cards="7", dealer_cards="7", ranking='"five_card"')
    started = time.perf_counter()
    done = command("analyze", str(path), "--quiet", env={"ANALYZER_MEMORY": "64G"})
    assert time.perf_counter() - started < 20  # the command's start-up; the refusal itself takes microseconds
    assert done.returncode == cli.ENVIRONMENT
    line = one_line(done.stderr)
    assert "too large for this machine" in line and "GiB of memory" in line and "64.0 GiB" in line
    assert "refused before any work" in line and done.stdout == ""


@pytest.mark.slow
def test_thirty_cards_each_is_refused_in_one_line(tmp_path):
    path = game_file(tmp_path, "threecard", player_cards="30", dealer_cards="30")
    done = command("analyze", str(path), "--quiet", timeout=60)
    assert done.returncode in (cli.BAD_INPUT, cli.ENVIRONMENT)  # more cards than the deck, or too large
    one_line(done.stderr)


def test_the_largest_deal_the_deck_allows_is_refused_by_its_estimate(tmp_path):
    rules = dataclasses.replace(load_game("threecard"), player_cards=26, dealer_cards=26)
    engine = rules_and_engine("threecard")[1]
    started = time.perf_counter()
    with pytest.raises(TooLarge, match="PiB of memory"):
        check_size("big.toml", rules, engine, Run(2))
    assert time.perf_counter() - started < 1


def test_a_shipped_game_past_a_memory_cap_is_refused(no_run, monkeypatch, capsys):
    monkeypatch.setenv("ANALYZER_MEMORY", "1M")
    assert exit_code("analyze", "threecard", "--quiet") == cli.ENVIRONMENT
    line = one_line(capsys.readouterr().err)
    assert line.startswith("analyzer: error: threecard: too large for this machine: its analysis needs about ")
    assert "1.0 MiB of memory is available; refused before any work" in line


@pytest.mark.parametrize("game", game_names())
def test_shipped_games_fit_in_a_few_gigabytes(game, monkeypatch):
    """The estimates of the shipped games, against their measured peaks (docs/benchmarks.md: 198 MiB to
    2.5 GiB with 2 jobs): never below half, never refused with 4 GiB free."""
    rules, engine = rules_and_engine(game)
    started = time.perf_counter()
    estimate = engine.estimate(rules, Run(2))
    assert time.perf_counter() - started < 0.5
    assert 150 * 2**20 < estimate.bytes < 3.5 * 2**30 and estimate.deals > 0
    monkeypatch.setenv("ANALYZER_MEMORY", "4G")
    assert check_size(game, rules, engine, Run(2)) == estimate


# -- interrupts (exit 130) -----------------------------------------------------------------------------
def loading(process: subprocess.Popen, timeout: float = 30) -> None:
    """Wait until the command's process is loading its modules (numpy mapped: past the interpreter's own
    start-up, which no program's code can guard, and before main() runs), where it can be."""
    maps, deadline = Path(f"/proc/{process.pid}/maps"), time.monotonic() + timeout
    while maps.exists() and time.monotonic() < deadline:
        try:
            if "numpy" in maps.read_text():
                return
        except OSError:
            return
        time.sleep(0.002)


def as_from_a_shell() -> None:
    """The signal state a command started from a shell has: SIGINT at its default and not blocked. A test
    worker may hand its own on (a library that started a helper process may leave SIGINT blocked in it, and a
    blocked interrupt is never delivered), which is the harness's state, not the user's."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_an_error_that_comes_out_of_an_interrupt_is_the_interrupt(monkeypatch, capsys):
    """A library may swallow the interrupt and raise its own error instead (numpy's import, interrupted
    while it loads ``datetime``, raises an ImportError): once the user's interrupt has arrived, any error is
    that interrupt (exit 130), not a bug (70)."""
    def swallowed(arguments):
        raise ImportError("PyCapsule_Import could not import module \"datetime\"")
    monkeypatch.setattr(cli, "run", swallowed)
    assert exit_code("games") == cli.INTERNAL_ERROR
    assert one_line(capsys.readouterr().err).startswith("analyzer: internal error: ImportError: ")
    monkeypatch.setattr(cli, "_INTERRUPT_RECEIVED", [True])
    assert exit_code("games") == cli.INTERRUPTED
    assert one_line(capsys.readouterr().err) == "analyzer: interrupted; nothing was written"


def test_an_interrupt_a_library_swallowed_while_the_modules_loaded_still_stops_the_command(monkeypatch, capsys):
    """A library's import may catch the ``KeyboardInterrupt`` and go on: the interrupt has still arrived, so the
    command stops before it does anything (CI once saw a report written and exit 0 after an early interrupt)."""
    monkeypatch.setattr(cli, "_INTERRUPT_RECEIVED", [True])
    assert exit_code("games") == cli.INTERRUPTED
    assert one_line(capsys.readouterr().err) == "analyzer: interrupted; nothing was written"


@pytest.mark.parametrize("delay", [0.0, 0.1, 0.3])
def test_an_interrupt_in_the_first_instants(delay, tmp_path):
    """Python raises the interrupt wherever it is: here while the modules load (within the first 0.3 s of the
    analyzer's own code), before main() runs."""
    process = subprocess.Popen([str(ANALYZER), "report", "threecard", "-o", str(tmp_path / "t.xlsx"), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_shell)
    loading(process)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, error = process.communicate(timeout=60)
    assert process.returncode == cli.INTERRUPTED
    assert one_line(error) == "analyzer: interrupted; nothing was written"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_an_interrupt_while_the_charts_are_drawn_says_the_workbook_was_written(fast_cli, monkeypatch, tmp_path,
                                                                              capsys):
    from analyzer.reports import charts
    saved = []

    def interrupted_at_the_second(path, write):
        """Save the strategy chart, then the interrupt comes as the net-result chart is being saved (the
        report's own pages draw the same charts, so the drawing itself cannot be the one interrupted)."""
        if saved:
            raise KeyboardInterrupt
        saved.append(path)
        return write_atomically(path, write)
    write_atomically = charts.write_atomically
    monkeypatch.setattr(charts, "write_atomically", interrupted_at_the_second)
    report = tmp_path / "t.xlsx"
    assert exit_code("report", "threecard", "-o", str(report), "--charts", "--quiet",
                     "--simulation-hands", "0") == cli.INTERRUPTED
    line = one_line(capsys.readouterr().err)
    assert line == f"analyzer: interrupted; written before it stopped: {report}, {tmp_path / 't-strategy.png'}"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["t-strategy.png", "t.xlsx"]


def test_an_interrupt_before_writing_says_nothing_was_written(fast_cli, monkeypatch, tmp_path, capsys):
    report = tmp_path / "t.xlsx"
    report.write_bytes(b"old")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr("analyzer.cli.outcome.write_report", interrupted)
    assert exit_code("report", "threecard", "-o", str(report), "--quiet",
                     "--simulation-hands", "0") == cli.INTERRUPTED
    assert one_line(capsys.readouterr().err) == "analyzer: interrupted; nothing was written"
    assert report.read_bytes() == b"old"


# -- streams, bugs -----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("environment", [
    {"PYTHONIOENCODING": "ascii"},
    {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
])
def test_a_unicode_title_on_an_ascii_terminal(environment, tmp_path):
    path = game_file(tmp_path, "threecard", title='"Poker à trois — édition spéciale"')
    done = command("analyze", str(path), "--quiet", env=environment)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Poker \\xe0 trois \\u2014 \\xe9dition sp\\xe9ciale" in done.stdout


def test_an_unexpected_error_is_one_line_with_a_code_of_its_own(monkeypatch, capsys):
    def fail(args):
        raise RuntimeError("a bug\nover two lines")
    monkeypatch.setattr("analyzer.cli.games.run", fail)
    assert exit_code("games") == cli.INTERNAL_ERROR
    assert one_line(capsys.readouterr().err) == ("analyzer: internal error: RuntimeError: a bug over two lines "
                                                 "(ANALYZER_DEBUG=1 shows where)")
    monkeypatch.setenv("ANALYZER_DEBUG", "1")
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["games"])


def test_the_help_states_the_exit_codes(capsys):
    assert exit_code("--help") == 0
    text = " ".join(capsys.readouterr().out.split())
    for code in ("0 success", "2 bad input", "70 internal error", "74 the environment failed", "130 interrupted",
                 "141 the output pipe was closed"):
        assert code in text
    assert set(cli.EXIT_CODES) == {0, 1, 2, 70, 74, 130, 141}
