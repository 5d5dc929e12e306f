"""The rules language's schema: every key a user's file may give, at every depth, with its type and range.

Four kinds of file are written by people: a **game** file, a **paytable**
file (``--paytable``), a **strategy** file (``--strategy``) and a
**progressive** file (``--progressive``). Each is a pydantic model below
with a closed set of keys (``extra = "forbid"``: a misspelt key is an error,
never ignored) and strict types (``"false"`` is not a boolean, ``5`` is not
a title). Every value has a range: counts of cards from 0 to 52, pays from 0
to :data:`MOST_PAY` "to 1", results per unit staked from -1 (the stake lost)
to :data:`MOST_PAY`, names that are identifiers (never a path). Cross-field
rules that need no enumeration are model validators (a wager's ranking
against the cards it is dealt, a default paytable among the wager's
paytables, the cards dealt against the deck).

The schema checks the *shape* of a file; the readers (:mod:`analyzer.games.rules`,
:mod:`analyzer.games.paytables`, the engines' strategy and progressive readers)
then read hand names, strategy rules and the game's logic. The key reference
``docs/rules-file-keys.md`` is generated from these models
(``scripts/rules_file_keys.py``).

>>> validate("game", {"ranking": "four_card"}, "mine.toml")
Traceback (most recent call last):
...
analyzer.games.errors.RulesError: mine.toml: missing key 'player_cards' (required: ranking, player_cards, dealer_cards, wagers)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic_core import ErrorDetails
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from analyzer.core.cards import MOST_JOKERS
from analyzer.core.decks import MOST_DECKS, Deck
from analyzer.core.ranking import JOKER, declared_rankings
from analyzer.games.errors import RulesError
from analyzer.games.toml_lines import key_lines, line_of

#: A table of a rules file as read from TOML (keys to numbers, strings, lists and tables), before the schema types it.
Table = dict[str, Any]

#: The outcomes of a hand played against the dealer: whether the dealer qualifies, then how the best hands
#: compare.
OUTCOMES = ("no_qualify_win", "no_qualify_tie", "no_qualify_lose", "win", "tie", "lose")
Outcome = Literal["no_qualify_win", "no_qualify_tie", "no_qualify_lose", "win", "tie", "lose"]
#: A main wager's role: compulsory (one unit), the Play (the multiple chosen), staked or taken back at a street.
ROLES = ("initial", "raise", "street")
#: How a wager's paytable combines with its result per outcome.
PAYTABLE_MODES = ("instead", "in_addition", "on_win")
#: What a street's choice does.
STREET_ACTIONS = ("fold", "check", "bet", "take_back")
#: Which action an exact tie of expected values goes to: the smaller or the larger total wager.
TIE_BREAKS = ("smaller", "larger")
#: When a side bet pays: on the hand alone, or only when the player's hand loses to the dealer's.
PAYS_WHEN = ("always", "player_loses")
#: Whose hand a side bet is paid on.
HANDS_OF = ("player", "dealer", "both")
#: The card sets of a deal a side bet's hand may be taken from (``cards_from``): the player's cards, the
#: dealer's, the dealer's up-cards, the community cards.
CARD_SETS = ("player", "dealer", "dealer_up", "community")
CardSet = Literal["player", "dealer", "dealer_up", "community"]
#: How a paytable's pays are quoted: "to 1" (table games: the win, the stake returned besides) or "for 1"
#: (video poker: the amount returned, the stake included; 1 for 1 is a push, 0 for 1 a loss).
PAYS_QUOTED = ("to_one", "for_one")

#: The largest pay "to 1" (and result per unit staked) a file may give: larger is a typing mistake.
MOST_PAY = 10**9
#: Cards in the deck every game is dealt from.
DECK_CARDS = 52
#: The longest text a file may give in one value (a title, a rule, a hand name).
MOST_TEXT = 2000

FILE_KINDS = ("game", "paytable", "strategy", "progressive")


# -- values --------------------------------------------------------------------------------------------------
def exact_number(value: object, what: str) -> Fraction:
    """A number written as an integer, a decimal (read exactly as written) or a string "3/2", "1.5".

    >>> exact_number(4.000000000000001, "a pay"), exact_number("-1/2", "a result")
    (Fraction(4000000000000001, 1000000000000000), Fraction(-1, 2))
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{what} must be a number, not {_shown(value)}")
    try:
        return Fraction(repr(value) if isinstance(value, float) else value.strip() if isinstance(value, str)
                        else value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ValueError(f"{what} must be a number such as 2, 1.5 or \"3/2\", not {_shown(value)}") from None


_RATIO = re.compile(r"([0-9.]+)\s*(?:to|:|/|-)\s*([0-9.]+)(?:\s*to\s*1)?")


def pay_value(value: object) -> Fraction:
    """A pay "to 1": a number, "3 to 2", "3:2", "3/2", "1.5" or "2 to 1", from 0 to :data:`MOST_PAY`.

    >>> pay_value("3 to 2"), pay_value("3:2"), pay_value(200), pay_value("2 to 1")
    (Fraction(3, 2), Fraction(3, 2), Fraction(200, 1), Fraction(2, 1))
    """
    if isinstance(value, str):
        text = value.strip().lower()
        ratio = _RATIO.fullmatch(text)
        try:
            pays = Fraction(ratio[1]) / Fraction(ratio[2]) if ratio else \
                Fraction(text.removesuffix("to 1").removesuffix("-1").strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"cannot read pay {value!r} (write e.g. 2, \"3 to 2\", \"3:2\" or 1.5)") from None
    else:
        pays = exact_number(value, "a pay")
    if not 0 <= pays <= MOST_PAY:
        raise ValueError(f"a pay is from 0 to {MOST_PAY:,} 'to 1', not {_shown(value)}")
    return pays


def _kept_if_read_by(read: Callable[[object], Fraction]) -> Callable[[object], object]:
    """A validator that keeps a value as written once ``read`` can read it (the readers parse it again)."""
    def check(value: object) -> object:
        read(value)
        return value
    return check


def _stake(value: object) -> object:
    if pay_value(value) == 0:
        raise ValueError("the stake must be positive")
    return value


def _result(value: object) -> object:
    """A result per unit staked: from -1 (the stake lost) to :data:`MOST_PAY`."""
    result = exact_number(value, "a result")
    if not -1 <= result <= MOST_PAY:
        raise ValueError(f"a result per unit staked is from -1 (the stake lost) to {MOST_PAY:,}, not {_shown(value)}")
    return value


def share_value(value: object) -> Fraction:
    """A share of a wager or of the meter: "15%" or 0.15, from 0 to 1.

    >>> share_value("15%"), share_value(0.5)
    (Fraction(3, 20), Fraction(1, 2))
    """
    text = value.strip() if isinstance(value, str) else value
    share = exact_number(text[:-1], "a share") / 100 if isinstance(text, str) and text.endswith("%") else \
        exact_number(text, "a share")
    if not 0 <= share <= 1:
        raise ValueError(f"a share is from 0% to 100%, not {_shown(value)}")
    return share


def _ranking(name: str) -> str:
    if name not in declared_rankings():
        raise ValueError(f"unknown hand ranking {name!r} (known: {', '.join(declared_rankings())})")
    return name


def _shown(value: object) -> str:
    """A value as a message shows it (shortened)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


Text = Annotated[str, Field(max_length=MOST_TEXT)]
#: A name of a game, wager, side bet or option: letters, digits, ``_`` and ``-`` (never a path).
IDENTIFIER = r"^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$"
Identifier = Annotated[str, Field(pattern=IDENTIFIER)]
#: A paytable's name: any short text on one line ("200-30-15-2-3:2-1").
Label = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[^\n\r]*$")]
Cards = Annotated[int, Field(ge=0, le=DECK_CARDS)]
Pay = Annotated[Any, AfterValidator(_kept_if_read_by(pay_value)),
                Field(description="a pay 'to 1': 2, \"3 to 2\", \"3:2\", 1.5")]
Result = Annotated[Any, AfterValidator(_result),
                   Field(description="a result per unit staked, -1 to 10^9: 1, 0, -1, \"1/2\"")]
Stake = Annotated[Any, AfterValidator(_stake), Field(description="a positive amount of money")]
Share = Annotated[Any, AfterValidator(_kept_if_read_by(share_value)),
                  Field(description="a share: \"15%\" or 0.15")]
RankingName = Annotated[str, AfterValidator(_ranking), Field(description="a hand ranking of core/rankings.toml")]


def _ranking_cards(name: str) -> int:
    return int(declared_rankings()[name]["cards"])


class Strict(BaseModel):
    """A table of a rules file: only the keys declared, each of its declared type."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- paytables -----------------------------------------------------------------------------------------------
class SharedLine(Strict):
    """A line declared once for all of a wager's paytables (each paytable then lists only its ``pays``)."""

    hand: Text = Field(description="the hands the line pays: \"flush\", \"pair of Q or better\"")
    label: Text | None = Field(None, description="the line's name in reports (default: the hand)")
    dealer_hand: Text | None = Field(None, description="with hand_of = \"both\": the dealer's hands too")


class PayLine(SharedLine):
    """A line of a paytable that gives its own lines."""

    pays: Pay


class Paytable(Strict):
    """A named paytable: its own ``lines``, or ``pays`` for the wager's shared lines, in order."""

    pays: list[Pay] | None = Field(None, description="one pay per shared line, in order")
    lines: list[PayLine] | None = Field(None, description="the table's own lines, checked from the top")

    @model_validator(mode="after")
    def _one_form(self) -> Paytable:
        if (self.pays is None) == (self.lines is None):
            raise ValueError("give either its lines or a list of pays for the wager's lines")
        return self


class FilePaytable(Paytable):
    """A paytable in a paytable file: ``default = true`` makes it the wager's default."""

    default: bool = Field(False, description="make this table the wager's default")


class PaidTables(Strict):
    """What a wager or side bet's paytables share: a ranking, shared lines, named paytables, the default."""

    ranking: RankingName | None = Field(None, description="the ranking its hands are paid on (default: the game's)")
    lines: list[SharedLine] = Field(default_factory=list, description="lines shared by every paytable")
    paytables: dict[Label, Paytable] = Field(default_factory=dict, description="named paytables")
    default_paytable: Label | None = Field(None, description="the paytable analysed unless another is asked")
    pays_quoted: Literal["to_one", "for_one"] = Field(
        "to_one", description="to_one: pays \"to 1\" (the win); for_one: pays \"for 1\" (returned, the stake included)")

    @model_validator(mode="after")
    def _tables_agree(self) -> PaidTables:
        if self.default_paytable is not None and self.default_paytable not in self.paytables:
            raise ValueError(f"default_paytable {self.default_paytable!r} is none of its paytables "
                             f"({', '.join(self.paytables) or 'none'})")
        for name, table in self.paytables.items():
            if table.pays is not None and len(table.pays) != len(self.lines):
                raise ValueError(f"paytable {name!r}: {len(table.pays)} pays for {len(self.lines)} lines")
        return self


# -- a game file ---------------------------------------------------------------------------------------------
class Results(Strict):
    """A wager's result per unit staked on each outcome."""

    no_qualify_win: Result
    no_qualify_tie: Result
    no_qualify_lose: Result
    win: Result
    tie: Result
    lose: Result


def _table_or_number(value: object) -> str:
    return "table" if isinstance(value, dict) else "number"


class Wager(PaidTables):
    """A main wager: its role, what a fold does, its result per outcome, optionally paytables."""

    title: Text | None = Field(None, description="the wager's name in reports (required)")
    role: Literal["initial", "raise", "street"] | None = Field(
        None, description="initial: compulsory, one unit; raise: the Play; street: staked at a street (required)")
    on_fold: Result | None = Field(None, description="the result when the player folds")
    results: Annotated[Annotated[Results, Tag("table")] | Annotated[Result, Tag("number")],
                       Discriminator(_table_or_number)] | None = Field(
        None, description="per outcome, or one number in a game with no dealer hand")
    paytable_mode: Literal["instead", "in_addition", "on_win"] | None = Field(
        None, description="the paytable paid instead of the result, in addition to it, or instead on a win")
    paytable_outcomes: list[Outcome] | None = Field(None, min_length=1,
                                                    description="the outcomes on which the paytable applies")
    paid_as: Identifier | None = Field(None, description="settled as this other wager (its results and paytables)")

    @model_validator(mode="after")
    def _complete(self) -> Wager:
        needed = ("title", "role", "on_fold") + (() if self.paid_as else ("results",))
        missing = [key for key in needed if getattr(self, key) is None]
        if missing:
            raise ValueError(f"missing {missing[0]!r} (a wager gives {', '.join(needed)})")
        if self.default_paytable is not None and self.paytable_mode is None:
            raise ValueError("a wager with a default_paytable gives its paytable_mode "
                             f"({', '.join(PAYTABLE_MODES)})")
        return self


class SideBet(PaidTables):
    """An optional wager paid by a table on a hand, whatever the player decides."""

    title: Text = Field(description="the side bet's name in reports")
    hand: Text | None = Field(None, description="a note on the hand it is paid on, for the reader")
    board_cards: Cards | None = Field(None, description="the player's cards with the first N community cards")
    pays_when: Literal["always", "player_loses"] = Field("always", description="player_loses: a bad-beat bet")
    hand_of: Literal["player", "dealer", "both"] = Field("player", description="whose hand it is paid on")
    cards_from: list[CardSet] | None = Field(
        None, min_length=1, description="the card sets whose union the hand is the best of: "
        "[\"player\", \"dealer\"], [\"player\", \"dealer_up\"], [\"player\"] ...")

    @model_validator(mode="after")
    def _has_default(self) -> SideBet:
        if self.default_paytable is None:
            raise ValueError("a side bet needs a default_paytable among its paytables")
        return self


class PlayMultiple(Strict):
    """A Play wager of ``multiple`` times the Ante, allowed with ``requires`` or better."""

    multiple: Annotated[int, Field(ge=1, le=1000)]
    requires: Text | None = Field(None, description="the least hand allowed this multiple")
    when: Text | None = Field(None, description="the decision point, in games with several")


class Play(Strict):
    """The one decision: fold (when allowed) or one of the Play multiples."""

    fold: bool = Field(True, description="whether the player may fold")
    multiples: list[PlayMultiple] = Field(min_length=1, description="the Play wagers allowed")


class StreetChoice(Strict):
    """One action allowed at a street."""

    action: Literal["fold", "check", "bet", "take_back"] = Field(description="what the choice does")
    multiple: Annotated[int, Field(ge=1, le=1000)] | None = Field(None, description="with bet: times the Ante")
    label: Text | None = Field(None, description="the choice's name in reports")

    @model_validator(mode="after")
    def _bet_has_multiple(self) -> StreetChoice:
        if (self.action == "bet") != (self.multiple is not None):
            raise ValueError("a bet gives its multiple, and only a bet does")
        return self


class Street(Strict):
    """A decision before ``cards`` community cards are turned."""

    title: Text | None = Field(None, description="the street's name in reports")
    cards: Cards = Field(1, description="community cards turned after the decision")
    wager: Identifier = Field(description="the wager staked here (role street, or the raise wager)")
    choices: list[StreetChoice] = Field(min_length=1, description="the actions allowed")


class Draw(Strict):
    """The draw: the player keeps any of the dealt cards and the others are replaced from the unseen cards."""

    title: Text = Field("the draw", description="the decision's name in reports")
    most_replaced: Annotated[int, Field(ge=1, le=DECK_CARDS)] | None = Field(
        None, description="the most cards the player may replace (default: every card dealt)")


class DeckTable(Strict):
    """The cards the game is dealt from (:class:`analyzer.core.decks.Deck`): one 52-card deck unless it says."""

    decks: Annotated[int, Field(ge=1, le=MOST_DECKS)] = Field(
        1, description=f"52-card decks shuffled together (a shoe: 2 to {MOST_DECKS})")
    jokers: Annotated[int, Field(ge=0, le=MOST_JOKERS)] = Field(0, description="jokers added to the deck")


class NotAnalysed(Strict):
    """A wager the rules leave unanalysable, and why."""

    wager: Identifier = Field(description="the wager's name")
    reason: Text = Field(description="why, for the report")


class OptionChoice(Strict):
    """One reading of an ambiguous rule: the values it sets, by dotted key path."""

    description: Text | None = Field(None, description="the reading, for the report")
    set: dict[Annotated[str, Field(max_length=200)], Any] = Field(default_factory=dict)


class RuleOption(Strict):
    """A named reading of an ambiguous rule (``--option NAME=CHOICE``)."""

    description: Text = Field(description="the ambiguity, for the report")
    default: Identifier = Field(description="the choice analysed unless another is asked")
    choices: dict[Identifier, OptionChoice] = Field(min_length=1, description="the readings, by name")

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> RuleOption:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is none of its choices ({', '.join(self.choices)})")
        return self


class GameFile(Strict):
    """A game: its cards, ranking, decisions and wagers."""

    name: Identifier | None = Field(None, description="the game's short name (default: the file's name)")
    title: Text | None = Field(None, description="the game's name in reports (default: its name)")
    rules_source: Text | None = Field(None, description="the document the rules come from")
    engine: Identifier | None = Field(None, description="the engine's registry name (default: one decision; no "
                                    "decision for a game with no play, streets or draw)")
    ranking: RankingName = Field(description="the ranking of the game's hands: " + ", ".join(declared_rankings()))
    player_cards: Annotated[int, Field(ge=1, le=DECK_CARDS)] = Field(description="cards dealt to the player")
    dealer_cards: Cards = Field(description="cards dealt to the dealer (0: no dealer hand)")
    dealer_up_cards: Cards = Field(0, description="of the dealer's cards, those dealt face up")
    community_cards: Cards = Field(0, description="cards shared by the player and the dealer")
    deck: DeckTable = Field(default_factory=DeckTable, description="the cards dealt from (default: one 52-card deck)")
    dealer_qualifies: Text | None = Field(None, description="the dealer's least qualifying hand")
    rules: list[Text] = Field(default_factory=list, description="the rules in prose, for the report")
    assumptions: list[Text] = Field(default_factory=list, description="readings the analysis makes, for the report")
    not_analysed: list[NotAnalysed] = Field(default_factory=list, description="wagers left out, and why")
    play: Play | None = Field(None, description="the one decision (or give streets or draw; none of the three: "
                              "wagers settled by the cards alone)")
    streets: list[Street] = Field(default_factory=list, description="decisions street by street (or give play)")
    draw: Draw | None = Field(None, description="a draw: which dealt cards to keep (or give play or streets)")
    cards_before_streets: Cards = Field(0, description="community cards turned before the first street")
    play_once: bool = Field(False, description="the first bet is the only one")
    turn_and_river: Literal["in order", "as a pair"] = Field(
        "in order", description="how the cycle counts the turn and river cards: in the order dealt (47 x 46 per "
        "flop), or as one unordered pair (C(47,2)) in a game that decides nothing between them; every probability "
        "and figure is the same, the combination counts of a pair are half")
    tie_break: Literal["smaller", "larger"] = Field(
        "smaller", description="which action an exact tie of expected values goes to: the smaller or larger wager")
    wagers: dict[Identifier, Wager] = Field(min_length=1, description="the main wagers, by name")
    side_bets: dict[Identifier, SideBet] = Field(default_factory=dict, description="optional wagers, by name")
    options: dict[Identifier, RuleOption] = Field(default_factory=dict,
                                                  description="readings of ambiguous rules, by name")

    @model_validator(mode="after")
    def _cards_agree(self) -> GameFile:
        decisions = [key for key, given in (("play", self.play is not None), ("streets", bool(self.streets)),
                                            ("draw", self.draw is not None)) if given]
        if len(decisions) > 1:
            raise ValueError(f"a game gives one decision: [play], [[streets]] or [draw], not {' and '.join(decisions)}")
        staked_later = [name for name, wager in self.wagers.items() if wager.role != "initial"]
        if not decisions and staked_later:  # a decision forgotten, not a game settled by the cards alone
            raise ValueError("a game gives one decision: [play], [[streets]] or [draw] (or none, when every wager "
                             f"has role \"initial\" and is settled by the cards alone: wagers.{staked_later[0]} "
                             f"has role \"{self.wagers[staked_later[0]].role}\")")
        if self.draw is not None and (self.draw.most_replaced or 0) > self.player_cards:
            raise ValueError(f"draw.most_replaced ({self.draw.most_replaced}) is more than the "
                             f"{self.player_cards} cards dealt to the player")
        dealt = self.player_cards + self.dealer_cards + self.community_cards
        deck = Deck(self.deck.decks, self.deck.jokers)
        if dealt > deck.size:
            raise ValueError(f"{dealt} cards dealt (player {self.player_cards}, dealer {self.dealer_cards}, "
                             f"community {self.community_cards}) from {deck.describe()}")
        if self.turn_and_river == "as a pair" and self.community_cards != 5:
            raise ValueError(f'turn_and_river = "as a pair" counts the last two of five community cards, but the game '
                             f"deals {self.community_cards}")
        reach = self.player_cards + self.community_cards
        if _ranking_cards(self.ranking) > reach:
            raise ValueError(f"ranking {self.ranking!r} ranks {_ranking_cards(self.ranking)} cards, but the "
                             f"player's hand has {reach}")
        for kind, entries in (("wagers", self.wagers), ("side_bets", self.side_bets)):
            sizes = {"player": self.player_cards, "dealer": self.dealer_cards, "dealer_up": self.dealer_up_cards,
                     "community": self.community_cards}
            for name, entry in entries.items():
                board = getattr(entry, "board_cards", None)
                cards = reach if board is None else self.player_cards + board
                parts: list[str] | None = getattr(entry, "cards_from", None)
                if parts:
                    cards = sum(sizes[part] for part in parts)
                if entry.ranking is not None and _ranking_cards(entry.ranking) > cards:
                    raise ValueError(f"{kind}.{name}: ranking {entry.ranking!r} ranks "
                                     f"{_ranking_cards(entry.ranking)} cards, but the hand it is paid on has "
                                     f"{cards}")
        if self.deck.jokers:
            rankings = [self.ranking] + [entry.ranking for entries in (self.wagers, self.side_bets)
                                         for entry in entries.values() if entry.ranking is not None]
            for ranking in rankings:
                if JOKER not in declared_rankings()[ranking].get("wild", []):
                    raise ValueError(f"deck.jokers: ranking {ranking!r} has no rule for the joker (a ranking "
                                     f'with one lists "{JOKER}" among its wild cards)')
        return self


# -- the other files -----------------------------------------------------------------------------------------
class PaytableAdditions(Strict):
    """Paytables added to (or replacing those of) one of the game's wagers or side bets."""

    paytables: dict[Label, FilePaytable] = Field(min_length=1, description="named paytables")


def _whole_or_added(value: object) -> str:
    return "whole" if isinstance(value, dict) and "title" in value else "added"


class PaytableFile(Strict):
    """Paytables for a game's wagers and side bets, and whole new side bets (a table with a title)."""

    game: Identifier | None = Field(None, description="the game the file is written for")
    wagers: dict[Identifier, PaytableAdditions] = Field(default_factory=dict, description="by the wager's name")
    side_bets: dict[Identifier, Annotated[Annotated[SideBet, Tag("whole")] | Annotated[PaytableAdditions,
                                                                                    Tag("added")],
                                          Discriminator(_whole_or_added)]] = Field(
        default_factory=dict, description="paytables by the side bet's name, or a whole new side bet (with a title)")

    @model_validator(mode="after")
    def _defines_something(self) -> PaytableFile:
        if not self.wagers and not self.side_bets:
            raise ValueError('defines no paytables (expected [wagers.NAME.paytables."TABLE"] or '
                             '[side_bets.NAME.paytables."TABLE"])')
        return self


class StreetRules(Strict):
    """The rules of one decision street, checked from the top."""

    rules: list[Text] = Field(min_length=1, description="\"3x with pair of 6 or better\", ..., \"otherwise fold\"")


class StrategyFile(Strict):
    """A strategy written as rules: one list (``rules``, and per dealer up-card ``up_cards``), or one list per
    street (``[[streets]]``)."""

    game: Identifier | None = Field(None, description="the game the strategy is for")
    title: Text | None = Field(None, description="the strategy's name in reports (default: the file's)")
    rules: list[Text] | None = Field(None, min_length=1, description="one decision's rules, checked from the top")
    up_cards: dict[Annotated[str, Field(pattern=r"^(?:[2-9TJQKA]|10)$")], list[Text]] | None = Field(
        None, description="rules per dealer up-card rank")
    streets: list[StreetRules] | None = Field(None, min_length=1, description="one rule list per street, in order")

    @model_validator(mode="after")
    def _one_form(self) -> StrategyFile:
        if self.streets is not None and (self.rules is not None or self.up_cards is not None):
            raise ValueError("give either rules (and up_cards) or [[streets]], not both")
        if self.streets is None and self.rules is None and not self.up_cards:
            raise ValueError("no rules (write rules = [...], or [[streets]] rules = [...])")
        return self


class ProgressiveLine(Strict):
    """A progressive award: a fixed pay or a share of the meter."""

    hand: Text = Field(description="the hands the line pays")
    label: Text | None = Field(None, description="the line's name in reports")
    pays: Pay | None = None
    meter: Share | None = Field(None, description="a share of the meter: \"100%\"")

    @model_validator(mode="after")
    def _one_award(self) -> ProgressiveLine:
        if (self.pays is None) == (self.meter is None):
            raise ValueError("give either pays or meter")
        return self


class ProgressiveFile(Strict):
    """A progressive paytable: the stake, the meter's reset and contribution, the lines."""

    title: Text | None = Field(None, description="the progressive's name in reports")
    stake: Stake = Field(description="the progressive wager, in money")
    reset: Pay = Field(description="the meter's reset value, in money")
    contribution: Share = Field(0, description="the share of each wager added to the meter")
    ranking: RankingName | None = Field(None, description="the ranking its hands are paid on (default: the game's)")
    lines: list[ProgressiveLine] = Field(min_length=1, description="the awards, checked from the top")
    board_cards: Cards | None = Field(None, description="the player's cards with the first N community cards")
    pays_when: Literal["always", "player_loses"] = Field("always", description="player_loses: a bad-beat award")
    hand_of: Literal["player", "dealer", "both"] = Field("player", description="whose hand it is paid on")
    cards_from: list[CardSet] | None = Field(
        None, min_length=1, description="the card sets whose union the hand is the best of: "
        "[\"player\", \"dealer\"], [\"player\", \"dealer_up\"], [\"player\"] ...")


MODELS: dict[str, type[Strict]] = {"game": GameFile, "paytable": PaytableFile, "strategy": StrategyFile,
                                   "progressive": ProgressiveFile}


# -- checking a file -----------------------------------------------------------------------------------------
def validate(kind: str, data: Table, where: str, text: str | None = None) -> Strict:
    """The file's data checked against the schema of its ``kind``; the first problem is a one-line
    :class:`RulesError` naming the file (``where``), the line (found in ``text``) and the key."""
    model = MODELS[kind]
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RulesError(describe(model, error, data, where, text)) from None
    except RecursionError:
        raise RulesError(f"{where}: nested too deeply to be a {kind} file") from None


def describe(model: type[Strict], error: ValidationError, data: Table, where: str, text: str | None) -> str:
    """The one line of the most telling problem: file, line, key path, what is wrong."""
    problem = min(error.errors(include_url=False), key=_telling)
    path = _data_path(problem["loc"], data)
    kind = problem["type"]
    message = str(problem["msg"]).removeprefix("Value error, ")
    parent = table_model(model, tuple(problem["loc"][:-1]))
    if kind == "extra_forbidden":
        known = list(parent.model_fields) if parent else []
        message = f"unknown key {path[-1]!r}{_did_you_mean(str(path[-1]), known)}" + (
            f" (known: {', '.join(known)})" if known else "")
    elif kind == "missing":
        fields = parent.model_fields if parent else {}
        needed = [name for name, info in fields.items() if info.is_required()]
        message = f"missing key {path[-1]!r}" + (f" (required: {', '.join(needed)})" if needed else "")
        path = path[:-1]
    elif kind in ("literal_error", "enum"):
        expected = problem.get("ctx", {}).get("expected", "")
        choices = re.findall(r"'([^']*)'", expected)
        message = f"must be one of {', '.join(choices)}, not {_shown(problem['input'])}" + \
            _did_you_mean(str(problem["input"]), choices)
    elif kind == "bool_type":
        message = f"must be true or false, not {_shown(problem['input'])}"
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        message = f"must be a whole number, not {_shown(problem['input'])}"
    elif kind in ("string_type",):
        message = f"must be a text in quotes, not {_shown(problem['input'])}"
    elif kind in ("dict_type", "model_type", "model_attributes_type"):
        message = f"must be a table ([section] or {{ ... }}), not {_shown(problem['input'])}"
    elif kind == "list_type":
        message = f"must be a list [ ... ], not {_shown(problem['input'])}"
    elif kind == "string_pattern_mismatch" and problem["loc"][-1] == "[key]":
        message = f"the name {str(path[-1])!r} must be made of letters, digits, _ and - (at most 64)"
    elif kind == "string_pattern_mismatch":
        message = f"{_shown(problem['input'])} must be made of letters, digits, _ and - (at most 64; never a path)"
    elif kind in _BOUNDS:
        context = problem.get("ctx", {})
        bound = next((context[name] for name in ("ge", "le", "min_length", "max_length") if name in context), "")
        message = _BOUNDS[kind].format(bound) + ("" if isinstance(problem["input"], (list, dict)) else
                                                 f", not {_shown(problem['input'])}")
    line = line_of(key_lines(text), path) if text else None
    key = _dotted(path)
    return f"{where}{f', line {line}' if line else ''}: {key + ': ' if key else ''}{message}"


#: The messages of the schema's bounds, by pydantic's error type.
_BOUNDS = {"greater_than_equal": "must be at least {}", "less_than_equal": "must be at most {}",
           "too_short": "must list at least {}", "too_long": "must list at most {}",
           "string_too_short": "must be at least {} characters long", "string_too_long":
           "must be at most {} characters long"}


def _telling(problem: ErrorDetails) -> tuple[int, int]:
    """Order of the problems: a misspelt key first, then the deepest."""
    return (0 if problem["type"] == "extra_forbidden" else 1, -len(problem["loc"]))


def _data_path(loc: tuple[str | int, ...], data: object) -> tuple[str | int, ...]:
    """The schema's error location as a path in the data: union tags and the ``[key]`` marker dropped."""
    path: list[str | int] = []
    here = data
    for position, part in enumerate(loc):
        last = position == len(loc) - 1
        if isinstance(here, dict) and part in here:
            path.append(part)
            here = here[part]
        elif isinstance(here, list) and isinstance(part, int) and part < len(here):
            path.append(part)
            here = here[part]
        elif last and part != "[key]" and isinstance(here, dict) and isinstance(part, str) and \
                part not in ("table", "number", "whole", "added"):
            path.append(part)  # a missing key
    return tuple(path)


def _step(annotation: object, key: str | int) -> object:
    """What a value of type ``annotation`` holds under ``key`` (a field, a dict key, a list index, or the tag
    of a union's branch), or None."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _step(get_args(annotation)[0], key)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        info = annotation.model_fields.get(str(key))
        return info.annotation if info else None
    if origin in (dict, list):
        return get_args(annotation)[-1]
    branches = get_args(annotation)
    for branch in branches:  # a tagged union: the branch the tag names
        if get_origin(branch) is Annotated and any(isinstance(meta, Tag) and meta.tag == key
                                                   for meta in branch.__metadata__):
            return branch
    for branch in branches:  # an optional value: its type
        found = _step(branch, key)
        if found is not None:
            return found
    return None


def table_model(model: type[BaseModel], loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The model of the table at the schema's error location ``loc`` (None where it leads to no table)."""
    here: object = model
    for key in loc:
        if key == "[key]":
            continue
        here = _step(here, key)
    return _first_model(here)


def _first_model(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in get_args(annotation):
        found = _first_model(argument)
        if found is not None:
            return found
    return None


def _did_you_mean(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _dotted(path: tuple[str | int, ...]) -> str:
    """``wagers.ante.results.win``, ``streets[2].choices[1].action`` (indices counted from 1).

    >>> _dotted(("streets", 1, "choices", 0, "action")), _dotted(("wagers", "a b"))
    ('streets[2].choices[1].action', 'wagers."a b"')
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            name = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else f'"{part}"'
            text += f".{name}" if text else name
    return text


def kind_of(data: Table) -> str | None:
    """The kind of file ``data`` looks like: the kind whose top-level keys it shares most (a key written
    exactly counts 2, a near miss 1, so a misspelt key still tells); None when it shares none.

    >>> kind_of({"stake": 5, "lines": []}), kind_of({"game": "uth", "streets": [{"rules": []}]})
    ('progressive', 'strategy')
    >>> kind_of({"game": "crazy4", "wager": {}})   # a paytable file, its wagers misspelt
    'paytable'
    """
    def score(kind: str) -> int:
        fields = list(MODELS[kind].model_fields)
        return sum(2 if key in fields else 1 if difflib.get_close_matches(str(key), fields, n=1, cutoff=0.75)
                   else 0 for key in data)
    best = max(FILE_KINDS, key=score)
    return best if score(best) else None
