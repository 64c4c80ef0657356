"""A fuzzer of the game data: mutations of every games/*.toml and tiles/*.tiles (values of
another type, negatives, zeros, empties, deep nesting, bad bytes, deleted lines, indexes out
of range, tile codes with bad edges, revenues and options), each loaded by ``load_game_file``.

Zero escapes: loading raises nothing but GameDataError, and its message starts with the
path of the file that was changed. Zero nonsense accepted: a mutation this file's own oracle
(tests/game_data_oracle.py, written from games/README.md and tiles/README.md, apart
from the loader's schema) knows to be wrong is refused. Mutations of a rule kind's own
parameters (a train's ``stops``, a bonus's ``amount``) are checked by the kinds in rules/,
counted apart (``Report.rules_nonsense``; ``Report.netted``: refused only by the loader's
last net for values of the wrong shape, not by the kind); both are zero too.

tests/test_fuzz_game_data.py runs a CI-sized share; ``make fuzz`` a long one:
``python tests/fuzz_game_data.py --cases 10000 --seed 1``.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from game_data_oracle import REQUIRED, VALID  # noqa: E402

from rusty_train_py.base.paths import games_dir, tiles_dir  # noqa: E402
from rusty_train_py.gamedata.game import GameDataError  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import load_game_file  # noqa: E402
from rusty_train_py.grid.tile import IGNORED_PARTS  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402

# ---- tile codes ---------------------------------------------------------------------------------

CODE_MUTATIONS: list[tuple[str, str, str]] = [
    # (option of a part, new value, what) -- all of them wrong
    ("edge", "9", "edge 9"),
    ("edge", "-1", "edge -1"),
    ("a", "6", "path end 6"),
    ("b", "_9", "node _9 not declared"),
    ("revenue", "-20", "negative revenue"),
    ("revenue", "yellow_-10", "negative revenue column"),
    ("revenue", "pink_20", "unknown revenue column"),
    # slots:0 is right since 1870's cities with no token space (tiles/README.md)
    ("slots", "7", "seven token spaces"),
    ("cost", "-5", "negative cost"),
    ("visit_cost", "-1", "negative visit cost"),
    ("loc", "7", "loc off the hex"),
    ("hide", "maybe", "hide not a flag"),
    ("track", "metre", "unknown gauge"),
    ("type", "lava", "unknown border type"),
    ("terminal", "x", "terminal not a flag"),
    ("future_label.color", "pink", "future label colour"),
]
PART = re.compile(r"(?P<key>[a-z_]+):(?P<value>[^,;]*)")


def _part_of(code: str, m: re.Match) -> str:
    """The kind of the part (``city``, ``path``, ...) an option found in a tile code is in."""
    return code[code.rfind(";", 0, m.start()) + 1 : m.start()].partition("=")[0]


def _option(code: str, m: re.Match) -> str:
    """An option found in a tile code as CODE_MUTATIONS names it (future_label's with it)."""
    part = _part_of(code, m)
    key = m.group("key")
    return f"{part}.{key}" if part == "future_label" else key


def mutate_code(rng: random.Random, code: str) -> tuple[str, str] | None:
    """A wrong variant of a tile code (every one must be refused): (new code, what)."""
    # parts the loader keeps unread (IGNORED_PARTS: 1870's partitions, tile lays only) are
    # not mutated: what they hold is not the loader's to refuse
    parts = [p for p in code.split(";") if p and p.partition("=")[0] not in IGNORED_PARTS]
    op = rng.randrange(6)
    if op == 0 and parts:
        part = rng.choice(parts)
        if part.startswith("label="):
            return code.replace(part, "label=", 1), "empty label"
        extra = ",zz:1" if "=" in part else "=zz:1"
        return code.replace(part, part + extra, 1), "unknown option"
    if op == 1:
        return code + ";bogus=1", "unknown part"
    options = [m for m in PART.finditer(code) if _part_of(code, m) not in IGNORED_PARTS]
    for _ in range(10):
        key, value, what = rng.choice(CODE_MUTATIONS)
        hits = [m for m in options if _option(code, m) == key]
        if hits:
            m = rng.choice(hits)
            return code[: m.start("value")] + value + code[m.end("value") :], what
    if options:
        m = rng.choice(options)
        again = f",{m.group('key')}:{m.group('value')}"
        return code[: m.end()] + again + code[m.end() :], "option twice"
    return None


# ---- TOML text ------------------------------------------------------------------------------------

HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.]+)\s*\]\]?\s*(#.*)?$")
KEYLINE = re.compile(r'^(\s*)("[^"]*"|[A-Za-z0-9_-]+)\s*=\s*(.*)$')


@dataclass
class KeyLine:
    line: int
    table: str  # "" top, "companies", "rusty_train.rotation_offsets" ...
    index: int  # the N-th [[table]] (0 for plain tables)
    key: str
    value: Any


def key_lines(text: str) -> list[KeyLine]:
    """Every ``key = value`` line whose value is complete on its line, with its table."""
    out, table, counts, index = [], "", {}, 0
    for n, line in enumerate(text.split("\n")):
        h = HEADER.match(line)
        if h:
            table = h.group(2)
            if h.group(1) == "[[":
                counts[table] = counts.get(table, -1) + 1
                index = counts[table]
            else:
                index = 0
            continue
        m = KEYLINE.match(line)
        if not m:
            continue
        try:
            value = tomllib.loads("v = " + m.group(3))["v"]
        except tomllib.TOMLDecodeError:
            continue
        out.append(KeyLine(n, table, index, m.group(2).strip('"'), value))
    return out


def literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def new_values(rng: random.Random, old: Any) -> list[tuple[str, Any, str]]:
    """(TOML text, value, what) replacing ``old``."""
    depth = rng.choice([40, 3000])
    deep: Any = []
    for _ in range(min(depth, 40)):
        deep = [deep]
    out = [
        ('"x"', "x", "a string"), ("7", 7, "a number"), ("-1", -1, "negative"),
        ("-99999999", -99999999, "very negative"), ("0", 0, "zero"), ('""', "", "empty"),
        ('"  "', "  ", "blank"), ("true", True, "a boolean"), ("[]", [], "an empty list"),
        ('["x"]', ["x"], "a list"), ("{}", {}, "an empty table"), ("1.5", 1.5, "a float"),
        ("9", 9, "an index out of range"), ("6", 6, "six"),
        ("99999999999999999999999", 99999999999999999999999, "huge"),
        ("[" * depth + "]" * depth, deep if depth <= 40 else "deep", f"nested {depth} deep"),
    ]  # fmt: skip
    if isinstance(old, str):
        out.append(('"' + "\u00e9" * 3 + '"', "\u00e9" * 3, "another string"))
    return [v for v in out if not (type(v[1]) is type(old) and v[1] == old)]


@dataclass
class Mutant:
    file: str  # games/x.toml or tiles/x.tiles
    data: bytes
    what: str
    must_refuse: bool = False
    owner: str = "data"
    game: str = ""  # the game loaded
    names: tuple[str, ...] = ()  # files an error may name first


def valid_value(kl: KeyLine, value: Any, original: dict) -> tuple[bool | None, str]:
    """Whether ``value`` is valid for the key of ``kl`` (None: the oracle does not say)."""
    table = kl.table
    found = VALID.get((table, kl.key)) or VALID.get((table, "*"))
    if found is None:
        return None, "data"
    if isinstance(value, str) and value == "deep":
        return False, found[1]
    check, owner = found
    return check(value, _table_of(original, kl)), owner


def _table_of(original: dict, kl: KeyLine) -> dict:
    node: Any = original
    for part in kl.table.split(".") if kl.table else ():
        node = node.get(part, {}) if isinstance(node, dict) else {}
    if isinstance(node, list):
        node = node[kl.index] if kl.index < len(node) else {}
    return node if isinstance(node, dict) else {}


def toml_mutant(rng: random.Random, text: str, original: dict) -> Mutant:
    lines = text.split("\n")
    keys = key_lines(text)
    op = rng.randrange(10)
    if op <= 4:  # a value replaced: a key of the schema first, then one of its lines
        groups: dict[tuple[str, str], list[KeyLine]] = {}
        for k in keys:
            known = (k.table, k.key) in VALID or (k.table, "*") in VALID
            groups.setdefault((k.table, k.key if known else "?"), []).append(k)
        kl = rng.choice(groups[rng.choice(sorted(groups))])
        literal_text, value, what = rng.choice(new_values(rng, kl.value))
        m = KEYLINE.match(lines[kl.line])
        assert m is not None
        lines[kl.line] = f"{m.group(1)}{m.group(2)} = {literal_text}"
        valid, owner = valid_value(kl, value, original)
        where = f"{kl.table or 'top'}[{kl.index}].{kl.key} = {what}"
        return Mutant("", "\n".join(lines).encode(), where, valid is False, owner)
    if op == 5:  # a line deleted
        kl = rng.choice(keys)
        del lines[kl.line]
        required = (kl.table, kl.key) in REQUIRED
        return Mutant("", "\n".join(lines).encode(), f"{kl.table}.{kl.key} deleted", required)
    if op == 6:  # a tile code of the map changed
        codes = [k for k in keys if k.key == "code" and isinstance(k.value, str)]
        kl = rng.choice(codes)
        changed = mutate_code(rng, kl.value)
        if changed is not None:
            m = KEYLINE.match(lines[kl.line])
            assert m is not None
            lines[kl.line] = f"{m.group(1)}code = {literal(changed[0])}"
            what = f"hexes[{kl.index}].code: {changed[1]}"
            return Mutant("", "\n".join(lines).encode(), what, True)
    if op == 7:  # bad bytes
        data = text.encode()
        i = rng.randrange(len(data))
        bad = rng.choice([b"\xff", b"\xc3\x28", b"\x80", b"\xed\xa0\x80"])
        return Mutant("", data[:i] + bad + data[i:], "bad UTF-8 bytes", True)
    if op == 8:  # a NUL or control character
        data = text.encode()
        i = rng.randrange(len(data))
        return Mutant("", data[:i] + b"\x00" + data[i:], "a NUL byte", True)
    data = text.encode()  # cut short
    return Mutant("", data[: rng.randrange(len(data))], "truncated")


def tiles_mutant(rng: random.Random, text: str) -> Mutant:
    lines = text.split("\n")
    tiles = [n for n, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    n = rng.choice(tiles)
    fields = lines[n].split(None, 2)
    op = rng.randrange(6)
    if op <= 2 and len(fields) == 3:
        changed = mutate_code(rng, fields[2])
        if changed is not None:
            lines[n] = f"{fields[0]} {fields[1]} {changed[0]}"
            return Mutant("", "\n".join(lines).encode(), f"tile {fields[0]}: {changed[1]}", True)
    if op == 3:
        # (red and blue are tile colours too: a private's tile on a hex of its colour)
        colour = rng.choice(["pink", "orange", "white", "empty", "1"])
        lines[n] = " ".join([fields[0], colour, *fields[2:]])
        return Mutant("", "\n".join(lines).encode(), f"tile {fields[0]}: colour {colour}", True)
    if op == 4:
        lines.insert(n, lines[n])
        return Mutant("", "\n".join(lines).encode(), f"tile {fields[0]} twice", True)
    data = text.encode()
    i = rng.randrange(len(data))
    return Mutant("", data[:i] + b"\xff" + data[i:], "bad UTF-8 bytes", True)


# ---- running -------------------------------------------------------------------------------------


@dataclass
class Report:
    cases: int = 0
    refused: int = 0
    accepted: int = 0
    seconds: float = 0.0
    escapes: list[str] = field(default_factory=list)  # not a GameDataError
    unnamed: list[str] = field(default_factory=list)  # an error not naming the changed file
    nonsense: list[str] = field(default_factory=list)  # wrong data accepted (schema)
    rules_nonsense: list[str] = field(default_factory=list)  # wrong kind parameters accepted
    # refused only by the loader's last net for values of the wrong shape (a rule kind's
    # parameter its own checker let through): clean, but the kind should say what is wrong
    netted: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.cases} mutations: {self.refused} refused, {self.accepted} loaded;"
            f" {len(self.escapes)} escapes, {len(self.unnamed)} errors naming another file,"
            f" {len(self.nonsense)} wrong values accepted"
            f" (+{len(self.rules_nonsense)} in rule kinds' parameters, {len(self.netted)}"
            f" refused by the last net); {self.seconds:.0f} CPU s"
        )


def check(mutant: Mutant, games: Path, tiles: Path, report: Report, label: str) -> None:
    report.cases += 1
    path = games / f"{mutant.game}.toml"
    try:
        game = load_game_file(path, tiles)
        MapState(game, game.default_phase)
    except GameDataError as exc:
        report.refused += 1
        text = str(exc)
        if not any(text.startswith(name) for name in mutant.names):
            report.unnamed.append(f"{label}: {text[:300]}")
        if "a value of the wrong shape" in text:
            report.netted.append(f"{label}: {text[:300]}")
    except RecursionError:
        report.escapes.append(f"{label}: RecursionError")
    except Exception as exc:  # noqa: BLE001 - any other exception is what the fuzz looks for
        report.escapes.append(f"{label}: {type(exc).__name__}: {str(exc)[:300]}")
    else:
        report.accepted += 1
        if mutant.must_refuse:
            where = report.nonsense if mutant.owner == "data" else report.rules_nonsense
            where.append(f"{label}")


def run(cases: int, seed: int, progress: bool = False) -> Report:
    """Fuzz ``cases`` mutations, two in three of a game file, one in three of a tile file."""
    rng = random.Random(seed)
    report = Report()
    t0 = time.process_time()
    with tempfile.TemporaryDirectory(prefix="rusty-train-data-fuzz-") as tmp:
        games, tiles = Path(tmp) / "games", Path(tmp) / "tiles"
        shutil.copytree(games_dir(), games)
        shutil.copytree(tiles_dir(), tiles)
        game_files = sorted(games.glob("*.toml"))
        texts = {p: p.read_text(encoding="utf-8") for p in game_files}
        parsed = {p: tomllib.loads(t) for p, t in texts.items()}
        tile_files = sorted(tiles.glob("*.tiles"))
        users = {
            t: [p.stem for p in game_files if t.stem in parsed[p]["tiles"]] for t in tile_files
        }
        tile_files = [t for t in tile_files if users[t]]
        for k in range(cases):
            if rng.random() < 2 / 3:
                path = rng.choice(game_files)
                mutant = toml_mutant(rng, texts[path], parsed[path])
                mutant.game, mutant.names = path.stem, (str(path),)
                original = texts[path].encode()
            else:
                path = rng.choice(tile_files)
                original = path.read_bytes()
                mutant = tiles_mutant(rng, original.decode())
                mutant.game, mutant.names = rng.choice(users[path]), (str(path),)
            mutant.file = str(path)
            path.write_bytes(mutant.data)
            try:
                check(
                    mutant,
                    games,
                    tiles,
                    report,
                    f"seed {seed} case {k}: {path.name}: {mutant.what}",
                )
            finally:
                path.write_bytes(original)
            if progress and (k + 1) % 1000 == 0:
                report.seconds = time.process_time() - t0
                print(report.line(), flush=True)
    report.seconds = time.process_time() - t0
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    args = p.parse_args(argv)
    print(f"fuzzing game data: {args.cases} mutations, seed {args.seed}", flush=True)
    report = run(args.cases, args.seed, progress=True)
    print(report.line())
    for kind, items in (
        ("ESCAPE", report.escapes),
        ("UNNAMED", report.unnamed),
        ("ACCEPTED", report.nonsense),
        ("ACCEPTED (rule kind)", report.rules_nonsense),
        ("NETTED", report.netted),
    ):
        for item in items:
            print(kind, item)
    failed = report.escapes or report.unnamed or report.nonsense
    return 1 if failed or report.rules_nonsense or report.netted else 0


if __name__ == "__main__":
    sys.exit(main())
