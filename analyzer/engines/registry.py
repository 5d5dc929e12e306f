"""The registry of engines: which engine serves a game, by the ``engine`` key of its rules file.

The one place where engines are named. Engines are imported only when a game
asks for one, so listing games imports nothing heavy.

>>> from analyzer.games.rules import load_game
>>> engine_for(load_game("uth")).name
'holdem'
>>> sorted(ENGINES)
['draw_poker', 'holdem', 'no_decision', 'one_decision', 'stud']
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from analyzer.engines.base import Engine
from analyzer.games.rules import GameRules, RulesError

#: Engine name (the rules file's ``engine``, default ``one_decision``) -> "module:class".
ENGINES = {
    "one_decision": "analyzer.engines.one_decision.engine:OneDecisionEngine",
    "holdem": "analyzer.engines.holdem.street_engine:StreetHoldemEngine",
    "stud": "analyzer.engines.stud.engine:StudEngine",
    "draw_poker": "analyzer.engines.draw.engine:DrawEngine",
    "no_decision": "analyzer.engines.no_decision.engine:NoDecisionEngine",
}
#: The engine of a game whose rules file names none, and of one with no decision ([play], [[streets]], [draw]).
DEFAULT_ENGINE = "one_decision"
UNDECIDED_ENGINE = "no_decision"


@cache
def engine_named(name: str) -> Engine:
    """The engine registered under ``name``; an unknown name is a one-line RulesError."""
    if name not in ENGINES:
        raise RulesError(f"unknown engine {name!r} (engines: {', '.join(sorted(ENGINES))})")
    module, _, cls = ENGINES[name].partition(":")
    return getattr(import_module(module), cls)(name)


def engine_name(rules: GameRules) -> str:
    """The registry name of the engine ``rules`` ask for, checked without importing it (an unknown name is a
    one-line RulesError naming the game's file).

    >>> from analyzer.games.rules import load_game
    >>> engine_name(load_game("crazy4"))
    'one_decision'
    """
    name = rules.engine or (DEFAULT_ENGINE if rules.decided else UNDECIDED_ENGINE)
    if name not in ENGINES:
        raise RulesError(f"{rules.source}: unknown engine {name!r} (engines: {', '.join(sorted(ENGINES))})")
    return name


def engine_for(rules: GameRules) -> Engine:
    """The engine that serves ``rules`` (an unknown engine name is a one-line RulesError naming the game; a
    deck the engine cannot deal from, a one-line :class:`analyzer.engines.base.Unsupported`)."""
    name = engine_name(rules)
    engine = engine_named(name)
    if not rules.decided and name != UNDECIDED_ENGINE:
        raise engine.unsupported(rules, "the analysis", "the game has no decision ([play], [[streets]] or [draw]): "
                                 f"give engine = \"{UNDECIDED_ENGINE}\", or no engine")
    problem = engine.deck_problem(rules)
    if problem:
        raise engine.unsupported(rules, "the deck", problem)
    return engine
