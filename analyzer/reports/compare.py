"""Paytable variants side by side: each variant is the shipped game with one paytable file applied.

Every variant is analysed in full, so a paytable that changes the optimal
strategy (a main-game wager such as the Super Bonus) gets its own optimal
strategy; the table says whether the strategy moved. A file holding several
tables of one main wager gives one variant per table.
"""

from __future__ import annotations

from dataclasses import replace
from hashlib import sha256
from fractions import Fraction
from pathlib import Path

import pandas as pd

from analyzer.engines.base import Run
from analyzer.engines.registry import engine_for
from analyzer.engines.results import GameResults
from analyzer.games.paytables import read_toml_file
from analyzer.games.rules import GameRules, load_game

SHIPPED = "as shipped"


def variants(game: str, paytable_files: list[Path], options: dict[str, str] | None = None
             ) -> list[tuple[str, GameRules]]:
    """The shipped rules, then each other paytable the game itself gives a main wager (Jacks or Better's
    8/5 beside its 9/6), then each file's: one variant per file, or, where a file holds several tables of
    one main wager (Blind tables, say), one variant per table, each the wager's default in turn."""
    shipped = load_game(game, options)
    found = [(SHIPPED, shipped)]
    for wager in shipped.wagers:
        for table in wager.paytables:
            if table != wager.default_paytable:
                chosen = tuple(replace(w, default_paytable=table) if w is wager else w for w in shipped.wagers)
                variant = sha256(f"{shipped.input_hash} {wager.name}={table}".encode()).hexdigest()
                found.append((f"{wager.name} {table}", replace(shipped, wagers=chosen, input_hash=variant)))
    for path in paytable_files:
        rules = load_game(game, options, (path,))
        _, supplied = read_toml_file(path, "paytable")
        several = [(wager, table) for wager, entry in supplied.get("wagers", {}).items()
                   if len(entry.get("paytables", {})) > 1 for table in entry["paytables"]]
        if not several:
            found.append((str(path), rules))
        for wager, table in several:
            chosen = tuple(replace(w, default_paytable=table) if w.name == wager else w for w in rules.wagers)
            found.append((f"{path}: {wager} {table}", replace(rules, wagers=chosen)))
    return found


def compare_paytables(game: str, paytable_files: list[Path], options: dict[str, str] | None = None,
                      jobs: int = 1, progress: bool = False) -> pd.DataFrame:
    """One row per variant (:func:`variants`): the main game's exact house edge per ante, element of risk
    and standard deviation, whether the decision frequencies moved, and the default side bets."""
    rows, baseline = [], None
    for variant, rules in variants(game, paytable_files, options):
        result = analyze_rules(rules, Run(jobs, progress))
        figures = result.main_figures()
        actions = figures["actions"]
        baseline = baseline or actions
        row: dict[str, object] = {
            "variant": variant,
            "house_edge_per_ante": figures["house_edge_per_ante"],
            "element_of_risk": figures["element_of_risk"],
            "standard_deviation": figures["standard_deviation"],
            "strategy_changed": actions != baseline,
        }
        for wager in result.rules.wagers:
            if wager.paytable is not None:
                row[f"{wager.name} paytable"] = wager.paytable.name
        for bet, tables in result.side_bet_figures().items():
            default = next(name for name, entry in tables.items() if entry["default"])
            row[f"{bet} paytable"] = default
            row[f"{bet} house_edge"] = tables[default]["house_edge"]
        rows.append(row)
    return pd.DataFrame(rows)


def analyze_rules(rules: GameRules, run: Run) -> GameResults:
    """The exact analysis of one variant by its engine."""
    return engine_for(rules).analyze(rules, run)


def as_display(frame: pd.DataFrame) -> pd.DataFrame:
    """The comparison with exact fractions shown as percentages (6 decimals)."""
    shown = frame.copy()
    for column in shown.columns:
        if shown[column].map(lambda value: isinstance(value, Fraction)).all():
            shown[column] = shown[column].map(lambda value: f"{float(value) * 100:.6f}%")
    shown["standard_deviation"] = shown["standard_deviation"].map(lambda value: f"{float(value):.6f}")
    return shown
