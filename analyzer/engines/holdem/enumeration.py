"""Exact enumeration of Ultimate Texas Hold'em with the optimal strategy.

Every deal: the player's two hole cards, the flop (three cards), the turn and
river (two cards, dealt together), the dealer's two hole cards. Because the
player decides after the flop, *which* three of the five board cards are the
flop matters: a deal here is ordered as (hole, flop, turn+river, dealer), so
the enumerated cycle is

    C(52,2) * C(50,3) * C(47,2) * C(45,2) = 27,813,810,024,000
      = 10 * C(52,2) * C(50,5) * C(45,2)   (the GUIDE's cycle, unordered board).

Probabilities are the same in both; counts of strategy-dependent events
(the player raised 2x on the flop, say) are whole numbers only in the ordered
cycle, so every count here is over :data:`CYCLE`. Divide by
:data:`BOARD_ORDERS` (10) for the unordered cycle where a count allows it.

Method (GUIDE §2, "Hold'em: work per board"):

1. Flops fall into 1,755 suit-isomorphism classes (weights add to 22,100). For
   a class representative F, every turn/river pair {t, r} (1,176) makes a board.
2. Per board, for each player hole pair {a, b} the dealer pairs from the 45
   other cards ranked below the player number ``below_all - below_with_a -
   below_with_b`` (and ``+1`` when counting "up to the player", for {a, b}
   itself): one sweep of the two-card completions in rank order gives win /
   tie / lose counts, and the same identity with the "no pair" threshold
   splits them by dealer qualification. The sweep runs over classes of
   completions, not the 1,081 hands (:mod:`analyzer.engines.holdem.board_classes`:
   a card acts by its rank and whether it is of the board's flush suit, so
   at most 351 classes, 91 without a flush suit), and the boards of a flop
   without a flush suit and with the same turn and river ranks share their
   classes (:func:`flop_pass`); :func:`board_outcomes` is the per-hand
   sweep (the views below, collusion).
3. River: Play 1x is worth ``A + B`` summed over the 990 dealer hands, fold
   ``-4 * 990`` (every value is scaled by 2 so the flush's 3 to 2 is whole).
   Flop: check is worth the sum over turn/river of the river's best value,
   2x the sum of ``A + 2B``. Pre-flop: check is the sum over flops of the
   flop's best value, 3x and 4x the sums of ``A + 3B`` and ``A + 4B``.
   Exact ties go to the smaller wager (the optimal policy of
   :mod:`analyzer.engines.holdem.policy`; a posted card is played by the
   streets kernel, :mod:`analyzer.engines.holdem.street_posted`).
4. Results per (flop representative, hole pair) are added, times the flop
   class weight, into the hole pair's starting-hand class (169 classes). For
   a flop class K and hole class h, the sum over every flop F' in K and every
   hole H in h disjoint from F' equals ``weight(K)`` times the sum over the
   holes of h disjoint from the representative (a suit relabelling maps F' to
   the representative and h onto itself), so the class sums are exact; each
   hole of h then gets ``class sum / |h|`` (an exact division, checked).

Work is split into chunks of flop classes, run in parallel (joblib threads;
the numba kernels release the GIL), optionally saved to a checkpoint
directory, and added as integers: any split gives the same numbers.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self, TypeVar

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from numba import njit

from analyzer.core.cards import DECK_SIZE, RANK_COUNT, RANK_SYMBOLS, combinations
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.engines.cache import integers, load_cached, save_cached
from analyzer.engines.holdem.board_classes import (
    MAX_CLASSES,
    TYPE_COUNT,
    board_classes,
    board_plus_one_by_type,
    board_rank,
    class_scratch,
    fill_outcomes,
    flop_rank_tables,
    order_by_rank,
    type_cards,
)
from analyzer.engines.holdem.features import (
    DRAWS,
    FLOP_MADE_HANDS,
    MADE_PART_MODULI,
    OUTS_COUNT,
    RIVER_MADE_HANDS,
    dealer_outs,
    draw_code,
    flop_category,
    flop_made_code,
    made_part,
    river_made_code,
)
from analyzer.engines.holdem.policy import (
    OPTIMAL,
    flop_bets,
    reads_dealer_outs,
    river_bets,
    river_made_part,
)
from analyzer.engines.holdem.shape_tally import (
    BOARD_SHAPES,
    TALLY_WORDS,
    TYPINGS,
    add_gathered,
    add_shape,
    board_shape_of,
    cards_by_rank,
    clear_classes,
    rank_pair_cards,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    LINES,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    board_pair_ranks,
    evaluate_cards,
    rank_line,
)

# --------------------------------------------------------------------------- the game's numbers

HOLE_PAIRS = comb(DECK_SIZE, 2)                     # 1,326 two-card hands of the deck
FLOPS = comb(DECK_SIZE - 2, 3)                      # 19,600 flops per hole pair
TURN_RIVERS = comb(DECK_SIZE - 5, 2)                # 1,081 turn/river pairs per flop
DEALER_HANDS = comb(DECK_SIZE - 7, 2)               # 990 dealer hands per board
BOARD_ORDERS = comb(5, 3)                           # 10 ways to split a board into flop + turn/river
#: Deals enumerated: hole, flop, turn/river, dealer.
CYCLE = HOLE_PAIRS * FLOPS * TURN_RIVERS * DEALER_HANDS
#: The GUIDE's cycle, boards unordered: CYCLE // BOARD_ORDERS.
UNORDERED_CYCLE = HOLE_PAIRS * comb(DECK_SIZE - 2, 5) * DEALER_HANDS
#: Deals per hole pair (for one hole pair, a sum over all of them is one EV numerator).
DEALS_PER_HOLE = FLOPS * TURN_RIVERS * DEALER_HANDS
#: Every value is in half antes (the flush pays 3 to 2 on the Blind).
SCALE = 2
#: EV per ante of a hole pair = numerator / EV_DENOMINATOR.
EV_DENOMINATOR = SCALE * DEALS_PER_HOLE
#: Deals behind one flop decision and one river decision.
DEALS_PER_FLOP_DECISION = TURN_RIVERS * DEALER_HANDS
DEALS_PER_RIVER_DECISION = DEALER_HANDS

#: Play multiples, the index of ``settlement``'s first axis (fold = no Play bet).
MULTIPLES = ("fold", "1x", "2x", "3x", "4x")
FOLD, PLAY_1X, PLAY_2X, PLAY_3X, PLAY_4X = range(5)
#: Outcomes, the index of ``settlement``'s second axis: dealer qualifies or not x comparison.
OUTCOMES = ("no_qualify_win", "no_qualify_tie", "no_qualify_lose", "win", "tie", "lose")
NQ_WIN, NQ_TIE, NQ_LOSE, WIN, TIE, LOSE = range(6)
#: Blind lines, the index of ``settlement``'s third axis: the player's final hand.
BLIND_LINES = LINES[:6] + ("below_straight",)
BELOW_STRAIGHT = len(BLIND_LINES) - 1
#: The shipped game's Blind pays (to 1) per blind line when the player wins; below a straight it pushes. An
#: analysis takes its main wagers from the rules file (:class:`MainWagers`); these are the shipped game's, for
#: the paths that serve the shipped game only (seen dealer cards, collusion, the one-board views).
BLIND_PAYS = (Fraction(500), Fraction(50), Fraction(10), Fraction(3), Fraction(3, 2), Fraction(1), Fraction(0))
#: Blind pays per hand line (LINES), scaled by SCALE.
BLIND_SCALED = np.array([int(SCALE * BLIND_PAYS[min(line, BELOW_STRAIGHT)]) for line in range(LINE_COUNT)],
                        dtype=np.int64)
#: Pre-flop choices, in order of wager size (exact ties go to the first).
PREFLOP_CHOICES = ("check", "3x", "4x")
PREFLOP_MULTIPLE = (None, PLAY_3X, PLAY_4X)
#: Flop choices (index of ``flop_actions``'s last axis) and river choices.
FLOP_CHOICES = ("2x", "check")
RIVER_CHOICES = ("1x", "fold")
#: Trips 50-40-30-8-7-4-3, pays to 1 per hand line (LINES), -1 below three of a kind.
TRIPS_PAYS = (50, 40, 30, 8, 7, 4, 3, -1, -1, -1)

#: Situations by features and decision: flop (made hand, draw, (2x, check)), river (made hand, dealer outs,
#: (1x, fold)); see :mod:`analyzer.engines.holdem.features`.
FLOP_SUMMARY_SHAPE = (len(FLOP_MADE_HANDS), len(DRAWS), 2)
RIVER_SUMMARY_SHAPE = (len(RIVER_MADE_HANDS), OUTS_COUNT, 2)

_OPTIMAL_POLICY = OPTIMAL.packed()                 # a global: numba compiles it in as a constant

# --------------------------------------------------------------------------- the main wagers


@dataclass(frozen=True, eq=False)
class MainWagers:
    """How the main wagers settle, as the enumeration reads them, scaled by SCALE (per ante).

    ``nets[line, outcome, 0]``: the initial wagers (Ante and Blind) when the
    player's final hand is ``line`` (LINES) and the showdown is ``outcome``
    (OUTCOMES: the dealer with or without a pair, then the comparison);
    ``nets[line, outcome, 1]``: the Play wager per unit of its multiple;
    ``fold``: the initial wagers on a fold. The value of Play ``m`` at a
    showdown is ``nets[line, outcome, 0] + m * nets[line, outcome, 1]``, so
    the river value is ``A + m * B`` (:func:`river_values`). Built from the
    rules file by :func:`analyzer.engines.holdem.results.main_wagers`; the
    shipped game's is :data:`SHIPPED`.

    >>> SHIPPED.net(PLAY_4X, WIN, 0), SHIPPED.net(PLAY_1X, NQ_LOSE, 9), SHIPPED.net(FOLD, WIN, 0)
    (Fraction(505, 1), Fraction(-2, 1), Fraction(-2, 1))
    """

    nets: np.ndarray
    fold: int

    def net(self, multiple: int, outcome: int, line: int) -> Fraction:
        """Net result per ante of Ante + Blind + Play for one settlement cell (``multiple``: MULTIPLES index)."""
        if multiple == FOLD:
            return Fraction(self.fold, SCALE)
        return Fraction(int(self.nets[line, outcome, 0] + multiple * self.nets[line, outcome, 1]), SCALE)

    def scaled_nets(self) -> np.ndarray:
        """SCALE * net per ante of every settlement cell [multiple, outcome, hand line] (5, 6, 10)."""
        cells = self.nets[None, :, :, 0] + np.arange(len(MULTIPLES))[:, None, None] * self.nets[None, :, :, 1]
        cells[FOLD] = self.fold
        return np.ascontiguousarray(cells.transpose(0, 2, 1))

    def key(self) -> str:
        """A short digest of the settlement (part of the checkpoint names)."""
        return hashlib.sha1(f"{self.nets.tolist()}:{self.fold}".encode()).hexdigest()[:12]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MainWagers) and self.fold == other.fold and np.array_equal(self.nets, other.nets)

    def __hash__(self) -> int:
        return hash(self.key())


def _shipped_wagers() -> MainWagers:
    """The shipped game: Ante pushed when the dealer has no pair, Blind paying BLIND_PAYS on a win, Play even."""
    ante = (0, 0, 0, 1, 0, -1)
    blind = (0, 0, -1, 0, 0, -1)
    play = (1, 0, -1, 1, 0, -1)
    nets = np.zeros((LINE_COUNT, len(OUTCOMES), 2), dtype=np.int64)
    for line in range(LINE_COUNT):
        for outcome in range(len(OUTCOMES)):
            paid = BLIND_SCALED[line] if outcome in (WIN, NQ_WIN) else SCALE * blind[outcome]
            nets[line, outcome] = (SCALE * ante[outcome] + paid, SCALE * play[outcome])
    return MainWagers(nets, -2 * SCALE)


#: The shipped game's main wagers (uth.toml's Ante, Blind 500-50-10-3-3:2-1 and Play).
SHIPPED = _shipped_wagers()

# --------------------------------------------------------------------------- starting-hand classes


def _starting_hand_classes() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Names of the 169 classes (AA, AKs, AKo ... 22), their sizes, and the class of each hole pair."""
    names: list[str] = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                names.append(RANK_SYMBOLS[high] * 2)
            else:
                names.append(RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + "s")
                names.append(RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + "o")
    index = {name: i for i, name in enumerate(names)}
    pairs = np.asarray(combinations(DECK_SIZE, 2), dtype=np.int64)
    class_of = np.empty(len(pairs), dtype=np.int64)
    for row, (x, y) in enumerate(pairs):
        high, low = max(x >> 2, y >> 2), min(x >> 2, y >> 2)
        name = RANK_SYMBOLS[high] + RANK_SYMBOLS[low]
        if high != low:
            name += "s" if x & 3 == y & 3 else "o"
        class_of[row] = index[name]
    sizes = np.bincount(class_of, minlength=len(names)).astype(np.int64)
    return tuple(names), sizes, class_of


#: HAND_CLASSES[c]: name ("AKs"); HAND_CLASS_SIZES[c]: 6, 4 or 12; HAND_CLASS_OF[colex pair]: c.
HAND_CLASSES, HAND_CLASS_SIZES, HAND_CLASS_OF = _starting_hand_classes()
HAND_CLASS_COUNT = len(HAND_CLASSES)

#: The two cards (lower, higher) of each hole pair, by colex index (:func:`pair_index`).
HOLE_FIRST, HOLE_SECOND = np.asarray(combinations(DECK_SIZE, 2), dtype=np.int64).T.copy()


def pair_index(x: int, y: int) -> int:
    """Colex index of the two-card hand {x, y}: ``pair_index(0, 1) == 0``."""
    x, y = min(x, y), max(x, y)
    return x + y * (y - 1) // 2


# --------------------------------------------------------------------------- flop classes


@dataclass(frozen=True)
class FlopClasses:
    """The 1,755 suit classes of flops: a representative (3 sorted cards) and a weight each."""

    cards: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.weights)


def flop_classes() -> FlopClasses:
    """Suit classes of the 22,100 flops.

    >>> classes = flop_classes()
    >>> len(classes), int(classes.weights.sum())
    (1755, 22100)
    """
    flops = np.asarray(combinations(DECK_SIZE, 3), dtype=np.int64)
    classes = suit_classes(flops)
    return FlopClasses(flops[classes.representatives], classes.weights.astype(np.int64))


# --------------------------------------------------------------------------- numba kernels


@njit(cache=True, nogil=True)
def board_outcomes(board, unseen, straight_top, flush_rank, first, second, ranks, order, below,
                   card_count, card_no_pair, buckets, outcomes):
    """Dealer outcome counts of every player hole pair on one board.

    ``outcomes[k]``: dealer hands (two of the unseen cards other than pair k)
    per outcome (OUTCOMES order) for the player holding pair k. Returns the
    number of pairs. ``order``, ``below``, ``card_count``, ``card_no_pair``,
    ``buckets`` (256) are scratch space.
    """
    pairs = board_pair_ranks(board, unseen, straight_top, flush_rank, first, second, ranks)
    size = unseen.shape[0]
    dealer_hands = (size - 2) * (size - 3) // 2
    no_pair_total = 0
    card_no_pair[:] = 0
    card_count[:] = 0
    for k in range(pairs):
        if ranks[k] < PAIR_OR_BETTER:
            no_pair_total += 1
            card_no_pair[first[k]] += 1
            card_no_pair[second[k]] += 1
    order_by_rank(ranks, pairs, order, below, buckets)
    processed = 0
    start = 0
    while start < pairs:
        rank = ranks[order[start]]
        end = start + 1
        while end < pairs and ranks[order[end]] == rank:
            end += 1
        for q in range(start, end):
            k = order[q]
            below[q] = processed - card_count[first[k]] - card_count[second[k]]
        for q in range(start, end):
            k = order[q]
            card_count[first[k]] += 1
            card_count[second[k]] += 1
        processed += end - start
        player_no_pair = rank < PAIR_OR_BETTER
        for q in range(start, end):
            k = order[q]
            x = first[k]
            y = second[k]
            lower = below[q]
            up_to = processed - card_count[x] - card_count[y] + 1
            no_pair = no_pair_total - card_no_pair[x] - card_no_pair[y]
            if player_no_pair:
                no_pair += 1  # the player's own hand, taken out twice
            fill_outcomes(outcomes[k], player_no_pair, lower, up_to, no_pair, dealer_hands)
        start = end
    return pairs


@njit(cache=True, nogil=True, inline="always")
def board_scratch(unseen_size):
    """Work arrays of :func:`board_outcomes` for boards with ``unseen_size`` unseen cards: (first, second,
    ranks, order, below, card_count, card_no_pair, buckets, outcomes)."""
    pairs = unseen_size * (unseen_size - 1) // 2
    return (np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64),
            np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64), np.zeros(DECK_SIZE, dtype=np.int64),
            np.zeros(DECK_SIZE, dtype=np.int64), np.empty(256, dtype=np.int64), np.empty((pairs, 6), dtype=np.int64))


@njit(cache=True, nogil=True)
def river_values(outcomes, line, nets):
    """(A, B): the river value of Play m is A + m * B, summed over the dealer hands (scaled);
    ``nets``: :attr:`MainWagers.nets`, ``line``: the player's final hand line."""
    a = 0
    b = 0
    for o in range(6):
        a += outcomes[o] * nets[line, o, 0]
        b += outcomes[o] * nets[line, o, 1]
    return a, b


@njit(cache=True, nogil=True)
def flop_rest(flop):
    """``rest``: the 49 cards not in the flop, ascending; ``local[card]``: a card's position in it (-1 in the
    flop)."""
    rest = np.empty(DECK_SIZE - 3, dtype=np.int64)
    local = np.full(DECK_SIZE, -1, dtype=np.int64)
    n = 0
    for card in range(DECK_SIZE):
        if card != flop[0] and card != flop[1] and card != flop[2]:
            rest[n] = card
            local[card] = n
            n += 1
    return rest, local


@njit(cache=True, nogil=True)
def deal_board(flop, rest, i, j, board, unseen):
    """``board``: the flop, then turn ``rest[i]`` and river ``rest[j]``; ``unseen``: the other cards of
    ``rest``, ascending."""
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    board[3] = rest[i]
    board[4] = rest[j]
    m = 0
    for u in range(rest.shape[0]):
        if u != i and u != j:
            unseen[m] = rest[u]
            m += 1


#: Per hole pair, river choice (1x, fold) and final hand line, a tally of two words: boards << 32 plus the
#: dealer's no-qualify wins; ties << 32 plus the losses of a player with high card to a non-qualifying dealer
#: or the qualified wins of a player with a pair or better (each under 2**32 per flop). The dealer's wins
#: (every dealer hand not in the other three) and the outcomes that cannot happen are left out. The words are
#: added ``times`` over, gathered per class and corrected per hole pair (:mod:`analyzer.engines.holdem.shape_tally`):
#: a row passes through negative values on the way, exactly, and every field ends in range.
_TALLY_PER_HOLE = len(RIVER_CHOICES) * LINE_COUNT * TALLY_WORDS
_LOW = (1 << 32) - 1
_HIGH_CARD_LINE = LINES.index("high_card")


@njit(cache=True, nogil=True)
def _river_classes(policy, situations, six_ranks, unseen, flush_suit, tables, turn, river, flush_rank, nets,
                   fold_river, scratch, sorted_six, card_six, pair_words, summary):
    """The classes of one board (:func:`analyzer.engines.holdem.board_classes.board_classes`, after
    ``type_cards``), each decided at the river by ``policy`` (settled by ``nets``, a fold worth
    ``fold_river``): ``pair_words[t1, t2]`` (symmetric) = (offset in a hole pair's tally, the two words a hand
    of the class adds); with ``situations``, ``summary[c]`` = (made hand, dealer outs, choice, hands).
    Returns the number of classes."""
    plain, six, five, pair_order = tables
    type_card, first, second = scratch.type_card, scratch.class_first, scratch.class_second
    ranks, multiplicity, outcomes = scratch.class_ranks, scratch.class_multiplicity, scratch.class_outcomes
    count = board_classes(unseen, flush_suit, plain[turn, river], pair_order[turn, river], flush_rank,
                          PAIR_OR_BETTER, scratch)
    rank_of_board = board_rank(five[turn, river], scratch, flush_rank)
    board_made = river_made_part(policy, rank_of_board)
    feature_board_made = made_part(rank_of_board, MADE_PART_MODULI)
    if six_ranks:
        board_plus_one_by_type(unseen, six[turn, river], scratch, flush_rank, sorted_six, card_six)
    for c in range(count):
        rank = ranks[c]
        line = rank_line(rank)
        a, b = river_values(outcomes[c], line, nets)
        x = type_card[first[c]]
        y = type_card[second[c]]
        choice = 0 if river_bets(policy, a + b, fold_river, x, y, rank, board_made, sorted_six, card_six) else 1
        for t1, t2 in ((first[c], second[c]), (second[c], first[c])):
            pair_words[t1, t2, 0] = (choice * LINE_COUNT + line) * TALLY_WORDS
            pair_words[t1, t2, 1] = (1 << 32) + outcomes[c, NQ_WIN]
            pair_words[t1, t2, 2] = ((outcomes[c, NQ_TIE] + outcomes[c, TIE]) << 32) + outcomes[c, NQ_LOSE] + \
                outcomes[c, WIN]
        if situations:
            summary[c, 0] = river_made_code(rank, feature_board_made, MADE_PART_MODULI)
            summary[c, 1] = dealer_outs(sorted_six, card_six, x, y, rank)
            summary[c, 2] = choice
            summary[c, 3] = multiplicity[c]
    return count


@njit(cache=True, nogil=True, inline="always")
def _add_summary(river_summary, summary, count, boards):
    """``river_summary[made hand, dealer outs, choice] += hands * boards`` for the ``count`` rows of ``summary``."""
    for c in range(count):
        river_summary[summary[c, 0], summary[c, 1], summary[c, 2]] += summary[c, 3] * boards


@njit(cache=True, nogil=True, inline="always")
def flop_pass(flop, policy, situations, straight_top, flush_rank, nets, fold_river, sum_a, sum_b, sum_check,
              showdown, river_fold, river_actions, river_summary):
    """Per hole pair (colex index over the deck), sums over every turn/river of one flop, the river decided
    by ``policy`` (:mod:`analyzer.engines.holdem.policy`), settled by ``nets`` (:attr:`MainWagers.nets`) and
    ``fold_river`` (a river fold, summed over the dealer hands). Inlined into its callers: with a constant policy
    and ``situations`` the branches that do not apply compile away.

    ``sum_a``, ``sum_b``: sums of A and B; ``sum_check``: of the value of
    the policy's river decision (Play 1x or fold; with the optimal policy the
    best one); ``showdown[h, outcome, line]``: dealer hands per outcome and
    player's final hand line; ``river_fold``: the same restricted to rivers
    where the player folds after checking twice; ``river_actions[h, line,
    (1x, fold)]``: river decisions; with ``situations``,
    ``river_summary[made hand, dealer outs, (1x, fold)]``: river situations
    (hole pair and board) by the features of
    :mod:`analyzer.engines.holdem.features`. Arrays are added to, not reset.

    Per board the hands are worked out by class
    (:mod:`analyzer.engines.holdem.board_classes`: outcomes, values,
    decision, features once per class); the boards of a flop with the same
    turn and river ranks have the same classes, with the same everything,
    when they have no flush suit, or the same flush suit with the turn and
    the river of it or not alike (the same board shape), so the boards are
    taken by turn and river ranks and each shape is worked out once. Each
    hole pair then adds its class's tally (boards and three outcome counts,
    packed) under its river choice and line, once per shape, times the
    number of the shape's boards it does not meet (gathered per class,
    :mod:`analyzer.engines.holdem.shape_tally`), and the sums above
    follow from the tallies at the end (A and B are linear in the outcome
    counts).
    """
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    of_rank, by_rank = cards_by_rank(rest)
    board = np.empty(5, dtype=np.int64)
    unseen = np.empty(n - 2, dtype=np.int64)
    scratch = class_scratch()
    tables = flop_rank_tables(flop, straight_top)
    tally = np.zeros((HOLE_PAIRS, _TALLY_PER_HOLE), dtype=np.int64)
    words = np.zeros((BOARD_SHAPES, TYPE_COUNT, TYPE_COUNT, 1 + TALLY_WORDS), dtype=np.int64)
    summary = np.zeros((BOARD_SHAPES, MAX_CLASSES, 4), dtype=np.int64)
    classes = np.empty(BOARD_SHAPES, dtype=np.int64)
    boards = np.empty(BOARD_SHAPES, dtype=np.int64)
    shape_suit = np.empty(BOARD_SHAPES, dtype=np.int64)
    shape_pairs = np.empty((BOARD_SHAPES, MAX_CLASSES, 2), dtype=np.int64)
    with_card = np.zeros((BOARD_SHAPES, n), dtype=np.int64)  # by position in ``rest``
    board_shape = np.full((n, n), -1, dtype=np.int64)
    gathered = np.zeros((TYPINGS, TYPE_COUNT, TYPE_COUNT, _TALLY_PER_HOLE), dtype=np.int64)
    used = np.zeros(TYPINGS, dtype=np.bool_)
    members = np.empty(8, dtype=np.int64)
    type_in_suit = np.empty((TYPINGS, DECK_SIZE), dtype=np.int64)  # a card's type, by flush suit + 1 (0: none)
    for card in range(DECK_SIZE):
        for suit in range(-1, 4):
            type_in_suit[suit + 1, card] = (card >> 2) + (RANK_COUNT if card & 3 == suit else 0)
    sorted_six = np.empty(n - 2, dtype=np.int64)
    card_six = np.full(DECK_SIZE, -1, dtype=np.int64)
    six_ranks = situations or reads_dealer_outs(policy)
    for turn in range(RANK_COUNT):
        for river in range(turn, RANK_COUNT):
            classes[:] = -1
            boards[:] = 0
            held = rank_pair_cards(of_rank, by_rank, turn, river, members)
            for u in range(of_rank[turn]):
                for v in range(u + 1 if turn == river else 0, of_rank[river]):
                    i, j = by_rank[turn, u], by_rank[river, v]
                    shape, flush_suit = board_shape_of(flop, rest[i], rest[j])
                    if classes[shape] < 0:
                        deal_board(flop, rest, i, j, board, unseen)
                        type_cards(board, unseen, scratch)
                        count = _river_classes(policy, situations, six_ranks, unseen, flush_suit, tables, turn, river,
                                               flush_rank, nets, fold_river, scratch, sorted_six, card_six,
                                               words[shape], summary[shape])
                        classes[shape] = count
                        shape_suit[shape] = flush_suit
                        shape_pairs[shape, :count, 0] = scratch.class_first[:count]
                        shape_pairs[shape, :count, 1] = scratch.class_second[:count]
                    boards[shape] += 1
                    with_card[shape, i] += 1
                    with_card[shape, j] += 1
                    board_shape[i, j] = shape
                    board_shape[j, i] = shape
            for shape in range(BOARD_SHAPES):
                if boards[shape] == 0:
                    continue
                if situations:
                    _add_summary(river_summary, summary[shape], classes[shape], boards[shape])
                typing = shape_suit[shape] + 1
                used[typing] = True
                add_shape(rest, boards[shape], with_card[shape], board_shape, shape, type_in_suit[typing],
                          words[shape], classes[shape], shape_pairs[shape], members[:held], 0, gathered[typing], tally)
                clear_classes(classes[shape], shape_pairs[shape], words[shape])
                with_card[shape] = 0
            for u in range(of_rank[turn]):
                for v in range(of_rank[river]):
                    board_shape[by_rank[turn, u], by_rank[river, v]] = -1
                    board_shape[by_rank[river, v], by_rank[turn, u]] = -1
    add_gathered(rest, gathered, used, tally)
    _untally(tally.ravel(), nets, fold_river, sum_a, sum_b, sum_check, showdown, river_fold, river_actions)


@njit(cache=True, nogil=True)
def _untally(tally, nets, fold_river, sum_a, sum_b, sum_check, showdown, river_fold, river_actions):
    """Add the tallies of :func:`flop_pass` into its sums (see there)."""
    summed = np.empty(6, dtype=np.int64)
    for h in range(HOLE_PAIRS):
        for choice in range(len(RIVER_CHOICES)):
            for line in range(LINE_COUNT):
                at = h * _TALLY_PER_HOLE + (choice * LINE_COUNT + line) * TALLY_WORDS
                boards = tally[at] >> 32
                if boards == 0:
                    continue
                summed[:] = 0
                summed[NQ_WIN] = tally[at] & _LOW
                if line == _HIGH_CARD_LINE:
                    summed[NQ_TIE] = tally[at + 1] >> 32
                    summed[NQ_LOSE] = tally[at + 1] & _LOW
                else:
                    summed[TIE] = tally[at + 1] >> 32
                    summed[WIN] = tally[at + 1] & _LOW
                summed[LOSE] = boards * DEALER_HANDS - summed.sum()
                a, b = river_values(summed, line, nets)
                sum_a[h] += a
                sum_b[h] += b
                sum_check[h] += a + b if choice == 0 else boards * fold_river
                river_actions[h, line, choice] += boards
                for o in range(6):
                    showdown[h, o, line] += summed[o]
                    if choice == 1:
                        river_fold[h, o, line] += summed[o]


@njit(cache=True, nogil=True, inline="always")
def _add_flop(flop, weight, policy, situations, class_of, straight_top, flush_rank, sum_a, sum_b, sum_check,
              showdown, river_fold, river_actions, ev_sums, bet_counts, check_counts, flop_actions,
              class_river_actions, flop_summary, flop_values):
    """Decide the flop by ``policy`` for every hole pair of one flop (after :func:`flop_pass`) and add its
    results, times ``weight``, by class.

    Class outputs: ``ev_sums[c] += (A, B, value of the policy's flop
    decision)``; ``bet_counts``: showdown counts (the player raised
    pre-flop); ``check_counts[c, (fold, 1x, 2x)]``: final counts after a
    pre-flop check; ``flop_actions[c, line of hole + flop, (2x, check)]`` and
    ``class_river_actions`` in deals; with ``situations``, ``flop_summary[made
    hand, draw, (2x, check)]`` in (hole, flop) situations; ``flop_values[h] =
    (check, 2x)`` for this flop (set, not added).
    """
    hand = np.empty(5, dtype=np.int64)
    hand[2] = flop[0]
    hand[3] = flop[1]
    hand[4] = flop[2]
    board_category = flop_category(flop)
    for y in range(DECK_SIZE):
        if y == flop[0] or y == flop[1] or y == flop[2]:
            continue
        for x in range(y):
            if x == flop[0] or x == flop[1] or x == flop[2]:
                continue
            h = x + y * (y - 1) // 2
            c = class_of[h]
            hand[0] = x
            hand[1] = y
            hand_rank = evaluate_cards(hand, straight_top, flush_rank)
            check = sum_check[h]
            raise_2x = sum_a[h] + 2 * sum_b[h]
            flop_values[h, 0] = check
            flop_values[h, 1] = raise_2x
            ev_sums[c, 0] += weight * sum_a[h]
            ev_sums[c, 1] += weight * sum_b[h]
            for o in range(6):
                for line in range(LINE_COUNT):
                    bet_counts[c, o, line] += weight * showdown[h, o, line]
            if flop_bets(policy, raise_2x, check, x, y, flop, hand_rank, board_category):
                choice = 0
                ev_sums[c, 2] += weight * raise_2x
                for o in range(6):
                    for line in range(LINE_COUNT):
                        check_counts[c, 2, o, line] += weight * showdown[h, o, line]
            else:
                choice = 1
                ev_sums[c, 2] += weight * check
                for o in range(6):
                    for line in range(LINE_COUNT):
                        folded = river_fold[h, o, line]
                        check_counts[c, 0, o, line] += weight * folded
                        check_counts[c, 1, o, line] += weight * (showdown[h, o, line] - folded)
                for line in range(LINE_COUNT):
                    for river_choice in range(2):
                        class_river_actions[c, line, river_choice] += (
                            weight * DEALS_PER_RIVER_DECISION * river_actions[h, line, river_choice])
            flop_actions[c, rank_line(hand_rank), choice] += weight * DEALS_PER_FLOP_DECISION
            if situations:
                made = flop_made_code(x, y, flop, hand_rank, board_category)
                flop_summary[made, draw_code(x, y, flop, hand_rank, straight_top), choice] += weight


@njit(cache=True, nogil=True, inline="always")
def _process_flops(flops, weights, policy, situations, tables, sums):
    """Add the results of several flop representatives (with their weights), decided by ``policy``, into
    the class arrays ``sums`` (:attr:`HoldemSums.SHAPES` order, then ``flop_values``) by :func:`flop_pass`
    and :func:`_add_flop`; ``tables``: (class_of, straight_top, flush_rank, nets, fold_river);
    ``flop_values[f]``: the (check, 2x) values of flop ``f``'s hole pairs."""
    class_of, straight_top, flush_rank, nets, fold_river = tables
    ev_sums, bet_counts, check_counts, flop_actions, river_actions, flop_summary, river_summary, flop_values = sums
    sum_a = np.empty(HOLE_PAIRS, dtype=np.int64)
    sum_b = np.empty(HOLE_PAIRS, dtype=np.int64)
    sum_check = np.empty(HOLE_PAIRS, dtype=np.int64)
    showdown = np.empty((HOLE_PAIRS, 6, LINE_COUNT), dtype=np.int64)
    river_fold = np.empty((HOLE_PAIRS, 6, LINE_COUNT), dtype=np.int64)
    hole_river_actions = np.empty((HOLE_PAIRS, LINE_COUNT, 2), dtype=np.int64)
    flop_river_summary = np.empty(river_summary.shape, dtype=np.int64)
    for f in range(flops.shape[0]):
        sum_a[:] = 0
        sum_b[:] = 0
        sum_check[:] = 0
        showdown[:] = 0
        river_fold[:] = 0
        hole_river_actions[:] = 0
        flop_river_summary[:] = 0
        flop_pass(flops[f], policy, situations, straight_top, flush_rank, nets, fold_river, sum_a, sum_b,
                  sum_check, showdown, river_fold, hole_river_actions, flop_river_summary)
        _add_flop(flops[f], weights[f], policy, situations, class_of, straight_top, flush_rank, sum_a, sum_b,
                  sum_check, showdown, river_fold, hole_river_actions, ev_sums, bet_counts, check_counts, flop_actions,
                  river_actions, flop_summary, flop_values[f])
        river_summary += weights[f] * flop_river_summary


@njit(cache=True, nogil=True)
def _optimal_flops(flops, weights, tables, sums):
    """:func:`_process_flops` with the optimal policy, a constant here (its decisions compile to the bare
    comparisons of values), counting situations."""
    _process_flops(flops, weights, _OPTIMAL_POLICY, True, tables, sums)


# --------------------------------------------------------------------------- per-board / per-flop views


@dataclass(frozen=True)
class RiverOutcomes:
    """Every player hole pair on one five-card board.

    ``first < second``: the pair's cards; ``ranks``: the player's seven-card
    rank; ``outcomes[k]``: dealer hands per outcome (OUTCOMES order), summing
    to 990.
    """

    first: np.ndarray
    second: np.ndarray
    ranks: np.ndarray
    outcomes: np.ndarray


def river_outcomes(board: Sequence[int]) -> RiverOutcomes:
    """Dealer outcome counts of every hole pair on a five-card board (the fast path).

    >>> river = river_outcomes([0, 5, 10, 15, 51])
    >>> river.outcomes.shape, set(river.outcomes.sum(axis=1).tolist())
    ((1081, 6), {990})
    """
    cards = np.asarray([int(card) for card in board], dtype=np.int64)
    unseen = np.setdiff1d(np.arange(DECK_SIZE, dtype=np.int64), cards)
    pairs = len(unseen) * (len(unseen) - 1) // 2
    first, second, ranks, order, below = (np.empty(pairs, np.int64) for _ in range(5))
    outcomes = np.empty((pairs, 6), dtype=np.int64)
    board_outcomes(cards, unseen, STRAIGHT_TOP, FLUSH_RANK, first, second, ranks, order, below,
                   np.zeros(DECK_SIZE, np.int64), np.zeros(DECK_SIZE, np.int64), np.zeros(256, np.int64),
                   outcomes)
    return RiverOutcomes(first, second, ranks, outcomes)


def river_value(outcomes: np.ndarray, rank: int, multiple: int) -> int:
    """Scaled value (half antes, summed over dealer hands) of Play ``multiple`` (0 = fold) at showdown."""
    if multiple == 0:
        return SHIPPED.fold * int(np.sum(outcomes))
    a, b = river_values(np.asarray(outcomes, dtype=np.int64), rank_line(int(rank)), SHIPPED.nets)
    return int(a) + multiple * int(b)


@dataclass(frozen=True)
class FlopSums:
    """Per hole pair (colex index over the deck; pairs meeting the flop stay zero), one flop.

    ``sum_a``, ``sum_b``: sums over turn/river of A and B (Play m at showdown
    is worth A + m B); ``sum_check``: of the best river value; ``showdown``
    (1326, 6, 10), ``river_fold`` (1326, 6, 10), ``river_actions`` (1326, 10, 2),
    ``river_summary`` (20, 46, 2): see :func:`flop_pass`, the river decided
    optimally. All values scaled by 2 and summed over dealer hands.
    """

    sum_a: np.ndarray
    sum_b: np.ndarray
    sum_check: np.ndarray
    showdown: np.ndarray
    river_fold: np.ndarray
    river_actions: np.ndarray
    river_summary: np.ndarray

    def flop_values(self, hole: int) -> dict[str, int]:
        """Scaled values of checking and of Play 2x on the flop, for a hole pair index."""
        return {"check": int(self.sum_check[hole]),
                "2x": int(self.sum_a[hole] + 2 * self.sum_b[hole])}


def flop_sums(flop: Sequence[int], wagers: MainWagers = SHIPPED) -> FlopSums:
    """Turn/river sums of every hole pair for one concrete flop (the fast path), settled by ``wagers``."""
    cards = np.asarray(sorted(int(card) for card in flop), dtype=np.int64)
    sum_a, sum_b, sum_check = (np.zeros(HOLE_PAIRS, np.int64) for _ in range(3))
    showdown = np.zeros((HOLE_PAIRS, 6, LINE_COUNT), np.int64)
    river_fold = np.zeros((HOLE_PAIRS, 6, LINE_COUNT), np.int64)
    actions = np.zeros((HOLE_PAIRS, LINE_COUNT, 2), np.int64)
    summary = np.zeros(RIVER_SUMMARY_SHAPE, np.int64)
    flop_pass(cards, OPTIMAL.packed(), True, STRAIGHT_TOP, FLUSH_RANK, wagers.nets, wagers.fold * DEALER_HANDS,
              sum_a, sum_b, sum_check, showdown, river_fold, actions, summary)
    return FlopSums(sum_a, sum_b, sum_check, showdown, river_fold, actions, summary)


# --------------------------------------------------------------------------- class sums


class FlopClassSums:
    """Integer arrays over chunks of flop classes. Subclasses declare ``SHAPES`` (field -> shape),
    arrays summed over chunks, and ``ROWS`` (field -> shape of one row), arrays with one row per
    flop class, in the order the classes were given (chunks are joined, not added).

    Gives the zero sums, addition, equality, and one flat int64 vector per
    chunk (the checkpoint format). ``ROW_DTYPE``: the integers of the rows (narrower than int64 where a row
    holds small codes, e.g. choices).
    """

    SHAPES: dict[str, tuple[int, ...]] = {}
    ROWS: dict[str, tuple[int, ...]] = {}
    ROW_DTYPE: type[np.integer] = np.int64
    #: every kind of class sums is a dataclass (declared so, or made by a function such as
    #: :func:`analyzer.engines.holdem.streets.street_sums_kind`): ``dataclasses.replace`` applies
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @classmethod
    def zeros(cls) -> Self:
        arrays = {name: np.zeros(shape, dtype=np.int64) for name, shape in cls.SHAPES.items()}
        arrays.update({name: np.zeros((0, *shape), dtype=cls.ROW_DTYPE) for name, shape in cls.ROWS.items()})
        return cls(**arrays)

    def flat(self) -> np.ndarray:
        """All arrays in one int64 vector (the checkpoint format)."""
        return np.concatenate([getattr(self, name).ravel() for name in (*self.SHAPES, *self.ROWS)])

    @classmethod
    def from_flat(cls, vector: np.ndarray) -> Self:
        arrays: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in cls.SHAPES.items():
            size = int(np.prod(shape))
            arrays[name] = np.array(vector[start:start + size], dtype=np.int64).reshape(shape)
            start += size
        row_size = sum(int(np.prod(shape)) for shape in cls.ROWS.values())
        rows = (len(vector) - start) // row_size if row_size else 0
        for name, shape in cls.ROWS.items():
            size = rows * int(np.prod(shape))
            arrays[name] = np.array(vector[start:start + size], dtype=cls.ROW_DTYPE).reshape(rows, *shape)
            start += size
        if start != len(vector):
            raise ValueError("checkpoint vector of the wrong length")
        return cls(**arrays)

    def __add__(self, other: Self) -> Self:
        arrays = {name: getattr(self, name) + getattr(other, name) for name in self.SHAPES}
        arrays.update({name: np.concatenate([getattr(self, name), getattr(other, name)]) for name in self.ROWS})
        return type(self)(**arrays)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and all(
            np.array_equal(getattr(self, name), getattr(other, name)) for name in (*self.SHAPES, *self.ROWS))

    __hash__ = None  # type: ignore[assignment]


#: The class sums one run over flop classes adds up (:func:`sum_over_flop_classes`).
SumsT = TypeVar("SumsT", bound=FlopClassSums)


@dataclass(frozen=True, eq=False)
class HoldemSums(FlopClassSums):
    """Integer sums by starting-hand class (169) over some flop classes, weights included.

    ``ev_sums[c]``: (A, B, best flop value) summed over the class's hole pairs,
    flops, turn/rivers and dealer hands (scaled by 2); ``bet_counts[c, outcome,
    line]``: deals per outcome and final hand line; ``check_counts[c, (fold,
    1x, 2x), outcome, line]``: the same when the player checks pre-flop and
    plays on optimally; ``flop_actions[c, line, (2x, check)]``: deals per flop
    decision by the line of hole + flop; ``river_actions[c, line, (1x, fold)]``:
    deals per river decision after two checks, by the final line;
    ``flop_summary[made hand, draw, (2x, check)]``: (hole, flop) situations
    by their features (:mod:`analyzer.engines.holdem.features`) and optimal
    decision; ``river_summary[made hand, dealer outs, (1x, fold)]``: (hole,
    ordered board) situations the same way; one row per flop class,
    ``flop_values[f, h] = (check, 2x)``: the scaled values of the flop
    decision of every hole pair on the class representative (zero where the
    pair meets the flop).
    """

    ev_sums: np.ndarray
    bet_counts: np.ndarray
    check_counts: np.ndarray
    flop_actions: np.ndarray
    river_actions: np.ndarray
    flop_summary: np.ndarray
    river_summary: np.ndarray
    flop_values: np.ndarray

    SHAPES = {"ev_sums": (HAND_CLASS_COUNT, 3),
              "bet_counts": (HAND_CLASS_COUNT, 6, LINE_COUNT),
              "check_counts": (HAND_CLASS_COUNT, 3, 6, LINE_COUNT),
              "flop_actions": (HAND_CLASS_COUNT, LINE_COUNT, 2),
              "river_actions": (HAND_CLASS_COUNT, LINE_COUNT, 2),
              "flop_summary": FLOP_SUMMARY_SHAPE,
              "river_summary": RIVER_SUMMARY_SHAPE}
    ROWS = {"flop_values": (HOLE_PAIRS, 2)}


def class_sums(flops: np.ndarray, weights: np.ndarray, wagers: MainWagers = SHIPPED) -> HoldemSums:
    """Class sums of the given flops (3 sorted cards per row), each counted ``weights`` times, the post-flop
    decisions optimal, the main wagers settled by ``wagers``."""
    sums = HoldemSums.zeros()
    values = np.zeros((len(flops), HOLE_PAIRS, 2), dtype=np.int64)
    flops = np.ascontiguousarray(flops, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.int64)
    tables = (HAND_CLASS_OF, STRAIGHT_TOP, FLUSH_RANK, wagers.nets, wagers.fold * DEALER_HANDS)
    arrays = (*(getattr(sums, name) for name in HoldemSums.SHAPES), values)
    _optimal_flops(flops, weights, tables, arrays)
    return dataclasses.replace(sums, flop_values=values)


# --------------------------------------------------------------------------- chunks, checkpoints

#: Flop classes per chunk (1,755 = 65 chunks of 27).
CHUNK_FLOPS = 27
#: Part of every checkpoint name: change it whenever the saved format or meaning changes.
CHECKPOINT_VERSION = "uth-v2"


def checkpointed(compute: Callable[[np.ndarray], SumsT], kind: type[SumsT], key: str,
                 members: np.ndarray, checkpoint_dir: Path | None) -> SumsT:
    """``compute(members)``, read from or saved (atomically) to ``checkpoint_dir``; a damaged file is recomputed.

    ``key`` names what is computed (it and the members make the file name).
    """
    if checkpoint_dir is None:
        return compute(members)
    digest = hashlib.sha1(f"{key}:{members.tolist()}".encode()).hexdigest()[:16]
    path = checkpoint_dir / f"{key.split(':')[0]}_{int(members[0]):04d}_{len(members)}_{digest}.npy"
    saved = load_cached(path, lambda cached: kind.from_flat(integers({"sums": np.load(cached)}, "sums", None)))
    if saved is not None:
        return saved
    sums = compute(members)
    save_cached(path, lambda temporary: np.save(temporary, sums.flat()))
    return sums


def sum_over_flop_classes(compute: Callable[[np.ndarray, np.ndarray], SumsT], kind: type[SumsT],
                          key: str, description: str, jobs: int = 1, progress: bool = True,
                          checkpoint_dir: Path | None = None,
                          flop_class_indices: Sequence[int] | np.ndarray | None = None,
                          chunk_flops: int = CHUNK_FLOPS, classes: FlopClasses | None = None) -> SumsT:
    """``compute(flops, weights)`` over the given flop classes (default: all 1,755; ``classes``: another set of
    flop classes, e.g. with a seen dealer card's suit fixed), in chunks run in parallel (joblib threads; the numba
    kernels release the GIL), checkpointed, added as integers."""
    classes = flop_classes() if classes is None else classes
    indices = np.arange(len(classes)) if flop_class_indices is None else np.asarray(flop_class_indices)
    if len(np.unique(indices)) != len(indices):
        raise ValueError("a flop class is listed twice")
    chunks = [indices[start:start + chunk_flops] for start in range(0, len(indices), chunk_flops)]
    if checkpoint_dir is not None:
        checkpoint_dir = Path(checkpoint_dir)
        checkpoint_dir.mkdir(parents=True, exist_ok=True)

    def chunk(members: np.ndarray) -> SumsT:
        return compute(classes.cards[members], classes.weights[members])

    tasks = (delayed(checkpointed)(chunk, kind, key, members, checkpoint_dir) for members in chunks)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    total = kind.zeros()
    for part in progress_bar(parts, total=len(chunks), enabled=progress, description=description):
        total = total + part
    return total


def enumerate_sums(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                   flop_class_indices: Sequence[int] | None = None,
                   chunk_flops: int = CHUNK_FLOPS, wagers: MainWagers = SHIPPED) -> HoldemSums:
    """Class sums of the optimal strategy over the given flop classes, chunked, parallel, resumable; the
    main wagers settled by ``wagers`` (part of the checkpoint names)."""
    return sum_over_flop_classes(lambda flops, weights: class_sums(flops, weights, wagers), HoldemSums,
                                 f"uth:{CHECKPOINT_VERSION}:{wagers.key()}",
                                 "Ultimate Texas Hold'em: flop classes", jobs, progress, checkpoint_dir,
                                 flop_class_indices, chunk_flops)


# --------------------------------------------------------------------------- results


def flop_decisions(values: np.ndarray, flop_class_indices: np.ndarray) -> np.ndarray:
    """Optimal flop decisions from the (check, 2x) values: 1 for 2x (strictly better), 0 for
    check, -1 where the hole pair meets the flop class representative."""
    cards = flop_classes().cards[np.asarray(flop_class_indices, dtype=np.int64)]
    decisions = (values[..., 1] > values[..., 0]).astype(np.int8)
    first, second = HOLE_FIRST, HOLE_SECOND
    meets = np.zeros(decisions.shape, dtype=bool)
    for column in range(3):
        flop_card = cards[:, column:column + 1]
        meets |= (first[None, :] == flop_card) | (second[None, :] == flop_card)
    decisions[meets] = -1
    return decisions


def per_hole_values(class_sums: np.ndarray, class_sizes: np.ndarray = HAND_CLASS_SIZES) -> np.ndarray:
    """Class sums (first axis: the starting-hand classes, or other classes of hole pairs of ``class_sizes``)
    divided by the class sizes: the values per hole pair, equal within a class by suit symmetry, so the division
    is exact (checked).

    >>> per_hole_values(HAND_CLASS_SIZES[:, None] * np.array([[3, -1]]))[:2].tolist()
    [[3, -1], [3, -1]]
    """
    sizes = np.maximum(class_sizes, 1).reshape(-1, *(1,) * (class_sums.ndim - 1))
    if (class_sums % sizes).any():
        raise ArithmeticError("class sums not divisible by class sizes: suit symmetry broken")
    return class_sums // sizes


class PlayCounts(Protocol):
    """Class sums holding the counts of play (:class:`HoldemSums`, see its docstring)."""

    @property
    def bet_counts(self) -> np.ndarray: ...

    @property
    def check_counts(self) -> np.ndarray: ...

    @property
    def flop_actions(self) -> np.ndarray: ...

    @property
    def river_actions(self) -> np.ndarray: ...


def collapse_lines(counts: np.ndarray) -> np.ndarray:
    """Hand lines (last axis, 10) to blind lines (7): everything below a straight together."""
    return np.concatenate([counts[..., :BELOW_STRAIGHT], counts[..., BELOW_STRAIGHT:].sum(axis=-1,
                                                                                          keepdims=True)],
                          axis=-1)


@dataclass(frozen=True)
class SituationDecisions:
    """The optimal flop and river decisions by situation.

    * ``flop_summary``: int64 (17, 9, 2), (hole, flop) situations by made hand,
      draw and optimal flop decision (2x, check), each situation counted
      whatever was decided before it (the decision a player who gets there
      should take); total 1,326 * 19,600 in a full run;
    * ``river_summary``: int64 (20, 46, 2), (hole, flop, turn+river)
      situations by made hand, dealer outs and optimal river decision (1x,
      fold), counted the same way; a full run counts each (hole, board) once
      per choice of the flop among the board's five cards (ten times);
    * ``flop_class_indices``: the flop classes enumerated (into :func:`flop_classes`);
    * ``flop_decisions``: int8 (classes, 1326): per flop class representative
      and hole pair (colex index), 1 for 2x, 0 for check, -1 where the pair
      meets the flop;
    * ``flop_values``: int64 (classes, 1326, 2): the scaled values (check, 2x)
      behind each flop decision, summed over the 1,081 turn/rivers and 990
      dealer hands (per ante: divide by ``2 * DEALS_PER_FLOP_DECISION``), or
      ``None`` when read back from files (only the decisions are saved).
    """

    flop_summary: np.ndarray
    river_summary: np.ndarray
    flop_class_indices: np.ndarray
    flop_decisions: np.ndarray
    flop_values: np.ndarray | None


@dataclass(frozen=True)
class HoldemCounts:
    """Exact results of Ultimate Texas Hold'em under the optimal strategy.

    Every count is a number of deals of the ordered cycle (hole, flop,
    turn+river, dealer); see the module docstring.

    * ``cycle``: deals enumerated (27,813,810,024,000 for the full game);
    * ``settlement``: int64 (5, 6, 7), ``[multiple, outcome, blind_line]``:
      MULTIPLES (fold, 1x, 2x, 3x, 4x: the Play bet the player ends up
      making), OUTCOMES (the real showdown, also for folds: what the dealer
      would have had), BLIND_LINES (the player's final seven-card hand);
    * ``settlement_by_hand``: int64 (5, 6, 10), the same with all ten hand LINES;
    * ``trips_hands``: int64 (10,), deals per final hand line (LINES order:
      royal flush ... high card), strategy-independent;
    * ``preflop``: DataFrame, one row per starting-hand class (HAND_CLASSES
      order): class, weight, ``check``/``3x``/``4x`` EV numerators per ante
      over ``ev_denominator``, the same as ``Fraction`` (``ev_check`` ...),
      ``decision``;
    * ``preflop_actions``: int64 (3,), deals per pre-flop decision (PREFLOP_CHOICES);
    * ``flop_actions``: int64 (10, 2), deals per flop decision (FLOP_CHOICES)
      by the line of hole + flop, among hands that checked pre-flop;
    * ``river_actions``: int64 (10, 2), deals per river decision
      (RIVER_CHOICES) by the final line, among hands that checked twice;
    * ``flop_actions_by_class``, ``river_actions_by_class``: (169, 10, 2),
      the same per starting-hand class (for every class, as if it had checked);
    * ``ev_denominator``: common denominator of the EV numerators (2 * deals per hole pair);
    * ``complete``: whether every flop class was enumerated;
    * ``situations``: the flop and river decisions by situation
      (:class:`SituationDecisions`), or ``None`` (posted strategies);
    * ``wagers``: how the main wagers settle (:class:`MainWagers`).
    """

    cycle: int
    settlement: np.ndarray
    settlement_by_hand: np.ndarray
    trips_hands: np.ndarray
    preflop: pd.DataFrame
    preflop_actions: np.ndarray
    flop_actions: np.ndarray
    river_actions: np.ndarray
    flop_actions_by_class: np.ndarray
    river_actions_by_class: np.ndarray
    ev_denominator: int
    complete: bool
    situations: SituationDecisions | None = None
    wagers: MainWagers = SHIPPED

    @classmethod
    def from_sums(cls, sums: HoldemSums, flop_class_indices: np.ndarray, complete: bool = True,
                  wagers: MainWagers = SHIPPED) -> Self:
        """Pre-flop decisions from the class sums, then every count under those decisions."""
        per_hole = per_hole_values(sums.ev_sums)
        values = np.stack([per_hole[:, 2], per_hole[:, 0] + 3 * per_hole[:, 1],
                           per_hole[:, 0] + 4 * per_hole[:, 1]], axis=1)
        decision = np.zeros(HAND_CLASS_COUNT, dtype=np.int64)
        for choice in (1, 2):  # strictly better only: exact ties go to the smaller wager
            best = values[np.arange(HAND_CLASS_COUNT), decision]
            decision = np.where(values[:, choice] > best, choice, decision)
        return cls.from_preflop(sums, values, decision, complete, wagers=wagers, situations=SituationDecisions(
            flop_summary=sums.flop_summary.copy(), river_summary=sums.river_summary.copy(),
            flop_class_indices=np.asarray(flop_class_indices, dtype=np.int64),
            flop_decisions=flop_decisions(sums.flop_values, flop_class_indices), flop_values=sums.flop_values))

    @classmethod
    def from_preflop(cls, sums: PlayCounts, values: np.ndarray, decision: np.ndarray, complete: bool, *,
                     situations: SituationDecisions | None = None, wagers: MainWagers = SHIPPED) -> Self:
        """Every count when each starting-hand class c takes the pre-flop choice ``decision[c]``
        (PREFLOP_CHOICES index) and then plays on as ``sums`` counted; ``values[c]``: the (check, 3x, 4x)
        EV numerators per hole pair of class c (over EV_DENOMINATOR); ``situations``, ``wagers``: those
        fields."""
        by_hand = np.zeros((len(MULTIPLES), len(OUTCOMES), LINE_COUNT), dtype=np.int64)
        checked = decision == 0
        by_hand[:PLAY_2X + 1] = sums.check_counts[checked].sum(axis=0)
        for choice in (1, 2):
            by_hand[PREFLOP_MULTIPLE[choice]] = sums.bet_counts[decision == choice].sum(axis=0)
        class_deals = sums.bet_counts.sum(axis=(1, 2))
        preflop_actions = np.array([class_deals[decision == choice].sum() for choice in range(len(PREFLOP_CHOICES))],
                                   dtype=np.int64)
        frame = pd.DataFrame({
            "class": list(HAND_CLASSES),
            "weight": HAND_CLASS_SIZES,
            "check": values[:, 0],
            "3x": values[:, 1],
            "4x": values[:, 2],
            "ev_check": [Fraction(int(v), EV_DENOMINATOR) for v in values[:, 0]],
            "ev_3x": [Fraction(int(v), EV_DENOMINATOR) for v in values[:, 1]],
            "ev_4x": [Fraction(int(v), EV_DENOMINATOR) for v in values[:, 2]],
            "decision": [PREFLOP_CHOICES[d] for d in decision],
        })
        return cls(
            cycle=int(sums.bet_counts.sum()),
            settlement=collapse_lines(by_hand),
            settlement_by_hand=by_hand,
            trips_hands=sums.bet_counts.sum(axis=(0, 1)),
            preflop=frame,
            preflop_actions=preflop_actions,
            flop_actions=sums.flop_actions[checked].sum(axis=0),
            river_actions=sums.river_actions[checked].sum(axis=0),
            flop_actions_by_class=sums.flop_actions.copy(),
            river_actions_by_class=sums.river_actions.copy(),
            ev_denominator=EV_DENOMINATOR,
            complete=complete,
            situations=situations,
            wagers=wagers,
        )

    # ----------------------------------------------------------------- derived figures

    def net_counts(self) -> dict[Fraction, int]:
        """Deals per net result of the main game (Ante + Blind + Play), per ante."""
        table: dict[Fraction, int] = {}
        for multiple, outcome, line in np.argwhere(self.settlement_by_hand > 0):
            net = self.wagers.net(int(multiple), int(outcome), int(line))
            table[net] = table.get(net, 0) + int(self.settlement_by_hand[multiple, outcome, line])
        return dict(sorted(table.items()))

    def expected_net(self) -> Fraction:
        """E[net] per ante, exact."""
        return sum((net * count for net, count in self.net_counts().items()), Fraction(0)) / self.cycle

    def house_edge_per_ante(self) -> Fraction:
        return -self.expected_net()

    def trips_return(self, pays: Sequence[int] = TRIPS_PAYS) -> Fraction:
        """Expected result per unit of a Trips paytable (pays per LINES, -1 for a loss)."""
        return Fraction(sum(int(p) * int(n) for p, n in zip(pays, self.trips_hands, strict=True)), self.cycle)


def analyze_holdem(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                   flop_class_indices: Sequence[int] | None = None, wagers: MainWagers = SHIPPED) -> HoldemCounts:
    """Exact analysis of Ultimate Texas Hold'em with the optimal strategy.

    ``jobs``: parallel workers (threads); ``progress``: a bar on stderr;
    ``checkpoint_dir``: save each finished chunk there and skip it on a rerun;
    ``flop_class_indices``: a reduced run over some flop classes only (for
    tests; its counts and EVs cover only those flops); ``wagers``: the main
    wagers' settlement (the strategy is optimal for it).
    """
    sums = enumerate_sums(jobs=jobs, progress=progress, checkpoint_dir=checkpoint_dir,
                          flop_class_indices=flop_class_indices, wagers=wagers)
    indices = np.arange(len(flop_classes())) if flop_class_indices is None else np.asarray(flop_class_indices)
    return HoldemCounts.from_sums(sums, indices, complete=len(set(indices.tolist())) == len(flop_classes()),
                                  wagers=wagers)
