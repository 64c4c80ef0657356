"""A brute-force oracle for the route finder: every route, every stop choice, every assignment.

Written from the rules alone (games/README.md: train rule kinds, bonus kinds, rule readings;
the route notes of the reference data), as plainly as possible, so that it can catch the fast
finder's mistakes. It uses nothing of ``rusty_train_py.route`` or ``rusty_train_py.rules``: the
trains, bonuses and readings are read from the game's TOML file itself (``game.source``), the
map from the parsed tiles (node kinds, revenues, paths, token spaces), and ``visit_cost`` from
the tile codes. It is only meant for small maps: a few hundred routes and one to three trains.

The track model
    A tile's paths are track pieces joining two ends (a hex edge, after rotation, or a node).
    A train standing on an edge leaves the hex across that side and must then take a piece of
    the neighbouring hex that ends on the facing edge (``(e + 3) % 6``); pieces of one hex that
    only share an edge are not joined. Junction nodes join their pieces but are not stops.
    Parallel tracks (``lanes``) and the shared stretch of an off-centre town: oracle_track.py.

A route (found by depth-first search from every revenue centre)
    - ends at revenue centres and visits at least two of them, one of which is a city holding
      a station token of the company;
    - uses no track piece twice, crosses no hex side twice (in one place, with lanes), passes
      no node twice, uses no off-centre town's stretch twice; at most one node of each
      ``groups`` name;
    - ``one_stop_per_hex`` (default true): no two revenue centres on one hex (``"cities"``:
      except on a hex whose tile has a town); with it false, still none on a hex of
      ``one_stop_hexes``;
    - ``hex_reentry`` false (default true): never comes back to a hex it has left (the hex
      it starts in included);
    - passes through no off-board and no city whose spaces are all filled by other companies'
      tokens, unless one of them is a ``neutral`` company's (``neutral_tokens_block``);
    - a ``terminal`` piece is the first or the last piece of the route (the city it leads to
      ends the route);
    - gauge: between two revenue centres the track is all broad/dual or all narrow/dual.

Revenue of a route for a train
    Every allowed choice of counted stops is tried (``stop_choices``, by rule kind); a choice
    pays ``(stop values + multiplied bonuses) * multiplier + other bonuses``; the best counts.

The company's result
    Every assignment of routes to the trains (a train may run none) in which routes of trains
    of one ``track_class`` share no hex side (place), no node-to-node piece and no off-centre
    town's stretch; once-per-run bonuses go
    to the route where they pay most (or none); ``drop_lowest`` takes the lowest route off when
    every train runs. The best total. A ``pullman`` train runs no route: it goes, like a
    once-per-run bonus, to one route of the run and earns there the value of the best city or
    off-board that route counts (18EU); alone it earns nothing.
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from oracle_track import faces, path_places, town_sides

from rusty_train_py.gamedata.loader.hand import hand_file, merge_hand
from rusty_train_py.grid.tile import NodeKind


class TooManyRoutes(RuntimeError):
    """The map has more routes than the caller allowed (the oracle is for small maps)."""


# ---------------------------------------------------------------------------------------------
# The game's rules, read from its TOML file


READING_DEFAULTS = {
    "one_stop_per_hex": True,
    "two_stops_hexes": (),
    "one_stop_hexes": (),
    "hex_reentry": True,
    "express_token": "counted",
    "express_stops": "offboards",
    "neutral_tokens_block": False,
    "tokens_passed_by": {},  # company -> train names passing its full cities
    "junction_reentry": False,
    "mines": (),  # goods / no_mines: hexes only goods trains visit, one each
    # the oracle's own switch, set by no game: False forgets the off-centre towns' stretches
    # (the scenario's check that its maps exercise the rule)
    "town_stretches": True,
}


# Games whose 18xx.games class overrides a common rule (the oracle's own reading of each)
GAME_SPECIFIC = {
    "1836Jr30": "colour_or_nothing",
    "1836Jr56": "colour_or_nothing",  # 1836Jr30's ports on 1856's game
    "18MS": "hex_bonus_once",
    "18FL": "hotels_doubled",  # hotel_value: $20 in phases 5 and 6 (those allowing brown)
    "1847AE": "coal_not_6e",  # coal_bonus: 0 to a 6E (the bonus id `coal` of its hand file)
}


@dataclass(frozen=True)
class TrainSpec:
    name: str
    rule: str = "stops"
    stops: int | None = None  # None: unlimited
    multiplier: int = 1
    column: str | None = None  # "diesel"
    city_multiplier: int = 1  # plus_towns
    towns_paid: bool = True  # plus_towns_ends, plus_towns_min
    min_paying: int = 2  # plus_towns_min: paying stops a route must count
    barred_at: frozenset[str] = frozenset()  # plus_towns_min: hexes it may not visit
    spare_at: frozenset[str] = frozenset()  # plus_towns_min: one of the N only for these
    pay: int = 0  # pay_best
    visit: int = 0  # pay_best
    with_towns: str | None = None  # pay_best: None no town, "paid" as any stop, "free" passed
    towns: int = 0  # n_plus_m, n_plus_m_all, local
    cities: int = 1  # local
    edges: int = 0  # edges
    edge_cost: tuple[tuple[str, int], ...] = ()
    gauges: frozenset[str] | None = None  # None: every gauge
    double_at: frozenset[str] = frozenset()
    track_class: str = "train"

    def cost_of(self, gauge: str) -> int:
        return dict(self.edge_cost).get(gauge, 1)


def train_from_data(t: dict) -> TrainSpec:
    d = dict(t)
    name = str(d["name"])
    rule = d.get("rule", "stops")
    return TrainSpec(
        name=name,
        rule=rule,
        stops=d.get("stops"),
        multiplier=int(d.get("multiplier", 1)),
        column=d.get("column"),
        city_multiplier=int(d.get("city_multiplier", 1)),
        towns_paid=bool(d.get("towns_paid", True)),
        min_paying=int(d.get("min_paying", 2)),
        barred_at=frozenset(d.get("barred_at", ())),
        spare_at=frozenset(d.get("spare_at", ())),
        pay=int(d.get("pay", 0)),
        visit=int(d.get("visit", 0)),
        with_towns=d.get("with_towns"),
        towns=int(d.get("towns", 1 if rule == "local" else 0) or 0),
        cities=int(d.get("cities", 1)),
        edges=int(d.get("edges", 0)),
        edge_cost=tuple(sorted((str(k), int(v)) for k, v in d.get("edge_cost", {}).items())),
        gauges=frozenset(d["gauges"]) if d.get("gauges") is not None else None,
        double_at=frozenset(d.get("double_at", ())),
        track_class=str(d.get("track_class", "train")),
    )


@dataclass(frozen=True)
class BonusSpec:
    id: str
    kind: str
    data: tuple  # the raw table, as sorted items (hashable)
    place: str | None = None  # placed bonuses: the hex the player chose

    def get(self, key, default=None):
        return dict(self.data).get(key, default)

    @property
    def always(self) -> bool:
        return bool(self.get("always", True))

    @property
    def multiplied(self) -> bool:
        return bool(self.get("multiplied", False))

    @property
    def train(self) -> str | None:
        return self.get("train")

    @property
    def once_per_run(self) -> bool:
        if self.kind == "destination_value":
            return True  # 1822: the best route of the run only
        default = self.kind == "per_stop"
        return self.kind in ("connection", "per_stop") and bool(self.get("once_per_run", default))

    def applies_to(self, train: TrainSpec) -> bool:
        if train.name.upper() in {t.upper() for t in self.get("except_trains", ())}:
            return False  # 18FL: the 3E does not count hotels; 1847 AE: no coal to the 6E
        return self.train is None or self.train.strip().upper() == train.name.upper()

    def __str__(self) -> str:
        where = f" at {self.place}" if self.place else ""
        return f"{self.id} ({self.kind}{where}): {dict(self.data)}"


def _freeze(v):
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


@dataclass
class Rules:
    """What the oracle needs of a game file beyond the map."""

    trains: dict[str, TrainSpec]
    bonuses: dict[str, dict]
    readings: dict
    neutral: frozenset[str]  # abbreviations (and aliases) of companies whose tokens never block
    phase_revenue: dict[str, dict[str, int]]  # hex -> phase name -> revenue

    def train(self, name: str) -> TrainSpec:
        key = name.strip().upper()
        for t in self.trains.values():
            if t.name.upper() == key:
                return t
        raise KeyError(f"unknown train {name!r}")

    def active_bonuses(self, named=(), company=None, state=None) -> list[BonusSpec]:
        """The game's always-on bonuses and the named options (``id`` or ``id:HEX``); with a
        ``company``, the bonuses of other companies (``destination``) left out; with a
        ``state``, a ``destination_end`` with ``extra_token`` only when the company's token
        sits in the extra slot of a city on one of its hexes, and those asking for a token of
        the company on a hex of ``token_at`` only then."""
        out = []
        wanted = {}
        for n in named:
            bid, _, place = n.partition(":")
            wanted[bid.strip().lower()] = place.strip() or None
        for bid, b in self.bonuses.items():
            on = bool(b.get("always", True)) or bid.lower() in wanted
            if not on:
                continue
            place = wanted.get(bid.lower())
            if b["kind"] in ("placed", "hotels") and place is None:
                continue  # a placed bonus pays nothing until it is placed
            scoped = b["kind"] in (
                "destination",
                "destination_end",
                "destination_value",
                "connection_run",
                "company_double",
            )
            if scoped and company is not None and b["company"] != company:
                continue
            if b["kind"] == "destination_end" and b.get("extra_token") and state is not None:
                held = {h for h in b["at"] for _, c in state.hex_state(h).extra if c == company}
                if not held:
                    continue
            if state is not None and "token_at" in b:
                tokens = (c for h in b["token_at"] for c in state.tokens_at(h).values())
                if company is None or company.upper() not in {str(c).upper() for c in tokens}:
                    continue
            out.append(BonusSpec(bid, b["kind"], _freeze(b), place))
        for bid in wanted:
            if bid not in {k.lower() for k in self.bonuses}:
                raise KeyError(f"unknown bonus {bid!r}")
        return out


def rules_from_data(data: dict, readings: dict | None = None) -> Rules:
    rd = dict(READING_DEFAULTS)
    rd.update({k: v for k, v in data.get("rules", {}).items() if k in READING_DEFAULTS})
    rd.update(readings or {})
    neutral = set()
    for c in data.get("companies", []):
        if c.get("kind") == "neutral" or c.get("neutral_tokens"):
            neutral.add(c["abbrev"].upper())
            neutral.update(a.upper() for a in c.get("aliases", ()))
    phase_revenue: dict[str, dict[str, int]] = {}
    for pr in data.get("phase_revenue", []):
        for h in pr["hexes"]:
            phase_revenue[h] = {str(k): int(v) for k, v in pr["values"].items()}
    return Rules(
        trains={str(t["name"]): train_from_data(t) for t in data.get("trains", [])},
        bonuses={str(b["id"]): dict(b) for b in data.get("bonuses", [])},
        readings=rd,
        neutral=frozenset(neutral),
        phase_revenue=phase_revenue,
    )


_RULES_CACHE: dict[tuple, Rules] = {}


def game_rules(game, readings: dict | None = None) -> Rules:
    """The rules of a loaded game, read again from its file (``readings`` override [rules])."""
    path = Path(game.source)
    key = (str(path), path.stat().st_mtime_ns, tuple(sorted((readings or {}).items())))
    if key not in _RULES_CACHE:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        hand = hand_file(path)  # an imported game's hand-written part (games/hand/<id>.toml)
        if hand.is_file():
            with open(hand, "rb") as fh:
                data = merge_hand(data, tomllib.load(fh), str(path), str(hand))
        _RULES_CACHE[key] = rules_from_data(data, readings)
    return _RULES_CACHE[key]


# ---------------------------------------------------------------------------------------------
# Tile codes: what the oracle reads itself


def code_parts(code: str) -> list[tuple[str, dict[str, str]]]:
    out = []
    for part in (code or "").split(";"):
        part = part.strip()
        if not part:
            continue
        kind, _, body = part.partition("=")
        opts = {}
        for item in body.split(","):
            k, sep, v = item.partition(":")
            if sep:
                opts[k.strip()] = v.strip()
        out.append((kind.strip(), opts))
    return out


def node_options(code: str) -> list[dict[str, str]]:
    """Options of each node (city, town, offboard, junction) in declaration order."""
    return [o for k, o in code_parts(code) if k in ("city", "town", "offboard", "junction")]


def path_options(code: str) -> list[dict[str, str]]:
    return [o for k, o in code_parts(code) if k == "path"]


def diesel_value(revenue_text: str) -> int | None:
    for item in revenue_text.split("|"):
        col, _, v = item.rpartition("_")
        if col == "diesel":
            return int(v)
    return None


# ---------------------------------------------------------------------------------------------
# Routes


@dataclass(frozen=True)
class Centre:
    """A revenue centre on a route."""

    hex: str
    node: int
    kind: str  # "city" | "town" | "offboard"
    value: int  # node.revenue.value(phase colours), or the phase-name revenue
    token: bool  # a city holding a token of the company
    visit_cost: int = 1
    diesel: int | None = None
    friendly: bool = False  # some city of its hex holds a token of the company
    passers: frozenset = frozenset()  # full of tokens only these trains pass (else: none)


@dataclass(frozen=True)
class OracleRoute:
    """One route, oriented canonically (the piece sequence is <= its reverse)."""

    centres: tuple[Centre, ...]  # in travel order
    pieces: tuple[tuple[str, int], ...]  # (hex, index in tile.paths), in travel order
    # frozenset of frozenset({(hex, edge, place), (neighbour, facing edge, place)})
    sides: frozenset
    travel: tuple[str, ...]  # start hex, then the hex entered at every side crossed
    crossings: tuple[str, ...] = ()  # per side crossed, in travel order: its stretch's gauge
    gauges: frozenset[str] = frozenset()  # gauges of all pieces used
    lanes: tuple[int, ...] = ()  # which track of each piece (lanes:N), in travel order
    stretches: frozenset = frozenset()  # off-centre towns' stretches: (hex, town, place)

    @property
    def key(self) -> tuple:
        return (tuple((c.hex, c.node) for c in self.centres), self.pieces, self.lanes)

    def describe(self) -> str:
        return " - ".join(
            f"{c.hex}/{c.node}:{c.kind}{c.value}{'*' if c.token else ''}" for c in self.centres
        )


def crossing_gauge(g1: str, g2: str) -> str:
    """The gauge of a side crossed from a piece of gauge g1 to one of g2."""
    both = {g1, g2}
    if "narrow" in both:
        return "narrow"
    if "broad" in both:
        return "broad"
    return "dual"


class Model:
    """The track of a map state as seen by one company."""

    def __init__(self, state, company: str, rules: Rules | None = None):
        self.state = state
        self.game = state.game
        self.rules = rules or game_rules(self.game)
        self.company = self.game.company(company).abbrev
        self.colours = state.phase_colours
        # hex -> list of tracks (piece index, end a, end b, terminal, gauge, track number k,
        # places of the a and b ends, the off-centre town stretch it runs over or None); an
        # end is ("e", edge) or ("n", node)
        self.pieces: dict[str, list[tuple]] = {}
        self.node_node: set[tuple[str, int]] = set()  # pieces joining two nodes
        self.nodes = {}  # (hex, node index) -> Node
        self.node_opts = {}  # (hex, node index) -> options in the tile code
        self.blocked: set[tuple[str, int]] = set()  # cities full of other companies' tokens
        self.tokened: set[tuple[str, int]] = set()  # cities holding a token of the company
        # full cities that only some trains pass: (hex, node) -> the train names
        self.passers: dict[tuple[str, int], frozenset] = {}
        passed_by = {
            str(k).upper(): v for k, v in dict(self.rules.readings["tokens_passed_by"]).items()
        }
        self._centres: dict[tuple[str, int], Centre] = {}
        for h in self.game.hexes:
            tile, rot = state.tile_at(h)
            popts = path_options(tile.code)
            lst = []
            for i, p in enumerate(tile.paths):
                o = popts[i] if i < len(popts) else {}
                terminal = o.get("terminal") in ("1", "2", "true")
                gauge = o.get("track", "broad")
                for k, (pa, pb) in enumerate(path_places(o)):
                    a, b = self._end(p.a, rot), self._end(p.b, rot)
                    lst.append((i, a, b, terminal, gauge, k, pa, pb, None))
                if p.a.node is not None and p.b.node is not None:
                    self.node_node.add((h, i))
            drawn = town_sides(tile, rot, node_options(tile.code), [(t[1], t[2]) for t in lst])
            if not self.rules.readings["town_stretches"]:
                drawn = {}
            for j, t in enumerate(lst):
                for (kind, n), (other, e), pl in ((t[1], t[2], t[6]), (t[2], t[1], t[7])):
                    if kind == "n" and other == "e" and drawn.get(n) not in (None, e):
                        lst[j] = t[:8] + ((h, n, pl[1]),)
            self.pieces[h] = lst
            tokens = state.tokens_at(h)  # {space index: company}
            # the company's tokens beside a city's spaces (its extra slot): they never fill it
            extra_at = {
                tile.cities[k].index for k, c in state.hex_state(h).extra if c == self.company
            }
            nopts = node_options(tile.code)
            for n in tile.nodes:
                self.nodes[(h, n.index)] = n
                self.node_opts[(h, n.index)] = nopts[n.index] if n.index < len(nopts) else {}
                if n.kind is NodeKind.CITY:
                    spaces = [ts.index for ts in tile.token_spaces if ts.city == n.index]
                    owners = [tokens.get(s) for s in spaces]
                    if self.company in owners or n.index in extra_at:
                        self.tokened.add((h, n.index))  # a token in a space or the extra slot
                    elif all(o is not None for o in owners):
                        neutral = any(o.upper() in self.rules.neutral for o in owners)
                        if not neutral or self.rules.readings["neutral_tokens_block"]:
                            through = frozenset(
                                t for o in owners for t in passed_by.get(o.upper(), ())
                            )
                            if through:
                                self.passers[(h, n.index)] = through
                            else:
                                self.blocked.add((h, n.index))

    @staticmethod
    def _end(end, rot):
        if end.edge is not None:
            return ("e", (end.edge + rot) % 6)
        return ("n", end.node)

    def centre(self, h: str, n: int) -> Centre:
        if (h, n) not in self._centres:
            self._centres[(h, n)] = self._make_centre(h, n)
        return self._centres[(h, n)]

    def _make_centre(self, h: str, n: int) -> Centre:
        node = self.nodes[(h, n)]
        opts = self.node_opts[(h, n)]
        value = node.revenue.value(self.colours)
        if GAME_SPECIFIC.get(self.game.id) == "colour_or_nothing" and node.revenue.by_column:
            # the 18xx.games engine pays a stop its revenue for the phase's colour: a revenue
            # listing none of the phase's colours pays nothing (1836Jr30 ports in phase 2)
            if not {c for c, _ in node.revenue.by_column} & set(self.colours):
                value = 0
        if h in self.rules.phase_revenue:
            value = self.rules.phase_revenue[h][self.state.phase]
        return Centre(
            h,
            n,
            node.kind.value,
            value,
            (h, n) in self.tokened,
            int(opts.get("visit_cost", 1)),
            diesel_value(opts.get("revenue", "0")),
            any(th == h for th, _ in self.tokened),
            self.passers.get((h, n), frozenset()),
        )

    def can_pass(self, h: str, n: int) -> bool:
        node = self.nodes[(h, n)]
        if node.kind is NodeKind.OFFBOARD:
            return False
        if node.kind is NodeKind.CITY and (h, n) in self.blocked:
            return False
        return True

    def conflict_set(self, route: OracleRoute) -> frozenset:
        """What two routes of one company may not share: hex sides and node-to-node pieces."""
        ends = frozenset(end for side in route.sides for end in side)
        node_node = frozenset(
            (p, k) for p, k in zip(route.pieces, route.lanes, strict=True) if p in self.node_node
        )
        return ends | node_node | frozenset(("stretch", *t) for t in route.stretches)

    # ---- the search --------------------------------------------------------------------

    def all_walks(self, limit: int | None = None, singles: bool = False) -> list[OracleRoute]:
        """Every route of the company (each once, canonically oriented); ``singles``: a
        city holding the company's token alone is a route too (1822's local trains)."""
        found: dict[tuple, OracleRoute] = {}
        one_per_hex = self.rules.readings["one_stop_per_hex"]
        two_stops = set(self.rules.readings.get("two_stops_hexes", ()))
        one_hexes = set(self.rules.readings["one_stop_hexes"])
        reentry = self.rules.readings["hex_reentry"]

        def record(walk):
            centres, pieces = walk["centres"], walk["pieces"]
            if len(centres) < 2 or not any(c.token for c in centres):
                return
            sides, travel, crossings = walk["sides"], walk["travel"], walk["crossings"]
            gauges = frozenset(walk["all_gauges"])
            lanes, stretches = walk["lanes"], frozenset(walk["stretches"])
            if (tuple(pieces), tuple(lanes)) <= (tuple(reversed(pieces)), tuple(reversed(lanes))):
                r = OracleRoute(
                    tuple(centres),
                    tuple(pieces),
                    frozenset(sides),
                    tuple(travel),
                    tuple(crossings),
                    gauges,
                    tuple(lanes),
                    stretches,
                )
            else:
                r = OracleRoute(
                    tuple(reversed(centres)),
                    tuple(reversed(pieces)),
                    frozenset(sides),
                    tuple(reversed(travel)),
                    tuple(reversed(crossings)),
                    gauges,
                    tuple(reversed(lanes)),
                    stretches,
                )
            found.setdefault(r.key, r)
            if limit is not None and len(found) > limit:
                raise TooManyRoutes(f"more than {limit} routes")

        # A walk: the nodes passed, pieces used, sides crossed, centres visited, groups met,
        # the gauges of the track since the last centre, whether it must end at the next node.
        def leave_node(h, n, walk):
            for track in self.pieces[h]:
                i, a, b, terminal, gauge, k = track[:6]
                if (h, i, k) in walk["used"]:
                    continue
                if a == ("n", n):
                    other, at = b, track[7]
                elif b == ("n", n):
                    other, at = a, track[6]
                else:
                    continue
                take_piece(h, track, other, at, walk)

        def take_piece(h, track, end, at, walk):
            i, _, _, terminal, gauge, k, _, _, stretch = track
            if terminal and walk["pieces"]:
                if end[0] != "n":
                    return  # a terminal piece in the middle of a route
                walk = dict(walk, must_end=True)
            segment = walk["segment"] | {gauge}
            if {"broad", "narrow"} <= segment:
                return  # gauge changes only at a revenue centre
            if stretch is not None and stretch in walk["stretches"]:
                return  # an off-centre town's stretch used twice
            walk = dict(
                walk,
                pieces=walk["pieces"] + [(h, i)],
                used=walk["used"] | {(h, i, k)},
                lanes=walk["lanes"] + [k],
                stretches=walk["stretches"] | ({stretch} if stretch else set()),
                segment=segment,
                all_gauges=walk["all_gauges"] | {gauge},
                last_gauge=gauge,
            )
            if end[0] == "n":
                arrive_node(h, end[1], walk)
            elif not walk.get("must_end"):
                cross(h, end[1], at, walk)

        def cross(h, edge, at, walk):
            nb = self.game.neighbour(h, edge)
            if nb is None:
                return
            border = self.game.border(h, edge)
            if border is not None and border.type == "impassable":
                return
            if not reentry and nb in walk["travel"]:
                return
            facing = (edge + 3) % 6
            used_ends = {end for side in walk["sides"] for end in side}
            if (h, edge, at[1]) in used_ends:
                return
            for track in self.pieces[nb]:
                i, a, b, terminal, gauge, k = track[:6]
                if (nb, i, k) in walk["used"]:
                    continue
                if a == ("e", facing):
                    other, there, far = b, track[6], track[7]
                elif b == ("e", facing):
                    other, there, far = a, track[7], track[6]
                else:
                    continue
                if not faces(at, there) or (nb, facing, there[1]) in used_ends:
                    continue
                side = frozenset({(h, edge, at[1]), (nb, facing, there[1])})
                w2 = dict(
                    walk,
                    sides=walk["sides"] | {side},
                    travel=walk["travel"] + [nb],
                    crossings=walk["crossings"] + [crossing_gauge(walk["last_gauge"], gauge)],
                )
                take_piece(nb, track, other, far, w2)

        junction_again = self.rules.readings["junction_reentry"]

        def arrive_node(h, n, walk):
            node = self.nodes[(h, n)]
            again = junction_again and node.kind is NodeKind.JUNCTION  # on other pieces
            if (h, n) in walk["nodes"] and not again:
                return
            walk = dict(walk, nodes=walk["nodes"] | {(h, n)})
            if node.kind is NodeKind.JUNCTION:
                if not walk.get("must_end"):
                    leave_node(h, n, walk)
                return
            if h in one_hexes and h in walk["centre_hexes"]:
                return
            if one_per_hex and h in walk["centre_hexes"] and h not in two_stops:
                # (1822's double hexes may have both of their stops in a route)
                town_hex = any(
                    x.kind is NodeKind.TOWN for (hh, _), x in self.nodes.items() if hh == h
                )
                if one_per_hex is True or not town_hex:  # "cities": hexes with towns exempt
                    return
            if set(node.groups) & walk["groups"]:
                return
            # every side crossed since the last centre costs by the stretch's one gauge
            # (G1849#hex_edge_cost: narrow if any track of it is, else broad if any is)
            seg, k = walk["segment"], walk["segment_start"]
            chain = "narrow" if "narrow" in seg else "broad" if "broad" in seg else "dual"
            crossings = walk["crossings"][:k] + [chain] * (len(walk["crossings"]) - k)
            walk = dict(
                walk,
                centres=walk["centres"] + [self.centre(h, n)],
                centre_hexes=walk["centre_hexes"] | {h},
                groups=walk["groups"] | set(node.groups),
                segment=frozenset(),
                crossings=crossings,
                segment_start=len(crossings),
            )
            record(walk)
            if self.can_pass(h, n) and not walk.get("must_end"):
                leave_node(h, n, walk)

        for (h, n), node in self.nodes.items():
            if node.kind is NodeKind.JUNCTION:
                continue
            start = {
                "nodes": {(h, n)},
                "pieces": [],
                "used": set(),
                "lanes": [],
                "stretches": set(),
                "sides": set(),
                "centres": [self.centre(h, n)],
                "centre_hexes": {h},
                "groups": set(node.groups),
                "travel": [h],
                "crossings": [],
                "segment_start": 0,
                "segment": frozenset(),
                "all_gauges": frozenset(),
                "last_gauge": "broad",
            }
            leave_node(h, n, start)
            if singles and (h, n) in self.tokened:
                r = OracleRoute((self.centre(h, n),), (), frozenset(), (h,))
                found.setdefault(r.key, r)
        return sorted(found.values(), key=lambda r: r.key)


def oracle_route_objects(state, company: str, limit: int | None = None, readings=None):
    return Model(state, company, game_rules(state.game, readings)).all_walks(limit)


def oracle_routes(state, company: str, limit: int | None = None, readings=None) -> list[tuple]:
    """Every valid route of ``company`` as a canonical tuple ((centres), (pieces))."""
    return [r.key for r in oracle_route_objects(state, company, limit, readings)]


# ---------------------------------------------------------------------------------------------
# Revenue of one route for one train


def active_bonuses(game, named=(), readings=None) -> list[BonusSpec]:
    return game_rules(game, readings).active_bonuses(named)


def _first_city_tokened(state, hex_name: str, company: str) -> bool:
    """Whether the first city of the tile on ``hex_name`` holds ``company``'s token."""
    tile, _ = state.tile_at(hex_name)
    if not tile.cities:
        return False
    first = tile.cities[0].index
    taken = state.tokens_at(hex_name)
    return any(taken.get(sp.index) == company for sp in tile.token_spaces if sp.city == first)


def _first_city_value(state, hex_name: str) -> int:
    """What the first city of the tile on ``hex_name`` pays in the state's phase."""
    tile, _ = state.tile_at(hex_name)
    if not tile.cities:
        return 0
    phase_revenue = state.game.phase_revenue.get(hex_name, {})
    if state.phase in phase_revenue:
        return phase_revenue[state.phase]
    return tile.cities[0].revenue.value(state.game.phase(state.phase).tiles)


def game_bonuses(active: list[BonusSpec], state, company: str) -> list[BonusSpec]:
    """The bonuses as the map and the game's own rules make them for ``company``: the ports a
    ``linked_port`` bonus bars (no token of the company in their linked hex's first city);
    18FL's hotels doubled in the phases allowing brown tiles; 1847 AE's coal bonus kept from
    the 6E."""
    doubled = GAME_SPECIFIC.get(state.game.id) == "hotels_doubled" and "brown" in (
        state.game.phase(state.phase).tiles
    )
    out = []
    for b in active:
        if b.kind == "linked_port":
            barred = tuple(
                sorted(
                    p for p, city in b.get("ports") if not _first_city_tokened(state, city, company)
                )
            )
            # what the first city of each port's linked hex pays in the phase
            city_value = tuple(
                sorted((p, _first_city_value(state, city)) for p, city in b.get("ports"))
            )
            data = dict(b.data, barred=barred, city_value=city_value)
            b = BonusSpec(b.id, b.kind, tuple(sorted(data.items())), b.place)
        if b.kind == "hotels" and doubled:
            data = dict(b.data, amount=2 * int(b.get("amount", 0)))
            b = BonusSpec(b.id, b.kind, tuple(sorted(data.items())), b.place)
        if GAME_SPECIFIC.get(state.game.id) == "coal_not_6e" and b.id == "coal":
            data = dict(b.data, except_trains=("6E",))
            b = BonusSpec(b.id, b.kind, tuple(sorted(data.items())), b.place)
        out.append(b)
    return out


def _with_optional(must, optional, most):
    """``must`` plus any subset of ``optional`` of size <= most (None: any size)."""
    out = []
    top = len(optional) if most is None else min(most, len(optional))
    for size in range(0, top + 1):
        for extra in itertools.combinations(optional, size):
            out.append(tuple(sorted(tuple(must) + extra)))
    return out


def _cost(route, idx) -> int:
    return sum(route.centres[i].visit_cost for i in idx)


def stop_choices(
    route: OracleRoute, train: TrainSpec, bonuses=(), readings=None
) -> list[tuple[int, ...]]:
    """Every allowed set of counted stops (indices into route.centres); [] if none is.

    ``bonuses``: the active bonuses (ports restrict the choices); ``readings``: the game's
    rule readings (``express_token``)."""
    readings = readings or READING_DEFAULTS
    k = len(route.centres)
    everything = tuple(range(k))
    towns = [i for i, c in enumerate(route.centres) if c.kind == "town"]
    others = [i for i, c in enumerate(route.centres) if c.kind != "town"]
    n = train.stops  # None: unlimited
    rule = train.rule
    if k < 2 and rule != "local":
        return []  # only a local train runs a route of one stop
    for c in route.centres[1:-1]:  # a full city whose tokens other trains pass: an end
        if c.passers and train.name not in c.passers:
            return []

    if rule in ("stops", "halved", "friendly_double"):
        choices = [everything] if n is None or _cost(route, everything) <= n else []
    elif rule == "towns_free":
        # every city/off-board counts; towns fill the distance left, best first (any subset)
        choices = [
            c for c in _with_optional(others, towns, None) if n is None or _cost(route, c) <= n
        ]
    elif rule == "express":
        if k < 2:
            return []
        if readings["express_stops"] == "ends":
            must = [0, k - 1]
        else:  # the off-boards it reaches
            must = [i for i, c in enumerate(route.centres) if c.kind == "offboard"]
        rest = [i for i in range(k) if i not in must]
        choices = [c for c in _with_optional(must, rest, None) if n is None or _cost(route, c) <= n]
        if readings["express_token"] == "counted":
            choices = [c for c in choices if any(route.centres[i].token for i in c)]
    elif rule == "plus_towns":
        choices = [everything] if n is None or _cost(route, others) <= n else []
    elif rule in ("goods", "no_mines"):  # 1824: a goods train visits one mine, others none
        mines = sum(1 for c in route.centres if c.hex in readings["mines"])
        if mines != (1 if rule == "goods" else 0):
            return []
        others_cost = _cost(route, others) if rule == "goods" else _cost(route, everything)
        choices = [everything] if n is None or others_cost <= n else []
    elif rule == "plus_towns_ends":  # 18MT: a town at an end of the route uses one of the N
        end_towns = sum(1 for i in {0, k - 1} if route.centres[i].kind == "town")
        choices = [everything] if _cost(route, others) + end_towns <= n else []
    elif rule == "local":  # 1822's L: a city and a town at most, no off-board, all paid
        n_cities = _cost(route, [i for i in others if route.centres[i].kind == "city"])
        ok = (
            all(route.centres[i].kind != "offboard" for i in others)
            and n_cities <= train.cities
            and _cost(route, towns) <= train.towns
        )
        choices = [everything] if ok else []
    elif rule == "tokened_cities":  # 1822's E train: only the company's cities, ends at them
        paid = [i for i, c in enumerate(route.centres) if c.kind == "city" and c.token]
        choices = [tuple(paid)] if k >= 2 and 0 in paid and k - 1 in paid else []
    elif rule == "plus_towns_min":  # 18FL 3E, 18VA: at least min_paying paying stops
        centres = route.centres
        paying = [
            i
            for i, c in enumerate(centres)
            if (c.kind != "town" and c.visit_cost > 0) or (c.kind == "town" and train.towns_paid)
        ]
        off_spare = [i for i in others if centres[i].hex not in train.spare_at]
        fits = (
            _cost(route, others) <= n
            and len(paying) >= train.min_paying
            and not any(c.hex in train.barred_at for c in centres)
            and (not train.spare_at or _cost(route, off_spare) <= n - 1)
        )
        choices = [everything] if fits else []
    elif rule == "pay_best":
        payable = others
        if train.with_towns == "paid":  # a town visits and pays as any stop
            payable = list(everything)
        elif train.with_towns is None and any(route.centres[i].visit_cost > 0 for i in towns):
            return []  # no row of the distance list takes towns
        if _cost(route, payable) > train.visit:
            return []
        choices = []
        for size in range(1, train.pay + 1):
            for c in itertools.combinations(payable, size):
                if any(route.centres[i].token for i in c):
                    choices.append(c)
    elif rule == "n_plus_m":
        if n is not None and _cost(route, others) > n:
            return []
        choices = _with_optional(others, towns, train.towns)
    elif rule == "n_plus_m_all":  # 18GB 2+1: every stop paid; a town may use a city's place
        ok = _cost(route, others) <= n and _cost(route, everything) <= n + train.towns
        choices = [everything] if ok else []
    elif rule == "edges":
        if train.gauges is not None and not route.gauges <= train.gauges:
            return []
        cost = sum(train.cost_of(g) for g in route.crossings)
        choices = [everything] if cost <= train.edges else []
    else:
        raise ValueError(f"unknown train rule {rule!r}")

    for b in bonuses:  # 18VA: a route may not visit a port the company holds no link to
        if b.kind == "linked_port" and any(c.hex in b.get("barred", ()) for c in route.centres):
            return []
    for b in bonuses:  # a route counting a port needs min_stops counted stops
        if b.kind in ("port", "port_share") and b.applies_to(train):
            at = set(b.get("at", ()))
            need = int(b.get("min_stops", 0))
            choices = [
                c
                for c in choices
                if not any(route.centres[i].hex in at for i in c) or len(c) >= need
            ]
    return choices


def stop_pays(
    route: OracleRoute, counted, train: TrainSpec, bonuses=(), readings=None
) -> dict[int, int]:
    """What each counted stop pays the train (index -> money), before the train multiplier.
    ``readings``: the game's (a goods train's mine pays the company, not the route)."""
    mines = (readings or READING_DEFAULTS)["mines"]
    out = {}
    tokened_cities = sum(
        1 for i in counted if route.centres[i].kind == "city" and route.centres[i].token
    )
    for i in counted:
        c = route.centres[i]
        v = c.value
        if train.column == "diesel" and c.diesel is not None:
            v = c.diesel
        for b in bonuses:
            if (
                b.kind == "port"
                and b.applies_to(train)
                and b.get("pays", "self") == "token_cities"
                and c.hex in b.get("at", ())
            ):
                v = v * tokened_cities
        plus = ("plus_towns", "plus_towns_ends", "plus_towns_min")
        if (train.rule in plus or train.rule == "pay_best") and c.kind != "town":
            v *= train.city_multiplier
        if train.rule in plus[1:] and c.kind == "town" and not train.towns_paid:
            v = 0
        if train.rule == "edges" and c.hex in train.double_at:
            v *= 2
        if train.rule == "friendly_double" and c.friendly:  # 18SJ E: a tokened hex pays twice
            v *= 2
        if train.rule == "goods" and c.hex in mines:
            v = 0
        out[i] = v
    return out


def icons_on(game, hex_name: str, icon: str) -> int:
    return sum(
        1 for im in game.hexes[hex_name].tile.icons if im == icon or im.rsplit("/", 1)[-1] == icon
    )


def bonus_amount(b: BonusSpec, route: OracleRoute, counted, game) -> int:
    """What bonus ``b`` adds to a route counting ``counted`` (0 when it does not apply)."""
    stops = [route.centres[i] for i in counted]
    if b.kind == "visit":
        amounts = dict(b.get("amounts", ()))
        if GAME_SPECIFIC.get(game.id if game is not None else "") == "hex_bonus_once":
            # 18MS revenue_for: +amount once per route whose stops include a hex of ``at``
            hit = [c for c in stops if c.hex in b.get("at")]
            return amounts.get(hit[0].hex, b.get("amount", 0)) if hit else 0
        return sum(amounts.get(c.hex, b.get("amount", 0)) for c in stops if c.hex in b.get("at"))
    if b.kind == "connection":
        at, other = set(b.get("at")), set(b.get("with_any"))
        if any(c.hex in at for c in stops) and any(c.hex in other for c in stops):
            return int(b.get("amount", 0))
        return 0
    if b.kind == "destination":  # per destination hex counted with the home hex
        if not any(c.hex in b.get("home") for c in stops):
            return 0
        return sum(
            int(b.get("amount", 0))
            for dest in b.get("at")
            if any(c.hex == dest and c.hex not in b.get("home") for c in stops)
        )
    if b.kind == "ends_pair":
        sides = {s: dict(v) for s, v in dict(b.get("sides")).items()}
        best = 0
        for s1, s2 in b.get("pairs"):
            for c1 in stops:
                for c2 in stops:
                    if c1 is c2 or (c1.hex, c1.node) == (c2.hex, c2.node):
                        continue
                    if c1.hex in sides.get(s1, {}) and c2.hex in sides.get(s2, {}):
                        best = max(best, sides[s1][c1.hex] + sides[s2][c2.hex])
        return best
    if b.kind == "placed":
        if b.place is None or not any(c.hex == b.place for c in stops):
            return 0
        amount = dict(b.get("amounts", ())).get(b.place, b.get("amount", 0))
        if b.get("per_icon"):
            amount *= icons_on(game, b.place, b.get("per_icon"))
        return amount
    if b.kind == "hotels":  # per counted stop on a hex holding one of the company's hotels
        hotels = set((b.place or "").split("+"))
        return int(b.get("amount", 0)) * sum(1 for c in stops if c.hex in hotels)
    if b.kind == "per_stop":
        return int(b.get("amount", 0)) * len(route.centres)  # every stop visited
    if b.kind == "largest_stop":  # each counted stop on `at` adds the largest counted stop
        total = 0
        for i in counted:
            if route.centres[i].hex in b.get("at"):
                others = [j for j in counted if not (b.get("others_only", False) and j == i)]
                total += max((route.centres[j].value for j in others), default=0)
        return total
    if b.kind == "passing":  # every hex of `at` the route is on, once, a stop there or not
        on = {h for h, _ in route.pieces} | {c.hex for c in route.centres}
        return int(b.get("amount", 0)) * len(on & set(b.get("at")))
    if b.kind == "token_cities":  # per counted city holding the company's token
        return int(b.get("amount", 0)) * sum(1 for c in stops if c.kind == "city" and c.token)
    if b.kind == "ride":  # a pullman riding with the route: its best city or off-board again
        at = b.get("at")
        return max(
            (c.value for c in stops if c.kind != "town" and (at is None or c.hex in at)),
            default=0,
        )
    if b.kind == "ends_token_cities":  # both ends counted on `at`: per own-token city, capped
        k = len(route.centres) - 1
        if 0 not in counted or k not in counted or k == 0:
            return 0
        at = b.get("at")
        if route.centres[0].hex not in at or route.centres[k].hex not in at:
            return 0
        cities = sum(1 for c in stops if c.kind == "city" and c.token)
        return min(int(b.get("per_token_now", 0)) * cities, int(b.get("most_now", 0)))
    if b.kind in (
        "port",
        "port_share",
        "drop_lowest",
        "end_again",
        "destination_end",
        "token_double",
        "company_double",
        "linked_port",
        "closed",
        "marker",
        "connection_largest",
        "one_of_hexes",
    ):
        return 0  # they change the stops' pay, the choices or the run, not the route's sum
    raise ValueError(f"unknown bonus kind {b.kind!r}")


def choice_revenue(
    route: OracleRoute, counted, train: TrainSpec, bonuses, game=None, readings=None
) -> int:
    """What the train earns counting the stops ``counted`` (indices) of the route, with the
    per-route ``bonuses`` (once-per-run ones must be given only to the route they go to)."""
    pays = stop_pays(route, counted, train, bonuses, readings)
    base = sum(pays.values())
    multiplied = 0
    plain = 0
    for b in bonuses:
        if not b.applies_to(train):
            continue
        if b.kind == "destination_value":  # 1822: the tokened destination city paid again
            counted_cities = [route.centres[i] for i in counted if route.centres[i].kind == "city"]
            node = b.get("home_node")  # only the company's token in this city of its home
            home = [
                c
                for c in counted_cities
                if c.token and c.hex in b.get("home") and node in (None, c.node)
            ]
            dest = [
                pays[i] * train.multiplier
                for i in counted
                if route.centres[i].kind == "city"
                and route.centres[i].token
                and route.centres[i].hex in b.get("at")
                and route.centres[i] not in home
            ]
            if home and dest:
                plain += max(dest)
            continue
        if b.kind == "token_double":  # a counted stop on `at` with the company's token: again
            plain += sum(
                pays[i] * train.multiplier
                for i in counted
                if route.centres[i].hex in b.get("at") and route.centres[i].token
            )
            continue
        if b.kind == "company_double":  # the company's counted stops on `at`: paid again
            plain += sum(
                pays[i] * train.multiplier for i in counted if route.centres[i].hex in b.get("at")
            )
            continue
        if b.kind == "linked_port":  # its trains earn a counted port and its linked city again
            if train.name.upper() not in {t.upper() for t in b.get("pays_again", ())}:
                continue
            city_value = dict(b.get("city_value"))
            for i in counted:
                h = route.centres[i].hex
                if h in city_value and h not in b.get("barred"):
                    again = pays[i] + city_value[h] * train.city_multiplier
                    plain += again * train.multiplier
            continue
        if b.kind == "connection_largest":  # a stop of `at` and another of `with_any`
            # counted: the largest counted stop's value for the train once more (18Neb E-W)
            hit_a = [i for i in counted if route.centres[i].hex in b.get("at")]
            hit_b = [i for i in counted if route.centres[i].hex in b.get("with_any")]
            if any(i != j for i in hit_a for j in hit_b):
                plain += max(pays[i] * train.multiplier for i in counted)
            continue
        if b.kind in ("end_again", "destination_end"):  # a counted end on `at` paid again
            ends = {0, len(route.centres) - 1}
            plain += sum(
                pays[i] * train.multiplier
                for i in ends
                if i in counted and route.centres[i].hex in b.get("at")
            )
            continue
        amount = bonus_amount(b, route, counted, game)
        if b.multiplied:
            multiplied += amount
        else:
            plain += amount
    total = (base + multiplied) * train.multiplier + plain
    for b in bonuses:  # 1850Jr: a route counting a port earns half its stops again, to 10 down
        if b.kind == "port_share" and b.applies_to(train):
            if any(route.centres[i].hex in b.get("at", ()) for i in counted):
                half = max(base * train.multiplier, 0) * int(b.get("percent")) // 100
                total += half - half % int(b.get("round_to"))
    if train.rule == "halved" and total > 0:  # 1822MX 3/2P: (revenue / 2).round(-1) in Ruby
        half = total // 2
        total = half - half % 10 + (10 if half % 10 >= 5 else 0)
    return total


def route_revenue(
    route: OracleRoute, train: TrainSpec, bonuses, game=None, readings=None
) -> tuple[int, tuple[int, ...]] | None:
    """(best revenue, counted stops) of the route for the train, or None if it may not run it."""
    held = {b.id for b in bonuses if b.applies_to(train)}
    for b in bonuses:  # a closed stop: no route touches it unless the company holds `unless`
        if b.kind == "closed" and b.applies_to(train) and b.get("unless") not in held:
            if any(c.hex in b.get("at") for c in route.centres):
                return None
    for b in bonuses:  # one_of_hexes: at most one stop of the route on the hexes of `at`
        if b.kind == "one_of_hexes" and b.applies_to(train):
            if sum(1 for c in route.centres if c.hex in b.get("at")) > 1:
                return None
    best = None
    for counted in stop_choices(route, train, bonuses, readings):
        rev = choice_revenue(route, counted, train, bonuses, game, readings)
        if best is None or rev > best[0]:
            best = (rev, counted)
    return best


# ---------------------------------------------------------------------------------------------
# The company's best assignment of routes to trains


@dataclass
class Solution:
    total: int
    runs: list = field(default_factory=list)  # (train name, OracleRoute, revenue, counted)
    dropped: int | None = None  # index in runs of the route drop_lowest took off
    once: dict = field(default_factory=dict)  # once-per-run bonus id -> index in runs

    def describe(self) -> str:
        lines = [f"total {self.total}"]
        for j, (t, r, rev, counted) in enumerate(self.runs):
            stops = [
                f"{c.hex}/{c.node}{'' if i in counted else '(skip)'}"
                for i, c in enumerate(r.centres)
            ]
            extra = [b for b, k in self.once.items() if k == j]
            note = " (dropped)" if self.dropped == j else ""
            bonus = f" +{','.join(extra)}" if extra else ""
            lines.append(f"  {t}: {rev}{bonus}{note}: {' '.join(stops)}")
        return "\n".join(lines)


def _in_phase(active, state) -> list[BonusSpec]:
    """``ends_token_cities`` bonuses with their amounts for the map's phase: the value its
    tables give the newest colour of the phase that they name (none: 0)."""
    out = []
    for b in active:
        if b.kind == "ends_token_cities":
            data = dict(b.data)
            for key in ("per_token", "most"):
                table = dict(data[key])
                named = [c for c in state.phase_colours if c in table]
                data[f"{key}_now"] = table[named[-1]] if named else 0
            b = BonusSpec(b.id, b.kind, tuple(sorted(data.items())), b.place)
        out.append(b)
    return out


def _riders(rules, trains, ride_at=None) -> tuple[list[str], list[BonusSpec]]:
    """The trains that run routes, and the pullmans as bonuses paid to one route each."""
    runs = [t for t in trains if rules.train(t).rule != "pullman"]
    rides = []
    for t in trains:
        if rules.train(t).rule == "pullman":
            data = (("at", tuple(ride_at)),) if ride_at else ()
            rides.append(BonusSpec(rules.train(t).name, "ride", data))
    return runs, rides


RUN_RULES = ("drop_lowest", "connection_run")  # bonuses of the run, not of one route


def joined(route: OracleRoute, b: BonusSpec) -> bool:
    """Whether the route's two ends are both on ``home`` or ``at`` of a connection_run."""
    allowed = set(b.get("home")) | set(b.get("at"))
    return route.centres[0].hex in allowed and route.centres[-1].hex in allowed


def oracle_solve(
    state, company: str, trains, bonuses=(), limit: int | None = None, readings=None, locked=()
) -> Solution:
    """The best assignment. ``locked``: (train name, OracleRoute) pairs, trains beyond
    ``trains`` that must run exactly these routes (they come first and take their track);
    the other trains are assigned around them."""
    rules = game_rules(state.game, readings)
    model = Model(state, company, rules)
    trains, rides = _riders(rules, trains)
    specs = [rules.train(t) for t, _r in locked] + [rules.train(t) for t in trains]
    routes = model.all_walks(limit, singles=any(t.rule == "local" for t in specs))
    active = game_bonuses(
        _in_phase(rules.active_bonuses(bonuses, company, state), state), state, company
    )
    game = state.game
    # connection_run: a rule of the run, not money: one route must join its hexes (both ends)
    joins = [b for b in active if b.kind == "connection_run"]
    per_route = [b for b in active if not b.once_per_run and b.kind not in RUN_RULES]
    run_level = [b for b in active if b.once_per_run] + rides
    drop_lowest = any(b.kind == "drop_lowest" for b in active)
    n_locked = len(locked)
    locked_index = [[r.key for r in routes].index(route.key) for _t, route in locked]
    rd = rules.readings

    cache: dict = {}

    def revenue(ri, ti, extra: tuple[int, ...]):
        """Best (revenue, counted) of route ri for train ti with run-level bonuses ``extra``."""
        key = (ri, ti, extra)
        if key not in cache:
            bs = per_route + [run_level[j] for j in extra]
            cache[key] = route_revenue(routes[ri], specs[ti], bs, game, rd)
        return cache[key]

    everything = tuple(range(len(run_level)))
    options = []  # per train: [(upper bound, route index, conflict set)] best first
    for ti in range(len(specs)):
        opts = []
        for ri, r in enumerate(routes):
            if ti < n_locked and ri != locked_index[ti]:
                continue
            top = revenue(ri, ti, everything)
            if ti < n_locked and top is None:
                raise ValueError(
                    f"locked route {r.describe()} is not one the {specs[ti].name} runs"
                )
            if top is not None and (top[0] > 0 or ti < n_locked):
                conflicts = model.conflict_set(r)
                if specs[ti].rule == "local":  # a city once among the local routes
                    conflicts = conflicts | local_cities(r)
                opts.append((top[0], ri, conflicts))
        opts.sort(key=lambda o: (-o[0], routes[o[1]].key))
        options.append(opts)
    most = [0] * (len(specs) + 1)
    for i in range(len(specs) - 1, -1, -1):
        most[i] = most[i + 1] + (options[i][0][0] if options[i] else 0)

    best = Solution(0, [])

    def evaluate(picks):
        """The exact best of one assignment: ``picks`` = [(train index, route index)]."""
        nonlocal best
        if joins and not all(any(joined(routes[ri], b) for _, ri in picks) for b in joins):
            return  # no train runs between home and destination: not a run the rule allows
        choices = [None] + list(range(len(picks)))
        for owners in itertools.product(choices, repeat=len(run_level)):
            revs = []
            for j, (ti, ri) in enumerate(picks):
                extra = tuple(b for b, o in enumerate(owners) if o == j)
                res = revenue(ri, ti, extra)
                if res is None:
                    break
                revs.append(res)
            else:
                total = sum(r[0] for r in revs)
                dropped = None
                if drop_lowest and len(picks) == len(specs) and picks:
                    dropped = min(range(len(revs)), key=lambda j: revs[j][0])
                    total -= revs[dropped][0]
                if total > best.total:
                    runs = [
                        (specs[ti].name, routes[ri], revs[j][0], revs[j][1])
                        for j, (ti, ri) in enumerate(picks)
                    ]
                    once = {run_level[b].id: o for b, o in enumerate(owners) if o is not None}
                    best = Solution(total, runs, dropped, once)

    def assign(i, used, bound, picks):
        if bound + most[i] <= best.total:
            return
        if i == len(specs):
            evaluate(picks)
            return
        cls = specs[i].track_class
        for top, ri, conflicts in options[i]:
            if bound + top + most[i + 1] <= best.total:
                break  # sorted best first: no later route can do better
            if conflicts & used.get(cls, frozenset()):
                continue
            used2 = dict(used)
            used2[cls] = used.get(cls, frozenset()) | conflicts
            picks.append((i, ri))
            assign(i + 1, used2, bound + top, picks)
            picks.pop()
        if i >= n_locked:
            assign(i + 1, used, bound, picks)  # train i runs no route

    assign(0, {}, 0, [])
    return best


def local_cities(route: OracleRoute) -> frozenset:
    """The cities a local train's route holds against the other local routes of the run
    (named apart from track, so that only local routes clash on them)."""
    return frozenset(("local city", c.hex, c.node) for c in route.centres if c.kind == "city")


def oracle_best(state, company: str, trains, bonuses=(), limit=None, readings=None) -> int:
    """The company's optimal net revenue with these trains (and named bonuses)."""
    return oracle_solve(state, company, list(trains), bonuses, limit, readings).total


# ---------------------------------------------------------------------------------------------
# Checking a route the finder returned


def check_finder_result(
    state, company: str, trains, bonuses, result, limit=None, readings=None
) -> list[str]:
    """Problems with ``result`` (a RouteResult) under the oracle's rules; [] when it is sound.

    Each route must be a valid route, count an allowed choice of stops, earn what it claims
    with its per-route bonuses plus some of the once-per-run ones (each given to at most one
    route), and be the best choice of stops on it; routes of one track class share no track;
    the routes add up to the net revenue (less the dropped route under drop_lowest)."""
    rules = game_rules(state.game, readings)
    model = Model(state, company, rules)
    routes = model.all_walks(limit, singles=any(rules.train(t).rule == "local" for t in trains))
    by_pieces = {}
    for r in routes:
        by_pieces.setdefault(frozenset(r.pieces), []).append(r)
    active = game_bonuses(
        _in_phase(rules.active_bonuses(bonuses, company, state), state), state, company
    )
    trains, rides = _riders(rules, trains)
    per_route = [b for b in active if not b.once_per_run and b.kind not in RUN_RULES]
    run_level = [b for b in active if b.once_per_run] + rides
    drop_lowest = any(b.kind == "drop_lowest" for b in active)
    rd = rules.readings
    problems = []
    for b in active:
        if b.kind != "connection_run" or not result.routes:
            continue
        ends = [(s.stops[0].hex, s.stops[-1].hex) for s in result.routes]
        allowed = set(b.get("home")) | set(b.get("at"))
        if not any(a in allowed and z in allowed for a, z in ends):
            problems.append(f"{b.id}: no route runs between {sorted(allowed)} (ends {ends})")
    left = [rules.train(t).name for t in trains]
    revenues = []
    used = []
    once_taken: list[list[set[str]]] = []
    for tr in result.routes:
        try:
            train = rules.train(tr.train)
        except KeyError:
            problems.append(f"route for unknown train {tr.train!r}")
            continue
        if train.name in left:
            left.remove(train.name)
        else:
            problems.append(f"route for train {tr.train} which the company does not have (again)")
        revenues.append(tr.revenue)
        cands = by_pieces.get(frozenset(tr.track), [])
        if len(set(tr.track)) != len(tr.track):
            problems.append(f"{tr.train}: a track piece used twice: {tr.track}")
        stop_ids = [(s.hex, s.node) for s in tr.stops]
        match = None
        for r in cands:
            ids = [(c.hex, c.node) for c in r.centres]
            if ids == stop_ids:
                match = (r, list(range(len(ids))))
            elif ids[::-1] == stop_ids:
                match = (r, list(range(len(ids)))[::-1])
        if match is None:
            problems.append(
                f"{tr.train}: not a valid route (track {sorted(tr.track)}, stops {stop_ids})"
            )
            continue
        r, order = match
        counted = tuple(sorted(order[j] for j, s in enumerate(tr.stops) if not s.skipped))
        choices = stop_choices(r, train, active, rd)
        if counted not in choices:
            problems.append(f"{tr.train}: counted stops {counted} not allowed on {r.describe()}")
            continue
        pays = stop_pays(r, counted, train, active, rd)
        for j, s in enumerate(tr.stops):
            c = r.centres[order[j]]
            if s.printed not in (c.value, pays.get(order[j], c.value)):
                problems.append(
                    f"{tr.train}: stop {s.hex}/{s.node} says {s.printed}, pays {c.value}"
                )
            if s.kind != c.kind:
                problems.append(f"{tr.train}: stop {s.hex}/{s.node} kind {s.kind} is {c.kind}")
        # which once-per-run bonuses would make the claimed revenue
        fits = []
        for size in range(len(run_level) + 1):
            for extra in itertools.combinations(run_level, size):
                bs = per_route + list(extra)
                if choice_revenue(r, counted, train, bs, state.game, rd) == tr.revenue:
                    best = route_revenue(r, train, bs, state.game, rd)
                    if best is not None and best[0] == tr.revenue:
                        fits.append({b.id for b in extra})
        if not fits:
            earned = choice_revenue(r, counted, train, per_route, state.game, rd)
            problems.append(
                f"{tr.train}: claims {tr.revenue}; its stops earn {earned} (with no once-per-run"
                f" bonus), and no choice of once-per-run bonuses makes it the route's best"
                f" ({r.describe()})"
            )
        once_taken.append(fits or [set()])
        for other, other_train in used:
            if other_train.track_class != train.track_class:
                continue
            if model.conflict_set(other) & model.conflict_set(r):
                problems.append(f"{tr.train}: shares track with another train's route")
            if train.rule == other_train.rule == "local" and local_cities(other) & local_cities(r):
                problems.append(f"{tr.train}: a city another local train's route uses")
        used.append((r, train))
    if not any(
        all(not (a & b) for a, b in itertools.combinations(combo, 2))
        for combo in itertools.product(*once_taken)
    ):
        problems.append("a once-per-run bonus is paid to more than one route")
    total = sum(revenues)
    if drop_lowest and revenues and len(result.routes) == len(trains):
        total -= min(revenues)
    if total != result.net_revenue:
        problems.append(f"routes add up to {total}, net_revenue says {result.net_revenue}")
    return problems


# ---------------------------------------------------------------------------------------------
# Printing a map for a bug report


def describe_state(state, company, trains, bonuses=(), readings=None) -> str:
    game = state.game
    rules = game_rules(game, readings)
    lines = [
        f"game {game.id} ({game.orientation.value}), phase {state.phase} {state.phase_colours}",
        f"readings {rules.readings}",
    ]
    for h in game.hex_order:
        tile, rot = state.tile_at(h)
        if tile.is_blank and not tile.borders:
            continue
        laid = state.laid_tile(h)
        what = f"tile {laid} rot {rot}" if laid else f"printed {game.hexes[h].colour}"
        tokens = state.tokens_at(h)
        tok = f" tokens {tokens}" if tokens else ""
        lines.append(f"  {h}: {what}: {tile.code}{tok}")
    lines.append(f"company {company}, trains {list(trains)}, bonuses {list(bonuses)}")
    for t in trains:
        lines.append(f"  {rules.train(t)}")
    for b in rules.active_bonuses(bonuses, company, state):
        lines.append(f"  bonus {b}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Small test games written to a folder


def _toml_value(v) -> str:
    import json

    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        items = ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items())
        return "{ " + items + " }"
    raise TypeError(v)


DEFAULT_PHASES = (
    {"name": "2", "tiles": ["yellow"]},
    {"name": "3", "tiles": ["yellow", "green"]},
    {"name": "5", "tiles": ["yellow", "green", "brown"]},
    {"name": "D", "tiles": ["yellow", "green", "brown", "grey"]},
)


def write_game(
    folder,
    hexes: dict,
    trains,
    *,
    layout: str = "flat",
    bonuses=(),
    phases=DEFAULT_PHASES,
    companies=("A", "B", "C"),
    tile_sets=("common",),
    extra_tiles: str | None = None,
    game_id: str = "t",
    manifest: dict | None = None,
    rules: dict | None = None,
    phase_revenue=(),
):
    """Write ``<folder>/games/<id>.toml`` (+ a tiles folder) and load it.

    ``hexes``: hex name -> (colour, code); ``trains``/``bonuses``/``phases``: dicts of the
    game-file keys (games/README.md). ``companies``: abbreviations, or dicts of company keys
    (``kind = "neutral"``). ``rules``: the ``[rules]`` table. ``extra_tiles``: lines of a
    ``test.tiles`` file, added to the catalogue after ``tile_sets``.
    """
    import shutil

    from rusty_train_py.base.paths import tiles_dir
    from rusty_train_py.gamedata.loader.gamefile import load_game_file

    folder = Path(folder)
    tdir = folder / "tiles"
    gdir = folder / "games"
    tdir.mkdir(parents=True, exist_ok=True)
    gdir.mkdir(parents=True, exist_ok=True)
    sets = list(tile_sets)
    for s in sets:
        shutil.copy(tiles_dir() / f"{s}.tiles", tdir / f"{s}.tiles")
    if extra_tiles:
        (tdir / "test.tiles").write_text("# test tiles\n" + extra_tiles.strip() + "\n")
        sets.append("test")
    out = [
        f"id = {_toml_value(game_id)}",
        'title = "test game"',
        f"layout = {_toml_value(layout)}",
        f"tiles = {_toml_value(sets)}",
        f"default_phase = {_toml_value(phases[0]['name'])}",
        "",
    ]
    if rules:
        out.append("[rules]")
        for k, v in rules.items():
            out.append(f"{k} = {_toml_value(v)}")
        out.append("")
    for name, (colour, code) in hexes.items():
        out += [
            "[[hexes]]",
            f"hexes = [{_toml_value(name)}]",
            f"colour = {_toml_value(colour)}",
            f"code = {_toml_value(code)}",
            "",
        ]
    out.append("[manifest]")
    for t, n in (manifest or {}).items():
        out.append(f"{_toml_value(t)} = {_toml_value(n)}")
    out.append("")
    for c in companies:
        c = {"abbrev": c} if isinstance(c, str) else dict(c)
        c.setdefault("name", c["abbrev"] + " railway")
        c.setdefault("tokens", 40)
        out.append("[[companies]]")
        for k, v in c.items():
            out.append(f"{k} = {_toml_value(v)}")
        out.append("")
    for section, items in (
        ("trains", trains),
        ("phases", phases),
        ("bonuses", bonuses),
        ("phase_revenue", phase_revenue),
    ):
        for item in items:
            out.append(f"[[{section}]]")
            for k, v in item.items():
                out.append(f"{k} = {_toml_value(v)}")
            out.append("")
    path = gdir / f"{game_id}.toml"
    path.write_text("\n".join(out))
    return load_game_file(path, tdir)


def set_tokens(state, hex_name: str, tokens: dict) -> None:
    state.apply(state.set_tokens_edit(hex_name, tokens))


def lay(state, hex_name: str, tile: str, rotation: int = 0) -> None:
    state.apply(state.place_tile_edit(hex_name, tile, rotation, check_available=False))
