"""The Hold'em family: exact enumeration of every deal with the optimal strategy, one kernel for every game.

Every Hold'em game is counted by the streets kernel (:mod:`analyzer.engines.holdem.streets`) from its rules:
Ultimate Texas Hold'em (its ``[play]`` table read as streets, its posted card played in the same pass), Texas
Hold'em Bonus, Casino Hold'em, any game deciding before the flop, on the flop, the turn or the river.

* :mod:`analyzer.engines.holdem.sevens`: best five-card rank of five to seven cards (numba), and the ranks of every
  two-card completion of a board; :mod:`analyzer.engines.holdem.board_classes`: a board's hands in classes;
* :mod:`analyzer.engines.holdem.enumeration`: the deal, the starting-hand and flop classes, the sums over flop
  classes;
* :mod:`analyzer.engines.holdem.streets`: the kernel; :mod:`analyzer.engines.holdem.street_game`: its counts and
  results; :mod:`analyzer.engines.holdem.street_engine`: the engine;
* :mod:`analyzer.engines.holdem.policy`, :mod:`analyzer.engines.holdem.posted`,
  :mod:`analyzer.engines.holdem.street_posted`: a posted card, as data the kernel consults;
* :mod:`analyzer.engines.holdem.final_pairs`: deals by the pair of final hands, for side bets on both hands;
* protection: one or both dealer cards seen (:mod:`analyzer.engines.holdem.street_exposure`), colluders
  (:mod:`analyzer.engines.holdem.street_collusion`, their pre-flop part
  :mod:`analyzer.engines.holdem.colluder_preflop`), all by the same kernel.
"""
