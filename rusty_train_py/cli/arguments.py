"""Argument types and the argument groups several commands share (argparse parents)."""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from typing import TypeAlias

# what ``add_subparsers`` returns: each command adds its parser to it
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def non_negative_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def name_list(text: str) -> list[str]:
    """A comma-separated list of names (``--bonus mail,steamboat:C5``), blanks dropped; with
    ``action="extend"`` the option may also be repeated."""
    return [name.strip() for name in text.split(",") if name.strip()]


def hex_size(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of pixels: {text!r}") from None
    if not math.isfinite(value) or value < 4:
        raise argparse.ArgumentTypeError(f"must be 4 pixels or more, not {text}")
    return value


@dataclass(frozen=True)
class SharedArguments:
    """Argument groups for ``parents=[...]``: ``reading`` (--strict) for every command that
    opens a saved game; ``running`` (the game file, company, trains and bonuses) for the
    commands that run a company's trains."""

    reading: argparse.ArgumentParser
    running: argparse.ArgumentParser


def shared_arguments() -> SharedArguments:
    reading = argparse.ArgumentParser(add_help=False)
    reading.add_argument(
        "--strict",
        action="store_true",
        help="refuse a saved game that breaks the rules (too many tokens or tiles, a phase"
        " named by another program); without it these are warnings on stderr",
    )
    reading.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="ACTION_ID",
        help="an 18xx.games game log (a file, a game id or its address): the position just"
        " before this action (default: after the last)",
    )
    reading.add_argument(
        "--site",
        default="",
        metavar="URL",
        help="where to download a game id or address from (default https://18xx.games, or"
        " RUSTY_TRAIN_18XX_URL): a mirror or a test server",
    )
    running = argparse.ArgumentParser(add_help=False)
    running.add_argument(
        "gamefile",
        help="saved game (ours or a Rusty Train .game file), or an 18xx.games game log (a"
        " file, a game id or its address)",
    )
    running.add_argument(
        "--company",
        "-c",
        default=None,
        help="company abbreviation, e.g. GW (default with --at on a run of an 18xx.games log:"
        " the company about to run)",
    )
    running.add_argument(
        "--trains",
        "-t",
        default=None,
        help="comma-separated train names, e.g. 5,8 (default: the company's trains in the"
        " game file, e.g. an 18xx.games log)",
    )
    running.add_argument(
        "--bonus",
        "-b",
        action="extend",
        type=name_list,
        default=[],
        metavar="NAME[,NAME...]",
        help="the bonus options the company holds, comma-separated, e.g. mail,steamboat:C5"
        " (repeatable; default for an 18xx.games log: the privates the company owns there)",
    )
    return SharedArguments(reading, running)
