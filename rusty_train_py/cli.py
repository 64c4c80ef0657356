"""The ``rusty-train-py`` command: no sub-command opens the GUI; ``routes``, ``render``,
``tiles``, ``show`` and ``convert`` work without a window."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rusty-train-py",
        description="Track live 18xx maps and find the optimal routes for a company's trains.",
    )
    sub = p.add_subparsers(dest="command")

    g = sub.add_parser("gui", help="open the map editor (the default)")
    g.add_argument(
        "gamefile", nargs="?", help="saved game to open (default: the bundled 1867 game)"
    )

    r = sub.add_parser("routes", help="find the best routes for a company")
    r.add_argument("gamefile", help="saved game (ours or a Rusty Train .game file)")
    r.add_argument("--company", "-c", required=True, help="company abbreviation, e.g. GW")
    r.add_argument("--trains", "-t", required=True, help="comma-separated train names, e.g. 5,8")
    r.add_argument(
        "--bonus",
        "-b",
        action="append",
        default=[],
        metavar="NAME",
        help="a bonus option the company holds (repeatable)",
    )
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="stop after this long with the best routes found so far",
    )
    r.add_argument(
        "--max-paths",
        type=int,
        default=None,
        metavar="N",
        help="look at no more than N paths (a memory guard; default 2,000,000)",
    )

    rd = sub.add_parser("render", help="draw a saved game to PNG or SVG")
    rd.add_argument("gamefile")
    rd.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    rd.add_argument("--hex-size", type=float, default=60.0, help="hex radius in pixels")

    ts = sub.add_parser("tiles", help="draw a sheet of every tile of a game")
    ts.add_argument("game", help="game id, e.g. 1867")
    ts.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    ts.add_argument("--hex-size", type=float, default=60.0)

    cv = sub.add_parser(
        "convert", help="read a saved game (e.g. a Rusty Train save) and save it in our format"
    )
    cv.add_argument("gamefile")
    cv.add_argument("-o", "--output", required=True)

    sh = sub.add_parser("show", help="print what is on the map of a saved game")
    sh.add_argument("gamefile")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command or "gui"
    try:
        if cmd == "gui":
            from .ui.app import run_gui

            return run_gui(getattr(args, "gamefile", None))
        if cmd == "routes":
            from .route.cli import cmd_routes

            return cmd_routes(args)
        if cmd in ("render", "tiles"):
            from .render import export

            return export.cmd_render(args) if cmd == "render" else export.cmd_tiles(args)
        if cmd == "convert":
            from .files.savefile import load_game_state, save_game

            save_game(load_game_state(args.gamefile), args.output)
            print(f"saved {args.output}")
            return 0
        if cmd == "show":
            from .files.savefile import dumps, load_game_state

            sys.stdout.write(dumps(load_game_state(args.gamefile)))
            return 0
    except (ValueError, KeyError, OSError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"rusty-train-py: error: {msg}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":
    sys.exit(main())
