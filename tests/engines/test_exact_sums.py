"""Exact arithmetic that cannot overflow (issue 22, item 3).

The kernels scale every result and pay by their common denominator and sum counts times scaled values;
with pays of large denominators those sums pass 64 bits. Before the fix each case below printed a wrong
"exact" figure with exit code 0; now the sums are bounded before any kernel runs
(:mod:`analyzer.engines.exact_sums`) and taken in Python integers past ``2**63 - 1``, or refused in one
line by the Hold'em kernels (numba, 64 bits only). Each case is checked against Fractions: a plain loop
over every dealer hand or every community card (a reduced problem: a few starting hands), and the whole
game's figure recomputed in Fractions from its counts.

=====================================================  ===============  =====================================
case (as the issue reported it)                        printed before   now
=====================================================  ===============  =====================================
Three Card Poker, Ante Bonus straight 1 + 10**-18      77.012764%       3.372981% (exact, below the shipped)
Mississippi Stud, straight 4.000000000000001           365.210530%      4.914858% (strategy unchanged)
Crazy 4, flush 26013493739/17036235700, straight ...   71.478027%       2.881145%
Crazy 4, straight 1.000000001: posted-rule cost        -0.291816%       0.000089% (the shipped rule)
solve crazy4 super_bonus Straight 3.123456%            "kept changing"  25427533454357/23644510312500, exact
=====================================================  ===============  =====================================
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations
from math import comb, lcm, perm

import numpy as np
import pytest

import analyzer
from analyzer.core.cards import colex_index, parse_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.engines.base import Run
from analyzer.engines.exact_sums import (
    HEADROOM,
    INT64_MAX,
    SumBound,
    culprit,
    floor_of,
    largest_net,
    largest_result,
    raise_stakes,
    restored,
    saved,
)
from analyzer.engines.registry import engine_for
from analyzer.engines.results import grouped
from analyzer.engines.stud.induction import induct
from analyzer.engines.stud.tree import game_tree
from analyzer.games.rules import OUTCOMES, RulesError, game_names, load_game
from analyzer.games.settlement import FOLD, common_scale, scaled, settle

F = Fraction
BIG_STRAIGHT = "1000000000000000001/1000000000000000000"   # Three Card Poker's Ante Bonus straight
SOLVED_FLUSH, SOLVED_STRAIGHT = "26013493739/17036235700", "837526777/756624330"   # Crazy 4 Super Bonus
TARGET = Fraction(3123456, 10**8)


def with_pays(folder, game: str, wager: str, pays: dict[str, str], name: str = "big"):
    """A paytable file, as a user would write it, giving ``wager``'s default lines with some pays changed
    (by label), and the rules read with it."""
    entry = next(w for w in load_game(game).wagers if w.name == wager)
    lines = ",\n".join(f'  {{ hand = "{line.pattern.text}", label = "{line.label}", '
                       f'pays = "{pays.get(line.label, line.pays)}" }}' for line in entry.paytable.lines)
    path = folder / f"{game}-{name}.toml"
    path.write_text(f'game = "{game}"\n[wagers.{wager}.paytables."{name}"]\nlines = [\n{lines}\n]\ndefault = true\n')
    return path


# -- the bound --------------------------------------------------------------------------------
def test_the_bound_is_headroom_times_deals_times_the_largest_net():
    assert SumBound.of(3, 5).bound == HEADROOM * 3 * 5 == 120
    assert SumBound(INT64_MAX).fits and SumBound(INT64_MAX).dtype == np.int64
    assert not SumBound(INT64_MAX + 1).fits and SumBound(INT64_MAX + 1).dtype == object
    values = np.array([2, -3], dtype=np.int64)
    assert SumBound(INT64_MAX).cast(values) is values                      # the normal path: no copy
    wide = SumBound(INT64_MAX + 1).cast(values)
    assert wide.dtype == object and type(wide[0]) is int and (wide * 2**62).tolist() == [2**63, -3 * 2**62]


def test_the_largest_net_of_a_deal():
    threecard, crazy4 = load_game("threecard"), load_game("crazy4")
    assert [largest_result(w) for w in threecard.wagers] == [6, 1]       # Ante 1 + straight flush bonus 5, Play 1
    assert largest_net(raise_stakes(threecard, 1), 1) == 7
    assert [largest_result(w) for w in crazy4.wagers] == [1, 200, 1]     # four aces pay 200 instead
    assert largest_net(raise_stakes(crazy4, 3), 2) == 2 * (1 + 200 + 3)   # Play 3x, scale 2 (3 to 2)
    assert culprit(threecard) == "ante line 'Ante Bonus: straight flush' paying 5"   # every pay whole


def test_every_shipped_game_still_sums_in_64_bits():
    """The normal path is unchanged: the bound of every shipped game with a dealer fits 64 bits with room to
    spare (the largest, High Card Flush's 6 * 10**15 deals, is below 2**58, 32 times under 2**63); the stud
    games' trees: see the Mississippi test."""
    for name in game_names():
        rules = load_game(name)
        if not rules.dealer_cards:
            continue
        deals = (comb(52, rules.player_cards) * comb(52 - rules.player_cards, rules.dealer_cards)
                 * comb(52 - rules.player_cards - rules.dealer_cards, rules.community_cards))
        multiple = max([option.multiple for option in rules.play] or [1])
        bound = SumBound.of(deals, largest_net(raise_stakes(rules, multiple), common_scale(rules)))
        assert bound.fits and bound.bound < 2**58, name


def test_scaled_values_are_never_wrapped_round():
    assert scaled(["3/2", 1], 2).dtype == np.int64
    big = scaled([500, -1], 10**17)
    assert big.dtype == object and big.tolist() == [5 * 10**19, -10**17]
    ante = load_game("threecard").wagers[0]   # the Ante wins 1 plus its straight flush bonus 5 (in addition)
    assert settle(ante, np.array([0]), 10**18).dtype == np.int64                   # 6 * 10**18 fits
    assert settle(ante, np.array([0]), 2 * 10**18)[0].tolist() == [12 * 10**18] * 4 + [10 * 10**18, 8 * 10**18]


def test_helpers_for_python_integers():
    assert floor_of(np.array([1], dtype=np.int64)) == -2**63
    assert floor_of(np.array([-2**70, 5], dtype=object)) == -2**70 - 1
    assert restored(saved(np.array([[2**80, -7]], dtype=object))).tolist() == [[2**80, -7]]
    assert saved(np.array([1, 2])).dtype == np.int64
    rows = grouped({"net": np.array([2**70, -1, 2**70], dtype=object), "line": np.array([0, 1, 0])},
                   np.array([1, 2, 3]))
    assert rows.values.tolist() == [[-1, 1, 2], [2**70, 0, 4]]
    wide = grouped({"a": np.array([0, 2**40]), "b": np.array([0, 2**40]), "c": np.array([5, 5])}, np.array([1, 1]))
    assert wide.values.tolist() == [[0, 0, 5, 1], [2**40, 2**40, 5, 1]]   # spans multiplying past 64 bits


# -- one decision: Fractions from the counts ---------------------------------------------------
def exact_values(analysis) -> tuple[np.ndarray, np.ndarray]:
    """Every class's EV per ante of each decision (columns: fold, then the Play multiples in the rules' order)
    as exact rationals ``numerators[c, d] / denominators[c]`` (Python integers; None where the rules bar the
    decision), from the class's outcome counts and the rules' Fractions, with no common scale and no int64.
    Classes settled alike (the same paid lines) share one profile of results per outcome, whose own least
    common denominator ``unit`` makes them whole."""
    rules, situations = analysis.rules, analysis.situations
    counts, hands = situations.outcome_counts.astype(object), situations.dealer_hands
    profile = np.stack([w.paytable.line_index(w.ranking, situations.player_ranks(w.ranking)) if w.paytable
                        else np.full(len(counts), -1) for w in rules.wagers], axis=1)

    def per_unit(wager, line: int) -> list[Fraction]:
        out = []
        for outcome, result in zip(OUTCOMES, wager.results, strict=True):
            result = Fraction(result)
            if line >= 0 and outcome in wager.paytable_outcomes:
                pay = wager.paytable.lines[line].pays
                result = result + pay if wager.paytable_mode == "in_addition" else pay
            out.append(result)
        return out

    fold = sum((Fraction(w.on_fold) for w in rules.wagers), Fraction(0))
    numerators = np.empty((len(counts), 1 + len(rules.play)), dtype=object)
    denominators = np.empty(len(counts), dtype=object)
    for key in {tuple(row) for row in profile.tolist()}:
        rows = np.flatnonzero((profile == key).all(axis=1))
        results = [per_unit(w, line) for w, line in zip(rules.wagers, key, strict=True)]
        initial = [sum(r[o] for w, r in zip(rules.wagers, results, strict=True) if w.role == "initial") for o in range(6)]
        raised = next(r for w, r in zip(rules.wagers, results, strict=True) if w.role == "raise")
        unit = lcm(fold.denominator, *(v.denominator for v in initial + raised))
        first = counts[rows] @ np.array([int(v * unit) for v in initial], dtype=object)
        second = counts[rows] @ np.array([int(v * unit) for v in raised], dtype=object)
        numerators[rows, 0] = int(fold * unit) * hands
        for column, option in enumerate(rules.play, start=1):
            numerators[rows, column] = first + option.multiple * second
        denominators[rows] = unit * hands
    for column, option in enumerate(rules.play, start=1):
        if option.requires is not None:
            numerators[~option.requires.matches(rules.ranking, situations.best_rank), column] = None
    if not rules.fold:
        numerators[:, 0] = None
    return numerators, denominators


def exact_choice(numerators, rules) -> np.ndarray:
    """The decision of highest EV per class (the first of the highest, by Play multiple: exact ties to the
    smaller one; a barred decision never)."""
    order = np.argsort([FOLD] + [option.multiple for option in rules.play], kind="stable")
    barred = np.frompyfunc(lambda value: value is None, 1, 1)(numerators).astype(bool)
    return order[np.argmax(np.where(barred, -float("inf"), numerators)[:, order], axis=1)]


def exact_edge(values, choice, weights) -> Fraction:
    """House edge per ante: minus the mean over every hand of the EV of the decision its class takes."""
    numerators, denominators = values
    taken = numerators[np.arange(len(choice)), choice] * weights.astype(object)
    total = sum((Fraction(int(taken[denominators == d].sum()), int(d)) for d in set(denominators.tolist())),
                Fraction(0))
    return -total / int(weights.sum())


@pytest.fixture(scope="module")
def pay_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pays")
    return {"threecard": with_pays(folder, "threecard", "ante", {"Ante Bonus: straight": BIG_STRAIGHT}),
            "crazy4 solved": with_pays(folder, "crazy4", "super_bonus",
                                       {"Flush": SOLVED_FLUSH, "Straight": SOLVED_STRAIGHT}, "solved"),
            "crazy4 straight": with_pays(folder, "crazy4", "super_bonus", {"Straight": "1.000000001"}, "straight"),
            "folder": folder}


@pytest.fixture(scope="module")
def big_threecard(pay_files):
    return analyzer.analyze("threecard", paytable_files=(str(pay_files["threecard"]),))


def plain_three_card_values(rules, hand: tuple[int, ...], bonus: Fraction) -> tuple[Fraction, Fraction]:
    """(fold, play) EV per ante of one player hand, by a loop over every one of the C(49, 3) dealer hands,
    settled in Fractions as the rules say; ``bonus``: the hand's Ante Bonus."""
    ranking = rules.ranking
    dealer = np.array(list(combinations([card for card in range(52) if card not in hand], 3)))
    ranks = ranking.evaluate(dealer)
    qualifies = rules.dealer_qualifies.matches(ranking, ranks)
    player = ranking.rank_of(list(hand))
    total = Fraction(0)
    for rank, qualified in zip(ranks.tolist(), qualifies.tolist(), strict=True):
        versus = (player > rank) - (player < rank)
        ante, play = (versus, versus) if qualified else (1, 0)
        total += ante + bonus + play
    return Fraction(-1), total / len(dealer)


@pytest.mark.parametrize("text, bonus", [("2c 3d 4h", F(BIG_STRAIGHT)), ("Qc Kd Ah", F(BIG_STRAIGHT)),
                                         ("Qh Kh Ah", F(5)), ("7c 7d 7h", F(4)), ("Qs 6d 4h", F(0))])
def test_three_card_values_equal_a_loop_over_every_dealer_hand(big_threecard, text, bonus):
    hand = tuple(sorted(parse_cards(text)))
    keys = canonical_keys(big_threecard.situations.cards)
    index = int(np.flatnonzero(keys == canonical_keys(np.array([hand]))[0])[0])
    assert big_threecard.decisions.totals.dtype == object   # 7 * 10**18 per deal over 407,170,400 deals
    expected = plain_three_card_values(big_threecard.rules, hand, bonus)
    assert tuple(big_threecard.decisions.expected_values(big_threecard.situations.dealer_hands)[index]) == expected


def test_three_card_edge_is_exact(big_threecard, threecard):
    """Before: 77.012764%. The straights are played either way, so the edge is the shipped game's less
    10**-18 times the straights' share of the deals."""
    values = exact_values(big_threecard)
    choice = exact_choice(values[0], big_threecard.rules)
    edge = big_threecard.main_figures()["house_edge_per_ante"]
    assert (choice == big_threecard.decisions.choice).all()
    assert edge == exact_edge(values, choice, big_threecard.situations.weights)
    assert (big_threecard.decisions.choice == threecard.decisions.choice).all()
    situations, ante = big_threecard.situations, big_threecard.rules.wagers[0]
    straight = ante.paytable.line_index(ante.ranking, situations.best_rank) == 2   # lines: SF, trips, straight
    played = big_threecard.chosen_multiple > 0
    straights = int((situations.weights * straight * played).sum()) * situations.dealer_hands
    assert edge == threecard.main_figures()["house_edge_per_ante"] - F(1, 10**18) * F(straights, threecard.cycle)
    assert f"{float(edge):.6%}" == "3.372981%"


@pytest.fixture(scope="module")
def solved_crazy4(pay_files):
    return analyzer.analyze("crazy4", paytable_files=(str(pay_files["crazy4 solved"]),), jobs=2)


def test_crazy4_with_the_solver_s_pays_is_exact(solved_crazy4):
    """Before: 71.478027%."""
    values = exact_values(solved_crazy4)
    choice = exact_choice(values[0], solved_crazy4.rules)
    assert solved_crazy4.decisions.totals.dtype == object
    assert (choice == solved_crazy4.decisions.choice).all()
    edge = solved_crazy4.main_figures()["house_edge_per_ante"]
    assert edge == exact_edge(values, choice, solved_crazy4.situations.weights) == F(11129947321, 386302917000)


def test_the_posted_rule_cost_is_exact_and_never_negative(pay_files, crazy4):
    """Before: a cost of -0.291816% and the rule "play 1x with A-K-Q-4 or better"."""
    analysis = analyzer.analyze("crazy4", paytable_files=(str(pay_files["crazy4 straight"]),), jobs=2)
    rule = analysis.posted_rule()
    values = exact_values(analysis)
    columns = {m: column for column, m in enumerate([FOLD] + [o.multiple for o in analysis.rules.play])}
    posted = np.array([columns[int(m)] for m in rule.multiple(analysis.situations.best_rank)])
    weights = analysis.situations.weights
    cost = exact_edge(values, posted, weights) - exact_edge(values, analysis.decisions.choice, weights)
    assert rule.cost == cost >= 0
    assert rule.text == crazy4.posted_rule().text == ("play 3x with pair of aces or better; play 1x with K-Q-8-4 "
                                                      "or better; fold the rest")


def test_the_solver_s_pay_read_back_gives_the_target_exactly(pay_files):
    """Before: "the optimal strategy kept changing after 20 rounds"."""
    rules = load_game("crazy4")
    solution = engine_for(rules).solve(rules, "super_bonus", "Straight", TARGET, Run(2, False, True))
    assert solution.edge == TARGET and solution.pays == F(25427533454357, 23644510312500)
    path = with_pays(pay_files["folder"], "crazy4", "super_bonus", {"Straight": str(solution.pays)}, "target")
    read_back = analyzer.analyze("crazy4", paytable_files=(str(path),), jobs=2)
    assert read_back.main_figures()["house_edge_per_ante"] == TARGET


# -- the stud engine: a plain recursion over the community cards ---------------------------------
def first_street_values(rules, hand: tuple[int, ...]) -> list[Fraction]:
    """EV per ante of each first-street choice of a starting ``hand``, played optimally (max EV) at every
    later street: a plain recursion in Fractions over the community cards still to come, by the set of
    cards seen (the decisions depend on it, not on the order); the last card is summed by the lines its
    final hands pay."""
    streets, wagers, community = rules.streets, rules.wagers, rules.community_cards
    depths = list(accumulate((street.cards for street in streets[:-1]), initial=0))
    street_of = {street.wager: index for index, street in enumerate(streets)}
    deck = [card for card in range(52) if card not in hand]
    boards = list(combinations(deck, community))
    ranks = rules.ranking.table[colex_index(np.sort(np.array([hand + board for board in boards]), axis=1))]
    paid = dict(zip(boards, map(tuple, np.stack([w.paytable.line_index(w.ranking, ranks) for w in wagers],
                                                axis=1).tolist()), strict=True))

    def stake(wager, path) -> int:
        at = street_of.get(wager.name)
        if at is None:
            return 1
        if at < len(path):
            return streets[at].choices[path[at]].multiple
        return int(any(choice.action == "take_back" for choice in streets[at].choices))

    @cache
    def net(path, lines) -> Fraction:
        return sum((stake(w, path) * (w.paytable.lines[line].pays if line >= 0 else Fraction(w.results[0]))
                    for w, line in zip(wagers, lines, strict=True)), Fraction(0))

    @cache
    def last_card(seen) -> Counter:
        return Counter(paid[tuple(sorted(seen + (card,)))] for card in deck if card not in seen)

    @cache
    def value(seen, path):
        if len(path) < len(streets) and depths[len(path)] == len(seen):
            options = [sum((stake(w, path + (index,)) * Fraction(w.on_fold) for w in wagers), Fraction(0))
                       if choice.action == "fold" else value(seen, path + (index,))
                       for index, choice in enumerate(streets[len(path)].choices)]
            return max(options) if path else tuple(options)
        left = len(deck) - len(seen)
        if len(seen) == community - 1:
            return sum(count * net(path, lines) for lines, count in last_card(seen).items()) / left
        return sum(value(tuple(sorted(seen + (card,))), path) for card in deck if card not in seen) / left

    return list(value((), ()))


@pytest.fixture(scope="module")
def big_mississippi(pay_files):
    """Mississippi Stud whose straight pays 4.000000000000001, and its game tree."""
    path = with_pays(pay_files["folder"], "mississippi", "ante", {"Straight": "4.000000000000001"})
    rules = load_game("mississippi", paytable_files=(str(path),))
    return rules, game_tree(rules)


def test_mississippi_tree_values_are_exact(big_mississippi):
    """Each path's net result on each final hand group, scaled by 10**15, in Python integers."""
    _, tree = big_mississippi
    assert tree.scale == 10**15 and tree.values.dtype == object
    straight = next(i for i, line in enumerate(tree.rules.wagers[0].paytable.lines) if line.label == "Straight")
    group = next(g for g, lines in enumerate(tree.groups.tolist()) if lines[0] == straight)
    assert tree.values[tree.path_index((3, 3, 3)), group] == 10 * 4000000000000001   # 10 units on a straight
    assert tree.values[tree.path_index((0,)), group] == -10**15                       # a fold loses the Ante


def test_mississippi_hand_equals_a_recursion_over_every_card(big_mississippi):
    """Before: the sums over 117,600 orders of up to 5 * 10**18 wrapped round (365.210530% for the game)."""
    (rules, tree), hand = big_mississippi, tuple(sorted(parse_cards("Ks Qs")))
    result = induct(tree, np.array(hand), rules.tie_break == "larger")
    orders = perm(50, 3)
    assert [Fraction(int(total), orders * tree.scale) for total in result.first] == first_street_values(rules, hand)


@pytest.mark.exhaustive  # a whole game in Python integers: the same code is checked on one hand above
def test_mississippi_edge_is_exact(big_mississippi, mississippi):
    """The whole game (about 20 s): the strategy is the shipped one's (the same counts), so the edge is the
    shipped edge less 10**-15 per unit staked on a straight; and it is its counts' net in Fractions. The
    shipped game still sums in int64."""
    rules, _ = big_mississippi
    analysis = engine_for(rules).analyze(rules, Run(1, False, True))
    tree, counts = analysis.tree, analysis.counts.counts
    assert mississippi.tree.values.dtype == np.int64 and tree.values.dtype == object
    assert np.array_equal(counts, mississippi.counts.counts) and np.array_equal(tree.groups, mississippi.tree.groups)
    edge = analysis.main_figures()["house_edge_per_ante"]
    net = sum((int(counts[p, g]) * Fraction(int(tree.values[p, g]), tree.scale)
               for p, g in zip(*np.nonzero(counts), strict=True)), Fraction(0))
    assert edge == -net / analysis.cycle
    straight_units = sum(int(counts[p, g]) * tree.total_stake(p) for p, g in zip(*np.nonzero(counts), strict=True)
                         if not tree.folded[p] and tree.groups[g][0] == 5)
    assert edge == mississippi.main_figures()["house_edge_per_ante"] - F(straight_units, 10**15 * analysis.cycle)
    assert f"{float(edge):.6%}" == "4.914858%"


# -- the Hold'em kernels: refused in one line -------------------------------------------------
def test_hold_em_kernels_refuse_sums_past_64_bits(tmp_path):
    flush = with_pays(tmp_path, "uth", "blind", {"Flush": "1.500000001"}, "flush")
    with pytest.raises(RulesError, match=r"^uth\.toml: the Hold'em streets kernel sums in 64-bit integers, and with "
                                         r"blind line 'Flush' paying 1500000001/1000000000 its sums could reach"):
        analyzer.analyze("uth", paytable_files=(str(flush),))
    royal = with_pays(tmp_path, "uth", "blind", {"Royal flush": "1000000000"}, "royal")
    with pytest.raises(RulesError, match=r"^uth\.toml: the Hold'em streets kernel sums in 64-bit integers, and with "
                                         r"blind line 'Royal flush' paying 1000000000 "):
        analyzer.analyze("uth", paytable_files=(str(royal),))
