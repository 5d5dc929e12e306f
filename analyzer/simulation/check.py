"""The simulation check: many shuffled deals, each wager's mean return against its exact value.

:func:`simulate_game` plays a game's hands by the strategy it is given through
the simulator's own code (:mod:`analyzer.simulation.settlement`) and reports, for each
main wager (per ante), their total, and each side bet's default paytable (per
unit of its stake), the mean return of the simulated hands and its z-score
against the exact value: ``z = (mean - exact) / standard error``.

The standard error is that of the mean of ``hands`` hands if the analysis is
right: the square root of the wager's exact variance over the hands. The
simulated hands' own estimate is shown beside it: it comes out too small when
a rare top award has not come up (a Blind royal flush, about 1 in 31,000
hands, carries a fifth of that wager's variance), which would inflate z. A
correct analysis and simulator give |z| above 4 about once in 16,000 wagers;
a larger |z| says one of them is wrong.

Hands are dealt in chunks of a fixed size, chunk ``i`` from a generator
seeded with ``(seed, i)``, so a run depends only on the seed and the number of
hands, not on the number of workers (``jobs``; the first chunk is played in
the calling thread and timed, and the others are shared among worker threads
when they would take long enough, :func:`worker_count`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Iterator
from typing import Protocol

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from analyzer.core import figures
from analyzer.core.progress import progress_bar
from analyzer.engines.base import HoldPolicy
from analyzer.games.rules import GameRules, Paytable, SideBet, Wager, load_game
from analyzer.simulation.hands import SimulationError
from analyzer.simulation.settlement import TOTAL, GameData
from analyzer.simulation.draws import DrawDeal
from analyzer.simulation.strategies import Strategy
from analyzer.simulation.streets import StreetGame, StreetPolicy

#: A wager fails the check when its |z| exceeds this.
Z_LIMIT = 4
#: Hands per chunk (one seeded generator, one task), for deals without and with community cards:
#: numpy batches without a board, small batches with one, where a posted strategy decides hand by hand.
CHUNK_HANDS = {False: 50_000, True: 5_000}
#: The chunks after the first are shared among worker threads (the simulators deal and settle in numpy and in
#: numba kernels that release the GIL) only when they would take at least this long in one thread (the first
#: chunk, timed, times their number): a quick check stays in the calling thread.
WORKER_WORTHWHILE_SECONDS = 1.0
#: Hands dealt when none are asked for, by ``analyzer simulate`` and by the report's check, without
#: and with community cards (a few seconds on two cores: a posted Hold'em strategy decides hand by
#: hand, about 0.1 ms each).
DEFAULT_HANDS = {False: 1_000_000, True: 100_000}
REPORT_HANDS = {False: 500_000, True: 50_000}


class ExactResults(Protocol):
    """The exact results of the strategy the simulation plays, as outcome tables with ``pays`` (the
    return table: ``net``) and ``combinations`` columns (:class:`analyzer.engines.results.GameResults`)."""

    def wager_table(self, wager: Wager) -> pd.DataFrame: ...

    def return_table(self) -> pd.DataFrame: ...

    def side_bet_table(self, bet: SideBet, paytable: Paytable) -> pd.DataFrame: ...


def default_hands(rules: GameRules | str, report: bool = False) -> int:
    """Hands to deal for a game (:class:`analyzer.games.rules.GameRules`, or a shipped game's name)
    when the user names none (``report``: for the report's check): fewer with community cards.

    >>> default_hands("crazy4"), default_hands("uth", report=True)
    (1000000, 50000)
    """
    if isinstance(rules, str):
        rules = load_game(rules)
    return (REPORT_HANDS if report else DEFAULT_HANDS)[rules.community_cards > 0]


@dataclass(frozen=True)
class WagerCheck:
    """One wager's simulated mean return against its exact value and variance."""

    wager: str
    title: str
    unit: str                       # "per ante" or "per unit staked"
    hands: int
    mean: float
    sample_standard_error: float    # from the simulated hands alone
    exact: Fraction
    exact_variance: Fraction

    @property
    def standard_error(self) -> float:
        """Standard error of the mean of ``hands`` hands from the exact variance."""
        return math.sqrt(self.exact_variance / self.hands)

    @property
    def z(self) -> float:
        """(mean - exact) / standard error; 0 when a wager that never varies agrees exactly."""
        difference = self.mean - float(self.exact)
        if self.standard_error == 0:
            return 0.0 if difference == 0 else math.copysign(math.inf, difference)
        return difference / self.standard_error

    @property
    def passed(self) -> bool:
        return bool(abs(self.z) <= Z_LIMIT)


@dataclass(frozen=True)
class SimulationCheck:
    """A whole simulation check of one game."""

    game: str
    title: str
    strategy: str
    hands: int
    seed: int
    wagers: tuple[WagerCheck, ...]
    seconds: float

    @property
    def passed(self) -> bool:
        return all(row.passed for row in self.wagers)

    def warnings(self) -> list[str]:
        """One line per wager outside the limit."""
        return [f"Simulation check ({self.hands:,} hands, seed {self.seed}): {row.title} {row.unit} mean "
                f"{row.mean:.6f} against the exact {float(row.exact):.6f}, z = {row.z:+.2f} (limit {Z_LIMIT})"
                for row in self.wagers if not row.passed]

    def table(self) -> pd.DataFrame:
        """One row per wager: hands, mean, standard error, exact value, z, the verdict, and the
        standard error estimated from the simulated hands alone."""
        rows = self.wagers
        return pd.DataFrame({
            "wager": [row.title for row in rows],
            "unit": [row.unit for row in rows],
            "hands": [row.hands for row in rows],
            "mean": [row.mean for row in rows],
            "standard error": [row.standard_error for row in rows],
            "exact": [float(row.exact) for row in rows],
            "exact (p/q)": [str(row.exact) for row in rows],
            "z": [row.z for row in rows],
            f"|z| <= {Z_LIMIT}": ["pass" if row.passed else "FAIL" for row in rows],
            "sample standard error": [row.sample_standard_error for row in rows],
        })

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: exact values as "p/q" strings."""
        return {"game": self.game, "title": self.title, "strategy": self.strategy, "hands": self.hands,
                "seed": self.seed, "z_limit": Z_LIMIT, "passed": self.passed, "seconds": round(self.seconds, 3),
                "wagers": [{"wager": row.wager, "title": row.title, "unit": row.unit, "hands": row.hands,
                            "mean": row.mean, "standard_error": row.standard_error, "exact": str(row.exact),
                            "z": row.z, "passed": row.passed,
                            "sample_standard_error": row.sample_standard_error} for row in self.wagers]}

    def as_text(self) -> str:
        """The check as a plain-text table."""
        frame = self.table().drop(columns="exact (p/q)")
        for column in ("mean", "standard error", "exact", "sample standard error"):
            frame[column] = [f"{value:.6f}" for value in frame[column]]
        frame["z"] = [f"{value:+.2f}" for value in frame["z"]]
        frame["hands"] = [f"{value:,}" for value in frame["hands"]]
        verdict = "every wager within" if self.passed else "SOME WAGER OUTSIDE"
        return (f"Simulation check: {self.title}, {self.hands:,} hands, seed {self.seed}, strategy: "
                f"{self.strategy}\n{frame.to_string(index=False)}\n{verdict} |z| <= {Z_LIMIT} "
                f"({self.seconds:.1f} s; standard error from the exact variance)")


def exact_figures(rules: GameRules, exact: ExactResults) -> dict[str, tuple[Fraction, Fraction]]:
    """Exact mean and variance of each main wager's result and of their total per ante, and of each
    side bet's default paytable per unit, from the outcome tables of ``exact``."""
    tables = {wager.name: exact.wager_table(wager) for wager in rules.wagers}
    tables[TOTAL] = exact.return_table().rename(columns={"net": "pays"})
    for bet in rules.side_bets:
        tables[bet.name] = exact.side_bet_table(bet, bet.paytables[bet.default_paytable])
    return {name: _moments(table) for name, table in tables.items()}


def _moments(table: pd.DataFrame) -> tuple[Fraction, Fraction]:
    """Mean and variance of an outcome table's ``pays``, weighted by its ``combinations``.

    >>> _moments(pd.DataFrame({"pays": [1, -1, 1], "combinations": [1, 2, 1]}))
    (Fraction(0, 1), Fraction(1, 1))
    """
    merged: figures.Distribution = {}
    for pays, count in zip(table["pays"], table["combinations"], strict=True):
        merged[Fraction(pays)] = merged.get(Fraction(pays), 0) + int(count)
    return figures.mean(merged), figures.variance(merged)


def game_data(rules: GameRules) -> GameData | StreetGame | DrawDeal:
    """What the simulator plays of a game: against a dealer (streets of decisions or one), streets of decisions
    with no dealer hand, a draw, or no decision (a hand with no draw)."""
    if rules.draw is not None or not rules.decided:
        return DrawDeal.of(rules)
    return StreetGame.of(rules) if rules.streets and not rules.dealer_cards else GameData.of(rules)


def chunk_sums(data: GameData | StreetGame | DrawDeal, strategy: Strategy | StreetPolicy | HoldPolicy, seed: int, chunk: int,
               hands: int) -> dict[str, np.ndarray]:
    """Play one chunk of hands; per wager the sum of the results and of their squares."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(chunk,)))
    return {name: np.array([values.sum(), np.square(values).sum()])
            for name, values in deal_hands(data, strategy, rng, hands).items()}


def deal_hands(data: GameData | StreetGame | DrawDeal, strategy: Strategy | StreetPolicy | HoldPolicy,
               rng: np.random.Generator, hands: int) -> dict[str, np.ndarray]:
    """Deal and settle ``hands`` hands of ``data`` played by ``strategy``, the kind of strategy the game asks
    for (a draw's holds, a choice street by street, or the Play multiple of each deal)."""
    if isinstance(data, DrawDeal) and isinstance(strategy, HoldPolicy):
        return data.deal_hands(strategy, rng, hands)
    if isinstance(data, StreetGame) and isinstance(strategy, StreetPolicy):
        return data.deal_hands(strategy, rng, hands)
    if isinstance(data, GameData) and isinstance(strategy, Strategy):
        return data.deal_hands(strategy, rng, hands)
    raise SimulationError(f"the strategy {strategy.name!r} is not one {type(data).__name__} plays")


def worker_count(jobs: int, chunks: int, seconds_per_chunk: float) -> int:
    """Worker threads for ``chunks`` chunks of ``seconds_per_chunk`` each: ``jobs`` (at most one per chunk) when
    they would take :data:`WORKER_WORTHWHILE_SECONDS` or more in one thread, else 1 (the calling thread).

    >>> worker_count(2, 9, 0.9), worker_count(2, 9, 0.1), worker_count(8, 3, 5.0)
    (2, 1, 3)
    """
    if chunks * seconds_per_chunk < WORKER_WORTHWHILE_SECONDS:
        return 1
    return max(1, min(jobs, chunks))


def simulate_game(rules: GameRules, strategy: Strategy | StreetPolicy | HoldPolicy, exact: ExactResults, hands: int,
                  seed: int, jobs: int = 1,
                  progress: bool = False) -> SimulationCheck:
    """Deal ``hands`` hands of the game ``rules`` describe (rule options applied) from decks shuffled
    by a generator seeded with ``seed``, play them by ``strategy``, settle them from the rules data,
    and compare each wager's mean return with its exact value from ``exact`` (see
    :func:`exact_figures`: the exact results of the same strategy)."""
    if hands < 2:
        raise SimulationError("a simulation needs at least 2 hands")
    started = time.perf_counter()
    data = game_data(rules)
    expected = exact_figures(rules, exact)
    size = CHUNK_HANDS[data.community_cards > 0]
    chunks = [(index, min(size, hands - start)) for index, start in enumerate(range(0, hands, size))]

    def tasks() -> Iterator[dict[str, np.ndarray]]:
        timed = time.perf_counter()
        yield chunk_sums(data, strategy, seed, *chunks[0])
        rest = chunks[1:]
        workers = worker_count(jobs, len(rest), time.perf_counter() - timed)
        yield from Parallel(n_jobs=workers, prefer="threads", return_as="generator")(
            delayed(chunk_sums)(data, strategy, seed, index, count) for index, count in rest)

    totals: dict[str, np.ndarray] = {}
    for sums in progress_bar(tasks(), len(chunks), progress, f"{rules.title}: simulation"):
        for name, pair in sums.items():
            totals[name] = totals.get(name, 0) + pair
    titles = {**{wager.name: wager.title for wager in data.wagers}, TOTAL: "Total (main game)",
              **{name: bet.title for name, bet in data.side_bets.items()}}
    rows = []
    for name, (total, squares) in totals.items():
        mean = float(total) / hands
        variance = max(float(squares) - hands * mean * mean, 0.0) / (hands - 1)
        unit = "per unit staked" if name in data.side_bets else "per ante"
        rows.append(WagerCheck(name, titles[name], unit, hands, mean, math.sqrt(variance / hands), *expected[name]))
    return SimulationCheck(rules.name, rules.title, strategy.name, hands, seed, tuple(rows),
                           time.perf_counter() - started)
