"""Cached enumerations: the counts of a game's enumeration, saved once and reused.

The key is the program version and every input that changes the counts (the
game's ranking, cards, qualifier, and for Hold'em the main wagers that steer
its strategy), but not the paytables of wagers the counts do not depend on:
a second report, a paytable comparison or a side-bet change reuses them. A
cache written by another program version has another key and is never
reused. Files are written atomically (:mod:`analyzer.core.atomic`), so an
interrupted run never leaves a half-written entry; chunks saved on the way
let the next run resume.

The folder is ``enumerations/cache`` under the working directory, or
``$ANALYZER_CACHE``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from analyzer import __version__
from analyzer.games.rules import GameRules


def cache_root() -> Path:
    """Where cached enumerations live: ``$ANALYZER_CACHE`` or ``enumerations/cache``."""
    return Path(os.environ.get("ANALYZER_CACHE", Path("enumerations") / "cache"))


def enumeration_key(rules: GameRules) -> str:
    """A short hash of what the enumeration's counts depend on, with the program version."""
    inputs = {
        "version": __version__, "engine": rules.engine, "ranking": rules.ranking.name,
        "cards": [rules.player_cards, rules.dealer_cards, rules.dealer_up_cards, rules.community_cards],
        "qualifier": rules.dealer_qualifies.text if rules.dealer_qualifies else None,
    }
    if rules.engine != "one_decision":  # the strategy is part of the counts: the main game steers it
        inputs["main"] = [[w.name, [str(r) for r in w.results], str(w.on_fold), w.paytable_mode,
                           [(line.pattern.text, str(line.pays)) for line in w.paytable.lines] if w.paytable else None]
                          for w in rules.wagers]
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:16]


def cache_folder(rules: GameRules) -> Path:
    """The folder of this game's cached enumeration (and its resumable chunks)."""
    return cache_root() / f"{rules.name}-{__version__}-{enumeration_key(rules)}"

