"""The optimal holds as a policy the simulator plays: each dealt hand's 32 holds counted exactly on the spot
(:func:`analyzer.engines.draw.enumeration.count_draws`, a few hundred table look-ups a hand) and the best
taken by the analysis's own rule, so no table of every situation is needed.

>>> from analyzer.games.rules import load_game
>>> from analyzer.core.cards import parse_cards
>>> policy = OptimalHolds(load_game("jacksorbetter"))
>>> bin(int(policy.holds(np.array([parse_cards("2c Ah Kh Qh Jh")]))[0]))   # the four to a royal, as dealt
'0b11110'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.engines.draw.enumeration import DrawGame, best_holds, count_draws, hold_values
from analyzer.games.rules import GameRules


@dataclass(frozen=True)
class OptimalHolds:
    """The optimal hold of any dealt hand (the engine's :class:`analyzer.engines.base.HoldPolicy`)."""

    rules: GameRules
    name: str = "optimal (every hold of each deal counted exactly)"

    def holds(self, dealt: np.ndarray) -> np.ndarray:
        """The optimal hold mask of each dealt hand, its bits in the order the cards were dealt."""
        dealt = np.asarray(dealt, dtype=np.int64)
        order = np.argsort(dealt, axis=1)
        ascending = np.take_along_axis(dealt, order, axis=1)
        game = DrawGame(self.rules)
        chosen = best_holds(hold_values(game, count_draws(self.rules, ascending)), game.hand_size)
        return np.sum([((chosen >> bit) & 1) << order[:, bit] for bit in range(game.hand_size)], axis=0)
