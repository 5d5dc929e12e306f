"""``python -m analyzer.cli``: the ``analyzer`` command."""

from analyzer.cli.main import main

main()
