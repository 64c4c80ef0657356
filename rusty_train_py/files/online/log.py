"""Reading an 18xx.games game log (the JSON the site serves for a game, or a tobymao/18xx
fixture): checked shape, then the actions the engine keeps after undo and redo.

Every failure is a GameFileError naming the file and, where there is one, the action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import GameFileError, short
from ..log_shape import MAX_LOG_BYTES
from ..reader import decode, parse_json, read_bytes

# The longest real games have a few thousand actions (1,679 the most among the tobymao/18xx
# fixtures in tests/data); the site numbers them from 1. An id past ten million is no log
# of the site's (10**30 and 10**400 were read in the fuzz run of issue 29).
MAX_ACTION_ID = 10_000_000


@dataclass(frozen=True)
class GameLog:
    """A log's title, id and actions (all of them, as recorded) and, per action, whether
    the engine keeps it (undo and redo applied)."""

    where: str
    title: str
    game_id: object
    actions: tuple[dict[str, Any], ...]
    kept: tuple[bool, ...]
    players: int = 0
    seed: int = 0  # the engine's random seed (settings.seed, else the first number in the id)
    options: tuple[str, ...] = ()  # the game's optional rules
    player_ids: frozenset[object] = frozenset()  # each player's id and name, as listed

    @property
    def last_id(self) -> int:
        return self.actions[-1]["id"] if self.actions else 0

    def action_ids(self) -> list[int]:
        return [a["id"] for a in self.actions]


def read_log_file(path: str, where: str) -> GameLog:
    """The log in the file ``path`` (``where``: its name for messages)."""
    data = parse_json(decode(read_bytes(path, MAX_LOG_BYTES), where), where)
    return log_from_data(data, where)


def log_from_data(data: object, where: str) -> GameLog:
    """Check a log's shape (a title, a list of actions, each an object with a whole-number
    id and a type) and apply undo and redo as the engine does."""
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: not an 18xx.games log: expected a JSON object")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise GameFileError(f"{where}: not an 18xx.games log: no game 'title'")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise GameFileError(f"{where}: not an 18xx.games log: 'actions' should be a list")
    for i, action in enumerate(actions):
        if not isinstance(action, dict):
            raise GameFileError(f"{where}: actions[{i}]: expected an object")
        aid, kind = action.get("id"), action.get("type")
        if not isinstance(aid, int) or isinstance(aid, bool) or aid < 0:
            raise GameFileError(f"{where}: actions[{i}]: bad action id {short(aid)}")
        if aid > MAX_ACTION_ID:
            raise GameFileError(
                f"{where}: actions[{i}]: action id {short(aid)} is past any game's"
                f" ({MAX_ACTION_ID:,} at most)"
            )
        if not isinstance(kind, str):
            raise GameFileError(f"{where}: action {aid}: bad action type {short(kind)}")
    kept = filtered(actions, where)
    raw_settings, raw_players = data.get("settings"), data.get("players")
    settings: dict[str, Any] = raw_settings if isinstance(raw_settings, dict) else {}
    players: list[Any] = raw_players if isinstance(raw_players, list) else []
    seed = settings.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):  # the engine's default seed
        digits = "".join(c if c.isdigit() else " " for c in str(data.get("id", ""))).split()
        seed = int(digits[0][:18]) if digits else 0
    rules = settings.get("optional_rules")
    options = tuple(x for x in rules if isinstance(x, str)) if isinstance(rules, list) else ()
    ids = frozenset(
        v
        for p in players
        if isinstance(p, dict)
        for v in (p.get("id"), p.get("name"))
        if isinstance(v, (str, int)) and not isinstance(v, bool)
    )
    return GameLog(
        where, title, data.get("id"), tuple(actions), tuple(kept), len(players), seed, options, ids
    )


def filtered(actions: list[dict[str, Any]], where: str) -> list[bool]:
    """Per action, whether it stands once every undo and redo is applied: an undo takes back
    the actions after its target (``action_id``; none: the last standing action), a redo
    puts back what the latest undo took, and any other action forgets the undos before it.
    Messages are never undone."""
    kept = [False] * len(actions)
    undone: list[list[int]] = []
    index_of = {a["id"]: i for i, a in enumerate(actions)}
    for i, action in enumerate(actions):
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                start = max(
                    (j for j in range(i) if kept[j] and actions[j]["type"] != "message"),
                    default=-1,
                )
                start = max(start, 0)
            elif target == 0:
                start = 0
            else:
                if not isinstance(target, int) or target not in index_of or index_of[target] >= i:
                    later = isinstance(target, int) and target in index_of
                    raise GameFileError(
                        f"{where}: action {action['id']} (undo): no earlier action"
                        f" {short(target)} to go back to"
                        + (
                            " (it stands after this one: the actions are out of order)"
                            if later
                            else ""
                        )
                    )
                start = index_of[target] + 1
            taken = [j for j in range(start, i) if kept[j] and actions[j]["type"] != "message"]
            for j in taken:
                kept[j] = False
            undone.append(taken)
        elif kind == "redo":
            if undone:
                for j in undone.pop():
                    kept[j] = True
        elif kind == "message":
            kept[i] = True
        else:
            undone.clear()
            kept[i] = True
    return kept
