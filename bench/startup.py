"""Benchmark: how much the command line costs, whole process, from start to exit.

Runs each command ``--runs`` times, each in a fresh process, and prints the CPU seconds
(user + system: what the process costs, less sensitive to a busy machine than wall time) as
min / median, the median wall time, the process's peak memory and which heavy modules it
loaded. Byte code is cached as in a normal install, and so are the parsed games (the user
cache folder: rusty_train_py/gamedata/loader/cache.py), except on the "empty cache" line,
whose every run starts with a cache folder of its own.

``--base TREE`` runs the same commands on another checkout (e.g. ``git worktree add
/tmp/base main``) in the same sitting, interleaved run by run, and prints the ratio of the
CPU medians. Targets (issue 28): ``routes`` on the bundled game at most 0.15 s of CPU; on a
Rusty Train save at most 0.05 s more. A run without ``--only`` rewrites its section of
bench/RESULTS.md.

    .venv/bin/python bench/startup.py [--runs N] [--base TREE] [--only TEXT]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from results import machine_line, table, write_section  # noqa: E402

ROOT = HERE.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "rusty_train" / "1867_bc.game"
HEAVY = ("numpy", "shapely", "networkx", "ortools", "PySide6", "urllib.request")


def rusty_train_save() -> tuple[str, str]:
    """A Rusty Train save and a company on it: the recorded 1867 game when the reference data
    is here (1867 is the 12th game in id order), else the test's 1830 save."""
    if REFERENCE.exists():
        return str(REFERENCE), "GW"
    return str(ROOT / "tests" / "data" / "1830_pointed_top.game"), "PRR"


@dataclass(frozen=True)
class Command:
    label: str
    argv: tuple[str, ...]
    fresh_cache: bool = False


def commands() -> list[Command]:
    game = "resources/1867_bc.json"
    save, company = rusty_train_save()
    return [
        Command("routes GW 2", ("routes", game, "-c", "GW", "-t", "2")),
        Command("routes GW 5,8", ("routes", game, "-c", "GW", "-t", "5,8")),
        Command(f"routes {Path(save).name}", ("routes", save, "-c", company, "-t", "2")),
        Command("routes GW 2, empty cache", ("routes", game, "-c", "GW", "-t", "2"), True),
        Command("show", ("show", game)),
        Command("routes --help", ("routes", "--help")),
    ]


@dataclass(frozen=True)
class Run:
    cpu: float
    wall: float
    peak_mb: float


def environment(tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # byte code cached as in an install, in a folder of our own (the source tree stays clean)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "rusty-train-py-bench-pycache")
    env["PYTHONPATH"] = str(tree)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def run_once(tree: Path, cmd: Command) -> Run:
    """One ``python -m rusty_train_py ARGV`` process in ``tree``: its own CPU and peak memory
    (os.wait4)."""
    env = environment(tree)
    with tempfile.TemporaryDirectory() as empty:
        if cmd.fresh_cache:
            env["RUSTY_TRAIN_CACHE"] = empty
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "rusty_train_py", *cmd.argv],
            cwd=tree,  # ``-m`` puts the working folder first on the path
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd.argv)} in {tree}: exit status {proc.returncode}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def heavy_modules(tree: Path, cmd: Command) -> str:
    """The heavy modules the command imports (``python -X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rusty_train_py", *cmd.argv],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
        env=environment(tree),
    )
    names = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    return ", ".join(m for m in HEAVY if m in names) or "none"


def tree_commit(tree: Path) -> str:
    """The short commit a checkout is at ("unknown" if git cannot tell)."""
    done = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--base", type=Path, help="another checkout to measure in the same run")
    p.add_argument("--only", default="", help="the commands whose label contains this text")
    args = p.parse_args(argv)
    trees = [("now", ROOT)] + ([("base", args.base.resolve())] if args.base else [])
    cmds = [c for c in commands() if args.only in c.label]
    load = os.getloadavg()
    for _name, tree in trees:  # warm the file cache, the byte-code cache and the game cache
        for c in cmds:
            run_once(tree, c)
    runs: dict[tuple[str, str], list[Run]] = {(t, c.label): [] for t, _ in trees for c in cmds}
    for _ in range(args.runs):  # interleaved: both trees see the same load
        for c in cmds:
            for name, tree in trees:
                runs[name, c.label].append(run_once(tree, c))
    header = ["command", "tree", "CPU min", "CPU median", "wall median", "peak MB", "heavy"]
    if args.base:
        header.append("CPU now / base")
    rows = []
    for c in cmds:
        for name, tree in trees:
            rs = runs[name, c.label]
            cpu = statistics.median(r.cpu for r in rs)
            row = [
                c.label,
                name,
                f"{min(r.cpu for r in rs):.3f}",
                f"{cpu:.3f}",
                f"{statistics.median(r.wall for r in rs):.3f}",
                f"{max(r.peak_mb for r in rs):.0f}",
                heavy_modules(tree, c),
            ]
            if args.base:
                base = statistics.median(r.cpu for r in runs["base", c.label])
                row.append(f"{cpu / base:.2f}" if name == "now" else "")
            rows.append(row)
    out = table(header, rows)
    print(machine_line(load))
    print(out)
    if not args.only:
        base_text = (
            f" and `{args.base}` (base, commit {tree_commit(args.base)})" if args.base else ""
        )
        body = "\n".join(
            [
                "## Start-up: the command line, whole process",
                "",
                f"`bench/startup.py --runs {args.runs}`: each command in a fresh process, byte"
                " code and parsed games cached as after a first run (the empty-cache line"
                f" starts each run with an empty cache folder), this tree{base_text}"
                " interleaved run by run. CPU seconds of the whole process; peak memory: the"
                " largest run's.",
                "",
                machine_line(load),
                "",
                out,
            ]
        )
        write_section("startup", "startup.py", body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
