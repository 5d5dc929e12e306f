"""Exact results of Ultimate Texas Hold'em with dealer hole cards seen: the figures both cases share.

:mod:`analyzer.engines.holdem.exposure` (one card seen) and
:mod:`analyzer.engines.holdem.exposure_both` (both seen) add per flop class, into
classes of what the player sees pre-flop, the integer sums ``ev_sums[c] =
(A, B, best flop value)`` (scaled by :data:`~analyzer.engines.holdem.enumeration.SCALE`;
Play m at showdown is worth A + m B), ``flop_actions[c, (2x, check)]``,
``river_actions[c, (1x, fold)]`` and ``deals[c]``. From them, per class:
check = the flop's best value, 3x = A + 3B, 4x = A + 4B, exact ties to the
smaller wager; the figures follow from the values of the decisions taken and
the deals per decision.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Self

import numpy as np

from analyzer.core.figures import element_of_risk
from analyzer.engines.holdem.enumeration import (
    FLOP_CHOICES,
    PREFLOP_CHOICES,
    RIVER_CHOICES,
    SCALE,
    FlopClassSums,
    flop_classes,
)


def covers_every_flop_class(flop_class_indices: Sequence[int] | None) -> bool:
    """Whether a run over these flop classes (None: all) is complete."""
    return flop_class_indices is None or len({int(i) for i in flop_class_indices}) == len(flop_classes())


@dataclass(frozen=True, eq=False)
class SeenSums(FlopClassSums):
    """Integer sums by pre-flop class over some flop classes (a subclass sets ``SHAPES`` with :meth:`shapes`).

    ``ev_sums[c]``: (A, B, best flop value) summed over the class's members,
    flops, turn/rivers and dealer hands (scaled); ``flop_actions[c, (2x,
    check)]``: flop situations per flop decision; ``river_actions[c, (1x,
    fold)]``: river situations per river decision after a flop check;
    ``deals[c]``: deals counted.
    """

    ev_sums: np.ndarray
    flop_actions: np.ndarray
    river_actions: np.ndarray
    deals: np.ndarray

    @staticmethod
    def shapes(classes: int) -> dict[str, tuple[int, ...]]:
        """The arrays' shapes for ``classes`` pre-flop classes."""
        return {"ev_sums": (classes, 3), "flop_actions": (classes, 2), "river_actions": (classes, 2),
                "deals": (classes,)}


@dataclass(frozen=True)
class SeenResults(ABC):
    """Exact results of one exposure case, played optimally (a subclass names the case and gives its
    :meth:`class_sizes`).

    Counts are deals of the case's ordered cycle.

    * ``sums``: the class sums;
    * ``values``: int64 (classes, 3), scaled values (check, 3x, 4x) summed
      over each class's members and deals; ``decision``: index into
      PREFLOP_CHOICES;
    * ``preflop_actions`` (3,), ``flop_actions`` (2,: 2x, check, among deals
      that checked pre-flop), ``river_actions`` (2,: 1x, fold, among deals
      that checked twice): deals per decision;
    * ``cycle``: deals counted; ``complete``: every flop class enumerated.
    """

    #: Deals behind one counted flop situation and one counted river situation.
    FLOP_SITUATION_DEALS: ClassVar[int]
    RIVER_SITUATION_DEALS: ClassVar[int]

    sums: SeenSums
    values: np.ndarray
    decision: np.ndarray
    preflop_actions: np.ndarray
    flop_actions: np.ndarray
    river_actions: np.ndarray
    cycle: int
    complete: bool

    @staticmethod
    @abstractmethod
    def class_sizes() -> np.ndarray:
        """Members per class (the case's classes)."""

    @classmethod
    def from_sums(cls, sums: SeenSums, complete: bool = True) -> Self:
        if (sums.ev_sums % cls.class_sizes()[:, None]).any():
            raise ArithmeticError("class sums not divisible by class sizes: suit symmetry broken")
        a, b, flop_best = sums.ev_sums.T
        values = np.stack([flop_best, a + 3 * b, a + 4 * b], axis=1)
        decision = np.zeros(len(values), dtype=np.int64)
        for choice in (1, 2):  # strictly better only: exact ties go to the smaller wager
            best = values[np.arange(len(values)), decision]
            decision = np.where(values[:, choice] > best, choice, decision)
        preflop_actions = np.array([sums.deals[decision == choice].sum() for choice in range(3)], dtype=np.int64)
        checked = decision == 0
        flop_actions = sums.flop_actions[checked].sum(axis=0) * cls.FLOP_SITUATION_DEALS
        river_actions = sums.river_actions[checked].sum(axis=0) * cls.RIVER_SITUATION_DEALS
        cycle = int(sums.deals.sum())
        if flop_actions.sum() != preflop_actions[0] or river_actions.sum() != flop_actions[1]:
            raise ArithmeticError("decision counts do not add up")
        return cls(sums, values, decision, preflop_actions, flop_actions, river_actions, cycle, complete)

    # ----------------------------------------------------------------- figures

    def best_values(self) -> np.ndarray:
        """Scaled value of the pre-flop decision taken, per class (summed over members and deals)."""
        return self.values[np.arange(len(self.values)), self.decision]

    def expected_net(self) -> Fraction:
        """E[net] of the main game (Ante + Blind + Play) per ante, exact."""
        return Fraction(sum(int(v) for v in self.best_values()), SCALE * self.cycle)

    def house_edge_per_ante(self) -> Fraction:
        return -self.expected_net()

    def average_total_bet(self) -> Fraction:
        """Ante + Blind + the Play bet made, per ante, on average."""
        play = (3 * int(self.preflop_actions[1]) + 4 * int(self.preflop_actions[2]) + 2 * int(self.flop_actions[0])
                + int(self.river_actions[0]))
        return 2 + Fraction(play, self.cycle)

    def element_of_risk(self) -> Fraction:
        return element_of_risk(self.expected_net(), self.average_total_bet())

    def frequencies(self) -> dict[str, Fraction]:
        """Share of all deals per decision taken (pre-flop, then flop and river among all deals)."""
        table = {f"pre-flop {name}": Fraction(int(n), self.cycle)
                 for name, n in zip(PREFLOP_CHOICES, self.preflop_actions, strict=True)}
        table.update({f"flop {name}": Fraction(int(n), self.cycle)
                      for name, n in zip(FLOP_CHOICES, self.flop_actions, strict=True)})
        table.update({f"river {name}": Fraction(int(n), self.cycle)
                      for name, n in zip(RIVER_CHOICES, self.river_actions, strict=True)})
        return table

    def figures(self) -> dict[str, Fraction | int | bool]:
        edge = self.house_edge_per_ante()
        return {"cycle": self.cycle, "complete": self.complete, "house_edge_per_ante": edge,
                "house_edge_per_initial_wager": edge / 2, "average_total_bet": self.average_total_bet(),
                "element_of_risk": self.element_of_risk(),
                **{f"frequency {name}": value for name, value in self.frequencies().items()}}

    def decision_columns(self) -> dict[str, object]:
        """Per class: its size, the decision and each choice's exact EV per ante (None when no deal was
        counted), as table columns."""
        evs = [[Fraction(int(v), SCALE * int(n)) if n else None for v in row]
               for row, n in zip(self.values, self.sums.deals, strict=True)]
        return {"combinations": self.class_sizes(),
                "decision": [PREFLOP_CHOICES[d] for d in self.decision],
                **{f"ev_{name}": [row[k] for row in evs] for k, name in enumerate(PREFLOP_CHOICES)}}
