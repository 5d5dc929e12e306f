"""What a person sees at an Ultimate Texas Hold'em decision: made hand, draw, dealer outs.

The optimal decision depends on every card; a strategy a person can use is
stated in a few features of the situation. This module computes them, as
small integer codes (numba kernels, used inside the enumeration) and as
words (:data:`FLOP_MADE_HANDS`, :data:`DRAWS`, :data:`RIVER_MADE_HANDS`):

* **flop made hand** (hole + flop, five cards): the hand line, with pairs and
  trips told apart by where they come from: "pocket overpair", "top pair"
  (a hole card pairs the highest flop card), "pair on the board" (only the
  flop is paired) ...;
* **flop draw**: four to a flush (four of one suit among the five cards; the
  hole card of that suit is ten or better, or lower) and straight draws (how
  many ranks would complete a straight: one is a gutshot, two an open-ended
  or double-gutshot draw); a made straight has no straight draw, a made flush
  no flush draw;
* **river made hand**: the seven-card hand line and whether a hole card
  *plays*: the made part of the hand (its category and grouped ranks, kickers
  left out) beats the made part of the board's own five cards. A pair on the
  board with an ace kicker in hand does not play; a ten on a 5-6-7-8-9 board
  does (a higher straight);
* **dealer outs** (river): the unseen cards (not on the board, not the
  player's: 45) with which the board alone beats the player's hand (a tie is
  not an out). Few outs means the dealer can rarely beat the player.

>>> from analyzer.core.cards import parse_cards
>>> flop_features(parse_cards("Ah Kd"), parse_cards("Ks 7h 2h"))
('top pair', 'no draw')
>>> flop_features(parse_cards("Qh 3h"), parse_cards("Jh 7h 2c"))
('high card', 'four-flush, hole card ten or better')
>>> river_features(parse_cards("Tc 3d"), parse_cards("Ah Qs 8d 6c 4h"))
('high card', 23)
>>> river_features(parse_cards("Ac Kd"), parse_cards("8h 8s 2c 5d 3h"))
('pair, board plays', 11)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from analyzer.core.cards import DECK_SIZE, RANK_SYMBOLS
from analyzer.engines.holdem.sevens import (
    D3,
    D4,
    FIVE_CARD,
    FLUSH,
    FLUSH_RANK,
    FOUR_OF_A_KIND,
    HIGH_CARD,
    LINES,
    PAIR,
    SPAN,
    STRAIGHT,
    STRAIGHT_TOP,
    THREE_OF_A_KIND,
    TWO_PAIR,
    evaluate_cards,
    rank_line,
)

#: Flop made hands, by code (:func:`flop_made_code`).
FLOP_MADE_HANDS = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
                   "three of a kind with a hole card", "three of a kind on the board", "two pair",
                   "pocket overpair", "pocket pair below the top flop card", "pocket pair below two flop cards",
                   "top pair", "second pair", "bottom pair", "pair on the board", "high card")
_TRIPS_WITH_HOLE, _TRIPS_ON_BOARD, _TWO_PAIR, _OVERPAIR, _BELOW_TOP, _BELOW_TWO, _TOP_PAIR = range(6, 13)
_PAIR_ON_BOARD, _FLOP_HIGH_CARD = 15, 16

#: The flush part and the straight part of a flop draw; the draw code is ``3 * flush + straight``.
FLUSH_DRAWS = ("", "four-flush, hole card below ten", "four-flush, hole card ten or better")
STRAIGHT_DRAWS = ("", "gutshot", "open-ended or double gutshot")
DRAWS = tuple(" + ".join(part for part in (flush, straight) if part) or "no draw"
              for flush in FLUSH_DRAWS for straight in STRAIGHT_DRAWS)

#: River made hands, by code ``2 * line + (a hole card plays)`` (:func:`river_made_code`).
RIVER_MADE_HANDS = tuple(
    "high card" if line == "high_card" else f"{line.replace('_', ' ')}, {'hole card' if plays else 'board'} plays"
    for line in LINES for plays in (0, 1))

#: Dealer outs run from 0 to 45 (the unseen cards).
OUTS_COUNT = DECK_SIZE - 7 + 1

_TEN = RANK_SYMBOLS.index("T")


def made_part_moduli(kickers_count: bool = False) -> np.ndarray:
    """Per category index: the made part of a rank is ``rank - rank % moduli[category]``.

    Without kickers: a high card has no made part, a pair's is the pair, two
    pair's both pairs, trips' and quads' the grouped rank; the other
    categories use all five cards. With ``kickers_count`` the whole rank counts.
    """
    moduli = np.ones(len(FIVE_CARD.categories), dtype=np.int64)
    if not kickers_count:
        moduli[HIGH_CARD] = SPAN
        moduli[PAIR] = D4
        moduli[TWO_PAIR] = D3
        moduli[THREE_OF_A_KIND] = D4
        moduli[FOUR_OF_A_KIND] = D4
    return moduli


#: The made parts without kickers (the river's "a hole card plays").
MADE_PART_MODULI = made_part_moduli()


# --------------------------------------------------------------------------- kernels


@njit(cache=True, nogil=True)
def made_part(rank, moduli):
    """The rank without its kickers (see :func:`made_part_moduli`)."""
    return rank - rank % moduli[rank // SPAN]


@njit(cache=True, nogil=True)
def board_plus_one(board, unseen, straight_top, flush_rank, six, sorted_six, card_six):
    """Ranks of the board with each unseen card: ``card_six[card]``, and all of them sorted in ``sorted_six``."""
    for m in range(5):
        six[m] = board[m]
    for m in range(unseen.shape[0]):
        six[5] = unseen[m]
        value = evaluate_cards(six, straight_top, flush_rank)
        sorted_six[m] = value
        card_six[unseen[m]] = value
    sorted_six.sort()


@njit(cache=True, nogil=True)
def dealer_outs(sorted_six, card_six, x, y, player_rank):
    """Unseen cards other than x and y with which the board beats ``player_rank``."""
    beating = sorted_six.shape[0] - np.searchsorted(sorted_six, player_rank, side="right")
    if card_six[x] > player_rank:
        beating -= 1
    if card_six[y] > player_rank:
        beating -= 1
    return beating


@njit(cache=True, nogil=True)
def river_made_code(player_rank, board_made, moduli):
    """``2 * line + 1`` when the made part of the player's hand beats the board's, else ``2 * line``."""
    plays = 1 if made_part(player_rank, moduli) > board_made else 0
    return 2 * rank_line(player_rank) + plays


@njit(cache=True, nogil=True)
def flop_category(flop):
    """Category of the flop's three cards alone: three of a kind, pair or high card."""
    r0 = flop[0] >> 2
    r1 = flop[1] >> 2
    r2 = flop[2] >> 2
    if r0 == r1 and r1 == r2:
        return THREE_OF_A_KIND
    if r0 == r1 or r1 == r2 or r0 == r2:
        return PAIR
    return HIGH_CARD


@njit(cache=True, nogil=True)
def flop_made_code(x, y, flop, hand_rank, board_category):
    """Index into :data:`FLOP_MADE_HANDS` for hole cards x, y on a flop (rank of the five cards given)."""
    line = rank_line(hand_rank)
    if line <= 5:
        return line
    category = hand_rank // SPAN
    if category == THREE_OF_A_KIND:
        return _TRIPS_WITH_HOLE if category > board_category else _TRIPS_ON_BOARD
    if category == TWO_PAIR:
        return _TWO_PAIR
    if category == HIGH_CARD:
        return _FLOP_HIGH_CARD
    if board_category == PAIR:
        return _PAIR_ON_BOARD
    rx = x >> 2
    ry = y >> 2
    above = 0
    if rx == ry:
        for card in flop:
            if card >> 2 > rx:
                above += 1
        return _OVERPAIR + min(above, 2)
    paired = rx
    if ry == flop[0] >> 2 or ry == flop[1] >> 2 or ry == flop[2] >> 2:
        paired = ry
    for card in flop:
        if card >> 2 > paired:
            above += 1
    return _TOP_PAIR + above


@njit(cache=True, nogil=True)
def draw_code(x, y, flop, hand_rank, straight_top):
    """Index into :data:`DRAWS`: ``3 * flush part + straight part`` (see the module docstring)."""
    category = hand_rank // SPAN
    flush = 0
    if category < FLUSH:
        for suit in range(4):
            count = 0
            for card in flop:
                if card & 3 == suit:
                    count += 1
            best = -1
            for card in (x, y):
                if card & 3 == suit:
                    count += 1
                    best = max(best, card >> 2)
            if count == 4:
                flush = 2 if best >= _TEN else 1
    straight = 0
    if category < STRAIGHT:
        mask = (1 << (x >> 2)) | (1 << (y >> 2))
        for card in flop:
            mask |= 1 << (card >> 2)
        for rank in range(13):
            if not mask >> rank & 1 and straight_top[mask | (1 << rank)] >= 0:
                straight += 1
        straight = min(straight, 2)
    return 3 * flush + straight


@njit(cache=True, nogil=True)
def _flop_codes(flops, straight_top, flush_rank, made, draw):
    hand = np.empty(5, dtype=np.int64)
    for f in range(flops.shape[0]):
        flop = flops[f]
        hand[2:] = flop
        board_category = flop_category(flop)
        for y in range(DECK_SIZE):
            for x in range(y):
                h = x + y * (y - 1) // 2
                if x == flop[0] or x == flop[1] or x == flop[2] or y == flop[0] or y == flop[1] or y == flop[2]:
                    made[f, h] = -1
                    draw[f, h] = -1
                    continue
                hand[0] = x
                hand[1] = y
                rank = evaluate_cards(hand, straight_top, flush_rank)
                made[f, h] = flop_made_code(x, y, flop, rank, board_category)
                draw[f, h] = draw_code(x, y, flop, rank, straight_top)


def flop_situation_codes(flops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Made-hand and draw codes of every hole pair (colex index) on each flop (3 cards per row);
    -1 where the pair meets the flop."""
    flops = np.ascontiguousarray(flops, dtype=np.int64)
    pairs = DECK_SIZE * (DECK_SIZE - 1) // 2
    made = np.empty((len(flops), pairs), dtype=np.int8)
    draw = np.empty((len(flops), pairs), dtype=np.int8)
    _flop_codes(flops, STRAIGHT_TOP, FLUSH_RANK, made, draw)
    return made, draw


# --------------------------------------------------------------------------- one situation, in words


def flop_features(hole: Sequence[int], flop: Sequence[int]) -> tuple[str, str]:
    """(made hand, draw) of two hole cards on a three-card flop."""
    x, y = (int(card) for card in hole)
    flop_cards = np.asarray([int(card) for card in flop], dtype=np.int64)
    rank = evaluate_cards(np.asarray([x, y, *flop_cards.tolist()], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
    return (FLOP_MADE_HANDS[flop_made_code(x, y, flop_cards, rank, flop_category(flop_cards))],
            DRAWS[draw_code(x, y, flop_cards, rank, STRAIGHT_TOP)])


def board_six_ranks(board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(sorted_six, card_six) of :func:`board_plus_one` for a five-card board, every other card unseen."""
    unseen = np.setdiff1d(np.arange(DECK_SIZE, dtype=np.int64), board)
    sorted_six, card_six = np.empty(len(unseen), np.int64), np.full(DECK_SIZE, -1, np.int64)
    board_plus_one(board, unseen, STRAIGHT_TOP, FLUSH_RANK, np.empty(6, np.int64), sorted_six, card_six)
    return sorted_six, card_six


def river_features(hole: Sequence[int], board: Sequence[int]) -> tuple[str, int]:
    """(made hand, dealer outs) of two hole cards on a five-card board."""
    x, y = (int(card) for card in hole)
    board_cards = np.asarray([int(card) for card in board], dtype=np.int64)
    sorted_six, card_six = board_six_ranks(board_cards)
    player = evaluate_cards(np.asarray([x, y, *board_cards.tolist()], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
    board_made = made_part(evaluate_cards(board_cards, STRAIGHT_TOP, FLUSH_RANK), MADE_PART_MODULI)
    return (RIVER_MADE_HANDS[river_made_code(player, board_made, MADE_PART_MODULI)],
            int(dealer_outs(sorted_six, card_six, x, y, player)))
