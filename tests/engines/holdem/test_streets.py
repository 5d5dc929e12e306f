"""Hold'em games over streets (Texas Hold'em Bonus, Casino Hold'em): the plan read from the rules, then the
kernel against a plain loop over every turn, river and dealer hand for sampled hole pairs on one flop."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from importlib import resources
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from openpyxl import load_workbook

import analyzer
import analyzer.cli.main as cli
import analyzer.engines.base
import analyzer.engines.registry
from analyzer.core.cards import parse_cards
from analyzer.engines.holdem.enumeration import (
    HOLE_PAIRS,
    flop_classes,
    pair_index,
)
from analyzer.engines.holdem.features import flop_situation_codes
from analyzer.engines.holdem.final_pairs import committed_final_pairs
from analyzer.engines.holdem.policy import OPTIMAL
from analyzer.engines.holdem.results import line_settlement
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    LINES,
    STRAIGHT_TOP,
    evaluate_hands,
    hand_lines,
)
from analyzer.engines.holdem.street_engine import StreetHoldemEngine
from analyzer.engines.holdem.street_game import (
    StreetAnalysis,
    enumerate_street_sums,
    game_plan,
    street_counts,
)
from analyzer.engines.holdem.shape_tally import TALLY_WORDS
from analyzer.engines.holdem.streets import (
    DEALER_HANDS,
    FOLDS,
    KnownCards,
    LEVELS,
    MEMO_MODE,
    NOT_COUNTED,
    OUTCOME_BITS,
    RECORD,
    REPLAY,
    _check_packing,
    _pack_classes,
    _unpack_tally,
    as_streets,
    flop_work,
    line_groups,
    qualifying_rank,
    strategies_class_sums,
    street_class_sums,
    street_flop,
    street_plan,
    street_sums_kind,
)
from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS
from analyzer.engines.holdem.street_posted import posted_streets
from analyzer.games.rules import OUTCOMES, RulesError, load_game

SCALE = 2
ROOT = Path(__file__).resolve().parents[3]


def thb_with_a_river_bet(tmp_path):
    """Texas Hold'em Bonus with one more decision, on the river: check or bet 1x (the turn's and the river's
    decisions both taken, per turn card, in the kernel's second pass)."""
    text = resources.files("analyzer.games.data").joinpath("games", "thb.toml").read_text()
    river = ('[[streets]]\ntitle = "river"\ncards = 0\nwager = "play"\n'
             'choices = [{ action = "check" }, { action = "bet", multiple = 1, label = "last bet 1x" }]\n\n')
    path = tmp_path / "thb-river.toml"
    path.write_text(text.replace("[wagers.ante]", river + "[wagers.ante]", 1))
    return path


def plan_of(game):
    rules = as_streets(load_game(game))
    fold = SCALE * int(sum(w.on_fold for w in rules.wagers if w.role != "raise"))
    return rules, street_plan(rules, SCALE, fold), line_settlement(rules, SCALE)


def test_texas_holdem_bonus_plan_reads_the_streets():
    rules, plan, _ = plan_of("thb")
    assert [street.title if street else None for street in plan.streets] == ["pre-flop", "flop", "turn", None]
    # showdown states: flop bet 2x, then check or bet on the flop and on the turn
    assert plan.stake[4, :4].tolist() == [2, 3, 3, 4]
    assert plan.next[0, 0, :2].tolist() == [FOLDS, 0]


def test_casino_holdem_decides_on_the_flop_only():
    rules, plan, nets = plan_of("casinoholdem")
    assert [street.title if street else None for street in plan.streets] == [None, "flop", None, None]
    assert plan.stake[4, 0] == 2
    royal, high_card = 0, LINE_COUNT - 1
    win, no_qualify_lose = OUTCOMES.index("win"), OUTCOMES.index("no_qualify_lose")
    assert nets[royal, win].tolist() == [SCALE * 100, SCALE]          # Ante 100, Call 1 per unit
    assert nets[high_card, no_qualify_lose].tolist() == [SCALE, 0]     # Ante paid 1, Call pushes
    assert qualifying_rank(rules) > qualifying_rank(load_game("uth"))  # a pair of fours, not any pair


def board_outcomes_by_dealer(hole, board, qualify, seen=(), dead=()):
    """Dealer hands per outcome (OUTCOMES order) and the player's final line, by evaluating every hand (the
    dealer's hands: every two cards left, the one ``seen`` card and one of them, or the two ``seen``; none of the
    ``dead`` cards)."""
    used = set(hole) | set(board) | set(seen) | set(dead)
    rest = [card for card in range(52) if card not in used]
    hands = {0: lambda: combinations(rest, 2), 1: lambda: ((*seen, card) for card in rest),
             2: lambda: [tuple(seen)]}[len(seen)]()
    dealers = np.array([list(pair) + list(board) for pair in hands], dtype=np.int64)
    dealer = evaluate_hands(dealers)
    player = int(evaluate_hands(np.array([list(hole) + list(board)], dtype=np.int64))[0])
    qualifies = dealer >= qualify
    counts = np.zeros(6, dtype=np.int64)
    for offset, mask in ((0, ~qualifies), (3, qualifies)):
        counts[offset] = int(((dealer < player) & mask).sum())
        counts[offset + 1] = int(((dealer == player) & mask).sum())
        counts[offset + 2] = int(((dealer > player) & mask).sum())
    return counts, int(hand_lines(np.array([player]))[0])


def plain_values(plan, nets, qualify, hole, flop, seen=(), written=None, dead=()):
    """Root values (per pre-flop action), showdown counts (per pre-flop action, state, line, outcome) and the
    choice at each deciding flop state of one hole pair on one flop, by a plain recursion over every ordered turn
    and river (``seen``: the dealer cards the player sees, ``dead``: other cards it knows, all out of the deck);
    ``written(level, board)``: the street's
    choice index a written strategy takes on the flop (level 1), the turn (2) or the river (3) with the community
    cards ``board``, instead of the best one."""
    rest = [card for card in range(52) if card not in set(hole) | set(flop) | set(seen) | set(dead)]
    dealer_hands = [comb(len(rest) - 2, 2), len(rest) - 2, 1][len(seen)]
    turns, rivers = len(rest), len(rest) - 1
    boards = {}
    for t, r in combinations(rest, 2):
        boards[frozenset((t, r))] = board_outcomes_by_dealer(hole, flop + [t, r], qualify, seen, dead)
    larger = plan.larger

    def best(options):
        index = 0
        for a in range(1, len(options)):
            if options[a] > options[index] or (larger and options[a] == options[index]):
                index = a
        return index

    def showdown(state, counts, line):
        return sum(int(counts[o]) * int(nets[line, o, 0] + plan.stake[4, state] * nets[line, o, 1]) for o in range(6))

    def river(state, t, r):
        counts, line = boards[frozenset((t, r))]
        options = [plan.fold_value[3, state] * dealer_hands if plan.next[3, state, a] == FOLDS
                   else showdown(plan.next[3, state, a], counts, line) for a in range(plan.allowed[3, state])]
        return decided(3, state, options, flop + [t, r]), options

    def decided(level, state, options, board):
        if written is None or len(options) < 2:
            return best(options)
        return list(plan.action[level, state, :len(options)]).index(written(level, board))

    def turn(state, t):
        options = []
        for a in range(plan.allowed[2, state]):
            target = plan.next[2, state, a]
            options.append(plan.fold_value[2, state] * rivers * dealer_hands if target == FOLDS else
                           sum(max_of(river(target, t, r)) for r in rest if r != t))
        return decided(2, state, options, flop + [t]), options

    def flop_node(state):
        options = []
        for a in range(plan.allowed[1, state]):
            target = plan.next[1, state, a]
            options.append(plan.fold_value[1, state] * turns * rivers * dealer_hands if target == FOLDS else
                           sum(max_of(turn(target, t)) for t in rest))
        return decided(1, state, options, flop), options

    def max_of(choice):
        index, options = choice
        return options[index]

    roots = int(plan.allowed[0, 0])
    values, counts = [], np.zeros((roots, plan.allowed.shape[1], LINE_COUNT, 6), dtype=np.int64)
    flop_taken = {s: flop_node(s)[0] for s in range(plan.allowed.shape[1]) if plan.allowed[1, s] > 1}
    for a0 in range(roots):
        start = plan.next[0, 0, a0]
        if start == FOLDS:
            values.append(plan.fold_value[0, 0] * turns * rivers * dealer_hands)
            continue
        index, options = flop_node(start)
        values.append(options[index])
        after = plan.next[1, start, index]
        if after == FOLDS:
            continue
        for t in rest:
            k, _ = turn(after, t)
            state = plan.next[2, after, k]
            if state == FOLDS:
                continue
            for r in rest:
                if r == t:
                    continue
                k, _ = river(state, t, r)
                final = plan.next[3, state, k]
                if final != FOLDS:
                    outcome, line = boards[frozenset((t, r))]
                    counts[a0, final, line] += outcome
    return values, counts, flop_taken


def test_a_turn_cards_outcome_cells_fit_the_kernels_narrow_integers():
    # per turn card, hole pair, final line and dealer outcome: at most 46 rivers x 990 dealer hands
    _, plan, _ = plan_of("thb")
    work = flop_work((plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger), 0, 169)
    turn_outcomes = work[5]
    assert turn_outcomes.shape[0] == 49 and 46 * DEALER_HANDS <= np.iinfo(turn_outcomes.dtype).max


@pytest.mark.parametrize("qualifier", [True, False])
def test_packed_outcomes_unpack_to_what_was_added(qualifier):
    # two classes on one board shape, a hole pair adding the first 3 times and the second 2 times; without a
    # qualifier the no-qualify outcomes are zero
    outcomes = np.array([[5, 0, 7, 20, 1, 957], [0, 0, 0, 990, 0, 0]], dtype=np.int64)
    if not qualifier:
        outcomes[:, :3] = 0
    pairs = np.array([[0, 13], [4, 4]], dtype=np.int64)        # card types: a deuce and a flush deuce; two sixes
    lines, choices = np.array([1, 3]), np.array([[0, 1], [0, 0]])  # the river state 1 decides: choices 1 and 0
    pair_words = np.zeros((26, 26, 1 + TALLY_WORDS), dtype=np.int64)
    _pack_classes(2, pairs, lines, outcomes, choices, np.array([1]), 2, pair_words)
    assert (pair_words[0, 13] == pair_words[13, 0]).all()
    assert pair_words[0, 13, 2] == (20 << 42) + (1 << 21) + 957
    packed = np.zeros((1, 2 * LINE_COUNT * TALLY_WORDS), dtype=np.int64)
    for (t1, t2), times in (((0, 13), 3), ((4, 4), 2)):
        at = pair_words[t1, t2, 0]
        packed[0, at:at + TALLY_WORDS] += times * pair_words[t1, t2, 1:]
    unpacked = np.zeros((1, 1, 2, LINE_COUNT, 6), dtype=np.int64)
    _unpack_tally(np.array([[0, 1, 0]]), packed, unpacked)
    expected = np.zeros_like(unpacked)
    expected[0, 0, 1, 1] = 2 * 3 * outcomes[0]   # twice: both orders of a board's two cards
    expected[0, 0, 0, 3] = 2 * 2 * outcomes[1]
    assert (unpacked == expected).all()


def test_packed_outcome_fields_hold_a_flop_s_deals():
    # a flop has C(49, 2) boards of C(45, 2) dealer hands: 1,164,240 < 2**21
    assert comb(49, 2) * DEALER_HANDS < 1 << OUTCOME_BITS
    _check_packing(comb(49, 2), DEALER_HANDS)
    with pytest.raises(ValueError, match="packed tally"):   # twice the dealer hands would spill
        _check_packing(comb(49, 2), 2 * DEALER_HANDS)


@pytest.mark.slow
@pytest.mark.parametrize("game, flop, holes, seen, dead", [
    ("thb", "2c 7d Jh", ["As Ad", "8s 9s", "3h 4c"], "", ""),
    ("casinoholdem", "4s 5s Kd", ["6s 7s", "2h 2d", "Qc 9h"], "", ""),
    ("thb", "2c 7c Jh", ["As Ad", "8c 9c", "3h 4c"], "Kc", ""),         # a seen card of the flop's two-card suit
    ("casinoholdem", "4s 5s Kd", ["6s 7s", "2h 2d", "Qc 9h"], "4h", ""),  # a seen card pairing the flop
    ("uth", "Ts Js Qs", ["As 2d", "Kh Kd", "3c 4c"], "9s", ""),           # a river decision, a seen straight flush draw
    ("uth", "2h 9d 9c", ["Ah 5h", "6s 7s", "Jd 3c"], "", ""),           # a river decision whatever the turn: its tally
    ("thb+river", "2c 7c Jh", ["As Ad", "8c 9c", "3h 4c"], "", ""),   # decisions on the turn and on the river
    ("thb+river", "4s 5s Kd", ["6s 7s", "Qc 9h"], "Ks", ""),
    ("uth", "Ts Js Qs", ["As 2d", "Kh Kd", "3c 4c"], "9s 2s", ""),        # both dealer cards seen: a flush
    ("casinoholdem", "4s 5s Kd", ["6s 7s", "2h 2d", "Qc 9h"], "4h 7c", ""),  # both seen, the dealer qualifies
    ("thb+river", "2c 7c Jh", ["As Ad", "8c 9c", "3h 4c"], "Kc Kd", ""),
    ("thb", "2c 7d Jh", ["As Ad", "8s 9s", "3h 4c"], "", "Ac 9d 5h 5s"),  # two colluders' cards out of the deck
    ("uth", "2h 9d 9c", ["Ah 5h", "6s 7s", "Jd 3c"], "9h", "Kc Qd"),     # a seen card and a colluder
])
def test_kernel_matches_a_plain_loop_over_every_deal(tmp_path, game, flop, holes, seen, dead):
    """With ``seen``, the player sees those dealer cards from the start (out of the deck, the dealer's hands are
    one of them and one card left, or both), with ``dead``, other cards out of the deck it knows."""
    rules, plan, nets = plan_of(thb_with_a_river_bet(tmp_path) if game == "thb+river" else game)
    qualify = qualifying_rank(rules)
    flop_cards = sorted(parse_cards(flop))
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max(len(street.choices) for street in plan.streets if street is not None)
    root_values = np.zeros((HOLE_PAIRS, roots), dtype=np.int64)
    showdown = np.zeros((HOLE_PAIRS, roots, width, LINE_COUNT, 6), dtype=np.int64)
    folds = np.zeros((HOLE_PAIRS, roots, len(LEVELS), width), dtype=np.int64)
    taken = np.zeros((HOLE_PAIRS, roots, len(LEVELS), LINE_COUNT, choices), dtype=np.int64)
    final_outcomes = np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64)
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    flop_choices = np.full((HOLE_PAIRS, width), -1, dtype=np.int64)
    known = KnownCards(tuple(parse_cards(seen)), tuple(parse_cards(dead)))
    street_flop(np.array(flop_cards, dtype=np.int64), 1, np.arange(HOLE_PAIRS, dtype=np.int64), STRAIGHT_TOP,
                FLUSH_RANK, qualify, nets, packed, np.zeros((0, HOLE_PAIRS), dtype=np.int64), OPTIMAL.packed(),
                flop_choices, root_values, showdown, folds, taken, final_outcomes, NOT_COUNTED, NOT_COUNTED,
                *known.arrays(), flop_work(packed, qualify, HOLE_PAIRS))
    left = 47 - len(known.seen) - len(known.dead)
    deals = left * (left - 1) * [comb(left - 2, 2), left - 2, 1][len(known.seen)]
    for text in holes:
        hole = parse_cards(text)
        h = pair_index(*hole)
        values, counts, flop_taken = plain_values(plan, nets, qualify, hole, flop_cards, known.seen,
                                                  dead=known.dead)
        assert root_values[h].tolist() == values
        deciding = [s for s in range(width) if plan.allowed[1, s] > 1]
        assert {s: int(flop_choices[h, s]) for s in deciding} == {s: flop_taken[s] for s in deciding}
        assert np.array_equal(showdown[h], counts)
        # every ordered deal is counted once: at a showdown, a fold, or (a pre-flop fold) not at all
        played = [a for a in range(roots) if plan.next[0, 0, a] != FOLDS]
        for a0 in played:
            assert int(showdown[h, a0].sum() + folds[h, a0].sum()) == deals
        assert int(final_outcomes[h].sum()) == deals


@pytest.mark.parametrize("game, flop, seen", [
    ("thb", "2c 7c Jh", "Kc"),           # the turn decides, the river does not: outcomes kept per turn card
    ("thb", "2c 7d Jh", ""),
    ("casinoholdem", "4s 5s Kd", "4h"),  # no decision on the turn: by line whatever the groups
])
def test_lines_grouped_by_their_pays_give_the_same_values_and_the_counts_of_each_group(game, flop, seen):
    """Kept by the groups of lines the game pays alike (Texas Hold'em Bonus: straight or better, and the rest), the
    per-turn-card outcomes give the same values, choices and folds, and the counts of each group, at its first
    line where the kernel keeps them per turn card: figures read from those are the same."""
    rules, plan, nets = plan_of(game)
    qualify = qualifying_rank(rules)
    grouped = line_groups(nets, by_line=False)
    if game == "thb":
        assert grouped.tolist() == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1]
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max(len(street.choices) for street in plan.streets if street is not None)
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    known = KnownCards(tuple(parse_cards(seen)))
    results = []
    for line_group in (None, grouped):
        arrays = (np.zeros((HOLE_PAIRS, roots), dtype=np.int64),
                  np.zeros((HOLE_PAIRS, roots, width, LINE_COUNT, 6), dtype=np.int64),
                  np.zeros((HOLE_PAIRS, roots, len(LEVELS), width), dtype=np.int64),
                  np.zeros((HOLE_PAIRS, roots, len(LEVELS), LINE_COUNT, choices), dtype=np.int64),
                  np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64))
        street_flop(np.array(sorted(parse_cards(flop)), dtype=np.int64), 3, np.arange(HOLE_PAIRS, dtype=np.int64),
                    STRAIGHT_TOP, FLUSH_RANK, qualify, nets, packed, np.zeros((0, HOLE_PAIRS), dtype=np.int64),
                    OPTIMAL.packed(), np.zeros((0, width), dtype=np.int64), *arrays, NOT_COUNTED, NOT_COUNTED,
                    *known.arrays(), flop_work(packed, qualify, HOLE_PAIRS, False, line_group))
        results.append(arrays)
    (values, showdown, folds, taken, final), (grouped_values, grouped_showdown, grouped_folds, grouped_taken,
                                              grouped_final) = results
    assert np.array_equal(values, grouped_values) and np.array_equal(folds, grouped_folds)
    assert np.array_equal(taken, grouped_taken)
    first = np.array([int(np.flatnonzero(grouped == grouped[line])[0]) for line in range(LINE_COUNT)])

    def at_first_lines(counts: np.ndarray, axis: int) -> np.ndarray:
        summed = np.zeros_like(counts)
        for line in range(LINE_COUNT):
            np.moveaxis(summed, axis, 0)[first[line]] += np.moveaxis(counts, axis, 0)[line]
        return summed

    for by_line, by_group, axis in ((showdown, grouped_showdown, 3), (final, grouped_final, 1)):
        assert np.array_equal(at_first_lines(by_group, axis), at_first_lines(by_line, axis))
        # per turn card (the turn decides, the river does not) each group at its first line; else by line
        assert np.array_equal(by_group, at_first_lines(by_line, axis) if game == "thb" else by_line)
        assert not np.array_equal(by_line, at_first_lines(by_line, axis))


# --------------------------------------------------------------------------- the language and the results

UTH_OVER_STREETS = """
[[streets]]
title = "pre-flop"
cards = 3
wager = "play"
choices = [{ action = "check" }, { action = "bet", multiple = 3 }, { action = "bet", multiple = 4 }]

[[streets]]
title = "flop"
cards = 2
wager = "play"
choices = [{ action = "check" }, { action = "bet", multiple = 2 }]

[[streets]]
title = "river"
cards = 0
wager = "play"
choices = [{ action = "fold" }, { action = "bet", multiple = 1 }]
"""


def uth_over_streets(tmp_path):
    """Ultimate Texas Hold'em written with streets (``play_once``) instead of its ``[play]`` table."""
    text = resources.files("analyzer.games.data").joinpath("games", "uth.toml").read_text()
    head, _, rest = text.partition("[play]")
    _, _, wagers = rest.partition("[wagers.ante]")
    path = tmp_path / "uth-streets.toml"
    path.write_text(head.replace('community_cards = 5', 'community_cards = 5\nplay_once = true')
                    + UTH_OVER_STREETS + "\n[wagers.ante]" + wagers)
    return load_game(path)


def reduced(rules, indices):
    plan, _, scale = game_plan(rules)
    sums = enumerate_street_sums(rules, jobs=1, progress=False, flop_class_indices=np.array(indices))
    return StreetAnalysis(rules, street_counts(sums, plan, scale))


FLOP_CLASSES = [0, 400, 1200]


@pytest.mark.parametrize("game", ["thb", "casinoholdem"])
def test_reduced_run_tables_add_up_to_the_cycle(game):
    analysis = reduced(load_game(game), FLOP_CLASSES)
    weights = flop_classes().weights[FLOP_CLASSES]
    assert analysis.cycle == int(weights.sum()) * comb(49, 2) * 47 * 46 * DEALER_HANDS
    figures = analysis.main_figures()
    assert int(analysis.return_table()["combinations"].sum()) == analysis.cycle
    for wager in analysis.rules.wagers:
        assert int(analysis.wager_table(wager)["combinations"].sum()) == analysis.cycle
    assert sum(analysis.wager_returns().values()) == -figures["house_edge_per_ante"]
    assert sum(figures["actions"].values()) == 1
    for street, shares in figures["decision_points"].items():
        assert 0 < sum(shares.values()) <= 1, street


def test_the_turn_and_river_in_order_count_every_deal_twice_and_change_no_figure():
    rules = load_game("uth")
    as_a_pair = reduced(as_streets(rules), FLOP_CLASSES[:1])
    in_order = reduced(as_streets(replace(rules, turn_and_river="in order")), FLOP_CLASSES[:1])
    assert in_order.cycle == 2 * as_a_pair.cycle == int(flop_classes().weights[0]) * comb(49, 2) * 47 * 46 * 990
    for name in ("showdown", "folds", "taken", "preflop_taken", "final_outcomes"):
        assert np.array_equal(getattr(in_order.counts, name), 2 * getattr(as_a_pair.counts, name)), name
    assert in_order.main_figures() == as_a_pair.main_figures()


def test_the_turn_and_river_as_a_pair_where_the_turn_decides_is_refused():
    rules = replace(load_game("thb"), turn_and_river="as a pair")
    with pytest.raises(RulesError, match='thb.toml: turn_and_river = "as a pair" is for a game that decides nothing '
                                         "between the turn and the river; turn decides there"):
        game_plan(rules)


def sums_equal(one, other):
    """Two class sums of one kind, array for array."""
    return type(one).SHAPES == type(other).SHAPES and all(np.array_equal(getattr(one, name), getattr(other, name))
                                                          for name in (*type(one).SHAPES, *type(one).ROWS))


@pytest.mark.parametrize("game", ["uth", "thb"])
def test_a_second_strategy_replays_the_first_one_s_classes_and_counts_as_if_alone(tmp_path, game):
    rules = as_streets(load_game(game) if game == "uth" else load_game(thb_with_a_river_bet(tmp_path)))
    plan, nets, _ = game_plan(rules)
    qualify = qualifying_rank(rules)
    second = posted_streets(rules, CARD_WITH_DEALER_OUTS).imposed() if game == "uth" else None
    classes = flop_classes()
    flops, weights = classes.cards[FLOP_CLASSES], classes.weights[FLOP_CLASSES]
    together = strategies_class_sums(flops, weights, plan, nets, qualify, (None, second))
    alone = [street_class_sums(flops, weights, plan, nets, qualify, imposed=imposed) for imposed in (None, second)]
    assert all(sums_equal(*pair) for pair in zip(together, alone, strict=True))


def test_a_pass_replaying_another_flop_s_classes_is_refused():
    rules, plan, nets = plan_of("uth")
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    work = flop_work(packed, qualifying_rank(rules), HOLE_PAIRS, True)
    kind = street_sums_kind(plan, HOLE_PAIRS, flop_choices=False, situations=False)
    arrays = [getattr(kind.zeros(), name) for name in kind.SHAPES] + [NOT_COUNTED] * 2
    no_rows = np.zeros((0, HOLE_PAIRS), dtype=np.int64)
    choices = np.zeros((0, plan.allowed.shape[1]), dtype=np.int8)

    def play(flop, mode):
        work[-1].state[MEMO_MODE] = mode
        street_flop(np.array(sorted(parse_cards(flop)), dtype=np.int64), 1, np.arange(HOLE_PAIRS, dtype=np.int64),
                    STRAIGHT_TOP, FLUSH_RANK, qualifying_rank(rules), nets, packed, no_rows, OPTIMAL.packed(),
                    choices, *arrays, *KnownCards().arrays(), work)
    play("2h 7h Kh", RECORD)
    play("2h 7h Kh", REPLAY)
    with pytest.raises(ValueError, match="another flop than the one recorded"):
        play("2h 7h Kc", REPLAY)


@pytest.mark.parametrize("game", ["casinoholdem", "thb"])
def test_flop_situations_are_the_flop_choices_by_made_hand_and_draw(game):
    analysis = reduced(as_streets(load_game(game)), FLOP_CLASSES)
    counts, classes = analysis.counts, flop_classes()
    state = [int(n) > 1 for n in counts.plan.allowed[1]].index(True)
    made, draw = flop_situation_codes(classes.cards[FLOP_CLASSES])
    expected = np.zeros_like(counts.flop_situations[state])
    for row, weight in enumerate(classes.weights[FLOP_CLASSES]):
        for h in np.flatnonzero(made[row] >= 0):
            expected[made[row, h], draw[row, h], counts.flop_choice[row, h, state]] += weight
    assert np.array_equal(counts.flop_situations[state], expected)
    assert counts.flop_situations.sum() == classes.weights[FLOP_CLASSES].sum() * comb(49, 2)
    assert len(counts.river_situations) == 0            # neither game decides on the river
    titles = [title for title, _, _ in analysis.situation_tables()]
    assert titles[0].startswith("Flop chart: optimal decision by made hand (rows) and draw (columns)")


def test_river_situations_count_every_hole_pair_on_every_board():
    counts = reduced(as_streets(load_game("uth")), FLOP_CLASSES).counts
    weights = flop_classes().weights[FLOP_CLASSES]
    assert counts.river_situations.sum() == weights.sum() * comb(49, 2) * comb(47, 2)


def test_each_river_state_that_decides_has_its_situations_named_by_the_path_to_it(tmp_path):
    analysis = reduced(as_streets(load_game(thb_with_a_river_bet(tmp_path))), FLOP_CLASSES[:1])
    counts, weight = analysis.counts, int(flop_classes().weights[FLOP_CLASSES[0]])
    deciding = [s for s, n in enumerate(counts.plan.allowed[3]) if n > 1]
    assert len(deciding) > 1
    for state in deciding:                              # every (hole pair, board) once at each state
        assert counts.river_situations[state].sum() == weight * comb(49, 2) * comb(47, 2)
    titles = [title for title, _, _ in analysis.situation_tables() if title.startswith("River (after pre-flop")]
    assert len(titles) == 2 * len(deciding)            # a chart and the counts per state
    assert "(after pre-flop: flop bet 2x; flop: check; turn: check)" in titles[0]
    assert "taking last bet 1x or check" in titles[1]


def test_uth_s_play_table_reads_as_the_same_streets(tmp_path):
    written = uth_over_streets(tmp_path)
    read = as_streets(load_game("uth"))
    assert read.play_once and read.cards_before_streets == written.cards_before_streets == 0
    assert [(s.title, s.cards, s.wager, [(c.action, c.multiple) for c in s.choices]) for s in read.streets] == \
        [(s.title, s.cards, s.wager, [(c.action, c.multiple) for c in s.choices]) for s in written.streets]


def uth_with_a_blind_flush_at_7_to_5(tmp_path):
    """UTH whose Blind pays a flush 7 to 5: a pay in fifths of an ante."""
    path = tmp_path / "blind.toml"
    path.write_text('game = "uth"\n[wagers.blind.paytables."flush 7 to 5"]\ndefault = true\nlines = [\n'
                    '  { hand = "royal_flush", pays = "500" }, { hand = "straight_flush", pays = "50" },\n'
                    '  { hand = "four_of_a_kind", pays = "10" }, { hand = "full_house", pays = "3" },\n'
                    '  { hand = "flush", pays = "7 to 5" }, { hand = "straight", pays = "1" },\n]\n')
    return load_game("uth", paytable_files=(path,))


def test_a_blind_pay_in_fifths_is_counted_in_fifths(tmp_path):
    rules = uth_with_a_blind_flush_at_7_to_5(tmp_path)
    assert isinstance(analyzer.engines.registry.engine_for(rules), StreetHoldemEngine)
    flush_7_5 = reduced(as_streets(rules), FLOP_CLASSES[:1])
    flush_3_2 = reduced(as_streets(load_game("uth")), FLOP_CLASSES[:1])
    assert flush_7_5.scale == 5
    # the Blind's flush pays less, so the game is worth less to the player on the same flops
    assert flush_7_5.main_figures()["house_edge_per_ante"] > flush_3_2.main_figures()["house_edge_per_ante"]


@pytest.mark.parametrize("old, new, message", [
    ("cards_before_streets = 3\n", "cards_before_streets = 2\n", "decides with 0, 3, 4 or 5 community cards"),
    ('"pair of 4 or better"', '"pair of 4"', 'must be a hand "or better"'),
])
def test_a_street_game_the_engine_cannot_settle_is_one_line(tmp_path, old, new, message):
    text = resources.files("analyzer.games.data").joinpath("games", "casinoholdem.toml").read_text()
    path = tmp_path / "variant.toml"
    street_cards = "\ncards = 3\n" if "cards" in old else "\ncards = 2\n"  # five community cards in all
    path.write_text(text.replace(old, new).replace("\ncards = 2\n", street_cards))
    with pytest.raises(RulesError, match=message):
        rules = load_game(path)
        game_plan(rules)
        qualifying_rank(rules)


# --------------------------------------------------------------------------- the full games (committed counts)

def test_texas_holdem_bonus_matches_the_published_figures(thb):
    figures = thb.main_figures()
    assert thb.cycle == comb(52, 2) * comb(50, 3) * 47 * 46 * comb(45, 2)
    assert figures["house_edge_per_ante"] == Fraction(578107733, 28381438800)        # 2.0369%: published 2.037%
    assert round(float(figures["average_total_bet"]), 4) == 3.8181                  # published 3.8181
    assert round(float(figures["element_of_risk"]) * 100, 4) == 0.5335              # published 0.5335%
    # the pre-flop folds are the five worst offsuit hands
    folds = thb.preflop_values().query("decision == 'fold'")["hand"].tolist()
    assert folds == ["72o", "62o", "52o", "42o", "32o"]
    assert figures["actions"]["fold"] == Fraction(10, 221)


def test_casino_holdem_matches_the_published_figures(casinoholdem):
    figures = casinoholdem.main_figures()
    assert figures["house_edge_per_ante"] == Fraction(1363917077, 63213204600)      # 2.1576%: about 2.16%
    assert figures["decision_points"]["flop"]["fold"] == Fraction(2868, 15925)     # 18.0% of hands fold
    aa_bonus = casinoholdem.side_bet_figures()["aa_bonus"]["100-50-40-30-20-7"]
    assert aa_bonus["house_edge"] == Fraction(5809, 92820)                           # 6.258%


def test_a_side_bet_on_the_hole_cards_and_flop_counts_every_five_card_hand_alike(casinoholdem):
    bet = casinoholdem.rules.side_bets[0]
    table = casinoholdem.side_bet_table(bet, bet.paytables[bet.default_paytable])
    per_hand = casinoholdem.cycle // comb(52, 5)
    royal, aces = table.set_index("outcome").loc[["Royal flush", "Pair of aces"], "combinations"]
    assert royal == 4 * per_hand
    # a pair of aces and three other ranks, no flush or straight possible: C(4,2) * (C(12,3) * 4**3)
    assert aces == 6 * comb(12, 3) * 4 ** 3 * per_hand


def test_bad_beat_and_flop_bonus_on_uth_from_a_paytable_file(uth):
    from analyzer.games.rules import load_game as load
    rules = load("uth", paytable_files=(ROOT / "examples" / "uth-side-bets.toml",))
    analysis = analyzer.engines.registry.engine_for(rules).analyze(rules, analyzer.engines.base.Run())
    bad_beat, flop_bonus = rules.side_bets[1:3]
    table = analysis.side_bet_table(bad_beat, bad_beat.paytables[bad_beat.default_paytable]).set_index("outcome")
    showdowns = uth.counts.showdown.sum(axis=0)                   # (line, outcome), the folds apart
    lose = [OUTCOMES.index("no_qualify_lose"), OUTCOMES.index("lose")]
    assert table.loc["Straight loses", "combinations"] == showdowns[LINES.index("straight"), lose].sum()
    assert int(table["combinations"].sum()) == analysis.cycle
    bonus = analysis.side_bet_figures()["flop_bonus"]["1000-500-200-100-75-50-10-2"]
    assert bonus["house_edge"] == Fraction(11891, 162435)


# --------------------------------------------------------------------------- on the command line

def test_a_side_bet_line_is_solved_on_the_committed_counts(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["solve", "casinoholdem", "--wager", "aa_bonus", "--line", "Pair of aces", "--target-edge", "5%",
                  "--quiet"])
    assert done.value.code == 0
    assert "pays 9751/1320 to 1" in capsys.readouterr().out


def test_a_main_wager_line_goes_to_the_solver(capsys):
    # the committed counts' strategy, held fixed, would need a negative pay for a 50% edge: refused before any
    # enumeration (a real solve re-optimises by fresh enumerations: tests/engines/holdem/test_street_solve.py)
    with pytest.raises(SystemExit) as done:
        cli.main(["solve", "thb", "--wager", "ante", "--line", "Straight or better", "--target-edge", "50%", "--quiet"])
    assert done.value.code == 2
    assert "it would have to be negative" in capsys.readouterr().err.splitlines()[-1]


def test_the_report_of_a_street_game_carries_its_simulation_check(tmp_path, capsys):
    output = tmp_path / "casinoholdem.xlsx"
    with pytest.raises(SystemExit) as done:
        cli.main(["report", "casinoholdem", "-o", str(output), "--quiet"])
    assert done.value.code == 0 and output.is_file()
    assert "no simulation check" not in capsys.readouterr().err
    assert "Simulation check" in load_workbook(output, read_only=True).sheetnames


def test_a_bet_on_the_dealer_s_hand_is_dealt_as_the_player_s(tmp_path, uth):
    path = tmp_path / "dealer.toml"
    path.write_text('game = "uth"\n[side_bets.dealer_flush]\ntitle = "Dealer flush"\nhand_of = "dealer"\n'
                    'board_cards = 3\ndefault_paytable = "50"\nlines = [{ hand = "flush or better" }]\n'
                    '[side_bets.dealer_flush.paytables]\n"50" = { pays = ["50"] }\n'
                    '[side_bets.player_flush]\ntitle = "Player flush"\nboard_cards = 3\ndefault_paytable = "50"\n'
                    'lines = [{ hand = "flush or better" }]\n[side_bets.player_flush.paytables]\n"50" = { pays = ["50"] }\n')
    rules = load_game("uth", paytable_files=(path,))
    analysis = analyzer.engines.registry.engine_for(rules).analyze(rules, analyzer.engines.base.Run())
    dealer, player = (analysis.side_bet_figures()[name]["50"]["house_edge"] for name in ("dealer_flush", "player_flush"))
    assert dealer == player
    # the simulator takes the dealer's cards for it
    from analyzer.simulation.hands import cards
    from analyzer.simulation.settlement import SideBetData
    bet = SideBetData.of(rules.side_bets[1])
    assert bet.hand_of == "dealer"
    mine, theirs = cards("2c 3d"), cards("Ah Kh")
    assert bet.results(mine, cards("2h 7h 9c Jd Qs"), dealer=theirs).tolist() == [-1.0]  # two hearts on the flop
    assert bet.results(mine, cards("2h 7h 9h Jd Qs"), dealer=theirs).tolist() == [50.0]   # the dealer's flush


def test_a_bet_on_the_dealer_s_hand_needs_as_many_dealer_cards(tmp_path):
    path = tmp_path / "dealer.toml"
    path.write_text('game = "fourcardfever"\n[side_bets.dealer]\ntitle = "Dealer"\nhand_of = "dealer"\n'
                    'default_paytable = "5"\nlines = [{ hand = "pair or better" }]\n'
                    '[side_bets.dealer.paytables]\n"5" = { pays = ["5"] }\n')
    with pytest.raises(RulesError, match="needs as many dealer cards as the player's"):
        load_game("fourcardfever", paytable_files=(path,))


def test_a_bet_on_both_final_hands_from_the_committed_pairs(uth):
    rules = load_game("uth", paytable_files=(ROOT / "examples" / "uth-side-bets.toml",))
    analysis = analyzer.engines.registry.engine_for(rules).analyze(rules, analyzer.engines.base.Run())
    bet = rules.side_bets[-1]
    assert bet.paid_on.hand_of == "both"
    table = analysis.side_bet_table(bet, bet.paytables[bet.default_paytable]).set_index("outcome")
    pairs = committed_final_pairs()
    flush_up = LINES.index("flush") + 1                     # royal flush ... flush
    assert table.loc["Both flush or better", "combinations"] == \
        pairs[:flush_up, :flush_up].sum() - pairs[:LINES.index("full_house") + 1, :LINES.index("full_house") + 1].sum()
    assert analysis.side_bet_figures()["both_hands"]["100-30-12"]["house_edge"] == Fraction(960922189, 13372024050)
    # a game over streets counts every deal twice (the turn and the river in order): the same figures
    streets = analyzer.analyze("thb")
    assert streets.hand_pair_counts(rules.ranking)[2].sum() == 2 * pairs.sum()


@pytest.mark.parametrize("where, text, message", [
    ("side_bets", 'title = "B"\ndefault_paytable = "5"\nlines = [{ hand = "flush", dealer_hand = "flush" }]\n'
                  '[side_bets.b.paytables]\n"5" = { pays = ["5"] }\n', 'needs hand_of = "both"'),
    ("side_bets", 'title = "B"\nhand_of = "both"\nboard_cards = 3\ndefault_paytable = "5"\nlines = [{ hand = "flush" }]\n'
                  '[side_bets.b.paytables]\n"5" = { pays = ["5"] }\n', "is paid on the final hands"),
])
def test_a_bet_on_both_hands_written_wrong_is_one_line(tmp_path, where, text, message):
    path = tmp_path / "both.toml"
    path.write_text(f'game = "uth"\n[{where}.b]\n{text}')
    with pytest.raises(RulesError, match=message):
        load_game("uth", paytable_files=(path,))


def test_a_variant_is_enumerated_cached_and_read_back(tmp_path, monkeypatch):
    """A paytable the committed counts do not cover: enumerated (a reduced run stands in for the full one),
    saved in the cache, and read from it the next time."""
    import analyzer.engines.holdem.street_engine as street_engine

    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    original = street_engine.enumerate_played
    monkeypatch.setattr(street_engine, "enumerate_played", lambda rules, card, run: original(
        rules, card, run, flop_class_indices=np.array(FLOP_CLASSES[:1])))
    path = tmp_path / "ante.toml"
    path.write_text('game = "thb"\n[wagers.ante.paytables."flush or better 1"]\ndefault = true\n'
                    'lines = [{ hand = "flush or better", pays = "1" }]\n')
    rules = load_game("thb", paytable_files=(path,))
    engine = analyzer.engines.registry.engine_for(rules)
    notices: list[str] = []
    fresh = engine.analyze(rules, analyzer.engines.base.Run(cache=False, notify=notices.append))
    again = engine.analyze(rules, analyzer.engines.base.Run(notify=notices.append))
    assert notices and "using the cached enumeration" in notices[-1]
    assert again.main_figures()["house_edge_per_ante"] == fresh.main_figures()["house_edge_per_ante"]
