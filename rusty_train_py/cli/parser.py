"""The argument parser of ``rusty-train-py``: each registered command adds its own."""

from __future__ import annotations

import argparse
import sys

from .arguments import shared_arguments
from .commands import COMMANDS, command_module


class _VersionAction(argparse.Action):
    """``--version``: the installed package's version, read only when asked."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        from ..base.about import version

        sys.stdout.write(f"{parser.prog} {version()}\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rusty-train-py",
        description="Track live 18xx maps and find the optimal routes for a company's trains.",
    )
    p.add_argument("--version", action=_VersionAction)
    sub = p.add_subparsers(dest="command")
    shared = shared_arguments()
    for name in COMMANDS:
        command_module(name).add_parser(sub, shared)
    return p
