"""``main``: parse the command line, run the command, turn a bad request (one of our errors, or
the system refusing a file) into one line on stderr (rc 2). Anything else is a bug: it says so,
logs the traceback to the file it names (``base.buglog``) and returns 70 (EX_SOFTWARE). A reader that stops early (``| head``) ends the command
quietly, as it would a C program killed by SIGPIPE (rc 141)."""

from __future__ import annotations

import io
import os
import sys

from ..base.blas import pin_before_numpy
from ..base.buglog import bug_report
from ..base.errors import is_ours, message_of
from .commands import command_module
from .parser import build_parser

BROKEN_PIPE = 128 + 13  # the shell's status for a process ended by SIGPIPE
BUG = 70  # EX_SOFTWARE: an internal error


def main(argv: list[str] | None = None) -> int:
    pin_before_numpy()  # one BLAS thread: no spinning threads, no threads' start at import
    _tolerant_output()
    try:
        return _run(argv)
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE


def _run(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        args.command, args.gamefile = "gui", None
    try:
        result: int = command_module(args.command).run(args)
        return result
    except BrokenPipeError:
        raise
    except KeyboardInterrupt:
        print("rusty-train-py: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if is_ours(exc):
            print(f"rusty-train-py: error: {message_of(exc)}", file=sys.stderr)
            return 2
        print(bug_report(exc, f"running {args.command!r}"), file=sys.stderr)
        return BUG


def _tolerant_output() -> None:
    """A name the output's encoding cannot write ("Trois-Rivières" on an ASCII terminal, a
    Cyrillic one through a Windows pipe in cp1252) is written with "?", not an error."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf_8") and isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


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
