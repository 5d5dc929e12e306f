"""Best five-card rank of five, six or seven cards, compiled with numba.

The rank is exactly the one of ``load_ranking("five_card")``: ``category *
13**5 + tiebreak`` with the ranking's own category order and tiebreak digits,
taken as the best of the hand's five-card parts, so it equals the max of the
21 five-card ranks of a seven-card hand (the tests check it on many hands).

How: the rank counts give every non-flush category at once
(:func:`rank_from_counts`); a suit holding five or more cards gives the flush
or straight flush by one lookup in :data:`FLUSH_RANK`, indexed by that suit's
13-bit rank mask. With at most seven cards a flush cannot come with a full
house or four of a kind, so the best hand is the larger of the two.

For a fixed five-card board, :func:`board_pair_ranks` ranks the 1,081
two-card completions from the 47 unseen cards: the non-flush rank depends only
on the two ranks added (91 evaluations per board), the flush part on one mask.

>>> from analyzer.core.cards import parse_cards
>>> hand = np.array([parse_cards("As Ks Qs Js Ts 2c 2d")])
>>> int(evaluate_hands(hand)[0]) == FIVE_CARD.rank_of(parse_cards("As Ks Qs Js Ts"))
True
>>> line_name(int(hand_lines(evaluate_hands(hand))[0]))
'royal_flush'
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.core.cards import ACE, RANK_COUNT
from analyzer.core.ranking import DIGIT_BASE, TIEBREAK_SPAN, load_ranking

FIVE_CARD = load_ranking("five_card")

#: Category indices in the five-card ranking's declared order (weakest first).
HIGH_CARD = FIVE_CARD.category_index("high_card")
PAIR = FIVE_CARD.category_index("pair")
TWO_PAIR = FIVE_CARD.category_index("two_pair")
THREE_OF_A_KIND = FIVE_CARD.category_index("three_of_a_kind")
STRAIGHT = FIVE_CARD.category_index("straight")
FLUSH = FIVE_CARD.category_index("flush")
FULL_HOUSE = FIVE_CARD.category_index("full_house")
FOUR_OF_A_KIND = FIVE_CARD.category_index("four_of_a_kind")
STRAIGHT_FLUSH = FIVE_CARD.category_index("straight_flush")

SPAN = TIEBREAK_SPAN                      # 13**5: ranks of one category
D4, D3, D2, D1 = DIGIT_BASE ** 4, DIGIT_BASE ** 3, DIGIT_BASE ** 2, DIGIT_BASE

#: The lowest rank of a pair: the dealer qualifies with a rank at least this.
PAIR_OR_BETTER = PAIR * SPAN
#: The rank of a royal flush (ace-high straight flush).
ROYAL_FLUSH_RANK = STRAIGHT_FLUSH * SPAN + ACE * D4

#: Hand lines, strongest first: the royal flush apart from the other straight flushes.
LINES = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair", "high_card")
LINE_COUNT = len(LINES)
ROYAL_LINE = 0
#: line of each category index (royal flush handled apart).
CATEGORY_LINE = np.array([LINES.index(category.name) for category in FIVE_CARD.categories],
                         dtype=np.int64)
assert set(LINES[1:]) == {category.name for category in FIVE_CARD.categories}


def line_name(line: int) -> str:
    """Name of a hand line: ``line_name(0) == 'royal_flush'``."""
    return LINES[line]


def _straight_top(mask: int) -> int:
    """Rank of the top card of the highest straight in a 13-bit rank mask, -1 if none."""
    for top in range(ACE, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    wheel = (1 << ACE) | 0b1111
    return 3 if mask & wheel == wheel else -1


def _tables() -> tuple[np.ndarray, np.ndarray]:
    straight_top = np.array([_straight_top(mask) for mask in range(1 << RANK_COUNT)], dtype=np.int64)
    flush_rank = np.full(1 << RANK_COUNT, -1, dtype=np.int64)
    for mask in range(1 << RANK_COUNT):
        if bin(mask).count("1") < 5:
            continue
        top = straight_top[mask]
        if top >= 0:
            flush_rank[mask] = STRAIGHT_FLUSH * SPAN + top * D4
            continue
        digits = [rank for rank in range(ACE, -1, -1) if mask >> rank & 1][:5]
        value = 0
        for digit in digits:
            value = value * DIGIT_BASE + digit
        flush_rank[mask] = FLUSH * SPAN + value
    return straight_top, flush_rank


#: STRAIGHT_TOP[mask]: top rank of the best straight in a rank mask (3 for the wheel), -1 if none.
#: FLUSH_RANK[mask]: rank of the best five cards of one suit holding ``mask``, -1 under five cards.
STRAIGHT_TOP, FLUSH_RANK = _tables()


@njit(cache=True, nogil=True)
def _with_kickers(value, counts, how_many):
    """``value`` followed, in base 13, by the ``how_many`` highest ranks held exactly once."""
    taken = 0
    for rank in range(12, -1, -1):
        if taken < how_many and counts[rank] == 1:
            value = value * 13 + rank
            taken += 1
    return value


@njit(cache=True, nogil=True)
def rank_from_counts(counts, straight_top):
    """Best non-flush five-card rank of a hand of 5 to 7 cards given its 13 rank counts."""
    quad = -1
    trips1 = -1
    trips2 = -1
    pair1 = -1
    pair2 = -1
    mask = 0
    for rank in range(12, -1, -1):
        count = counts[rank]
        if count == 0:
            continue
        mask |= 1 << rank
        if count == 4:
            quad = rank
        elif count == 3:
            if trips1 < 0:
                trips1 = rank
            elif trips2 < 0:
                trips2 = rank
        elif count == 2:
            if pair1 < 0:
                pair1 = rank
            elif pair2 < 0:
                pair2 = rank
    if quad >= 0:
        kicker = 0
        for rank in range(12, -1, -1):
            if rank != quad and counts[rank] > 0:
                kicker = rank
                break
        return FOUR_OF_A_KIND * SPAN + quad * D4 + kicker * D3
    if trips1 >= 0 and (trips2 >= 0 or pair1 >= 0):
        second = trips2 if trips2 > pair1 else pair1
        return FULL_HOUSE * SPAN + trips1 * D4 + second * D3
    top = straight_top[mask]
    if top >= 0:
        return STRAIGHT * SPAN + top * D4
    if trips1 >= 0:
        return THREE_OF_A_KIND * SPAN + _with_kickers(trips1, counts, 2) * D2
    if pair2 >= 0:
        kicker = 0
        for rank in range(12, -1, -1):
            if rank != pair1 and rank != pair2 and counts[rank] > 0:
                kicker = rank
                break
        return TWO_PAIR * SPAN + pair1 * D4 + pair2 * D3 + kicker * D2
    if pair1 >= 0:
        return PAIR * SPAN + _with_kickers(pair1, counts, 3) * D1
    return HIGH_CARD * SPAN + _with_kickers(0, counts, 5)


@njit(cache=True, nogil=True)
def evaluate_cards(cards, straight_top, flush_rank):
    """Best five-card rank of one hand of 5 to 7 distinct cards (a 1-D array)."""
    counts = np.zeros(13, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    for card in cards:
        counts[card >> 2] += 1
        masks[card & 3] |= 1 << (card >> 2)
    best = rank_from_counts(counts, straight_top)
    for suit in range(4):
        flush = flush_rank[masks[suit]]
        if flush > best:
            best = flush
    return best


@njit(cache=True, nogil=True)
def _evaluate_rows(hands, straight_top, flush_rank, out):
    for row in range(hands.shape[0]):
        out[row] = evaluate_cards(hands[row], straight_top, flush_rank)


def evaluate_hands(hands: np.ndarray) -> np.ndarray:
    """Best five-card rank (int64) of each hand of 5, 6 or 7 distinct cards, one per row."""
    hands = np.ascontiguousarray(hands, dtype=np.int64)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError("hands of 5 to 7 cards, one per row")
    out = np.empty(len(hands), dtype=np.int64)
    _evaluate_rows(hands, STRAIGHT_TOP, FLUSH_RANK, out)
    return out


@njit(cache=True, nogil=True)
def rank_line(rank):
    """Hand line (index into :data:`LINES`) of a rank."""
    if rank == STRAIGHT_FLUSH * SPAN + 12 * D4:
        return 0
    category = rank // SPAN
    return 9 - category if category <= 8 else 0


def hand_lines(ranks: np.ndarray) -> np.ndarray:
    """Hand line of each rank: 0 royal flush, 1 straight flush ... 9 high card."""
    ranks = np.asarray(ranks, dtype=np.int64)
    lines = CATEGORY_LINE[ranks // SPAN]
    return np.where(ranks == ROYAL_FLUSH_RANK, ROYAL_LINE, lines)


# rank_line hard-codes the category order of the standard ranking; check it once.
assert all(CATEGORY_LINE[c] == 9 - c for c in range(len(FIVE_CARD.categories)))


@njit(cache=True, nogil=True)
def plain_pair_ranks(counts, straight_top, plain):
    """``plain[low, high]``: the best non-flush rank of a board (its 13 rank ``counts``) with two more cards of
    ranks ``low`` and ``high`` (symmetric; -1 where the deck has no such two cards)."""
    plain[:] = -1
    for low in range(13):
        for high in range(low, 13):
            if low == high and counts[low] > 2:
                continue
            if counts[low] > 3 or counts[high] > 3:
                continue
            counts[low] += 1
            counts[high] += 1
            value = rank_from_counts(counts, straight_top)
            counts[low] -= 1
            counts[high] -= 1
            plain[low, high] = value
            plain[high, low] = value


@njit(cache=True, nogil=True)
def board_pair_ranks(board, unseen, straight_top, flush_rank, first, second, ranks):
    """Rank every two-card completion of a five-card ``board`` from the ``unseen`` cards.

    ``unseen``: the 47 other cards, ascending. Pairs come in colex order of
    positions in ``unseen`` (position j ascending, then i < j): ``first[k] <
    second[k]`` are the cards of pair k, ``ranks[k]`` the best rank of the 7 cards.
    """
    counts = np.zeros(13, dtype=np.int64)
    suit_masks = np.zeros(4, dtype=np.int64)
    suit_counts = np.zeros(4, dtype=np.int64)
    for card in board:
        counts[card >> 2] += 1
        suit_masks[card & 3] |= 1 << (card >> 2)
        suit_counts[card & 3] += 1
    flush_suit = -1
    for suit in range(4):
        if suit_counts[suit] >= 3:
            flush_suit = suit
    plain = np.empty((13, 13), dtype=np.int64)
    plain_pair_ranks(counts, straight_top, plain)
    pair = 0
    size = unseen.shape[0]
    for j in range(size):
        y = unseen[j]
        for i in range(j):
            x = unseen[i]
            value = plain[x >> 2, y >> 2]
            if flush_suit >= 0:
                mask = suit_masks[flush_suit]
                if x & 3 == flush_suit:
                    mask |= 1 << (x >> 2)
                if y & 3 == flush_suit:
                    mask |= 1 << (y >> 2)
                flush = flush_rank[mask]
                if flush > value:
                    value = flush
            first[pair] = x
            second[pair] = y
            ranks[pair] = value
            pair += 1
    return pair


def completion_ranks(board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first, second, rank) of every two-card completion of a five-card board.

    >>> first, second, ranks = completion_ranks([0, 5, 10, 15, 51])
    >>> len(ranks)
    1081
    """
    board = np.asarray(sorted(int(card) for card in board), dtype=np.int64)
    unseen = np.setdiff1d(np.arange(52, dtype=np.int64), board)
    pairs = len(unseen) * (len(unseen) - 1) // 2
    first, second = np.empty(pairs, np.int64), np.empty(pairs, np.int64)
    ranks = np.empty(pairs, np.int64)
    board_pair_ranks(board, unseen, STRAIGHT_TOP, FLUSH_RANK, first, second, ranks)
    return first, second, ranks
