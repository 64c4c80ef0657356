"""Each title's one home: what is code about one game (finder rules, log-replay specials,
the Rusty Train import's tile cities), a module ``t<id>.py`` registered with ``@title``.

The finder (route/) asks ``rules_for``, the log replay (files/online/) ``specials_for``;
neither names a title. The replay offers the specials its moves through ``moves.Moves``.
Titles of one family share a home's classes (1817NA uses 1817's); generic mechanisms shared
by titles (a takeover, an extra slot) are modules here that name no title. Importing the
package imports every module of it (pkgutil): adding a title adds its module, nothing else.
"""

from __future__ import annotations

from ..rules.registry import import_modules_of
from .finder import GameRules
from .registry import (
    TitleHome,
    first_title,
    games_with_rules,
    home_of,
    rules_for,
    specials_for,
    title,
    titles_with_homes,
)

import_modules_of(__name__, __path__)

__all__ = [
    "GameRules",
    "TitleHome",
    "first_title",
    "games_with_rules",
    "home_of",
    "rules_for",
    "specials_for",
    "title",
    "titles_with_homes",
]
