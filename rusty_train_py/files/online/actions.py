"""What each kind of 18xx.games action does to our position (the generic replay; a game's
own actions are in its title's home, rusty_train_py/titles/)."""

from __future__ import annotations

from typing import Any

from ..errors import short
from .replay import Handler, Replay
from .rounds import RunPoint


def lay_tile(r: Replay, a: dict[str, Any]) -> None:
    hex_name = r.hex_name(a.get("hex"))
    tile = r.tile_name(a.get("tile"))
    old, _ = r.state.tile_at(hex_name)
    new = r.game.catalogue[tile]
    choice = r.table.token_choice_on_lay
    if choice and not old.paths and new.paths and len(new.cities) > 1:
        # a home token put in the first city of a tile with no track: the tile laid takes
        # it off, a place_token action puts it in the city chosen (Tracker#update_token!);
        # ``token_choice_on_lay = false``: the title keeps it where our tile lay carries it
        for space, owner in sorted(r.state.tokens_at(hex_name).items()):
            r.remove_token(hex_name, space)
            r.pending_tokens.append((hex_name, owner))
    r.lay(hex_name, tile, a.get("rotation"))
    for tile_id, where in list(r.tile_hex.items()):
        if where == hex_name:
            del r.tile_hex[tile_id]
    r.tile_hex[str(a["tile"])] = hex_name


def place_token(r: Replay, a: dict[str, Any]) -> None:
    company = r.acting_company()
    if company is None and a.get("entity_type") == "company":
        # a private its player owns places the token for a corporation the action names
        # (18Texas's teleports: the engine's PlaceToken#tokener)
        company = r.company(a.get("tokener"))
    neutral = r.table.neutral_token_company
    if a.get("token_type") == "neutral" and neutral:  # 1882: a CN token the company carries
        company = r.company(neutral)
    entity = a.get("entity")
    special = r.table.private_tokens.get(entity) if isinstance(entity, str) else None
    if a.get("entity_type") == "company" and special is not None:
        company = r.company(special.company)  # 18LA: APD's token is the Dump's
    if company is None:
        r.warn(f"a token of {short(a.get('entity'))}, which is none of our companies: not placed")
        return
    hex_name, city = r.city_of(a.get("city"))
    pending = [p for p in r.pending_tokens if p[0] == hex_name]
    if pending:  # the operating company puts back a token a tile lay took off (any owner's)
        r.pending_tokens.remove(pending[0])
        company = r.company(pending[0][1]) or company
    slot = a.get("slot", 0)
    if not isinstance(slot, int) or isinstance(slot, bool):
        raise r.fail(f"bad slot {short(slot)}")
    space = r.city_space(hex_name, city, slot)
    taken = r.state.tokens_at(hex_name)
    if space in taken and taken[space] != company.abbrev:
        free = r.free_space_of_part(hex_name, city)  # the engine filled the slots otherwise
        if free is None:  # the engine had removed that token (a company closed by the market)
            r.warn(
                f"{hex_name}: {company.abbrev}'s token goes where the replay still had"
                f" {taken[space]}'s (gone in the engine by then): replaced"
            )
            r.remove_token(hex_name, space)
        else:
            space = free
    r.place_token(hex_name, space, company.abbrev)
    if a.get("entity") in r.table.private_new_tokens:
        r.state.grant_tokens(company.abbrev)  # the private's token, not one of the charter's
    if special is not None and special.bonus is not None:
        r.global_bonuses[special.bonus] = hex_name
    if company.abbrev == getattr(r.acting_company(), "abbrev", None):
        r.home_done.add(company.abbrev)


def remove_token(r: Replay, a: dict[str, Any]) -> None:
    hex_name, city = r.city_of(a.get("city"))
    slot = a.get("slot", 0)
    if not isinstance(slot, int) or isinstance(slot, bool):
        raise r.fail(f"bad slot {short(slot)}")
    r.remove_token(hex_name, r.city_space(hex_name, city, slot))


def buy_train(r: Replay, a: dict[str, Any]) -> None:
    company = r.acting_company()
    train_id = a.get("train")
    if not isinstance(train_id, str) or "-" not in train_id:
        raise r.fail(f"bad train {short(train_id)}")
    if company is None:
        r.warn(f"train {train_id} bought by {short(a.get('entity'))}, none of our companies")
        return
    base = r.our_train(train_id.rsplit("-", 1)[0])
    name = r.our_train(a.get("variant")) or r.train_names.get(train_id) or base
    if name is None:
        raise r.fail(f"unknown train {short(a.get('variant') or train_id)} for game {r.game.id}")
    exchange = a.get("exchange")
    if isinstance(exchange, str):
        r.drop_train(exchange)
    if train_id in r.exported and r.owner_of_train(train_id) is None:
        r.warn(f"{train_id} is bought, but the replay had it exported (an operating round's end)")
        r.exported.discard(train_id)
    from_depot = r.owner_of_train(train_id) is None and train_id not in r.gone
    r.give_train(company.abbrev, train_id, name)  # then the phase and rusting, as the engine
    if from_depot:
        r.depart(train_id, base or name)


def discard_train(r: Replay, a: dict[str, Any]) -> None:
    train_id = a.get("train")
    if isinstance(train_id, str):
        r.drop_train(train_id)


def buy_company(r: Replay, a: dict[str, Any]) -> None:
    """A corporation buys a private company: its bonuses, and a train that comes with it
    (``[eighteen_xx.private_trains]``: 18GA's Ocilla Southern and its 2 train)."""
    if a.get("entity_type") == "corporation" and isinstance(a.get("company"), str):
        r.private_owner[a["company"]] = str(a.get("entity"))
        grant_right(r, a["company"])  # 1856: the bridge and tunnel privates' rights
        train_id = r.table.private_trains.get(a["company"], "")
        company = r.company(a.get("entity"))
        name = r.train_name(train_id) if train_id else None
        if company is not None and name is not None and private_train_given(r, company.abbrev):
            r.give_train(company.abbrev, train_id, name)


def private_train_given(r: Replay, company: str) -> bool:
    """The engine gives a private's train only below the phase's train limit (an integer
    limit) and before the phase in ``private_trains_until`` (18GA: none from phase 4 on)."""
    until = r.table.private_trains_until
    if until is not None and r.phase_reached(until):
        return False
    limit = next(p.train_limit for p in r.game.phases if p.name == r.state.phase)
    return not isinstance(limit, int) or len(r.trains.get(company, [])) < limit


def assign(r: Replay, a: dict[str, Any]) -> None:
    """A private's bonus put on a hex (1846's Steamboat and Meat Packing, ...) or on the
    corporation it pays while a player owns it."""
    if a.get("target_type") == "hex" and isinstance(a.get("target"), str):
        r.assigned[str(a.get("entity"))] = r.hex_name(a["target"])
    elif a.get("target_type") == "corporation" and isinstance(a.get("target"), str):
        # 1846's Steamboat, owned by a player, assigned to the corporation it pays
        r.assigned_to[str(a.get("entity"))] = a["target"]


def par(r: Replay, a: dict[str, Any]) -> None:
    company = r.company(a.get("corporation"))
    # "float": the engine places it when the company floats; in the games that use it (1846,
    # 1849) a company floats at 20% sold, its president's certificate: at its par
    if company is not None and r.table.home_token_timing in ("par", "float"):
        r.place_home(company)


def bid(r: Replay, a: dict[str, Any]) -> None:
    """A bid for a corporation (1861's minors are auctioned): with the par timing, the
    engine places its home token when the auction is won, in the same stock round."""
    company = r.company(a.get("corporation"))
    if company is not None and r.table.home_token_timing == "par":
        r.place_home(company)


def run_routes(r: Replay, a: dict[str, Any]) -> None:
    company = r.acting_company()
    routes = a.get("routes")
    if company is None or not isinstance(routes, list):
        r.warn("routes of no company of ours, or no list of routes: not checked")
        return
    owned = r.trains.get(company.abbrev, [])
    for route in routes:
        train_id = route.get("train") if isinstance(route, dict) else None
        if not isinstance(train_id, str):
            raise r.fail(f"a route without a train: {short(route)}")
        if train_id not in owned:
            name = r.train_name(train_id)
            if name is None:
                raise r.fail(f"unknown train {short(train_id)}")
            r.warn(
                f"{company.abbrev} runs train {train_id}, which the replay had not given it"
                " (given now)"
            )
            r.give_train(company.abbrev, train_id, name)
            r.gone.add(train_id)
    point = run_point(r, a)
    assert point is not None
    r.runs.append(point)
    r.drop_obsolete(company.abbrev)


def run_point(r: Replay, a: dict[str, Any]) -> RunPoint | None:
    """The run_routes action ``a`` as a RunPoint (None: no company of ours runs)."""
    company = r.acting_company()
    routes = a.get("routes")
    if company is None or not isinstance(routes, list):
        return None
    return RunPoint(a["id"], company.abbrev, tuple(routes), len(r.runs) + 1, r.operating_round)


def special_buy(r: Replay, a: dict[str, Any]) -> None:
    """A corporation buys a right that pays a route bonus from then on
    (``[eighteen_xx.rights]``: 1856's bridge and tunnel tokens)."""
    if not grant_right(r, a.get("description")):
        r.warn("not replayed (this program does not follow this action)")


def grant_right(r: Replay, name: object) -> bool:
    """The acting corporation holds the bonus ``[eighteen_xx.rights]`` names for ``name`` (a
    special_buy's description or a private bought) from then on; False: no such right."""
    bonus = r.table.rights.get(name) if isinstance(name, str) else None
    company = r.acting_company()
    if not isinstance(bonus, str):
        return False
    if company is not None and bonus not in r.rights.setdefault(company.abbrev, []):
        r.rights[company.abbrev].append(bonus)
    return True


def bankrupt(r: Replay, a: dict[str, Any]) -> None:
    """The corporation closes: its tokens leave the map, its trains the game."""
    company = r.company(a.get("entity"))
    if company is not None:
        r.close(company.abbrev)


HANDLERS: dict[str, Handler] = {
    "lay_tile": lay_tile,
    "place_token": place_token,
    "remove_token": remove_token,
    "buy_train": buy_train,
    "discard_train": discard_train,
    "buy_company": buy_company,
    "par": par,
    "bid": bid,
    "assign": assign,
    "run_routes": run_routes,
    "bankrupt": bankrupt,
    "special_buy": special_buy,
}
