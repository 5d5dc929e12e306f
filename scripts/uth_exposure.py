#!/usr/bin/env python3
"""Ultimate Texas Hold'em with one dealer hole card seen: the exact edge under optimal play.

    PYTHONPATH=. .venv/bin/python scripts/uth_exposure.py [--jobs 2] [--checkpoint DIR]
    PYTHONPATH=. .venv/bin/python scripts/uth_exposure.py --time 4     # time 4 flop classes, project a full run

A full run enumerates every flop class (chunks saved to the checkpoint folder,
so an interrupted run resumes), prints the figures, and writes
``enumerations/protect/uth_exposed_1.json`` (exact figures as Fraction
strings) and ``enumerations/protect/uth_exposed_1_preflop.csv`` (the pre-flop
decision per starting-hand class and seen card). See
:mod:`analyzer.holdem.exposure`.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from analyzer.holdem.enumeration import flop_classes
from analyzer.holdem.exposure import EXPOSED_CYCLE, analyze_exposed, enumerate_exposed_sums

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "enumerations" / "protect"
CHECKPOINT = ROOT / "enumerations" / "cache" / "uth_exposed_1"
NORMAL_SUMMARY = ROOT / "enumerations" / "uth" / "summary.csv"


def normal_edge() -> Fraction:
    """The committed house edge per ante of normal play (no dealer card seen)."""
    with open(NORMAL_SUMMARY, encoding="utf-8", newline="") as handle:
        rows = {row["figure"]: row["value"] for row in csv.DictReader(handle)}
    return Fraction(rows["house_edge_per_ante"])


def timing(count: int, jobs: int) -> None:
    """Time ``count`` flop classes (spread over the list) on ``jobs`` threads and project a full run."""
    classes = len(flop_classes())
    enumerate_exposed_sums(jobs=1, progress=False, flop_class_indices=[0])  # compile / load the kernels
    indices = np.linspace(1, classes - 1, count).astype(int).tolist()
    started = time.perf_counter()
    enumerate_exposed_sums(jobs=jobs, progress=False, flop_class_indices=indices, chunk_flops=max(1, count // jobs))
    seconds = time.perf_counter() - started
    print(f"{count} flop classes on {jobs} thread(s): {seconds:.1f} s, {seconds / count:.3f} s per class; "
          f"projected full run ({classes} classes): {seconds / count * classes / 60:.1f} min")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--checkpoint", type=Path, default=CHECKPOINT, help="folder of finished chunks")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="folder of the JSON and CSV")
    parser.add_argument("--time", type=int, metavar="N", help="only time N flop classes and project a full run")
    args = parser.parse_args(argv)
    if args.time:
        timing(args.time, args.jobs)
        return 0
    started = time.perf_counter()
    results = analyze_exposed(jobs=args.jobs, progress=True, checkpoint_dir=args.checkpoint)
    seconds = time.perf_counter() - started
    if results.cycle != EXPOSED_CYCLE:
        raise ArithmeticError(f"deals {results.cycle} != cycle {EXPOSED_CYCLE}")
    figures = results.figures()
    normal = normal_edge()
    edge = figures["house_edge_per_ante"]
    report = {name: str(value) for name, value in figures.items()}
    report.update({
        "house_edge_percent": f"{float(100 * edge):.6f}",
        "element_of_risk_percent": f"{float(100 * figures['element_of_risk']):.6f}",
        "normal_house_edge_per_ante": str(normal),
        "normal_house_edge_percent": f"{float(100 * normal):.6f}",
        "edge_gain_per_ante": str(normal - edge),
        "cycle_order": "hole, seen dealer card, other dealer card, flop, turn+river",
        "exposed_dealer_cards": "1",
        "seconds": f"{seconds:.0f}",
    })
    for name, value in report.items():
        extra = f"  ({float(Fraction(value)) * 100:.6f} %)" if "/" in value else ""
        print(f"{name}: {value}{extra}")
    if edge > normal:
        raise ArithmeticError("seeing a dealer card raised the house edge")
    args.output.mkdir(parents=True, exist_ok=True)
    (args.output / "uth_exposed_1.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    table = results.preflop_table()
    for column in ("ev_check", "ev_3x", "ev_4x"):
        table[f"{column}_decimal"] = [f"{float(v):.6f}" for v in table[column]]
        table[column] = table[column].astype(str)
    table.to_csv(args.output / "uth_exposed_1_preflop.csv", index=False, lineterminator="\n")
    print(f"written: {args.output / 'uth_exposed_1.json'}, {args.output / 'uth_exposed_1_preflop.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
