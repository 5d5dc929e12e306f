"""Shared fixtures: one exact Crazy 4 Poker analysis per test session (about 8 s)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from anywhere, not only from the repository root
    sys.path.insert(0, str(ROOT))

import analyzer  # noqa: E402


@pytest.fixture(scope="session")
def crazy4():
    """The full analysis of Crazy 4 Poker with the default rules and paytables."""
    return analyzer.analyze("crazy4", jobs=2)
