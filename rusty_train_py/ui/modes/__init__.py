"""The editor's modes: one class each, every one owning its keys."""

from .advisor import AdvisorMode
from .base import DONE, MODE_COLOURS, Binding, Ghost, KeyPress, Mode, ModeDone, ModeHost, Scene
from .default import DefaultMode
from .edit_tokens import EditTokensMode
from .find_routes import FindRoutesMode
from .replace_tile import ReplaceTileMode

__all__ = [
    "DONE",
    "MODE_COLOURS",
    "AdvisorMode",
    "Binding",
    "DefaultMode",
    "EditTokensMode",
    "FindRoutesMode",
    "Ghost",
    "KeyPress",
    "Mode",
    "ModeDone",
    "ModeHost",
    "ReplaceTileMode",
    "Scene",
]
