"""Strategies the simulator plays: whatever the caller gives, through one small protocol.

A strategy has a ``name`` and chooses the Play multiple of each deal (0: a
fold) from the cards the player may see: its own, the dealer's up-cards and
the board (a strategy deciding before the whole board is out looks only at
the cards out at its decision). Two kinds ship with the simulator:

* :class:`StrategyTable`: a multiple for every situation class, looked up by
  the suit class of the player's cards and the dealer's up-card (built from
  one representative deal per class, e.g. an exact analysis's decisions);
* :class:`StreetStrategy`: a posted Hold'em strategy deciding street by street
  (pre-flop, flop, river) on the concrete cards of each deal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from analyzer.simulation.hands import SimulationError

if TYPE_CHECKING:
    from analyzer.engines.base import PostedCard

DECK = 52
#: The "rank" ``card >> 2`` of a joker (the cards 52 and 53): no card of a suit has it.
JOKER = 13


@runtime_checkable
class Strategy(Protocol):
    """What the simulator asks of a strategy."""

    @property
    def name(self) -> str:
        """What the strategy is called in the simulation check."""

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The Play multiple (0: fold) of each deal: one row of cards per deal in each array (the
        up-cards and board arrays have no columns in games without them)."""


def suit_class_keys(hands: np.ndarray, up_card: np.ndarray | None = None) -> np.ndarray:
    """One int64 per deal, equal for two deals exactly when a relabelling of the suits maps one onto
    the other (the player's cards as a set, the dealer's up-card, if any, as itself).

    A relabelling permutes the four 13-bit sets of ranks the player holds in each suit, so the
    sets in decreasing order name the class; with an up-card, its rank, then the set of its
    suit, then the other three in decreasing order. A joker (card 52 or 53, "rank" 13) has no
    suit: the key starts with the number of jokers held, and a joker up-card fixes no suit (the
    largest set stands in for its suit's).

    >>> from analyzer.simulation.hands import cards
    >>> a, b, c = cards("As Ks 2h 3h 4c"), cards("Ad Kd 2c 3c 4h"), cards("As Kh 2h 3h 4c")
    >>> bool(suit_class_keys(a) == suit_class_keys(b)), bool(suit_class_keys(a) == suit_class_keys(c))
    (True, False)
    >>> up = np.array([4 * 5 + 2])   # the 7h
    >>> bool(suit_class_keys(a, up) == suit_class_keys(b, up)), bool(suit_class_keys(b, up) == suit_class_keys(a, up - 2))
    (False, True)
    >>> joker = np.array([[0, 4, 8, 12, 52]])
    >>> relabelled = joker + [1, 1, 1, 1, 0]   # every card one suit on, the joker kept
    >>> bool(suit_class_keys(joker) == suit_class_keys(relabelled)), bool(suit_class_keys(joker) == suit_class_keys(a))
    (True, False)
    """
    hands = np.asarray(hands, dtype=np.int64)
    ranks, suits = hands >> 2, hands & 3
    natural = ranks < JOKER
    sets = np.stack([np.where(natural & (suits == suit), 1 << ranks, 0).sum(axis=1) for suit in range(4)], axis=1)
    key = (~natural).sum(axis=1).astype(np.int64)
    if up_card is not None:
        up = np.asarray(up_card, dtype=np.int64)
        rows = np.arange(len(hands))
        fixed = np.where(up >> 2 == JOKER, sets.argmax(axis=1), up & 3)
        key = (key << 4 | up >> 2) << 13 | sets[rows, fixed]
        sets[rows, fixed] = -1  # sorted last, left out
    ordered = -np.sort(-sets, axis=1)
    for column in range(4 if up_card is None else 3):
        key = key << 13 | ordered[:, column]
    return key


def _single_up_card(up_cards: np.ndarray | None) -> np.ndarray | None:
    """The one up-card of each deal as a vector (None without up-cards); more are not supported."""
    if up_cards is None:
        return None
    up_cards = np.asarray(up_cards, dtype=np.int64)
    if up_cards.ndim == 1:
        return up_cards
    if up_cards.shape[1] > 1:
        raise SimulationError("a strategy table looks up at most one dealer up-card")
    return up_cards[:, 0] if up_cards.shape[1] else None


@dataclass(frozen=True)
class StrategyTable:
    """The Play multiple (0: fold) of every player situation, looked up by :func:`suit_class_keys`.

    >>> from analyzer.simulation.hands import cards
    >>> table = StrategyTable.build(np.concatenate([cards("As Ad 4c"), cards("2s 7d 9h")]), None, [3, 0], "mine")
    >>> table.multiples(cards("Ah Ac 4d"), np.zeros((1, 0), dtype=int), np.zeros((1, 0), dtype=int)).tolist()
    [3]
    """

    keys: np.ndarray       # sorted
    decisions: np.ndarray  # int8, per key
    up_card: bool          # whether the situations include the dealer's up-card
    name: str

    @classmethod
    def build(cls, hands: np.ndarray, up_cards: np.ndarray | None, multiples, name: str,
              rows: int = 500_000) -> StrategyTable:
        """From one representative deal per situation class (the player's cards and the dealer's
        up-card, ``None`` in games without one) and its multiple."""
        up = _single_up_card(up_cards)
        keys = np.concatenate([suit_class_keys(hands[start:start + rows],
                                               None if up is None else up[start:start + rows])
                               for start in range(0, len(hands), rows)])
        order = np.argsort(keys)
        keys = keys[order]
        if (np.diff(keys) == 0).any():
            raise SimulationError("two situations of the strategy table are the same suit class")
        return cls(keys, np.asarray(multiples, dtype=np.int8)[order], up is not None, name)

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The multiple of each dealt hand's situation (the board plays no part)."""
        up = _single_up_card(up_cards)
        if (up is not None) != self.up_card:
            raise SimulationError(f"the strategy table's situations {'include' if self.up_card else 'have no'} "
                                  "dealer up-card, the deals do not")
        wanted = suit_class_keys(player, up)
        index = np.minimum(np.searchsorted(self.keys, wanted), len(self.keys) - 1)
        if (self.keys[index] != wanted).any():
            raise SimulationError("a dealt hand has no situation in the strategy table")
        return self.decisions[index].astype(np.int64)


def bet(decision: str) -> int:
    """The multiple of a decision written ``"Nx"``; 0 for any other (a check, a fold).

    >>> bet("4x"), bet("check"), bet("fold")
    (4, 0, 0)
    """
    return int(decision.removesuffix("x")) if decision.endswith("x") else 0


@dataclass(frozen=True)
class StreetStrategy:
    """A posted Hold'em strategy played street by street: the first street's bet is the Play
    multiple, a check passes to the next street, no bet by the river is a fold."""

    posted: PostedCard
    preflop: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = np.zeros((DECK, DECK), dtype=np.int64)  # asked once per pair of hole cards
        for x in range(DECK):
            for y in range(x + 1, DECK):
                table[x, y] = table[y, x] = bet(self.posted.preflop_decision([x, y]))
        object.__setattr__(self, "preflop", table)

    @property
    def name(self) -> str:
        return f"posted card ({self.posted.name})"

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        """Pre-flop from the chart, then hand by hand on the flop (first three board cards) and river."""
        multiple = self.preflop[player[:, 0], player[:, 1]].copy()
        for row in np.flatnonzero(multiple == 0).tolist():
            hole = player[row].tolist()
            multiple[row] = (bet(self.posted.flop_decision(hole, board[row, :3].tolist()))
                             or bet(self.posted.river_decision(hole, board[row].tolist())))
        return multiple
