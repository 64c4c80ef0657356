"""The planner on every game of ``games/``: from a company's home token on the start map to
the third-nearest city, a plan that is legal lay by lay (each one the advisor offers then,
in a slot of the game's ``[[tile_lays]]``) and reaches it; and the tile-lay data itself."""

from __future__ import annotations

import dataclasses

import pytest

from rusty_train_py.advisor import company_reach, legal_lays
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import available_games, game_from_data, load_game
from rusty_train_py.grid.tile_lays import NOT_IF_UPGRADED, TileLaySlot
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.planner.search import plan_track


def _start(game_id: str, on_tiles: bool = False) -> tuple[MapState, str, list[str]]:
    """The first company with a home (``on_tiles``: a home hex taking tiles), its home token
    placed, and up to six city hexes past the two nearest it."""
    game = load_game(game_id)
    state = MapState(game)
    company = next(
        (
            c
            for c in game.operating_companies
            if c.home and (not on_tiles or game.hexes[c.home].accepts_tiles)
        ),
        game.operating_companies[0],
    )
    # no home (1817's family: chosen at par): the first city taking tiles that track can
    # leave in the first phase (not a printed yellow city without track: 18DE's Köln)
    home = company.home or next(
        h
        for h in game.hex_order
        if game.hexes[h].tile.token_spaces
        and game.hexes[h].accepts_tiles
        and (game.hexes[h].tile.colour == "white" or game.hexes[h].tile.edges_at(0))
    )
    tile, _ = state.tile_at(home)
    space = 0
    if company.home_city is not None:
        space = next(sp.index for sp in tile.token_spaces if sp.city == company.home_city)
    state.apply(state.place_token_edit(home, space, company.abbrev))
    x, y = game.hexes[home].coord
    cities = sorted(
        (
            h
            for h in game.hex_order
            if h != home and game.hexes[h].accepts_tiles and game.hexes[h].tile.cities
        ),
        key=lambda h: (abs(game.hexes[h].coord[0] - x) + abs(game.hexes[h].coord[1] - y), h),
    )
    # (on_tiles: 18Neb has two cities taking tiles at the start, its towns grow into cities)
    return state, company.abbrev, cities[2:8] or (cities[:6] if on_tiles else [])


@pytest.mark.parametrize("game_id", available_games())
def test_a_plan_on_every_game(game_id):
    """A plan to the nearest city hex (past the two next to home) that track of the phase's
    colours can reach; those it cannot are refused with the reason."""
    state, company, candidates = _start(game_id)
    if not candidates:  # 18Neb's CBQ, homed in the red South Chicago: Denver's DRG instead
        state, company, candidates = _start(game_id, on_tiles=True)
    refused = []
    for target in candidates:
        plan = plan_track(state, company, [target])
        if plan.found and plan.lays:
            break
        assert plan.reason, (game_id, target)
        refused.append((target, plan.reason))
    assert plan.found and plan.complete and plan.lays, (game_id, refused)
    slots = state.game.lay_rules.slots_for(state.game.company(company).kind)
    per_round: dict[int, int] = {}
    s = state.copy()
    for lay in plan.lays:
        offered = {(x.hex, x.tile, x.rotation) for x in legal_lays(s, company)}
        assert (lay.hex, lay.tile, lay.rotation) in offered, (game_id, lay)
        per_round[lay.round] = per_round.get(lay.round, 0) + 1
        s.apply(lay.edit(s))
    assert max(per_round.values()) <= len(slots)
    assert sorted(per_round) == list(range(1, plan.rounds + 1))
    assert target in {h for h, _ in company_reach(s, company).centres}


def test_tile_lays_of_the_games():
    lays = {g: load_game(g).lay_rules for g in ("1830", "1846", "1867", "1882", "18LosAngeles")}
    assert lays["1830"].slots == (TileLaySlot(),)
    assert lays["1846"].min_cost == 20 and len(lays["1846"].slots) == 2
    second = lays["1867"].slots[1]
    assert (second.lay, second.upgrade, second.cost, second.reuse_hex) == (
        True,
        NOT_IF_UPGRADED,
        20,
        False,
    )
    assert not lays["1882"].slots[1].allows(upgrade=True, upgraded_before=False)
    assert lays["1882"].slots[1].allows(upgrade=False, upgraded_before=False)
    assert not lays["1882"].slots[1].allows(upgrade=False, upgraded_before=True)
    assert len(lays["18LosAngeles"].slots_for("major")) == 2
    assert len(lays["18LosAngeles"].slots_for("minor")) == 1
    assert load_game("1849").lay_rules.terrain_every_lay


def _data(**extra):
    import tomllib

    from rusty_train_py.base.paths import games_dir

    data = tomllib.loads((games_dir() / "1889.toml").read_text())
    data.pop("tile_lays", None)
    data.update(extra)
    return data


def test_bad_tile_lays_name_the_entry():
    with pytest.raises(GameDataError, match=r"x.toml: tile_lays\[0\]: unknown key 'upgrades'"):
        game_from_data(_data(tile_lays=[{"upgrades": True}]), "x.toml")
    with pytest.raises(GameDataError, match=r"tile_lays\[0\].lay: should be true, false or"):
        game_from_data(_data(tile_lays=[{"lay": "sometimes"}]), "x.toml")
    with pytest.raises(GameDataError, match="lay_costs.min_cost: should be a whole number"):
        game_from_data(_data(lay_costs={"min_cost": -5}), "x.toml")


def test_minimum_cost_and_terrain_every_lay_in_the_plan_cost():
    # 1846: a plain yellow lay costs $20 (the game's minimum); the oracle and the planner
    # share the rule through Game.lay_rules, so check one lay by hand.
    state, company, candidates = _start("1846")
    target = candidates[0]
    plan = plan_track(state, company, [target])
    assert all(x.cost >= 20 for x in plan.lays)
    free = dataclasses.replace(
        state.game, lay_rules=dataclasses.replace(state.game.lay_rules, min_cost=0)
    )
    s = MapState(free, state.phase)
    s._hexes = dict(state._hexes)
    cheaper = plan_track(s, company, [target])
    assert cheaper.cost == plan.cost - 20 * sum(1 for x in plan.lays if x.cost == 20)
