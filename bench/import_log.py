"""Benchmark: CPU seconds to import an 18xx.games log (read, check, undo/redo, replay to the
end), for the committed test logs, and a 1,500-action log: the longest committed 1867 log
with chat messages added between its actions until it has 1,500 (messages are kept by the
engine's filter and skipped by the replay, like any action that changes nothing on the map).

Rewrites its section of bench/RESULTS.md.

    .venv/bin/python bench/import_log.py
"""

from __future__ import annotations

import copy
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from results import Report  # noqa: E402

from rusty_train_py.files.loader import open_data  # noqa: E402

LOGS = HERE.parent / "tests" / "data" / "18xx_games"


def cpu_of(data: dict, repeat: int = 5) -> float:
    """The least CPU seconds of ``repeat`` imports (a copy each time, as read from a file)."""
    best = float("inf")
    for _ in range(repeat):
        fresh = copy.deepcopy(data)
        t0 = time.process_time()
        open_data(fresh, "bench")
        best = min(best, time.process_time() - t0)
    return best


def padded(data: dict, total: int) -> dict:
    """``data`` with chat messages spread between its actions up to ``total`` actions, the
    ids numbered again from 1 (the log has no undo that names an id)."""
    out = copy.deepcopy(data)
    actions = out["actions"]
    extra = total - len(actions)
    spread: list[dict] = []
    for i, action in enumerate(actions):
        spread.append(action)
        share = extra * (i + 1) // len(actions) - extra * i // len(actions)
        spread += [{"type": "message", "entity": 1, "message": "chat"} for _ in range(share)]
    for i, action in enumerate(spread, 1):
        action["id"] = i
    out["actions"] = spread
    return out


def cold(data: dict) -> float:
    """CPU seconds of the first import in a fresh process (the game's data read too)."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(data, fh)
    code = (
        f"import time, sys; sys.path.insert(0, {str(HERE.parent)!r}); t = time.process_time();"
        f" from rusty_train_py.files.loader import open_game; open_game({fh.name!r});"
        " print(time.process_time() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    Path(fh.name).unlink()
    return float(out.stdout)


def main() -> int:
    rep = Report()
    rep("| log | actions | import CPU s |")
    rep("|---|---|---|")
    for path in sorted(LOGS.glob("*.json")):
        data = json.loads(path.read_text())
        rep(f"| {path.name} | {len(data['actions'])} | {cpu_of(data):.3f} |")
    base = json.loads((LOGS / "1867_nationalization_cash.json").read_text())
    big = padded(base, 1500)
    rep(f"| 1867 padded with messages | {len(big['actions'])} | {cpu_of(big):.3f} |")
    rep(
        f"| the same, first import in a fresh process (imports and game data included)"
        f" | {len(big['actions'])} | {cold(big):.3f} |"
    )
    rep()
    rep.totals()
    rep.write(
        "import-log",
        "import_log.py",
        "Importing an 18xx.games log",
        "`bench/import_log.py`: CPU seconds to import a log (read, check, undo/redo, replay to"
        " the end), the least of five, for the committed test logs and a 1,500-action log (the"
        " longest committed 1867 log with chat messages added between its actions).",
        markdown=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
