"""The real-game check's (c) and its rows in the results file.

(c): every route set our finder returns at a run_routes action goes back to the 18xx.games
engine (tools/engine_check/check_routes.rb, Ruby, development time only), which must accept it
at exactly our revenue. One Ruby process per log (one engine replay each), as many at once as
there are jobs. Without Ruby or without the snapshot's ``lib/`` (a bare git directory), (c) is
"not run" and the rest of the check works.

``merge_rows``: an ``--only`` run replaces its games' rows of the real-games table and says,
under the table, which rows were measured when; the other rows and the text stay.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parents[1] / "tools" / "engine_check"
ONLY_NOTE = "Rows rewritten by `bench/real_games.py --only` since the last full run:"


def not_runnable(snapshot: Path) -> str:
    """Why (c) cannot run with ``snapshot`` ("" when it can)."""
    if shutil.which("ruby") is None:
        return "no ruby on the PATH"
    if not (snapshot / "lib" / "engine.rb").exists():
        return f"no lib/engine.rb in {snapshot} (an extracted tobymao/18xx tree is needed)"
    return ""


def _ask_one(snapshot: Path, lines: list[str]) -> list[dict[str, Any]]:
    env = dict(os.environ, ENGINE_LOG_LEVEL="4")
    proc = subprocess.run(
        ["ruby", f"-I{TOOLS / 'rubyshim'}", "-Ilib", str(TOOLS / "check_routes.rb")],
        input="".join(lines),
        cwd=snapshot,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    answers = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    asked = [json.loads(line) for line in lines]
    answered = {(a["log"], a["action"]) for a in answers}
    for req in asked:  # a crash of the harness: every request left is refused with its error
        if (req["log"], req["action"]) not in answered:
            error = proc.stderr.strip().splitlines()[-1:] or [f"exit {proc.returncode}"]
            answers.append(
                {
                    "log": req["log"],
                    "action": req["action"],
                    "company": req["company"],
                    "ours": req["revenue"],
                    "verdict": "refused",
                    "revenue": None,
                    "error": f"harness: {error[0]}",
                    "connections": None,
                }
            )
    return answers


def ask_engine(snapshot: Path, requests: Iterable[dict[str, Any]], jobs: int) -> list[dict]:
    """The engine's answer to every request (check_routes.rb's lines), one Ruby per log."""
    per_log: dict[str, list[str]] = defaultdict(list)
    for req in requests:
        per_log[req["log"]].append(json.dumps(req, separators=(",", ":")) + "\n")
    out: list[dict[str, Any]] = []
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        for answers in pool.map(lambda lines: _ask_one(snapshot, lines), per_log.values()):
            out += answers
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def merge_rows(
    body: str, header: str, rows: dict[str, str], measured: str, pad_at: int, pad: Sequence[str]
) -> str | None:
    """``body`` (a real-games section) with its table's header set to ``header`` and the rows
    of the games in ``rows`` (game -> row) replaced or added; a row of fewer cells than the
    header (an older table) gets ``pad`` inserted at cell ``pad_at``. Under the table, the line
    ``measured`` names the games just measured; those games leave the older such lines. None
    when ``body`` has no table."""
    lines = body.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("| game |")), None)
    if start is None:
        return None
    end = start + 2
    while end < len(lines) and lines[end].startswith("| "):
        end += 1
    width = len(_cells(header))
    kept = []
    for line in lines[start + 2 : end]:
        cells = _cells(line)
        if cells[0] in rows:
            kept.append(rows[cells[0]])
            continue
        if len(cells) < width:
            cells[pad_at:pad_at] = list(pad)
        kept.append("| " + " | ".join(cells) + " |")
    done = {_cells(r)[0] for r in kept}
    kept += [row for gid, row in rows.items() if gid not in done]
    table = [header, "|---" * width + "|", *kept]
    rest = lines[end:]
    notes: list[str] = []
    if len(rest) > 2 and rest[1] == ONLY_NOTE:
        i = 2
        while i < len(rest) and rest[i].startswith("- rows of "):
            notes.append(rest[i])
            i += 1
        rest = rest[i:]
    fresh = []
    for note in notes:
        games, _, when = note[len("- rows of ") :].partition(": ")
        left = [g for g in games.split(", ") if g not in rows]
        if left:
            fresh.append(f"- rows of {', '.join(left)}: {when}")
    fresh.append(f"- rows of {', '.join(rows)}: {measured}")
    return "\n".join([*lines[:start], *table, "", ONLY_NOTE, *fresh, *rest])
