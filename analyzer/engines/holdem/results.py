"""Ultimate Texas Hold'em results: the shared tables and figures from the enumeration's counts.

The enumeration (:mod:`analyzer.engines.holdem.enumeration`) counts deals by the Play
multiple the optimal strategy ends up making, the showdown outcome and the
player's final hand line (royal flush ... high card). Those are settlement
profiles as :class:`analyzer.engines.results.GameResults` expects them, so the return
table, the wager tables, the Trips tables and every figure come from the same
code as the other games. Paytable lines must name whole hand lines (a
category, "royal flush", or "X or better"): the counts do not split a
category by rank.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core.cards import RANK_SYMBOLS, parse_cards
from analyzer.core.csvtext import csv_text, exact_text, read_rows
from analyzer.core.ranking import HandRanking
from analyzer.engines.exact_sums import SumBound, largest_net, raise_stakes
from analyzer.engines.holdem.enumeration import (
    DEALS_PER_FLOP_DECISION,
    DEALS_PER_HOLE,
    EV_DENOMINATOR,
    FLOP_CHOICES,
    HAND_CLASS_SIZES,
    HOLE_PAIRS,
    MULTIPLES,
    OUTCOMES,
    PREFLOP_CHOICES,
    RIVER_CHOICES,
    SCALE,
    SHIPPED,  # noqa: F401 (SHIPPED: doctests)
    HoldemCounts,
    MainWagers,
    collapse_lines,
)
from analyzer.engines.holdem.final_pairs import CYCLE as PAIRS_CYCLE
from analyzer.engines.holdem.final_pairs import committed_final_pairs
from analyzer.engines.holdem.posted import PostedRun, PostedStrategy
from analyzer.engines.holdem.settlement_file import (
    SETTLEMENT_FILE,
    read_settlement,
    settlement_csv,
)
from analyzer.engines.holdem.sevens import LINES
from analyzer.engines.holdem.situations import (
    flop_chart,
    flop_situations,
    flop_summary,
    read_situation_files,
    river_chart,
    river_summary,
    situation_files,
)
from analyzer.engines.holdem.strategy_files import strategy_file_text
from analyzer.engines.results import GameResults, HandCounts, MainFigures, SettlementProfiles
from analyzer.engines.strategy_grid import DecisionGrid, preflop_grid
from analyzer.games.patterns import HandPattern
from analyzer.games.rules import GameRules, Paytable, RulesError
from analyzer.games.settlement import common_scale, decision_name, settle

#: The lowest and the highest hand of each line, to read a paytable pattern on a whole line.
LINE_EXTREMES = {
    "royal_flush": ("As Ks Qs Js Ts", "As Ks Qs Js Ts"),
    "straight_flush": ("5s 4s 3s 2s As", "Ks Qs Js Ts 9s"),
    "four_of_a_kind": ("2s 2h 2d 2c 3s", "As Ah Ad Ac Ks"),
    "full_house": ("2s 2h 2d 3c 3s", "As Ah Ad Kc Ks"),
    "flush": ("2s 3s 4s 5s 7s", "As Ks Qs Js 9s"),
    "straight": ("As 2h 3d 4c 5s", "As Kh Qd Jc Ts"),
    "three_of_a_kind": ("2s 2h 2d 3c 4s", "As Ah Ad Kc Qs"),
    "two_pair": ("2s 2h 3d 3c 4s", "As Ah Kd Kc Qs"),
    "pair": ("2s 2h 3d 4c 5s", "As Ah Kd Qc Js"),
    "high_card": ("2s 3h 4d 5c 7s", "As Kh Qd Jc 9s"),
}


def line_ranks(ranking: HandRanking) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest five-card rank of every hand line, in LINES order."""
    ends = [LINE_EXTREMES[line] for line in LINES]
    return (np.array([ranking.rank_of(parse_cards(low)) for low, _ in ends]),
            np.array([ranking.rank_of(parse_cards(high)) for _, high in ends]))


def check_pattern(pattern: HandPattern, ranking: HandRanking, where: str) -> None:
    """Refuse a pay line that would pay only part of a hand line (four aces, say)."""
    lowest, highest = line_ranks(ranking)
    royal = pattern.category == "straight_flush" and pattern.rank == RANK_SYMBOLS.index("A")
    splits = (pattern.rank is not None and not pattern.or_better and not royal) or \
        (pattern.matches(ranking, lowest) != pattern.matches(ranking, highest)).any()
    if splits:
        raise RulesError(f"{where}: '{pattern.text}' pays only part of a hand category; the Hold'em counts "
                         "split hands by category (and the royal flush), not by rank")


def preflop_chart(decision: dict[str, str]) -> pd.DataFrame:
    """The 13x13 chart of a decision per starting-hand class ("AKs": "4x"): pairs on the diagonal, suited
    above it, offsuit below; the first column names the rows.

    >>> from analyzer.engines.holdem.enumeration import HAND_CLASSES
    >>> chart = preflop_chart({name: "raise" if name[0] == "A" else "check" for name in HAND_CLASSES})
    >>> chart.loc[0, "K"], chart.loc[1, "K"]   # AKs, KK
    ('raise', 'check')
    """
    order = RANK_SYMBOLS[::-1]
    grid = {}
    for column, second in enumerate(order):
        cells = []
        for row, first in enumerate(order):
            high, low = (first, second) if row <= column else (second, first)
            cells.append(decision[high + low if high == low else high + low + ("s" if row < column else "o")])
        grid[second] = cells
    return pd.DataFrame(grid, index=list(order)).rename_axis("suited above, offsuit below").reset_index()


def line_pair_counts(ranking: HandRanking, cycle: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Deals of a Hold'em game of ``cycle`` deals by (player's final line, dealer's final line), each line
    stood for by its lowest rank: (player ranks, dealer ranks, deals), from the committed table
    (:mod:`analyzer.engines.holdem.final_pairs`) scaled to the game's cycle (a whole multiple of the table's:
    the orders of the turn and river of a game over streets)."""
    times, left = divmod(cycle, PAIRS_CYCLE)
    if left:
        raise ValueError(f"a cycle of {cycle} deals is not a multiple of the table's {PAIRS_CYCLE}")
    lowest = line_ranks(ranking)[0]
    player, dealer = np.meshgrid(np.arange(len(LINES)), np.arange(len(LINES)), indexing="ij")
    return lowest[player.ravel()], lowest[dealer.ravel()], times * committed_final_pairs().ravel()


def check_line_patterns(rules: GameRules) -> None:
    """Refuse a pay line of a main wager, or of a side bet paid on the final hand, that splits a hand line
    (:func:`check_pattern`); side bets paid on a set of cards of their own (``board_cards``, ``cards_from``) are
    counted hand by hand."""
    paytables = [(w.title, w.ranking, w.paytable) for w in rules.wagers if w.paytable]
    paytables += [(b.title, b.ranking, p) for b in rules.side_bets if b.paid_on.on_final_hand
                  for p in b.paytables.values()]
    for title, ranking, paytable in paytables:
        if ranking.name != rules.ranking.name:
            raise RulesError(f"{rules.source}, {title}: a wager on the final hand is ranked {rules.ranking.name!r}, as "
                             f"the game's hands are, not {ranking.name!r} (a bet on fewer cards gives board_cards)")
        for line in paytable.lines:
            for pattern in (line.pattern, line.dealer) if line.dealer else (line.pattern,):
                check_pattern(pattern, ranking, f"{rules.name}, {title} {paytable.name}")


def kernel_problem(rules: GameRules) -> str | None:
    """Why the one-Play-bet kernel cannot settle ``rules``' main wagers (None: it can): it counts in halves
    of an ante, and splits the dealer's hands at a pair (a qualifier of a pair or better, or none with every
    wager settling a dealer without a pair as one with it).

    >>> from analyzer.games.rules import load_game
    >>> kernel_problem(load_game("uth")) is None
    True
    """
    if (rules.player_cards, rules.dealer_cards, rules.community_cards) != (2, 2, 5):
        return "deals two hole cards to each side and five community cards"
    values = [v for w in rules.wagers for v in (w.on_fold, *w.results,
                                                 *(line.pays for line in (w.paytable.lines if w.paytable else ())))]
    if any(SCALE % Fraction(v).denominator for v in values):
        return f"counts in 1/{SCALE} antes: a main wager's result or pay is not a multiple of 1/{SCALE}"
    lowest, highest = line_ranks(rules.ranking)
    if rules.dealer_qualifies is not None:
        pair_or_better = np.arange(len(LINES)) <= LINES.index("pair")
        if not all(np.array_equal(rules.dealer_qualifies.matches(rules.ranking, ends), pair_or_better)
                   for ends in (lowest, highest)):
            return ("splits the dealer's hands at a pair: the dealer must qualify with a pair or better, or not "
                    f"at all, not '{rules.dealer_qualifies.text}'")
    elif any(w.results[:3] != w.results[3:] for w in rules.wagers):
        return "without a qualifier settles every main wager alike whether or not the dealer has a pair"
    return None


def main_wagers(rules: GameRules) -> MainWagers:
    """The main wagers of a Hold'em rules file as the enumeration settles them (scaled by SCALE).

    Each main wager settles, per showdown outcome and player's final hand
    line, as :func:`analyzer.games.settlement.settle` says (its paytable's
    line for that hand, paid instead of the outcome's result or on a win
    only, as the file says); the initial wagers (Ante, Blind) add up, the
    raise (Play) is per unit of its multiple, a fold costs the initial
    wagers' ``on_fold``. The counts split the dealer's hands at a pair, so the
    qualifier must be a pair or better, or none (then every wager must settle
    alike whether the dealer has a pair or not). Pays must be whole or halves
    (the enumeration counts in half antes), and small enough for its int64 sums over the cycle
    (:mod:`analyzer.engines.exact_sums`).

    >>> from analyzer.games.rules import load_game
    >>> main_wagers(load_game("uth")) == SHIPPED
    True
    """
    if (why := kernel_problem(rules)) is not None:
        raise RulesError(f"{rules.source}: the Hold'em enumeration {why}")
    largest = largest_net(raise_stakes(rules, len(MULTIPLES) - 1), SCALE)
    SumBound.of(HOLE_PAIRS * DEALS_PER_HOLE, largest).require_int64(rules, "the Hold'em enumeration")
    fold = sum((w.on_fold for w in rules.wagers if w.role != "raise"), Fraction(0))
    return MainWagers(line_settlement(rules, SCALE), int(SCALE * fold))


def line_settlement(rules: GameRules, scale: int) -> np.ndarray:
    """``nets[line, outcome, 0]``: the initial wagers' result, ``nets[line, outcome, 1]``: the raise wager's
    per unit of its multiple, scaled by ``scale``, when the player's final hand is of ``line`` (LINES) and
    the showdown has ``outcome`` (OUTCOMES); each wager settles as
    :func:`analyzer.games.settlement.settle` says for the lowest hand of the line."""
    lowest, _ = line_ranks(rules.ranking)
    nets = np.zeros((len(LINES), len(OUTCOMES), 2), dtype=np.int64)
    for wager in rules.wagers:
        hits = wager.paytable.line_index(wager.ranking, lowest) if wager.paytable else np.full(len(LINES), -1)
        nets[:, :, int(wager.role == "raise")] += settle(wager, hits, scale)
    return nets


#: The files that hold a full run's counts (``enumerations/uth/``), enough to rebuild :class:`HoldemCounts`.
COUNT_FILES = (SETTLEMENT_FILE, "trips_hands.csv", "preflop.csv", "actions.csv")


def counts_csvs(counts: HoldemCounts) -> dict[str, str]:
    """The exact counts of a run as CSV text (file name -> text), read back by :func:`load_counts`."""
    preflop = [[row["class"], int(row["weight"]), exact_text(row["ev_check"]), exact_text(row["ev_3x"]),
                exact_text(row["ev_4x"]), row["decision"]] for _, row in counts.preflop.iterrows()]
    actions = [["pre-flop", "all", choice, int(n)] for choice, n in zip(PREFLOP_CHOICES, counts.preflop_actions, strict=True)]
    for point, table, choices in (("flop", counts.flop_actions, FLOP_CHOICES),
                                  ("river", counts.river_actions, RIVER_CHOICES)):
        actions += [[point, LINES[line], choice, int(table[line, i])]
                    for line in range(len(LINES)) for i, choice in enumerate(choices)]
    files = situation_files(counts.situations) if counts.situations is not None else {}
    return files | {
        SETTLEMENT_FILE: settlement_csv(counts.settlement_by_hand),
        "trips_hands.csv": csv_text(["hand", "combinations"],
                                    [[line, int(n)] for line, n in zip(LINES, counts.trips_hands, strict=True)]),
        "preflop.csv": csv_text(["class", "weight", "ev_check", "ev_3x", "ev_4x", "decision"], preflop),
        "actions.csv": csv_text(["decision_point", "hand", "action", "combinations"], actions),
    }


def load_counts(folder: Path) -> HoldemCounts:
    """A full run's counts from the files :func:`counts_csvs` wrote (the cached enumeration)."""
    text = {name: (folder / name).read_text(encoding="utf-8") for name in COUNT_FILES}
    by_hand = read_settlement(text[SETTLEMENT_FILE])
    trips = np.array([int(row["combinations"]) for row in read_rows(text["trips_hands.csv"])], dtype=np.int64)
    rows = read_rows(text["preflop.csv"])
    preflop = pd.DataFrame({"class": [row["class"] for row in rows],
                            "weight": [int(row["weight"]) for row in rows]})
    for option in ("check", "3x", "4x"):
        values = [Fraction(row[f"ev_{option}"]) for row in rows]
        preflop[option] = [int(value * EV_DENOMINATOR) for value in values]
        preflop[f"ev_{option}"] = values
    preflop["decision"] = [row["decision"] for row in rows]
    actions = read_rows(text["actions.csv"])

    def point(name: str, choices: tuple[str, ...]) -> np.ndarray:
        table = {(row["hand"], row["action"]): int(row["combinations"]) for row in actions
                 if row["decision_point"] == name}
        return np.array([[table[(line, choice)] for choice in choices] for line in LINES], dtype=np.int64)

    empty = np.zeros((len(HAND_CLASS_SIZES), len(LINES), 2), dtype=np.int64)
    return HoldemCounts(
        cycle=int(by_hand.sum()), settlement=collapse_lines(by_hand), settlement_by_hand=by_hand,
        trips_hands=trips, preflop=preflop,
        preflop_actions=np.array([int(row["combinations"]) for row in actions if row["decision_point"] == "pre-flop"],
                                 dtype=np.int64),
        flop_actions=point("flop", FLOP_CHOICES), river_actions=point("river", RIVER_CHOICES),
        flop_actions_by_class=empty, river_actions_by_class=empty, ev_denominator=EV_DENOMINATOR, complete=True,
        situations=read_situation_files(folder))


@dataclass(frozen=True)
class HoldemPostedRule:
    """The posted card's rules, its exact house edge and its exact cost against the optimal strategy."""

    rows: tuple[tuple[str, str, str], ...]  # (decision point, decision, with these hands)
    house_edge: Fraction
    cost: Fraction
    strategy: PostedStrategy

    @property
    def text(self) -> str:
        return " | ".join(f"{point}: {decision} with {hands}" for point, decision, hands in self.rows)

    def strategy_file(self, game: str) -> str:
        """The card as a strategy file (:mod:`analyzer.engines.holdem.strategy_files` reads it back), so it can
        be saved, edited and re-evaluated with ``--strategy``."""
        return strategy_file_text(self.strategy, game)

    def table(self) -> pd.DataFrame:
        """One row per decision point, in the posted-rule table shape of the other games."""
        return pd.DataFrame([{"when": point, "decision": decision, "posted: this hand or better": hands,
                              "optimal: weakest hand so played": "see the charts below",
                              "group cost per ante": self.cost} for point, decision, hands in self.rows])


def posted_card_rows(strategy: PostedStrategy) -> tuple[tuple[str, str, str], ...]:
    """The card's rules in words (from the strategy's own fields)."""
    river = "a hidden pair or better"
    if strategy.river_fewer_dealer_outs_than:
        river += f", or fewer than {strategy.river_fewer_dealer_outs_than} dealer outs"
    return (("pre-flop", "4x", ", ".join(strategy.preflop_raise_4x) + "; otherwise check"),
            ("flop", "2x", "two pair or better using a hole card, a hidden pair (not deuces), or four to a flush "
             "with a hidden ten or better of that suit; otherwise check"),
            ("river", "1x", river + "; otherwise fold"))


@dataclass
class HoldemAnalysis(GameResults):
    """The exact analysis of Ultimate Texas Hold'em, from :class:`HoldemCounts` (and, when given, the run of the
    posted card, :class:`analyzer.engines.holdem.posted.PostedRun`: made with the analysis, or committed)."""

    counts: HoldemCounts
    posted: PostedRun | None = field(default=None, kw_only=True)

    def posted_rule(self) -> HoldemPostedRule | None:
        """The posted card with its exact house edge and cost under this analysis's main wagers, or None."""
        if self.posted is None:
            return None
        edge = self.posted.counts(self.counts).house_edge_per_ante()
        return HoldemPostedRule(posted_card_rows(self.posted.strategy), edge, edge - self.counts.house_edge_per_ante(),
                                self.posted.strategy)

    def __post_init__(self) -> None:
        if main_wagers(self.rules) != self.counts.wagers:
            raise RulesError(f"{self.rules.name}: these Hold'em counts were made for other main wagers (their "
                             "strategy is optimal for another Blind paytable, qualifier or settlement)")
        check_line_patterns(self.rules)

    @property
    def cycle(self) -> int:
        return self.counts.cycle

    @property
    def scale(self) -> int:
        return common_scale(self.rules)

    @property
    def action_names(self) -> dict[int, str]:
        names = {0: "fold (river)"}
        for option in self.rules.play:
            names[option.multiple] = f"{decision_name(option.multiple)} ({option.when})"
        return names

    def _line_hits(self, ranking: HandRanking, paytable: Paytable) -> np.ndarray:
        return paytable.line_index(ranking, line_ranks(ranking)[0])

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the player's final hand line (strategy-independent: Trips stays in on a fold)."""
        return HandCounts(line_ranks(ranking)[0], self.counts.trips_hands)

    def hand_pair_counts(self, ranking: HandRanking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deals by the pair of final hand lines (:func:`line_pair_counts`)."""
        return line_pair_counts(ranking, self.cycle)

    def losing_hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals played to the showdown that the dealer's hand wins (qualified or not), by the player's final
        hand line (a folded hand is out of action)."""
        losing = [OUTCOMES.index("no_qualify_lose"), OUTCOMES.index("lose")]
        played = self.counts.settlement_by_hand[1:]  # every Play multiple but the fold
        return HandCounts(line_ranks(ranking)[0], played[:, losing].sum(axis=(0, 1)))

    @cached_property
    def settled(self) -> SettlementProfiles:
        """One profile per (Play multiple, final hand line)."""
        by_hand = self.counts.settlement_by_hand  # (multiple, outcome, line)
        multiples = np.repeat(np.arange(len(MULTIPLES)), len(LINES))
        lines = np.tile(np.arange(len(LINES)), len(MULTIPLES))
        per_outcome = by_hand.transpose(0, 2, 1).reshape(-1, by_hand.shape[1]).copy()
        folded = np.where(multiples == 0, per_outcome.sum(axis=1), 0)
        per_outcome[multiples == 0] = 0
        hits = {w.name: self._line_hits(w.ranking, w.paytable)[lines] for w in self.rules.wagers if w.paytable}
        return SettlementProfiles(multiples, hits, per_outcome, folded)

    def decision_points(self) -> dict[str, dict[str, Fraction]]:
        """Share of all deals taking each choice at each decision point (flop and river among the
        hands still unbet there)."""
        counts = self.counts
        return {
            "pre-flop": {name: Fraction(int(n), self.cycle)
                         for name, n in zip(PREFLOP_CHOICES, counts.preflop_actions, strict=True)},
            "flop": {name: Fraction(int(n), self.cycle)
                     for name, n in zip(FLOP_CHOICES, counts.flop_actions.sum(axis=0), strict=True)},
            "river": {name: Fraction(int(n), self.cycle)
                      for name, n in zip(RIVER_CHOICES, counts.river_actions.sum(axis=0), strict=True)},
        }

    def main_figures(self) -> MainFigures:
        figures = super().main_figures()
        figures["decision_points"] = self.decision_points()
        return figures

    # -- strategy ----------------------------------------------------------
    def preflop_chart(self) -> pd.DataFrame:
        """The 13x13 pre-flop chart: pairs on the diagonal, suited above it, offsuit below."""
        return preflop_chart(dict(zip(self.counts.preflop["class"], self.counts.preflop["decision"], strict=True)))

    def preflop_values(self) -> pd.DataFrame:
        """Every starting-hand class: combinations, exact EV per ante of each option, the decision."""
        frame = self.counts.preflop
        return pd.DataFrame({"hand": frame["class"], "combinations": frame["weight"].astype(np.int64),
                             "EV check": frame["ev_check"], "EV 3x": frame["ev_3x"], "EV 4x": frame["ev_4x"],
                             "decision": frame["decision"]})

    def _point_table(self, actions: np.ndarray, choices: tuple[str, ...], hand: str) -> pd.DataFrame:
        frame = pd.DataFrame({hand: [line.replace("_", " ") for line in LINES]})
        for index, choice in enumerate(choices):
            frame[f"deals: {choice}"] = actions[:, index].astype(np.int64)
        total = actions.sum(axis=1)
        frame[f"share {choices[0]}"] = [float(a) / t if t else None for a, t in zip(actions[:, 0], total, strict=True)]
        return frame[total > 0].reset_index(drop=True)

    def decision_grid(self) -> DecisionGrid:
        """The 13x13 pre-flop chart."""
        return preflop_grid(self)

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """Pre-flop chart and EVs; flop and river decisions by the player's made hand."""
        return [
            ("Pre-flop: optimal decision by starting hand (row: first card, column: second card)",
             self.preflop_chart(), False),
            ("Pre-flop: exact EV per ante of each option", self.preflop_values(), True),
            ("Flop (hands that checked pre-flop): deals betting 2x or checking, by made hand on hole + flop",
             self._point_table(self.counts.flop_actions, FLOP_CHOICES, "made hand"), True),
            ("River (hands that checked twice): deals betting 1x or folding, by final hand",
             self._point_table(self.counts.river_actions, RIVER_CHOICES, "final hand"), True),
            *self.situation_tables(),
        ]

    def situation_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """The flop decision by made hand and draw, the river decision by made hand and dealer outs."""
        situations = self.counts.situations
        if situations is None:
            return []
        return [
            ("Flop chart: optimal decision by made hand (rows) and draw (columns); "
             "'mixed' cells depend on more than these two", flop_chart(situations.flop_summary), False),
            ("River chart: by made hand, the dealer outs up to which 1x is always optimal and from which "
             "folding always is", river_chart(situations.river_summary), False),
            ("Flop: (hole, flop) situations by made hand and draw, betting 2x or checking",
             flop_summary(situations.flop_summary), True),
            ("River: (hole, flop, turn+river) situations by made hand and dealer outs, playing 1x or folding",
             river_summary(situations.river_summary), True),
        ]

    def decision_files(self) -> dict[str, tuple[str, pd.DataFrame]]:
        """Every (flop class, hole pair) situation's optimal flop decision (:meth:`flop_situations`), when
        the counts carry them."""
        if self.counts.situations is None:
            return {}
        return {"flop-decisions": ("every (flop, hole cards) situation, its weight (the deals it stands for), "
                                   "made hand, draw and optimal flop decision", self.flop_situations())}

    def flop_situations(self) -> pd.DataFrame:
        """Every (flop class, hole pair) situation with its optimal flop decision (see
        :func:`analyzer.engines.holdem.situations.flop_situations`); EVs per ante when the run's values are kept."""
        if self.counts.situations is None:
            raise ValueError("these counts carry no flop decisions")
        return flop_situations(self.counts.situations, SCALE * DEALS_PER_FLOP_DECISION)
