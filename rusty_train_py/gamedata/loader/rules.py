"""Reading the rule parts of a game file: trains, bonuses and the ``[rules]`` table.

Every table is checked against the keys its kind takes; an unknown or misspelt key is an
error naming the file and the line it is on (found in the file's text: ``tomllib`` keeps no
positions).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ...rules.bonus_kinds import BONUS_KINDS, COMMON_KEYS
from ...rules.params import TableWhere
from ...rules.registry import Checker, RuleDataError, flag, one_of, strings, table_of
from ...rules.train_kinds import TRAIN_RULES
from ..game import Bonus, TrainType


class SourceLines:
    """Finds the line of a key in the N-th ``[[array]]`` table (or a ``[table]``) of a TOML text."""

    def __init__(self, source: str, text_: str | None):
        self.source = source
        self.lines = text_.splitlines() if text_ else []

    def where(self, array: str, index: int | None, key: str | None = None) -> str:
        if not self.lines:
            return self.source
        header = re.compile(
            rf"^\s*\[\[\s*{re.escape(array)}\s*\]\]"
            if index is not None
            else rf"^\s*\[\s*{re.escape(array)}\s*\]"
        )
        count = -1
        starts = []  # a [table] may be given in two texts (a game file and its hand file)
        for n, line in enumerate(self.lines):
            if header.match(line):
                count += 1
                if index is None or count == index:
                    starts.append(n)
                    if index is not None:
                        break
        if not starts:
            return self.source
        if key is not None:
            key_re = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
            for start in starts:
                for n in range(start + 1, len(self.lines)):
                    if self.lines[n].lstrip().startswith("["):
                        break
                    if key_re.match(self.lines[n]):
                        return f"{self.source}:{n + 1}"
        return f"{self.source}:{starts[0] + 1}"


# the keys every train takes (their type and range checked by game_schema.py); the others are
# its rule kind's
TRAIN_KEYS = {
    "name",
    "rule",
    "price",
    "count",
    "rusts_on",
    "obsolete_on",
    "available_on",
    "track_class",
    "multiplier",
}


def _table_where(lines: SourceLines, array: str, index: int, label: str) -> TableWhere:
    """The ``index``-th ``[[array]]`` table, ``label`` in its errors; each key on its line."""
    return TableWhere(
        f"{lines.where(array, index)}: {label}",
        lambda key: f"{lines.where(array, index, key)}: {label}",
    )


def parse_trains(entries: Sequence[Mapping[str, Any]], lines: SourceLines) -> list[TrainType]:
    """The ``[[trains]]`` tables (their common keys checked by the schema), each kind reading
    its own keys."""
    out: list[TrainType] = []
    for i, t in enumerate(entries):
        where = lines.where("trains", i)
        name = t["name"]
        kind = TRAIN_RULES.get(t.get("rule", "stops"), f"{where}: train {name}: rule")
        own = {k: v for k, v in t.items() if k not in TRAIN_KEYS}
        for key in own:
            if key not in kind.keys:
                raise RuleDataError(
                    f"{lines.where('trains', i, key)}: train {name}: unknown key {key!r} for rule "
                    f"{kind.name!r} (it takes: {', '.join(sorted(kind.keys)) or 'nothing'})"
                )
        params = kind.parse(own, _table_where(lines, "trains", i, f"train {name}"))
        out.append(
            TrainType(
                name=name,
                price=t.get("price", 0),
                count=None if t.get("count", "unlimited") == "unlimited" else t["count"],
                rule=kind.name,
                params=params,
                multiplier=t.get("multiplier", 1),
                track_class=t.get("track_class", "train"),
                rusts_on=t.get("rusts_on"),
                obsolete_on=t.get("obsolete_on"),
                available_on=t.get("available_on"),
            )
        )
    names = [train.name for train in out]
    for train in out:
        for ref in (train.rusts_on, train.obsolete_on, train.available_on):
            if ref is not None and ref not in names:
                raise RuleDataError(
                    f"{lines.source}: train {train.name} names unknown train {ref!r}"
                )
    if len(set(n.upper() for n in names)) != len(names):
        raise RuleDataError(f"{lines.source}: train names are not unique")
    return out


def parse_bonuses(
    entries: Sequence[Mapping[str, Any]],
    lines: SourceLines,
    hexes: Mapping[str, object],
    train_names: Collection[str],
) -> list[Bonus]:
    """The ``[[bonuses]]`` tables (their common keys checked by the schema), each kind reading
    its own keys."""
    out: list[Bonus] = []
    for i, b in enumerate(entries):
        where = lines.where("bonuses", i)
        bid = b["id"]
        kind = BONUS_KINDS.get(b.get("kind"), f"{where}: bonus {bid}: kind")
        own = {k: v for k, v in b.items() if k not in COMMON_KEYS}
        for key in own:
            if key not in kind.keys:
                raise RuleDataError(
                    f"{lines.where('bonuses', i, key)}: bonus {bid}: unknown key {key!r} for kind "
                    f"{kind.name!r} (it takes: {', '.join(sorted(kind.keys)) or 'nothing'})"
                )
        params = kind.parse(own, _table_where(lines, "bonuses", i, f"bonus {bid}"), hexes)
        train = b.get("train")
        if train is not None and train not in train_names:
            raise RuleDataError(f"{where}: bonus {bid}: unknown train {train!r}")
        out.append(
            Bonus(
                id=bid,
                name=b.get("name", bid),
                kind_name=kind.name,
                params=params,
                always=b.get("always", True),
                multiplied=b.get("multiplied", False),
                train=train,
                removed_on=b.get("removed_on"),
            )
        )
    if len({b.id.lower() for b in out}) != len(out):
        raise RuleDataError(f"{lines.source}: bonus ids are not unique")
    return out


def flag_or(*choices: str) -> Checker:
    """true, false or one of ``choices``."""
    named = one_of(*choices)

    def check(v: Any, where: str) -> bool | str:
        return v if isinstance(v, bool) else named(v, where)

    return check


# [rules]: key -> (checker, default). Readings are named in the finder's output.
RULE_KEYS: dict[str, tuple[Checker, object]] = {
    "upgrade_max_exits": (strings, ()),
    "partitions_block": (flag, False),
    "one_stop_per_hex": (flag_or("cities"), True),
    "two_stops_hexes": (strings, ()),
    # hexes of which a route may visit one revenue centre only (1894's Paris; check_distance)
    "one_stop_hexes": (strings, ()),
    "hex_reentry": (flag, True),
    "express_token": (one_of("counted", "route"), "counted"),
    "express_stops": (one_of("offboards", "ends"), "offboards"),
    "neutral_tokens_block": (flag, False),
    # company -> train names passing its full cities (18SJ: SJ's tokens block all but E)
    "tokens_passed_by": (table_of(strings), ()),
    "junction_reentry": (flag, False),
    # hexes of mines: only goods trains visit them, each exactly one (kinds goods, no_mines)
    "mines": (strings, ()),
}

# key -> {value: text}, or a template taking the value's items joined by ", "
READING_TEXT: dict[str, dict[object, str] | str] = {
    "mines": "mines {} visited only by goods trains, one each, paying the company not the route",
    "one_stop_per_hex": {
        True: "one revenue centre per hex in a route",
        False: "two revenue centres of one hex may be in one route",
        "cities": "one revenue centre per hex in a route, except on hexes with towns",
    },
    "hex_reentry": {
        False: "a route may not come back to a hex it has left",
        True: "a route may come back to a hex on separate track",
    },
    "junction_reentry": {
        False: "a route passes a junction once",
        True: "a route may pass a junction again on separate track",
    },
    "express_token": {
        "counted": "an express train's counted stops include a token",
        "route": "an express route only passes a token",
    },
    "express_stops": {
        "offboards": "an express train must count the off-boards it reaches",
        "ends": "an express train must count both ends of its route",
    },
}


def parse_rules(table: Any, lines: SourceLines, hexes: Collection[str] = ()) -> dict[str, Any]:
    if table is None:
        table = {}
    if not isinstance(table, dict):
        raise RuleDataError(f"{lines.where('rules', None)}: [rules] should be a table")
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key not in RULE_KEYS:
            raise RuleDataError(
                f"{lines.where('rules', None, key)}: unknown rule {key!r} "
                f"(known: {', '.join(sorted(RULE_KEYS))})"
            )
        out[key] = RULE_KEYS[key][0](value, f"{lines.where('rules', None, key)}: {key}")
    for h in out.get("mines", ()):
        if h not in hexes:
            raise RuleDataError(f"{lines.where('rules', None, 'mines')}: mines: no hex {h!r}")
    for k in out.get("upgrade_max_exits", ()):
        if k not in ("city", "town"):
            raise RuleDataError(f"{lines.source}: rules: upgrade_max_exits lists {k!r}")
    for h in out.get("one_stop_hexes", ()):
        if h not in hexes:
            where = lines.where("rules", None, "one_stop_hexes")
            raise RuleDataError(f"{where}: one_stop_hexes names {h!r}, not a hex of the map")
    return {k: out.get(k, default) for k, (_, default) in RULE_KEYS.items()}
