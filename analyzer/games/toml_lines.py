"""Where each key of a TOML text is written: the line of every key path, for messages.

:mod:`tomllib` gives the data but not where it came from; this scanner walks
the text once more and records, for every key path (tables, dotted keys,
inline tables, the elements of arrays and of arrays of tables), the line it
starts on. Paths are tuples of keys and 0-based indices, as the schema's
error locations are:

>>> text = '''title = "x"
... [wagers.ante]
... results = { win = 1,
...   lose = -1 }
... [[streets]]
... choices = [
...   { action = "fold" },
...   { action = "bet", multiple = 2 },
... ]
... '''
>>> lines = key_lines(text)
>>> lines[("wagers", "ante", "results", "lose")], lines[("streets", 0, "choices", 1, "multiple")]
(4, 8)
>>> line_of(lines, ("wagers", "ante", "results", "tie"))   # not written: the nearest written parent
3

The scanner assumes the text is valid TOML (it runs after :mod:`tomllib`
has read it) and never fails: a construct it does not follow only costs a
line number.
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class _Scanner:
    """A cursor over the text that records the line of each key path it passes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.lines: dict[Path, int] = {}

    @property
    def line(self) -> int:
        return self.text.count("\n", 0, self.at) + 1

    def peek(self, size: int = 1) -> str:
        return self.text[self.at:self.at + size]

    def record(self, path: Path, line: int) -> None:
        for end in range(1, len(path) + 1):
            self.lines.setdefault(path[:end], line)

    def skip_blank(self, newlines: bool) -> None:
        """Spaces, tabs and comments (and, inside arrays and inline tables, new lines)."""
        while self.at < len(self.text):
            char = self.text[self.at]
            if char in " \t\r" or (newlines and char == "\n"):
                self.at += 1
            elif char == "#":
                end = self.text.find("\n", self.at)
                self.at = len(self.text) if end < 0 else end
            else:
                return

    def string(self) -> str:
        """A basic or literal string, single- or multi-line; returns its text (escapes left as written)."""
        quote = self.peek()
        if self.peek(3) == quote * 3:
            end = self.text.find(quote * 3, self.at + 3)
            end = len(self.text) if end < 0 else end
            while self.text[end + 3:end + 4] == quote:  # up to two quotes may close a multi-line string
                end += 1
            value, self.at = self.text[self.at + 3:end], end + 3
            return value
        start = self.at = self.at + 1
        while self.at < len(self.text) and self.text[self.at] not in (quote, "\n"):
            self.at += 2 if quote == '"' and self.text[self.at] == "\\" else 1
        value = self.text[start:self.at]
        self.at += 1
        return value

    def key(self) -> tuple[str, ...]:
        """A dotted key: bare or quoted parts."""
        parts = []
        while True:
            self.skip_blank(newlines=False)
            if self.peek() in ('"', "'"):
                parts.append(self.string())
            else:
                match = _BARE_KEY.match(self.text, self.at)
                if not match:
                    break
                parts.append(match.group())
                self.at = match.end()
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                break
            self.at += 1
        return tuple(parts)

    def value(self, path: Path) -> None:
        """Skip one value, recording the keys and elements inside it."""
        self.skip_blank(newlines=False)
        char = self.peek()
        if char in ('"', "'"):
            self.string()
        elif char == "[":
            self.at += 1
            index = 0
            while self.at < len(self.text):
                self.skip_blank(newlines=True)
                if self.peek() == "]":
                    self.at += 1
                    return
                self.record(path + (index,), self.line)
                self.value(path + (index,))
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.at += 1
                index += 1
        elif char == "{":
            self.at += 1
            while self.at < len(self.text):
                self.skip_blank(newlines=True)
                if self.peek() == "}":
                    self.at += 1
                    return
                line, key = self.line, self.key()
                if not key or self.peek() != "=":
                    return
                self.record(path + key, line)
                self.at += 1
                self.value(path + key)
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.at += 1
        else:  # a number, a boolean or a date: up to the next separator
            match = re.compile(r"[^,\]}\n#]*").match(self.text, self.at)
            self.at = match.end() if match else self.at + 1


def key_lines(text: str) -> dict[Path, int]:
    """The line (1-based) on which each key path of ``text`` is first written."""
    scanner = _Scanner(text)
    table: Path = ()
    array_tables: dict[tuple[str, ...], int] = {}  # [[path]] -> elements so far
    while scanner.at < len(scanner.text):
        scanner.skip_blank(newlines=True)
        if scanner.at >= len(scanner.text):
            break
        line = scanner.line
        if scanner.peek() == "[":
            double = scanner.peek(2) == "[["
            scanner.at += 2 if double else 1
            names = scanner.key()
            scanner.at += 2 if double else 1
            if double:
                array_tables[names] = array_tables.get(names, -1) + 1
            table = _resolve(names, array_tables)
            scanner.record(table, line)
        else:
            key = scanner.key()
            if not key or scanner.peek() != "=":  # not something this scanner follows: skip the line
                end = scanner.text.find("\n", scanner.at)
                scanner.at = len(scanner.text) if end < 0 else end + 1
                continue
            scanner.record(table + key, line)
            scanner.at += 1
            scanner.value(table + key)
    return scanner.lines


def _resolve(names: tuple[str, ...], array_tables: dict[tuple[str, ...], int]) -> Path:
    """A table header's path, the current element of every array of tables on the way inserted."""
    path: Path = ()
    for end in range(1, len(names) + 1):
        path += (names[end - 1],)
        if names[:end] in array_tables:
            path += (array_tables[names[:end]],)
    return path


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of ``path``, else of its nearest parent that is written, else None."""
    for end in range(len(path), 0, -1):
        if path[:end] in lines:
            return lines[path[:end]]
    return None
