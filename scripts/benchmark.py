#!/usr/bin/env python3
"""Benchmark: wall time and peak memory of each game's full analysis, report included.

Each run is a fresh process (imports count) that analyses the game with
``--jobs`` workers and writes its workbook to a temporary folder, either
cold (an empty enumeration cache) or warm (the cache a previous run filled).
Peak memory is the largest resident memory of the whole process tree
(worker processes included), sampled every 50 ms. Prints the median wall
time of ``--runs`` runs (default 3) and the largest peak. Not a test: budgets
are in the issues and the README.

    python3 tasks.py benchmark [--games crazy4 ...] [--runs 3] [--jobs 2 1] [--modes cold warm]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_RUN = r"""
import sys
from pathlib import Path
from analyzer.cli.main import run
sys.exit(run(["report", sys.argv[1], "--quiet", "--jobs", sys.argv[2], "-o", str(Path(sys.argv[3]) / "r.xlsx"),
             *sys.argv[4:]]))
"""

#: cold: an empty cache folder for each run (committed counts are used where they apply); fresh: the same
#: with --no-cache, so every count is enumerated; warm: the cache filled by a run just before.
MODES = ("cold", "fresh", "warm")


def tree_rss_kib(root: int) -> int:
    """Resident memory of a process and all its descendants (worker processes included), in KiB."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            parents[int(entry)] = int(fields[1])
            rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 1024
        except (OSError, IndexError, ValueError):
            continue
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack += [child for child, parent in parents.items() if parent == pid]
    return total


def measure(game: str, jobs: int, folder: str, *extra: str) -> dict:
    """Wall time and peak resident memory of the whole process tree of one fresh process."""
    environment = dict(os.environ, ANALYZER_CACHE=str(Path(folder) / "cache"))
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", ONE_RUN, game, str(jobs), folder, *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    peak = 0
    while process.poll() is None:
        peak = max(peak, tree_rss_kib(process.pid))
        time.sleep(0.05)
    seconds = time.perf_counter() - started
    if process.returncode:
        raise SystemExit(f"{game}: the run failed: {process.stderr.read().decode()[-500:]}")
    return {"seconds": seconds, "peak_mib": peak / 1024}


def runs(game: str, jobs: int, mode: str, count: int) -> list[dict]:
    """``count`` timed runs: cold (and fresh) ones each with an empty cache; warm ones after one untimed run
    fills it."""
    if mode in ("cold", "fresh"):
        results = []
        for _ in range(count):
            with tempfile.TemporaryDirectory() as folder:
                results.append(measure(game, jobs, folder, *(["--no-cache"] if mode == "fresh" else [])))
        return results
    with tempfile.TemporaryDirectory() as folder:
        measure(game, jobs, folder)
        return [measure(game, jobs, folder) for _ in range(count)]


def main() -> None:
    import analyzer
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=analyzer.game_names())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, nargs="*", default=[2, 1], help="worker counts to try (default 2 1)")
    parser.add_argument("--modes", nargs="*", default=["cold", "warm"], choices=MODES)
    args = parser.parse_args()
    print(f"{'game':14} {'mode':5} {'jobs':>4} {'median s':>9} {'runs (s)':>22} {'peak MiB':>9}", flush=True)
    for game in args.games:
        for mode in args.modes:
            for jobs in args.jobs:
                results = runs(game, jobs, mode, args.runs)
                seconds = [result["seconds"] for result in results]
                print(f"{game:14} {mode:5} {jobs:4} {statistics.median(seconds):9.1f} "
                      f"{' '.join(f'{s:.1f}' for s in seconds):>22} {max(r['peak_mib'] for r in results):9.0f}",
                      flush=True)


if __name__ == "__main__":
    main()
