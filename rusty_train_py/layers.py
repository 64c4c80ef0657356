"""The layers of the package, written once: the modules each holds, what each may import, and
which are Qt-free.

tests/test_architecture.py computes the import graph from the source (every import, inside
functions and under ``TYPE_CHECKING`` too) and fails on a cycle between modules or between
parts, and on an import a layer does not allow; tests/test_core_no_qt.py imports every module
of the Qt-free layers in a fresh interpreter and fails if PySide6 came with them; the README's
Layout section prints this table (``layout_table``, checked equal by the architecture test).
mypy checks the whole package (pyproject.toml).

A *part* is a module or a package under ``rusty_train_py`` (``route`` is the package and every
module in it); a module belongs to the longest part naming it (``render.qt`` is a layer of its own
inside ``render``). The layers run from the bottom
up; a layer may import its own parts and the layers it lists, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

PACKAGE = "rusty_train_py"


@dataclass(frozen=True, slots=True)
class Layer:
    name: str
    parts: tuple[str, ...]  # modules or packages, relative to the package
    may_import: tuple[str, ...]  # names of the layers below it that it may import
    qt_free: bool
    holds: str  # what lives there, in a line (the README's Layout repeats it)


BASE = ("base", "grid")
CORE = ("base", "grid", "rules", "game data", "game loader", "map state", "titles")

LAYERS: tuple[Layer, ...] = (
    Layer(
        "base",
        ("", "layers", "base"),
        (),
        True,
        "the package's entry, this table, data folders, progress reports, the error base",
    ),
    Layer(
        "grid",
        ("grid",),
        ("base",),
        True,
        "the hex grid and tiles: coordinates, tile parts and codes, partitions, lays, the catalogue",
    ),
    Layer(
        "rules",
        ("rules",),
        BASE,
        True,
        "train and bonus kinds (registered), their parameters and readings",
    ),
    Layer(
        "game data",
        ("gamedata",),
        (*BASE, "rules"),
        True,
        "a game as data: map hexes, companies, trains (of a kind), phases, bonuses",
    ),
    Layer(
        "game loader",
        ("gamedata.loader",),
        (*BASE, "rules", "game data"),
        True,
        "the one loader: games/*.toml and tiles/*.tiles into a Game, validated with file and line",
    ),
    Layer(
        "map state",
        ("mapstate",),
        (*BASE, "game data"),
        True,
        "tiles laid, tokens, phase; the upgrade rules, tile counts and place names on it",
    ),
    Layer(
        "titles",
        ("titles",),
        (*BASE, "rules", "game data", "map state"),
        True,
        "each title's one home: its finder rules, its log-replay specials (through a typed"
        " interface the replay offers), registered by id",
    ),
    Layer(
        "route",
        ("route",),
        CORE,
        True,
        "the route finder: track graph, paths, valuation, search, exact model, locks, result",
    ),
    Layer(
        "advisor",
        ("advisor", "planner"),
        (*CORE, "route"),
        True,
        "whole-map questions built on the finder: legal lays and tokens ranked, and plans over several turns",
    ),
    Layer(
        "files",
        ("files",),
        (*CORE, "route"),
        True,
        "saved games: ours, Rusty Train's (import), 18xx.games logs; atomic writes",
    ),
    Layer(
        "render geometry",
        ("render", "render.geometry", "render.colours"),
        (*CORE, "route"),
        True,
        "where things are drawn, without Qt: hex layout, curves, nodes, labels, route lines",
    ),
    Layer(
        "qt drawing",
        ("render.qt",),
        (*CORE, "route", "advisor", "files", "render geometry"),
        False,
        "QPainter drawing of tiles, the map, overlays and charts; PNG/SVG export",
    ),
    Layer(
        "ui",
        ("ui",),
        (*CORE, "route", "advisor", "files", "render geometry", "qt drawing"),
        False,
        "the window: modes, canvas, panels, dialogs, the background search worker",
    ),
    Layer(
        "cli",
        ("cli", "__main__"),
        (*CORE, "route", "advisor", "files", "render geometry", "qt drawing", "ui"),
        False,  # `gui` and `render` start Qt (inside the command; `routes` imports no Qt)
        "the commands: parsing arguments, printing answers, starting the window",
    ),
)

# Imports against the order allowed for a while (a reshaping in progress): the architecture
# test skips exactly these and fails once one of them is gone, so the entry goes with it.
# Empty since the rules layer was reshaped (issue 15: rules/ never names route/ or a Game).
PENDING_IMPORTS: frozenset[tuple[str, str]] = frozenset()


def layer_named(name: str) -> Layer:
    for layer in LAYERS:
        if layer.name == name:
            return layer
    raise KeyError(f"no layer {name!r} (layers: {', '.join(x.name for x in LAYERS)})")


def part_of(module: str) -> str | None:
    """The longest part naming ``module`` (relative to the package; ``""`` is the package's
    own ``__init__``), or None when no layer holds it."""
    best: str | None = None
    for layer in LAYERS:
        for part in layer.parts:
            named = module == part or (part != "" and module.startswith(part + "."))
            if named and (best is None or len(part) > len(best)):
                best = part
    return best


def layer_of(module: str) -> Layer | None:
    """The layer holding ``module`` (relative to the package), or None."""
    part = part_of(module)
    if part is None:
        return None
    return next(layer for layer in LAYERS if part in layer.parts)


def qt_free_layers() -> tuple[Layer, ...]:
    return tuple(layer for layer in LAYERS if layer.qt_free)


def layout_table() -> str:
    """The layer table as the README's Layout section prints it (a test keeps them equal)."""
    rows = [
        "| layer | modules and packages (`rusty_train_py/`) | may import | Qt |",
        "| --- | --- | --- | --- |",
    ]
    for layer in reversed(LAYERS):
        parts = ", ".join(f"`{p.replace('.', '/')}`" if p else "`__init__`" for p in layer.parts)
        below = ", ".join(layer.may_import) or "nothing"
        rows.append(
            f"| **{layer.name}**: {layer.holds} | {parts} | {below} |"
            f" {'no' if layer.qt_free else 'yes'} |"
        )
    return "\n".join(rows)
