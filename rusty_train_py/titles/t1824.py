"""1824: the coal railways. Buying a coal railway's private company (EPP, EOD, MLB, SPB)
floats the minor with the depot's first goods train, bought without a train action
(tobymao/18xx g_1824 ``after_buy_company_final_touch``); a coal railway exchanged for its
regional railway's president's share (``special_buy`` naming it, or every one left when the
phase in ``coal_exchange_on`` starts) gives the regional its trains and closes, its mine
token becoming the blocking token of ``coal_blocker``.

The staatsbahnen (SD, UG, KK) form at the end of the operating round in which the train of
``staatsbahn_on`` left the depot: their pre-staatsbahn minors' tokens and trains become the
national's (``form_national_railway!``); KK keeps one of the two Wien tokens its minors
bring (the engine returns the last placed, KK2's, when both are in one city; in two cities
the player chooses, an action no fixture has: KK2's is returned, with a warning). At the end
of every set of operating rounds the engine exports the depot's cheapest non-goods train
(the 1837 family's timeline); an operating round ends, as the actions show it, when a
player acts (a stock round) or a company operates again after others did."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class CoalRailways1824(GameSpecials):
    OPERATING = frozenset({"lay_tile", "run_routes", "dividend", "buy_train", "place_token"})

    def __init__(self) -> None:
        self.exchanged: set[str] = set()
        self.in_or = False
        self.operated: set[str] = set()
        self.last_operator: str | None = None
        self.to_form: list[str] = []
        self.formed: set[str] = set()

    def before_action(self, r: Moves, a: Action) -> None:
        kind = a.get("type")
        player = a.get("entity_type") == "player"
        company = r.company(a.get("entity")) if not player else None
        if self.in_or and player and kind not in ("message", "undo", "redo"):
            self.in_or = False
            r.export_next()  # the end of a set of operating rounds (a formation it starts too)
            self.or_ends(r)
            return
        if kind in self.OPERATING and company is not None:
            again = company.abbrev in self.operated and company.abbrev != self.last_operator
            if self.in_or and again:
                self.or_ends(r)
            self.in_or = True
            self.operated.add(company.abbrev)
            self.last_operator = company.abbrev

    def or_ends(self, r: Moves) -> None:
        self.operated = set()
        self.last_operator = None
        for national in self.to_form:
            self.form(r, national)
        self.to_form = []

    def on_first(self, r: Moves, train: str) -> None:
        for national, on in r.table.staatsbahn_on.items():
            if on == train and national not in self.formed and national not in self.to_form:
                self.to_form.append(national)

    def form(self, r: Moves, national: str) -> None:
        self.formed.add(national)
        for minor in r.table.staatsbahn_minors.get(national, ()):
            r.move_tokens(minor, national)
            r.move_trains(minor, national)
            r.drop_trains(minor)
        wien = [(h, space) for h, space, owner in r.all_tokens() if owner == national]
        by_hex: dict[str, list[int]] = {}
        for h, space in wien:
            by_hex.setdefault(h, []).append(space)
        for h, spaces in by_hex.items():
            if len(spaces) > 1 and national == r.table.staatsbahn_one_token:
                tile, _ = r.tile_at(h)
                cities = {tile.token_spaces[sp].city for sp in spaces}
                if len(cities) > 1:
                    r.warn(
                        f"{national} keeps one {h} token: the player's choice, taken as the first"
                    )
                r.remove_token(h, max(spaces))

    def handlers(self) -> dict[str, Handler]:
        return {"buy_company": self.buy_company, "special_buy": self.special_buy}

    def buy_company(self, r: Moves, a: Action) -> None:
        r.common(a)
        coal = a.get("company")
        if a.get("entity_type") != "player" or coal not in r.table.coal_railways:
            return
        goods = next(
            (
                (f"{t.name}-{k}", t.name)
                for t in r.game.trains
                if t.kind.name == "goods"
                for k in range(t.count or 0)
                if not r.has_gone(f"{t.name}-{k}")
            ),
            None,
        )
        if goods is not None:
            r.give_train(str(coal), *goods)
            r.depart(*goods)

    def special_buy(self, r: Moves, a: Action) -> None:
        coal = a.get("description")
        if coal in r.table.coal_railways:
            self.exchange(r, str(coal))

    def exchange(self, r: Moves, coal: str) -> None:
        if coal in self.exchanged:
            return
        self.exchanged.add(coal)
        r.move_trains(coal, r.table.coal_railways[coal])
        r.drop_trains(coal)
        if r.table.coal_blocker:
            r.move_tokens(coal, r.table.coal_blocker)

    def on_phase(self, r: Moves, phase: str) -> None:
        if phase == r.table.coal_exchange_on:
            for coal in r.table.coal_railways:
                self.exchange(r, coal)


@title("1824")
class Home1824(TitleHome):
    specials = CoalRailways1824
