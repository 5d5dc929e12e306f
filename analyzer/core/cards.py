"""Cards, card sets and combinations: the bottom layer.

A card is an integer ``4 * rank + suit`` with ranks 0..12 for 2..A and suits
0..3 for clubs, diamonds, hearts, spades, so sorting cards sorts by rank.
A deck's jokers (at most :data:`MOST_JOKERS`) are the cards 52, 53 after them:
``card // 4`` is then :data:`JOKER_RANK` (13), a rank no other card has, and a
joker has no suit (``is_joker``); it is written ``Jk``.

A sorted k-card combination ``c1 < ... < ck`` has the *colex index*
``sum(C(ci, i))`` for i = 1..k: a dense index from 0 to C(n, k) - 1 over the
combinations of the first n cards, which makes lookup tables of whole hands.

>>> parse_cards("As Kd 2c")
(51, 45, 0)
>>> format_cards((51, 45, 0))
'As Kd 2c'
>>> parse_cards("Jk As Jk"), format_cards((53, 52, 51))
((52, 51, 53), 'Jk Jk As')
>>> int(colex_index(np.array([0, 1, 2, 3])))
0
>>> int(colex_index(np.array([0, 1, 2, 4])))
1
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import comb

import numpy as np

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
DECK_SIZE = 52
RANK_COUNT = 13
#: The rank index of a joker (``card // 4`` of the cards 52 and 53) and the most jokers a deck adds.
JOKER_RANK = RANK_COUNT
MOST_JOKERS = 2
JOKER_SYMBOL = "Jk"
SUIT_COUNT = 4
ACE = RANK_COUNT - 1

RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings", "aces")

#: BINOMIAL[n, k] = C(n, k) for n <= 54 (the 52 cards and the jokers), k <= 7, as int64.
BINOMIAL = np.array([[comb(n, k) for k in range(8)] for n in range(DECK_SIZE + MOST_JOKERS + 1)],
                    dtype=np.int64)


_BINOMIAL_COLUMNS = [np.ascontiguousarray(BINOMIAL[:, k]) for k in range(8)]


class CardError(ValueError):
    """A card or rank written in a way that names no card."""


def parse_rank(text: str) -> int:
    """Rank index of a rank symbol, name or plural: ``parse_rank("Q") == 10``.

    >>> parse_rank("queens"), parse_rank("A"), parse_rank("10")
    (10, 12, 8)
    """
    word = text.strip()
    if word == "10":
        word = "T"
    if len(word) == 1 and word.upper() in RANK_SYMBOLS:
        return RANK_SYMBOLS.index(word.upper())
    lowered = word.lower()
    for names in (RANK_NAMES, RANK_PLURALS):
        if lowered in names:
            return names.index(lowered)
    raise CardError(f"unknown rank {text!r} (use one of {' '.join(RANK_SYMBOLS)})")


def is_joker(card: int) -> bool:
    """Whether a card index is a joker (52 or 53).

    >>> is_joker(51), is_joker(52)
    (False, True)
    """
    return card >= DECK_SIZE


def parse_card(text: str) -> int:
    """Card index of a two-character card such as ``"As"`` or ``"Td"``; ``"Jk"`` is the (first) joker.

    >>> parse_card("2c"), parse_card("As"), parse_card("jk")
    (0, 51, 52)
    """
    word = text.strip()
    if word.lower() == JOKER_SYMBOL.lower():
        return DECK_SIZE
    if len(word) != 2 or word[1].lower() not in SUIT_SYMBOLS:
        raise CardError(f"bad card {text!r}: write rank then suit, e.g. 'As' or 'Td'")
    return 4 * parse_rank(word[0]) + SUIT_SYMBOLS.index(word[1].lower())


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards of a space-separated list; a card named twice is an error, except ``Jk``: the jokers in turn."""
    cards: list[int] = []
    for word in text.split():
        card = parse_card(word)
        cards.append(card + sum(map(is_joker, cards)) if is_joker(card) else card)
    if max(cards, default=0) >= DECK_SIZE + MOST_JOKERS:
        raise CardError(f"more than {MOST_JOKERS} jokers in {text!r}")
    if len(set(cards)) != len(cards):
        raise CardError(f"a card is repeated in {text!r}")
    return tuple(cards)


def format_card(card: int) -> str:
    """Two-character name of a card: ``format_card(51) == 'As'``, ``format_card(52) == 'Jk'``."""
    return JOKER_SYMBOL if is_joker(card) else RANK_SYMBOLS[card // 4] + SUIT_SYMBOLS[card % 4]


def format_cards(cards: Iterable[int]) -> str:
    """Space-separated names of cards, highest first when given sorted descending."""
    return " ".join(format_card(int(card)) for card in cards)


def colex_index(cards: np.ndarray) -> np.ndarray:
    """Colex index of sorted combinations along the last axis (int64).

    ``cards`` holds ascending card indices; works on one combination or an
    array of them.
    """
    cards = np.asarray(cards)
    index = np.zeros(cards.shape[:-1], dtype=np.int64)
    for position in range(cards.shape[-1]):
        index += _BINOMIAL_COLUMNS[position + 1].take(cards[..., position])
    return index


@cache
def combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), one per row in colex order, ascending within rows.

    Row i has colex index i. The array is read-only (it is cached).

    >>> combinations(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    if k == 0:
        rows = np.zeros((1, 0), dtype=np.int8)
    else:
        shorter = combinations(n, k - 1)
        blocks = []
        for last in range(k - 1, n):
            prefix = shorter[: comb(last, k - 1)]
            blocks.append(np.column_stack([prefix, np.full(len(prefix), last, dtype=np.int8)]))
        rows = np.concatenate(blocks) if blocks else np.zeros((0, k), dtype=np.int8)
    rows = rows.astype(np.int8)
    rows.setflags(write=False)
    return rows


@cache
def subset_positions(size: int, k: int) -> np.ndarray:
    """Positions of every k-subset of a ``size``-card hand, in colex order.

    >>> subset_positions(3, 2).tolist()
    [[0, 1], [0, 2], [1, 2]]
    """
    return combinations(size, k).astype(np.intp)
