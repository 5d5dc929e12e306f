"""Procedure leaks in the one-decision games: dealer cards seen, exactly; colluders, estimated.

A flashed dealer card is more up-cards (:func:`analyzer.games.exposure.expose`):
with one dealer card seen in all the full analysis is built; with two or
three seen (169 or 1,755 classes of seen sets of about 10^6 player classes
each) only the figures are summed, one class at a time
(:mod:`analyzer.engines.one_decision.exposure_figures`); beyond three the
exact budget is exceeded. Results of exposures computed once are committed in
``enumerations/protect/edges.csv`` (for the shipped games as shipped).

>>> from analyzer.games.rules import load_game
>>> exposure_problem(load_game("crazy4"), 4)
"Crazy 4 Poker with 4 exposed dealer cards means 4 dealer cards seen: beyond this version's exact budget (at most 3 seen)"
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from analyzer.core.committed import (
    COMMITTED_EDGES,
    committed_rows,
)
from analyzer.core.ranking import SuitRanking
from analyzer.engines.base import COMMITTED, EXHAUSTIVE, RiskRow
from analyzer.engines.cache import cache_folder
from analyzer.engines.one_decision.enumeration import exposed_sets
from analyzer.engines.one_decision.exposure_figures import (
    TOTALS_VERSION,
    ExposureFigures,
    exposure_totals,
)
from analyzer.engines.results import GameResults
from analyzer.games.exposure import expose
from analyzer.games.rules import GameRules, as_shipped

#: Dealer cards seen in all (up-card included) for which the full analysis (every table) is built: one.
MAX_SEEN_DEALER_CARDS = 1
#: Dealer cards seen in all whose figures are summed one class of seen sets at a time.
MAX_STREAMED_SEEN_DEALER_CARDS = 3


def exposure_label(exposed: int) -> str:
    """``normal play`` or ``N dealer card(s) exposed``."""
    return "normal play" if exposed == 0 else f"{exposed} dealer card{'s' if exposed > 1 else ''} exposed"


def by_suit_problem(rules: GameRules, what: str) -> str | None:
    """Why ``what`` cannot be had for a game ranked by suit (its counting covers closed dealer hands only,
    and the tables of every hand the other paths need are past memory), or None for another ranking."""
    if isinstance(rules.ranking, SuitRanking):
        return (f"{what} needs the tables of every {rules.ranking.cards}-card hand, which a {rules.ranking.title} "
                "is counted without (suit by suit, the dealer's cards all unseen)")
    return None


def exposure_problem(rules: GameRules, exposed: int) -> str | None:
    """Why ``exposed`` face-down dealer cards of this game cannot be analysed here, or None if they can."""
    if (why := by_suit_problem(rules, "a dealer card seen")) is not None:
        return why
    hidden = rules.dealer_cards - rules.dealer_up_cards
    if rules.deck.jokers:
        return "dealer cards seen from a deck with jokers are not supported yet (a seen card may be the joker)"
    if not 1 <= exposed < hidden:
        return f"between 1 and {hidden - 1} of the dealer's {hidden} face-down cards can be exposed, not {exposed}"
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


def exposure_figures(rules: GameRules, exposed: int, jobs: int = 1, progress: bool = False,
                     folder: Path | None = None) -> ExposureFigures:
    """The exact figures of a figures-only exposure, summed one class of seen sets at a time (each class's
    totals saved in ``folder``, the cache's :func:`class_totals_folder`, so an interrupted run resumes)."""
    return exposure_totals(expose(rules, exposed), jobs=jobs, progress=progress, folder=folder).figures()


def cached_figures(rules: GameRules, exposed: int) -> ExposureFigures | None:
    """The figures of a figures-only exposure when every class's totals are in the cache."""
    exposed_rules = expose(rules, exposed)
    folder = class_totals_folder(rules, exposed)
    classes = len(exposed_sets(exposed_rules.dealer_up_cards)[0])
    if not folder.is_dir() or len(list(folder.glob(f"{TOTALS_VERSION}-*.json"))) != classes:
        return None
    return exposure_totals(exposed_rules, folder=folder).figures()


def committed_edge(rules: GameRules, exposed: int) -> Fraction | None:
    """The exact house edge committed in ``enumerations/protect/edges.csv``, for the game as shipped only."""
    if not as_shipped(rules):
        return None
    for row in committed_rows(COMMITTED_EDGES, rules.name):
        if int(row["exposed_dealer_cards"]) == exposed:
            return Fraction(row["house_edge_per_ante"])
    return None


def is_cached(rules: GameRules, exposed: int) -> bool:
    """Whether the enumeration of ``rules`` with ``exposed`` dealer cards seen is in the cache."""
    return (cache_folder(expose(rules, exposed) if exposed else rules) / "situations.npz").is_file()


def exposure_rows(rules: GameRules, known: dict[int, Fraction],
                  load: Callable[[int], GameResults]) -> list[RiskRow]:
    """Normal play and every exposure: the ``known`` house edge by number of exposed cards, else from
    ``load`` when the exposure's enumeration is cached, else the committed edge, else "not computed"."""
    rows: list[RiskRow] = []
    for exposed in range(3):
        edge, method = known.get(exposed), EXHAUSTIVE
        why = exposure_problem(rules, exposed) if exposed else None
        if why is not None:
            rows.append((exposure_label(exposed), None, why))
            continue
        if edge is None and exposed and figures_only(rules, exposed):
            found = cached_figures(rules, exposed)
            if found is not None:
                edge, method = found["house_edge_per_ante"], EXHAUSTIVE + ", class by class"
        elif edge is None and is_cached(rules, exposed):
            edge = load(exposed).main_figures()["house_edge_per_ante"]
        if edge is None and (edge := committed_edge(rules, exposed)) is not None:
            method = EXHAUSTIVE + COMMITTED
        if edge is None:
            method = f"not computed yet: run analyzer protect {rules.name} --exposed-dealer-cards {exposed}"
        rows.append((exposure_label(exposed), edge, method))
    return rows
