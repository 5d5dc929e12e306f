"""The cards a game is dealt from: one 52-card deck, several shuffled together (a shoe), and jokers.

A game's ``[deck]`` table gives ``decks`` (52-card decks shuffled together, 1 to 8) and ``jokers``
(0 to 2). Every card of a shoe is a separate card: a six-deck shoe holds six aces of spades, and a
hand may hold two of them. Jokers are cards of no rank or suit; whether a card is wild is the
ranking's business (:mod:`analyzer.core.ranking`), not the deck's. One deck's cards are the indices
``0 .. size - 1``: the 52 cards, then the jokers 52 and 53 (:mod:`analyzer.core.cards`).

>>> Deck().size, Deck(decks=6).size, Deck(jokers=1).size
(52, 312, 53)
>>> Deck().standard, Deck(jokers=1).standard
(True, False)
>>> Deck(decks=6).describe(), Deck(jokers=1).describe(), Deck().describe()
('a shoe of 6 52-card decks shuffled together (312 cards)', 'one 52-card deck and one joker (53 cards)', 'one 52-card deck')
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.core.cards import DECK_SIZE, MOST_JOKERS

#: The most 52-card decks a shoe may hold (the most jokers a deck may add is ``cards.MOST_JOKERS``).
MOST_DECKS = 8
_COUNTS = ("no", "one", "two")


@dataclass(frozen=True)
class Deck:
    """``decks`` 52-card decks shuffled together, with ``jokers`` jokers added."""

    decks: int = 1
    jokers: int = 0

    def __post_init__(self) -> None:
        if not (1 <= self.decks <= MOST_DECKS and 0 <= self.jokers <= MOST_JOKERS):
            raise ValueError(f"a deck is 1 to {MOST_DECKS} 52-card decks and 0 to {MOST_JOKERS} jokers, "
                             f"not {self.decks} and {self.jokers}")

    @property
    def size(self) -> int:
        """The number of cards dealt from: 52 per deck, plus the jokers."""
        return DECK_SIZE * self.decks + self.jokers

    @property
    def standard(self) -> bool:
        """Whether this is one 52-card deck without jokers (what every engine deals from)."""
        return self.decks == 1 and self.jokers == 0

    def describe(self) -> str:
        """The deck in words, for reports."""
        base = "one 52-card deck" if self.decks == 1 else \
            f"a shoe of {self.decks} 52-card decks shuffled together"
        if self.jokers:
            base += f" and {_COUNTS[self.jokers]} joker{'s' if self.jokers > 1 else ''}"
        return base if self.standard else f"{base} ({self.size} cards)"
