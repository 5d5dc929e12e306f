#!/usr/bin/env python3
"""Estimate the edge with colluding players and record it in enumerations/protect/colluders.csv.

    .venv/bin/python scripts/protect_colluders.py crazy4:1-6 super4:1-6 fourcardfever:1-6 [--deals 20000]

Each GAME:N (or GAME:FIRST-LAST) is the game as shipped with N other players'
hands known to the player (:mod:`analyzer.collusion`). Rows already in the
file for other GAME:N pairs are kept; the file is what the procedure risk
table shows when no estimate is in hand. Each run prints its time.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys

from analyzer.collusion import estimate_collusion
from analyzer.pipeline import analyze
from analyzer.procedure_risk import COMMITTED_COLLUDERS

COLUMNS = ["game", "colluders", "deals", "seed", "house_edge_estimate_percent", "standard_error_percent",
           "normal_house_edge_per_ante", "mean_information_value", "standard_error", "decisions_changed", "seconds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="GAME:N")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    rows: dict[tuple[str, int], dict[str, object]] = {}
    if COMMITTED_COLLUDERS.is_file():
        with open(COMMITTED_COLLUDERS, encoding="utf-8", newline="") as handle:
            rows = {(row["game"], int(row["colluders"])): row for row in csv.DictReader(handle)}
    for run in args.runs:
        game, _, span = run.partition(":")
        first, _, last = span.partition("-")
        analysis = analyze(game, jobs=args.jobs, progress=True)
        for colluders in range(int(first), int(last or first) + 1):
            estimate = estimate_collusion(analysis, colluders, args.deals, args.seed, jobs=args.jobs, progress=True)
            rows[game, colluders] = {
                "game": game, "colluders": colluders, "deals": estimate.deals, "seed": estimate.seed,
                "house_edge_estimate_percent": f"{float(100 * estimate.edge):.6f}",
                "standard_error_percent": f"{100 * estimate.standard_error:.6f}",
                "normal_house_edge_per_ante": estimate.normal_edge, "mean_information_value": estimate.mean_gain,
                "standard_error": repr(estimate.standard_error), "decisions_changed": estimate.switched,
                "seconds": f"{estimate.seconds:.1f}"}
            print(rows[game, colluders], flush=True)
            write(rows)
    return 0


def write(rows: dict[tuple[str, int], dict[str, object]]) -> None:
    """The file, rows sorted by game and colluders (written after every run: an interrupted run keeps them)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows[key] for key in sorted(rows))
    temporary = COMMITTED_COLLUDERS.with_suffix(".tmp")
    temporary.write_text(buffer.getvalue(), encoding="utf-8")
    temporary.replace(COMMITTED_COLLUDERS)


if __name__ == "__main__":
    sys.exit(main())
