"""What test labs and operators look for beside the house edge (GUIDE §3), from an analysis's exact tables.

Pure functions of a :class:`~analyzer.engines.results.GameResults` and a
:class:`LabSettings`; each returns a pandas DataFrame (or a dict) whose
figures are exact ``Fraction`` values, except those that need a square root
(standard deviation, volatility index, the 95% band), given as ``Decimal``
values to 30 significant digits. :func:`lab_tables` gives them all, titled,
for a report:

* :func:`paying_lines`: hit frequency and "1 in N" of every paying outcome of
  every main wager (as its wager table settles it, optimal strategy) and of
  every line of every side-bet paytable, with the GLI-11 4.8.2 flag of an
  award rarer than 1 in 100,000,000;
* :func:`maximum_payout`: the largest win of one round on each wager at its
  largest stake, and with every wager at once;
* :func:`volatility`: standard deviation and volatility index (SD x 1.96)
  per wager, with the theoretical win per hour at the stated pace;
* :func:`operator_figures` and :func:`hold_band`: theoretical win per hour,
  and the 95% band of the hold after N hands (normal approximation);
* :func:`payout_cap`: an aggregate payout limit per round, applied exactly to
  the main game's net results (:func:`capped_mean`).

Units: the main game's figures are per unit of the Ante (the net result of a
round over all main wagers); each side bet's per unit of its own stake, which
the settings state in units of the Ante.

>>> capped_mean({Fraction(10): 1, Fraction(1): 4, Fraction(-1): 5}, cap=Fraction(5))
Fraction(2, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TypedDict

import pandas as pd

from analyzer.core import figures
from analyzer.engines.results import GameResults, distribution
from analyzer.games.rules import Paytable

#: GLI-11 4.8.2: an award whose odds are longer than this must be stated as such.
GLI_RARE_ODDS = 100_000_000
#: The normal quantile of a two-sided 95% band.
Z_95 = Decimal("1.96")
#: Label of the main game's net result in the tables.
MAIN_GAME = "main game (net result of all main wagers)"

#: Lab-table columns shown as percentages.
PERCENT_COLUMNS = frozenset({"hit_frequency", "house_edge", "house_edge_capped", "house_edge_per_ante",
                             "house_edge_per_ante_capped", "element_of_risk", "element_of_risk_capped",
                             "probability_capped", "hold_low", "hold_high", "cost_per_ante"})
#: Readable headers of the lab tables' columns (the others: the name with spaces).
HEADERS = {"one_in": "1 in N", "rarer_than_gli_limit": "rarer than 1 in 100M", "win_per_hour": "win per hour",
           "volatility_index": "volatility index", "standard_deviation": "SD"}
#: How the operator figures are computed, for a report beside the tables.
LAB_NOTES = ("Theoretical win per hour = hands an hour x Ante x house edge (per wager, the wager made every "
             "hand). The 95% band of the hold after N hands is the normal approximation from the exact mean "
             "and SD of the net result per Ante: average house win per hand e ± 1.96 x SD / √N (e: house edge "
             "per Ante); hold (share of the amount wagered) (e ± 1.96 x SD / √N) / average total bet.")


@dataclass(frozen=True)
class LabSettings:
    """The operator's figures' assumptions, each with a stated default.

    ``hands_per_hour``: the pace (default 50 hands an hour); ``ante``: the
    money value of one Ante (default 1: money figures in units of the Ante),
    so the average bet is ``ante`` x the average total bet of the analysis;
    ``side_bet_stake``: each side bet's stake in units of the Ante (default 1);
    ``hold_hands``: the N of the 95% band of the hold after N hands;
    ``payout_cap``: an aggregate payout limit per round in units of the Ante
    (None: no limit), see :func:`payout_cap`.
    """

    hands_per_hour: int = 50
    ante: Fraction = Fraction(1)
    side_bet_stake: Fraction = Fraction(1)
    hold_hands: tuple[int, ...] = (100, 1_000, 10_000, 100_000)
    payout_cap: Fraction | None = None

    def describe(self) -> list[str]:
        """The settings as sentences for a report."""
        cap = ("none" if self.payout_cap is None
               else f"{_number(self.payout_cap)} units of the Ante per round (main game; see the payout limit)")
        return [f"pace: {self.hands_per_hour:,} hands an hour",
                f"Ante: {_number(self.ante)} (money figures are per this Ante)",
                f"side-bet stake: {_number(self.side_bet_stake)} Ante each",
                f"hold band after: {', '.join(f'{n:,}' for n in self.hold_hands)} hands",
                f"aggregate payout limit: {cap}"]


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def sqrt(value: Fraction) -> Decimal:
    """The square root of a non-negative fraction to 30 significant digits.

    >>> sqrt(Fraction(9, 4))
    Decimal('1.5')
    """
    return Decimal(figures.decimal_sqrt(value))


def decimal(value: Fraction) -> Decimal:
    """A fraction as a 30-digit Decimal, to combine with square roots.

    >>> decimal(Fraction(1, 4))
    Decimal('0.25')
    """
    return Decimal(value.numerator) / Decimal(value.denominator)


def capped(results: figures.Distribution, cap: Fraction | None) -> figures.Distribution:
    """The distribution with every result above ``cap`` paid ``cap`` instead (None: unchanged).

    >>> capped({Fraction(10): 1, Fraction(-1): 3}, Fraction(4))
    {Fraction(4, 1): 1, Fraction(-1, 1): 3}
    """
    if cap is None:
        return dict(results)
    merged: figures.Distribution = {}
    for value, count in results.items():
        key = min(value, cap)
        merged[key] = merged.get(key, 0) + count
    return merged


def capped_mean(results: figures.Distribution, cap: Fraction | None) -> Fraction:
    """E[min(result, cap)], exact: the mean result when no round can win more than ``cap``."""
    return figures.mean(capped(results, cap))


# -- the outcome tables of every wager -------------------------------------------
def wager_tables(analysis: GameResults) -> list[tuple[str, str, pd.DataFrame, Fraction]]:
    """(wager title, paytable name or "", outcome table, the least result that is an award) for every main
    wager (its default paytable, results per unit of the Ante) and every side-bet paytable (per unit of its
    stake). An award is a win, or with pays quoted "for 1" (video poker) any line returning something: a
    1-for-1 line returns the stake (a result of 0) and is an award of its own."""
    def least(paytable: Paytable | None) -> Fraction:
        return Fraction(-1) if paytable is not None and paytable.for_one else Fraction(0)

    tables = [(wager.title, wager.default_paytable or "", analysis.wager_table(wager), least(wager.paytable))
              for wager in analysis.rules.wagers]
    tables += [(bet.title, name, analysis.side_bet_table(bet, paytable), least(paytable))
               for bet in analysis.rules.side_bets for name, paytable in bet.paytables.items()]
    return tables


def paying_lines(analysis: GameResults) -> pd.DataFrame:
    """Every paying outcome of every wager and paytable: pays, combinations, hit frequency
    (combinations / cycle), "1 in N" (cycle / combinations; None when it never occurs) and
    ``rarer_than_gli_limit`` (1 in more than 100,000,000: GLI-11 4.8.2 asks that such an award be
    stated as such). A main wager's paying outcomes are its wager table's rows that win (optimal
    strategy; the Play's by multiple), or with pays quoted "for 1" every line that returns something (a
    1-for-1 push included); a side bet's, every paytable line. Each wager ends with a row
    "any paying outcome" (its hit frequency).
    """
    return pd.DataFrame([row for title, paytable, table, least in wager_tables(analysis)
                         for row in outcome_lines(title, paytable, table, least)])


def outcome_lines(wager: str, paytable: str, table: pd.DataFrame, least: Fraction = Fraction(0)
                  ) -> list[dict[str, object]]:
    """The rows of :func:`paying_lines` for one outcome table (its combinations add up to the cycle): those
    whose result is above ``least`` (0: the wins; -1 with pays quoted "for 1", see :func:`wager_tables`).

    >>> from analyzer.engines.results import exact_table
    >>> table = exact_table(["big", "small", "loses"], [Fraction(10), Fraction(1), Fraction(-1)], [1, 3, 6], 10)
    >>> [(row["outcome"], row["hit_frequency"], row["one_in"]) for row in outcome_lines("Bet", "", table)]
    [('big', Fraction(1, 10), Fraction(10, 1)), ('small', Fraction(3, 10), Fraction(10, 3)), \
('any paying outcome', Fraction(2, 5), Fraction(5, 2))]
    """
    cycle = int(table["combinations"].sum())
    paying = table[table["pays"] > least]
    rows = [(outcome, pays, int(count)) for outcome, pays, count in
            zip(paying["outcome"], paying["pays"], paying["combinations"], strict=True)]
    rows.append(("any paying outcome", None, sum(count for _, _, count in rows)))
    lines = []
    for outcome, pays, count in rows:
        probability = Fraction(count, cycle)
        one_in = figures.one_in(probability)
        lines.append({"wager": wager, "paytable": paytable, "outcome": outcome, "pays": pays, "combinations": count,
                      "hit_frequency": probability, "one_in": one_in,
                      "rarer_than_gli_limit": one_in is not None and one_in > GLI_RARE_ODDS})
    return lines


def rare_awards(analysis: GameResults) -> list[str]:
    """One sentence per paying outcome rarer than 1 in 100,000,000 (GLI-11 4.8.2)."""
    lines = paying_lines(analysis)
    return [f"{row.wager}{f' {row.paytable}' if row.paytable else ''}: '{row.outcome}' occurs 1 in "
            f"{float(row.one_in):,.0f}, rarer than 1 in {GLI_RARE_ODDS:,} (GLI-11 4.8.2: state it as such)."
            for row in lines[lines["rarer_than_gli_limit"]].itertuples()]


# -- maximum payout ------------------------------------------------------------
def maximum_payout(analysis: GameResults, settings: LabSettings = LabSettings()) -> pd.DataFrame:
    """The largest win of one round, in units of the Ante, with its stake and the outcome giving it.

    Rows: each main wager at its largest stake (an initial wager 1 Ante, the Play its largest
    multiple), the main game's largest net result (exact, optimal strategy; capped by
    ``settings.payout_cap``), each side bet's top line on its default paytable at
    ``settings.side_bet_stake``, and "one round with every wager": the main game's largest net
    result plus every side bet's top award. That last row is an upper bound (the sum of the
    largest wins; whether one deal gives them all is not checked: the joint distribution of the
    main game and the side bets is not stored).
    """
    rules = analysis.rules
    largest_play = max((option.multiple for option in rules.play), default=0)  # 0: no Play wager
    rows = []
    for wager in rules.wagers:
        table = analysis.wager_table(wager)
        top = table.loc[table["pays"].idxmax()]
        rows.append({"wager": wager.title, "stake": Fraction(largest_play if wager.role == "raise" else 1),
                     "largest_win": top["pays"], "outcome": top["outcome"]})
    returns = analysis.return_table()
    top = returns.loc[returns["net"].idxmax()]
    main_win = top["net"] if settings.payout_cap is None else min(top["net"], settings.payout_cap)
    stake = Fraction(rules.initial_units + largest_play)
    outcome = top["outcome"] if main_win == top["net"] else f"{top['outcome']}, paid the limit"
    rows.append({"wager": MAIN_GAME, "stake": stake, "largest_win": main_win, "outcome": outcome})
    total_stake, total_win = stake, main_win
    for bet in rules.side_bets:
        table = analysis.side_bet_table(bet, bet.paytables[bet.default_paytable])
        top = table.loc[table["pays"].idxmax()]
        win = top["pays"] * settings.side_bet_stake
        rows.append({"wager": f"{bet.title} {bet.default_paytable}", "stake": settings.side_bet_stake,
                     "largest_win": win, "outcome": top["outcome"]})
        total_stake, total_win = total_stake + settings.side_bet_stake, total_win + win
    if rules.side_bets:
        rows.append({"wager": "one round with every wager (upper bound)", "stake": total_stake,
                     "largest_win": total_win, "outcome": "the main game's and every side bet's largest wins"})
    return pd.DataFrame(rows)


# -- volatility and the operator's figures -------------------------------------------
def volatility(analysis: GameResults, settings: LabSettings = LabSettings()) -> pd.DataFrame:
    """Per wager: house edge, variance (exact), standard deviation and volatility index (1.96 x SD),
    and the theoretical win per hour (hands an hour x stake x Ante x house edge), every wager
    assumed made on every hand. The main game (net result, per Ante, capped by the settings'
    payout limit) first, then each main wager (per Ante), then every side-bet paytable (per unit of
    its stake; money figures at ``settings.side_bet_stake``).
    """
    rows = [spread(MAIN_GAME, "", capped(analysis.net_distribution, settings.payout_cap), Fraction(1), settings)]
    for wager in analysis.rules.wagers:
        rows.append(spread(wager.title, wager.default_paytable or "", distribution(analysis.wager_table(wager)),
                            Fraction(1), settings))
    for bet in analysis.rules.side_bets:
        for name, paytable in bet.paytables.items():
            rows.append(spread(bet.title, name, distribution(analysis.side_bet_table(bet, paytable)),
                                settings.side_bet_stake, settings))
    return pd.DataFrame(rows)


def spread(wager: str, paytable: str, results: figures.Distribution, stake: Fraction,
           settings: LabSettings) -> dict[str, object]:
    """One row of :func:`volatility`: a wager's house edge, variance, SD, volatility index (1.96 x SD)
    and theoretical win per hour at ``stake`` Antes a hand.

    >>> row = spread("Bet", "", {Fraction(1): 1, Fraction(-1): 3}, Fraction(1), LabSettings())
    >>> row["house_edge"], row["variance"], round(float(row["volatility_index"]), 9), row["win_per_hour"]
    (Fraction(1, 2), Fraction(3, 4), 1.697409791, Fraction(25, 1))
    """
    edge, variance = figures.house_edge(results), figures.variance(results)
    deviation = sqrt(variance)
    return {"wager": wager, "paytable": paytable, "house_edge": edge, "variance": variance,
            "standard_deviation": deviation, "volatility_index": Z_95 * deviation,
            "win_per_hour": settings.hands_per_hour * stake * settings.ante * edge}


def operator_figures(analysis: GameResults, settings: LabSettings = LabSettings()) -> dict[str, object]:
    """The main game's operator figures (the payout limit applied when set):

    average bet = Ante x average total bet; theoretical win per hour = hands an hour x Ante x house
    edge per Ante (= hands an hour x average bet x element of risk); amount wagered per hour =
    hands an hour x average bet. Exact fractions.
    """
    edge = -capped_mean(analysis.net_distribution, settings.payout_cap)
    average_bet = settings.ante * analysis.average_total_bet
    return {"hands_per_hour": settings.hands_per_hour, "ante": settings.ante, "average_bet": average_bet,
            "house_edge_per_ante": edge, "element_of_risk": figures.element_of_risk(-edge, analysis.average_total_bet),
            "wagered_per_hour": settings.hands_per_hour * average_bet,
            "win_per_hour": settings.hands_per_hour * settings.ante * edge}


def hold_band(analysis: GameResults, settings: LabSettings = LabSettings()) -> pd.DataFrame:
    """The 95% band of the hold after N hands, for each N of ``settings.hold_hands``.

    Normal approximation (central limit theorem) from the exact mean and SD of the main game's net
    result per Ante (payout limit applied): the house's average win per hand after N independent
    hands lies in  e +- 1.96 x SD / sqrt(N)  (e: house edge per Ante) with probability about 95%;
    the hold, that win as a share of the amount wagered, in  (e +- 1.96 x SD / sqrt(N)) / B  (B: the
    average total bet, the amount wagered taken at its mean); the house's total win in
    N x Ante x (e +- 1.96 x SD / sqrt(N)).
    """
    results = capped(analysis.net_distribution, settings.payout_cap)
    edge, deviation = decimal(figures.house_edge(results)), sqrt(figures.variance(results))
    average_bet = decimal(analysis.average_total_bet)
    rows = []
    for hands in settings.hold_hands:
        half = Z_95 * deviation / Decimal(hands).sqrt()
        rows.append({"hands": hands, "win_per_hand_low": edge - half, "win_per_hand_high": edge + half,
                     "hold_low": (edge - half) / average_bet, "hold_high": (edge + half) / average_bet,
                     "total_win_low": hands * decimal(settings.ante) * (edge - half),
                     "total_win_high": hands * decimal(settings.ante) * (edge + half)})
    return pd.DataFrame(rows)


# -- the aggregate payout limit --------------------------------------------------
#: What the payout limit covers and what is exact, for a report.
PAYOUT_CAP_ASSUMPTIONS = (
    "The limit caps the net result of one round of the main game (all main wagers together, in units of the "
    "Ante): a round whose net result exceeds it is paid the limit. The capped house edge is exact: it is "
    "computed from the main game's exact distribution of net results.",
    "The optimal strategy is the one without the limit (the limit binds only on the rarest hands); a strategy "
    "re-optimised for the limit could differ on them.",
    "Side bets are outside the limit: their figures are per unit of their own stake. The joint distribution of "
    "the main game and the side bets is not stored, so the limit on a round with side bets is not computed. "
    "Each side bet's capped house edge is given as if it were played alone at the stated stake (exact for it "
    "alone), and every line whose pay exceeds the limit is listed.",
)


class PayoutCap(TypedDict):
    """The exact effect of an aggregate payout limit (:func:`payout_cap`)."""

    cap: Fraction
    probability_capped: Fraction
    house_edge_per_ante: Fraction
    house_edge_per_ante_capped: Fraction
    element_of_risk_capped: Fraction
    side_bets: pd.DataFrame
    assumptions: tuple[str, ...]


def payout_cap(analysis: GameResults, settings: LabSettings) -> PayoutCap:
    """The exact effect of an aggregate payout limit per round (``settings.payout_cap``, in Antes).

    Main game: P(net > cap), the house edge per Ante and element of risk without and with the limit
    (E[min(net, cap)], exact), and their difference. Side bets: each paytable's house edge without
    and with the limit as if played alone at ``settings.side_bet_stake`` (a line pays
    min(pays x stake, cap) / stake per unit), and the lines the limit cuts. See
    :data:`PAYOUT_CAP_ASSUMPTIONS`.
    """
    cap = settings.payout_cap
    if cap is None:
        raise ValueError("no payout limit set")
    results = analysis.net_distribution
    edge, capped_edge = figures.house_edge(results), -capped_mean(results, cap)
    side_bets = []
    for bet in analysis.rules.side_bets:
        for name, paytable in bet.paytables.items():
            table = analysis.side_bet_table(bet, paytable)
            per_unit = cap / settings.side_bet_stake
            side_bets.append({"wager": bet.title, "paytable": name, "house_edge": figures.house_edge(distribution(table)),
                              "house_edge_capped": -capped_mean(distribution(table), per_unit),
                              "lines_cut": [line for line, pays in zip(table["outcome"], table["pays"], strict=True)
                                            if pays > per_unit]})
    return {
        "cap": cap,
        "probability_capped": Fraction(sum(count for value, count in results.items() if value > cap), analysis.cycle),
        "house_edge_per_ante": edge,
        "house_edge_per_ante_capped": capped_edge,
        "element_of_risk_capped": figures.element_of_risk(-capped_edge, analysis.average_total_bet),
        "side_bets": pd.DataFrame(side_bets, columns=["wager", "paytable", "house_edge", "house_edge_capped",
                                                      "lines_cut"]),
        "assumptions": PAYOUT_CAP_ASSUMPTIONS,
    }


# -- all of them, for a report --------------------------------------------------------
def lab_tables(analysis: GameResults, settings: LabSettings = LabSettings()) -> list[tuple[str, pd.DataFrame]]:
    """Every lab figure as (title, table) for a report, exact values in the cells: paying lines,
    maximum payout, volatility, operator figures, hold band and, when a limit is set, the payout
    limit (main game, then side bets)."""
    operator = operator_figures(analysis, settings)
    tables = [
        ("Hit frequency and odds of every paying outcome (GLI-11 4.8.2: rarer than 1 in 100,000,000 flagged)",
         paying_lines(analysis)),
        ("Maximum payout of one round (units of the Ante, optimal strategy)", maximum_payout(analysis, settings)),
        ("Standard deviation and volatility index (1.96 x SD) per wager", volatility(analysis, settings)),
        (f"Operator figures at {settings.hands_per_hour:,} hands an hour",
         pd.DataFrame({"figure": list(operator), "value": list(operator.values())})),
        ("95% band of the hold after N hands (normal approximation)", hold_band(analysis, settings)),
    ]
    if settings.payout_cap is not None:
        limit = payout_cap(analysis, settings)
        main = {key: value for key, value in limit.items() if key not in ("side_bets", "assumptions")}
        tables.append((f"Aggregate payout limit of {_number(settings.payout_cap)} Antes per round: main game",
                       pd.DataFrame({"figure": list(main), "value": list(main.values())})))
        if len(limit["side_bets"]):
            tables.append(("Aggregate payout limit: side bets played alone", limit["side_bets"]))
    return tables
