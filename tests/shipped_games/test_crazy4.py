"""Crazy 4 Poker: settlement by hand, tables that add up to the cycle, published figures,
the optimal strategy and the rule options.

Settlement (per unit of each wager; see analyzer/data/games/crazy4.toml):

=====================  ===========  ========  =========  ============  =====  ======
wager                  no qualify:  win       tie        lose          win    tie    lose
=====================  ===========  ========  =========  ============  =====  ======
Ante                                0         0          0             +1     0      -1
Play                                +1        +1         +1            +1     0      -1
Super Bonus < straight              0         0          -1 (compare)  0      0      -1
Super Bonus straight+               its pay whatever the dealer holds
=====================  ===========  ========  =========  ============  =====  ======

A fold loses the Ante and the Super Bonus; Queens Up is paid on the player's cards alone.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.core.ranking import TIEBREAK_SPAN
from analyzer.engines.one_decision.enumeration import Situations, best_ranks
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide, wager_results
from analyzer.games.rules import OUTCOMES, RulesError, load_game
from analyzer.games.settlement import common_scale

CRAZY4 = load_game("crazy4")
FOUR = CRAZY4.ranking
DEALER_HANDS = comb(47, 5)
CYCLE = comb(52, 5) * DEALER_HANDS
F = Fraction


def rank(text: str) -> int:
    return FOUR.rank_of(parse_cards(text))


def wager(name: str, rules=CRAZY4):
    return next(w for w in rules.wagers if w.name == name)


def tiny_situations(hands: list[str], counts: list[list[int]]) -> Situations:
    """A handmade Situations: one class per hand, weight 1, the given outcome counts."""
    cards = np.array([sorted(parse_cards(text)) for text in hands], dtype=np.int8)
    counts = np.array(counts, dtype=np.int64)
    totals = set(counts.sum(axis=1).tolist())
    assert len(totals) == 1, "every hand must see the same number of dealer hands"
    best = np.array([FOUR.best_rank_of(parse_cards(text)) for text in hands], dtype=np.int64)
    return Situations(cards, np.ones(len(hands), dtype=np.int64), best, counts, totals.pop())


def per_unit(results: np.ndarray, scale: int) -> list[list[Fraction]]:
    return [[F(int(value), scale) for value in row] for row in results]


# -- settlement by hand ------------------------------------------------------------------
SETTLEMENT_HANDS = {
    # hand: (Super Bonus line paid, Super Bonus result by outcome under "compare")
    "As Ah Ad Ac Kc": (0, [F(200)] * 6),          # four aces 200
    "Kc Kd Kh Ks 2c": (1, [F(30)] * 6),           # other four of a kind 30
    "9h Th Jh Qh 2c": (2, [F(15)] * 6),           # straight flush 15
    "3c 3d 3h As Kd": (3, [F(2)] * 6),            # three of a kind 2
    "2h 5h 9h Jh 3c": (4, [F(3, 2)] * 6),         # flush 3 to 2
    "9c Td Js Qh 2c": (5, [F(1)] * 6),            # straight 1
    "Ac 2d 3h 4s 9c": (5, [F(1)] * 6),            # the wheel is a straight
    "Qc Qd Jh Js 9c": (-1, [0, 0, -1, 0, 0, -1]),  # below a straight: push unless beaten
    "Qc Qd 7h 3s 2c": (-1, [0, 0, -1, 0, 0, -1]),
    "Qc Kd Ah 2s 7c": (-1, [0, 0, -1, 0, 0, -1]),  # Q-K-A-2 is no straight
}


def test_scale_is_the_common_denominator():
    assert common_scale(CRAZY4) == 2  # the flush pays 3 to 2


def test_each_wager_settles_as_the_rules_say():
    hands = list(SETTLEMENT_HANDS)
    situations = tiny_situations(hands, [[1] * 6] * len(hands))
    scale = common_scale(CRAZY4)
    ante, hits = wager_results(wager("ante"), situations, scale)
    assert per_unit(ante, scale) == [[0, 0, 0, 1, 0, -1]] * len(hands)
    assert (hits == -1).all()
    play, _ = wager_results(wager("play"), situations, scale)
    assert per_unit(play, scale) == [[1, 1, 1, 1, 0, -1]] * len(hands)
    bonus, lines = wager_results(wager("super_bonus"), situations, scale)
    assert per_unit(bonus, scale) == [expected for _, expected in SETTLEMENT_HANDS.values()]
    assert lines.tolist() == [line for line, _ in SETTLEMENT_HANDS.values()]
    labels = [line.label for line in wager("super_bonus").paytable.lines]
    assert labels == ["Four aces", "Other four of a kind", "Straight flush", "Three of a kind",
                      "Flush", "Straight"]


def test_super_bonus_push_reading():
    rules = load_game("crazy4", {"super_bonus_without_qualifier": "push"})
    situations = tiny_situations(["Qc Qd 7h 3s 2c", "2h 5h 9h Jh 3c"], [[1] * 6] * 2)
    scale = common_scale(rules)
    bonus, _ = wager_results(wager("super_bonus", rules), situations, scale)
    assert per_unit(bonus, scale) == [[0, 0, 0, 0, 0, -1], [F(3, 2)] * 6]


def test_decisions_by_hand():
    hands = ["Qc Qd 7h 3s 2c", "Qh Qs 7c 3d 2h", "As Ah Ad Ac Kc", "Ac Ad Ah As Kd", "Qc Jd 9h 7s 2c"]
    counts = [
        [10, 0, 0, 20, 5, 15],  # pair of queens: Ante +5, Super Bonus -15, Play +15: play 1x, EV +1/10
        [0, 0, 0, 10, 0, 40],   # Ante -30, Super Bonus -40, Play -30: -100 = fold's -2 x 50: a tie
        [0, 0, 0, 25, 0, 25],   # four aces, Play even: 1x, 2x and 3x tie, the smallest wins
        [15, 0, 0, 35, 0, 0],   # four aces, never beaten: play 3x
        [5, 10, 15, 0, 0, 20],  # queen high, dealer often does not qualify
    ]
    situations = tiny_situations(hands, counts)
    decisions = decide(CRAZY4, situations)
    assert decisions.names == ("fold", "play 1x", "play 2x", "play 3x")
    assert decisions.multiples.tolist() == [0, 1, 2, 3]
    below_aces, aces_up = [True, True, False, False], [True] * 4  # 2x and 3x need a pair of aces
    assert decisions.allowed.tolist() == [below_aces, below_aces, aces_up, aces_up, below_aces]
    values = decisions.expected_values(situations.dealer_hands)
    assert values[0].tolist() == [-2, F(1, 10), None, None]
    assert values[1].tolist() == [-2, -2, None, None]
    assert values[2].tolist() == [-2, 200, 200, 200]
    assert values[3, 3] == F(35 + 200 * 50 + 3 * 50, 50) and values[3, 1] == F(35 + 200 * 50 + 50, 50)
    # queen high: Ante -20, Super Bonus -15 - 20, Play +30 - 20: -45 / 50 > -2
    assert values[4].tolist() == [-2, F(-45, 50), None, None]
    assert decisions.choice.tolist() == [1, 0, 1, 3, 1]


# -- every table adds up to the cycle -------------------------------------------------------
def all_tables(analysis):
    yield "return table", analysis.return_table(), "net"
    for each in analysis.rules.wagers:
        yield f"wager {each.name}", analysis.wager_table(each), "pays"
    for bet in analysis.rules.side_bets:
        for name, paytable in bet.paytables.items():
            yield f"side bet {bet.name} {name}", analysis.side_bet_table(bet, paytable), "pays"


def test_every_table_sums_to_the_cycle(crazy4):
    assert crazy4.cycle == CYCLE == 3_986_646_103_440
    names = []
    for name, table, column in all_tables(crazy4):
        names.append(name)
        assert sum(int(count) for count in table["combinations"]) == CYCLE, name
        assert (table["combinations"] > 0).all() or name.startswith("side bet"), name
        assert sum(table["probability"]) == 1, name
        mean = F(sum(F(pay) * int(count) for pay, count in zip(table[column], table["combinations"], strict=True)), CYCLE)
        assert sum(table["contribution"]) == mean, name
    assert len(names) == 1 + 3 + 5


def test_wager_returns_add_up_to_the_net(crazy4):
    returns = crazy4.wager_returns()
    figures = crazy4.main_figures()
    assert sum(returns.values()) == -figures["house_edge_per_ante"]
    assert returns["ante"] < 0 and returns["super_bonus"] < 0 and returns["play"] > 0


def test_super_bonus_table_rows(crazy4):
    """Every straight or better is played, so each line is hit by all its hands."""
    table = crazy4.wager_table(wager("super_bonus", crazy4.rules)).set_index("outcome")
    hands = {"Four aces": 48, "Other four of a kind": 576, "Straight flush": 2_072,
             "Three of a kind": 58_656, "Flush": 114_616, "Straight": 101_808}
    pays = {"Four aces": 200, "Other four of a kind": 30, "Straight flush": 15,
            "Three of a kind": 2, "Flush": F(3, 2), "Straight": 1}
    for line, count in hands.items():
        assert table.loc[line, "combinations"] == count * DEALER_HANDS, line
        assert table.loc[line, "pays"] == pays[line], line
    assert table.loc["player folds", "pays"] == -1


def test_queens_up_table_rows(crazy4):
    bet = crazy4.rules.side_bets[0]
    assert bet.name == "queens_up"
    table = crazy4.side_bet_table(bet, bet.paytables[bet.default_paytable]).set_index("outcome")
    best = best_ranks(FOUR, 5)
    pairs = best // TIEBREAK_SPAN == FOUR.category_index("pair")
    queens_up = int((pairs & (best >= rank("Qc Qd 3h 2s"))).sum())
    hands = {"Four of a kind": 624, "Straight flush": 2_072, "Three of a kind": 58_656,
             "Flush": 114_616, "Straight": 101_808, "Two pair": 123_552,
             "Pair of queens or better": queens_up}
    assert queens_up == 242_916
    for line, count in hands.items():
        assert table.loc[line, "combinations"] == count * DEALER_HANDS, line
    assert table.loc["no paying hand", "combinations"] == (2_598_960 - sum(hands.values())) * DEALER_HANDS


def test_return_table_top_and_fold(crazy4):
    table = crazy4.return_table().set_index("net")
    # four aces play 3x and win or find the dealer not qualifying: +1 + 200 + 3, or 0 + 200 + 3
    assert table.loc[204, "combinations"] + table.loc[203, "combinations"] == 48 * DEALER_HANDS
    assert table.index.max() == 204 and table.index.min() == -5  # 3x, beaten, below a straight
    # a fold loses the Ante and the Super Bonus: -2, as does 3x with trips beaten (-1 + 2 - 3)
    folded = crazy4.action_frequencies()["fold"] * CYCLE
    assert table.loc[-2, "combinations"] > folded
    for name in ("ante", "super_bonus", "play"):
        rows = crazy4.wager_table(wager(name, crazy4.rules)).set_index("outcome")
        assert rows.loc["player folds", "combinations"] == folded, name
        assert rows.loc["player folds", "pays"] == (0 if name == "play" else -1), name


# -- published figures ------------------------------------------------------------------------
def percent(value: Fraction, places: int) -> Fraction:
    """value in percent rounded to ``places`` decimals, exactly."""
    return F(round(value * 100 * 10**places), 10**places)


def test_published_figures(crazy4):
    figures = crazy4.main_figures()
    assert percent(figures["element_of_risk"], 2) == F(109, 100)     # Wizard of Odds: 1.09%
    assert percent(figures["house_edge_per_ante"], 2) == F(342, 100)  # 3.42% per ante
    assert figures["house_edge_per_initial_wager"] == figures["house_edge_per_ante"] / 2
    assert figures["element_of_risk"] == figures["house_edge_per_ante"] / figures["average_total_bet"]
    assert figures["house_edge_per_ante"] == F(264142729, 7726058340)
    assert figures["element_of_risk"] == F(264142729, 24230243136)


# -- the optimal strategy -----------------------------------------------------------------------
def test_four_aces_play_3x(crazy4):
    situations = crazy4.situations
    four_aces = situations.best_rank == rank("Ac Ad Ah As")
    assert int(situations.weights[four_aces].sum()) == 48
    assert (crazy4.chosen_multiple[four_aces] == 3).all()


def test_hands_below_king_high_fold(crazy4):
    situations = crazy4.situations
    below = situations.best_rank < crazy4.rules.dealer_qualifies.lowest_rank(FOUR)
    assert crazy4.rules.dealer_qualifies.lowest_rank(FOUR) == rank("Kc 4d 3h 2s")
    assert below.any() and (crazy4.chosen_multiple[below] == 0).all()


def test_2x_is_never_chosen(crazy4):
    assert crazy4.action_frequencies()["play 2x"] == 0
    assert not (crazy4.chosen_multiple == 2).any()


def test_strategy_chart(crazy4):
    """Pair of aces or better: 3x. K-Q-8-5 to a pair of kings: 1x. Below K-Q-7-6: fold.
    K-Q-8-4 and K-Q-7-6 depend on the fifth card; K-Q-8-3 folds."""
    chart = crazy4.strategy_by_best_hand()
    ranks = chart["best_rank"]
    assert set(chart.loc[ranks >= rank("Ac Ad 3h 2s"), "decision"]) == {"play 3x"}
    one_unit = (ranks >= rank("Kc Qd 8h 5s")) & (ranks < rank("Ac Ad 3h 2s"))
    assert set(chart.loc[one_unit, "decision"]) == {"play 1x"}
    assert set(chart.loc[ranks < rank("Kc Qd 7h 6s"), "decision"]) == {"fold"}
    by_hand = chart.set_index("best_hand")
    assert by_hand.loc["K-Q-8-4", ["fold", "play 1x"]].tolist() == [432, 1488]
    assert by_hand.loc["K-Q-8-3", "decision"] == "fold"
    assert by_hand.loc["K-Q-7-6", ["fold", "play 1x"]].tolist() == [2832, 1008]
    assert int(chart["hands"].sum()) == 2_598_960
    frequencies = crazy4.action_frequencies()
    assert sum(frequencies.values()) == 1
    assert frequencies["fold"] == F(12728, 54145)


# -- paytables and rule options ---------------------------------------------------------------
def test_queens_up_default_paytable():
    bet = next(b for b in CRAZY4.side_bets if b.name == "queens_up")
    assert bet.default_paytable == "50-40-8-4-3-2-1"
    paytable = bet.paytables[bet.default_paytable]
    assert paytable.title == "50-40-8-4-3-2-1"
    assert [line.pays for line in paytable.lines] == [50, 40, 8, 4, 3, 2, 1]
    assert [line.pattern.text for line in paytable.lines][-1] == "pair of Q or better"
    assert set(bet.paytables) == {"50-40-8-4-3-2-1", "50-40-9-4-3-2-1", "50-30-9-4-3-2-1",
                                  "50-30-8-4-3-2-1", "50-40-7-4-3-2-1"}


def test_super_bonus_default_paytable():
    paytable = wager("super_bonus").paytable
    assert [line.pays for line in paytable.lines] == [200, 30, 15, 2, F(3, 2), 1]
    assert wager("super_bonus").paytable_mode == "instead"


@pytest.mark.parametrize("choice, no_qualify_lose", [("compare", -1), ("push", 0)])
def test_both_readings_of_super_bonus_without_qualifier_load(choice, no_qualify_lose):
    rules = load_game("crazy4", {"super_bonus_without_qualifier": choice})
    option = next(o for o in rules.options if o.name == "super_bonus_without_qualifier")
    assert option.chosen == choice and set(option.choices) == {"compare", "push"}
    results = dict(zip(OUTCOMES, wager("super_bonus", rules).results, strict=True))
    assert results == {"no_qualify_win": 0, "no_qualify_tie": 0, "no_qualify_lose": no_qualify_lose,
                       "win": 0, "tie": 0, "lose": -1}


def test_default_reading_is_compare():
    default = load_game("crazy4")
    assert next(o for o in default.options if o.name == "super_bonus_without_qualifier").chosen == "compare"
    assert default.input_hash == load_game("crazy4", {"super_bonus_without_qualifier": "compare"}).input_hash
    assert default.input_hash != load_game("crazy4", {"super_bonus_without_qualifier": "push"}).input_hash


def test_push_reading_changes_no_optimal_figure(crazy4):
    """The reading only matters for a played hand below king-high facing a higher,
    non-qualifying dealer; the optimal strategy folds every such hand, so the figures agree.
    (The enumeration does not depend on the settlement: it is reused.)"""
    rules = load_game("crazy4", {"super_bonus_without_qualifier": "push"})
    decisions = decide(rules, crazy4.situations)
    pushed = Analysis(rules, crazy4.situations, decisions)
    assert pushed.cycle == CYCLE
    assert sum(int(c) for c in pushed.return_table()["combinations"]) == CYCLE
    # playing is worth more under "push" for some hands, never less, and no decision changes
    gained = decisions.totals - crazy4.decisions.totals
    assert (gained >= 0).all() and (gained[:, 1] > 0).any() and (gained[:, 0] == 0).all()
    assert np.array_equal(decisions.choice, crazy4.decisions.choice)
    below = crazy4.situations.best_rank < rank("Kc 4d 3h 2s")
    assert (gained[~below] == 0).all()
    assert pushed.main_figures()["house_edge_per_ante"] == crazy4.main_figures()["house_edge_per_ante"]


@pytest.mark.parametrize("options", [{"super_bonus_without_qualifier": "maybe"}, {"no_such_option": "push"}])
def test_unknown_rule_options_are_refused(options):
    with pytest.raises(RulesError):
        load_game("crazy4", options)
