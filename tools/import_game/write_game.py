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

from convert import convert  # noqa: E402
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
        choices=("true", "cities"),
        help="write this one_stop_per_hex (a route method of the title forbids two stops of"
        " one hex; cities: of a hex without towns)",
    )
    ap.add_argument(
        "--blocker",
        metavar="SYM",
        help="add the engine's blocking-token entity SYM as a neutral company (1824's B: the"
        " token a coal railway leaves on its mine)",
    )
    args = ap.parse_args(argv)
    dump = json.loads(args.dump.read_text(encoding="utf-8"))
    swaps = [s.partition("=")[::2] for s in args.rule]
    train_names = {t["name"] for t in dump["trains"]}
    by_train = {old: new for old, new in swaps if old in train_names}
    c = convert(dump, args.id, args.tiles, by_train)
    c.one_stop_per_hex = args.one_stop_per_hex
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
    for old, new in swaps:
        if old in train_names:
            continue
        for t in c.trains:
            if t["rule"] == old:
                t["rule"] = new
        c.read_as.append(f"train rule {old} written as {new}")
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


if __name__ == "__main__":
    sys.exit(main())
