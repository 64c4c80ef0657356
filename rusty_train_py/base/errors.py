"""The project's one error base and its concerns.

An error of ours is the player's input or data at fault: the window and the CLI turn it into a
message that names the file, line, hex or action. Anything else that escapes is a bug in
rusty-train-py: the window and the CLI say so, write the traceback to a log file they name
(``base.buglog``), and keep the game open.

Each concern still derives from ``ValueError`` (``KeyError`` for an unknown name), as our errors
always did, so code that catches those keeps working; what tells a message from a bug is
``RustyTrainError``, never ``ValueError``.
"""

from __future__ import annotations


class RustyTrainError(Exception):
    """The base of every error of ours: its text is the whole message for the player."""


class DataError(RustyTrainError, ValueError):
    """Game data at fault: games/*.toml, a hand file, tiles/*.tiles, a rule kind's parameters."""


class SaveFileError(RustyTrainError, ValueError):
    """A saved game at fault: ours, Rusty Train's, or a file that is neither."""


class LogError(SaveFileError):
    """An 18xx.games log (a file, an id or an address) that cannot be read or replayed."""


class SearchError(RustyTrainError, ValueError):
    """A route search, plan or lock that cannot be made as asked (trains, bonuses, locks)."""


class EditError(RustyTrainError, ValueError):
    """A map edit or a request the map cannot take (a tile, a token, a train limit)."""


class UsageError(RustyTrainError, ValueError):
    """A command-line request that cannot be done (the wrong options, an image too large)."""


class UnknownNameError(RustyTrainError, KeyError):
    """A name (company, phase, train, tile) the game does not know."""

    def __str__(self) -> str:  # KeyError quotes its argument; a message should not be
        return str(self.args[0]) if self.args else ""


def message_of(exc: BaseException) -> str:
    """The text a player reads for one of our errors or an OSError (a file's name and why)."""
    if isinstance(exc, OSError) and exc.filename and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc)


def is_ours(exc: BaseException) -> bool:
    """Whether ``exc`` is a message for the player (our error, or the system refusing a file),
    rather than a bug."""
    return isinstance(exc, RustyTrainError | OSError)
