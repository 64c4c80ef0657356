"""What an opened game file gives a company to run: its trains (a log's replay, or a save's
``trains``) and its bonuses (the privates a log says it owns). The command line asks this of a
save and of a log alike, so it imports nothing of the online package."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import GameFileError

if TYPE_CHECKING:
    from .loader import OpenedGame


def company_trains(opened: OpenedGame, company: str) -> list[str]:
    """The trains the opened game gives ``company`` (a log's replay, or a save's
    ``trains``); GameFileError when it gives none, asking for --trains."""
    game = opened.state.game
    try:
        abbrev = game.company(company).abbrev
    except KeyError as exc:
        raise GameFileError(exc.args[0]) from None
    trains = opened.trains.get(abbrev)
    if not trains:
        raise GameFileError(
            f"{abbrev} owns no trains in this game file; name them with --trains (e.g. -t 5,8)"
        )
    return list(trains)


def company_bonuses(opened: OpenedGame, company: str) -> list[str]:
    """The bonus options a log gives ``company`` (the privates it owns; none for a save)."""
    try:
        abbrev = opened.state.game.company(company).abbrev
    except KeyError:
        return []
    return list(opened.bonuses.get(abbrev, ()))
