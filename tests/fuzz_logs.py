"""A fuzzer of the 18xx.games log reader: structured mutations of real logs' actions, each
opened by ``open_game`` (checked, then replayed), saved and reopened.

The mutations are the classes an outside fuzz run found read without a word (issue 29):
an id past any game's, a lay_tile with its entity missing or unknown, an action given
twice, a place_token without its slot, a route through a hex off the map, actions out of
id order, an unknown tile or a tile copy no game has, an action's company given as a list;
plus a random key of a random action set to a random value. Each invalid mutant must be
refused (GameFileError) or load with a warning, and either must name the action mutated.

Zero crashes means: only GameFileError, never past CASE_SECONDS (a hang), a log that opens
saves and reopens to the same state, and no invalid log opens silently.

tests/test_fuzz_logs.py runs a CI-sized share; ``make fuzz`` a long one:
``python tests/fuzz_logs.py --cases 10000 --seed 1``.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from fuzz_saves import check_cli, time_limit  # noqa: E402

from rusty_train_py.files.errors import GameFileError  # noqa: E402
from rusty_train_py.files.loader import open_game, save_game  # noqa: E402

CASE_SECONDS = 20
DATA = HERE / "data"
# real logs: the four of tests/data/18xx_games and fixtures of other games, among them one
# whose own replay lays a tile that is no tile (1822MX's builder cube)
SEED_FILES = (
    "18xx_games/1830_26855.json",
    "18xx_games/1846_222264.json",
    "18xx_games/1867_nationalization_cash.json",
    "18xx_games/1889_314.json",
    "18xx_fixtures/1822MX/86.json.gz",
    "18xx_fixtures/18EU/74045.json.gz",
    "18xx_fixtures/1817/15528.json.gz",
    "18xx_fixtures/1856/51745.json.gz",
)

Log = dict[str, Any]


def seeds() -> dict[str, Log]:
    out = {}
    for name in SEED_FILES:
        path = DATA / name
        raw = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
        out[name] = json.loads(raw)
    return out


# ---- mutations: (class, the log mutated, the texts one of which a message must hold) ------


def _pick(rng: random.Random, actions: list[Log], kind: str | None = None) -> int | None:
    found = [i for i, a in enumerate(actions) if kind is None or a.get("type") == kind]
    return rng.choice(found) if found else None


def _named(a: Log) -> list[str]:
    return [f"action {a['id']} ("]


def mutate(rng: random.Random, log: Log) -> tuple[str, list[str]]:
    """Change ``log`` in place: (the class of the change, the texts that name it; empty: the
    change may be valid, only crashes count)."""
    actions: list[Log] = log["actions"]
    op = rng.choice(
        [
            "huge_id", "entity_missing", "entity_unknown", "duplicate", "slot_missing",
            "route_hex", "out_of_order", "unknown_tile", "company_list", "random_value",
        ]
    )  # fmt: skip
    i = _pick(rng, actions)
    assert i is not None
    if op == "huge_id":
        actions[i]["id"] = rng.choice([10**30, 10**400, 10_000_001, 2**63])
        return op, [f"actions[{i}]: "]
    if op in ("entity_missing", "entity_unknown"):
        i = _pick(rng, actions, rng.choice(["lay_tile", "place_token", "run_routes", None]))
        i = i if i is not None else _pick(rng, actions)
        assert i is not None
        a = actions[i]
        if op == "entity_missing":
            a.pop("entity", None)
        else:
            a["entity"] = rng.choice(["ZZZ9", "", 987654321, "../1867"])
        return op, _named(a)
    if op == "duplicate":
        a = actions[i]
        actions.insert(i + 1 if rng.random() < 0.7 else rng.randrange(len(actions)), dict(a))
        return op, [f"id {a['id']} given twice", "out of order"]
    if op == "slot_missing":
        i = _pick(rng, actions, "place_token")
        if i is None:
            return mutate(rng, log)
        actions[i].pop("slot", None)
        return op, _named(actions[i])
    if op == "route_hex":
        i = _pick(rng, actions, "run_routes")
        if i is None or not actions[i].get("routes"):
            return mutate(rng, log)
        route = rng.choice(actions[i]["routes"])
        bad = rng.choice(["Z99", "A0", "", "../x", "l10"])
        if rng.random() < 0.5 and route.get("connections"):
            rng.choice(route["connections"]).append(bad)
        else:
            route.setdefault("hexes", []).insert(0, bad)
        return op, _named(actions[i])
    if op == "out_of_order":
        j = rng.randrange(len(actions))
        if actions[i]["id"] == actions[j]["id"]:
            return mutate(rng, log)
        actions[i], actions[j] = actions[j], actions[i]
        return op, ["out of order", "given twice"]
    if op == "unknown_tile":
        i = _pick(rng, actions, "lay_tile")
        if i is None:
            return mutate(rng, log)
        name = str(actions[i].get("tile", "57-0")).rpartition("-")[0] or "57"
        actions[i]["tile"] = rng.choice([f"{name}-999999", "X999-0", "6-9999", "57", "5-x"])
        return op, _named(actions[i])
    if op == "company_list":
        a = actions[i]
        a["company"] = [a.get("company", "ZZ"), "ZZ"]
        return op, _named(a)
    a = actions[i]  # random_value: any key of any action; valid or not, only crashes count
    key = rng.choice([*a.keys(), "company", "corporation", "tile", "hex", "city", "train"])
    a[key] = rng.choice(
        [None, True, -1, 0, 7, 2**70, 1.5, "", "Z99", "57-0", "2-0", "M9-0-0", [], {}, ["x"]]
    )
    return op, []


# ---- running -------------------------------------------------------------------------------------


@dataclass
class Report:
    cases: int = 0
    refused: int = 0
    warned: int = 0
    clean: int = 0
    by_class: dict[str, list[int]] = field(default_factory=dict)  # refused, warned, clean
    crashes: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)  # invalid, opened without naming it
    cli: int = 0  # cases also run through ``rusty-train-py convert``
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.cases} log mutations in {self.seconds:.0f} CPU s: {self.refused} refused,"
            f" {self.warned} loaded with warnings, {self.clean} clean;"
            f" {self.cli} through the command line; {len(self.crashes)} crashes or hangs,"
            f" {len(self.silent)} invalid logs read without a word naming the action"
        )


def check_case(
    path: Path, out: Path, op: str, names: list[str], report: Report, label: str
) -> None:
    report.cases += 1
    counts = report.by_class.setdefault(op, [0, 0, 0])
    try:
        with time_limit(CASE_SECONDS):
            try:
                opened = open_game(path)
            except GameFileError as exc:
                report.refused += 1
                counts[0] += 1
                text = str(exc)
                if not text.startswith(str(path)):
                    report.crashes.append(f"{label}: an error not naming the file: {text[:200]}")
                if names and not any(n in text for n in names):
                    report.silent.append(f"{label}: refused without naming it: {text[:200]}")
                return
            if opened.warnings:
                report.warned += 1
                counts[1] += 1
            else:
                report.clean += 1
                counts[2] += 1
            if names and not any(n in w for w in opened.warnings for n in names):
                report.silent.append(f"{label}: opened, no warning names {names[0]!r}")
            save_game(opened.state, out, trains=opened.trains)
            again = open_game(out)
            if again.state != opened.state or again.trains != opened.trains:
                report.crashes.append(f"{label}: the save reopens as another game")
    except (Exception, RecursionError) as exc:  # noqa: BLE001 - a crash is what we look for
        report.crashes.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")


def run(
    cases: int,
    seed: int = 0,
    progress: bool = False,
    keep: Path | None = None,
    cli_every: int = 20,
) -> Report:
    """Fuzz ``cases`` mutants spread over the seed logs; half of them cut after the action
    mutated (a real log's beginning is a log the site served), which keeps each case short.
    Every ``cli_every``-th is also converted by the command line (0: none)."""
    rng = random.Random(seed)
    report = Report()
    t0 = time.process_time()
    named = sorted(seeds().items())
    with tempfile.TemporaryDirectory(prefix="rusty-train-log-fuzz-") as tmp:
        work = Path(tmp)
        for k in range(cases):
            name, original = named[k % len(named)]
            log = copy.deepcopy(original)
            if rng.random() < 0.5:
                log["actions"] = log["actions"][: rng.randrange(1, len(log["actions"]) + 1)]
            op, names = mutate(rng, log)
            path = work / "case.json"
            path.write_text(json.dumps(log))
            label = f"seed {seed} case {k} ({op} of {name})"
            before = len(report.crashes) + len(report.silent)
            check_case(path, work / "saved.json", op, names, report, label)
            if cli_every and k % cli_every == 0:  # the command line reads it alike
                report.cli += 1
                try:
                    with time_limit(CASE_SECONDS):
                        check_cli(["convert", str(path), "-o", str(work / "cli.json")])
                except (Exception, RecursionError) as exc:  # noqa: BLE001 - a crash
                    report.crashes.append(f"{label}: convert: {type(exc).__name__}: {exc}")
            if keep is not None and len(report.crashes) + len(report.silent) > before:
                (keep / f"case-{k}.json").write_bytes(path.read_bytes())
            if progress and (k + 1) % 1000 == 0:
                report.seconds = time.process_time() - t0
                print(report.line(), flush=True)
    report.seconds = time.process_time() - t0
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    args = p.parse_args(argv)
    print(f"fuzzing game logs: {args.cases} mutations, seed {args.seed}", flush=True)
    keep = Path(tempfile.mkdtemp(prefix="rusty-train-log-fuzz-"))
    report = run(args.cases, args.seed, progress=True, keep=keep)
    print(report.line())
    for op, (refused, warned, clean) in sorted(report.by_class.items()):
        print(f"  {op}: {refused} refused, {warned} with warnings, {clean} clean")
    for item in report.crashes:
        print("CRASH", item)
    for item in report.silent:
        print("SILENT", item)
    if report.crashes or report.silent:
        print(f"cases kept in {keep}")
        return 1
    keep.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
