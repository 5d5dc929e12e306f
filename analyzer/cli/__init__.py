"""The ``analyzer`` command line: one module per command, :mod:`analyzer.cli.main` parses and dispatches."""

from analyzer.cli.main import main, run

__all__ = ["main", "run"]
