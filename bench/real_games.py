"""The real-game check: every fixture of every title we model, at every run_routes action.

Given a tobymao/18xx snapshot (a git directory, as ``fetch`` brings it, or a checkout), the
script reads ``public/fixtures/<title>/*.json`` for every title one of our games lists in
its ``[eighteen_xx] titles`` (no list by hand), replays each log, and at every run_routes
action (a) prices the players' recorded routes with our rules (must equal the revenue the
log records), (b) runs our finder with that company's trains (must be >= the players') and
(c) gives our finder's route set back to the 18xx.games engine (tools/engine_check/
check_routes.rb: Ruby and an extracted snapshot, development time only; else "not run"),
which must accept it at exactly our revenue. Positions run in parallel on every core
(multiprocessing). Printed: a table per game (logs, runs, (a) equal / differ / unrecorded /
not priced, (b) equal / above / below, (c) accepted at our revenue / at another / refused,
finder CPU median / p95 / max) and, with ``-v``, every difference.

A full run (no ``--only``) rewrites its section of bench/RESULTS.md; an ``--only`` run
replaces its games' rows of that table and says under it when they were measured.

    .venv/bin/python bench/real_games.py SNAPSHOT_DIR [--only 1867] [--time-limit 60] [-v]
        [--positions OUT.jsonl] [--engine-answers DIR]

``--engine-answers DIR`` writes (c)'s requests with the engine's answers, one
``<fixture dir>.jsonl`` per title directory (gzipped, they are tests/data/engine_routes/).

``--positions`` writes the replayed position before every run_routes action, one JSON line
each (``{"log", "action", "phase", "tiles", "tokens", "trains"}``, files/online/position.py),
to compare with the positions the 18xx.games engine reaches at the same actions.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from engine_check import ask_engine, merge_rows, not_runnable  # noqa: E402
from results import Report, machine_line, read_section, write_section  # noqa: E402

from rusty_train_py.files.errors import GameFileError  # noqa: E402
from rusty_train_py.files.online import log_from_data, replay_log  # noqa: E402
from rusty_train_py.files.online.realcheck import check_position, positions  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game  # noqa: E402


def titles() -> dict[str, str]:
    """18xx.games title -> our game id, from every game's ``[eighteen_xx] titles``."""
    out = {}
    for gid in available_games():
        for title in load_game(gid).eighteen_xx.titles:
            out[title] = gid
    return out


def fixtures(snapshot: Path) -> list[tuple[str, str, bytes]]:
    """(game id, fixture name, JSON bytes) of every fixture whose title we model."""
    known = titles()
    git = (snapshot / "HEAD").exists() and not (snapshot / "public").exists()
    if git:
        listing = subprocess.run(
            ["git", "-C", str(snapshot), "ls-tree", "-r", "--name-only", "HEAD",
             "public/fixtures/"],
            capture_output=True, text=True, check=True,
        ).stdout.splitlines()  # fmt: skip
    else:
        base = snapshot / "public" / "fixtures"
        listing = [str(p.relative_to(snapshot)) for p in sorted(base.glob("*/*.json"))]
    out = []
    for name in sorted(listing):
        if not name.endswith(".json"):
            continue
        if git:
            data = subprocess.run(
                ["git", "-C", str(snapshot), "show", f"HEAD:{name}"],
                capture_output=True, check=True,
            ).stdout  # fmt: skip
        else:
            data = (snapshot / name).read_bytes()
        try:
            title = json.loads(data).get("title")
        except (ValueError, AttributeError):
            continue
        if title in known:
            out.append((known[title], name, data))
    return out


_CACHE: dict[str, list] = {}


def _positions(name: str, data: bytes) -> list:
    if name not in _CACHE:
        _CACHE.clear()
        _CACHE[name] = positions(log_from_data(json.loads(data), name))
    return _CACHE[name]


def run_one(task: tuple[str, str, bytes, int, float]):
    gid, name, data, index, limit = task
    pos = _positions(name, data)[index]
    return gid, name, pos.trains, pos.entity, check_position(pos, limit)


def write_positions(logs, out: Path) -> None:
    """The position before every run_routes action of every log, one JSON line each."""
    from rusty_train_py.files.online.position import position

    with open(out, "w", encoding="utf-8") as fh:
        for _gid, name, data in logs:
            lines = []

            def keep(replay, action, name=name, lines=lines):
                lines.append({"log": name, **position(replay, action["id"])})

            try:
                replay_log(log_from_data(json.loads(data), name), on_run=keep)
            except GameFileError:
                continue
            for line in lines:
                fh.write(json.dumps(line, separators=(",", ":")) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("snapshot", type=Path, help="a tobymao/18xx snapshot (git dir or checkout)")
    ap.add_argument("--only", default="", help="only games whose id contains this text")
    ap.add_argument("--time-limit", type=float, default=60.0, help="finder limit per position")
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every difference")
    ap.add_argument("--positions", type=Path, help="write every run's position (JSON lines)")
    ap.add_argument("--engine-answers", type=Path, help="write (c)'s answers per fixture dir")
    args = ap.parse_args()
    rep = Report()
    logs = [f for f in fixtures(args.snapshot) if args.only in f[0]]
    tasks = []
    per_game: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    warnings: dict[str, list[str]] = defaultdict(list)
    t0 = time.process_time()
    for gid, name, data in logs:
        per_game[gid]["logs"] += 1
        try:
            log = log_from_data(json.loads(data), name)
            imported = replay_log(log)
            n = len(positions(log))
        except GameFileError as exc:
            per_game[gid]["failed"] += 1
            warnings[gid].append(f"{name}: {exc}")
            continue
        warnings[gid] += [f"{name}: {w}" for w in imported.warnings]
        tasks += [(gid, name, data, i, args.time_limit) for i in range(n)]
    replay_cpu = time.process_time() - t0
    if args.positions:
        write_positions(logs, args.positions)
    cpu: dict[str, list[float]] = defaultdict(list)
    diffs: dict[str, list[str]] = defaultdict(list)
    requests: list[dict] = []
    with mp.Pool(args.jobs or None) as pool:
        for gid, name, trains, entity, c in pool.imap(run_one, tasks, chunksize=4):
            g = per_game[gid]
            g["runs"] += 1
            cpu[gid].append(c.cpu)
            where = f"{name} action {c.action_id} {c.company} {','.join(trains)}"
            if c.priced is None:
                g["a_unpriced"] += 1
                diffs[gid].append(f"{where}: not priced: {c.problem}")
            elif c.recorded is None:
                g["a_unrecorded"] += 1
            elif c.recorded == c.priced:
                g["a_equal"] += 1
            else:
                g["a_differ"] += 1
                diffs[gid].append(f"{where}: log ${c.recorded}, our price ${c.priced}")
            if c.best is None or c.priced is None:
                g["b_unknown"] += 1
            elif c.best == c.priced:
                g["b_equal"] += 1
            elif c.best > c.priced:
                g["b_above"] += 1
            else:
                g["b_below"] += 1
                diffs[gid].append(f"{where}: our best ${c.best} < players' ${c.priced}")
            if not c.proven:
                g["unproven"] += 1
            if c.best is not None and (c.best_routes or c.best == 0):
                routes = list(c.best_routes)
                requests.append(
                    {"log": name, "action": c.action_id, "company": entity, "revenue": c.best,
                     "routes": routes, "game": gid, "where": where}
                )  # fmt: skip
            else:
                g["c_unasked"] += 1
                diffs[gid].append(f"{where}: (c) not asked: no route set of ours to give")
    engine = not_runnable(args.snapshot)
    if not engine:
        t1 = time.time()
        asked = [{k: v for k, v in r.items() if k not in ("game", "where")} for r in requests]
        answers = ask_engine(args.snapshot, asked, args.jobs or os.cpu_count() or 1)
        by_key = {(r["log"], r["action"]): r for r in requests}
        for a in answers:
            req = by_key[(a["log"], a["action"])]
            g = per_game[req["game"]]
            if a["verdict"] == "accepted" and a["revenue"] == req["revenue"]:
                g["c_ours"] += 1
                continue
            if a["verdict"] == "accepted":
                g["c_other"] += 1
            else:
                g["c_refused"] += 1
            diffs[req["game"]].append(
                f"{req['where']}: engine {a['verdict']}: ours ${req['revenue']}, engine's"
                f" {'$' + str(a['revenue']) if a['revenue'] is not None else '-'}"
                + (f": {a['error']}" if a.get("error") else "")
                + f" ({_text(req['routes'])})"
            )
        print(f"(c): {len(answers)} route sets asked of the engine, {time.time() - t1:.0f} s wall")
        if args.engine_answers:
            write_answers(args.engine_answers, requests, answers)
    rep(f"replay of {len(logs)} logs: {replay_cpu:.2f} s CPU (with the positions captured)")
    rep()
    rep(HEADER)
    rep("|---" * len(HEADER.strip("|").split("|")) + "|")
    rows = {}
    for gid in sorted(per_game):
        g, c = per_game[gid], sorted(cpu[gid]) or [0.0]
        p95 = c[min(len(c) - 1, int(0.95 * len(c)))]
        cc = [g["c_ours"], g["c_other"], g["c_refused"] + g["c_unasked"]]
        rows[gid] = (
            f"| {gid} | {g['logs']} | {g['runs']} | {g['a_equal']} | {g['a_differ']}"
            f" | {g['a_unrecorded']} | {g['a_unpriced']} | {g['b_equal']} | {g['b_above']}"
            f" | {g['b_below']} | "
            + (" | ".join(str(x) for x in cc) if not engine else "not run | not run | not run")
            + f" | {g['unproven']} | {statistics.median(c):.2f} | {p95:.2f} | {max(c):.2f} |"
        )
        rep(rows[gid])
    if engine:
        rep()
        rep(f"(c) not run: {engine}.")
    if args.verbose:
        for gid in sorted(per_game):
            for line in warnings[gid]:
                print(f"{gid}: warning: {line}")
            for line in diffs[gid]:
                print(f"{gid}: {line}")
    rep()
    rep.totals()
    if not args.only:
        rep.write(
            "real-games",
            "real_games.py",
            "Checked against real play",
            f"`bench/real_games.py {args.snapshot.name}`: every fixture of every title we model"
            " in a tobymao/18xx snapshot, at every `run_routes` action: (a) the players'"
            " recorded routes priced with our rules (each route fixed by its stops) against the"
            " revenue the log records; (b) our finder with that company's trains, which must"
            " earn at least what the players did; (c) our finder's route set given back to the"
            " 18xx.games engine (`tools/engine_check/check_routes.rb`), which must accept it at"
            f" exactly our revenue (refused: with the engine's message). {args.time_limit:g} s"
            " limit, finder CPU seconds per position.",
            markdown=True,
        )
    elif rows:
        write_only_rows(rows, args, engine)
    return 0


HEADER = (
    "| game | logs | runs | (a) equal | (a) differ | (a) no revenue in log | (a) not priced"
    " | (b) equal | (b) above | (b) below | (c) accepted at our revenue"
    " | (c) accepted at another | (c) refused | unproven | CPU median | p95 | max |"
)
C_AT = 10  # the first (c) cell of a row


def _text(routes: list[dict]) -> str:
    return "; ".join(
        f"{r['train']}: " + ",".join(f"{h}.{n}" for h, n in r["stops"]) for r in routes
    )


def write_only_rows(rows: dict[str, str], args: argparse.Namespace, engine: str) -> None:
    """Replace the measured games' rows of the real-games table (the others stay)."""
    body = read_section("real-games")
    when = machine_line().removeprefix("Measured ")
    measured = (
        f"measured {when.rstrip('.')}; `--only {args.only}`, {args.time_limit:g} s limit"
        + (f"; (c) not run: {engine}" if engine else "")
        + "."
    )
    merged = merge_rows(body, HEADER, rows, measured, C_AT, ["not run"] * 3) if body else None
    if merged is None:
        print("no real-games table in the results file: run without --only to write it")
        return
    write_section("real-games", "real_games.py", merged)


def write_answers(out: Path, requests: list[dict], answers: list[dict]) -> None:
    """(c)'s requests with the engine's answers, one JSON-lines file per fixture dir."""
    out.mkdir(parents=True, exist_ok=True)
    found = {(a["log"], a["action"]): a for a in answers}
    per_dir: dict[str, list[str]] = defaultdict(list)
    for req in sorted(requests, key=lambda r: (r["log"], r["action"])):
        a = found[(req["log"], req["action"])]
        line = {
            "log": req["log"],
            "action": req["action"],
            "company": req["company"],
            "revenue": req["revenue"],
            "routes": req["routes"],
            "verdict": a["verdict"],
            "engine_revenue": a["revenue"],
            "error": a.get("error"),
        }
        per_dir[req["log"].split("/")[-2]].append(json.dumps(line, separators=(",", ":")))
    for d, lines in per_dir.items():
        (out / f"{d}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
