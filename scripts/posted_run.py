#!/usr/bin/env python3
"""Regenerate a Hold'em game's committed posted-strategy run (enumerations/<game>_posted/).

    .venv/bin/python scripts/posted_run.py --game GAME [--jobs 2] [--dealer-outs 21] [--checkpoint-dir DIR]

The posted strategy card played over every deal (:mod:`analyzer.engines.holdem.posted`), its exact
figures and its cost against the game's committed optimal run. About 95 s on two cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

from analyzer.core.committed import committed_folder
from analyzer.engines.holdem.posted import (
    SUMMARY_FIGURES,
    PostedStrategy,
    load_posted_counts,
    write_posted_results,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", required=True, help="the shipped Hold'em game whose committed folders are used")
    parser.add_argument("--output", type=Path, default=None, help="default: the game's committed <game>_posted folder")
    parser.add_argument("--optimal", type=Path, default=None, help="default: the game's committed folder")
    parser.add_argument("--dealer-outs", type=int, default=None,
                        help="add the card's river clause: also bet 1x with fewer dealer outs than this (21)")
    parser.add_argument("--checkpoint-dir", type=Path, default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    output = args.output or committed_folder(args.game, "posted")
    optimal = args.optimal or committed_folder(args.game)
    strategy = PostedStrategy(river_fewer_dealer_outs_than=args.dealer_outs)
    start = time.perf_counter()
    counts = write_posted_results(output, optimal, strategy, jobs=args.jobs, progress=not args.quiet,
                                  checkpoint_dir=args.checkpoint_dir)
    elapsed = time.perf_counter() - start
    figures = load_posted_counts(output, optimal)
    print(f"{strategy}\ncycle {counts.cycle:,}; {elapsed:.1f} s")
    for name, value in zip(SUMMARY_FIGURES, (figures.house_edge, figures.optimal_house_edge, figures.cost), strict=True):
        print(f"{name}: {value.numerator}/{value.denominator} = {100 * float(value):.6f}%")
    for point, table, choices in (("flop", counts.flop_actions, ("2x", "check")),
                                  ("river", counts.river_actions, ("1x", "fold"))):
        print(point, ", ".join(f"{choice} {Fraction(int(n), counts.cycle)}"
                               for choice, n in zip(choices, table.sum(axis=0), strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
