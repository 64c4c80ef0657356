"""The replay as a title's specials see it: ``ReplayMoves`` is the Replay with the moves of
``titles.moves.Moves`` (the questions and moves a title's home may use), so the specials
never reach into the replay's fields. Most moves are the Replay's own methods; these are
the rest, each a small typed door onto one field."""

from __future__ import annotations

from collections.abc import Sequence

from ...grid.tile import Tile
from ...titles.moves import Action
from ..errors import short
from .actions import HANDLERS
from .replay import Replay, city_of_part


class ReplayMoves(Replay):
    """A Replay that is also the ``Moves`` its title's specials are given."""

    # ---- the log ------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.log.seed

    @property
    def players(self) -> int:
        return self.log.players

    @property
    def options(self) -> tuple[str, ...]:
        return self.log.options

    def kept_actions(self) -> Sequence[Action]:
        return [a for a, kept in zip(self.log.actions, self.log.kept, strict=True) if kept]

    def remove_extra_token(self, hex_name: str, city: int, company: str) -> None:
        if (city, company) in self.state.extra_tokens_at(hex_name):
            self.state.apply(self.state.remove_extra_token_edit(hex_name, city, company))

    def common(self, action: Action) -> None:
        handler = HANDLERS.get(str(action.get("type")))
        if handler is not None:
            handler(self, action)

    def setup_warning(self, why: str) -> None:
        self.warnings.append(why)

    def shown(self, value: object) -> str:
        return short(value)

    # ---- the map ------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.state.phase

    def set_phase(self, phase: str) -> None:
        self.state.phase = phase

    def city_of_part(self, hex_name: str, part: int) -> int:
        tile, _ = self.state.tile_at(hex_name)
        return city_of_part(tile.code, part)

    def tile_at(self, hex_name: str) -> tuple[Tile, int]:
        return self.state.tile_at(hex_name)

    def laid_tile(self, hex_name: str) -> str | None:
        return self.state.laid_tile(hex_name)

    def remove_tile(self, hex_name: str) -> None:
        if self.state.laid_tile(hex_name) is not None:
            self.state.apply(self.state.remove_tile_edit(hex_name))
        for tile_id, where in list(self.tile_hex.items()):
            if where == hex_name:
                del self.tile_hex[tile_id]

    def tokens_at(self, hex_name: str) -> dict[int, str]:
        return self.state.tokens_at(hex_name)

    def all_tokens(self) -> list[tuple[str, int, str]]:
        return self.state.all_tokens()

    def tokens_placed(self, company: str) -> int:
        return self.state.tokens_placed(company)

    def tokens_given(self, company: str) -> int:
        return self.state.tokens_given(company)

    def tokens_left(self, company: str) -> int:
        return self.state.tokens_left(company)

    def grant_tokens(self, company: str, n: int = 1) -> None:
        self.state.grant_tokens(company, n)

    def home_placed(self, company: str) -> None:
        self.home_done.add(company)

    def home_again(self, company: str) -> None:
        self.home_done.discard(company)

    # ---- trains -------------------------------------------------------------------------

    def trains_of(self, company: str) -> tuple[str, ...]:
        return tuple(self.trains.get(company, ()))

    def holders(self) -> tuple[str, ...]:
        return tuple(self.trains)

    def drop_trains(self, company: str) -> None:
        self.trains.pop(company, None)

    def keep_trains(self, company: str, train_ids: Sequence[str]) -> None:
        self.trains[company] = list(train_ids)

    def rename_train(self, train_id: str, name: str) -> None:
        self.train_names[train_id] = name

    def has_gone(self, train_id: str) -> bool:
        return train_id in self.gone

    def mark_gone(self, train_ids: Sequence[str]) -> None:
        self.gone.update(train_ids)

    def was_exported(self, train_id: str) -> bool:
        return train_id in self.exported

    def has_departed(self, name: str) -> bool:
        return name in self.departed

    # ---- privates and bonuses ------------------------------------------------------------

    def owner_of_private(self, private: str) -> str | None:
        return self.private_owner.get(private)

    def set_owner_of_private(self, private: str, company: str) -> None:
        self.private_owner[private] = company

    def drop_private(self, private: str) -> None:
        self.private_owner.pop(private, None)

    def drop_privates_of(self, company: str) -> None:
        for private, owner in list(self.private_owner.items()):
            holder = self.company(owner)
            if holder is not None and holder.abbrev == company:
                del self.private_owner[private]

    def assigned_hex(self, bonus: str) -> str | None:
        return self.assigned.get(bonus)

    def assign_hex(self, bonus: str, hex_name: str) -> None:
        self.assigned[bonus] = hex_name

    def unassign(self, bonus: str) -> None:
        self.assigned.pop(bonus, None)

    def assign_to(self, private: str, company: str) -> None:
        self.assigned_to[private] = company

    def set_global_bonus(self, bonus: str, hex_name: str) -> None:
        self.global_bonuses[bonus] = hex_name

    def drop_global_bonus(self, bonus: str) -> None:
        self.global_bonuses.pop(bonus, None)

    def move_rights(self, source: str, target: str) -> None:
        for right in self.rights.pop(source, []):
            if right not in self.rights.setdefault(target, []):
                self.rights[target].append(right)

    def hold_option(self, company: str, option: str) -> None:
        self.held.setdefault(company, set()).add(option)
