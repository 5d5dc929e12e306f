"""A progressive side bet from a paytable the user supplies (the rules give none).

An award is either fixed (``pays``, in units of the stake, "to 1") or a share
of the meter (``meter``, e.g. "10%"). With ``P_i`` the probability that line i
pays, the return per unit staked at meter value M is

    R(M) = sum_fixed P_i * pays_i + sum_meter P_i * share_i * M / stake - P(no line),

linear in M; the report gives R at the reset value and the break-even meter
M* with R(M*) = 0. The contribution rate (the share of each wager added to
the meter) is returned to players through meter growth, so the long-run
return is R(reset) + contribution.

Example file::

    title = "Example progressive"
    stake = 5
    reset = 10000
    contribution = "15%"
    lines = [
      { hand = "four_of_a_kind of A", label = "Four aces", meter = "100%" },
      { hand = "four_of_a_kind", label = "Four of a kind", meter = "10%" },
      { hand = "straight_flush", label = "Straight flush", pays = 100 },
    ]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TypedDict

import pandas as pd

from analyzer.core.ranking import HandRanking, load_ranking
from analyzer.engines.results import GameResults, exact_table
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern
from analyzer.games.paytables import read_toml_file
from analyzer.games.rules import (
    PAID_ON_KEYS,
    GameRules,
    PaidOn,
    PayLine,
    Paytable,
    RulesError,
    paid_on,
    parse_pays,
)


@dataclass(frozen=True)
class ProgressiveLine:
    """A paying hand: a fixed pay "to 1" or a share of the meter."""

    label: str
    pattern: HandPattern
    pays: Fraction | None
    meter_share: Fraction | None


@dataclass(frozen=True)
class Progressive:
    """A progressive paytable: stake, meter reset value, contribution rate, lines."""

    title: str
    source: str
    ranking: HandRanking
    stake: Fraction
    reset: Fraction
    contribution: Fraction
    lines: tuple[ProgressiveLine, ...]
    paid_on: PaidOn = PaidOn()

    def award(self, line: ProgressiveLine, meter: Fraction) -> Fraction:
        """What a line pays per unit staked when the meter stands at ``meter``."""
        if line.pays is not None:
            return line.pays
        if line.meter_share is None:  # a line gives one of them (load_progressive checks it)
            raise RulesError(f"{self.source}: line {line.label!r} pays neither a fixed amount nor a meter share")
        return line.meter_share * meter / self.stake


def _share(value: object, where: str) -> Fraction:
    text = str(value).strip()
    try:
        share = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"{where}: cannot read {value!r} as a share (write e.g. \"10%\" or 0.1)") from None
    if not 0 <= share <= 1:
        raise RulesError(f"{where}: share {value!r} is not between 0% and 100%")
    return share


def load_progressive(path: Path, rules: GameRules) -> Progressive:
    """Read and check a progressive paytable file for a game; every problem is a one-line RulesError.

    Hands are read on the game's ranking (the best four-card hand, say) unless
    the file names another (``ranking = "five_card"``); ``board_cards`` and
    ``pays_when`` say which hand pays, as for a side bet
    (:class:`analyzer.games.rules.PaidOn`).
    """
    game_ranking = rules.ranking
    where = str(path)
    _, data = read_toml_file(path, "progressive paytable")
    missing = [key for key in ("stake", "reset", "lines") if key not in data]
    if missing:
        raise RulesError(f"{where}: missing {', '.join(missing)}")
    try:
        ranking = load_ranking(data["ranking"]) if "ranking" in data else game_ranking
    except KeyError as error:
        raise RulesError(f"{where}: {error.args[0]}") from None
    stake, reset = parse_pays(data["stake"]), parse_pays(data["reset"])
    if stake == 0:
        raise RulesError(f"{where}: the stake must be positive")
    lines: list[ProgressiveLine] = []
    for number, row in enumerate(data["lines"], start=1):
        here = f"{where}, line {number}"
        if not isinstance(row, dict) or "hand" not in row or ("pays" in row) == ("meter" in row):
            raise RulesError(f"{here}: give a hand and either pays or meter")
        try:
            pattern = parse_pattern(row["hand"], ranking)
            pays = parse_pays(row["pays"]) if "pays" in row else None
        except (PatternError, RulesError) as error:
            raise RulesError(f"{here}: {error}") from None
        if any(line.pattern == pattern for line in lines):
            raise RulesError(f"{here}: hand {row['hand']!r} appears twice")
        share = _share(row["meter"], here) if "meter" in row else None
        lines.append(ProgressiveLine(row.get("label", pattern.text), pattern, pays, share))
    cards = (rules.player_cards, rules.dealer_cards, rules.community_cards, rules.dealer_up_cards)
    paid = paid_on({key: data[key] for key in PAID_ON_KEYS if key in data}, ranking, cards, where, "the progressive")
    return Progressive(data.get("title", path.stem), where, ranking, stake, reset,
                       _share(data.get("contribution", 0), f"{where}, contribution"), tuple(lines), paid)


def progressive_table(analysis: GameResults, progressive: Progressive) -> pd.DataFrame:
    """Outcome table of the progressive at its reset value (exact), in the game's cycle."""
    paytable = Paytable(progressive.title, tuple(
        PayLine(line.label, line.pattern, progressive.award(line, progressive.reset)) for line in progressive.lines))
    combinations = analysis.line_combinations(progressive.ranking, paytable, progressive.paid_on)
    events = [line.label for line in paytable.lines] + ["no paying hand"]
    pays = [line.pays for line in paytable.lines] + [Fraction(-1)]
    return exact_table(events, pays, combinations + [analysis.cycle - sum(combinations)], analysis.cycle)


class ProgressiveFigures(TypedDict):
    """A progressive's exact figures (:func:`progressive_figures`)."""

    title: str
    source: str
    stake: Fraction
    reset: Fraction
    contribution: Fraction
    return_at_reset: Fraction
    house_edge_at_reset: Fraction
    break_even_meter: Fraction | None
    long_run_return: Fraction


def progressive_figures(analysis: GameResults, progressive: Progressive) -> ProgressiveFigures:
    """Return at reset, break-even meter (None without meter lines), long-run return."""
    table = progressive_table(analysis, progressive)
    probability = dict(zip(table["outcome"], table["probability"], strict=True))
    at_reset = sum(table["contribution"], Fraction(0))
    meter_slope = sum((probability[line.label] * line.meter_share / progressive.stake
                       for line in progressive.lines if line.meter_share is not None), Fraction(0))
    break_even = (progressive.reset - at_reset / meter_slope) if meter_slope else None
    return {
        "title": progressive.title,
        "source": progressive.source,
        "stake": progressive.stake,
        "reset": progressive.reset,
        "contribution": progressive.contribution,
        "return_at_reset": at_reset,
        "house_edge_at_reset": -at_reset,
        "break_even_meter": break_even,
        "long_run_return": at_reset + progressive.contribution,
    }
