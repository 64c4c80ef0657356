"""What a log replay offers a title's own rules (its specials): the moves they make on the
position being built and the questions they ask of it, as one typed interface.

files/online's replay implements it (``files/online/moves.py``); a title's specials see
nothing else of the replay: no field, no map state, no log. Every name here is generic: a
title's home says what its engine does with these moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..gamedata.eighteen_xx import EighteenXX
from ..gamedata.game import Company, Game
from ..grid.tile import Tile

Action = dict[str, Any]  # an 18xx.games action, as recorded in the log


class Moves(Protocol):
    """The position being replayed, as a title's specials see and change it."""

    # ---- what the replay reads from -----------------------------------------------------

    @property
    def game(self) -> Game:
        """The game's data (read only)."""

    @property
    def table(self) -> EighteenXX:
        """The game's ``[eighteen_xx]`` table."""

    @property
    def action(self) -> Action:
        """The action being replayed ({} at set-up)."""

    @property
    def seed(self) -> int:
        """The engine's random seed of the log."""

    @property
    def players(self) -> int:
        """The number of players."""

    @property
    def options(self) -> tuple[str, ...]:
        """The game's optional rules in the log."""

    def kept_actions(self) -> Sequence[Action]:
        """Every action the engine keeps (undo and redo applied), in the log's order."""

    def common(self, action: Action) -> None:
        """What the generic replay does with ``action`` (a title wrapping it calls this)."""

    def warn(self, why: str) -> None:
        """A warning naming the action being replayed."""

    def setup_warning(self, why: str) -> None:
        """A warning about the set-up (no action named)."""

    def shown(self, value: object) -> str:
        """A value read from the log as a message shows it (cut short)."""

    # ---- names --------------------------------------------------------------------------

    def company(self, name: object) -> Company | None:
        """Our company for an engine corporation id (None: not one of ours)."""

    def acting_company(self) -> Company | None:
        """The company the action being replayed acts for."""

    def hex_name(self, text: object) -> str:
        """Our hex for the engine's name (a GameFileError when the map has none)."""

    def tile_name(self, tile_id: object) -> str:
        """Our tile name of an engine tile id (``57-0``)."""

    def our_train(self, name: object) -> str | None:
        """Our train type for an engine train name; None when the game has no such train."""

    def train_name(self, train_id: str) -> str | None:
        """Our train type of an engine train id: the one it is held as, or its name."""

    def city_of(self, city_id: object) -> tuple[str, int]:
        """The hex and part index of an engine city id."""

    def city_space(self, hex_name: str, part: int, slot: int) -> int:
        """Our token space of slot ``slot`` of the engine's part ``part`` of a hex's tile."""

    def city_of_part(self, hex_name: str, part: int) -> int:
        """The city (in the tile's order of cities) that is the engine's part ``part`` of the
        tile on a hex."""

    # ---- the map ------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The current phase."""

    def set_phase(self, phase: str) -> None:
        """The phase becomes ``phase`` (no event of the replay's follows)."""

    def tile_at(self, hex_name: str) -> tuple[Tile, int]:
        """The tile showing on a hex and its rotation."""

    def laid_tile(self, hex_name: str) -> str | None:
        """The name of the tile laid on a hex (None: the printed hex)."""

    def lay(self, hex_name: str, tile: str, rotation: object) -> None:
        """Lay ``tile`` on a hex."""

    def remove_tile(self, hex_name: str) -> None:
        """The hex goes back to its printed tile (and the engine's tile id on it is gone)."""

    def tokens_at(self, hex_name: str) -> dict[int, str]:
        """Token space -> company on a hex (a copy)."""

    def all_tokens(self) -> list[tuple[str, int, str]]:
        """(hex, token space, company) for every token, in map order."""

    def tokens_placed(self, company: str) -> int:
        """How many tokens ``company`` has on the map."""

    def tokens_given(self, company: str) -> int:
        """The station tokens ``company`` has in all: its charter's and those given since."""

    def tokens_left(self, company: str) -> int:
        """How many station tokens ``company`` has left to place (its charter's and those
        given since)."""

    def grant_tokens(self, company: str, n: int = 1) -> None:
        """``company`` gets ``n`` more station tokens than its charter gives."""

    def free_space(self, hex_name: str, city: int) -> int | None:
        """A free token space of city ``city`` (in the tile's order of cities), or None."""

    def free_space_of_part(self, hex_name: str, part: int) -> int | None:
        """A free token space of the engine's part ``part``, or None."""

    def place_token(self, hex_name: str, space: int, company: str) -> None:
        """``company``'s token in a token space (nothing when it is there already)."""

    def remove_token(self, hex_name: str, space: int) -> None:
        """The token in a token space leaves the map."""

    def place_extra_token(self, hex_name: str, city: int, company: str) -> None:
        """``company``'s token in the extra slot of a city."""

    def remove_extra_token(self, hex_name: str, city: int, company: str) -> None:
        """``company``'s token leaves the extra slot of a city (nothing when it is not there)."""

    def move_tokens(self, source: str, target: str) -> None:
        """Every token of ``source`` becomes ``target``'s."""

    def place_home(self, company: Company) -> None:
        """The home token the engine places without an action."""

    def home_placed(self, company: str) -> None:
        """``company``'s home token needs no more placing."""

    def home_again(self, company: str) -> None:
        """``company`` places its home token again when it next starts."""

    def close(self, company: str) -> None:
        """A company closes: its tokens leave the map and its trains the game."""

    # ---- trains -------------------------------------------------------------------------

    def trains_of(self, company: str) -> tuple[str, ...]:
        """The engine train ids ``company`` holds, in the order it got them."""

    def holders(self) -> tuple[str, ...]:
        """Every company the replay has given trains (those holding none now included)."""

    def give_train(self, company: str, train_id: str, name: str) -> None:
        """``company`` takes the train ``train_id`` (as our train ``name``)."""

    def drop_train(self, train_id: str) -> None:
        """A train leaves its holder."""

    def drop_trains(self, company: str) -> None:
        """Every train of ``company`` leaves the game."""

    def keep_trains(self, company: str, train_ids: Sequence[str]) -> None:
        """``company`` holds these of its trains only."""

    def rename_train(self, train_id: str, name: str) -> None:
        """A held train runs as our train ``name`` from now on."""

    def move_trains(self, source: str, target: str) -> None:
        """``source``'s trains and private companies become ``target``'s."""

    def owner_of_train(self, train_id: str) -> str | None:
        """The company holding a train, or None."""

    def is_run(self, train_id: str) -> bool:
        """Whether a held train is one of the game's trains."""

    def depart(self, train_id: str, name: str) -> None:
        """A train leaves the depot (its phase and rusting follow)."""

    def first_of(self, name: str) -> None:
        """The first train of ``name`` has left the depot."""

    def has_gone(self, train_id: str) -> bool:
        """Whether a train has left the depot."""

    def mark_gone(self, train_ids: Sequence[str]) -> None:
        """These trains are not in the depot (held apart from the start)."""

    def was_exported(self, train_id: str) -> bool:
        """Whether the replay exported this train."""

    def has_departed(self, name: str) -> bool:
        """Whether a train of our type ``name`` has left the depot."""

    def next_depot_train(self) -> tuple[str, str] | None:
        """(train id, name) of the depot's next train."""

    def export_next(self) -> None:
        """The engine exports the depot's next train."""

    def buy_next(self, company: str) -> None:
        """``company`` buys the depot's next train without an action."""

    # ---- privates and bonuses ------------------------------------------------------------

    def owner_of_private(self, private: str) -> str | None:
        """The engine corporation id owning a private company, or None."""

    def set_owner_of_private(self, private: str, company: str) -> None:
        """A corporation owns a private company."""

    def drop_private(self, private: str) -> None:
        """A private company is no one's (closed)."""

    def drop_privates_of(self, company: str) -> None:
        """Every private company ``company`` owns closes."""

    def privates_close(self) -> None:
        """The privates close (the phase's event)."""

    def assigned_hex(self, bonus: str) -> str | None:
        """The hex a private (or one of its bonuses) is assigned to."""

    def assign_hex(self, bonus: str, hex_name: str) -> None:
        """A private (or one of its bonuses) is assigned to a hex."""

    def unassign(self, bonus: str) -> None:
        """A private's (or bonus's) assignment ends."""

    def assign_to(self, private: str, company: str) -> None:
        """A private pays the corporation ``company`` while a player owns it."""

    def set_global_bonus(self, bonus: str, hex_name: str) -> None:
        """Every company's routes earn ``bonus`` on a hex from now on."""

    def drop_global_bonus(self, bonus: str) -> None:
        """A bonus every company earned is gone."""

    def move_rights(self, source: str, target: str) -> None:
        """The rights ``source`` holds for good become ``target``'s."""

    def hold_option(self, company: str, option: str) -> None:
        """``company`` holds a bonus option it bought."""


Handler = Callable[[Moves, Action], None]
