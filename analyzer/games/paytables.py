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
import re
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from analyzer.core.ranking import HandRanking, load_ranking
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern


class RulesError(ValueError):
    """A game, option or paytable that cannot be read; the message says where and why."""


def parse_pays(value: object) -> Fraction:
    """A pay "to 1" written as a number, "3 to 2", "3:2", "3/2" or "1.5"; never negative.

    >>> parse_pays("2 to 1"), parse_pays("7")
    (Fraction(2, 1), Fraction(7, 1))
    """
    if isinstance(value, bool):
        raise RulesError(f"pay {value!r} is not a number")
    if isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, str):
        text = value.strip().lower()
    else:
        raise RulesError(f"pay {value!r} is not a number")
    ratio = re.fullmatch(r"([0-9.]+)\s*(?:to|:|/|-)\s*([0-9.]+)(?:\s*to\s*1)?", text) if isinstance(value, str) else None
    try:
        if ratio:
            pays = Fraction(ratio[1]) / Fraction(ratio[2])
        else:
            pays = Fraction(text.removesuffix("to 1").removesuffix("-1").strip())
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"cannot read pay {value!r} (write e.g. 2, \"3 to 2\", \"3:2\" or 1.5)") from None
    if pays < 0:
        raise RulesError(f"pay {value!r} is negative: a pay is what a win returns 'to 1'")
    return pays


@dataclass(frozen=True)
class PayLine:
    """One line of a paytable: the hands it pays and the pay "to 1"; for a bet on both hands
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

    @property
    def title(self) -> str:
        return "-".join(_format_pay(line.pays) for line in self.lines)


def _format_pay(pays: Fraction) -> str:
    return str(pays.numerator) if pays.denominator == 1 else f"{pays.numerator}:{pays.denominator}"


def build_paytables(entry: dict, ranking: HandRanking, where: str) -> dict[str, Paytable]:
    """The paytables declared under a wager's entry, every line checked."""
    shared_lines = entry.get("lines", [])
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
            rows = [dict(line, pays=pays) for line, pays in zip(shared_lines, table["pays"])]
        else:
            rows = table["lines"]
        lines = []
        for row in rows:
            if not isinstance(row, dict) or "hand" not in row or "pays" not in row:
                raise RulesError(f"{here}: every line needs a hand and pays ({row!r})")
            try:
                pattern = parse_pattern(row["hand"], ranking)
                dealer = parse_pattern(row["dealer_hand"], ranking) if "dealer_hand" in row else None
                pays = parse_pays(row["pays"])
            except (PatternError, RulesError) as error:
                raise RulesError(f"{here}: {error}") from None
            if any((line.pattern, line.dealer) == (pattern, dealer) for line in lines):
                raise RulesError(f"{here}: hand {row['hand']!r} appears twice")
            label = row.get("label", pattern.text + (f" against {dealer.text}" if dealer else ""))
            lines.append(PayLine(label, pattern, pays, dealer))
        tables[name] = Paytable(name, tuple(lines))
    return tables


def _line_of(text: str, needle: str) -> str:
    """", line N" for the first line of ``text`` that holds ``needle`` (quoted or not), else ""."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle and needle in line:
            return f", line {number}"
    return ""


def read_toml_file(path: Path, what: str) -> tuple[str, dict]:
    """The text and data of a user's TOML file; a missing file or a syntax error is a one-line RulesError."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulesError(f"{path}: cannot read the {what} file ({error.strerror})") from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{path}: not valid TOML ({error})") from None


def apply_paytable_file(data: dict, path: Path) -> dict:
    """The game's data with the paytables of a user file added (or replacing those of the same name), and
    any side bet the file defines whole (a ``[side_bets.NAME]`` table with a title, lines and paytables, as
    in a game file).

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
    text, supplied = read_toml_file(path, "paytable")
    if supplied.get("game", data["name"]) != data["name"]:
        raise RulesError(f"{where}: written for game {supplied['game']!r}, not {data['name']!r}")
    unknown = set(supplied) - {"game", "wagers", "side_bets"}
    if unknown:
        raise RulesError(f"{where}{_line_of(text, sorted(unknown)[0])}: unknown key {sorted(unknown)[0]!r} "
                         "(expected wagers or side_bets)")
    if not supplied.get("wagers") and not supplied.get("side_bets"):
        raise RulesError(f'{where}: defines no paytables (expected [wagers.NAME.paytables."TABLE"] '
                         'or [side_bets.NAME.paytables."TABLE"])')
    merged = copy.deepcopy(data)
    for kind in ("wagers", "side_bets"):
        for name, entry in supplied.get(kind, {}).items():
            if kind == "side_bets" and name not in merged.get(kind, {}) and isinstance(entry, dict) \
                    and "title" in entry:
                merged.setdefault(kind, {})[name] = entry  # a new side bet, read and checked like the game's own
                continue
            if name not in merged.get(kind, {}):
                known = ", ".join(merged.get(kind, {})) or "none"
                raise RulesError(f"{where}{_line_of(text, name)}: {data['name']} has no {kind[:-1].replace('_', ' ')} "
                                 f"{name!r} (known: {known})")
            target = merged[kind][name]
            if not isinstance(entry, dict) or not entry.get("paytables"):
                raise RulesError(f"{where}{_line_of(text, name)}: {name} gives no paytables")
            ranking = load_ranking(target.get("ranking", data["ranking"]))
            for table_name, table in entry["paytables"].items():
                check = {"lines": target.get("lines", []), "paytables": {table_name: {
                    key: value for key, value in table.items() if key != "default"}}}
                try:
                    build_paytables(check, ranking, f"{where}, {name}")
                except RulesError as error:
                    hands = [row.get("hand", "") for row in table.get("lines", []) if isinstance(row, dict)]
                    culprit = next((hand for hand in hands if hand and hand in str(error)), table_name)
                    raise RulesError(str(error).replace(where, where + _line_of(text, culprit), 1)) from None
                target.setdefault("paytables", {})[table_name] = check["paytables"][table_name]
                if table.get("default"):
                    target["default_paytable"] = table_name
    return merged
