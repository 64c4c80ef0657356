"""Registries of rule kinds: a game file names a kind, the registry gives the one object for it.

A kind declares the keys it takes (with a checker each) and its typed ``Params``; ``parse``
validates a table of the game file against them (params.py), naming the file and entry at
fault, and returns the kind's frozen parameters. Adding a kind is registering one object;
nothing else in the code lists kinds.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar


class RuleDataError(ValueError):
    """A game file's rule entry is wrong; the message names the file and entry."""


Checker = Callable[[Any, str], Any]

K = TypeVar("K")
V = TypeVar("V")


class Registry(Generic[K]):
    """Kinds by the name game files use."""

    def __init__(self, what: str):
        self.what = what
        self._kinds: dict[str, K] = {}

    def register(self, name: str) -> Callable[[type], type]:
        def add(cls: type) -> type:
            if name in self._kinds:
                raise ValueError(f"{self.what} {name!r} registered twice")
            obj = cls()
            obj.name = name
            self._kinds[name] = obj
            return cls

        return add

    def get(self, name: object, where: str) -> K:
        kind = self._kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            raise RuleDataError(
                f"{where}: unknown {self.what} {name!r} (known: {', '.join(sorted(self._kinds))})"
            )
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._kinds))

    def __contains__(self, name: object) -> bool:
        return name in self._kinds


def import_modules_of(package: str, path: Iterable[str], skip: tuple[str, ...] = ()) -> None:
    """Import every module of ``package`` (its ``__path__``) but ``skip``, in name order: each
    registers what it defines (a kind, a game's rules)."""
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        if info.name not in skip:
            importlib.import_module(f"{package}.{info.name}")


# ---- checkers -----------------------------------------------------------------------------


def whole(minimum: int = 0) -> Callable[[Any, str], int]:
    def check(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
            raise RuleDataError(f"{where} should be a whole number >= {minimum}, got {v!r}")
        return v

    return check


def integer(v: Any, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise RuleDataError(f"{where} should be a whole number, got {v!r}")
    return v


def text(v: Any, where: str) -> str:
    if not isinstance(v, str) or not v:
        raise RuleDataError(f"{where} should be a non-empty string, got {v!r}")
    return v


def flag(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise RuleDataError(f"{where} should be true or false, got {v!r}")
    return v


def one_of(*choices: str) -> Callable[[Any, str], str]:
    def check(v: Any, where: str) -> str:
        if v not in choices:
            raise RuleDataError(f"{where} should be one of {', '.join(choices)}, got {v!r}")
        return str(v)

    return check


def strings(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
        raise RuleDataError(f"{where} should be a list of strings, got {v!r}")
    if len(set(v)) != len(v):
        raise RuleDataError(f"{where} lists a name twice")
    return tuple(v)


def table_of(
    value_check: Callable[[Any, str], V],
) -> Callable[[Any, str], tuple[tuple[str, V], ...]]:
    def check(v: Any, where: str) -> tuple[tuple[str, V], ...]:
        if not isinstance(v, dict):
            raise RuleDataError(f"{where} should be a table, got {v!r}")
        return tuple(sorted((str(k), value_check(x, f"{where}.{k}")) for k, x in v.items()))

    return check
