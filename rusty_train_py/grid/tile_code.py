"""Parsing the tile notation (tiles/README.md) into a Tile, every option typed and in range.

A code is parts separated by ``;``, each ``TYPE=key:value,key:value``. Each part type takes
the options of ``PART_OPTIONS`` only; every value is checked (numbers whole and in range,
edges 0-5, revenues >= 0, names non-empty, choices from their list), and any error is a
TileDataError naming ``where`` (the file and line, the tile or hex), the part and the option.
"""

from __future__ import annotations

from .partitions import PARTITION_TYPES, RESTRICTS, Partition
from .tile import (
    COLOURS,
    IGNORED_PARTS,
    ROUTE_OPTIONS,
    TILE_COLOURS,
    TRACK_GAUGES,
    Border,
    End,
    Icon,
    Lane,
    Node,
    NodeKind,
    Path,
    Revenue,
    Tile,
    TileDataError,
    normalise_colour,
)

NODE_OPTIONS = frozenset({"revenue", "loc", "groups", "hide", "visit_cost", "route", "format"})
PART_OPTIONS: dict[str, frozenset[str]] = {
    "city": NODE_OPTIONS | {"slots"},
    "town": NODE_OPTIONS,
    "offboard": NODE_OPTIONS,
    "junction": frozenset({"loc"}),
    "path": frozenset({"a", "b", "track", "terminal", "lanes", "a_lane", "b_lane", "ignore"}),
    "border": frozenset({"edge", "type", "cost", "color"}),
    "upgrade": frozenset({"cost", "terrain"}),
    "stub": frozenset({"edge"}),
    "icon": frozenset({"image", "sticky", "blocks_lay"}),
    "future_label": frozenset({"label", "color"}),
    "partition": frozenset({"a", "b", "type", "restrict", "length"}),
}
# Revenue columns: the tile colours, and 1849's white/black and 1889's diesel values.
REVENUE_COLUMNS = frozenset(TILE_COLOURS) | {"white", "black", "diesel"}
# "divider" and "province": a line drawn along the side, no rule (1894, 1858, 18Norway)
BORDER_TYPES = ("", "impassable", "water", "mountain", "divider", "province")
FLAGS = {"1": True, "true": True, "0": False, "false": False}
TERMINAL = {"1": True, "2": True, "true": True, "0": False, "false": False}
MAX_NUMBER_DIGITS = 9  # no value of a tile is near a billion; longer is a typo or garbage
# No printed tile holds more than 6 revenue centres (cities, towns, off-boards): the most in
# tiles/*.tiles and games/*.toml is 6, 1822MX's Mexico City (N23), and so it is in the tile
# data of 18xx.games (lib/engine: six-city codes such as 1822's London, none with more).
# Junctions come on top (a tile has at most one); a tile past these is refused, which also
# bounds every search over a tile's parts (node placement, the route graph).
MAX_REVENUE_CENTRES = 6
MAX_JUNCTIONS = 2


def whole_number(
    text: str, where: str, what: str, minimum: int = 0, maximum: int | None = None
) -> int:
    """``text`` as a whole number in [minimum, maximum]; TileDataError naming ``what``."""
    t = text.strip()
    digits = t[1:] if t.startswith("-") else t
    if not digits or not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_NUMBER_DIGITS:
        raise TileDataError(f"{where}: bad {what} {_cut(text)} (not a whole number)")
    value = int(t)
    if value < minimum and minimum == 0:
        raise TileDataError(f"{where}: {what} {value} is negative")
    if value < minimum or (maximum is not None and value > maximum):
        span = f"{minimum}-{maximum}" if maximum is not None else f">= {minimum}"
        raise TileDataError(f"{where}: {what} {value} out of range {span}")
    return value


def _cut(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37]) + "..."


def _plain(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _flag(
    opts: dict[str, str], key: str, where: str, what: str, table: dict[str, bool] = FLAGS
) -> bool:
    if key not in opts:
        return False
    value = opts[key].strip().lower()
    if value not in table:
        raise TileDataError(f"{where}: {what}:{key} should be one of {', '.join(table)}")
    return table[value]


def _name(text: str, where: str, what: str) -> str:
    value = text.strip()
    if not value:
        raise TileDataError(f"{where}: {what} is empty")
    return value


def parse_revenue(text: str, where: str) -> Revenue:
    """``20`` or ``yellow_20|brown_40``: whole numbers >= 0, known columns, none twice."""
    text = text.strip()
    if "|" not in text and "_" not in text:
        return Revenue(fixed=whole_number(text, where, "revenue"))
    cols: list[tuple[str, int]] = []
    for item in text.split("|"):
        colour, sep, value = item.rpartition("_")
        column = normalise_colour(colour)
        if not sep or column not in REVENUE_COLUMNS:
            raise TileDataError(
                f"{where}: revenue: bad column {_cut(item)} (COLOUR_VALUE, colour one of"
                f" {', '.join(sorted(REVENUE_COLUMNS))})"
            )
        if column in dict(cols):
            raise TileDataError(f"{where}: revenue: column {column} given twice")
        cols.append((column, whole_number(value, where, f"revenue {column}")))
    return Revenue(fixed=cols[0][1], by_column=tuple(cols))


def parse_options(kind: str, body: str, where: str) -> dict[str, str]:
    """The ``key:value`` options of one part, each a key the part takes, none twice."""
    opts: dict[str, str] = {}
    if not body.strip():
        return opts
    allowed = PART_OPTIONS.get(kind)
    for item in body.split(","):
        k, sep, v = item.partition(":")
        k = k.strip()
        if not sep:
            raise TileDataError(f"{where}: {kind}: bad option {_cut(item)} (expected key:value)")
        if allowed is not None and k not in allowed:
            raise TileDataError(
                f"{where}: {kind}: unknown option {_cut(k)} (it takes: {', '.join(sorted(allowed))})"
            )
        if k in opts:
            raise TileDataError(f"{where}: {kind}: option {k!r} given twice")
        opts[k] = v.strip()
    return opts


def _parse_end(text: str, n_nodes: int, where: str) -> End:
    text = text.strip()
    if text.startswith("_"):
        idx = whole_number(text[1:], where, "node reference")
        if idx >= n_nodes:
            raise TileDataError(f"{where}: path refers to node {text} but only {n_nodes} declared")
        return End(node=idx)
    if not text.lstrip("-").isdigit():
        raise TileDataError(f"{where}: bad path end {_cut(text)} (edge 0-5 or _N)")
    return End(edge=whole_number(text, where, "path: edge", 0, 5))


def _node(kind: str, opts: dict[str, str], index: int, where: str) -> Node:
    what = f"{kind} _{index}"
    revenue = parse_revenue(opts.get("revenue", "0"), f"{where}: {what}")
    slots = 0
    if kind == "city":
        slots = whole_number(opts.get("slots", "1"), f"{where}: {what}", "slots", 0)
        if not 0 <= slots <= 6:  # 0: no token space, every company's route ends there (1870)
            raise TileDataError(f"{where}: a city has 0 to 6 token spaces, not {slots}")
    loc = None
    if "loc" in opts and opts["loc"] != "center":
        try:
            loc = float(opts["loc"])
        except ValueError:
            loc = -1.0
        if not 0 <= loc < 6:
            raise TileDataError(f"{where}: {what}: loc {_cut(opts['loc'])} is not 0 to 5.5")
    groups = tuple(opts.get("groups", "").split("|")) if "groups" in opts else ()
    if any(not g.strip() for g in groups):
        raise TileDataError(f"{where}: {what}: groups {_cut(opts['groups'])} has an empty name")
    route = opts.get("route", "mandatory")
    if route not in ROUTE_OPTIONS:
        raise TileDataError(
            f"{where}: {what}: route:{_plain(route)} should be one of {', '.join(ROUTE_OPTIONS)}"
        )
    return Node(
        index=index,
        kind=NodeKind(kind),
        revenue=revenue,
        slots=slots,
        groups=tuple(g.strip() for g in groups),
        hidden=_flag(opts, "hide", where, what),
        loc=loc,
        centred=opts.get("loc") == "center",
        visit_cost=whole_number(opts.get("visit_cost", "1"), f"{where}: {what}", "visit_cost"),
        route=route,
        format=_name(opts["format"], where, f"{what}: format") if "format" in opts else None,
    )


def _path(opts: dict[str, str], n_nodes: int, where: str) -> Path:
    if "a" not in opts or "b" not in opts:
        raise TileDataError(f"{where}: path needs a: and b:")
    a = _parse_end(opts["a"], n_nodes, where)
    b = _parse_end(opts["b"], n_nodes, where)
    if a == b:
        raise TileDataError(f"{where}: path joins {a} to itself")
    track = opts.get("track", "broad")
    if track not in TRACK_GAUGES:
        raise TileDataError(
            f"{where}: path: track:{_plain(track)} should be one of {', '.join(TRACK_GAUGES)}"
        )
    return Path(
        a,
        b,
        terminal=_flag(opts, "terminal", where, "path", TERMINAL),
        track=track,
        lanes=_lanes(opts, a, b, where),
    )


MAX_LANES = 6  # parallel tracks across one side (the engine's data has at most 2)


def _lane(text: str | None, where: str, what: str) -> Lane:
    """``a_lane:W.I`` (18xx.games ``decode_lane_spec``): lane I of W side by side."""
    if text is None:
        return (1, 0)
    width, dot, index = text.strip().partition(".")
    w = whole_number(width, where, f"path: {what} width", 1, MAX_LANES)
    i = whole_number(index, where, f"path: {what} index", 0, 9) if dot else 0
    if (dot and len(index.strip()) != 1) or i >= w:
        raise TileDataError(
            f"{where}: path: {what}:{_plain(text)} should be WIDTH.INDEX with an index below"
            f" the width (2.0 or 2.1)"
        )
    return (w, i)


def _lanes(opts: dict[str, str], a: End, b: End, where: str) -> tuple[tuple[Lane, Lane], ...]:
    """The parallel tracks of a path (18xx.games ``Path.make_lanes``): ``lanes:N`` makes N,
    track k in lane k at its a end and, from edge to edge, in lane N-1-k at its b end (the
    lanes keep their side of the track); else one track in the lanes ``a_lane``, ``b_lane``."""
    if "lanes" not in opts:
        return (
            (
                _lane(opts.get("a_lane"), where, "a_lane"),
                _lane(opts.get("b_lane"), where, "b_lane"),
            ),
        )
    if "a_lane" in opts or "b_lane" in opts:
        raise TileDataError(f"{where}: path: lanes: and a_lane:/b_lane: together")
    n = whole_number(opts["lanes"], where, "path: lanes", 1, MAX_LANES)
    both_edges = a.edge is not None and b.edge is not None
    return tuple(((n, k), (n, n - k - 1) if both_edges else (n, k)) for k in range(n))


def _check_node_count(nodes: list[Node], where: str) -> None:
    centres = sum(1 for n in nodes if n.is_revenue_centre)
    if centres > MAX_REVENUE_CENTRES:
        raise TileDataError(
            f"{where}: more than {MAX_REVENUE_CENTRES} cities, towns and off-boards on one tile"
            f" (no printed tile has more)"
        )
    if len(nodes) - centres > MAX_JUNCTIONS:
        raise TileDataError(f"{where}: more than {MAX_JUNCTIONS} junctions on one tile")


def _track_key(p: Path, opts: dict[str, str]) -> tuple[object, ...]:
    """What makes two paths the same track: the same ends (either way round) and the same
    other options (gauge, lanes, ...)."""
    ends = tuple(sorted((str(p.a), str(p.b))))
    return ends, tuple(sorted((k, v) for k, v in opts.items() if k not in ("a", "b")))


def _border(opts: dict[str, str], where: str) -> Border:
    if "edge" not in opts:
        raise TileDataError(f"{where}: border needs edge:")
    kind = opts.get("type", "")
    if kind not in BORDER_TYPES:
        raise TileDataError(
            f"{where}: border: type:{_plain(kind)} should be one of {', '.join(BORDER_TYPES[1:])}"
        )
    if "color" in opts:
        _name(opts["color"], where, "border: color")
    return Border(
        whole_number(opts["edge"], where, "border: edge", 0, 5),
        kind,
        whole_number(opts.get("cost", "0"), where, "border: cost"),
    )


CORNER_SIGNS = {"-": -1, "": 0, "+": 1}


def _corner(text: str, where: str, what: str) -> tuple[int, int]:
    """A partition end ``3``, ``3+`` or ``3-``: the corner 0-5 and its drawing sign."""
    t = text.strip()
    sign = t[-1] if t[-1:] in ("+", "-") else ""
    return whole_number(t[: len(t) - len(sign)], where, what, 0, 5), CORNER_SIGNS[sign]


def _partition(opts: dict[str, str], where: str) -> Partition:
    if "a" not in opts or "b" not in opts:
        raise TileDataError(f"{where}: partition needs a: and b: (corners 0-5)")
    a, a_sign = _corner(opts["a"], where, "partition: corner a")
    b, b_sign = _corner(opts["b"], where, "partition: corner b")
    if a == b:
        raise TileDataError(f"{where}: partition joins corner {a} to itself")
    kind = opts.get("type", "")
    if kind not in PARTITION_TYPES:
        raise TileDataError(
            f"{where}: partition: type:{_plain(kind)} should be one of {', '.join(PARTITION_TYPES)}"
        )
    restrict = opts.get("restrict", "")
    if restrict and restrict not in RESTRICTS:
        raise TileDataError(
            f"{where}: partition: restrict:{_plain(restrict)} should be one of"
            f" {', '.join(RESTRICTS)}"
        )
    length = None
    if "length" in opts:
        try:
            length = float(opts["length"])
        except ValueError:
            length = -1.0
        if not 0 < length <= 1:
            raise TileDataError(
                f"{where}: partition: length {_cut(opts['length'])} is not in (0, 1]"
            )
    return Partition(a, b, kind, restrict, a_sign, b_sign, length)


def parse_tile(
    name: str, colour: str, code: str, where: str | None = None, printed: bool = False
) -> Tile:
    """Parse one tile from its notation; raise TileDataError naming ``where`` on bad input.

    A part given twice is refused (a path with the same ends and options, a border or stub
    on the same edge, a second label or future label), except that the code of a
    printed hex (``printed``) may give a path twice: a double track out of a city, as the
    18xx.games data for 18EU's Hamburg (G2) and 1817NA's Miami (I21) has it."""
    where = where or f"tile {name}"
    if not isinstance(code, str):
        raise TileDataError(f"{where}: the code should be a string, got {type(code).__name__}")
    colour = normalise_colour(colour)
    if colour not in COLOURS:
        raise TileDataError(f"{where}: unknown colour {colour!r} (one of {', '.join(COLOURS)})")
    nodes: list[Node] = []
    paths: list[Path] = []
    borders: list[Border] = []
    stubs: list[int] = []
    partitions: list[Partition] = []
    icon_parts: list[Icon] = []
    extras: list[str] = []
    label = None
    future_label = None
    upgrade_cost = 0
    terrain: tuple[str, ...] = ()
    code = code.strip()
    once = ("future_label",)  # parts a tile has at most one of (1822MX gives two upgrades)
    seen_once: set[str] = set()
    tracks: dict[tuple[object, ...], int] = {}
    for part in (p for p in code.split(";") if p.strip()):
        kind, _, body = part.strip().partition("=")
        kind = kind.strip()
        if kind in IGNORED_PARTS:
            extras.append(part)
            continue
        if kind == "label":
            if label is not None:
                raise TileDataError(f"{where}: label given twice ({label!r}, then {_cut(body)})")
            label = _name(body, where, "label")
            continue
        if kind not in PART_OPTIONS:
            raise TileDataError(f"{where}: unknown part {kind!r} in {_cut(part)}")
        opts = parse_options(kind, body, where)
        if kind in ("city", "town", "offboard", "junction"):
            nodes.append(_node(kind, opts, len(nodes), where))
            _check_node_count(nodes, where)
        elif kind == "path":
            path = _path(opts, len(nodes), where)
            track = _track_key(path, opts)
            copies = tracks.get(track, 0) + 1
            if copies > (2 if printed else 1):
                raise TileDataError(
                    f"{where}: path {_cut(part.strip())} is given "
                    + ("twice (a tile's track is given once)" if copies == 2 else f"{copies} times")
                )
            tracks[track] = copies
            paths.append(path)
        elif kind in once and kind in seen_once:
            raise TileDataError(f"{where}: {kind} given twice (a tile has one)")
        elif kind == "future_label":
            seen_once.add(kind)
            fcolour = normalise_colour(opts.get("color", ""))
            if fcolour not in TILE_COLOURS:
                raise TileDataError(
                    f"{where}: future_label: color {_cut(opts.get('color', ''))} is not a tile"
                    f" colour ({', '.join(TILE_COLOURS)})"
                )
            future_label = (_name(opts.get("label", ""), where, "future_label: label"), fcolour)
        elif kind == "upgrade":
            upgrade_cost = whole_number(opts.get("cost", "0"), where, "upgrade: cost")
            terrain = tuple(opts["terrain"].split("|")) if "terrain" in opts else ()
            if any(not t.strip() for t in terrain):
                raise TileDataError(f"{where}: upgrade: terrain has an empty name")
        elif kind == "border":
            border = _border(opts, where)
            if any(b.edge == border.edge for b in borders):
                raise TileDataError(f"{where}: border: edge {border.edge} given twice")
            borders.append(border)
        elif kind == "partition":
            partitions.append(_partition(opts, where))
        elif kind == "stub":
            if "edge" not in opts:
                raise TileDataError(f"{where}: stub needs edge:")
            stub = whole_number(opts["edge"], where, "stub: edge", 0, 5)
            if stub in stubs:
                raise TileDataError(f"{where}: stub: edge {stub} given twice")
            stubs.append(stub)
        else:  # icon
            icon_parts.append(
                Icon(
                    _name(opts.get("image", ""), where, "icon: image"),
                    sticky=_flag(opts, "sticky", where, "icon"),
                    blocks_lay=_flag(opts, "blocks_lay", where, "icon"),
                )
            )
    used = {e.node for p in paths for e in (p.a, p.b) if e.node is not None}
    for n in nodes:
        if n.kind is NodeKind.JUNCTION and n.index not in used:
            raise TileDataError(f"{where}: junction _{n.index} has no track")
    return Tile(
        name=name,
        colour=colour,
        nodes=tuple(nodes),
        paths=tuple(paths),
        label=label,
        future_label=future_label,
        upgrade_cost=upgrade_cost,
        terrain=terrain,
        borders=tuple(borders),
        stubs=tuple(stubs),
        partitions=tuple(partitions),
        icons=tuple(i.name for i in icon_parts),
        code=code,
        extras=tuple(extras),
        icon_parts=tuple(icon_parts),
    )
