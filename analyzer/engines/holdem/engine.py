"""The Hold'em engine: two hole cards each, five community cards, several decision streets.

Its analysis is the per-board enumeration of :mod:`analyzer.engines.holdem.enumeration` (optimal
strategy) and the streets kernel's run of the posted card (:mod:`analyzer.engines.holdem.street_posted`), with results in
:class:`analyzer.engines.holdem.results.HoldemAnalysis`. The exact counts of the shipped game are
committed (``enumerations/uth``, ``enumerations/uth_posted``): they are used whenever the main game is
the shipped one (a side-bet paytable may differ), unless a fresh run is asked for.
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any


from analyzer.core.committed import committed_folder
from analyzer.engines.base import (
    CollusionOptions,
    Engine,
    Exposure,
    PostedPlay,
    RiskRow,
    Run,
    SimulationPlan,
    StrategyFigures,
)
from analyzer.engines.cache import (
    cache_entry,
    cache_folder,
    cache_root,
    chunk_folder,
    enumeration_key,
    reads,
    usable_folder,
)
from analyzer.engines.holdem import protection
from analyzer.engines.holdem.collusion import (
    DEFAULT_PREFLOP_SAMPLES,
    DEFAULT_SAMPLES,
    HoldemCollusionEstimate,
    estimate_holdem_collusion,
)
from analyzer.engines.holdem.enumeration import HoldemCounts, analyze_holdem
from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS, PostedRun, PostedStrategy, load_posted_counts
from analyzer.engines.holdem.results import (
    HoldemAnalysis,
    kernel_problem,
    load_counts,
    main_wagers,
)
from analyzer.engines.holdem.solve import solve_main_pay
from analyzer.engines.holdem.strategy_files import load_holdem_strategy, same_rules
from analyzer.engines.collusion import CollusionEstimate
from analyzer.engines.holdem.street_engine import StreetHoldemEngine
from analyzer.engines.holdem.street_posted import posted_run
from analyzer.engines.pay_solver import Solution, announcing, solve_side_bet
from analyzer.engines.results import timing
from analyzer.engines.sizes import SizeEstimate, holdem_game
from analyzer.games.rules import GameRules, game_names, load_game


@cache
def street_engine(name: str) -> StreetHoldemEngine:
    """The one engine of the Hold'em games over streets (registered under the family's ``name``)."""
    return StreetHoldemEngine(name)


def committed_counts_apply(rules: GameRules) -> bool:
    """Whether the committed counts hold for ``rules``: the shipped game's main wagers, cards and
    qualifier (everything the counts depend on; side-bet paytables may differ)."""
    return rules.name in game_names() and enumeration_key(rules) == enumeration_key(load_game(rules.name))


#: Why seen dealer cards and collusion refuse other main wagers: their kernels settle the shipped game's.
SHIPPED_MAIN_GAME_ONLY = ("worked out for the shipped main game only (its Blind paytable and qualifier); "
                          "side-bet paytables may differ")


def committed_posted_run(name: str) -> PostedRun:
    """The committed run of the posted card with the dealer-outs clause (:data:`CARD_WITH_DEALER_OUTS`) of the
    shipped game ``name``."""
    return PostedRun(CARD_WITH_DEALER_OUTS, load_posted_counts(committed_folder(name, "posted")).settlement_by_hand)


class HoldemEngine(Engine[HoldemAnalysis, PostedStrategy]):
    """Hold'em against a dealer: pre-flop, flop and river decisions, best five of seven cards."""

    def serving(self, rules: GameRules) -> Engine[Any, Any]:
        """A game played over ``[[streets]]``, or one whose main wagers the one-Play-bet kernel cannot settle
        (:func:`analyzer.engines.holdem.results.kernel_problem`), goes to :class:`StreetHoldemEngine` (same
        family, same name)."""
        return street_engine(self.name) if rules.streets or kernel_problem(rules) is not None else self

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """The main wagers: the strategy is part of the counts, and the main game steers it."""
        return {"main": [[w.name, [str(r) for r in w.results], str(w.on_fold), w.paytable_mode, w.paytable_outcomes,
                          [(line.pattern.text, str(line.pays)) for line in w.paytable.lines] if w.paytable else None]
                         for w in rules.wagers]}

    def committed(self, rules: GameRules) -> HoldemAnalysis:
        """The analysis from the committed counts (see :func:`committed_counts_apply`), the posted card's
        committed run with it."""
        return HoldemAnalysis(rules, load_counts(committed_folder(rules.name)), posted=committed_posted_run(rules.name))

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.holdem_game`)."""
        return holdem_game(rules, run.jobs, "flop classes")

    def analyze(self, rules: GameRules, run: Run) -> HoldemAnalysis:
        """The committed counts when they apply (and ``run.cache``), else the enumeration, resumed from
        its cached chunks when there are some, with the posted card's counts; the main wagers (Blind
        paytable, qualifier) as the rules file says, the strategy optimal for them; the posted card played by the
        streets kernel."""
        started = time.perf_counter()
        if run.cache and committed_counts_apply(rules):
            committed = self.committed(rules)
            run.tell(f"using the committed exact counts in {committed_folder(rules.name)}")
            return committed
        with cache_entry(cache_folder(rules), fresh=not run.cache, tell=run.tell) as folder:
            counts = self.optimal_counts(rules, run, folder)
        return HoldemAnalysis(rules, counts, posted=posted_run(rules, CARD_WITH_DEALER_OUTS, run), **timing(started))

    def optimal_counts(self, rules: GameRules, run: Run, entry: Path | None = None) -> HoldemCounts:
        """The optimal strategy's counts: committed when they apply (and ``run.cache``), else the
        enumeration, resumed from its cached chunks when there are some (``run.cache`` off: afresh);
        ``entry``: the cache entry when the caller holds it (:func:`analyzer.engines.cache.cache_entry`)."""
        if run.cache and committed_counts_apply(rules):
            return load_counts(committed_folder(rules.name))
        if entry is None:
            with cache_entry(cache_folder(rules), fresh=not run.cache, tell=run.tell) as folder:
                return self.optimal_counts(rules, run, folder) if folder else \
                    analyze_holdem(jobs=run.jobs, progress=run.progress, wagers=main_wagers(rules))
        chunks = chunk_folder(entry, "chunks")
        used = reads(chunks) if chunks else 0
        counts = analyze_holdem(jobs=run.jobs, progress=run.progress, checkpoint_dir=chunks, wagers=main_wagers(rules))
        if chunks and reads(chunks) > used:
            run.tell(f"resumed from {reads(chunks) - used} cached enumeration chunks in {chunks}")
        return counts

    def load_strategy(self, rules: GameRules, path: Path) -> PostedStrategy:
        """A strategy written as pre-flop, flop and river rules (:mod:`analyzer.engines.holdem.strategy_files`),
        checked before any work."""
        return load_holdem_strategy(path, rules.name)

    def evaluate_strategy(self, analysis: HoldemAnalysis, strategy: PostedStrategy, run: Run = Run()
                          ) -> StrategyFigures:
        """The written strategy's exact figures and cost against the optimal strategy: the posted card's
        committed run when the file plays the card and the committed counts apply (``run.cache``), the
        analysis's own posted run when it plays that, else the streets kernel's run of its rules
        (:func:`analyzer.engines.holdem.street_posted.posted_run`), settled under the analysis's main wagers."""
        rules = analysis.rules
        if run.cache and committed_counts_apply(rules) and same_rules(strategy, CARD_WITH_DEALER_OUTS):
            run.tell(f"the file plays the posted card: using its committed run in {committed_folder(rules.name, 'posted')}")
            played = committed_posted_run(rules.name)
        elif analysis.posted is not None and same_rules(strategy, analysis.posted.strategy):
            played = analysis.posted
        else:
            played = posted_run(rules, strategy, run)
        figures = HoldemAnalysis(rules, played.counts(analysis.counts)).main_figures()
        return StrategyFigures(title=strategy.title, house_edge_per_ante=figures["house_edge_per_ante"],
                               element_of_risk=figures["element_of_risk"], average_total_bet=figures["average_total_bet"],
                               cost_per_ante=figures["house_edge_per_ante"] - analysis.counts.house_edge_per_ante())

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """A side bet's line (Trips): solved on the counts of the analysis (committed when they apply), which
        its pays do not change. A main wager's line (the Blind): the strategy re-optimised at each pay
        (:mod:`analyzer.engines.holdem.solve`), one enumeration per pay (cached per variant)."""
        if wager in {bet.name for bet in rules.side_bets}:
            counts = self.analyze(rules, run).counts
            return solve_side_bet(rules, wager, line, target, lambda changed: HoldemAnalysis(changed, counts))

        return solve_main_pay(rules, wager, line, target,
                              announcing(run.tell, wager, lambda changed: self.optimal_counts(changed, run)))

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        """Both cards seen: the shipped main game only; one card seen: any main game (another one over streets)."""
        if seen not in (1, 2):
            return f"the dealer has two hole cards: 1 or 2 can be seen, not {seen}"
        if committed_counts_apply(rules):
            return None
        return street_engine(self.name).exposure_problem(rules, seen) if seen == 1 else SHIPPED_MAIN_GAME_ONLY

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """The committed exact run (or a new one without the cache: about 20 minutes for one seen card,
        30 for both, on two cores, resumable), its figures and its pre-flop decision table. Another main game
        (a Blind table of its own) with one card seen: the streets kernel's exact run, from its rules."""
        if (why := self.exposure_problem(rules, seen)) is not None:
            raise self.unsupported(rules, "--exposed-dealer-cards", why)
        if not committed_counts_apply(rules):
            return street_engine(self.name).exposure(rules, seen, run)
        found = protection.committed_exposure(rules, seen, run, committed_apply=True)
        if found is None:
            from analyzer.engines.holdem.exposure import analyze_exposed
            from analyzer.engines.holdem.exposure_both import analyze_both
            results = (analyze_exposed if seen == 1 else analyze_both)(
                jobs=run.jobs, progress=run.progress,
                checkpoint_dir=usable_folder(cache_root() / f"{rules.name}-exposed-{seen}-chunks"))
            found = {**results.figures(), "actions": results.frequencies()}, results.preflop_table()
        return protection.exposure_of(rules, seen, *found)

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Normal play and the seen cards, their committed runs only for the shipped main game (a variant's are
        not computed: :meth:`exposure_problem`)."""
        normal = known[0] if 0 in known else self.committed(rules).main_figures()["house_edge_per_ante"]
        return protection.exposure_rows(rules, normal, known, committed_counts_apply(rules),
                                        lambda seen: self.exposure_problem(rules, seen))

    def collusion_problem(self, rules: GameRules) -> str | None:
        return None

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> CollusionEstimate:
        """Sampled (colluders' cards, flop) deals for the flop and river, and colluder deals with every
        board for the pre-flop use (the normal game from the committed counts). Another main game (a Blind
        table of its own): the estimate over streets, from its rules
        (:mod:`analyzer.engines.holdem.street_collusion`)."""
        if not committed_counts_apply(rules):
            return street_engine(self.name).collusion(rules, colluders, seed, run, options)
        normal = self.committed(rules)
        preflop = normal.preflop_values()
        return estimate_holdem_collusion(rules.name, normal.main_figures()["house_edge_per_ante"],
                                         dict(zip(preflop["hand"], preflop["decision"], strict=True)), colluders,
                                         options.deals or DEFAULT_SAMPLES, seed,
                                         DEFAULT_PREFLOP_SAMPLES if options.preflop_samples is None
                                         else options.preflop_samples,
                                         jobs=run.jobs, progress=run.progress)

    def committed_collusion(self, rules: GameRules, colluders: int) -> HoldemCollusionEstimate | None:
        return protection.committed_collusion(rules, colluders) if committed_counts_apply(rules) else None

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        if not committed_counts_apply(rules):
            return street_engine(self.name).collusion_options(rules)
        return CollusionOptions(DEFAULT_SAMPLES, DEFAULT_PREFLOP_SAMPLES)

    def simulation(self, analysis: HoldemAnalysis) -> SimulationPlan:
        """The posted card (its exact run: made with the analysis, else committed)."""
        played = analysis.posted or committed_posted_run(analysis.rules.name)
        return SimulationPlan(f"posted card ({played.strategy.name})",
                              HoldemAnalysis(analysis.rules, played.counts(analysis.counts)), PostedPlay(played.strategy))
