"""The files a command names: the saved game it opens, the output file it writes."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.errors import UsageError

if TYPE_CHECKING:
    from ..files.loader import OpenedGame


class CommandError(UsageError):
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


def open_for_cli(path: str, strict: bool, at: int | None = None, site: str = "") -> OpenedGame:
    """The loader's OpenedGame for ``path`` (or an 18xx.games game id or address, downloaded
    from ``site``; ``at``: the action of a game log to open the position before); its
    warnings go to stderr."""
    opened: OpenedGame
    if os.path.exists(path):  # a file: the network code stays unimported
        from ..files.loader import open_game

        opened = open_game(path, strict=strict, at=at)
    else:  # an 18xx.games game id or address
        from ..files.online.commands import open_source

        opened = open_source(path, strict=strict, at=at, site=site)
    for warning in opened.warnings:
        print(f"rusty-train-py: warning: {path}: {warning}", file=sys.stderr)
    return opened


def open_for_trains(args: argparse.Namespace) -> OpenedGame:
    """The opened ``args.gamefile`` of a command that runs ``args.company``'s trains: a
    ``--trains`` given is checked before the file is read; without it, the trains the file
    gives the company (an 18xx.games log, or a save's ``trains``) go into ``args.trains``, and
    without ``--bonus`` the bonuses a log gives it (the privates it owns) into ``args.bonus``."""
    from ..files.company_runs import company_bonuses, company_trains
    from .route_report import train_list

    if args.trains is not None:
        train_list(args.trains)
    if args.company is None and args.at is None:
        raise CommandError(
            "--company (-c) is needed: the company whose trains run (without it, --at on a"
            " run of an 18xx.games log runs the company about to run)"
        )
    opened = open_for_cli(args.gamefile, args.strict, args.at, args.site)
    if args.company is None:
        run = opened.next_run
        if run is None:
            raise CommandError(
                f"--at {args.at} is not a run of a company of this game: name the company"
                " with --company (-c)"
            )
        args.company = run.company
        print(f"rusty-train-py: {run.describe()}: {run.company}'s routes", file=sys.stderr)
    args.trains = args.trains or ",".join(company_trains(opened, args.company))
    args.bonus = args.bonus or company_bonuses(opened, args.company)
    return opened
