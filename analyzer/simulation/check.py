"""The simulation check: many shuffled deals, each wager's mean return against its exact value.

:func:`simulate` plays a game's hands by the analysis's strategy through the
simulator's own code (:mod:`analyzer.simulation.games`) and reports, for each
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
hands, not on the number of workers (``jobs``; used when there are enough
chunks to share).
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from analyzer.core import figures
from analyzer.core.progress import progress_bar
from analyzer.engines.results import distribution
from analyzer.simulation.games import (
    GAMES,
    FourCardGame,
    GameData,
    HoldemGame,
    StrategyTable,
)
from analyzer.simulation.hands import SimulationError

#: A wager fails the check when its |z| exceeds this.
Z_LIMIT = 4
#: Hands per chunk (one seeded generator, one task): numpy batches for the four-card games, small
#: batches for Hold'em, whose decisions are taken hand by hand.
CHUNK_HANDS = {FourCardGame: 50_000, HoldemGame: 5_000}
#: Worker processes start only with at least this many chunks each: starting one (imports, numba)
#: takes seconds, so a report's check and the default runs stay in one process.
CHUNKS_PER_WORKER = 16
#: Hands dealt when none are asked for, by ``analyzer simulate`` and by the report's check (a few
#: seconds on two cores: Hold'em decisions are taken hand by hand, about 0.1 ms each).
DEFAULT_HANDS = {FourCardGame: 1_000_000, HoldemGame: 100_000}
REPORT_HANDS = {FourCardGame: 500_000, HoldemGame: 50_000}
TOTAL = "total"


def default_hands(game: str, report: bool = False) -> int:
    """Hands to deal for ``game`` when the user names none (``report``: for the report's check)."""
    if game not in GAMES:
        raise SimulationError(f"the simulator does not know the game {game!r}")
    return (REPORT_HANDS if report else DEFAULT_HANDS)[type(GAMES[game])]


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


def prepared_game(analysis) -> tuple[FourCardGame | HoldemGame, str]:
    """The simulator's game for an analysis, given the analysis's strategy, and that strategy's name.

    Four-card games: the optimal Play multiple of every situation class, read
    from the analysis's representative hands (and dealer up-cards).
    Ultimate Texas Hold'em: the posted card whose exact counts the analysis
    holds (:data:`analyzer.engines.holdem.posted.CARD_WITH_DEALER_OUTS` when it has none:
    the committed counts in ``enumerations/uth_posted/`` are its).
    """
    name = analysis.rules.name
    if name not in GAMES:
        raise SimulationError(f"the simulator does not know the game {name!r}")
    game = GAMES[name]
    unknown = {option.name for option in analysis.rules.options} - set(game.readings)
    if unknown:
        raise SimulationError(f"{analysis.rules.title}: the simulator does not settle the rule option "
                              f"{min(unknown)!r}")
    if isinstance(game, HoldemGame):
        strategy = _posted_strategy(analysis)
        return dataclasses.replace(game, strategy=strategy), f"posted card ({strategy.name})"
    situations = analysis.situations
    table = StrategyTable.build(situations.cards, situations.up_card, analysis.chosen_multiple)
    return dataclasses.replace(game, strategy=table), "optimal (from the exact analysis)"


def _posted_strategy(analysis):
    from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS

    posted = getattr(analysis, "posted", None)
    return CARD_WITH_DEALER_OUTS if posted is None else posted.strategy


def exact_figures(analysis) -> dict[str, tuple[Fraction, Fraction]]:
    """Exact mean and variance of each main wager's result and of their total per ante, and of each
    side bet's default paytable per unit, under the strategy the simulator plays (see
    :func:`prepared_game`), from the analysis's outcome tables."""
    source = _posted_results(analysis) if isinstance(GAMES.get(analysis.rules.name), HoldemGame) else analysis
    tables = {wager.name: source.wager_table(wager) for wager in analysis.rules.wagers}
    tables[TOTAL] = source.return_table().rename(columns={"net": "pays"})
    for bet in analysis.rules.side_bets:
        tables[bet.name] = analysis.side_bet_table(bet, bet.paytables[bet.default_paytable])
    return {name: (figures.mean(distribution(table)), figures.variance(distribution(table)))
            for name, table in tables.items()}


def committed_holdem_analysis(rules):
    """Ultimate Texas Hold'em from its committed counts (``enumerations/uth/`` and, for the posted
    card, ``enumerations/uth_posted/``): the exact figures without an enumeration."""
    from analyzer.engines.holdem.posted import OPTIMAL_FOLDER
    from analyzer.engines.holdem.results import HoldemAnalysis, load_counts

    return HoldemAnalysis(rules, load_counts(OPTIMAL_FOLDER))


def _posted_results(analysis):
    """The Hold'em results with the posted card's settlement counts in place of the optimal ones."""
    from analyzer.engines.holdem.posted import load_posted_counts
    from analyzer.engines.holdem.results import HoldemAnalysis

    counts = analysis.posted
    if counts is None:
        saved = load_posted_counts()
        counts = dataclasses.replace(analysis.counts, settlement_by_hand=saved.settlement_by_hand,
                                     settlement=saved.settlement)
    return HoldemAnalysis(analysis.rules, counts)


def chunk_sums(game, data: GameData, seed: int, chunk: int, hands: int) -> dict[str, np.ndarray]:
    """Play one chunk of hands; per wager the sum of the results and of their squares."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(chunk,)))
    return {name: np.array([values.sum(), np.square(values).sum()])
            for name, values in game.play(rng, hands, data).items()}


def simulate(analysis, hands: int, seed: int, jobs: int = 1, progress: bool = False) -> SimulationCheck:
    """Deal ``hands`` hands of the analysed game from decks shuffled by a generator seeded with
    ``seed``, play them by the analysis's strategy, settle them by the written rules, and compare
    each wager's mean return with its exact value."""
    if hands < 2:
        raise SimulationError("a simulation needs at least 2 hands")
    started = time.perf_counter()
    game, strategy = prepared_game(analysis)
    data = GameData.of(analysis.rules)
    exact = exact_figures(analysis)
    size = CHUNK_HANDS[type(game)]
    chunks = [(index, min(size, hands - start)) for index, start in enumerate(range(0, hands, size))]
    workers = max(1, min(jobs, len(chunks) // CHUNKS_PER_WORKER))
    tasks = Parallel(n_jobs=workers, return_as="generator")(
        delayed(chunk_sums)(game, data, seed, index, count) for index, count in chunks)
    totals: dict[str, np.ndarray] = {}
    for sums in progress_bar(tasks, len(chunks), progress, f"{analysis.rules.title}: simulation"):
        for name, pair in sums.items():
            totals[name] = totals.get(name, 0) + pair
    titles = {**data.wagers, TOTAL: "Total (main game)", **{name: title for name, (title, _) in data.side_bets.items()}}
    rows = []
    for name, (total, squares) in totals.items():
        mean = float(total) / hands
        variance = max(float(squares) - hands * mean * mean, 0.0) / (hands - 1)
        unit = "per unit staked" if name in data.side_bets else "per ante"
        rows.append(WagerCheck(name, titles[name], unit, hands, mean, math.sqrt(variance / hands), *exact[name]))
    return SimulationCheck(analysis.rules.name, analysis.rules.title, strategy, hands, seed, tuple(rows),
                           time.perf_counter() - started)
