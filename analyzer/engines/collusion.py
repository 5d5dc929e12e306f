"""The colluder estimate every engine gives (:meth:`analyzer.engines.base.Engine.collusion`): the house edge
per ante when other players show the player their cards, estimated from sampled deals each settled exactly.
How each engine samples is its own (:mod:`analyzer.engines.one_decision.collusion`,
:mod:`analyzer.engines.holdem.street_collusion`, :mod:`analyzer.engines.stud.protection`).

>>> CollusionEstimate("crazy4", 1, 10, 1, Fraction(3, 100), Fraction(1, 1000), 0.0005, 2).edge
Fraction(29, 1000)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Self

from analyzer.core.committed import COMMITTED_COLLUDERS, committed_rows
from analyzer.games.rules import GameRules, as_shipped

#: Two-sided 95% normal quantile, for the interval shown beside an estimate.
Z_95 = 1.959963984540054
#: Two-sided 95% Student quantiles by degrees of freedom, for a mean of few samples (beyond 30: Z_95).
T_95 = dict(enumerate((12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
                       2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
                       2.052, 2.048, 2.045, 2.042), start=1))


def colluders_count(colluders: int) -> str:
    """``1 colluder``, ``3 colluders``."""
    return f"{colluders} colluder{'s' if colluders > 1 else ''}"


@dataclass(frozen=True)
class CollusionEstimate:
    """The estimated house edge per ante with ``colluders`` other hands known.

    ``normal_edge``: the exact edge of normal play; ``mean_gain``: the exact
    mean over the sampled deals of the information's value per ante;
    ``standard_error``: of that mean; ``switched``: deals whose decision changed.
    """

    game: str
    colluders: int
    deals: int
    seed: int
    normal_edge: Fraction
    mean_gain: Fraction
    standard_error: float
    switched: int
    seconds: float = 0.0

    @property
    def edge(self) -> Fraction:
        """The estimate: the normal edge less the mean gain (exact for the sampled deals)."""
        return self.normal_edge - self.mean_gain

    def interval(self) -> tuple[float, float]:
        """95% confidence interval (normal approximation; the mean of many independent deals)."""
        half = Z_95 * self.standard_error
        return float(self.edge) - half, float(self.edge) + half

    def method(self) -> str:
        """How the figure was obtained, for the procedure risk table."""
        return (f"ESTIMATE, not exhaustive: {self.deals:,} sampled deals (seed {self.seed}), each settled exactly "
                f"against every dealer hand avoiding the known hands ({colluders_count(self.colluders)}); "
                f"edge = normal edge - mean value of the information; standard error "
                f"{100 * self.standard_error:.4f}%")

    def sample_unit(self) -> str:
        """What ``deals`` counts, for display."""
        return "sampled deals"

    def changed_unit(self) -> str:
        """What ``switched`` counts, for display."""
        return f"of {self.deals:,} deals"

    @classmethod
    def from_row(cls, row: dict[str, str]) -> Self:
        """The estimate a row of ``enumerations/protect/colluders.csv`` records (``mean_information_value``: the
        sampled deals' mean gain)."""
        return cls(row["game"], int(row["colluders"]), int(row["deals"]), int(row["seed"]),
                   Fraction(row["normal_house_edge_per_ante"]), Fraction(row["mean_information_value"]),
                   float(row["standard_error"]), int(row["decisions_changed"]))

    def as_dict(self) -> dict[str, object]:
        low, high = self.interval()
        return {"game": self.game, "colluders": self.colluders, "deals": self.deals, "seed": self.seed,
                "house_edge_per_ante_estimate": self.edge, "normal_house_edge_per_ante": self.normal_edge,
                "mean_information_value": self.mean_gain, "standard_error": self.standard_error,
                "interval_95": [low, high], "decisions_changed": self.switched,
                "method": self.method()}


def committed_collusion(rules: GameRules, colluders: int,
                        kind: type[CollusionEstimate] = CollusionEstimate) -> CollusionEstimate | None:
    """The estimate committed in ``enumerations/protect/colluders.csv``, for the game as shipped only (as
    ``kind``: the engine's estimate class, which words its method)."""
    if not as_shipped(rules):
        return None
    for row in committed_rows(COMMITTED_COLLUDERS, rules.name):
        if int(row["colluders"]) == colluders:
            return kind.from_row(row)
    return None
