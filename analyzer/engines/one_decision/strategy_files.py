"""Strategies written by people: ordered rules, evaluated exactly against the optimal strategy.

A strategy file lists rules, checked from the top; the first rule whose hand
the player's best hand reaches decides::

    game = "crazy4"
    rules = ["3x with pair of aces or better", "1x with K-Q-8-4 or better", "fold"]

A rule is ``[play] Nx with HAND or better``, ``[play] Nx`` (always) or
``fold``. HAND is a hand name (``pair of Q``, ``two pair``, ``straight``), a
high-card hand by its ranks (``K-Q-8-4``, or just ``K-Q`` for the lowest
K-Q hand), or a named hand with kickers (``pair of aces, 5-3``). Where the
dealer shows a card, rules may be given per up-card rank, with ``rules`` as
the default::

    [up_cards]
    "A" = ["3x with pair of Q or better", "1x with pair of 2, A or better", "fold"]

The posted rules of each game's strategy chart print in this same format
(:meth:`PostedRule.strategy_file <analyzer.engines.one_decision.posted_rule.PostedRule.strategy_file>`), so a chart
can be saved, edited and re-evaluated.

>>> from analyzer.core.ranking import load_ranking
>>> four = load_ranking("four_card")
>>> four.describe(hand_threshold("K-Q-8-4", four)), four.describe(hand_threshold("pair of aces, 5-3", four))
('K-Q-8-4', 'pair of aces, 5-3')
>>> parse_rule("play 3x with pair of aces or better", four)[0], parse_rule("fold", four)
(3, (0, 0))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from analyzer.core.cards import CardError, parse_rank
from analyzer.core.ranking import HandRanking
from analyzer.engines.base import StrategyFigures
from analyzer.engines.one_decision.results import Analysis
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern
from analyzer.games.paytables import read_toml_file
from analyzer.games.rules import GameRules, RulesError

RULE = re.compile(r"(?:play\s+)?(?P<multiple>\d+)x(?:\s+with\s+(?P<hand>.+?)(?:\s+or\s+better)?)?|fold(?: the rest)?",
                  re.IGNORECASE)


def hand_threshold(text: str, ranking: HandRanking) -> int:
    """The lowest hand rank that ``text`` names: a pattern, a high-card hand by its ranks (``K-Q-8-4``,
    ``Q``), or a pattern with kickers (``pair of aces, 5-3``: the pattern's ranks, then the kickers)."""
    named, _, kickers = text.strip().lower().partition(",")
    try:
        ranks = _rank_list(named)
        pattern = HandPattern("high_card", ranks) if ranks else parse_pattern(named, ranking)
        if kickers.strip():
            pattern = HandPattern(pattern.category, pattern.ranks + _rank_list(kickers, strict=True))
        return pattern.lowest_rank(ranking)
    except (CardError, PatternError) as error:
        raise RulesError(f"cannot read hand {text!r}: {error}") from None


def _rank_list(text: str, strict: bool = False) -> tuple[int, ...]:
    """The ranks of ``K-Q-8-4``; () when some part is no rank, unless ``strict`` (then a CardError)."""
    try:
        return tuple(parse_rank(part) for part in text.strip().split("-"))
    except CardError:
        if strict:
            raise
        return ()


def parse_rule(text: str, ranking: HandRanking) -> tuple[int, int]:
    """(Play multiple, lowest best-hand rank) of one rule; fold is multiple 0 from rank 0."""
    match = RULE.fullmatch(text.strip())
    if not match:
        raise RulesError(f"cannot read strategy rule {text!r} (write e.g. '1x with K-Q-8-4 or better' or 'fold')")
    if match["multiple"] is None:
        return 0, 0
    hand = match["hand"]
    return int(match["multiple"]), hand_threshold(hand, ranking) if hand else 0


@dataclass(frozen=True)
class WrittenStrategy:
    """Ordered rules, by up-card rank (None: every up-card, or games without one)."""

    title: str
    rules: dict[int | None, tuple[tuple[int, int], ...]]

    def multiples(self, best_rank: np.ndarray, up_rank: np.ndarray | None) -> np.ndarray:
        """The Play multiple the rules choose for each situation (0: fold)."""
        chosen = np.full(len(best_rank), -1, dtype=np.int64)
        for group, rules in self.rules.items():
            here = np.ones(len(best_rank), dtype=bool) if group is None or up_rank is None else up_rank == group
            if group is None and len(self.rules) > 1 and up_rank is not None:
                here &= ~np.isin(up_rank, [g for g in self.rules if g is not None])
            for multiple, threshold in rules:
                hit = here & (chosen < 0) & (best_rank >= threshold)
                chosen[hit] = multiple
        if (chosen < 0).any():
            raise RulesError(f"strategy {self.title!r} decides nothing for some hands: end its rules with 'fold'")
        return chosen


def load_strategy(path: Path, ranking: HandRanking) -> WrittenStrategy:
    """Read a strategy file; every problem is a one-line RulesError naming the file."""
    where = str(path)
    _, data = read_toml_file(path, "strategy")
    groups: dict[int | None, tuple[tuple[int, int], ...]] = {}
    try:
        if "rules" in data:
            groups[None] = tuple(parse_rule(rule, ranking) for rule in data["rules"])
        for rank, rules in data.get("up_cards", {}).items():
            groups[parse_rank(rank)] = tuple(parse_rule(rule, ranking) for rule in rules)
    except (RulesError, CardError) as error:
        raise RulesError(f"{where}: {error}") from None
    if not groups:
        raise RulesError(f"{where}: no rules (write rules = [...])")
    return WrittenStrategy(data.get("title", path.stem), groups)


def check_allowed(strategy: WrittenStrategy, rules: GameRules, where: str | None = None) -> None:
    """Refuse a strategy that plays what the game never allows: a multiple it does not offer, a fold it does
    not allow, or a multiple below the hand it requires. Every rank a hand of the ranking can have is played
    through the rules (with each dealer up-card rank the rules name, and one they do not), so the check
    needs no enumeration and names the first such hand; ``where``, the file, starts the message.

    >>> from analyzer.games.rules import load_game
    >>> crazy4 = load_game("crazy4")
    >>> four = crazy4.ranking
    >>> try:
    ...     check_allowed(WrittenStrategy("mine", {None: (parse_rule("3x with pair of 2", four), (0, 0))}),
    ...                   crazy4, "mine.toml")
    ... except RulesError as error:
    ...     print(error)
    mine.toml: strategy 'mine' plays 3x with pair of twos, 4-3: the rules do not allow 3x below pair of A or better
    """
    ranks = rules.ranking.distinct
    offered = {option.multiple: option.requires for option in rules.play}
    named = sorted(group for group in strategy.rules if group is not None)
    ups: list[int | None] = [*named, *[rank for rank in range(13) if rank not in named][:1]] if named else [None]
    told = f"{where}: " if where else ""
    for up in ups:
        chosen = strategy.multiples(ranks, None if up is None else np.full(len(ranks), up))
        for multiple in np.unique(chosen).tolist():
            played = ranks[chosen == multiple]
            if multiple == 0 and not rules.fold:
                raise RulesError(f"{told}strategy {strategy.title!r} folds, which {rules.title} does not allow")
            if multiple != 0 and multiple not in offered:
                raise RulesError(f"{told}strategy {strategy.title!r} plays {multiple}x, which {rules.title} does "
                                 f"not offer (it offers {', '.join(f'{m}x' for m in offered)})")
            requires = offered.get(multiple)
            if requires is not None and not requires.matches(rules.ranking, played).all():
                first = played[~requires.matches(rules.ranking, played)].min()
                raise RulesError(f"{told}strategy {strategy.title!r} plays {multiple}x with "
                                 f"{rules.ranking.describe(first)}: the rules do not allow {multiple}x below "
                                 f"{requires.text}")


def evaluate_strategy(analysis: Analysis, strategy: WrittenStrategy) -> StrategyFigures:
    """Exact house edge per ante of a written strategy, its cost against the optimal one, and its
    decision frequencies; a rule the game forbids (3x without a pair of aces, say) is an error
    (:func:`check_allowed`)."""
    check_allowed(strategy, analysis.rules)
    situations, decisions = analysis.situations, analysis.decisions
    up_rank = None if situations.up_card is None else situations.up_card // 4
    chosen = strategy.multiples(situations.best_rank, up_rank)
    columns = {int(m): index for index, m in enumerate(decisions.multiples)}
    column = np.array([columns[int(m)] for m in chosen])
    rows = np.arange(len(chosen))
    weights = situations.weights
    denominator = decisions.scale * situations.dealer_hands * int(weights.sum())
    value = Fraction(int((decisions.totals[rows, column] * weights).sum()), denominator)
    optimal = Fraction(int((decisions.totals[rows, decisions.choice] * weights).sum()), denominator)
    hands = int(weights.sum())
    return StrategyFigures(title=strategy.title, house_edge_per_ante=-value, cost_per_ante=optimal - value,
                           actions={name: Fraction(int(weights[column == index].sum()), hands)
                                    for index, name in enumerate(decisions.names)})
