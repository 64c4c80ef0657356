"""A brute-force oracle for the route finder: every route, every stop choice, every assignment.

Written from the rules alone (it uses nothing of ``rusty_train_py.route`` but the result
types), as plainly as possible, so that it can catch the fast finder's mistakes. It is only
meant for small maps: a few hundred routes and one to three trains.

The track model
    A tile's paths are track pieces joining two ends (a hex edge, after rotation, or a node).
    A train standing on an edge leaves the hex across that side and must then take a piece of
    the neighbouring hex that ends on the facing edge (``(e + 3) % 6``); pieces of one hex that
    only share an edge are not joined. Junction nodes join their pieces but are not stops.

A route (found by depth-first search from every revenue centre)
    - ends at revenue centres and visits at least two of them, one of which is a city holding
      a station token of the company;
    - uses no track piece twice, crosses no hex side twice, passes no node twice; at most one
      node of each ``groups`` name; where the game's readings say so, visits no two revenue
      centres on one hex (``one_stop_per_hex``) and comes back to no hex it has left
      (``hex_reentry`` false; the hex it starts in counts);
    - passes through no off-board and no city whose spaces are all filled by other companies.

Revenue
    Every allowed choice of counted stops is tried (see ``stop_choices``); a choice pays
    ``(stop values + multiplied bonuses) * multiplier + other bonuses``; the best one counts.

The company's result
    Every assignment of pairwise compatible routes (no common hex side, no common node-to-node
    piece) to the trains (a train may run none); the best total.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from rusty_train_py.tile import NodeKind


class TooManyRoutes(RuntimeError):
    """The map has more routes than the caller allowed (the oracle is for small maps)."""


@dataclass(frozen=True)
class Centre:
    """A revenue centre on a route."""

    hex: str
    node: int
    kind: str  # "city" | "town" | "offboard"
    value: int  # node.revenue.value(phase colours)
    token: bool  # a city holding a token of the company


@dataclass(frozen=True)
class OracleRoute:
    """One route, oriented canonically (the piece sequence is <= its reverse)."""

    centres: tuple[Centre, ...]  # in travel order
    pieces: tuple[tuple[str, int], ...]  # (hex, index in tile.paths), in travel order
    sides: frozenset  # frozenset of frozenset({(hex, edge), (neighbour, facing edge)})
    travel: tuple[str, ...]  # start hex, then the hex entered at every side crossed

    @property
    def key(self) -> tuple:
        return (tuple((c.hex, c.node) for c in self.centres), self.pieces)

    def describe(self) -> str:
        return " - ".join(
            f"{c.hex}/{c.node}:{c.kind}{c.value}{'*' if c.token else ''}" for c in self.centres
        )


# ---------------------------------------------------------------------------------------------
# The track model


class Model:
    """The track of a map state as seen by one company."""

    def __init__(self, state, company: str):
        self.state = state
        self.game = state.game
        self.company = self.game.company(company).abbrev
        self.colours = state.phase_colours
        self.one_stop_per_hex = self.game.readings["one_stop_per_hex"]
        self.no_reentry = not self.game.readings["hex_reentry"]
        # hex -> list of (piece index, end a, end b); an end is ("e", edge) or ("n", node)
        self.pieces: dict[str, list[tuple[int, tuple[str, int], tuple[str, int]]]] = {}
        self.node_node: set[tuple[str, int]] = set()  # pieces joining two nodes
        self.nodes = {}  # (hex, node index) -> Node
        self.blocked: set[tuple[str, int]] = set()  # cities full of other companies' tokens
        self.tokened: set[tuple[str, int]] = set()  # cities holding a token of the company
        for h in self.game.hexes:
            tile, rot = state.tile_at(h)
            lst = []
            for i, p in enumerate(tile.paths):
                lst.append((i, self._end(p.a, rot), self._end(p.b, rot)))
                if p.a.node is not None and p.b.node is not None:
                    self.node_node.add((h, i))
            self.pieces[h] = lst
            tokens = state.tokens_at(h)  # {space index: company}
            for n in tile.nodes:
                self.nodes[(h, n.index)] = n
                if n.kind is NodeKind.CITY:
                    spaces = [ts.index for ts in tile.token_spaces if ts.city == n.index]
                    owners = [tokens.get(s) for s in spaces]
                    if self.company in owners:
                        self.tokened.add((h, n.index))
                    elif all(o is not None for o in owners):
                        self.blocked.add((h, n.index))

    @staticmethod
    def _end(end, rot):
        if end.edge is not None:
            return ("e", (end.edge + rot) % 6)
        return ("n", end.node)

    def centre(self, h: str, n: int) -> Centre:
        node = self.nodes[(h, n)]
        value = node.revenue.value(self.colours)
        return Centre(h, n, node.kind.value, value, (h, n) in self.tokened)

    def can_pass(self, h: str, n: int) -> bool:
        node = self.nodes[(h, n)]
        if node.kind is NodeKind.OFFBOARD:
            return False
        if node.kind is NodeKind.CITY and (h, n) in self.blocked:
            return False
        return True

    def conflict_set(self, route: OracleRoute) -> frozenset:
        """What two routes of one company may not share: hex sides and node-to-node pieces."""
        return route.sides | frozenset(p for p in route.pieces if p in self.node_node)

    # ---- the search --------------------------------------------------------------------

    def all_walks(self, limit: int | None = None) -> list[OracleRoute]:
        """Every route of the company (each once, canonically oriented)."""
        found: dict[tuple, OracleRoute] = {}

        def record(centres, pieces, sides, travel):
            if len(centres) < 2 or not any(c.token for c in centres):
                return
            if tuple(pieces) <= tuple(reversed(pieces)):
                r = OracleRoute(tuple(centres), tuple(pieces), frozenset(sides), tuple(travel))
            else:
                r = OracleRoute(
                    tuple(reversed(centres)), tuple(reversed(pieces)), frozenset(sides),
                    tuple(reversed(travel)),
                )
            found.setdefault(r.key, r)
            if limit is not None and len(found) > limit:
                raise TooManyRoutes(f"more than {limit} routes")

        # A walk: the nodes passed, pieces used, sides crossed, centres visited, groups met.
        def leave_node(h, n, walk):
            for i, a, b in self.pieces[h]:
                if (h, i) in walk["pieces"]:
                    continue
                if a == ("n", n):
                    other = b
                elif b == ("n", n):
                    other = a
                else:
                    continue
                take_piece(h, i, other, walk)

        def take_piece(h, i, end, walk):
            walk = dict(walk, pieces=walk["pieces"] + [(h, i)])
            if end[0] == "n":
                arrive_node(h, end[1], walk)
            else:
                cross(h, end[1], walk)

        def cross(h, edge, walk):
            nb = self.game.neighbour(h, edge)
            if nb is None:
                return
            border = self.game.border(h, edge)
            if border is not None and border.type == "impassable":
                return
            facing = (edge + 3) % 6
            side = frozenset({(h, edge), (nb, facing)})
            if side in walk["sides"]:
                return
            if self.no_reentry and nb in walk["travel"]:
                return
            walk = dict(walk, sides=walk["sides"] | {side}, travel=walk["travel"] + [nb])
            for i, a, b in self.pieces[nb]:
                if (nb, i) in walk["pieces"]:
                    continue
                if a == ("e", facing):
                    other = b
                elif b == ("e", facing):
                    other = a
                else:
                    continue
                take_piece(nb, i, other, walk)

        def arrive_node(h, n, walk):
            if (h, n) in walk["nodes"]:
                return
            node = self.nodes[(h, n)]
            walk = dict(walk, nodes=walk["nodes"] | {(h, n)})
            if node.kind is NodeKind.JUNCTION:
                leave_node(h, n, walk)
                return
            if self.one_stop_per_hex and h in walk["centre_hexes"]:
                return
            if set(node.groups) & walk["groups"]:
                return
            walk = dict(
                walk,
                centres=walk["centres"] + [self.centre(h, n)],
                centre_hexes=walk["centre_hexes"] | {h},
                groups=walk["groups"] | set(node.groups),
            )
            record(walk["centres"], walk["pieces"], walk["sides"], walk["travel"])
            if self.can_pass(h, n):
                leave_node(h, n, walk)

        for (h, n), node in self.nodes.items():
            if node.kind is NodeKind.JUNCTION:
                continue
            start = {
                "nodes": {(h, n)},
                "pieces": [],
                "sides": set(),
                "centres": [self.centre(h, n)],
                "centre_hexes": {h},
                "groups": set(node.groups),
                "travel": [h],
            }
            leave_node(h, n, start)
        return sorted(found.values(), key=lambda r: r.key)


def oracle_route_objects(state, company: str, limit: int | None = None) -> list[OracleRoute]:
    return Model(state, company).all_walks(limit)


def oracle_routes(state, company: str, limit: int | None = None) -> list[tuple]:
    """Every valid route of ``company`` as a canonical tuple ((centres), (pieces))."""
    return [r.key for r in oracle_route_objects(state, company, limit)]


# ---------------------------------------------------------------------------------------------
# Revenue of one route for one train


def active_bonuses(game, named=()) -> list:
    out = [b for b in game.bonuses if b.always]
    for bid in named:
        b = game.bonus(bid)
        if b not in out:
            out.append(b)
    return out


def stop_choices(route: OracleRoute, train, readings=None) -> list[tuple[int, ...]]:
    """Every allowed set of counted stops (indices into route.centres); [] if none is."""
    k = len(route.centres)
    everything = tuple(range(k))
    towns = [i for i, c in enumerate(route.centres) if c.kind == "town"]
    others = [i for i, c in enumerate(route.centres) if c.kind != "town"]

    def with_optional(must, optional, most):
        """``must`` plus any subset of ``optional`` of size <= most (None: any size)."""
        out = []
        top = len(optional) if most is None else min(most, len(optional))
        for size in range(0, top + 1):
            for extra in itertools.combinations(optional, size):
                out.append(tuple(sorted(tuple(must) + extra)))
        return out

    p = train.params_dict
    if train.rule == "edges":  # hex train: stops everywhere, range in hex sides crossed
        return [everything] if len(route.travel) - 1 <= p["edges"] else []
    if train.rule == "n_plus_m":  # N+M train
        if len(others) > train.stops:
            return []
        return with_optional(others, towns, p["towns"])
    if train.rule == "stops":
        if train.stops is not None and k > train.stops:
            return []
        return [everything]
    if train.rule == "towns_free":
        if train.stops is not None and len(others) > train.stops:
            return []
        room = None if train.stops is None else train.stops - len(others)
        return with_optional(others, towns, room)
    if train.rule == "express":
        ends = (0, k - 1)
        if train.stops is not None and train.stops < 2:
            return []
        room = None if train.stops is None else train.stops - 2
        choices = with_optional(ends, list(range(1, k - 1)), room)
        if (readings or {}).get("express_token", "counted") == "counted":
            choices = [c for c in choices if any(route.centres[i].token for i in c)]
        return choices
    raise ValueError(f"unknown train rule {train.rule!r}")


def choice_revenue(route: OracleRoute, counted, train, bonuses) -> int:
    """What the train earns counting the stops ``counted`` (indices) of the route."""
    stops = [route.centres[i] for i in counted]
    base = sum(c.value for c in stops)
    multiplied = 0
    plain = 0
    for b in bonuses:
        if b.train is not None and b.train.strip().upper() != train.name.upper():
            continue
        p = b.params_dict
        if b.kind_name == "visit":
            per_hex = dict(p.get("amounts", ()))
            amounts = [per_hex.get(c.hex, p.get("amount", 0)) for c in stops if c.hex in p["at"]]
            if not amounts:
                continue
            # paid at every counted stop in `at` (1889's diesel: at each off-board)
            amount = sum(amounts)
        elif b.kind_name == "connection":
            if not (
                any(c.hex in p["at"] for c in stops) and any(c.hex in p["with_any"] for c in stops)
            ):
                continue
            amount = p["amount"]
        else:
            raise ValueError(b.kind_name)
        if b.multiplied:
            multiplied += amount
        else:
            plain += amount
    return (base + multiplied) * train.multiplier + plain


def route_revenue(
    route: OracleRoute, train, bonuses, readings=None
) -> tuple[int, tuple[int, ...]] | None:
    """(best revenue, counted stops) of the route for the train, or None if it may not run it."""
    best = None
    for counted in stop_choices(route, train, readings):
        rev = choice_revenue(route, counted, train, bonuses)
        if best is None or rev > best[0]:
            best = (rev, counted)
    return best


# ---------------------------------------------------------------------------------------------
# The company's best assignment of routes to trains


@dataclass
class Solution:
    total: int
    runs: list = field(default_factory=list)  # (train name, OracleRoute, revenue, counted)

    def describe(self) -> str:
        lines = [f"total {self.total}"]
        for t, r, rev, counted in self.runs:
            stops = [f"{c.hex}/{c.node}{'' if i in counted else '(skip)'}"
                     for i, c in enumerate(r.centres)]
            lines.append(f"  {t}: {rev}: {' '.join(stops)}")
        return "\n".join(lines)


def oracle_solve(state, company: str, trains, bonuses=(), limit: int | None = None) -> Solution:
    model = Model(state, company)
    routes = model.all_walks(limit)
    active = active_bonuses(state.game, bonuses)
    options = []  # per train: [(revenue, route, counted, conflict set)] best first
    for name in trains:
        train = state.game.train(name)
        opts = []
        for r in routes:
            res = route_revenue(r, train, active, state.game.readings)
            if res is not None and res[0] > 0:
                opts.append((res[0], r, res[1], model.conflict_set(r)))
        opts.sort(key=lambda o: (-o[0], o[1].key))
        options.append(opts)
    # most[i]: the most trains i.. could add, each on its own best route (an upper bound).
    most = [0] * (len(trains) + 1)
    for i in range(len(trains) - 1, -1, -1):
        most[i] = most[i + 1] + (options[i][0][0] if options[i] else 0)

    best = Solution(0, [])

    def assign(i, used, total, runs):
        nonlocal best
        if total > best.total:
            best = Solution(total, list(runs))
        if i == len(trains) or total + most[i] <= best.total:
            return
        for rev, r, counted, conflicts in options[i]:
            if total + rev + most[i + 1] <= best.total:
                break  # sorted best first: no later route can do better
            if conflicts & used:
                continue
            runs.append((trains[i], r, rev, counted))
            assign(i + 1, used | conflicts, total + rev, runs)
            runs.pop()
        assign(i + 1, used, total, runs)  # train i runs no route

    assign(0, frozenset(), 0, [])
    return best


def oracle_best(state, company: str, trains, bonuses=(), limit: int | None = None) -> int:
    """The company's optimal net revenue with these trains (and named bonuses)."""
    return oracle_solve(state, company, list(trains), bonuses, limit).total


# ---------------------------------------------------------------------------------------------
# Checking a route the finder returned


def check_finder_result(state, company: str, trains, bonuses, result, limit=None) -> list[str]:
    """Problems with ``result`` (a RouteResult) under the oracle's rules; [] when it is sound."""
    model = Model(state, company)
    routes = model.all_walks(limit)
    by_pieces = {}
    for r in routes:
        by_pieces.setdefault(frozenset(r.pieces), []).append(r)
    active = active_bonuses(state.game, bonuses)
    problems = []
    left = [state.game.train(t).name for t in trains]
    total = 0
    used = []
    for tr in result.routes:
        try:
            train = state.game.train(tr.train)
        except KeyError:
            problems.append(f"route for unknown train {tr.train!r}")
            continue
        if train.name in left:
            left.remove(train.name)
        else:
            problems.append(f"route for train {tr.train} which the company does not have (again)")
        total += tr.revenue
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
        choices = stop_choices(r, train, state.game.readings)
        if counted not in choices:
            problems.append(f"{tr.train}: counted stops {counted} not allowed on {r.describe()}")
            continue
        for j, s in enumerate(tr.stops):
            c = r.centres[order[j]]
            if s.revenue != c.value:
                problems.append(
                    f"{tr.train}: stop {s.hex}/{s.node} says {s.revenue}, pays {c.value}"
                )
            if s.kind != c.kind:
                problems.append(f"{tr.train}: stop {s.hex}/{s.node} kind {s.kind} is {c.kind}")
        earned = choice_revenue(r, counted, train, active)
        if earned != tr.revenue:
            problems.append(
                f"{tr.train}: claims {tr.revenue}, its stops earn {earned} ({r.describe()})"
            )
        best = route_revenue(r, train, active, state.game.readings)
        if best[0] != tr.revenue:
            problems.append(f"{tr.train}: earns {tr.revenue} on a route worth {best[0]} to it")
        for other in used:
            if model.conflict_set(other) & model.conflict_set(r):
                problems.append(f"{tr.train}: shares track with another train's route")
        used.append(r)
    if total != result.net_revenue:
        problems.append(f"routes add up to {total}, net_revenue says {result.net_revenue}")
    return problems


# ---------------------------------------------------------------------------------------------
# Printing a map for a bug report


def describe_state(state, company, trains, bonuses=()) -> str:
    game = state.game
    lines = [
        f"game {game.id} ({game.orientation.value}), phase {state.phase} {state.phase_colours}"
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
        lines.append(f"  {game.train(t).description}")
    for b in active_bonuses(game, bonuses):
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
):
    """Write ``<folder>/games/<id>.toml`` (+ a tiles folder) and load it.

    ``hexes``: hex name -> (colour, code); ``trains``/``bonuses``/``phases``: dicts of the
    game-file keys (games/README.md). ``extra_tiles``: lines of a ``test.tiles`` file, added
    to the catalogue after ``tile_sets``.
    """
    import shutil
    from pathlib import Path

    from rusty_train_py.game import load_game_file
    from rusty_train_py.paths import tiles_dir

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
        out += [f"{k} = {_toml_value(v)}" for k, v in rules.items()]
        out.append("")
    for name, (colour, code) in hexes.items():
        out += ["[[hexes]]", f"hexes = [{_toml_value(name)}]", f"colour = {_toml_value(colour)}",
                f"code = {_toml_value(code)}", ""]
    out.append("[manifest]")
    for t, n in (manifest or {}).items():
        out.append(f"{_toml_value(t)} = {_toml_value(n)}")
    out.append("")
    for c in companies:
        out += ["[[companies]]", f"abbrev = {_toml_value(c)}",
                f"name = {_toml_value(c + ' railway')}", "tokens = 40", ""]
    for section, items in (("trains", trains), ("phases", phases), ("bonuses", bonuses)):
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
