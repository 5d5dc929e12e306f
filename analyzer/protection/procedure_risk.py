"""The procedure risk table: a game's house edge under normal play and under each procedure leak.

One row per procedure (normal play, one dealer card exposed, two, one to
six colluding players), with the house edge per ante under the optimal
strategy for what the player then knows, and a loud flag where the leak hands
the player the advantage (a negative house edge). Exposures are exact;
colluders are estimates (:mod:`analyzer.engines.one_decision.collusion`; for Ultimate Texas Hold'em
:mod:`analyzer.engines.holdem.collusion`), shown with their 95% interval and flagged
as such. Leaks whose analysis is not at hand are listed
as not computed, with the reason, rather than left out.

>>> from fractions import Fraction
>>> table = procedure_risk_table([("normal play", Fraction(3, 100), "exhaustive"),
...                               ("1 dealer card exposed", Fraction(-1, 10), "exhaustive")])
>>> table["who has the edge"].tolist()
['house', 'PLAYER ADVANTAGE: the leak turns the game']
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pandas as pd

from analyzer.core.committed import ENUMERATIONS
from analyzer.engines.cache import cache_folder
from analyzer.engines.holdem.collusion import HoldemCollusionEstimate
from analyzer.engines.one_decision.collusion import MAX_COLLUDERS, CollusionEstimate
from analyzer.engines.one_decision.enumeration import exposed_sets
from analyzer.engines.one_decision.exposure_figures import (
    TOTALS_VERSION,
    exposure_totals,
)
from analyzer.engines.results import GameResults
from analyzer.games.exposure import expose
from analyzer.games.rules import GameRules, load_game
from analyzer.reports.sanity import percent

PLAYER_ADVANTAGE = "PLAYER ADVANTAGE: the leak turns the game"
UNCERTAIN = "uncertain: the 95% interval includes 0"

#: Dealer cards seen in all (up-card included) for which the full analysis (every table) is built: one.
#: Two seen cards mean 169 classes of exposed pairs of ~10^6 player classes each (about 10^8 rows), three
#: mean 1,755 classes of triples (Four Card Fever with two flashed besides its up-card, about an hour on
#: two cores): their figures are summed one class at a time (:mod:`analyzer.engines.one_decision.exposure_figures`).
MAX_SEEN_DEALER_CARDS = 1
MAX_STREAMED_SEEN_DEALER_CARDS = 3

#: Exact edges of the exposures computed once and committed (``scripts/protect_edges.py``).
COMMITTED_EDGES = ENUMERATIONS / "protect" / "edges.csv"
#: Colluder estimates computed once and committed (``scripts/protect_colluders.py``).
COMMITTED_COLLUDERS = COMMITTED_EDGES.with_name("colluders.csv")


def exposure_label(exposed: int) -> str:
    """``normal play`` or ``N dealer card(s) exposed``."""
    return "normal play" if exposed == 0 else f"{exposed} dealer card{'s' if exposed > 1 else ''} exposed"


def unsupported_exposure(rules: GameRules, exposed: int) -> str | None:
    """Why ``exposed`` face-down dealer cards of this game cannot be analysed here, or None if they can."""
    if rules.engine == "holdem":
        return None
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


#: A table row: procedure, house edge per ante (None: not computed), method, and for an estimate its
#: 95% interval (low, high).
RiskRow = tuple[str, Fraction | None, str] | tuple[str, Fraction | None, str, tuple[float, float]]


def _who(edge: Fraction | None, interval: tuple[float, float] | None) -> str:
    if edge is None:
        return ""
    if interval is not None and interval[0] < 0 < interval[1]:
        return UNCERTAIN
    return PLAYER_ADVANTAGE if edge < 0 else "house"


def procedure_risk_table(rows: list[RiskRow]) -> pd.DataFrame:
    """(procedure, house edge per ante or None, method[, 95% interval of an estimate]) rows as the
    report's table; an estimate has no "exact" figure."""
    intervals = [row[3] if len(row) > 3 else None for row in rows]
    return pd.DataFrame({
        "procedure": [row[0] for row in rows],
        "house edge per ante": ["not computed" if row[1] is None else percent(row[1]) for row in rows],
        "exact": ["" if row[1] is None or interval else str(row[1]) for row, interval in zip(rows, intervals)],
        "95% interval": ["" if interval is None else f"{percent(interval[0])} to {percent(interval[1])}"
                         for interval in intervals],
        "who has the edge": [_who(row[1], interval) for row, interval in zip(rows, intervals)],
        "method": [row[2] for row in rows],
    })


def colluders_label(colluders: int) -> str:
    """``N colluding player(s)``."""
    return f"{colluders} colluding player{'s' if colluders > 1 else ''}"


def committed_collusion(rules: GameRules, colluders: int) -> CollusionEstimate | None:
    """The estimate committed in ``enumerations/protect/colluders.csv``, for the game as shipped only (for
    Ultimate Texas Hold'em: any Trips paytable, the main game has no options)."""
    shipped = rules.engine == "holdem" or rules.input_hash == load_game(rules.name).input_hash
    if not COMMITTED_COLLUDERS.is_file() or not shipped:
        return None
    with open(COMMITTED_COLLUDERS, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["game"] == rules.name and int(row["colluders"]) == colluders:
                figures = (rules.name, colluders, int(row["deals"]), int(row["seed"]),
                           Fraction(row["normal_house_edge_per_ante"]), Fraction(row["mean_information_value"]),
                           float(row["standard_error"]), int(row["decisions_changed"]))
                if rules.engine != "holdem":
                    return CollusionEstimate(*figures)
                preflop = row.get("preflop_information_values") or ""
                return HoldemCollusionEstimate(*figures, preflop_gains=tuple(
                    Fraction(value) for value in preflop.split(";") if value))
    return None


def collusion_rows(rules: GameRules, estimates: dict[int, CollusionEstimate] | None = None) -> list[RiskRow]:
    """One row per number of colluders: the estimate in hand, else the committed one, else not computed."""
    rows: list[RiskRow] = []
    estimates = estimates or {}
    for colluders in range(1, MAX_COLLUDERS + 1):
        estimate = estimates.get(colluders) or committed_collusion(rules, colluders)
        if estimate is None:
            rows.append((colluders_label(colluders), None,
                         f"not computed yet: run analyzer protect {rules.name} --colluding-players {colluders}"))
        else:
            committed = "" if colluders in estimates else " (committed result, enumerations/protect)"
            rows.append((colluders_label(colluders), estimate.edge, estimate.method() + committed,
                         estimate.interval()))
    return rows


def procedure_risk(rules: GameRules, analysed: dict[int, GameResults], load: Callable[[int], GameResults],
                   colluders: dict[int, CollusionEstimate] | None = None) -> pd.DataFrame:
    """The table for one game: normal play and every exposure, from the ``analysed`` results by number of
    exposed cards, else from ``load`` when the exposure's enumeration is cached, else "not computed"; then
    the colluder estimates (``colluders`` by number of colluders, else committed ones)."""
    rows: list[RiskRow] = []
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
    return procedure_risk_table(rows + collusion_rows(rules, colluders))


# -- Ultimate Texas Hold'em: the dealer's hole cards seen -------------------------------------------
#: Exact full runs with one and with both dealer hole cards seen (``scripts/uth_exposure.py --seen 1``,
#: ``--seen 2``). The main game has no rule options and a fixed Blind paytable, so they
#: hold for every Trips paytable.
COMMITTED_HOLDEM = {seen: COMMITTED_EDGES.with_name(f"uth_exposed_{seen}.json") for seen in (1, 2)}
#: Their pre-flop decisions: per (starting hand, seen card) class; per (starting hand, dealer hand) class.
COMMITTED_HOLDEM_PREFLOP = {seen: COMMITTED_EDGES.with_name(f"uth_exposed_{seen}_preflop.csv") for seen in (1, 2)}

def hole_cards_label(seen: int) -> str:
    """``1 dealer hole card seen`` or ``both dealer hole cards seen``."""
    return "1 dealer hole card seen" if seen == 1 else "both dealer hole cards seen"


def committed_holdem_figures(seen: int) -> dict[str, object] | None:
    """The exact figures of the committed complete run with ``seen`` dealer hole cards seen, or None."""
    path = COMMITTED_HOLDEM.get(seen)
    if path is None or not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("complete") is not True:
        return None
    figures: dict[str, object] = {"cycle": int(data["cycle"])}
    for name in ("house_edge_per_ante", "house_edge_per_initial_wager", "average_total_bet", "element_of_risk"):
        figures[name] = Fraction(data[name])
    figures["actions"] = {name.removeprefix("frequency "): Fraction(value) for name, value in data.items()
                          if name.startswith("frequency ")}
    return figures


def holdem_procedure_risk(rules: GameRules, normal_edge: Fraction, in_hand: dict[int, Fraction] | None = None,
                          colluders: dict[int, CollusionEstimate] | None = None) -> pd.DataFrame:
    """The table for Ultimate Texas Hold'em: normal play, one and both dealer hole cards seen (from the run
    in hand, else the committed full runs), then the colluder estimates (in hand, else committed)."""
    exhaustive = "exhaustive enumeration, optimal strategy for what the player sees"
    rows: list[RiskRow] = [("normal play", normal_edge, exhaustive)]
    for seen in (1, 2):
        found = committed_holdem_figures(seen)
        if in_hand and seen in in_hand:
            rows.append((hole_cards_label(seen), in_hand[seen], exhaustive))
        elif found is not None:
            rows.append((hole_cards_label(seen), found["house_edge_per_ante"],
                         exhaustive + " (committed result, enumerations/protect)"))
        else:
            rows.append((hole_cards_label(seen), None,
                         f"not computed yet: run analyzer protect uth --exposed-dealer-cards {seen} --no-cache"))
    return procedure_risk_table(rows + collusion_rows(rules, colluders))
