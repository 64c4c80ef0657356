"""The oracle of the game-data fuzz (tests/fuzz_game_data.py): what each key of a game file
may hold, written from games/README.md apart from the loader's own schema
(rusty_train_py/game_schema.py), so that the fuzz knows which mutations must be refused."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

COLOURS = {"white", "yellow", "green", "brown", "grey", "gray", "red", "blue", "empty"}
TILE_COLOURS = {"yellow", "green", "brown", "grey", "gray"}
KINDS = {"major", "minor", "national", "neutral"}
# a train's revenue column (games/README.md, tiles/README.md): tile colours, 1849's, diesel
REVENUE_COLUMNS = {"yellow", "green", "brown", "grey", "white", "black", "diesel"}


def is_int(v: Any, low: int | None = None, high: int = 10**6) -> bool:
    """A whole number in [low, high]; no count, price or limit of a game is near a million."""
    return (
        isinstance(v, int) and not isinstance(v, bool) and (low is None or v >= low) and v <= high
    )


def is_text(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())


def is_texts(v: Any, nonempty: bool = False) -> bool:
    return isinstance(v, list) and all(is_text(x) for x in v) and (bool(v) or not nonempty)


def is_count(v: Any) -> bool:
    return v == "unlimited" or is_int(v, 0)


def is_one(v: Any, choices: set[str]) -> bool:
    return isinstance(v, str) and v in choices


def is_limit(v: Any) -> bool:
    if isinstance(v, dict):
        return bool(v) and all(is_one(k, KINDS) and is_int(x, 1) for k, x in v.items())
    return is_int(v, 1)


def is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def is_rgb(v: Any) -> bool:
    return isinstance(v, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", v) is not None


def is_table(v: Any) -> bool:
    return isinstance(v, dict) and bool(v)


def is_ints(v: dict, low: int) -> bool:
    return all(is_int(x, low) for x in v.values())


def amount_low(bonus: dict) -> int:
    """The least amount of a bonus: a penalty only for a placed bonus (18 Los Angeles's dump)."""
    return -(10**6) if bonus.get("kind") == "placed" else 0


Valid = Callable[[Any, dict], bool]  # (new value, the original table holding it) -> valid?

# (table, key) -> (valid?, owner): "data" for the game file's schema, "rules" for a rule
# kind's own parameters (rules/train_kinds.py, rules/bonus_kinds.py, gamefile_rules.py).
VALID: dict[tuple[str, str], tuple[Valid, str]] = {
    ("", "id"): (lambda v, t: is_text(v), "data"),
    ("", "title"): (lambda v, t: is_text(v), "data"),
    ("", "layout"): (lambda v, t: is_one(v, {"flat", "pointy"}), "data"),
    ("", "numbers"): (lambda v, t: is_one(v, {"rows", "columns"}), "data"),
    ("", "default_phase"): (lambda v, t: is_text(v), "data"),
    ("", "tiles"): (lambda v, t: is_texts(v, nonempty=True), "data"),
    ("hexes", "hexes"): (lambda v, t: is_texts(v, nonempty=True), "data"),
    ("hexes", "colour"): (lambda v, t: isinstance(v, str) and v.lower() in COLOURS, "data"),
    ("hexes", "code"): (lambda v, t: isinstance(v, str), "data"),
    ("companies", "abbrev"): (lambda v, t: is_text(v), "data"),
    ("companies", "name"): (lambda v, t: is_text(v), "data"),
    ("companies", "aliases"): (lambda v, t: is_texts(v), "data"),
    ("companies", "kind"): (lambda v, t: is_one(v, KINDS), "data"),
    ("companies", "shares"): (lambda v, t: is_int(v, 1), "data"),
    ("companies", "tokens"): (lambda v, t: is_int(v, 1), "data"),
    ("companies", "colour"): (lambda v, t: is_rgb(v), "data"),
    ("companies", "text_colour"): (lambda v, t: is_rgb(v), "data"),
    ("companies", "home"): (lambda v, t: is_text(v), "data"),
    # no home hex of ours has more than three cities
    ("companies", "home_city"): (lambda v, t: is_int(v, 0, 2), "data"),
    ("companies", "neutral_tokens"): (lambda v, t: is_bool(v), "data"),
    ("phases", "name"): (lambda v, t: is_text(v), "data"),
    ("phases", "tiles"): (
        lambda v, t: is_texts(v, True) and all(c.lower() in TILE_COLOURS for c in v),
        "data",
    ),
    ("phases", "on"): (lambda v, t: is_text(v), "data"),
    ("phases", "train_limit"): (lambda v, t: is_limit(v), "data"),
    ("trains", "name"): (lambda v, t: is_text(v), "data"),
    ("trains", "rule"): (lambda v, t: is_text(v), "data"),
    ("trains", "price"): (lambda v, t: is_int(v, 0), "data"),
    ("trains", "count"): (lambda v, t: is_count(v), "data"),
    ("trains", "multiplier"): (lambda v, t: is_int(v, 1), "data"),
    ("trains", "track_class"): (lambda v, t: is_text(v), "data"),
    ("trains", "rusts_on"): (lambda v, t: is_text(v), "data"),
    ("trains", "obsolete_on"): (lambda v, t: is_text(v), "data"),
    ("trains", "available_on"): (lambda v, t: is_text(v), "data"),
    ("trains", "stops"): (lambda v, t: is_int(v, 1), "rules"),
    ("trains", "pay"): (lambda v, t: is_int(v, 1), "rules"),
    ("trains", "visit"): (lambda v, t: is_int(v, 1), "rules"),
    ("trains", "towns"): (lambda v, t: is_int(v, 0), "rules"),
    ("trains", "edges"): (lambda v, t: is_int(v, 1), "rules"),
    ("trains", "city_multiplier"): (lambda v, t: is_int(v, 1), "rules"),
    ("trains", "column"): (lambda v, t: is_one(v, REVENUE_COLUMNS), "rules"),
    ("bonuses", "id"): (lambda v, t: is_text(v), "data"),
    ("bonuses", "name"): (lambda v, t: is_text(v), "data"),
    ("bonuses", "kind"): (lambda v, t: is_text(v), "data"),
    ("bonuses", "always"): (lambda v, t: is_bool(v), "data"),
    ("bonuses", "multiplied"): (lambda v, t: is_bool(v), "data"),
    ("bonuses", "train"): (lambda v, t: is_text(v), "data"),
    ("bonuses", "removed_on"): (lambda v, t: is_text(v), "data"),
    # a penalty is a negative amount of a placed bonus only (18 Los Angeles's dump)
    ("bonuses", "amount"): (lambda v, t: is_int(v, amount_low(t)), "rules"),
    ("bonuses", "amounts"): (
        lambda v, t: is_table(v) and all(is_int(x, amount_low(t)) for x in v.values()),
        "rules",
    ),
    ("bonuses", "sides"): (
        lambda v, t: is_table(v) and all(is_table(x) and is_ints(x, 0) for x in v.values()),
        "rules",
    ),
    ("bonuses", "pairs"): (
        lambda v, t: (
            isinstance(v, list)
            and bool(v)
            and all(is_texts(p) and len(p) == 2 and set(p) <= set(t.get("sides", {})) for p in v)
        ),
        "rules",
    ),
    ("bonuses", "min_stops"): (lambda v, t: is_int(v, 1), "rules"),
    ("bonuses", "once_per_run"): (lambda v, t: is_bool(v), "rules"),
    ("rules", "one_stop_per_hex"): (lambda v, t: is_bool(v) or v == "cities", "rules"),
    ("rules", "hex_reentry"): (lambda v, t: is_bool(v), "rules"),
    ("rules", "neutral_tokens_block"): (lambda v, t: is_bool(v), "rules"),
    ("rules", "express_token"): (lambda v, t: is_one(v, {"counted", "route"}), "rules"),
    ("rules", "express_stops"): (lambda v, t: is_one(v, {"offboards", "ends"}), "rules"),
    ("rusty_train", "title"): (lambda v, t: is_text(v), "data"),
    ("rusty_train", "row_offset"): (lambda v, t: is_int(v, -1000, 1000), "data"),
    ("rusty_train", "col_offset"): (lambda v, t: is_int(v, -1000, 1000), "data"),
    ("rusty_train.rotation_offsets", "*"): (lambda v, t: is_int(v, 0, 5), "data"),
    ("manifest", "*"): (lambda v, t: is_count(v), "data"),
    ("names", "*"): (lambda v, t: is_text(v), "data"),
}
REQUIRED = {
    ("", "id"), ("", "title"), ("", "layout"), ("", "tiles"), ("hexes", "hexes"),
    ("hexes", "colour"), ("companies", "abbrev"), ("companies", "name"),
    ("companies", "tokens"), ("phases", "name"), ("phases", "tiles"), ("trains", "name"),
    ("bonuses", "id"), ("bonuses", "kind"),
}  # fmt: skip
