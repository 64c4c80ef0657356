"""Our replayed positions against the ones the 18xx.games engine itself reached.

The engine's positions come from ``tools/engine_check/dump_positions.rb`` (tobymao/18xx's own
code replaying the same log): one JSON object per ``run_routes`` action, the position just
before it, in the terms of position.py, but with the engine's names of the companies. Ours
come from replay_log at the same actions. Compared: the phase, every laid tile with its
rotation, the tokens per hex (city and company; the slot inside a city is not compared,
the engine fills a city's slots in its own order; a token in a city's extra slot is marked
``extra`` and differs from one in a space) and the train ids each company owns.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .log import GameLog
from .position import position
from .replay import Replay


def _tokens(
    pos: dict[str, Any], rename: dict[str, str], neutral: str | None = None
) -> dict[str, list[tuple[int, str]]]:
    """Tokens per hex as sorted (city, company; ``company+extra`` in an extra slot); the engine's neutral tokens (named
    ``"<company>:neutral"``) are ``neutral``'s when the game names one."""

    def name(c: str) -> str:
        if c.endswith(":neutral"):
            return neutral or rename.get(c.removesuffix(":neutral"), c.removesuffix(":neutral"))
        return rename.get(c, c)

    out: dict[str, list[tuple[int, str]]] = {}
    for hex_name, tokens in pos.get("tokens", {}).items():
        out[hex_name] = sorted(
            (city, name(c) + ("+extra" if slot == "extra" else "")) for city, slot, c in tokens
        )
    return out


def differences(
    ours: dict[str, Any], engine: dict[str, Any], rename: dict[str, str], neutral: str | None = None
) -> list[str]:
    """What differs between our position and the engine's, one line per hex, company or
    the phase (empty: equal). ``rename`` maps the engine's company names to ours (a game's
    ``[eighteen_xx] companies``); ``neutral`` is our company of the engine's neutral tokens
    (``neutral_token_company``)."""
    out = []
    if str(ours["phase"]) != str(engine["phase"]):
        out.append(f"phase: ours {ours['phase']}, engine {engine['phase']}")
    # the engine lists a hex whose printed tile it replaced by its "blank" tile (18MS B14,
    # an empty hex's stand-in) as a laid tile; it is no tile on the map: not compared
    engine_tiles = {h: tuple(v) for h, v in engine["tiles"].items() if v[0] != "blank"}
    our_tiles = {h: tuple(v) for h, v in ours["tiles"].items()}
    for h in sorted(set(our_tiles) | set(engine_tiles)):
        if our_tiles.get(h) != engine_tiles.get(h):
            out.append(f"tile {h}: ours {our_tiles.get(h)}, engine {engine_tiles.get(h)}")
    our_tokens, engine_tokens = _tokens(ours, {}), _tokens(engine, rename, neutral)
    for h in sorted(set(our_tokens) | set(engine_tokens)):
        if our_tokens.get(h, []) != engine_tokens.get(h, []):
            out.append(f"tokens {h}: ours {our_tokens.get(h)}, engine {engine_tokens.get(h)}")
    our_trains = {c: sorted(v) for c, v in ours["trains"].items() if v}
    engine_trains = {rename.get(c, c): sorted(v) for c, v in engine["trains"].items() if v}
    for c in sorted(set(our_trains) | set(engine_trains)):
        if our_trains.get(c) != engine_trains.get(c):
            out.append(f"trains {c}: ours {our_trains.get(c)}, engine {engine_trains.get(c)}")
    return out


def our_positions(log: GameLog) -> dict[int, dict[str, Any]]:
    """Our position before every run_routes action of ``log``, by action id."""
    from . import replay_log

    seen: dict[int, dict[str, Any]] = {}

    def keep(replay: Replay, action: dict[str, Any]) -> None:
        seen[action["id"]] = position(replay, action["id"])

    replay_log(log, on_run=keep)
    return seen


def compare_log(
    log: GameLog,
    engine: Iterable[dict[str, Any]],
    rename: dict[str, str],
    neutral: str | None = None,
) -> list[tuple[int, list[str]]]:
    """(action id, differences) for every engine position of ``log``; a position we do not
    reach is one difference."""
    ours = our_positions(log)
    out = []
    for e in engine:
        mine = ours.get(e["action"])
        if mine is None:
            out.append((e["action"], ["no position in our replay"]))
        else:
            out.append((e["action"], differences(mine, e, rename, neutral)))
    return out
