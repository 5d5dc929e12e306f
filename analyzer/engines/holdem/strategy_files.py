"""Ultimate Texas Hold'em strategies written as rules, read into a :class:`PostedStrategy` and evaluated exactly.

A strategy file gives the rules of the three decision points in order, in the rule format of the other
engines' strategy files (``ACTION with CONDITION``, the last rule ``otherwise ACTION``)::

    game = "uth"
    title = "The posted card"

    [[streets]]  # pre-flop: raise 4x or check
    rules = ["4x with 33+, A2+, K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo", "otherwise check"]

    [[streets]]  # flop, after a pre-flop check: bet 2x or check
    rules = ["2x with two pair or better using a hole card", "2x with a hidden pair except 22",
             "2x with four to a flush with a hole card of T or better", "otherwise check"]

    [[streets]]  # river, after two checks: bet 1x or fold
    rules = ["1x when a hole card plays", "1x when the dealer has fewer than 21 outs", "otherwise fold"]

The file says only what :class:`analyzer.engines.holdem.posted.PostedStrategy` can play (``raise``, ``bet``
or ``play`` may precede the action; ``when`` may replace ``with``):

* pre-flop: ``4x with TOKENS``, chart tokens as :func:`analyzer.engines.holdem.posted.expand_hand_classes`
  reads them (``33+``, ``A2+``, ``K5o+``, ``JTo``; several 4x rules add up); every other hand checks;
* flop: ``2x with two pair or better using a hole card`` (optional), ``2x with a hidden pair [except 22, 33]``
  (required: a hole card pairing the flop always bets), ``2x with four to a flush with a hole card of R or
  better`` (optional);
* river: ``1x when a hole card plays`` (the made part beats the board's) or ``1x when a pair or better
  beats the board's hand, kickers included`` (one of them), ``1x when the dealer has fewer than N outs``
  (optional).

Anything else (a 3x raise, an unknown condition, a rule given twice, a missing ``otherwise``) is a one-line
RulesError naming the file and the line, raised before any work. :func:`strategy_file_text` writes a
strategy back in this format, so the report's posted card can be saved, edited and evaluated.

>>> import tomllib
>>> from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS
>>> read = strategy_of(tomllib.loads(strategy_file_text(CARD_WITH_DEALER_OUTS, "uth"))["streets"], "card")
>>> same_rules(read, CARD_WITH_DEALER_OUTS), read.flop_flush_draw_min_rank, read.river_fewer_dealer_outs_than
(True, 'T', 21)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

from analyzer.core.cards import RANK_SYMBOLS, CardError, parse_rank
from analyzer.engines.holdem.posted import PostedStrategy
from analyzer.games.paytables import read_toml_file
from analyzer.games.rules import RulesError

#: Per decision point: its name, the one bet its rules may name, and the action of its ``otherwise`` rule.
POINTS = (("pre-flop", "4x", "check"), ("flop", "2x", "check"), ("river", "1x", "fold"))


class StrategyFields(TypedDict, total=False):
    """The :class:`PostedStrategy` fields a file's rules set (the keywords it is made with)."""

    preflop_raise_4x: tuple[str, ...]
    flop_two_pair_with_hole_card: bool
    flop_hidden_pair_except: tuple[str, ...]
    flop_flush_draw_min_rank: str | None
    river_kickers_count: bool
    river_fewer_dealer_outs_than: int | None


#: The conditions of the flop (1) and river (2) rules: (pattern, how it is written, the PostedStrategy fields it sets).
READINGS: dict[int, tuple[tuple[str, str, Callable[[re.Match[str]], StrategyFields]], ...]] = {
    1: ((r"two pair or better using a hole card", "two pair or better using a hole card",
         lambda m: {"flop_two_pair_with_hole_card": True}),
        (r"(?:a )?hidden pair(?: except (?P<pairs>[2-9tjqka]{2}(?:(?:,\s*|\s+and\s+)[2-9tjqka]{2})*))?",
         "a hidden pair [except 22, 33]",
         lambda m: {"flop_hidden_pair_except": tuple(p.upper() for p in re.findall(r"[2-9tjqka]{2}", m["pairs"] or ""))}),
        (r"(?:four|4) to a flush with a hole card (?:of )?(?P<rank>10|[2-9tjqka]) or better",
         "four to a flush with a hole card of R or better",
         lambda m: {"flop_flush_draw_min_rank": RANK_SYMBOLS[parse_rank(m["rank"])]})),
    2: ((r"a hole card plays", "a hole card plays", lambda m: {"river_kickers_count": False}),
        (r"a pair or better beats the board's hand, kickers included",
         "a pair or better beats the board's hand, kickers included",
         lambda m: {"river_kickers_count": True}),
        (r"the dealer has fewer than (?P<outs>\d+) outs", "the dealer has fewer than N outs",
         lambda m: {"river_fewer_dealer_outs_than": int(m["outs"])})),
}
#: What a file leaves out: no two-pair rule, no flush-draw rule, no dealer-outs clause.
ABSENT: StrategyFields = {"flop_two_pair_with_hole_card": False, "flop_flush_draw_min_rank": None,
                          "river_fewer_dealer_outs_than": None}
#: The fields a file must set, and what to write for them.
REQUIRED = {"flop_hidden_pair_except": "the flop needs '2x with a hidden pair [except 22]' (a hole card pairing "
                                       "the flop always bets)",
            "river_kickers_count": "the river needs '1x when a hole card plays' or '1x when a pair or better beats "
                                   "the board's hand, kickers included'"}


def rule_parts(text: str, point: int) -> tuple[str, str] | None:
    """(action, condition) of one rule at decision point ``point``; None for its ``otherwise`` rule.

    >>> rule_parts("raise 4x with AA, KK", 0), rule_parts("otherwise check", 1)
    (('4x', 'AA, KK'), None)
    """
    name, bet, default = POINTS[point]
    words = re.sub(r"\s+", " ", text.strip())
    if re.fullmatch(rf"(?:otherwise )?{default}", words, flags=re.IGNORECASE):
        return None
    match = re.fullmatch(r"(?:(?:raise|bet|play) )?(\d+x) (?:with|when) (.+)", words, flags=re.IGNORECASE)
    if match is None:
        raise RulesError(f"cannot read {name} rule {text!r} (write '{bet} with CONDITION' or 'otherwise {default}')")
    if match.group(1).lower() != bet:
        raise RulesError(f"{name}: a written Hold'em strategy bets only {bet} here (or {default}s), not "
                         f"{match.group(1)}")
    return bet, match.group(2)


def strategy_of(streets: object, title: str) -> PostedStrategy:
    """The :class:`PostedStrategy` the three rule lists describe (see the module docstring); any problem is a
    RulesError whose message starts with the rule it is about (``rule 'TEXT': ...``)."""
    if not isinstance(streets, list) or len(streets) != len(POINTS) or \
            not all(isinstance(entry, dict) and isinstance(entry.get("rules"), list) for entry in streets):
        raise RulesError("give the rules of the pre-flop, the flop and the river in order "
                         "([[streets]] rules = [...], three times)")
    fields: StrategyFields = {"preflop_raise_4x": ()}
    for point, entry in enumerate(streets):
        texts = entry["rules"]
        if not texts or not isinstance(texts[-1], str) or rule_parts(texts[-1], point) is not None:
            raise RulesError(f"{POINTS[point][0]}: end its rules with 'otherwise {POINTS[point][2]}'")
        for text in texts[:-1]:
            if not isinstance(text, str):
                raise RulesError(f"{POINTS[point][0]}: a rule is a string, not {text!r}")
            try:
                fields.update(read_rule(text, point, fields))
            except (RulesError, ValueError, CardError) as error:
                raise RulesError(f"rule {text!r}: {error}") from None
    for name, missing in REQUIRED.items():
        if name not in fields:
            raise RulesError(missing)
    given: StrategyFields = {**ABSENT, **fields}
    try:
        return PostedStrategy(name=title, **given)
    except ValueError as error:
        raise RulesError(str(error)) from None


def read_rule(text: str, point: int, fields: StrategyFields) -> StrategyFields:
    """The PostedStrategy fields one (not ``otherwise``) rule sets, given those set so far (``fields``):
    pre-flop chart tokens add up; a flop or river field set twice is an error."""
    parts = rule_parts(text, point)
    if parts is None:
        raise RulesError(f"'otherwise {POINTS[point][2]}' must be the last rule")
    condition = parts[1].strip().lower()
    if point == 0:
        tokens = (*fields["preflop_raise_4x"], *(token.strip() for token in parts[1].split(",")))
        PostedStrategy(preflop_raise_4x=tokens)
        return {"preflop_raise_4x": tokens}
    for pattern, _, values in READINGS[point]:
        if (match := re.fullmatch(pattern, condition)) is not None:
            given = values(match)
            if given.keys() & fields.keys():
                raise RulesError("this condition (or one it excludes) is given twice")
            return given
    known = "; ".join(written for _, written, _ in READINGS[point])
    raise RulesError(f"{POINTS[point][0]}: cannot read condition {parts[1]!r} (known: {known})")


def same_rules(first: PostedStrategy, second: PostedStrategy) -> bool:
    """Whether two posted strategies play alike: the same pre-flop raises and the same flop and river policy
    (their names and the spelling of their chart tokens aside)."""
    return first.raise_classes == second.raise_classes and first.policy() == second.policy()


def line_of(text: str, rule: str) -> int | None:
    """The 1-based line of ``text`` holding the rule ``rule`` (None if not found as written)."""
    return next((number for number, line in enumerate(text.splitlines(), start=1) if rule in line), None)


def load_holdem_strategy(path: Path, game: str) -> PostedStrategy:
    """Read a written Hold'em strategy for ``game`` (see the module docstring); every problem is a one-line
    RulesError naming the file (and the line of the rule it is about)."""
    text, data = read_toml_file(path, "strategy")
    try:
        if data.get("game", game) != game:
            raise RulesError(f"the file is for {data['game']!r}, not {game!r}")
        return strategy_of(data.get("streets"), str(data.get("title", path.stem)))
    except RulesError as error:
        message = str(error)
        quoted = re.match(r"rule '(.*?)': ", message) or re.match(r'rule "(.*?)": ', message)
        number = line_of(text, quoted.group(1)) if quoted else None
        raise RulesError(f"{path}{f', line {number}' if number else ''}: {message}") from None


def strategy_file_text(strategy: PostedStrategy, game: str) -> str:
    """A posted strategy written as a strategy file that :func:`load_holdem_strategy` reads back."""
    flop = ["2x with two pair or better using a hole card"] if strategy.flop_two_pair_with_hole_card else []
    flop.append("2x with a hidden pair" + (f" except {', '.join(strategy.flop_hidden_pair_except)}"
                                           if strategy.flop_hidden_pair_except else ""))
    if strategy.flop_flush_draw_min_rank is not None:
        flop.append(f"2x with four to a flush with a hole card of {strategy.flop_flush_draw_min_rank} or better")
    river = ["1x when a pair or better beats the board's hand, kickers included" if strategy.river_kickers_count
             else "1x when a hole card plays"]
    if strategy.river_fewer_dealer_outs_than is not None:
        river.append(f"1x when the dealer has fewer than {strategy.river_fewer_dealer_outs_than} outs")
    streets = ((f"4x with {', '.join(strategy.preflop_raise_4x)}",), flop, river)
    text = f'game = "{game}"\ntitle = "{strategy.name}"\n'
    for (name, _, default), rules in zip(POINTS, streets, strict=True):
        lines = "".join(f'  "{rule}",\n' for rule in (*rules, f"otherwise {default}"))
        text += f"\n[[streets]]  # {name}\nrules = [\n{lines}]\n"
    return text
