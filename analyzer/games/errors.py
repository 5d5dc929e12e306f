"""The one error of the rules layer: a game, option, paytable, strategy or progressive file that cannot be read.

Its message is one line that says where (the file, the line, the key) and why; the command line prints it
and exits with code 2.
"""


class RulesError(ValueError):
    """A game, option or paytable that cannot be read; the message says where and why."""
