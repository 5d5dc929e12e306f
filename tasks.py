#!/usr/bin/env python3
"""Set-up and everyday commands, needing nothing but Python 3.11+ and pip.

    python3 tasks.py report [GAME ...]   write reports/GAME.xlsx (default: every game)
    python3 tasks.py test [PYTEST ARGS]  run the whole test suite (what CI runs)
    python3 tasks.py test --fast [...]   the fast lane: every test not marked slow (pytest -m "not slow and not exhaustive")
    python3 tasks.py test --exhaustive   the whole-game runs of minutes left out of the suite (pytest -m exhaustive)
    python3 tasks.py benchmark [...]     time the full analyses (scripts/benchmark.py)

Each command first makes a local virtual environment in .venv and installs
the project into it (again only when pyproject.toml has changed).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if sys.platform == "win32" else "bin")
PYTHON = BIN / ("python.exe" if sys.platform == "win32" else "python")
STAMP = VENV / ".installed"


def ensure_environment() -> None:
    """Create .venv and install the project with its test extras, once per pyproject.toml."""
    if sys.version_info < (3, 11):  # noqa: UP036 (tasks.py runs under whatever python3 the user has)
        sys.exit("tasks.py: Python 3.11 or newer is needed")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("tasks.py: creating .venv", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    print("tasks.py: installing the analyzer into .venv", file=sys.stderr)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def main(arguments: list[str]) -> int:
    if not arguments or arguments[0] not in {"report", "test", "benchmark"}:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    ensure_environment()
    command, rest = arguments[0], arguments[1:]
    if command == "test":
        if "--fast" in rest:  # the fast lane: leave out the tests marked slow (see pyproject.toml)
            rest = ["-m", "not slow and not exhaustive", *(argument for argument in rest if argument != "--fast")]
        if "--exhaustive" in rest:  # only the whole-game runs of minutes, left out of the suite otherwise
            rest = ["-m", "exhaustive", *(argument for argument in rest if argument != "--exhaustive")]
        # one worker per core, a test file's tests on one worker (they share its fixtures); see docs/testing.md
        workers = [] if any(argument.startswith("-n") for argument in rest) else ["-n", "auto", "--dist", "loadfile"]
        return subprocess.run([str(PYTHON), "-m", "pytest", *workers, *rest], cwd=ROOT).returncode
    if command == "benchmark":
        return subprocess.run([str(PYTHON), str(ROOT / "scripts" / "benchmark.py"), *rest], cwd=ROOT).returncode
    games = rest or subprocess.run([str(PYTHON), "-c", "import analyzer; print(*analyzer.game_names())"],
                                   capture_output=True, text=True, check=True).stdout.split()
    for game in games:
        code = subprocess.run([str(BIN / "analyzer"), "report", game, "-o", f"reports/{game}.xlsx"],
                              cwd=ROOT).returncode
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
