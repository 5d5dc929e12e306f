"""Ultimate Texas Hold'em with BOTH dealer hole cards seen: exact edge and optimal strategy.

Game protection study: the player sees the dealer's two hole cards D before
every decision and plays optimally for what he then knows. The rules and the
settlement are those of :mod:`analyzer.engines.holdem.enumeration` (its kernels and
constants are reused); :mod:`analyzer.engines.holdem.exposure` is the one-card case.

Information sets: (H, D) pre-flop, (H, D, flop) on the flop; at the river
everything is known and the river decision is a plain max(fold, Play 1x)
per (H, D, board): Play 1x when the player wins or ties, fold when he loses
(against a non-qualifying dealer fold and Play 1x are both worth -2 antes:
the tie goes to the smaller wager, the fold).

Cycle: deals ordered as (hole H, dealer pair D, flop, turn+river),

    C(52,2) * C(50,2) * C(48,3) * C(45,2) = 27,813,810,024,000 = CYCLE

(the normal cycle, the same deals in another order). For one (H, D):
:data:`DEALS_PER_PAIR` = C(48,3) * C(45,2) = 17,123,040.

Method (per board):

1. Flops fall into 1,755 suit classes; for a representative F the 49 other
   cards are numbered 0..48 and their 1,176 pairs ("local pairs", colex
   index) index both H and D: one accumulator ``acc[H, D]`` (1176 x 1176
   int64, 11 MB) per flop.
2. Per turn/river {t, r} (1,176 boards), :func:`board_pair_ranks` ranks the
   1,081 pairs of the 47 unseen cards. Each pair gets its rank, its
   qualifier flag and its Blind pay; pairs holding t or r get a rank above
   every hand and a zero loss increment, so the whole row can be swept
   without a mask. For every valid H and every D the single showdown adds
   one packed increment (:data:`FIELDS`): a win adds ``1`` to W, ``1`` to
   Wq when the dealer qualifies, and the player's Blind pay (scaled by 2)
   to Pw; a loss adds ``1`` to L and ``1`` to Lq when the dealer qualifies;
   a tie adds nothing. Pairs H, D sharing a card collect garbage never read.
3. Over the 990 boards of (H, D, F) (the turn/rivers avoiding H and D), with
   S = :data:`SCALE` = 2 (values in half antes, as ``river_values``)::

       A     = S Wq + Pw - S Lq - S L          (Play m at showdown: A + m B)
       B     = S (W - L)
       check = S W + S Wq + Pw - 2 S L         (best river value after a check)
       2x    = A + 2 B

   The flop decision is 2x when 2x > check (ties to the check), that is
   W > L + Lq. River decisions after a check: Play 1x on the 990 - L boards
   the player does not lose, fold on the L others.
4. Results per (flop representative, H, D) are added, times the flop class
   weight, into the class of the ordered pair (H, D) under the 24 suit
   relabellings (:func:`both_classes`); the class-sum argument of
   :mod:`analyzer.engines.holdem.enumeration` holds unchanged (a relabelling mapping
   a flop F' onto the representative maps the class onto itself). Pre-flop
   per class: check = sum of the flop's best value, 3x = A + 3B, 4x = A + 4B,
   exact ties to the smaller wager.

Work is split into chunks of flop classes with
:func:`~analyzer.engines.holdem.enumeration.sum_over_flop_classes` (joblib threads,
numba kernels without the GIL, checkpoints), added as integers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
from numba import njit

from analyzer.core.cards import DECK_SIZE, format_cards
from analyzer.engines.holdem.enumeration import (
    BLIND_SCALED,
    CHUNK_FLOPS,
    CYCLE,
    HAND_CLASS_COUNT,
    HAND_CLASS_OF,
    HAND_CLASSES,
    HOLE_FIRST,
    HOLE_PAIRS,
    HOLE_SECOND,
    PREFLOP_CHOICES,
    SCALE,
    deal_board,
    flop_rest,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.exposure_results import (
    SeenResults,
    SeenSums,
    covers_every_flop_class,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    board_pair_ranks,
    rank_line,
)

# --------------------------------------------------------------------------- the game's numbers

#: Cards left after a flop, their pairs (local pairs), turn/river boards of one flop.
FLOP_REST = DECK_SIZE - 3                           # 49
LOCAL_PAIRS = comb(FLOP_REST, 2)                    # 1,176
#: Turn/rivers behind one (H, D, flop) decision: two of the 45 cards not in H, D, flop.
BOARDS_PER_FLOP = comb(DECK_SIZE - 7, 2)            # 990
#: Flops for one (H, D).
PAIR_FLOPS = comb(DECK_SIZE - 4, 3)                 # 17,296
DEALS_PER_PAIR = PAIR_FLOPS * BOARDS_PER_FLOP       # 17,123,040
#: Ordered (hole pair, dealer pair), disjoint.
HOLE_DEALER = HOLE_PAIRS * comb(DECK_SIZE - 2, 2)   # 1,624,350
#: Deals ordered as (hole, dealer pair, flop, turn+river): the normal cycle.
BOTH_CYCLE = HOLE_DEALER * DEALS_PER_PAIR
assert BOTH_CYCLE == comb(52, 2) * comb(50, 2) * comb(48, 3) * comb(45, 2) == CYCLE
#: Checkpoint names: change whenever the saved format or meaning changes.
CHECKPOINT_KEY = "uth-exposed-2:v1"

#: Packed per-(H, D) counters of one flop, (name, shift): 10 bits each (at most 990 boards), the Blind
#: pay sum (at most 990 * 1000 < 2**20) in the top bits. Every increment is non-negative.
FIELDS = (("wins", 0), ("losses", 10), ("losses_qualified", 20), ("wins_qualified", 30), ("blind_pay", 40))
_W, _L, _LQ, _WQ, _PW = (1 << shift for _, shift in FIELDS)
_MASK10 = 1023
assert BOARDS_PER_FLOP < 1 << 10 and BOARDS_PER_FLOP * int(BLIND_SCALED.max()) < 1 << 20
#: Rank of the pairs holding the turn or the river: above every hand (never a win, loss increment 0).
_ABSENT = 1 << 40

# --------------------------------------------------------------------------- (hole, dealer) classes


@dataclass(frozen=True)
class BothClasses:
    """Classes of ordered (hole pair H, dealer pair D) under the 24 suit relabellings.

    ``class_of[h, d]``: the class of hole pair h and dealer pair d (colex
    indices), -1 when they share a card; ``sizes[c]``: members; ``hole[c]``,
    ``dealer[c]``: one member; ``hand_class[c]``, ``dealer_class[c]``: the
    starting-hand classes (indices into HAND_CLASSES) of H and D. Classes are
    ordered by (hand class, dealer class, canonical key).
    """

    class_of: np.ndarray
    sizes: np.ndarray
    hole: np.ndarray
    dealer: np.ndarray
    hand_class: np.ndarray
    dealer_class: np.ndarray

    def __len__(self) -> int:
        return len(self.sizes)


def _relabel(cards: np.ndarray, suits: np.ndarray) -> np.ndarray:
    return (cards & ~3) | suits[cards & 3]


def both_keys(hole: np.ndarray, dealer: np.ndarray) -> np.ndarray:
    """One int64 per (hole pair, dealer pair) (colex indices), equal exactly when a suit relabelling
    maps one onto the other: the smallest image ``hole' * 1326 + dealer'`` over the 24 relabellings."""
    hole = np.asarray(hole, dtype=np.int64)
    dealer = np.asarray(dealer, dtype=np.int64)
    cards = [HOLE_FIRST[hole], HOLE_SECOND[hole], HOLE_FIRST[dealer], HOLE_SECOND[dealer]]
    keys = []
    for permutation in itertools.permutations(range(4)):
        suits = np.asarray(permutation, dtype=np.int64)
        a, b, c, d = (_relabel(card, suits) for card in cards)
        low, high = np.minimum(a, b), np.maximum(a, b)
        h = low + high * (high - 1) // 2
        low, high = np.minimum(c, d), np.maximum(c, d)
        keys.append(h * HOLE_PAIRS + low + high * (high - 1) // 2)
    return np.minimum.reduce(keys)


def both_classes() -> BothClasses:
    """The classes of the 1,624,350 ordered (hole pair, dealer pair).

    >>> classes = both_classes()
    >>> len(classes), int(classes.sizes.sum())
    (93769, 1624350)
    """
    hole, dealer = np.nonzero(np.ones((HOLE_PAIRS, HOLE_PAIRS), dtype=bool))
    meet = ((HOLE_FIRST[hole] == HOLE_FIRST[dealer]) | (HOLE_FIRST[hole] == HOLE_SECOND[dealer])
            | (HOLE_SECOND[hole] == HOLE_FIRST[dealer]) | (HOLE_SECOND[hole] == HOLE_SECOND[dealer]))
    hole, dealer = hole[~meet], dealer[~meet]
    keys = both_keys(hole, dealer)
    unique, members, inverse, sizes = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
    hand, dealer_hand = HAND_CLASS_OF[hole[members]], HAND_CLASS_OF[dealer[members]]
    order = np.lexsort((unique, dealer_hand, hand))
    rename = np.empty(len(members), dtype=np.int64)
    rename[order] = np.arange(len(members))
    class_of = np.full((HOLE_PAIRS, HOLE_PAIRS), -1, dtype=np.int64)
    class_of[hole, dealer] = rename[inverse.ravel()]
    members = members[order]
    return BothClasses(class_of=class_of, sizes=sizes[order].astype(np.int64), hole=hole[members],
                       dealer=dealer[members], hand_class=hand[order], dealer_class=dealer_hand[order])


# --------------------------------------------------------------------------- numba kernels


@njit(cache=True, nogil=True)
def _prepare_board(board, unseen, local, straight_top, flush_rank, blind_scaled, first, second, ranks,
                   rows, rank, win, qualified, loss):
    """Rank the pairs of the unseen cards on one board and set the per-local-pair sweep arrays.

    ``local[card]``: the card's local position (0..48); ``rows[:n]``: the local
    pairs of the n valid hands; ``rank[p]``: their rank (``_ABSENT`` for the
    others); ``win[p]``: a win's increment for the player holding p (W and
    Blind pay); ``qualified[p]``: Wq when the dealer holding p qualifies;
    ``loss[p]``: a loss's increment for the player against the dealer p (L,
    Lq; 0 for absent pairs). Returns n.
    """
    pairs = board_pair_ranks(board, unseen, straight_top, flush_rank, first, second, ranks)
    rank[:] = _ABSENT
    loss[:] = 0
    for k in range(pairs):
        i = local[first[k]]
        j = local[second[k]]
        p = i + j * (j - 1) // 2
        r = ranks[k]
        rows[k] = p
        rank[p] = r
        win[p] = _W + blind_scaled[rank_line(r)] * _PW
        if r >= PAIR_OR_BETTER:
            qualified[p] = _WQ
            loss[p] = _L + _LQ
        else:
            qualified[p] = 0
            loss[p] = _L
    return pairs


@njit(cache=True, nogil=True)
def _sweep_board(rows, count, rank, win, qualified, loss, acc):
    """Add one board's showdown increments to ``acc[H, D]`` for every valid H and every local pair D."""
    width = rank.shape[0]
    for k in range(count):
        p = rows[k]
        rh = rank[p]
        wh = win[p]
        row = acc[p]
        for d in range(width):
            rd = rank[d]
            v = row[d]
            if rh > rd:
                v += wh + qualified[d]
            elif rh < rd:
                v += loss[d]
            row[d] = v


@njit(cache=True, nogil=True)
def _both_flop_pass(flop, straight_top, flush_rank, blind_scaled, acc):
    """``acc[H, D]`` (local pairs, added to): packed counters (:data:`FIELDS`) over every turn/river of one flop."""
    rest, local = flop_rest(flop)
    n = rest.shape[0]
    board = np.empty(5, dtype=np.int64)
    size = n - 2
    unseen = np.empty(size, dtype=np.int64)
    pairs = size * (size - 1) // 2
    first = np.empty(pairs, dtype=np.int64)
    second = np.empty(pairs, dtype=np.int64)
    ranks = np.empty(pairs, dtype=np.int64)
    rows = np.empty(pairs, dtype=np.int64)
    width = n * (n - 1) // 2
    rank = np.empty(width, dtype=np.int64)
    win = np.zeros(width, dtype=np.int64)
    qualified = np.zeros(width, dtype=np.int64)
    loss = np.zeros(width, dtype=np.int64)
    for j in range(n):
        for i in range(j):
            deal_board(flop, rest, i, j, board, unseen)
            count = _prepare_board(board, unseen, local, straight_top, flush_rank, blind_scaled, first, second,
                                   ranks, rows, rank, win, qualified, loss)
            _sweep_board(rows, count, rank, win, qualified, loss, acc)


@njit(cache=True, nogil=True)
def _unpack(v):
    """(A, B, check value, losses) of one packed counter (scaled values over the boards)."""
    wins = v & _MASK10
    losses = (v >> 10) & _MASK10
    losses_q = (v >> 20) & _MASK10
    wins_q = (v >> 30) & _MASK10
    pay = v >> 40
    a = SCALE * wins_q + pay - SCALE * losses_q - SCALE * losses
    b = SCALE * (wins - losses)
    check = SCALE * wins + SCALE * wins_q + pay - 2 * SCALE * losses
    return a, b, check, losses


@njit(cache=True, nogil=True)
def _add_both_flop(flop, weight, class_of, acc, ev_sums, flop_actions, river_actions, deals):
    """Decide the flop for every disjoint (H, D) of one flop; add, times ``weight``, into the (H, D) classes.

    ``ev_sums[c] += (A, B, best flop value)``; ``flop_actions[c, (2x, check)]``
    in (H, D, flop) situations; ``river_actions[c, (1x, fold)]`` in (H, D,
    board) situations (deals) after a flop check; ``deals[c]``: deals counted.
    """
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    width = n * (n - 1) // 2
    pair_first = np.empty(width, dtype=np.int64)
    pair_second = np.empty(width, dtype=np.int64)
    pair_global = np.empty(width, dtype=np.int64)
    for j in range(n):
        for i in range(j):
            p = i + j * (j - 1) // 2
            pair_first[p] = i
            pair_second[p] = j
            pair_global[p] = rest[i] + rest[j] * (rest[j] - 1) // 2
    for p in range(width):
        x = pair_first[p]
        y = pair_second[p]
        classes = class_of[pair_global[p]]
        row = acc[p]
        for q in range(width):
            u = pair_first[q]
            w = pair_second[q]
            if u == x or u == y or w == x or w == y:
                continue
            c = classes[pair_global[q]]
            a, b, check, losses = _unpack(row[q])
            raise_2x = a + 2 * b
            ev_sums[c, 0] += weight * a
            ev_sums[c, 1] += weight * b
            deals[c] += weight * BOARDS_PER_FLOP
            if raise_2x > check:
                ev_sums[c, 2] += weight * raise_2x
                flop_actions[c, 0] += weight
            else:
                ev_sums[c, 2] += weight * check
                flop_actions[c, 1] += weight
                river_actions[c, 0] += weight * (BOARDS_PER_FLOP - losses)
                river_actions[c, 1] += weight * losses


@njit(cache=True, nogil=True)
def _process_both_flops(flops, weights, class_of, straight_top, flush_rank, blind_scaled, ev_sums, flop_actions,
                        river_actions, deals):
    """Add the results of several flop representatives (with their weights) into the class arrays."""
    acc = np.empty((LOCAL_PAIRS, LOCAL_PAIRS), dtype=np.int64)
    for f in range(flops.shape[0]):
        acc[:] = 0
        _both_flop_pass(flops[f], straight_top, flush_rank, blind_scaled, acc)
        _add_both_flop(flops[f], weights[f], class_of, acc, ev_sums, flop_actions, river_actions, deals)


@njit(cache=True, nogil=True)
def _global_counters(flop, acc, out):
    """``out[h, d]``: the packed counter of hole pair h and dealer pair d (colex) from a local ``acc``
    (set where both avoid the flop and each other; the rest left untouched)."""
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    for j in range(n):
        for i in range(j):
            p = i + j * (j - 1) // 2
            h = rest[i] + rest[j] * (rest[j] - 1) // 2
            for m in range(n):
                if m == i or m == j:
                    continue
                for k in range(m):
                    if k == i or k == j:
                        continue
                    q = k + m * (m - 1) // 2
                    out[h, rest[k] + rest[m] * (rest[m] - 1) // 2] = acc[p, q]


# --------------------------------------------------------------------------- per-board / per-flop views


def unpack_counters(packed: np.ndarray) -> dict[str, np.ndarray]:
    """The fields of packed counters (:data:`FIELDS`): wins, losses, losses_qualified, wins_qualified,
    blind_pay (scaled Blind pays summed over the wins)."""
    packed = np.asarray(packed, dtype=np.int64)
    return {name: (packed >> shift) & (_MASK10 if name != "blind_pay" else (1 << 23) - 1) for name, shift in FIELDS}


def board_both_counters(board: Sequence[int]) -> np.ndarray:
    """Packed showdown counters ``[h, d]`` (1326, 1326) of every hole pair h and dealer pair d on one
    five-card board (its first three cards taken as the flop; the order does not matter); zero where h
    or d meets the board or they share a card. Exactly one of W, L or nothing (a tie) is 1."""
    board = [int(card) for card in board]
    flop = np.asarray(sorted(board[:3]), dtype=np.int64)
    _, local = flop_rest(flop)
    unseen = np.setdiff1d(np.arange(DECK_SIZE, dtype=np.int64), board)
    pairs = comb(len(unseen), 2)
    first, second, ranks, rows = (np.empty(pairs, dtype=np.int64) for _ in range(4))
    rank, win, qualified, loss = (np.zeros(LOCAL_PAIRS, dtype=np.int64) for _ in range(4))
    count = _prepare_board(np.asarray(board, dtype=np.int64), unseen, local, STRAIGHT_TOP, FLUSH_RANK,
                           BLIND_SCALED, first, second, ranks, rows, rank, win, qualified, loss)
    acc = np.zeros((LOCAL_PAIRS, LOCAL_PAIRS), dtype=np.int64)
    _sweep_board(rows, count, rank, win, qualified, loss, acc)
    out = np.zeros((HOLE_PAIRS, HOLE_PAIRS), dtype=np.int64)
    _global_counters(flop, acc, out)
    for card in board[3:]:  # pairs holding the turn or the river collected nothing; clear them all the same
        meets = (HOLE_FIRST == card) | (HOLE_SECOND == card)
        out[meets] = 0
        out[:, meets] = 0
    return out


@dataclass(frozen=True)
class BothFlopSums:
    """Per (hole pair h, dealer pair d), arrays (1326, 1326) over the 990 turn/rivers of one concrete flop
    (zero where cards meet).

    ``counters``: packed (:data:`FIELDS`); ``sum_a``, ``sum_b``: of A and B
    (Play m at showdown worth A + m B, scaled by 2); ``sum_check``: of the
    best river value; ``river_play``: boards where the river decision is
    Play 1x.
    """

    counters: np.ndarray
    sum_a: np.ndarray
    sum_b: np.ndarray
    sum_check: np.ndarray
    river_play: np.ndarray

    def flop_values(self, hole: int, dealer: int) -> dict[str, int]:
        """Scaled values of checking and of Play 2x on the flop."""
        return {"check": int(self.sum_check[hole, dealer]),
                "2x": int(self.sum_a[hole, dealer] + 2 * self.sum_b[hole, dealer])}


def both_flop_sums(flop: Sequence[int]) -> BothFlopSums:
    """Turn/river sums of every (hole pair, dealer pair) for one concrete flop (the fast path)."""
    cards = np.asarray(sorted(int(card) for card in flop), dtype=np.int64)
    acc = np.zeros((LOCAL_PAIRS, LOCAL_PAIRS), dtype=np.int64)
    _both_flop_pass(cards, STRAIGHT_TOP, FLUSH_RANK, BLIND_SCALED, acc)
    counters = np.zeros((HOLE_PAIRS, HOLE_PAIRS), dtype=np.int64)
    _global_counters(cards, acc, counters)
    fields = unpack_counters(counters)
    valid = (both_classes_cached().class_of >= 0)
    for card in cards:
        meets = (HOLE_FIRST == card) | (HOLE_SECOND == card)
        valid[meets] = False
        valid[:, meets] = False
    wins, losses, pay = fields["wins"], fields["losses"], fields["blind_pay"]
    losses_q, wins_q = fields["losses_qualified"], fields["wins_qualified"]
    sum_a = SCALE * wins_q + pay - SCALE * losses_q - SCALE * losses
    sum_b = SCALE * (wins - losses)
    sum_check = SCALE * wins + SCALE * wins_q + pay - 2 * SCALE * losses
    river_play = np.where(valid, BOARDS_PER_FLOP - losses, 0)
    return BothFlopSums(counters, sum_a, sum_b, sum_check, river_play)


# --------------------------------------------------------------------------- class sums

BOTH_CLASS_COUNT = 93769


class BothSums(SeenSums):
    """Integer sums by (hole pair, dealer pair) class (:func:`both_classes`) over some flop classes.

    ``ev_sums[c]``: (A, B, best flop value) summed over the class's members,
    flops and turn/rivers (scaled by 2); ``flop_actions[c, (2x, check)]``:
    (H, D, flop) situations per flop decision; ``river_actions[c, (1x,
    fold)]``: (H, D, ordered board) situations (deals) per river decision
    after a flop check; ``deals[c]``: deals counted.
    """

    SHAPES = SeenSums.shapes(BOTH_CLASS_COUNT)


_BOTH_CLASSES: BothClasses | None = None


def both_classes_cached() -> BothClasses:
    """:func:`both_classes`, built once (the arrays are shared: do not modify them)."""
    global _BOTH_CLASSES
    if _BOTH_CLASSES is None:
        classes = both_classes()
        assert len(classes) == BOTH_CLASS_COUNT
        _BOTH_CLASSES = classes
    return _BOTH_CLASSES


def both_class_sums(flops: np.ndarray, weights: np.ndarray) -> BothSums:
    """Class sums of the given flops (3 sorted cards per row), each counted ``weights`` times."""
    sums = BothSums.zeros()
    _process_both_flops(np.ascontiguousarray(flops, dtype=np.int64), np.ascontiguousarray(weights, dtype=np.int64),
                        both_classes_cached().class_of, STRAIGHT_TOP, FLUSH_RANK, BLIND_SCALED, sums.ev_sums,
                        sums.flop_actions, sums.river_actions, sums.deals)
    return sums


def enumerate_both_sums(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                        flop_class_indices: Sequence[int] | None = None,
                        chunk_flops: int = CHUNK_FLOPS) -> BothSums:
    """Class sums over the given flop classes (default: all 1,755), chunked, parallel, resumable."""
    both_classes_cached()  # build once, before the threads
    return sum_over_flop_classes(both_class_sums, BothSums, CHECKPOINT_KEY,
                                 "UTH, both dealer cards seen: flop classes", jobs, progress, checkpoint_dir,
                                 flop_class_indices, chunk_flops)


# --------------------------------------------------------------------------- results


class BothResults(SeenResults):
    """Exact results of Ultimate Texas Hold'em with both dealer hole cards seen, played optimally.

    The fields and figures are those of :class:`~analyzer.engines.holdem.exposure_results.SeenResults`, counted
    in deals of the ordered cycle (hole, dealer pair, flop, turn+river); see the module docstring.
    ``sums``: :class:`BothSums`; ``values`` (93769, 3): per (hole pair, dealer pair) class.
    """

    FLOP_SITUATION_DEALS = BOARDS_PER_FLOP
    RIVER_SITUATION_DEALS = 1  # river situations are counted per ordered board: deals

    @staticmethod
    def class_sizes() -> np.ndarray:
        return both_classes_cached().sizes

    def hand_class_raise_values(self) -> tuple[np.ndarray, np.ndarray]:
        """Per starting-hand class of the player (169): the scaled (A, B) sums over every member, dealer
        pair and deal, and the deals counted. Summed over the dealer's pair these do not depend on seeing
        it: they equal the normal engine's (its ``ev_sums[:, :2]``; per ante ``ev_3x = (A + 3B) / (2 deals)``)."""
        classes = both_classes_cached()
        sums = np.zeros((HAND_CLASS_COUNT, 2), dtype=np.int64)
        deals = np.zeros(HAND_CLASS_COUNT, dtype=np.int64)
        np.add.at(sums, classes.hand_class, self.sums.ev_sums[:, :2])
        np.add.at(deals, classes.hand_class, self.sums.deals)
        return sums, deals

    def class_table(self) -> pd.DataFrame:
        """Every (hole, dealer pair) class: labels, an example, size, decision and each choice's EV per ante."""
        classes = both_classes_cached()
        return pd.DataFrame({
            "hand": [HAND_CLASSES[c] for c in classes.hand_class],
            "dealer": [HAND_CLASSES[c] for c in classes.dealer_class],
            "example": [f"{format_cards([int(HOLE_SECOND[h]), int(HOLE_FIRST[h])])} | "
                        f"{format_cards([int(HOLE_SECOND[d]), int(HOLE_FIRST[d])])}"
                        for h, d in zip(classes.hole, classes.dealer, strict=True)],
            **self.decision_columns(),
        })

    def preflop_table(self) -> pd.DataFrame:
        """Compact pre-flop table, one row per (starting-hand class, dealer's starting-hand class) (169 x 169):
        (H, D) combinations per decision and the exact EV per ante of the optimal play (None when no deal
        was counted)."""
        classes = both_classes_cached()
        cell = classes.hand_class * HAND_CLASS_COUNT + classes.dealer_class
        cells = HAND_CLASS_COUNT * HAND_CLASS_COUNT
        counts = np.zeros((cells, 3), dtype=np.int64)
        np.add.at(counts, (cell, self.decision), classes.sizes)
        best = self.best_values()
        value = [0] * cells
        deals = [0] * cells
        for c, v, n in zip(cell.tolist(), best.tolist(), self.sums.deals.tolist(), strict=True):
            value[c] += v
            deals[c] += n
        keep = counts.sum(axis=1) > 0
        index = np.nonzero(keep)[0]
        return pd.DataFrame({
            "hand": [HAND_CLASSES[i // HAND_CLASS_COUNT] for i in index],
            "dealer": [HAND_CLASSES[i % HAND_CLASS_COUNT] for i in index],
            "combinations": counts[index].sum(axis=1),
            **{name: counts[index, k] for k, name in enumerate(PREFLOP_CHOICES)},
            "ev_best": [Fraction(value[i], SCALE * deals[i]) if deals[i] else None for i in index],
        })


def analyze_both(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                 flop_class_indices: Sequence[int] | None = None) -> BothResults:
    """Exact analysis of UTH with both dealer hole cards seen (a reduced run when flop classes are given)."""
    sums = enumerate_both_sums(jobs=jobs, progress=progress, checkpoint_dir=checkpoint_dir,
                               flop_class_indices=flop_class_indices)
    return BothResults.from_sums(sums, complete=covers_every_flop_class(flop_class_indices))


__all__ = ["BOTH_CYCLE", "BothResults", "BothSums", "analyze_both", "board_both_counters", "both_classes",
           "both_flop_sums", "unpack_counters"]
