"""Games with no dealer hand and streets of decisions (fold, bet k times the Ante, take a bet back), dealt
from shuffled decks and settled from their rules data by the simulator's own evaluator.

A deal: the player's cards, then the community cards. Before street ``s`` the player has seen the
community cards of the streets before it; the strategy picks one of the street's choices from the cards
seen and the choices already made (the *path*). A fold ends the deal: every wager in action settles at its
fold result. Otherwise, after the last street, every wager in action is paid by the final hand (every
card) on its paytable: a line's pay "to 1" (0: a push), no line: its loss result. A wager's stake: an
initial wager 1; a street wager the multiple chosen at its street, 0 when taken back (1 until then when
its street can take it back). Side bets of a ranking of the player's number of cards are valued on the
player's cards alone, any other on the final hand, whatever the player decides.

>>> from analyzer.games.rules import load_game
>>> from analyzer.simulation.hands import cards
>>> game = StreetGame.of(load_game("mississippi"))
>>> deal = np.concatenate([cards("Jc Jd"), cards("5h 3s 2c")], axis=1)
>>> {name: float(value[0]) for name, value in game.settle(deal, np.array([[1, 2, 3]])).items()}
{'ante': 1.0, 'third': 1.0, 'fourth': 2.0, 'fifth': 3.0, 'total': 7.0}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from analyzer.engines.base import StreetSituations
from analyzer.games.rules import GameRules
from analyzer.simulation.hands import SIZES, SimulationError, best
from analyzer.simulation.settlement import TOTAL, Paytable, SideBetData, shuffled_decks
from analyzer.simulation.strategies import StrategyTable


@runtime_checkable
class StreetPolicy(Protocol):
    """What the simulator asks of a strategy street by street."""

    @property
    def name(self) -> str:
        """What the strategy is called in the simulation check."""

    def choices(self, street: int, known: np.ndarray, path: np.ndarray) -> np.ndarray:
        """The choice index at ``street`` of each deal: its cards seen (one row each) and the choices made
        at the streets before (one column per street)."""


@dataclass(frozen=True)
class StreetWager:
    """A main wager: its street (None: on the table from the start), its paytable, its loss and fold results."""

    name: str
    title: str
    street: int | None
    paytable: Paytable
    loses: float
    on_fold: float


@dataclass(frozen=True)
class StreetGame:
    """What the simulator takes from the rules of a game with streets: cards, streets as (cards turned
    after, choices as (action, multiple)), wagers, side bets (name -> title, default paytable)."""

    name: str
    title: str
    ranking: str
    player_cards: int
    community_cards: int
    streets: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    wagers: tuple[StreetWager, ...]
    side_bets: dict[str, SideBetData]

    @classmethod
    def of(cls, rules: GameRules) -> StreetGame:
        street_of = {street.wager: index for index, street in enumerate(rules.streets)}
        wagers = []
        for wager in rules.wagers:
            if wager.paytable is None or wager.paytable_mode not in (None, "instead"):
                raise SimulationError(f"{wager.title}: the simulator settles these games' wagers by a paytable "
                                      "instead of a result")
            wagers.append(StreetWager(wager.name, wager.title, street_of.get(wager.name),
                                      Paytable.of(wager.ranking.name, wager.paytable), float(wager.results[0]),
                                      float(wager.on_fold)))
        return cls(rules.name, rules.title, rules.ranking.name, rules.player_cards, rules.community_cards,
                   tuple((street.cards, tuple((choice.action, choice.multiple) for choice in street.choices))
                         for street in rules.streets),
                   tuple(wagers),
                   {bet.name: SideBetData.of(bet) for bet in rules.side_bets})

    def stakes(self, path: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each deal's stake on every wager (deals, wagers) and whether it folded, from its choices."""
        folded = np.zeros(len(path), dtype=bool)
        stakes = np.ones((len(path), len(self.wagers)))
        for column, wager in enumerate(self.wagers):
            if wager.street is None:
                continue
            actions, multiples = zip(*self.streets[wager.street][1], strict=True)
            choice = path[:, wager.street]
            made = choice >= 0
            before = 1.0 if "take_back" in actions else 0.0
            stakes[:, column] = np.where(made, np.asarray(multiples, dtype=float)[np.maximum(choice, 0)], before)
        for street, (_, choices) in enumerate(self.streets):
            folds = [index for index, (action, _) in enumerate(choices) if action == "fold"]
            folded |= np.isin(path[:, street], folds)
        return stakes, folded

    def settle(self, deal: np.ndarray, path: np.ndarray) -> dict[str, np.ndarray]:
        """Every wager's result per ante, their total, and every side bet's per unit, for each deal (cards:
        the player's then the community cards; ``path``: the choice made at each street, -1 after a fold)."""
        stakes, folded = self.stakes(path)
        rankings = {wager.paytable.ranking for wager in self.wagers}
        values = {ranking: best(deal, ranking) for ranking in rankings}
        out = {}
        for column, wager in enumerate(self.wagers):
            amount, hit = wager.paytable.pays(values)
            per_unit = np.where(folded, wager.on_fold, np.where(hit, amount, wager.loses))
            out[wager.name] = stakes[:, column] * per_unit
        out[TOTAL] = sum(out.values(), np.zeros(len(deal)))
        player, board = deal[:, :self.player_cards], deal[:, self.player_cards:]
        for name, bet in self.side_bets.items():
            own = SIZES[bet.table.ranking] == self.player_cards
            out[name] = bet.results(player, board[:, :0] if own else board)
        return out

    def deal_hands(self, strategy: StreetPolicy, rng: np.random.Generator, hands: int) -> dict[str, np.ndarray]:
        """Deal ``hands`` deals, ask the strategy at every street of the deals still in play, and settle them."""
        deal = shuffled_decks(rng, hands, self.player_cards + self.community_cards)
        path = np.full((hands, len(self.streets)), -1, dtype=np.int64)
        alive = np.ones(hands, dtype=bool)
        seen = self.player_cards
        for street, (cards, choices) in enumerate(self.streets):
            rows = np.flatnonzero(alive)
            chosen = np.asarray(strategy.choices(street, deal[rows, :seen], path[rows, :street]), dtype=np.int64)
            if ((chosen < 0) | (chosen >= len(choices))).any():
                raise SimulationError(f"{self.title}: the strategy picks a choice street {street + 1} does not offer")
            path[rows, street] = chosen
            alive[rows] = ~np.array([action == "fold" for action, _ in choices])[chosen]
            seen += cards
        return self.settle(deal, path)


@dataclass(frozen=True)
class StreetTables:
    """A choice for every situation of every street: per street and path (the choices made before), a
    :class:`analyzer.simulation.strategies.StrategyTable` of the cards seen (their suit class)."""

    tables: dict[tuple[int, tuple[int, ...]], StrategyTable]
    name: str

    @classmethod
    def build(cls, streets: tuple[StreetSituations, ...], name: str) -> StreetTables:
        """From each street's situations (one representative per suit class of the cards seen and path)."""
        tables = {}
        for street, situations in enumerate(streets):
            known, chosen = situations.seen, situations.choices
            paths = np.asarray(situations.paths, dtype=np.int64).reshape(len(known), street)
            for path in {tuple(row) for row in paths.tolist()}:
                rows = np.flatnonzero((paths == np.array(path, dtype=np.int64)).all(axis=1))
                tables[(street, path)] = StrategyTable.build(np.asarray(known)[rows], None, np.asarray(chosen)[rows],
                                                             name)
        return cls(tables, name)

    def choices(self, street: int, known: np.ndarray, path: np.ndarray) -> np.ndarray:
        """The table's choice for each deal's cards seen, by the path it took."""
        chosen = np.zeros(len(known), dtype=np.int64)
        empty = np.zeros((len(known), 0), dtype=np.int64)
        for row_path in {tuple(row) for row in path.tolist()}:
            rows = np.flatnonzero((path == np.array(row_path, dtype=np.int64)).all(axis=1))
            if (street, row_path) not in self.tables:
                raise SimulationError(f"the strategy has no decision at street {street + 1} after choices {row_path}")
            chosen[rows] = self.tables[(street, row_path)].multiples(known[rows], empty[rows], empty[rows])
        return chosen
