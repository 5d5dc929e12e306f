"""Hands dealt from a shoe, counted by card type.

From ``D`` 52-card decks shuffled together, the ``k`` cards dealt are an equally likely ``k``-subset of the
``52 * D`` physical cards: the cycle is ``C(52 * D, k)``. Physical cards of one rank and suit play alike, so a
hand is a multiset of the 52 card types, and a multiset holding type ``c`` ``m_c`` times is dealt
``prod C(D, m_c)`` ways (which ``m_c`` of the ``D`` copies). Summed over every multiset, the ways add up to the
cycle (Vandermonde's identity). With one deck every multiset is a set dealt one way: the plain combinations.

>>> hands, ways = shoe_hands(2, 2)
>>> len(hands), int(ways.sum()) == comb(104, 2), hands[0].tolist(), int(ways[0])
(1378, True, [0, 0], 1)
>>> int(shoe_hands(6, 3)[1].sum()) == comb(312, 3)
True
"""

from __future__ import annotations

from math import comb

import numpy as np

from analyzer.core.cards import DECK_SIZE, combinations

#: Most cards in a hand counted by card type (the multisets of 52 types: 3.8 million for five cards).
MOST_CARDS = 5


def shoe_hands(decks: int, cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of ``cards`` card types a shoe of ``decks`` decks can deal, sorted within rows (int64, one
    hand per row), and its number of ways ``prod C(decks, m_c)`` (int64: at most ``C(52 * 8, 5)``, about 10^11).

    A sorted multiset ``a_0 <= a_1 <= ...`` is the set ``a_i + i`` of ``range(52 + cards - 1)``; a type held
    more than ``decks`` times has no way (those rows are dropped).
    """
    if not 1 <= cards <= MOST_CARDS:
        raise ValueError(f"hands of 1 to {MOST_CARDS} cards are counted by card type, not {cards}")
    hands = combinations(DECK_SIZE + cards - 1, cards).astype(np.int64) - np.arange(cards)
    copies = (hands[:, :, None] == hands[:, None, :]).sum(axis=2)  # copies of each card's type in its hand
    first = np.ones(hands.shape, dtype=bool)
    first[:, 1:] = hands[:, 1:] != hands[:, :-1]
    ways_of = np.array([comb(decks, copies_) for copies_ in range(cards + 1)], dtype=np.int64)
    ways = np.where(first, ways_of[copies], 1).prod(axis=1)
    dealt = ways > 0
    return hands[dealt], ways[dealt]
