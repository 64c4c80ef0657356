"""Writing a Conversion as the text of ``games/<id>.toml`` and ``tiles/<id>.tiles``: fixed key
order, one way to write each value, so the same dump always gives the same bytes."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from convert import Conversion

TILE_ORDER = {"yellow": 0, "green": 1, "brown": 2, "grey": 3, "red": 4, "blue": 5}


def value(v: Any) -> str:
    """A TOML value: strings JSON-quoted (a subset of TOML basic strings), lists inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {v!r}")


def key(k: str) -> str:
    bare = k.replace("_", "").replace("-", "").isalnum() and k.isascii() and not k.isdigit()
    return k if bare else json.dumps(k)


def comment(lines: list[str], width: int = 98) -> list[str]:
    out = []
    for line in lines:
        out += ["# " + x for x in textwrap.wrap(line, width - 2, subsequent_indent="  ")] or ["#"]
    return out


def game_text(c: Conversion) -> str:
    out = comment(
        [
            f"{c.title}: map, tiles, companies, trains and phases.",
            "Written by tools/import_game from the 18xx.games engine (tobymao/18xx, MIT); do not"
            f" edit: the hand-written parts (rules, readings, bonuses, notes) are in"
            f" games/hand/{c.id}.toml. Schema: games/README.md.",
        ]
    )
    if c.overrides:
        out += comment(
            ["Route methods the title overrides in the engine: " + ", ".join(c.overrides)]
        )
    if c.read_as:
        out += comment(["Imported with: " + "; ".join(c.read_as)])
    if c.unexpressed:
        out += comment(["Not expressed by the importer:"] + [f"- {n}" for n in c.unexpressed])
    if c.privates:
        out += comment(["Private companies (not modelled):"] + [f"- {p}" for p in c.privates])
    out += ["", f"id = {value(c.id)}", f"title = {value(c.title)}", f"layout = {value(c.layout)}"]
    if c.numbers:
        out.append(f"numbers = {value(c.numbers)}")
    files = ["common", "library"] + ([c.id] if c.own_tiles else [])
    out += [f"tiles = {value(files)}", f"default_phase = {value(c.phases[0]['name'])}"]
    out += [
        "",
        "[rules]",
    ]
    if c.two_stops_hexes:
        out += [
            "# the title's revenue_for refuses two stops of one hex in a route but on these hexes",
            "one_stop_per_hex = true",
            f"two_stops_hexes = {value(list(c.two_stops_hexes))}",
        ]
    elif c.one_stop_per_hex:
        out += [
            "# a route method of the title forbids two stops of one hex in a route",
            "one_stop_per_hex = "
            + ("true" if c.one_stop_per_hex is True else value(c.one_stop_per_hex)),
        ]
    else:
        out += [
            "# 18xx.games forbids counting a city twice (Route#check_cycles), not two cities of"
            " one hex",
            "one_stop_per_hex = false",
        ]
    out += [
        "# 18xx.games forbids reusing a hex edge (Base#check_overlap), not entering a hex twice",
        "hex_reentry = true",
    ]
    for colour, hexes, code in c.hex_groups:
        out += [
            "",
            "[[hexes]]",
            f"hexes = {value(hexes)}",
            f"colour = {value(colour)}",
            f"code = {value(code)}",
        ]
    for hexes, values in c.phase_revenue:
        out += ["", "[[phase_revenue]]", f"hexes = {value(hexes)}", f"values = {value(values)}"]
    out += ["", "[names]"] + [f"{key(h)} = {value(n)}" for h, n in c.names.items()]
    out += ["", "[manifest]"] + [f"{value(n)} = {value(k)}" for n, k in c.manifest]
    for table, rows in (("companies", c.companies), ("trains", c.trains), ("phases", c.phases)):
        for row in rows:
            out += ["", f"[[{table}]]"] + [f"{key(k)} = {value(v)}" for k, v in row.items()]
    return "\n".join(out) + "\n"


def _tile_key(t: tuple[str, str, str]) -> tuple:
    name, colour, _ = t
    numeric = name.isdigit()
    return (TILE_ORDER[colour], 0 if numeric else 1, int(name) if numeric else 0, name)


def tiles_text(c: Conversion) -> str | None:
    """The game's tile file: its own tiles and library tiles our common files do not hold."""
    if not c.own_tiles:
        return None
    head = comment(
        [
            f"{c.id}: tiles of the game that common.tiles and library.tiles do not hold (its own"
            " tiles, and library tiles no earlier game used). Written by tools/import_game;"
            " notation: README.md in this folder."
        ]
    )
    width = max(len(n) for n, _, _ in c.own_tiles) + 1
    rows = [
        f"{n.ljust(width)}{col.ljust(7)}{code}"
        for n, col, code in sorted(c.own_tiles, key=_tile_key)
    ]
    return "\n".join(head + [""] + rows) + "\n"
