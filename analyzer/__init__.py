"""Exact combinatorial analysis of poker-derived casino table games.

>>> from analyzer import game_names
>>> "crazy4" in game_names()
True
"""

__version__ = "0.1.0"

from analyzer.games.rules import game_names, load_game  # noqa: E402
from analyzer.pipeline import analyze  # noqa: E402

__all__ = ["analyze", "game_names", "load_game", "__version__"]
