"""The key reference of the rules language, written from the schema (:mod:`analyzer.games.schema`).

``docs/rules-file-keys.md`` is this module's :func:`reference_markdown`
(``scripts/rules_file_keys.py`` writes it; a test keeps it current): one
table per kind of table, each key with its type, whether it is required (or
its default) and what it means.

>>> print(type_text(list[int]))
list of whole number
"""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from analyzer.games.schema import MODELS, Strict

#: How each kind of file is introduced.
FILE_TITLES = {"game": "Game file", "paytable": "Paytable file (`--paytable`)",
               "strategy": "Strategy file (`--strategy`)", "progressive": "Progressive file (`--progressive`)"}


def type_text(annotation: object) -> str:
    """A type in words: "whole number", "text", "one of "a", "b"", "table of NAME -> Wager"."""
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *metadata = get_args(annotation)
        described = next((meta.description for meta in metadata if isinstance(meta, FieldInfo) and
                          meta.description), None)
        inner = [item for meta in metadata for item in (meta.metadata if isinstance(meta, FieldInfo) else [meta])]
        return described if base is Any and described else type_text(base) + limits(inner)
    if origin is Literal:
        return "one of " + ", ".join(f'"{value}"' for value in get_args(annotation))
    if origin is list:
        return f"list of {type_text(get_args(annotation)[0])}"
    if origin is dict:
        key, value = get_args(annotation)
        return f"table of NAME -> {type_text(value)}"
    if origin in (typing.Union, types.UnionType):
        branches = [branch for branch in get_args(annotation) if branch is not type(None)]
        return " or ".join(type_text(branch) for branch in branches)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return f"[{annotation.__name__}](#{annotation.__name__.lower()})"
    words: dict[object, str] = {int: "whole number", str: "text", bool: "true or false", Any: "any value"}
    return words.get(annotation, str(annotation))


def limits(metadata: list[object]) -> str:
    """The bounds a field's metadata sets, in words: " (0 to 52)", " (a name)", " (at least 1)"."""
    bounds = {type(item).__name__: item for item in metadata}
    low, high = getattr(bounds.get("Ge"), "ge", None), getattr(bounds.get("Le"), "le", None)
    shortest = getattr(bounds.get("MinLen"), "min_length", None)
    if pattern := getattr(bounds.get("_PydanticGeneralMetadata"), "pattern", None):
        return ": a name (letters, digits, `_`, `-`)" if "A-Za-z0-9_" in pattern else ""
    if low is not None and high is not None:
        return f" ({low} to {high})"
    if shortest is not None:
        return f" (at least {shortest})"
    return ""


def _models_of(annotation: object) -> list[type[Strict]]:
    """The schema's models a field's type refers to."""
    if isinstance(annotation, type) and issubclass(annotation, Strict):
        return [annotation]
    return [model for argument in get_args(annotation) for model in _models_of(argument)]


def _table(model: type[Strict]) -> list[str]:
    lines = [f"### {model.__name__}", "", " ".join((model.__doc__ or "").split()), "",
             "| key | type | required / default | meaning |", "|---|---|---|---|"]
    for name, info in model.model_fields.items():
        if info.is_required():
            needed = "required"
        elif info.default_factory is not None:
            needed = "optional"
        else:
            shown = str(info.default).lower() if isinstance(info.default, bool) else info.default
            needed = "optional" if info.default is None else f"default `{shown}`"
        lines.append(f"| `{name}` | {type_text(info.annotation)}{limits(info.metadata)} | {needed} | "
                     f"{info.description or ''} |")
    return lines + [""]


def reference_markdown() -> str:
    """The whole key reference: every kind of file, then every table it may hold, in the order met."""
    out = ["# Rules file keys", "",
           "Generated from the schema (`analyzer/games/schema.py`) by `scripts/rules_file_keys.py`: do not edit "
           "by hand. Every table is closed: a key not listed is an error (`analyzer check FILE` names it, with "
           "its line). Numbers are read exactly as written (`1.1` is 11/10); pays are \"to 1\" from 0 to "
           "1,000,000,000; results per unit staked from -1 to 1,000,000,000; names are letters, digits, `_` "
           "and `-` (never a path); at most 52 cards are dealt.", ""]
    seen: set[type[Strict]] = set()
    for kind, model in MODELS.items():
        out += [f"## {FILE_TITLES[kind]}", ""]
        queue = [model]
        while queue:
            current = queue.pop(0)
            if current in seen:
                continue
            seen.add(current)
            out += _table(current)
            queue += [found for info in current.model_fields.values() for found in _models_of(info.annotation)]
    return "\n".join(out).rstrip() + "\n"
