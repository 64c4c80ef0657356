"""1817 (and its maps 1817NA, 1817WO: their homes use this class): the markers the engine puts on hexes, which pay every company's routes (g_1817
``revenue_for``): a bridge token assigned by OBC or UBC to a hex (``bridge_<hex>``), a coal
mine laid by MINC, CM or MAJC (``mine_<hex>``), a ranch laid by P22 or P23 (``ranch_<hex>``);
the Pittsburgh Steel Mill's lay takes the ranches next to it away (``SpecialTrack``). And the
mergers and acquisitions: a corporation taking another over takes its trains, privates and
tokens, dropping its own token in a city where the other had one (``TokenMerger``)."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class Markers1817(GameSpecials):
    """1817 and its maps: bridges, mines and ranches as options every company holds from
    then on; mergers and acquisitions; the depot's export at every operating round's end."""

    BRIDGES = ("OBC", "UBC")
    MINES = ("MINC", "CM", "MAJC")
    RANCHES = ("P22", "P23")
    STEEL_MILL = ("PSM",)  # its lay takes the ranches next to it away

    # what the buying corporation may do, in the acquisition step, once it has won
    BUYER_ACTIONS = frozenset({"pass", "take_loan", "payoff_loan"})
    OPERATING = frozenset({"lay_tile", "buy_train", "run_routes", "dividend"})
    # actions of the rounds between operating rounds (a player passing too); not a sale of
    # shares, which a president in a cash crisis makes within an operating round
    OUTSIDE_OR = frozenset({"convert", "merge", "bid", "buy_shares", "short"})

    def __init__(self) -> None:
        self.auctioned: object = None  # the corporation last bid on in an acquisition
        self.operated: set[str] = set()  # corporations that have operated since their IPO
        self.this_or: set[str] = set()  # corporations that have operated in this round
        self.last_operator: str | None = None
        self.unnamed: set[str] = set()  # acquired by a corporation no action named yet

    def handlers(self) -> dict[str, Handler]:
        return {
            "assign": self.assign,
            "lay_tile": self.lay_tile,
            "bid": self.bid,
            "merge": self.merge,
            "convert": self.no_map_effect,
            "choose": self.no_map_effect,
        }

    def no_map_effect(self, r: Moves, a: Action) -> None:
        """A conversion to 5 or 10 shares (more token room, no token) and its choices."""

    def bid(self, r: Moves, a: Action) -> None:
        """A bid in an IPO (the opening bidder places the home token at once) or, for a
        corporation that has operated, in the acquisition round (the one a ``merge`` of a
        player's corporation, or the winner's one corporation, then takes)."""
        r.common(a)
        company = r.company(a.get("corporation"))
        if company is not None and company.abbrev in self.operated:
            self.auctioned = company.abbrev

    def merge(self, r: Moves, a: Action) -> None:
        """A corporation merges with another (the merger round: the acting one survives) or
        a player's corporation acquires the one the player won at auction."""
        if a.get("entity_type") == "corporation":
            survivor, target = r.company(a.get("entity")), r.company(a.get("corporation"))
        else:
            survivor, target = r.company(a.get("corporation")), r.company(self.auctioned)
        if survivor is None or target is None or survivor == target:
            r.warn("a merger of corporations the replay does not know: not followed")
            return
        self.absorb(r, survivor.abbrev, target.abbrev)
        self.auctioned = None

    def before_action(self, r: Moves, action: Action) -> None:
        """The end of an operating round (read from the actions: one of the rounds between,
        or a corporation operating again): the engine exports the depot's next train (every
        2 train while the next is a 2). An acquisition auction won by a player with one
        corporation able to buy: the engine has that corporation buy at once, and its first
        action after the bids (a loan taken, paid off or passed) names it."""
        kind = action.get("type")
        player = action.get("entity_type") == "player"
        company = None if player else r.company(action.get("entity"))
        again = (
            kind in self.OPERATING
            and company is not None
            and company.abbrev in self.this_or
            and company.abbrev != self.last_operator
        )
        if self.this_or and (kind in self.OUTSIDE_OR or (kind == "pass" and player) or again):
            self.this_or = set()
            self.last_operator = None
            self.export(r)
        if company is None or action.get("entity_type") != "corporation":
            return
        if kind == "place_token" and company.abbrev in (self.auctioned, *self.unnamed):
            # an IPO again (the opening bidder places the home token at once) of a
            # corporation taken over before: what the replay still had of it is gone
            r.close(company.abbrev)
            self.operated.discard(company.abbrev)
            self.unnamed.discard(company.abbrev)
            self.auctioned = None
            return
        if kind in self.OPERATING and self.auctioned is not None:
            self.unnamed.add(str(self.auctioned))
            self.auctioned = None
        if kind == "run_routes":
            self.named_by_run(r, company.abbrev, action)
        if kind in self.OPERATING:
            self.operated.add(company.abbrev)
            self.this_or.add(company.abbrev)
            self.last_operator = company.abbrev
        if self.auctioned is None or kind not in self.BUYER_ACTIONS:
            return
        if company.abbrev != self.auctioned:
            self.absorb(r, company.abbrev, str(self.auctioned))
        self.auctioned = None

    def named_by_run(self, r: Moves, runner: str, action: Action) -> None:
        """A corporation running a train of one acquired by a corporation no action named:
        that corporation is the buyer (it takes the tokens and trains now, at its run)."""
        for route in action.get("routes") or []:
            train = route.get("train") if isinstance(route, dict) else None
            owner = r.owner_of_train(train) if isinstance(train, str) else None
            if owner in self.unnamed and owner != runner:
                self.unnamed.discard(owner)
                r.warn(f"{owner} was acquired by {runner} (its run names it): taken over now")
                self.absorb(r, runner, owner)

    @staticmethod
    def export(r: Moves) -> None:
        first = r.next_depot_train()
        r.export_next()
        while first is not None and first[1] == "2":
            nxt = r.next_depot_train()
            if nxt is None or nxt[1] != "2":
                break
            r.export_next()

    def absorb(self, r: Moves, survivor: str, target: str) -> None:
        cities = set()
        for hex_name, space, owner in r.all_tokens():
            if owner == target:
                cities.add((hex_name, self.city_of_space(r, hex_name, space)))
        for hex_name, space, owner in r.all_tokens():
            if owner == survivor and (hex_name, self.city_of_space(r, hex_name, space)) in cities:
                r.remove_token(hex_name, space)
        r.move_trains(target, survivor)
        r.drop_trains(target)
        r.move_tokens(target, survivor)
        r.home_again(target)
        self.operated.discard(target)  # reset: it may be started again

    @staticmethod
    def city_of_space(r: Moves, hex_name: str, space: int) -> int:
        tile, _ = r.tile_at(hex_name)
        return next(sp.city for sp in tile.token_spaces if sp.index == space)

    def mark(self, r: Moves, kind: str, hex_name: str) -> None:
        bonus = f"{kind}_{hex_name}"
        try:
            r.game.bonus(bonus)
        except KeyError:
            r.warn(f"a {kind} on {hex_name}, where the game data has none: not paid")
            return
        r.set_global_bonus(bonus, hex_name)

    def assign(self, r: Moves, a: Action) -> None:
        r.common(a)
        if a.get("entity") in self.BRIDGES and a.get("target_type") == "hex":
            self.mark(r, "bridge", r.hex_name(a.get("target")))

    def lay_tile(self, r: Moves, a: Action) -> None:
        r.common(a)
        hex_name = r.hex_name(a.get("hex"))
        entity = a.get("entity") if a.get("entity_type") == "company" else None
        if entity in self.MINES:
            self.mark(r, "mine", hex_name)
        elif entity in self.RANCHES:
            self.mark(r, "ranch", hex_name)
        elif entity in self.STEEL_MILL:
            for near in filter(None, (r.game.neighbour(hex_name, e) for e in range(6))):
                r.drop_global_bonus(f"ranch_{near}")


@title("1817")
class Home1817(TitleHome):
    specials = Markers1817
