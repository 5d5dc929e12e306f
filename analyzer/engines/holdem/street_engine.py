"""The Hold'em engine for games played over streets (``[[streets]]`` in the rules file): Texas Hold'em
Bonus, Casino Hold'em, any game whose decisions come before the flop, on the flop, the turn or the river;
also a one-Play-bet game (``[play]``) whose settlement the one-Play-bet kernel cannot count (a pay not a
multiple of half an ante, a qualifier other than a pair), read over streets
(:func:`analyzer.engines.holdem.streets.as_streets`).

Its analysis is the exact per-board enumeration of :mod:`analyzer.engines.holdem.streets` with the
strategy optimal for the rules file; the counts are cached, and a shipped game's are committed
(``enumerations/<game>/street_sums.npz``) and used whenever the main game is the shipped one.
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np

from analyzer.core.cards import format_cards
from analyzer.core.committed import committed_folder
from analyzer.engines.base import (
    CollusionOptions,
    DealPlay,
    Engine,
    Exposure,
    RiskRow,
    Run,
    SimulationPlan,
    StrategyFigures,
)
from analyzer.engines.collusion import CollusionEstimate, committed_collusion
from analyzer.engines.cache import cache_folder, cached_counts, enumeration_key, usable_folder
from analyzer.engines.holdem.street_game import (
    SUMS_VERSION,
    StreetAnalysis,
    check_street_game,
    game_plan,
    load_sums,
    street_counts,
    written_analysis,
)
from analyzer.engines.holdem.enumeration import flop_classes
from analyzer.engines.holdem.protection import committed_exposure, exposure_of, exposure_rows
from analyzer.engines.holdem.street_collusion import (
    DEFAULT_PREFLOP_SAMPLES,
    DEFAULT_SAMPLES,
    StreetCollusionEstimate,
    estimate_street_collusion,
)
from analyzer.engines.holdem.street_exposure import exposed_street_game
from analyzer.engines.holdem.street_player import StreetPlayer
from analyzer.engines.holdem.street_posted import (
    check_played,
    committed_card_run,
    enumerate_played,
    game_card,
    load_played,
    PostedStreets,
    posted_streets,
    save_played,
    takes_a_posted_card,
)
from analyzer.engines.holdem.street_strategy import KernelStrategy, load_written_streets
from analyzer.engines.holdem.strategy_files import load_holdem_strategy, same_rules
from analyzer.engines.holdem.streets import (
    as_streets,
    flop_decides,
    preflop_decides,
    qualifying_rank,
)
from analyzer.engines.pay_solver import Solution, announcing, solve_main_line_on_grid, solve_side_bet
from analyzer.engines.results import timing
from analyzer.engines.sizes import SizeEstimate, holdem_game
from analyzer.games.rules import GameRules, game_names, load_game
from analyzer.games.settlement import common_scale

#: What the simulator plays (:meth:`StreetHoldemEngine.simulation`).
PLAYED = "optimal strategy, played deal by deal"
#: The file of the class sums, in the cache and among the committed results.
SUMS_FILE = "street_sums.npz"


class StreetHoldemEngine(Engine[StreetAnalysis, KernelStrategy]):
    """Hold'em against a dealer with the decision points, bets and settlement the rules file gives."""

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """The streets, the tie rule and every main wager's settlement: the strategy is part of the counts."""
        rules = as_streets(rules)
        return {"streets": [[s.title, s.cards, s.wager, [[c.action, c.multiple] for c in s.choices]]
                            for s in rules.streets],
                "before": rules.cards_before_streets, "play_once": rules.play_once, "tie_break": rules.tie_break,
                "version": SUMS_VERSION,
                "main": [[w.name, w.role, str(w.on_fold), [str(r) for r in w.results], w.paytable_mode,
                          list(w.paytable_outcomes),
                          [(line.pattern.text, str(line.pays)) for line in w.paytable.lines] if w.paytable else None]
                         for w in rules.wagers]}

    def committed_apply(self, rules: GameRules) -> bool:
        """Whether the committed counts hold for ``rules``: a shipped game whose counts depend on the same inputs."""
        return (rules.name in game_names() and (committed_folder(rules.name) / SUMS_FILE).is_file()
                and enumeration_key(rules) == enumeration_key(load_game(rules.name)))

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.holdem_game`)."""
        return holdem_game(rules, run.jobs, "streets")

    def analyze(self, rules: GameRules, run: Run) -> StreetAnalysis:
        """The committed counts when they apply, else the cache, else the enumeration (and cache it); for a game
        that takes a posted card (:func:`analyzer.engines.holdem.street_posted.game_card`), the card's run with
        them: committed beside them, else enumerated in the same pass over the flops."""
        rules = as_streets(rules)
        check_street_game(rules)
        started = time.perf_counter()
        plan, _, scale = game_plan(rules)
        card = game_card(rules)
        if run.cache and self.committed_apply(rules):
            sums = load_sums(committed_folder(rules.name) / SUMS_FILE, plan)
            run.tell(f"using the committed exact counts in {committed_folder(rules.name)}")
            posted = None if card is None else committed_card_run(rules, card, run)
            return StreetAnalysis(rules, street_counts(sums, plan, scale), posted=posted, **timing(started))
        played = cached_counts(rules, not run.cache, run.tell, lambda path: load_played(path, plan, card),
                               partial(check_played, plan), lambda: enumerate_played(rules, card, run),
                               save_played, SUMS_FILE)
        return StreetAnalysis(rules, street_counts(played.optimal, plan, scale), posted=played.posted,
                              **timing(started))

    def load_strategy(self, rules: GameRules, path: Path) -> KernelStrategy:
        """A strategy checked before any work: for a game that decides where a posted card does (before the flop,
        on the flop and on the river: a one-Play-bet game read over streets), a posted card's rules
        (:mod:`analyzer.engines.holdem.strategy_files`); for any other, rules street by street
        (:mod:`analyzer.engines.holdem.street_strategy`)."""
        rules = as_streets(rules)
        check_street_game(rules)
        if takes_a_posted_card(rules):
            return posted_streets(rules, load_holdem_strategy(path, rules.name))
        return load_written_streets(path, rules)

    def evaluate_strategy(self, analysis: StreetAnalysis, strategy: KernelStrategy, run: Run = Run()
                          ) -> StrategyFigures:
        """The written strategy's exact figures, from a fresh enumeration with its choices imposed after the flop
        (its pre-flop choice per starting-hand class), and its cost against the optimal strategy of ``analysis``
        (the written house edge minus the optimal one); the posted card the analysis played (the same rules): its
        run's figures, without a new enumeration (:meth:`StreetAnalysis.posted_figures`)."""
        posted = analysis.posted
        card = isinstance(strategy, PostedStreets) and posted is not None and same_rules(strategy.strategy,
                                                                                         posted.strategy)
        figures = analysis.posted_figures() if card else None
        if figures is not None:
            run.tell("the file plays the posted card of the analysis: its figures are from the card's run")
            return replace(figures, title=strategy.title)
        return StrategyFigures.played(strategy.title, written_analysis(analysis.rules, strategy, run).main_figures(),
                                      analysis.main_figures()["house_edge_per_ante"])

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """A side bet's line, on the counts of the analysis (its pays do not change them). A main wager's line:
        the strategy re-optimised by a fresh enumeration at each trial pay (each cached), at the pays the kernel's
        integer sums can be run at, whole units of the posted paytables' scale
        (:func:`analyzer.engines.pay_solver.solve_main_line_on_grid`); a pay whose sums could pass 64 bits is
        refused in one line."""
        if wager in {bet.name for bet in rules.side_bets}:
            counts = self.analyze(rules, run).counts
            return solve_side_bet(rules, wager, line, target, lambda changed: StreetAnalysis(changed, counts))

        def fixed_edge(analysis: StreetAnalysis, changed: GameRules) -> Fraction:
            return StreetAnalysis(as_streets(changed), analysis.counts).main_figures()["house_edge_per_ante"]

        def moved(start: StreetAnalysis, end: StreetAnalysis) -> bool:
            return not all(np.array_equal(getattr(start.counts, name), getattr(end.counts, name))
                           for name in ("decision", "showdown", "folds", "taken"))
        return solve_main_line_on_grid(rules, wager, line, target,
                                       announcing(run.tell, wager, lambda changed: self.analyze(changed, run)),
                                       fixed_edge, common_scale(rules), moved)

    def simulation(self, analysis: StreetAnalysis) -> SimulationPlan:
        """The optimal strategy played deal by deal (:class:`analyzer.engines.holdem.street_player.StreetPlayer`):
        pre-flop and on the flop as the analysis decided, on the turn and river by exact small enumerations;
        compared with the analysis itself."""
        counts = analysis.counts
        if flop_decides(counts.plan) and len(counts.flop_choice) != len(flop_classes()):
            raise self.unsupported(analysis.rules, "simulation", "the flop choices of every flop class are needed "
                                                                "(a reduced run has some only)")
        rules = as_streets(analysis.rules)
        _, nets, _ = game_plan(rules)
        player = StreetPlayer(PLAYED, counts.plan, nets, qualifying_rank(rules), counts.decision, counts.flop_choice)
        return SimulationPlan(PLAYED, analysis, DealPlay(player))

    def collusion_problem(self, rules: GameRules) -> str | None:
        return None

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> CollusionEstimate:
        """Sampled (colluders' cards, flop, player's pair), each played from the flop on knowing the colluders'
        cards and settled exactly (:mod:`analyzer.engines.holdem.street_collusion`), and sampled colluder deals
        with every flop for the pre-flop use (:mod:`analyzer.engines.holdem.colluder_preflop`), against the
        analysis."""
        analysis = self.analyze(rules, run)
        rules = as_streets(rules)
        _, nets, scale = game_plan(rules)
        return estimate_street_collusion(rules.name, analysis.main_figures()["house_edge_per_ante"],
                                         analysis.counts.plan, analysis.counts.decision, nets, scale,
                                         qualifying_rank(rules), colluders, options.deals or DEFAULT_SAMPLES, seed,
                                         DEFAULT_PREFLOP_SAMPLES if options.preflop_samples is None
                                         else options.preflop_samples, run.jobs, run.progress)

    def committed_collusion(self, rules: GameRules, colluders: int) -> CollusionEstimate | None:
        """The estimate committed in ``enumerations/protect/colluders.csv`` (the game as shipped)."""
        found = committed_collusion(rules, colluders, StreetCollusionEstimate)
        assert found is None or isinstance(found, StreetCollusionEstimate)
        plan = game_plan(as_streets(rules))[0]
        return None if found is None else replace(found, preflop_decides=preflop_decides(plan))

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        return CollusionOptions(DEFAULT_SAMPLES, DEFAULT_PREFLOP_SAMPLES)

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        return None if seen in (1, 2) else f"the dealer has two hole cards: 1 or 2 can be seen, not {seen}"

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """The exact game with one or both dealer cards seen from the start
        (:mod:`analyzer.engines.holdem.street_exposure`): the committed full run when the committed counts apply
        (``run.cache``), else the enumeration, resumable from its chunks in the cache (Texas Hold'em Bonus with
        one card seen: about 14 minutes of CPU, 7 on two cores; both seen take several times longer)."""
        if (why := self.exposure_problem(rules, seen)) is not None:
            raise self.unsupported(rules, "--exposed-dealer-cards", why)
        rules = as_streets(rules)
        check_street_game(rules)
        found = committed_exposure(rules, seen, run, self.committed_apply(rules))
        if found is None:
            def chunks(cards: tuple[int, ...]) -> Path | None:
                name = "".join(format_cards([card]) for card in cards)
                return usable_folder(cache_folder(rules) / f"seen-{name}-chunks") if run.cache else None
            game = exposed_street_game(rules, seen, run.jobs, run.progress, chunks)
            found = game.figures(), game.preflop_table()
        return exposure_of(rules, seen, *found)

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Normal play (exact), one and both dealer cards seen: the edge ``known``, else the committed full run
        when it applies, else "not computed yet"."""
        normal = known[0] if 0 in known else self.analyze(rules, run).main_figures()["house_edge_per_ante"]
        return exposure_rows(rules, normal, known, self.committed_apply(rules),
                             lambda seen: self.exposure_problem(rules, seen))
