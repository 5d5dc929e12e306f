"""Where the committed exact results are: the one place that knows.

The repository keeps them in its top-level ``enumerations/`` folder (one
folder per game, ``protect/`` for the procedure leaks). A regular install
ships that folder inside the package as its data package
``analyzer.enumerations`` (pyproject.toml maps it onto ``enumerations/``,
without the enumeration cache), so the results are found from any working
folder; a source checkout or an editable install reads the repository's
folder itself.

>>> (ENUMERATIONS / "protect" / "edges.csv").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]

#: The committed results: ``analyzer/enumerations`` when installed, else the repository's ``enumerations``.
ENUMERATIONS = _PACKAGE / "enumerations" if (_PACKAGE / "enumerations").is_dir() else _PACKAGE.parent / "enumerations"
