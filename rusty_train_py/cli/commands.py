"""The registered commands, in the order ``--help`` lists them: a new command is its module
(``NAME``, ``add_parser(sub, shared)``, ``run(args) -> int``) and one line here."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..base.errors import UsageError

COMMANDS = (
    "gui",
    "routes",
    "advise",
    "plan",
    "render",
    "tiles",
    "convert",
    "show",
    "review",
    "follow",
)


def command_module(name: str) -> ModuleType:
    """The module of the registered command ``name`` (``cli/<name>.py``)."""
    if name not in COMMANDS:
        raise UsageError(f"{name!r} is not a command (the commands: {', '.join(COMMANDS)})")
    return importlib.import_module(f"{__package__}.{name}")
