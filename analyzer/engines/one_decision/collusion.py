"""Colluding players: the house edge when the player also knows other players' hands.

With ``N`` other players at the table telling the player their hands, the
player decides knowing ``N`` more hands (``5 N`` cards in the five-card games)
are out of the dealer's reach (card removal). The optimal strategy then depends on (hand, dealer up-card, the
colluders' cards), and the exact edge is an average over every colluder deal:

    house edge(N) = -E over (P, C) of max over decisions d of EV_d(P | C)

Exhaustive enumeration is beyond reach for every N >= 1: for one colluder in
Crazy 4 Poker there are C(52,5) * C(47,5) (player, colluder) pairs (4.0e12,
about 1.7e11 suit classes), each needing its own count of the C(42,5) =
850,668 dealer hands that avoid both. So the edge is *estimated*, with a
stated method and error:

* ``d0(P)``: the optimal decision of normal play (from the exact analysis).
  Its expected value over the colluders' cards is its normal EV (the
  colluders' cards are a random part of the unseen deck), so
  ``E[EV_d0(P | C)]`` is the normal game's exact expected result, and

      house edge(N) = house edge(0) - E[gain],
      gain(P, C) = max_d EV_d(P | C) - EV_d0(P | C)  >= 0,

  the value of the colluders' information: zero unless it flips the decision.
* Deals (player hand, up-card, colluders' hands) are drawn uniformly from
  seeded shuffles; for each, every dealer hand that avoids all those cards is
  counted (:func:`dealer_thresholds`, a plain loop) and each decision's EV is
  exact. The estimate is ``house edge(0) - mean(gain)`` with the standard
  error of the mean; ``house edge(0)`` itself is an exact upper bound (the
  information can only help the player).

The estimate itself, whatever the engine, is :class:`analyzer.engines.collusion.CollusionEstimate`.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
from joblib import Parallel, delayed
from numba import njit

from analyzer.core.cards import DECK_SIZE, SUIT_COUNT, colex_index
from analyzer.core.isomorphism import canonical_keys
from analyzer.core.progress import progress_bar
from analyzer.engines.base import MAX_COLLUDERS
from analyzer.engines.collusion import CollusionEstimate, colluders_count
from analyzer.engines.exact_sums import exact_total
from analyzer.engines.one_decision.enumeration import (
    DenseRanks,
    Situations,
    best_ranks,
    outcome_counts,
)
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide
from analyzer.games.rules import GameRules
from analyzer.games.settlement import common_scale

#: Deals sampled by default: a standard error of a few thousandths of a percent for one colluder.
DEFAULT_DEALS = 20_000
#: Deals per task of the sampler.
CHUNK_DEALS = 500
def _binomials() -> np.ndarray:
    table = np.zeros((DECK_SIZE + 1, 8), dtype=np.int64)
    for n in range(DECK_SIZE + 1):
        for k in range(8):
            table[n, k] = comb(n, k)
    return table


_BINOMIAL = _binomials()


@njit(cache=True, nogil=True)
def _dealer_histogram(allowed, fixed, hidden, binomial, dense_rank, histogram):
    """Add to ``histogram[rank]`` every dealer hand made of ``hidden`` cards from ``allowed`` (ascending)
    and all the ``fixed`` cards (ascending): the hand's dense rank is ``dense_rank[colex(hand)]``."""
    n = allowed.shape[0]
    m = fixed.shape[0]
    # the colex term of a hidden card x at hidden position i: C(x, i + (fixed cards below x) + 1)
    term = np.empty((hidden, n), dtype=np.int64)
    below_fixed = np.zeros(n, dtype=np.int64)
    for a in range(n):
        for j in range(m):
            if fixed[j] < allowed[a]:
                below_fixed[a] += 1
        for i in range(hidden):
            term[i, a] = binomial[allowed[a], i + below_fixed[a] + 1]
    # position of each fixed card among the allowed ones
    fixed_position = np.zeros(m, dtype=np.int64)
    for j in range(m):
        for a in range(n):
            if allowed[a] < fixed[j]:
                fixed_position[j] += 1
    # colex order (the lowest card moves fastest), so consecutive keys are close: the table is read in order
    index = np.arange(hidden)
    suffix = np.zeros(hidden + 1, dtype=np.int64)  # suffix[i]: the terms of hidden positions i and above
    for i in range(hidden - 1, -1, -1):
        suffix[i] = suffix[i + 1] + term[i, index[i]]
    while True:
        key = suffix[0]
        for j in range(m):
            hidden_below = 0
            for i in range(hidden):
                if index[i] < fixed_position[j]:
                    hidden_below += 1
            key += binomial[fixed[j], j + hidden_below + 1]
        histogram[dense_rank[key]] += 1
        i = 0
        while i < hidden and index[i] + 1 == (index[i + 1] if i + 1 < hidden else n):
            i += 1
        if i == hidden:
            return
        index[i] += 1
        for k in range(i):
            index[k] = k
        for k in range(i, -1, -1):
            suffix[k] = suffix[k + 1] + term[k, index[k]]


@njit(cache=True, nogil=True)
def _deal_thresholds(removed, fixed, hidden, binomial, dense_rank, rank_count, thresholds, out):
    """For each deal (row): dealer hands avoiding ``removed[row]`` and holding ``fixed[row]`` with dense rank
    below each of ``thresholds[row]``; ``out[row, -1]``: all such hands."""
    histogram = np.zeros(rank_count, dtype=np.int64)
    taken = np.zeros(DECK_SIZE, dtype=np.bool_)
    allowed = np.empty(DECK_SIZE, dtype=np.int64)
    for row in range(removed.shape[0]):
        taken[:] = False
        for card in removed[row]:
            taken[card] = True
        for card in fixed[row]:
            taken[card] = True
        n = 0
        for card in range(DECK_SIZE):
            if not taken[card]:
                allowed[n] = card
                n += 1
        histogram[:] = 0
        _dealer_histogram(allowed[:n], fixed[row], hidden, binomial, dense_rank, histogram)
        below = 0
        for rank in range(rank_count):
            for t in range(thresholds.shape[1]):
                if thresholds[row, t] == rank:
                    out[row, t] = below
            below += histogram[rank]
        for t in range(thresholds.shape[1]):
            if thresholds[row, t] >= rank_count:
                out[row, t] = below
        out[row, thresholds.shape[1]] = below


def dealer_thresholds(rules: GameRules, removed: np.ndarray, up_cards: np.ndarray,
                      thresholds: np.ndarray) -> np.ndarray:
    """For each row: the dealer hands (the ``up_cards`` plus hidden cards from the rest of the deck) that
    avoid ``removed``, counted below each dense-rank threshold; the last column is all of them.

    A plain loop over every such dealer hand: the slow, obviously correct path, fast enough per deal.
    """
    dense = DenseRanks.of(rules)
    table = _dense_table(rules)
    out = np.zeros((len(removed), thresholds.shape[1] + 1), dtype=np.int64)
    _deal_thresholds(np.ascontiguousarray(removed, dtype=np.int64), np.ascontiguousarray(up_cards, dtype=np.int64),
                     rules.dealer_cards - rules.dealer_up_cards, _BINOMIAL, table, len(dense.distinct),
                     np.ascontiguousarray(thresholds, dtype=np.int64), out)
    return out


_DENSE_TABLES: dict[tuple[str, int], np.ndarray] = {}


def _dense_table(rules: GameRules) -> np.ndarray:
    """Dense rank of every dealer hand by colex index (kept per ranking and hand size)."""
    key = (rules.ranking.name, rules.dealer_cards)
    if key not in _DENSE_TABLES:
        _DENSE_TABLES[key] = DenseRanks.of(rules)(best_ranks(rules.ranking, rules.dealer_cards)).astype(np.int16)
    return _DENSE_TABLES[key]


# --------------------------------------------------------------------------- the normal decision of a deal


@dataclass(frozen=True)
class NormalDecisions:
    """The normal game's optimal decision of any concrete (hand, up-card), looked up by its suit class.

    Classes of an up-card game are stored with the up-card in suit 0 (see
    :func:`analyzer.engines.one_decision.enumeration.exposed_sets`); a deal is relabelled so that its
    up-card's suit is suit 0, then keyed like the classes.
    """

    keys: np.ndarray
    choice: np.ndarray

    @staticmethod
    def key(cards: np.ndarray, up_card: np.ndarray | None) -> np.ndarray:
        """One int64 per row: the canonical suit key of the hand, and the up-card's rank above it."""
        cards = np.asarray(cards, dtype=np.int64)
        if up_card is None:
            return canonical_keys(cards)
        up_card = np.asarray(up_card, dtype=np.int64)
        suit, up_suit = cards % SUIT_COUNT, (up_card % SUIT_COUNT)[:, None]
        swapped = np.where(suit == up_suit, 0, np.where(suit == 0, up_suit, suit))
        relabelled = np.sort(cards - suit + swapped, axis=1)
        return canonical_keys(relabelled, fixed_suits=(0,)) | ((up_card // SUIT_COUNT) << (4 * 13))

    @classmethod
    def of(cls, analysis: Analysis) -> NormalDecisions:
        situations = analysis.situations
        if situations.seen_cards is not None:
            raise ValueError("normal decisions are for games with at most one dealer up-card")
        keys = cls.key(situations.cards, situations.up_card)
        order = np.argsort(keys)
        return cls(keys[order], analysis.decisions.choice[order])

    def __call__(self, cards: np.ndarray, up_card: np.ndarray | None) -> np.ndarray:
        keys = self.key(cards, up_card)
        position = np.searchsorted(self.keys, keys)
        found = position < len(self.keys)
        if not (found.all() and (self.keys[position] == keys).all()):
            raise ValueError("a deal's hand has no class in the analysis")
        return self.choice[position]


# --------------------------------------------------------------------------- sampled deals


def random_deals(rules: GameRules, colluders: int, count: int, seed: int, chunk: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``count`` uniformly shuffled deals (player hand, dealer up-cards, colluders' cards), sorted rows;
    the ``chunk``-th batch of ``seed`` (numpy Generator seeded with both)."""
    rng = np.random.default_rng([seed, chunk])
    order = np.argsort(rng.random((count, DECK_SIZE)), axis=1)
    player = rules.player_cards
    up = rules.dealer_up_cards
    return (np.sort(order[:, :player], axis=1), np.sort(order[:, player:player + up], axis=1),
            np.sort(order[:, player + up:player + up + colluders * rules.player_cards], axis=1))


def deal_gains(rules: GameRules, normal: NormalDecisions, colluders: int, count: int, seed: int,
               chunk: int) -> np.ndarray:
    """The scaled integer gain (see the module) of each of a batch of sampled deals, and whether the
    decision changed: (count, 2) int64 (Python integers where the batch's sums pass 64 bits)."""
    player, up, colluded = random_deals(rules, colluders, count, seed, chunk)
    dense = DenseRanks.of(rules)
    best = best_ranks(rules.ranking, rules.player_cards)[colex_index(player)]
    player_dense = dense(best)
    thresholds = np.column_stack([player_dense, player_dense + 1, np.full(count, dense.qualifier)])
    counted = dealer_thresholds(rules, np.concatenate([player, colluded], axis=1), up, thresholds)
    below_qualifier = counted[:, 2] if dense.qualifier else np.zeros(count, dtype=np.int64)
    dealer_hands = counted[:, 3]
    counts = outcome_counts(player_dense, dense.qualifier, counted[:, 0], counted[:, 1], below_qualifier,
                            dealer_hands)
    situations = Situations(player.astype(np.int8), np.ones(count, dtype=np.int64), best, counts,
                            int(dealer_hands[0]), up[:, 0].copy() if up.shape[1] else None)
    decisions = decide(rules, situations)
    usual = normal(player, up[:, 0] if up.shape[1] else None)
    rows = np.arange(count)
    gain = decisions.totals[rows, decisions.choice] - decisions.totals[rows, usual]
    if (gain < 0).any():
        raise AssertionError("the optimal decision with more information did worse than the normal one")
    return np.column_stack([gain, decisions.choice != usual])


def estimate_collusion(analysis: Analysis, colluders: int, deals: int, seed: int = 1, jobs: int = 1,
                       progress: bool = False) -> CollusionEstimate:
    """Estimate the house edge per ante of ``analysis``'s game when the player knows ``colluders`` other
    players' hands (see the module), from ``deals`` sampled deals."""
    rules = analysis.rules
    if not 1 <= colluders <= MAX_COLLUDERS:
        raise ValueError(f"between 1 and {MAX_COLLUDERS} colluding players, not {colluders}")
    started = time.perf_counter()
    normal = NormalDecisions.of(analysis)
    sizes = [min(CHUNK_DEALS, deals - start) for start in range(0, deals, CHUNK_DEALS)]
    tasks = (delayed(deal_gains)(rules, normal, colluders, size, seed, chunk) for chunk, size in enumerate(sizes))
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    gains = np.concatenate(list(progress_bar(parts, total=len(sizes), enabled=progress,
                                             description=f"{rules.name}: deals with {colluders_count(colluders)}")))
    dealer_hands = comb(DECK_SIZE - rules.dealer_up_cards - (colluders + 1) * rules.player_cards,
                        rules.dealer_cards - rules.dealer_up_cards)
    unit = common_scale(rules) * dealer_hands
    total = exact_total(gains[:, 0])  # each chunk's gains fit its own bound, not their sum
    spread = float(np.std(gains[:, 0].astype(np.float64) / unit, ddof=1)) if deals > 1 else math.inf
    return CollusionEstimate(rules.name, colluders, deals, seed, analysis.main_figures()["house_edge_per_ante"],
                             Fraction(total, deals * unit), spread / math.sqrt(deals), int(gains[:, 1].sum()),
                             time.perf_counter() - started)

