"""18SJ: the minor KHJ, Göta kanalbolag's three bonus tokens, the privates closing, and the
nationalisation of a trainless corporation into SJ, the state railway (tobymao/18xx
g_18_sj: ``setup``, ``event_close_companies!``, ``perform_nationalization``,
``AssignGotaKanalbolaget`` and its ``Route`` step)."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

# what the engine does when the first train of a type leaves the depot
NATIONALISING = frozenset({"4", "6", "D"})  # event nationalization (D: the E is a D's variant)
CLOSING = "5"  # event close_companies
OR_ACTIONS = frozenset({"lay_tile", "place_token", "run_routes", "dividend", "buy_train"})


class State18SJ(GameSpecials):
    """18SJ's set-up, actions and events that move tokens, trains and bonuses:

    - set-up: the minor KHJ takes the depot's first train (free) and its home token;
    - a corporation buying the KHJ private takes the minor's train and token (dropping the
      token where it has one already);
    - Göta kanalbolag: its owning corporation assigns the 50, 30 and 20 tokens in turn
      (``gkb50``, ``gkb30``, ``gkb20``); after its run the largest one its routes reached
      leaves the map;
    - the first 5 train closes the privates (their bonuses end) and the minor KHJ;
    - the first 4, 6 and D (or E) train nationalise a corporation that has operated and has
      no train: its tokens become SJ's (or leave the map where SJ has one on the hex). The
      engine takes the one with the highest share price, which the replay does not follow:
      it takes the one candidate that never acts again in the log (with several, none, and
      says so);
    - two players: a corporation chosen for A.W. Edelswärd (a ``choose`` naming it) is a bot
      that, when its turn ends, requisitions the depot's next trains free while it has fewer
      than two and none that never rusts (``require_automa_trains``; a D becomes an E)."""

    GKB = "GKB"
    GKB_BONUSES = ("gkb50", "gkb30", "gkb20")
    GKB_AMOUNTS = {"gkb50": 50, "gkb30": 30, "gkb20": 20}
    STATE = "SJ"

    def __init__(self) -> None:
        self.operated: set[str] = set()
        self.last_action: dict[str, int] = {}  # company name -> index of its last kept action
        self.gkb_given = 0
        self.bots: set[str] = set()  # the bot's corporations (two players)
        self.turn_of: str | None = None  # the corporation whose operating turn it is

    def handlers(self) -> dict[str, Handler]:
        return {
            "buy_company": self.buy_company,
            "assign": self.assign,
            "run_routes": self.run_routes,
            "choose": self.choose,
        }

    def setup(self, r: Moves) -> None:
        super().setup(r)
        for i, a in enumerate(r.kept_actions()):
            if isinstance(a.get("entity"), str):
                self.last_action[a["entity"]] = i
        for company in r.game.companies:
            if company.kind != "minor":
                continue
            r.place_home(company)
            nxt = r.next_depot_train()
            if nxt is not None:
                r.give_train(company.abbrev, *nxt)
                r.depart(*nxt)

    def before_action(self, r: Moves, a: Action) -> None:
        company = r.company(a.get("entity")) if a.get("entity_type") == "corporation" else None
        acting = company.abbrev if company is not None else None
        if self.turn_of is not None and acting != self.turn_of and self.turn_of in self.bots:
            self.requisition(r, self.turn_of)
        self.turn_of = acting
        if acting is not None and a["type"] in OR_ACTIONS:
            self.operated.add(acting)

    # ---- actions ---------------------------------------------------------------------

    def buy_company(self, r: Moves, a: Action) -> None:
        r.common(a)
        minor = r.company(a.get("company"))
        buyer = r.acting_company()
        if minor is None or buyer is None or minor.kind != "minor":
            return
        r.move_trains(minor.abbrev, buyer.abbrev)
        for hex_name, space, owner in r.all_tokens():
            if owner == minor.abbrev and buyer.abbrev in r.tokens_at(hex_name).values():
                r.remove_token(hex_name, space)
        r.move_tokens(minor.abbrev, buyer.abbrev)
        r.close(minor.abbrev)

    def assign(self, r: Moves, a: Action) -> None:
        """The GKB owner's assignment (the corporation is the entity) or a private's own."""
        company = r.company(a.get("entity"))
        owner = r.company(r.owner_of_private(self.GKB))
        gkb = company is not None and owner is not None and company.abbrev == owner.abbrev
        if not gkb or not isinstance(a.get("target"), str):
            r.common(a)
            return
        if self.gkb_given < len(self.GKB_BONUSES):
            r.assign_hex(self.GKB_BONUSES[self.gkb_given], r.hex_name(a["target"]))
            self.gkb_given += 1

    def run_routes(self, r: Moves, a: Action) -> None:
        r.common(a)
        company = r.acting_company()
        owner = r.company(r.owner_of_private(self.GKB))
        if company is None or owner is None or company.abbrev != owner.abbrev:
            return
        reached = {
            r.hex_name(h)
            for route in a.get("routes") or []
            if isinstance(route, dict)
            for h in route.get("hexes") or []
        }
        used = [b for b in self.GKB_BONUSES if r.assigned_hex(b) in reached]
        if used:
            r.unassign(max(used, key=self.GKB_AMOUNTS.__getitem__))

    def choose(self, r: Moves, a: Action) -> None:
        """Two players: the corporation named becomes the bot's (other choices: no effect on
        the map)."""
        company = r.company(a.get("choice"))
        if r.players == 2 and company is not None:
            self.bots.add(company.abbrev)

    def requisition(self, r: Moves, bot: str) -> None:
        while True:
            ids = r.trains_of(bot)
            first_name = r.train_name(ids[0]) if ids else None
            first = r.game.train(first_name) if first_name is not None else None
            if len(ids) >= 2 or (first is not None and first.rusts_on is None):
                return
            nxt = r.next_depot_train()
            if nxt is None:
                return
            train_id, name = nxt
            r.give_train(bot, train_id, "E" if name == "D" else name)
            r.depart(train_id, name)

    # ---- events ----------------------------------------------------------------------

    def on_first(self, r: Moves, train: str) -> None:
        if train == CLOSING:
            r.privates_close()
            for key in ("SB", *self.GKB_BONUSES):
                r.unassign(key)
            for company in r.game.companies:
                if company.kind == "minor":
                    r.close(company.abbrev)
        if train in NATIONALISING:
            self.nationalise(r)

    def nationalise(self, r: Moves) -> None:
        kept = r.kept_actions()
        here = kept.index(r.action) if r.action in kept else -1
        candidates = [
            c.abbrev
            for c in r.game.companies
            if c.kind == "major"
            and c.abbrev in self.operated
            and c.abbrev not in self.bots
            and not r.trains_of(c.abbrev)
        ]
        idle = [c for c in candidates if self.last_action.get(c, -1) < here]
        if not candidates:
            return
        if len(idle) != 1:
            r.warn(
                f"nationalisation: {len(idle)} of the trainless corporations"
                f" ({', '.join(candidates)}) never act again: none nationalised"
            )
            return
        major = idle[0]
        for hex_name, space, owner in r.all_tokens():
            if owner == major and self.STATE in r.tokens_at(hex_name).values():
                r.remove_token(hex_name, space)
        r.move_tokens(major, self.STATE)
        r.drop_privates_of(major)
        r.close(major)
        self.operated.discard(major)


@title("18SJ")
class Home18SJ(TitleHome):
    specials = State18SJ
