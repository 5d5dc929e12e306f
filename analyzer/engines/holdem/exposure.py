"""Ultimate Texas Hold'em with one of the dealer's hole cards seen: exact edge and optimal strategy.

Game protection study: the player sees ONE of the dealer's two hole cards
(the *seen card* s) before every decision and plays optimally for what he
then knows. The rules and the settlement are those of
:mod:`analyzer.engines.holdem.enumeration` (its kernels and constants are reused).

Information sets: (H, s) pre-flop, (H, s, flop) on the flop, (H, s, board)
at the river, H the player's hole pair. The dealer's other card d ranges
over the 44 cards not in H, s or the board; the dealer's seven-card hand is
board + {s, d}.

Cycle: deals ordered as (hole, seen card, other dealer card, flop,
turn+river),

    C(52,2) * 50 * 49 * C(48,3) * C(45,2) = 55,627,620,048,000 = 2 * CYCLE

(every unordered dealer pair {s, d} of the normal cycle, with either card
seen). For one (H, s): :data:`DEALS_PER_SEEN` = C(49,3) * C(46,2) * 44 =
839,028,960 deals (flop, turn/river, other dealer card).

Method (per board, as in the normal engine):

1. Flops fall into 1,755 suit classes; for a representative F every
   turn/river pair from the other 49 cards makes a board.
2. Per board, :func:`~analyzer.engines.holdem.sevens.board_pair_ranks` ranks the
   1,081 two-card completions of the 47 unseen cards and they are sorted by
   rank. Walking the rank groups in order, ``lower[c]`` / ``upper[c]`` count
   the pairs holding card c ranked below / up to the current rank (card c's
   pairs {c, d} are exactly the dealer hands when c is the seen card). For a
   player pair H = {h1, h2} at rank R and a seen card s not in H, the dealer
   hands below R are ``lower[s]`` minus the pairs {s, h1} and {s, h2} when
   they rank below R (d cannot be a card of H); the same for "up to R" and
   for "below a pair" (the qualifier). This is O(1) per (H, s) per board;
   the counts add up to 44.
3. River: Play 1x is worth ``A + B`` (:func:`river_values`), fold ``-4 * 44``
   (values scaled by 2). Flop: check = sum over the turn/rivers of the river's
   best value, 2x = sum of ``A + 2B``. Pre-flop: check = sum over flops of the
   flop's best value, 3x and 4x the sums of ``A + 3B`` and ``A + 4B``. Exact
   ties go to the smaller wager.
4. Results per (flop representative, H, s) are added, times the flop class
   weight, into the class of (H, s) under suit relabelling (5,083 classes,
   :func:`seen_classes`). For a flop class K and a class c of (hole, seen
   card), the sum over every flop F' of K and every (H', s') of c disjoint
   from F' equals ``weight(K)`` times the sum over the (H, s) of c disjoint
   from the representative: a suit relabelling maps F' to the representative
   and c onto itself. Each member of c has the same value (the class sum
   divided by its size, an exact division, checked).

Work is split into chunks of flop classes with
:func:`~analyzer.engines.holdem.enumeration.sum_over_flop_classes` (joblib threads,
numba kernels without the GIL, checkpoints), added as integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
from numba import njit

from analyzer.core.cards import DECK_SIZE, RANK_SYMBOLS, format_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.engines.holdem.board_classes import fill_outcomes, order_by_rank
from analyzer.engines.holdem.enumeration import (
    CHUNK_FLOPS,
    CYCLE,
    HAND_CLASS_OF,
    HAND_CLASSES,
    HOLE_FIRST,
    HOLE_PAIRS,
    HOLE_SECOND,
    SCALE,
    SHIPPED,
    deal_board,
    flop_rest,
    river_values,
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

#: The dealer's other card: cards not in the hole pair, the seen card or the board.
OTHER_CARDS = DECK_SIZE - 2 - 1 - 5                 # 44
#: Turn/river pairs behind one flop decision: two of the 46 cards not in H, s, flop.
SEEN_TURN_RIVERS = comb(DECK_SIZE - 6, 2)           # 1,035
#: Flops for one (H, s).
SEEN_FLOPS = comb(DECK_SIZE - 3, 3)                 # 18,424
#: Deals behind one river / flop decision, and per (H, s).
DEALS_PER_SEEN_RIVER = OTHER_CARDS
DEALS_PER_SEEN_FLOP = SEEN_TURN_RIVERS * OTHER_CARDS
DEALS_PER_SEEN = SEEN_FLOPS * DEALS_PER_SEEN_FLOP   # 839,028,960
#: (hole pair, seen card) pairs.
HOLE_SEEN = HOLE_PAIRS * (DECK_SIZE - 2)            # 66,300
#: Deals ordered as (hole, seen card, other dealer card, flop, turn+river).
EXPOSED_CYCLE = HOLE_SEEN * DEALS_PER_SEEN
assert EXPOSED_CYCLE == HOLE_PAIRS * 50 * 49 * comb(48, 3) * comb(45, 2) == 2 * CYCLE
#: Checkpoint names: change whenever the saved format or meaning changes.
CHECKPOINT_KEY = "uth-exposed-1:v1"

# --------------------------------------------------------------------------- (hole pair, seen card) classes

#: How the seen card's suit relates to the hole cards (decision table column).
SEEN_SUIT_RELATIONS = ("suit of both hole cards", "suit of the high card", "suit of the low card",
                       "suit of a hole card", "other suit")


def _relation(x: int, y: int, s: int) -> str:
    """The seen card's suit against the hole pair {x, y} (x < y, so y's rank is the higher or equal)."""
    if s & 3 not in (x & 3, y & 3):
        return "other suit"
    if x & 3 == y & 3:
        return "suit of both hole cards"
    if x >> 2 == y >> 2:
        return "suit of a hole card"
    return "suit of the high card" if s & 3 == y & 3 else "suit of the low card"


@dataclass(frozen=True)
class SeenClasses:
    """Classes of (hole pair, seen card) under suit relabelling.

    ``class_of[h, s]``: the class of hole pair h (colex index) with seen card
    s, -1 when s is a card of h; ``sizes[c]``: members; ``hole[c]``,
    ``seen[c]``: one member; ``hand_class[c]``, ``seen_rank[c]``,
    ``relation[c]``: its label (starting-hand class name, seen card rank
    symbol, :data:`SEEN_SUIT_RELATIONS`). Classes are ordered by starting-hand
    class (HAND_CLASSES order), then seen rank (aces first), then relation.
    """

    class_of: np.ndarray
    sizes: np.ndarray
    hole: np.ndarray
    seen: np.ndarray
    hand_class: tuple[str, ...]
    seen_rank: tuple[str, ...]
    relation: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.sizes)


def seen_keys(holes: np.ndarray, seen: np.ndarray) -> np.ndarray:
    """One int64 per (hole pair, seen card), equal exactly when a suit relabelling maps one onto the other.

    The seen card's suit is swapped with suit 0 (a relabelling), then the
    hole pair's canonical key with suit 0 kept in place, and the seen rank.
    """
    holes = np.asarray(holes, dtype=np.int64)
    seen = np.asarray(seen, dtype=np.int64)
    suit = seen[:, None] & 3
    hole_suits = holes & 3
    swapped = np.where(hole_suits == suit, 0, np.where(hole_suits == 0, suit, hole_suits))
    normal = (holes & ~3) | swapped
    return canonical_keys(normal, fixed_suits=(0,)) * 13 + (seen >> 2)


def seen_classes() -> SeenClasses:
    """The 5,083 classes of the 66,300 (hole pair, seen card).

    >>> classes = seen_classes()
    >>> len(classes), int(classes.sizes.sum())
    (5083, 66300)
    """
    hole_index, seen = np.nonzero(np.ones((HOLE_PAIRS, DECK_SIZE), dtype=bool))
    first, second = HOLE_FIRST[hole_index], HOLE_SECOND[hole_index]
    valid = (seen != first) & (seen != second)
    hole_index, seen, first, second = hole_index[valid], seen[valid], first[valid], second[valid]
    keys = seen_keys(np.column_stack([first, second]), seen)
    _, members, inverse, sizes = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
    labels = [(int(HAND_CLASS_OF[hole_index[m]]), -(int(seen[m]) >> 2),
               SEEN_SUIT_RELATIONS.index(_relation(int(first[m]), int(second[m]), int(seen[m])))) for m in members]
    order = sorted(range(len(members)), key=labels.__getitem__)
    rename = np.empty(len(members), dtype=np.int64)
    rename[order] = np.arange(len(members))
    class_of = np.full((HOLE_PAIRS, DECK_SIZE), -1, dtype=np.int64)
    class_of[hole_index, seen] = rename[inverse.ravel()]
    members = members[order]
    return SeenClasses(
        class_of=class_of, sizes=sizes[order].astype(np.int64), hole=hole_index[members], seen=seen[members],
        hand_class=tuple(HAND_CLASSES[labels[i][0]] for i in order),
        seen_rank=tuple(RANK_SYMBOLS[-labels[i][1]] for i in order),
        relation=tuple(SEEN_SUIT_RELATIONS[labels[i][2]] for i in order))


# --------------------------------------------------------------------------- numba kernels


@njit(cache=True, nogil=True)
def _seen_outcomes(lower, upper, no_pair, rank_1, rank_2, rank, others, out):
    """Dealer outcome counts (OUTCOMES order) for a player at seven-card ``rank`` with seen card s.

    ``lower`` / ``upper``: pairs {s, d} (d over every unseen card but s)
    ranked below / up to ``rank``; ``no_pair``: those ranked below a pair;
    ``rank_1``, ``rank_2``: the ranks of {s, h1}, {s, h2} (h1, h2 the
    player's cards, taken out: d cannot be one); ``others``: the number of
    possible d (44). Writes ``out[0:6]``, which add up to ``others``.
    """
    below = lower
    up_to = upper
    qualifying_not = no_pair
    if rank_1 < rank:
        below -= 1
    if rank_2 < rank:
        below -= 1
    if rank_1 <= rank:
        up_to -= 1
    if rank_2 <= rank:
        up_to -= 1
    if rank_1 < PAIR_OR_BETTER:
        qualifying_not -= 1
    if rank_2 < PAIR_OR_BETTER:
        qualifying_not -= 1
    fill_outcomes(out, rank < PAIR_OR_BETTER, below, up_to, qualifying_not, others)


@njit(cache=True, nogil=True)
def _prepare_board(board, unseen, straight_top, flush_rank, first, second, ranks, order, scratch, buckets,
                   pair_rank, no_pair):
    """Rank and sort the two-card completions of a board; ``pair_rank[x, y]`` (symmetric): the rank of
    pair {x, y}; ``no_pair[c]``: pairs holding card c ranked below a pair. Returns the number of pairs."""
    pairs = board_pair_ranks(board, unseen, straight_top, flush_rank, first, second, ranks)
    order_by_rank(ranks, pairs, order, scratch, buckets)
    no_pair[:] = 0
    for k in range(pairs):
        x = first[k]
        y = second[k]
        pair_rank[x, y] = ranks[k]
        pair_rank[y, x] = ranks[k]
        if ranks[k] < PAIR_OR_BETTER:
            no_pair[x] += 1
            no_pair[y] += 1
    return pairs


@njit(cache=True, nogil=True)
def _board_workspace(size):
    """Arrays for one board's walk over the pairs of ``size`` unseen cards: ``first``, ``second``,
    ``ranks``, ``order``, ``scratch`` (one per pair), ``buckets``, ``pair_rank`` (52 x 52), and per card
    ``no_pair``, ``lower``, ``upper`` (zero)."""
    pairs = size * (size - 1) // 2
    return (np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64),
            np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int64), np.empty(256, dtype=np.int64),
            np.zeros((DECK_SIZE, DECK_SIZE), dtype=np.int64), np.zeros(DECK_SIZE, dtype=np.int64),
            np.zeros(DECK_SIZE, dtype=np.int64), np.zeros(DECK_SIZE, dtype=np.int64))


@njit(cache=True, nogil=True)
def _rank_group_end(ranks, order, start, count):
    """The end of the group of pairs ranked as ``order[start]`` in the rank order (``order[:count]``)."""
    end = start + 1
    while end < count and ranks[order[end]] == ranks[order[start]]:
        end += 1
    return end


@njit(cache=True, nogil=True)
def _count_group(first, second, order, start, end, counts):
    """Count the pairs ``order[start:end]`` into ``counts`` for each of their two cards."""
    for q in range(start, end):
        counts[first[order[q]]] += 1
        counts[second[order[q]]] += 1


@njit(cache=True, nogil=True)
def _board_seen_outcomes(board, unseen, straight_top, flush_rank, outcomes):
    """``outcomes[h, s]``: dealer outcome counts of hole pair h (colex) with seen card s on one board
    (left untouched where h or s meets the board or s is a card of h)."""
    size = unseen.shape[0]
    first, second, ranks, order, scratch, buckets, pair_rank, no_pair, lower, upper = _board_workspace(size)
    pairs = _prepare_board(board, unseen, straight_top, flush_rank, first, second, ranks, order, scratch, buckets,
                           pair_rank, no_pair)
    others = size - 3
    start = 0
    while start < pairs:
        rank = ranks[order[start]]
        end = _rank_group_end(ranks, order, start, pairs)
        _count_group(first, second, order, start, end, upper)
        for q in range(start, end):
            k = order[q]
            x = first[k]
            y = second[k]
            h = x + y * (y - 1) // 2
            for u in range(size):
                s = unseen[u]
                if s == x or s == y:
                    continue
                _seen_outcomes(lower[s], upper[s], no_pair[s], pair_rank[x, s], pair_rank[y, s], rank, others,
                               outcomes[h, s])
        _count_group(first, second, order, start, end, lower)
        start = end


@njit(cache=True, nogil=True)
def _exposed_flop_pass(flop, straight_top, flush_rank, nets, sum_a, sum_b, sum_check, river_play, dealt):
    """Per (hole pair h, seen card s), sums over every turn/river of one flop (arrays (1326, 52), added to).

    ``sum_a``, ``sum_b``: of A and B (Play m at showdown is worth A + m B over
    the 44 dealer hands); ``sum_check``: of the best river value (Play 1x
    only when strictly better than the fold); ``river_play``: boards where
    the river decision is Play 1x; ``dealt``: dealer hands counted (44 per
    board).
    """
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    board = np.empty(5, dtype=np.int64)
    size = n - 2
    unseen = np.empty(size, dtype=np.int64)
    first, second, ranks, order, scratch, buckets, pair_rank, no_pair, lower, upper = _board_workspace(size)
    out = np.zeros(6, dtype=np.int64)
    others = size - 3
    fold = -2 * SCALE * others
    for j in range(n):
        for i in range(j):
            deal_board(flop, rest, i, j, board, unseen)
            count = _prepare_board(board, unseen, straight_top, flush_rank, first, second, ranks, order, scratch,
                                   buckets, pair_rank, no_pair)
            lower[:] = 0
            upper[:] = 0
            start = 0
            while start < count:
                rank = ranks[order[start]]
                end = _rank_group_end(ranks, order, start, count)
                _count_group(first, second, order, start, end, upper)
                line = rank_line(rank)
                for q in range(start, end):
                    k = order[q]
                    x = first[k]
                    y = second[k]
                    h = x + y * (y - 1) // 2
                    for u in range(size):
                        s = unseen[u]
                        if s == x or s == y:
                            continue
                        _seen_outcomes(lower[s], upper[s], no_pair[s], pair_rank[x, s], pair_rank[y, s], rank,
                                       others, out)
                        a, b = river_values(out, line, nets)
                        sum_a[h, s] += a
                        sum_b[h, s] += b
                        dealt[h, s] += out[0] + out[1] + out[2] + out[3] + out[4] + out[5]
                        play = a + b
                        if play > fold:
                            sum_check[h, s] += play
                            river_play[h, s] += 1
                        else:
                            sum_check[h, s] += fold
                _count_group(first, second, order, start, end, lower)
                start = end


@njit(cache=True, nogil=True)
def _add_exposed_flop(flop, weight, class_of, first, second, sum_a, sum_b, sum_check, river_play, dealt,
                      ev_sums, flop_actions, river_actions, deals):
    """Decide the flop for every (h, s) of one flop; add, times ``weight``, into the (h, s) classes.

    ``ev_sums[c] += (A, B, best flop value)``; ``flop_actions[c, (2x, check)]``
    in (h, s, flop) situations; ``river_actions[c, (1x, fold)]`` in (h, s,
    board) situations after a flop check; ``deals[c]``: deals counted.
    """
    for h in range(first.shape[0]):
        x = first[h]
        y = second[h]
        if x == flop[0] or x == flop[1] or x == flop[2] or y == flop[0] or y == flop[1] or y == flop[2]:
            continue
        for s in range(DECK_SIZE):
            if s == x or s == y or s == flop[0] or s == flop[1] or s == flop[2]:
                continue
            c = class_of[h, s]
            raise_2x = sum_a[h, s] + 2 * sum_b[h, s]
            ev_sums[c, 0] += weight * sum_a[h, s]
            ev_sums[c, 1] += weight * sum_b[h, s]
            deals[c] += weight * dealt[h, s]
            if raise_2x > sum_check[h, s]:
                ev_sums[c, 2] += weight * raise_2x
                flop_actions[c, 0] += weight
            else:
                ev_sums[c, 2] += weight * sum_check[h, s]
                flop_actions[c, 1] += weight
                river_actions[c, 0] += weight * river_play[h, s]
                river_actions[c, 1] += weight * (SEEN_TURN_RIVERS - river_play[h, s])


@njit(cache=True, nogil=True)
def _process_exposed_flops(flops, weights, class_of, first, second, straight_top, flush_rank, nets,
                           ev_sums, flop_actions, river_actions, deals):
    """Add the results of several flop representatives (with their weights) into the class arrays."""
    shape = (first.shape[0], DECK_SIZE)
    sum_a = np.empty(shape, dtype=np.int64)
    sum_b = np.empty(shape, dtype=np.int64)
    sum_check = np.empty(shape, dtype=np.int64)
    river_play = np.empty(shape, dtype=np.int64)
    dealt = np.empty(shape, dtype=np.int64)
    for f in range(flops.shape[0]):
        sum_a[:] = 0
        sum_b[:] = 0
        sum_check[:] = 0
        river_play[:] = 0
        dealt[:] = 0
        _exposed_flop_pass(flops[f], straight_top, flush_rank, nets, sum_a, sum_b, sum_check, river_play,
                           dealt)
        _add_exposed_flop(flops[f], weights[f], class_of, first, second, sum_a, sum_b, sum_check, river_play, dealt,
                          ev_sums, flop_actions, river_actions, deals)


# --------------------------------------------------------------------------- per-board / per-flop views


def board_seen_outcomes(board: Sequence[int]) -> np.ndarray:
    """Dealer outcome counts ``[h, s, outcome]`` (1326, 52, 6) of every hole pair h (colex) and seen
    card s on a five-card board; zero where h or s meets the board or s is a card of h.

    >>> outcomes = board_seen_outcomes([0, 5, 10, 15, 51])
    >>> sorted(set(outcomes.sum(axis=2).ravel().tolist()))
    [0, 44]
    """
    cards = np.asarray(sorted(int(card) for card in board), dtype=np.int64)
    unseen = np.setdiff1d(np.arange(DECK_SIZE, dtype=np.int64), cards)
    outcomes = np.zeros((HOLE_PAIRS, DECK_SIZE, 6), dtype=np.int64)
    _board_seen_outcomes(cards, unseen, STRAIGHT_TOP, FLUSH_RANK, outcomes)
    return outcomes


@dataclass(frozen=True)
class ExposedFlopSums:
    """Per (hole pair h, seen card s), arrays (1326, 52), one concrete flop (zero where cards meet).

    ``sum_a``, ``sum_b``: sums over the turn/rivers of A and B (Play m at
    showdown worth A + m B over the 44 dealer hands, scaled by 2);
    ``sum_check``: of the best river value; ``river_play``: boards where the
    river decision is Play 1x; ``dealt``: dealer hands counted.
    """

    sum_a: np.ndarray
    sum_b: np.ndarray
    sum_check: np.ndarray
    river_play: np.ndarray
    dealt: np.ndarray

    def flop_values(self, hole: int, seen: int) -> dict[str, int]:
        """Scaled values of checking and of Play 2x on the flop."""
        return {"check": int(self.sum_check[hole, seen]),
                "2x": int(self.sum_a[hole, seen] + 2 * self.sum_b[hole, seen])}


def exposed_flop_sums(flop: Sequence[int]) -> ExposedFlopSums:
    """Turn/river sums of every (hole pair, seen card) for one concrete flop (the fast path)."""
    cards = np.asarray(sorted(int(card) for card in flop), dtype=np.int64)
    arrays = [np.zeros((HOLE_PAIRS, DECK_SIZE), dtype=np.int64) for _ in range(5)]
    _exposed_flop_pass(cards, STRAIGHT_TOP, FLUSH_RANK, SHIPPED.nets, *arrays)
    return ExposedFlopSums(*arrays)


# --------------------------------------------------------------------------- class sums

SEEN_CLASS_COUNT = 5083


class ExposedSums(SeenSums):
    """Integer sums by (hole pair, seen card) class (:func:`seen_classes`) over some flop classes.

    ``ev_sums[c]``: (A, B, best flop value) summed over the class's members,
    flops, turn/rivers and dealer hands (scaled by 2); ``flop_actions[c, (2x,
    check)]``: (h, s, flop) situations per flop decision; ``river_actions[c,
    (1x, fold)]``: (h, s, ordered board) situations per river decision after
    a flop check; ``deals[c]``: deals counted (dealer hands over every board).
    """

    SHAPES = SeenSums.shapes(SEEN_CLASS_COUNT)


_SEEN_CLASSES: SeenClasses | None = None


def _classes() -> SeenClasses:
    global _SEEN_CLASSES
    if _SEEN_CLASSES is None:
        _SEEN_CLASSES = seen_classes()
        assert len(_SEEN_CLASSES) == SEEN_CLASS_COUNT
    return _SEEN_CLASSES


def exposed_class_sums(flops: np.ndarray, weights: np.ndarray) -> ExposedSums:
    """Class sums of the given flops (3 sorted cards per row), each counted ``weights`` times."""
    sums = ExposedSums.zeros()
    _process_exposed_flops(np.ascontiguousarray(flops, dtype=np.int64), np.ascontiguousarray(weights, dtype=np.int64),
                           _classes().class_of, HOLE_FIRST, HOLE_SECOND, STRAIGHT_TOP, FLUSH_RANK, SHIPPED.nets,
                           sums.ev_sums, sums.flop_actions, sums.river_actions, sums.deals)
    return sums


def enumerate_exposed_sums(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                           flop_class_indices: Sequence[int] | None = None,
                           chunk_flops: int = CHUNK_FLOPS) -> ExposedSums:
    """Class sums over the given flop classes (default: all 1,755), chunked, parallel, resumable."""
    _classes()  # build once, before the threads
    return sum_over_flop_classes(exposed_class_sums, ExposedSums, CHECKPOINT_KEY,
                                 "UTH, one dealer card seen: flop classes", jobs, progress, checkpoint_dir,
                                 flop_class_indices, chunk_flops)


# --------------------------------------------------------------------------- results


class ExposedResults(SeenResults):
    """Exact results of Ultimate Texas Hold'em with one dealer hole card seen, played optimally.

    The fields and figures are those of :class:`~analyzer.engines.holdem.exposure_results.SeenResults`, counted
    in deals of the ordered cycle (hole, seen card, other dealer card, flop, turn+river); see the module
    docstring. ``sums``: :class:`ExposedSums`; ``values`` (5083, 3): per (hole pair, seen card) class.
    """

    FLOP_SITUATION_DEALS = DEALS_PER_SEEN_FLOP
    RIVER_SITUATION_DEALS = DEALS_PER_SEEN_RIVER

    @staticmethod
    def class_sizes() -> np.ndarray:
        return _classes().sizes

    def preflop_table(self) -> pd.DataFrame:
        """The pre-flop decision per (starting-hand class, seen card) class, with each choice's EV per ante."""
        classes = _classes()
        return pd.DataFrame({
            "hand": list(classes.hand_class),
            "seen_rank": list(classes.seen_rank),
            "seen_suit": list(classes.relation),
            "example": [f"{format_cards([int(HOLE_SECOND[h]), int(HOLE_FIRST[h])])} | {format_cards([int(s)])}"
                        for h, s in zip(classes.hole, classes.seen, strict=True)],
            **self.decision_columns(),
        })


def analyze_exposed(jobs: int = 1, progress: bool = True, checkpoint_dir: Path | None = None,
                    flop_class_indices: Sequence[int] | None = None) -> ExposedResults:
    """Exact analysis of UTH with one dealer hole card seen (a reduced run when flop classes are given)."""
    sums = enumerate_exposed_sums(jobs=jobs, progress=progress, checkpoint_dir=checkpoint_dir,
                                  flop_class_indices=flop_class_indices)
    return ExposedResults.from_sums(sums, complete=covers_every_flop_class(flop_class_indices))


__all__ = ["EXPOSED_CYCLE", "ExposedResults", "ExposedSums", "analyze_exposed", "board_seen_outcomes",
           "exposed_flop_sums", "seen_classes"]
