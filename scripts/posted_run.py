#!/usr/bin/env python3
"""Regenerate a Hold'em game's committed posted-strategy run (enumerations/<game>_posted/).

    .venv/bin/python scripts/posted_run.py --game GAME [--jobs 2] [--dealer-outs 21]

The posted strategy card played over every deal by the streets kernel (:mod:`analyzer.engines.holdem.street_posted`),
its exact figures and its cost against the game's committed optimal run. About 20 s on two cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from analyzer.core.committed import committed_folder
from analyzer.engines.base import Run
from analyzer.engines.holdem.posted import SUMMARY_FIGURES, PostedStrategy, house_edge_of_settlement, load_posted_counts
from analyzer.engines.holdem.settlement_file import SETTLEMENT_FILE, read_settlement
from analyzer.engines.holdem.street_posted import write_posted_results
from analyzer.games.rules import load_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", required=True, help="the shipped Hold'em game whose committed folders are used")
    parser.add_argument("--output", type=Path, default=None, help="default: the game's committed <game>_posted folder")
    parser.add_argument("--optimal", type=Path, default=None, help="default: the game's committed folder")
    parser.add_argument("--dealer-outs", type=int, default=None,
                        help="add the card's river clause: also bet 1x with fewer dealer outs than this (21)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    output = args.output or committed_folder(args.game, "posted")
    optimal = args.optimal or committed_folder(args.game)
    strategy = PostedStrategy(river_fewer_dealer_outs_than=args.dealer_outs)
    optimal_edge = house_edge_of_settlement(read_settlement((optimal / SETTLEMENT_FILE).read_text(encoding="utf-8")))
    start = time.perf_counter()
    played = write_posted_results(output, optimal_edge, load_game(args.game), strategy,
                                  Run(jobs=args.jobs, progress=not args.quiet))
    elapsed = time.perf_counter() - start
    figures = load_posted_counts(output, optimal)
    print(f"{strategy}\ncycle {int(played.settlement_by_hand.sum()):,}; {elapsed:.1f} s")
    for name, value in zip(SUMMARY_FIGURES, (figures.house_edge, figures.optimal_house_edge, figures.cost), strict=True):
        print(f"{name}: {value.numerator}/{value.denominator} = {100 * float(value):.6f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
