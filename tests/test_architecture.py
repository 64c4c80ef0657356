"""The shape of the code, checked against the layer table of rusty_train_py/layers.py: the
import graph (computed from the source, imports inside functions and under TYPE_CHECKING
included) has no cycle between modules or between parts, every import follows the layer
order, the Qt-free layers import no Qt; modes leave through DONE rather than importing each
other, and the geometry modules import only those below them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers.import_graph import (
    condensed,
    import_graph,
    package_modules,
    strongly_connected,
    without,
)

from rusty_train_py import layers
from rusty_train_py.base.paths import PROJECT_ROOT

PACKAGE = PROJECT_ROOT / "rusty_train_py"
GRAPH = import_graph(PACKAGE, "rusty_train_py")


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (anywhere in it), as written: ``..mapstate``, ``numpy``."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def part(module: str) -> str:
    found = layers.part_of(module)
    assert found is not None, f"{module} is in no layer"
    return found


def layer(module: str) -> layers.Layer:
    found = layers.layer_of(module)
    assert found is not None, f"{module} is in no layer"
    return found


def violations(graph, layer_of) -> list[str]:
    """Every import of ``graph`` the layer table does not allow, as 'a (layer) -> b (layer)'."""
    out = []
    for source, targets in sorted(graph.items()):
        a = layer_of(source)
        for target in sorted(targets):
            b = layer_of(target)
            if a is None or b is None:
                out.append(f"{source or '__init__'} -> {target or '__init__'}: not in a layer")
            elif a is not b and b.name not in a.may_import:
                out.append(f"{source} ({a.name}) -> {target} ({b.name})")
    return out


CHECKED = without(GRAPH, layers.PENDING_IMPORTS)


def test_every_module_is_in_a_layer():
    assert [m for m in GRAPH if layers.layer_of(m) is None] == []


def test_the_layer_table_is_an_order():
    """Each layer names once, and may import only layers below it (so no layer cycle)."""
    names = [x.name for x in layers.LAYERS]
    assert len(set(names)) == len(names)
    parts = [p for x in layers.LAYERS for p in x.parts]
    assert len(set(parts)) == len(parts)
    for i, x in enumerate(layers.LAYERS):
        assert set(x.may_import) <= set(names[:i]), x.name
        if x.qt_free:  # a Qt-free layer stands only on Qt-free layers
            assert all(layers.layer_named(n).qt_free for n in x.may_import), x.name


def test_no_import_cycle_between_modules():
    assert strongly_connected(CHECKED) == []


def test_no_import_cycle_between_parts():
    """Packages and top-level modules (files, route, rules, game ...) form no cycle either."""
    assert strongly_connected(condensed(CHECKED, part)) == []


def test_every_import_follows_the_layer_order():
    assert violations(CHECKED, layers.layer_of) == []


def test_pending_imports_still_exist():
    """An entry of layers.PENDING_IMPORTS whose import is gone must be deleted from it."""
    gone = sorted((a, b) for a, b in layers.PENDING_IMPORTS if b not in GRAPH.get(a, ()))
    assert gone == [], "delete these from layers.PENDING_IMPORTS"


def test_the_graph_sees_every_kind_of_import():
    """Function-level, TYPE_CHECKING and relative imports are all in the graph."""
    assert {"files.savefile", "route.last"} <= GRAPH["files.loader"]  # `from . import savefile`
    assert "route.locks" in GRAPH["route.last"]  # imported inside a function
    assert "gamedata.game" in GRAPH["route.last"]  # imported under TYPE_CHECKING only


QT_FREE = sorted(m for m in GRAPH if layer(m).qt_free)


@pytest.mark.parametrize("module", QT_FREE)
def test_the_qt_free_layers_import_no_qt(module):
    path = package_modules(PACKAGE)[module]
    assert not [m for m in imports(path) if "PySide6" in m or "shiboken" in m]


# -- the checker fails where it should: a small package written for the test ----------------


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "toy" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "toy"


def test_the_checker_finds_a_planted_cycle(tmp_path):
    """grid.hexgrid imports route.graph inside a function; route.graph imports it only for
    its types: a cycle of modules and of parts, and the grid importing route against the order."""
    pkg = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "grid/__init__.py": "",
            "grid/hexgrid.py": "def f():\n    from ..route.graph import Graph\n    return Graph\n",
            "grid/tile.py": "import toy.grid.hexgrid\n",
            "route/__init__.py": "",
            "route/graph.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from ..grid.hexgrid import f\n"
                "class Graph: ...\n"
            ),
            "route/paths.py": "from . import graph\nfrom toy.route.graph import Graph\n",
        },
    )
    graph = import_graph(pkg, "toy")
    assert graph == {
        "": set(),
        "grid": set(),
        "grid.hexgrid": {"route.graph"},
        "grid.tile": {"grid.hexgrid"},
        "route": set(),
        "route.graph": {"grid.hexgrid"},
        "route.paths": {"route.graph"},
    }
    assert strongly_connected(graph) == [["grid.hexgrid", "route.graph"]]
    assert strongly_connected(condensed(graph, part)) == [["grid", "route"]]
    assert violations(graph, layers.layer_of) == ["grid.hexgrid (grid) -> route.graph (route)"]
    assert strongly_connected(without(graph, {("route.graph", "grid.hexgrid")})) == []


def test_every_part_the_layers_name_exists():
    """layers.py lists no part that is not a module or package of the package."""
    modules = package_modules(PACKAGE)
    missing = [p for layer in layers.LAYERS for p in layer.parts if p not in modules]
    assert missing == []


def test_the_package_root_holds_only_the_entry_and_the_layer_map():
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "layers.py"]


def test_the_checker_finds_a_cycle_of_packages_only(tmp_path):
    """No module cycle, yet files -> route -> files: a cycle between parts."""
    pkg = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "files/__init__.py": "",
            "files/loader.py": "from ..route import last\n",
            "files/errors.py": "",
            "route/__init__.py": "",
            "route/last.py": "",
            "route/search.py": "from ..files.errors import *\n",
        },
    )
    graph = import_graph(pkg, "toy")
    assert strongly_connected(graph) == []
    assert strongly_connected(condensed(graph, part)) == [["files", "route"]]
    assert violations(graph, layers.layer_of) == ["route.search (route) -> files.errors (files)"]


# -- rules inside layers -------------------------------------------------------------------

MODES = ("default", "edit_tokens", "find_routes", "replace_tile", "plan")


@pytest.mark.parametrize("mode", MODES)
def test_only_default_mode_imports_the_modes_it_enters(mode):
    used = imports(PACKAGE / "ui" / "modes" / f"{mode}.py")
    siblings = {f".{m}" for m in MODES} - {f".{mode}"}
    expected = siblings if mode == "default" else set()
    assert used & siblings == expected


GEOMETRY = (
    "values",
    "curves",
    "nodes",
    "spots",
    "tile_layout",
    "map_layout",
    "routes",
    "labels",
    "map_labels",
    "hits",
)


@pytest.mark.parametrize("module", GEOMETRY)
def test_geometry_modules_import_only_those_below_them(module):
    used = {m[1:] for m in imports(PACKAGE / "render" / "geometry" / f"{module}.py")}
    below = set(GEOMETRY[: GEOMETRY.index(module)])
    assert used & set(GEOMETRY) <= below


def test_a_titles_home_is_imported_by_the_titles_only():
    """The finder and the replay find a title's home by its id (titles.registry), never by
    importing it: only the titles package (its discovery, a family's home) names a home."""
    home = re.compile(r"titles\.t\d\w*")
    outside = {
        (source, target)
        for source, targets in GRAPH.items()
        for target in targets
        if home.fullmatch(target) and not source.startswith("titles")
    }
    assert outside == set()
    assert {"titles.t1817"} <= GRAPH["titles.t1817na"]  # a family's home uses 1817's class
    assert "titles" in {layers.part_of(t) for t in GRAPH["route.search"]}


def test_saved_games_do_not_import_the_rusty_train_reader():
    assert not [m for m in imports(PACKAGE / "files" / "savefile.py") if "rusty_train" in m]


def test_the_contributor_guide_prints_the_layer_table():
    guide = (PROJECT_ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    layout = guide[guide.index("## The layers") :]
    assert layers.layout_table() in layout, (
        "paste layers.layout_table() into docs/contributing.md's The layers"
    )
