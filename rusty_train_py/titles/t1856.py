"""1856: the corporations that merge into the CGR (the national) at the first 6 train."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class Nationalization1856(GameSpecials):
    """1856 (tobymao/18xx ``G1856::Game#merge_major`` and ``#national_token_swap``): each
    ``merge`` action names a corporation that merges into ``national`` (the CGR): its
    tokens leave the map, its trains and rights (bridge, tunnel) become the national's.
    When the merging is over (the first action that is neither a merge nor a pass), the
    national puts a token where each merged corporation's home token was, then one in
    every other city they held (one per city; none in a hex of a home), and the merged
    corporations close. The national's ``remove_token`` actions that follow (two tokens in
    one hex, over its limit) are the log's. The national has one token per merged home and
    at least ten (``NATIONAL_TOKENS``)."""

    NATIONAL_TOKENS = 10

    def __init__(self) -> None:
        # merged corporation -> its tokens (hex, space), the home token first
        self.merged: dict[str, list[tuple[str, int]]] = {}

    def handlers(self) -> dict[str, Handler]:
        return {"merge": self.merge}

    def merge(self, r: Moves, a: Action) -> None:
        major = r.company(a.get("corporation"))
        national = r.table.national
        if major is None or not national:
            r.warn("a merger of no company of ours: not replayed")
            return
        home = r.game.hex(major.home).name if major.home else None
        tokens = [(h, s) for h, s, c in r.all_tokens() if c == major.abbrev]
        tokens.sort(key=lambda t: t[0] != home)  # the home token first
        self.merged[major.abbrev] = tokens
        for hex_name, space in tokens:
            r.remove_token(hex_name, space)
        r.move_trains(major.abbrev, national)
        r.drop_trains(major.abbrev)
        r.move_rights(major.abbrev, national)

    def before_action(self, r: Moves, a: Action) -> None:
        if self.merged and a.get("type") not in ("merge", "pass"):
            self.swap_tokens(r)

    def swap_tokens(self, r: Moves) -> None:
        national = str(r.table.national)
        merged, self.merged = self.merged, {}
        # the national's tokens: one per merged home, at least NATIONAL_TOKENS (its charter
        # has none: G1856#national_token_limit and the spare tokens it gets)
        given = max(len(merged), self.NATIONAL_TOKENS) - r.tokens_given(national)
        if given > 0:
            r.grant_tokens(national, given)
        homes = set()
        for corp, tokens in merged.items():
            home = r.game.company(corp).home
            if tokens and home is not None and tokens[0][0] == r.game.hex(home).name:
                r.place_token(*tokens[0], national)
                homes.add(tokens[0][0])
        held: set[tuple[str, int]] = set()  # (hex, city) where the national has a token
        for hex_name, space, owner in r.all_tokens():
            if owner == national:
                held.add((hex_name, self._city(r, hex_name, space)))
        for tokens in merged.values():
            for hex_name, space in tokens:
                city = (hex_name, self._city(r, hex_name, space))
                if hex_name in homes or city in held:
                    continue
                r.place_token(hex_name, space, national)
                held.add(city)
        for corp in merged:
            r.close(corp)

    @staticmethod
    def _city(r: Moves, hex_name: str, space: int) -> int:
        tile, _ = r.tile_at(hex_name)
        return next(t.city for t in tile.token_spaces if t.index == space)


@title("1856")
class Home1856(TitleHome):
    specials = Nationalization1856
