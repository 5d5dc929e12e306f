"""Exact combinatorial analysis of poker-derived casino table games.

>>> from analyzer import game_names
>>> "crazy4" in game_names()
True

The Python API (``analyze``, ``game_names``, ``load_game``) is imported when first used, so a command that
needs none of it (``analyzer check``) does not pay for the enumeration's imports.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

#: Where each name of the API lives.
_API = {"analyze": "analyzer.pipeline", "game_names": "analyzer.games.rules", "load_game": "analyzer.games.rules"}

__all__ = ["analyze", "game_names", "load_game", "__version__"]


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
