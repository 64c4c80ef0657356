"""Benchmark: how long the command line takes, whole process, from start to exit.

Runs each command several times in a fresh process and prints the fastest and the median
wall time, the CPU time (user + system: what the process costs, less sensitive to a busy
machine than wall time), the import time (``python -X importtime``: every module, then
the heavy ones: numpy, shapely, networkx, Qt) and which heavy modules the command loaded.
Target (issue 8): ``routes`` on the bundled game under 0.5 s whole-process.

    .venv/bin/python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = str(ROOT / "resources" / "1867_bc.json")
COMMANDS = {
    "routes GW 5,8": ["routes", GAME, "-c", "GW", "-t", "5,8"],
    "show": ["show", GAME],
    "routes --help": ["routes", "--help"],
}
HEAVY = ("numpy", "shapely", "networkx", "PySide6")


# Byte code is cached as in a normal install (in a folder of our own, so the source tree
# stays clean), even where PYTHONDONTWRITEBYTECODE is set.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "rusty-train-py-bench-pycache")
ENV.setdefault("QT_QPA_PLATFORM", "offscreen")


def run_once(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``python -m rusty_train_py ARGV`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "rusty_train_py", *argv],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def import_times(argv: list[str]) -> tuple[float, dict[str, float]]:
    """Total import time and the cumulative time of each heavy top-level package (seconds)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rusty_train_py", *argv],
        capture_output=True,
        text=True,
        check=True,
        env=ENV,
    )
    total, heavy = 0.0, {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = [p.strip() for p in line[len("import time:") :].split("|")]
        if not parts[0].isdigit():
            continue
        self_us, cumulative_us, name = int(parts[0]), int(parts[1]), parts[2]
        total += self_us / 1e6
        if name in HEAVY:
            heavy[name] = cumulative_us / 1e6
    return total, heavy


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description="CLI start-up benchmark")
    p.add_argument("--runs", type=int, default=7)
    args = p.parse_args(argv)
    for cmd in COMMANDS.values():  # warm the file cache and the byte-code cache
        run_once(cmd)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    print(
        f"{'command':16} {'wall min':>9} {'wall med':>9} {'cpu min':>8} {'imports':>8}"
        "  heavy modules (import s)"
    )
    for label, cmd in COMMANDS.items():
        runs = [run_once(cmd) for _ in range(args.runs)]
        walls = [w for w, _ in runs]
        cpus = [c for _, c in runs]
        total, heavy = import_times(cmd)
        heavy_text = ", ".join(f"{k} {v:.2f}" for k, v in sorted(heavy.items())) or "none"
        print(
            f"{label:16} {min(walls):9.3f} {statistics.median(walls):9.3f} {min(cpus):8.3f}"
            f" {total:8.3f}  {heavy_text}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
