"""A flop's board shapes added to every hole pair's tally: once per class, then per hole pair meeting a board.

The boards of one flop whose two cards have the same ranks fall into a few *shapes* (no flush suit, or the flush
suit and which of the two cards are of it, :data:`BOARD_SHAPES`); the boards of a shape have the same classes of
two-card hands (:mod:`analyzer.engines.holdem.board_classes`), so one board per shape is worked out. A hole pair
{x, y} then takes its class's tally cell once per board of the shape holding neither card:

    ``boards - with[x] - with[y] + [{x, y} is itself a board of the shape]`` times

(``with[c]``: the shape's boards holding card c). The first term is the same for every hole pair of a class's two
card types, so it is *gathered* once per class (:func:`add_shape`) and handed out at the end of the flop
(:func:`add_gathered`); only the hole pairs holding a card of the two board ranks take the rest, about 48 per
board card instead of all 1,176. A kernel packs a class's cell as it likes (two 64-bit words, :data:`TALLY_WORDS`,
added ``times`` over: the packing must stay exact under such sums, negative ones included on the way).

For example, a shape of 2 boards {Ah Kd} and {As Kd}: the hole pair {Ac, Qc} takes both (2 - 0 - 0), {Ah, Qc}
one (2 - 1 - 0), {Kd, Qc} none (2 - 2 - 0), and {Ah, Kd} none (2 - 1 - 2 + 1).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.core.cards import RANK_COUNT
from analyzer.engines.holdem.board_classes import board_flush_suit

#: Boards of one flop with the same turn and river ranks whose hands fall into the same classes: no flush suit
#: (0), or the flush suit and whether the lower and the higher of the two cards are of it (1 + 4 * suit + ...).
BOARD_SHAPES = 1 + 4 * 4
#: The ways a board shape types its cards: no flush suit (0), or a flush suit s (1 + s).
TYPINGS = 1 + 4
#: Words in one cell of a hole pair's tally.
TALLY_WORDS = 2


@njit(cache=True, nogil=True)
def cards_by_rank(rest):
    """The positions of the cards left, by rank: ``of_rank[r]`` of them, ``by_rank[r, u]`` the u-th."""
    of_rank = np.zeros(RANK_COUNT, dtype=np.int64)
    by_rank = np.zeros((RANK_COUNT, 4), dtype=np.int64)
    for i in range(rest.shape[0]):
        r = rest[i] >> 2
        by_rank[r, of_rank[r]] = i
        of_rank[r] += 1
    return of_rank, by_rank


@njit(cache=True, nogil=True)
def rank_pair_cards(of_rank, by_rank, low, high, members):
    """``members[:k]``: the positions of the cards of ranks ``low`` and ``high`` (:func:`cards_by_rank`), the
    cards a board of the rank pair is made of; returns k."""
    held = 0
    for rank in range(low, high + 1):
        for u in range(of_rank[rank] if rank == low or rank == high else 0):
            members[held] = by_rank[rank, u]
            held += 1
    return held


@njit(cache=True, nogil=True, inline="always")
def board_shape_of(flop, turn, river):
    """The shape (:data:`BOARD_SHAPES`) of the board of ``flop``, ``turn`` and ``river``, and its flush suit (-1
    for none): 0 without a flush suit, else ``1 + 4 * suit + 2 * [turn of it] + [river of it]``."""
    flush_suit = board_flush_suit(flop, turn, river)
    if flush_suit < 0:
        return 0, flush_suit
    return 1 + 4 * flush_suit + 2 * (turn & 3 == flush_suit) + (river & 3 == flush_suit), flush_suit


@njit(cache=True, nogil=True)
def add_shape(rest, boards, with_shape, shape_of, shape, types, pair_words, count, pairs, members, slot,
              gathered, tally):
    """Add one board shape's classes into the cells of ``slot``: every hole pair {rest[p], rest[q]} takes its
    class's words (``pair_words[t1, t2]``, by the cards' ``types``: an offset per slot, then the
    :data:`TALLY_WORDS` words) ``boards - with_shape[p] - with_shape[q] + [shape_of[p, q] == shape]`` times. The
    ``boards`` term goes once per class into ``gathered[t1, t2]`` (t1 <= t2; :func:`add_gathered`); only the hole
    pairs holding a card of the ``members`` (the positions of the two board ranks) take the rest into their row
    of ``tally`` (hole pair, colex ``x + y * (y - 1) // 2``). A type pair that is not one of the ``count``
    classes (``pairs[c]``: its two types) must have zero words (:func:`clear_classes`): its hole pairs meet every
    board of the shape."""
    slots = pair_words.shape[2] - TALLY_WORDS
    for c in range(count):
        t1, t2 = min(pairs[c, 0], pairs[c, 1]), max(pairs[c, 0], pairs[c, 1])
        at = pair_words[t1, t2, slot]
        for w in range(TALLY_WORDS):
            gathered[t1, t2, at + w] += boards * pair_words[t1, t2, slots + w]
    for m in range(members.shape[0]):
        p = members[m]
        if with_shape[p] == 0:
            continue
        x = rest[p]
        type_x = types[x]
        for q in range(rest.shape[0]):
            if q == p or (with_shape[q] > 0 and q < p):  # a pair of two board cards once
                continue
            times = (1 if shape_of[p, q] == shape else 0) - with_shape[p] - with_shape[q]
            if times == 0:
                continue
            y = rest[q]
            low, high = min(x, y), max(x, y)
            word = pair_words[type_x, types[y]]
            row = tally[low + high * (high - 1) // 2]
            for w in range(TALLY_WORDS):
                row[word[slot] + w] += times * word[slots + w]


@njit(cache=True, nogil=True)
def clear_classes(count, pairs, pair_words):
    """Zero the words of one board shape's ``count`` classes (both orders of their types)."""
    for c in range(count):
        pair_words[pairs[c, 0], pairs[c, 1]] = 0
        pair_words[pairs[c, 1], pairs[c, 0]] = 0


@njit(cache=True, nogil=True)
def add_gathered(rest, gathered, used, tally, skip=-1):
    """Hand every hole pair {x, y} of the ``rest`` cards (without the card ``rest[skip]``, when ``skip`` >= 0) its
    gathered rows (:func:`add_shape`, :func:`add_turn_shape`): one per typing of the board shapes met (``used[m]``,
    :data:`TYPINGS`; m = 0: no flush suit, m = 1 + suit), read at the cards' types under it (rank, plus 13 for a
    card of that suit)."""
    for m in range(gathered.shape[0]):
        if not used[m]:
            continue
        for q in range(rest.shape[0]):
            if q == skip:
                continue
            y = rest[q]
            type_y = (y >> 2) + (13 if y & 3 == m - 1 else 0)
            for p in range(q):
                if p == skip:
                    continue
                x = rest[p]
                type_x = (x >> 2) + (13 if x & 3 == m - 1 else 0)
                gathered_row = gathered[m, min(type_x, type_y), max(type_x, type_y)]
                row = tally[x + y * (y - 1) // 2]
                for w in range(tally.shape[1]):
                    row[w] += gathered_row[w]


@njit(cache=True, nogil=True)
def add_turn_shape(rest, with_shape, shape_of, shape, typing, table, types, lines, outcomes, count, pairs, members,
                   line_group, first_outcome, gathered, typings, turn_outcomes):
    """Add one board shape's dealer outcomes (from ``first_outcome`` on, by the group of the class's final line,
    ``line_group[lines[c]]``) to the rows of each card ``rest[t]`` of its boards taken as the turn card (t one of
    the ``members``, the positions of the two board ranks): every hole pair {rest[p], rest[q]} without it takes its
    class's outcomes once per board {rest[t], r} of the shape with r neither card,

        ``with_shape[t] - [shape_of[t, p] == shape] - [shape_of[t, q] == shape]`` times

    (``with_shape[t]``: the shape's boards holding ``rest[t]``). That first term goes once per class into
    ``gathered[t, typing, t1, t2]`` (t1 <= t2, by the cards' ``types`` under the shape's ``typing``, marked in
    ``typings[t]``; :func:`add_gathered` without ``t`` hands it out); only the hole pairs holding a partner card
    (making a board of the shape with ``rest[t]``) take the rest into ``turn_outcomes[t, h]``. ``table``: the class
    of each pair of types, -1 for a pair with no hand left; its hole pairs meet no board of the shape. The rows are
    uint16, added modulo 2**16: a partial sum may wrap below zero, the total of each cell (at most 46 x 990 deals)
    comes out exact.

    For example, a shape of the boards {Ah Kd} and {As Kd}, with the turn card Kd (2 partners): {Ac, Qc} takes its
    class's outcomes twice, {Ah, Qc} once (2 - 1), {Ah, As} never (2 - 1 - 1); with the turn card Ah (1 partner):
    {Ac, Qc} once, {Kd, Qc} never."""
    for m in range(members.shape[0]):
        typings[members[m], typing] |= with_shape[members[m]] > 0
    for c in range(count):
        t1, t2 = min(pairs[c, 0], pairs[c, 1]), max(pairs[c, 0], pairs[c, 1])
        group = line_group[lines[c]]
        for m in range(members.shape[0]):
            t = members[m]
            partners = with_shape[t]
            for o in range(first_outcome, 6 if partners > 0 else 0):
                gathered[t, typing, t1, t2, group, o - first_outcome] += partners * outcomes[c, o]
    for m in range(members.shape[0]):
        t = members[m]
        if with_shape[t] == 0:
            continue
        for k in range(members.shape[0]):
            r = members[k]
            if r == t or shape_of[t, r] != shape:
                continue
            x = rest[r]
            type_x = types[x]
            for q in range(rest.shape[0]):
                c = table[type_x, types[rest[q]]]
                if q == r or q == t or c < 0:
                    continue
                y = rest[q]
                low, high = min(x, y), max(x, y)
                row = turn_outcomes[t, low + high * (high - 1) // 2, line_group[lines[c]]]
                for o in range(first_outcome, 6):
                    row[o - first_outcome] -= outcomes[c, o]

