"""A kind's parameters as a typed, frozen dataclass, read from a game file's table.

A kind names its ``Params`` class (fields with defaults where a key may be left out) and a
checker per key. ``read_params`` refuses unknown and missing keys and wrong values, naming the
file, line and key at fault, and returns the frozen parameters: the kind's code reads
``p.stops``, never a dict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

from .registry import Checker, RuleDataError


@dataclass(frozen=True, slots=True)
class KindParams:
    """Base of every kind's parameters (a kind with no keys uses it as is)."""

    def as_dict(self) -> dict[str, Any]:
        """The keys given (a key left out and without a default is not listed)."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value
        return out


P = TypeVar("P", bound=KindParams)


class TableWhere(str):
    """Where a table of a game file is (``games/x.toml:12: train 2``), knowing the line of each
    key in it: ``key(k)`` is ``games/x.toml:14: train 2: k``. A plain string names the table's
    line for every key."""

    key_line: Callable[[str], str]

    def __new__(cls, where: str, key_line: Callable[[str], str]) -> TableWhere:
        obj = super().__new__(cls, where)
        obj.key_line = key_line
        return obj

    def key(self, key: str) -> str:
        return f"{self.key_line(key)}: {key}"


def key_where(where: str, key: str) -> str:
    """Where ``key`` of the table at ``where`` is, for an error naming it."""
    return where.key(key) if isinstance(where, TableWhere) else f"{where}: {key}"


def required_keys(cls: type[KindParams]) -> tuple[str, ...]:
    """The keys a game file must give: the fields without a default."""
    return tuple(
        f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING
    )


def read_params(
    cls: type[P], table: Mapping[str, Any], keys: Mapping[str, Checker], where: str
) -> P:
    """``table`` checked against ``keys`` and made into the frozen ``cls``."""
    for key in table:
        if key not in keys:
            taken = ", ".join(sorted(keys)) or "nothing"
            raise RuleDataError(f"{where}: unknown key {key!r} (this kind takes: {taken})")
    for key in required_keys(cls):
        if key not in table:
            raise RuleDataError(f"{where}: missing {key!r}")
    values = {k: keys[k](v, key_where(where, k)) for k, v in table.items()}
    return cls(**values)
