"""The takeover, shared by titles (18MT, 18CO): a corporation that becomes another's president
takes it over. A title's home names this class as its specials."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .specials import GameSpecials

PRESIDENT_PERCENT = 20
SHARE_ACTIONS = frozenset(
    {"buy_shares", "sell_shares", "corporate_buy_shares", "corporate_sell_shares"}
)


def _holder(a: Action) -> str:
    return f"{a.get('entity_type')}:{a.get('entity')}"


class Takeover(GameSpecials):
    """The takeover (tobymao/18xx ``G18MT::Step::Takeover``, shared with 18CO): shares are
    followed per holder (a player's par is its 20% president's share, then every share
    bought and sold, corporations' too, auto actions included); when a corporation holds
    more of another than its president, it becomes president and takes the other over: the
    other's shares of corporations go back to the market, its tokens in hexes where the
    taker has one leave the map (when the taker has tokens left), its trains and privates
    become the taker's, and the taker may replace its tokens by its own (``place_token``
    actions right after); then it closes (its other tokens leave the map)."""

    def __init__(self) -> None:
        self.owner: dict[str, tuple[str, float]] = {}  # share id -> (holder, percent)
        self.president: dict[str, str] = {}  # corporation -> holder
        self.check = False
        self.open: tuple[str, str] | None = None  # (taken, taker) while tokens are replaced
        self.closed: set[str] = set()

    def handlers(self) -> dict[str, Handler]:
        return {"place_token": self.place_token}

    # ---- shares --------------------------------------------------------------------------

    def _shares(self, a: Action) -> None:
        kind = a.get("type")
        if kind == "par" and isinstance(a.get("corporation"), str):
            corp = a["corporation"]
            self.owner[f"{corp}_0"] = (_holder(a), PRESIDENT_PERCENT)
            self.president[corp] = _holder(a)
            return
        shares = a.get("shares")
        if kind not in SHARE_ACTIONS or not isinstance(shares, list) or not shares:
            return
        corp = str(shares[0]).rsplit("_", 1)[0]
        holder = _holder(a)
        percent = a.get("percent")
        if not isinstance(percent, int | float) or isinstance(percent, bool):
            percent = 10 * len(shares)  # (a log without it: 10% shares)
        each = float(percent) / len(shares)
        buying = str(kind).endswith("buy_shares")
        for share in map(str, shares):
            self.owner.pop(share, None)  # (bought: last in its holder's order)
            if buying:  # from the IPO, the market or another holder (18MT: a player)
                self.owner[share] = (holder, each)
        held = self.held(corp)
        pres = self.president.get(corp)
        new = pres
        if pres is None or held.get(holder, 0) > held.get(pres, 0):
            if buying:
                new = holder
        if pres is not None and held.get(pres, 0) < max(held.values(), default=0):
            # the most held, players first (the engine's presidency order)
            new = max(held, key=lambda h: (held[h], h.startswith("player:")))
        if new is not None and new != pres:
            self.president[corp] = new
            # the president's certificate sold goes to the new president, who gives shares
            # worth as much to the market; else the old president takes them
            self.swap(corp, new, None if f"{corp}_0" in shares else pres)
        self.check = True

    def swap(self, corp: str, new: str, old: str | None) -> None:
        """The presidency changes hands (SharePool's presidency swap): the new president
        takes the president's certificate and gives its first shares worth as much to the
        old president (``old``) or, when the certificate was sold, to the market."""
        give = PRESIDENT_PERCENT
        for share, (holder, pct) in list(self.owner.items()):
            if give > 0 and holder == new and share.rsplit("_", 1)[0] == corp:
                del self.owner[share]
                if old is not None:
                    self.owner[share] = (old, pct)
                give -= int(pct)
        self.owner.pop(f"{corp}_0", None)
        self.owner[f"{corp}_0"] = (new, PRESIDENT_PERCENT)

    def held(self, corp: str) -> dict[str, float]:
        """Holder -> percent of ``corp`` (its own treasury shares are no one's)."""
        out: dict[str, float] = {}
        for share, (holder, pct) in self.owner.items():
            if share.rsplit("_", 1)[0] == corp and holder != f"corporation:{corp}":
                out[holder] = out.get(holder, 0) + pct
        return out

    # ---- the takeover --------------------------------------------------------------------

    def before_action(self, r: Moves, a: Action) -> None:
        if self.open is not None:
            taker = r.company(a.get("entity"))
            if a.get("type") != "place_token" or taker is None or taker.abbrev != self.open[1]:
                self._close(r, self.open[0])
        if self.check:
            self.check = False
            for corp, pres in list(self.president.items()):
                source, taker = r.company(corp), r.company(pres.removeprefix("corporation:"))
                if not pres.startswith("corporation:") or source is None or taker is None:
                    continue
                if source.abbrev not in self.closed:
                    self._take(r, source.abbrev, taker.abbrev)
        self._shares(a)
        for auto in a.get("auto_actions") or []:
            if isinstance(auto, dict):
                self._shares(auto)

    def _take(self, r: Moves, source: str, taker: str) -> None:
        for share, (holder, _) in list(self.owner.items()):
            if holder == f"corporation:{source}":
                del self.owner[share]  # back to the market
        left = r.tokens_left(taker)
        if left > 0:
            for hex_name, space, owner in r.all_tokens():
                if owner == source and taker in r.tokens_at(hex_name).values():
                    r.remove_token(hex_name, space)
        r.move_trains(source, taker)
        r.drop_trains(source)
        if left > 0 and r.tokens_placed(source):
            self.open = (source, taker)
        else:
            self._close(r, source)

    def _close(self, r: Moves, source: str) -> None:
        self.open = None
        self.closed.add(source)
        self.president.pop(source, None)
        r.close(source)

    def place_token(self, r: Moves, a: Action) -> None:
        """While a takeover is open, the taker's token replaces the taken one's in that city."""
        if self.open is not None:
            hex_name, _ = r.city_of(a.get("city"))
            for space, owner in r.tokens_at(hex_name).items():
                if owner == self.open[0]:
                    r.remove_token(hex_name, space)
                    break
        r.common(a)
