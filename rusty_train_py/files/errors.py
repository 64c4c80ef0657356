"""The one error type of saved-game files (shared by our format and the Rusty Train import)."""

from __future__ import annotations

import reprlib

from ..base.errors import SaveFileError

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxlevel = 2


class GameFileError(SaveFileError):
    """A saved game that cannot be read or written; the message names the file and entry."""


def short(value: object) -> str:
    """A short repr of a value read from a file, for messages (long strings and lists cut)."""
    return _SHORT.repr(value)
