"""The Hold'em engine: two hole cards each, five community cards, several decision streets.

Every Hold'em game is analysed over streets (:class:`analyzer.engines.holdem.street_engine.StreetHoldemEngine`):
its optimal strategy, a posted card where the game takes one, written strategies, solved pays and the simulation
check. What the streets kernel does not do yet is done here for the shipped main game of Ultimate Texas Hold'em
(its Blind table and qualifier; side-bet paytables may differ), from its committed runs or the kernels that made
them: both dealer hole cards seen (:mod:`analyzer.engines.holdem.exposure_both`) and the colluders' estimate with
its pre-flop part (:mod:`analyzer.engines.holdem.collusion`).
"""

from __future__ import annotations

from analyzer.core.committed import committed_folder
from analyzer.engines.base import CollusionOptions, Exposure, Run
from analyzer.engines.cache import cache_root, enumeration_key, usable_folder
from analyzer.engines.collusion import CollusionEstimate
from analyzer.engines.holdem import protection
from analyzer.engines.holdem.collusion import (
    DEFAULT_PREFLOP_SAMPLES,
    DEFAULT_SAMPLES,
    HoldemCollusionEstimate,
    estimate_holdem_collusion,
)
from analyzer.engines.holdem.street_engine import SUMS_FILE, StreetHoldemEngine
from analyzer.engines.holdem.street_game import StreetAnalysis
from analyzer.games.rules import GameRules, game_names, load_game


def shipped_one_bet_game(rules: GameRules) -> bool:
    """Whether ``rules`` play a shipped game's main wagers whose committed one-Play-bet runs (both dealer cards
    seen, colluders) exist: Ultimate Texas Hold'em with any side-bet paytables."""
    return (rules.name in game_names() and (committed_folder(rules.name, "posted")).is_dir()
            and (committed_folder(rules.name) / SUMS_FILE).is_file()
            and enumeration_key(rules) == enumeration_key(load_game(rules.name)))


def preflop_multiples(analysis: StreetAnalysis) -> dict[str, str]:
    """Each starting hand's pre-flop decision as the one-Play-bet kernels name it: "check" or the bet ("4x")."""
    street, plan = analysis.street(0), analysis.plan
    names = {}
    for hand, decision in zip(analysis.preflop_values()["hand"], analysis.counts.decision, strict=True):
        choice = street.choices[plan.action[0, 0, decision]]
        names[hand] = "check" if choice.action == "check" else f"{choice.multiple}x"
    return names


class HoldemEngine(StreetHoldemEngine):
    """Hold'em against a dealer over streets; for the shipped one-Play-bet main game, both dealer cards seen and
    the colluders' pre-flop part as well."""

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        """Both cards seen: the shipped one-Play-bet main game only; one card seen: any game."""
        if seen == 2 and shipped_one_bet_game(rules):
            return None
        return super().exposure_problem(rules, seen)

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """Both dealer cards seen on the shipped main game: its committed exact run (or a new one without the cache:
        about 30 minutes on two cores, resumable); otherwise over streets."""
        if seen != 2 or not shipped_one_bet_game(rules):
            return super().exposure(rules, seen, run)
        found = protection.committed_exposure(rules, seen, run, committed_apply=True)
        if found is None:
            from analyzer.engines.holdem.exposure_both import analyze_both
            results = analyze_both(jobs=run.jobs, progress=run.progress,
                                   checkpoint_dir=usable_folder(cache_root() / f"{rules.name}-exposed-{seen}-chunks"))
            found = {**results.figures(), "actions": results.frequencies()}, results.preflop_table()
        return protection.exposure_of(rules, seen, *found)

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> CollusionEstimate:
        """The shipped main game: sampled (colluders' cards, flop) deals for the flop and river, and colluder deals
        with every board for the pre-flop use, against its committed analysis. Another main game: over streets."""
        if not shipped_one_bet_game(rules):
            return super().collusion(rules, colluders, seed, run, options)
        normal = self.analyze(rules, run)
        return estimate_holdem_collusion(rules.name, normal.main_figures()["house_edge_per_ante"],
                                         preflop_multiples(normal), colluders, options.deals or DEFAULT_SAMPLES, seed,
                                         DEFAULT_PREFLOP_SAMPLES if options.preflop_samples is None
                                         else options.preflop_samples,
                                         jobs=run.jobs, progress=run.progress)

    def committed_collusion(self, rules: GameRules, colluders: int) -> CollusionEstimate | None:
        if not shipped_one_bet_game(rules):
            return super().committed_collusion(rules, colluders)
        found: HoldemCollusionEstimate | None = protection.committed_collusion(rules, colluders)
        return found

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        if not shipped_one_bet_game(rules):
            return super().collusion_options(rules)
        return CollusionOptions(DEFAULT_SAMPLES, DEFAULT_PREFLOP_SAMPLES)
