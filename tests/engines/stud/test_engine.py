"""Mississippi Stud and Let It Ride: the stud engine (streets of decisions, no dealer hand).

Hand-checked settlements first, then the engine's optimal play of sampled starting hands against a plain
recursive loop over every card sequence (Fractions, max EV at every street), then the whole cycle and the
published figures (GUIDE §2c) as exact fractions.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from importlib import resources
from math import comb, perm
from pathlib import Path

import numpy as np
import pytest

import analyzer
import analyzer.cli.main as cli
from analyzer.core.cards import colex_index, parse_cards
from analyzer.engines.base import Run, Unsupported
from analyzer.engines.registry import engine_for
from analyzer.engines.stud.engine import StudEngine
from analyzer.engines.stud.induction import induct
from analyzer.engines.street_rules import (
    SeenCards,
    load_street_strategy,
    parse_condition,
    parse_rule,
)
from analyzer.engines.stud.tree import game_tree
from analyzer.games.rules import RulesError, load_game

ROYAL_500 = "examples/letitride-paytables.toml"


@cache
def tree_of(game: str, paytable_files: tuple[str, ...] = ()):
    return game_tree(load_game(game, paytable_files=paytable_files))


def net_of(tree, path: tuple[int, ...], final: str) -> Fraction:
    """The engine's net result of a path ending in the final hand ``final``."""
    group = tree.hand_group[colex_index(np.array(sorted(parse_cards(final))))]
    return Fraction(int(tree.values[tree.path_index(path), group]), tree.scale)


# -- settlement, by hand ---------------------------------------------------------
@pytest.mark.parametrize("path, final, net", [
    ((3, 3, 3), "As Ks Qs Js Ts", 5000),      # 10 units on a royal flush, 500 to 1
    ((1, 1, 1), "9c 9d 5h 3s 2c", 0),         # pair of nines: every wager pushes
    ((1, 2, 3), "Jc Jd 5h 3s 2c", 7),         # pair of jacks pays 1 to 1 on 1 + 1 + 2 + 3
    ((1, 1, 1), "Ac Kd 5h 3s 2c", -4),        # nothing: everything loses
    ((3, 1, 1), "Ac Ad Ah 3s 3c", 60),        # full house 10 to 1 on 6 units
    ((0,), "Ac Kd 5h 3s 2c", -1),             # fold before the first card: the Ante
    ((2, 0), "Ac Kd 5h 3s 2c", -3),           # fold at fourth street after a 2x bet
    ((1, 3, 0), "Ac Kd 5h 3s 2c", -5),
])
def test_mississippi_settlement(path, final, net):
    assert net_of(tree_of("mississippi"), path, final) == net


@pytest.mark.parametrize("path, final, net", [
    ((1, 1), "Tc Td 5h 3s 2c", 3),            # every bet rides on a pair of tens: 1 to 1 each
    ((0, 0), "Tc Td 5h 3s 2c", 1),            # both pulled back: only the third bet
    ((0, 1), "9c 9d 5h 3s 2c", -2),           # a pair of nines loses
    ((1, 0), "As Ks Qs Js Ts", 2000),
    ((0, 0), "2c 3c 4c 5c 7c", 8),            # flush 8 to 1 on the third bet
])
def test_let_it_ride_settlement(path, final, net):
    assert net_of(tree_of("letitride"), path, final) == net


def test_a_royal_of_500_changes_only_that_line():
    tree = tree_of("letitride", (ROYAL_500,))
    assert net_of(tree, (1, 1), "As Ks Qs Js Ts") == 1500
    assert net_of(tree, (1, 1), "9s Ks Qs Js Ts") == 600


# -- the rules language ----------------------------------------------------------
def test_streets_are_read_from_the_rules_file():
    rules = load_game("mississippi")
    assert [street.wager for street in rules.streets] == ["third", "fourth", "fifth"]
    assert [choice.label for choice in rules.streets[0].choices] == ["fold", "bet 1x", "bet 2x", "bet 3x"]
    assert rules.tie_break == "larger" and load_game("mississippi", {"ties": "smaller"}).tie_break == "smaller"
    assert rules.dealer_cards == 0 and rules.community_cards == 3 and rules.fold
    ride = load_game("letitride")
    assert [c.action for c in ride.streets[1].choices] == ["take_back", "bet"] and not ride.fold
    assert all(w.paytable == ride.wagers[0].paytable for w in ride.wagers)   # paid_as


def test_a_street_must_stake_a_street_wager(tmp_path):
    game = tmp_path / "broken.toml"
    source = resources.files("analyzer.games.data").joinpath("games", "letitride.toml").read_text()
    game.write_text(source.replace('wager = "bet2"', 'wager = "bet3"'))
    with pytest.raises(RulesError, match=r"streets\[2\]\.wager must name a wager of role \"street\""):
        load_game(str(game))


def test_more_cards_seen_early_than_the_streets_turn_is_refused():
    rules = load_game("mississippi")
    engine = engine_for(rules)
    with pytest.raises(Unsupported, match="--cards-seen is not supported for Mississippi Stud: between 1 "
                                          "and 3 of the 3 community cards can be seen early, not 4"):
        engine.exposure(rules, 4, None)


# -- against a plain recursive loop over every card sequence -----------------------
def brute_force(rules, hand: tuple[int, ...], policy=None) -> tuple[list[Fraction], Counter]:
    """Every order of the community cards, the best choice (max EV, ties by the rules' tie_break) at every
    street, or the choice ``policy(street, sorted cards seen)`` gives: the EV per ante of each first-street
    choice and the deals per (path, lines paid or "fold")."""
    streets, wagers = rules.streets, rules.wagers
    larger = rules.tie_break == "larger"
    street_of = {street.wager: index for index, street in enumerate(streets)}
    last: dict[frozenset, Counter] = {}

    def last_card(seen: tuple[int, ...], deck: list[int]) -> Counter:
        """The lines paid for every last card (the same whatever the path: kept per set of cards seen)."""
        key = frozenset(seen)
        if key not in last:
            last[key] = Counter()
            for card in deck:
                final = sorted(hand + seen + (card,))
                rank = int(rules.ranking.table[sum(comb(c, i + 1) for i, c in enumerate(final))])
                last[key][paid_lines(rank)] += 1
        return last[key]

    @cache
    def paid_lines(rank: int) -> tuple[int, ...]:
        return tuple(int(w.paytable.line_index(w.ranking, np.array([rank]))[0]) for w in wagers)

    @cache
    def stakes(path) -> list[int]:
        out = []
        for wager in wagers:
            at = street_of.get(wager.name)
            if at is None:
                out.append(1)
            elif at < len(path):
                out.append(streets[at].choices[path[at]].multiple)
            else:
                out.append(int(any(c.action == "take_back" for c in streets[at].choices)))
        return out

    @cache
    def net(path, paid) -> Fraction:
        return sum((s * (w.paytable.lines[line].pays if line >= 0 else w.results[0])
                    for s, w, line in zip(stakes(path), wagers, paid, strict=True)), Fraction(0))

    def play(seen: tuple[int, ...], path: tuple[int, ...]) -> tuple[Fraction, Counter, list[Fraction]]:
        deck = [card for card in range(52) if card not in hand and card not in seen]
        street = streets[len(path)]
        options = []
        for index, choice in enumerate(street.choices):
            taken = path + (index,)
            if choice.action == "fold":
                lost = sum((s * w.on_fold for s, w in zip(stakes(taken), wagers, strict=True)), Fraction(0))
                options.append((lost, Counter({(taken, "fold"): perm(len(deck), rules.community_cards - len(seen))})))
                continue
            total, counts = Fraction(0), Counter()
            if len(seen) + 1 == rules.community_cards:
                for paid, cards in last_card(seen, deck).items():
                    total += cards * net(taken, paid)
                    counts[(taken, paid)] += cards
            else:
                for card in deck:
                    value, below, _ = play(seen + (card,), taken)
                    total += value
                    counts.update(below)
            options.append((total / len(deck), counts))
        best = max(range(len(options)), key=lambda i: (options[i][0], street.choices[i].order * (1 if larger else -1))) \
            if policy is None else policy(len(path), tuple(sorted(hand + seen)))
        return options[best][0], options[best][1], [value for value, _ in options]

    _, counts, first = play((), ())
    return first, counts


def engine_hand(rules, cards: str, written=None) -> tuple[list[Fraction], Counter]:
    tree = game_tree(rules)
    hand = np.array(sorted(parse_cards(cards)))
    result = induct(tree, hand, rules.tie_break == "larger", written)
    orders = perm(52 - len(hand), rules.community_cards)
    first = [Fraction(int(total), orders * tree.scale) for total in result.first]
    counts = Counter()
    for path_index, row in enumerate(result.counts):
        path = tree.paths[path_index]
        for group, deals in enumerate(row):
            if deals:
                counts[(path, "fold" if tree.folded[path_index] else tuple(int(x) for x in tree.groups[group]))] += int(deals)
    return first, counts


@pytest.mark.parametrize("cards", ["Ks Qs Js", "9c 9d 2h", "Ah 7d 3c", "5s 6s 8d", "2c 3d 4h", "Tc Th Td"])
@pytest.mark.parametrize("ties", ["smaller", "larger"])
def test_let_it_ride_matches_every_card_sequence(cards, ties):
    rules = load_game("letitride", {"ties": ties})
    first, counts = brute_force(rules, parse_cards(cards))
    assert engine_hand(rules, cards) == (first, counts)
    assert sum(counts.values()) == 49 * 48


@pytest.mark.slow
@pytest.mark.parametrize("cards", ["Ks Qs", "7c 2d", "6h 5h", "Jc Jd"])
def test_mississippi_stud_matches_every_card_sequence(cards):
    rules = load_game("mississippi")
    first, counts = brute_force(rules, parse_cards(cards))
    assert engine_hand(rules, cards) == (first, counts)
    assert sum(counts.values()) == 50 * 49 * 48


# -- the whole cycle and the published figures -----------------------------------
def test_mississippi_stud_cycle_and_published_figures(mississippi):
    assert mississippi.cycle == comb(52, 2) * 50 * 49 * 48 == 155_937_600
    assert mississippi.return_table()["combinations"].sum() == mississippi.cycle
    figures = mississippi.main_figures()
    assert figures["house_edge_per_ante"] == Fraction(53223, 1082900)           # 4.9149%: 4.91%
    assert figures["element_of_risk"] == Fraction(17741, 1295788)               # 1.3691%: 1.37%
    assert figures["average_total_bet"] == Fraction(74757, 20825)               # 3.5898: 3.59
    assert f"{float(figures['house_edge_per_ante']):.4f}" == "0.0491"
    assert f"{float(figures['element_of_risk']):.4f}" == "0.0137"
    assert f"{float(figures['average_total_bet']):.2f}" == "3.59"
    assert sum(figures["actions"].values()) == 1
    assert sum(mississippi.wager_returns().values()) == -figures["house_edge_per_ante"]
    for wager in mississippi.rules.wagers:
        assert mississippi.wager_table(wager)["combinations"].sum() == mississippi.cycle


@pytest.mark.slow
def test_mississippi_stud_ties_to_the_smaller_wager():
    smaller = analyzer.analyze("mississippi", {"ties": "smaller"}).main_figures()
    assert smaller["house_edge_per_ante"] == Fraction(53223, 1082900)
    assert smaller["element_of_risk"] == Fraction(17741, 1257452)
    assert smaller["average_total_bet"] == Fraction(134727, 38675)


def test_mississippi_stud_first_street(mississippi):
    grid = mississippi.decision_grid()
    assert grid.cell("A", "A").decision == "bet 3x" and grid.cell("2", "2").decision == "bet 3x"
    assert grid.cell("2", "7").decision == "fold" and grid.cell("A", "2").decision == "bet 1x"  # A2s
    assert all(not cell.mixed for row in grid.cells for cell in row)  # two cards: one decision per hand
    first = mississippi.first_values()
    assert first["combinations"].sum() == comb(52, 2) and len(first) == 169


def test_let_it_ride_cycle_and_published_figures(letitride):
    assert letitride.cycle == comb(52, 3) * 49 * 48 == 51_979_200
    figures = letitride.main_figures()
    assert figures["house_edge_per_ante"] == Fraction(37963, 1082900)           # 3.5057% per unit: 3.51%
    assert figures["element_of_risk"] == Fraction(37963, 1325152)               # 2.8648%: 2.86%
    assert figures["average_total_bet"] == Fraction(331288, 270725)
    assert f"{float(figures['house_edge_per_ante']):.4f}" == "0.0351"
    assert f"{float(figures['element_of_risk']):.4f}" == "0.0286"
    assert letitride.return_table()["combinations"].sum() == letitride.cycle


def test_let_it_ride_three_card_bonus(letitride):
    bonus = letitride.side_bet_figures()["three_card_bonus"]["50-40-30-6-3-1"]
    assert bonus["house_edge"] == Fraction(392, 5525)                           # 7.0950%
    bet = letitride.rules.side_bets[0]
    table = letitride.side_bet_table(bet, bet.paytables[bet.default_paytable])
    per_hand = dict(zip(table["outcome"], table["combinations"] // (49 * 48), strict=True))
    assert per_hand["Mini-royal (A-K-Q suited)"] == 4 and per_hand["Straight flush"] == 44
    assert per_hand["Three of a kind"] == 52 and per_hand["Pair"] == 3744


@pytest.mark.slow
def test_let_it_ride_with_a_500_royal():
    figures = analyzer.analyze("letitride", paytable_files=(ROYAL_500,)).main_figures()
    assert figures["house_edge_per_ante"] == Fraction(40463, 1082900)           # 3.7365%: 3.737%
    assert f"{float(figures['house_edge_per_ante']):.5f}" == "0.03737"


# -- strategies written street by street -------------------------------------------
MISSISSIPPI_POSTED = Path("examples/mississippi-strategy.toml")
LET_IT_RIDE_POSTED = Path("examples/letitride-strategy.toml")


@pytest.mark.parametrize("condition, cards, holds", [
    ("any pair", "2c 2d", True), ("any pair", "Ac Kd", False),
    ("pair of 6 or better", "5c 5d 9h", False), ("pair of 6 or better", "6c 6d 2h", True),
    ("pair of 2 to 5", "5c 5d 9h", True), ("two pair", "5c 5d 9h 9s", True), ("two pair", "5c 5d 5h 9s", True),
    ("three of a kind", "5c 5d 5h", True), ("three of a kind", "5c 5d 9h", False),
    ("2 points", "Jc 2d", True), ("2 points", "Tc 2d", False), ("2 points", "Tc 6d", True), ("3 points", "Ac 7d 2h", True),
    ("1 high card", "Tc 9d", False), ("2 cards of T or higher", "Tc Ad", True), ("2 cards of 6 to T", "6c Td Jh", True),
    ("3 suited", "2c 7c Kc", True), ("3 suited", "2c 7c Kd", False),
    ("3 to a royal", "Tc Jc Ac", True), ("3 to a royal", "9c Jc Ac", False),
    ("3 to a straight flush spread 3", "5h 6h 7h", True), ("3 to a straight flush spread 3", "5h 6h 8h", False),
    ("3 to a straight flush spread 4", "5h 6h 8h", True), ("3 to a straight flush spread 3", "Ah 2h 3h", True),
    ("3 to a straight flush spread 4", "5h 6h 8d", False), ("3 to a straight spread 4", "5h 6h 8d", True),
    ("4 to a straight", "Ac 2d 3h 5s", True), ("4 to a straight", "Ac 2d 3h 6s", False),
    ("4 to an outside straight", "5c 6d 7h 8s", True), ("4 to an outside straight", "Jc Qd Kh As", False),
    ("4 to an outside straight", "5c 6d 7h 9s", False), ("4 to an outside straight", "2c 3d 4h 5s", True),
    ("4 to an outside straight", "Ac 2d 3h 4s", False), ("3 points", "Tc 6d 5h 2s", False), ("ranks A-2-3", "Ac 2c 3c", True),
    ("ranks A-2-3", "Ac 2c 4c", False), ("not ranks A-2-3", "Ac 2c 4c", True),
])
def test_conditions_by_hand(condition, cards, holds):
    seen = np.array([sorted(parse_cards(cards))])
    assert bool(parse_condition(condition)(SeenCards.of(seen))[0]) is holds


def test_a_street_rule_reads_its_action_and_conditions():
    rules = load_game("letitride")
    choice, conditions = parse_rule("ride with 4 suited and 1 card of T or higher", rules.streets[1])
    assert choice == 1 and len(conditions) == 2
    assert parse_rule("any pair -> pull back", rules.streets[0])[0] == 0
    assert parse_rule("otherwise let it ride 1x", rules.streets[0]) == (1, ())


@pytest.mark.parametrize("text, message", [
    ('[[streets]]\nrules = ["1x with any pair", "fold"]', "give the rules of each of the game's 3 streets"),
    ('[[streets]]\nrules = ["1x with any pear", "fold"]\n' * 3, "cannot read condition 'any pear'"),
    ('[[streets]]\nrules = ["5x with any pair", "fold"]\n' * 3, "third street (two cards): no choice '5x'"),
    ('[[streets]]\nrules = ["1x with any pair"]\n' * 3, "end its rules with 'otherwise ACTION'"),
    ('game = "letitride"\n' + '[[streets]]\nrules = ["fold"]\n' * 3, "the file is for 'letitride', not 'mississippi'"),
    ('game = "mississippi"\n', "no rules (write rules = [...], or [[streets]] rules = [...])"),
    ('[[streets]]\nrulez = ["fold"]\n', "line 2: streets[1].rulez: unknown key 'rulez'; did you mean 'rules'?"),
])
def test_a_bad_strategy_file_is_one_line(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=re.escape(message)) as error:
        load_street_strategy(path, load_game("mississippi"))
    assert str(error.value).startswith(str(path)) and "\n" not in str(error.value)


def policy_of(strategy):
    """The written strategy's choice for one situation at a time (the plain loop's policy)."""
    return lambda street, cards: int(strategy.choose(street, np.array([cards]))[0])


@pytest.mark.parametrize("game, posted, cards", [
    *(("letitride", LET_IT_RIDE_POSTED, cards) for cards in ("Ks Qs Js", "9c 9d 2h", "Ah 7d 3c", "5s 6s 8d", "2c 3d 4h",
                                                             "Ts Js 8s")),
    *(pytest.param("mississippi", MISSISSIPPI_POSTED, cards, marks=pytest.mark.slow) for cards in ("Ks Qs", "6h 5h", "2c 2d")),
])
def test_written_play_matches_every_card_sequence(game, posted, cards):
    rules = load_game(game)
    strategy = load_street_strategy(posted, rules)
    assert engine_hand(rules, cards, strategy.choose) == brute_force(rules, parse_cards(cards), policy_of(strategy))


@pytest.mark.parametrize("game, posted, figures", [
    ("letitride", LET_IT_RIDE_POSTED, {"house_edge_per_ante": Fraction(7601, 216580),      # 3.5096%
                                       "cost_per_ante": Fraction(3, 77350),                 # 0.0039%
                                       "element_of_risk": Fraction(38005, 1329772),
                                       "average_total_bet": Fraction(332443, 270725)}),
    pytest.param("mississippi", MISSISSIPPI_POSTED, {"house_edge_per_ante": Fraction(320771, 6497400),  # 4.9369%
                                                     "cost_per_ante": Fraction(1433, 6497400),          # 0.0221%
                                                     "element_of_risk": Fraction(320771, 23328192),
                                                     "average_total_bet": Fraction(972008, 270725)},
                 marks=pytest.mark.slow),
])
def test_posted_strategy_exact_figures_and_cost(request, game, posted, figures):
    analysis = request.getfixturevalue(game)
    engine = engine_for(analysis.rules)
    evaluated = engine.evaluate_strategy(analysis, engine.load_strategy(analysis.rules, posted))
    assert {name: getattr(evaluated, name) for name in figures} == figures


# -- the pay solver ------------------------------------------------------------------
def test_three_card_bonus_straight_for_three_percent():
    """A side bet's line: edge(x) = 392/5525 - P(straight) * (x - 6), P = 720/22100, so x = 1045/144."""
    rules = load_game("letitride")
    solution = engine_for(rules).solve(rules, "three_card_bonus", "Straight", Fraction(3, 100), Run(1, False, True))
    assert solution.pays == Fraction(1045, 144) and solution.edge == Fraction(3, 100)
    assert Fraction(392, 5525) - Fraction(720, 22100) * (solution.pays - 6) == Fraction(3, 100)
    assert dict(solution.nearby)[Fraction(7)] == Fraction(212, 5525) and not solution.strategy_dependent


def analysed_with_pay(tmp_path, game: str, wager: str, label: str, pays: Fraction):
    """The full optimal analysis of ``game`` with one line of ``wager``'s default paytable paying ``pays``,
    through a paytable file as a user would write it."""
    rules = load_game(game)
    entry = next(w for w in rules.wagers if w.name == wager)
    lines = ",\n".join(f'  {{ hand = "{line.pattern.text}", label = "{line.label}", '
                        f'pays = "{pays if line.label == label else line.pays}" }}' for line in entry.paytable.lines)
    path = tmp_path / "solved.toml"
    path.write_text(f'game = "{game}"\n[wagers.{wager}.paytables."solved"]\nlines = [\n{lines}\n]\ndefault = true\n')
    return analyzer.analyze(game, paytable_files=(str(path),))


@pytest.mark.parametrize("game, wager, label, pays, dependent", [
    ("letitride", "bet3", "Royal flush", Fraction(10476, 5), False),
    pytest.param("mississippi", "ante", "Straight", Fraction(16522, 2949), True, marks=pytest.mark.slow),
])
def test_a_solved_main_line_gives_the_target_edge_exactly(tmp_path, game, wager, label, pays, dependent):
    rules = load_game(game)
    solution = engine_for(rules).solve(rules, wager, label, Fraction(3, 100), Run(1, False, True))
    assert (solution.pays, solution.edge, solution.strategy_dependent) == (pays, Fraction(3, 100), dependent)
    figures = analysed_with_pay(tmp_path, game, wager, label, pays).main_figures()
    assert figures["house_edge_per_ante"] == Fraction(3, 100)


def test_solve_names_an_unknown_line():
    rules = load_game("mississippi")
    with pytest.raises(RulesError, match="has no line 'Five aces'"):
        engine_for(rules).solve(rules, "ante", "Five aces", Fraction(3, 100), Run(1, False, True))


# -- on the command line ------------------------------------------------------------
def test_analyze_with_a_written_strategy(monkeypatch, capsys, letitride):
    monkeypatch.setattr(StudEngine, "analyze", lambda self, rules, run: letitride)
    with pytest.raises(SystemExit) as done:
        cli.main(["analyze", "letitride", "--strategy", str(LET_IT_RIDE_POSTED), "--json", "--quiet"])
    assert done.value.code == 0
    written = json.loads(capsys.readouterr().out)["written_strategy"]
    assert (written["house_edge_per_ante"], written["cost_per_ante"]) == ("7601/216580", "3/77350")


def test_a_bad_strategy_file_stops_before_any_work(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(StudEngine, "analyze", lambda *args, **kwargs: pytest.fail("no analysis"))
    path = tmp_path / "bad.toml"
    path.write_text('[[streets]]\nrules = ["ride with 5 suited", "otherwise let it go"]\n' * 2)
    with pytest.raises(SystemExit) as done:
        cli.main(["analyze", "letitride", "--strategy", str(path), "--quiet"])
    assert done.value.code == 2
    assert capsys.readouterr().err == (f"analyzer: error: {path}: first decision (three cards): no choice "
                                       "'let it go' (choose from 'pull back', 'let it ride 1x')\n")
