"""The figures of a math report, from a table of results and their exact counts.

A *distribution* maps each distinct result (a Fraction, in units of the
stake) to the number of deals that produce it; the counts add up to the
cycle. Every figure is an exact Fraction except the standard deviation, a
square root, given as a decimal string.

>>> table = {Fraction(1): 45, Fraction(0): 10, Fraction(-1): 45}
>>> mean(table), house_edge(table), hit_frequency(table)
(Fraction(0, 1), Fraction(0, 1), Fraction(9, 20))
>>> standard_deviation(table)[:8]
'0.948683'
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

Distribution = dict[Fraction, int]


def total(distribution: Distribution) -> int:
    """Number of deals: the sum of the counts."""
    return sum(distribution.values())


def mean(distribution: Distribution) -> Fraction:
    """E[result] = sum(result * count) / cycle."""
    return Fraction(sum(value * count for value, count in distribution.items()), total(distribution))


def second_moment(distribution: Distribution) -> Fraction:
    """E[result^2]."""
    return Fraction(sum(value * value * count for value, count in distribution.items()), total(distribution))


def house_edge(distribution: Distribution, stake: Fraction | int = 1) -> Fraction:
    """-E[result] / stake: what the house keeps per unit of ``stake``."""
    return -mean(distribution) / stake


def variance(distribution: Distribution) -> Fraction:
    """E[result^2] - E[result]^2."""
    return second_moment(distribution) - mean(distribution) ** 2


def decimal_sqrt(value: Fraction, digits: int = 30) -> str:
    """Square root of a non-negative Fraction to ``digits`` significant digits."""
    with localcontext() as context:
        context.prec = digits
        return str((Decimal(value.numerator) / Decimal(value.denominator)).sqrt())


def standard_deviation(distribution: Distribution) -> str:
    """sqrt(E[result^2] - E[result]^2), as a decimal string."""
    return decimal_sqrt(variance(distribution))


def hit_frequency(distribution: Distribution) -> Fraction:
    """P(result > 0)."""
    return Fraction(sum(count for value, count in distribution.items() if value > 0), total(distribution))


def element_of_risk(net_mean: Fraction, average_total_bet: Fraction) -> Fraction:
    """-E[net] / average total bet: the house edge per unit actually wagered."""
    return -net_mean / average_total_bet


def one_in(probability: Fraction) -> Fraction | None:
    """Odds "1 in N" of an event: N = 1 / probability; None if it never happens."""
    return 1 / probability if probability else None


def percent(value: Fraction | float) -> str:
    """A fraction (or a float: an estimate's interval) as a percentage with 6 decimals (the convention of
    published tables), for display.

    >>> percent(Fraction(1, 8))
    '12.500000%'
    """
    return f"{float(value) * 100:.6f}%"
