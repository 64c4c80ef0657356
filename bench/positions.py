"""Late-game benchmark positions, built the way a real game reaches them.

``grow_position`` starts from a game's printed map and lets several companies operate in
turn: each places its home token (the game's home hex and city when it has one, else a
free city), then lays tiles (legal lays only: ``upgrade_candidates``, so colours follow the
phase, labels, the game's ``[[upgrade_rules]]`` and gauges hold, track and stations are
kept, tile counts hold) on hexes its track reaches or just beyond its track ends, and now
and then places a token (within its token count) in a city its track reaches. The phase
rises with the lays, ending at the game's last phase. Neutral companies run nothing; their
set-up tokens go where the game gives them a home. Everything is drawn from one seed, so a
position is the same on every run.

Reach (``reach``) follows the track as a train would (``track_reach``: from the company's
token cities along track pieces, gauges meeting, never through an off-board, a terminal
stop or a city full of other companies' blocking tokens). The first 1861/1867 positions
(``GROWN``) were grown with the older hex-level reach (``network``: hexes joined by track
edges), kept so that they are rebuilt byte for byte.

``late_position`` grows the late position of any game in ``games/`` (``LATE``: every game
found there, 85% of the tile-taking hexes tiled), saved as ``late_<game>.json``.

``filled_position`` takes a position and fills every empty hex (and upgrades every tile) to
the most connected tile that fits: the dense synthetic maps where paths explode.

    .venv/bin/python bench/positions.py            # (re)writes bench/positions/*.json
    .venv/bin/python bench/positions.py --late     # only the late_<game>.json files
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from rusty_train_py.files.loader import open_game
from rusty_train_py.files.savefile import save_game
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.grid.hexgrid import opposite_edge
from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.mapstate.state import MapEditError, MapState
from rusty_train_py.mapstate.upgrades import NEXT_COLOUR, upgrade_candidates

HERE = Path(__file__).resolve().parent
POSITIONS = HERE / "positions"

# Share of a game's tile-taking hexes holding a tile in its late position.
LATE_SHARE = 0.85


class GrowError(RuntimeError):
    """The game's data does not let a position be grown (the message says where)."""


def _edges(state: MapState, h: str) -> frozenset[int]:
    tile, rot = state.tile_at(h)
    return tile.edges_at(rot)


def _open_side(state: MapState, h: str, e: int) -> str | None:
    """The neighbour across edge ``e`` of ``h`` if the border there may be crossed."""
    n = state.game.neighbour(h, e)
    if n is None:
        return None
    border = state.game.border(h, e)
    if border is not None and border.type == "impassable":
        return None
    return n


def _edge_gauges(state: MapState, h: str) -> dict[int, set[str]]:
    """Edge -> the gauges of the track reaching it on the tile showing on ``h``."""
    tile, rot = state.tile_at(h)
    out: dict[int, set[str]] = {}
    for p in tile.paths:
        for e in p.edges:
            out.setdefault((e + rot) % 6, set()).add(p.track)
    return out


def _gauges_meet(a: set[str], b: set[str]) -> bool:
    """Whether track of gauges ``a`` joins track of gauges ``b`` across a hex side (1849:
    broad with broad, narrow with narrow, dual with either)."""
    return any(x == y or "dual" in (x, y) for x in a for y in b)


def _meets(state: MapState, h: str, e: int, n: str) -> bool:
    """Whether track leaving ``h`` at edge ``e`` goes on in ``n``."""
    ne = opposite_edge(e)
    if ne not in _edges(state, n):
        return False
    return _gauges_meet(_edge_gauges(state, h).get(e, set()), _edge_gauges(state, n)[ne])


def _joined(state: MapState, h: str, tile, rotation: int) -> int:
    """How many of the tile's track edges (turned ``rotation``) meet track across the side."""
    return sum(
        1
        for e in tile.edges_at(rotation)
        if (n := _open_side(state, h, e)) is not None and opposite_edge(e) in _edges(state, n)
    )


def _exits_nowhere(state: MapState, h: str, tile, rotation: int) -> tuple[int, int]:
    """Of the new track edges of the tile (turned ``rotation``) that the tile showing on
    ``h`` lacks: (how many run off the map, how many run into a hex that takes no tile and
    has no track meeting them: dead ends)."""
    game = state.game
    off = dead = 0
    for e in tile.edges_at(rotation) - _edges(state, h):
        n = game.neighbour(h, e)
        if n is None:
            off += 1
        elif not game.hexes[n].accepts_tiles and opposite_edge(e) not in _edges(state, n):
            dead += 1
    return off, dead


def network(state: MapState, company: str) -> list[str]:
    """Hexes joined to the company's token hexes by track on both sides of each crossing
    (hex level: the reach the ``GROWN`` positions were grown with), in map order."""
    seen = {h for h, _s, c in state.all_tokens() if c == company}
    todo = sorted(seen)
    while todo:
        h = todo.pop()
        for e in _edges(state, h):
            n = _open_side(state, h, e)
            if n is not None and n not in seen and opposite_edge(e) in _edges(state, n):
                seen.add(n)
                todo.append(n)
    order = state.game.hex_order
    return sorted(seen, key=order.index)


def _blocks(state: MapState, h: str, city: int, company: str) -> bool:
    """Whether the city node ``city`` of ``h`` stops the company's trains: every space
    filled, none by the company, one at least by a company whose tokens block."""
    game = state.game
    tile, _ = state.tile_at(h)
    spaces = [ts.index for ts in tile.token_spaces if ts.city == city]
    tokens = state.tokens_at(h)
    held = [tokens.get(s) for s in spaces]
    if not spaces or None in held or company in held:
        return False
    if game.readings.get("neutral_tokens_block", False):
        return True
    return not any(game.company(c).tokens_neutral for c in held if c is not None)


def track_reach(
    state: MapState, company: str
) -> tuple[list[str], list[tuple[str, int]], list[tuple[str, int]]]:
    """What the company's trains reach, following track from its token cities: (hexes in
    map order, the company's reachable cities as (hex, node index), open track ends as
    (white hex beyond the end, the edge of that hex the track points at)).

    Track goes on across a hex side where the neighbour's track meets it in a gauge that
    joins; within a hex along through-track or through a town, junction or city, but not
    through an off-board, a stop reached on a terminal path, or a blocking city. Reuse of
    track is not checked (a reach, not a route)."""
    game = state.game
    seen_hexes: set[str] = set()
    cities: set[tuple[str, int]] = set()
    ends: set[tuple[str, int]] = set()
    done: set[tuple[str, int]] = set()  # (hex, edge) left through
    entered: set[tuple[str, int]] = set()  # (hex, edge) come in at
    out: list[tuple[str, int]] = []

    def at_node(h: str, i: int) -> None:
        tile, rot = state.tile_at(h)
        node = tile.nodes[i]
        if node.kind is NodeKind.CITY:
            cities.add((h, i))
        out.extend((h, e) for e in tile.connectivity(rot).node_edges[i])

    for h, space, c in state.all_tokens():
        if c == company:
            seen_hexes.add(h)
            tile, _ = state.tile_at(h)
            at_node(h, tile.token_spaces[space].city)
    while out:
        h, e = out.pop()
        if (h, e) in done:
            continue
        done.add((h, e))
        n = _open_side(state, h, e)
        if n is None:
            continue
        ne = opposite_edge(e)
        if not _meets(state, h, e, n):
            if game.hexes[n].accepts_tiles and state.tile_at(n)[0].colour == "white":
                ends.add((n, ne))
            continue
        seen_hexes.add(n)
        if (n, ne) in entered:
            continue
        entered.add((n, ne))
        tile, rot = state.tile_at(n)
        conn = tile.connectivity(rot)
        for a, b in conn.edge_pairs:
            if ne in (a, b):
                out.append((n, b if a == ne else a))
        terminal_nodes = {
            end.node for p in tile.paths if p.terminal for end in (p.a, p.b) if end.node is not None
        }
        for i, edges in enumerate(conn.node_edges):
            if ne not in edges:
                continue
            node = tile.nodes[i]
            if node.kind is NodeKind.CITY:
                cities.add((n, i))
            if node.kind is NodeKind.OFFBOARD or i in terminal_nodes:
                continue
            if node.kind is NodeKind.CITY and _blocks(state, n, i, company):
                continue
            out.extend((n, x) for x in edges if x != ne)
    order = game.hex_order
    by_order = {h: k for k, h in enumerate(order)}
    return (
        sorted(seen_hexes, key=by_order.__getitem__),
        sorted(cities, key=lambda c: (by_order[c[0]], c[1])),
        sorted(ends, key=lambda c: (by_order[c[0]], c[1])),
    )


def _free_cities(state: MapState, h: str, company: str) -> list[int]:
    """Free token spaces of the cities on ``h`` holding no token of ``company``."""
    tile, _ = state.tile_at(h)
    tokens = state.tokens_at(h)
    out = []
    for city in tile.cities:
        spaces = [ts.index for ts in tile.token_spaces if ts.city == city.index]
        if company in (tokens.get(s) for s in spaces):
            continue
        free = [s for s in spaces if s not in tokens]
        if free:
            out.append(free[0])
    if any(c == company for c in tokens.values()):
        return []  # one token per company per hex
    return out


def _free_space(state: MapState, h: str, city: int, company: str) -> int | None:
    """The first free token space of city node ``city`` on ``h`` if the company may put a
    token there (none of its own on the hex yet), else None."""
    tokens = state.tokens_at(h)
    if company in tokens.values():
        return None
    tile, _ = state.tile_at(h)
    for ts in tile.token_spaces:
        if ts.city == city and ts.index not in tokens:
            return ts.index
    return None


def _home_spots(state: MapState, company: str) -> list[tuple[str, int]]:
    """Free token spaces (hex, space) for the company's home token: in its home city when
    the game names one, else in any city of its home hex (the company chooses, as
    18xx.games lets it); [] when the company has no fixed home."""
    comp = state.game.company(company)
    if comp.home is None:
        return []
    tile, _ = state.tile_at(comp.home)
    cities = tile.cities
    if not cities:  # a home town that becomes a city later (18Neb's locals, in brown): none yet
        return []
    if comp.home_city is not None:
        if comp.home_city >= len(cities):
            raise GrowError(
                f"{state.game.id}: {company}'s home city {comp.home_city} is not on {comp.home}"
                f" ({len(cities)} cities)"
            )
        cities = (cities[comp.home_city],)
    spots = []
    for city in cities:
        s = _free_space(state, comp.home, city.index, company)
        if s is not None:
            spots.append((comp.home, s))
    if not spots:
        raise GrowError(f"{state.game.id}: no free token space for {company}'s home {comp.home}")
    return spots


def _lays(state: MapState, company: str, reach: str) -> list[tuple[str, int | None]]:
    """(hex, required edge or None) where the company may lay a tile: upgrades of tiles it
    reaches (and of its token hexes), new tiles just beyond its track ends."""
    game = state.game
    colours = state.phase_colours
    out: list[tuple[str, int | None]] = []
    if reach == "hex":
        net = network(state, company)
        ends = []
        for h in net:
            for e in sorted(_edges(state, h)):
                n = _open_side(state, h, e)
                if n is None or not game.hexes[n].accepts_tiles:
                    continue
                if state.tile_at(n)[0].colour == "white":
                    ends.append((n, opposite_edge(e)))
    else:
        net, _cities, ends = track_reach(state, company)
    for h in net:
        mh = game.hexes[h]
        if not mh.accepts_tiles:
            continue
        tile, _ = state.tile_at(h)
        want = NEXT_COLOUR.get(tile.colour)
        fresh = not _edges(state, h) if reach == "hex" else state.laid_tile(h) is None
        if want in colours and (tile.colour != "white" or fresh):
            out.append((h, None))
    out.extend(ends)
    return out


def _token_spots(state: MapState, company: str, reach: str) -> list[tuple[str, int]]:
    if reach == "hex":
        return [(h, s) for h in network(state, company) for s in _free_cities(state, h, company)]
    _net, cities, _ends = track_reach(state, company)
    spots = []
    for h, city in cities:
        s = _free_space(state, h, city, company)
        if s is not None:
            spots.append((h, s))
    return spots


def grow_position(
    game_id: str,
    seed: int,
    companies: int = 8,
    hexes: int | None = None,
    token_every: int = 4,
    reach: str = "track",
    upgrades_after: float = 0.5,
) -> MapState:
    """A late position of ``game_id`` grown by legal lays until ``hexes`` hexes hold tiles
    (default: ``LATE_SHARE`` of the tile-taking hexes) or no company can lay any more, then
    ``upgrades_after`` times ``hexes`` more lays that only upgrade (late games upgrade).

    Up to ``companies`` majors operate (all of them in games with fewer), each placing a
    token every ``token_every`` of its turns while it has tokens left. ``reach``:
    ``"track"`` (``track_reach``) or ``"hex"`` (``network``, the ``GROWN`` positions, which
    had no upgrade-only lays and gave tokens only to the companies whose turn fell on every
    ``token_every``-th step)."""
    rng = random.Random(f"{game_id}:{seed}")
    game = load_game(game_id)
    phases = [p.name for p in game.phases]
    state = MapState(game, phases[0])
    if hexes is None:
        hexes = round(LATE_SHARE * sum(1 for mh in game.hexes.values() if mh.accepts_tiles))
    majors = [c.abbrev for c in game.companies if c.kind == "major"]
    operating = rng.sample(majors, min(companies, len(majors)))
    # Set-up: neutral tokens where the game gives them a home, then the fixed homes.
    for comp in game.companies:
        if comp.is_neutral and comp.home is not None:
            h, s = _home_spots(state, comp.abbrev)[0]
            state.apply(state.place_token_edit(h, s, comp.abbrev))
    for company in list(operating):
        spots = _home_spots(state, company)
        if spots:
            h, s = spots[0] if len(spots) == 1 else rng.choice(spots)
            state.apply(state.place_token_edit(h, s, company))
        elif game.company(company).home is not None:  # its home is no city yet: it waits
            operating.remove(company)
    homes = {c.home for c in game.companies if c.home is not None}
    for company in list(operating):  # the others: home tokens in distinct free cities
        if game.company(company).home is not None:
            continue
        spots = [(h, s) for h in game.hex_order for s in _free_cities(state, h, company)]
        spots = [(h, s) for h, s in spots if not state.tokens_at(h)]
        if reach != "hex":
            spots = [(h, s) for h, s in spots if h not in homes] or spots
        if not spots:  # more corporations than cities (1817): this one does not start
            operating.remove(company)
            continue
        h, s = rng.choice(spots)
        state.apply(state.place_token_edit(h, s, company))
    target_lays = int(hexes * 1.6)  # about a third of the lays are upgrades
    upgrades_left = 0 if reach == "hex" else round(upgrades_after * hexes)
    step = 0
    stuck = 0
    while stuck < 200:
        grown = len(state.laid_tiles()) >= hexes
        if grown and upgrades_left <= 0:
            break
        # The phase follows the lays: the last phase for the last quarter.
        phase_i = min(len(phases) - 1, step * len(phases) // max(1, int(target_lays * 0.75)))
        if state.phase != phases[phase_i]:
            state.apply(state.phase_edit(phases[phase_i]))
        company = operating[step % len(operating)]
        turn = step // len(operating)
        step += 1
        if reach == "hex":
            token_now = step % token_every == 0
        else:
            token_now = turn % token_every == token_every - 1
        if token_now and state.tokens_left(company) > 0:
            spots = _token_spots(state, company, reach)
            if spots:
                h, s = rng.choice(spots)
                state.apply(state.place_token_edit(h, s, company))
        # Weighted order: real games push track towards cities and towns and upgrade the
        # stations; plain track is upgraded only now and then.
        options = []
        for h, edge in _lays(state, company, reach):
            if grown and edge is not None:
                continue
            centres = bool(state.game.hexes[h].tile.revenue_centres)
            if edge is None:
                w = 6.0 if centres else 1.5
            else:
                w = 4.0 if centres else 2.0
            options.append((rng.random() ** (1.0 / w), h, edge))
        options.sort(reverse=True)
        laid = False
        for _key, h, edge in options[:12]:
            cands = []
            weights = []
            for c in upgrade_candidates(state, h):
                tile = game.tile(c.tile)
                for r in c.rotations:
                    if edge is None or edge in tile.edges_at(r):
                        # Players lay track that joins track: favour rotations meeting it.
                        w = 1 + 10 * _joined(state, h, tile, r) ** 2
                        if reach != "hex":
                            # New track may not run off the map (18xx.games); players
                            # seldom lay it into a dead end.
                            off, dead = _exits_nowhere(state, h, tile, r)
                            if off:
                                continue
                            w /= 1 + 4 * dead
                        cands.append((c.tile, r))
                        weights.append(w)
            if not cands:
                continue
            name, rot = rng.choices(cands, weights)[0]
            try:
                state.apply(state.place_tile_edit(h, name, rot))
            except MapEditError:
                continue
            laid = True
            break
        stuck = 0 if laid else stuck + 1
        if laid and grown:
            upgrades_left -= 1
    state.apply(state.phase_edit(phases[-1]))
    return state


def late_position(game_id: str, seed: int = 1) -> MapState:
    """The late position of ``game_id`` the benchmark and tests use."""
    return grow_position(game_id, seed, token_every=3, upgrades_after=1.0)


def filled_position(base: MapState) -> MapState:
    """``base`` with every tile-taking hex holding the most connected tile that fits (tile
    counts ignored) and keeps its revenue centres (cities stay cities, towns towns, plain
    hexes plain)."""
    state = base.copy()
    game = state.game
    for h in game.hex_order:
        if not game.hexes[h].accepts_tiles:
            continue
        old, _ = state.tile_at(h)
        kinds = sorted(n.kind.value for n in old.revenue_centres)
        best = None
        for tile in game.placeable_tiles:
            rotations = []
            for r in range(6):
                try:  # any number of copies: a synthetic map
                    state.place_tile_edit(h, tile.name, r, check_available=False)
                except MapEditError:
                    continue
                rotations.append(r)
            if not rotations:
                continue
            if sorted(n.kind.value for n in tile.revenue_centres) != kinds:
                continue
            if tile.label != old.label and old.label is not None:
                continue
            for r in rotations:
                joined = _joined(state, h, tile, r)
                key = (len(tile.track_edges), len(tile.paths), joined)
                if best is None or key > best[0]:
                    best = (key, tile.name, r)
        if best is None:
            continue
        try:
            state.apply(state.place_tile_edit(h, best[1], best[2], check_available=False))
        except MapEditError:
            pass
    return state


# The positions the benchmark uses: name -> how to build it. The grown 1861/1867 positions
# keep the hex-level reach they were first grown with.
GROWN = [("1861", 1, 95), ("1861", 2, 95), ("1861", 3, 95), ("1867", 1, 60), ("1867", 2, 60)]


def late_path(game_id: str, out: Path = POSITIONS) -> Path:
    return out / f"late_{game_id}.json"


def build_late(out: Path = POSITIONS, games: list[str] | None = None) -> list[Path]:
    """Grow and save the late position of every game in ``games/`` (or of ``games``)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in games if games is not None else available_games():
        path = late_path(game_id, out)
        save_game(late_position(game_id), path)
        written.append(path)
    return written


def build_all(out: Path = POSITIONS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id, seed, hexes in GROWN:
        state = grow_position(game_id, seed, hexes=hexes, reach="hex")
        path = out / f"grown_{game_id}_{seed}.json"
        save_game(state, path)
        written.append(path)
    bundled = open_game(HERE.parent / "resources" / "1867_bc.json").state
    for name, base in (
        ("filled_1867", bundled),
        ("filled_1861", open_game(out / "grown_1861_1.json").state),
    ):
        path = out / f"{name}.json"
        save_game(filled_position(base), path)
        written.append(path)
    return written + build_late(out)


def describe(state: MapState) -> str:
    """One line: phase, tiles by colour, tokens by company (and what is left)."""
    game = state.game
    colours: dict[str, int] = {}
    for name, _rot in state.laid_tiles().values():
        c = game.tile(name).colour
        colours[c] = colours.get(c, 0) + 1
    tokens: dict[str, int] = {}
    for _h, _s, c in state.all_tokens():
        tokens[c] = tokens.get(c, 0) + 1
    tiles = ", ".join(f"{n} {c}" for c, n in colours.items())
    toks = " ".join(f"{c} {n}/{game.company(c).tokens}" for c, n in sorted(tokens.items()))
    takes = sum(1 for mh in game.hexes.values() if mh.accepts_tiles)
    return (
        f"phase {state.phase}, {len(state.laid_tiles())} of {takes} tile-taking hexes"
        f" ({tiles}); tokens {toks}"
    )


def main(argv: list[str]) -> int:
    late_only = "--late" in argv[1:]
    games = [a for a in argv[1:] if not a.startswith("--")] or None
    paths = build_late(games=games) if late_only or games else build_all()
    for path in paths:
        print(f"{path.name}: {describe(open_game(path).state)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
