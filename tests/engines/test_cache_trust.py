"""A cache you can trust (issue 22): concurrent runs on one cache all succeed alike, every entry is checked
on read and recomputed when it fails, a cache that cannot be used is one line, abandoned temporary files
are removed, and every notice tells the truth.

Three Card Poker stands in for every game: its enumeration takes well under a second once its tables are
built, a fresh command-line run about 3 s (mostly imports).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

import analyzer
from analyzer.core import atomic
from analyzer.core.atomic import HOST, STALE_AFTER, sweep_stale, write_atomically
from analyzer.engines import cache
from analyzer.engines.cache import cache_folder, load_cached, save_cached
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.one_decision import exposure_figures
from analyzer.engines.one_decision.enumeration import exposed_sets
from analyzer.engines.one_decision.exposure_figures import ExposureTotals
from analyzer.engines.holdem.street_engine import SUMS_FILE
from analyzer.engines.holdem.street_game import FLOP_CHOICES_FILE, SITUATIONS_FILE, check_sums, game_plan, load_sums
from analyzer.engines.holdem.streets import as_streets, street_sums_kind
from analyzer.games.exposure import expose
from analyzer.games.rules import load_game

ROOT = Path(__file__).resolve().parents[2]
GAME = "threecard"
COMMAND = [sys.executable, "-m", "analyzer.cli", "analyze", GAME, "--jobs", "1", "--quiet"]
#: ``analyzer analyze threecard``: the exact house edge per ante.
EDGE = "686689/20358520"


def cli(cache_root: Path | str, *extra: str, cwd: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), ANALYZER_CACHE=str(cache_root))
    return subprocess.Popen([*COMMAND, *extra], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finished(runs: list[subprocess.Popen]) -> list[tuple[int, str, str]]:
    """Exit code, stdout and stderr of each run, once all have ended."""
    outputs = [run.communicate(timeout=300) for run in runs]
    return [(run.returncode, out, err) for run, (out, err) in zip(runs, outputs, strict=True)]


def entry_files(folder: Path) -> list[str]:
    """The files of a cache entry (its lock file aside)."""
    return sorted(path.name for path in folder.iterdir() if path.name != cache.LOCK_NAME)


def hidden_or_temporary(folder: Path) -> list[Path]:
    """Temporary files left in a cache (the lock file aside)."""
    return [path for path in folder.rglob(".*") if path.name != cache.LOCK_NAME]


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache of this test's own, its key fixed (other edits to the code while the test runs
    cannot move it)."""
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "code_hash", lambda package: "fixed")
    monkeypatch.setattr(atomic, "_swept", set())
    return tmp_path / "cache"


# -- concurrent runs -----------------------------------------------------------------------------------
@pytest.mark.slow
def test_fifteen_concurrent_fresh_runs_of_one_game_on_one_cache_all_succeed_alike(tmp_path):
    """Fifteen runs at once on an empty cache, ten of them with --no-cache (the issue's crash: such a run
    removed the entry's folder while another renamed its file into it, FileNotFoundError). Now a fresh run
    removes the entry's files one by one, under the entry's lock, and the others wait for it and read."""
    work = tmp_path / "work"
    work.mkdir()
    fresh = [index % 3 != 0 for index in range(15)]
    started = time.perf_counter()
    runs = finished([cli(tmp_path / "cache", *(["--no-cache"] if afresh else []), cwd=work) for afresh in fresh])
    seconds = time.perf_counter() - started
    assert [code for code, _, _ in runs] == [0] * 15, [err for _, _, err in runs]
    assert len({out for _, out, _ in runs}) == 1 and EDGE in runs[0][1]
    notices = {re.sub(r"threecard-[0-9a-f]+", "KEY", line) for _, _, err in runs for line in err.splitlines()}
    assert notices <= {f"using the cached enumeration {tmp_path / 'cache' / 'KEY' / 'situations.npz'}",
                       f"waiting for another run to finish with the cache entry {tmp_path / 'cache' / 'KEY'}"}
    assert not any("using the cached enumeration" in err for (_, _, err), afresh in zip(runs, fresh, strict=True) if afresh)
    entries = list((tmp_path / "cache").glob("threecard-*"))  # one, unless the code was edited meanwhile
    sets = list((tmp_path / "cache").glob("card_sets-*"))  # the 6-Card Bonus's count of every six-card set
    assert sorted(path.relative_to(tmp_path / "cache") for path in (tmp_path / "cache").rglob("*")
                  if path.is_file() and path.name != cache.LOCK_NAME) == \
        sorted([Path(entry.name) / "situations.npz" for entry in entries] + [Path(entry.name) / "sets.npz"
                                                                           for entry in sets])
    assert hidden_or_temporary(tmp_path / "cache") == [] and list(work.iterdir()) == []
    print(f"15 concurrent fresh runs (10 with --no-cache): {seconds:.1f} s")


def test_threads_saving_one_entry_at_once_leave_one_whole_file(own_cache):
    path = own_cache / "entry" / "counts.npy"
    values = [np.full(100_000, index, dtype=np.int64) for index in range(12)]
    with ThreadPoolExecutor(6) as pool:
        assert all(pool.map(lambda array: save_cached(path, lambda temporary: np.save(temporary, array)), values))
    saved = np.load(path)
    assert any(np.array_equal(saved, array) for array in values)
    assert [entry.name for entry in path.parent.iterdir()] == ["counts.npy"]


# -- entries checked on read ---------------------------------------------------------------------------
def rewrite(path: Path, **changes) -> None:
    """Save the .npz file again with some of its arrays changed (None: left out)."""
    with np.load(path) as saved:
        arrays = {name: saved[name] for name in saved.files}
    for name, value in changes.items():
        if value is None:
            arrays.pop(name)
        else:
            arrays[name] = value(arrays[name])
    path.unlink()
    np.savez(path, **arrays)


def plus_one(counts: np.ndarray) -> np.ndarray:
    counts = counts.copy()
    counts[7, 3] += 1
    return counts


CORRUPTIONS = {
    "wrong shape": (lambda path: rewrite(path, outcome_counts=lambda counts: counts[:, :5]),
                    "outcome_counts of shape (1755, 5), not (1755, 6)"),
    "wrong dtype": (lambda path: rewrite(path, outcome_counts=lambda counts: counts.astype(np.float64)),
                    "outcome_counts of dtype float64, not integers"),
    "counts not summing to the cycle": (lambda path: rewrite(path, outcome_counts=plus_one),
                                        "outcome counts not summing to the dealer hands"),
    "weights not summing to the cycle": (lambda path: rewrite(path, weights=lambda weights: weights * 2),
                                         f"weights summing to {2 * comb(52, 3)}, not {comb(52, 3)}"),
    "an array missing": (lambda path: rewrite(path, best_rank=None), "no best_rank"),
    "other cards": (lambda path: rewrite(path, cards=lambda cards: cards[:, :2]), "cards of shape (1755, 2), not (any, 3)"),
    "a folder": (lambda path: (path.unlink(), path.mkdir()), "a folder, not a file"),
    "not a regular file": (lambda path: (path.unlink(), os.mkfifo(path)), "not a regular file"),
    "empty": (lambda path: path.write_bytes(b""), None),
}


@pytest.mark.parametrize("damage", CORRUPTIONS, ids=list(CORRUPTIONS))
def test_a_damaged_entry_is_one_notice_then_recomputed_and_replaced(damage, own_cache, threecard, capsys):
    if damage == "not a regular file" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    corrupt, reason = CORRUPTIONS[damage]
    notices: list[str] = []
    analyzer.analyze(GAME, notify=notices.append)
    saved = cache_folder(load_game(GAME)) / "situations.npz"
    corrupt(saved)
    capsys.readouterr()

    recomputed = analyzer.analyze(GAME, notify=notices.append)
    assert capsys.readouterr().err == f"damaged cache entry {saved}{f' ({reason})' if reason else ''}: recomputed\n"
    assert notices == []  # "using the cached enumeration" only when it is used
    assert recomputed.main_figures() == threecard.main_figures()
    assert np.array_equal(recomputed.situations.outcome_counts, threecard.situations.outcome_counts)

    again = analyzer.analyze(GAME, notify=notices.append)  # the entry replaced: read back, silently
    assert capsys.readouterr().err == ""
    assert notices == [f"using the cached enumeration {saved}"]
    assert again.main_figures() == threecard.main_figures()
    assert entry_files(saved.parent) == ["situations.npz"]


def test_an_unreadable_entry_is_one_notice_then_recomputed_readable(own_cache, threecard, capsys, monkeypatch):
    analyzer.analyze(GAME)
    saved = cache_folder(load_game(GAME)) / "situations.npz"
    saved.chmod(0)
    if os.access(saved, os.R_OK):  # the superuser reads it anyway: the reader is refused instead
        real_load = np.load

        def refused(path, *args, **kwargs):
            if Path(path) == saved:
                raise PermissionError(13, "Permission denied", str(path))
            return real_load(path, *args, **kwargs)
        monkeypatch.setattr(np, "load", refused)
    capsys.readouterr()
    recomputed = analyzer.analyze(GAME)
    assert capsys.readouterr().err == f"unreadable cache entry {saved} (permission denied): recomputed\n"
    assert recomputed.main_figures() == threecard.main_figures()
    monkeypatch.undo()
    assert saved.stat().st_mode & 0o400  # replaced by a file of the usual permissions, not those of the damaged one


def test_damaged_chunks_and_class_totals_say_why(tmp_path, capsys, monkeypatch):
    """The chunks of resumable runs are checked too: a Hold'em chunk of floats, the totals of a class of
    exposed dealer cards over other deals than the class's."""
    calls: list[int] = []
    kind = street_sums_kind(game_plan(as_streets(load_game("uth")))[0], flop_choices=False, situations=False)
    chunk = uth.checkpointed(lambda members: calls.append(1) or kind.zeros(), kind, "uth:test", np.array([0]), tmp_path)
    [path] = tmp_path.glob("uth_*.npy")
    np.save(path, chunk.flat().astype(np.float64))
    assert uth.checkpointed(lambda members: calls.append(1) or chunk, kind, "uth:test", np.array([0]),
                            tmp_path) == chunk and len(calls) == 2
    assert capsys.readouterr().err == f"damaged cache entry {path} (sums of dtype float64, not integers): recomputed\n"

    rules = expose(load_game("crazy4"), 2)
    _, sizes = exposed_sets(2)
    cycle = int(sizes[0]) * comb(50, 5) * comb(45, 3)
    totals = ExposureTotals(cycle, Fraction(-1), Fraction(cycle), {"fold": Fraction(cycle)})
    monkeypatch.setattr(exposure_figures, "class_totals", lambda rules, exposed, size: calls.append(1) or totals)
    assert exposure_figures.exposure_totals(rules, folder=tmp_path, classes=[0]) == totals
    [saved] = tmp_path.glob("exposure-totals-*.json")
    saved.write_text(saved.read_text().replace(str(cycle), str(cycle + 1)))
    assert exposure_figures.exposure_totals(rules, folder=tmp_path, classes=[0]) == totals and len(calls) == 4
    assert capsys.readouterr().err == \
        f"damaged cache entry {saved} ({cycle + 1} deals, not the cycle {cycle}): recomputed\n"


@pytest.mark.slow
def test_street_sums_whose_deals_do_not_add_up_are_damaged(tmp_path, capsys):
    rules = as_streets(load_game("thb"))
    plan = game_plan(rules)[0]
    sums = tmp_path / SUMS_FILE
    shutil.copyfile(ROOT / "enumerations" / "thb" / SUMS_FILE, sums)
    # the situations and the flop choices beside the sums: the reports read the first, the simulator's player the
    # second (a game deciding on the flop)
    for beside in (SITUATIONS_FILE, FLOP_CHOICES_FILE):
        assert load_cached(sums, lambda cached: load_sums(cached, plan), lambda read: check_sums(plan, read)) is None
        assert capsys.readouterr().err == f"damaged cache entry {sums} (no {beside} beside {SUMS_FILE}): recomputed\n"
        shutil.copyfile(ROOT / "enumerations" / "thb" / SUMS_FILE, sums)
        shutil.copyfile(ROOT / "enumerations" / "thb" / beside, tmp_path / beside)
    assert load_cached(sums, lambda cached: load_sums(cached, plan), lambda read: check_sums(plan, read)) is not None
    rewrite(sums, showdown=lambda showdown: showdown + (np.arange(showdown.size).reshape(showdown.shape) == 99))
    assert load_cached(sums, lambda cached: load_sums(cached, plan), lambda read: check_sums(plan, read)) is None
    assert capsys.readouterr().err == f"damaged cache entry {sums} (deals not summing to those of each hole class): recomputed\n"
    rewrite(sums, final_outcomes=lambda counts: counts.astype(np.float32))
    assert load_cached(sums, lambda cached: load_sums(cached, plan)) is None
    assert "final_outcomes of dtype float32, not integers" in capsys.readouterr().err


def test_stud_counts_not_summing_to_the_cycle_are_recomputed(own_cache, capsys):
    from analyzer.engines.stud.engine import check_counts
    from analyzer.engines.stud.enumeration import PaytableCounts, load_counts, save_counts
    from analyzer.engines.stud.tree import game_tree

    tree = game_tree(load_game("letitride"))
    counts = np.zeros((len(tree.paths), len(tree.groups)), dtype=np.int64)
    cycle = comb(52, 3) * 49 * 48
    counts[0, 0] = cycle
    classes = 1
    made = PaytableCounts(counts, np.array([[0, 1, 2]]), np.array([comb(52, 3)]), np.zeros((classes, 2), dtype=np.int64),
                          49 * 48, ((np.array([5]), np.array([[cycle, 0]])), (np.array([6]), np.array([[1, 2]]))))
    path = own_cache / "counts.npz"
    save_counts(path, made)
    assert load_cached(path, load_counts, lambda read: check_counts(tree, read)) is not None
    counts[0, 0] -= 1
    save_counts(path, made)
    assert load_cached(path, load_counts, lambda read: check_counts(tree, read)) is None
    assert capsys.readouterr().err == \
        f"damaged cache entry {path} (counts summing to {cycle - 1}, not the cycle {cycle}): recomputed\n"


# -- a cache that cannot be used ---------------------------------------------------------------------
@pytest.mark.slow
def test_analyzer_cache_naming_a_file_is_one_line_and_the_run_goes_on(tmp_path):
    named = tmp_path / "not-a-folder"
    named.write_text("mine\n")
    (done_code, out, err), = finished([cli(named, cwd=tmp_path)])
    assert done_code == 0 and EDGE in out
    assert re.fullmatch(rf"cannot use the cache folder {re.escape(str(named))}/threecard-[0-9a-f]+ "
                        rf"\({re.escape(str(named))} is a file, not a folder\): enumerating without the cache\n", err)
    assert named.read_text() == "mine\n"


@pytest.mark.slow
def test_an_entry_that_is_a_folder_is_recomputed_from_the_command_line(tmp_path):
    (code, first, _), = finished([cli(tmp_path / "cache", cwd=tmp_path)])
    [saved] = (tmp_path / "cache").glob("threecard-*/situations.npz")
    saved.unlink()
    (saved / "inside").mkdir(parents=True)  # not even empty: it cannot be replaced, and is left alone
    (code, out, err), = finished([cli(tmp_path / "cache", cwd=tmp_path)])
    assert code == 0 and out == first
    assert err == (f"damaged cache entry {saved} (a folder, not a file): recomputed\n"
                   f"could not save the cache entry {saved} (is a directory): not cached\n")
    assert (saved / "inside").is_dir()


def test_a_cache_folder_that_cannot_be_made_is_one_line(own_cache, threecard, capsys, monkeypatch):
    real_mkdir = Path.mkdir

    def refused(path, *args, **kwargs):
        if own_cache in (path, *path.parents):
            raise PermissionError(13, "Permission denied", str(path))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refused)
    found = analyzer.analyze(GAME)
    assert capsys.readouterr().err == (f"cannot use the cache folder {cache_folder(load_game(GAME))} "
                                       "(permission denied): enumerating without the cache\n")
    assert found.main_figures() == threecard.main_figures() and not own_cache.exists()


def test_a_cache_that_cannot_be_written_is_one_line_and_the_run_goes_on(own_cache, threecard, capsys, monkeypatch):
    folder = cache_folder(load_game(GAME))
    folder.mkdir(parents=True)
    real_open = os.open

    def full(path, *args, **kwargs):
        if Path(path).parent == folder and Path(path).name.startswith(".situations."):
            raise OSError(28, "No space left on device", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", full)
    found = analyzer.analyze(GAME)
    assert capsys.readouterr().err == (f"could not save the cache entry {folder / 'situations.npz'} "
                                       "(no space left on device): not cached\n")
    assert found.main_figures() == threecard.main_figures()
    assert entry_files(folder) == []


# -- fresh runs -----------------------------------------------------------------------------------------
def test_a_fresh_run_recomputes_and_keeps_the_folders_others_write_in(own_cache, capsys):
    analyzer.analyze(GAME)
    folder = cache_folder(load_game(GAME))
    (folder / "chunks").mkdir(exist_ok=True)
    (folder / "chunks" / "up-card-0.npz").write_bytes(b"old")
    notices: list[str] = []
    analyzer.analyze(GAME, cache=False, notify=notices.append)
    assert notices == [] and capsys.readouterr().err == ""
    assert (folder / "chunks").is_dir() and not (folder / "chunks" / "up-card-0.npz").exists()
    assert (folder / "situations.npz").is_file()


# -- abandoned temporary files ---------------------------------------------------------------------------
def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def aged(path: Path, seconds: float) -> Path:
    path.write_bytes(b"half")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_abandoned_temporary_files_are_removed_and_the_others_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_swept", set())
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        old, dead, alive = STALE_AFTER + 60, dead_pid(), sleeper.pid
        removed = {
            aged(tmp_path / f".situations.~{HOST}.{dead}.0123456789ab.npz", old),       # its writer is gone
            aged(tmp_path / f".out.~{HOST}.{alive}.0123456789ab.xlsx", 2 * 24 * 3600),  # a day old: abandoned
            aged(tmp_path / ".out.0123456789ab.xlsx", 2 * 24 * 3600),                 # an earlier version's
        }
        kept = {
            aged(tmp_path / f".situations.~{HOST}.{dead}.ba9876543210.npz", 60),        # not old enough
            aged(tmp_path / f".out.~{HOST}.{alive}.ba9876543210.xlsx", old),          # its writer still runs
            aged(tmp_path / ".out.ba9876543210.xlsx", old),                           # an earlier one, recent
            aged(tmp_path / ".report.0123456789ab.xlsx", 2 * 24 * 3600),              # an earlier one of another file
            aged(tmp_path / ".keep", 2 * 24 * 3600),                                  # not a temporary name
        }
        write_atomically(tmp_path / "out.xlsx", lambda temporary: temporary.write_text("new"))
    finally:
        sleeper.kill()
        sleeper.wait()
    assert {path for path in tmp_path.iterdir()} == kept | {tmp_path / "out.xlsx"}
    assert not removed & set(tmp_path.iterdir())
    assert sweep_stale(tmp_path) == []  # once per folder and process


def test_the_temporary_file_of_a_killed_writer_is_removed_by_the_next_run_in_its_folder(own_cache, threecard):
    """SIGKILL while a cache entry is written: its temporary file stays; the next run using that entry, once
    the file is old enough, removes it."""
    analyzer.analyze(GAME)
    folder = cache_folder(load_game(GAME))
    code = ("import sys, time; from pathlib import Path; from analyzer.core.atomic import write_atomically; "
            "write_atomically(Path(sys.argv[1]), lambda temporary: (temporary.write_text('half'), time.sleep(60)))")
    writer = subprocess.Popen([sys.executable, "-c", code, str(folder / "situations.npz")],
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not list(folder.glob(".situations.*.npz")):
        time.sleep(0.05)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    [left] = folder.glob(".situations.*.npz")
    assert f".{writer.pid}." in left.name
    atomic._swept.clear()
    analyzer.analyze(GAME)
    assert left.exists()  # not old enough yet
    then = time.time() - STALE_AFTER - 60
    os.utime(left, (then, then))
    atomic._swept.clear()
    again = analyzer.analyze(GAME)
    assert not left.exists() and again.main_figures() == threecard.main_figures()
