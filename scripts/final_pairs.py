#!/usr/bin/env python3
"""Regenerate the committed Hold'em final-hand-pairs table, enumerations/final_hand_pairs/final_pairs.csv.

    .venv/bin/python scripts/final_pairs.py [--jobs 2] [--check]

Every flop class of the one-Play-bet enumeration, its final hand lines paired
(:mod:`analyzer.engines.holdem.final_pairs`); the table does not depend on
the game. ``--check`` compares with the committed file instead of writing it.
A full run takes minutes.
"""

from __future__ import annotations

import argparse
import sys

from analyzer.core.committed import committed_folder
from analyzer.engines.holdem.final_pairs import COMMITTED, FILE, enumerate_final_pairs, pairs_csv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare with the committed table, write nothing")
    args = parser.parse_args(argv)
    text = pairs_csv(enumerate_final_pairs(jobs=args.jobs))
    path = committed_folder(COMMITTED) / FILE
    if args.check:
        same = path.read_text(encoding="utf-8") == text
        print(f"{path}: {'identical' if same else 'DIFFERS'}")
        return 0 if same else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
