"""Each game dealt from shuffled decks, played by a strategy, and settled by its written rules.

The settlement functions are written from the rule documents
(``shared/rules``), not from the game files: what the game files give the
simulator is data only, the paytables (hand names and pays) and the chosen
reading of an ambiguous rule. Each returns every main wager's result per
ante for a batch of hands; side bets are settled per unit of their own stake
by :func:`side_bet`.

A deal is a shuffled deck dealt card by card: in the four-card games the
player's five cards, then the dealer's five (six in Four Card Fever, the
first of them face up); in Ultimate Texas Hold'em the player's two, the
dealer's two, the flop, the turn and the river.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial

import numpy as np

from analyzer.simulation.hands import ORDERS, SimulationError, at_least, best, pays

FOUR, FIVE = "four_card", "five_card"
DECK = 52


@dataclass(frozen=True)
class Paytable:
    """A paytable as the simulator reads it: (hand name, pays "to 1") from the top, on ``ranking`` hands."""

    ranking: str
    lines: tuple[tuple[str, float], ...]

    @classmethod
    def of(cls, ranking: str, paytable) -> Paytable:
        """From a game file's paytable (:class:`analyzer.games.rules.Paytable`): its hand names and pays only."""
        if ranking not in ORDERS:
            raise SimulationError(f"the simulator has no evaluator for {ranking} hands (paytable {paytable.name})")
        return cls(ranking, tuple((line.pattern.text, float(line.pays)) for line in paytable.lines))


@dataclass(frozen=True)
class GameData:
    """What the simulator takes from a game's rules as data: paytables and rule readings."""

    name: str
    title: str
    wagers: dict[str, str]                # main wager name -> title, in the rules' order
    paytables: dict[str, Paytable]        # main wager name -> its default paytable
    side_bets: dict[str, tuple[str, Paytable]]  # side bet name -> (title, default paytable)
    options: dict[str, str]               # rule option -> chosen reading

    @classmethod
    def of(cls, rules) -> GameData:
        """From :class:`analyzer.games.rules.GameRules`."""
        return cls(rules.name, rules.title, {w.name: w.title for w in rules.wagers},
                   {w.name: Paytable.of(w.ranking.name, w.paytable) for w in rules.wagers if w.paytable},
                   {b.name: (b.title, Paytable.of(b.ranking.name, b.paytables[b.default_paytable]))
                    for b in rules.side_bets},
                   {o.name: o.chosen for o in rules.options})


def shuffled_decks(rng: np.random.Generator, hands: int, cards: int) -> np.ndarray:
    """The first ``cards`` cards of ``hands`` independently shuffled decks, one deck per row."""
    return rng.permuted(np.tile(np.arange(DECK, dtype=np.int64), (hands, 1)), axis=1)[:, :cards]


def paid(values: np.ndarray, table: Paytable) -> np.ndarray:
    """What ``table`` pays each hand (0 where no line matches)."""
    return pays(values, table.ranking, list(table.lines))[0]


def side_bet(values: np.ndarray, table: Paytable) -> np.ndarray:
    """A side bet per unit: its line's pay, or -1 where no line matches."""
    amounts, hit = pays(values, table.ranking, list(table.lines))
    return np.where(hit, amounts, -1.0)


# -- the four-card games -------------------------------------------------------
def settle_bonus_game(bonus: str, reading: str | None, player: np.ndarray, dealer: np.ndarray,
                      multiple: np.ndarray, data: GameData) -> dict[str, np.ndarray]:
    """Crazy 4 Poker and Super 4 Poker: Ante, a ``bonus`` wager beside it (Super Bonus, X-tra Bonus)
    and Play.

    As written: a fold loses Ante and bonus. The dealer qualifies with
    king-high or better. Not qualifying: the Ante pushes, the Play wins 1 to 1.
    Qualifying: the higher hand wins Ante and Play 1 to 1, a tie pushes. The
    bonus pays its table on a straight or better whatever the dealer holds;
    below a straight it pushes when the player beats or ties the dealer and
    loses otherwise (Super 4: "It does not matter whether the dealer qualifies";
    Crazy 4 does not say, so its rule option ``reading`` decides: ``compare``
    as Super 4, or ``push`` when the dealer does not qualify).
    """
    played = multiple > 0
    qualifies = at_least(dealer, FOUR, "high_card", "K")
    versus = np.sign(player - dealer)
    below_straight = np.where(player >= dealer, 0, -1)
    if reading and data.options[reading] == "push":
        below_straight = np.where(qualifies, below_straight, 0)
    bonus_result = np.where(at_least(player, FOUR, "straight"), paid(player, data.paytables[bonus]), below_straight)
    return {"ante": np.where(played, np.where(qualifies, versus, 0), -1),
            bonus: np.where(played, bonus_result, -1),
            "play": multiple * np.where(qualifies, versus, 1)}


def settle_four_card_fever(player: np.ndarray, dealer: np.ndarray, multiple: np.ndarray,
                           data: GameData) -> dict[str, np.ndarray]:
    """Four Card Fever: no qualifier; the player who ties or beats the dealer wins Ante and Play 1 to 1,
    otherwise both lose; a fold loses the Ante. The Ante Bonus pays its table (three of a kind or
    better) to a player who has not folded, whatever the dealer holds, on top of the Ante's result."""
    played = multiple > 0
    versus = np.where(player >= dealer, 1, -1)
    return {"ante": np.where(played, versus + paid(player, data.paytables["ante"]), -1),
            "play": multiple * versus}


def suit_class_keys(hands: np.ndarray, up_card: np.ndarray | None = None) -> np.ndarray:
    """One int64 per deal, equal for two deals exactly when a relabelling of the suits maps one onto
    the other (the player's cards as a set, the dealer's up-card, if any, as itself).

    A relabelling permutes the four 13-bit sets of ranks the player holds in each suit, so the
    sets in decreasing order name the class; with an up-card, its rank, then the set of its
    suit, then the other three in decreasing order.

    >>> from analyzer.simulation.hands import cards
    >>> a, b, c = cards("As Ks 2h 3h 4c"), cards("Ad Kd 2c 3c 4h"), cards("As Kh 2h 3h 4c")
    >>> bool(suit_class_keys(a) == suit_class_keys(b)), bool(suit_class_keys(a) == suit_class_keys(c))
    (True, False)
    >>> up = np.array([4 * 5 + 2])   # the 7h
    >>> bool(suit_class_keys(a, up) == suit_class_keys(b, up)), bool(suit_class_keys(b, up) == suit_class_keys(a, up - 2))
    (False, True)
    """
    hands = np.asarray(hands, dtype=np.int64)
    ranks, suits = hands >> 2, hands & 3
    sets = np.stack([np.where(suits == suit, 1 << ranks, 0).sum(axis=1) for suit in range(4)], axis=1)
    key = np.zeros(len(hands), dtype=np.int64)
    if up_card is not None:
        up = np.asarray(up_card, dtype=np.int64)
        rows = np.arange(len(hands))
        key = (up >> 2) << 13 | sets[rows, up & 3]
        sets[rows, up & 3] = -1  # sorted last, left out
    ordered = -np.sort(-sets, axis=1)
    for column in range(4 if up_card is None else 3):
        key = key << 13 | ordered[:, column]
    return key


@dataclass(frozen=True)
class StrategyTable:
    """The Play multiple (0: fold) of every player situation, looked up by :func:`suit_class_keys`."""

    keys: np.ndarray       # sorted
    multiples: np.ndarray  # int8, per key

    @classmethod
    def build(cls, hands: np.ndarray, up_cards: np.ndarray | None, multiples: np.ndarray,
              rows: int = 500_000) -> StrategyTable:
        """From one representative deal per situation class and its decision."""
        keys = np.concatenate([suit_class_keys(hands[start:start + rows],
                                               None if up_cards is None else up_cards[start:start + rows])
                               for start in range(0, len(hands), rows)])
        order = np.argsort(keys)
        keys = keys[order]
        if (np.diff(keys) == 0).any():
            raise SimulationError("two situations of the strategy table are the same suit class")
        return cls(keys, np.asarray(multiples, dtype=np.int8)[order])

    def decide(self, hands: np.ndarray, up_cards: np.ndarray | None) -> np.ndarray:
        """The Play multiple for each dealt hand (and up-card)."""
        wanted = suit_class_keys(hands, up_cards)
        index = np.minimum(np.searchsorted(self.keys, wanted), len(self.keys) - 1)
        if (self.keys[index] != wanted).any():
            raise SimulationError("a dealt hand has no situation in the strategy table")
        return self.multiples[index].astype(np.int64)


@dataclass(frozen=True)
class FourCardGame:
    """A four-card game: five cards to the player, ``dealer_cards`` to the dealer (the first face up
    when ``up_card``); both play their best four."""

    dealer_cards: int
    up_card: bool
    settle: Callable[..., dict[str, np.ndarray]]
    raise_needs_aces: bool = False  # the rules allow more than 1x only with a pair of aces or better
    readings: tuple[str, ...] = ()  # rule options the settlement reads
    strategy: StrategyTable | None = field(default=None, repr=False)

    def play(self, rng: np.random.Generator, hands: int, data: GameData) -> dict[str, np.ndarray]:
        """Deal ``hands`` hands, play them by the strategy table; each wager's result per hand."""
        deck = shuffled_decks(rng, hands, 5 + self.dealer_cards)
        player, dealer = deck[:, :5], deck[:, 5:]
        multiple = self.strategy.decide(player, dealer[:, 0] if self.up_card else None)
        mine, theirs = best(player, 4, FOUR), best(dealer, 4, FOUR)
        if self.raise_needs_aces and ((multiple > 1) & ~at_least(mine, FOUR, "pair", "A")).any():
            raise SimulationError("the strategy plays more than 1x without a pair of aces, which the rules forbid")
        values = {FOUR: mine}
        if any(table.ranking == FIVE for _, table in data.side_bets.values()):
            values[FIVE] = best(player, 5, FIVE)
        return with_side_bets(self.settle(mine, theirs, multiple, data), values, data)


# -- Ultimate Texas Hold'em ----------------------------------------------------
def settle_holdem(player: np.ndarray, dealer: np.ndarray, multiple: np.ndarray,
                  data: GameData) -> dict[str, np.ndarray]:
    """Ultimate Texas Hold'em: a river fold (no Play bet) loses Ante and Blind. The dealer needs a
    pair to qualify; not qualifying pushes the Ante, and the rest is settled as usual. The higher
    best five of seven wins: Ante (dealer qualifying) and Play 1 to 1, the Blind by its table on a
    straight or better and pushes below; the dealer's higher hand takes Ante, Blind and Play; a tie
    pushes all three."""
    folded = multiple == 0
    qualifies = at_least(dealer, FIVE, "pair")
    versus = np.sign(player - dealer)
    blind = np.where(versus > 0, paid(player, data.paytables["blind"]), versus)
    return {"ante": np.where(folded, -1, np.where(qualifies, versus, 0)),
            "blind": np.where(folded, -1, blind),
            "play": multiple * versus}


@dataclass(frozen=True)
class HoldemGame:
    """Ultimate Texas Hold'em played by a posted strategy (:class:`analyzer.engines.holdem.posted.PostedStrategy`):
    its pre-flop chart (4x or check), flop rule (2x or check) and river rule (1x or fold), applied
    to the concrete cards of each deal by the strategy's own decision methods."""

    strategy: object = field(default=None, repr=False)
    readings: tuple[str, ...] = ()

    def play(self, rng: np.random.Generator, hands: int, data: GameData) -> dict[str, np.ndarray]:
        """Deal ``hands`` hands, play them by the posted strategy; each wager's result per hand."""
        deck = shuffled_decks(rng, hands, 9)
        hole, dealer, board = deck[:, 0:2], deck[:, 2:4], deck[:, 4:9]
        multiple = self.decisions(hole, board)
        mine = best(np.concatenate([hole, board], axis=1), 5, FIVE)
        theirs = best(np.concatenate([dealer, board], axis=1), 5, FIVE)
        return with_side_bets(settle_holdem(mine, theirs, multiple, data), {FIVE: mine}, data)

    def decisions(self, hole: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The Play multiple each deal ends with: 4 pre-flop, 2 on the flop, 1 on the river, 0 a fold."""
        multiple = np.where(preflop_raises(self.strategy)[hole[:, 0], hole[:, 1]], 4, 0)
        for row in np.flatnonzero(multiple == 0).tolist():
            cards, flop = hole[row].tolist(), board[row, :3].tolist()
            if self.strategy.flop_decision(cards, flop) == "2x":
                multiple[row] = 2
            elif self.strategy.river_decision(cards, board[row].tolist()) == "1x":
                multiple[row] = 1
        return multiple


@lru_cache(maxsize=4)
def preflop_raises(strategy) -> np.ndarray:
    """(52, 52) bool: the strategy raises 4x pre-flop with these two hole cards (asked once per pair)."""
    table = np.zeros((DECK, DECK), dtype=bool)
    for x in range(DECK):
        for y in range(x + 1, DECK):
            table[x, y] = table[y, x] = strategy.preflop_decision([x, y]) == "4x"
    return table


def with_side_bets(results: dict[str, np.ndarray], values: dict[str, np.ndarray],
                   data: GameData) -> dict[str, np.ndarray]:
    """The main wagers (per ante), their total, and every side bet per unit on the player's best
    hand of the side bet's ranking (``values``: ranking -> the player's hand values)."""
    if set(results) != set(data.wagers):
        raise SimulationError(f"{data.title}: the simulator settles {sorted(results)}, the rules have "
                              f"{sorted(data.wagers)}")
    out = {name: results[name].astype(np.float64) for name in data.wagers}
    out["total"] = sum(out.values())
    for name, (_, table) in data.side_bets.items():
        if table.ranking not in values:
            raise SimulationError(f"{data.title}: no {table.ranking} hand for the side bet {name}")
        out[name] = side_bet(values[table.ranking], table)
    return out


#: The games the simulator knows, by name, before a strategy is given to them.
GAMES = {
    "crazy4": FourCardGame(5, False, partial(settle_bonus_game, "super_bonus", "super_bonus_without_qualifier"),
                           raise_needs_aces=True, readings=("super_bonus_without_qualifier",)),
    "super4": FourCardGame(5, False, partial(settle_bonus_game, "xtra_bonus", None), raise_needs_aces=True),
    "fourcardfever": FourCardGame(6, True, settle_four_card_fever),
    "uth": HoldemGame(),
}
