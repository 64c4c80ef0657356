"""From a dump of the 18xx.games engine (dump_game.rb) to this project's game data, as plain
Python values: every part the format cannot express is dropped and named in ``unexpressed``;
a part without which the game would be wrong (a train rule no kind states, a city with no
token space) is an error in ``errors``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from colours import css_colour, text_colour_for

from rusty_train_py.grid.tile import IGNORED_PARTS, TileDataError
from rusty_train_py.grid.tile_code import PART_OPTIONS, parse_tile

HEX_COLOURS = {
    "white": "white",
    "yellow": "yellow",
    "green": "green",
    "brown": "brown",
    "gray": "grey",
    "grey": "grey",
    "red": "red",
    "blue": "blue",
    "empty": "empty",
}
# the library's two-colour tiles load as their first colour (tiles/README.md)
TILE_COLOURS = {
    "yellow": "yellow",
    "green": "green",
    "greenbrown": "green",
    "brown": "brown",
    "browngray": "brown",
    "brownsepia": "brown",
    "gray": "grey",
    "grey": "grey",
    # tiles only a private lays on a printed hex of that colour (1888's ferries, Terracotta)
    "red": "red",
    "blue": "blue",
}
# the colours a phase allows that are tile colours of ours: not red or blue (private lays
# only); a phase naming blue (1870) names a revenue column, read as [[phase_revenue]]
PHASE_COLOURS = {k: v for k, v in TILE_COLOURS.items() if v not in ("red", "blue")}
COMPANY_KINDS = {
    "": "major",
    "major": "major",
    "minor": "minor",
    "national": "national",
    "neutral": "neutral",
}
UNLIMITED = 99  # a distance of 99 or more is "no limit" in the engine's data


@dataclass
class Conversion:
    id: str
    title: str
    layout: str
    numbers: str | None
    hex_groups: list[tuple[str, list[str], str]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    manifest: list[tuple[str, int | str]] = field(default_factory=list)
    own_tiles: list[tuple[str, str, str]] = field(default_factory=list)  # name, colour, code
    companies: list[dict[str, Any]] = field(default_factory=list)
    trains: list[dict[str, Any]] = field(default_factory=list)
    phases: list[dict[str, Any]] = field(default_factory=list)
    phase_revenue: list[tuple[list[str], dict[str, int]]] = field(default_factory=list)
    privates: list[str] = field(default_factory=list)
    unexpressed: list[str] = field(default_factory=list)
    read_as: list[str] = field(default_factory=list)  # choices given on the command line
    overrides: list[str] = field(default_factory=list)
    # the title forbids two stops of one hex in a route (True), or of a hex without towns
    one_stop_per_hex: bool | str = False
    errors: list[str] = field(default_factory=list)
    two_stops_hexes: tuple[str, ...] = ()  # one stop per hex in a route but on these (1822)


def read_tile_codes(folder: Path, names: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """Tile name -> (colour, code) of our tile files ``names`` (later files win)."""
    out: dict[str, tuple[str, str]] = {}
    for n in names:
        for line in (folder / f"{n}.tiles").read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            name, colour, code = (line.split(None, 2) + [""])[:3]
            out[name] = (colour, code.strip())
    return out


def _drop_idle_last_junction(parts: list[str]) -> list[str]:
    """The parts without a last node that is a junction no path reaches (a drawing aid of
    18CO's co8-co10; dropping the last node renumbers no other)."""
    nodes = [i for i, p in enumerate(parts) if p.split("=", 1)[0] in NODE_PARTS]
    if not nodes or parts[nodes[-1]].split("=", 1)[0] != "junction":
        return parts
    ref = f"_{len(nodes) - 1}"
    if any(
        p.startswith("path=") and ref in p.replace(",", " ").replace(":", " ").split()
        for p in parts
    ):
        return parts
    return [p for i, p in enumerate(parts) if i != nodes[-1]]


NODE_PARTS = ("city", "town", "offboard", "junction")


def clean_code(code: str, where: str, c: Conversion) -> str:
    """``code`` with the parts and options our notation has no place for dropped (and named)."""
    kept = []
    parts = [p.strip() for p in code.split(";") if p.strip()]
    trimmed = _drop_idle_last_junction(parts)
    if trimmed != parts:
        c.unexpressed.append(f"{where}: a junction no track reaches (left out)")
    for part in trimmed:
        if not part:
            continue
        kind, eq, body = part.partition("=")
        if kind == "path" and "track:future" in body.split(","):
            # a main line printed as a future track (18SJ): drawn by the engine, no track
            c.unexpressed.append(f"{where}: future track {part!r} (not track: left out)")
            continue
        if kind in IGNORED_PARTS or kind == "label":
            kept.append(part)
            continue
        if kind not in PART_OPTIONS:
            c.unexpressed.append(f"{where}: part {part!r}")
            continue
        opts = [o for o in body.split(",") if o] if eq else []
        if kind == "path" and "track:thin" in opts:
            # the engine's thin track matches no gauge (Path#tracks_match?): no route crosses
            # from it into a neighbour, so it is drawing only (1822MX's sea lanes)
            c.unexpressed.append(f"{where}: thin track {part!r} (no route runs on it; left out)")
            continue
        good = []
        for o in opts:
            key, _, val = o.partition(":")
            if kind == "path" and key in ("a", "b") and val == "6":
                # the engine turns a path's edge with the tile, modulo 6: edge 6 is edge 0
                # (18GB G13); any other edge out of 0-5 stays a typo the reader refuses
                c.read_as.append(f"{where}: path edge 6 read as 0")
                val = "0"
                o = f"{key}:{val}"
            if key in PART_OPTIONS[kind] and _value_fits(key, val):
                good.append(o)
            else:
                c.unexpressed.append(f"{where}: {kind} option {o!r}")
        if kind == "future_label" and not any(o.startswith("label:") and o[6:] for o in good):
            c.unexpressed.append(f"{where}: part {part!r}")
            continue
        cleaned = f"{kind}={','.join(good)}" if good else kind
        if kind == "path" and cleaned in kept:
            # the same track printed twice (1849 Boot's I13): one track, as the engine runs it
            c.read_as.append(f"{where}: path {part!r} given twice (kept once)")
            continue
        kept.append(cleaned)
    return ";".join(kept)


def _value_fits(key: str, val: str) -> bool:
    """Option values our notation reads differently (an engine ``loc:15`` is not an edge)."""
    if key == "loc" and val != "center":
        try:
            return 0 <= float(val) <= 5.5
        except ValueError:
            return False
    return True


def _check(name: str, colour: str, code: str, where: str, c: Conversion) -> None:
    try:
        parse_tile(name, colour, code, where=where)
    except TileDataError as exc:
        c.errors.append(str(exc))


def convert_hexes(dump: dict, c: Conversion) -> None:
    seen: set[str] = set()
    for block in dump["hexes"]:
        colour = HEX_COLOURS.get(block["colour"])
        if colour is None:
            c.errors.append(f"hex colour {block['colour']!r}")
            continue
        for group in block["groups"]:
            hexes = [h for h in group["hexes"] if h not in seen]
            seen.update(hexes)
            if not hexes:
                continue
            code = "" if colour == "empty" else clean_code(group["code"], f"hex {hexes[0]}", c)
            c.hex_groups.append((colour, hexes, code))
    c.names = {h: n for h, n in sorted(dump["location_names"].items()) if h in seen}


def _parts(code: str) -> list[tuple[str, dict[str, str]]]:
    """A code's parts as (kind, options): ``city=revenue:10,groups:X`` -> ("city", {...})."""
    out = []
    for part in code.split(";"):
        kind, _, body = part.partition("=")
        opts = dict(o.partition(":")[::2] for o in body.split(",") if o)
        out.append((kind, opts))
    return out


def label_groups(c: Conversion, labels: frozenset[str]) -> dict[str, str]:
    """Label (of ``labels``) -> the group every city of the printed hexes of that label holds,
    where one does (18 Los Angeles' Long Beach, LB: LongBeach): the engine's ``Hex#lay`` gives a
    laid tile's cities the groups of the cities they replace, so the tiles of that label keep
    it. Asked for by label (``--keep-groups``): a title whose route rules read such a group
    otherwise (1822MX's Mexico City) keeps its tiles as the engine writes them."""
    found: dict[str, set[str]] = {}
    for _, _, code in c.hex_groups:
        parts = _parts(code)
        printed = [o for k, opts in parts if k == "label" for o in opts]
        groups = {opts.get("groups", "") for k, opts in parts if k == "city"}
        if len(printed) == 1:
            found.setdefault(printed[0], set()).update(groups or {""})
    out = {label: g.pop() for label, g in found.items() if len(g) == 1 and "" not in g}
    for label in sorted(labels - set(out)):
        c.errors.append(f"--keep-groups {label}: no printed hex of that label with one group")
    return {label: g for label, g in out.items() if label in labels}


def _keep_groups(name: str, code: str, groups: dict[str, str], c: Conversion) -> str:
    """``code`` with the group of its label on every city that has none (``label_groups``),
    for a tile of two cities or more (one city alone in a group changes no route: 18SJ's X5)."""
    parts = _parts(code)
    labels = [o for k, opts in parts if k == "label" for o in opts]
    group = groups.get(labels[0]) if len(labels) == 1 else None
    cities = [opts for k, opts in parts if k == "city"]
    if group is None or len(cities) < 2 or any("groups" in opts for opts in cities):
        return code
    c.read_as.append(f"tile {name}: its cities keep the group {group} of the hex it is laid on")
    return ";".join(
        part + f",groups:{group}" if part.startswith("city=") else part for part in code.split(";")
    )


def convert_tiles(
    dump: dict,
    c: Conversion,
    ours: dict[str, tuple[str, str]],
    keep_groups: frozenset[str] = frozenset(),
) -> None:
    groups = label_groups(c, keep_groups)
    for t in dump["tiles"]:
        name = t["name"]
        colour = TILE_COLOURS.get(t["colour"] or "")
        if colour is None or t["code"] is None:
            c.unexpressed.append(f"tile {name}: a {t['colour']} tile (left out of the manifest)")
            continue
        code = _keep_groups(name, clean_code(t["code"], f"tile {name}", c), groups, c)
        _check(name, colour, code, f"tile {name}", c)
        if ours.get(name) != (colour, code):
            c.own_tiles.append((name, colour, code))
        c.manifest.append((name, t["count"]))


def convert_companies(dump: dict, c: Conversion) -> None:
    # a company the setup makes that holds set-up tokens (1893's neutral N in H5) is written
    # once, as the neutral of those tokens (below)
    token_holders = {n["sym"] for n in dump.get("neutrals") or []}
    extra = [e for e in dump.get("extra_corporations") or [] if e["sym"] not in token_holders]
    every_token = sum(corp["tokens"] for corp in dump["corporations"] + dump["minors"])
    for corp in dump["corporations"] + dump["minors"] + extra:
        sym = corp["sym"]
        if corp.get("created") and corp["tokens"] == 0:
            # a company the title's setup makes with no tokens of its own (18SJ's SJ takes
            # over the tokens of the corporations it nationalises): room for all of them
            c.unexpressed.append(
                f"company {sym}: made by the title's setup, tokens taken over from others"
                f" (written as {every_token}, every company's)"
            )
            corp = {**corp, "tokens": every_token}
        kind = COMPANY_KINDS.get(corp["type"])
        if kind is None:
            c.unexpressed.append(f"company {sym}: type {corp['type']!r} read as a major")
            kind = "major"
        colour = css_colour(corp["color"])
        entry: dict[str, Any] = {
            "abbrev": sym,
            "name": corp["name"],
            "kind": kind,
            "shares": 10 if kind == "major" else 1,
            "tokens": max(corp["tokens"], 1),
            "colour": colour,
            "text_colour": text_colour_for(colour, corp["text_color"]),
        }
        if corp["tokens"] == 0:
            c.unexpressed.append(f"company {sym}: no station token (written as 1)")
        home = corp["coordinates"]
        if isinstance(home, list):
            c.unexpressed.append(f"company {sym}: homes {', '.join(home)} (the first kept)")
            home = home[0] if home else None
        if home:
            entry["home"] = home
            city = corp["city"]
            if isinstance(city, list):
                city = city[0]
            printed = next((code for _, hexes, code in c.hex_groups if home in hexes), "")
            cities = sum(1 for part in printed.split(";") if part.startswith("city="))
            if isinstance(city, int) and city >= cities:  # 18VA SR: F11 prints one city
                c.unexpressed.append(f"company {sym}: home city {city} of {home}, which prints"
                                     f" {cities} (the engine's choice, left out)")  # fmt: skip
            elif isinstance(city, int):
                entry["home_city"] = city
        for a in corp["abilities"]:
            c.unexpressed.append(f"company {sym}: ability {a['type']}")
        c.companies.append(entry)
    for n in dump.get("neutrals") or []:  # tokens the title places at set-up (18EU's N)
        entry = {
            "abbrev": n["sym"],
            "name": n["name"],
            "kind": "neutral",
            "shares": 1,
            "tokens": max(n["tokens"], 1),
            "colour": "#ffffff",
            "text_colour": "#000000",
        }
        if len(n["hexes"]) == 1:
            entry["home"] = n["hexes"][0]
        c.companies.append(entry)
    for p in dump["companies"]:
        kinds = ", ".join(sorted({a["type"] for a in p["abilities"]})) or "no ability"
        c.privates.append(f"{p['sym']} {p['name']} ({p['value']}, revenue {p['revenue']}): {kinds}")


def pay_best_rule(distance: list, rows: dict) -> dict[str, Any] | None:
    """``pay_best`` for a row visiting more than it pays: one row of every kind of stop
    (18Neb's 5/7: towns as any stop), or a cities row with a towns row passed unpaid (18Neb's
    4D: ``with_towns = "free"``, its multiplier the cities'); None otherwise."""
    every = rows.get(("city", "offboard", "town"))
    if len(rows) == 1 and every and every[0] < every[1] and distance[0].get("multiplier", 1) == 1:
        return {"rule": "pay_best", "pay": every[0], "visit": every[1], "with_towns": "paid"}
    big, towns = rows.get(("city", "offboard")), rows.get(("town",))
    if len(rows) != 2 or not big or not towns or big[0] >= big[1] or towns != (0, towns[1]):
        return None
    if towns[1] < UNLIMITED:
        return None
    town_row = next(r for r in distance if sorted(r["nodes"]) == ["town"])
    if town_row.get("multiplier", 1) != 1:
        return None
    rule = {"rule": "pay_best", "pay": big[0], "visit": big[1], "with_towns": "free"}
    times = next(r for r in distance if sorted(r["nodes"]) == ["city", "offboard"])
    if times.get("multiplier", 1) != 1:
        rule["city_multiplier"] = times["multiplier"]
    return rule


def train_rule(name: str, distance: Any, c: Conversion) -> dict[str, Any] | None:
    """Our rule kind and its keys for an engine distance, None when no kind states it."""
    if isinstance(distance, int):
        return {"rule": "stops"} if distance >= UNLIMITED else {"rule": "stops", "stops": distance}
    if not isinstance(distance, list):
        return None
    rows = {tuple(sorted(r["nodes"])): (r["pay"], r["visit"]) for r in distance}
    best = pay_best_rule(distance, rows)
    if best is not None:
        return best
    if list(rows) == [("city", "offboard")] and distance[0].get("multiplier", 1) == 1:
        pay, visit = rows[("city", "offboard")]
        if pay < visit < UNLIMITED:  # 1846's N/M: visits M cities/off-boards, no town
            return {"rule": "pay_best", "pay": pay, "visit": visit}
    if any(p != v for nodes, (p, v) in rows.items() if nodes != ("town",)):
        return None
    big = rows.get(("city", "offboard"))
    towns_row = [r for r in distance if sorted(r["nodes"]) == ["town"]]
    if big and towns_row and len(rows) == 2:
        n, m, visit = big[0], towns_row[0]["pay"], towns_row[0]["visit"]
        big_row = next(r for r in distance if sorted(r["nodes"]) == ["city", "offboard"])
        times = big_row.get("multiplier", 1)
        if towns_row[0].get("multiplier", 1) != 1:
            return None
        if m >= UNLIMITED and visit >= UNLIMITED:
            rule = {"rule": "plus_towns", "stops": n}
            return rule | ({"city_multiplier": times} if times != 1 else {})
        if times != 1:
            return None
        if visit >= UNLIMITED:  # towns passed freely, m of them paid
            return {"rule": "n_plus_m", "stops": n, "towns": m}
        return None
    every = rows.get(("city", "offboard", "town"))
    plain = all(r.get("multiplier", 1) == 1 for r in distance)
    if every and towns_row and len(rows) == 2 and plain and towns_row[0]["visit"] < UNLIMITED:
        # every stop visited paid; a town takes one of the M places, or one of the N
        if towns_row[0]["pay"] == towns_row[0]["visit"] and every[0] < UNLIMITED:
            return {"rule": "n_plus_m_all", "stops": every[0], "towns": towns_row[0]["pay"]}
        return None
    if every and len(rows) == 1 and distance[0].get("multiplier", 1) == 1:
        n = every[0]
        return {"rule": "stops"} if n >= UNLIMITED else {"rule": "stops", "stops": n}
    return None


def _with_variants(dump: dict, c: Conversion) -> list[dict]:
    """Each train and each of its variants (a variant is bought instead of it: same copies)."""
    out = []
    for t in dump["trains"]:
        base = {k: v for k, v in t.items() if k != "variants"}
        if t.get("num") != "unlimited":
            base["num"] = dump["train_counts"].get(t["name"], t.get("num", 0))
        out.append(base)
        for v in t.get("variants") or []:
            if v["name"] == t["name"]:
                continue
            c.unexpressed.append(f"train {v['name']}: a variant of {t['name']}, sharing its copies")
            out.append({**base, **v, "num": base["num"]})
    return out


def towns_row_rule(kind: str, distance: Any) -> dict[str, Any] | None:
    """``kind`` with the keys of a cities row and a towns row passed freely (towns paid all or
    none): for a train a command line names (``--rule 4D=plus_towns_ends``)."""
    if not isinstance(distance, list) or len(distance) not in (2, 3):
        return None
    big = next((r for r in distance if sorted(r["nodes"]) == ["city", "offboard"]), None)
    if len(distance) == 3:  # 18VA: a city row and an off-board row (its ports cost nothing)
        big = next((r for r in distance if r["nodes"] == ["city"]), None)
        ports = next((r for r in distance if r["nodes"] == ["offboard"]), None)
        if ports is None or ports.get("multiplier", 1) != 1:
            return None
    town = next((r for r in distance if r["nodes"] == ["town"]), None)
    if big is None or town is None or big["pay"] != big["visit"] or town["visit"] < UNLIMITED:
        return None
    if town["pay"] not in (0,) and town["pay"] < UNLIMITED:
        return None
    rule: dict[str, Any] = {"rule": kind, "stops": big["pay"]}
    if big.get("multiplier", 1) != 1:
        rule["city_multiplier"] = big["multiplier"]
    if town["pay"] == 0 or town.get("multiplier", 1) == 0:  # 18FL 3E: towns multiplier 0
        rule["towns_paid"] = False
    return rule


def keyless_rule(kind: str) -> dict[str, Any] | None:
    """``kind`` alone, for a kind taking no keys (``pullman``: its distance is no route of its
    own), None for any other."""
    import rusty_train_py.rules  # noqa: F401  (registers every kind)
    from rusty_train_py.rules.train_kinds import TRAIN_RULES

    if kind not in TRAIN_RULES:
        return None
    return None if TRAIN_RULES.get(kind, "the command line").keys else {"rule": kind}


def named_rule(kind: str, distance: Any) -> dict[str, Any] | None:
    """``kind`` for a train a command line names (``--rule L=local``): the kinds whose
    meaning is in a route method of the title, read from the train's distance."""
    if kind == "local":  # 1822's L: a cities row and a towns row, a city visit of 1
        if not isinstance(distance, list) or len(distance) != 2:
            return None
        city = next((r for r in distance if r["nodes"] == ["city"]), None)
        town = next((r for r in distance if r["nodes"] == ["town"]), None)
        if city is None or town is None or not city["pay"] == city["visit"] == 1:
            return None
        if town["pay"] != town["visit"]:
            return None
        return {"rule": "local"} | ({"towns": town["visit"]} if town["visit"] != 1 else {})
    if kind == "tokened_cities":  # 1822's E: any distance, the check in check_distance
        return {"rule": kind} if isinstance(distance, int) and distance >= UNLIMITED else None
    if kind == "edges":  # 1849's H trains: the distance counts hex edges (route_distance)
        ok = isinstance(distance, int) and distance < UNLIMITED
        return {"rule": kind, "edges": distance} if ok else None
    if kind == "halved":  # 1822MX's 3/2P: an N-train whose revenue_for halves its revenue
        ok = isinstance(distance, int) and distance < UNLIMITED
        return {"rule": kind, "stops": distance} if ok else None
    return towns_row_rule(kind, distance)


def with_visits(distance: Any) -> Any:
    """The engine's distance with each row's ``visit`` given: a row without one visits as
    many as it pays (Base#check_distance: ``visit = h['visit'] || pay``; 18Neb's 2+2)."""
    if not isinstance(distance, list):
        return distance
    return [r if "visit" in r else {**r, "visit": r["pay"]} for r in distance]


def convert_trains(
    dump: dict,
    c: Conversion,
    by_train: dict[str, str] | None = None,
    track_class: dict[str, str] | None = None,
    skip: frozenset[str] = frozenset(),
) -> None:
    first_phase = dump["phases"][0]["name"] if dump.get("phases") else None
    trains = _with_variants(dump, c)
    names = {t["name"] for t in trains}
    for t in trains:
        name = t["name"]
        if name in skip:
            c.read_as.append(f"train {name} left out (the title never runs it)")
            continue
        distance = with_visits(t["distance"])
        rule = train_rule(name, distance, c)
        if by_train and name in by_train:
            named = named_rule(by_train[name], distance) or keyless_rule(by_train[name])
            if named is None and rule is not None and isinstance(distance, int):
                named = {**rule, "rule": by_train[name]}  # the same distance, another kind's
            rule = named
            c.read_as.append(f"train {name} written as {by_train[name]}")
        if rule is None:
            c.errors.append(f"train {name}: distance {json.dumps(t['distance'])} (no rule kind)")
            continue
        entry: dict[str, Any] = {"name": name, **rule, "price": t["price"]}
        if t.get("multiplier", 1) != 1:
            entry["multiplier"] = t["multiplier"]
        if track_class and name in track_class:
            entry["track_class"] = track_class[name]
            c.read_as.append(f"train {name} on its own track ({track_class[name]})")
        entry["count"] = t["num"]
        for key in ("rusts_on", "obsolete_on", "available_on"):
            if key == "available_on" and first_phase is not None and t.get(key) == first_phase:
                if first_phase not in names:
                    continue  # the engine's phase, the first: always buyable (1822's 2)
            if isinstance(t.get(key), list):
                c.unexpressed.append(
                    f"train {name}: {key} any of {', '.join(t[key])} (the first kept)"
                )
                entry[key] = t[key][0]
            elif t.get(key) and t[key] not in names:  # 18FL's 4 rusts on a 'D' it has not
                c.unexpressed.append(f"train {name}: {key} {t[key]}, no train of the title")
            elif t.get(key):
                entry[key] = t[key]
        for key in sorted(set(t) - KNOWN_TRAIN_KEYS):
            c.unexpressed.append(f"train {name}: {key} {json.dumps(t[key], sort_keys=True)}")
        c.trains.append(entry)


KNOWN_TRAIN_KEYS = {
    "name",
    "distance",
    "price",
    "num",
    "rusts_on",
    "obsolete_on",
    "available_on",
    "multiplier",
}


def convert_phases(dump: dict, c: Conversion) -> None:
    for p in dump["phases"]:
        tiles = [PHASE_COLOURS[x] for x in p["tiles"] if x in PHASE_COLOURS]
        for x in p["tiles"]:
            if x not in PHASE_COLOURS:
                c.unexpressed.append(f"phase {p['name']}: {x} tiles (no such tile colour here)")
        entry: dict[str, Any] = {"name": p["name"], "tiles": tiles}
        on = p.get("on")
        if isinstance(on, list):
            c.unexpressed.append(f"phase {p['name']}: starts on any of {', '.join(on)}")
            on = on[0]
        if on:
            entry["on"] = on
        limit = p.get("train_limit")
        if isinstance(limit, dict):
            kinds: dict[str, int] = {}
            for k, v in sorted(limit.items()):
                ours = COMPANY_KINDS.get(k, "major")  # other engine types are read as majors
                if k not in COMPANY_KINDS:
                    c.unexpressed.append(f"phase {p['name']}: train limit {v} of {k} (a major)")
                kinds[ours] = max(v, kinds.get(ours, 0))  # the highest of types read as one
            entry["train_limit"] = kinds
        elif isinstance(limit, int):
            entry["train_limit"] = limit
        if p.get("status"):
            c.unexpressed.append(f"phase {p['name']}: status {', '.join(p['status'])}")
        c.phases.append(entry)


def _revenues(code: str) -> list[dict[str, int]]:
    """The revenue columns of each node of a code (``yellow_20|black_50``), fixed ones left out."""
    out = []
    for part in code.split(";"):
        kind, _, body = part.partition("=")
        if kind not in ("city", "town", "offboard"):
            continue
        for o in body.split(","):
            if o.startswith("revenue:") and "_" in o:
                cols = (x.rsplit("_", 1) for x in o[8:].split("|"))
                out.append({col: int(v) for col, v in cols})
    return out


def _drop_columns(code: str, columns: set[str]) -> str:
    """``code`` without the revenue columns ``columns`` (their values are in the phase
    revenue tables)."""
    if not columns:
        return code
    parts = []
    for part in code.split(";"):
        kind, eq, body = part.partition("=")
        opts = []
        for o in body.split(",") if eq else []:
            if o.startswith("revenue:") and "_" in o:
                cols = [x for x in o[8:].split("|") if x.rsplit("_", 1)[0] not in columns]
                o = "revenue:" + "|".join(cols)
            opts.append(o)
        parts.append(f"{kind}={','.join(opts)}" if eq else part)
    return ";".join(parts)


def convert_phase_revenue(dump: dict, c: Conversion) -> None:
    """Revenue columns named by a phase colour that is no tile colour (1856's black in phase
    D): the hex's revenue in each phase, as the engine picks it (the phase's colours from the
    newest back, the first the list names; none: 0)."""
    extra = {x for p in dump["phases"] for x in p["tiles"] if x not in PHASE_COLOURS}
    for _, hexes, code in c.hex_groups:
        revs = _revenues(code)
        if not any(extra & set(r) for r in revs):
            continue
        if len(revs) != 1 or len(set(map(str, revs))) != 1:
            c.errors.append(f"hex {hexes[0]}: revenue by phase on more than one revenue centre")
            continue
        rev = revs[0]
        values = {}
        for p in dump["phases"]:
            named = [x for x in reversed(p["tiles"]) if x in rev]
            values[p["name"]] = rev[named[0]] if named else 0
        c.phase_revenue.append((hexes, values))


def pullman_trains(c: Conversion, pullman: str) -> None:
    """1822's pullman (``pullman``, a train the title never runs) attached to a train makes
    it ``N+`` (G1822::Step::Route#attach_pullman: N cities and off-boards, every town paid and
    free): each N-train that may take it gets an ``N+`` of no copies, for a run with it."""
    plus = []
    for t in c.trains:
        if t["rule"] == "stops" and "stops" in t:
            plus.append({"name": f"{t['name']}+", "rule": "plus_towns", "stops": t["stops"]})
            plus[-1] |= {"price": 0, "count": 0}
        elif t["rule"] not in ("local", "tokened_cities"):
            c.unexpressed.append(f"train {t['name']}: with the {pullman} attached (no kind)")
    c.trains.extend(plus)
    names = ", ".join(p["name"] for p in plus)
    c.read_as.append(f"the {pullman} attached: trains {names} (no copies)")


def convert(
    dump: dict,
    game_id: str,
    tiles_folder: Path,
    by_train: dict[str, str] | None = None,
    track_class: dict[str, str] | None = None,
    skip: frozenset[str] = frozenset(),
    keep_groups: frozenset[str] = frozenset(),
) -> Conversion:
    layout = dump["layout"]
    axes = dump["axes"]
    numbers = None
    if layout == "flat" and axes == {"x": "number", "y": "letter"}:
        numbers = "columns"
    elif layout == "pointy" and axes != {"x": "number", "y": "letter"}:
        numbers = "rows"
    c = Conversion(game_id, dump["full_title"], layout, numbers)
    ours = read_tile_codes(tiles_folder, ("common", "library"))
    convert_hexes(dump, c)
    convert_tiles(dump, c, ours, keep_groups)
    convert_companies(dump, c)
    convert_trains(dump, c, by_train, track_class, skip)
    convert_phases(dump, c)
    convert_phase_revenue(dump, c)
    parted = [hexes[0] for _, hexes, code in c.hex_groups if "partition=" in code]
    if parted:  # the engine's base ignores partitions; a title's legal_tile_rotation? may not
        c.read_as.append(
            f"partitions ({', '.join(parted)}) drawn only: a lay rule where the hand file's"
            " [rules] say partitions_block = true"
        )
    extra = {x for p in dump["phases"] for x in p["tiles"] if x not in PHASE_COLOURS}
    for i, (colour, hexes, code) in enumerate(c.hex_groups):
        code = _drop_columns(code, extra - {"black"})  # our codes take black (1849), not blue
        c.hex_groups[i] = (colour, hexes, code)
        if colour != "empty":
            _check(hexes[0], colour, code, f"hex {hexes[0]}", c)
    c.overrides = [f"{o['method']} ({o['owner']})" for o in dump["route_overrides"]]
    return c
