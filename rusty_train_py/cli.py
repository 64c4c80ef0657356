"""The ``rusty-train-py`` command: no sub-command opens the GUI; ``routes``, ``advise``,
``render``, ``tiles``, ``show`` and ``convert`` work without a window.

Each command imports what it needs when it runs (numpy for ``routes``, Qt and shapely for
``render``), so a command starts in the time its own work takes.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path


def _non_negative_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def _hex_size(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of pixels: {text!r}") from None
    if not math.isfinite(value) or value < 4:
        raise argparse.ArgumentTypeError(f"must be 4 pixels or more, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rusty-train-py",
        description="Track live 18xx maps and find the optimal routes for a company's trains.",
    )
    sub = p.add_subparsers(dest="command")
    reading = argparse.ArgumentParser(add_help=False)
    reading.add_argument(
        "--strict",
        action="store_true",
        help="refuse a saved game that breaks the rules (too many tokens or tiles, a phase"
        " named by another program); without it these are warnings on stderr",
    )

    g = sub.add_parser("gui", help="open the map editor (the default)")
    g.add_argument(
        "gamefile", nargs="?", help="saved game to open (default: the bundled 1867 game)"
    )

    # What a company's trains are asked to run on: shared by routes and advise.
    running = argparse.ArgumentParser(add_help=False)
    running.add_argument("gamefile", help="saved game (ours or a Rusty Train .game file)")
    running.add_argument("--company", "-c", required=True, help="company abbreviation, e.g. GW")
    running.add_argument(
        "--trains", "-t", required=True, help="comma-separated train names, e.g. 5,8"
    )
    running.add_argument(
        "--bonus",
        "-b",
        action="append",
        default=[],
        metavar="NAME",
        help="a bonus option the company holds (repeatable)",
    )

    r = sub.add_parser(
        "routes", parents=[reading, running], help="find the best routes for a company"
    )
    r.add_argument(
        "--lock",
        "-l",
        action="append",
        default=[],
        metavar="TRAIN:STOPS",
        help="fix one train's route: the train (one of --trains) and the hexes of every stop"
        " it passes, in order, e.g. 5:F16,E17,D16 (repeatable); the other trains are"
        " optimised around it",
    )
    r.add_argument(
        "--record",
        action="store_true",
        help="keep these routes in the saved game (ours) as the company's last run,"
        " replacing the one kept before; the file is rewritten atomically",
    )
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--time-limit",
        type=_non_negative_seconds,
        default=None,
        metavar="SECONDS",
        help="stop after about this long with the best routes found so far, marked not"
        " proven unless the search had finished",
    )
    r.add_argument(
        "--max-paths",
        type=_positive_int,
        default=None,
        metavar="N",
        help="enumerate paths until soon after N have been found (the count is checked"
        " every few thousand steps), then solve with the exact model instead (for rules it"
        " does not state: return the best routes among the paths, marked not proven);"
        " default 100,000 (20,000 with three or more trains; 2,000,000 without the model)",
    )

    a = sub.add_parser(
        "advise",
        parents=[reading, running],
        help="rank a company's legal tile lays (and tokens) by what its trains earn after each",
    )
    a.add_argument("--tokens", action="store_true", help="rank station token placements too")
    a.add_argument(
        "--two-step",
        action="store_true",
        help="also find the best lay followed by a token (the order the game plays them)",
    )
    a.add_argument(
        "--next-round",
        action="store_true",
        help="break ties by the revenue after one more lay next round (slow: a search per"
        " second lay)",
    )
    a.add_argument(
        "--top", type=_positive_int, default=10, metavar="N", help="show the N best (default 10)"
    )
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.add_argument(
        "--max-paths",
        type=_positive_int,
        default=None,
        metavar="N",
        help="the route finder's path budget per search (see routes --max-paths)",
    )

    from .planner.cli import add_plan_parser

    add_plan_parser(sub, reading)

    rd = sub.add_parser("render", parents=[reading], help="draw a saved game to PNG or SVG")
    rd.add_argument("gamefile")
    rd.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    rd.add_argument("--hex-size", type=_hex_size, default=60.0, help="hex radius in pixels")

    ts = sub.add_parser("tiles", help="draw a sheet of every tile of a game")
    ts.add_argument("game", help="game id, e.g. 1867")
    ts.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    ts.add_argument(
        "--hex-size",
        type=_hex_size,
        default=None,
        help="hex radius in pixels (default 60; 40 with --chart)",
    )
    ts.add_argument(
        "--chart",
        action="store_true",
        help="draw the upgrade chart instead: which tiles each tile may become, yellow to"
        " grey, a row per label and kind of revenue centre",
    )

    cv = sub.add_parser(
        "convert",
        parents=[reading],
        help="read a saved game (e.g. a Rusty Train save) and save it in our format",
    )
    cv.add_argument("gamefile")
    cv.add_argument("-o", "--output", required=True, help="output file (our JSON format)")

    sh = sub.add_parser("show", parents=[reading], help="print what is on the map of a saved game")
    sh.add_argument("gamefile")
    return p


class CommandError(ValueError):
    """A command line that cannot be carried out; the message says why."""


def output_path(text: str, command: str) -> Path:
    """The output file named on the command line: its folder must exist (none is made)."""
    if "\x00" in text:
        raise CommandError(f"{text!r}: a file name cannot contain a NUL character")
    path = Path(text)
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "no such folder"
        raise CommandError(f"{path}: {folder}: {what} ({command} does not create folders)")
    if path.is_dir():
        raise CommandError(f"{path}: is a folder; name the file to write")
    return path


def open_for_cli(path: str, strict: bool):
    """The loader's OpenedGame for ``path``; its warnings go to stderr."""
    from .files.loader import open_game

    opened = open_game(path, strict=strict)
    for warning in opened.warnings:
        print(f"rusty-train-py: warning: {path}: {warning}", file=sys.stderr)
    return opened


def cmd_convert(args) -> int:
    from .files.loader import OURS, save_game

    out = output_path(args.output, "convert")
    if out.suffix.lower() == ".game":
        raise CommandError(
            f"{out}: convert writes the rusty-train-py format (JSON); it cannot write"
            " Rusty Train .game saves, so name the output .json"
        )
    opened = open_for_cli(args.gamefile, args.strict)
    save_game(opened.state, out, OURS, opened.last_routes)
    print(f"saved {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command or "gui"
    from .files.errors import GameFileError

    try:
        if cmd == "gui":
            from .ui.app import run_gui

            return run_gui(getattr(args, "gamefile", None))
        if cmd == "routes":
            from .route.cli import cmd_routes, train_list

            train_list(args.trains)
            return cmd_routes(args, open_for_cli(args.gamefile, args.strict))
        if cmd == "advise":
            from .advisor.cli import cmd_advise
            from .route.cli import train_list

            train_list(args.trains)
            return cmd_advise(args, open_for_cli(args.gamefile, args.strict).state)
        if cmd == "plan":
            from .planner.cli import cmd_plan

            return cmd_plan(args, open_for_cli(args.gamefile, args.strict).state)
        if cmd == "render":
            output_path(args.output, cmd)
            state = open_for_cli(args.gamefile, args.strict).state
            from .render import export

            return export.cmd_render(args, state)
        if cmd == "tiles":
            output_path(args.output, cmd)
            from .render import export

            return export.cmd_tiles(args)
        if cmd == "convert":
            return cmd_convert(args)
        if cmd == "show":
            from .files.savefile import dumps

            opened = open_for_cli(args.gamefile, args.strict)
            sys.stdout.write(dumps(opened.state, opened.last_routes))
            return 0
    except (GameFileError, ValueError, KeyError, OSError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        if isinstance(exc, OSError) and exc.filename and exc.strerror:
            msg = f"{exc.filename}: {exc.strerror}"
        print(f"rusty-train-py: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rusty-train-py: interrupted", file=sys.stderr)
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
