"""The layout as a specification: data flows one way through the layers, no module imports another's
private names, no import cycles, and engines are named only by the registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "analyzer"

#: Layers, lowest first: a module may import from its own layer and those below, never above.
LAYERS = ("core", "games", "engines", "protection", "simulation", "reports", "cli")


def modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the package."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) of every ``import`` and ``from ... import`` of the package in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("analyzer"):
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names if alias.name.startswith("analyzer")]
    return found


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_import_points_down_or_sideways():
    upward = []
    for name, path in modules().items():
        for target, _ in imports(path):
            here, there = layer(name), layer(target)
            if here is not None and there is not None and there > here:
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_no_module_imports_another_modules_private_names():
    private = [f"{name}: {target}.{imported}" for name, path in modules().items()
               for target, names in imports(path) for imported in names
               if imported.startswith("_") and not imported.endswith("__") and target != name]
    assert private == []


def test_there_is_no_import_cycle():
    known = modules()
    graph = {name: {target for target, _ in imports(path) if target in known and target != name}
             for name, path in known.items()}
    packages = {name for name, path in known.items() if path.name == "__init__.py"}
    for name in graph:  # a package's face re-exports its modules: edges into it stand for them
        graph[name] -= packages
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                pytest.fail("import cycle: " + " -> ".join(trail[trail.index(nxt):] + [node, nxt]))
            if nxt not in state:
                visit(nxt, trail + [node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


def test_engines_and_games_are_named_only_by_the_registry_and_the_rules_files():
    """No string in the code (docstrings and their examples aside) is an engine's or a shipped game's name."""
    from analyzer.engines.registry import ENGINES
    from analyzer.games.rules import game_names

    names = set(ENGINES) | set(game_names())
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "registry.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        found += [f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in names and id(node) not in docstrings]
    assert found == []
