"""The log replay's rules every title follows unless its home says otherwise (a GameSpecials
subclass: a title's own actions and events that move tokens or trains), and the engine's
random numbers. A title's specials see the replay through ``moves.Moves`` only."""

from __future__ import annotations

from .moves import Action, Handler, Moves


class GameSpecials:
    """What every game does: set-up tokens from the game's ``[eighteen_xx]`` table, no
    action of its own."""

    def handlers(self) -> dict[str, Handler]:
        return {}

    def setup(self, r: Moves) -> None:
        r.mark_gone(tuple(r.table.private_trains.values()))  # held apart from the start
        for company, train_id in r.table.setup_trains.items():
            name = r.train_name(str(train_id))
            owner = r.company(company)
            if name is not None and owner is not None:  # given at set-up (18CO's DSNG: 2P)
                r.give_train(owner.abbrev, str(train_id), name)
                r.depart(str(train_id), name)
        # the privates some action names (a bid, a purchase): the others were never bought
        named = {a.get("company") for a in r.kept_actions() if isinstance(a.get("company"), str)}
        for company, private in r.table.closes_unless_bid.items():
            owner = r.company(company)
            if owner is not None and private not in named:  # 18CO: DSNG without the DRGR
                r.close(owner.abbrev)
        for hex_name, city, company in r.table.setup_tokens:
            space = r.free_space(hex_name, city)
            if space is not None:
                r.place_token(hex_name, space, company)

    def on_phase(self, r: Moves, phase: str) -> None:
        """Called when the phase changes (a train left the depot)."""

    def on_first(self, r: Moves, train: str) -> None:
        """Called when the first train of a type leaves the depot (after the rusting)."""

    def before_action(self, r: Moves, action: Action) -> None:
        """Called before every action the engine keeps (round bookkeeping)."""

    def bonuses(self, r: Moves, company: str) -> list[str]:
        """The bonus options of the game's own that ``company`` holds now (``id`` or
        ``id:HEX``: 18FL's hotels, 1870's ports), beyond the privates' of
        ``[eighteen_xx.private_bonuses]``, as ``routes --bonus`` names them."""
        return []


class Lcg:
    """The engine's random numbers (Game::Base#rand: a linear congruential generator)."""

    def __init__(self, seed: int) -> None:
        self.value = seed % 2**31

    def next(self) -> int:
        self.value = (1_103_515_245 * self.value + 12_345) % 2**31
        return self.value

    def shuffled(self, names: list[str]) -> list[str]:
        keys = [self.next() for _ in names]
        return [n for _, n in sorted(zip(keys, names, strict=True))]
