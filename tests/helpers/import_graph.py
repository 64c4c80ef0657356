"""The import graph of a package, computed from its source with ``ast``: every import
statement counts, at module level, inside functions and under ``TYPE_CHECKING``; relative
imports are resolved. Module names are relative to the package (``""`` is its ``__init__``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

Graph = dict[str, set[str]]


def package_modules(root: Path) -> dict[str, Path]:
    """Every module of the package in folder ``root``: relative dotted name -> file."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _join(*names: str) -> str:
    return ".".join(n for n in names if n)


def _resolve(name: str, modules: Mapping[str, Path]) -> str | None:
    """The longest module of the package that ``name`` (relative) is or lies in."""
    while name not in modules:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def imports_of(module: str, path: Path, package: str, modules: Mapping[str, Path]) -> set[str]:
    """The modules of the package that ``module`` imports, anywhere in its text."""
    is_package = path.name == "__init__.py"
    here = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == package or alias.name.startswith(package + "."):
                    target = _resolve(alias.name[len(package) + 1 :], modules)
                    if target is not None:
                        out.add(target)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".") if here else []
                up = node.level - 1
                if up > len(base):
                    raise ValueError(f"{path}:{node.lineno}: relative import beyond the package")
                base_name = _join(*base[: len(base) - up], node.module or "")
            elif node.module and (node.module == package or node.module.startswith(package + ".")):
                base_name = node.module[len(package) + 1 :]
            else:
                continue
            for alias in node.names:
                sub = _join(base_name, alias.name)
                target = sub if sub in modules else _resolve(base_name, modules)
                if target is not None:
                    out.add(target)
    out.discard(module)
    return out


def import_graph(root: Path, package: str) -> Graph:
    """Module -> the package's modules it imports, for the package in folder ``root``."""
    modules = package_modules(root)
    return {m: imports_of(m, p, package, modules) for m, p in modules.items()}


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The cycles of ``graph``: its strongly connected components of two or more nodes, each
    sorted, in sorted order (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def condensed(graph: Mapping[str, Iterable[str]], group: Callable[[str], str]) -> Graph:
    """The graph between groups of modules (parts, layers): an edge where a module of one
    group imports a module of another."""
    out: Graph = {}
    for source, targets in graph.items():
        a = group(source)
        out.setdefault(a, set())
        for target in targets:
            b = group(target)
            if a != b:
                out[a].add(b)
    return out


def without(graph: Mapping[str, Iterable[str]], edges: Iterable[tuple[str, str]]) -> Graph:
    """``graph`` less the given edges."""
    skip = set(edges)
    return {a: {b for b in bs if (a, b) not in skip} for a, bs in graph.items()}
