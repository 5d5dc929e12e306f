"""The simulator's own cards, hand evaluator and pay lines, sharing no code with the enumerator.

Written from the rules, small enough to check by eye, vectorised with numpy
over many hands at once. A card is ``4 * rank + suit``: ranks 0..12 for
2..A, suits 0..3 for clubs, diamonds, hearts, spades.

A hand's *value* is one integer, so "beats" is ``>`` and "ties" is ``==``:
its category's position in the ranking's order (weakest first) times
``CATEGORY_SPAN``, plus up to five rank digits of four bits each, highest
digit first: the ranks of the hand ordered by how many cards share them, then
by rank (quads, trips, the higher pair, the pair, then kickers); a straight is
written by its top card alone (the 4 of A-2-3-4, the 5 of A-2-3-4-5). The
first digit is the rank that names the hand ("pair of Q", "king-high").

The category orders are those of the written rules: in the four-card games
three of a kind beats a flush, which beats a straight, and four of a kind
beats a straight flush (Four Card Fever's "RANKING OF HANDS", Super 4 Poker's
list); five-card hands rank as in ordinary poker.

>>> four = evaluate(cards("Ah Kh 7h 2h"), "four_card")
>>> describe(four, "four_card"), describe(evaluate(cards("Ac 2d 3s 4h"), "four_card"), "four_card")
('flush A-K-7-2', 'straight 4')
>>> bool(evaluate(cards("Ah Kh 7h 2h"), "four_card") > evaluate(cards("9c Td Js Qh"), "four_card"))
True
>>> describe(best(cards("As Ad Ks Kd 2c 2d 7h"), 5, "five_card"), "five_card")
'two_pair A-A-K-K-7'
"""

from __future__ import annotations

import re
from itertools import combinations

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ACE = RANKS.index("A")

#: Categories of each ranking, weakest first, as the rules order them.
ORDERS = {
    "four_card": ("high_card", "pair", "two_pair", "straight", "flush", "three_of_a_kind", "straight_flush",
                  "four_of_a_kind"),
    "five_card": ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                  "four_of_a_kind", "straight_flush"),
}
#: Cards in a hand of each ranking.
SIZES = {"four_card": 4, "five_card": 5}

#: The sum over a hand's cards of how many of its cards share that card's rank (the sum of the
#: squared rank multiplicities) tells the hand's pattern of pairs; hands of all-different ranks
#: are then split by straight and flush.
GROUPED = {
    4: {6: "pair", 8: "two_pair", 10: "three_of_a_kind", 16: "four_of_a_kind"},
    5: {7: "pair", 9: "two_pair", 11: "three_of_a_kind", 13: "full_house", 17: "four_of_a_kind"},
}
UNGROUPED = {(False, False): "high_card", (True, False): "straight", (False, True): "flush",
             (True, True): "straight_flush"}

DIGIT_BITS = 4
CATEGORY_SPAN = 1 << (5 * DIGIT_BITS)
TOP_SHIFT = 4 * DIGIT_BITS


class SimulationError(ValueError):
    """A game, paytable or strategy the simulator cannot play as written; the message says why."""


def cards(text: str) -> np.ndarray:
    """Cards of a space-separated list such as ``"As Td 2c"``, as one row.

    >>> cards("2c As").tolist()
    [[0, 51]]
    """
    return np.array([[4 * RANKS.index(word[0].upper()) + SUITS.index(word[1].lower()) for word in text.split()]],
                    dtype=np.int64)


def card_text(card: int) -> str:
    """``card_text(51) == 'As'``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def _category_table(ranking: str) -> np.ndarray:
    """Category position by ``4 * pattern sum + 2 * straight + flush``."""
    order, size = ORDERS[ranking], SIZES[ranking]
    table = np.full(4 * (size * size + 1), -1, dtype=np.int64)
    for total, name in GROUPED[size].items():
        table[4 * total] = order.index(name)
    for (straight, flush), name in UNGROUPED.items():
        table[4 * size + 2 * straight + flush] = order.index(name)
    return table


CATEGORY_TABLES = {ranking: _category_table(ranking) for ranking in ORDERS}


def evaluate(hands: np.ndarray, ranking: str) -> np.ndarray:
    """Value (int64) of each hand, one hand of exactly 4 (``four_card``) or 5 (``five_card``) cards per row."""
    hands = np.asarray(hands, dtype=np.int64)
    size = SIZES[ranking]
    assert hands.ndim == 2 and hands.shape[1] == size, f"{ranking} hands have {size} cards"
    ranks, suits = hands >> 2, hands & 3
    sharing = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # cards of each card's rank
    pattern = sharing.sum(axis=1)
    digits = np.sort(sharing * 16 + ranks, axis=1)[:, ::-1] & 15      # grouped ranks first, highest first
    all_different = pattern == size
    flush = (suits == suits[:, :1]).all(axis=1)
    wheel = all_different & (digits[:, 0] == ACE) & (digits[:, 1] == size - 2)  # A-2-3-4(-5)
    straight = all_different & ((digits[:, 0] - digits[:, -1] == size - 1) | wheel)
    top = np.where(wheel, size - 2, digits[:, 0])
    packed = np.zeros(len(hands), dtype=np.int64)
    for position in range(size):
        packed |= digits[:, position] << (TOP_SHIFT - DIGIT_BITS * position)
    category = CATEGORY_TABLES[ranking][4 * pattern + 2 * straight + flush]
    return category * CATEGORY_SPAN + np.where(straight, top << TOP_SHIFT, packed)


def best(hands: np.ndarray, size: int, ranking: str) -> np.ndarray:
    """Value of the best ``size``-card part of each hand (rows of ``size`` or more cards)."""
    hands = np.asarray(hands, dtype=np.int64)
    parts = [evaluate(hands[:, list(chosen)], ranking) for chosen in combinations(range(hands.shape[1]), size)]
    return np.max(parts, axis=0)


def category_of(values: np.ndarray) -> np.ndarray:
    """Category position of each value."""
    return np.asarray(values) // CATEGORY_SPAN


def top_rank(values: np.ndarray) -> np.ndarray:
    """The rank that names each hand: the quads, trips, higher pair, pair, straight's top or high card."""
    return (np.asarray(values) >> TOP_SHIFT) & 15


def describe(values: np.ndarray, ranking: str) -> str:
    """A readable name of one value: ``'pair Q-Q-9-3'``, ``'straight 4'``."""
    value = int(np.ravel(values)[0])
    name = ORDERS[ranking][value // CATEGORY_SPAN]
    digits = [(value >> (TOP_SHIFT - DIGIT_BITS * i)) & 15 for i in range(SIZES[ranking])]
    if name in ("straight", "straight_flush"):
        return f"{name} {RANKS[digits[0]]}"
    return f"{name} " + "-".join(RANKS[digit] for digit in digits)


# -- hands named in paytables and rules ----------------------------------------
HAND_NAME = re.compile(r"(?P<category>[a-z_]+?)(?: of (?P<rank>[2-9TJQKA]))?(?P<better> or better)?")


def at_least(values: np.ndarray, ranking: str, category: str, rank: str | None = None) -> np.ndarray:
    """Hands of ``category`` (named by ``rank`` or higher, if given) or of a higher category."""
    wanted = ORDERS[ranking].index(category)
    found = category_of(values)
    higher_rank = top_rank(values) >= RANKS.index(rank) if rank else True
    return (found > wanted) | ((found == wanted) & higher_rank)


def matches(values: np.ndarray, ranking: str, name: str) -> np.ndarray:
    """Hands matched by a pay line's hand, written ``CATEGORY [of RANK] [or better]`` (the canonical
    text of the game files, e.g. ``pair of Q or better``, ``straight_flush of A`` for a royal flush).

    >>> matches(evaluate(cards("Qs Qd 9c 3h"), "four_card"), "four_card", "pair of Q or better").tolist()
    [True]
    """
    parsed = HAND_NAME.fullmatch(name)
    if parsed is None or parsed["category"] not in ORDERS[ranking]:
        raise SimulationError(f"the simulator cannot read the hand {name!r} of a {ranking} paytable")
    category, rank = parsed["category"], parsed["rank"]
    if parsed["better"]:
        return at_least(values, ranking, category, rank)
    same = category_of(values) == ORDERS[ranking].index(category)
    return same & (top_rank(values) == RANKS.index(rank)) if rank else same


def pays(values: np.ndarray, ranking: str, lines: list[tuple[str, float]]) -> tuple[np.ndarray, np.ndarray]:
    """The pay ("to 1") of each hand by the first of ``lines`` (hand name, pays) it matches, and
    whether any line matched (the pay is 0 where none did)."""
    paid = np.zeros(len(values), dtype=np.float64)
    hit = np.zeros(len(values), dtype=bool)
    for name, amount in lines:
        new = matches(values, ranking, name) & ~hit
        paid[new] = amount
        hit |= new
    return paid, hit
