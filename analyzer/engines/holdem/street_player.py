"""The optimal player of a Hold'em game over streets, deal by deal: what the simulator plays.

For one dealt hand the player walks the game's decision points with the cards seen so far:

* pre-flop: the decision of the hole pair's starting-hand class (the analysis's argmax of exact values);
* on the flop: the choice the enumeration took for the flop class representative and the hole pair mapped
  onto it by the same relabelling of suits (the kernel keeps it, :func:`analyzer.engines.holdem.streets.street_sums_kind`);
* on the turn and the river: an exact small enumeration of what is still unseen, as the kernel values it: on the
  river every dealer hand of the 45 cards left (990), on the turn every river card and dealer hand (46 x 946),
  each river state at its best choice; a fold is worth its scaled net times the deals below the node, and exact
  ties go as ``tie_break`` says (:func:`analyzer.engines.holdem.streets.best_action`).

Values are the kernel's: sums of scaled net results over the deals below a node, in integers, so the player's
choice is the one the exact analysis counted. The answer for each deal is the total raise multiple at the
showdown, or :attr:`StreetPlayer.fold` (0, or -1 in a game whose showdowns can carry no raise).

>>> from analyzer.core.cards import parse_cards
>>> flop_class_of(np.array(parse_cards("2c 3c 4c")))[0] == flop_class_of(np.array(parse_cards("2d 3d 4d")))[0]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import permutations

import numpy as np
from numba import njit

from analyzer.core.cards import DECK_SIZE, colex_index, combinations
from analyzer.engines.holdem.enumeration import HAND_CLASS_OF, flop_classes
from analyzer.engines.holdem.board_classes import bin_count
from analyzer.engines.holdem.sevens import FLUSH_RANK, STRAIGHT_TOP, plain_pair_ranks, rank_line
from analyzer.engines.holdem.streets import (
    DEALER_HANDS,
    FOLDS,
    RIVERS,
    StreetPlan,
    best_action,
    river_trials,
)

#: The 24 relabellings of the four suits: ``SUIT_PERMUTATIONS[p, suit]`` is the suit ``suit`` becomes.
SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)


@cache
def flop_class_table() -> tuple[np.ndarray, np.ndarray]:
    """For every flop by colex index (22,100): its class (index into :func:`flop_classes`) and the relabelling
    of suits (index into :data:`SUIT_PERMUTATIONS`) that maps it onto the class representative."""
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    representative = np.full(len(flops), -1, dtype=np.int64)
    representative[colex_index(flop_classes().cards)] = np.arange(len(flop_classes()))
    class_of = np.full(len(flops), -1, dtype=np.int64)
    permutation = np.full(len(flops), -1, dtype=np.int64)
    for p, suits in enumerate(SUIT_PERMUTATIONS):
        mapped = np.sort((flops & ~3) | suits[flops & 3], axis=1)
        target = representative[colex_index(mapped)]
        new = (class_of < 0) & (target >= 0)
        class_of[new], permutation[new] = target[new], p
    assert (class_of >= 0).all()
    return class_of, permutation


def flop_class_of(flop: np.ndarray) -> tuple[int, np.ndarray]:
    """The class of a flop and its relabelling of suits (``relabel[suit]``)."""
    class_of, permutation = flop_class_table()
    index = int(colex_index(np.sort(np.asarray(flop, dtype=np.int64))[None, :])[0])
    return int(class_of[index]), SUIT_PERMUTATIONS[permutation[index]]


@njit(cache=True, nogil=True)
def board_outcomes(x, y, board, plain, qualify, outcomes):
    """``outcomes[o]``: the dealer hands of the cards left (not on the five-card ``board``, not x or y) of each
    outcome (OUTCOMES order: no qualify win/tie/lose, win/tie/lose; the dealer qualifies from rank ``qualify``)
    against the player's best five of x, y and the board; returns the player's final line. ``plain[low, high]``:
    the best non-flush rank of the board with two more cards of those ranks
    (:func:`analyzer.engines.holdem.sevens.plain_pair_ranks`); a flush comes from the board's flush suit."""
    return board_outcomes_apart(x, y, board, plain, qualify, np.zeros(DECK_SIZE, dtype=np.bool_), outcomes,
                                np.zeros(6, dtype=np.int64))


@njit(cache=True, nogil=True)
def board_outcomes_apart(x, y, board, plain, qualify, known, outcomes, apart):
    """:func:`board_outcomes`, and ``apart[o]``: those of the dealer hands with no card of ``known`` (a mask of
    the deck: cards the player knows are out of the dealer's reach; ``apart`` is part of ``outcomes``)."""
    masks = np.zeros(4, dtype=np.int64)
    taken = np.zeros(DECK_SIZE, dtype=np.bool_)
    for card in board:
        masks[card & 3] |= 1 << (card >> 2)
        taken[card] = True
    taken[x] = True
    taken[y] = True
    flush_suit = -1
    for suit in range(4):
        if bin_count(masks[suit]) >= 3:
            flush_suit = suit
    player = _pair_rank(x, y, plain, masks, flush_suit)
    outcomes[:] = 0
    apart[:] = 0
    for second in range(DECK_SIZE):
        if taken[second]:
            continue
        for first in range(second):
            if taken[first]:
                continue
            rank = _pair_rank(first, second, plain, masks, flush_suit)
            o = 3 if rank >= qualify else 0
            if player == rank:
                o += 1
            elif player < rank:
                o += 2
            if known[first] or known[second]:
                outcomes[o] += 1
            else:
                apart[o] += 1
    outcomes += apart
    return rank_line(player)


@njit(cache=True, nogil=True, inline="always")
def _pair_rank(first, second, plain, masks, flush_suit):
    """The seven-card rank of a board (its suit ``masks`` and ``plain`` table) with two more cards."""
    value = plain[first >> 2, second >> 2]
    if flush_suit >= 0:
        mask = masks[flush_suit]
        if first & 3 == flush_suit:
            mask |= 1 << (first >> 2)
        if second & 3 == flush_suit:
            mask |= 1 << (second >> 2)
        value = max(value, FLUSH_RANK[mask])
    return value


@njit(cache=True, nogil=True)
def plain_tables(cards, tables):
    """``tables[rank]``: the :func:`analyzer.engines.holdem.sevens.plain_pair_ranks` table of ``cards`` (four
    community cards) with a river of ``rank``: 13 tables made once for a turn decision's 46 rivers."""
    counts = np.zeros(13, dtype=np.int64)
    for card in cards:
        counts[card >> 2] += 1
    for rank in range(13):
        if counts[rank] < 4:
            counts[rank] += 1
            plain_pair_ranks(counts, STRAIGHT_TOP, tables[rank])
            counts[rank] -= 1


@njit(cache=True, nogil=True)
def _river_node(state, outcomes, line, plan, nets, trial):
    """(value, position) of the best action at river state ``state`` for one board's dealer outcomes."""
    allowed, action, following, stake, fold_value, larger = plan
    n = river_trials(allowed, following, stake, fold_value, state, outcomes, line, nets, DEALER_HANDS, trial)
    best = best_action(trial, n, larger)
    return trial[best], best


@njit(cache=True, nogil=True)
def scratch():
    """Work arrays of :func:`river_choice` and :func:`turn_choice`: a plain table per river rank, the outcome
    counts, the trial values."""
    return np.empty((13, 13, 13), dtype=np.int64), np.zeros(6, dtype=np.int64), np.empty(8, dtype=np.int64)


@njit(cache=True, nogil=True)
def river_choice(x, y, board, state, plan, nets, qualify, work):
    """The position of the player's best action at river state ``state`` with hole cards x, y and ``board``
    (``work``: :func:`scratch`)."""
    tables, outcomes, trial = work
    counts = np.zeros(13, dtype=np.int64)
    for card in board:
        counts[card >> 2] += 1
    plain_pair_ranks(counts, STRAIGHT_TOP, tables[0])
    line = board_outcomes(x, y, board, tables[0], qualify, outcomes)
    return _river_node(state, outcomes, line, plan, nets, trial)[1]


@njit(cache=True, nogil=True)
def turn_choice(x, y, seen, state, plan, nets, qualify, work):
    """The position of the player's best action at turn state ``state`` with hole cards x, y and the four
    community cards ``seen``: every river card and dealer hand, each river state at its best choice."""
    allowed, action, following, stake, fold_value, larger = plan
    tables, outcomes, trial = work
    plain_tables(seen, tables)
    n = allowed[2, state]
    values = np.zeros(n, dtype=np.int64)
    board = np.empty(5, dtype=np.int64)
    board[:4] = seen
    for river in range(DECK_SIZE):
        if river == x or river == y or river == seen[0] or river == seen[1] or river == seen[2] or river == seen[3]:
            continue
        board[4] = river
        line = board_outcomes(x, y, board, tables[river >> 2], qualify, outcomes)
        for a in range(n):
            target = following[2, state, a]
            if target != FOLDS:
                values[a] += _river_node(target, outcomes, line, plan, nets, trial)[0]
    for a in range(n):
        if following[2, state, a] == FOLDS:
            values[a] = fold_value[2, state] * RIVERS * DEALER_HANDS
    return best_action(values, n, larger)


@njit(cache=True, nogil=True)
def _play(players, boards, preflop, flop_of, relabel, flop_choice, plan, nets, qualify, fold, out):
    """``out[d]``: the total raise multiple of deal d at the showdown, or ``fold`` (see :class:`StreetPlayer`)."""
    allowed, action, following, stake, fold_value, larger = plan
    work = scratch()
    for d in range(players.shape[0]):
        x, y = players[d, 0], players[d, 1]
        state = 0
        folded = False
        for level in range(4):
            n = allowed[level, state]
            position = 0
            if n > 1:
                if level == 0:
                    position = preflop[HAND_CLASS_OF[min(x, y) + max(x, y) * (max(x, y) - 1) // 2]]
                elif level == 1:
                    b = boards[d]
                    first, third = min(b[0], min(b[1], b[2])), max(b[0], max(b[1], b[2]))
                    second = b[0] + b[1] + b[2] - first - third
                    index = first + second * (second - 1) // 2 + third * (third - 1) * (third - 2) // 6
                    suits = relabel[index]
                    mx, my = (x & ~3) | suits[x & 3], (y & ~3) | suits[y & 3]
                    low, high = min(mx, my), max(mx, my)
                    position = flop_choice[flop_of[index], low + high * (high - 1) // 2, state]
                elif level == 2:
                    position = turn_choice(x, y, boards[d, :4], state, plan, nets, qualify, work)
                else:
                    position = river_choice(x, y, boards[d, :5], state, plan, nets, qualify, work)
            following_state = following[level, state, position]
            if following_state == FOLDS:
                folded = True
                break
            state = following_state
        out[d] = fold if folded else stake[4, state]


@dataclass(frozen=True)
class StreetPlayer:
    """The optimal strategy of a Hold'em game over streets, played deal by deal (the simulator's strategy).

    ``preflop[c]``: the root action position of starting-hand class c; ``flop_choice[f, h, s]``: the action
    position of hole pair h at flop state s on flop class f's representative (no rows when the flop never
    decides); ``nets`` and ``qualify``: the scaled settlement and the dealer's qualifying rank the counts used.
    """

    name: str
    plan: StreetPlan
    nets: np.ndarray
    qualify: int
    preflop: np.ndarray
    flop_choice: np.ndarray

    @property
    def fold(self) -> int:
        """The answer for a fold: 0, unless a showdown can carry no raise (then -1, and 0 is that showdown)."""
        reachable = {int(self.plan.stake[4, s]) for s in range(self.plan.allowed.shape[1])
                     if any(self.plan.next[3, t, a] == s for t in range(self.plan.allowed.shape[1])
                            for a in range(int(self.plan.allowed[3, t])))}
        return -1 if 0 in reachable else 0

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The total raise multiple of each deal at its showdown, or :attr:`fold` (the up-cards play no part:
        the dealer shows none)."""
        class_of, permutation = flop_class_table()
        plan = self.plan
        packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
        out = np.empty(len(player), dtype=np.int64)
        flop_choice = self.flop_choice if len(self.flop_choice) else np.zeros((1, 1, 1), dtype=np.int8)
        _play(np.ascontiguousarray(player, dtype=np.int64), np.ascontiguousarray(board, dtype=np.int64),
              self.preflop.astype(np.int64), class_of, SUIT_PERMUTATIONS[permutation], flop_choice, packed, self.nets,
              self.qualify, self.fold, out)
        return out
