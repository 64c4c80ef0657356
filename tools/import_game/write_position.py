"""Write a position dumped from an 18xx.games log (dump_position.rb) as a saved game of ours,
e.g. ``bench/positions/late_<id>.json``, and print the run the players made there (entity,
trains, revenue) to check the finder against.

    python tools/import_game/write_position.py POSITION.json --game 18Texas -o OUT.json

A token's space is its slot counted over the tile's cities in their order (README "Saved
games"). The engine and our files share tile names, codes and rotations, so tiles carry over
as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rusty_train_py.files.loader import save_game
from rusty_train_py.gamefile import load_game
from rusty_train_py.mapstate import MapState


def state_from_position(pos: dict, game_id: str) -> MapState:
    game = load_game(game_id)
    state = MapState(game, pos["phase"])
    for t in pos["tiles"]:
        state.apply(
            state.place_tile_edit(t["hex"], t["tile"], t["rotation"], check_available=False)
        )
    # A token beside the city's spaces (1870's destination tokens) has no place in our saves.
    # It never blocks (City#blocks? reads the spaces only), so another company's such token
    # changes nothing for the company that ran: it is left out; the runner's is refused.
    # 1822's destination token in a full city gets a slot the engine adds (Tokener): the same.
    for t in pos["tokens"]:
        if t["slot"] != "extra" and t["slot"] >= _slots(state, t["hex"], t["city"]):
            t["slot"] = "extra"
    extra = [t for t in pos["tokens"] if t["slot"] == "extra"]
    own = [f"{t['hex']}" for t in extra if t["company"] == pos["entity"]]
    if own:
        raise SystemExit(f"{pos['entity']} has a token in an extra slot: {', '.join(own)}")
    for tok in pos["tokens"]:
        if tok["slot"] == "extra":
            continue
        tile, _ = state.tile_at(tok["hex"])
        cities = tile.cities
        space = sum(c.slots for c in cities[: tok["city"]]) + tok["slot"]
        company = game.company(tok["company"]).abbrev
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
    paid = sum(r["revenue"] for r in pos["routes"])
    trains = ",".join(pos["trains"])
    print(f"log {pos['log']} action {pos['action']}: {pos['entity']} ran {trains} for {paid}")
    for r in pos["routes"]:
        print(f"  {r['train']}: {r['revenue']} {'-'.join(r['hexes'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
