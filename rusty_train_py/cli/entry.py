"""``main``: parse the command line, run the command, turn a bad request into one line on
stderr (rc 2), never a traceback. A reader that stops early (``| head``) ends the command
quietly, as it would a C program killed by SIGPIPE (rc 141)."""

from __future__ import annotations

import os
import sys

from ..base.blas import pin_before_numpy
from .commands import command_module
from .parser import build_parser

BROKEN_PIPE = 128 + 13  # the shell's status for a process ended by SIGPIPE


def main(argv: list[str] | None = None) -> int:
    pin_before_numpy()  # one BLAS thread: no spinning threads, no threads' start at import
    try:
        return _run(argv)
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE


def _run(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        args.command, args.gamefile = "gui", None
    from ..files.errors import GameFileError

    try:
        result: int = command_module(args.command).run(args)
        return result
    except BrokenPipeError:
        raise
    except (GameFileError, ValueError, KeyError, OSError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        if isinstance(exc, OSError) and exc.filename and exc.strerror:
            msg = f"{exc.filename}: {exc.strerror}"
        print(f"rusty-train-py: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rusty-train-py: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit finds no closed pipe
    (Python would print "Exception ignored ... BrokenPipeError")."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
