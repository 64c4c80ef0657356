"""Reading a game's ``[eighteen_xx]`` table into its frozen, typed value (gamedata/eighteen_xx.py):
every key known, every value of its type; an error names the file and the line of the key
(its own ``[eighteen_xx.KEY]`` table, or its line in ``[eighteen_xx]``)."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from ..eighteen_xx import HOME_TIMINGS, EighteenXX, PrivateToken
from ..game import GameDataError
from .rules import SourceLines

Reader = Callable[[Any, str], Any]  # (value, where) -> the typed value, or GameDataError


def _text(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise GameDataError(f"{where} should be a str")
    return v


def _flag(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise GameDataError(f"{where} should be a bool")
    return v


def _number(v: Any, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise GameDataError(f"{where} should be a int")
    return v


def _texts(v: Any, where: str) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise GameDataError(f"{where} should be a list")
    for item in v:
        if not isinstance(item, str):
            raise GameDataError(f"{where}: {item!r} should be a str")
    return tuple(v)


def _table(value: Reader) -> Reader:
    """A table of names, each value read by ``value``."""

    def read(v: Any, where: str) -> Any:
        if not isinstance(v, dict):
            raise GameDataError(f"{where} should be a dict")
        return MappingProxyType({str(k): value(x, f"{where}.{k}") for k, x in v.items()})

    return read


def _text_or_texts(v: Any, where: str) -> tuple[str, ...]:
    return (_text(v, where),) if isinstance(v, str) else _texts(v, where)


def _timing(v: Any, where: str) -> str:
    if v not in HOME_TIMINGS:
        raise GameDataError(f"{where} {v!r} (one of: {', '.join(HOME_TIMINGS)})")
    return str(v)


def _setup_tokens(v: Any, where: str) -> tuple[tuple[str, int, str], ...]:
    if not isinstance(v, list):
        raise GameDataError(f"{where} should be a list")
    out = []
    for token in v:
        if not (
            isinstance(token, list)
            and len(token) == 3
            and isinstance(token[0], str)
            and isinstance(token[1], int)
            and not isinstance(token[1], bool)
            and isinstance(token[2], str)
        ):
            raise GameDataError(f"{where}: [hex, city, company]")
        out.append((token[0], token[1], token[2]))
    return tuple(out)


def _national_home(v: Any, where: str) -> tuple[str, int]:
    if not (
        isinstance(v, list)
        and len(v) == 2
        and isinstance(v[0], str)
        and isinstance(v[1], int)
        and not isinstance(v[1], bool)
    ):
        raise GameDataError(f"{where}: [hex, city]")
    return (v[0], v[1])


def _private_token(v: Any, where: str) -> PrivateToken:
    if not isinstance(v, dict) or set(v) - {"company", "bonus"} or "company" not in v:
        raise GameDataError(f"{where}: {{ company, bonus }}")
    bonus = v.get("bonus")
    company = _text(v["company"], f"{where}.company")
    return PrivateToken(company, None if bonus is None else _text(bonus, f"{where}.bonus"))


READERS: dict[str, Reader] = {
    "titles": _texts,
    "home_token_timing": _timing,
    "token_choice_on_lay": _flag,
    "printed_ids_kept": _flag,
    "tiles": _table(_text),
    "trains": _table(_text),
    "companies": _table(_text),
    "setup_tokens": _setup_tokens,
    "national": _text,
    "national_reservations": _texts,
    "national_operates": _texts,
    "national_home": _national_home,
    "national_token_tile": _text,
    "national_takes_assets": _flag,
    "minors_nationalized_on": _text,
    "minors_close_on": _text,
    "merger_on": _text,
    "trainless_nationalization_on": _texts,
    "private_bonuses": _table(_text_or_texts),
    "privates_close_on": _text,
    "export_phases": _texts,
    "export_after_set": _texts,
    "earthquake_on": _text,
    "earthquake_hex": _text,
    "private_trains": _table(_text),
    "private_trains_until": _text,
    "setup_trains": _table(_text),
    "rights": _table(_text),
    "closes_unless_bid": _table(_text),
    "private_tokens": _table(_private_token),
    "private_new_tokens": _texts,
    "rebellion_trains": _texts,
    "rebellion_hexes": _texts,
    "float_percent": _number,
    "neutral_token_company": _text,
    "neutral_tokens_removed_on": _text,
    "other_editions": _table(_text),
    "coal_railways": _table(_text),
    "coal_exchange_on": _text,
    "coal_blocker": _text,
    "staatsbahn_minors": _table(_texts),
    "staatsbahn_on": _table(_text),
    "staatsbahn_one_token": _text,
    "rust_after_or_sets": _table(_text),
    "phase_at_or": _table(_text),
    "phase_on": _table(_texts),
    "readings": _texts,
    "destination_tokens": _table(_text),
    "refused_options": _table(_text),
    "not_tiles": _texts,
}


def key_line(lines: SourceLines, key: str | None) -> str:
    """The line of ``key`` in [eighteen_xx], or of its own table ``[eighteen_xx.KEY]``."""
    if key is not None:
        table = lines.where(f"eighteen_xx.{key}", None)
        if table != lines.source:
            return table
    return lines.where("eighteen_xx", None, key)


def read_eighteen_xx(table: object, lines: SourceLines) -> EighteenXX:
    """The ``[eighteen_xx]`` table as its typed value; GameDataError naming file and line."""
    if not isinstance(table, dict):
        raise GameDataError(f"{key_line(lines, None)}: [eighteen_xx] should be a table")
    values = {}
    for key, value in table.items():
        reader = READERS.get(key)
        if reader is None:
            raise GameDataError(
                f"{key_line(lines, key)}: eighteen_xx.{key}: unknown key"
                f" (known: {', '.join(READERS)})"
            )
        values[key] = reader(value, f"{key_line(lines, key)}: eighteen_xx.{key}")
    return EighteenXX(**values)
