"""Known answers on the real maps of the ten later games.

None of these games' rulebooks prints a route example that can be set up exactly from its
text, so each test is a small position on the game's own map, built from printed hexes and a
few laid tiles, whose answer is worked out by hand in the comments from the rules as
games/README.md and the reference route notes state them (``../shared/reference/18xx_games``,
``route_notes``; sources there: each game's ``game.rb`` in tobymao/18xx). Every figure is
asserted against the brute-force oracle and against the finder (its routes checked by the
oracle).
"""

from __future__ import annotations

from helpers.hand_maps import check_revenue as check

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState


def position(game_id, phase=None, tiles=(), tokens=()):
    state = MapState(load_game(game_id), phase)
    for h, tile, rot in tiles:
        state.apply(state.place_tile_edit(h, tile, rot, check_available=False))
    for h, space, company in tokens:
        state.apply(state.place_token_edit(h, space, company))
    return state


def test_1882_fishing_is_a_free_stop():
    """Fishing B6 (yellow 20) has visit_cost 0. CPR's token in Spiritwood D6 (tile 57, 20)
    on track B6 - D6 - F6 (tile 8) - Saskatoon G7 (tile 57, 20): a 2-train runs all three,
    20 + 20 + 20 = 60, since the off-board uses none of its two stops (route note: "a free
    extra stop at the end of a route"); without it the best 2-stop route would pay 40."""
    s = position(
        "1882",
        tiles=[("D6", "57", 0), ("F6", "8", 3), ("G7", "57", 2)],
        tokens=[("D6", 0, "CPR")],
    )
    check(s, "CPR", ["2"], 60)
    check(s, "CPR", ["3"], 60)
    check(s, "CPR", ["2", "2"], 80)  # B6-D6 40 and D6-G7 40, one on each side of D6


def test_1846_steamboat_per_port_and_mail():
    """Wheeling G19 (yellow city 10, two port icons) runs to Cumberland H20 (group E, yellow
    20). PRR's 2-train: 30. Steamboat on G19: +20 per port icon = +40 (route note: "Holland B8
    and Wheeling G19 carry two port icons, so +40"). Mail Contract: +10 per stop visited on
    one route, 2 stops = +20. A 3/5 visits the same two and pays both (one holds the token)."""
    s = position("1846", tokens=[("G19", 0, "PRR")])
    check(s, "PRR", ["2"], 30)
    check(s, "PRR", ["2"], 70, ["steamboat:G19"])
    check(s, "PRR", ["2"], 90, ["steamboat:G19", "mail"])
    check(s, "PRR", ["3/5"], 70, ["steamboat:G19"])
    check(s, "PRR", ["2"], 30, ["steamboat:B8"])  # Holland is not on this route


def test_18al_4d_doubles_cities_and_coal():
    """Chattanooga B7 (off-board, yellow 30) - Stevenson C6 (town, tile 58, 10) - Gadsden E6
    (city 20, L&N token, coal icon) - Rome D7 (grey town 10). 18AL trains count up to N
    cities/off-boards plus every town, towns free: a 2-train pays 30 + 10 + 20 + 10 = 70; the
    4D doubles cities and off-boards only: (30 + 20) x 2 + 10 + 10 = 120 (18xx.games wiki,
    18AL: "4D trains are like a 4 train but count cities/off-board revenue double", rules
    4.2.3.1). The Warrior Coal Field token on Gadsden adds 10."""
    s = position("18AL", tiles=[("C6", "58", 4)], tokens=[("E6", 0, "L&N")])
    check(s, "L&N", ["2"], 70)
    check(s, "L&N", ["4D"], 120)
    check(s, "L&N", ["2"], 80, ["coal:E6"])
    check(s, "L&N", ["4D"], 130, ["coal:E6"])


def test_18ms_new_orleans_city_and_town_doubled():
    """New Orleans I1: a red city (yellow 50, IC token) with a town (10) joined only to it;
    H2 straight (tile 9) to Hattiesburg G3 (town, tile 4, 10). 2+ (plus_towns): 50 + 10 + 10
    = 70; so does a 5 (towns count as stops). 2D counts two stops, 50 + 10, every stop doubled
    (train multiplier 2): 120."""
    s = position("18MS", tiles=[("H2", "9", 0), ("G3", "4", 0)], tokens=[("I1", 0, "IC")])
    check(s, "IC", ["2+"], 70)
    check(s, "IC", ["5"], 70)
    check(s, "IC", ["2D"], 120)


def test_18ms_new_orleans_bonus_is_once_per_route():
    """The same position: the New Orleans bonus adds 10 to a route counting I1, once:
    2D 120 + 10 = 130, 2+ 70 + 10 = 80."""
    s = position("18MS", tiles=[("H2", "9", 0), ("G3", "4", 0)], tokens=[("I1", 0, "IC")])
    check(s, "IC", ["2D"], 130, ["new_orleans"])
    check(s, "IC", ["2+"], 80, ["new_orleans"])


def test_1849_port_route_h_trains_and_phase_revenue():
    """Port N8 (20, dual track) - Terranova M9 (grey, pays by phase name: 20 in 4H, 30 in
    8H) - Vittoria N10 (town, tile 58, 10) - Ragusa M11 (yellow city 20, ATA token). The
    route crosses 3 hex edges (dual, broad, broad): a 4H runs it, 20 + 20 + 10 + 20 = 70.
    The port needs two other stops: without N10's track only M9 - N8 would reach the port,
    which is no route. R6H: broad edges cost 2, 1 + 2 + 2 = 5 of its 6. In phase 8H M9 pays
    30; CNM on N8 adds 20."""
    tiles = [("N10", "58", 2)]
    s = position("1849", tiles=tiles, tokens=[("M11", 0, "ATA")])
    check(s, "ATA", ["4H"], 70)
    check(s, "ATA", ["R6H"], 70)
    check(s, "ATA", ["4H"], 90, ["cnm:N8"])
    s = position("1849", phase="8H", tiles=tiles, tokens=[("M11", 0, "ATA")])
    check(s, "ATA", ["4H"], 80)
    s = position("1849", tokens=[("M9", 0, "ATA")])
    check(s, "ATA", ["4H"], 0)  # M9 - N8 alone: a port route needs two other stops


def paris_lille_gand(phase, tokens):
    # Paris J2 (port, green 20) - Lille I3 (city 30) - I5 (tile 7) - Gand H4 (tile 57, 20)
    return position("1836Jr30", phase=phase, tiles=[("I5", "7", 1), ("H4", "57", 2)], tokens=tokens)


def test_1836jr30_port_pays_per_own_city():
    """Paris J2 is a port (green 20): a route counting it needs 3 counted stops, and it pays
    once per counted city holding the owner's token. NBDS in Lille I3 only: a 3-train pays
    20 + 30 + 20 = 70; with NBDS tokens in Lille and Gand H4: 2 x 20 + 30 + 20 = 90. A
    2-train cannot take the port (2 stops): Lille - Gand, 50."""
    s = paris_lille_gand("3", [("I3", 0, "NBDS")])
    check(s, "NBDS", ["3"], 70)
    check(s, "NBDS", ["2"], 50)
    s = paris_lille_gand("3", [("I3", 0, "NBDS"), ("H4", 0, "NBDS")])
    check(s, "NBDS", ["3"], 90)


def test_1836jr30_port_is_worth_nothing_in_phase_2():
    """In phase 2 (yellow tiles only) the green_20|brown_30 ports pay nothing: the 3-train
    Paris - Lille - Gand pays 0 + 30 + 20 = 50."""
    s = paris_lille_gand("2", [("I3", 0, "NBDS")])
    check(s, "NBDS", ["3"], 50)


def test_18tn_civil_war_drops_the_lowest_route():
    """Cincinnati A16 (off-board 50) - B15 (tile 8) - Louisville B13 (grey city 30, L&N token)
    - C12 (printed straight) - Bowling Green D11 (town 10). Two 2-trains: A16-B13 80 and
    B13-D11 40 = 120. Civil War takes the lowest route off when every train runs: 80 (the
    same as one train running alone). One 3-train alone: A16-B13-D11 90, but with Civil War
    a single train earns nothing. A 3 and a 2: 90 + 30? No: both leave Louisville by its only
    two sides, so with Civil War the best is the 3 alone on A16-B13-D11, 90 (not all trains
    run, nothing dropped), against 80 + 40 - 40."""
    s = position("18TN", tiles=[("B15", "8", 1)], tokens=[("B13", 0, "L&N")])
    check(s, "L&N", ["2", "2"], 120)
    check(s, "L&N", ["2", "2"], 80, ["civil_war"])
    check(s, "L&N", ["3"], 90)
    check(s, "L&N", ["3"], 0, ["civil_war"])
    check(s, "L&N", ["3", "2"], 90, ["civil_war"])


def test_18ga_neutral_token_never_blocks():
    """Rome C3 (tile 57, 20, CoG token) - D2 (tile 9) - Montgomery E1 (grey city 30, its one
    space holding the neutral set-up token) - F2 (tile 9) - Columbus G3 (tile 57, 20). A
    neutral token never blocks (route note: "routes pass, nobody tokens"): a 3-train runs all
    three, 20 + 30 + 20 = 70. With a major's token in E1 instead the route must end there:
    20 + 30 = 50."""
    tiles = [("C3", "57", 0), ("D2", "9", 0), ("F2", "9", 2), ("G3", "57", 2)]
    s = position("18GA", tiles=tiles, tokens=[("C3", 0, "CoG"), ("E1", 0, "N")])
    check(s, "CoG", ["3"], 70)
    s = position("18GA", tiles=tiles, tokens=[("C3", 0, "CoG"), ("E1", 0, "ACL")])
    check(s, "CoG", ["3"], 50)


def test_18chesapeake_hidden_city_shares_the_pittsburgh_group():
    """Pittsburgh is the hidden red city A3 (yellow 40, PLE's home) and the off-board B2
    (yellow 40), one group: a route counts only one of them. B4 takes tile 2 (two towns) with
    the town on edges 2-3 joining A3 to B2. PLE's route A3 - B4 town (10) - B2 would count
    both parts of Pittsburgh, so the best is A3 - town: 40 + 10 = 50."""
    s = position("18Chesapeake", tiles=[("B4", "2", 1)], tokens=[("A3", 0, "PLE")])
    check(s, "PLE", ["D"], 50)
    check(s, "PLE", ["2", "2"], 50)


def test_18los_angeles_track_classes_steamship_and_mail():
    """Santa Monica C2 (grey city 10, two port icons, LA token) joins Oxnard B1 (W, yellow
    40) and LAX D1 (W, yellow 0), one group W (both on one route is not allowed). Two
    2-trains (passenger): C2-B1 50 + C2-D1 10 = 60. A 2 and a 3/5 (freight) may share track:
    both on C2-B1, 50 + 50 = 100. Steamship on C2 (+20 per port icon, +40) pays every route
    counting C2: 60 + 80 = 140. Mail (+10 per stop visited, one route): 60 + 20 = 80."""
    s = position("18LosAngeles", tokens=[("C2", 0, "LA")])
    check(s, "LA", ["2", "2"], 60)
    check(s, "LA", ["2", "3/5"], 100)
    check(s, "LA", ["2", "2"], 140, ["steamship:C2"])
    check(s, "LA", ["2", "2"], 80, ["mail"])
