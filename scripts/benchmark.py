#!/usr/bin/env python3
"""Benchmark: wall time and peak memory of each game's full analysis, report included.

Each run is a fresh process (so caches and imports count) that analyses the
game with ``--jobs`` workers and writes its workbook to a temporary folder.
Prints the median of ``--runs`` runs (default 3). Not a test: budgets are in
the issues and the README.

    python3 tasks.py benchmark [--games crazy4 ...] [--runs 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

ONE_RUN = r"""
import json, resource, sys, time
from pathlib import Path
started = time.perf_counter()
from analyzer.cli import run
code = run(["report", sys.argv[1], "--quiet", "--jobs", sys.argv[2], "-o", str(Path(sys.argv[3]) / "r.xlsx")])
wall = time.perf_counter() - started
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(json.dumps({"code": code, "seconds": wall, "peak_mib": peak / 1024}))
"""


def measure(game: str, jobs: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, "-c", ONE_RUN, game, str(jobs), folder],
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    import analyzer
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=analyzer.game_names())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"{'game':10} {'median s':>9} {'runs (s)':>24} {'peak MiB':>9}")
    for game in args.games:
        runs = [measure(game, args.jobs) for _ in range(args.runs)]
        seconds = [run["seconds"] for run in runs]
        print(f"{game:10} {statistics.median(seconds):9.1f} {' '.join(f'{s:.1f}' for s in seconds):>24} "
              f"{max(run['peak_mib'] for run in runs):9.0f}", flush=True)


if __name__ == "__main__":
    main()
