"""18MEX: the minors' set-up, their closing and the NdM merger."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class Minors18MEX(GameSpecials):
    """18MEX (tobymao/18xx ``G18MEX::Game``): at set-up every minor gets the depot's next
    train and a token in the first city of its home hex; the minors close (tokens and train
    gone) when the first train of ``minors_close_on`` leaves the depot; in the NdM merger
    (a ``merge`` action naming a major) the major's home token becomes ``national``'s (NdM),
    or goes where NdM already has a token in that hex, as do its other tokens there; NdM
    takes over its remaining tokens when it has exchange tokens enough (two, one of them
    used at home), else an ``assign`` names the one it keeps; the major's trains go to NdM
    and the major closes. A tile laid on one hex of Mexico City lays its twin on the other."""

    EXCHANGE_TOKENS = 2
    # Mexico City's two hexes (G18MEX::Step::Track, MEXICO_CITY_DOUBLE_HEX): a tile laid on
    # one lays its twin (the name with the other suffix) on the other, rotation 0
    TWIN_HEXES = {"O10": ("P11", "MC", "P"), "P11": ("O10", "P", "MC")}

    # never merge candidates (G18MEX mergeable_corporations)
    NOT_MERGEABLE = frozenset({"FCP", "TM"})

    def __init__(self) -> None:
        self.pending: tuple[str, list[tuple[str, int]]] | None = None  # major, tokens to pick
        self.parred: dict[str, object] = {}  # corporation -> the player who parred it
        self.candidates: list[str] | None = None  # the merger's, while it is under way

    def handlers(self) -> dict[str, Handler]:
        return {"merge": self.merge, "assign": self.assign, "lay_tile": self.lay_tile}

    def lay_tile(self, r: Moves, a: Action) -> None:
        r.common(a)
        twin = self.TWIN_HEXES.get(r.hex_name(a.get("hex")))
        tile = r.tile_name(a.get("tile"))
        if twin is None or not tile.endswith(twin[1]):
            return
        other = tile.removesuffix(twin[1]) + twin[2]
        if other in r.game.catalogue:
            r.lay(r.hex_name(twin[0]), other, 0)

    def setup(self, r: Moves) -> None:
        super().setup(r)
        for c in r.game.companies:
            if c.kind != "minor" or c.home is None:
                continue
            r.buy_next(c.abbrev)
            hex_name = r.game.hex(c.home).name
            space = r.free_space(hex_name, 0)
            if space is not None:
                r.place_token(hex_name, space, c.abbrev)
            r.home_placed(c.abbrev)

    def on_first(self, r: Moves, train: str) -> None:
        if train == r.table.merger_on:
            self.start_merger(r)
        if train != r.table.minors_close_on:
            return
        for c in r.game.companies:
            if c.kind == "minor":
                r.close(c.abbrev)

    def start_merger(self, r: Moves) -> None:
        """The NdM merger's candidates (G18MEX mergeable_corporations): the corporations
        started by another player than NdM's (a started one is taken as floated), then those
        not started (none floated); each candidate passing declines, and a single candidate
        left that is not started merges with no action (possible_auto_merge)."""
        national = str(r.table.national)
        if national not in self.parred:
            return  # NdM has not floated: no merger
        majors = [c.abbrev for c in r.game.companies if c.kind == "major" and c.abbrev != national]
        majors = [c for c in majors if c not in self.NOT_MERGEABLE]
        started = [c for c in majors if c in self.parred]
        self.candidates = [c for c in started if self.parred[c] != self.parred[national]]
        self.candidates += [c for c in majors if c not in self.parred]
        self.auto_merge(r)

    def auto_merge(self, r: Moves) -> None:
        if self.candidates is not None and len(self.candidates) == 1:
            if self.candidates[0] not in self.parred:
                self.merge(r, {"corporation": self.candidates[0]})
        if self.candidates is not None and len(self.candidates) <= 1:
            self.candidates = None

    def before_action(self, r: Moves, a: Action) -> None:
        if a.get("type") == "par" and isinstance(a.get("corporation"), str):
            self.parred[a["corporation"]] = a.get("entity")
        if self.candidates is None:
            return
        company = r.company(a.get("entity"))
        if a.get("type") == "pass" and company is not None and company.abbrev in self.candidates:
            self.candidates.remove(company.abbrev)  # declines
            self.auto_merge(r)
        elif a.get("type") != "merge":
            self.candidates = None

    def merge(self, r: Moves, a: Action) -> None:
        self.candidates = None
        major = r.company(a.get("corporation"))
        national = r.table.national
        if major is None or not national:
            r.warn("a merger of no company of ours: not replayed")
            return
        mine = [(h, s) for h, s, c in r.all_tokens() if c == major.abbrev]
        exchange = self.EXCHANGE_TOKENS
        home = r.game.hex(major.home).name if major.home else None
        for hex_name, space in mine:
            if national in r.tokens_at(hex_name).values():
                r.remove_token(hex_name, space)
            elif hex_name == home:
                r.remove_token(hex_name, space)
                r.place_token(hex_name, space, national)
                exchange -= 1
        if home is not None and not any(h == home for h, _ in mine):
            # its home token not placed: NdM puts an exchange token in its home city
            if national not in r.tokens_at(home).values():
                free = r.free_space(home, major.home_city or 0)
                if free is not None:
                    r.place_token(home, free, national)
                    exchange -= 1
        rest = [(h, s) for h, s, c in r.all_tokens() if c == major.abbrev]
        if len(rest) <= exchange:
            for hex_name, space in rest:
                r.remove_token(hex_name, space)
                r.place_token(hex_name, space, national)
        else:
            self.pending = (major.abbrev, rest)
        r.move_trains(major.abbrev, national)
        r.drop_trains(major.abbrev)
        if self.pending is None:
            r.close(major.abbrev)

    def assign(self, r: Moves, a: Action) -> None:
        """NdM picks the merged major's token it keeps; the others leave the map."""
        if self.pending is None:
            r.common(a)
            return
        major, tokens = self.pending
        self.pending = None
        target = r.hex_name(a.get("target"))
        national = str(r.table.national)
        for hex_name, space in tokens:
            r.remove_token(hex_name, space)
            if hex_name == target:
                r.place_token(hex_name, space, national)
        r.close(major)


@title("18MEX")
class Home18MEX(TitleHome):
    specials = Minors18MEX
