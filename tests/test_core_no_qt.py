"""The Qt-free layers import without Qt: every module of every layer rusty_train_py/layers.py
marks Qt-free (the map model, game files and their loader, saves, the rules, the route finder,
the advisor, the render geometry) is imported in a fresh interpreter, and PySide6 must not come
with them (so the CLI's `routes` and the tests of the core run where Qt is missing, and the
core cannot grow a Qt dependency by accident).

The check runs in a fresh interpreter: the test session itself has imported PySide6 for the
window tests, so ``sys.modules`` here says nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers.import_graph import package_modules

from rusty_train_py import layers

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(package_modules(ROOT / layers.PACKAGE))


def full_name(module: str) -> str:
    return f"{layers.PACKAGE}.{module}" if module else layers.PACKAGE


QT_FREE = [full_name(m) for m in MODULES if getattr(layers.layer_of(m), "qt_free", False)]
QT_DRAWING = [
    full_name(m) for m in MODULES if layers.layer_of(m) is layers.layer_named("qt drawing")
]

SCRIPT = r"""
import importlib, json, sys
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
qt = sorted(m for m in sys.modules if m == "PySide6" or m.startswith(("PySide6.", "shiboken6")))
print(json.dumps({"qt": qt, "loaded": sorted(m for m in sys.modules if m.startswith("rusty"))}))
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


def test_importing_the_qt_free_layers_leaves_pyside6_out():
    out = run_imports(QT_FREE)
    assert out["qt"] == [], f"the Qt-free layers imported Qt: {out['qt']}"
    assert set(QT_FREE) <= set(out["loaded"])
    # the set really is the core: every layer below the window, the route modules among them
    for name in (
        "rusty_train_py.gamedata.loader.gamefile",
        "rusty_train_py.mapstate.state",
        "rusty_train_py.files.savefile",
        "rusty_train_py.files.rusty_train",
        "rusty_train_py.rules.train_kinds",
        "rusty_train_py.route.search",
        "rusty_train_py.route.graph",
        "rusty_train_py.advisor.rank",
        "rusty_train_py.render.geometry.nodes",
    ):
        assert name in QT_FREE, name


def test_the_check_sees_qt_when_it_is_imported():
    """The same check on the Qt drawing layer reports Qt (the test can fail)."""
    assert QT_DRAWING
    out = run_imports(QT_DRAWING)  # the first is render/qt/__init__, which imports nothing
    assert "PySide6" in out["qt"]
