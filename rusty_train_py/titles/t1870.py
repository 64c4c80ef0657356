"""1870's own moves in a log: the destination token and the Gulf Shipping Company's port.

- A corporation that reaches its destination chooses (a ``choose`` action of
  G1870::Step::ConnectionToken) to put its destination token on the map ("Map": the engine
  places it in the extra slot of the destination hex's first city, ``extra_slot: true``) or
  on its charter ("Charter": nothing on the map). ``[eighteen_xx] destination_tokens`` names
  each corporation's destination hex.
- The run right after that choice is the connection run, in which one train must run from
  the corporation's home to its destination: the corporation holds its ``conn_<id>`` bonus
  (``connection_run``) for that run only.
- The Gulf Shipping Company (GSC) is assigned to a port hex by its owning corporation: the
  first assignment opens the port, a second one on the same hex closes it (and the
  company). Open, the owner's routes earn ``port_owner`` there and every other company's
  ``port_open``; closed, only the owner's. Both end when the first 6 train is bought (the
  event remove_tokens), as the Southern Cattle Company's token does (its bonus is a
  ``private_bonuses`` one).
"""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

PORT = "GSC"  # the private whose assignments are the port
OWNER_BONUS = "port_owner"
OPEN_BONUS = "port_open"
CONNECTION_RUN = "conn_"  # the bonus of a connection run, followed by the company's id
ENDS_WITH = "6"  # the train whose purchase removes the port (event remove_tokens)


class Destinations1870(GameSpecials):
    """Destination tokens in extra slots; the Gulf Shipping port, open then closed."""

    def __init__(self) -> None:
        self.connecting: str | None = None  # the company about to make its connection run
        self.ran = False  # ... and it has made it (the bonus goes at the next action)
        self.port_hex: str | None = None
        self.port_owner: str | None = None
        self.port_closed = False

    def handlers(self) -> dict[str, Handler]:
        return {"choose": self.choose, "assign": self.assign}

    def before_action(self, r: Moves, action: Action) -> None:
        if self.ran:
            self.connecting, self.ran = None, False
        if self.connecting is not None and action.get("type") == "run_routes":
            self.ran = True  # this run is the connection run

    def choose(self, r: Moves, a: Action) -> None:
        choice = a.get("choice")
        company = r.acting_company()
        if choice in ("Charter", "Map") and company is not None:
            self.connecting, self.ran = company.abbrev, False
        if choice == "Charter":
            return  # the token goes on the charter: nothing on the map
        if choice != "Map" or company is None:
            r.warn(f"a choice this program does not follow ({choice!r})")
            return
        destinations = r.table.destination_tokens
        hex_name = destinations.get(str(a.get("entity")))
        if hex_name is None:
            r.warn(f"{company.abbrev} has no destination in [eighteen_xx] destination_tokens")
            return
        r.place_extra_token(r.hex_name(hex_name), 0, company.abbrev)

    def assign(self, r: Moves, a: Action) -> None:
        if a.get("entity") != PORT or a.get("target_type") != "hex":
            r.common(a)
            return
        hex_name = r.hex_name(a.get("target"))
        if self.port_hex == hex_name:
            self.port_closed = True  # the second assignment closes the port
            return
        self.port_hex = hex_name
        owner = r.company(r.owner_of_private(PORT))
        self.port_owner = owner.abbrev if owner is not None else None

    def bonuses(self, r: Moves, company: str) -> list[str]:
        out = []
        if company == self.connecting:
            out.append(f"{CONNECTION_RUN}{company.lower()}")
        if self.port_hex is None or r.has_departed(ENDS_WITH):
            return out
        if company == self.port_owner:
            return [*out, f"{OWNER_BONUS}:{self.port_hex}"]
        return out if self.port_closed else [*out, f"{OPEN_BONUS}:{self.port_hex}"]


@title("1870")
class Home1870(TitleHome):
    specials = Destinations1870
