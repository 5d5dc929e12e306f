#!/usr/bin/env python3
"""Regenerate the committed class sums of the Hold'em games over streets, enumerations/GAME/street_sums.npz,
and beside them the flop choices (street_flop_choices.npz, for a game deciding on the flop) and the situations by
what a person sees (street_situations.npz).

    .venv/bin/python scripts/street_sums.py [--games thb casinoholdem] [--jobs 2] [--check]

Each shipped game that has committed sums (default: all of them; a game of one Play bet read over streets,
:func:`analyzer.engines.holdem.streets.as_streets`) is enumerated afresh over every flop class; ``--check`` compares
the fresh arrays with the committed ones, integer for integer, instead of writing them. A file whose arrays
are already the fresh ones is left as it is (its bytes too). A full run takes under a minute per game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from analyzer.core.committed import committed_folder
from analyzer.engines.holdem.street_engine import SUMS_FILE
from analyzer.engines.holdem.enumeration import FlopClassSums
from analyzer.engines.holdem.street_game import (
    FLOP_CHOICES_FILE,
    SITUATIONS_FILE,
    enumerate_street_sums,
    save_flop_choices,
    save_situations,
    save_sums,
)
from analyzer.engines.holdem.streets import as_streets
from analyzer.games.rules import game_names, load_game


def street_games() -> list[str]:
    """The shipped games whose street sums are committed."""
    return [name for name in game_names() if (committed_folder(name) / SUMS_FILE).is_file()]


def same_arrays(path: Path, fresh: FlopClassSums, names: Iterable[str]) -> bool:
    """Whether the file at ``path`` holds the arrays ``names`` of ``fresh``, integer for integer (no names: yes)."""
    names = list(names)
    if not names:
        return True
    if not path.is_file():
        return False
    with np.load(path) as saved:
        return all(name in saved and np.array_equal(saved[name], getattr(fresh, name)) for name in names)


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
        path, kind = committed_folder(name) / SUMS_FILE, type(fresh)
        same_sums = same_arrays(path, fresh, [name for name in kind.SHAPES if name not in kind.SITUATIONS])
        same_choices = same_arrays(path.with_name(FLOP_CHOICES_FILE), fresh, kind.ROWS)
        same_situations = same_arrays(path.with_name(SITUATIONS_FILE), fresh, kind.SITUATIONS)
        if args.check:
            print(f"{path}: sums {'identical' if same_sums else 'DIFFER'}, flop choices "
                  f"{'identical' if same_choices else 'DIFFER'}, situations "
                  f"{'identical' if same_situations else 'DIFFER'}")
            differs += not (same_sums and same_choices and same_situations)
            continue
        if not same_choices:
            save_flop_choices(path, fresh)
            print(f"wrote {path.with_name(FLOP_CHOICES_FILE)}")
        if not same_situations:
            save_situations(path, fresh)
            print(f"wrote {path.with_name(SITUATIONS_FILE)}")
        if not same_sums:
            save_sums(path, fresh)
            print(f"wrote {path}")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
