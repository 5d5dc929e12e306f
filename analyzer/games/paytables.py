"""Paytables: pays "to 1", pay lines on hand patterns, and paytable files a user supplies.

A paytable is a list of lines checked from the top; each names a hand
pattern (see :mod:`analyzer.games.patterns`) and a pay. A wager's paytables are
written either with their own ``lines`` (``hand``, ``label``, ``pays``) or,
when the wager declares shared ``lines``, as a list of ``pays`` in that order.

A *paytable file* (``--paytable FILE``) adds paytables to a game's wagers, or
replaces those of the same name, and may make one the default::

    game = "crazy4"
    [side_bets.queens_up.paytables."50-40-10-4-3-2-1"]
    pays = [50, 40, 10, 4, 3, 2, 1]
    default = true

Every problem is a one-line :class:`RulesError` naming the file and, where
it can be found, the line.

>>> parse_pays("3 to 2"), parse_pays("3:2"), parse_pays("1.5"), parse_pays(200)
(Fraction(3, 2), Fraction(3, 2), Fraction(3, 2), Fraction(200, 1))
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np

from analyzer.core.ranking import HandRanking, load_ranking
from analyzer.games.errors import RulesError
from analyzer.games.files import parse_toml, read_rules_file, read_text
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern
from analyzer.games.schema import Table, pay_value, validate
from analyzer.games.toml_lines import key_lines, line_of


def parse_pays(value: object) -> Fraction:
    """A pay "to 1" written as a number, "3 to 2", "3:2", "3/2" or "1.5", from 0 to
    :data:`~analyzer.games.schema.MOST_PAY` (:func:`analyzer.games.schema.pay_value`).

    >>> parse_pays("2 to 1"), parse_pays("7")
    (Fraction(2, 1), Fraction(7, 1))
    """
    try:
        return pay_value(value)
    except ValueError as error:
        raise RulesError(str(error)) from None


@dataclass(frozen=True)
class PayLine:
    """One line of a paytable: the hands it pays and the pay "to 1" (a pay quoted "for 1" less the stake: 800 for 1
    is 799 to 1, 0 for 1 is -1, a loss); for a bet on both hands
    (``hand_of = "both"``), also the dealer's hands it pays with (``dealer``, None: any)."""

    label: str
    pattern: HandPattern
    pays: Fraction
    dealer: HandPattern | None = None


@dataclass(frozen=True)
class Paytable:
    """Lines checked from the top; a hand is paid by the first line it matches."""

    name: str
    lines: tuple[PayLine, ...]
    for_one: bool = False  # pays quoted "for 1" in the rules file (the lines hold them "to 1")

    def line_index(self, ranking: HandRanking, ranks: np.ndarray, dealer_ranks: np.ndarray | None = None
                   ) -> np.ndarray:
        """Index of the first matching line for each rank (with the dealer's rank beside it, for lines that
        name the dealer's hand too), -1 where none matches."""
        ranks = np.asarray(ranks)
        index = np.full(ranks.shape, -1, dtype=np.int64)
        for position in reversed(range(len(self.lines))):
            line = self.lines[position]
            hit = line.pattern.matches(ranking, ranks)
            if line.dealer is not None:
                if dealer_ranks is None:
                    raise ValueError(f"line {line.label!r} names the dealer's hand: give the dealer's ranks")
                hit = hit & line.dealer.matches(ranking, np.asarray(dealer_ranks))
            index[hit] = position
        return index

    @property
    def on_both_hands(self) -> bool:
        """Whether a line names the dealer's hand too."""
        return any(line.dealer is not None for line in self.lines)

    def quoted(self, pays: Fraction) -> Fraction:
        """A pay "to 1" as the rules file quotes it ("for 1": one more).

        >>> Paytable("9/6", (), for_one=True).quoted(Fraction(799))
        Fraction(800, 1)
        """
        return pays + 1 if self.for_one else pays

    @property
    def title(self) -> str:
        """The pays as quoted, top line first: "800-50-25-9-6-4-3-2-1" (for 1)."""
        return "-".join(_format_pay(self.quoted(line.pays)) for line in self.lines)


def _format_pay(pays: Fraction) -> str:
    return str(pays.numerator) if pays.denominator == 1 else f"{pays.numerator}:{pays.denominator}"


def build_paytables(entry: Table, ranking: HandRanking, where: str) -> dict[str, Paytable]:
    """The paytables declared under a wager's entry, every line checked."""
    shared_lines = entry.get("lines", [])
    for_one = entry.get("pays_quoted", "to_one") == "for_one"
    declared = entry.get("paytables", {})
    if not isinstance(declared, dict):
        raise RulesError(f"{where}: paytables must be a table of named paytables")
    tables = {}
    for name, table in declared.items():
        here = f"{where}, paytable {name!r}"
        if not isinstance(table, dict) or ("pays" in table) == ("lines" in table):
            raise RulesError(f"{here}: give either its lines or a list of pays for the wager's lines")
        if "pays" in table:
            if len(table["pays"]) != len(shared_lines):
                raise RulesError(f"{here}: {len(table['pays'])} pays for {len(shared_lines)} lines")
            rows = [dict(line, pays=pays) for line, pays in zip(shared_lines, table["pays"], strict=True)]
        else:
            rows = table["lines"]
        lines: list[PayLine] = []
        for row in rows:
            if not isinstance(row, dict) or "hand" not in row or "pays" not in row:
                raise RulesError(f"{here}: every line needs a hand and pays ({row!r})")
            try:
                pattern = parse_pattern(row["hand"], ranking)
                dealer = parse_pattern(row["dealer_hand"], ranking) if "dealer_hand" in row else None
                pays = parse_pays(row["pays"]) - (1 if for_one else 0)
            except (PatternError, RulesError) as error:
                raise RulesError(f"{here}: {error}") from None
            if any((line.pattern, line.dealer) == (pattern, dealer) for line in lines):
                raise RulesError(f"{here}: hand {row['hand']!r} appears twice")
            label = row.get("label", pattern.text + (f" against {dealer.text}" if dealer else ""))
            lines.append(PayLine(label, pattern, pays, dealer))
        tables[name] = Paytable(name, tuple(lines), for_one)
    return tables


#: The kind of file (:data:`analyzer.games.schema.FILE_KINDS`) each reader's ``what`` names.
FILE_KIND = {"game": "game", "paytable": "paytable", "strategy": "strategy", "progressive paytable": "progressive"}


def read_toml_file(path: Path, what: str) -> tuple[str, Table]:
    """The text and data of a user's file of ``what`` (a key of :data:`FILE_KIND`), checked against the schema
    (:func:`analyzer.games.files.read_rules_file`): every problem is a one-line RulesError."""
    return read_rules_file(path, FILE_KIND[what])


def apply_paytable_file(data: Table, path: Path) -> Table:
    """The game's data with the paytables of a user file added (or replacing those of the same name), and
    any side bet the file defines whole (a ``[side_bets.NAME]`` table with a title, lines and paytables, as
    in a game file). The game it makes is checked against the schema, a problem named in this file.

    A file that defines nothing (empty, or only ``game = "crazy4"``) is a mistake, not "no change":

    >>> import tempfile
    >>> empty = Path(tempfile.mkdtemp()) / "mine.toml"
    >>> _ = empty.write_text('game = "crazy4"')
    >>> try:
    ...     apply_paytable_file({"name": "crazy4"}, empty)
    ... except RulesError as error:
    ...     print(str(error).removeprefix(f"{empty}: "))
    defines no paytables (expected [wagers.NAME.paytables."TABLE"] or [side_bets.NAME.paytables."TABLE"])
    """
    where = str(path)
    text = read_text(path, "paytable")
    supplied = parse_toml(text, where)
    lines = key_lines(text)

    def here(*key: str | int) -> str:
        line = line_of(lines, key)
        return f"{where}{f', line {line}' if line else ''}: {'.'.join(str(part) for part in key)}"

    if supplied.get("game", data["name"]) != data["name"]:
        raise RulesError(f"{here('game')}: written for game {supplied['game']!r}, not {data['name']!r}")
    validate("paytable", supplied, where, text)
    merged = copy.deepcopy(data)
    for kind in ("wagers", "side_bets"):
        for name, entry in supplied.get(kind, {}).items():
            owner = f"{where}, {kind[:-1].replace('_', ' ')} {name}"
            if kind == "side_bets" and "title" in entry:
                if name in merged.get(kind, {}):
                    raise RulesError(f"{here(kind, name)}: {data['name']} already has a side bet {name!r}: give "
                                     "only its paytables, or another name for a new side bet")
                ranking = load_ranking(entry.get("ranking", data["ranking"]))
                _located(partial(build_paytables, entry, ranking, owner), here, (kind, name))
                merged.setdefault(kind, {})[name] = entry  # a new side bet, read and checked like the game's own
                continue
            if name not in merged.get(kind, {}):
                known = ", ".join(merged.get(kind, {})) or "none"
                raise RulesError(f"{here(kind, name)}: {data['name']} has no {kind[:-1].replace('_', ' ')} "
                                 f"{name!r} (known: {known})")
            target = merged[kind][name]
            ranking = load_ranking(target.get("ranking", data["ranking"]))
            for table_name, table in entry["paytables"].items():
                check = {"lines": target.get("lines", []), "paytables": {table_name: {
                    key: value for key, value in table.items() if key != "default"}}}
                rows = table.get("lines", [])
                _located(partial(build_paytables, check, ranking, owner), here, (kind, name, "paytables", table_name), rows)
                target.setdefault("paytables", {})[table_name] = check["paytables"][table_name]
                if table.get("default"):
                    target["default_paytable"] = table_name
    validate("game", merged, where, text)  # what the file's additions make of the game, blamed on the file
    return merged


def _located(build: Callable[[], object], here: Callable[..., str], key: tuple[str | int, ...],
             rows: Sequence[Table] = ()) -> None:
    """Run ``build``; a RulesError it raises is re-raised starting with ``here(*key)`` (the file, line and key),
    the key going on to the line of ``rows`` (a paytable's lines) whose hand the message names, if any."""
    try:
        build()
    except RulesError as error:
        message = str(error).split(": ", 1)[-1]
        raise RulesError(f"{here(*key, *_culprit(rows, message))}: {message}") from None


def _culprit(rows: Sequence[Table], message: str) -> tuple[str | int, ...]:
    """The key path, below a paytable, of the line whose hand ``message`` names (none: the table itself)."""
    named = [number for number, row in enumerate(rows) if repr(row.get("hand", "")) in message]
    return ("lines", named[0]) if named else ()
