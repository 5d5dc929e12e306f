"""Cached enumerations: the counts of a game's enumeration, saved once and reused.

The key is a hash of every input that changes the counts: the source of the
code that produces them (:func:`code_hash`: any edit to the counting code
gives new keys, so a cache written by other code is never reused), and the
game's ranking, cards, qualifier, and whatever else its engine says the counts
depend on (:meth:`analyzer.engines.base.Engine.count_inputs`: for Hold'em the main
wagers that steer its strategy); not the paytables of wagers the counts do not depend on: a
second report, a paytable comparison or a side-bet change reuses them.

The entries' mechanics (where they live: ``$ANALYZER_CACHE``, else the user's cache folder; an entry's
lock; checked reads; atomic saves; an unusable cache said in one line) are
:mod:`analyzer.engines.cache_files`, re-exported here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from analyzer.engines.cache_files import (  # noqa: F401 (re-exported: the engines read them here)
    DAMAGE,
    LOCK_NAME,
    WAIT_NOTICE,
    DamagedEntry,
    T,
    cache_entry,
    cache_root,
    chunk_folder,
    damaged,
    expect,
    integers,
    load_cached,
    reads,
    save_cached,
    usable_folder,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import GameRules

#: The files whose bytes make up the counting code: modules and their data (rankings, game rules).
SOURCE_SUFFIXES = (".py", ".toml")


def counting_packages(engine_package: str) -> tuple[str, ...]:
    """The packages (paths under ``analyzer/``) whose code produces the counts of an engine (its package
    named as a module path).

    >>> counting_packages("analyzer.engines.holdem")
    ('core', 'games', 'engines/holdem')
    """
    return ("core", "games", engine_package.removeprefix("analyzer.").replace(".", "/"))


def _source_files(folder: Traversable, name: str) -> Iterator[tuple[str, Traversable]]:
    for entry in folder.iterdir():
        if entry.is_dir():
            yield from _source_files(entry, f"{name}/{entry.name}")
        elif entry.name.endswith(SOURCE_SUFFIXES):
            yield f"{name}/{entry.name}", entry


def counting_sources(engine_package: str) -> dict[str, bytes]:
    """Path -> bytes of every source file (:data:`SOURCE_SUFFIXES`) of the :func:`counting_packages`
    of an engine, read from the installed package (works from a wheel as from the repository).

    >>> "core/ranking.py" in counting_sources("analyzer.engines.one_decision")
    True
    """
    package = resources.files("analyzer")
    return {name: entry.read_bytes() for folder in counting_packages(engine_package)
            for name, entry in _source_files(package.joinpath(*folder.split("/")), folder)}


def code_hash(engine_package: str) -> str:
    """A hash of the counting code of an engine (:func:`counting_sources`): any edit changes it.

    >>> one, holdem = code_hash("analyzer.engines.one_decision"), code_hash("analyzer.engines.holdem")
    >>> len(one), one != holdem
    (64, True)
    """
    files = {name: hashlib.sha256(data).hexdigest() for name, data in counting_sources(engine_package).items()}
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()


def enumeration_key(rules: GameRules) -> str:
    """A short hash of what the enumeration's counts depend on, the counting code included."""
    engine = engine_for(rules)
    inputs = {
        "code": code_hash(engine.package), "engine": engine.name, "ranking": rules.ranking.name,
        "cards": [rules.player_cards, rules.dealer_cards, rules.dealer_up_cards, rules.community_cards],
        "qualifier": rules.dealer_qualifies.text if rules.dealer_qualifies else None,
        **engine.count_inputs(rules),
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:16]


def cache_folder(rules: GameRules) -> Path:
    """The folder of this game's cached enumeration (and its resumable chunks): ``<root>/<game>-<key>``."""
    return cache_root() / f"{rules.name}-{enumeration_key(rules)}"




def cached_counts(rules: GameRules, fresh: bool, tell: Callable[[str], None], read: Callable[[Path], T],
                  check: Callable[[T], object], make: Callable[[], T], write: Callable[[Path, T], object],
                  name: str = "counts.npz") -> T:
    """An engine's counts of ``rules``: read from the game's cache entry (checked) unless ``fresh``, else made
    and saved there; without a usable cache folder, made each time (see :func:`cache_entry`)."""
    with cache_entry(cache_folder(rules), fresh=fresh, tell=tell) as folder:
        saved = folder / name if folder else None
        counts = load_cached(saved, read, check) if saved and not fresh else None
        if counts is not None:
            tell(f"using the cached enumeration {saved}")
            return counts
        counts = make()
        if saved:
            write(saved, counts)
        return counts
