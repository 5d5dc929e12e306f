"""Ultimate Texas Hold'em with colluding players: the edge when the player knows other players' hole cards.

With ``N`` other players telling the player their hole cards, ``2 N`` more
cards are out of the board's and the dealer's reach. Exhaustive enumeration is
beyond reach even for one colluder (per board, every (player pair, colluder
pair) needs its own dealer counts: about 2.3e12 of them), and the four-card
games' estimator (:mod:`analyzer.engines.one_decision.collusion`) needs each deal's whole game tree.
So the edge is an **estimate**, in two parts, each with its standard error:

    house edge(N) = house edge(0) - E[flop/river gain] - E[pre-flop gain]

* **Flop and river.** Against the normal strategy (:mod:`analyzer.engines.holdem.enumeration`),
  played with the colluders' cards out of the deck, a player who keeps the
  normal pre-flop decision but decides the flop and the river knowing the
  colluders' cards wins ``gain(P, C, F) >= 0`` for the player's pair P, the
  colluders' cards C and the flop F (zero after a pre-flop raise: no decision
  is left). The normal strategy's expected result over C is its normal one (C
  is a random part of the unseen deck), so this part is the mean gain. A
  sample is (C, F) drawn uniformly (a seeded shuffle: the colluders' ``2 N``
  cards, then the flop); for it *every* player pair from the other cards is
  settled exactly: per board (every turn/river) the normal engine's per-board
  count (:func:`~analyzer.engines.holdem.enumeration.board_outcomes`) runs twice, over
  the normal unseen cards (the normal river decision and, summed over the
  turn/rivers, the normal flop decision) and with C removed (what the player
  faces). The estimate is the mean over samples, with its standard error.
* **Pre-flop.** The pre-flop decision knowing C needs every flop: for a
  sampled C, :func:`preflop_gain` enumerates every board of the other cards
  once (its river values go to each of its ten flop + turn/river splits, in
  per-flop sums) and gives exactly, over every player pair, the value of the
  best pre-flop choice over the normal one, the flop and river played knowing
  C. A few such colluder deals are sampled (20 s to 90 s each on two cores);
  their mean and its standard error (Student quantile in the interval) make
  the second part. Without them the figure is that of the player who uses the
  cards from the flop on only: an upper bound on the house edge.

>>> units_per_hole(0) == 2 * 1081 * 990
True
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

from analyzer.core.cards import DECK_SIZE
from analyzer.core.figures import percent
from analyzer.core.progress import progress_bar
from analyzer.engines.holdem.enumeration import (
    HAND_CLASS_OF,
    HAND_CLASSES,
    HOLE_FIRST,
    HOLE_PAIRS,
    HOLE_SECOND,
    PREFLOP_CHOICES,
    SCALE,
    SHIPPED,
    board_outcomes,
    board_scratch,
    deal_board,
    flop_rest,
    river_values,
)
from analyzer.engines.holdem.sevens import FLUSH_RANK, STRAIGHT_TOP, rank_line
from analyzer.engines.base import MAX_COLLUDERS
from analyzer.engines.collusion import T_95, Z_95, CollusionEstimate, colluders_count

#: Hole cards of one colluding player.
CARDS_PER_COLLUDER = 2
#: (colluders' cards, flop) samples by default: every sample settles about a thousand player pairs exactly.
DEFAULT_SAMPLES = 2_000
#: Colluder deals with every board enumerated, for the pre-flop part, by default (a minute or two each).
DEFAULT_PREFLOP_SAMPLES = 4
#: Samples per task of the sampler.
CHUNK_SAMPLES = 10
#: Tasks when every board is enumerated for one colluder deal (each holds ~0.7 GB of per-flop sums).
PREFLOP_TASKS = 8


def units_per_hole(known: int) -> int:
    """Scaled deals behind one (player pair, colluders' cards, flop): SCALE x turn/rivers x dealer hands, with
    ``known`` colluders' cards out of the deck."""
    return SCALE * comb(DECK_SIZE - 3 - known - 2, 2) * comb(DECK_SIZE - 3 - known - 4, 2)


def preflop_choices(preflop_decisions: dict[str, str]) -> np.ndarray:
    """Per hole pair (colex index): the normal strategy's pre-flop choice (index of PREFLOP_CHOICES: check,
    3x, 4x), from the decision of each starting-hand class ("AKs": "4x", "72o": "check")."""
    unknown = set(preflop_decisions.values()) - set(PREFLOP_CHOICES)
    if unknown or set(preflop_decisions) != set(HAND_CLASSES):
        raise ValueError("a pre-flop decision (check, 3x or 4x) for each of the 169 starting hands")
    choices = np.array([PREFLOP_CHOICES.index(preflop_decisions[name]) for name in HAND_CLASSES])
    return choices[HAND_CLASS_OF]


def preflop_raises(preflop_decisions: dict[str, str]) -> np.ndarray:
    """Per hole pair (colex index): whether the normal strategy raises pre-flop."""
    return preflop_choices(preflop_decisions) > 0


@njit(cache=True, nogil=True)
def _colluder_flop_pass(flop, known, raises, straight_top, flush_rank, nets, normal_sums, info_sums):
    """Sums over every turn/river of one flop, per hole pair (colex index), with the ``known`` cards out.

    ``normal_sums[h] = (A, B, best river value)`` over the normal unseen cards
    (every turn/river; the normal flop decision is 2x when A + 2B beats the
    best river value); ``info_sums[h] = (A, B, best river value, value of the
    normal river decision)`` over the turn/rivers and dealer hands avoiding
    the known cards. Pairs that raise pre-flop are skipped.
    """
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    is_known = np.zeros(DECK_SIZE, dtype=np.bool_)
    for card in known:
        is_known[card] = True
    board = np.empty(5, dtype=np.int64)
    unseen = np.empty(n - 2, dtype=np.int64)
    unseen_info = np.empty(n - 2, dtype=np.int64)
    first, second, ranks, order, below, card_count, card_no_pair, buckets, outcomes = board_scratch(n - 2)
    plays = np.zeros(HOLE_PAIRS, dtype=np.bool_)
    size = n - 2 - known.shape[0]
    fold_normal = -2 * SCALE * ((n - 4) * (n - 5) // 2)
    fold_info = -2 * SCALE * ((size - 2) * (size - 3) // 2)
    for j in range(n):
        for i in range(j):
            deal_board(flop, rest, i, j, board, unseen)
            count = board_outcomes(board, unseen, straight_top, flush_rank, first, second, ranks, order, below,
                                   card_count, card_no_pair, buckets, outcomes)
            for k in range(count):
                h = first[k] + second[k] * (second[k] - 1) // 2
                if raises[h]:
                    continue
                a, b = river_values(outcomes[k], rank_line(ranks[k]), nets)
                plays[h] = a + b > fold_normal
                normal_sums[h, 0] += a
                normal_sums[h, 1] += b
                normal_sums[h, 2] += a + b if plays[h] else fold_normal
            if is_known[rest[i]] or is_known[rest[j]]:
                continue
            m = 0
            for card in unseen:
                if not is_known[card]:
                    unseen_info[m] = card
                    m += 1
            count = board_outcomes(board, unseen_info[:m], straight_top, flush_rank, first, second, ranks, order,
                                   below, card_count, card_no_pair, buckets, outcomes)
            for k in range(count):
                h = first[k] + second[k] * (second[k] - 1) // 2
                if raises[h]:
                    continue
                a, b = river_values(outcomes[k], rank_line(ranks[k]), nets)
                info_sums[h, 0] += a
                info_sums[h, 1] += b
                info_sums[h, 2] += max(a + b, fold_info)
                info_sums[h, 3] += a + b if plays[h] else fold_info


def colluder_flop_gains(flop: np.ndarray, known: np.ndarray, raises: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The scaled gain (see the module) of every hole pair on one flop with the ``known`` cards out, and
    whether the pair is dealt (avoids the flop and the known cards): two arrays over the 1,326 hole pairs.

    A pair that raises pre-flop (``raises[h]``) gains nothing: no decision is left to it.
    """
    flop = np.sort(np.asarray(flop, dtype=np.int64))
    known = np.sort(np.asarray(known, dtype=np.int64))
    normal = np.zeros((HOLE_PAIRS, 3), dtype=np.int64)
    info = np.zeros((HOLE_PAIRS, 4), dtype=np.int64)
    _colluder_flop_pass(flop, known, raises, STRAIGHT_TOP, FLUSH_RANK, SHIPPED.nets, normal, info)
    normal_2x = normal[:, 0] + 2 * normal[:, 1] > normal[:, 2]
    info_2x = info[:, 0] + 2 * info[:, 1]
    best = np.maximum(info_2x, info[:, 2])
    gain = best - np.where(normal_2x, info_2x, info[:, 3])
    taken = np.zeros(DECK_SIZE, dtype=bool)
    taken[flop] = True
    taken[known] = True
    dealt = ~(taken[HOLE_FIRST] | taken[HOLE_SECOND])
    gain[~dealt | raises] = 0
    if (gain < 0).any():
        raise AssertionError("the colluding strategy did worse than the normal one")
    return gain, dealt


def random_samples(colluders: int, count: int, seed: int, chunk: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` uniform (colluders' cards, flop) samples: the ``chunk``-th batch of ``seed``."""
    rng = np.random.default_rng([seed, chunk])
    order = np.argsort(rng.random((count, DECK_SIZE)), axis=1)
    known = CARDS_PER_COLLUDER * colluders
    return np.sort(order[:, :known], axis=1), np.sort(order[:, known:known + 3], axis=1)


def sample_gains(colluders: int, raises: np.ndarray, count: int, seed: int, chunk: int) -> np.ndarray:
    """Per sample of a batch: (sum over the dealt player pairs of the scaled gain, pairs that gained)."""
    known, flops = random_samples(colluders, count, seed, chunk)
    out = np.zeros((count, 2), dtype=np.int64)
    for row in range(count):
        gain, _ = colluder_flop_gains(flops[row], known[row], raises)
        out[row] = gain.sum(), np.count_nonzero(gain)
    return out


# --------------------------------------------------------------------------- pre-flop use, one colluder deal at a time


#: Flop row of a three-card set {x < y < z}: its colex index C(x,1) + C(y,2) + C(z,3).
FLOPS_OF_DECK = comb(DECK_SIZE, 3)


@njit(cache=True, nogil=True)
def _preflop_board_pass(rest, task, tasks, straight_top, flush_rank, nets, sums):
    """Every board (five of the ``rest`` cards, every ``tasks``-th from ``task``) counted once, its river
    values added to each of its ten (flop, turn/river) splits: ``sums[flop, h] += (A, B, best river value)``
    for each hole pair h on the board (flop: colex row of its three cards)."""
    r = rest.shape[0]
    board = np.empty(5, dtype=np.int64)
    unseen = np.empty(r - 5, dtype=np.int64)
    first, second, ranks, order, below, card_count, card_no_pair, buckets, outcomes = board_scratch(r - 5)
    values = np.empty((first.shape[0], 4), dtype=np.int64)
    split_rows = np.empty(10, dtype=np.int64)
    fold = -2 * SCALE * ((r - 7) * (r - 8) // 2)
    counter = -1
    for i4 in range(4, r):
        for i3 in range(3, i4):
            for i2 in range(2, i3):
                for i1 in range(1, i2):
                    for i0 in range(i1):
                        counter += 1
                        if counter % tasks != task:
                            continue
                        board[0] = rest[i0]
                        board[1] = rest[i1]
                        board[2] = rest[i2]
                        board[3] = rest[i3]
                        board[4] = rest[i4]
                        m = 0
                        for u in range(r):
                            if u != i0 and u != i1 and u != i2 and u != i3 and u != i4:
                                unseen[m] = rest[u]
                                m += 1
                        count = board_outcomes(board, unseen, straight_top, flush_rank, first, second, ranks,
                                               order, below, card_count, card_no_pair, buckets, outcomes)
                        for k in range(count):
                            a, b = river_values(outcomes[k], rank_line(ranks[k]), nets)
                            values[k, 0] = first[k] + second[k] * (second[k] - 1) // 2
                            values[k, 1] = a
                            values[k, 2] = b
                            values[k, 3] = max(a + b, fold)
                        n = 0
                        for z in range(2, 5):
                            for y in range(1, z):
                                for x in range(y):
                                    split_rows[n] = (board[x] + board[y] * (board[y] - 1) // 2
                                                     + board[z] * (board[z] - 1) * (board[z] - 2) // 6)
                                    n += 1
                        for n in range(10):
                            row = sums[split_rows[n]]
                            for k in range(count):
                                h = values[k, 0]
                                row[h, 0] += values[k, 1]
                                row[h, 1] += values[k, 2]
                                row[h, 2] += values[k, 3]


def flop_sums_by_board(known: np.ndarray, task: int, tasks: int) -> np.ndarray:
    """Per (flop row, hole pair): (A, B, best river value) summed over the turn/rivers, the ``known`` cards
    out; one ``task`` of ``tasks`` (boards split by their order: the parts add up to the whole)."""
    rest = np.setdiff1d(np.arange(DECK_SIZE), np.asarray(known, dtype=np.int64)).astype(np.int64)
    by_flop = np.zeros((FLOPS_OF_DECK, HOLE_PAIRS, 3), dtype=np.int64)
    _preflop_board_pass(rest, task, tasks, STRAIGHT_TOP, FLUSH_RANK, SHIPPED.nets, by_flop)
    return by_flop


def preflop_sums(by_flop: np.ndarray) -> np.ndarray:
    """Per hole pair: (A, B, best flop value) summed over the flops of complete per-flop sums
    (:func:`flop_sums_by_board`); the best flop value is the larger of 2x (A + 2B) and the best river values."""
    best = np.maximum(by_flop[:, :, 0] + 2 * by_flop[:, :, 1], by_flop[:, :, 2]).sum(axis=0)
    return np.column_stack([by_flop[:, :, :2].sum(axis=0), best])


def best_preflop_gains(sums: np.ndarray, choices: np.ndarray) -> np.ndarray:
    """Per row of ``sums`` (A, B, best flop value summed over the flops): the value of the best pre-flop
    choice (check = best flop value, 3x = A + 3B, 4x = A + 4B) less that of ``choices`` (PREFLOP_CHOICES index).

    >>> best_preflop_gains(np.array([[-10, 4, 0], [-10, 1, 0]]), np.array([0, 0])).tolist()
    [6, 0]
    """
    values = np.column_stack([sums[:, 2], sums[:, 0] + 3 * sums[:, 1], sums[:, 0] + 4 * sums[:, 1]])
    return values.max(axis=1) - values[np.arange(len(values)), choices]


def preflop_gain(known: np.ndarray, choices: np.ndarray, jobs: int = 1, progress: bool = False) -> Fraction:
    """Exact, for one set of ``known`` colluders' cards: the mean over the player's hands of the value per ante
    of using them pre-flop too (the best pre-flop choice over the normal one, ``choices`` per hole pair), the
    flop and river played with the known cards either way. Every flop is enumerated."""
    known = np.sort(np.asarray(known, dtype=np.int64))
    rest = np.setdiff1d(np.arange(DECK_SIZE), known)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(
        delayed(flop_sums_by_board)(known, task, PREFLOP_TASKS) for task in range(PREFLOP_TASKS))
    by_flop = np.zeros((FLOPS_OF_DECK, HOLE_PAIRS, 3), dtype=np.int64)
    for part in progress_bar(parts, total=PREFLOP_TASKS, enabled=progress,
                             description=f"uth: every board with {len(known)} known cards"):
        by_flop += part
    sums = preflop_sums(by_flop)
    dealt = np.flatnonzero(~np.isin(HOLE_FIRST, known) & ~np.isin(HOLE_SECOND, known))
    gains = best_preflop_gains(sums[dealt], choices[dealt])
    unit = comb(len(rest) - 2, 3) * units_per_hole(len(known))
    return Fraction(int(gains.sum()), len(dealt) * unit)


def random_known_cards(colluders: int, seed: int, sample: int) -> np.ndarray:
    """The colluders' cards of the ``sample``-th colluder deal of ``seed`` for the pre-flop part (a stream apart
    from :func:`random_samples`'s)."""
    order = np.argsort(np.random.default_rng([seed, sample, 1]).random(DECK_SIZE))
    return np.sort(order[:CARDS_PER_COLLUDER * colluders])


# --------------------------------------------------------------------------- the estimate


@dataclass(frozen=True)
class HoldemCollusionEstimate(CollusionEstimate):
    """:class:`~analyzer.engines.one_decision.collusion.CollusionEstimate` for Ultimate Texas Hold'em: ``deals`` are (colluders'
    cards, flop) samples, each over every player pair (``mean_gain``: the flop and river use of the
    information); ``switched``: (sample, player pair) with a gain; ``preflop_gains``: the exact pre-flop
    value of the information of each sampled colluder deal (every board enumerated)."""

    preflop_gains: tuple[Fraction, ...] = ()

    @property
    def preflop_gain(self) -> Fraction:
        """Mean pre-flop value of the information over the sampled colluder deals (0 without any)."""
        return sum(self.preflop_gains, Fraction(0)) / len(self.preflop_gains) if self.preflop_gains else Fraction(0)

    @property
    def preflop_standard_error(self) -> float:
        """Standard error of :attr:`preflop_gain` (infinite with one sampled deal, 0 with none)."""
        count = len(self.preflop_gains)
        if count < 2:
            return math.inf if count else 0.0
        return float(np.std([float(gain) for gain in self.preflop_gains], ddof=1)) / math.sqrt(count)

    @property
    def edge(self) -> Fraction:
        """The normal edge less the information's mean value on the flop and river, and pre-flop."""
        return self.normal_edge - self.mean_gain - self.preflop_gain

    def interval(self) -> tuple[float, float]:
        """95% interval: the flop/river part's normal quantile and the pre-flop part's Student quantile
        (few sampled deals), combined in quadrature."""
        count = len(self.preflop_gains)
        preflop = T_95.get(count - 1, Z_95) * self.preflop_standard_error if count else 0.0
        half = math.hypot(Z_95 * self.standard_error, preflop)
        return float(self.edge) - half, float(self.edge) + half

    def sample_unit(self) -> str:
        return "(colluders' cards, flop) samples"

    def changed_unit(self) -> str:
        hands = comb(DECK_SIZE - 3 - CARDS_PER_COLLUDER * self.colluders, 2)
        return f"player hands that gained, of {self.deals:,} samples x {hands:,} hands"

    def method(self) -> str:
        known = CARDS_PER_COLLUDER * self.colluders
        text = (f"ESTIMATE, not exhaustive: the {known} known cards used on the flop and river: {self.deals:,} "
                f"sampled (colluders' cards, flop), seed {self.seed}, every player hand, turn/river and dealer hand "
                f"settled exactly, mean value {percent(self.mean_gain)} (standard error "
                f"{100 * self.standard_error:.4f}%); ")
        if not self.preflop_gains:
            return text + "pre-flop use not estimated (pre-flop play as normal: an upper bound on the edge)"
        return text + (f"pre-flop: every board enumerated for {len(self.preflop_gains)} sampled colluder deals, mean "
                       f"value {percent(self.preflop_gain)} (standard error {100 * self.preflop_standard_error:.4f}%)")

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "mean_information_value": self.mean_gain + self.preflop_gain,
                "flop_and_river_information_value": self.mean_gain, "preflop_information_value": self.preflop_gain,
                "preflop_information_values": list(self.preflop_gains),
                "preflop_standard_error": self.preflop_standard_error}


def estimate_holdem_collusion(game: str, normal_edge: Fraction, preflop_decisions: dict[str, str], colluders: int,
                              samples: int, seed: int = 1, preflop_samples: int = 0, jobs: int = 1,
                              progress: bool = False) -> HoldemCollusionEstimate:
    """Estimate the house edge per ante of Ultimate Texas Hold'em with ``colluders`` other players' hole cards
    known (see the module): ``samples`` (colluders' cards, flop) samples for the flop and river, and
    ``preflop_samples`` colluder deals with every board for the pre-flop use; ``normal_edge`` and
    ``preflop_decisions`` (per starting hand) are the exact normal analysis's."""
    if not 1 <= colluders <= MAX_COLLUDERS:
        raise ValueError(f"between 1 and {MAX_COLLUDERS} colluding players, not {colluders}")
    started = time.perf_counter()
    choices = preflop_choices(preflop_decisions)
    raises = choices > 0
    sizes = [min(CHUNK_SAMPLES, samples - start) for start in range(0, samples, CHUNK_SAMPLES)]
    tasks = (delayed(sample_gains)(colluders, raises, size, seed, chunk) for chunk, size in enumerate(sizes))
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    gains = np.concatenate(list(progress_bar(parts, total=len(sizes), enabled=progress,
                                             description=f"{game}: flops with {colluders_count(colluders)}")))
    known = CARDS_PER_COLLUDER * colluders
    unit = units_per_hole(known) * comb(DECK_SIZE - 3 - known, 2)
    spread = float(np.std(gains[:, 0] / unit, ddof=1)) if samples > 1 else math.inf
    preflop = tuple(preflop_gain(random_known_cards(colluders, seed, sample), choices, jobs, progress)
                    for sample in range(preflop_samples))
    return HoldemCollusionEstimate(game, colluders, samples, seed, normal_edge,
                                   Fraction(int(gains[:, 0].sum()), samples * unit), spread / math.sqrt(samples),
                                   int(gains[:, 1].sum()), time.perf_counter() - started, preflop)
