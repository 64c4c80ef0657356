"""Rule kinds, one file each: importing this package registers every module in it.

A new train or bonus kind is one file here (its ``Params``, its keys, what it pays, its
state, its exact-model statement) and its tests; nothing else in the code lists kinds.
"""

from __future__ import annotations

import importlib
import pkgutil


def _register_all() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")


_register_all()
