"""``rusty-train-py [gui] [GAMEFILE] [--quit-after SECONDS [--screenshot]]``: open the map
editor (the default command). ``--quit-after`` closes it again by itself (with ``--screenshot``
after saving a screenshot to the screenshot folder and printing its name): a check that the
window opens, e.g. in an installed program or a bundle, offscreen.

Without a display Qt would abort the process (rc 134) with its own message; the command
checks first and says what to do instead (rc 1)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from .arguments import SharedArguments, Subcommands, non_negative_seconds

NAME = "gui"

# Qt platforms that draw on a display, and the variable that names it
_NEEDS_DISPLAY = {"xcb": ("DISPLAY",), "wayland": ("WAYLAND_DISPLAY",)}


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    g = sub.add_parser(NAME, help="open the map editor (the default)")
    g.add_argument(
        "gamefile", nargs="?", help="saved game to open (default: the bundled 1867 game)"
    )
    g.add_argument(
        "--quit-after",
        type=non_negative_seconds,
        metavar="SECONDS",
        help="close the window after SECONDS (a check that it opens)",
    )
    g.add_argument(
        "--screenshot",
        action="store_true",
        help="with --quit-after: first save a screenshot to the screenshot folder, print its name",
    )


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why the window cannot open here (no display to draw on), or None when it can.

    Only Linux and the BSDs need a display named in the environment; an explicit Qt
    platform without one (``QT_QPA_PLATFORM=offscreen``, ``vnc``, ``eglfs`` ...) needs none."""
    if platform.startswith(("win", "darwin", "cygwin")):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    names = _NEEDS_DISPLAY.get(chosen) if chosen else ("DISPLAY", "WAYLAND_DISPLAY")
    if names is None or any(environ.get(n) for n in names):
        return None
    if chosen:
        why = f"QT_QPA_PLATFORM={chosen} needs {names[0]}, which is not set"
    else:
        why = "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return (
        f"no display for the window: {why}; over ssh use 'ssh -X', on a machine without"
        " a screen 'xvfb-run rusty-train-py', or set QT_QPA_PLATFORM=offscreen for a window"
        " nobody sees (routes, advise, render, tiles, show and convert need no display)"
    )


def run(args: argparse.Namespace) -> int:
    problem = display_problem(os.environ, sys.platform)
    if problem is not None:
        print(f"rusty-train-py: error: {problem}", file=sys.stderr)
        return 1
    quit_after = getattr(args, "quit_after", None)
    screenshot = getattr(args, "screenshot", False)
    if screenshot and quit_after is None:
        print("rusty-train-py: error: --screenshot needs --quit-after", file=sys.stderr)
        return 2
    from ..ui.app import run_gui

    code: int = run_gui(args.gamefile, quit_after, screenshot)
    return code
