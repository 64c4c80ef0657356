"""The typed schema of a game file (games/README.md): every key of every table with its type,
range and whether it is required, checked before the game is built.

``check_game_data`` checks the shape of the whole file (each value's type and range, names
non-empty, counts >= 0 or >= 1 as they mean, no unknown key); ``check_game_references``
then checks what needs the built game (a home hex on the map, a ``home_city`` among the
cities printed there, a phase's train, Rusty Train names). Each error is one GameDataError
naming the file, the line and the key. The rule kinds of trains and bonuses check their own
parameters (rules/); only the keys common to every kind are checked here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...base.errors import DataError
from ...grid.tile import COLOURS, TILE_COLOURS, normalise_colour
from ...rules.registry import MAX_VALUE, shown
from ..game import COMPANY_KINDS, Game, GameDataError
from .rules import SourceLines


class SchemaError(DataError):
    """A value of the wrong type or out of range; the message says what was expected, ``key``
    the entry of a table value at fault (for its line)."""

    key: str | None = None


Check = Callable[[Any], Any]


def string(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SchemaError(f"should be a non-empty string, got {shown(value)}")
    return value


def name(value: Any) -> str:
    """A short name or abbreviation: non-empty, no spaces at its ends, no control characters."""
    string(value)
    if value != value.strip() or not value.isprintable():
        raise SchemaError(f"should be a name without spaces at its ends, got {shown(value)}")
    return str(value)


def whole(minimum: int = 0, maximum: int = MAX_VALUE) -> Check:
    def check(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SchemaError(f"should be a whole number, got {shown(value)}")
        if not minimum <= value <= maximum:
            raise SchemaError(
                f"should be a whole number {minimum} to {maximum:,}, got {shown(value)}"
            )
        return value

    return check


def integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_VALUE:
        raise SchemaError(f"should be a whole number, got {shown(value)}")
    return value


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise SchemaError(f"should be true or false, got {shown(value)}")
    return value


def choice(*choices: str) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise SchemaError(f"should be one of {', '.join(choices)}, got {shown(value)}")
        return value

    return check


def colour_of(allowed: tuple[str, ...]) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or normalise_colour(value) not in allowed:
            raise SchemaError(f"unknown colour {shown(value)} (one of {', '.join(allowed)})")
        return normalise_colour(value)

    return check


def rgb(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise SchemaError(f"should be a colour #rrggbb, got {shown(value)}")
    return value


def count(value: Any) -> int | None:
    if value == "unlimited":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_VALUE:
        return value
    raise SchemaError(
        f'should be a whole number 0 to {MAX_VALUE:,} or "unlimited", got {shown(value)}'
    )


def list_of(item: Check, nonempty: bool = False, unique: bool = False) -> Check:
    def check(value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise SchemaError(f"should be a list, got {shown(value)}")
        if nonempty and not value:
            raise SchemaError("should not be empty")
        out = []
        for i, v in enumerate(value):
            try:
                out.append(item(v))
            except SchemaError as exc:
                raise SchemaError(f"[{i}]: {exc}") from None
        if unique and len({repr(v) for v in out}) != len(out):
            raise SchemaError("lists a name twice")
        return out

    return check


def table_of(value_check: Check, key_check: Check = string, nonempty: bool = False) -> Check:
    def check(value: Any) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise SchemaError(f"should be a table, got {shown(value)}")
        if nonempty and not value:
            raise SchemaError("should not be an empty table")
        out = {}
        for k, v in value.items():
            try:
                out[key_check(k)] = value_check(v)
            except SchemaError as exc:
                error = SchemaError(f"{k}: {exc}")
                error.key = str(k)
                raise error from None
        return out

    return check


def anything(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Field:
    check: Check
    required: bool = False


def check_table(
    table: Any,
    fields: Mapping[str, Field],
    at: Callable[[str | None], str],
    what: str,
    open_keys: bool = False,
    at_entry: Callable[[str, str], str] | None = None,
) -> dict[str, Any]:
    """The values of ``table`` checked against ``fields`` (absent optional keys left out).

    ``at(key)`` names the file and line of a key (None: of the table), ``at_entry(key,
    entry)`` of an entry of a table value; ``open_keys`` lets keys not in ``fields`` through
    (a rule kind's own keys, checked by the kind).
    """
    if not isinstance(table, dict):
        raise GameDataError(
            f"{at(None)}: {what or 'a game file'} should be a table, got {shown(table)}"
        )
    out = {}
    for key in table:
        if key not in fields and not open_keys:
            raise GameDataError(
                f"{at(key)}: {_of(what)}unknown key {shown(key)} (known: {', '.join(sorted(fields))})"
            )
    for key, field in fields.items():
        if key not in table:
            if field.required:
                raise GameDataError(f"{at(None)}: {_of(what)}missing {key!r}")
            continue
        try:
            out[key] = field.check(table[key])
        except SchemaError as exc:
            line = at_entry(key, exc.key) if at_entry and exc.key is not None else at(key)
            raise GameDataError(f"{line}: {_of(what)}{key}: {exc}") from None
    return out


def _of(what: str) -> str:
    return f"{what}: " if what else ""


# ---- the schema of a game file (games/README.md) -----------------------------------------------

TILE_SET = re.compile(r"[A-Za-z0-9_-]+")


def tile_set(value: Any) -> str:
    if not isinstance(value, str) or not TILE_SET.fullmatch(value):
        raise SchemaError(
            f"should be a tile file name (letters, digits, - and _), got {shown(value)}"
        )
    return value


def code(value: Any) -> str:
    """A tile code: any string (``""`` for a plain hex); tile_code.py reads it."""
    if not isinstance(value, str):
        raise SchemaError(f"should be a string of tile code, got {shown(value)}")
    return value


def currency(value: Any) -> str:
    """How the game writes an amount: ``%s`` where the number goes (``"$%s"``, ``"%s₽"``)."""
    if not isinstance(value, str) or value.count("%s") != 1 or "%" in value.replace("%s", ""):
        raise SchemaError(f'should hold %s once, where the amount goes ("$%s"), got {shown(value)}')
    return value


TOP = {
    "id": Field(name, required=True),
    "title": Field(string, required=True),
    "layout": Field(choice("flat", "pointy"), required=True),
    "numbers": Field(choice("rows", "columns")),
    "tiles": Field(list_of(tile_set, nonempty=True, unique=True), required=True),
    "default_phase": Field(name),
    "currency": Field(currency),
    "rules": Field(table_of(anything)),
    "rusty_train": Field(table_of(anything)),
    "eighteen_xx": Field(table_of(anything)),  # checked by gamefile.eighteen_xx_table
    "hexes": Field(list_of(anything, nonempty=True), required=True),
    "names": Field(table_of(string, name)),
    "manifest": Field(table_of(count, name), required=True),
    "companies": Field(list_of(anything, nonempty=True), required=True),
    "trains": Field(list_of(anything, nonempty=True), required=True),
    "phases": Field(list_of(anything, nonempty=True), required=True),
    "bonuses": Field(list_of(anything)),
    "phase_revenue": Field(list_of(anything)),
    "upgrade_rules": Field(list_of(anything)),
    "tile_lays": Field(list_of(anything)),  # checked by tile_lays.parse_lay_rules
    "lay_costs": Field(table_of(anything)),  # checked by tile_lays.parse_lay_rules
}
HEX_GROUP = {
    "hexes": Field(list_of(name, nonempty=True, unique=True), required=True),
    "colour": Field(colour_of(COLOURS), required=True),
    "code": Field(code),
}
COMPANY = {
    "abbrev": Field(name, required=True),
    "aliases": Field(list_of(name, unique=True)),
    "name": Field(string, required=True),
    "kind": Field(choice(*COMPANY_KINDS)),
    "shares": Field(whole(1)),
    "tokens": Field(whole(1), required=True),
    "colour": Field(rgb),
    "text_colour": Field(rgb),
    "home": Field(name),
    "home_city": Field(whole(0)),
    "neutral_tokens": Field(boolean),
}


def train_limit(value: Any) -> int | dict[str, int]:
    """Trains a company may hold: one number, or one per company kind (``{ minor = 1 }``)."""
    if isinstance(value, dict):
        limits: dict[str, int] = table_of(whole(1), choice(*COMPANY_KINDS), nonempty=True)(value)
        return limits
    if not isinstance(value, int) or isinstance(value, bool):
        raise SchemaError(
            f"should be a whole number or a table of company kind = number, got {shown(value)}"
        )
    limit: int = whole(1)(value)
    return limit


PHASE = {
    "name": Field(name, required=True),
    "tiles": Field(list_of(colour_of(TILE_COLOURS), nonempty=True, unique=True), required=True),
    "on": Field(name),
    "train_limit": Field(train_limit),
}
TRAIN_COMMON = {
    "name": Field(name, required=True),
    "rule": Field(name),
    "price": Field(whole(0)),
    "count": Field(count),
    "rusts_on": Field(name),
    "obsolete_on": Field(name),
    "available_on": Field(name),
    "track_class": Field(name),
    "multiplier": Field(whole(1)),
}
BONUS_COMMON = {
    "id": Field(name, required=True),
    "name": Field(string),
    "kind": Field(name, required=True),
    "always": Field(boolean),
    "multiplied": Field(boolean),
    "train": Field(name),
    "removed_on": Field(name),
}
RUSTY_TRAIN = {
    "title": Field(string),
    "row_offset": Field(integer),
    "col_offset": Field(integer),
    "map_tiles": Field(list_of(string, unique=True)),
    "phases": Field(table_of(name, name)),
    "companies": Field(table_of(name, name)),
    "rotation_offsets": Field(table_of(whole(0, 5), string)),
}
PHASE_REVENUE = {
    "hexes": Field(list_of(name, nonempty=True, unique=True), required=True),
    "values": Field(table_of(whole(0), name), required=True),
}
UPGRADE_RULE = {
    "hexes": Field(list_of(name, unique=True)),
    "from_colour": Field(colour_of(("white",) + TILE_COLOURS)),
    "from_tiles": Field(list_of(name, unique=True)),
    "to": Field(list_of(name, unique=True), required=True),
}
ARRAYS = {
    "hexes": (HEX_GROUP, False),
    "companies": (COMPANY, False),
    "phases": (PHASE, False),
    "trains": (TRAIN_COMMON, True),
    "bonuses": (BONUS_COMMON, True),
    "phase_revenue": (PHASE_REVENUE, False),
    "upgrade_rules": (UPGRADE_RULE, False),
}


def top_line(lines: SourceLines, key: str) -> str:
    """``file:line`` of a top-level ``key = ...`` (before the first table), else the file."""
    key_re = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    split = getattr(lines, "split", None)  # a game file and its hand file read as one
    for start in (0,) if split is None else (0, split):
        for n in range(start, len(lines.lines)):
            line = lines.lines[n]
            if line.lstrip().startswith("["):
                break
            if key_re.match(line):
                if split is not None and n + 1 > split:  # the hand file's own line
                    return f"{getattr(lines, 'hand_source', lines.source)}:{n + 1 - split}"
                return f"{lines.source}:{n + 1}"
    return lines.source


def check_game_data(data: Any, lines: SourceLines) -> None:
    """Check the type and range of every key of a game file's data; GameDataError otherwise."""
    top = check_table(
        data,
        TOP,
        lambda k: top_line(lines, k) if k else lines.source,
        "",
        at_entry=lambda table, entry: lines.where(table, None, entry),
    )
    for array, (fields, open_keys) in ARRAYS.items():
        for i, table in enumerate(top.get(array, ())):
            label = f"{array}[{i}]"
            if isinstance(table, dict) and isinstance(table.get("abbrev"), str) and table["abbrev"]:
                label += f" ({table['abbrev'][:20]})"

            def at(key: str | None, array: str = array, i: int = i) -> str:
                return lines.where(array, i, key)

            check_table(table, fields, at, label, open_keys)
    if "rusty_train" in top:
        check_table(
            top["rusty_train"],
            RUSTY_TRAIN,
            lambda k: _rusty_train_line(lines, k),
            "[rusty_train]",
            at_entry=lambda table, entry: lines.where(f"rusty_train.{table}", None, entry),
        )


def _rusty_train_line(lines: SourceLines, key: str | None) -> str:
    """The line of ``key`` in [rusty_train], or of its own table ``[rusty_train.KEY]``."""
    if key is not None:
        table = lines.where(f"rusty_train.{key}", None)
        if table != lines.source:
            return table
    return lines.where("rusty_train", None, key)


def check_game_references(game: Game, lines: SourceLines) -> None:
    """Check the names and indexes that point into the built game (homes, home cities, the
    trains of phases, the names of [rusty_train])."""
    seen: dict[str, str] = {}
    for i, company in enumerate(game.companies):
        where = f"{lines.where('companies', i)}: companies[{i}] ({company.abbrev})"
        for abbrev in {company.abbrev.upper(), *(a.upper() for a in company.aliases)}:
            other = seen.setdefault(abbrev, company.abbrev)
            if other != company.abbrev:
                raise GameDataError(f"{where}: abbreviation {abbrev!r} is also {other}'s")
        if company.home_city is not None:
            if company.home is None:
                raise GameDataError(
                    f"{lines.where('companies', i, 'home_city')}: companies[{i}]"
                    f" ({company.abbrev}): home_city without a home hex"
                )
            cities = len(game.hexes[company.home].tile.cities)
            if company.home_city >= cities:
                raise GameDataError(
                    f"{lines.where('companies', i, 'home_city')}: companies[{i}]"
                    f" ({company.abbrev}): home_city {company.home_city} is out of range: the"
                    f" home hex {company.home} has {cities} cities (0 to {cities - 1})"
                )
    trains = {t.name for t in game.trains}
    names = [p.name for p in game.phases]
    for i, phase in enumerate(game.phases):
        if phase.on is not None and phase.on not in trains:
            raise GameDataError(
                f"{lines.where('phases', i, 'on')}: phases[{i}]: on {phase.on!r} is not a train"
                f" of the game"
            )
        if names.count(phase.name) > 1:
            raise GameDataError(f"{lines.where('phases', i, 'name')}: phase {phase.name!r} twice")
    for i, bonus in enumerate(game.bonuses):
        if bonus.removed_on is not None and bonus.removed_on not in trains:
            raise GameDataError(
                f"{lines.where('bonuses', i, 'removed_on')}: bonus {bonus.id}: removed_on"
                f" {bonus.removed_on!r} is not a train of the game"
            )
    rt = game.rusty_train
    for theirs, ours in rt.get("companies", {}).items():
        if not any(c.abbrev == ours for c in game.companies):
            raise GameDataError(
                f"{lines.where('rusty_train', None, 'companies')}: rusty_train.companies maps"
                f" {theirs!r} to {ours!r}, which is not a company"
            )
    map_tiles = set(rt.get("map_tiles", ()))
    for tile in rt.get("rotation_offsets", {}):
        if tile not in game.catalogue and tile not in map_tiles:
            raise GameDataError(
                f"{lines.where('rusty_train.rotation_offsets', None, tile)}:"
                f" rusty_train.rotation_offsets: {tile!r} is not a tile of the game"
            )
