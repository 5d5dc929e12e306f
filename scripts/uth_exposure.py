#!/usr/bin/env python3
"""Ultimate Texas Hold'em with one or both dealer hole cards seen: the exact edge under optimal play.

    PYTHONPATH=. .venv/bin/python scripts/uth_exposure.py --seen 1 [--jobs 2] [--checkpoint DIR]
    PYTHONPATH=. .venv/bin/python scripts/uth_exposure.py --seen 2 [--jobs 2] [--checkpoint DIR]
    PYTHONPATH=. .venv/bin/python scripts/uth_exposure.py --seen 2 --time 8   # time 8 flop classes, project a full run

A full run enumerates every flop class (chunks saved to the checkpoint folder,
so an interrupted run resumes), prints the figures, and writes
``enumerations/protect/uth_exposed_K.json`` (exact figures as Fraction
strings) and ``enumerations/protect/uth_exposed_K_preflop.csv``, K the
number of dealer cards seen:

* ``--seen 1`` (:mod:`analyzer.engines.holdem.exposure`): the pre-flop decision per
  starting-hand class and seen card, with each choice's exact EV;
* ``--seen 2`` (:mod:`analyzer.engines.holdem.exposure_both`): per starting-hand class
  and dealer's starting-hand class, (hole, dealer pair) combinations per
  pre-flop decision and the exact EV of optimal play; also
  ``normal_raise_evs_match`` (3x and 4x EVs per starting-hand class equal to
  the normal engine's) and the one-card edge.

``complete`` and ``normal_raise_evs_match`` are JSON booleans; ``seconds`` is
the wall time of the invocation that wrote the file (a run resumed from its
checkpoints takes seconds: keep the full run's time when re-writing).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

import numpy as np

from analyzer.engines.holdem.enumeration import HAND_CLASSES, SCALE, flop_classes
from analyzer.engines.holdem.exposure import (
    EXPOSED_CYCLE,
    analyze_exposed,
    enumerate_exposed_sums,
)
from analyzer.engines.holdem.exposure_both import (
    BOTH_CYCLE,
    BothResults,
    analyze_both,
    enumerate_both_sums,
)
from analyzer.engines.holdem.exposure_results import SeenResults

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "enumerations" / "protect"
CHECKPOINTS = ROOT / "enumerations" / "cache"
NORMAL_SUMMARY = ROOT / "enumerations" / "uth" / "summary.csv"
NORMAL_PREFLOP = ROOT / "enumerations" / "uth" / "preflop.csv"
ONE_CARD = OUTPUT / "uth_exposed_1.json"


class Case(NamedTuple):
    """One exposure case: its analysis, its class sums (for timing), its cycle and the cycle's order."""

    analyze: Callable[..., SeenResults]
    enumerate_sums: Callable[..., object]
    cycle: int
    cycle_order: str


CASES = {1: Case(analyze_exposed, enumerate_exposed_sums, EXPOSED_CYCLE,
                 "hole, seen dealer card, other dealer card, flop, turn+river"),
         2: Case(analyze_both, enumerate_both_sums, BOTH_CYCLE, "hole, dealer pair, flop, turn+river")}


def normal_edge() -> Fraction:
    """The committed house edge per ante of normal play (no dealer card seen)."""
    with open(NORMAL_SUMMARY, encoding="utf-8", newline="") as handle:
        rows = {row["figure"]: row["value"] for row in csv.DictReader(handle)}
    return Fraction(rows["house_edge_per_ante"])


def normal_raise_evs_match(results: BothResults) -> bool:
    """Whether, per starting-hand class, the 3x and 4x EVs (summed over the dealer pair, which seeing it
    does not change) equal the committed normal ones (enumerations/uth/preflop.csv)."""
    with open(NORMAL_PREFLOP, encoding="utf-8", newline="") as handle:
        rows = {row["class"]: row for row in csv.DictReader(handle)}
    sums, deals = results.hand_class_raise_values()
    for k, name in enumerate(HAND_CLASSES):
        a, b = int(sums[k, 0]), int(sums[k, 1])
        for multiple in (3, 4):
            if Fraction(a + multiple * b, SCALE * int(deals[k])) != Fraction(rows[name][f"ev_{multiple}x"]):
                return False
    return True


def timing(case: Case, count: int, jobs: int) -> None:
    """Time ``count`` flop classes (spread over the list) on ``jobs`` threads and project a full run."""
    classes = len(flop_classes())
    case.enumerate_sums(jobs=1, progress=False, flop_class_indices=[0])  # compile / load the kernels
    indices = np.linspace(1, classes - 1, count).astype(int).tolist()
    started = time.perf_counter()
    case.enumerate_sums(jobs=jobs, progress=False, flop_class_indices=indices, chunk_flops=max(1, count // jobs))
    seconds = time.perf_counter() - started
    print(f"{count} flop classes on {jobs} thread(s): {seconds:.1f} s, {seconds / count:.3f} s per class; "
          f"projected full run ({classes} classes): {seconds / count * classes / 60:.1f} min")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seen", type=int, choices=sorted(CASES), default=1, help="dealer hole cards seen")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--checkpoint", type=Path, help="folder of finished chunks "
                        "(default: enumerations/cache/uth_exposed_K)")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="folder of the JSON and CSV")
    parser.add_argument("--time", type=int, metavar="N", help="only time N flop classes and project a full run")
    args = parser.parse_args(argv)
    seen, case = args.seen, CASES[args.seen]
    if args.time:
        timing(case, args.time, args.jobs)
        return 0
    started = time.perf_counter()
    results = case.analyze(jobs=args.jobs, progress=True,
                           checkpoint_dir=args.checkpoint or CHECKPOINTS / f"uth_exposed_{seen}")
    seconds = time.perf_counter() - started
    if results.cycle != case.cycle:
        raise ArithmeticError(f"deals {results.cycle} != cycle {case.cycle}")
    figures = results.figures()
    if seen == 2:
        figures["normal_raise_evs_match"] = normal_raise_evs_match(results)
        if not figures["normal_raise_evs_match"]:
            raise ArithmeticError("3x/4x EVs per starting-hand class differ from the normal engine's")
    normal = normal_edge()
    edge = figures["house_edge_per_ante"]
    report: dict[str, object] = {name: value if isinstance(value, bool) else str(value)
                                 for name, value in figures.items()}
    report.update({
        "house_edge_percent": f"{float(100 * edge):.6f}",
        "element_of_risk_percent": f"{float(100 * figures['element_of_risk']):.6f}",
        "normal_house_edge_per_ante": str(normal),
        "normal_house_edge_percent": f"{float(100 * normal):.6f}",
    })
    if seen == 2:
        one_card = Fraction(json.loads(ONE_CARD.read_text(encoding="utf-8"))["house_edge_per_ante"])
        report.update({"one_card_house_edge_per_ante": str(one_card),
                       "one_card_house_edge_percent": f"{float(100 * one_card):.6f}"})
    report.update({
        "edge_gain_per_ante": str(normal - edge),
        "cycle_order": case.cycle_order,
        "exposed_dealer_cards": str(seen),
        "seconds": f"{seconds:.0f}",
    })
    for name, value in report.items():
        extra = f"  ({float(Fraction(value)) * 100:.6f} %)" if isinstance(value, str) and "/" in value else ""
        print(f"{name}: {value}{extra}")
    if seen == 1 and edge > normal:
        raise ArithmeticError("seeing a dealer card raised the house edge")
    if seen == 2 and edge > one_card:
        raise ArithmeticError("seeing both dealer cards gave less than seeing one")
    args.output.mkdir(parents=True, exist_ok=True)
    json_path, csv_path = args.output / f"uth_exposed_{seen}.json", args.output / f"uth_exposed_{seen}_preflop.csv"
    json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    table = results.preflop_table()
    for column in [column for column in table.columns if column.startswith("ev_")]:
        table[f"{column}_decimal"] = [f"{float(v):.6f}" for v in table[column]]
        table[column] = table[column].astype(str)
    table.to_csv(csv_path, index=False, lineterminator="\n")
    print(f"written: {json_path}, {csv_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
