"""Exact integer sums of counts times scaled results: 64-bit when they provably fit, Python integers when not.

Every kernel multiplies counts of deals by net results scaled to the common
denominator ``scale`` of the game's results and pays
(:func:`analyzer.games.settlement.common_scale`), and adds the products up.
Every such sum (a decision's total over a class's deals, a prefix sum of
differences of two of them ...) is at most ``HEADROOM`` times the bound

    bound = deals * largest,     largest = scale * sum over wagers of stake_w * largest_result_w

in magnitude, with ``deals`` the deals the sums can cover (the cycle: every
count is non-negative and no deal is counted twice), ``stake_w`` the most units
a deal can stake on wager ``w`` and ``largest_result_w`` the largest magnitude
of its result per unit (its fold result, or an outcome's result plus (paid in
addition) or or (paid instead) its largest pay). When ``HEADROOM * bound``
fits in a signed 64-bit integer the kernels sum in ``np.int64`` as they
always have; past ``2**63 - 1`` they sum Python integers (numpy ``object``
arrays), exact at any size, or, where a kernel is compiled (numba) and has no
such path, the game is refused in one line naming the line that makes the
scale large. A sum is never wrapped round and never a float.

Three Card Poker whose Ante Bonus pays a straight ``1000000000000000001/10**18``:
the scale is ``10**18``, a deal stakes the Ante and one Play unit, the Ante
wins at most 1 + 5 (its straight flush bonus) and Play 1, so the largest net
of a deal is ``7 * 10**18`` and over the 407,170,400 deals the sums need
Python integers:

>>> bound = SumBound.of(407_170_400, 7 * 10**18)
>>> bound.fits, bound.dtype
(False, dtype('O'))
>>> SumBound.of(407_170_400, 7).fits, SumBound.of(407_170_400, 7).dtype   # the shipped pays: scale 1
(True, dtype('int64'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

import numpy as np

from analyzer.games.rules import GameRules, RulesError, Wager

#: The largest signed 64-bit integer.
INT64_MAX = 2**63 - 1

#: How many bounds a kernel's sums may add up to: differences of two sums and sums of a few of those
#: (the posted rule's prefix sums reach 5 bounds).
HEADROOM = 8


def largest_result(wager: Wager) -> Fraction:
    """The largest magnitude of ``wager``'s result per unit staked, on a fold or on any outcome.

    >>> from analyzer.games.rules import load_game
    >>> [str(largest_result(w)) for w in load_game("threecard").wagers]   # Ante 1 + bonus 5, Play 1
    ['6', '1']
    """
    results = max((abs(Fraction(value)) for value in wager.results), default=Fraction(0))
    pays = max((abs(line.pays) for line in wager.paytable.lines), default=Fraction(0)) if wager.paytable \
        else Fraction(0)
    paid = results + pays if wager.paytable_mode == "in_addition" else max(results, pays)
    return max(abs(Fraction(wager.on_fold)), paid)


def largest_net(stakes: Iterable[tuple[Wager, int]], scale: int) -> int:
    """The largest magnitude of a deal's scaled net result: ``scale * sum of stake * largest_result``, for
    each wager and the most units a deal stakes on it."""
    return ceil(scale * sum((abs(int(stake)) * largest_result(wager) for wager, stake in stakes), Fraction(0)))


def raise_stakes(rules: GameRules, raise_multiple: int) -> list[tuple[Wager, int]]:
    """One unit on every wager but the raise wager, ``raise_multiple`` units on it."""
    return [(w, raise_multiple if w.role == "raise" else 1) for w in rules.wagers]


@dataclass(frozen=True)
class SumBound:
    """A bound on the magnitude of a kernel's sums, and the integer type that holds them exactly."""

    bound: int

    @classmethod
    def of(cls, deals: int, largest: int) -> SumBound:
        """``HEADROOM * deals * largest``: see the module."""
        return cls(HEADROOM * int(deals) * int(largest))

    @property
    def fits(self) -> bool:
        """Whether every sum fits a signed 64-bit integer."""
        return self.bound <= INT64_MAX

    @property
    def dtype(self) -> np.dtype:
        """``int64`` when the sums fit, else ``object`` (Python integers)."""
        return np.dtype(np.int64) if self.fits else np.dtype(object)

    def cast(self, values: np.ndarray) -> np.ndarray:
        """``values`` (integers) in :attr:`dtype`: unchanged when int64 already fits, else Python integers.

        >>> SumBound(2**70).cast(np.array([3], dtype=np.int64)) * 2**62
        array([13835058055282163712], dtype=object)
        """
        values = np.asarray(values)
        if self.fits:
            if values.dtype == object:  # values past int64 cannot be summed in int64 within a bound that fits
                raise AssertionError("a value past 64 bits under a bound that fits")
            return values.astype(np.int64, copy=False)
        return values.astype(object)

    def require_int64(self, rules: GameRules, kernel: str) -> None:
        """Refuse, in one line, a game whose sums a 64-bit-only kernel cannot hold (see the module)."""
        if not self.fits:
            raise RulesError(f"{rules.source}: {kernel} sums in 64-bit integers, and with {culprit(rules)} its "
                             f"sums could reach {self.bound:.3g} (a bound past 2**63 - 1 = {INT64_MAX:.3g}): "
                             "give that line a pay with a smaller denominator, or a smaller pay")


def culprit(rules: GameRules) -> str:
    """The main-game pay or result that makes the sums large: the one of largest denominator (it sets the
    scale), or the largest one when that is larger than every denominator.

    >>> from analyzer.games.rules import load_game
    >>> culprit(load_game("uth"))
    "blind line 'Royal flush' paying 500"
    """
    values: list[tuple[Fraction, str]] = []
    for wager in rules.wagers:
        values += [(Fraction(value), f"{wager.name}'s result {value}") for value in (wager.on_fold, *wager.results)]
        values += [(line.pays, f"{wager.name} line {line.label!r} paying {line.pays}")
                   for line in (wager.paytable.lines if wager.paytable else ())]
    finest = max(values, key=lambda entry: entry[0].denominator)
    largest = max(values, key=lambda entry: abs(entry[0]))
    return finest[1] if finest[0].denominator >= abs(largest[0]) else largest[1]


def floor_of(values: np.ndarray) -> int:
    """An integer below every one of ``values`` (a barred choice's value in an argmax): the smallest int64,
    or for Python integers one less than the smallest (and than 0).

    >>> floor_of(np.array([3], dtype=np.int64)) == -2**63, floor_of(np.array([-2**70], dtype=object)) == -2**70 - 1
    (True, True)
    """
    if values.dtype != object:
        return int(np.iinfo(np.int64).min)
    return min(0, int(values.min()) if values.size else 0) - 1


def exact_total(values: np.ndarray) -> int:
    """The exact sum of integers as a Python int, whatever their type (int64 parts summed in Python)."""
    return int(np.asarray(values).astype(object).sum()) if np.size(values) else 0


def as_floats(values: np.ndarray) -> np.ndarray:
    """Integers (or ratios of them) as float64, for display only."""
    return np.asarray(values, dtype=np.float64)


def saved(values: np.ndarray) -> np.ndarray:
    """An array as saved in a .npz file: Python integers as their decimal text (no pickle), others as they are."""
    return values.astype(str) if values.dtype == object else values


def restored(values: np.ndarray) -> np.ndarray:
    """The array :func:`saved` wrote: decimal text back to Python integers.

    >>> restored(saved(np.array([2**70, -1], dtype=object))).tolist() == [2**70, -1]
    True
    """
    if values.dtype.kind == "U":
        return np.array([int(text) for text in values.ravel()], dtype=object).reshape(values.shape)
    return values
