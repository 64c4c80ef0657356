"""The argument parser of ``rusty-train-py``: each registered command adds its own."""

from __future__ import annotations

import argparse

from .arguments import shared_arguments
from .commands import COMMANDS, command_module


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rusty-train-py",
        description="Track live 18xx maps and find the optimal routes for a company's trains.",
    )
    sub = p.add_subparsers(dest="command")
    shared = shared_arguments()
    for name in COMMANDS:
        command_module(name).add_parser(sub, shared)
    return p
