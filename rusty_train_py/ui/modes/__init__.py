"""The editor's modes: one class each, every one owning its keys."""

from .base import MODE_COLOURS, Binding, KeyPress, Mode, ModeHost, Scene
from .default import DefaultMode
from .edit_tokens import EditTokensMode
from .find_routes import FindRoutesMode
from .replace_tile import ReplaceTileMode

__all__ = [
    "MODE_COLOURS",
    "Binding",
    "DefaultMode",
    "EditTokensMode",
    "FindRoutesMode",
    "KeyPress",
    "Mode",
    "ModeHost",
    "ReplaceTileMode",
    "Scene",
]
