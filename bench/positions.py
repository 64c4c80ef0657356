"""Late-game benchmark positions, built the way a real game reaches them.

``grow_position`` starts from a game's printed map and lets several companies operate in
turn: each places a home token, then lays tiles (legal lays only: ``upgrade_candidates``,
so colours follow the phase, track and stations are kept, tile counts hold) on hexes its
track network reaches or just beyond its track ends, and now and then places a token in a
city its network reaches. The phase rises with the lays, ending at the game's last phase.
Everything is drawn from one seed, so a position is the same on every run.

``filled_position`` takes a position and fills every empty hex (and upgrades every tile) to
the most connected tile that fits: the dense synthetic maps where paths explode.

    .venv/bin/python bench/positions.py      # (re)writes bench/positions/*.json
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from rusty_train_py.files.savefile import load_game_state, save_game
from rusty_train_py.game import load_game
from rusty_train_py.hexgrid import opposite_edge
from rusty_train_py.mapstate import MapEditError, MapState
from rusty_train_py.upgrades import NEXT_COLOUR, upgrade_candidates

HERE = Path(__file__).resolve().parent
POSITIONS = HERE / "positions"


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


def _joined(state: MapState, h: str, tile, rotation: int) -> int:
    """How many of the tile's track edges (turned ``rotation``) meet track across the side."""
    return sum(
        1
        for e in tile.edges_at(rotation)
        if (n := _open_side(state, h, e)) is not None and opposite_edge(e) in _edges(state, n)
    )


def network(state: MapState, company: str) -> list[str]:
    """Hexes joined to the company's token hexes by track on both sides of each crossing
    (hex level: close enough to a company's reach for growing a map), in map order."""
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


def _lays(state: MapState, company: str) -> list[tuple[str, int | None]]:
    """(hex, required edge or None) where the company may lay a tile: upgrades of tiles in its
    network (and of its token hexes), new tiles just beyond its track ends."""
    game = state.game
    colours = state.phase_colours
    net = network(state, company)
    out: list[tuple[str, int | None]] = []
    for h in net:
        mh = game.hexes[h]
        if not mh.accepts_tiles:
            continue
        tile, _ = state.tile_at(h)
        want = NEXT_COLOUR.get(tile.colour)
        if want in colours and (tile.colour != "white" or not _edges(state, h)):
            out.append((h, None))
    for h in net:
        for e in sorted(_edges(state, h)):
            n = _open_side(state, h, e)
            if n is None or not game.hexes[n].accepts_tiles:
                continue
            if state.tile_at(n)[0].colour == "white":
                out.append((n, opposite_edge(e)))
    return out


def grow_position(
    game_id: str, seed: int, companies: int = 8, hexes: int = 55, token_every: int = 4
) -> MapState:
    """A late position of ``game_id`` grown by legal lays until ``hexes`` hexes hold tiles."""
    rng = random.Random(f"{game_id}:{seed}")
    game = load_game(game_id)
    phases = [p.name for p in game.phases]
    state = MapState(game, phases[0])
    majors = [c.abbrev for c in game.companies if c.kind == "major"]
    operating = rng.sample(majors, companies)
    for company in operating:  # home tokens in distinct cities
        spots = [(h, s) for h in game.hex_order for s in _free_cities(state, h, company)]
        spots = [(h, s) for h, s in spots if not state.tokens_at(h)]
        h, s = rng.choice(spots)
        state.apply(state.place_token_edit(h, s, company))
    target_lays = int(hexes * 1.6)  # about a third of the lays are upgrades
    step = 0
    stuck = 0
    while len(state.laid_tiles()) < hexes and stuck < 200:
        # The phase follows the lays: the last phase for the last quarter.
        phase_i = min(len(phases) - 1, step * len(phases) // max(1, int(target_lays * 0.75)))
        if state.phase != phases[phase_i]:
            state.apply(state.phase_edit(phases[phase_i]))
        company = operating[step % len(operating)]
        step += 1
        if step % token_every == 0 and state.tokens_left(company) > 0:
            spots = [
                (h, s) for h in network(state, company) for s in _free_cities(state, h, company)
            ]
            if spots:
                h, s = rng.choice(spots)
                state.apply(state.place_token_edit(h, s, company))
        # Weighted order: real games push track towards cities and towns and upgrade the
        # stations; plain track is upgraded only now and then.
        options = []
        for h, edge in _lays(state, company):
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
                        cands.append((c.tile, r))
                        weights.append(1 + 10 * _joined(state, h, tile, r) ** 2)
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
    state.apply(state.phase_edit(phases[-1]))
    return state


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


# The positions the benchmark uses: name -> how to build it.
GROWN = [("1861", 1, 95), ("1861", 2, 95), ("1861", 3, 95), ("1867", 1, 60), ("1867", 2, 60)]


def build_all(out: Path = POSITIONS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id, seed, hexes in GROWN:
        state = grow_position(game_id, seed, hexes=hexes)
        path = out / f"grown_{game_id}_{seed}.json"
        save_game(state, path)
        written.append(path)
    bundled = load_game_state(HERE.parent / "resources" / "1867_bc.json")
    for name, base in (
        ("filled_1867", bundled),
        ("filled_1861", load_game_state(out / "grown_1861_1.json")),
    ):
        path = out / f"{name}.json"
        save_game(filled_position(base), path)
        written.append(path)
    return written


def main() -> int:
    for path in build_all():
        state = load_game_state(path)
        tokens: dict[str, int] = {}
        for _h, _s, c in state.all_tokens():
            tokens[c] = tokens.get(c, 0) + 1
        print(
            f"{path.name}: phase {state.phase}, {len(state.laid_tiles())} tiles,"
            f" tokens {dict(sorted(tokens.items()))}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
