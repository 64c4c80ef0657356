"""Known answers on 18JP-T's real map (imported by tools/import_game; games/hand/18JPT.toml).

18JP-T follows the engine's common route rules but for its destinations (tobymao/18xx
g_18_jpt ``revenue_for``): a corporation's ``hex_bonus`` hexes pay each counted stop of its
routes there twice (``stop.route_revenue`` again); other corporations are paid the stop
once. The figures are worked out by hand from the printed hexes of games/18JPT.toml (flat
layout, letters are columns: edge 0 down, 1 lower left, 2 upper left, 3 up, 4 upper right,
5 lower right): Hachioji A87, red, 30 yellow, 40 brown, 60 grey, track to edge 5 only;
B88 below it to the right, a yellow city of 20 on track to edges 2 (A87) and 4 (C87, blank:
no tile, so no track). Yamato A95, red, 20 yellow, 30 brown, 50 grey, track to edges 3
and 5; Nagatsuda A93 above it, a grey city of 20 on track to edges 0 (A95), 4 and 5 (B92
and B94, blank).
"""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_18jpt_hachioji_pays_keio_double():
    """Keio's (KC) destination is Hachioji A87. Phase 2, KC's token in B88: a 2-train
    B88 - A87 = 20 + 2 x 30 = 80 (the log's KC 2-train at action 131 of 18JPT_game_end_bank,
    "B88-A87 + Bonus from A87"). Odakyu (OER) in the same city, whose destination is
    Odawara A91: 20 + 30 = 50. Phase 5 (brown A87 40): KC 20 + 80 = 100, OER 60. Phase D
    (grey 60): KC's D-train 20 + 120 = 140 (nothing else is reachable), OER's 80."""
    for phase, kc, oer in (("2", 80, 50), ("5", 100, 60)):
        check(position("18JPT", phase, tokens=[("B88", 0, "KC")]), "KC", ["2"], kc)
        check(position("18JPT", phase, tokens=[("B88", 0, "OER")]), "OER", ["2"], oer)
    check(position("18JPT", "D", tokens=[("B88", 0, "KC")]), "KC", ["D"], 140)
    check(position("18JPT", "D", tokens=[("B88", 0, "OER")]), "OER", ["D"], 80)


def test_18jpt_yamato_pays_sagami_double():
    """Sagami's (SAR) destination is Yamato A95. SAR's token in Nagatsuda A93: a 2-train
    A93 - A95 = 20 + 2 x 20 = 60 in phase 2, 20 + 2 x 50 = 120 in phase D; Tokyu (TC),
    whose bonus is no hex_bonus, in the same city: 40 and 70."""
    check(position("18JPT", "2", tokens=[("A93", 0, "SAR")]), "SAR", ["2"], 60)
    check(position("18JPT", "D", tokens=[("A93", 0, "SAR")]), "SAR", ["2"], 120)
    check(position("18JPT", "2", tokens=[("A93", 0, "TC")]), "TC", ["2"], 40)
    check(position("18JPT", "D", tokens=[("A93", 0, "TC")]), "TC", ["2"], 70)


def test_18jpt_late_position_pays_what_the_players_earned():
    """Log 18JPT_game_end_bank, action 822 (bench/positions/late_18JPT.json, phase D): OER
    ran its D through 22 stops from its destination Odawara A91 (grey 60, paid twice: 120)
    to Shiroi L80, for 890; the finder's proven optimum is the same 890."""
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18JPT.json").state
    res = find_routes(state, "OER", ["D"])
    assert res.optimal
    assert res.net_revenue == 890, "\n".join(r.describe() for r in res.routes)
    assert res.routes[0].describe().startswith("D: $890: Odawara 120 (incl. +60 dest_oer)")
