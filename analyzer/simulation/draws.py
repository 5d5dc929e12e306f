"""Draw games (video poker) dealt from shuffled decks and settled from their rules data by the simulator's
own evaluator; a game with no decision is one with no draw (every card dealt kept), dealt from its shoe.

A deal: the ``n`` cards dealt, then ``n`` more from the same deck, the replacements in the order they are
dealt. The strategy names the cards kept (a mask: bit ``i`` keeps dealt card ``i``); each discarded card is
replaced by the next replacement card, in order. The final hand is paid by the wager's paytable: a line's
pay "to 1" (a pay quoted "for 1" less the stake), no line: the wager's loss result. Side bets on the cards
dealt are valued on them alone, whatever the player keeps.

>>> from analyzer.games.rules import load_game
>>> from analyzer.simulation.hands import cards
>>> game = DrawDeal.of(load_game("jacksorbetter"))
>>> deal = np.concatenate([cards("Ah Kh Qh Jh 2c"), cards("Th 3s 4s 5s 6s")], axis=1)
>>> {name: float(value[0]) for name, value in game.settle(deal, np.array([0b01111])).items()}   # a royal
{'bet': 799.0, 'total': 799.0}
"""

from __future__ import annotations

from dataclasses import dataclass
import numpy as np

from analyzer.engines.base import HoldPolicy
from analyzer.games.rules import GameRules
from analyzer.simulation.hands import SimulationError, best
from analyzer.simulation.settlement import TOTAL, Paytable, SideBetData, shuffled_decks


@dataclass(frozen=True)
class DrawWager:
    """The wager: its name, title, paytable and result when no line pays."""

    name: str
    title: str
    paytable: Paytable
    loses: float


@dataclass(frozen=True)
class DrawDeal:
    """What the simulator takes from the rules of a draw game: the hand size, the wager, the side bets."""

    name: str
    title: str
    hand_size: int
    wagers: tuple[DrawWager, ...]
    side_bets: dict[str, SideBetData]
    community_cards: int = 0
    replacements: int = 0  # cards dealt after the hand for the draw (0: no draw, every card dealt kept)
    decks: int = 1  # 52-card decks shuffled together

    @classmethod
    def of(cls, rules: GameRules) -> DrawDeal:
        (wager,) = rules.wagers
        if wager.paytable is None or wager.paytable_mode != "instead":
            raise SimulationError(f"{wager.title}: the simulator settles a draw game's wager by a paytable instead "
                                  "of a result")
        return cls(rules.name, rules.title, rules.player_cards,
                   (DrawWager(wager.name, wager.title, Paytable.of(wager.ranking.name, wager.paytable),
                              float(wager.results[0])),),
                   {bet.name: SideBetData.of(bet) for bet in rules.side_bets},
                   replacements=rules.player_cards if rules.draw else 0, decks=rules.deck.decks)

    def final_hands(self, deal: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Each deal's final hand: kept cards in place, each discarded card replaced by the next replacement."""
        size = self.hand_size
        if not self.replacements:  # no draw: the cards dealt are the hand
            return deal[:, :size]
        kept = (np.asarray(masks, dtype=np.int64)[:, None] >> np.arange(size)) & 1
        replacement = np.cumsum(1 - kept, axis=1) - 1  # the how-many-th discarded card each position is
        drawn = np.take_along_axis(deal[:, size:], np.maximum(replacement, 0), axis=1)
        return np.where(kept == 1, deal[:, :size], drawn)

    def settle(self, deal: np.ndarray, masks: np.ndarray) -> dict[str, np.ndarray]:
        """The wager's result per unit, the total, and every side bet's per unit, for each deal."""
        (wager,) = self.wagers
        final = self.final_hands(deal, masks)
        amount, hit = wager.paytable.pays({wager.paytable.ranking: best(final, wager.paytable.ranking)})
        out = {wager.name: np.where(hit, amount, wager.loses)}
        out[TOTAL] = out[wager.name]
        dealt = deal[:, :self.hand_size]
        for name, bet in self.side_bets.items():
            out[name] = bet.results(dealt, dealt[:, :0])
        return out

    def deal_hands(self, strategy: HoldPolicy, rng: np.random.Generator, hands: int) -> dict[str, np.ndarray]:
        """Deal ``hands`` deals and their replacements, ask the strategy what each keeps, and settle them."""
        deal = shuffled_decks(rng, hands, self.hand_size + self.replacements, self.decks)
        masks = np.asarray(strategy.holds(deal[:, :self.hand_size]), dtype=np.int64)
        if ((masks < 0) | (masks >= 2 ** self.hand_size)).any():
            raise SimulationError(f"{self.title}: the strategy keeps cards that were not dealt")
        return self.settle(deal, masks)
