"""Any game against a dealer, dealt from shuffled decks and settled from its rules data.

What the simulator takes from a game's rules (:class:`GameData`) is data
only: the cards dealt, the ranking's name, the dealer's qualifier and the pay
lines as hand-pattern texts, each main wager's result per outcome, its fold
result and its paytable. Hands are valued by the simulator's own evaluator
(:mod:`analyzer.simulation.hands`).

A deal is one shuffled deck dealt card by card: the player's cards, the
dealer's (the first ``up_cards`` of them face up), then the community cards.
A deck with jokers holds the cards 52 (and 53) after the 52.
Each side plays its best hand of the ranking from its own cards and the board.

Settlement, for the Play multiple the strategy chose (0: a fold; in a game over streets, the total of the
bets made, and a fold marked ``fold_mark``, -1 where a showdown can carry no bet):

* a fold settles every main wager at its fold result (per ante);
* otherwise the *outcome* is whether the dealer qualifies (no qualifier: it
  always does) and how the two hands compare (:data:`OUTCOMES`); a wager
  stakes 1 ("initial") or the multiple ("raise") and returns, per unit, its
  result for the outcome, or its paytable's line: "instead" of the result, "in
  addition" to it, or "on_win" (instead, on outcomes the player wins) on the
  outcomes where the paytable applies;
* side bets return their paytable's line per unit of their own stake, -1
  where no line pays, whatever the player decided.

>>> from analyzer.games.rules import load_game
>>> from analyzer.simulation.hands import cards
>>> data = GameData.of(load_game("crazy4"))
>>> player, dealer = hand_values(data, cards("7s 7d 7h 2c 9d"), cards("Qc Jd 9h 5s 3c"), cards(""))
>>> deal = (cards("7s 7d 7h 2c 9d"), cards(""), cards("Qc Jd 9h 5s 3c"))
>>> {name: float(result[0]) for name, result in settle(data, player, dealer, np.array([3]), deal).items()}
{'ante': 0.0, 'super_bonus': 2.0, 'play': 3.0, 'total': 5.0, 'queens_up': 8.0}
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.rules import OUTCOMES, GameRules, SideBet, Wager
from analyzer.games.rules import Paytable as RulesPaytable
from analyzer.simulation.hands import SimulationError, best, matches, pays
from analyzer.simulation.strategies import Strategy

DECK = 52
TOTAL = "total"
#: Where an "on_win" paytable applies (of the outcomes the rules list): where the player's hand wins.
WINNING = tuple(outcome for outcome in OUTCOMES if outcome.endswith("win"))


@dataclass(frozen=True)
class Paytable:
    """A paytable as the simulator reads it: (hand name, pays "to 1") from the top, on ``ranking`` hands."""

    ranking: str
    lines: tuple[tuple[str, float], ...]

    @classmethod
    def of(cls, ranking: str, paytable: RulesPaytable) -> Paytable:
        """From a game file's paytable (:class:`analyzer.games.rules.Paytable`): its hand texts and pays."""
        return cls(ranking, tuple((line.pattern.text, float(line.pays)) for line in paytable.lines))

    def pays(self, values: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """Each hand's pay and whether a line pays it (``values``: ranking -> the player's hand values)."""
        return pays(values[self.ranking], self.ranking, self.lines)


#: The outcomes in which the dealer's hand beats the player's (qualified or not).
LOSING = tuple(OUTCOMES.index(outcome) for outcome in OUTCOMES if outcome.endswith("lose"))


@dataclass(frozen=True)
class SideBetData:
    """A side bet as the simulator reads it: its title, its default paytable, which cards form its hand
    (the player's, or the dealer's, with the first ``board_cards`` community cards; None: every card the
    hand plays; or both final hands, a line naming the dealer's hand too in ``dealer_lines``; or the union
    of the card sets ``cards_from``, the player's against the dealer's own cards on both hands, ``up_cards``
    of the dealer's face up) and when it pays (:class:`analyzer.games.rules.PaidOn`)."""

    title: str
    table: Paytable
    board_cards: int | None = None
    pays_when: str = "always"
    hand_of: str = "player"
    dealer_lines: tuple[str | None, ...] = ()
    cards_from: tuple[str, ...] = ()
    up_cards: int = 0

    @classmethod
    def of(cls, bet: SideBet, up_cards: int = 0) -> SideBetData:
        table = bet.paytables[bet.default_paytable]
        return cls(bet.title, Paytable.of(bet.ranking.name, table), bet.paid_on.board_cards, bet.paid_on.pays_when,
                   bet.paid_on.hand_of, tuple(line.dealer.text if line.dealer else None for line in table.lines),
                   bet.paid_on.cards_from, up_cards)

    def hands(self, player: np.ndarray, board: np.ndarray, dealer: np.ndarray | None
              ) -> tuple[np.ndarray, np.ndarray | None]:
        """The cards of the bet's hand and of the dealer's hand it may name (None without the dealer's cards), one
        deal per row.

        >>> from analyzer.simulation.hands import cards
        >>> bet = SideBetData("6-Card", Paytable("five_card", ()), cards_from=("player", "dealer_up"), up_cards=1)
        >>> bet.hands(cards("As Ah"), cards(""), cards("Kd Qc"))[0].tolist()
        [[51, 50, 45]]
        """
        if self.cards_from:
            sets = {"player": player, "dealer": dealer, "community": board,
                    "dealer_up": None if dealer is None else dealer[:, :self.up_cards]}
            return np.concatenate([sets[name] for name in self.cards_from], axis=1), dealer
        seen = board if self.board_cards is None else board[:, :self.board_cards]
        own = dealer if self.hand_of == "dealer" else player
        theirs = None if dealer is None else np.concatenate([dealer, seen], axis=1)
        return np.concatenate([own, seen], axis=1), theirs

    def results(self, player: np.ndarray, board: np.ndarray, outcome: np.ndarray | None = None,
                played: np.ndarray | None = None, dealer: np.ndarray | None = None) -> np.ndarray:
        """Result per unit staked of each deal (``player``, ``board``, ``dealer``: its cards; ``outcome``,
        ``played``: the showdown and whether the player's hand got there, for a bet paid only when the
        player loses).

        >>> from analyzer.simulation.hands import cards
        >>> bet = SideBetData("Flop", Paytable("five_card", (("pair of A or better", 7.0),)), board_cards=3)
        >>> bet.results(cards("As Ah"), cards("2c 7d 9h Ad Kc")).tolist()   # aces with the flop: pays
        [7.0]
        >>> bet.results(cards("Ks Qh"), cards("2c 7d 9h Ad Ac")).tolist()   # the aces come on the turn: loses
        [-1.0]
        """
        ranking = self.table.ranking
        own, other = self.hands(player, board, dealer)
        value = best(own, ranking)
        if self.hand_of == "both":
            if other is None:
                raise SimulationError(f"{self.title}: the bet names the dealer's hand; the deals have no dealer")
            theirs = best(other, ranking)
            amount = np.zeros(len(value))
            hit = np.zeros(len(value), dtype=bool)
            for (name, pay), against in zip(self.table.lines, self.dealer_lines, strict=True):
                new = matches(value, ranking, name) & ~hit
                if against is not None:
                    new &= matches(theirs, ranking, against)
                amount[new] = pay
                hit |= new
        else:
            amount, hit = self.table.pays({ranking: value})
        if self.pays_when == "player_loses":
            if outcome is None or played is None:
                raise SimulationError(f"{self.title}: the bet pays when the player loses; the deals have no showdown")
            hit = hit & played & np.isin(outcome, LOSING)
        return np.where(hit, amount, -1.0)


@dataclass(frozen=True)
class MainWager:
    """A main wager: ``results`` per unit staked in :data:`OUTCOMES` order, ``on_fold`` per ante,
    the stake 1 or the Play multiple (``raise_``), and an optional paytable with its ``mode``
    ("instead", "in_addition" or "on_win") applied on the outcomes ``paid_on``."""

    name: str
    title: str
    raise_: bool
    on_fold: float
    results: tuple[float, ...]
    paytable: Paytable | None = None
    mode: str | None = None
    paid_on: tuple[str, ...] = OUTCOMES

    @classmethod
    def of(cls, wager: Wager) -> MainWager:
        """From :class:`analyzer.games.rules.Wager`."""
        paid_on = tuple(wager.paytable_outcomes)
        if wager.paytable_mode == "on_win":
            paid_on = tuple(outcome for outcome in paid_on if outcome in WINNING)
        unknown = set(paid_on) - set(OUTCOMES)
        if unknown or wager.paytable_mode not in (None, "instead", "in_addition", "on_win"):
            raise SimulationError(f"{wager.title}: the simulator cannot settle paytable mode "
                                  f"{wager.paytable_mode!r} on outcomes {sorted(paid_on)}")
        return cls(wager.name, wager.title, wager.role == "raise", float(wager.on_fold),
                   tuple(float(result) for result in wager.results),
                   Paytable.of(wager.ranking.name, wager.paytable) if wager.paytable else None,
                   wager.paytable_mode, paid_on)

    def settle(self, outcome: np.ndarray, multiple: np.ndarray, values: dict[str, np.ndarray],
               folded: np.ndarray | None = None) -> np.ndarray:
        """The wager's result per ante for each hand (``outcome``: index in :data:`OUTCOMES`; ``folded``: the
        hands folded, by default those of multiple 0).

        >>> blind = MainWager("blind", "Blind", False, -1, (0, 0, -1, 0, 0, -1),
        ...                   Paytable("four_card", (("straight", 1.5),)), "on_win", WINNING)
        >>> straight = {"four_card": np.array([3 << 20, 3 << 20, 3 << 20])}   # three straights
        >>> blind.settle(np.array([3, 5, 3]), np.array([1, 1, 0]), straight).tolist()  # win, lose, fold
        [1.5, -1.0, -1.0]
        """
        result = np.asarray(self.results)[outcome]
        if self.paytable is not None:
            amount, hit = self.paytable.pays(values)
            applies = hit & np.isin(outcome, [OUTCOMES.index(name) for name in self.paid_on])
            result = np.where(applies, amount + (result if self.mode == "in_addition" else 0), result)
        stake = multiple if self.raise_ else 1
        return np.where(multiple == 0 if folded is None else folded, self.on_fold, stake * result)


@dataclass(frozen=True)
class PlayOption:
    """A Play multiple the rules offer, allowed only with the hand ``requires`` (a pattern text), if any."""

    multiple: int
    requires: str | None = None


@dataclass(frozen=True)
class GameData:
    """What the simulator takes from a game's rules."""

    name: str
    title: str
    ranking: str
    player_cards: int
    dealer_cards: int
    up_cards: int
    community_cards: int
    qualifier: str | None       # pattern text; None: the dealer always qualifies
    fold: bool
    play: tuple[PlayOption, ...]
    wagers: tuple[MainWager, ...]
    side_bets: dict[str, SideBetData]
    jokers: int = 0             # jokers added to the 52 cards (the cards 52, 53)
    fold_mark: int = 0          # what a strategy answers for a fold (-1 where a showdown can carry no bet)

    @classmethod
    def of(cls, rules: GameRules) -> GameData:
        """From :class:`analyzer.games.rules.GameRules` (rule options already applied to it)."""
        if rules.dealer_cards == 0:
            raise SimulationError(f"{rules.source}: the simulator settles games against a dealer's hand")
        if rules.deck.decks != 1:
            raise SimulationError(f"{rules.source}: the simulator deals from one deck, not {rules.deck.describe()}")
        totals = street_totals(rules) if rules.streets else set()
        if rules.streets:
            play = tuple(PlayOption(total) for total in sorted(totals))
        else:
            play = tuple(PlayOption(option.multiple, option.requires.text if option.requires else None)
                         for option in rules.play)
        return cls(rules.name, rules.title, rules.ranking.name, rules.player_cards, rules.dealer_cards,
                   rules.dealer_up_cards, rules.community_cards,
                   rules.dealer_qualifies.text if rules.dealer_qualifies else None, rules.fold, play,
                   tuple(MainWager.of(wager) for wager in rules.wagers),
                   {bet.name: SideBetData.of(bet, rules.dealer_up_cards) for bet in rules.side_bets}, rules.deck.jokers,
                   -1 if 0 in totals else 0)

    @property
    def rankings(self) -> set[str]:
        """The rankings the player's hand is valued by: the game's and every main paytable's."""
        tables = [wager.paytable for wager in self.wagers if wager.paytable]
        return {self.ranking} | {table.ranking for table in tables}

    @property
    def cards_dealt(self) -> int:
        return self.player_cards + self.dealer_cards + self.community_cards

    def deal_hands(self, strategy: Strategy, rng: np.random.Generator, hands: int) -> dict[str, np.ndarray]:
        """Deal, decide and settle ``hands`` hands (:func:`play`)."""
        return play(self, strategy, rng, hands)

    def check_play(self, multiple: np.ndarray, values: dict[str, np.ndarray]) -> None:
        """Refuse a strategy that plays a multiple the rules do not offer, or without the hand required.

        >>> from analyzer.games.rules import load_game
        >>> from analyzer.simulation.hands import cards, evaluate
        >>> data = GameData.of(load_game("crazy4"))
        >>> data.check_play(np.array([3]), {"four_card": evaluate(cards("Ks Kd 9c 7h"), "four_card")})
        Traceback (most recent call last):
        ...
        analyzer.simulation.hands.SimulationError: Crazy 4 Poker: the strategy plays 3x without pair of A or better
        """
        offered = {option.multiple for option in self.play} | ({self.fold_mark} if self.fold else set())
        played = set(np.unique(multiple).tolist())
        if played - offered:
            raise SimulationError(f"{self.title}: the strategy plays {min(played - offered)}x, which the rules "
                                  f"do not offer ({sorted(offered)})")
        for chosen in played - {self.fold_mark}:
            options = [option for option in self.play if option.multiple == chosen]
            requirements = [option.requires for option in options if option.requires is not None]
            if len(requirements) < len(options):  # an option of this multiple requires nothing
                continue
            allowed = np.any([matches(values[self.ranking], self.ranking, requires) for requires in requirements],
                             axis=0)
            if ((multiple == chosen) & ~allowed).any():
                required = " or ".join(requirements)
                raise SimulationError(f"{self.title}: the strategy plays {chosen}x without {required}")


def hand_values(data: GameData, player: np.ndarray, dealer: np.ndarray,
                board: np.ndarray) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The player's best hand of each ranking the game needs, and the dealer's of the game's ranking,
    each from its own cards and the board."""
    mine = np.concatenate([player, board], axis=1)
    return ({ranking: best(mine, ranking) for ranking in sorted(data.rankings)},
            best(np.concatenate([dealer, board], axis=1), data.ranking))


def outcomes(data: GameData, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
    """Index in :data:`OUTCOMES` of each hand: whether the dealer qualifies, then the comparison.

    >>> from analyzer.games.rules import load_game
    >>> from analyzer.simulation.hands import cards, evaluate
    >>> data = GameData.of(load_game("crazy4"))
    >>> values = lambda text: evaluate(cards(text), "four_card")
    >>> [OUTCOMES[i] for i in outcomes(data, values("Ks Kd 9c 7h"), values("Qh Jc 9d 8s"))]
    ['no_qualify_win']
    """
    qualifies = True if data.qualifier is None else matches(dealer, data.ranking, data.qualifier)
    return np.where(qualifies, OUTCOMES.index("win"), OUTCOMES.index("no_qualify_win")) + 1 - np.sign(player - dealer)


def settle(data: GameData, player: dict[str, np.ndarray], dealer: np.ndarray,
           multiple: np.ndarray, cards: tuple[np.ndarray, np.ndarray, np.ndarray]) -> dict[str, np.ndarray]:
    """Every main wager's result per ante, their total, and every side bet's per unit of its stake,
    for each hand (``multiple``: the strategy's answers, a fold marked ``data.fold_mark``; ``player``: ranking
    -> the player's hand values; ``dealer``: the dealer's; ``cards``: the player's cards, the board and the
    dealer's cards, which the side bets take their hands from)."""
    outcome = outcomes(data, player[data.ranking], dealer)
    folded = multiple == data.fold_mark
    staked = np.where(folded, 0, multiple)
    out = {wager.name: wager.settle(outcome, staked, player, folded).astype(np.float64) for wager in data.wagers}
    out[TOTAL] = sum(out.values(), np.zeros(len(multiple)))
    player_cards, board, dealer_cards = cards
    for name, bet in data.side_bets.items():
        out[name] = bet.results(player_cards, board, outcome, ~folded, dealer_cards)
    return out


def street_totals(rules: GameRules) -> set[int]:
    """The totals of the bets a showdown of a game over streets can carry (read from its ``[[streets]]``: the
    bets of every street add up; with ``play_once`` a bet ends the decisions).

    >>> from analyzer.games.rules import load_game
    >>> sorted(street_totals(load_game("thb"))), sorted(street_totals(load_game("casinoholdem")))
    ([2, 3, 4], [2])
    """
    totals = {0}
    for street in rules.streets:
        reached = set()
        for total in totals:
            if rules.play_once and total > 0:
                reached.add(total)
                continue
            reached |= {total + choice.multiple for choice in street.choices if choice.action != "fold"}
        totals = reached
    return totals


def shuffled_decks(rng: np.random.Generator, hands: int, count: int, decks: int = 1, jokers: int = 0
                   ) -> np.ndarray:
    """The first ``count`` cards of ``hands`` independently shuffled decks (the 52 cards and ``jokers`` jokers),
    one deck per row; from a shoe of
    ``decks`` decks, ``count`` of its ``52 * decks`` physical cards in a random order, each card given as its
    rank and suit (physical card ``p`` is ``p % 52``), so a row may hold two identical cards.

    The shoe's cards are a uniform ``count``-subset of its physical cards (Floyd's sampling: for ``j`` from
    ``N - count`` to ``N - 1`` take a uniform ``t <= j``, or ``j`` itself if ``t`` is taken), dealt in a
    uniformly random order.

    >>> rows = shuffled_decks(np.random.default_rng(1), 1000, 3, decks=2)
    >>> rows.shape, bool((rows < 52).all()), bool((rows[:, 0] == rows[:, 1]).any())
    ((1000, 3), True, True)
    """
    if decks == 1:
        return rng.permuted(np.tile(np.arange(DECK + jokers, dtype=np.int64), (hands, 1)), axis=1)[:, :count]
    assert not jokers, "a shoe is dealt without jokers"
    size = DECK * decks
    chosen = np.empty((hands, 0), dtype=np.int64)
    for last in range(size - count, size):
        pick = rng.integers(0, last + 1, size=hands)
        taken = (chosen == pick[:, None]).any(axis=1)
        chosen = np.column_stack([chosen, np.where(taken, last, pick)])
    return rng.permuted(chosen, axis=1) % DECK


def play(data: GameData, strategy: Strategy, rng: np.random.Generator, hands: int) -> dict[str, np.ndarray]:
    """Deal ``hands`` hands, let the strategy choose each Play multiple from the player's cards, the
    dealer's up-cards and the board, and settle them (see :func:`settle`)."""
    deck = shuffled_decks(rng, hands, data.cards_dealt, jokers=data.jokers)
    dealer_start = data.player_cards
    board_start = dealer_start + data.dealer_cards
    player, dealer, board = deck[:, :dealer_start], deck[:, dealer_start:board_start], deck[:, board_start:]
    multiple = np.asarray(strategy.multiples(player, dealer[:, :data.up_cards], board), dtype=np.int64)
    values, dealer_value = hand_values(data, player, dealer, board)
    data.check_play(multiple, values)
    return settle(data, values, dealer_value, multiple, (player, board, dealer))

