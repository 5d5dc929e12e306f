"""The one-decision engine: one fold-or-play decision against a dealer hand (Crazy 4 Poker, Three Card
Poker, Caribbean Stud ...), every player situation class against every dealer hand.

Its analysis is the enumeration of :mod:`analyzer.engines.one_decision.enumeration` (cached, resumable),
the optimal decision of every class (:mod:`analyzer.engines.one_decision.strategy`) and the results
(:class:`analyzer.engines.one_decision.results.Analysis`). It serves every capability: written strategies,
dealer cards seen (exact), colluding players (estimated), the pay solver and the simulator's strategy.
"""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

from analyzer.core.ranking import SuitRanking
from analyzer.engines.base import (
    CollusionOptions,
    Engine,
    Exposure,
    RiskRow,
    Run,
    SimulationPlan,
    SituationPlay,
    StrategyFigures,
)
from analyzer.engines.collusion import CollusionEstimate, committed_collusion
from analyzer.engines.cache import cache_entry, cache_folder, chunk_folder
from analyzer.engines.one_decision import protection
from analyzer.engines.one_decision.collusion import DEFAULT_DEALS, estimate_collusion
from analyzer.engines.one_decision.enumeration import (
    enumerate_situations,
    load_situations,
    save_situations,
)
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.solve import solve_pay
from analyzer.engines.pay_solver import Solution
from analyzer.engines.one_decision.strategy import decide
from analyzer.engines.one_decision.strategy_files import (
    WrittenStrategy,
    check_allowed,
    evaluate_strategy,
    load_strategy,
)
from analyzer.engines.results import timing
from analyzer.engines.sizes import SizeEstimate, dealer_hand_game
from analyzer.games.exposure import expose
from analyzer.games.rules import GameRules


class OneDecisionEngine(Engine[Analysis, WrittenStrategy]):
    """One decision (fold, or play one of the allowed multiples) after seeing the player's cards and the
    dealer's up-cards."""

    def deck_problem(self, rules: GameRules) -> str | None:
        """The engine deals from one 52-card deck with or without jokers (the schema has checked that the
        rankings have a rule for them); with jokers, no dealer card is seen."""
        if rules.deck.decks != 1:
            return super().deck_problem(rules)
        if rules.deck.jokers and rules.dealer_up_cards:
            return "a dealer up-card dealt from a deck with jokers is not supported yet (it may be the joker)"
        return None

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.dealer_hand_game`)."""
        return dealer_hand_game(rules, run.jobs)

    def analyze(self, rules: GameRules, run: Run) -> Analysis:
        """The exact analysis; the enumeration is read from the cache when there (and ``run.cache``),
        else computed with its chunks saved on the way (an interrupted run resumes) and cached. Dealer cards
        seen: the analysis of the rules with them seen (:func:`analyzer.games.exposure.expose`, :meth:`exposure`)."""
        started = time.perf_counter()
        hands = (rules.player_cards, rules.dealer_cards)
        if isinstance(rules.ranking, SuitRanking) and hands != (rules.ranking.cards,) * 2:
            raise self.unsupported(rules, f"the ranking {rules.ranking.name}", "a ranking by suit is counted for "
                                   f"hands of its own {rules.ranking.cards} cards, the player's and the dealer's")
        with cache_entry(cache_folder(rules), fresh=not run.cache, tell=run.tell) as folder:
            saved = folder / "situations.npz" if folder else None
            situations = load_situations(saved, rules) if saved and run.cache else None
            if situations is not None:
                run.tell(f"using the cached enumeration {saved}")
            else:
                situations = enumerate_situations(rules, jobs=run.jobs, progress=run.progress,
                                                  checkpoints=folder / "chunks" if folder else None)
                if saved:
                    save_situations(saved, situations)
        return Analysis(rules, situations, decide(rules, situations), **timing(started))

    def load_strategy(self, rules: GameRules, path: Path) -> WrittenStrategy:
        strategy = load_strategy(path, rules.ranking)
        check_allowed(strategy, rules, str(path))
        return strategy

    def evaluate_strategy(self, analysis: Analysis, strategy: WrittenStrategy, run: Run = Run()) -> StrategyFigures:
        return evaluate_strategy(analysis, strategy)

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        return solve_pay(rules, wager, line, target, self.analyze(rules, run).situations)

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        return protection.exposure_problem(rules, seen)

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """One more dealer card seen: the full analysis; more: the figures summed class by class."""
        if (why := protection.exposure_problem(rules, seen)) is not None:
            raise self.unsupported(rules, "--exposed-dealer-cards", why)
        title = expose(rules, seen).title
        if protection.figures_only(rules, seen):
            with cache_entry(cache_folder(expose(rules, seen)), fresh=not run.cache, tell=run.tell) as folder:
                figures = protection.exposure_figures(rules, seen, jobs=run.jobs, progress=run.progress,
                                                      folder=chunk_folder(folder, "class-totals"))
            return Exposure(f"{title}: exact figures, summed one class of exposed cards at a time", seen, figures)
        results = self.analyze(expose(rules, seen), run)
        return Exposure(title, seen, results.main_figures(), results)

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        cached = Run(run.jobs, run.progress, True, run.notify)
        return protection.exposure_rows(rules, known, lambda seen: self.analyze(expose(rules, seen) if seen else rules, cached))

    def collusion_problem(self, rules: GameRules) -> str | None:
        return None

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> CollusionEstimate:
        if options.preflop_samples is not None:
            raise self.unsupported(rules, "--preflop-samples", "the game has one decision, no pre-flop")
        if (why := protection.by_suit_problem(rules, "the colluders' estimate")) is not None:
            raise self.unsupported(rules, "--colluding-players", why)
        if rules.deck.jokers:
            raise self.unsupported(rules, "--colluding-players",
                                   "the estimate deals from one 52-card deck without jokers")
        return estimate_collusion(self.analyze(rules, run), colluders, options.deals or DEFAULT_DEALS, seed,
                                  jobs=run.jobs, progress=run.progress)

    def committed_collusion(self, rules: GameRules, colluders: int) -> CollusionEstimate | None:
        return committed_collusion(rules, colluders)

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        return CollusionOptions(deals=DEFAULT_DEALS)

    def simulation(self, analysis: Analysis) -> SimulationPlan:
        """The optimal multiple of every situation class; the analysis's own tables."""
        situations = analysis.situations
        return SimulationPlan("optimal (from the exact analysis)", analysis,
                              SituationPlay(situations.cards, situations.up_card, analysis.chosen_multiple))
