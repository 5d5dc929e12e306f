"""Rules sanity checks: what a reviewer must be told about a game as written.

Each check returns warnings, each a sentence with the figure that shows it:
a wager with a player advantage, a wager that can never lose, a paytable line
that can never occur, a paytable that does not pay more for a better hand.
The analysis is never changed by a warning; the game is analysed as written.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core.figures import percent  # noqa: F401 (the reports' formatter)
from analyzer.core.ranking import HandRanking
from analyzer.engines.results import GameResults, distribution
from analyzer.games.rules import OUTCOME_LABELS, OUTCOMES, WINNING_OUTCOMES, GameRules, Paytable


def table_warnings(name: str, table: pd.DataFrame, column: str = "pays") -> list[str]:
    """Player advantage and never-loses checks of one outcome table."""
    warnings = []
    results = distribution(table, column)
    cycle = sum(results.values())
    mean = Fraction(sum(value * count for value, count in results.items()), cycle)
    if mean > 0:
        warnings.append(f"PLAYER ADVANTAGE: {name} returns {percent(mean)} to the player "
                        f"(house edge {percent(-mean)}).")
    if not any(value < 0 and count for value, count in results.items()):
        warnings.append(f"NEVER LOSES: {name} has no losing outcome "
                        f"(its worst result is {min(results)}).")
    return warnings


def paytable_warnings(name: str, ranking: HandRanking, paytable: Paytable,
                      line_combinations: list[int]) -> list[str]:
    """Lines that can never occur, and pays that fall as hands get better (not on a ranking of starting
    hands, one that marks suited hands: a bet on them pays by how rarely they come, A-K suited above a pair
    of twos, not by their order in play)."""
    warnings = [f"NEVER OCCURS: {name}, line '{line.label}' ({line.pattern.text}) has 0 combinations."
                for line, count in zip(paytable.lines, line_combinations, strict=True) if count == 0]
    if ranking.marks_suited:
        return warnings
    ordered = sorted(paytable.lines, key=lambda line: line.pattern.lowest_rank(ranking), reverse=True)
    for better, worse in zip(ordered, ordered[1:], strict=False):
        if better.pays < worse.pays:
            warnings.append(f"NOT MONOTONE: {name} pays '{better.label}' {better.pays} to 1 but the "
                            f"lower hand '{worse.label}' {worse.pays} to 1.")
    return warnings


def result_warnings(rules: GameRules) -> list[str]:
    """Main wagers whose results run against the hand: a loss when the player's hand is higher, a win when
    the dealer qualifies with the higher hand, or a win on a fold (a game with no dealer hand settles by its
    paytables: only the fold is checked).

    >>> from analyzer.games.rules import load_game
    >>> result_warnings(load_game("crazy4"))
    []
    """
    warnings = []
    for wager in rules.wagers:
        results = dict(zip(OUTCOMES, wager.results, strict=True)) if rules.dealer_cards else {}
        for outcome in WINNING_OUTCOMES if results else ():
            if results[outcome] < 0:
                warnings.append(f"BACKWARDS: {wager.title} loses {-results[outcome]} per unit when "
                                f"{OUTCOME_LABELS[outcome]}.")
        if results and results["lose"] > 0:
            warnings.append(f"BACKWARDS: {wager.title} wins {results['lose']} per unit when "
                            f"{OUTCOME_LABELS['lose']}.")
        if wager.on_fold > 0:
            warnings.append(f"BACKWARDS: {wager.title} wins {wager.on_fold} per unit when the player folds.")
    return warnings


def game_warnings(analysis: GameResults) -> list[str]:
    """Every warning about a game as analysed, main game first, then side bets."""
    rules = analysis.rules
    warnings = result_warnings(rules) + table_warnings(f"the main game ({rules.title}, per ante, optimal strategy)",
                                                       analysis.return_table(), column="net")
    for wager in rules.wagers:
        if wager.paytable is not None:
            warnings += paytable_warnings(f"{wager.title} paytable {wager.paytable.name}", wager.ranking,
                                          wager.paytable,
                                          analysis.line_combinations(wager.ranking, wager.paytable))
    for bet in rules.side_bets:
        for paytable in bet.paytables.values():
            name = f"{bet.title} paytable {paytable.name}"
            table = analysis.side_bet_table(bet, paytable)
            warnings += table_warnings(name, table) + paytable_warnings(
                name, bet.ranking, paytable, analysis.line_combinations(bet.ranking, paytable, bet.paid_on))
    return warnings
