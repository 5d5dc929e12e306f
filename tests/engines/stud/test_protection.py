"""Mississippi Stud and Let It Ride: the simulator's strategy street by street, community cards seen early
(exact), colluders (estimated).

Each part is checked against a plain recursive loop over every card still to come (Fractions, max EV at
every street, settled from the rules data), then the figures of the whole game as exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.base import COMMITTED, CollusionOptions, Run
from analyzer.engines.registry import engine_for
from analyzer.engines.stud.known import play_known
from analyzer.engines.stud.protection import estimate_collusion, seen_figures
from analyzer.engines.stud.tree import game_tree
from analyzer.games.rules import load_game
from analyzer.protection.procedure_risk import PLAYER_ADVANTAGE, procedure_risk
from analyzer.simulation import Z_LIMIT, simulate_game
from analyzer.simulation.analysis import strategy_and_exact
from analyzer.simulation.streets import StreetGame


# -- a plain loop: the optimal EV of known cards, street by street -----------------
class PlainGame:
    """The game settled from its rules data and played by plain recursion over the cards to come."""

    def __init__(self, game: str) -> None:
        self.rules = rules = load_game(game)
        self.simulated = StreetGame.of(rules)
        self.depths = [sum(s.cards for s in rules.streets[:index]) for index in range(len(rules.streets))]
        self.larger = rules.tie_break == "larger"

    def stakes(self, path: tuple[int, ...]) -> list[int]:
        """Each wager's stake after the choices ``path`` (the simulator's reading of the rules)."""
        padded = np.array([list(path) + [-1] * (len(self.rules.streets) - len(path))])
        return [int(stake) for stake in self.simulated.stakes(padded)[0][0]]

    @cache  # noqa: B019 (one PlainGame per game, made and kept by plain() below for the whole run)
    def net(self, path: tuple[int, ...], final: tuple[int, ...]) -> Fraction:
        """The net result of the final hand (sorted cards) after the choices ``path``."""
        rules = self.rules
        if any(rules.streets[i].choices[c].action == "fold" for i, c in enumerate(path)):
            return sum((s * w.on_fold for s, w in zip(self.stakes(path), rules.wagers, strict=True)), Fraction(0))
        return sum((stake * pays for stake, pays in zip(self.stakes(path), self.pays(final), strict=True)), Fraction(0))

    @cache  # noqa: B019 (one PlainGame per game, made and kept by plain() below for the whole run)
    def pays(self, final: tuple[int, ...]) -> tuple[Fraction, ...]:
        """What each wager returns per unit on the final hand: its line's pay, or its loss."""
        rank = np.array([int(self.rules.ranking.table[sum(comb(c, i + 1) for i, c in enumerate(final))])])
        lines = [(wager, int(wager.paytable.line_index(wager.ranking, rank)[0])) for wager in self.rules.wagers]
        return tuple(wager.paytable.lines[line].pays if line >= 0 else wager.results[0] for wager, line in lines)

    def options(self, known: tuple[int, ...], path: tuple[int, ...], dead: tuple[int, ...] = ()) -> list[Fraction]:
        """The EV of each choice of the next street, ``known`` cards seen (at least those of its depth)."""
        street = self.rules.streets[len(path)]
        return [self.value(known, path + (index,), dead) for index in range(len(street.choices))]

    @cache  # noqa: B019 (one PlainGame per game, made and kept by plain() below for the whole run)
    def value(self, known: tuple[int, ...], path: tuple[int, ...], dead: tuple[int, ...] = ()) -> Fraction:
        """The optimal EV with ``known`` cards seen after the choices ``path``."""
        rules = self.rules
        deck = [c for c in range(52) if c not in known and c not in dead]
        if path and rules.streets[len(path) - 1].choices[path[-1]].action == "fold":
            return self.net(path, ())
        needed = rules.player_cards + rules.community_cards - len(known)
        if len(path) == len(rules.streets):
            finals = list(subsets(deck, needed))
            return sum((self.net(path, tuple(sorted(known + more))) for more in finals), Fraction(0)) / len(finals)
        if len(known) < rules.player_cards + self.depths[len(path)]:
            return sum((self.value(tuple(sorted(known + (c,))), path, dead) for c in deck), Fraction(0)) / len(deck)
        return max(self.options(known, path, dead))

    def choice(self, known: tuple[int, ...], path: tuple[int, ...]) -> int:
        """The optimal choice (ties as the rules say)."""
        values, choices = self.options(known, path), self.rules.streets[len(path)].choices
        return max(range(len(values)), key=lambda i: (values[i], choices[i].order * (1 if self.larger else -1)))


@cache
def plain(game: str) -> PlainGame:
    return PlainGame(game)


def exact_ev(game: str, known: str, dead: str = "") -> Fraction:
    """The engine's optimal EV of known cards (dead cards out of the deck)."""
    tree = game_tree(load_game(game))
    play = play_known(tree, np.array([sorted(parse_cards(known))]),
                      np.array([parse_cards(dead)]) if dead else None)
    return Fraction(int(play.totals[0]), play.orders * tree.scale)


# -- the simulator's strategy -------------------------------------------------------
def test_the_simulator_settles_by_the_final_hand():
    game = StreetGame.of(load_game("letitride"))
    deal = np.array([parse_cards("Tc Td 5h 3s 2c"), parse_cards("Tc Td 5h 3s 2c"), parse_cards("Qs Ks As 2c 3d")])
    settled = game.settle(deal, np.array([[1, 1], [0, 1], [0, 0]]))
    assert settled["total"].tolist() == [3, 2, -1]             # the bets in action on a pair of tens; nothing
    assert settled["three_card_bonus"].tolist() == [1, 1, 50]  # on the player's three cards alone: a mini-royal


@pytest.mark.parametrize("game, deals", [("letitride", 6), ("mississippi", 4)])
def test_the_simulation_plays_the_optimal_strategy_and_agrees(game, deals, request):
    """Sampled deals through the simulator's tables, each street's choice against the plain loop (Mississippi
    Stud's first street aside: the plain loop there takes minutes; the engine's brute-force test covers it),
    then a short simulation against the exact figures."""
    analysis = request.getfixturevalue(game)
    rules, player = analysis.rules, analysis.rules.player_cards
    strategy, exact = strategy_and_exact(analysis)
    assert exact is analysis and strategy.name == "optimal (from the exact analysis)"
    rng = np.random.default_rng(7)
    for _ in range(deals):
        deal = [int(c) for c in rng.permutation(52)[:player + rules.community_cards]]
        path: tuple[int, ...] = ()
        for street in range(len(rules.streets)):
            known = tuple(sorted(deal[:player + plain(game).depths[street]]))
            asked = np.array([path], dtype=np.int64).reshape(1, len(path))
            chosen = int(strategy.choices(street, np.array([known]), asked)[0])
            if street or game != "mississippi":
                assert chosen == plain(game).choice(known, path)
            if rules.streets[street].choices[chosen].action == "fold":
                break
            path += (chosen,)
    check = simulate_game(rules, strategy, exact, 20_000, seed=3)
    assert check.passed and all(abs(row.z) <= Z_LIMIT for row in check.wagers)
    assert {row.wager for row in check.wagers} >= {wager.name for wager in rules.wagers} | {"total"}


# -- community cards seen early -------------------------------------------------------
@pytest.mark.parametrize("game, known", [("letitride", "Ks Qs Js 9d"), ("letitride", "2c 7d 9h Th"),
                                         ("mississippi", "Ks Qs 4d"), ("mississippi", "7c 2d 7h"),
                                         ("mississippi", "9c Td 3h 3s")])
def test_seen_cards_against_a_plain_loop(game, known):
    cards = tuple(sorted(parse_cards(known)))
    assert exact_ev(game, known) == plain(game).value(cards, ())


def test_no_card_seen_is_normal_play(mississippi, letitride):
    """The known-card induction on every starting class gives the analysis's edge and average bet again."""
    for analysis in (mississippi, letitride):
        tree = analysis.tree
        counts = analysis.counts
        play = play_known(tree, counts.cards)
        deals = int(counts.weights.sum()) * play.orders
        figures = analysis.main_figures()
        assert -Fraction(int(play.totals @ counts.weights), deals * tree.scale) == figures["house_edge_per_ante"]
        assert Fraction(int(play.stakes @ counts.weights), deals) == figures["average_total_bet"]
        assert (play.totals == counts.first.max(axis=1)).all()


@pytest.mark.parametrize("game, seen, edge, average", [
    ("letitride", 1, Fraction(-7027, 83300), Fraction(70491, 54145)),
    ("letitride", 2, Fraction(-87557, 216580), Fraction(32001, 21658)),
    ("mississippi", 1, Fraction(-254633, 464100), Fraction(699003, 270725)),
    ("mississippi", 2, Fraction(-259013, 162435), Fraction(880214, 270725)),
])
def test_cards_seen_early_turn_the_game(game, seen, edge, average):
    figures = seen_figures(game_tree(load_game(game)), seen)
    assert figures["house_edge_per_ante"] == edge and figures["average_total_bet"] == average
    assert figures["element_of_risk"] == edge / average


def test_the_procedure_risk_rows(letitride):
    risk = procedure_risk(letitride.rules, Run(), {0: letitride.main_figures()["house_edge_per_ante"]})
    assert risk["procedure"].tolist()[:3] == ["normal play", "1 community card seen early",
                                              "2 community cards seen early"]
    assert risk["exact"].tolist()[:3] == ["37963/1082900", "-7027/83300", "-87557/216580"]
    assert risk["who has the edge"].tolist()[1] == PLAYER_ADVANTAGE
    assert risk["procedure"].tolist()[3] == "1 colluding player"                 # committed: 2,000 deals, seed 1
    assert risk["house edge per ante"].tolist()[3] == "3.460269%" and risk["method"].tolist()[3].endswith(COMMITTED)


# -- colluders ---------------------------------------------------------------------------
def test_dead_cards_against_a_plain_loop():
    cards, dead = tuple(sorted(parse_cards("Ks Qs 9d"))), tuple(sorted(parse_cards("Js Ts 2c")))
    assert exact_ev("letitride", "Ks Qs 9d", "Js Ts 2c") == plain("letitride").value(cards, (), dead)


def test_the_colluder_estimate(letitride):
    normal = letitride.main_figures()["house_edge_per_ante"]
    estimate = estimate_collusion(letitride.tree, normal, 2, 48, seed=5)
    again = engine_for(letitride.rules).collusion(letitride.rules, 2, 5, Run(), CollusionOptions(deals=48))
    assert (estimate.edge, estimate.standard_error) == (again.edge, again.standard_error)
    low, high = estimate.interval()
    assert low < float(estimate.edge) < high and estimate.standard_error > 0
    assert estimate.deals == 48 and "ESTIMATE" in estimate.method() and 0 <= estimate.switched <= 48


def test_following_the_normal_choices_without_dead_cards_is_normal_play():
    tree = game_tree(load_game("mississippi"))
    hands = np.array([sorted(parse_cards(text)) for text in ("Ks Qs", "7c 2d", "Jh Jd")])
    normal = play_known(tree, hands, decisions=True)
    followed = play_known(tree, hands, follow=normal)
    assert (followed.totals == normal.totals).all() and (followed.stakes == normal.stakes).all()
