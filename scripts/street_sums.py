#!/usr/bin/env python3
"""Regenerate the committed class sums of the Hold'em games over streets, enumerations/GAME/street_sums.npz.

    .venv/bin/python scripts/street_sums.py [--games thb casinoholdem] [--jobs 2] [--check]

Each shipped game the streets engine serves (:mod:`analyzer.engines.holdem.street_engine`) that has
committed sums (default: all of them) is enumerated afresh over every flop class; ``--check`` compares
the fresh arrays with the committed ones, integer for integer, instead of writing them. A full run takes
minutes per game.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from analyzer.core.committed import committed_folder
from analyzer.engines.holdem.street_engine import SUMS_FILE, StreetHoldemEngine
from analyzer.engines.holdem.street_game import enumerate_street_sums, game_plan, load_sums, save_sums
from analyzer.engines.holdem.streets import as_streets
from analyzer.engines.registry import engine_for
from analyzer.games.rules import game_names, load_game


def street_games() -> list[str]:
    """The shipped games served by the streets engine whose sums are committed."""
    return [name for name in game_names() if isinstance(engine_for(load_game(name)), StreetHoldemEngine)
            and (committed_folder(name) / SUMS_FILE).is_file()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=None, help="default: every game with committed street sums")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare with the committed sums, write nothing")
    args = parser.parse_args(argv)
    differs = 0
    for name in args.games or street_games():
        rules = as_streets(load_game(name))
        fresh = enumerate_street_sums(rules, jobs=args.jobs, progress=True)
        path = committed_folder(name) / SUMS_FILE
        if not args.check:
            save_sums(path, fresh)
            print(f"wrote {path}")
            continue
        saved = load_sums(path, game_plan(rules)[0])
        same = all(np.array_equal(getattr(saved, field), getattr(fresh, field)) for field in type(fresh).SHAPES)
        print(f"{path}: {'identical' if same else 'DIFFERS'}")
        differs += not same
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
