"""Where the committed exact results live, and reading their rows.

Long exhaustive runs are computed once and committed under the repository's
``enumerations/`` folder (golden counts of the shipped games, the procedure
leak edges and the colluder estimates of ``enumerations/protect``). Results
committed for a shipped game hold only for that game as shipped
(:func:`analyzer.engines.base.as_shipped`).

>>> PROTECT.name
'protect'
"""

from __future__ import annotations

import csv
from pathlib import Path

ENUMERATIONS = Path(__file__).resolve().parents[2] / "enumerations"
PROTECT = ENUMERATIONS / "protect"
#: Exact edges of the exposures computed once (``scripts/protect_edges.py``).
COMMITTED_EDGES = PROTECT / "edges.csv"
#: Colluder estimates computed once (``scripts/protect_colluders.py``).
COMMITTED_COLLUDERS = PROTECT / "colluders.csv"


def committed_rows(path: Path, game: str) -> list[dict[str, str]]:
    """The rows of a committed CSV file that belong to ``game`` (none when the file is missing)."""
    if not path.is_file():
        return []
    with open(path, encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle) if row["game"] == game]
