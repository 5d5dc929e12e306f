"""Procedure leaks in Hold'em: one or both dealer hole cards seen (exact, committed full runs) and
colluding players (estimated).

The full runs with one and with both dealer hole cards seen
(``scripts/street_exposure.py --game GAME --seen K``) are committed in
``enumerations/protect/<game>_exposed_{1,2}.json`` with their pre-flop decision
tables. They hold for the shipped game's main wagers with any side-bet paytables.

>>> hole_cards_label(2)
'both dealer hole cards seen'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TypedDict

import pandas as pd

from analyzer.core.committed import PROTECT
from analyzer.engines.base import COMMITTED, EXHAUSTIVE, Exposure, RiskRow, Run
from analyzer.games.rules import GameRules


def committed_run(game: str, seen: int) -> Path:
    """The committed exact full run of a shipped game with ``seen`` dealer hole cards seen (JSON figures).

    >>> committed_run("uth", 2).name
    'uth_exposed_2.json'
    """
    return PROTECT / f"{game}_exposed_{seen}.json"


def committed_preflop(game: str, seen: int) -> Path:
    """Its pre-flop decisions: per (starting hand, seen card) class; per (starting hand, dealer hand) class."""
    return PROTECT / f"{game}_exposed_{seen}_preflop.csv"


def hole_cards_label(seen: int) -> str:
    """``1 dealer hole card seen`` or ``both dealer hole cards seen``."""
    return "1 dealer hole card seen" if seen == 1 else "both dealer hole cards seen"


class CommittedFigures(TypedDict):
    """The exact figures of a committed complete run (:func:`committed_holdem_figures`)."""

    cycle: int
    house_edge_per_ante: Fraction
    house_edge_per_initial_wager: Fraction
    average_total_bet: Fraction
    element_of_risk: Fraction
    actions: dict[str, Fraction]


def committed_holdem_figures(rules: GameRules, seen: int) -> CommittedFigures | None:
    """The exact figures of the committed complete run with ``seen`` dealer hole cards seen, or None."""
    path = committed_run(rules.name, seen)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("complete") is not True:
        return None
    return {"cycle": int(data["cycle"]), "house_edge_per_ante": Fraction(data["house_edge_per_ante"]),
            "house_edge_per_initial_wager": Fraction(data["house_edge_per_initial_wager"]),
            "average_total_bet": Fraction(data["average_total_bet"]),
            "element_of_risk": Fraction(data["element_of_risk"]),
            "actions": {name.removeprefix("frequency "): Fraction(value) for name, value in data.items()
                        if name.startswith("frequency ")}}


def exposure_rows(rules: GameRules, normal_edge: Fraction, known: dict[int, Fraction], committed_apply: bool,
                  problem: Callable[[int], str | None]) -> list[RiskRow]:
    """Normal play, one and both dealer hole cards seen: the ``known`` edges by cards seen, else why the engine
    cannot analyse them (``problem(seen)``), else the committed full runs when they hold for ``rules``
    (``committed_apply``: the shipped game's main wagers), else "not computed"."""
    rows: list[RiskRow] = [("normal play", normal_edge, EXHAUSTIVE)]
    for seen in (1, 2):
        found = committed_holdem_figures(rules, seen) if committed_apply else None
        if seen in known:
            rows.append((hole_cards_label(seen), known[seen], EXHAUSTIVE))
        elif (why := problem(seen)) is not None:
            rows.append((hole_cards_label(seen), None, f"not computed: {why}"))
        elif found is not None:
            rows.append((hole_cards_label(seen), found["house_edge_per_ante"], EXHAUSTIVE + COMMITTED))
        else:
            rows.append((hole_cards_label(seen), None, f"not computed yet: run analyzer protect {rules.name} "
                                                       f"--exposed-dealer-cards {seen} --no-cache"))
    return rows


def committed_exposure(rules: GameRules, seen: int, run: Run, committed_apply: bool
                       ) -> tuple[dict[str, object], pd.DataFrame] | None:
    """The figures and pre-flop table of the committed full run with ``seen`` dealer cards seen, when it holds
    for ``rules`` (``committed_apply``) and the run may reuse results (``run.cache``; said through
    ``run.tell``), else None."""
    figures = committed_holdem_figures(rules, seen) if run.cache and committed_apply else None
    if figures is None:
        return None
    run.tell(f"using the committed exact run {committed_run(rules.name, seen)}")
    return dict(figures), pd.read_csv(committed_preflop(rules.name, seen), dtype=str)


def exposure_of(rules: GameRules, seen: int, figures: dict[str, object], preflop: pd.DataFrame) -> Exposure:
    """The exposure a command shows and writes: its title, figures and pre-flop decision table."""
    title = f"{rules.title}, {hole_cards_label(seen)}: exact, optimal play for what the player sees"
    seen_text = "seen card" if seen == 1 else "dealer hand"
    return Exposure(title, seen, figures, tables=(
        ("Pre-flop", f"{title}: pre-flop decision per starting hand and {seen_text}", preflop),))
