"""``rusty-train-py tiles GAME -o OUT [--hex-size N] [--chart]``: a sheet of every tile of a
game, or its upgrade chart (the drawing: ``render/qt/export.py``)."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands, hex_size

NAME = "tiles"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    ts = sub.add_parser(NAME, help="draw a sheet of every tile of a game")
    ts.add_argument("game", help="game id, e.g. 1867")
    ts.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    ts.add_argument(
        "--hex-size",
        type=hex_size,
        default=None,
        help="hex radius in pixels (default 60; 40 with --chart)",
    )
    ts.add_argument(
        "--chart",
        action="store_true",
        help="draw the upgrade chart instead: which tiles each tile may become, yellow to"
        " grey, a row per label and kind of revenue centre",
    )


def run(args: argparse.Namespace) -> int:
    from .image_limits import check_image_size
    from .opening import output_path

    output_path(args.output, NAME)
    from ..gamedata.loader.gamefile import load_game
    from ..render.qt import export

    game = load_game(args.game)
    if args.chart:
        size = args.hex_size or 40.0
        from ..render.qt.chart import chart_layout

        lay = chart_layout(game, size)
        check_image_size((int(lay.width), int(lay.height)), size)
        w, h = export.render_upgrade_chart(game, args.output, size)
    else:
        size = args.hex_size or 60.0
        check_image_size(export.tile_sheet_size(game, size), size)
        w, h = export.render_tile_sheet(game, args.output, size)
    print(f"wrote {args.output} ({w}x{h})")
    return 0
