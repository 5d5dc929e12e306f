"""Hands of a side bet paid on a set of the deal's cards: every k-card set counted once, then scaled.

A bet paid on the best hand of a union of the deal's card sets (the player's
three cards and the dealer's three, say: :class:`analyzer.games.rules.PaidOn`
``cards_from``) depends only on that union, which is an equally likely
k-card set in every deal: each of the C(52, k) sets is dealt ``cycle / C(52,
k)`` times. So the bet's table is the best hand of every k-card set, counted
once per ranking and k (best five of six: 20,358,520 sets, a compiled loop
over their colex order, about a second; cached), times that.

A bet on two hands (``hand_of = "both"``: the player's set and the dealer's
own cards) needs the pair (player's hand, dealer's hand): every pair of
disjoint sets of a and b cards, each dealt ``cycle / (C(52, a) C(52 - a, b))``
times, counted plainly up to :data:`MOST_PAIRS` pairs (two cards each:
1,326 x 1,225 pairs) and refused in one line above.

>>> from analyzer.core.ranking import load_ranking
>>> ranks, sets = set_hand_counts(load_ranking("three_card"), 3)
>>> len(ranks), int(sets.sum())                              # every three-card hand once
(741, 22100)
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from math import comb
from pathlib import Path

import numpy as np
from numba import njit

from analyzer.core.cards import DECK_SIZE, combinations, subset_positions
from analyzer.core.ranking import HandRanking, best_of_table, declared_rankings
from analyzer.engines.cache_files import (
    cache_entry,
    cache_root,
    expect,
    integers,
    load_cached,
    save_cached,
)
from analyzer.engines.exact_sums import INT64_MAX
from analyzer.games.errors import RulesError

#: Most (set, best sub-hand) lookups the compiled count takes on (best five of seven: 2.8 * 10^9, a minute).
MOST_LOOKUPS = 3 * 10**9
#: Most pairs of disjoint card sets counted for a bet on two hands (three cards each: 4.6 * 10^8, refused).
MOST_PAIRS = 5 * 10**7
#: Rows of player's sets paired with every dealer's set at once.
PAIR_ROWS = 256
#: The version of the saved counts (a change of their meaning changes it).
COUNTS_VERSION = 1


@njit(cache=True, nogil=True)
def _best_of_every_set(dense: np.ndarray, binomial: np.ndarray, size: int, positions: np.ndarray,
                       distinct: int) -> np.ndarray:  # pragma: no cover - compiled
    """Number of ``size``-card sets of the deck whose best sub-hand (the ``positions`` of a set) has each
    dense rank (``dense``: the dense rank of every sub-hand by colex index), over every set in colex order."""
    counts = np.zeros(distinct, dtype=np.int64)
    deck = binomial.shape[0] - 1
    cards = np.arange(size)
    parts = positions.shape[1]
    kept = np.zeros(size, dtype=np.int64)     # C(card, position + 1): the card's term where it stays
    shifted = np.zeros(size, dtype=np.int64)  # C(card, position): its term when a card before it is left out
    while True:
        best = -1  # a dense rank, as wide as the table's
        if parts == size - 1:  # best of the sets one card smaller: each leaves out one card
            for position in range(size):
                kept[position] = binomial[cards[position], position + 1]
                shifted[position] = binomial[cards[position], position]
            after = 0
            for position in range(1, size):
                after += shifted[position]
            before = 0
            for left_out in range(size):
                if dense[before + after] > best:
                    best = dense[before + after]
                before += kept[left_out]
                if left_out + 1 < size:
                    after -= shifted[left_out + 1]
        else:
            for row in range(positions.shape[0]):
                index = 0
                for column in range(parts):
                    index += binomial[cards[positions[row, column]], column + 1]
                if dense[index] > best:
                    best = dense[index]
        counts[best] += 1
        moved = -1
        for position in range(size):  # the next set in colex order
            limit = cards[position + 1] if position + 1 < size else deck
            if cards[position] + 1 < limit:
                moved = position
                break
        if moved < 0:
            return counts
        cards[moved] += 1
        for position in range(moved):
            cards[position] = position


def _count_sets(ranking: HandRanking, size: int) -> np.ndarray:
    """Sets of ``size`` cards by the dense index of their best hand in ``ranking.distinct``."""
    dense = np.searchsorted(ranking.distinct, ranking.table)
    if size == ranking.cards:
        return np.bincount(dense, minlength=len(ranking.distinct)).astype(np.int64)
    binomial = np.array([[comb(n, k) for k in range(ranking.cards + 1)] for n in range(DECK_SIZE + 1)], dtype=np.int64)
    small = np.int16 if len(ranking.distinct) <= np.iinfo(np.int16).max else np.int32  # a table that stays in cache
    return _best_of_every_set(dense.astype(small), binomial, size,
                              subset_positions(size, ranking.cards).astype(np.int64), len(ranking.distinct))


def count_key(ranking: HandRanking, size: int) -> str:
    """A short hash of what the counts of ``size``-card sets depend on: the ranking's declaration, the size,
    the counting code and :data:`COUNTS_VERSION`."""
    code = Path(__file__).read_bytes() + (Path(__file__).parents[1] / "core" / "ranking.py").read_bytes()
    inputs = {"ranking": declared_rankings()[ranking.name], "size": size, "version": COUNTS_VERSION,
              "code": hashlib.sha256(code).hexdigest()}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _read(path: Path) -> np.ndarray:
    with np.load(path) as saved:
        return integers(saved, "sets", None)


def _write(path: Path, sets: np.ndarray) -> None:
    with open(path, "wb") as handle:
        np.savez(handle, sets=sets)


@cache
def set_hand_counts(ranking: HandRanking, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(every rank a hand of ``ranking`` can have, the number of ``size``-card sets of the deck whose best
    ``ranking.cards``-card hand has it): counted once (:func:`_best_of_every_set`) and cached in the cache
    folder when there is one (``card_sets-RANKING-SIZE-KEY``: they depend on no game, so ``--no-cache``
    leaves them); the counts add up to C(52, size).

    >>> from analyzer.core.ranking import load_ranking
    >>> ranks, sets = set_hand_counts(load_ranking("two_card"), 2)
    >>> int(sets[ranks == ranks.max()][0]), int(sets.sum())    # a pair of aces, of 1,326 two-card sets
    (6, 1326)
    """
    lookups = comb(DECK_SIZE, size) * comb(size, ranking.cards)
    if lookups > MOST_LOOKUPS:
        raise RulesError(f"the best {ranking.title} of every {size}-card set is {lookups:,} look-ups, more than "
                         f"the {MOST_LOOKUPS:,} counted exactly here")
    total = comb(DECK_SIZE, size)

    def check(sets: np.ndarray) -> None:
        expect(sets.shape == (len(ranking.distinct),) and (sets >= 0).all() and int(sets.sum()) == total,
               f"the counts do not add up to the {total:,} sets of {size} cards")

    if not cache_root().is_dir():  # no cache folder to use (the game's run has said so): count here
        return ranking.distinct, _count_sets(ranking, size)
    folder = cache_root() / f"card_sets-{ranking.name}-{size}-{count_key(ranking, size)}"
    with cache_entry(folder) as usable:
        saved = usable / "sets.npz" if usable else None
        sets = load_cached(saved, _read, check) if saved else None
        if sets is None:
            sets = _count_sets(ranking, size)
            check(sets)
            if saved:
                save_cached(saved, lambda path: _write(path, sets))
    return ranking.distinct, sets


def per_set(cycle: int, sets: int, what: str) -> int:
    """Deals of a ``cycle`` in which each of ``sets`` equally likely card sets is dealt; a RulesError when the
    cycle does not deal them equally often."""
    times, left = divmod(cycle, sets)
    if left:
        raise RulesError(f"{what}: the game's cycle of {cycle:,} deals does not deal each of the {sets:,} card "
                         "sets equally often")
    return times


def scaled(counts: np.ndarray, times: int) -> np.ndarray:
    """``counts * times`` exactly: int64 while every product is below 2**63, Python integers past it."""
    if int(counts.max(initial=0)) * times <= INT64_MAX:
        return counts.astype(np.int64) * times
    return np.array([int(count) * times for count in counts], dtype=object)


def set_deals(ranking: HandRanking, size: int, cycle: int, what: str) -> tuple[np.ndarray, np.ndarray]:
    """(ranks, deals of the cycle) of the best hand of an equally likely ``size``-card set."""
    ranks, sets = set_hand_counts(ranking, size)
    keep = sets > 0
    return ranks[keep], scaled(sets[keep], per_set(cycle, comb(DECK_SIZE, size), what))


def pair_counts(ranking: HandRanking, player: int, dealer: int) -> np.ndarray:
    """Pairs of disjoint sets (``player`` cards, ``dealer`` cards) by the dense indices of their best hands
    in ``ranking.distinct``: a square array (player's index, dealer's index), adding up to C(52, player)
    C(52 - player, dealer); counted plainly, a block of player's sets against every dealer's set at a time.
    Refused in one line above :data:`MOST_PAIRS` pairs."""
    pairs = comb(DECK_SIZE, player) * comb(DECK_SIZE - player, dealer)
    if pairs > MOST_PAIRS:
        raise RulesError(f"a bet on a hand of {player} cards and the dealer's {dealer} is {pairs:,} pairs of "
                         f"hands, more than the {MOST_PAIRS:,} counted exactly here")
    distinct = len(ranking.distinct)
    codes = []
    for cards in (player, dealer):
        hands = combinations(DECK_SIZE, cards)
        codes.append((np.searchsorted(ranking.distinct, best_of_table(ranking, cards)),
                      np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)))
    (mine, my_cards), (theirs, their_cards) = codes
    counts = np.zeros(distinct * distinct, dtype=np.int64)
    for start in range(0, len(mine), PAIR_ROWS):
        rows = slice(start, start + PAIR_ROWS)
        apart = (my_cards[rows, None] & their_cards[None, :]) == 0
        code = mine[rows, None] * distinct + theirs[None, :]
        counts += np.bincount(code[apart], minlength=distinct * distinct)
    return counts.reshape(distinct, distinct)


def pair_deals(ranking: HandRanking, player: int, dealer: int, cycle: int, what: str
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(player's ranks, dealer's ranks, deals of the cycle) of every pair of hands that occurs."""
    counts = pair_counts(ranking, player, dealer)
    times = per_set(cycle, comb(DECK_SIZE, player) * comb(DECK_SIZE - player, dealer), what)
    mine, theirs = np.nonzero(counts)
    return ranking.distinct[mine], ranking.distinct[theirs], scaled(counts[mine, theirs], times)
