"""A game's hand-written file, ``games/hand/<id>.toml``, merged into its imported one.

An imported game (tools/import_game) is two files: ``games/<id>.toml``, written by the
importer from the 18xx.games engine and never edited by hand, and ``games/hand/<id>.toml``,
written by hand and never touched by the importer: the rules, readings, bonuses, upgrade rules
and notes the engine states in code. The hand file holds top-level keys the imported file does
not, and keys of its tables (``[rules]``, ``[names]``, ``[rusty_train]``) the imported table
does not; a key in both is an error naming both files. The merged text (the imported file,
then the hand file) is what error messages count lines in; a line of the hand file is named
by that file and its own line number.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...base.errors import DataError
from .rules import SourceLines

HAND_FOLDER = "hand"


class HandFileError(DataError):
    """A hand file that cannot be read or repeats an imported key (a GameDataError on load)."""


def hand_file(game_file: Path) -> Path:
    return game_file.parent / HAND_FOLDER / game_file.name


def merge_hand(
    data: dict[str, Any], hand: dict[str, Any], source: str, hand_source: str
) -> dict[str, Any]:
    """``data`` with the hand file's keys added; a key in both is an error."""
    out = dict(data)
    for k, v in hand.items():
        if k not in out:
            out[k] = v
            continue
        if not (isinstance(out[k], dict) and isinstance(v, dict)):
            raise HandFileError(f"{hand_source}: {k} is already given by {source}")
        both = sorted(set(out[k]) & set(v))
        if both:
            raise HandFileError(f"{hand_source}: [{k}] {both[0]} is already given by {source}")
        out[k] = {**out[k], **v}
    return out


class MergedLines(SourceLines):
    """Lines of the imported text followed by the hand file's; a hit in the hand part names
    the hand file and its own line."""

    def __init__(self, source: str, text: str, hand_source: str, hand_text: str):
        super().__init__(source, text + "\n" + hand_text)
        self.split = len(text.splitlines()) + 1
        self.hand_source = hand_source

    def where(self, array: str, index: int | None, key: str | None = None) -> str:
        found = super().where(array, index, key)
        m = re.fullmatch(rf"{re.escape(self.source)}:(\d+)", found)
        if m and int(m.group(1)) > self.split:
            return f"{self.hand_source}:{int(m.group(1)) - self.split}"
        return found


def read_toml(path: Path, too_deep: str) -> tuple[dict[str, Any], str]:
    """A TOML file's data and text; HandFileError naming ``path`` when it cannot be read,
    is not UTF-8 or not TOML, or nests deeper than Python's recursion limit (``too_deep``:
    what to say then). The game file and its hand file are read alike."""
    import tomllib  # here: a game read from the cache (cache.py) needs no TOML parser

    try:
        text = path.read_text(encoding="utf-8")
        return tomllib.loads(text), text
    except OSError as exc:
        raise HandFileError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise HandFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise HandFileError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise HandFileError(f"{path}: {too_deep}") from None


def read_hand(game_file: Path) -> tuple[dict[str, Any], str, str] | None:
    """The hand file of ``game_file`` (data, text, name), or None when it has none."""
    path = hand_file(game_file)
    if not path.is_file():
        return None
    data, text = read_toml(path, "arrays or tables nested too deeply")
    return data, text, str(path)
