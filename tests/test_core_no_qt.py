"""The core imports without Qt: the map model, game files, saves, the route finder, the rules
layer and the render geometry never pull in PySide6 (so the CLI's `routes` and the tests of the
core run where Qt is missing, and the core cannot grow a Qt dependency by accident).

The check runs in a fresh interpreter: the test session itself has imported PySide6 for the
window tests, so ``sys.modules`` here says nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Modules named by issue 7; every submodule of the packages among them is imported too, so a
# module added later (route/, rules/, files/, a render/geometry package) is covered.
CORE = (
    "rusty_train_py.hexgrid",
    "rusty_train_py.tile",
    "rusty_train_py.catalogue",
    "rusty_train_py.game",
    "rusty_train_py.mapstate",
    "rusty_train_py.upgrades",
    "rusty_train_py.upgrade_chart",  # issue 11
    "rusty_train_py.manifest",  # issue 11
    "rusty_train_py.paths",
    "rusty_train_py.files",
    "rusty_train_py.route",
    "rusty_train_py.rules",  # the rules layer (issue 7); skipped while it does not exist
    "rusty_train_py.render.geometry",  # a module today, maybe a package
    "rusty_train_py.advisor",  # the advisor (issue 10)
)

SCRIPT = r"""
import importlib, json, pkgutil, sys
wanted = json.loads(sys.argv[1])
imported, missing = [], []
def load(name):
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:  # the module itself is absent, not one of its imports
            missing.append(name)
            return
        raise
    imported.append(name)
    for info in pkgutil.iter_modules(getattr(mod, "__path__", []) or []):
        load(f"{name}.{info.name}")
for name in wanted:
    load(name)
qt = sorted(m for m in sys.modules if m == "PySide6" or m.startswith(("PySide6.", "shiboken6")))
print(json.dumps({"imported": imported, "missing": missing, "qt": qt}))
"""


def run_imports(modules) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(list(modules))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_importing_the_core_leaves_pyside6_out():
    out = run_imports(CORE)
    assert out["qt"] == [], f"the core imported Qt: {out['qt']}"
    # the check really imported the core, including every route module
    assert set(out["missing"]) <= {"rusty_train_py.rules"}
    for name in (
        "rusty_train_py.mapstate",
        "rusty_train_py.files.savefile",
        "rusty_train_py.files.rusty_train",
        "rusty_train_py.route.search",
        "rusty_train_py.route.graph",
        "rusty_train_py.route.paths",
        "rusty_train_py.render.geometry",
    ):
        assert name in out["imported"], name


def test_the_check_sees_qt_when_it_is_imported():
    """The same check on a module that does import Qt reports it (the test can fail)."""
    out = run_imports(["rusty_train_py.render.qt.map"])
    assert "PySide6" in out["qt"]
