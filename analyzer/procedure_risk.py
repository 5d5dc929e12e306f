"""The procedure risk table: a game's house edge under normal play and under each procedure leak.

One row per procedure (normal play, one dealer card exposed, two ...), with
the exact house edge per ante under the optimal strategy for what the player
then knows, and a loud flag where the leak hands the player the advantage
(a negative house edge). Leaks whose analysis is not at hand are listed as
not computed, with the reason, rather than left out.

>>> from fractions import Fraction
>>> table = procedure_risk_table([("normal play", Fraction(3, 100), "exhaustive"),
...                               ("1 dealer card exposed", Fraction(-1, 10), "exhaustive")])
>>> table["who has the edge"].tolist()
['house', 'PLAYER ADVANTAGE: the leak turns the game']
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pandas as pd

from analyzer.cache import cache_folder
from analyzer.exposure import expose
from analyzer.results import GameResults
from analyzer.rules import GameRules
from analyzer.sanity import percent

PLAYER_ADVANTAGE = "PLAYER ADVANTAGE: the leak turns the game"

#: Exposures an exact enumeration covers within this version's budget (dealer cards seen in all, up-card
#: included): one. Two seen cards mean 169 classes of exposed pairs of ~10^6 player classes each (about
#: 10^8 rows, several GB and well over ten minutes on two cores), left as a documented limitation.
MAX_SEEN_DEALER_CARDS = 1


def exposure_label(exposed: int) -> str:
    """``normal play`` or ``N dealer card(s) exposed``."""
    return "normal play" if exposed == 0 else f"{exposed} dealer card{'s' if exposed > 1 else ''} exposed"


def unsupported_exposure(rules: GameRules, exposed: int) -> str | None:
    """Why ``exposed`` face-down dealer cards of this game cannot be analysed here, or None if they can."""
    if rules.engine != "one_decision":
        return f"{rules.title}: exposed dealer cards are not supported for this game yet"
    seen = rules.dealer_up_cards + exposed
    if seen > MAX_SEEN_DEALER_CARDS:
        return (f"{rules.title} with {exposed} exposed dealer card{'s' if exposed > 1 else ''} means {seen} dealer "
                f"cards seen: beyond this version's exact budget (at most {MAX_SEEN_DEALER_CARDS} seen card)")
    return None


def is_cached(rules: GameRules, exposed: int) -> bool:
    """Whether the enumeration of ``rules`` with ``exposed`` dealer cards seen is in the cache."""
    return (cache_folder(expose(rules, exposed) if exposed else rules) / "situations.npz").is_file()


def procedure_risk_table(rows: list[tuple[str, Fraction | None, str]]) -> pd.DataFrame:
    """(procedure, house edge per ante or None, method) rows as the report's table."""
    return pd.DataFrame({
        "procedure": [procedure for procedure, _, _ in rows],
        "house edge per ante": ["not computed" if edge is None else percent(edge) for _, edge, _ in rows],
        "exact": ["" if edge is None else str(edge) for _, edge, _ in rows],
        "who has the edge": ["" if edge is None else PLAYER_ADVANTAGE if edge < 0 else "house"
                             for _, edge, _ in rows],
        "method": [method for _, _, method in rows],
    })


def procedure_risk(rules: GameRules, analysed: dict[int, GameResults],
                   load: Callable[[int], GameResults]) -> pd.DataFrame:
    """The table for one game: normal play and every exposure, from the ``analysed`` results by number of
    exposed cards, else from ``load`` when the exposure's enumeration is cached, else "not computed"."""
    rows = []
    for exposed in range(3):
        results = analysed.get(exposed)
        why = unsupported_exposure(rules, exposed) if exposed else None
        if results is None and why is None and is_cached(rules, exposed):
            results = load(exposed)
        if results is None:
            rows.append((exposure_label(exposed), None, why or "not computed yet: run analyzer protect"))
        else:
            rows.append((exposure_label(exposed), results.main_figures()["house_edge_per_ante"],
                         "exhaustive enumeration, optimal strategy for what the player sees"))
    return procedure_risk_table(rows)
