"""Reading a user's rules file: its bytes as UTF-8 text, the text as TOML, the data against the schema.

Every problem is one :class:`RulesError` line naming the file (and, for the schema, the line and the key):
a missing or unreadable file, a file that is not UTF-8 text, a TOML syntax error, a value nested too deeply,
a key or value the rules language does not know.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "mine.toml"
>>> _ = path.write_bytes("title = 'caf\\xe9'".encode("latin-1"))
>>> try:
...     read_rules_file(path, "game")
... except RulesError as error:
...     print(str(error).removeprefix(str(path)))
: not UTF-8 text (byte 0xe9 at offset 12); save the file as UTF-8
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from analyzer.games.errors import RulesError
from analyzer.games.schema import Table, validate

#: The largest rules file read (a rules file is a few kilobytes; more is not a rules file).
MOST_BYTES = 4 * 1024 * 1024


def parse_toml(text: str, where: str) -> Table:
    """The data of a TOML text; a syntax error or a nesting too deep for the reader is one line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{where}: not valid TOML ({error})") from None
    except RecursionError:
        raise RulesError(f"{where}: values nested too deeply to be a rules file") from None


def read_text(path: Path, what: str) -> str:
    """The text of a user's file, read as UTF-8."""
    try:
        if path.is_dir():
            raise RulesError(f"{path}: is a folder, not a {what} file")
        with path.open("rb") as handle:
            raw = handle.read(MOST_BYTES + 1)
    except OSError as error:
        raise RulesError(f"{path}: cannot read the {what} file ({error.strerror or error})") from None
    if len(raw) > MOST_BYTES:
        raise RulesError(f"{path}: larger than {MOST_BYTES // 1024 // 1024} MB: not a {what} file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(f"{path}: not UTF-8 text (byte {raw[error.start]:#04x} at offset {error.start}); "
                         "save the file as UTF-8") from None


def read_rules_file(path: Path, kind: str) -> tuple[str, Table]:
    """The text and data of a user's file of ``kind`` (see :data:`analyzer.games.schema.FILE_KINDS`),
    checked against the schema."""
    text = read_text(path, kind)
    data = parse_toml(text, str(path))
    validate(kind, data, str(path), text)
    return text, data
