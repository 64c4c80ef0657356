"""Our replay against the 18xx.games engine, at every run_routes action of every fixture.

Reads the fixtures (``<dir>/<title dir>/<name>.json`` or ``.json.gz``; default the copies in
tests/data/18xx_fixtures) and the positions the engine reached in them (``<title dir>.jsonl``
or ``.jsonl.gz``, one line per run_routes action, written by
tools/engine_check/dump_positions.rb; default tests/data/engine_positions), replays every
fixture with our importer and prints per game: logs, positions, equal, differing (and, with
``-v``, every difference). No Ruby and no network: the engine's side is the data. A full
run (the default folders, no ``--only``) rewrites its section of bench/RESULTS.md.

    .venv/bin/python bench/engine_positions.py [--fixtures DIR] [--engine DIR] [--only 1846] [-v]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from results import Report  # noqa: E402

from rusty_train_py.files.errors import GameFileError  # noqa: E402
from rusty_train_py.files.online import game_for_title, log_from_data  # noqa: E402
from rusty_train_py.files.online.engine_compare import compare_log  # noqa: E402

DATA = HERE.parent / "tests" / "data"


def read_text(path: Path) -> str:
    raw = path.read_bytes()
    return gzip.decompress(raw).decode() if path.suffix == ".gz" else raw.decode()


def engine_positions(engine_dir: Path, title_dir: str) -> dict[str, list[dict]]:
    """Fixture name (``public/fixtures/<dir>/<name>.json``) -> the engine's positions."""
    out: dict[str, list[dict]] = defaultdict(list)
    for path in sorted(engine_dir.glob(f"{title_dir}.jsonl*")):
        for line in read_text(path).splitlines():
            d = json.loads(line)
            out[d["log"]].append(d)
    return out


def compare_dir(fixtures: Path, engine_dir: Path, title_dir: str) -> dict:
    """``{"logs", "positions", "equal", "differing", "refused": [...], "diffs": [...]}`` of
    one title directory."""
    engine = engine_positions(engine_dir, title_dir)
    out: dict = {"logs": 0, "positions": 0, "equal": 0, "differing": 0, "refused": []}
    out["game"] = title_dir  # our game's id, once a log of the folder is read
    out["diffs"] = []
    for path in sorted((fixtures / title_dir).glob("*.json*")):
        name = f"public/fixtures/{title_dir}/{path.name.removesuffix('.gz')}"
        out["logs"] += 1
        expected = engine.get(name, [])
        out["positions"] += len(expected)
        try:
            log = log_from_data(json.loads(read_text(path)), name)
            game = game_for_title(log.title, name)
            out["game"], table = game.id, game.eighteen_xx
            rename, neutral = dict(table.companies), table.neutral_token_company
            result = compare_log(log, expected, rename, neutral)
        except GameFileError as exc:
            out["refused"].append(f"{name}: {exc}")
            out["differing"] += len(expected)
            continue
        for action, problems in result:
            if problems:
                out["differing"] += 1
                out["diffs"].append(f"{name} @{action}: " + "; ".join(problems))
            else:
                out["equal"] += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fixtures", type=Path, default=DATA / "18xx_fixtures")
    ap.add_argument("--engine", type=Path, default=DATA / "engine_positions")
    ap.add_argument("--only", default="", help="only title directories containing this text")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every difference")
    args = ap.parse_args()
    rep = Report()
    dirs = sorted(p.name for p in args.fixtures.iterdir() if p.is_dir() and args.only in p.name)
    rep("| game | logs | positions | equal | differing | refused logs |")
    rep("|---|---|---|---|---|---|")
    total = 0
    refused: list[str] = []
    for title_dir in dirs:
        r = compare_dir(args.fixtures, args.engine, title_dir)
        total += r["differing"]
        game = r["game"] if r["game"] == title_dir else f"{r['game']} ({title_dir})"
        rep(
            f"| {game} | {r['logs']} | {r['positions']} | {r['equal']} | {r['differing']}"
            f" | {len(r['refused'])} |"
        )
        refused += [f"{game}: {line}" for line in r["refused"]]
        if args.verbose:
            for line in r["diffs"]:
                print(f"    {line}")
    rep()
    for line in refused:
        rep(f"- refused: {line}")
    rep.totals()
    default = (args.fixtures, args.engine) == (DATA / "18xx_fixtures", DATA / "engine_positions")
    if default and not args.only:
        rep.write(
            "engine-positions",
            "engine_positions.py",
            "The positions are the engine's",
            "`bench/engine_positions.py`: every committed fixture (`tests/data/18xx_fixtures/`)"
            " replayed by our importer, each position before a `run_routes` action compared"
            " with the one the 18xx.games engine wrote (`tests/data/engine_positions/`, dumped"
            " by `tools/engine_check/`); `-v` prints each difference. What differs is named in"
            " the game's `[eighteen_xx] readings` (games/README.md).",
            markdown=True,
        )
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
