"""Game rules and paytables, read from the TOML files in ``data/games/`` or from a user's own file.

A game is data: its hand ranking, how many cards each side gets, the dealer's
qualifier, the Play options, and its wagers. Each main wager states its
result per unit staked for every outcome of the hand (see :data:`OUTCOMES`),
what a fold does to it, and optionally a paytable that is paid *instead of*
the outcome's result or *in addition* to it, on every outcome or only on
those listed in ``paytable_outcomes`` (``paytable_mode = "on_win"`` is short
for "instead" on the outcomes where the player's hand is higher). Side bets
are paid by a paytable on the player's cards alone. Ambiguous rules are
named options whose choices override entries of the file.

A game with no dealer hand (``dealer_cards = 0``) may instead be played over
*streets* (``[[streets]]``): before each street's community cards are turned
the player takes one of the street's ``choices`` (``fold``: every wager made
so far is settled by its ``on_fold``; ``bet``: the street's wager is staked
``multiple`` times the Ante; ``take_back``: the street's wager, staked one
unit from the start, is taken back). Every wager still in action is then
settled by the final hand's paytable (a line paying 0 is a push); a hand no
line pays gets the wager's ``results`` (one number when there is no dealer).
``tie_break`` (``"smaller"`` or ``"larger"``) says which of two actions of
exactly equal expected value the player takes.

A game *with* a dealer hand and community cards may be played over streets
too (the Hold'em family): ``cards_before_streets`` community cards are
turned before the first decision (the flop, say), a street may turn no
card (a decision after the last card, before the showdown), its bets are
the raise wager's (``wager`` names it; a ``check`` stakes nothing and plays
on), the bets of every street add up, and ``play_once = true`` makes the
first bet the only one (later streets then offer no choice).

>>> crazy4 = load_game("crazy4")
>>> [w.name for w in crazy4.wagers], [s.name for s in crazy4.side_bets]
(['ante', 'super_bonus', 'play'], ['queens_up'])
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from collections.abc import Collection

from analyzer.core.decks import Deck
from analyzer.core.ranking import HandRanking, load_ranking
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern
from analyzer.games.errors import RulesError as RulesError  # re-exported
from analyzer.games.files import parse_toml, read_text
from analyzer.games.paytables import (  # PayLine, Paytable and parse_pays re-exported
    PayLine as PayLine,
    Paytable as Paytable,
    apply_paytable_file,
    build_paytables,
    parse_pays as parse_pays,
)
from analyzer.games.schema import IDENTIFIER, Table, exact_number, validate
from analyzer.games.schema import OUTCOMES as OUTCOMES  # re-exported
from analyzer.games.toml_lines import key_lines, line_of

#: The outcomes in which the player's hand is higher: where an "on_win" paytable applies.
WINNING_OUTCOMES = tuple(outcome for outcome in OUTCOMES if outcome.endswith("win"))

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
    paytable_mode: str | None = None  # "instead" of the outcome's result, "in_addition" to it, or "on_win"
    paytable_outcomes: tuple[str, ...] = OUTCOMES  # the outcomes on which the paytable applies

    @property
    def paytable(self) -> Paytable | None:
        return self.paytables[self.default_paytable] if self.default_paytable else None

    @property
    def paid_whatever_the_dealer(self) -> bool:
        """Whether a paying hand is paid its line on every outcome, the result of the comparison ignored."""
        return self.paytable_mode == "instead" and self.paytable_outcomes == OUTCOMES


@dataclass(frozen=True)
class PaidOn:
    """Which hand a side bet (or progressive) is paid on, and when.

    ``board_cards``: the player's cards with the first that many community
    cards (Casino Hold'em's AA Bonus: the hole cards and the flop, 3); None:
    the game's usual hand for the bet's ranking (the player's own cards, or
    the final hand where the ranking takes every card). ``hand_of``:
    ``"player"``, or ``"dealer"``: the same cards of the dealer's (the dealer's
    own cards with the same community cards), or ``"both"``: the pair of
    final hands, each line naming the player's and the dealer's hands. ``pays_when``:
    ``"always"``, or ``"player_loses"``: the paytable pays only when the
    player's final hand, played to the showdown, loses to the dealer's (a
    bad-beat bet), and the bet loses otherwise (a fold included). ``cards_from``: the deal's card sets
    (:data:`analyzer.games.schema.CARD_SETS`) whose union, ``set_cards`` cards, the hand is the best of
    (the 6-Card Bonus: ``("player", "dealer")``); with ``hand_of = "both"`` the dealer's own
    ``dealer_set_cards`` cards are the other hand.
    """

    board_cards: int | None = None
    pays_when: str = "always"
    hand_of: str = "player"
    cards_from: tuple[str, ...] = ()
    set_cards: int = 0
    dealer_set_cards: int = 0

    @property
    def on_final_hand(self) -> bool:
        """Whether the bet is paid on the game's usual (final) hands, not on a set of cards of its own."""
        return self.board_cards is None and not self.cards_from

    @property
    def note(self) -> str:
        """How the hand is taken, for a report ("" for the usual hand).

        >>> PaidOn(board_cards=3).note
        "the player's cards and the first 3 community cards"
        """
        parts = []
        if self.cards_from:
            named = " and ".join(CARD_SET_WORDS[part] for part in self.cards_from)
            parts.append(f"the best hand of {named} ({self.set_cards} cards)" + (
                f", against the dealer's {self.dealer_set_cards} cards" if self.hand_of == "both" else ""))
        elif self.hand_of != "player":
            parts.append({"dealer": "the dealer's hand", "both": "the player's and the dealer's final hands"}[
                self.hand_of])
        if self.board_cards is not None:
            parts.append(f"the {self.hand_of}'s cards and the first {self.board_cards} community cards")
        if self.pays_when == "player_loses":
            parts.append("paid only when the dealer's hand beats the player's")
        return "; ".join(parts)



@dataclass(frozen=True)
class SideBet:
    """An optional wager paid by a table on a hand of the player's (:class:`PaidOn`), whatever the player
    decides."""

    name: str
    title: str
    ranking: HandRanking
    paytables: dict[str, Paytable]
    default_paytable: str
    paid_on: PaidOn = PaidOn()


def default_table(entry: Wager | SideBet) -> Paytable:
    """The default paytable of a wager or side bet; a RulesError for a main wager paid by none.

    >>> default_table(load_game("threecard").side_bets[0]).name
    '40-30-6-3-1'
    """
    if entry.default_paytable is None:
        raise RulesError(f"wager {entry.name} has no paytable")
    return entry.paytables[entry.default_paytable]


@dataclass(frozen=True)
class PlayOption:
    """A Play wager of ``multiple`` times the Ante, allowed with ``requires`` or better."""

    multiple: int
    requires: HandPattern | None = None
    when: str | None = None  # the decision point, in games with several ("pre-flop", "flop", "river")



@dataclass(frozen=True)
class StreetChoice:
    """One action allowed at a street: ``fold``, ``check`` (nothing staked, play on), ``bet`` (the street's
    wager staked ``multiple`` times the Ante) or ``take_back`` (the street's wager, one unit from the start,
    taken back: multiple 0)."""

    action: str
    multiple: int
    label: str

    @property
    def order(self) -> int:
        """Size of the action, for breaking ties: fold below taking back (0) below a bet of k (k)."""
        return -1 if self.action == "fold" else self.multiple


@dataclass(frozen=True)
class Street:
    """A decision before ``cards`` community cards are turned: one of ``choices``, staking ``wager``."""

    title: str
    cards: int
    wager: str
    choices: tuple[StreetChoice, ...]


@dataclass(frozen=True)
class Draw:
    """A draw: the player keeps any of the dealt cards, replacing at most ``most_replaced`` of them from the
    unseen cards (every subset kept: 32 holds of five cards)."""

    title: str
    most_replaced: int


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
    source: str  # where the game is written, for messages: "crazy4.toml" (shipped) or the user's file's path
    not_analysed: tuple[tuple[str, str], ...] = ()  # (wager, why) for wagers the rules leave unanalysable
    engine: str | None = None  # the engine that enumerates the game, by its registry name (None: the default)
    community_cards: int = 0
    streets: tuple[Street, ...] = ()  # decisions street by street
    tie_break: str = "smaller"  # which action an exact tie of expected values goes to (schema.TIE_BREAKS)
    cards_before_streets: int = 0  # community cards turned before the first street's decision
    play_once: bool = False  # the raise wager is made at one street only: a bet ends the decisions
    turn_and_river: str = "in order"  # how the cycle counts the turn and river: "in order" or "as a pair"
    draw: Draw | None = None  # a draw decision (which dealt cards to keep) instead of play or streets
    deck: Deck = Deck()  # the cards dealt from (one 52-card deck unless the file's [deck] says)

    @cached_property
    def initial_units(self) -> int:
        """Sum of the compulsory initial wagers, in units of the Ante."""
        return sum(1 for wager in self.wagers if wager.role == "initial")

    def unanalysed(self, supplied: Collection[str] = frozenset()) -> dict[str, str]:
        """Wagers the analysis cannot cover, and why, less those the user ``supplied`` a paytable for."""
        return {wager: reason for wager, reason in self.not_analysed if wager not in supplied}

    @property
    def decided(self) -> bool:
        """Whether the player decides anything ([play], [[streets]] or [draw]); if not, every wager is settled by
        the cards alone."""
        return bool(self.play or self.streets or self.draw)

    @property
    def raise_wager(self) -> Wager:
        return next(wager for wager in self.wagers if wager.role == "raise")


def game_names() -> list[str]:
    """Names of the games whose rules ship with the analyzer."""
    folder = resources.files("analyzer.games.data").joinpath("games")
    return sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                  if entry.name.endswith(".toml"))


#: What a wager with ``paid_as = "OTHER"`` takes from the other wager (it gives its own title, role, on_fold).
PAID_AS_KEYS = ("results", "ranking", "lines", "paytables", "default_paytable", "paytable_mode", "paytable_outcomes",
                "pays_quoted")

#: The keys that say which hand a side bet (or progressive) is paid on (:class:`PaidOn`).
PAID_ON_KEYS = ("board_cards", "pays_when", "hand_of", "cards_from")
#: Each card set of :data:`analyzer.games.schema.CARD_SETS` in words.
CARD_SET_WORDS = {"player": "the player's cards", "dealer": "the dealer's cards",
                  "dealer_up": "the dealer's up-cards", "community": "the community cards"}


def is_game_file(name: str) -> bool:
    """Whether ``load_game`` reads ``name`` as a file (it ends in .toml or holds a path separator).

    >>> is_game_file("crazy4"), is_game_file("my-game.toml"), is_game_file("games/mine")
    (False, True, True)
    """
    return name.endswith(".toml") or "/" in name or os.sep in name


def _read_game(name: str) -> tuple[str, str, Table]:
    """Where the game is written (for messages), its text and its data, checked against the schema
    (:class:`analyzer.games.schema.GameFile`): a shipped game or a user's file.

    A user's file may leave out ``name`` (its file name is used), ``title`` and ``rules_source``.
    """
    if is_game_file(name):
        path = Path(name)
        where = str(path)
        text = read_text(path, "game")
        data = parse_toml(text, where)
        if data and "name" not in data and not re.fullmatch(IDENTIFIER, path.stem):
            raise RulesError(f"{where}: give the game a name = \"...\" (letters, digits, _ and -): the file's "
                             f"name {path.stem!r} is not one")
        defaults = {"name": path.stem, "title": data.get("name", path.stem), "rules_source": path.name}
        data = {**defaults, **data} if data else data
    elif name in game_names():
        where = f"{name}.toml"
        text = resources.files("analyzer.games.data").joinpath("games", where).read_text()
        data = tomllib.loads(text)
    else:
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(game_names())} "
                         "(or the path of a game file ending in .toml)")
    if not data:
        raise RulesError(f"{where}: the file defines no game (a game gives ranking, player_cards, dealer_cards, "
                         "wagers and its decision, [play] or [[streets]])")
    validate("game", data, where, text)
    return where, text, data


def _at_least(value: int, lowest: int, where: str, key: str) -> int:
    """A count the schema has read (a whole number), checked against a lower bound it cannot know."""
    if value < lowest:
        raise RulesError(f"{where}: {key} must be at least {lowest} for this game, not {value}")
    return value


def _apply_options(declared: Table, requested: dict[str, str], where: str, text: str
                   ) -> tuple[Table, list[RuleOption]]:
    """The game's data with the chosen reading of every rule option applied (the default where none is
    requested), and the options as chosen. Every choice of every option is checked: the game it makes must
    pass the schema too, so a choice that is never the default cannot hide a mistake."""
    options = declared.get("options", {})
    unknown = set(requested) - set(options)
    if unknown:
        raise RulesError(f"{where}: unknown rule option {sorted(unknown)[0]!r} "
                         f"(options: {', '.join(options) or 'none'})")
    data = copy.deepcopy(declared)
    chosen_options = []
    lines = key_lines(text) if options else {}
    for name, option in options.items():
        choices = option["choices"]
        for choice, entry in choices.items():
            line = line_of(lines, ("options", name, "choices", choice, "set"))
            located = f"{where}{f', line {line}' if line else ''}: options.{name}.choices.{choice}.set"
            applied = _set(copy.deepcopy(declared), entry.get("set", {}), located)
            try:
                validate("game", applied, where)
            except RulesError as error:
                raise RulesError(f"{located}: the game this choice makes is wrong: "
                                 f"{str(error).removeprefix(where + ': ')}") from None
        chosen = requested.get(name, option["default"])
        if chosen not in choices:
            raise RulesError(f"{where}: option {name} has no choice {chosen!r} (choices: {', '.join(choices)})")
        _set(data, choices[chosen].get("set", {}), where)
        chosen_options.append(RuleOption(
            name, option["description"],
            {choice: entry.get("description", choice) for choice, entry in choices.items()}, chosen))
    return data, chosen_options


def _set(data: Table, values: Table, where: str) -> Table:
    """``data`` with each dotted key path of ``values`` set (its parent tables must exist)."""
    for path, value in values.items():
        target: Table | None = data
        *parents, last = path.split(".")
        for part in parents:
            target = target.get(part) if isinstance(target, dict) else None
        if not isinstance(target, dict):
            raise RulesError(f"{where}: the game has no {'.'.join(parents)!r} to set {last!r} in")
        target[last] = value
    return data


def _ranking(data: Table, entry: Table, where: str, key: str) -> HandRanking:
    try:
        return load_ranking(str(entry.get("ranking", data["ranking"])))
    except KeyError as error:
        raise RulesError(f"{where}: {key}: {error.args[0]}") from None


def _paytable_outcomes(entry: Table, where: str, key: str) -> tuple[str, ...]:
    """The outcomes on which a wager's paytable applies, in :data:`OUTCOMES` order."""
    mode = entry["paytable_mode"]
    if "paytable_outcomes" not in entry:
        return WINNING_OUTCOMES if mode == "on_win" else OUTCOMES
    if mode == "on_win":
        raise RulesError(f"{where}: {key}: paytable_mode \"on_win\" already says where the paytable applies; "
                         "give paytable_outcomes with \"instead\" or \"in_addition\"")
    return tuple(outcome for outcome in OUTCOMES if outcome in entry["paytable_outcomes"])


def _default_paytable(entry: Table, paytables: dict[str, Paytable], where: str, key: str) -> str | None:
    default = entry.get("default_paytable")
    if default is not None and default not in paytables:
        raise RulesError(f"{where}: {key}.default_paytable {default!r} is none of its paytables "
                         f"({', '.join(paytables) or 'none'})")
    return default


def _wager(data: Table, wager_name: str, entry: Table, where: str) -> Wager:
    key = f"wagers.{wager_name}"
    if "paid_as" in entry:  # settled like another wager: its results, paytables and their mode
        source = data["wagers"].get(entry["paid_as"])
        if source is None or "paid_as" in source:
            raise RulesError(f"{where}: {key}.paid_as must name another wager that gives its own paytables, "
                             f"not {entry['paid_as']!r}")
        entry = {**{name: value for name, value in source.items() if name in PAID_AS_KEYS}, **entry}
        del entry["paid_as"]
    results = entry["results"]
    if not isinstance(results, dict):  # one result for every outcome: only where no dealer hand is compared
        if data["dealer_cards"]:
            raise RulesError(f"{where}: {key}.results must give a result per outcome ({', '.join(OUTCOMES)}): "
                             "the game has a dealer hand")
        results = dict.fromkeys(OUTCOMES, results)
    ranking = _ranking(data, entry, where, key)
    paytables = build_paytables(entry, ranking, f"{where}, wager {wager_name}")
    if any(table.on_both_hands for table in paytables.values()):
        raise RulesError(f"{where}: {key}: a main wager's line cannot name the dealer's hand (dealer_hand): the "
                         "outcome already compares the hands")
    default = _default_paytable(entry, paytables, where, key)
    outcomes = _paytable_outcomes(entry, where, key) if default else OUTCOMES
    return Wager(wager_name, entry["title"], entry["role"], exact_number(entry["on_fold"], "a result"),
                 tuple(exact_number(results[outcome], "a result") for outcome in OUTCOMES),
                 ranking, paytables, default, entry.get("paytable_mode"), outcomes)


def _side_bet(data: Table, bet_name: str, entry: Table, where: str) -> SideBet:
    key = f"side_bets.{bet_name}"
    ranking = _ranking(data, entry, where, key)
    paytables = build_paytables(entry, ranking, f"{where}, side bet {bet_name}")
    default = entry["default_paytable"]
    cards = (data["player_cards"], data["dealer_cards"], data.get("community_cards", 0),
             data.get("dealer_up_cards", 0))
    paid = paid_on(entry, ranking, cards, where, key)
    if any(table.on_both_hands for table in paytables.values()) and paid.hand_of != "both":
        raise RulesError(f"{where}: {key}: a line names the dealer's hand (dealer_hand): the bet needs "
                         "hand_of = \"both\"")
    return SideBet(bet_name, entry["title"], ranking, paytables, default, paid)


def paid_on(entry: Table, ranking: HandRanking, cards: tuple[int, int, int, int], where: str, key: str) -> PaidOn:
    """The :class:`PaidOn` of a side bet's (or progressive's) ``entry``, checked against the game's
    ``cards`` (player's, dealer's, community, dealer's up-cards)."""
    if entry.get("cards_from"):
        return _card_set(entry, ranking, cards, where, key)
    player, dealer, community, _ = cards
    board = entry.get("board_cards")
    if board is not None:
        if board > community:
            raise RulesError(f"{where}: {key}.board_cards is {board}, but the game turns {community} community cards")
        if player + board != ranking.cards:
            raise RulesError(f"{where}: {key}: the player's {player} cards and {board} community cards are not a "
                             f"{ranking.title} ({ranking.cards} cards)")
    pays_when = entry.get("pays_when", "always")
    if pays_when == "player_loses" and (not dealer or board is not None):
        raise RulesError(f"{where}: {key}: pays_when = \"player_loses\" needs a dealer hand and the player's final "
                         "hand (no board_cards)")
    hand_of = entry.get("hand_of", "player")
    if hand_of != "player" and (dealer != player or pays_when != "always"):
        raise RulesError(f"{where}: {key}: a bet on the dealer's hand needs as many dealer cards as the player's "
                         "(its hands are then dealt as often as the player's) and pays_when = \"always\"")
    if hand_of == "both" and board is not None:
        raise RulesError(f"{where}: {key}: a bet on both hands is paid on the final hands (no board_cards)")
    return PaidOn(board, pays_when, hand_of)


def _card_set(entry: Table, ranking: HandRanking, cards: tuple[int, int, int, int], where: str, key: str) -> PaidOn:
    """The :class:`PaidOn` of a bet on a union of the deal's card sets (``cards_from``), checked: distinct sets
    of cards the game deals, not overlapping, together at least a hand of the ranking; on both hands, the
    player's sets apart from the dealer's cards, which make the other hand."""
    sets = tuple(entry["cards_from"])
    sizes = dict(zip(("player", "dealer", "community", "dealer_up"), cards, strict=True))
    if len(set(sets)) != len(sets) or {"dealer", "dealer_up"} <= set(sets):
        raise RulesError(f"{where}: {key}.cards_from names a card set twice (the dealer's up-cards are among "
                         "the dealer's cards)")
    empty = [part for part in sets if not sizes[part]]
    if empty:
        raise RulesError(f"{where}: {key}.cards_from: the game deals no {CARD_SET_WORDS[empty[0]].removeprefix('the ')}")
    if "board_cards" in entry or entry.get("pays_when", "always") != "always":
        raise RulesError(f"{where}: {key}: a bet on cards_from takes no board_cards and pays_when = \"always\"")
    total = sum(sizes[part] for part in sets)
    hand_of = entry.get("hand_of", "player")
    if hand_of == "dealer":
        raise RulesError(f"{where}: {key}: name the dealer's cards in cards_from instead of hand_of = \"dealer\"")
    other = sizes["dealer"] if hand_of == "both" else 0
    if hand_of == "both" and set(sets) & {"dealer", "dealer_up", "community"}:
        raise RulesError(f"{where}: {key}: on both hands the dealer's cards make the other hand, so cards_from "
                         "names only the player's cards")
    if total < ranking.cards or (hand_of == "both" and other < ranking.cards):
        raise RulesError(f"{where}: {key}.cards_from: {min(total, other) if hand_of == 'both' else total} cards "
                         f"make no {ranking.title} ({ranking.cards} cards)")
    return PaidOn(None, "always", hand_of, sets, total, other)



def _streets(data: Table, wagers: list[Wager], where: str) -> tuple[Street, ...]:
    """The decision streets, each naming a wager of role "street" (staked there only) or, in a game with a
    dealer hand, the raise wager (whose bets add up over the streets)."""
    entries = data.get("streets", [])
    roles = {wager.name: wager.role for wager in wagers}
    dealer = bool(data.get("dealer_cards"))
    allowed = ("street", "raise") if dealer else ("street",)
    streets = []
    for number, entry in enumerate(entries, start=1):
        key = f"streets[{number}]"
        if roles.get(entry.get("wager")) not in allowed:
            kinds = " or \"raise\"" if dealer else ""
            raise RulesError(f"{where}: {key}.wager must name a wager of role \"street\"{kinds}, "
                             f"not {entry.get('wager')!r}")
        made = []
        for choice in entry["choices"]:
            action = choice["action"]
            multiple = choice.get("multiple", 0)
            label = choice.get("label", f"bet {multiple}x" if action == "bet" else action.replace("_", " "))
            made.append(StreetChoice(action, multiple, str(label)))
        streets.append(Street(str(entry.get("title", f"street {number}")),
                              _at_least(entry.get("cards", 1), 0 if dealer else 1, where, f"{key}.cards"),
                              entry["wager"], tuple(made)))
    named = [street.wager for street in streets if roles[street.wager] == "street"]
    if len(set(named)) != len(named) or set(named) != {w for w, role in roles.items() if role == "street"}:
        raise RulesError(f"{where}: streets: every wager of role \"street\" is staked at exactly one street")
    before = data.get("cards_before_streets", 0)
    turned = before + sum(street.cards for street in streets)
    if streets and turned != data.get("community_cards", 0):
        raise RulesError(f"{where}: streets turn {turned} cards (cards_before_streets included), "
                         f"community_cards says {data.get('community_cards', 0)}")
    return tuple(streets)


def _street_play(streets: tuple[Street, ...]) -> tuple[PlayOption, ...]:
    """The bets of every street as Play options (multiple, when)."""
    return tuple(PlayOption(choice.multiple, None, street.title) for street in streets
                 for choice in street.choices if choice.action == "bet")


def load_game(name: str | os.PathLike[str], options: dict[str, str] | None = None,
              paytable_files: tuple[Path, ...] = ()) -> GameRules:
    """Rules of a game, shipped (``"crazy4"``) or a user's file (``"my-game.toml"``, see
    :func:`is_game_file`), with the given option choices (defaults otherwise) and the paytables
    of the user's ``paytable_files`` added. Every problem is a one-line RulesError naming the file
    and, where it can, the key."""
    where, text, declared = _read_game(os.fspath(name))
    data, chosen = _apply_options(declared, options or {}, where, text)
    origin: dict[str, str] = {}  # a side bet a paytable file defines whole -> that file
    for path in paytable_files:
        before = set(data.get("side_bets", {}))
        data = apply_paytable_file(data, Path(path))
        origin.update(dict.fromkeys(set(data.get("side_bets", {})) - before, str(path)))
    ranking = _ranking(data, {}, where, "ranking")

    def pattern(text_: object, key: str) -> HandPattern:
        try:
            return parse_pattern(str(text_), ranking)
        except PatternError as error:
            raise RulesError(f"{where}: {key}: {error}") from None

    community = data.get("community_cards", 0)
    player_cards = data["player_cards"]
    decided = "play" in data or "streets" in data or "draw" in data
    no_dealer_needed = "play" not in data  # streets, draws and no decision: a game with no dealer hand
    lowest_dealer = 0 if no_dealer_needed else max(1, ranking.cards - community)
    dealer_cards = _at_least(data["dealer_cards"], lowest_dealer, where, "dealer_cards")
    up_cards = data.get("dealer_up_cards", 0)
    if up_cards >= dealer_cards and dealer_cards:
        raise RulesError(f"{where}: dealer_up_cards ({up_cards}) must be fewer than dealer_cards ({dealer_cards})")
    wagers = [_wager(data, wager_name, entry, where) for wager_name, entry in data["wagers"].items()]
    streets = _streets(data, wagers, where)
    draw = Draw(data["draw"].get("title", "the draw"), data["draw"].get("most_replaced", player_cards)) \
        if "draw" in data else None
    if "play" in data and [wager.role for wager in wagers].count("raise") != 1:
        raise RulesError(f"{where}: wagers: exactly one wager must have role = \"raise\" (the Play)")
    tie_break = data.get("tie_break", "smaller")
    side_bets = [_side_bet(data, bet_name, entry, origin.get(bet_name, where))
                 for bet_name, entry in data.get("side_bets", {}).items()]
    if draw is not None or not decided:
        play: tuple[PlayOption, ...] = ()
        fold = False
    elif streets:
        play = _street_play(streets)
        fold = any(choice.action == "fold" for street in streets for choice in street.choices)
    else:
        play = tuple(PlayOption(option["multiple"],
                                pattern(option["requires"], "play.multiples: requires") if "requires" in option
                                else None, option.get("when")) for option in data["play"]["multiples"])
        fold = data["play"].get("fold", True)
    qualifier = data.get("dealer_qualifies")
    fingerprint = json.dumps({"game": data, "options": {o.name: o.chosen for o in chosen}}, sort_keys=True,
                             default=str)
    return GameRules(
        name=data["name"], title=data["title"], rules_source=data["rules_source"], ranking=ranking,
        player_cards=player_cards, dealer_cards=dealer_cards, dealer_up_cards=up_cards,
        dealer_qualifies=pattern(qualifier, "dealer_qualifies") if qualifier else None,
        rules=tuple(data.get("rules", ())), assumptions=tuple(data.get("assumptions", ())),
        fold=fold, play=play, wagers=tuple(wagers),
        side_bets=tuple(side_bets), options=tuple(chosen),
        not_analysed=tuple((entry["wager"], entry["reason"]) for entry in data.get("not_analysed", [])),
        engine=data.get("engine"), community_cards=community, streets=streets, tie_break=tie_break,
        cards_before_streets=int(data.get("cards_before_streets", 0)), play_once=data.get("play_once", False),
        turn_and_river=data.get("turn_and_river", "in order"),
        draw=draw, deck=Deck(**data.get("deck", {})), input_hash=hashlib.sha256(fingerprint.encode()).hexdigest(), source=where)


def as_shipped(rules: GameRules) -> bool:
    """Whether ``rules`` are a shipped game with its default options and paytables (committed results
    computed for the shipped game hold for it)."""
    return rules.name in game_names() and rules.input_hash == shipped_input_hash(rules.name)


@cache
def shipped_input_hash(game: str) -> str:
    """The input hash of a shipped game as shipped (read once per process)."""
    return load_game(game).input_hash
