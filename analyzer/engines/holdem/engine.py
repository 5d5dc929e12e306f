"""The Hold'em engine: two hole cards each, five community cards, several decision streets.

Every Hold'em game is analysed over streets (:class:`analyzer.engines.holdem.street_engine.StreetHoldemEngine`):
its optimal strategy, a posted card where the game takes one, written strategies, solved pays and the simulation
check, one or both dealer cards seen. What the streets kernel does not do yet is done here for the shipped main
game of Ultimate Texas Hold'em (its Blind table and qualifier; side-bet paytables may differ), from its committed
estimates or the estimator that made them: the colluders' estimate with its pre-flop part
(:mod:`analyzer.engines.holdem.collusion`).
"""

from __future__ import annotations

from analyzer.core.committed import committed_folder
from analyzer.engines.base import CollusionOptions, Run
from analyzer.engines.cache import enumeration_key
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
    """Whether ``rules`` play a shipped game's main wagers whose committed one-Play-bet colluders' estimates exist:
    Ultimate Texas Hold'em with any side-bet paytables."""
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
    """Hold'em against a dealer over streets; for the shipped one-Play-bet main game, the colluders' pre-flop part
    as well."""

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
