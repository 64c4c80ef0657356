"""Known answers on 18Neb's real map (imported by tools/import_game; games/hand/18Neb.toml).

18Neb's trains (g_18_neb): 2+2, 3+3 and 4+4 count that many cities or off-boards plus that
many towns; 5/7 and 6/8 visit up to 7 (8) stops, towns included, and pay the best 5 (6);
4D passes towns unpaid and pays its best 4 cities twice. A route from a W off-board (A5,
A7, B2) to an E one (L4, L6, L12) earns its largest stop's worth once more (the train's
multiplier included), and never visits both Chicagos L4 and L6.

The figures are worked out by hand from the printed hexes of games/18Neb.toml (flat layout,
letters are columns: edge 0 down, 1 lower left, 2 upper left, 3 up, 4 upper right, 5 lower
right; a column's hexes are two numbers apart) and tiles/common.tiles: 58 (town 10), 4 (town
10, track 0-3), 58 (town 10, track 0-2), 9 (track 0-3), 7 (track 0-1); the red hexes pay yellow / green / brown: L6 20/40/60, L12 30/50/60, A7
30/40/50, L4 30/50/60. Omaha K7 is printed yellow: a city of 30 on track to edge 1 (Lincoln
J8), and a town of 10 on the track from edge 1 to edge 4 (South Chicago L6), so a train from
the city leaves by Lincoln only. Denver C9 is printed yellow (city 30, track to edge 5) and
reaches the grey junction E9 through D10.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.realcheck import check_position, positions
from rusty_train_py.route.search import find_routes

FIXTURE = (
    Path(__file__).resolve().parent
    / "data"
    / "18xx_fixtures"
    / "18Neb"
    / "18Neb_game_end_bank.json.gz"
)

# Omaha K7 to Kansas City L12 as in the fixture's first runs: Lincoln J8 (58 turned 4: town,
# track 4-0), J10 (9: track 0-3), Beatrice J12 (58 turned 3: track 3-5), the grey K13 (2-3),
# K11 (7 turned 5: track 5-0) into L12's edge 2
OMAHA_LINE = [("J8", "58", 4), ("J10", "9", 0), ("J12", "58", 3), ("K11", "7", 5)]


def test_18neb_omaha_to_kansas_city_by_train():
    """UP's token in Omaha K7. Phase 2, a 2+2 (2 cities, 2 towns): K7 - J8 - J12 - L12 =
    30 + 10 + 10 + 30 = 80; a second 2+2 has no track left (Omaha's city has one edge): 80.
    Phase 3 (L12 green 50), a 3+3: 30 + 10 + 10 + 50 = 100. Phase 5 (L12 brown 60), a 5/7
    visits the four and pays them all: 110. Phase 4D, a 4D: the towns passed unpaid, the
    cities twice: (30 + 60) x 2 = 180. No W off-board: no east-west bonus."""
    for phase, trains, revenue in (
        ("2", ["2+2"], 80),
        ("2", ["2+2", "2+2"], 80),
        ("3", ["3+3"], 100),
        ("5", ["5/7"], 110),
        ("4D", ["4D"], 180),
    ):
        s = position("18Neb", phase, tiles=OMAHA_LINE, tokens=[("K7", 0, "UP")])
        check(s, "UP", trains, revenue)


def test_18neb_denver_through_the_grey_junction():
    """DRG's token in Denver C9. Sutherland E7: 4 unturned (town 10, track 0-3), down to the
    junction E9; Sidney C7: 4 turned 2 (track 2-5), down-right to D8 and the junction. A
    route takes one branch of E9: C9 - D10 - E9 - E7 or - D8 - C7, 30 + 10 = 40 either way;
    a second 2+2 has no track out of Denver (one edge): 40."""
    tiles = [("E7", "4", 0), ("C7", "4", 2)]
    s = position("18Neb", "2", tiles=tiles, tokens=[("C9", 0, "DRG")])
    check(s, "DRG", ["2+2"], 40)
    check(s, "DRG", ["2+2", "2+2"], 40)


def log_position(action_id: int):
    log = log_from_data(json.loads(gzip.decompress(FIXTURE.read_bytes())), "18Neb_game_end_bank")
    return next(p for p in positions(log) if p.action_id == action_id)


def test_18neb_east_west_runs_of_the_fixture():
    """Log 18Neb_game_end_bank, phase 4D (red hexes brown). Action 317, UP's 5/7 South
    Chicago L6 (60) - Omaha K7 (X13, 50) - Lincoln J8 (X12, 40) - Beatrice J12 (X02, 30) -
    McCook G11 (611, 40) - Denver C9 (X11, 50) - West A7 (50): seven stops, the best five
    60 + 50 + 50 + 50 + 40 = 250, and east to west the largest, 60, once more: 310.
    Action 334, CNW's 4D Chicago North L4 (60) - Grand Island H8 (51, 50) - H10 (town) -
    G11 (40) - E7 (town) - North Platte F6 (40) - Valentine G1 (50) - Sidney C7 (611, 40) -
    Scottsbluff B6 (town) - A7 (50): the best four cities 60 + 50 + 50 + 50 = 210, twice,
    420, and the largest stop for the 4D (60 x 2) once more: 540. Both as the log, and the
    finder's proven optimum is the same."""
    for action_id, company, revenue in ((317, "UP", 310), (334, "CNW", 540)):
        pos = log_position(action_id)
        assert pos.company == company
        c = check_position(pos)
        assert (c.recorded, c.priced, c.best, c.proven) == (revenue, revenue, revenue, True)


def test_18neb_late_position_proven():
    """bench/positions/late_18Neb.json (phase 4D): CBQ's proven optimum with 4D and 6/8 is
    590, with three 4Ds 820 (the figures of bench/late_games.py)."""
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18Neb.json").state
    for trains, revenue in ((["4D", "6/8"], 590), (["4D", "4D", "4D"], 820)):
        res = find_routes(state, "CBQ", trains)
        assert res.optimal
        assert res.net_revenue == revenue, "\n".join(r.describe() for r in res.routes)
