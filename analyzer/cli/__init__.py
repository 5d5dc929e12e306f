"""The ``analyzer`` command line: :mod:`analyzer.cli.main` parses and dispatches, one module per command."""
