"""Ultimate Texas Hold'em core: the seven-card evaluator and the exact enumeration.

The fast paths (numba kernels, inclusion-exclusion sweeps, suit classes) are
checked against slow direct computations: the plain best-of-21 evaluator of
``analyzer.core.ranking``, loops over every dealer hand, every turn/river pair, and
every concrete flop of some flop classes. No full enumeration runs here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.isomorphism import suit_classes
from analyzer.core.ranking import best_ranks_of, load_ranking
from analyzer.engines.base import Run
from analyzer.engines.cache import enumeration_key
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.results import (
    counts_csvs,
    line_ranks,
    load_counts,
    main_wagers,
)
from analyzer.engines.holdem.sevens import (
    LINES,
    completion_ranks,
    evaluate_hands,
    hand_lines,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import GameRules, RulesError, load_game

FIVE = load_ranking("five_card")
PAIR_RANK = FIVE.category_index("pair") * 13 ** 5

#: A few flop classes for the reduced runs: trips (weight 4), a rainbow flop, a suited-connected one.
REDUCED = [0, 7, 300]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: The game as shipped, with the Blind 1000-100-20-5-2-1 (a paytable file), and without a qualifier (an option).
VARIANTS = {
    "as shipped": load_game("uth"),
    "blind 1000-100-20-5-2-1": load_game("uth", paytable_files=(EXAMPLES / "uth-blind-paytables.toml",)),
    "no qualifier": load_game("uth", options={"qualifier": "none"}),
}


def plain_line(rank: int) -> int:
    """Hand line of a rank, from the ranking's category names (independent of sevens.py)."""
    name = FIVE.category_name(rank)
    if name == "straight_flush" and FIVE.primary_rank(rank) == 12:
        return LINES.index("royal_flush")
    return LINES.index(name)


def plain_ranks(hands) -> np.ndarray:
    """Best-of-21 (or of 5/6) ranks with the plain table evaluator."""
    return best_ranks_of(FIVE, np.sort(np.asarray(hands, dtype=np.int64), axis=1))


def plain_completions(board):
    """(pairs (n, 2), ranks) of every two-card completion of a board, plain evaluator."""
    unseen = [card for card in range(52) if card not in set(board)]
    pairs = np.array(list(itertools.combinations(unseen, 2)), dtype=np.int64)
    hands = np.column_stack([np.tile(np.asarray(board, dtype=np.int64), (len(pairs), 1)), pairs])
    return pairs, plain_ranks(hands)


def outcome_counts(player_rank: int, dealer_ranks: np.ndarray) -> np.ndarray:
    """Dealer hands per outcome (uth.OUTCOMES order), one dealer hand at a time."""
    counts = np.zeros(6, dtype=np.int64)
    for dealer in dealer_ranks.tolist():
        qualifies = dealer >= PAIR_RANK
        comparison = 0 if player_rank > dealer else 1 if player_rank == dealer else 2
        counts[(3 if qualifies else 0) + comparison] += 1
    return counts


def plain_net(rules: GameRules, multiple: int, outcome: int, line: int) -> Fraction:
    """Net result per ante of Play ``multiple`` (0 = fold), read off the rules file's wagers one at a time: a
    wager's result for the outcome, or its paytable's pay for the hand on the outcomes where it pays."""
    if multiple == 0:
        return sum((w.on_fold for w in rules.wagers), Fraction(0))
    hand = line_ranks(FIVE)[0][line:line + 1]
    total = Fraction(0)
    for wager in rules.wagers:
        result = wager.results[outcome]
        if wager.paytable is not None and uth.OUTCOMES[outcome] in wager.paytable_outcomes:
            pays = [pay.pays for pay in wager.paytable.lines if pay.pattern.matches(FIVE, hand)[0]]
            result = (result if wager.paytable_mode == "in_addition" else 0) + pays[0] if pays else result
        total += (multiple if wager.role == "raise" else 1) * result
    return total


#: plain_net of every cell [multiple, outcome, line], per variant.
PLAIN_NETS = {name: [[[plain_net(rules, m, o, line) for line in range(len(LINES))] for o in range(6)] for m in range(5)]
              for name, rules in VARIANTS.items()}


def scaled_value(counts: np.ndarray, multiple: int, line: int, variant: str = "as shipped") -> int:
    """Twice the summed net result of Play ``multiple`` (0 = fold) over outcome counts, settled as ``variant``
    (VARIANTS) says."""
    total = sum(int(n) * PLAIN_NETS[variant][multiple][outcome][line] for outcome, n in enumerate(counts))
    assert Fraction(total).denominator in (1, 2)
    return int(2 * total)


# --------------------------------------------------------------------------- seven-card evaluator


def test_seven_card_evaluator_equals_best_of_21():
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(30_000)])
    assert np.array_equal(evaluate_hands(hands), plain_ranks(hands))
    assert np.array_equal(evaluate_hands(hands[:, :6]), plain_ranks(hands[:, :6]))


def test_seven_card_evaluator_on_flush_and_straight_heavy_hands():
    rng = np.random.default_rng(8)
    hands = []
    for _ in range(20_000):  # cards from two suits and a few ranks: flushes, straights, full houses
        ranks = rng.choice(np.arange(6, 13), 7)
        suits = rng.choice(2, 7)
        cards = set((4 * ranks + suits).tolist())
        if len(cards) == 7:
            hands.append(sorted(cards))
    hands = np.array(hands)
    assert len(hands) > 1000
    assert np.array_equal(evaluate_hands(hands), plain_ranks(hands))


def test_five_card_evaluator_equals_the_ranking_table():
    assert np.array_equal(evaluate_hands(np.asarray(combinations(52, 5))), FIVE.table)


def test_hand_lines():
    hands = [parse_cards(text) for text in ("As Ks Qs Js Ts 2c 3d", "9s Ks Qs Js Ts 2c 3d", "Ac Ad Ah As 2c 3d 4h",
                                            "2c 3d 4h 5s 7c 9d Jh")]
    lines = hand_lines(evaluate_hands(np.array(hands)))
    assert [LINES[line] for line in lines] == ["royal_flush", "straight_flush", "four_of_a_kind", "high_card"]


def test_board_completion_ranks():
    for board in (parse_cards("2h 7h 9h Jc Kh"), parse_cards("Ah Ad Ac Kh Ks"), parse_cards("5s 6s 7s 8s 9s")):
        first, second, ranks = completion_ranks(board)
        pairs, expected = plain_completions(sorted(board))
        order = np.lexsort((pairs[:, 0], pairs[:, 1]))  # colex order: by the higher card, then the lower
        assert np.array_equal(np.column_stack([first, second]), pairs[order])
        assert np.array_equal(ranks, expected[order])


# --------------------------------------------------------------------------- river


BOARDS = ["2c 7d 9h Jc Ks", "As Ks Qs 2s 3s", "8h 8d 8c 4s 4h", "Ah 2d 3c 4s 9h", "Tc Jc Qc 9d 2h"]


@pytest.mark.parametrize("text", BOARDS)
def test_river_outcomes_against_every_dealer_hand(text):
    board = parse_cards(text)
    river = uth.river_outcomes(board)
    pairs, ranks = plain_completions(board)
    rng = np.random.default_rng(abs(hash(text)) % 1000)
    for k in rng.choice(len(pairs), 40, replace=False):
        x, y = pairs[k]
        k_fast = np.flatnonzero((river.first == x) & (river.second == y))[0]
        dealers = ~np.isin(pairs, (x, y)).any(axis=1)
        assert dealers.sum() == 990
        expected = outcome_counts(int(ranks[k]), ranks[dealers])
        assert river.ranks[k_fast] == ranks[k]
        assert np.array_equal(river.outcomes[k_fast], expected)
        line = plain_line(int(ranks[k]))
        for multiple in (0, 1, 2, 3, 4):
            assert uth.river_value(river.outcomes[k_fast], int(ranks[k]), multiple) == \
                scaled_value(expected, multiple, line)


def test_river_outcomes_sum_over_all_pairs():
    river = uth.river_outcomes(parse_cards("2c 7d 9h Jc Ks"))
    assert (river.outcomes.sum(axis=1) == 990).all()
    # win/lose symmetry: summed over every (player, dealer) pair, wins equal losses
    wins = river.outcomes[:, [uth.NQ_WIN, uth.WIN]].sum()
    losses = river.outcomes[:, [uth.NQ_LOSE, uth.LOSE]].sum()
    assert wins == losses


# --------------------------------------------------------------------------- flop


@pytest.mark.parametrize("text, holes", [
    ("Kh 9h 4h", ["Ah 2c", "7s 7d", "Qh Jh", "2c 3d", "Ks Kd"]),
    ("5c 5d Jc", ["Js Ts", "9c 8c", "As 2d", "6h 4h"]),
])
@pytest.mark.slow
def test_flop_sums_against_every_turn_river_and_dealer(text, holes):
    """Every turn/river and dealer hand, one at a time, settled by each variant's rules file (VARIANTS)."""
    flop = parse_cards(text)
    holes = [tuple(sorted(parse_cards(h))) for h in holes]
    showdowns = {h: [] for h in holes}  # per hole: (final line, outcome counts) of every board
    rest = [card for card in range(52) if card not in flop]
    for turn, river in itertools.combinations(rest, 2):
        board = sorted(flop + (turn, river))
        pairs, ranks = plain_completions(board)
        for hole in holes:
            if turn in hole or river in hole:
                continue
            k = np.flatnonzero((pairs[:, 0] == hole[0]) & (pairs[:, 1] == hole[1]))[0]
            dealers = ~np.isin(pairs, hole).any(axis=1)
            player = int(ranks[k])
            dealer_ranks = ranks[dealers]
            qualifies = dealer_ranks >= PAIR_RANK
            counts = np.array([((~qualifies) & (player > dealer_ranks)).sum(),
                               ((~qualifies) & (player == dealer_ranks)).sum(),
                               ((~qualifies) & (player < dealer_ranks)).sum(),
                               (qualifies & (player > dealer_ranks)).sum(),
                               (qualifies & (player == dealer_ranks)).sum(),
                               (qualifies & (player < dealer_ranks)).sum()])
            showdowns[hole].append((plain_line(player), counts))
    for variant, rules in VARIANTS.items():
        fast = uth.flop_sums(flop, main_wagers(rules))
        for hole in holes:
            check = raise_2x = 0
            showdown = np.zeros((6, len(LINES)), np.int64)
            river_fold = np.zeros((6, len(LINES)), np.int64)
            actions = np.zeros((len(LINES), 2), np.int64)
            for line, counts in showdowns[hole]:
                fold, play = scaled_value(counts, 0, line, variant), scaled_value(counts, 1, line, variant)
                check += max(fold, play)
                raise_2x += scaled_value(counts, 2, line, variant)
                showdown[:, line] += counts
                actions[line, 0 if play > fold else 1] += 1
                if play <= fold:
                    river_fold[:, line] += counts
            index = uth.pair_index(*hole)
            assert fast.flop_values(index) == {"check": check, "2x": raise_2x}
            assert np.array_equal(fast.showdown[index], showdown)
            assert np.array_equal(fast.river_fold[index], river_fold)
            assert np.array_equal(fast.river_actions[index], actions)
            assert fast.showdown[index].sum() == uth.TURN_RIVERS * uth.DEALER_HANDS


# --------------------------------------------------------------------------- suit classes, weights


def test_flop_class_weights_add_back_for_every_starting_hand_class():
    classes = uth.flop_classes()
    assert len(classes) == 1755 and classes.weights.sum() == comb(52, 3)
    assert len(uth.HAND_CLASSES) == 169 and uth.HAND_CLASS_SIZES.sum() == comb(52, 2)
    assert sorted(set(uth.HAND_CLASS_SIZES.tolist())) == [4, 6, 12]
    holes = np.asarray(combinations(52, 2), dtype=np.int64)
    # (flop class representative, hole) pairs, weighted, per hole class = |class| * C(50, 3)
    meets = np.zeros((len(classes), len(holes)), dtype=bool)
    for column in range(3):
        meets |= (classes.cards[:, column, None] == holes[None, :, 0]) | (classes.cards[:, column, None] == holes[None, :, 1])
    weighted = (classes.weights[:, None] * ~meets).sum(axis=0)
    per_class = np.bincount(uth.HAND_CLASS_OF, weights=weighted, minlength=169).astype(np.int64)
    assert np.array_equal(per_class, uth.HAND_CLASS_SIZES * comb(50, 3))
    assert comb(52, 3) * comb(49, 2) * uth.TURN_RIVERS * uth.DEALER_HANDS == uth.CYCLE
    assert uth.CYCLE == uth.BOARD_ORDERS * uth.UNORDERED_CYCLE == 27_813_810_024_000


@pytest.fixture(scope="module", params=list(VARIANTS))
def wagers(request):
    """The main wagers of each variant (VARIANTS): every reduced-run test runs once per variant."""
    return main_wagers(VARIANTS[request.param])


@pytest.fixture(scope="module")
def reduced_sums(wagers):
    return uth.enumerate_sums(jobs=1, progress=False, flop_class_indices=REDUCED, chunk_flops=1, wagers=wagers)


@pytest.fixture(scope="module")
def direct(wagers):
    """Per hole pair totals over every concrete flop of the REDUCED classes (no suit classes)."""
    flops = np.asarray(combinations(52, 3), dtype=np.int64)
    classes = suit_classes(flops)
    chosen = flops[np.isin(classes.class_of, REDUCED)]
    assert len(chosen) == uth.flop_classes().weights[REDUCED].sum()
    return chosen, [uth.flop_sums(flop, wagers) for flop in chosen]


@pytest.mark.slow
def test_reduced_run_equals_direct_sums_over_concrete_flops(reduced_sums, direct):
    chosen, per_flop = direct
    holes = np.asarray(combinations(52, 2), dtype=np.int64)
    a = sum(f.sum_a for f in per_flop)
    b = sum(f.sum_b for f in per_flop)
    best = sum(np.maximum(f.sum_check, f.sum_a + 2 * f.sum_b) for f in per_flop)
    showdown = sum(f.showdown for f in per_flop)
    for c in range(169):
        members = np.flatnonzero(uth.HAND_CLASS_OF == c)
        # suit symmetry: every hole pair of a class gets the same totals
        for values in (a, b, best):
            assert len(set(values[members].tolist())) == 1
        assert np.array_equal(reduced_sums.ev_sums[c], [a[members].sum(), b[members].sum(), best[members].sum()])
        assert np.array_equal(reduced_sums.bet_counts[c], showdown[members].sum(axis=0))
    deals = sum(int(uth.flop_classes().weights[i]) for i in REDUCED) * comb(49, 2) * uth.TURN_RIVERS * 990
    assert reduced_sums.bet_counts.sum() == deals
    assert holes.shape[0] == 1326


@pytest.mark.slow
def test_reduced_run_strategy_and_settlement_equal_direct_play(reduced_sums, direct, wagers):
    """Decide every hole pair from direct totals, play every concrete flop, and compare all counts."""
    chosen, per_flop = direct
    counts = uth.HoldemCounts.from_sums(reduced_sums, REDUCED, complete=False, wagers=wagers)
    a = sum(f.sum_a for f in per_flop)
    b = sum(f.sum_b for f in per_flop)
    best = sum(np.maximum(f.sum_check, f.sum_a + 2 * f.sum_b) for f in per_flop)
    settlement = np.zeros((5, 6, len(LINES)), dtype=np.int64)
    preflop_actions = np.zeros(3, dtype=np.int64)
    flop_actions = np.zeros((len(LINES), 2), dtype=np.int64)
    river_actions = np.zeros((len(LINES), 2), dtype=np.int64)
    holes = np.asarray(combinations(52, 2), dtype=np.int64)
    frame = counts.preflop.set_index("class")
    for h, (x, y) in enumerate(holes):
        options = {"check": int(best[h]), "3x": int(a[h] + 3 * b[h]), "4x": int(a[h] + 4 * b[h])}
        decision = max(options, key=lambda name: (options[name], -uth.PREFLOP_CHOICES.index(name)))
        row = frame.loc[uth.HAND_CLASSES[uth.HAND_CLASS_OF[h]]]
        assert (row["check"], row["3x"], row["4x"], row["decision"]) == \
            (options["check"], options["3x"], options["4x"], decision)
        deals = sum(int(f.showdown[h].sum()) for f in per_flop)
        preflop_actions[uth.PREFLOP_CHOICES.index(decision)] += deals
        if decision != "check":
            settlement[uth.PREFLOP_MULTIPLE[uth.PREFLOP_CHOICES.index(decision)]] += \
                sum(f.showdown[h] for f in per_flop)
            continue
        for flop, f in zip(chosen, per_flop, strict=True):
            if x in flop or y in flop:
                continue
            line = plain_line(int(plain_ranks([[x, y, *flop]])[0]))
            if f.sum_a[h] + 2 * f.sum_b[h] > f.sum_check[h]:
                settlement[uth.PLAY_2X] += f.showdown[h]
                flop_actions[line, 0] += uth.TURN_RIVERS * 990
            else:
                settlement[uth.FOLD] += f.river_fold[h]
                settlement[uth.PLAY_1X] += f.showdown[h] - f.river_fold[h]
                flop_actions[line, 1] += uth.TURN_RIVERS * 990
                river_actions += 990 * f.river_actions[h]
    assert np.array_equal(counts.settlement_by_hand, settlement)
    assert np.array_equal(counts.preflop_actions, preflop_actions)
    assert np.array_equal(counts.flop_actions, flop_actions)
    assert np.array_equal(counts.river_actions, river_actions)
    assert counts.settlement.sum() == counts.cycle == counts.trips_hands.sum()
    assert counts.settlement.shape == (5, 6, 7)
    assert np.array_equal(counts.settlement[..., :6], settlement[..., :6])


def test_checkpoint_and_resume_give_the_same_integers(tmp_path, reduced_sums, wagers, monkeypatch):
    first = uth.enumerate_sums(progress=False, checkpoint_dir=tmp_path, flop_class_indices=REDUCED[:2],
                               chunk_flops=1, wagers=wagers)
    assert len(list(tmp_path.glob("uth_*.npy"))) == 2
    other = uth.SHIPPED if wagers != uth.SHIPPED else main_wagers(VARIANTS["no qualifier"])
    uth.enumerate_sums(progress=False, checkpoint_dir=tmp_path / "other", flop_class_indices=REDUCED[:2],
                       chunk_flops=1, wagers=other)
    assert {p.name for p in tmp_path.glob("uth_*.npy")}.isdisjoint(p.name for p in (tmp_path / "other").iterdir())
    calls = []
    original = uth.class_sums
    monkeypatch.setattr(uth, "class_sums", lambda *args: calls.append(1) or original(*args))
    resumed = uth.enumerate_sums(progress=False, checkpoint_dir=tmp_path, flop_class_indices=REDUCED,
                                 chunk_flops=1, wagers=wagers)
    assert len(calls) == 1  # only the chunk missing from the checkpoint ran
    assert resumed == reduced_sums
    again = uth.enumerate_sums(progress=False, checkpoint_dir=tmp_path, flop_class_indices=REDUCED,
                               chunk_flops=1, wagers=wagers)
    assert len(calls) == 1 and again == reduced_sums
    assert first != reduced_sums
    assert not list(tmp_path.glob("*.tmp*"))


def test_serial_equals_parallel(reduced_sums, wagers):
    parallel = uth.enumerate_sums(jobs=2, progress=False, flop_class_indices=REDUCED, chunk_flops=1, wagers=wagers)
    assert parallel == reduced_sums
    reversed_order = uth.enumerate_sums(jobs=2, progress=False, flop_class_indices=REDUCED[::-1], chunk_flops=1,
                                        wagers=wagers)
    assert all(np.array_equal(getattr(reversed_order, name), getattr(reduced_sums, name)) for name in uth.HoldemSums.SHAPES)
    assert np.array_equal(reversed_order.flop_values, reduced_sums.flop_values[::-1])  # one row per class, in order
    one_chunk = uth.enumerate_sums(jobs=1, progress=False, flop_class_indices=REDUCED, chunk_flops=27, wagers=wagers)
    assert one_chunk == reduced_sums


def test_settlement_nets_and_trips():
    assert uth.SHIPPED.net(uth.PLAY_3X, uth.WIN, uth.BLIND_LINES.index("flush")) == Fraction(11, 2)
    assert uth.SHIPPED.net(uth.PLAY_3X, uth.NQ_WIN, uth.BELOW_STRAIGHT) == 3
    assert uth.SHIPPED.net(uth.PLAY_2X, uth.LOSE, uth.BELOW_STRAIGHT) == -4
    assert uth.SHIPPED.net(uth.PLAY_2X, uth.NQ_LOSE, uth.BELOW_STRAIGHT) == -3
    assert uth.SHIPPED.net(uth.PLAY_1X, uth.TIE, 0) == 0
    assert uth.SHIPPED.net(uth.FOLD, uth.NQ_WIN, 0) == -2
    assert uth.TRIPS_PAYS[LINES.index("three_of_a_kind")] == 3 and uth.TRIPS_PAYS[LINES.index("two_pair")] == -1


def test_main_wagers_from_the_rules_file(tmp_path):
    """The kernel's settlement (scaled by 2) is read from the rules file: the shipped game, another Blind
    table, no qualifier; what the counts cannot do is refused."""
    shipped, blind, no_qualifier = (main_wagers(rules) for rules in VARIANTS.values())
    assert shipped == uth.SHIPPED and shipped.fold == blind.fold == no_qualifier.fold == -4
    royal, flush, pair = LINES.index("royal_flush"), LINES.index("flush"), LINES.index("pair")
    assert blind.net(uth.PLAY_4X, uth.WIN, royal) == 1 + 4 + 1000 and shipped.net(uth.PLAY_4X, uth.WIN, royal) == 505
    assert blind.net(uth.PLAY_1X, uth.NQ_WIN, flush) == 1 + 2 and shipped.net(uth.PLAY_1X, uth.NQ_WIN, flush) == Fraction(5, 2)
    assert shipped.net(uth.PLAY_3X, uth.NQ_WIN, pair) == 3 and no_qualifier.net(uth.PLAY_3X, uth.NQ_WIN, pair) == 4
    assert shipped.net(uth.PLAY_2X, uth.NQ_LOSE, pair) == -3 and no_qualifier.net(uth.PLAY_2X, uth.NQ_LOSE, pair) == -4
    assert np.array_equal(no_qualifier.nets[:, :3], no_qualifier.nets[:, 3:])  # a pair or not: alike
    for name, rules in VARIANTS.items():
        wagers = main_wagers(rules)
        assert all(wagers.net(m, o, line) == PLAIN_NETS[name][m][o][line]
                   for m in range(5) for o in range(6) for line in range(len(LINES)))
    odd = tmp_path / "blind.toml"
    odd.write_text('game = "uth"\n[wagers.blind.paytables.odd]\ndefault = true\n'
                   'lines = [{ hand = "straight", label = "Straight", pays = "6 to 5" }]\n')
    with pytest.raises(RulesError, match="multiple of 1/2"):
        main_wagers(load_game("uth", paytable_files=(odd,)))


def test_the_cache_key_holds_the_main_wagers_not_the_side_bets():
    """Another Blind table or no qualifier: a new enumeration; another Trips table: the same counts."""
    keys = {name: enumeration_key(rules) for name, rules in VARIANTS.items()}
    assert len(set(keys.values())) == 3
    trips = load_game("uth", paytable_files=(EXAMPLES / "uth-paytables.toml",))
    assert enumeration_key(trips) == keys["as shipped"] and engine_for(trips).committed_apply(trips)
    assert not engine_for(trips).committed_apply(VARIANTS["no qualifier"])


# --------------------------------------------------------------------------- the committed full run

GOLDEN = Path(__file__).resolve().parents[3] / "enumerations" / "uth"


def test_saved_full_run_matches_published_figures():
    """enumerations/uth (scripts/make_golden.py): 2.185% per ante, Trips 50-40-30-8-7-4-3 3.50%."""
    counts = load_counts(GOLDEN)
    assert counts.cycle == uth.CYCLE == int(counts.settlement.sum())
    edge = counts.house_edge_per_ante()
    assert round(100 * edge, 3) == Fraction(2185, 1000)
    trips_edge = -counts.trips_return()
    assert round(100 * trips_edge, 2) == Fraction(350, 100)
    # 7-card hand frequencies: C(52,7) = 133,784,560 hands, 4,324 of them royal flushes
    assert int(counts.trips_hands[0]) * comb(52, 7) == 4324 * uth.CYCLE


def test_saved_counts_round_trip(tmp_path):
    counts = load_counts(GOLDEN)
    for name, text in counts_csvs(counts).items():
        assert (GOLDEN / name).read_text(encoding="utf-8") == text


def test_solve_a_trips_line_on_the_committed_counts():
    """Trips is a side bet: its pay is solved on the counts, which it does not change. The full house at 9
    is the published 50-40-30-9-7-4-3 (0.901835%). (The Blind, a main wager: tests/engines/holdem/test_solve.py.)"""
    rules = load_game("uth")
    engine = engine_for(rules)
    solution = engine.solve(rules, "trips", "Full house", Fraction(301629, 33446140), Run())
    assert solution.pays == 9 and solution.edge == Fraction(301629, 33446140) and not solution.strategy_dependent
    assert dict(solution.nearby)[Fraction(17, 2)] == Fraction(6183, 281060)

