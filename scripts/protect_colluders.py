#!/usr/bin/env python3
"""Estimate the edge with colluding players and record it in enumerations/protect/colluders.csv.

    .venv/bin/python scripts/protect_colluders.py crazy4:1-6 super4:1-6 fourcardfever:1-6 [--deals 20000]
    .venv/bin/python scripts/protect_colluders.py thb:1-6 casinoholdem:1-6 --deals 20000 --preflop-samples 0
    .venv/bin/python scripts/protect_colluders.py uth:1-6 --deals 20000 --preflop-samples 4

Each GAME:N (or GAME:FIRST-LAST) is the game as shipped with N other players'
hands known to the player, estimated by its engine
(:mod:`analyzer.engines.one_decision.collusion`; for a Hold'em game
:mod:`analyzer.engines.holdem.street_collusion`, where ``--deals`` counts
(colluders' cards, flop, player hand) samples and ``--preflop-samples`` the
colluder deals whose every flop is enumerated for the pre-flop use of the
cards, :mod:`analyzer.engines.holdem.colluder_preflop`; 0: pre-flop play as
normal, an upper bound on the edge, except in a game with no pre-flop
decision (Casino Hold'em), where none is sampled and the flop-on part is the
whole; run time in ``preflop_seconds``). Rows
already in the file for other GAME:N pairs are kept; the file is what the
procedure risk table shows when no estimate is in hand. Each run prints its
time.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
import time

from analyzer.core.atomic import write_atomically
from analyzer.core.committed import COMMITTED_COLLUDERS
from analyzer.engines.base import CollusionOptions, Run
from analyzer.engines.collusion import CollusionEstimate
from analyzer.engines.holdem.street_collusion import StreetCollusionEstimate
from analyzer.pipeline import rules_and_engine

COLUMNS = ["game", "colluders", "deals", "seed", "house_edge_estimate_percent", "standard_error_percent",
           "normal_house_edge_per_ante", "mean_information_value", "standard_error", "decisions_changed", "seconds",
           "preflop_information_values", "preflop_seconds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="GAME:N")
    parser.add_argument("--deals", type=int, default=20_000, help="per GAME:N (default 20,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--preflop-samples", type=int, default=None,
                        help="Hold'em: colluder deals with every flop (default: the engine's)")
    args = parser.parse_args(argv)
    rows: dict[tuple[str, int], dict[str, object]] = {}
    if COMMITTED_COLLUDERS.is_file():
        with open(COMMITTED_COLLUDERS, encoding="utf-8", newline="") as handle:
            rows = {(row["game"], int(row["colluders"])): row for row in csv.DictReader(handle)}
    for run in args.runs:
        game, _, span = run.partition(":")
        first, _, last = span.partition("-")
        for colluders in range(int(first), int(last or first) + 1):
            started = time.perf_counter()
            estimate = run_estimate(game, colluders, args.deals, args.seed, args.preflop_samples, args.jobs)
            rows[game, colluders] = {
                "game": game, "colluders": colluders, "deals": estimate.deals, "seed": estimate.seed,
                "house_edge_estimate_percent": f"{float(100 * estimate.edge):.6f}",
                "standard_error_percent": f"{100 * estimate.standard_error:.6f}",
                "normal_house_edge_per_ante": estimate.normal_edge, "mean_information_value": estimate.mean_gain,
                "standard_error": repr(estimate.standard_error), "decisions_changed": estimate.switched,
                "seconds": f"{estimate.seconds:.1f}"}
            if isinstance(estimate, StreetCollusionEstimate) and estimate.preflop_gains:
                rows[game, colluders].update(
                    preflop_information_values=";".join(str(gain) for gain in estimate.preflop_gains),
                    preflop_seconds=f"{time.perf_counter() - started - estimate.seconds:.1f}")
            print(rows[game, colluders], flush=True)
            write(rows)
    return 0


def run_estimate(game: str, colluders: int, deals: int, seed: int, preflop_samples: int | None,
                 jobs: int) -> CollusionEstimate:
    """The estimate for one game as shipped, by its engine (``preflop_samples``: for an engine that takes them)."""
    rules, engine = rules_and_engine(game)
    defaults = engine.collusion_options(rules)
    return engine.collusion(rules, colluders, seed, Run(jobs, progress=True),
                            CollusionOptions(deals, preflop_samples if defaults.preflop_samples is not None else None))


def write(rows: dict[tuple[str, int], dict[str, object]]) -> None:
    """The file, rows sorted by game and colluders (written after every run: an interrupted run keeps them)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows[key] for key in sorted(rows))
    write_atomically(COMMITTED_COLLUDERS, lambda temporary: temporary.write_text(buffer.getvalue(), encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
