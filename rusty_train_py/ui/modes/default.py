"""Default mode: select hexes, rotate or remove the tile, change phase, enter the other modes."""

from __future__ import annotations

from collections.abc import Callable

from ...mapstate.places import find_place
from ...mapstate.state import MapEditError, MapState
from .advisor import AdvisorMode
from .base import ROTATE_ACW, ROTATE_CW, Binding, Mode, ModeHost, keys
from .edit_tokens import EditTokensMode
from .find_routes import FindRoutesMode
from .replace_tile import ReplaceTileMode


class DefaultMode(Mode):
    name = "Default"
    help_keys = (
        "arrows/click select · e tile · u upgrade · t tokens · r routes · a advise · "
        "j plan · "
        ", . rotate · Del remove · p phase · g go to"
    )

    def __init__(self) -> None:
        super().__init__()
        self.bindings = [
            Binding(keys("E"), "e", "Replace tile (any tile)", self.replace_any),
            Binding(keys("U"), "u", "Upgrade tile", self.replace_upgrade),
            Binding(keys("T"), "t", "Edit tokens", self.edit_tokens),
            Binding(keys("R"), "r", "Find routes…", self.find_routes),
            Binding(keys("A"), "a", "Advise: the best tile lays…", self.advise),
            Binding(keys("J"), "j", "Plan track to a hex…", self.plan),
            Binding(keys("Left"), "Left", "Select the hex on the left", self.mover("left"), False),
            Binding(
                keys("Right"), "Right", "Select the hex on the right", self.mover("right"), False
            ),
            Binding(keys("Up"), "Up", "Select the hex above", self.mover("up"), False),
            Binding(keys("Down"), "Down", "Select the hex below", self.mover("down"), False),
            Binding(ROTATE_ACW, ",", "Rotate tile anticlockwise", self.rotate(-1)),
            Binding(ROTATE_CW, ".", "Rotate tile clockwise", self.rotate(1)),
            Binding(keys("Backspace", "Delete"), "Del", "Remove tile", self.remove_tile),
            Binding(keys("P"), "p", "Change phase…", self.change_phase),
            Binding(keys("G"), "g", "Go to hex…", self.go_to_hex),
        ]

    # ---- handlers -------------------------------------------------------------------------

    def replace_any(self, host: ModeHost) -> Mode | None:
        return ReplaceTileMode.start(host, upgrades_only=False)

    def replace_upgrade(self, host: ModeHost) -> Mode | None:
        return ReplaceTileMode.start(host, upgrades_only=True)

    def edit_tokens(self, host: ModeHost) -> Mode | None:
        return EditTokensMode.start(host)

    def find_routes(self, host: ModeHost) -> Mode | None:
        return FindRoutesMode.start(host)

    def advise(self, host: ModeHost) -> Mode | None:
        return AdvisorMode.start(host)

    def plan(self, host: ModeHost) -> Mode | None:
        from .plan import PlanMode  # the planner loads when first asked for

        return PlanMode.start(host)

    @staticmethod
    def mover(direction: str) -> Callable[[ModeHost], None]:
        def move(host: ModeHost) -> None:
            host.move_active(direction)

        return move

    @staticmethod
    def rotate(steps: int) -> Callable[[ModeHost], None]:
        def rotate(host: ModeHost) -> None:
            edit = host.state.rotate_tile_edit(host.active_hex, steps)
            host.push_edit(edit)
            after = edit.after
            host.show_message(f"Tile {after.tile} on {edit.hex}: rotation {after.rotation}")

        return rotate

    def remove_tile(self, host: ModeHost) -> None:
        """Remove the laid tile, saying so, and which tokens went with it."""
        edit = host.state.remove_tile_edit(host.active_hex)
        host.push_edit(edit)
        kept = {c for _, c in edit.after.tokens}
        lost = [c for _, c in edit.before.tokens if c not in kept]
        text = f"Removed tile {edit.before.tile} from {edit.hex}"
        if lost:
            text += f" and its token{'s' if len(lost) > 1 else ''} {', '.join(lost)}"
        host.show_message(text)

    def change_phase(self, host: ModeHost) -> None:
        state = host.state
        names = [p.name for p in state.game.phases]
        phase = host.dialogs.ask_phase(host.ui_parent(), names, state.phase)
        if phase is None or phase == state.phase:
            return None
        try:
            host.push_edit(state.phase_edit(phase))
        except MapEditError as exc:
            host.show_message(str(exc))
            return None
        host.show_message(f"Phase {phase}")
        return None

    def go_to_hex(self, host: ModeHost) -> None:
        text = host.dialogs.ask_hex(host.ui_parent(), host.game)
        if text is None:
            return None
        name = find_place(host.game, text)
        if name is None:
            host.show_message(f"There is no hex {text.strip()!r} on this map")
        else:
            host.select_hex(name, centre=True)
        return None

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | None:
        if hex_name is not None:
            host.select_hex(hex_name)
        return None


def describe_hex(state: MapState, name: str) -> str:
    """``F16 Toronto: tile 124 (rotation 1)`` or ``E5: printed white hex``; a bonus the
    place carries after it, as a note: ``D2 Timmins: printed red hex · $80 if includes T/M/Q``."""
    mh = state.game.hexes.get(name)
    if mh is None:
        return ""
    where = name + (f" {mh.location}" if mh.location else "")
    note = f" · {mh.location_note}" if mh.location_note else ""
    laid = state.laid_tile(name)
    if laid:
        return f"{where}: tile {laid} (rotation {state.hex_state(name).rotation}){note}"
    return f"{where}: printed {mh.colour} hex{note}"
