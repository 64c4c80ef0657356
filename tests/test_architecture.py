"""The shape of the code: the Qt-free core imports no Qt, modes leave through DONE rather than
importing each other, the geometry modules import only those below them, and the files
package has no import circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rusty_train_py.paths import PROJECT_ROOT

PACKAGE = PROJECT_ROOT / "rusty_train_py"


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (anywhere in it), as written: ``..mapstate``, ``numpy``."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


CORE = [
    *PACKAGE.glob("*.py"),
    *(PACKAGE / "files").glob("*.py"),
    *(PACKAGE / "route").glob("*.py"),
    *(PACKAGE / "render" / "geometry").glob("*.py"),
    PACKAGE / "render" / "colours.py",
]


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_core_imports_no_qt(path):
    if path.parent == PACKAGE and path.name in ("cli.py", "__main__.py"):
        pytest.skip("the command line starts the GUI or the offscreen renderer")
    assert not [m for m in imports(path) if "PySide6" in m or "shiboken" in m]


MODES = ("default", "edit_tokens", "find_routes", "replace_tile", "plan")


@pytest.mark.parametrize("mode", MODES)
def test_only_default_mode_imports_the_modes_it_enters(mode):
    used = imports(PACKAGE / "ui" / "modes" / f"{mode}.py")
    siblings = {f".{m}" for m in MODES} - {f".{mode}"}
    expected = siblings if mode == "default" else set()
    assert used & siblings == expected


GEOMETRY = ("values", "curves", "nodes", "spots", "tile_layout", "map_layout", "routes", "hits")


@pytest.mark.parametrize("module", GEOMETRY)
def test_geometry_modules_import_only_those_below_them(module):
    used = {m[1:] for m in imports(PACKAGE / "render" / "geometry" / f"{module}.py")}
    below = set(GEOMETRY[: GEOMETRY.index(module)])
    assert used & set(GEOMETRY) <= below


def test_saved_games_do_not_import_the_rusty_train_reader():
    assert not [m for m in imports(PACKAGE / "files" / "savefile.py") if "rusty_train" in m]
