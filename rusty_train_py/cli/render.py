"""``rusty-train-py render GAMEFILE -o OUT [--hex-size N]``: draw a saved game to PNG or SVG
(the drawing: ``render/qt/export.py``)."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands, hex_size

NAME = "render"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    rd = sub.add_parser(NAME, parents=[shared.reading], help="draw a saved game to PNG or SVG")
    rd.add_argument("gamefile")
    rd.add_argument("-o", "--output", required=True, help="output file (.png or .svg)")
    rd.add_argument("--hex-size", type=hex_size, default=60.0, help="hex radius in pixels")


def run(args: argparse.Namespace) -> int:
    from .image_limits import check_image_size
    from .opening import open_for_cli, output_path

    output_path(args.output, NAME)
    state = open_for_cli(args.gamefile, args.strict, args.at, args.site).state
    from ..render.qt.export import map_image_size, render_map_image

    size = args.hex_size or 60.0
    check_image_size(map_image_size(state, size), size)
    w, h = render_map_image(state, args.output, size)
    print(f"wrote {args.output} ({w}x{h})")
    return 0
