"""The exact edge with more dealer cards seen than a full analysis holds in memory: one class at a time.

With two dealer cards seen (Crazy 4 or Super 4 with two face-down cards
flashed, Four Card Fever with one besides its up-card) the enumeration has
169 classes of exposed pairs of about a million player classes each: 10^8
rows, too many for the full tables; with three (Four Card Fever with two
flashed besides its up-card), 1,755 classes of seen triples of up to 1.9
million player hands each. The figures a protection study needs,
though, are sums over the classes: each class of exposed sets is enumerated,
decided and settled on its own (its Analysis is exact for the deals it
covers), and only its totals are kept:

    house edge = -sum(cycle_c * E_c[net]) / sum(cycle_c)
    average total bet = sum(cycle_c * bet_c) / sum(cycle_c)

so the result equals the full analysis exactly. Each class's totals are
saved as a small JSON file, so an interrupted run resumes.

>>> totals = ExposureTotals(cycle=4, net=Fraction(-1), bet=Fraction(6), actions={"fold": Fraction(2)})
>>> (totals + totals).figures()["house_edge_per_ante"]
Fraction(1, 4)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import TypedDict

from joblib import Parallel, delayed

from analyzer.core import figures
from analyzer.core.progress import progress_bar
from analyzer.engines.cache import expect, load_cached, save_cached
from analyzer.engines.one_decision.enumeration import (
    exposed_card_situations,
    exposed_sets,
)
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide
from analyzer.games.rules import GameRules

#: Part of every saved class total's name: change it whenever their meaning changes.
TOTALS_VERSION = "exposure-totals-v1"


class ExposureFigures(TypedDict):
    """The exact figures of some deals' totals (:meth:`ExposureTotals.figures`)."""

    cycle: int
    house_edge_per_ante: Fraction
    element_of_risk: Fraction
    average_total_bet: Fraction
    actions: dict[str, Fraction]


@dataclass(frozen=True)
class ExposureTotals:
    """Sums over some deals: their number, sum of net results and of total bets (per ante), and of
    deals per final decision."""

    cycle: int
    net: Fraction
    bet: Fraction
    actions: dict[str, Fraction]

    def __add__(self, other: ExposureTotals) -> ExposureTotals:
        names = list(dict.fromkeys([*self.actions, *other.actions]))
        return ExposureTotals(self.cycle + other.cycle, self.net + other.net, self.bet + other.bet,
                              {name: self.actions.get(name, Fraction(0)) + other.actions.get(name, Fraction(0))
                               for name in names})

    def figures(self) -> ExposureFigures:
        """House edge per ante, element of risk, average total bet and action frequencies, exact."""
        mean = self.net / self.cycle
        average_bet = self.bet / self.cycle
        return {"cycle": self.cycle, "house_edge_per_ante": -mean,
                "element_of_risk": figures.element_of_risk(mean, average_bet), "average_total_bet": average_bet,
                "actions": {name: count / self.cycle for name, count in self.actions.items()}}

    def as_json(self) -> str:
        return json.dumps({"cycle": self.cycle, "net": str(self.net), "bet": str(self.bet),
                           "actions": {name: str(value) for name, value in self.actions.items()}})

    @classmethod
    def from_json(cls, text: str) -> ExposureTotals:
        data = json.loads(text)
        return cls(int(data["cycle"]), Fraction(data["net"]), Fraction(data["bet"]),
                   {name: Fraction(value) for name, value in data["actions"].items()})


def class_totals(rules: GameRules, exposed: tuple[int, ...], size: int) -> ExposureTotals:
    """Totals of one class of exposed sets (``size`` sets like ``exposed``), optimal strategy."""
    situations = exposed_card_situations(rules, exposed)
    situations = dataclasses.replace(situations, weights=situations.weights * size)
    analysis = Analysis(rules, situations, decide(rules, situations))
    cycle = analysis.cycle
    return ExposureTotals(cycle, figures.mean(analysis.net_distribution) * cycle, analysis.average_total_bet * cycle,
                          {name: value * cycle for name, value in analysis.action_frequencies().items()})


def _saved_class_totals(rules: GameRules, exposed: tuple[int, ...], size: int, folder: Path | None) -> ExposureTotals:
    if folder is None:
        return class_totals(rules, exposed, size)
    path = folder / f"{TOTALS_VERSION}-{'-'.join(map(str, exposed))}.json"
    seen, player, deck = len(exposed), rules.player_cards, rules.deck.size
    cycle = size * comb(deck - seen, player) * comb(deck - seen - player, rules.dealer_cards - seen)
    saved = load_cached(path, lambda cached: ExposureTotals.from_json(cached.read_text(encoding="utf-8")),
                        lambda totals: expect(totals.cycle == cycle, f"{totals.cycle} deals, not the cycle {cycle}"))
    if saved is not None:
        return saved
    totals = class_totals(rules, exposed, size)
    save_cached(path, lambda temporary: temporary.write_text(totals.as_json(), encoding="utf-8"))
    return totals


def exposure_totals(rules: GameRules, jobs: int = 1, progress: bool = False, folder: Path | None = None,
                    classes: Sequence[int] | None = None) -> ExposureTotals:
    """Totals over every class of exposed dealer-card sets of ``rules`` (or the ``classes`` given, by
    index, for a reduced run), one class at a time in worker processes, each saved to ``folder``."""
    cards, sizes = exposed_sets(rules.dealer_up_cards, rules.deck.size)
    chosen = range(len(cards)) if classes is None else classes
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    tasks = (delayed(_saved_class_totals)(rules, tuple(int(card) for card in cards[index]), int(sizes[index]), folder)
             for index in chosen)
    parts = Parallel(n_jobs=jobs, return_as="generator")(tasks)
    total: ExposureTotals | None = None
    for part in progress_bar(parts, total=len(chosen), enabled=progress,
                             description=f"{rules.name}: classes of exposed dealer cards"):
        total = part if total is None else total + part
    if total is None:
        raise ValueError(f"{rules.name}: no class of exposed dealer cards to total")
    return total
