"""1847 AE: the coal bonus is no 6E's (the finder's rule); HLB's second home token (the
replay's).

- tobymao/18xx g_1847_ae game.rb ``coal_bonus``: ``return 0 if train.name == '6E'``; the
  ``coal`` bonus of games/hand/1847AE.toml (a ``connection``) pays every other train.
- HOME_TOKEN_TIMING :float: a home token goes down when the corporation floats (half of it
  out of the IPO, its reserved investor shares counted), HLB's in both its homes
  (``place_home_token``: D18 and Darmstadt C21).
"""

from __future__ import annotations

from ..rules.bonus_kinds import BonusFacts
from ..rules.facts import TrainTable
from .finder import GameRules
from .moves import Action, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

COAL = "coal"  # the bonus id of games/hand/1847AE.toml
NO_COAL_TRAINS = frozenset({"6E"})


class Rules1847AE(GameRules):
    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        if bonus.id == COAL and table.train_name in NO_COAL_TRAINS:
            return
        super().apply_bonus(bonus, table, scale)


class Specials1847AE(GameSpecials):
    """Home tokens at the float (HOME_TOKEN_TIMING :float; ShareBuying#maybe_place_home_token):
    a corporation's home token goes down at the share purchase (a ``par``, a ``buy_shares``,
    one the engine made for a programmed buyer in ``auto_actions``, an investor company's
    exchange) after which its certificates out of the IPO reach half of it: 50%, less its
    reserved investor shares for Saar (20%) and HLB (10%), ``float_includes_reserved``. The
    privates' shares (after_buy_company) count, and place nothing. HLB's float puts a token
    in the first city of both its homes, D18 (our company's home) and Darmstadt C21.

    L's home token is placed at set-up (``[eighteen_xx] setup_tokens``)."""

    FLOAT_PERCENT = 50
    RESERVED = {"Saar": ("Saar_1", "Saar_2"), "HLB": ("HLB_1",)}  # investor shares, 10% each
    PRIVATE_SHARES = {  # the shares a private brings (its ``shares`` ability): id -> percent
        "PLP": {"L_4": 10, "L_5": 10},
        "SPR": {"Saar_0": 20},
        "K": {"L_1": 10},
        "H": {"L_2": 10},
        "W": {"L_3": 10},
    }
    PRESIDENT_PERCENT = 20
    SECOND_HOMES = {"HLB": "C21"}

    def __init__(self) -> None:
        self.out: dict[str, dict[str, int]] = {}  # engine corporation -> shares out of the IPO
        self.floated: list[str] = []  # floated by the last action: tokens go down after it

    def before_action(self, r: Moves, action: Action) -> None:
        for corporation in self.floated:  # the previous action's float: after it, before this
            company = r.company(corporation)
            if company is not None:
                r.place_home(company)
                self._second_home(r, company.abbrev)
        self.floated = []
        for a in [action, *(action.get("auto_actions") or [])]:
            if isinstance(a, dict):
                self._shares(a)

    def _shares(self, a: Action) -> None:
        kind = a.get("type")
        if kind == "bid":
            for share, percent in self.PRIVATE_SHARES.get(str(a.get("company")), {}).items():
                self._out(share, percent)
            return
        if kind == "par":
            corporation = str(a.get("corporation"))
            self._out(f"{corporation}_0", self.PRESIDENT_PERCENT)
        elif kind == "buy_shares":
            shares = a.get("shares")
            bundle = a.get("percent")
            if not isinstance(shares, list) or not shares or not isinstance(bundle, int):
                return
            for share in shares:
                self._out(str(share), bundle // len(shares))
            corporation = str(shares[0]).rpartition("_")[0]
        else:
            return
        if self._floated(corporation) and corporation not in self.floated:
            self.floated.append(corporation)

    def _out(self, share: str, percent: int) -> None:
        corporation = share.rpartition("_")[0]
        self.out.setdefault(corporation, {}).setdefault(share, percent)

    def _floated(self, corporation: str) -> bool:
        reserved = self.RESERVED.get(corporation, ())
        out = sum(p for s, p in self.out.get(corporation, {}).items() if s not in reserved)
        return out >= self.FLOAT_PERCENT - 10 * len(reserved)

    def _second_home(self, r: Moves, abbrev: str) -> None:
        second = self.SECOND_HOMES.get(abbrev)
        if second is None or abbrev in r.tokens_at(second).values():
            return
        space = r.free_space(second, 0)
        if space is None:
            r.warn(f"{abbrev}'s home {second}: no free token space")
            return
        r.place_token(second, space, abbrev)


@title("1847AE")
class Home1847AE(TitleHome):
    rules = Rules1847AE
    specials = Specials1847AE
