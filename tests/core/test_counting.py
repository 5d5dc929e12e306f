"""The counting is exact: inclusion-exclusion and suit classes against plain loops.

* :class:`DisjointRankCounter` on a small deck against a loop over every hand;
* the Crazy 4 Poker outcome counts of sampled player hands against a brute-force
  loop over all 1,533,939 dealer hands that avoid the player's cards;
* suit classes, totals that must add up to the cycle, and serial = parallel.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from analyzer.core.cards import colex_index, combinations, format_cards, parse_cards
from analyzer.core.counting import DisjointRankCounter
from analyzer.core.isomorphism import canonical_keys, suit_classes
from analyzer.core.ranking import load_ranking
from analyzer.engines.one_decision.enumeration import (
    best_ranks,
    enumerate_situations,
    outcome_counts,
)
from analyzer.games.rules import OUTCOMES, load_game

FOUR = load_ranking("four_card")
PLAYER_HANDS = comb(52, 5)                   # 2,598,960
DEALER_HANDS = comb(47, 5)                   # 1,533,939
CYCLE = PLAYER_HANDS * DEALER_HANDS          # 3,986,646,103,440
#: The dealer qualifies with king-high or better: the lowest such four-card hand is K-4-3-2.
QUALIFIER = FOUR.rank_of(parse_cards("Kc 4d 3h 2s"))


def test_the_constants():
    assert (PLAYER_HANDS, DEALER_HANDS, CYCLE) == (2_598_960, 1_533_939, 3_986_646_103_440)


# -- (1) inclusion-exclusion on a reduced problem --------------------------------------
DECK, HAND = 16, 3


def toy_problem():
    """All 560 three-card hands of a 16-card deck with a toy rank in 0..10."""
    hands = np.asarray(combinations(DECK, HAND))
    ranks = (hands.astype(np.int64) @ np.array([3, 5, 7])) % 11
    assert set(ranks.tolist()) == set(range(11))
    return hands, ranks, 11


def plain_count_below(hands, ranks, excluded, thresholds):
    """The loop the counter replaces: look at every hand."""
    disjoint = ~np.isin(hands, list(excluded)).any(axis=1)
    return [int((disjoint & (ranks < threshold)).sum()) for threshold in thresholds]


@pytest.mark.parametrize("excluded_size", [0, 1, 2, 3, 4, 5])
def test_disjoint_rank_counter_against_a_plain_loop(excluded_size):
    hands, ranks, rank_count = toy_problem()
    counter = DisjointRankCounter(hands, ranks, rank_count=rank_count, max_excluded=5)
    queries = np.asarray(combinations(DECK, excluded_size)).astype(np.int64)
    if len(queries) > 400:
        queries = queries[np.random.default_rng(excluded_size).choice(len(queries), 400, replace=False)]
    thresholds = np.broadcast_to(np.arange(rank_count + 1), (len(queries), rank_count + 1))
    fast = counter.count_below(queries, thresholds)
    plain = [plain_count_below(hands, ranks, query, range(rank_count + 1)) for query in queries]
    assert fast.dtype == np.int64
    assert fast.tolist() == plain
    # with every threshold above every rank: C(16 - m, 3) hands avoid m cards
    assert (fast[:, -1] == comb(DECK - excluded_size, HAND)).all()


def test_disjoint_rank_counter_with_many_ranks_keeps_whole_hands_as_one_rank_per_set():
    """With 1,100 ranks the three-card level is too big for a dense table: one rank per three-card set."""
    hands, ranks, _ = toy_problem()
    ranks = ranks * 100 + hands[:, 0]
    counter = DisjointRankCounter(hands, ranks, rank_count=1100, max_excluded=4)
    assert type(counter.levels[3]).__name__ == "WholeHandLevel"
    rng = np.random.default_rng(5)
    queries = np.sort(np.array([rng.choice(DECK, 4, replace=False) for _ in range(150)]), axis=1)
    thresholds = rng.integers(0, 1101, size=(150, 3))
    for query, row, counted in zip(queries, thresholds, counter.count_below(queries, thresholds), strict=True):
        assert counted.tolist() == plain_count_below(hands, ranks, query, row)


def test_disjoint_rank_counter_with_thresholds_per_query():
    hands, ranks, rank_count = toy_problem()
    counter = DisjointRankCounter(hands, ranks, rank_count=rank_count, max_excluded=3)
    rng = np.random.default_rng(3)
    queries = np.sort(np.array([rng.choice(DECK, 3, replace=False) for _ in range(200)]), axis=1)
    thresholds = rng.integers(0, rank_count + 1, size=(200, 4))
    fast = counter.count_below(queries, thresholds)
    for query, row, counted in zip(queries, thresholds, fast, strict=True):
        assert counted.tolist() == plain_count_below(hands, ranks, query, row)


def test_disjoint_rank_counter_refuses_more_excluded_cards_than_built_for():
    hands, ranks, rank_count = toy_problem()
    counter = DisjointRankCounter(hands, ranks, rank_count=rank_count, max_excluded=1)
    with pytest.raises(ValueError):
        counter.count_below(np.array([[0, 1]]), np.array([[5]]))


def test_outcome_counts_by_hand():
    # A player below the qualifier (rank 2, qualifier 3) among 100 dealer hands:
    # 30 below the player, 5 equal, 20 below the qualifier in all.
    low = outcome_counts(np.array([2]), 3, np.array([30]), np.array([35]), np.array([50]), 100)
    assert low.tolist() == [[30, 5, 15, 0, 0, 50]]
    # A qualified player: every non-qualifying dealer hand is lower than the player's.
    high = outcome_counts(np.array([5]), 3, np.array([60]), np.array([64]), np.array([20]), 100)
    assert high.tolist() == [[20, 0, 0, 40, 4, 36]]


# -- (2) sampled Crazy 4 player hands against a brute-force loop over dealer hands ------
NAMED_HANDS = [
    "As Ah Ad Ac Kc",   # four aces
    "2c 2d 2h 2s 3c",   # four deuces
    "Ah Kh Qh Jh Th",   # royal: plays as the straight flush A-K-Q-J
    "9h Th Jh Qh 2c",   # straight flush
    "Ac 2c 3c 4c 9d",   # the lowest straight flush, A-2-3-4
    "Ac 2d 3h 4s 9c",   # wheel: the lowest straight
    "Ac 2d 3h 4s 5c",   # 5-4-3-2 beats the wheel
    "Ac Kd Qh Js 2c",   # the highest straight, ties often
    "Kc 6d 4h 3s 2c",   # the lowest king-high best hand: just at the qualifier
    "Kd Qs 8h 4c 2d",   # K-Q-8-4, the strategy's border
    "Kh Qd 7c 6s 2h",   # K-Q-7-6
    "Qc Jd Th 8s 6c",   # queen-high: below the qualifier
    "7c 6d 4h 3s 2c",   # the lowest best hand of all: 7-6-4-3
    "Ac Ad Kh Qs Jc",   # pair of aces
    "Kc Kd 2h 3s 5c",   # pair of kings, low kickers
    "Qc Qd Jh Js 9c",   # two pair
    "2c 2d 2h 3s 3d",   # full house: three of a kind in four cards
    "2h 5h 9h Jh 3c",   # flush
    "Qh Qs 2h 7h 9h",   # a pair and a four-card flush
    "3c 3d 3h As Kd",   # three of a kind
    "Ac Kd 9h 7s 2c",   # ace high
    "5s 5h 4d 4c 3s",   # two pair, low
]


def random_hands(count: int, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    return [format_cards(sorted(rng.choice(52, 5, replace=False).tolist(), reverse=True))
            for _ in range(count)]


SAMPLED_HANDS = NAMED_HANDS + random_hands(28, seed=2024)


@pytest.fixture(scope="module")
def dealer_positions() -> np.ndarray:
    """Every five-card hand of a 47-card stub, as positions into the stub."""
    return np.asarray(combinations(47, 5)).astype(np.intp)


@pytest.fixture(scope="module")
def class_row(crazy4) -> dict[int, int]:
    """Canonical suit-class key -> row of the crazy4 situations."""
    keys = canonical_keys(crazy4.situations.cards)
    assert len(set(keys.tolist())) == len(keys)
    return {int(key): row for row, key in enumerate(keys)}


def brute_force_outcomes(player: list[int], dealer_positions: np.ndarray) -> list[int]:
    """Dealer hands per outcome, looking at each of the 1,533,939 dealer hands."""
    stub = np.setdiff1d(np.arange(52), player)             # sorted, 47 cards
    dealer = stub[dealer_positions]                         # sorted rows
    dealer_rank = best_ranks(FOUR, 5)[colex_index(dealer)]  # best four of five, by lookup
    player_rank = FOUR.best_rank_of(player)                 # the slow plain path
    qualifies = dealer_rank >= QUALIFIER
    higher, equal, lower = player_rank > dealer_rank, player_rank == dealer_rank, player_rank < dealer_rank
    by_outcome = {
        "no_qualify_win": ~qualifies & higher,
        "no_qualify_tie": ~qualifies & equal,
        "no_qualify_lose": ~qualifies & lower,
        "win": qualifies & higher,
        "tie": qualifies & equal,
        "lose": qualifies & lower,
    }
    return [int(by_outcome[outcome].sum()) for outcome in OUTCOMES]


@pytest.mark.parametrize("text", SAMPLED_HANDS)
def test_outcome_counts_match_brute_force(text, crazy4, class_row, dealer_positions):
    player = sorted(parse_cards(text))
    row = class_row[int(canonical_keys(np.array([player]))[0])]
    situations = crazy4.situations
    assert situations.best_rank[row] == FOUR.best_rank_of(player)
    expected = brute_force_outcomes(player, dealer_positions)
    assert sum(expected) == DEALER_HANDS
    assert situations.outcome_counts[row].tolist() == expected, text


def test_sampled_hands_cover_the_interesting_cases(crazy4, class_row, dealer_positions):
    """The sample includes ties, non-qualifying dealers and hands on both sides of the qualifier."""
    ranks = [FOUR.best_rank_of(parse_cards(text)) for text in NAMED_HANDS]
    assert min(ranks) < QUALIFIER <= FOUR.best_rank_of(parse_cards("Kc 6d 4h 3s 2c"))
    categories = {FOUR.category_name(r) for r in ranks}
    assert categories == {c.name for c in FOUR.categories}
    rows = [class_row[int(canonical_keys(np.array([sorted(parse_cards(t))]))[0])] for t in NAMED_HANDS]
    counts = crazy4.situations.outcome_counts[rows]
    assert (counts[:, OUTCOMES.index("tie")] > 0).any()
    assert (counts[:, OUTCOMES.index("no_qualify_tie")] > 0).any()
    assert (counts[:, OUTCOMES.index("no_qualify_lose")] > 0).any()


# -- (3) suit classes ---------------------------------------------------------------------
def test_suit_classes_of_five_card_hands():
    hands = combinations(52, 5)
    classes = suit_classes(hands)
    assert len(classes.weights) == 134_459
    assert int(classes.weights.sum()) == 2_598_960
    assert np.array_equal(np.bincount(classes.class_of), classes.weights)
    assert np.array_equal(classes.class_of[classes.representatives], np.arange(len(classes.weights)))
    # a suit relabelling never changes a hand's value: one best rank per class
    best = best_ranks(FOUR, 5)
    low = np.full(len(classes.weights), np.iinfo(np.int64).max)
    high = np.full(len(classes.weights), -1)
    np.minimum.at(low, classes.class_of, best)
    np.maximum.at(high, classes.class_of, best)
    assert np.array_equal(low, high)
    # the four suits of a hand can be relabelled in 24 ways: class sizes divide 24
    assert set(np.unique(classes.weights).tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}


def test_canonical_keys_are_suit_blind():
    first = canonical_keys(np.array([sorted(parse_cards("As Ks 9h 7d 2c"))]))
    second = canonical_keys(np.array([sorted(parse_cards("Ad Kd 9c 7s 2h"))]))
    other = canonical_keys(np.array([sorted(parse_cards("As Kh 9h 7d 2c"))]))
    assert first == second and first != other


def test_two_card_starting_hands_fall_into_169_classes():
    classes = suit_classes(combinations(52, 2))
    assert len(classes.weights) == 169 and int(classes.weights.sum()) == 1_326


# -- (4) totals over every situation ------------------------------------------------------
def test_every_situation_counts_every_dealer_hand(crazy4):
    situations = crazy4.situations
    assert situations.dealer_hands == DEALER_HANDS
    assert len(situations.weights) == 134_459
    assert int(situations.weights.sum()) == PLAYER_HANDS
    assert (situations.outcome_counts >= 0).all()
    assert (situations.outcome_counts.sum(axis=1) == DEALER_HANDS).all()
    total = int((situations.weights[:, None] * situations.outcome_counts).sum())
    assert total == situations.cycle == crazy4.cycle == CYCLE


def test_outcome_totals_are_symmetric(crazy4):
    """Player and dealer are dealt alike: over the cycle the player's hand is higher as
    often as the dealer's, and the dealer fails to qualify as often as a five-card hand does."""
    situations = crazy4.situations
    weighted = situations.weights[:, None] * situations.outcome_counts
    totals = dict(zip(OUTCOMES, weighted.sum(axis=0).tolist(), strict=True))
    assert totals["no_qualify_win"] + totals["win"] == totals["no_qualify_lose"] + totals["lose"]
    not_qualifying = int((best_ranks(FOUR, 5) < QUALIFIER).sum())
    no_qualify = totals["no_qualify_win"] + totals["no_qualify_tie"] + totals["no_qualify_lose"]
    assert no_qualify == not_qualifying * DEALER_HANDS


def test_impossible_outcomes_are_zero(crazy4):
    situations = crazy4.situations
    counts = situations.outcome_counts
    qualified = situations.best_rank >= QUALIFIER
    # a qualified player beats every dealer who does not qualify
    assert (counts[qualified][:, [1, 2]] == 0).all()
    # a player below the qualifier never beats or ties a qualified dealer
    assert (counts[~qualified][:, [3, 4]] == 0).all()
    # four aces are beaten by nothing and tie nothing
    four_aces = situations.best_rank == FOUR.rank_of(parse_cards("Ac Ad Ah As"))
    assert four_aces.sum() > 0 and (counts[four_aces][:, [1, 2, 4, 5]] == 0).all()


# -- (5) serial and parallel runs agree -----------------------------------------------------
def test_serial_run_gives_identical_integers(crazy4):
    serial = enumerate_situations(load_game("crazy4"), jobs=1, progress=False)
    parallel = crazy4.situations
    assert serial.dealer_hands == parallel.dealer_hands
    for name in ("cards", "weights", "best_rank", "outcome_counts"):
        ours, theirs = getattr(serial, name), getattr(parallel, name)
        assert ours.dtype == theirs.dtype, name
        assert np.array_equal(ours, theirs), name
