"""Game rules and paytables, read from the TOML files in ``data/games/``.

A game is data: its hand ranking, how many cards each side gets, the dealer's
qualifier, the Play options, and its wagers. Each main wager states its
result per unit staked for every outcome of the hand (see :data:`OUTCOMES`),
what a fold does to it, and optionally a paytable that is paid *instead of*
the comparison or *in addition* to it. Side bets are paid by a paytable on the
player's cards alone. Ambiguous rules are named options whose choices
override entries of the file.

>>> crazy4 = load_game("crazy4")
>>> [w.name for w in crazy4.wagers], [s.name for s in crazy4.side_bets]
(['ante', 'super_bonus', 'play'], ['queens_up'])
"""

from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from importlib import resources
from pathlib import Path

from analyzer.core.ranking import HandRanking, load_ranking
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern
from analyzer.games.paytables import (  # noqa: F401 (re-exported)
    PayLine,
    Paytable,
    RulesError,
    apply_paytable_file,
    build_paytables,
    parse_pays,
)

#: The outcomes of a hand played against the dealer: whether the dealer
#: qualifies, then how the best hands compare.
OUTCOMES = ("no_qualify_win", "no_qualify_tie", "no_qualify_lose", "win", "tie", "lose")

OUTCOME_LABELS = {
    "no_qualify_win": "dealer does not qualify, player's hand higher",
    "no_qualify_tie": "dealer does not qualify, hands tie",
    "no_qualify_lose": "dealer does not qualify, dealer's hand higher",
    "win": "player beats the dealer",
    "tie": "player ties the dealer",
    "lose": "dealer beats the player",
}


@dataclass(frozen=True)
class Wager:
    """A wager of the main game (Ante, Play, Super Bonus ...)."""

    name: str
    title: str
    role: str  # "initial": compulsory, one unit; "raise": the Play, stake = chosen multiple
    on_fold: Fraction
    results: tuple[Fraction, ...]  # per outcome of OUTCOMES, per unit staked
    ranking: HandRanking
    paytables: dict[str, Paytable] = field(default_factory=dict)
    default_paytable: str | None = None
    paytable_mode: str | None = None  # "instead" of the comparison, or "in_addition" to it

    @property
    def paytable(self) -> Paytable | None:
        return self.paytables[self.default_paytable] if self.default_paytable else None


@dataclass(frozen=True)
class SideBet:
    """An optional wager paid on the player's cards alone, whatever the player decides."""

    name: str
    title: str
    ranking: HandRanking
    paytables: dict[str, Paytable]
    default_paytable: str


@dataclass(frozen=True)
class PlayOption:
    """A Play wager of ``multiple`` times the Ante, allowed with ``requires`` or better."""

    multiple: int
    requires: HandPattern | None = None
    when: str | None = None  # the decision point, in games with several ("pre-flop", "flop", "river")


@dataclass(frozen=True)
class RuleOption:
    """A named reading of an ambiguous rule, and the reading chosen for this analysis."""

    name: str
    description: str
    choices: dict[str, str]  # choice -> its description
    chosen: str


@dataclass(frozen=True)
class GameRules:
    """Everything the analysis needs to know about one game."""

    name: str
    title: str
    rules_source: str
    ranking: HandRanking
    player_cards: int
    dealer_cards: int
    dealer_up_cards: int
    dealer_qualifies: HandPattern | None
    rules: tuple[str, ...]
    assumptions: tuple[str, ...]
    fold: bool
    play: tuple[PlayOption, ...]
    wagers: tuple[Wager, ...]
    side_bets: tuple[SideBet, ...]
    options: tuple[RuleOption, ...]
    input_hash: str
    not_analysed: tuple[tuple[str, str], ...] = ()  # (wager, why) for wagers the rules leave unanalysable
    engine: str = "one_decision"  # how the game is enumerated: "one_decision" or "holdem"
    community_cards: int = 0

    @cached_property
    def initial_units(self) -> int:
        """Sum of the compulsory initial wagers, in units of the Ante."""
        return sum(1 for wager in self.wagers if wager.role == "initial")

    def unanalysed(self, supplied: set[str] = frozenset()) -> dict[str, str]:
        """Wagers the analysis cannot cover, and why, less those the user ``supplied`` a paytable for."""
        return {wager: reason for wager, reason in self.not_analysed if wager not in supplied}

    @property
    def raise_wager(self) -> Wager:
        return next(wager for wager in self.wagers if wager.role == "raise")


def game_names() -> list[str]:
    """Names of the games whose rules ship with the analyzer."""
    folder = resources.files("analyzer.games.data").joinpath("games")
    return sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                  if entry.name.endswith(".toml"))


def _read_game_file(name: str) -> str:
    if name not in game_names():
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return resources.files("analyzer.games.data").joinpath("games", f"{name}.toml").read_text()


def _apply_options(declared: dict, requested: dict[str, str], where: str) -> tuple[dict, list[RuleOption]]:
    data = copy.deepcopy(declared)
    options = data.get("options", {})
    unknown = set(requested) - set(options)
    if unknown:
        known = ", ".join(options) or "none"
        raise RulesError(f"{where}: unknown rule option {sorted(unknown)[0]!r} (options: {known})")
    chosen_options = []
    for name, option in options.items():
        chosen = requested.get(name, option["default"])
        if chosen not in option["choices"]:
            raise RulesError(f"{where}: option {name} has no choice {chosen!r} "
                             f"(choices: {', '.join(option['choices'])})")
        for path, value in option["choices"][chosen].get("set", {}).items():
            target = data
            *parents, last = path.split(".")
            for part in parents:
                target = target[part]
            target[last] = value
        chosen_options.append(RuleOption(
            name, option["description"],
            {choice: entry["description"] for choice, entry in option["choices"].items()}, chosen))
    return data, chosen_options


def load_game(name: str, options: dict[str, str] | None = None,
              paytable_files: tuple[Path, ...] = ()) -> GameRules:
    """Rules of a shipped game with the given option choices (defaults otherwise) and the
    paytables of the user's ``paytable_files`` added."""
    text = _read_game_file(name)
    where = f"{name}.toml"
    declared = tomllib.loads(text)
    data, chosen = _apply_options(declared, options or {}, where)
    for path in paytable_files:
        data = apply_paytable_file(data, Path(path))
    ranking = load_ranking(data["ranking"])

    def pattern(text_: str) -> HandPattern:
        try:
            return parse_pattern(text_, ranking)
        except PatternError as error:
            raise RulesError(f"{where}: {error}") from None

    wagers = []
    for wager_name, entry in data["wagers"].items():
        wager_ranking = load_ranking(entry.get("ranking", data["ranking"]))
        paytables = build_paytables(entry, wager_ranking, f"{where}, wager {wager_name}")
        wagers.append(Wager(
            wager_name, entry["title"], entry["role"], Fraction(entry["on_fold"]),
            tuple(Fraction(entry["results"][outcome]) for outcome in OUTCOMES),
            wager_ranking, paytables, entry.get("default_paytable"), entry.get("paytable_mode")))
    side_bets = []
    for bet_name, entry in data.get("side_bets", {}).items():
        bet_ranking = load_ranking(entry.get("ranking", data["ranking"]))
        side_bets.append(SideBet(bet_name, entry["title"], bet_ranking,
                                 build_paytables(entry, bet_ranking, f"{where}, side bet {bet_name}"),
                                 entry["default_paytable"]))
    play = tuple(PlayOption(option["multiple"], pattern(option["requires"]) if "requires" in option else None,
                            option.get("when")) for option in data["play"]["multiples"])
    qualifier = data.get("dealer_qualifies")
    fingerprint = json.dumps({"game": data, "options": {o.name: o.chosen for o in chosen}}, sort_keys=True,
                             default=str)
    return GameRules(
        name=data["name"], title=data["title"], rules_source=data["rules_source"], ranking=ranking,
        player_cards=data["player_cards"], dealer_cards=data["dealer_cards"],
        dealer_up_cards=data.get("dealer_up_cards", 0),
        dealer_qualifies=pattern(qualifier) if qualifier else None,
        rules=tuple(data.get("rules", ())), assumptions=tuple(data.get("assumptions", ())),
        fold=data["play"].get("fold", True), play=play, wagers=tuple(wagers),
        side_bets=tuple(side_bets), options=tuple(chosen), not_analysed=tuple(
            (entry["wager"], entry["reason"]) for entry in data.get("not_analysed", ())),
        engine=data.get("engine", "one_decision"), community_cards=data.get("community_cards", 0),
        input_hash=hashlib.sha256(fingerprint.encode()).hexdigest())
