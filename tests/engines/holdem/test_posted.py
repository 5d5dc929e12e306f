"""The posted Ultimate Texas Hold'em strategy (analyzer.engines.holdem.posted).

Its decisions on hand-made situations; its run by the streets kernel (board
classes, the card's river rule per class, class weights) against a slow direct
play of every concrete flop, turn/river and hole pair of a few flop classes,
with the posted rules written again here from the ranking's declared
categories; its value against the optimal strategy on the same reduced
problem; and the committed full run.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import RANK_SYMBOLS, colex_index, combinations, parse_cards
from analyzer.core.isomorphism import suit_classes
from analyzer.core.ranking import (
    DIGIT_BASE,
    TIEBREAK_DIGITS,
    TIEBREAK_SPAN,
    best_ranks_of,
    load_ranking,
)
from analyzer.engines.base import Run
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem import enumeration as uth_deal
from analyzer.engines.holdem import posted
from analyzer.engines.holdem.posted import PostedStrategy
from analyzer.engines.holdem.sevens import LINES
from analyzer.engines.holdem.street_game import StreetAnalysis, game_plan, one_play_bet_edge, street_counts, written_analysis
from analyzer.engines.holdem.street_posted import enumerate_played, one_play_bet_settlement, posted_run, posted_streets
from analyzer.engines.holdem.streets import as_streets
from analyzer.games.rules import load_game

FIVE = load_ranking("five_card")
PAIR_CATEGORY = FIVE.category_index("pair")
TWO_PAIR_CATEGORY = FIVE.category_index("two_pair")
PAIR_RANK = PAIR_CATEGORY * TIEBREAK_SPAN

#: Flop classes of the reduced runs: 8c 8d 8h (weight 4), 5c 8c Tc (4), 5c 5d Jc (12), 8d Td Jc (12).
REDUCED = [208, 554, 700, 652]

ENUMERATIONS = Path(__file__).resolve().parents[3] / "enumerations"
CARD = parse_cards


# --------------------------------------------------------------------------- hand-made situations


@pytest.mark.parametrize("hole, decision", [
    ("2c 2d", "check"), ("3c 3d", "4x"), ("Ac 2d", "4x"), ("Ac 2c", "4x"), ("Kc 4d", "check"), ("Kc 5d", "4x"),
    ("Kc 2c", "4x"), ("Qc 7d", "check"), ("Qc 8d", "4x"), ("Qc 5c", "check"), ("Qc 6c", "4x"), ("Jc 7c", "check"),
    ("Jc 8c", "4x"), ("Jc 9d", "check"), ("Jc Td", "4x"), ("Tc 9c", "check"), ("7c 2d", "check"),
])
def test_preflop_decisions(hole, decision):
    assert PostedStrategy().preflop_decision(CARD(hole)) == decision


@pytest.mark.parametrize("hole, flop, decision", [
    ("Qh 3c", "2h 7h Kh", "2x"),     # four to a flush with a hidden queen of the suit
    ("9h 3c", "2h 7h Kh", "check"),  # ... with only a hidden nine
    ("Tc 4c", "2c 8c Kd", "2x"),     # two suited hole cards, the ten among them
    ("9c 4c", "2c 8c Kd", "check"),
    ("Ac 5d", "5h 9s Kd", "2x"),     # hidden pair (a hole card pairs the board)
    ("2c 2d", "5h 9s Kd", "check"),  # pocket deuces are not bet
    ("3c 3d", "5h 9s Kd", "2x"),     # other pocket pairs are
    ("2c Kc", "2h 5s 9d", "2x"),     # a hole deuce pairing the board is a hidden pair
    ("Ac Qd", "7h 7s 7d", "check"),  # three of a kind on the board alone
    ("Ac 7c", "7h 7s 7d", "2x"),     # four of a kind with a hole card
    ("Ac Kd", "7h 7s 2c", "check"),  # the board's pair, kickers only
    ("Ac Kd", "7h 7s Kc", "2x"),     # two pair with a hole card
    ("2c 2d", "7h 7s Kc", "2x"),     # two pair made with the pocket deuces: rule (a)
    ("Qc 8d", "9h Ts Jc", "2x"),     # straight
    ("Ac 3d", "2h 4s 5c", "2x"),     # wheel
    ("Ac Kd", "2h 4s 9c", "check"),  # ace high
])
def test_flop_decisions(hole, flop, decision):
    assert PostedStrategy().flop_decision(CARD(hole), CARD(flop)) == decision


@pytest.mark.parametrize("hole, board, decision", [
    ("Ac Kd", "8h 8s 2c 5d 3h", "fold"),   # a board pair alone: the ace only kicks
    ("Ac 8d", "8h 8s 2c 5d 3h", "1x"),     # trips with a hole card
    ("Ac 4d", "8h 8s 2c 5d 3h", "1x"),     # a wheel: A-2-3-4-5 with two hole cards
    ("Jc 4d", "8h 8s 2c 5d Kh", "fold"),
    ("Jc 5c", "8h 8s 2c 5d Kh", "1x"),     # two pair, a hole five plays
    ("Tc 2d", "5h 6s 7c 8d 9h", "1x"),     # a higher straight than the board's
    ("2c 3d", "5h 6s 7c 8d 9h", "fold"),   # the board's straight plays
    ("Qh 3d", "Ah Kh 7h 4h 2h", "1x"),     # a higher flush with a hole card
    ("Ac 3d", "Ah Kh 7h 4h 2h", "fold"),   # the board's flush plays
    ("3c 4d", "Ah As Kd Kc 3h", "fold"),   # a third pair under the board's two pair does not play
    ("2c 2d", "7h 7s Kc Kd 3h", "fold"),   # nor do pocket deuces under it
    ("Ad 2c", "Ah As Kd Kc 3h", "1x"),     # full house
    ("Jc Jd", "2h 5s 8c 9d Kh", "1x"),     # pocket pair
    ("Ac Qd", "2h 5s 8c 9d Kh", "fold"),   # ace high
])
def test_river_decisions(hole, board, decision):
    assert PostedStrategy().river_decision(CARD(hole), CARD(board)) == decision


def test_river_kickers_count_reading():
    strategy = PostedStrategy(river_kickers_count=True)
    assert strategy.river_decision(CARD("Ac Kd"), CARD("8h 8s 2c 5d 3h")) == "1x"
    assert strategy.river_decision(CARD("2c 4d"), CARD("8h 8s Ac Qd 3h")) == "1x"  # the four kicks
    assert strategy.river_decision(CARD("2c 3d"), CARD("8h 8s Ac Qd 5h")) == "fold"
    assert strategy.river_decision(CARD("Ac Qd"), CARD("2h 5s 8c 9d Kh")) == "fold"


def test_dealer_outs_clause():
    assert PostedStrategy.dealer_outs(CARD("Tc 3d"), CARD("Ah Qs 8d 6c 4h")) == 15 + 8  # pairs, kings, jacks
    assert PostedStrategy.dealer_outs(CARD("Kc 3d"), CARD("Ah Qs 8d 6c 4h")) == 15       # only the pairs
    assert PostedStrategy.dealer_outs(CARD("2c 3d"), CARD("5h 6s 7c 8d 9h")) == 4        # the tens
    card = posted.CARD_WITH_DEALER_OUTS
    assert card.river_decision(CARD("Kc 3d"), CARD("Ah Qs 8d 6c 4h")) == "1x"
    assert PostedStrategy().river_decision(CARD("Kc 3d"), CARD("Ah Qs 8d 6c 4h")) == "fold"
    assert card.river_decision(CARD("Tc 3d"), CARD("Ah Qs 8d 6c 4h")) == "fold"
    assert card.river_decision(CARD("Ac Kd"), CARD("8h 8s 2c 5d 3h")) == "1x"  # 11 outs: 8s, 5s, 3s, 2s
    assert PostedStrategy.dealer_outs(CARD("Ac Kd"), CARD("8h 8s 2c 5d 3h")) == 2 + 3 * 3


def test_strategy_is_data():
    default = PostedStrategy()
    assert len(default.raise_classes) == 69
    assert default.raise_classes == posted.expand_hand_classes(
        ["33", "44", "55", "66", "77", "88", "99", "TT", "JJ", "QQ", "KK", "AA", "A2+", "K2s+", "K5o+", "Q6s+",
         "Q8o+", "J8s", "J9s", "JTs", "JTo"])
    tighter = PostedStrategy(flop_hidden_pair_except=("22", "33"), flop_flush_draw_min_rank="Q")
    assert tighter.flop_decision(CARD("3c 3d"), CARD("5h 9s Kd")) == "check"
    assert tighter.flop_decision(CARD("Jh 3c"), CARD("2h 7h Kh")) == "check"
    assert PostedStrategy(flop_flush_draw_min_rank=None).flop_decision(CARD("Ah 3c"), CARD("2h 7h Kh")) == "check"
    assert tighter.policy() != default.policy()
    assert PostedStrategy(preflop_raise_4x=("AA",)).policy() == default.policy()
    for bad in (dict(preflop_raise_4x=("A2x",)), dict(preflop_raise_4x=("2A",)), dict(flop_hidden_pair_except=("23",)),
                dict(flop_flush_draw_min_rank="1")):
        with pytest.raises(ValueError):
            PostedStrategy(**bad)


# --------------------------------------------------------------------------- the rules again, from the ranking


def category_of_flop(flop) -> int:
    """Category index of three cards alone (from the ranking's declared shapes)."""
    most = max(np.bincount(np.asarray(flop) // 4))
    return FIVE.category_index({3: "three_of_a_kind", 2: "pair", 1: "high_card"}[most])


def slow_flop_bets(hole, flop, hand_rank: int, strategy: PostedStrategy) -> bool:
    category = hand_rank // TIEBREAK_SPAN
    if strategy.flop_two_pair_with_hole_card and category >= TWO_PAIR_CATEGORY and category > category_of_flop(flop):
        return True
    ranks = [card // 4 for card in hole]
    pocket_name = RANK_SYMBOLS[ranks[0]] * 2
    if ranks[0] == ranks[1] and pocket_name not in strategy.flop_hidden_pair_except:
        return True
    if any(card // 4 in ranks for card in flop):
        return True
    minimum = strategy.flop_flush_draw_min_rank
    for card in hole:
        if minimum is not None and card // 4 >= RANK_SYMBOLS.index(minimum):
            if sum(other % 4 == card % 4 for other in (*hole, *flop)) >= 4:
                return True
    return False


def made_digits() -> np.ndarray:
    """Per category: how many leading rank digits name the made hand (kickers excluded)."""
    kept = []
    for category in FIVE.categories:
        if category.straight:
            kept.append(1)
        elif category.flush:
            kept.append(TIEBREAK_DIGITS)
        else:
            kept.append(sum(1 for multiplicity in category.shape if multiplicity > 1))
    return np.array(kept)


MADE_DIGITS = made_digits()
LINE_OF_CATEGORY = np.array([LINES.index(category.name) for category in FIVE.categories])
ROYAL = FIVE.rank_of(CARD("As Ks Qs Js Ts"))


def made_key(ranks: np.ndarray) -> np.ndarray:
    """The rank with its kicker digits zeroed: comparable across categories."""
    ranks = np.asarray(ranks, dtype=np.int64)
    return ranks - ranks % DIGIT_BASE ** (TIEBREAK_DIGITS - MADE_DIGITS[ranks // TIEBREAK_SPAN])


def lines_of(ranks: np.ndarray) -> np.ndarray:
    return np.where(ranks == ROYAL, LINES.index("royal_flush"), LINE_OF_CATEGORY[ranks // TIEBREAK_SPAN])


def slow_dealer_outs(board: np.ndarray, ranks: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Per player hand: the unseen cards (not board, not hole) with which the board beats it."""
    unseen = np.setdiff1d(np.arange(52), board)
    six = np.full(52, -1, dtype=np.int64)
    six[unseen] = best_ranks_of(FIVE, np.sort(np.column_stack([np.tile(board, (len(unseen), 1)), unseen]), axis=1))
    beating = (six[None, unseen] > ranks[:, None]).sum(axis=1)
    return beating - (six[first] > ranks) - (six[second] > ranks)


def slow_posted_play(strategy: PostedStrategy, class_indices) -> dict[str, np.ndarray]:
    """Play every concrete flop of the classes, every turn/river and every hole pair, one board at a time."""
    flops = np.asarray(combinations(52, 3), dtype=np.int64)
    chosen = flops[np.isin(suit_classes(flops).class_of, class_indices)]
    holes = np.asarray(combinations(52, 2), dtype=np.int64)
    raises = np.array([uth.HAND_CLASSES[uth.HAND_CLASS_OF[h]] in strategy.raise_classes for h in range(len(holes))])
    settlement = np.zeros((5, 6, len(LINES)), dtype=np.int64)
    preflop_actions = np.zeros(3, dtype=np.int64)
    flop_actions = np.zeros((len(LINES), 2), dtype=np.int64)
    river_actions = np.zeros((len(LINES), 2), dtype=np.int64)
    per_flop = uth.TURN_RIVERS * uth.DEALER_HANDS
    for flop in chosen:
        free = ~np.isin(holes, flop).any(axis=1)
        hand_ranks = np.full(len(holes), -1, dtype=np.int64)
        hand_ranks[free] = FIVE.evaluate(np.sort(np.column_stack([holes[free], np.tile(flop, (free.sum(), 1))]),
                                                 axis=1))
        before_river = np.full(len(holes), -1)        # Play multiple fixed before the river, -1: the river decides
        for h in np.flatnonzero(free):
            if raises[h]:
                before_river[h] = uth.PLAY_4X
                preflop_actions[2] += per_flop
                continue
            preflop_actions[0] += per_flop
            bets = slow_flop_bets(tuple(holes[h]), tuple(flop), int(hand_ranks[h]), strategy)
            flop_actions[lines_of(hand_ranks[h]), 0 if bets else 1] += per_flop
            if bets:
                before_river[h] = uth.PLAY_2X
        rest = [card for card in range(52) if card not in flop]
        for turn, river in itertools.combinations(rest, 2):
            board = np.sort(np.array([*flop, turn, river]))
            board_made = made_key(FIVE.table[colex_index(board[None, :])])[0]
            showdown = uth.river_outcomes(board)
            h = showdown.first + showdown.second * (showdown.second - 1) // 2
            ranks = showdown.ranks
            if strategy.river_kickers_count:
                bets = (ranks >= PAIR_RANK) & (ranks > FIVE.table[colex_index(board[None, :])][0])
            else:
                bets = (ranks >= PAIR_RANK) & (made_key(ranks) > board_made)
            if strategy.river_fewer_dealer_outs_than is not None:
                outs = slow_dealer_outs(board, ranks, showdown.first, showdown.second)
                bets |= outs < strategy.river_fewer_dealer_outs_than
            multiple = np.where(before_river[h] >= 0, before_river[h], np.where(bets, uth.PLAY_1X, uth.FOLD))
            line = lines_of(ranks)
            np.add.at(settlement, (multiple[:, None], np.arange(6)[None, :], line[:, None]), showdown.outcomes)
            at_river = before_river[h] < 0
            np.add.at(river_actions, (line[at_river], np.where(bets[at_river], 0, 1)), uth.DEALER_HANDS)
    return {"settlement": settlement, "preflop_actions": preflop_actions, "flop_actions": flop_actions,
            "river_actions": river_actions}


def streets_run(strategy: PostedStrategy, classes) -> dict[str, np.ndarray]:
    """The streets kernel's run of the card over some flop classes, in the shapes of :func:`slow_posted_play` (each
    board once: the game counts the turn and river as a pair)."""
    rules = as_streets(load_game("uth"))
    card = posted_streets(rules, strategy)
    analysis = written_analysis(rules, card, Run(progress=False), classes)
    taken = analysis.counts.taken
    return {"settlement": one_play_bet_settlement(analysis),
            "preflop_actions": analysis.counts.preflop_taken.sum(axis=0),
            "flop_actions": taken[1][:, card.flop[::-1]],          # (2x, check)
            "river_actions": taken[3][:, card.river[::-1]]}        # (1x, fold)


@pytest.fixture(scope="module")
def reduced_posted():
    return posted_run(load_game("uth"), PostedStrategy(), Run(progress=False), REDUCED)


@pytest.mark.slow
@pytest.mark.parametrize("strategy, classes", [
    (PostedStrategy(), REDUCED),
    (PostedStrategy(preflop_raise_4x=("TT+", "AJ+", "KQs"), flop_hidden_pair_except=("22", "33", "44"),
                    flop_flush_draw_min_rank="Q", river_kickers_count=True, river_fewer_dealer_outs_than=12),
     REDUCED[1:2]),
    (posted.CARD_WITH_DEALER_OUTS, REDUCED[3:]),
], ids=["card", "other-chart-kickers-outs", "card-with-dealer-outs"])
def test_a_reduced_run_equals_slow_direct_play(strategy, classes):
    fast, slow = streets_run(strategy, classes), slow_posted_play(strategy, classes)
    for name in ("settlement", "preflop_actions", "flop_actions", "river_actions"):
        assert np.array_equal(fast[name], slow[name]), name
    counts = fast["settlement"]
    deals = int(uth.flop_classes().weights[classes].sum()) * 1176 * uth.TURN_RIVERS * uth.DEALER_HANDS
    assert int(counts.sum()) == deals == int(fast["preflop_actions"].sum())
    assert fast["flop_actions"].sum() == fast["preflop_actions"][0]
    assert fast["river_actions"].sum() == counts[:2].sum()
    assert fast["flop_actions"][:, 0].sum() == counts[uth.PLAY_2X].sum()
    assert not counts[uth.PLAY_3X].any()


def test_the_posted_run_is_the_settlement_of_the_streets_kernel_s(reduced_posted):
    assert np.array_equal(reduced_posted.settlement_by_hand, streets_run(PostedStrategy(), REDUCED)["settlement"])


def test_posted_strategy_is_never_better_than_the_optimal_one(reduced_posted):
    rules = as_streets(load_game("uth"))
    played = enumerate_played(rules, posted_streets(rules, PostedStrategy()), Run(progress=False), REDUCED)
    plan, _, scale = game_plan(rules)
    optimal = StreetAnalysis(rules, street_counts(played.optimal, plan, scale))
    assert np.array_equal(played.posted.settlement_by_hand, reduced_posted.settlement_by_hand)  # in one pass or alone
    edge = one_play_bet_edge(rules, reduced_posted.settlement_by_hand)
    assert edge > optimal.main_figures()["house_edge_per_ante"]
    # the same deals, by dealer outcome and final hand: only the Play multiples differ
    assert np.array_equal(reduced_posted.settlement_by_hand.sum(axis=0), one_play_bet_settlement(optimal).sum(axis=0))


def test_csv_round_trip(tmp_path, reduced_posted):
    optimal_edge = Fraction(1, 50)
    for name, text in posted.posted_csvs(reduced_posted.settlement_by_hand, optimal_edge).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    header = (tmp_path / posted.POSTED_SETTLEMENT_FILE).read_text(encoding="utf-8").split("\n")[0]
    assert header == "multiple,outcome,hand,combinations"
    loaded = posted.load_posted_counts(tmp_path)
    settlement, cost = loaded
    assert np.array_equal(settlement, reduced_posted.settlement_by_hand)
    edge = posted.house_edge_of_settlement(reduced_posted.settlement_by_hand)
    assert loaded.house_edge == edge
    assert cost == edge - optimal_edge and loaded.optimal_house_edge == optimal_edge


# --------------------------------------------------------------------------- the committed full run


def test_saved_full_run(uth):
    """enumerations/uth_posted (scripts/posted_run.py): exact, and against the optimal run."""
    figures = posted.load_posted_counts(ENUMERATIONS / "uth_posted", ENUMERATIONS / "uth")
    optimal = one_play_bet_settlement(uth)
    assert int(figures.settlement_by_hand.sum()) == uth.cycle
    assert figures.optimal_house_edge == uth.main_figures()["house_edge_per_ante"]
    assert figures.cost > 0 and figures.house_edge == figures.optimal_house_edge + figures.cost
    # the default chart is the optimal pre-flop decision, so the 4x deals settle identically,
    # and the same deals (by outcome and final hand) are settled after a check
    values = uth.preflop_values()
    assert set(values["hand"][values["decision"] == "4x"]) == PostedStrategy().raise_classes
    assert np.array_equal(figures.settlement_by_hand[uth_deal.PLAY_4X], optimal[uth_deal.PLAY_4X])
    assert np.array_equal(figures.settlement_by_hand[:3].sum(axis=0), optimal[:3].sum(axis=0))
    assert not figures.settlement_by_hand[uth_deal.PLAY_3X].any()
