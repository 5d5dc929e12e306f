"""Exact CSV text: fractions as "p/q", ``\\n`` line ends, so two runs write identical bytes.

>>> exact_text(Fraction(3, 2)), exact_text(7)
('3/2', '7/1')
>>> csv_text(["a", "b"], [[1, "x"]])
'a,b\\n1,x\\n'
>>> [row["b"] for row in read_rows("a,b\\n1,x\\n")]
['x']
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction


def exact_text(value: Fraction | int | str) -> str:
    """A number as an exact fraction ``p/q``, always with its denominator."""
    exact = Fraction(value)
    return f"{exact.numerator}/{exact.denominator}"


def csv_text(header: list[str], rows: list[list[object]]) -> str:
    """CSV text with ``\\n`` line ends."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def read_rows(text: str) -> list[dict[str, str]]:
    """The rows of CSV text as dicts keyed by the header."""
    return list(csv.DictReader(io.StringIO(text)))
