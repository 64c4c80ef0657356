"""Turn a dump of one 18xx.games title (dump_game.rb) into ``games/<id>.toml`` and
``tiles/<id>.tiles`` in this project's format (games/README.md, tiles/README.md).

Development tool, not part of the program:

    python tools/import_game/write_game.py DUMP.json --id 18Texas [--games games --tiles tiles]

What the engine states as data comes out of the dump; what it states in code (route rules,
bonuses, readings) goes in the game's hand-written file ``games/hand/<id>.toml``, which this
tool never writes. Every part of the title the format cannot express is listed at the top of
the game file, with the route methods the title overrides in the engine. The same dump gives
the same files, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from convert import convert, pullman_trains  # noqa: E402
from toml_text import game_text, tiles_text  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dump", type=Path)
    ap.add_argument("--id", required=True, help="our game id (the file names)")
    root = Path(__file__).resolve().parents[2]
    ap.add_argument("--games", type=Path, default=root / "games")
    ap.add_argument("--tiles", type=Path, default=root / "tiles")
    ap.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FROM=TO",
        help="write trains of rule kind FROM (or the train named FROM) as rule kind TO (a"
        " route method of the title changes what their distance means)",
    )
    ap.add_argument(
        "--one-stop-per-hex",
        nargs="?",
        const="true",
        choices=("true", "cities"),
        help="the title forbids two stops of one hex in a route (a route method of it: 18EU's"
        " check_other, 18FL's revenue_for); cities: of a hex without towns (1824)",
    )
    ap.add_argument(
        "--track-class",
        action="append",
        default=[],
        metavar="TRAIN=CLASS",
        help="the train named TRAIN runs on its own track class (1822's E: its routes may"
        " share track with the other trains')",
    )
    ap.add_argument(
        "--skip-train",
        action="append",
        default=[],
        metavar="TRAIN",
        help="leave out the train named TRAIN (one the title never runs: 1822's pullman P+)",
    )
    ap.add_argument(
        "--two-stops-hexes",
        default="",
        metavar="HEX,HEX",
        help="the title refuses two stops of one hex in a route but on these hexes (1822's"
        " DOUBLE_HEX, its revenue_for)",
    )
    ap.add_argument(
        "--pullman",
        metavar="TRAIN",
        help="TRAIN (left out with --skip-train) is 1822's pullman: write an N+ train of no"
        " copies for every N-train it may be attached to",
    )
    ap.add_argument(
        "--train-param",
        action="append",
        default=[],
        metavar="TRAIN:KEY=VALUE",
        help="add a key to a train's entry (a route method of the title states it in code:"
        " 18VA's CMD, --train-param 2:barred_at=A6,A12); VALUE is JSON (4D:multiplier=2) or"
        " names joined by commas (a list)",
    )
    ap.add_argument(
        "--tokens",
        type=int,
        metavar="N",
        help="every corporation's most station tokens, where the title gives them in code"
        " (1817: 1 for a 2-share corporation, up to 8 after mergers)",
    )
    ap.add_argument(
        "--blocker",
        metavar="SYM",
        help="add the engine's blocking-token entity SYM as a neutral company (1824's B: the"
        " token a coal railway leaves on its mine)",
    )
    ap.add_argument(
        "--code-tile",
        action="append",
        default=[],
        metavar="NAME=COLOUR:CODE",
        help="a tile the title makes in code, none of its manifest (1849 Boot's Avezzano after"
        " the earthquake, event_earthquake!): written into the title's tile file, its own"
        " colour (grey) and code",
    )
    ap.add_argument(
        "--neutral",
        action="append",
        default=[],
        metavar="SYM",
        help="add a neutral company SYM (one token, which blocks no route): the engine's"
        " neutral tokens a private of that name places (18 Los Angeles' LA Title open-city token)",
    )
    ap.add_argument(
        "--keep-groups",
        default="",
        metavar="LABEL,LABEL",
        help="the tiles of these labels keep the city groups of the printed hexes of the label"
        " (the engine's Hex#lay: 18 Los Angeles' Long Beach LB, one of its cities per route)",
    )
    ap.add_argument(
        "--corporations",
        metavar="SYM,SYM",
        help="keep only these of the dump's corporations and minors: the title's own set where"
        " it makes a subset of its parent's list in code (1822NRS's STARTING_CORPORATIONS)",
    )
    ap.add_argument(
        "--privates",
        metavar="SYM,SYM",
        help="keep only these of the dump's private companies (1822NRS's STARTING_COMPANIES)",
    )
    args = ap.parse_args(argv)
    dump = json.loads(args.dump.read_text(encoding="utf-8"))
    kept = _keep_only(dump, args.corporations, args.privates)
    swaps = [s.partition("=")[::2] for s in args.rule]
    train_names = {t["name"] for t in dump["trains"]} | {
        v["name"] for t in dump["trains"] for v in t.get("variants") or []
    }
    by_train = {old: new for old, new in swaps if old in train_names}
    classes = dict(s.partition("=")[::2] for s in args.track_class)
    keep = frozenset(x for x in args.keep_groups.split(",") if x)
    c = convert(dump, args.id, args.tiles, by_train, classes, frozenset(args.skip_train), keep)
    if args.one_stop_per_hex:
        c.one_stop_per_hex = True if args.one_stop_per_hex == "true" else args.one_stop_per_hex
        c.read_as.append(
            "one stop per hex (a route method of the title)"
            + ("" if c.one_stop_per_hex is True else f": {args.one_stop_per_hex}")
        )
    if args.blocker:
        c.companies.append(
            {
                "abbrev": args.blocker,
                "name": "Blocking token",
                "kind": "neutral",
                "shares": 1,
                "tokens": sum(1 for x in c.companies if x["kind"] == "minor"),
                "colour": "#808080",
                "text_colour": "#ffffff",
            }
        )
        c.read_as.append(f"the engine's blocking tokens ({args.blocker}) a neutral company")
    for sym in args.neutral:
        c.companies.append(
            {
                "abbrev": sym,
                "name": f"{sym} (neutral token)",
                "kind": "neutral",
                "shares": 1,
                "tokens": 1,
                "colour": "#ffffff",
                "text_colour": "#000000",
            }
        )
        c.read_as.append(f"{sym}'s neutral tokens a neutral company's")
    for old, new in swaps:
        if old in train_names:
            continue
        for t in c.trains:
            if t["rule"] == old:
                t["rule"] = new
        c.read_as.append(f"train rule {old} written as {new}")
    c.read_as.extend(kept)
    c.two_stops_hexes = tuple(h for h in args.two_stops_hexes.split(",") if h)
    if args.pullman:
        pullman_trains(c, args.pullman)
    for spec in args.train_param:
        name, _, rest = spec.partition(":")
        key, _, raw = rest.partition("=")
        entry = next((t for t in c.trains if t["name"] == name), None)
        if entry is None or not key or key in entry:
            c.errors.append(f"--train-param {spec}: no train {name} or a key it has")
            continue
        try:
            entry[key] = json.loads(raw)
        except ValueError:
            entry[key] = raw.split(",")
        c.read_as.append(f"train {name} {key} = {raw}")
    for spec in args.code_tile:
        name, _, rest = spec.partition("=")
        colour, _, code = rest.partition(":")
        if not name or not colour or not code:
            c.errors.append(f"--code-tile {spec}: not NAME=COLOUR:CODE")
            continue
        c.own_tiles.append((name, colour, code))
        c.read_as.append(f"tile {name} made in code ({colour}: {code})")
    if args.tokens is not None:
        for corp in c.companies:
            if corp.get("kind") == "major":
                corp["tokens"] = args.tokens
        c.read_as.append(f"every major with {args.tokens} tokens")
    for note in c.unexpressed:
        print(f"not expressed: {note}")
    for m in c.overrides:
        print(f"route method overridden: {m}")
    if c.errors:
        for e in c.errors:
            print(f"{args.dump}: cannot import: {e}", file=sys.stderr)
        return 1
    (args.games / f"{args.id}.toml").write_text(game_text(c), encoding="utf-8")
    tiles = tiles_text(c)
    if tiles is not None:
        (args.tiles / f"{args.id}.tiles").write_text(tiles, encoding="utf-8")
    return 0


def _keep_only(dump: dict, corporations: str | None, privates: str | None) -> list[str]:
    """Drop the dump's corporations, minors and private companies the title never makes (a
    title choosing a subset of its parent's entities in code); what was kept, as read_as
    notes."""
    notes = []
    for keys, spec, what in (
        (("corporations", "minors"), corporations, "corporations"),
        (("companies",), privates, "private companies"),
    ):
        if spec is None:
            continue
        names = spec.split(",")
        for key in keys:
            dump[key] = [e for e in dump.get(key) or [] if e["sym"] in names]
        notes.append(f"only the {what} {', '.join(names)}")
    return notes


if __name__ == "__main__":
    sys.exit(main())
