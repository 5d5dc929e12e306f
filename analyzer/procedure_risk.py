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

import csv
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pandas as pd

from analyzer.cache import cache_folder
from analyzer.enumeration import exposed_sets
from analyzer.exposure import expose
from analyzer.exposure_figures import TOTALS_VERSION, exposure_totals
from analyzer.results import GameResults
from analyzer.rules import GameRules, load_game
from analyzer.sanity import percent

PLAYER_ADVANTAGE = "PLAYER ADVANTAGE: the leak turns the game"

#: Dealer cards seen in all (up-card included) for which the full analysis (every table) is built: one.
#: Two seen cards mean 169 classes of exposed pairs of ~10^6 player classes each (about 10^8 rows):
#: their figures are summed one class at a time (:mod:`analyzer.exposure_figures`), without full tables.
MAX_SEEN_DEALER_CARDS = 1
MAX_STREAMED_SEEN_DEALER_CARDS = 2

#: Exact edges of the exposures computed once and committed (``scripts/protect_edges.py``).
COMMITTED_EDGES = Path(__file__).resolve().parents[1] / "enumerations" / "protect" / "edges.csv"


def exposure_label(exposed: int) -> str:
    """``normal play`` or ``N dealer card(s) exposed``."""
    return "normal play" if exposed == 0 else f"{exposed} dealer card{'s' if exposed > 1 else ''} exposed"


def unsupported_exposure(rules: GameRules, exposed: int) -> str | None:
    """Why ``exposed`` face-down dealer cards of this game cannot be analysed here, or None if they can."""
    if rules.engine != "one_decision":
        return f"{rules.title}: exposed dealer cards are not supported for this game yet"
    seen = rules.dealer_up_cards + exposed
    if seen > MAX_STREAMED_SEEN_DEALER_CARDS:
        return (f"{rules.title} with {exposed} exposed dealer card{'s' if exposed > 1 else ''} means {seen} dealer "
                f"cards seen: beyond this version's exact budget (at most {MAX_STREAMED_SEEN_DEALER_CARDS} seen)")
    return None


def figures_only(rules: GameRules, exposed: int) -> bool:
    """Whether the exposure is analysed by its figures only (summed class by class), not full tables."""
    return rules.dealer_up_cards + exposed > MAX_SEEN_DEALER_CARDS


def class_totals_folder(rules: GameRules, exposed: int) -> Path:
    """Where the class-by-class totals of a figures-only exposure are saved."""
    return cache_folder(expose(rules, exposed)) / "class-totals"


def cached_figures(rules: GameRules, exposed: int) -> dict[str, object] | None:
    """The figures of a figures-only exposure when every class's totals are in the cache."""
    exposed_rules = expose(rules, exposed)
    folder = class_totals_folder(rules, exposed)
    classes = len(exposed_sets(exposed_rules.dealer_up_cards)[0])
    if not folder.is_dir() or len(list(folder.glob(f"{TOTALS_VERSION}-*.json"))) != classes:
        return None
    return exposure_totals(exposed_rules, folder=folder).figures()


def committed_edge(rules: GameRules, exposed: int) -> Fraction | None:
    """The exact house edge committed in ``enumerations/protect/edges.csv``, for the game as shipped
    (default options and paytables) only."""
    if not COMMITTED_EDGES.is_file() or rules.input_hash != load_game(rules.name).input_hash:
        return None
    with open(COMMITTED_EDGES, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["game"] == rules.name and int(row["exposed_dealer_cards"]) == exposed:
                return Fraction(row["house_edge_per_ante"])
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
    exhaustive = "exhaustive enumeration, optimal strategy for what the player sees"
    for exposed in range(3):
        results = analysed.get(exposed)
        why = unsupported_exposure(rules, exposed) if exposed else None
        if why is not None:
            rows.append((exposure_label(exposed), None, why))
            continue
        if results is None and exposed and figures_only(rules, exposed):
            found = cached_figures(rules, exposed)
            if found is not None:
                rows.append((exposure_label(exposed), found["house_edge_per_ante"], exhaustive + ", class by class"))
                continue
        elif results is None and is_cached(rules, exposed):
            results = load(exposed)
        if results is not None:
            rows.append((exposure_label(exposed), results.main_figures()["house_edge_per_ante"], exhaustive))
        elif (edge := committed_edge(rules, exposed)) is not None:
            rows.append((exposure_label(exposed), edge, exhaustive + " (committed result, enumerations/protect)"))
        else:
            rows.append((exposure_label(exposed), None,
                         f"not computed yet: run analyzer protect {rules.name} --exposed-dealer-cards {exposed}"))
    return procedure_risk_table(rows)
