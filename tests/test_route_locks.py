"""Locked routes: the finder with some trains' routes fixed, against the brute-force oracle
with the same routes fixed, on random maps; how a lock is resolved and refused.

The random maps are those of test_route_oracle.py, with once-per-run bonuses (a mail
contract, a connection paid to one route) and the drop-lowest adjustment added to the test
games, so that a locked route can take a once-per-run bonus or be the route left unpaid.
"""

from __future__ import annotations

import random

import pytest
from helpers.oracle_checks import finder_problems, report
from helpers.oracle_maps import GRIDS, TEST_TILES, TRAINS, grid_bonuses, grid_hexes, map_for_seed
from route_oracle import (
    Model,
    check_finder_result,
    describe_state,
    game_rules,
    oracle_solve,
    route_revenue,
    set_tokens,
    write_game,
)

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.hexgrid import Orientation
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.graph import build_graph
from rusty_train_py.route.locks import RouteLock, lock_of_route, parse_lock, path_problem
from rusty_train_py.route.paths import Budget, Measures, enumerate_paths
from rusty_train_py.route.search import RouteSearchError, find_routes

ROUTE_LIMIT = 400


def run_bonuses(places: dict) -> list[dict]:
    """Bonuses paid to one route of a run, and the drop-lowest adjustment (all options)."""
    return [
        {"id": "mail", "name": "mail contract", "kind": "per_stop", "amount": 10, "always": False},
        {
            "id": "once",
            "name": "off-board with a pick, once",
            "kind": "connection",
            "at": [places["single"]],
            "with_any": places["picks"][:3],
            "amount": 40,
            "once_per_run": True,
            "always": False,
        },
        {"id": "drop", "name": "civil war", "kind": "drop_lowest", "always": False},
    ]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lockgames")
    out = {}
    for key, orientation, big in GRIDS:
        hexes, places = grid_hexes(orientation, big)
        bonuses = grid_bonuses(places, with_always=orientation is Orientation.POINTY)
        out[key] = write_game(
            folder / key,
            hexes,
            TRAINS,
            layout=orientation.value,
            bonuses=bonuses + run_bonuses(places),
            tile_sets=("common", "1867"),
            extra_tiles=TEST_TILES,
            game_id=f"l{key}",
        )
    out["1830"] = load_game("1830")
    out["1867"] = load_game("1867")
    return out


def small_map(seed, games):
    return map_for_seed(seed, games, ROUTE_LIMIT, need_routes=True)


def choose_locks(rng, state, company, trains, bonuses, routes):
    """Up to two of the trains locked on random routes they can run, sharing no track:
    [(train, OracleRoute, RouteLock)], the lock giving the track only where other routes for
    the train join the same stops."""
    rules = game_rules(state.game)
    model = Model(state, company, rules)
    active = rules.active_bonuses(bonuses)
    n = rng.randint(1, min(2, len(trains)))
    out = []
    used: dict[str, frozenset] = {}
    for name in rng.sample(trains, n):
        spec = rules.train(name)
        runnable = [
            r
            for r in routes
            if route_revenue(r, spec, active, state.game, rules.readings) is not None
            and not model.conflict_set(r) & used.get(spec.track_class, frozenset())
        ]
        if not runnable:
            continue
        r = rng.choice(runnable)
        hexes = tuple(c.hex for c in r.centres)
        same_stops = [
            x
            for x in routes
            if tuple(c.hex for c in x.centres) in (hexes, hexes[::-1])
            and route_revenue(x, spec, active, state.game, rules.readings) is not None
        ]
        if rng.random() < 0.5:
            hexes, pieces = hexes[::-1], r.pieces[::-1]
        else:
            pieces = r.pieces
        track = None if len(same_stops) == 1 and rng.random() < 0.7 else pieces
        out.append((name, r, RouteLock(name, hexes, track)))
        cls = spec.track_class
        used[cls] = used.get(cls, frozenset()) | model.conflict_set(r)
    return out


def lock_disagreement(state, company, trains, bonuses, locks):
    free = list(trains)
    for name, _r, _lock in locks:
        free.remove(name)
    sol = oracle_solve(state, company, free, bonuses, locked=[(n, r) for n, r, _ in locks])
    try:
        res = find_routes(
            state, company, list(trains), list(bonuses), locked=[x for *_, x in locks]
        )
    except Exception as exc:  # noqa: BLE001 - a crash is a disagreement too
        return f"finder raised {type(exc).__name__}: {exc}\noracle:\n{sol.describe()}"
    problems = finder_problems(state, company, trains, bonuses, res, sol.total)
    locked = [r for r in res.routes if r.locked]
    if len(locked) != len(locks):
        problems.append(f"{len(locked)} locked routes in the result, {len(locks)} locks")
    for name, r, lock in locks:
        match = [
            x
            for x in locked
            if x.train == name
            and frozenset(x.track) == frozenset(r.pieces)
            and tuple(s.hex for s in x.stops) == lock.stops
        ]
        if len(match) != 1:
            problems.append(f"lock {lock.describe()}: not in the result as given")
    # The exact model (exact.py) with the same locks, where it states the trains' rules.
    model = find_routes(
        state, company, list(trains), list(bonuses), locked=[x for *_, x in locks], max_paths=1
    )
    if model.stats.get("method") == "exact":
        if model.net_revenue != sol.total or not model.optimal:
            problems.append(f"exact model: {model.net_revenue} (optimal {model.optimal})")
        problems += [
            "exact model: " + p for p in check_finder_result(state, company, trains, bonuses, model)
        ]
        if sorted(r.track for r in model.routes if r.locked) != sorted(
            r.track for r in res.routes if r.locked
        ):
            problems.append("exact model: the locked routes differ")
    return report(problems, res, sol)


N_BATCHES = 8
PER_BATCH = 30  # 240 maps


@pytest.mark.parametrize("batch", range(N_BATCHES))
def test_locked_search_matches_oracle(games, batch):
    failures = []
    for seed in range(batch * PER_BATCH, (batch + 1) * PER_BATCH):
        state, company, trains, bonuses, routes = small_map(50_000 + seed, games)
        rng = random.Random(seed)
        locks = choose_locks(rng, state, company, trains, bonuses, routes)
        if not locks:
            continue
        why = lock_disagreement(state, company, trains, bonuses, locks)
        if why:
            failures.append((seed, state, company, trains, bonuses, locks, why))
    if failures:
        seed, state, company, trains, bonuses, locks, why = failures[0]
        summary = "\n".join(f"  seed {f[0]}: {f[6].splitlines()[0]}" for f in failures)
        pytest.fail(
            f"{len(failures)} of {PER_BATCH} maps disagree:\n{summary}\nseed {seed}:\n"
            f"{describe_state(state, company, trains, bonuses)}\n"
            f"locks {[x.describe() + ' ' + str(x.track) for *_, x in locks]}\n{why}"
        )


def test_the_random_locks_cover_the_cases(games):
    """The maps of the test above lock one and two trains, by stops alone and with track,
    and use the once-per-run bonuses and the drop-lowest adjustment."""
    seen = {
        "one": 0,
        "two": 0,
        "stops only": 0,
        "track": 0,
        "mail": 0,
        "once": 0,
        "drop": 0,
        "exact model": 0,
    }
    for seed in range(60):
        state, company, trains, bonuses, routes = small_map(50_000 + seed, games)
        locks = choose_locks(random.Random(seed), state, company, trains, bonuses, routes)
        if not locks:
            continue
        seen["one" if len(locks) == 1 else "two"] += 1
        for *_, lock in locks:
            seen["stops only" if lock.track is None else "track"] += 1
        for b in ("mail", "once", "drop"):
            seen[b] += b in bonuses
        model = find_routes(
            state, company, trains, bonuses, locked=[x for *_, x in locks], max_paths=1
        )
        seen["exact model"] += model.stats.get("method") == "exact"
    assert all(v >= 3 for v in seen.values()), seen


def test_every_enumerated_path_is_a_valid_lock(games):
    """The lock check (path_problem) accepts every path the enumeration finds, walked both
    ways, and the lock made from a found route resolves to that route."""
    checked = 0
    for seed in range(40):
        state, company, trains, bonuses, _routes = small_map(70_000 + seed, games)
        graph = build_graph(state, company)
        n = len(graph.centres)
        paths = enumerate_paths(
            graph, Measures([[1] * n], [[0] * len(graph.corridors)], [None]), Budget()
        )
        for i in range(len(paths)):
            p = paths.path(i)
            stops, corrs = p.stops, []
            cur = stops[0]
            for k, cid in enumerate(p.corridors):
                c = graph.corridors[cid]
                if k < p.reversed_corridors:  # walked backwards: its twin walks it forwards
                    cid = next(
                        x
                        for x, o in graph.adjacency[cur]
                        if o == c.a and graph.corridors[x].track == c.track[::-1]
                    )
                corrs.append(cid)
                cur = stops[k + 1]
            assert path_problem(graph, stops, corrs) is None, (seed, stops)
            checked += 1
    assert checked > 1000


# ---------------------------------------------------------------------------------------------
# Hand-made positions


def test_parse_lock():
    assert parse_lock("5:F16,E17, D16") == RouteLock("5", ("F16", "E17", "D16"))
    assert parse_lock(" 5+5E : A1,B2") == RouteLock("5+5E", ("A1", "B2"))
    for bad in ("5", "5:", ":A1,B2", "5F16,E17"):
        with pytest.raises(ValueError, match="write the train, a colon and its stops"):
            parse_lock(bad)


def test_locked_bundled_gw(bundled_state):
    """GW 5,8 on the bundled 1867 game: the 8 locked on its optimal route gives the same
    routes; the 5 locked on London-Sarnia's line leaves the 8 its best route around it."""
    best = find_routes(bundled_state, "GW", ["5", "8"])
    eight = next(r for r in best.routes if r.train == "8")
    res = find_routes(bundled_state, "GW", ["5", "8"], locked=[lock_of_route(eight)])
    assert res.net_revenue == 840
    assert [(r.train, r.revenue, r.locked) for r in res.routes] == [
        ("5", 330, False),
        ("8", 510, True),
    ]
    assert res.routes[1].track == eight.track
    assert res.notes == ()
    res = find_routes(bundled_state, "GW", ["5", "8"], locked=["5:F16,E15,D16,C17,B18"])
    assert [(r.train, r.revenue, r.locked) for r in res.routes] == [
        ("5", 230, True),
        ("8", 480, False),
    ]
    assert res.net_revenue == 710
    assert [s.hex for s in res.routes[0].stops] == ["F16", "E15", "D16", "C17", "B18"]
    assert res.notes == (
        "lock 5:F16,E15,D16,C17,B18: 8 track paths join these stops; took the best-earning"
        " for the 5 ($230), the first in path order among equals",
    )
    # every train locked: nothing to search
    res = find_routes(
        bundled_state, "GW", ["5", "8"], locked=["5:F16,E15,D16,C17,B18", "8:J12,L12"]
    )
    assert res.net_revenue == 390 and res.paths_found == 0 and res.optimal


@pytest.fixture(scope="module")
def bundled_state():
    from rusty_train_py.base.paths import resources_dir
    from rusty_train_py.files.loader import open_game

    return open_game(resources_dir() / "1867_bc.json").state


@pytest.mark.parametrize(
    "locks, message",
    [
        (["9:F16,E15"], "lock 9:F16,E15: 1867: unknown train '9'"),
        (["6:F16,E15"], r"lock 6:F16,E15: the 6 is not one of the trains \(5, 8\)"),
        (["5:F16,E15", "5:F16,G15"], r"more locks on the 5 than 5s among the trains \(1\)"),
        (["5:F16,Q99"], "lock 5:F16,Q99: 1867: there is no hex 'Q99' on the map"),
        (["5:F16"], "lock 5:F16: a route needs at least two stops"),
        (["5:F16,F14"], "lock 5:F16,F14: F14 has no revenue centre"),
        (["5:L12,M9"], "lock 5:L12,M9: no track joins L12 to M9 without passing another stop"),
        (["5:F16,G15"], "lock 5:F16,G15: not a route GW can run: it passes no station token"),
        (
            ["5:A19,B18,C17,D16,E15,F16,G15"],
            r"lock 5:A19,B18,C17,D16,E15,F16,G15: not a route GW can run: too long for a 5",
        ),
        (
            ["5:F16,E15,D16", "8:E15,D16"],
            r"lock 8:E15,D16: shares track with lock 5:F16,E15,D16 \(at ",
        ),
    ],
)
def test_invalid_locks_are_refused(bundled_state, locks, message):
    with pytest.raises(RouteSearchError, match=message):
        find_routes(bundled_state, "GW", ["5", "8"], locked=locks)


def two_ways(folder, a3_code: str):
    """The token city A1 (20) joined to A3 by two tracks: straight down (A1 edge 0), and
    round by the plain track of B2 (A1 edge 5, B2, into A3's edge 4)."""
    hexes = {
        "A1": ("grey", "city=revenue:20;path=a:0,b:_0;path=a:5,b:_0"),
        "B2": ("grey", "path=a:2,b:1"),
        "A3": ("grey", a3_code),
    }
    game = write_game(folder, hexes, [{"name": "2", "stops": 2}], companies=("A", "B"))
    state = MapState(game, "D")
    set_tokens(state, "A1", {0: "A"})
    return state


def test_lock_resolution_ties_take_the_first_path(tmp_path):
    """One city on A3 reached both ways: the same revenue, so the first track in path order
    (A1's straight path, declared first) is locked, and the other 2 runs round by B2."""
    state = two_ways(tmp_path, "city=revenue:40;path=a:3,b:_0;path=a:4,b:_0")
    res = find_routes(state, "A", ["2", "2"], locked=["2:A1,A3"])
    assert [(r.train, r.revenue, r.locked, r.track) for r in res.routes] == [
        ("2", 60, True, (("A1", 0), ("A3", 0))),
        ("2", 60, False, (("A1", 1), ("B2", 0), ("A3", 1))),
    ]
    assert res.net_revenue == 120
    assert res.notes == (
        "lock 2:A1,A3: 2 track paths join these stops; took the best-earning for the 2 ($60),"
        " the first in path order among equals",
    )
    # the stops given the other way round: the same track, walked from A3
    res = find_routes(state, "A", ["2"], locked=["2:A3,A1"])
    assert res.routes[0].track == (("A3", 0), ("A1", 0))
    # with the track given, that track
    lock = RouteLock("2", ("A1", "A3"), (("A1", 1), ("B2", 0), ("A3", 1)))
    res = find_routes(state, "A", ["2"], locked=[lock])
    assert res.routes[0].track == lock.track and res.notes == ()
    lock = RouteLock("2", ("A1", "A3"), (("A1", 1), ("A3", 1)))
    with pytest.raises(RouteSearchError, match="lock 2:A1,A3: no track of the one given joins"):
        find_routes(state, "A", ["2"], locked=[lock])


def test_lock_resolution_takes_the_best_earning_track(tmp_path):
    """Two cities on A3, 30 by the straight track and 40 round by B2: the lock takes the
    track to the 40."""
    state = two_ways(tmp_path, "city=revenue:30;city=revenue:40;path=a:3,b:_0;path=a:4,b:_1")
    res = find_routes(state, "A", ["2"], locked=["2:A1,A3"])
    assert [(r.revenue, r.track, r.stops[1].node) for r in res.routes] == [
        (60, (("A1", 1), ("B2", 0), ("A3", 1)), 1)
    ]
    assert "took the best-earning for the 2 ($60)" in res.notes[0]
