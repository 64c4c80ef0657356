"""``main``: parse the command line, run the command, turn a bad request into one line on
stderr (rc 2), never a traceback."""

from __future__ import annotations

import sys

from .commands import command_module
from .parser import build_parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        args.command, args.gamefile = "gui", None
    from ..files.errors import GameFileError

    try:
        result: int = command_module(args.command).run(args)
        return result
    except (GameFileError, ValueError, KeyError, OSError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        if isinstance(exc, OSError) and exc.filename and exc.strerror:
            msg = f"{exc.filename}: {exc.strerror}"
        print(f"rusty-train-py: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rusty-train-py: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
