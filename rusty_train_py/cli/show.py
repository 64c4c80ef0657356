"""``rusty-train-py show GAMEFILE [--json]``: what is on the map of a saved game, as a summary
a player reads (game, phase, tiles laid, each company's tokens and last run) or as the
save's data (``--json``)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import TYPE_CHECKING

from .arguments import SharedArguments, Subcommands

if TYPE_CHECKING:
    from ..files.loader import OpenedGame

NAME = "show"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    sh = sub.add_parser(
        NAME, parents=[shared.reading], help="print what is on the map of a saved game"
    )
    sh.add_argument("gamefile")
    sh.add_argument(
        "--json", action="store_true", help="print the saved game's data (our JSON format)"
    )
    sh.add_argument(
        "--position",
        action="store_true",
        help="an 18xx.games log: print the position in the engine's terms (JSON: tiles,"
        " tokens by city and slot, phase, train ids), to compare with the engine's",
    )


def run(args: argparse.Namespace) -> int:
    from .opening import open_for_cli

    if args.position:
        from ..files.online.commands import print_position

        return print_position(args.gamefile, args.at)
    opened = open_for_cli(args.gamefile, args.strict, args.at, args.site)
    if args.json:
        from ..files.savefile import dumps

        sys.stdout.write(dumps(opened.state, opened.last_routes, opened.trains))
    else:
        print(summary(opened))
    return 0


def _count(n: int, what: str, plural: str = "") -> str:
    return f"{n} {what}" if n == 1 else f"{n} {plural or what + 's'}"


def summary(opened: OpenedGame) -> str:
    """The saved game in a few lines: the game and phase, the tiles laid (by colour), and
    every company with a token on the map: its tokens (hex and place) and last run."""
    from ..mapstate.places import printed_place

    state = opened.state
    game = state.game
    laid = state.laid_tiles()
    colours = Counter(state.tile_at(h)[0].colour for h in laid)
    by_colour = ", ".join(
        f"{c} {colours[c]}" for c in ("yellow", "green", "brown", "grey") if colours[c]
    )
    tokens = state.all_tokens()
    on_map = state.companies_on_map()
    lines = [
        f"{game.title} (game {game.id}), phase {state.phase}:"
        f" lays {', '.join(state.phase_colours)} tiles",
        f"tiles laid: {len(laid)}" + (f" ({by_colour})" if by_colour else ""),
        f"station tokens: {len(tokens)}, of {_count(len(on_map), 'company', 'companies')}"
        if tokens
        else "station tokens: none on the map",
    ]
    width = max((len(c) for c in on_map), default=0)
    for abbrev in on_map:
        company = game.company(abbrev)
        where = []
        for h, _, c in tokens:
            if c == abbrev:
                place = printed_place(game, h)
                where.append(f"{h} {place}" if place else h)
        for h, _, c in state.all_extra_tokens():
            if c == abbrev:
                place = printed_place(game, h)
                where.append(f"{h} {place} (extra slot)" if place else f"{h} (extra slot)")
        left = state.tokens_left(abbrev)
        lines.append(
            f"  {abbrev:<{width}}  {company.name}: {_count(len(where), 'token')}"
            f" ({', '.join(where)}), {left} left"
        )
        trains = opened.trains.get(abbrev)
        if trains:
            lines.append(f"  {'':<{width}}  trains: {', '.join(trains)}")
        run = [r for r in opened.last_routes if r.company == abbrev]
        if run:
            each = ", ".join(f"{r.train} {game.money(r.revenue)}" for r in run)
            total = game.money(sum(r.revenue for r in run))
            lines.append(f"  {'':<{width}}  last run: {total} ({each})")
    others = len(game.companies) - len(on_map)
    if others and on_map:
        more = _count(others, "more company", "more companies")
        lines.append(f"  ({more} with no token on the map)")
    return "\n".join(lines)
