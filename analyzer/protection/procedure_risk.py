"""The procedure risk table: a game's house edge under normal play and under each procedure leak.

One row per procedure (normal play, one dealer card exposed, two, one to
six colluding players), with the house edge per ante under the optimal
strategy for what the player then knows, and a loud flag where the leak hands
the player the advantage (a negative house edge). Exposures are exact;
colluders are estimates (:mod:`analyzer.engines.one_decision.collusion`; for the Hold'em games
:mod:`analyzer.engines.holdem.street_collusion`), shown with their 95% interval and flagged
as such. Leaks whose analysis is not at hand are listed
as not computed, with the reason, rather than left out.

>>> from fractions import Fraction
>>> table = procedure_risk_table([("normal play", Fraction(3, 100), "exhaustive"),
...                               ("1 dealer card exposed", Fraction(-1, 10), "exhaustive")])
>>> table["who has the edge"].tolist()
['house', 'PLAYER ADVANTAGE: the leak turns the game']

The first row is normal play: a player advantage there is the game's, not a leak's.

>>> procedure_risk_table([("normal play", Fraction(-3, 100), "exhaustive")])["who has the edge"].tolist()
['PLAYER ADVANTAGE: the game as analysed favours the player']
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core.figures import percent
from analyzer.engines.base import COMMITTED, MAX_COLLUDERS, RiskRow, Run
from analyzer.engines.collusion import CollusionEstimate
from analyzer.engines.registry import engine_for
from analyzer.games.rules import GameRules

PLAYER_ADVANTAGE = "PLAYER ADVANTAGE: the leak turns the game"
#: The flag of the first row, normal play, when the game itself favours the player (no leak involved).
PLAYER_GAME = "PLAYER ADVANTAGE: the game as analysed favours the player"
UNCERTAIN = "uncertain: the 95% interval includes 0"
NOT_COMPUTED = "not computed"


def _who(edge: Fraction | None, interval: tuple[float, float] | None, normal: bool = False) -> str:
    """Who has the edge; ``normal``: the row of normal play, where no leak can be blamed."""
    if edge is None:
        return ""
    if interval is not None and interval[0] < 0 < interval[1]:
        return UNCERTAIN
    if edge >= 0:
        return "house"
    return PLAYER_GAME if normal else PLAYER_ADVANTAGE


def procedure_risk_table(rows: list[RiskRow]) -> pd.DataFrame:
    """(procedure, house edge per ante or None, method[, 95% interval of an estimate]) rows as the
    report's table; an estimate has no "exact" figure."""
    intervals = [row[3] if len(row) > 3 else None for row in rows]
    return pd.DataFrame({
        "procedure": [row[0] for row in rows],
        "house edge per ante": [NOT_COMPUTED if row[1] is None else percent(row[1]) for row in rows],
        "exact": ["" if row[1] is None or interval else str(row[1]) for row, interval in zip(rows, intervals, strict=True)],
        "95% interval": ["" if interval is None else f"{percent(interval[0])} to {percent(interval[1])}"
                         for interval in intervals],
        "who has the edge": [_who(row[1], interval, index == 0)
                             for index, (row, interval) in enumerate(zip(rows, intervals, strict=True))],
        "method": [row[2] for row in rows],
    })


def colluders_label(colluders: int) -> str:
    """``N colluding player(s)``."""
    return f"{colluders} colluding player{'s' if colluders > 1 else ''}"


def collusion_rows(rules: GameRules, estimates: dict[int, CollusionEstimate] | None = None) -> list[RiskRow]:
    """One row per number of colluders: the estimate in hand, else the committed one, else not computed."""
    rows: list[RiskRow] = []
    estimates = estimates or {}
    engine = engine_for(rules)
    why = engine.collusion_problem(rules)
    for colluders in range(1, MAX_COLLUDERS + 1):
        estimate = estimates.get(colluders) or engine.committed_collusion(rules, colluders)
        if estimate is None:
            rows.append((colluders_label(colluders), None, f"not computed: {why}" if why else
                         f"not computed yet: run analyzer protect {rules.name} --colluding-players {colluders}"))
        else:
            committed = "" if colluders in estimates else COMMITTED
            rows.append((colluders_label(colluders), estimate.edge, estimate.method() + committed,
                         estimate.interval()))
    return rows


def procedure_risk(rules: GameRules, run: Run, known: dict[int, Fraction] | None = None,
                   colluders: dict[int, CollusionEstimate] | None = None) -> pd.DataFrame:
    """The table for one game: normal play and every leak of dealer cards its engine analyses (the
    ``known`` house edges per ante by cards seen, else cached or committed results, else "not
    computed"), then the colluder estimates (``colluders`` by number of colluders, else committed ones)."""
    engine = engine_for(rules)
    return procedure_risk_table(engine.exposure_rows(rules, run, known or {})
                                + collusion_rows(rules, colluders))
