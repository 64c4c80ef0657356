"""The bundle's smoke test (`make bundle-test`): run the built one-folder application as a user
would, from another folder, with a bare PATH (no Python of ours on it), no PYTHONPATH and a
home folder of its own, and check its answers.

    python packaging/smoke_test.py [dist/rusty-train-py]

It runs ``--version``; ``routes`` on the bundled game (GW 5,8: $840, by enumeration, then
with ``--max-paths 100`` by the exact model, which is OR-Tools); ``tiles 1830 -o``;
``convert`` of the bundled 18xx.games log at action 80 and ``show`` of the result; the window
offscreen (``gui --quit-after 3 --screenshot``: the screenshot lands in the home folder's
Pictures/rusty-train-py). Then it checks that nothing was written inside the bundle. Exit
status 0 when every check passed; each check's time is printed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
EXE = "rusty-train-py.exe" if os.name == "nt" else "rusty-train-py"
BARE_PATH = os.pathsep.join(["/usr/bin", "/bin"]) if os.name != "nt" else r"C:\Windows\System32"


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    seen = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            info = (Path(root) / name).lstat()
            seen[str(Path(root, name).relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return seen


def main(argv: list[str]) -> int:
    bundle = Path(argv[0] if argv else TOP / "dist" / "rusty-train-py").resolve()
    exe = bundle / EXE
    if not exe.is_file():
        print(f"smoke test: no {exe}: build it first (make bundle)", file=sys.stderr)
        return 1
    (game,) = bundle.glob("**/rusty_train_py/data/resources/1867_bc.json")
    log = game.with_name("1846_222264.json")
    before = snapshot(bundle)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="rusty-train-py-smoke-") as tmp_name:
        tmp = Path(tmp_name)
        work, home = tmp / "work", tmp / "home"
        work.mkdir()
        home.mkdir()
        env = {
            "PATH": BARE_PATH,
            "HOME": str(home),
            "USERPROFILE": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_RUNTIME_DIR": str(tmp),
            "QT_QPA_PLATFORM": "offscreen",
            "LANG": "C.UTF-8",
        }
        if "SYSTEMROOT" in os.environ:  # Windows programs need it
            env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
        shots = home / "Pictures" / "rusty-train-py"
        checks = [
            (["--version"], "rusty-train-py "),
            (["routes", str(game), "-c", "GW", "-t", "5,8"], "net revenue: $840 (proven optimal"),
            (
                ["routes", str(game), "-c", "GW", "-t", "5,8", "--max-paths", "100"],
                "net revenue: $840 (proven optimal; exact model after",
            ),
            (["tiles", "1830", "-o", str(work / "x.png")], f"wrote {work / 'x.png'} (1250x873)"),
            (
                ["convert", str(log), "--at", "80", "-o", str(work / "at80.json")],
                f"saved {work / 'at80.json'}",
            ),
            (["show", str(work / "at80.json")], "1846: The Race for the Midwest (game 1846)"),
            (["gui", "--quit-after", "3", "--screenshot"], f"screenshot: {shots}"),
        ]
        for args, expected in checks:
            start = time.monotonic()
            proc = subprocess.run(
                [str(exe), *args], cwd=work, env=env, capture_output=True, text=True, timeout=600
            )
            took = time.monotonic() - start
            ok = proc.returncode == 0 and expected in proc.stdout
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {took:5.1f} s  rusty-train-py {' '.join(args)}")
            if not ok:
                print(f"  rc {proc.returncode}; wanted {expected!r}\n{proc.stdout}{proc.stderr}")
        pictures = sorted(p.name for p in shots.glob("1867_bc-*.png"))
        if len(pictures) != 1:
            failures += 1
            print(f"FAIL the window's screenshot: {pictures} in {shots}")
    if snapshot(bundle) != before:
        failures += 1
        print(f"FAIL something was written inside {bundle}")
    print(f"{len(checks) + 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
