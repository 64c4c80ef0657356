"""The mode state machine: each mode owns a table of key bindings and returns the next mode.

A binding's handler returns the mode to switch to, None to stay, or ``DONE`` when the mode
has finished: the host then goes back to Default mode. So no mode imports another to leave
it; only Default mode knows the modes it enters. Modes never touch widgets: they ask the
window (a ``ModeHost``) to push an edit, show a message, show the search's progress or the
routes found, or open a dialog, and describe what the canvas draws through ``scene``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from ...mapstate.state import MapEditError

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ...advisor.progress import AdviceProgress
    from ...advisor.result import Advice
    from ...gamedata.game import Game
    from ...mapstate.state import Edit, HexEdit, MapState
    from ...route.last import LastRoute
    from ...route.result import RouteResult, TrainRoute
    from ..advice_panel import AdviceTable
    from ..dialogs import Dialogs
    from ..panels import RouteTable, SearchView
    from ..preferences import Preferences
    from ..worker import RouteSearchFn, SearchFn

Key = Qt.Key

# Border colours of the active hex, one per mode (the mode chip in the status bar matches).
MODE_COLOURS = {
    "Default": "#d62728",
    "Replace tile": "#1f6fd1",
    "Edit tokens": "#1a9850",
    "Find routes": "#8e44ad",
    "Advisor": "#c25e00",
    "Plan": "#00838f",
}


class ModeDone:
    """What a mode's handler returns when the mode has finished (see ``DONE``)."""

    def __repr__(self) -> str:
        return "DONE"


DONE = ModeDone()  # the host turns it into Default mode


@dataclass(frozen=True, slots=True)
class KeyPress:
    """A key as the modes see it: the Qt key code and whether Ctrl/Alt/Meta were held."""

    key: int
    text: str = ""
    ctrl: bool = False

    @classmethod
    def of(cls, key: int, text: str = "", ctrl: bool = False) -> KeyPress:
        return cls(int(key), text, ctrl)


@dataclass(frozen=True)
class Binding:
    """Keys, how the help shows them, what they do, and the handler (host -> next mode)."""

    keys: tuple[int, ...]
    shown: str
    label: str
    handler: Callable[[ModeHost], Mode | ModeDone | None]
    menu: bool = True  # listed in the Mode menu

    @property
    def every_key(self) -> str:
        """Every key of the binding as the F1 help lists it: ``, or <``, ``Backspace or Del``."""
        return " or ".join(dict.fromkeys(key_name(k) for k in self.keys))


# the keys whose name QKeySequence writes otherwise than a player types or reads them
KEY_NAMES = {int(Qt.Key.Key_Escape): "Esc", int(Qt.Key.Key_Delete): "Del"}


def key_name(key: int) -> str:
    """A key as the help shows it: a letter as typed (``e``), a symbol as itself (``<``),
    any other key by its name (``Backspace``, ``Return``, ``Left``)."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    text = QKeySequence(key).toString(QKeySequence.SequenceFormat.PortableText)
    return text.lower() if len(text) == 1 else text


@dataclass(frozen=True, slots=True)
class Ghost:
    """A tile drawn see-through over a hex (a lay the advisor proposes), with a label (its
    gain); ``chosen``: the one Return would lay."""

    hex: str
    tile: str
    rotation: int
    label: str = ""
    chosen: bool = False


@dataclass
class Scene:
    """What the canvas draws for a mode."""

    state: MapState
    highlight_hex: str | None
    highlight_colour: str
    routes: Sequence[TrainRoute] | None = None
    route_colours: Sequence[str] | None = None
    faded: bool = False
    token_space: int | None = None  # a token space of the active hex to ring
    last_routes: Sequence[TrainRoute] = ()  # a run kept before, drawn pale under the routes
    marked: frozenset[str] = frozenset()  # hexes marked (where a tile can go, stops drawn)
    mark_colour: str = "#1f6fd1"
    ghosts: Sequence[Ghost] = ()  # proposed lays drawn over the map (the advisor)
    marks: Sequence[tuple[str, str]] = ()  # (hex, colour): hexes tinted (where a tile goes)


class ModeHost(Protocol):
    """What the modes may ask of the main window."""

    active_hex: str
    dialogs: Dialogs
    prefs: Preferences
    search_fn: RouteSearchFn | None  # the route search to run (None: the real one)
    advise_fn: SearchFn[AdviceProgress, Advice] | None  # the advisor (None: the real one)

    @property
    def state(self) -> MapState: ...

    @property
    def game(self) -> Game: ...

    def push_edit(self, edit: Edit) -> None: ...

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

    def move_active(self, direction: str) -> None: ...

    def select_hex(self, name: str, centre: bool = False) -> None: ...

    def show_filter(self, text: str, on_change: Callable[[str], None] | None = None) -> None: ...

    def show_search(self, view: SearchView | None) -> None: ...

    def show_routes(self, table: RouteTable | None) -> None: ...

    def show_advice(self, table: AdviceTable | None) -> None: ...

    def apply(self, next_mode: Mode | ModeDone | None) -> None: ...

    def keep_run(self, result: RouteResult) -> None: ...

    def kept_run(self, company: str) -> Sequence[LastRoute]: ...

    def company_trains(self, company: str) -> tuple[str, ...]: ...

    def company_bonuses(self, company: str) -> tuple[str, ...]: ...

    def about_to_run(self) -> str | None: ...

    def last_run_routes(self, company: str | None = None) -> list[TrainRoute]: ...

    def refresh(self) -> None: ...

    def ui_parent(self) -> QWidget: ...


def keys(*names: str) -> tuple[int, ...]:
    """Qt key codes by name: ``keys("Comma", "Less")``."""
    return tuple(int(getattr(Key, f"Key_{n}")) for n in names)


ROTATE_ACW = keys("Comma", "Less")
ROTATE_CW = keys("Period", "Greater")


class Mode:
    """A mode of the map editor. Subclasses fill ``bindings`` and may override the rest."""

    name = "Mode"

    def __init__(self) -> None:
        self.bindings: list[Binding] = []

    @property
    def help_keys(self) -> str:
        """A line for the status bar (a mode sets it as a class attribute or computes it)."""
        return ""

    @property
    def colour(self) -> str:
        return MODE_COLOURS[self.name]

    @property
    def busy(self) -> bool:
        """Whether the mode waits for work running in the background (a search)."""
        return False

    def binding_for(self, press: KeyPress) -> Binding | None:
        if press.ctrl:
            return None
        for b in self.bindings:
            if press.key in b.keys:
                return b
        return None

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | ModeDone | None:
        return None

    def enter(self, host: ModeHost) -> None:
        """Called once the window has switched to this mode."""

    def leave(self, host: ModeHost) -> None:
        """Called before the window switches away from this mode."""

    def scene(self, host: ModeHost) -> Scene:
        return Scene(host.state, host.active_hex, self.colour)

    def title(self, host: ModeHost) -> str:
        """Extra text for the window title (results, the train shown)."""
        return ""

    def status(self, host: ModeHost) -> str:
        """What the mode is doing now, for the caption over the map."""
        return ""


class EditingMode(Mode):
    """A mode that edits one hex: Return keeps the edit (one undo step), Esc discards it."""

    _preview: tuple[object, MapState, HexEdit] | None = None
    base_state: MapState

    def edit(self) -> HexEdit | None:
        """The edit Return would keep, or None."""
        return None

    def cached_preview(
        self, key: object, make_edit: Callable[[], HexEdit]
    ) -> tuple[MapState, HexEdit] | None:
        """The map with the pending edit applied, and the edit (None if it is refused);
        rebuilt only when ``key`` changes."""
        if self._preview is None or self._preview[0] != key:
            try:
                edit = make_edit()
            except MapEditError:
                return None
            state = self.base_state.copy()
            edit.apply(state)
            self._preview = (key, state, edit)
        return self._preview[1], self._preview[2]

    def keep(self, host: ModeHost) -> ModeDone:
        edit = self.edit()
        if edit is not None and edit.before != edit.after:
            host.push_edit(edit)
            host.show_message(f"Done: {edit.text}")
        return DONE

    def discard(self, host: ModeHost) -> ModeDone:
        return DONE
