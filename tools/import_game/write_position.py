"""Write a position dumped from an 18xx.games log (dump_position.rb) as a saved game of ours,
e.g. ``bench/positions/late_<id>.json``, and print the run the players made there (entity,
trains, revenue) to check the finder against.

    python tools/import_game/write_position.py POSITION.json --game 18Texas -o OUT.json

A token's space is its slot counted over the tile's cities in their order (README "Saved
games"); a token in a city's extra slot (slot ``extra``) goes there in ours too. The engine and our files share tile names, codes and rotations, so tiles carry over
as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rusty_train_py.files.loader import save_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState


def state_from_position(pos: dict, game_id: str) -> MapState:
    game = load_game(game_id)
    state = MapState(game, pos["phase"])
    for t in pos["tiles"]:
        state.apply(
            state.place_tile_edit(t["hex"], t["tile"], t["rotation"], check_available=False)
        )
    # A token past the city's spaces (1894's split brown cities take a second token, a
    # "cheater") shares the full city: the runner's takes the city's last space, another
    # company's is left out (the city is full and blocks others either way).
    for tok in pos["tokens"]:
        company = game.company(tok["company"]).abbrev
        if tok["slot"] == "extra":  # beside the city's spaces (1870's destination tokens)
            state.apply(state.place_extra_token_edit(tok["hex"], tok["city"], company))
            continue
        tile, _ = state.tile_at(tok["hex"])
        cities = tile.cities
        slot = tok["slot"]
        if slot >= cities[tok["city"]].slots:
            if tok["company"] != pos["entity"]:
                continue
            slot = cities[tok["city"]].slots - 1
        space = sum(c.slots for c in cities[: tok["city"]]) + slot
        state.apply(state.place_token_edit(tok["hex"], space, company, check_available=False))
    return state


def _slots(state: MapState, hex_name: str, city: int) -> int:
    cities = state.tile_at(hex_name)[0].cities
    return cities[city].slots if 0 <= city < len(cities) else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("position", type=Path)
    ap.add_argument("--game", required=True)
    ap.add_argument("-o", "--output", type=Path, required=True)
    args = ap.parse_args(argv)
    pos = json.loads(args.position.read_text(encoding="utf-8"))
    state = state_from_position(pos, args.game)
    save_game(state, args.output)
    # older logs record a route's connections but not its revenue: the engine's whole run
    # then (dump_position.rb: ``run_revenue`` on the first route)
    revenues = [r.get("revenue") for r in pos["routes"]]
    run = pos["routes"][0].get("run_revenue") if pos["routes"] else None
    paid = run if None in revenues else sum(revenues)
    trains = ",".join(pos["trains"])
    print(f"log {pos['log']} action {pos['action']}: {pos['entity']} ran {trains} for {paid}")
    for r, rev in zip(pos["routes"], revenues, strict=True):
        where = r.get("hexes") or ["/".join(c) for c in r.get("connections", [])]
        print(f"  {r['train']}: {'-' if rev is None else rev} {' '.join(where)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
