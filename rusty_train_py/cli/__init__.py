"""The ``rusty-train-py`` command line: no sub-command opens the GUI; ``routes``, ``advise``,
``render``, ``tiles``, ``show`` and ``convert`` work without a window.

- ``entry.py``: ``main``, which parses, runs the command and turns errors into messages;
- ``parser.py``: the argument parser, built from the commands registered in ``commands.py``;
- ``arguments.py``: argument types and the argument groups several commands share;
- ``opening.py``: opening the saved game named on the command line, checking an output path;
- one module per command (``gui.py``, ``routes.py``, ``advise.py``, ``render.py``,
  ``tiles.py``, ``convert.py``, ``show.py``): its ``NAME``, ``add_parser`` and ``run``;
- ``route_report.py``, ``advice_report.py``, ``image_limits.py``: what those commands print
  or check.

A new command is one new module (``NAME``, ``add_parser(sub, shared)``, ``run(args) -> int``)
and its name added to ``COMMANDS`` in ``commands.py``. A command module imports only the
standard library at its top; the rest (numpy, Qt, shapely) when it runs, so each command
starts in the time its own work takes.
"""

from .entry import main
from .parser import build_parser

__all__ = ["build_parser", "main"]
