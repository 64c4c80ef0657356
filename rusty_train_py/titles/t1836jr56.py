"""1836jr56: 1856's game on 1836Jr30's map (tobymao/18xx ``G1836Jr56::Game``, a
``G1856::Game``): 1856's nationalization into the national (MESS), 1836Jr30's ports (worth
nothing while only yellow tiles are allowed), and the diesel variant's D, on which the 4s
rust there; the national's borrowed train."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .t1836jr30 import Rules1836Jr30
from .t1856 import Nationalization1856

DIESEL_VARIANT = "diesel_variant"  # the optional rule: D trains instead of 8s
DIESEL = "D"
RUSTS_ON_DIESEL = "4"  # G1836Jr56#game_trains: the 4 rusts on the D with the variant


class Nationalization1836Jr56(Nationalization1856):
    """1856's nationalization; with the diesel variant the first D rusts the 4s (the game
    file's 4 rusts on the 8, the train of the game without it).

    The national with no train borrows one from the depot (G1856::Step::BorrowTrain,
    G1856#borrow_train; the engine's phase and rusting do not follow it) and gives it back
    when its turn ends (G1856::Step::BuyTrain#pass!: the depot reclaims it); here at the
    first action of another entity, before any other company runs."""

    def __init__(self) -> None:
        super().__init__()
        self.borrowed: tuple[str, str] | None = None  # (company, engine train id)

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "borrow_train": self.borrow_train}

    def borrow_train(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        train_id = a.get("train")
        if company is None or not isinstance(train_id, str) or "-" not in train_id:
            r.warn("a borrowed train of no company of ours, or no train: not replayed")
            return
        base = r.our_train(train_id.rsplit("-", 1)[0])
        if base is None:
            r.warn(f"a borrowed train {train_id} of no type of ours: not replayed")
            return
        r.give_train(company.abbrev, train_id, base)
        self.borrowed = (company.abbrev, train_id)

    def before_action(self, r: Moves, a: Action) -> None:
        super().before_action(r, a)
        if self.borrowed is None:
            return
        company = r.company(a.get("entity")) if a.get("entity_type") == "corporation" else None
        if company is None or company.abbrev != self.borrowed[0]:
            r.drop_train(self.borrowed[1])
            self.borrowed = None

    def on_first(self, r: Moves, train: str) -> None:
        super().on_first(r, train)
        if train != DIESEL or DIESEL_VARIANT not in r.options:
            return
        for company in r.holders():
            kept = [t for t in r.trains_of(company) if r.train_name(t) != RUSTS_ON_DIESEL]
            r.keep_trains(company, kept)


@title("1836Jr56")
class Home1836Jr56(TitleHome):
    rules = Rules1836Jr30
    specials = Nationalization1836Jr56
