"""Replace-tile mode: browse the tiles that fit (``e``) or the valid upgrades (``u``).

Down/Up choose the next/previous tile, the rotate keys turn it (only through the rotations the list
allows), ``o`` shows the original, ``/`` filters by name, ``w`` tints every hex where the
chosen tile can legally go (any company) and, more strongly, those the company last chosen
for routes or the advisor can reach. Return keeps the choice as one undoable edit, carrying
tokens to the new tile's matching cities; Esc discards it.
"""

from __future__ import annotations

from collections.abc import Callable

from ...advisor.lays import TilePlaces, where_tile_goes
from ...mapstate.state import HexEdit, MapState
from ...mapstate.upgrades import Candidate, fitting_candidates, upgrade_candidates
from .base import ROTATE_ACW, ROTATE_CW, Binding, EditingMode, Mode, ModeHost, Scene, keys

ANYWHERE = "#7fa7d9"  # a hex where the tile can go (any company)
REACHABLE = "#1a9850"  # ... and the operating company reaches it


class ReplaceTileMode(EditingMode):
    name = "Replace tile"
    help_keys = (
        "Up/Down tile · , . rotate · o original · / filter · w where it goes · e all tiles · "
        "u upgrades · Return keep · Esc discard"
    )

    def __init__(self, host: ModeHost, hex_name: str, upgrades_only: bool):
        super().__init__()
        self.hex = hex_name
        self.upgrades_only = upgrades_only
        self.base_state = host.state
        self.all: list[Candidate] = []
        self.filter = ""
        self.index = 0
        self.rotation = 0
        self.show_original = False
        self._preview: tuple[tuple[str, int], MapState, HexEdit] | None = None
        self.where: TilePlaces | None = None  # where the chosen tile can go, when shown
        self.where_company: str | None = None
        self.bindings = [
            Binding(keys("Down"), "Down", "Next tile", self.step(1)),
            Binding(keys("Up"), "Up", "Previous tile", self.step(-1)),
            Binding(ROTATE_ACW, ",", "Rotate anticlockwise", self.turn(-1)),
            Binding(ROTATE_CW, ".", "Rotate clockwise", self.turn(1)),
            Binding(keys("O"), "o", "Show the original tile", self.toggle_original),
            Binding(keys("Slash"), "/", "Filter tiles by name…", self.start_filter),
            Binding(keys("W"), "w", "Where this tile can go (on/off)", self.toggle_where),
            Binding(keys("E"), "e", "List every tile that fits", self.use_list(False)),
            Binding(keys("U"), "u", "List valid upgrades only", self.use_list(True)),
            Binding(keys("Return", "Enter"), "Return", "Keep this tile", self.keep),
            Binding(keys("Escape"), "Esc", "Discard and return", self.discard),
        ]
        self._load(host)

    @classmethod
    def start(cls, host: ModeHost, upgrades_only: bool) -> Mode | None:
        """The mode for the active hex, or None (with a message) when nothing fits there."""
        hex_name = host.active_hex
        mh = host.game.hexes[hex_name]
        if not mh.accepts_tiles:
            host.show_message(f"{hex_name}: a {mh.colour} hex cannot take tiles")
            return None
        mode = cls(host, hex_name, upgrades_only)
        if not mode.all:
            tile, _ = host.state.tile_at(hex_name)
            what = f"tile {tile.name}" if host.state.laid_tile(hex_name) else f"the {mh.colour} hex"
            kind = "valid upgrade" if upgrades_only else "tile that fits"
            host.show_message(f"{hex_name}: no {kind} for {what}")
            return None
        return mode

    # ---- the candidate list ---------------------------------------------------------------

    def _load(self, host: ModeHost) -> None:
        finder = upgrade_candidates if self.upgrades_only else fitting_candidates
        self.all = finder(self.base_state, self.hex)
        self.index = 0
        self._select(host, 0)

    @property
    def candidates(self) -> list[Candidate]:
        text = self.filter.strip().lower()
        if not text:
            return self.all
        return [c for c in self.all if text in c.tile.lower()]

    @property
    def current(self) -> Candidate | None:
        cands = self.candidates
        if not cands:
            return None
        return cands[self.index % len(cands)]

    def _select(self, host: ModeHost, index: int) -> None:
        cands = self.candidates
        self.index = index % len(cands) if cands else 0
        self.show_original = False
        cand = self.current
        if cand is None:
            return
        hs = self.base_state.hex_state(self.hex)
        self.rotation = hs.rotation if hs.rotation in cand.rotations else cand.rotations[0]
        if self.where is not None and self.where.tile != cand.tile:
            self._find_where(host)

    def set_filter(self, host: ModeHost, text: str) -> None:
        """Keep only tiles whose name contains ``text`` (the ``/`` box calls this as you type)."""
        keep = self.current.tile if self.current else None
        self.filter = text
        names = [c.tile for c in self.candidates]
        self._select(host, names.index(keep) if keep in names else 0)
        host.refresh()

    # ---- handlers -------------------------------------------------------------------------

    def step(self, delta: int) -> Callable[[ModeHost], None]:
        def step(host: ModeHost) -> None:
            if self.candidates:
                self._select(host, self.index + delta)

        return step

    def turn(self, delta: int) -> Callable[[ModeHost], None]:
        def turn(host: ModeHost) -> None:
            cand = self.current
            if cand is None:
                return
            self.show_original = False
            rots = cand.rotations
            i = rots.index(self.rotation) if self.rotation in rots else 0
            self.rotation = rots[(i + delta) % len(rots)]

        return turn

    def toggle_original(self, host: ModeHost) -> None:
        self.show_original = not self.show_original

    def toggle_where(self, host: ModeHost) -> None:
        if self.where is not None:
            self.where = None
            return
        self._find_where(host)

    def _find_where(self, host: ModeHost) -> None:
        """Where the chosen tile can go; the company reaching is the one last chosen for
        routes or the advisor, if it has a token on the map."""
        cand = self.current
        if cand is None:
            self.where = None
            return
        state = self.base_state
        company = host.prefs.last_company(state.game.id)
        if company not in state.companies_on_map():
            company = None
        self.where_company = company
        self.where = where_tile_goes(state, cand.tile, company)
        host.show_message(self.where_text())

    def where_text(self) -> str:
        w = self.where
        if w is None:
            return ""
        hexes = w.hexes
        text = f"Tile {w.tile} can go on {len(hexes)} hex{'es' if len(hexes) != 1 else ''}"
        if self.where_company is not None:
            reach = w.reachable_hexes
            listed = ", ".join(reach[:8]) + (" …" if len(reach) > 8 else "")
            text += f"; {self.where_company} reaches {len(reach)}" + (
                f": {listed}" if reach else ""
            )
        return text

    def start_filter(self, host: ModeHost) -> None:
        host.show_filter(self.filter, lambda text: self.set_filter(host, text))

    def use_list(self, upgrades_only: bool) -> Callable[[ModeHost], None]:
        def use(host: ModeHost) -> None:
            if upgrades_only == self.upgrades_only:
                return
            keep = self.current.tile if self.current else None
            self.upgrades_only = upgrades_only
            self._load(host)
            names = [c.tile for c in self.candidates]
            if keep in names:
                self._select(host, names.index(keep))
            if not self.all:
                host.show_message(
                    f"{self.hex}: no {'valid upgrade' if upgrades_only else 'tile'} here"
                )

        return use

    # ---- what is shown --------------------------------------------------------------------

    def edit(self) -> HexEdit | None:
        """The edit Return would keep (None when showing the original or nothing matches)."""
        preview = self._preview_for()
        return preview[1] if preview else None

    def _preview_for(self) -> tuple[MapState, HexEdit] | None:
        cand = self.current
        if cand is None or self.show_original:
            return None
        return self.cached_preview(
            (cand.tile, self.rotation),
            lambda: self.base_state.place_tile_edit(self.hex, cand.tile, self.rotation),
        )

    def scene(self, host: ModeHost) -> Scene:
        preview = self._preview_for()
        state = preview[0] if preview else self.base_state
        marks: list[tuple[str, str]] = []
        if self.where is not None:
            reach = set(self.where.reachable_hexes)
            marks = [(h, REACHABLE if h in reach else ANYWHERE) for h in self.where.hexes]
        return Scene(state, self.hex, self.colour, marks=marks)

    def caption(self, host: ModeHost) -> str:
        cand = self.current
        listing = "upgrades" if self.upgrades_only else "tiles that fit"
        flt = f" matching “{self.filter}”" if self.filter else ""
        if cand is None:
            return f"{self.hex}: no {listing}{flt}"
        if self.show_original:
            old = host.state.laid_tile(self.hex)
            return f"{self.hex}: original " + (f"tile {old}" if old else "printed hex")
        n = len(self.candidates)
        left = self.base_state.tiles_available(cand.tile)
        stock = "unlimited" if left is None else f"{left} left"
        turns = len(cand.rotations)
        which = cand.rotations.index(self.rotation) + 1
        return (
            f"{self.hex}: tile {cand.tile} ({self.index + 1} of {n} {listing}{flt}), "
            f"rotation {self.rotation} ({which} of {turns} allowed), {stock}"
        )

    def status(self, host: ModeHost) -> str:
        caption = self.caption(host)
        if self.where is not None:
            caption += ". " + self.where_text()
        return caption
