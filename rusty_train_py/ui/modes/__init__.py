"""The editor's modes: one class each, every one owning its keys."""

from .base import DONE, MODE_COLOURS, Binding, KeyPress, Mode, ModeDone, ModeHost, Scene
from .default import DefaultMode
from .edit_tokens import EditTokensMode
from .find_routes import FindRoutesMode
from .replace_tile import ReplaceTileMode

__all__ = [
    "DONE",
    "MODE_COLOURS",
    "Binding",
    "DefaultMode",
    "EditTokensMode",
    "FindRoutesMode",
    "KeyPress",
    "Mode",
    "ModeDone",
    "ModeHost",
    "ReplaceTileMode",
    "Scene",
]
