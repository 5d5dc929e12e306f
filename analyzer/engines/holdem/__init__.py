"""The Hold'em family: exact enumeration of every deal with the optimal strategy.

Ultimate Texas Hold'em's one-Play-bet game has its own fast kernel; any other
decision streets (Texas Hold'em Bonus, Casino Hold'em) go to the streets
kernel (:mod:`analyzer.engines.holdem.streets`,
:mod:`analyzer.engines.holdem.street_engine`), and
:mod:`analyzer.engines.holdem.final_pairs` counts deals by the pair of final
hands for side bets on both hands.

* :mod:`analyzer.engines.holdem.sevens`: best five-card rank of five to seven cards
  (numba), and the ranks of every two-card completion of a board;
* :mod:`analyzer.engines.holdem.enumeration`: the per-board sweeps, the backward
  induction river -> flop -> pre-flop, and :func:`analyze_holdem`, which
  returns a :class:`HoldemCounts` of exact integer counts;
* :mod:`analyzer.engines.holdem.policy`: how the flop pass decides (the
  optimal strategy, or a posted one from :mod:`analyzer.engines.holdem.posted`);
* :mod:`analyzer.engines.holdem.results`: the tables and figures of the counts,
  :mod:`analyzer.engines.holdem.settlement_file`: their settlement CSV.
"""

from analyzer.engines.holdem.enumeration import CYCLE, HoldemCounts, analyze_holdem

__all__ = ["CYCLE", "HoldemCounts", "analyze_holdem"]
