"""Known answers on 1850Jr's real map (imported by tools/import_game; games/hand/1850Jr.toml).

1850Jr follows the engine's common route rules but for its ports (tobymao/18xx g_1850_jr
``revenue_for``): a route visiting a port (A5, E9, C1, H0, I1, I3: off-boards of group
``port`` paying 0) must hold 2 other stops, and earns half its revenue again, rounded down
to 10 (``(revenue / 2).floor(-1)``); the ``port_share`` bonus. The figures are worked out by
hand from the printed hexes of games/1850Jr.toml (flat layout, letters are columns: edge 0
down, 1 lower left, 2 upper left, 3 up, 4 upper right, 5 lower right): the port Napoli H0
has track to edge 0, down to Messina H2 (a blank city; here tile 57, yellow 20, rotation 0:
edges 0 and 3, H0 above and H4 below). H4 takes tile 8 at rotation 1 (edges 1 and 3: H2
above, Catania G5 at its lower left); Catania G5 is a yellow city of 30 on track to edges 4
(H4) and 0 (G7). G7 takes tile 7 at rotation 3 (edges 3 and 4: G5 above, H6 at its upper
right); H6 is grey track 0-1 (G7, and Siracusa H8 below), and Siracusa H8 a grey city of 30
on track to edges 3 (H6) and 1. The company's token is in Catania.
"""

from __future__ import annotations

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

TILES = [("H2", "57", 0), ("H4", "8", 1), ("G7", "7", 3)]


@pytest.mark.parametrize(
    ("trains", "revenue"),
    [
        # G5 - H8: 30 + 30; the port needs 3 stops, which a 2-train cannot hold
        (["2"], 60),
        # H2 - G5 - H8 = 80 beats the port route H0 - H2 - G5 (50 and 25 down to 20 = 70)
        (["3"], 80),
        # H0 - H2 - G5 - H8: 20 + 30 + 30 = 80, and 40 for the port = 120
        (["4"], 120),
        (["D"], 120),
        # one track each: the 4 H0 - H2 - G5 = 70 (half of 50 rounded down to 20) and the 3
        # G5 - H8 = 60: 130, more than the 4's whole line (120) alone
        (["3", "4"], 130),
    ],
)
def test_1850jr_port_pays_half_again_rounded_down(trains, revenue):
    state = position("1850Jr", tiles=TILES, tokens=[("G5", 0, "RCS")])
    check(state, "RCS", trains, revenue)
    exact = find_routes(state, "RCS", trains, max_paths=0)  # the exact model states it too
    assert (exact.stats.get("method"), exact.net_revenue, exact.optimal) == (
        "exact",
        revenue,
        True,
    )


def test_1850jr_port_route_is_described_with_its_bonus():
    state = position("1850Jr", tiles=TILES, tokens=[("G5", 0, "RCS")])
    res = find_routes(state, "RCS", ["4"])
    assert [r.describe() for r in res.routes] == [
        "4: $120: Siracusa 30, Catania 30, Messina 20, Napoli 0 +40 ports"
    ]


def test_1850jr_late_position_proven():
    """bench/positions/late_1850Jr.json (grown by bench/positions.py, phase D): SFA's D runs
    Catania 60, Caltagirone 10, Caltanissetta 40, Palermo 80, San Stefano 10, Messina 40 to
    the port Napoli (0): 240, and half again (120) = 360; its 6 runs Girgenti 30,
    Caltanissetta 40, Catania 60 = 130. 490 in all, the finder's proven optimum."""
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1850Jr.json").state
    res = find_routes(state, "SFA", ["D", "6"])
    assert (res.net_revenue, res.optimal) == (490, True)
    assert [r.describe() for r in res.routes] == [
        "D: $360: Catania 60, Caltagirone 10, Caltanissetta 40, Palermo 80, San Stefano 10,"
        " Messina 40, Napoli 0 +120 ports",
        "6: $130: Girgenti 30, Caltanissetta 40, Catania 60",
    ]
