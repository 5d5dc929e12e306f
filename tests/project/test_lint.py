"""The house's lint: ``ruff check`` over the whole tree passes (rules in pyproject.toml's ``[tool.ruff]``), and
``mypy`` over the package (``[tool.mypy]``: strict on the core, the games and the engine interface).

A finding fails the suite with the tool's own report (file, line, rule), so CI holds the rule set as it holds
the tests.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    checked = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "analyzer", "scripts", "tests",
                              "tasks.py"], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_mypy_finds_nothing():
    checked = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
