"""Game protection: the game as it plays when the player sees some of the dealer's face-down cards.

A flashed hole card is a rules override, not another game: the player sees
``k`` more of the dealer's cards before deciding, so the enumeration shows
``dealer_up_cards + k`` dealer cards. In the four-card games every wager
settles on the dealer's *best* hand of all the dealer's cards (qualifier,
comparison, bonuses), so which of the dealer's cards is seen does not matter,
only which cards are: the exposed cards are simply more up-cards. The cache
key holds ``dealer_up_cards``, so each exposure has its own cached counts.

>>> from analyzer.games.rules import load_game
>>> crazy4 = expose(load_game("crazy4"), 1)
>>> crazy4.dealer_up_cards, crazy4.title
(1, 'Crazy 4 Poker, 1 dealer card exposed')
"""

from __future__ import annotations

import dataclasses
import hashlib

from analyzer.games.rules import GameRules, RulesError


def expose(rules: GameRules, cards: int) -> GameRules:
    """``rules`` with ``cards`` of the dealer's face-down cards seen by the player before deciding."""
    hidden = rules.dealer_cards - rules.dealer_up_cards
    if not 1 <= cards < hidden:
        raise RulesError(f"{rules.source}: between 1 and {hidden - 1} of the dealer's {hidden} face-down cards "
                         f"can be exposed, not {cards}")
    plural = "card" if cards == 1 else "cards"
    return dataclasses.replace(
        rules, title=f"{rules.title}, {cards} dealer {plural} exposed",
        dealer_up_cards=rules.dealer_up_cards + cards,
        rules=(*rules.rules, (f"Procedure leak analysed: the player sees {cards} of the dealer's face-down "
                              f"{plural} before deciding (besides any up-card).")),
        input_hash=hashlib.sha256(f"{rules.input_hash}/exposed {cards}".encode()).hexdigest())
