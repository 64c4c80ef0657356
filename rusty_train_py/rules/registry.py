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

from ..base.errors import DataError


class RuleDataError(DataError):
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

MAX_VALUE = 1_000_000  # no count, amount, price or limit of a game is near this; more is a typo


def shown(value: Any) -> str:
    """``value`` as an error message shows it: a huge number or a long text cut short."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a number of more than 12 digits"
    try:
        text_ = repr(value)
    except (ValueError, RecursionError):  # a value too deep or too long to print
        return f"a {type(value).__name__} too large to show"
    return text_ if len(text_) <= 40 else text_[:37] + "..."


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def whole(minimum: int = 0, maximum: int = MAX_VALUE) -> Callable[[Any, str], int]:
    """A whole number from ``minimum`` to ``maximum``."""

    def check(v: Any, where: str) -> int:
        if not _is_int(v) or not minimum <= v <= maximum:
            raise RuleDataError(
                f"{where} should be a whole number {minimum} to {maximum:,}, got {shown(v)}"
            )
        return int(v)

    return check


def integer(v: Any, where: str) -> int:
    """A whole number, negative allowed (a penalty), at most ``MAX_VALUE`` either way."""
    if not _is_int(v) or abs(v) > MAX_VALUE:
        raise RuleDataError(
            f"{where} should be a whole number -{MAX_VALUE:,} to {MAX_VALUE:,}, got {shown(v)}"
        )
    return int(v)


def text(v: Any, where: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise RuleDataError(f"{where} should be a non-empty string, got {shown(v)}")
    return v


def flag(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise RuleDataError(f"{where} should be true or false, got {shown(v)}")
    return v


def one_of(*choices: str) -> Callable[[Any, str], str]:
    def check(v: Any, where: str) -> str:
        if not isinstance(v, str) or v not in choices:
            raise RuleDataError(f"{where} should be one of {', '.join(choices)}, got {shown(v)}")
        return v

    return check


def strings(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
        raise RuleDataError(f"{where} should be a list of non-empty strings, got {shown(v)}")
    if len(set(v)) != len(v):
        raise RuleDataError(f"{where} lists a name twice")
    return tuple(v)


def table_of(
    value_check: Callable[[Any, str], V],
) -> Callable[[Any, str], tuple[tuple[str, V], ...]]:
    """A non-empty table of name = value."""

    def check(v: Any, where: str) -> tuple[tuple[str, V], ...]:
        if not isinstance(v, dict) or not v:
            raise RuleDataError(f"{where} should be a non-empty table, got {shown(v)}")
        return tuple(sorted((str(k), value_check(x, f"{where}.{k}")) for k, x in v.items()))

    return check
