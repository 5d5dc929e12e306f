"""Video poker hold patterns and strategy lists: patterns checked by hand, every hold of sampled deals with one
pattern (the vectorised classification against the plain one), the derived 9/6 list's exact evaluation against
plain recomputations and within a small cost of the optimum, the example file, and one-line errors."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.draw.hold_patterns import HoldVocabulary, high_ranks, straight_ways
from analyzer.engines.draw.strategy_list import (
    PatternHolds,
    derive_strategy_list,
    evaluate_hold_strategy,
    evaluate_strategy_list,
    load_hold_strategy,
)
from analyzer.games.patterns import HandPattern
from analyzer.games.rules import RulesError, load_game

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "jacksorbetter-strategy.toml"
#: The optimal return of 9/6 Jacks or Better, exactly.
OPTIMAL_96 = Fraction(1653526326983, 1661102543100)


@pytest.fixture(scope="module")
def rules():
    return load_game("jacksorbetter")


@pytest.fixture(scope="module")
def vocabulary(rules):
    return HoldVocabulary.of(rules)


@pytest.fixture(scope="module")
def analysis(jacksorbetter):
    """The session's exact 9/6 analysis (conftest.py)."""
    return jacksorbetter


@pytest.fixture(scope="module")
def holds(analysis):
    return PatternHolds.of(analysis)


@pytest.fixture(scope="module")
def derived(analysis, holds):
    return derive_strategy_list(analysis, holds=holds)


# -- the patterns ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealt, held, pattern", [
    ("Ah Kh Qh Jh 2c", "Ah Kh Qh Jh", "four to a royal flush"),
    ("Jd Js 4c 7h 9s", "Jd Js", "high pair"),
    ("Td Ts 4c 7h 9s", "Td Ts", "low pair"),
    ("Ah Kh Qh Jh Th", "Ah Kh Qh Jh Th", "royal flush"),
    ("9h Kh Qh Jh Th", "9h Kh Qh Jh Th", "straight flush"),
    ("As Ah Ad Ac 2c", "As Ah Ad Ac", "four of a kind"),
    ("As Ah Ad Ac 2c", "As Ah Ad Ac 2c", "four of a kind"),
    ("As Ah Ad 2c 2d", "As Ah Ad 2c 2d", "full house"),
    ("As Ah Ad 2c 2d", "As Ah Ad", "three of a kind"),
    ("As Ah Ad 2c 2d", "As Ah Ad 2c", "other 4-card hold"),
    ("As Ah 5d 2c 2d", "As Ah 2c 2d", "two pair"),
    ("2h 5h 9h Jh Kh", "2h 5h 9h Jh Kh", "flush"),
    ("Ac 2d 3s 4h 5h", "Ac 2d 3s 4h 5h", "straight"),
    ("5h 6h 7h 8h Kd", "5h 6h 7h 8h", "four to a straight flush"),
    ("5h 6h 7h 9h Kd", "5h 6h 7h 9h", "four to a straight flush"),
    ("5h 6h 7h Jh Kd", "5h 6h 7h Jh", "four to a flush"),
    ("5h 6d 7c 8h Kd", "5h 6d 7c 8h", "four to an outside straight with no high card"),
    ("Ts Jd Qc Kh 2d", "Ts Jd Qc Kh", "four to an outside straight with 3 high cards"),
    ("Js Qd Kc Ah 2d", "Js Qd Kc Ah", "four to an inside straight with 4 high cards"),
    ("Ac 2d 3s 4h 9h", "Ac 2d 3s 4h", "four to an inside straight with 1 high card"),
    ("2c 3d 4s 5h 9h", "2c 3d 4s 5h", "four to an outside straight with no high card"),
    ("Qh Jh Th 4c 7d", "Qh Jh Th", "three to a royal flush"),
    ("Ah Jh Th 4c 7d", "Ah Jh Th", "three to a royal flush"),
    ("9h Jh Qh 4c 7d", "9h Jh Qh", "three to a straight flush, 2 ways, 2 high cards"),
    ("2h 3h 4h 9c Kd", "2h 3h 4h", "three to a straight flush, 2 ways, no high card"),
    ("5h 6h 9h Jc Kd", "5h 6h 9h", "three to a straight flush, 1 way, no high card"),
    ("5h 6h Th Jc Kd", "5h 6h Th", "three to a flush"),
    ("Kc Qd Jh 7s 2c", "Kc Qd Jh", "KQJ unsuited"),
    ("Kh Qh Jc 7s 2c", "Kh Qh Jc", "KQJ unsuited"),
    ("Kh Qh Jc 7s 2c", "Kh Qh", "KQ suited"),
    ("Qh Jh 4c 7s 2c", "Qh Jh", "QJ suited"),
    ("Qh Jd 4c 7s 2c", "Qh Jd", "QJ unsuited"),
    ("Jh Th 4c 7s 2c", "Jh Th", "JT suited"),
    ("Jh Td 4c 7s 2c", "Jh Td", "other 2-card hold"),
    ("Jh Td 4c 7s 2c", "Jh", "J only"),
    ("Jh Td 4c 7s 2c", "Td", "other 1-card hold"),
    ("Jh Td 4c 7s 2c", "", "discard everything"),
    ("Jh Td 4c 7s 2c", "Jh Td 4c 7s 2c", "other 5-card hold"),
])
def test_patterns_checked_by_hand(vocabulary, dealt, held, pattern):
    assert vocabulary.pattern_of(dealt, held) == pattern


def test_ways_of_a_straight():
    ranks = lambda text: {card // 4 for card in parse_cards(text)}  # noqa: E731
    assert [straight_ways(ranks(text)) for text in ("5h 6h 7h", "5h 6h 8h", "5h 6h 9h", "Ah 2h 3h", "2h 3h 4h",
                                                    "Jh Qh Kh Ah", "2h 3h 4h 5h", "2h 3h 4h 7h")] == \
        [3, 2, 1, 1, 2, 1, 2, 0]


def test_high_cards_come_from_the_lowest_paying_pair(rules):
    """A table whose lowest pair line is "pair of Q or better": a pair of jacks is a low pair, QJ not named."""
    wager = rules.wagers[0]
    table = wager.paytable
    line = dataclasses.replace(table.lines[-1], pattern=HandPattern("pair", (10,), True))
    queens = dataclasses.replace(table, lines=table.lines[:-1] + (line,))
    changed = dataclasses.replace(rules, wagers=(dataclasses.replace(
        wager, paytables={**wager.paytables, wager.default_paytable: queens}),))
    assert sorted(high_ranks(changed)) == [10, 11, 12]
    vocabulary = HoldVocabulary.of(changed)
    assert vocabulary.pattern_of("Jd Js 4c 7h 9s", "Jd Js") == "low pair"
    assert vocabulary.pattern_of("Qd Qs 4c 7h 9s", "Qd Qs") == "high pair"
    assert "KQ unsuited" in vocabulary.names and "QJ unsuited" not in vocabulary.names
    assert "J only" not in vocabulary.names and "KQJ unsuited" not in vocabulary.names
    assert vocabulary.pattern_of("Qh Jh 4c 7s 2c", "Qh Jh") == "QJ suited"  # a high card and a royal card


def test_every_hold_of_sampled_deals_has_exactly_one_pattern(vocabulary, analysis):
    """The vectorised classification agrees with the plain description of every hold of sampled deals, each
    name is one of the vocabulary's (named once), and every name is the pattern of some hold of some deal."""
    cards = analysis.counts.cards.astype(np.int64)
    patterns = vocabulary.classify(cards)
    assert len(set(vocabulary.names)) == len(vocabulary.names)
    assert patterns.min() >= 0 and patterns.max() < len(vocabulary.names)
    assert set(np.unique(patterns).tolist()) == set(range(len(vocabulary.names)))
    sample = np.random.default_rng(7).choice(len(cards), 400, replace=False)
    for d in sample:
        for mask in range(32):
            held = [int(card) for position, card in enumerate(cards[d]) if mask >> position & 1]
            suited = len({card % 4 for card in held}) <= 1
            _, name = vocabulary.describe(tuple(card // 4 for card in held), suited)
            assert vocabulary.names[patterns[d, mask]] == name


# -- the derived list -----------------------------------------------------------------------------------------
def plain_return(analysis, vocabulary, patterns) -> Fraction:
    """The return of a list recomputed without :class:`PatternHolds`: pattern by pattern in list order, every
    deal not yet decided that has the pattern keeps its best hold with it (value, then cards kept, then mask)."""
    counts = analysis.counts
    classes = vocabulary.classify(counts.cards.astype(np.int64))
    kept = np.array([bin(mask).count("1") for mask in range(32)])
    assert np.abs(counts.values).max() < 2 ** 50
    score = counts.values * 256 + kept * 32 + (31 - np.arange(32))  # value, then cards kept, then lower mask
    chosen = np.full(len(classes), -1)
    for name in patterns:
        here = (classes == vocabulary.index(name)) & (chosen < 0)[:, None]
        rows = np.flatnonzero(here.any(axis=1))
        chosen[rows] = np.argmax(np.where(here[rows], score[rows], np.iinfo(np.int64).min), axis=1)
    assert (chosen >= 0).all()
    values = counts.values[np.arange(len(chosen)), chosen]
    total = sum(int(w) * int(v) for w, v in zip(counts.weights, values, strict=True))
    return 1 + Fraction(total, int(counts.weights.sum()) * counts.weight * analysis.scale)


def test_optimal_figures_agree(analysis, holds):
    """Entry 0 of every deal is the engine's optimal hold, and its return the analysis's."""
    assert (holds.mask[:, 0] == analysis.counts.chosen).all()
    assert analysis.main_figures()["return_to_player"] == OPTIMAL_96


def test_derived_list_is_within_a_small_cost_of_the_optimum(analysis, derived):
    evaluation = derived.evaluation
    assert 1 - evaluation.optimal_house_edge == OPTIMAL_96
    assert evaluation.cost == OPTIMAL_96 - evaluation.return_to_player
    assert 0 < evaluation.cost < Fraction(5, 100_000)  # below 0.005% (0.000986% when written)
    assert derived.patterns[0] == "royal flush" and derived.patterns[-1] == "discard everything"
    assert derived.patterns.index("four to a royal flush") < derived.patterns.index("high pair") \
        < derived.patterns.index("low pair") < derived.patterns.index("J only")
    table = evaluation.table
    assert int(table["deals"].sum()) == 2_598_960 and sum(table["share"]) == 1
    assert sum(table["cost per unit"]) == evaluation.cost
    assert 0 < evaluation.costly_deals <= evaluation.deviating_deals < 2_598_960 // 100
    assert evaluation.ambiguous_deals == 0  # the best-hold rule of a pattern with several holds never decides
    assert sum(evaluation.kept.values()) == 1


def test_evaluation_equals_a_plain_recomputation(analysis, vocabulary, holds, derived):
    assert plain_return(analysis, vocabulary, derived.patterns) == derived.evaluation.return_to_player
    shorter = ("four of a kind", "full house", "high pair", "three to a royal flush", "low pair", "J only",
               "discard everything")
    evaluation = evaluate_strategy_list(analysis, shorter, holds)
    assert plain_return(analysis, vocabulary, shorter) == evaluation.return_to_player
    assert evaluation.cost > derived.evaluation.cost


def test_sampled_deals_play_the_hold_a_plain_search_finds(analysis, vocabulary, holds, derived):
    """Deal by deal (a sample), in plain Python: the first listed pattern some hold has, its best hold."""
    counts = analysis.counts
    played = holds.played(np.array([vocabulary.index(name) for name in derived.patterns]))
    for d in np.random.default_rng(3).choice(len(counts.cards), 300, replace=False):
        cards = [int(card) for card in counts.cards[d]]
        named = {}
        for mask in range(32):
            held = [card for position, card in enumerate(cards) if mask >> position & 1]
            named.setdefault(vocabulary.describe(tuple(c // 4 for c in held),
                                                 len({c % 4 for c in held}) <= 1)[1], []).append(mask)
        pattern = next(name for name in derived.patterns if name in named)
        best = max(named[pattern], key=lambda m: (int(counts.values[d, m]), bin(m).count("1"), -m))
        assert holds.mask[d, played[d]] == best


# -- strategy files -------------------------------------------------------------------------------------------
def test_example_file_is_the_derived_list(rules, analysis, holds, derived):
    strategy = load_hold_strategy(EXAMPLE, rules)
    assert strategy.patterns == derived.patterns
    figures = evaluate_hold_strategy(analysis, strategy, holds)
    assert figures.house_edge_per_ante == derived.evaluation.house_edge_per_ante == 1 - \
        derived.evaluation.return_to_player
    assert figures.cost_per_ante == derived.evaluation.cost
    assert figures.element_of_risk == figures.house_edge_per_ante and figures.average_total_bet == 1
    assert figures.actions is not None
    assert set(figures.actions) <= set(analysis.action_frequencies()) and sum(figures.actions.values()) == 1
    assert derived.strategy_file(rules.name).splitlines()[-3:] == EXAMPLE.read_text().splitlines()[-3:]


def test_discard_everything_is_implied(tmp_path, rules, analysis, holds):
    path = tmp_path / "short.toml"
    path.write_text('game = "jacksorbetter"\nrules = ["High  Pair", "low pair"]\n')
    strategy = load_hold_strategy(path, rules)
    assert strategy.title == "short" and strategy.patterns == ("high pair", "low pair", "discard everything")
    assert evaluate_hold_strategy(analysis, strategy, holds).cost_per_ante > 0


@pytest.mark.parametrize("text, message", [
    ('game = "jacksorbetter"\nrules = [\n  "high pair",\n  "four to a royl flush",\n]\n',
     ", line 4: rules[2]: unknown hold pattern 'four to a royl flush'; did you mean 'four to a royal flush'?"),
    ('game = "jacksorbetter"\nrules = ["high pair", "low pair", "high pair"]\n',
     ", line 2: rules[3]: 'high pair' is listed twice (rule 1 already)"),
    ('game = "letitride"\nrules = ["high pair"]\n', ", line 1: game: written for game 'letitride', not 'jacksorbetter'"),
    ('game = "jacksorbetter"\n[[streets]]\nrules = ["high pair"]\n', ", line 2: streets: a draw game's strategy is one list"),
    ('game = "jacksorbetter"\nrules = ["high pair"]\nrule = 3\n', ", line 3: rule"),
])
def test_one_line_errors(tmp_path, rules, text, message):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(RulesError) as raised:
        load_hold_strategy(path, rules)
    error = str(raised.value)
    assert "\n" not in error and error.startswith(str(path)) and message in error


def test_unknown_pattern_in_the_api(analysis, holds):
    with pytest.raises(RulesError, match="did you mean 'KQ suited'"):
        evaluate_strategy_list(analysis, ["KQ suitd"], holds)
    with pytest.raises(RulesError, match="listed twice"):
        evaluate_strategy_list(analysis, ["high pair", "High pair", "discard everything"], holds)
    with pytest.raises(RulesError, match="no listed pattern is among the allowed holds of"):
        evaluate_strategy_list(analysis, ["high pair"], holds)
    three = evaluate_strategy_list(analysis, ["three to a royal flush", "discard everything"], holds)
    assert three.ambiguous_deals > 0  # A-K-Q-J suited: four holds of three to a royal flush, unequal in value
