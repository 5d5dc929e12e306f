"""The simulator's own cards, hand evaluator and hand patterns, sharing no code with the enumerator.

Written from the rules, small enough to check by eye, vectorised with numpy
over many hands at once. A card is ``4 * rank + suit``: ranks 0..12 for
2..A, suits 0..3 for clubs, diamonds, hearts, spades.

Of each ranking the simulator reads three things from the data file
``analyzer/core/rankings.toml``: the cards in a hand, the ORDER of its
categories (names, weakest first) and its wild ranks. What a name means is the
simulator's own reading (:data:`GROUPED`, :data:`UNGROUPED`, :data:`WILD_MADE`):
a pair is two cards of one rank, a straight runs through consecutive ranks
(A-2-3... the lowest), a flush is one suit; with wild cards, five of a kind is
five cards of one rank, a natural royal flush an ace-high straight flush
without a wild card, a wild royal flush one with, a royal flush either, four
wilds the four wild cards and any fifth card (ranked by it), five wilds five
wild cards. A joker (cards 52 and 53, written ``Jk``; ``card >> 2`` is 13) is
wild where the ranking lists "joker" among its wild cards.

A ranking reads straights and flushes only when it orders a category that is
one; in a ranking that marks suited hands (two cards: "A-K suited") a hand of
one suit has 1 in its lowest digit.

A wild card stands for any card, even one in the hand: the simulator gives
the hand's wild cards every multiset of ranks, each wild card in the suit of
the hand's first natural card (a flush when the natural cards share that
suit, and no other choice of suits can make one otherwise), values each hand
so made, names the categories only wild cards make, and keeps the best (a
"bug" joker, ``joker = "bug"``, standing for a rank other than the ace only in
a hand made a straight or a flush). Where
the ranking reads the wild cards of a flush as aces (``wild_flush = "aces"``),
a hand whose natural cards share a suit is also a flush of its natural ranks
and one ace per wild card.

A ranking of a ``kind`` (``flush_length``, ``straight_flush_length``) names its categories by length:
``three_card_flush`` ... ``seven_card_flush``, from the shortest longest flush four suits allow (a
quarter of the cards, rounded up), or ``one_card_straight_flush`` up; the simulator reads a flush as the
cards of one suit, its ranks compared from the highest down, and a straight flush as the longest run of
one suit in sequence, the ace high or low (ranked by its length alone); a hand plays its best suit.

A hand's *value* is one integer, so "beats" is ``>`` and "ties" is ``==``:
its category's position in the ranking's order times ``CATEGORY_SPAN``, plus
up to five rank digits of four bits each, highest digit first: the hand's
ranks, each once, ordered by how many cards share them, then by rank (quads,
trips, the higher pair, the pair, then kickers); a straight is written by its
top card alone (the 3 of A-2-3, the 5 of A-2-3-4-5). A hand pattern's named
ranks are these leading digits (:func:`matches`). A flush writes all its ranks, one digit each, in as
many digits as the ranking has cards (:func:`digits_of`).

>>> describe(evaluate(cards("Ah Kh 7h 2h"), "four_card"), "four_card")
'flush A-K-7-2'
>>> bool(evaluate(cards("Ah Kh 7h 2h"), "four_card") > evaluate(cards("9c Td Js Qh"), "four_card"))
True
>>> describe(best(cards("As Ad Ks Kd 2c 2d 7h"), "five_card"), "five_card")
'two_pair A-K-7'
>>> describe(evaluate(cards("Ac 2d 3s 4h"), "four_card"), "four_card")
'straight 4'
>>> [describe(evaluate(cards(hand), "deuces_wild"), "deuces_wild") for hand in ("2c 2d 2h 2s 9c", "2c Th Jh Qh Ah")]
['four_wilds 9', 'wild_royal_flush A']
>>> describe(evaluate(cards("As 9s 4s 2s Kh Qh 3d"), "longest_flush"), "longest_flush")
'four_card_flush A-9-4-2'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations, combinations_with_replacement

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ACE = RANKS.index("A")

_DATA = tomllib.loads(resources.files("analyzer.core").joinpath("rankings.toml").read_text())
#: Cards in a hand of each ranking.
SIZES = {name: int(entry["cards"]) for name, entry in _DATA.items()}
#: The kind of each ranking read by suit (``flush_length``, ``straight_flush_length``), None for the others.
KINDS = {name: entry.get("kind") for name, entry in _DATA.items()}
LENGTHS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen")


def _shortest(name: str) -> int:
    """The shortest best suit of a ranking read by suit: one card of a straight flush; a flush of a
    quarter of the cards, rounded up (four suits hold them)."""
    return 1 if KINDS[name] == "straight_flush_length" else -(-SIZES[name] // 4)


def _by_length(name: str) -> tuple[str, ...]:
    """The categories of a ranking read by suit, by length, weakest first."""
    kind = "straight_flush" if KINDS[name] == "straight_flush_length" else "flush"
    return tuple(f"{LENGTHS[length]}_card_{kind}" for length in range(_shortest(name), SIZES[name] + 1))


#: Categories of each ranking, weakest first, as the data file orders them.
ORDERS = {name: _by_length(name) if KINDS[name] else tuple(category["name"] for category in entry["categories"])
          for name, entry in _DATA.items()}
#: Wild ranks of each ranking, as the data file writes them (rank symbols; none for most).
WILDS = {name: tuple(str(rank) for rank in entry.get("wild", ())) for name, entry in _DATA.items()}
#: The rankings whose hands of one suit carry a suited mark in their lowest digit ("A-K suited").
MARKS_SUITED = {name: bool(entry.get("marks_suited", False)) for name, entry in _DATA.items()}
#: Whether a ranking reads the wild cards of a flush as aces of its suit (else as the highest ranks missing).
FLUSH_OF_ACES = {name: entry.get("wild_flush") == "aces" for name, entry in _DATA.items()}
#: Whether a ranking's joker is a "bug": an ace, or any card only where it makes a straight or a flush.
BUG = {name: entry.get("joker") == "bug" for name, entry in _DATA.items()}
JOKER = "joker"
JOKER_RANK = 13

#: What the category names mean: the sizes of a hand's groups of cards of one rank, largest first.
GROUPED = {(2,): "pair", (2, 2): "two_pair", (3,): "three_of_a_kind", (3, 2): "full_house", (4,): "four_of_a_kind"}
#: Hands of all-different ranks, by (straight, flush).
UNGROUPED = {(False, False): "high_card", (True, False): "straight", (False, True): "flush",
             (True, True): "straight_flush"}
#: The hands only wild cards make, read only in a ranking with wild ranks.
WILD_MADE = {"five_of_a_kind": "five cards of one rank",
             "natural_royal_flush": "an ace-high straight flush without a wild card",
             "wild_royal_flush": "an ace-high straight flush with a wild card",
             "royal_flush": "an ace-high straight flush, with or without wild cards",
             "four_wilds": "the four wild cards and any fifth card, ranked by the fifth",
             "five_wilds": "five wild cards"}
FIVE_OF_A_KIND = (5,)
#: Most hands valued at once when wild cards stand for every rank.
MADE_AT_ONCE = 1 << 19

DIGIT_BITS = 4
DIGITS = 5
CATEGORY_SPAN = 1 << (DIGITS * DIGIT_BITS)
TOP_SHIFT = (DIGITS - 1) * DIGIT_BITS


class SimulationError(ValueError):
    """A game, paytable or strategy the simulator cannot play as written; the message says why."""


def cards(text: str) -> np.ndarray:
    """Cards of a space-separated list such as ``"As Td 2c"``, as one row.

    >>> cards("2c As").tolist(), cards("Jk 2c Jk").tolist()
    ([[0, 51]], [[52, 0, 53]])
    """
    row: list[int] = []
    for word in text.split():
        jokers = sum(card >= 4 * JOKER_RANK for card in row)
        row.append(4 * JOKER_RANK + jokers if word.lower() == "jk"
                   else 4 * RANKS.index(word[0].upper()) + SUITS.index(word[1].lower()))
    return np.array([row], dtype=np.int64)


def _signature(size: int, groups: tuple[int, ...]) -> int:
    """The sum over a hand's cards of how many of its cards share that card's rank (the sum of the
    squared group sizes): it tells the groups apart in hands of up to five cards.

    >>> _signature(5, (3, 2)), _signature(5, (2,)), _signature(3, ())
    (13, 7, 3)
    """
    return sum(group * group for group in groups) + size - sum(groups)


def _reads(ranking: str) -> bool:
    """Whether the ranking's order names a straight or a flush: if not, cards in sequence or of one suit are
    only their ranks (and if so, it must rank every straight and flush).

    >>> _reads("five_card"), _reads("two_card")
    (True, False)
    """
    return any("straight" in name or "flush" in name for name in ORDERS[ranking])


@cache
def _category_table(ranking: str) -> np.ndarray:
    """Category position by ``4 * signature + 2 * straight + flush`` (-1: no such hand).

    >>> _category_table("four_card")[4 * 4 + 2].item()  # four cards of different ranks in a row
    3
    """
    if ranking not in ORDERS:
        raise SimulationError(f"the simulator finds no ranking {ranking!r} in rankings.toml")
    order, size = ORDERS[ranking], SIZES[ranking]
    wild = _wild_ranks(ranking)
    unknown = set(order) - set(GROUPED.values()) - set(UNGROUPED.values()) - (set(WILD_MADE) if wild else set())
    if unknown or not 2 <= size <= DIGITS:
        raise SimulationError(f"the simulator cannot evaluate {ranking} hands ({size} cards, "
                              f"categories {', '.join(order)})")
    grouped = GROUPED | ({FIVE_OF_A_KIND: "five_of_a_kind"} if wild else {})
    named = {4 * _signature(size, groups): name for groups, name in grouped.items() if sum(groups) <= size}
    reads = _reads(ranking)
    named |= {4 * size + 2 * straight + flush: UNGROUPED[(straight and reads, flush and reads)]
              for (straight, flush) in UNGROUPED}
    missing = set(named.values()) - set(order)
    if missing:
        raise SimulationError(f"the {ranking} ranking does not rank {min(missing)} hands")
    table = np.full(4 * (size * size + 1), -1, dtype=np.int64)
    for index, name in named.items():
        table[index] = order.index(name)
    return table


@cache
def _wild_ranks(ranking: str) -> tuple[int, ...]:
    """The ranking's wild ranks, read from its rank symbols.

    >>> _wild_ranks("deuces_wild"), _wild_ranks("five_card"), _wild_ranks("dj_wild")
    ((0,), (), (0, 13))
    """
    written = [rank for rank in WILDS.get(ranking, ()) if rank != JOKER]
    unknown = [rank for rank in written if rank.upper() not in RANKS or len(rank) != 1]
    if unknown:
        raise SimulationError(f"the simulator cannot read the wild ranks {', '.join(unknown)} of {ranking}")
    joker = (JOKER_RANK,) if JOKER in WILDS.get(ranking, ()) else ()
    return tuple(sorted({RANKS.index(rank.upper()) for rank in written})) + joker


def evaluate(hands: np.ndarray, ranking: str) -> np.ndarray:
    """Value (int64) of each hand, one hand of exactly the ranking's number of cards per row.

    >>> evaluate(cards("Qs Qd 9c 7h"), "four_card") > evaluate(cards("Kh 9h 4h 2h"), "four_card")
    array([False])
    """
    hands = np.asarray(hands, dtype=np.int64)
    size = SIZES[ranking]
    assert hands.ndim == 2 and hands.shape[1] == size, f"{ranking} hands have {size} cards"
    if JOKER_RANK not in _wild_ranks(ranking) and (hands >> 2 == JOKER_RANK).any():
        raise SimulationError(f"the {ranking} ranking has no rule for the joker")
    if KINDS.get(ranking):
        return _by_suit_values(hands, ranking)
    table = _category_table(ranking)
    if _wild_ranks(ranking):
        return _wild_values(hands, ranking)
    values = _values(hands, size, table, _reads(ranking))
    if MARKS_SUITED.get(ranking, False):
        return values + ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)  # the suited mark, the lowest digit
    return _suited_groups(hands, values, ORDERS[ranking])


def _suited_groups(hands: np.ndarray, values: np.ndarray, order: tuple[str, ...]) -> np.ndarray:
    """Values of hands dealt from a shoe, where cards may repeat: a hand of one suit with a repeated rank (it
    holds two identical cards) is a flush as well as its group (pair, trips ...), and is worth the higher of
    the two, its ranks read as the group's.

    >>> [ORDERS["three_card"][int(value) // CATEGORY_SPAN] for value in evaluate(
    ...     np.concatenate([cards("Kh Kh 5h"), cards("Kh Kh Kh"), cards("Kh Kh 5c")]), "three_card")]
    ['flush', 'three_of_a_kind', 'pair']
    """
    if "flush" not in order:  # a ranking that reads no flush (two-card hands)
        return values
    ranks, suits = hands >> 2, hands & 3
    repeated = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=(1, 2)) > hands.shape[1]
    suited = repeated & (suits == suits[:, :1]).all(axis=1)
    as_flush = order.index("flush") * CATEGORY_SPAN + values % CATEGORY_SPAN
    return np.where(suited, np.maximum(values, as_flush), values)


def digits_of(ranking: str) -> int:
    """Rank digits of a value: five, or as many as the cards of a ranking read by suit."""
    return SIZES[ranking] if KINDS.get(ranking) else DIGITS


def _by_suit_values(hands: np.ndarray, ranking: str) -> np.ndarray:
    """Values of a ranking read by suit: each suit's length (a flush: then its ranks, highest first) or
    longest run in sequence, the ace high or low; the hand plays its best suit."""
    size, shortest = SIZES[ranking], _shortest(ranking)
    best_value = np.full(len(hands), -1, dtype=np.int64)
    for suit in range(4):
        held = np.stack([(((hands >> 2) == rank) & ((hands & 3) == suit)).any(axis=1) for rank in range(len(RANKS))],
                        axis=1)  # (hands, 13): the ranks held in the suit
        if KINDS[ranking] == "straight_flush_length":
            run, length = np.zeros(len(hands), dtype=np.int64), np.zeros(len(hands), dtype=np.int64)
            for rank in [ACE] + list(range(len(RANKS))):  # the ace first as the lowest card, then 2 ... A
                run = np.where(held[:, rank], run + 1, 0)
                length = np.maximum(length, run)
            value = (length - shortest) << (DIGIT_BITS * size)
        else:
            length, packed = held.sum(axis=1), np.zeros(len(hands), dtype=np.int64)
            for rank in range(len(RANKS) - 1, -1, -1):
                packed = np.where(held[:, rank], packed << DIGIT_BITS | rank, packed)
            packed <<= DIGIT_BITS * (size - length)
            value = np.where(length >= shortest, (length - shortest) << (DIGIT_BITS * size) | packed, -1)
        best_value = np.maximum(best_value, value)
    return best_value


def _wild_values(hands: np.ndarray, ranking: str) -> np.ndarray:
    """Values of hands with wild cards: the best hand the wild cards make, standing for every multiset of
    ranks in the suit of the hand's first natural card (repeats of a natural card allowed)."""
    order, size, table = ORDERS[ranking], SIZES[ranking], _category_table(ranking)
    wild = np.isin(hands >> 2, _wild_ranks(ranking))
    wilds = wild.sum(axis=1)
    naturals_first = np.take_along_axis(hands, np.argsort(wild, axis=1, kind="stable"), axis=1)
    suit = naturals_first[:, 0] & 3
    values = np.full(len(hands), -1, dtype=np.int64)
    for count in np.unique(wilds):
        rows = np.flatnonzero(wilds == count)
        ways = list(combinations_with_replacement(range(len(RANKS)), int(count)))
        stand_for = np.array(ways, dtype=np.int64).reshape(len(ways), int(count))
        step = max(1, MADE_AT_ONCE // len(ways))
        for start in range(0, len(rows), step):
            part = rows[start:start + step]
            naturals = np.repeat(naturals_first[part, :size - count], len(ways), axis=0)
            stand_ins = 4 * np.tile(stand_for, (len(part), 1)) + np.repeat(suit[part], len(ways))[:, None]
            made = np.concatenate([naturals, stand_ins], axis=1)
            made_values = _named_by_wild_cards(_values(made, size, table, True), order, int(count))
            if BUG[ranking]:  # a stand-in other than an ace only in a straight or a flush
                completing = np.tile((stand_for != ACE).any(axis=1), len(part))
                kind = np.array(["straight" in name or "flush" in name for name in order])[made_values // CATEGORY_SPAN]
                made_values = np.where(completing & ~kind, -1, made_values)
            values[part] = made_values.reshape(len(part), len(ways)).max(axis=1)
        if count == 4 and size == 5 and "four_wilds" in order:  # ranked by the fifth card, whatever it is made into
            fifth = naturals_first[rows, 0] >> 2
            values[rows] = np.maximum(values[rows], order.index("four_wilds") * CATEGORY_SPAN + (fifth << TOP_SHIFT))
        if count == size and "five_wilds" in order:
            values[rows] = np.maximum(values[rows], order.index("five_wilds") * CATEGORY_SPAN + (ACE << TOP_SHIFT))
        if FLUSH_OF_ACES[ranking] and count:
            values[rows] = np.maximum(values[rows], _flush_of_aces(naturals_first[rows], size - int(count), order))
    return values


def _flush_of_aces(naturals_first: np.ndarray, naturals: int, order: tuple[str, ...]) -> np.ndarray:
    """The value of each hand as a flush of its natural cards (the first ``naturals`` of each row) and one ace per
    wild card, where its natural cards share a suit (-1 elsewhere)."""
    held = naturals_first[:, :naturals]
    suited = (held & 3 == held[:, :1] & 3).all(axis=1)
    ranks = -np.sort(-np.concatenate([held >> 2, np.full((len(held), len(naturals_first[0]) - naturals), ACE)],
                                     axis=1), axis=1)
    packed = np.zeros(len(held), dtype=np.int64)
    for position in range(ranks.shape[1]):
        packed |= ranks[:, position] << (TOP_SHIFT - DIGIT_BITS * position)
    return np.where(suited, order.index("flush") * CATEGORY_SPAN + packed, -1)


def _named_by_wild_cards(values: np.ndarray, order: tuple[str, ...], wilds: int) -> np.ndarray:
    """Values of made hands with ``wilds`` wild cards, an ace-high straight flush named a natural or wild royal
    flush when the ranking has that category above it."""
    if "straight_flush" not in order:
        return values
    royal = values == order.index("straight_flush") * CATEGORY_SPAN + (ACE << TOP_SHIFT)
    name = "royal_flush" if "royal_flush" in order else "natural_royal_flush" if wilds == 0 else "wild_royal_flush"
    if name in order and order.index(name) > order.index("straight_flush"):
        values = np.where(royal, order.index(name) * CATEGORY_SPAN + (ACE << TOP_SHIFT), values)
    return values


def _values(hands: np.ndarray, size: int, table: np.ndarray, straights: bool) -> np.ndarray:
    """Values of hands of ``size`` cards (a card may repeat when wild cards stand for it), by a category table
    (``straights``: whether cards in sequence are a straight, written by their top card)."""
    ranks, suits = hands >> 2, hands & 3
    sharing = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # cards of each card's rank
    signature = sharing.sum(axis=1)
    ordered = np.sort(sharing * 16 + ranks, axis=1)[:, ::-1]          # grouped ranks first, highest first
    repeated = np.zeros_like(ordered, dtype=bool)
    repeated[:, 1:] = ordered[:, 1:] == ordered[:, :-1]
    digits = np.sort(np.where(repeated, -1, ordered), axis=1)[:, ::-1]  # each rank once, then -1s
    all_different = signature == size
    flush = (suits == suits[:, :1]).all(axis=1) & all_different  # grouped cards are never a flush
    wheel = all_different & (digits[:, 0] & 15 == ACE) & (digits[:, 1] & 15 == size - 2)  # A-2-3(-4-5)
    straight = all_different & ((digits[:, 0] - digits[:, -1] == size - 1) | wheel) & straights
    top = np.where(wheel, size - 2, digits[:, 0] & 15)
    packed = np.zeros(len(hands), dtype=np.int64)
    for position in range(size):
        packed |= np.where(digits[:, position] < 0, 0, digits[:, position] & 15) << (TOP_SHIFT - DIGIT_BITS * position)
    category = table[4 * signature + 2 * straight + flush]
    return category * CATEGORY_SPAN + np.where(straight, top << TOP_SHIFT, packed)


def best(hands: np.ndarray, ranking: str) -> np.ndarray:
    """Value of the best hand of the ranking's size among each row's cards (at least that many).

    >>> describe(best(cards("2c 3c 4c 5c 9d Jd"), "four_card"), "four_card")
    'straight_flush 5'
    """
    hands = np.asarray(hands, dtype=np.int64)
    size = SIZES[ranking]
    if hands.shape[1] < size:
        raise SimulationError(f"a {ranking} hand needs {size} cards; {hands.shape[1]} are dealt for it")
    parts = [evaluate(hands[:, list(chosen)], ranking) for chosen in combinations(range(hands.shape[1]), size)]
    return np.max(parts, axis=0)


def describe(values: np.ndarray, ranking: str) -> str:
    """A readable name of one value.

    >>> describe(evaluate(cards("Qs Qd 9c 3h"), "four_card"), "four_card")
    'pair Q-9-3'
    """
    value = int(np.ravel(values)[0])
    if KINDS.get(ranking):
        size = SIZES[ranking]
        name = ORDERS[ranking][value >> (DIGIT_BITS * size)]
        if name.endswith("straight_flush"):
            return name
        length = LENGTHS.index(name.split("_")[0])
        return f"{name} " + "-".join(RANKS[(value >> (DIGIT_BITS * (size - 1 - i))) & 15] for i in range(length))
    name, size = ORDERS[ranking][value // CATEGORY_SPAN], SIZES[ranking]
    groups = next((groups for groups, named in GROUPED.items() if named == name), ())
    one = "straight" in name or name in WILD_MADE  # ranked by a top card, the rank of five, or the fifth card
    ranked = 1 if one else size - sum(groups) + len(groups)
    return f"{name} " + "-".join(RANKS[(value >> (TOP_SHIFT - DIGIT_BITS * i)) & 15] for i in range(ranked))


# -- hands named in paytables and rules ----------------------------------------
RANK_LIST = r"[2-9TJQKA](?:-[2-9TJQKA])*"
PATTERN = re.compile(rf"(?P<category>[a-z_]+?)(?: of (?P<ranks>{RANK_LIST}(?: or {RANK_LIST})*))?"
                     r"(?: (?P<suit>suited|offsuit))?(?P<better> or better)?")


@dataclass(frozen=True)
class Pattern:
    """A hand pattern read: the category's position, the named leading rank digits of each alternative
    packed into one number (``leads``: (lead, digits) per alternative), whether only suited (1) or offsuit
    (0) hands match (-1: either) and whether better hands match too."""

    category: int
    leads: tuple[tuple[int, int], ...]
    suited: int
    or_better: bool


@cache
def read_pattern(name: str, ranking: str) -> Pattern:
    """A hand named ``CATEGORY [of RANK[-RANK...] [or RANK[-RANK...]]...] [suited|offsuit] [or better]``
    (the canonical text of the game files): the named ranks are the hand's leading rank digits (grouped
    ranks first, then kickers, highest first; a straight's top card), any of the alternatives.

    >>> read_pattern("high_card of Q-6-4 or better", "five_card")
    Pattern(category=0, leads=((2626, 3),), suited=-1, or_better=True)
    >>> read_pattern("high_card of A-Q or A-J suited", "two_card").leads
    ((202, 2), (201, 2))
    """
    parsed = PATTERN.fullmatch(name)
    if parsed is None or parsed["category"] not in ORDERS.get(ranking, ()):
        raise SimulationError(f"the simulator cannot read the hand {name!r} of a {ranking} ranking")
    if parsed["suit"] and not MARKS_SUITED.get(ranking, False):
        raise SimulationError(f"the simulator reads no suited hands in a {ranking} ranking ({name!r})")
    leads = []
    for alternative in parsed["ranks"].split(" or ") if parsed["ranks"] else [""]:
        named = alternative.split("-") if alternative else []
        lead = 0
        for rank in named:
            lead = lead << DIGIT_BITS | RANKS.index(rank)
        leads.append((lead, len(named)))
    suited = {None: -1, "suited": 1, "offsuit": 0}[parsed["suit"]]
    return Pattern(ORDERS[ranking].index(parsed["category"]), tuple(leads), suited, parsed["better"] is not None)


def matches(values: np.ndarray, ranking: str, name: str) -> np.ndarray:
    """Hands matched by a named hand: exactly, of its category with the leading ranks of one of its
    alternatives (and the suited mark named); "or better", at least the lowest such hand (any higher
    category, or the same category with higher leading ranks).

    >>> five = lambda text: evaluate(cards(text), "five_card")
    >>> [bool(matches(five(hand), "five_card", "high_card of Q-6-4 or better")[0])
    ...  for hand in ("Qs 6d 4c 3h 2s", "Qs 5d 4c 3h 2s", "Qs 7d 2c 3h 4s", "Js Td 8c 2d 3d", "2s 2d 3c 4h 5s")]
    [True, False, True, False, True]
    >>> matches(five("Ah Kd 9c 3h 2s"), "five_card", "high_card of A-K").tolist()
    [True]
    >>> two = lambda text: evaluate(cards(text), "two_card")
    >>> [bool(matches(two(hand), "two_card", "high_card of A-Q or A-J suited")[0]) for hand in ("Ah Jh", "Ah Jd", "Ah Kh")]
    [True, False, False]
    """
    pattern = read_pattern(name, ranking)
    values = np.asarray(values)
    digits = digits_of(ranking)
    span = 1 << (DIGIT_BITS * digits)
    category = values // span
    found = np.zeros(values.shape, dtype=bool)
    for lead, width in pattern.leads:
        shift = DIGIT_BITS * (digits - width)
        lowest = pattern.category * span + (lead << shift) + max(pattern.suited, 0)
        if pattern.or_better:
            found |= values >= lowest
        else:
            found |= (category == pattern.category) & ((values % span) >> shift == lead)
    if pattern.suited >= 0 and not pattern.or_better:
        found &= values % (1 << DIGIT_BITS) == pattern.suited
    return found


def pays(values: np.ndarray, ranking: str, lines: tuple[tuple[str, float], ...]) -> tuple[np.ndarray, np.ndarray]:
    """The pay ("to 1") of each hand by the first of ``lines`` (hand name, pays) it matches, and
    whether any line matched (the pay is 0 where none did).

    >>> pays(evaluate(cards("Qs Qd 9c 3h"), "four_card"), "four_card", (("flush", 4.0), ("pair of Q or better", 1.0)))
    (array([1.]), array([ True]))
    """
    paid = np.zeros(len(values), dtype=np.float64)
    hit = np.zeros(len(values), dtype=bool)
    for name, amount in lines:
        new = matches(values, ranking, name) & ~hit
        paid[new] = amount
        hit |= new
    return paid, hit
