"""bench/RESULTS.md, written by the bench scripts themselves: each script owns one marked
section and rewrites it after a full run, under a line saying when, on which commit and under
what load it was measured. The other sections are left as they are.

    <!-- bench:NAME begin (written by bench/SCRIPT.py; do not edit by hand) -->
    ...
    <!-- bench:NAME end -->

Also the measures every bench prints: the CPU seconds of a process (or of its waited-for
children) and the peak resident memory.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "RESULTS.md"
HEADER = (
    "# Benchmark and real-game results\n\n"
    "Every figure here is written by the script named in its section (`bench/*.py`), from one\n"
    "run of that script, with the date, the commit and the machine's load average when it\n"
    "ran. Run a script again to rewrite its section; a section a script has not rewritten\n"
    "yet says where its figures come from. CPU seconds are user + system time, less\n"
    "sensitive to a busy machine than wall time; peak memory is the process's resident peak.\n"
)


def cpu_self() -> float:
    """CPU seconds (user + system) of this process so far, all its threads."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cpu_children() -> float:
    """CPU seconds of this process's ended, waited-for children so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def peak_mb(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident memory in MB (of this process, or the largest waited-for child)."""
    kib = resource.getrusage(who).ru_maxrss
    return kib / 1024 if sys.platform != "darwin" else kib / 2**20


def commit() -> str:
    """The commit measured (short hash; ``+changes`` when the tree differs from it, the results
    file aside)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            # the results file itself is left out: writing a section must not mark the tree
            [
                "git",
                "status",
                "--porcelain",
                "--untracked-files=no",
                "--",
                ".",
                ":!bench/RESULTS.md",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" +changes" if dirty else "")


def machine_line(load_before: Sequence[float] | None = None) -> str:
    """When, where and under what load: date (UTC), commit, cores, Python, load averages at
    the start (if given) and at the end of the run."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    start = ""
    if load_before is not None:
        start = f"{' / '.join(f'{x:.2f}' for x in load_before)} at the start, "
    return (
        f"Measured {now}, commit {commit()}, {os.cpu_count()} cores, Python"
        f" {platform.python_version()}, load average (1 / 5 / 15 min) {start}{load} at the end."
    )


def _markers(name: str) -> tuple[str, str]:
    return f"<!-- bench:{name} begin", f"<!-- bench:{name} end -->"


def write_section(name: str, script: str, body: str, path: Path = RESULTS) -> None:
    """Rewrite section ``name`` of the results file with ``body`` (markdown, starting with its
    heading); a section not there yet goes at the end. Written atomically."""
    begin, end = _markers(name)
    block = (
        f"{begin} (written by bench/{script}; do not edit by hand) -->\n{body.rstrip()}\n{end}\n"
    )
    text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end) + r"\n?", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _m: block, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + block
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    print(f"wrote the {name!r} section of {path.relative_to(ROOT)}")


def read_section(name: str, path: Path = RESULTS) -> str:
    """The body of section ``name`` ("" when absent)."""
    begin, end = _markers(name)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    m = re.search(re.escape(begin) + r"[^\n]*\n(.*?)" + re.escape(end), text, re.S)
    return m.group(1) if m else ""


class Report:
    """Lines a bench prints, kept for its section of the results file."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.load = os.getloadavg()
        self.cpu0 = cpu_self() + cpu_children()

    def __call__(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def totals(self) -> None:
        """Print the CPU seconds of the run (this process and its children) and the peak
        memory of the largest process."""
        cpu = cpu_self() + cpu_children() - self.cpu0
        peak = max(peak_mb(), peak_mb(resource.RUSAGE_CHILDREN))
        self(f"run: {cpu:.1f} s of CPU (children included), peak memory {peak:.0f} MB")

    def write(self, name: str, script: str, title: str, intro: str, markdown: bool = False) -> None:
        """Write the lines printed as section ``name`` (in a code block unless ``markdown``)."""
        lines = self.lines if markdown else ["```", *self.lines, "```"]
        body = [f"## {title}", "", intro, "", machine_line(self.load), "", *lines]
        write_section(name, script, "\n".join(body))


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
