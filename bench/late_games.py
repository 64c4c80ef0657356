"""Benchmark: one late-game case per game in ``games/``.

For every game found in ``games/`` (no list by hand), the case is its late position
(``bench/positions/late_<game>.json``, grown by bench/positions.py), a strong company on it
(``strong_company``: the most tokens on the map, then the most hexes its track reaches), the
game's late trains (``late_trains``: the longest distinct trains, as many as the last phase
lets a major hold, at most three) and the game's bonuses: the always-on ones and every option
(``options``: a bonus placed on a hex goes on the first of its hexes the company reaches; one
placed on several, 18FL's hotels, on the first three).
Each case runs in a fresh process (bench/case_runner.py: its own peak memory) with a time limit; printed per case:
the trains and options, paths kept, net revenue, proven or not (and why not), CPU seconds of
the search (user + system, the position already loaded), and the process's peak resident
memory; ``-v`` also prints the routes.

    .venv/bin/python bench/late_games.py [--time-limit S] [--only TEXT] [--mem-gb G] [-v]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from case_runner import Outcome, Search, run_search  # noqa: E402
from positions import late_path, track_reach  # noqa: E402

from rusty_train_py.files.loader import open_game  # noqa: E402
from rusty_train_py.gamedata.game import Game, TrainType  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import available_games  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402

UNLIMITED = 99  # the length of a train with no distance limit (D)


@dataclass(frozen=True)
class Case:
    game: str
    path: Path
    company: str
    trains: tuple[str, ...]
    bonuses: tuple[str, ...]  # options named as for find_routes (``id`` or ``id:HEX``)

    @property
    def label(self) -> str:
        return f"{self.game} {self.company} {','.join(self.trains)}"


def train_length(t: TrainType) -> tuple[int, int]:
    """How far and how richly a train runs, for picking the late trains: (counted stops or
    edges times its multiplier, places it may visit)."""
    if t.kind.rides:  # runs no route of its own (a Pullman)
        return 0, 0
    p = t.params_dict
    mult = max(t.multiplier, int(p.get("city_multiplier", 1)))
    if t.rule == "pay_best":
        return int(p["pay"]) * mult, int(p["visit"])
    reach = p.get("edges", p.get("stops"))
    n = UNLIMITED if reach is None else int(reach)
    return min(UNLIMITED, n * mult), n


def train_limit(game: Game, kind: str) -> int:
    """Trains a company of ``kind`` may hold in the game's last phase (2 when unstated)."""
    limit = game.phases[-1].train_limit
    if isinstance(limit, dict):
        limit = limit.get(kind)
    return int(limit) if limit else 2


def late_trains(game: Game, kind: str = "major") -> tuple[str, ...]:
    """The longest distinct trains of the game, as many as a company of ``kind`` may hold in
    the last phase (at most three)."""
    n = min(3, train_limit(game, kind))
    order = sorted(game.trains, key=lambda t: (train_length(t), t.name), reverse=True)
    return tuple(t.name for t in order[:n])


def longest_three(game: Game) -> tuple[str, ...]:
    """Three of the longest trains, a train repeated as far as its count allows (beyond a
    company's train limit: the heavy case)."""
    order = sorted(game.trains, key=lambda t: (train_length(t), t.name), reverse=True)
    out: list[str] = []
    for t in order:
        n = 3 if t.count is None else min(3, t.count)
        out.extend([t.name] * n)
    return tuple(out[:3])


def strong_company(state: MapState) -> str:
    """The operating company with the most tokens on the map, then the widest reach."""
    game = state.game
    best = None
    for c in game.operating_companies:
        tokens = state.tokens_placed(c.abbrev)
        if not tokens:
            continue
        key = (tokens, len(track_reach(state, c.abbrev)[0]))
        if best is None or key > best[0]:
            best = (key, c.abbrev)
    if best is None:
        raise ValueError(f"{game.id}: no company has a token on the map")
    return best[1]


def options(state: MapState, company: str) -> tuple[str, ...]:
    """Every option bonus of the game; one placed on a hex goes on the first of its hexes
    the company reaches (else the first of them)."""
    reached = set(track_reach(state, company)[0])
    out = []
    for b in state.game.bonuses:
        if b.always:
            continue
        if b.placed:
            hexes = list(b.params_dict["hexes"])
            where = next((h for h in hexes if h in reached), hexes[0])
            if b.kind.placed_many:  # 18FL's hotels: on the first three of its hexes reached
                where = "+".join([h for h in hexes if h in reached][:3] or hexes[:1])
            out.append(f"{b.id}:{where}")
        else:
            out.append(b.id)
    return tuple(out)


def game_cases(game_id: str, path: Path | None = None) -> list[Case]:
    """The benchmark cases of a game ([] when its late position is missing): its late
    trains within the train limit, then three of its longest trains."""
    path = path or late_path(game_id)
    if not path.exists():
        return []
    state = open_game(path).state
    company = strong_company(state)
    kind = state.game.company(company).kind
    opts = options(state, company)
    out = [Case(game_id, path, company, late_trains(state.game, kind), opts)]
    heavy = longest_three(state.game)
    if heavy != out[0].trains:
        out.append(Case(game_id, path, company, heavy, opts))
    return out


def cases() -> list[Case]:
    return [c for g in available_games() for c in game_cases(g)]


def run_case(case: Case, time_limit: float, mem_gb: float) -> Outcome | str | None:
    """The case's search in a fresh process (case_runner.py)."""
    search = Search(case.path, case.company, case.trains, case.bonuses)
    return run_search(search, time_limit, mem_gb)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per case (wall)")
    ap.add_argument("--only", default="", help="run the cases whose line contains this text")
    ap.add_argument("--mem-gb", type=float, default=6.0, help="address-space cap per case")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the routes")
    args = ap.parse_args(argv[1:])
    print(
        f"{'game':13} {'company':7} {'trains':10} {'paths':>8} {'revenue':>7}"
        f" {'proven':>10} {'CPU s':>7} {'wall s':>7} {'peak MB':>7}  options"
    )
    failed = 0
    for case in cases():
        if args.only and args.only not in f"{case.label} {' '.join(case.bonuses)}":
            continue
        out = run_case(case, args.time_limit, args.mem_gb)
        head = f"{case.game:13} {case.company:7} {','.join(case.trains):10}"
        opts = " ".join(case.bonuses) or "-"
        if out is None:
            print(f"{head} out of memory (cap {args.mem_gb} GB)  {opts}", flush=True)
            failed += 1
            continue
        if isinstance(out, str):
            print(f"{head} FAILED: {out}  {opts}", flush=True)
            failed += 1
            continue
        print(
            f"{head} {out.paths:8d} {out.revenue:7d} {out.proven:>10} {out.cpu:7.2f}"
            f" {out.wall:7.2f} {out.peak_mb:7.0f}  {opts}",
            flush=True,
        )
        if args.verbose:
            for r in out.routes:
                print(f"    {r}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
