"""Paytable variants side by side: each variant is the shipped game with one paytable file applied.

Every variant is analysed in full, so a paytable that changes the optimal
strategy (a main-game wager such as the Super Bonus) gets its own optimal
strategy; the table says whether the strategy moved.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pandas as pd

from analyzer.pipeline import analyze

SHIPPED = "as shipped"


def compare_paytables(game: str, paytable_files: list[Path], options: dict[str, str] | None = None,
                      jobs: int = 1, progress: bool = False) -> pd.DataFrame:
    """One row per variant (the shipped rules, then each file): the main game's exact house edge per
    ante, element of risk and standard deviation, the decision frequencies, and the default side bets."""
    rows, baseline = [], None
    for variant, files in [(SHIPPED, ())] + [(str(path), (path,)) for path in paytable_files]:
        result = analyze(game, options, jobs=jobs, progress=progress, paytable_files=files)
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


def as_display(frame: pd.DataFrame) -> pd.DataFrame:
    """The comparison with exact fractions shown as percentages (6 decimals)."""
    shown = frame.copy()
    for column in shown.columns:
        if shown[column].map(lambda value: isinstance(value, Fraction)).all():
            shown[column] = shown[column].map(lambda value: f"{float(value) * 100:.6f}%")
    shown["standard_deviation"] = shown["standard_deviation"].map(lambda value: f"{float(value):.6f}")
    return shown
