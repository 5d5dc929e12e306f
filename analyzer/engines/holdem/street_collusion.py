"""Hold'em over streets with colluding players: the edge when the player knows other players' hole cards.

With ``N`` other players telling the player their hole cards, ``2 N`` more cards are out of the turn's, the
river's and the dealer's reach. The edge is an **estimate**, from sampled deals each settled exactly:

    house edge(N) <= house edge(0) - E[gain]

A sample is a seeded shuffle: the colluders' ``2 N`` cards C, then the flop F, then the player's pair P. The
player plays pre-flop as normal (the analysis's decision for P's starting-hand class) and from the flop on
decides knowing C. For the sample, :func:`information_gain` settles exactly, over every turn, river and dealer
hand of the cards left (none of C), two players:

* the **normal** one, whose flop, turn and river choices are the exact analysis's, valued over the normal
  unseen cards (C among them): the same integer sums and the same tie rule as the kernel
  (:mod:`analyzer.engines.holdem.streets`), so the same choices;
* the **informed** one, who takes at every node the choice worth most over the cards really left.

Their difference, ``gain(C, F, P) >= 0``, is the value of the information for that deal. The normal player's
expected result over C is the normal one (C is a random part of the unseen deck), so the mean gain is what the
information is worth from the flop on. The pre-flop part is apart: a few sampled colluder deals, each with every
flop enumerated (:mod:`analyzer.engines.holdem.colluder_preflop`), give exactly what choosing pre-flop with the
cards known adds; their mean, with its standard error, makes the second part. Without them the estimate is an
**upper bound** on the house edge of a player who also uses the cards pre-flop, except in a game with no
pre-flop decision (the first wager compulsory, the first choice on the flop), where the pre-flop part is 0 and
no deal is sampled for it:

    house edge(N) = house edge(0) - E[flop-on gain] - E[pre-flop gain]

Example, a sample's arithmetic: with one colluder 45 cards are unseen to the player on the flop, so a sample
settles 45 * 44 * C(43, 2) = 1,788,060 deals below the flop; its gain is the informed sum less the normal one,
over those deals and the scale of the nets.

>>> deals_below_flop(1) == 45 * 44 * 903
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Self

import numpy as np
from joblib import Parallel, delayed
from numba import njit

from analyzer.core.cards import DECK_SIZE
from analyzer.core.figures import percent
from analyzer.core.progress import progress_bar
from analyzer.engines.base import MAX_COLLUDERS
from analyzer.engines.collusion import T_95, Z_95, CollusionEstimate, colluders_count
from analyzer.engines.holdem.colluder_preflop import CARDS_PER_COLLUDER, preflop_gain, random_colluder_cards
from analyzer.engines.holdem.enumeration import HAND_CLASS_OF
from analyzer.engines.holdem.street_player import board_outcomes_apart, plain_tables
from analyzer.engines.holdem.streets import (
    DEALER_HANDS,
    FOLDS,
    RIVERS,
    TURNS,
    StreetPlan,
    best_action,
    preflop_decides,
    river_trials,
)

#: Sampled deals by default (each settles about 1.8 million deals below the flop exactly).
DEFAULT_SAMPLES = 4_000
#: Colluder deals with every flop enumerated, for the pre-flop part, by default (a minute or two each).
DEFAULT_PREFLOP_SAMPLES = 4
#: Samples per task of the parallel run.
CHUNK = 50


def deals_below_flop(colluders: int) -> int:
    """The (turn, river, dealer hand) deals below the flop node of one sample: none holds a colluder's card."""
    unseen = TURNS - CARDS_PER_COLLUDER * colluders
    return unseen * (unseen - 1) * comb(unseen - 2, 2)


@njit(cache=True, nogil=True)
def _river_nodes(plan, nets, outcomes, apart, line, dealer_hands, valued_apart, normal, followed, best, trial):
    """Per river state r: ``normal[r]``, the value of the normal choice (the best over ``outcomes``, every dealer
    hand); when ``valued_apart``, over the hands ``apart`` (none holding a known card: ``dealer_hands`` of them)
    ``followed[r]``, the value of that same choice, and ``best[r]``, of the best one."""
    allowed, action, following, stake, fold_value, larger = plan
    for r in range(allowed.shape[1]):
        n = river_trials(allowed, following, stake, fold_value, r, outcomes, line, nets, DEALER_HANDS, trial)
        if n == 0:
            continue
        chosen = best_action(trial, n, larger)
        normal[r] = trial[chosen]
        if valued_apart:
            river_trials(allowed, following, stake, fold_value, r, apart, line, nets, dealer_hands, trial)
            followed[r] = trial[chosen]
            best[r] = trial[:n].max()


@njit(cache=True, nogil=True)
def _settle(level, state_count, plan, sums, fold_deals, fold_deals_apart, valued_apart, normal, followed, best):
    """Close one level's nodes: ``sums[0|1|2, s, a]`` hold, per state s and action a, the normal values (every
    unseen card) and the followed and best values over the cards really left; a fold is worth its scaled net
    times the deals below (``fold_deals``, ``fold_deals_apart``). Writes each state's normal choice's value to
    ``normal[s]``, and when ``valued_apart`` that choice's followed value to ``followed[s]`` and the best
    value to ``best[s]``."""
    allowed, action, following, stake, fold_value, larger = plan
    for s in range(state_count):
        n = allowed[level, s]
        if n == 0:
            continue
        for a in range(n):
            if following[level, s, a] == FOLDS:
                sums[0, s, a] = fold_value[level, s] * fold_deals
                sums[1, s, a] = fold_value[level, s] * fold_deals_apart
                sums[2, s, a] = fold_value[level, s] * fold_deals_apart
        chosen = best_action(sums[0, s], n, larger)
        normal[s] = sums[0, s, chosen]
        if valued_apart:
            followed[s] = sums[1, s, chosen]
            best[s] = sums[2, s, :n].max()


@njit(cache=True, nogil=True)
def _add_level(level, state_count, plan, sums, normal, followed, best, valued_apart):
    """Add the values of the next level's states (``normal``, ``followed``, ``best``) under each action of
    this level that leads to them (``sums`` as in :func:`_settle`)."""
    allowed, action, following, stake, fold_value, larger = plan
    for s in range(state_count):
        for a in range(allowed[level, s]):
            target = following[level, s, a]
            if target == FOLDS:
                continue
            sums[0, s, a] += normal[target]
            if valued_apart:
                sums[1, s, a] += followed[target]
                sums[2, s, a] += best[target]


@njit(cache=True, nogil=True)
def information_gain(x, y, flop, known, flop_state, plan, nets, qualify):
    """(gain, normal flop choice) of one deal: hole cards x, y, the ``flop`` and the cards ``known`` to the
    player (a mask of the deck), the player at flop state ``flop_state``. ``gain``: the informed player's sum of
    scaled nets less the normal player's, over every (turn, river, dealer hand) with no known card; the normal
    flop choice is the position the analysis takes (every unseen card counted, as the kernel counts)."""
    allowed, action, following, stake, fold_value, larger = plan
    states = allowed.shape[1]
    width = following.shape[2]
    outside = np.zeros(DECK_SIZE, dtype=np.bool_)
    outside[x] = True
    outside[y] = True
    for card in flop:
        outside[card] = True
    known_count = 0
    for card in range(DECK_SIZE):
        if known[card] and not outside[card]:
            known_count += 1
    unseen = TURNS - known_count
    dealer_hands = (unseen - 2) * (unseen - 3) // 2
    tables = np.empty((13, 13, 13), dtype=np.int64)
    outcomes = np.zeros(6, dtype=np.int64)
    apart = np.zeros(6, dtype=np.int64)
    trial = np.empty(width, dtype=np.int64)
    river = np.zeros((3, states), dtype=np.int64)
    turn = np.zeros((3, states), dtype=np.int64)
    flop_sums = np.zeros((3, states, width), dtype=np.int64)
    turn_sums = np.zeros((3, states, width), dtype=np.int64)
    seen = np.empty(4, dtype=np.int64)
    seen[:3] = flop
    board = np.empty(5, dtype=np.int64)
    board[:3] = flop
    for t in range(DECK_SIZE):
        if outside[t]:
            continue
        turn_apart = not known[t]
        seen[3] = t
        board[3] = t
        plain_tables(seen, tables)
        turn_sums[:] = 0
        for r in range(DECK_SIZE):
            if outside[r] or r == t:
                continue
            board[4] = r
            valued_apart = turn_apart and not known[r]
            line = board_outcomes_apart(x, y, board, tables[r >> 2], qualify, known, outcomes, apart)
            _river_nodes(plan, nets, outcomes, apart, line, dealer_hands, valued_apart, river[0], river[1],
                         river[2], trial)
            _add_level(2, states, plan, turn_sums, river[0], river[1], river[2], valued_apart)
        _settle(2, states, plan, turn_sums, RIVERS * DEALER_HANDS, (unseen - 1) * dealer_hands, turn_apart,
                turn[0], turn[1], turn[2])
        _add_level(1, states, plan, flop_sums, turn[0], turn[1], turn[2], turn_apart)
    n = allowed[1, flop_state]
    for a in range(n):
        if following[1, flop_state, a] == FOLDS:
            flop_sums[0, flop_state, a] = fold_value[1, flop_state] * TURNS * RIVERS * DEALER_HANDS
            flop_sums[1, flop_state, a] = fold_value[1, flop_state] * unseen * (unseen - 1) * dealer_hands
            flop_sums[2, flop_state, a] = flop_sums[1, flop_state, a]
    chosen = best_action(flop_sums[0, flop_state], n, larger)
    return flop_sums[2, flop_state, :n].max() - flop_sums[1, flop_state, chosen], chosen


def sampled_deals(colluders: int, seed: int, first: int, count: int) -> np.ndarray:
    """Samples ``first`` to ``first + count - 1`` of ``seed``: rows of the colluders' ``2 N`` cards, the flop's
    three, then the player's two, each row a seeded shuffle of the deck of its own (the same rows whatever
    the chunks)."""
    width = CARDS_PER_COLLUDER * colluders + 5
    return np.array([np.argsort(np.random.default_rng([seed, first + i, 2]).random(DECK_SIZE))[:width]
                     for i in range(count)], dtype=np.int64)


def flop_state_of(plan: StreetPlan, preflop: np.ndarray, x: int, y: int) -> int:
    """The flop state the normal pre-flop decision of hole cards x, y leads to (FOLDS: the player folds)."""
    low, high = min(x, y), max(x, y)
    return int(plan.next[0, 0, preflop[HAND_CLASS_OF[low + high * (high - 1) // 2]]])


def sample_gains(deals: np.ndarray, colluders: int, plan: StreetPlan, preflop: np.ndarray, nets: np.ndarray,
                 qualify: int) -> np.ndarray:
    """The gain of each sampled deal (0 for a pre-flop fold), in scaled nets summed over the deals below its
    flop (:func:`deals_below_flop`)."""
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    known_width = CARDS_PER_COLLUDER * colluders
    gains = np.zeros(len(deals), dtype=np.int64)
    for i, deal in enumerate(deals):
        x, y = int(deal[-2]), int(deal[-1])
        state = flop_state_of(plan, preflop, x, y)
        if state == FOLDS:
            continue
        known = np.zeros(DECK_SIZE, dtype=np.bool_)
        known[deal[:known_width]] = True
        gains[i] = information_gain(x, y, deal[known_width:known_width + 3], known, state, packed, nets, qualify)[0]
    return gains


@dataclass(frozen=True)
class StreetCollusionEstimate(CollusionEstimate):
    """:class:`~analyzer.engines.collusion.CollusionEstimate` of a Hold'em game over streets: ``deals`` are
    sampled (colluders' cards, flop, player's pair), ``mean_gain`` the flop-on value of the information per ante,
    ``switched`` the samples that gained; ``preflop_gains``: the exact pre-flop value of the information of each
    sampled colluder deal (every flop enumerated, :mod:`analyzer.engines.holdem.colluder_preflop`). Without them
    the pre-flop decision is the normal one and the estimate an upper bound on the edge, unless the game has no
    pre-flop decision (``preflop_decides`` False): the information is then worth nothing before the flop."""

    preflop_gains: tuple[Fraction, ...] = ()
    preflop_decides: bool = True

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
        """The normal edge less the information's mean value from the flop on, and pre-flop."""
        return self.normal_edge - self.mean_gain - self.preflop_gain

    def interval(self) -> tuple[float, float]:
        """95% interval: the flop-on part's normal quantile and the pre-flop part's Student quantile (few sampled
        deals), combined in quadrature."""
        count = len(self.preflop_gains)
        preflop = T_95.get(count - 1, Z_95) * self.preflop_standard_error if count else 0.0
        half = math.hypot(Z_95 * self.standard_error, preflop)
        return float(self.edge) - half, float(self.edge) + half

    @classmethod
    def from_row(cls, row: dict[str, str]) -> Self:
        """The committed row's estimate, its pre-flop gains in ``preflop_information_values`` (joined by ";", none
        when the pre-flop part was not estimated)."""
        values = row.get("preflop_information_values") or ""
        return replace(super().from_row(row), preflop_gains=tuple(Fraction(value) for value in values.split(";")
                                                                  if value))

    def sample_unit(self) -> str:
        return "(colluders' cards, flop, player's pair) samples"

    def changed_unit(self) -> str:
        return f"samples that gained, of {self.deals:,}"

    def method(self) -> str:
        known = CARDS_PER_COLLUDER * self.colluders
        text = (f"ESTIMATE, not exhaustive: the {known} known cards used on the flop, turn and river: {self.deals:,} "
                f"sampled (colluders' cards, flop, player's pair), seed {self.seed}, every turn, river and dealer hand "
                f"settled exactly, mean value {percent(self.mean_gain)} (standard error "
                f"{100 * self.standard_error:.4f}%); ")
        if not self.preflop_decides:
            return text + "no pre-flop decision to use them in (the flop-on part is the whole)"
        if not self.preflop_gains:
            return text + "pre-flop use not estimated (pre-flop play as normal: an upper bound on the edge)"
        return text + (f"pre-flop: every flop enumerated for {len(self.preflop_gains)} sampled colluder deals, mean "
                       f"value {percent(self.preflop_gain)} (standard error {100 * self.preflop_standard_error:.4f}%)")

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "mean_information_value": self.mean_gain + self.preflop_gain,
                "flop_on_information_value": self.mean_gain, "preflop_information_value": self.preflop_gain,
                "preflop_information_values": list(self.preflop_gains),
                "preflop_standard_error": self.preflop_standard_error}


def estimate_street_collusion(game: str, normal_edge: Fraction, plan: StreetPlan, preflop: np.ndarray,
                              nets: np.ndarray, scale: int, qualify: int, colluders: int, deals: int, seed: int,
                              preflop_samples: int = 0, jobs: int = 1, progress: bool = True
                              ) -> StreetCollusionEstimate:
    """The estimate over ``deals`` samples of ``seed`` (chunks of :data:`CHUNK` in parallel) and
    ``preflop_samples`` colluder deals with every flop (none when the plan has no pre-flop decision): the normal
    edge less the mean gains per ante, with their standard errors."""
    if not 1 <= colluders <= MAX_COLLUDERS:
        raise ValueError(f"between 1 and {MAX_COLLUDERS} colluding players, not {colluders}")
    started = time.perf_counter()
    starts = range(0, deals, CHUNK)

    def chunk(first: int) -> np.ndarray:
        return sample_gains(sampled_deals(colluders, seed, first, min(CHUNK, deals - first)), colluders, plan,
                            preflop, nets, qualify)
    tasks = Parallel(n_jobs=jobs, return_as="generator", prefer="threads")(delayed(chunk)(first) for first in starts)
    gains = np.concatenate(list(progress_bar(tasks, total=len(starts), enabled=progress,
                                             description=f"{game}: samples with {colluders_count(colluders)}")))
    unit = deals_below_flop(colluders) * scale
    mean_gain = Fraction(int(gains.sum()), deals * unit)
    spread = float(np.std(gains / unit, ddof=1)) if deals > 1 else math.inf
    seconds = time.perf_counter() - started  # the flop-on part's
    decides = preflop_decides(plan)
    preflop_gains = tuple(preflop_gain(plan, nets, scale, qualify, preflop,
                                       random_colluder_cards(colluders, seed, sample), game, jobs, progress)
                          for sample in range(preflop_samples if decides else 0))
    return StreetCollusionEstimate(game, colluders, deals, seed, normal_edge, mean_gain, spread / math.sqrt(deals),
                                   int((gains > 0).sum()), seconds, preflop_gains, decides)
