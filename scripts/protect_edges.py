#!/usr/bin/env python3
"""Compute exact edges with dealer cards exposed and record them in enumerations/protect/edges.csv.

    .venv/bin/python scripts/protect_edges.py crazy4:2 super4:2 [--jobs 2]

Each GAME:K is the game as shipped with K of the dealer's face-down cards
seen (K = 0: normal play). Rows already in the file for other GAME:K pairs
are kept; the file is what the procedure risk table falls back on when an
exposure is not in the cache. Full runs take minutes each (see README).
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from fractions import Fraction
from pathlib import Path

from analyzer.core.committed import COMMITTED_EDGES
from analyzer.engines.base import Run
from analyzer.pipeline import rules_and_engine

COLUMNS = ["game", "exposed_dealer_cards", "cycle", "house_edge_per_ante", "element_of_risk", "house_edge_percent",
           "element_of_risk_percent", "average_total_bet"]


def edge_row(game: str, exposed: int, jobs: int) -> dict[str, object]:
    """One file row: the exact figures of ``game`` with ``exposed`` dealer cards seen."""
    rules, engine = rules_and_engine(game)
    if exposed:
        exposure = engine.exposure(rules, exposed, Run(jobs, progress=True))
        figures = exposure.figures if exposure.results is None else {**exposure.figures,
                                                                      "cycle": exposure.results.cycle}
    else:
        analysis = engine.analyze(rules, Run(jobs, progress=True))
        figures = {**analysis.main_figures(), "cycle": analysis.cycle}
    edge, risk = Fraction(figures["house_edge_per_ante"]), Fraction(figures["element_of_risk"])
    return {"game": game, "exposed_dealer_cards": exposed, "cycle": figures["cycle"], "house_edge_per_ante": edge,
            "element_of_risk": risk, "house_edge_percent": f"{float(100 * edge):.6f}",
            "element_of_risk_percent": f"{float(100 * risk):.6f}", "average_total_bet": figures["average_total_bet"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="GAME:K")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    rows: dict[tuple[str, int], dict[str, object]] = {}
    if COMMITTED_EDGES.is_file():
        with open(COMMITTED_EDGES, encoding="utf-8", newline="") as handle:
            rows = {(row["game"], int(row["exposed_dealer_cards"])): row for row in csv.DictReader(handle)}
    for run in args.runs:
        game, _, exposed = run.partition(":")
        rows[game, int(exposed)] = edge_row(game, int(exposed), args.jobs)
        print(rows[game, int(exposed)], flush=True)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows[key] for key in sorted(rows))
    Path(COMMITTED_EDGES).write_text(buffer.getvalue(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
