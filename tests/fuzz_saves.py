"""A fuzzer for everything that reads a saved game: mutations of every bundled and reference
save (bytes cut, flipped, spliced; JSON values replaced, dropped, repeated, nested deep),
plus special files, through the library (``open_game``, save and reopen), the route finder
and the renderer.

Zero crashes means: ``open_game`` raises nothing but GameFileError; a game it opens saves
and reopens to the same state and warnings; ``find_routes`` on it raises nothing but
RouteSearchError; rendering it raises nothing; nothing runs past its time limit (a hang).

tests/test_fuzz.py runs a CI-sized share; ``make fuzz`` a long one:
``python tests/fuzz_saves.py --cases 20000 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from reference_data import REFERENCE  # noqa: E402

from rusty_train_py.base.paths import default_game_file  # noqa: E402
from rusty_train_py.files.errors import GameFileError  # noqa: E402
from rusty_train_py.files.loader import OpenedGame, open_game, save_game  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import load_game  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402

CASE_SECONDS = 20  # one case (open, save, reopen, routes, render) longer than this: a hang


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread after ``seconds`` (POSIX; elsewhere no limit)."""
    if not hasattr(signal, "SIGALRM") or seconds <= 0:
        yield
        return

    def on_alarm(_signum, _frame):
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---- seeds -------------------------------------------------------------------------------------


def _small_save(game_id: str) -> bytes:
    """A short save of ours for ``game_id``: a few tiles and tokens, so every game is seeded."""
    from rusty_train_py.files.savefile import dumps

    game = load_game(game_id)
    state = MapState(game, game.phases[-1].name)
    placed = 0
    for hex_name in game.hex_order:
        mh = game.hexes[hex_name]
        if not mh.accepts_tiles or mh.tile.cities or mh.tile.towns or placed >= 4:
            continue
        for tile in ("57", "9", "8"):
            if tile in game.catalogue:
                state.apply(state.place_tile_edit(hex_name, tile, placed % 6, False))
                break
        if state.laid_tile(hex_name) == "57":
            company = game.companies[placed % len(game.companies)].abbrev
            state.apply(state.place_token_edit(hex_name, 0, company, False))
        placed += 1
    return dumps(state).encode("utf-8")


def _with_last_routes() -> bytes:
    """The bundled 1867 game with GW's and C&O's routes kept as their last run."""
    from rusty_train_py.files.savefile import dumps
    from rusty_train_py.route.last import last_routes_of
    from rusty_train_py.route.search import find_routes

    state = open_game(default_game_file()).state
    kept = last_routes_of(find_routes(state, "GW", ["5", "8"]))
    kept += last_routes_of(find_routes(state, "C&O", ["6"]))
    return dumps(state, kept).encode("utf-8")


def _rusty_1830() -> bytes:
    """A Rusty Train save of 1830 in its phase "7" (our D), with a tile and a token."""
    return json.dumps(
        {
            "game": "1830: Railways and Robber Barons",
            "phase": "7",
            "map": {
                "orientation": "PointyTop",
                "tiles": [
                    {"row": 5, "col": 0, "tile": "Chicago_Bn"},
                    {"row": 4, "col": 2, "tile": "57", "rotation": "Cw1", "tokens": [[0, "PRR"]]},
                    {"row": 4, "col": 3, "tile": "8", "rotation": "Acw1"},
                ],
            },
        },
        indent=2,
    ).encode("utf-8")


def seeds() -> dict[str, bytes]:
    """Every bundled save, the reference Rusty Train save when present, a small save of
    ours for each game and a Rusty Train save of 1830."""
    out: dict[str, bytes] = {}
    for path in sorted(default_game_file().parent.glob("*.json")):
        out[f"resources/{path.name}"] = path.read_bytes()
    reference = REFERENCE / "rusty_train"
    for path in sorted(reference.glob("*.game")) if reference.is_dir() else []:
        out[f"reference/{path.name}"] = path.read_bytes()
    for gid in ("1830", "1861", "1867", "1889"):
        out[f"small/{gid}.json"] = _small_save(gid)
    out["small/1867_last_routes.json"] = _with_last_routes()
    out["small/1830.game"] = _rusty_1830()
    logs = HERE / "data" / "18xx_games"
    for name in ("1846_222264.json",):
        out[f"logs/{name}"] = (logs / name).read_bytes()
    out["logs/1867_small.json"] = _small_log()
    return out


def _small_log() -> bytes:
    """A short 1867 log of 18xx.games: a minor's home token, tile lays (one undone and
    redone, one undone), a train bought and a run."""
    actions = [
        {"id": 1, "type": "place_token", "entity": "CA", "entity_type": "corporation",
         "city": "M9-0-0", "slot": 0},
        {"id": 2, "type": "lay_tile", "entity": "CA", "entity_type": "corporation",
         "hex": "L10", "tile": "58-0", "rotation": 1},
        {"id": 3, "type": "undo", "entity": "CA", "entity_type": "corporation"},
        {"id": 4, "type": "redo", "entity": "CA", "entity_type": "corporation"},
        {"id": 5, "type": "lay_tile", "entity": "CA", "entity_type": "corporation",
         "hex": "M11", "tile": "8-0", "rotation": 0},
        {"id": 6, "type": "undo", "entity": "CA", "entity_type": "corporation", "action_id": 4},
        {"id": 7, "type": "buy_train", "entity": "CA", "entity_type": "corporation",
         "train": "2-0", "price": 100, "variant": "2"},
        {"id": 8, "type": "run_routes", "entity": "CA", "entity_type": "corporation",
         "routes": [{"train": "2-0", "revenue": 40, "connections": [["M9", "L10"]]}]},
    ]  # fmt: skip
    return json.dumps({"id": 1, "title": "1867", "players": [], "actions": actions}).encode()


# ---- mutations ---------------------------------------------------------------------------------

FRAGMENTS = [
    b'"', b"{", b"}", b"[", b"]", b",", b":", b"null", b"-1", b"1e999", b"NaN", b"-Infinity",
    b'"\\u0000"', b"9" * 30, b'"\xff\xfe"', b"\x00", b"\xef\xbb\xbf", b"[" * 5000,
    b"{\"a\":" * 3000, b"\n", b" ", b"true", b'"Z99"', b'"57"',
]  # fmt: skip


_VOCABULARY: list[object] = []


def vocabulary() -> list[object]:
    """Names a save may hold, from the four games: hexes, tiles (ours and Rusty Train's map
    tiles), companies, phases, rotations and token spaces, so mutants stay plausible."""
    if not _VOCABULARY:
        words: set[object] = set(range(6)) | {"Zero", "Cw1", "Cw2", "Half", "Acw2", "Acw1"}
        for gid in ("1830", "1861", "1867", "1889"):
            game = load_game(gid)
            words.update(game.hex_order)
            words.update(t.name for t in game.placeable_tiles)
            words.update(c.abbrev for c in game.companies)
            words.update(p.name for p in game.phases)
            words.update(game.rusty_train.get("map_tiles", ()))
        _VOCABULARY.extend(sorted(words, key=str))
    return _VOCABULARY


def interesting_values(rng: random.Random) -> list[object]:
    if rng.random() < 0.5:
        return vocabulary()
    deep: object = []
    for _ in range(rng.choice([5, 17, 40, 3000])):
        deep = [deep]
    return [
        None, True, False, 0, -1, 1, 5, 6, 7, 2**63, -(10**30), 1.5, float("inf"), float("nan"),
        "", "x" * rng.choice([1, 100, 100_000]), "\x00", "Z99", "A1", "P0", "57", "8", "X5", "GW",
        "CNR", "PRR", "D", "7", "Cw1", "Half", "FlatTop", "rusty-train-py", "1830", [], {},
        [0, "GW"], [[0, "GW"], [0, "GW"]], {"hex": "I15", "tile": "57", "rotation": 0},
        {"row": 7, "col": 8, "tile": "57"}, deep,
    ]  # fmt: skip


def dump(value: object, dup: tuple[int, str, object] | None = None) -> str:
    """JSON text of ``value``; ``dup`` = (id of an object, key, value): that object gets the
    key a second time. Long chains of one-item lists are written without recursion."""
    if isinstance(value, dict):
        items = [f"{json.dumps(k)}: {dump(v, dup)}" for k, v in value.items()]
        if dup is not None and dup[0] == id(value):
            items.insert(len(items) // 2, f"{json.dumps(dup[1])}: {dump(dup[2])}")
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list):
        depth, inner = 0, value
        while isinstance(inner, list) and len(inner) == 1:
            depth, inner = depth + 1, inner[0]
        if depth > 50:
            return "[" * depth + dump(inner, dup) + "]" * depth
        return "[" + ", ".join(dump(v, dup) for v in value) + "]"
    return json.dumps(value)


def _containers(value: object, max_depth: int = 8) -> list[object]:
    """The dicts and lists of a JSON value down to ``max_depth`` (the save's own levels, not
    the inside of a deep value planted by a mutation), found without recursion."""
    out, stack = [], [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)) and depth <= max_depth:
            out.append(v)
            stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return out


def mutate_structure(rng: random.Random, data: object) -> None:
    """One change, in place, to a random object or list of the parsed save."""
    target = rng.choice(_containers(data))
    values = interesting_values(rng)
    if isinstance(target, dict) and target:
        key = rng.choice(list(target))
        op = rng.randrange(4)
        if op == 0:
            target[key] = rng.choice(values)
        elif op == 1:
            del target[key]
        elif op == 2:
            new = rng.choice(["extra", key.upper(), key + "s", "format", "tile", "map"])
            target[new] = rng.choice(values)
        else:
            other = rng.choice(list(target))
            target[key], target[other] = target[other], target[key]
    elif isinstance(target, list) and target:
        i = rng.randrange(len(target))
        op = rng.randrange(5)
        if op == 0:
            target[i] = rng.choice(values)
        elif op == 1:
            del target[i]
        elif op == 2:
            target.insert(rng.randrange(len(target) + 1), target[i])  # the same value twice
        elif op == 3:
            j = rng.randrange(len(target))
            target[i], target[j] = target[j], target[i]
        else:
            target.append(rng.choice(values))
    elif isinstance(target, dict):
        target["x"] = rng.choice(values)
    else:
        target.append(rng.choice(values))


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    n = len(data)
    op = rng.randrange(6)
    i = rng.randrange(n + 1)
    if op == 0:
        return data[:i]
    if op == 1 and n:
        i = min(i, n - 1)
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    if op == 2:
        j = min(n, i + rng.randrange(1, 64))
        return data[:i] + data[j:]
    if op == 3:
        j = min(n, i + rng.randrange(1, 200))
        return data[:j] + data[i:j] + data[j:]
    return data[:i] + rng.choice(FRAGMENTS) + data[i:]


def mutant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A mutation of a seed: (what was done, the bytes)."""
    if rng.random() < 0.6:
        value = json.loads(data)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            mutate_structure(rng, value)
        dup = None
        objects = [c for c in _containers(value) if isinstance(c, dict) and c]
        if objects and rng.random() < 0.15:
            obj = rng.choice(objects)
            key = rng.choice(list(obj))
            dup = (id(obj), key, rng.choice([obj[key], *interesting_values(rng)]))
        return "structure", dump(value, dup).encode("utf-8")
    out = data
    for _ in range(rng.choice([1, 1, 2, 4])):
        out = mutate_bytes(rng, out)
    return "bytes", out


# ---- checking one file -------------------------------------------------------------------------


@dataclass
class Report:
    cases: int = 0
    opened: int = 0
    refused: int = 0
    warned: int = 0
    routes: int = 0
    renders: int = 0
    cli: int = 0
    crashes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.cases} cases in {self.seconds:.1f} s: {self.opened} opened ({self.warned}"
            f" with warnings), {self.refused} refused, {self.routes} route searches,"
            f" {self.renders} renders, {self.cli} refused files through the CLI,"
            f" {len(self.crashes)} crashes or hangs"
        )


def check_open(path: Path, out_dir: Path) -> OpenedGame | None:
    """Open ``path``; a game that opens must save and reopen identically. None: refused."""
    try:
        opened = open_game(path)
    except GameFileError as exc:
        if not str(exc):
            raise AssertionError("GameFileError without a message") from None
        return None
    again = out_dir / "again.json"
    save_game(opened.state, again, last_routes=opened.last_routes, trains=opened.trains)
    reopened = open_game(again)
    if reopened.state != opened.state:
        raise AssertionError("the saved game reopens as another state")
    if reopened.trains != opened.trains:
        raise AssertionError("the companies' trains change on a round trip")
    if reopened.last_routes != opened.last_routes:
        raise AssertionError("the kept routes change on a round trip")
    # a phase read under another name, and what a log's replay could not follow, are
    # warnings of the file read, not of the map saved
    rules = tuple(w for w in opened.warnings if not w.startswith(("phase:", "action ", "set-up:")))
    if reopened.warnings != rules:
        raise AssertionError(f"warnings change on a round trip: {opened.warnings} -> {rules}")
    return opened


def check_routes(opened: OpenedGame) -> None:
    from rusty_train_py.route.search import RouteSearchError, find_routes

    state = opened.state
    companies = state.companies_on_map() or [state.game.companies[0].abbrev]
    trains = [t.name for t in state.game.trains][-2:]
    try:
        find_routes(state, companies[0], trains, time_limit=2.0, max_paths=200_000)
    except RouteSearchError:
        pass


def check_render(opened: OpenedGame, out_dir: Path) -> None:
    from rusty_train_py.render.qt.export import render_map_image

    render_map_image(opened.state, out_dir / "map.png", 10.0)


def check_cli(argv: list[str]) -> None:
    """The command line on a file: exit 0 or 2, and stderr only our own one-line messages."""
    import contextlib
    import io

    from rusty_train_py.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    lines = err.getvalue().splitlines()
    if code not in (0, 2) or any(not line.startswith("rusty-train-py: ") for line in lines):
        raise AssertionError(f"rusty-train-py {' '.join(argv)}: exit {code}, stderr {lines[:3]}")


def check_case(
    path: Path,
    out_dir: Path,
    routes_every: int,
    render_every: int,
    report: Report,
    label: str,
    keep: Path | None = None,
    cli_every: int = 0,
) -> None:
    """Open ``path`` and, for every ``routes_every``-th / ``render_every``-th game that
    opens (0: none), search routes / render the map; for every ``cli_every``-th file refused,
    run the ``routes`` and ``render`` commands on it; crashes and hangs go in the report."""
    report.cases += 1
    try:
        with time_limit(CASE_SECONDS):
            opened = check_open(path, out_dir)
            if opened is None:
                report.refused += 1
                if cli_every and report.refused % cli_every == 1 % cli_every:
                    report.cli += 1
                    check_cli(["routes", str(path), "-c", "GW", "-t", "5,8", "--time-limit", "1"])
                    check_cli(["render", str(path), "-o", str(out_dir / "cli.png")])
                return
            report.opened += 1
            report.warned += bool(opened.warnings)
            if routes_every and report.opened % routes_every == 1 % routes_every:
                report.routes += 1
                check_routes(opened)
            if render_every and report.opened % render_every == 1 % render_every:
                report.renders += 1
                check_render(opened, out_dir)
    except (Exception, RecursionError) as exc:  # noqa: BLE001 - a crash is what we look for
        kept = path
        if keep is not None and path.is_file():
            kept = keep / f"crash-{len(report.crashes)}{path.suffix}"
            kept.write_bytes(path.read_bytes())
        report.crashes.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]} (file {kept})")


def special_files(folder: Path) -> list[tuple[str, Path]]:
    """Things that are not regular saved games: devices, a FIFO, a folder, a sparse 6 GB file."""
    out: list[tuple[str, Path]] = []
    for dev in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if os.path.exists(dev):
            out.append((dev, Path(dev)))
    if hasattr(os, "mkfifo"):
        fifo = folder / "fifo.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        out.append(("fifo", fifo))
    out.append(("folder", folder))
    sparse = folder / "sparse.json"
    with open(sparse, "wb") as fh:
        fh.truncate(6 * 1024**3)
    out.append(("sparse 6 GB", sparse))
    empty = folder / "empty.json"
    empty.write_bytes(b"")
    out.append(("empty", empty))
    link = folder / "loop.json"
    if not link.is_symlink():
        try:
            os.symlink(link, link)
            out.append(("symlink loop", link))
        except OSError:
            pass
    return out


def run(
    cases: int,
    seed: int = 0,
    routes_every: int = 10,
    render_every: int = 100,
    keep: Path | None = None,
    cli_every: int = 10,
    progress: bool = False,
) -> Report:
    """Fuzz ``cases`` mutants (spread over the seeds) plus every special file; the files
    that crash are copied into ``keep``."""
    rng = random.Random(seed)
    report = Report()
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rusty-train-fuzz-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        for label, path in special_files(work):
            check_case(path, work, 0, 0, report, f"special file {label}", keep, 1)
        (work / "sparse.json").unlink()
        named = sorted(seeds().items())
        for k in range(cases):
            name, data = named[k % len(named)]
            how, data = mutant(rng, data)
            path = work / f"case{Path(name).suffix}"
            path.write_bytes(data)
            label = f"seed {seed} case {k} ({how} of {name})"
            check_case(path, work, routes_every, render_every, report, label, keep, cli_every)
            if progress and (k + 1) % 1000 == 0:
                report.seconds = time.monotonic() - t0
                print(report.line(), flush=True)
        report.seconds = time.monotonic() - t0
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    p.add_argument(
        "--routes-every", type=int, default=5, help="search routes on every Nth game that opens"
    )
    p.add_argument("--cli-every", type=int, default=5, help="run the CLI on every Nth file refused")
    p.add_argument("--render-every", type=int, default=50, help="render every Nth game that opens")
    args = p.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    print(f"fuzzing saved games: {args.cases} cases, seed {args.seed}", flush=True)
    crash_dir = Path(tempfile.mkdtemp(prefix="rusty-train-fuzz-"))
    report = run(
        args.cases,
        args.seed,
        args.routes_every,
        args.render_every,
        crash_dir,
        cli_every=args.cli_every,
        progress=True,
    )
    print(report.line())
    for crash in report.crashes:
        print("CRASH", crash)
    if not report.crashes:
        os.rmdir(crash_dir)
    return 1 if report.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
