"""Where the committed exact results are: the one place that knows.

The repository keeps them in its top-level ``enumerations/`` folder (one
folder per game, ``protect/`` for the procedure leaks). A regular install
ships that folder inside the package as its data package
``analyzer.enumerations`` (pyproject.toml maps it onto ``enumerations/``,
without the enumeration cache), so the results are found from any working
folder; a source checkout or an editable install reads the repository's
folder itself.

>>> COMMITTED_EDGES.is_file(), PROTECT.name
(True, 'protect')
"""

from __future__ import annotations

import csv
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]

#: The committed results: ``analyzer/enumerations`` when installed, else the repository's ``enumerations``.
ENUMERATIONS = _PACKAGE / "enumerations" if (_PACKAGE / "enumerations").is_dir() else _PACKAGE.parent / "enumerations"
def committed_folder(game: str, part: str = "") -> Path:
    """The folder of a shipped game's committed results (``<game>``, or ``<game>_<part>`` for a part such
    as a posted strategy's run).

    >>> committed_folder("uth", "posted").name
    'uth_posted'
    """
    return ENUMERATIONS / (f"{game}_{part}" if part else game)


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
