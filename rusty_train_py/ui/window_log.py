"""The window's commands about an 18xx.games log: step to the previous or next run, the Runs
panel (the review of every run, a click showing one run's two route sets), and following a
game as it is played (File ▸ Follow game on 18xx.games…).

The log opened stays known (``source``: its JSON, its name, the action it is opened before),
so the keys ``[`` and ``]`` reopen it at another run point and the title names the action.
While following, each refresh replaces the map with the site's position, keeping the view
(zoom, scroll, the hex selected, the panels) and marking the tiles and tokens new since the
refresh before; the company about to run has its best routes drawn. The map shown is a local
copy: an edit stops the follow rather than be overwritten (save it with Save As).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, QThreadPool

from ..base.buglog import bug_report
from ..base.errors import is_ours, message_of
from ..files.online.follow import Follower, FollowStep, Found, Snapshot

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from ..files.loader import OpenedGame
    from ..files.online.log import GameLog
    from ..files.online.review import Review
    from .canvas import MapCanvas
    from .dialogs import Dialogs
    from .document import GameDocument
    from .follow_controller import FollowController
    from .map_view import MapView
    from .modes.base import Scene
    from .runs_panel import Comparison, RunsPanel
    from .window_files import FileCommands

NEW_COLOUR = "#f2a900"  # tiles and tokens new since the last refresh
DIFFER_COLOUR = "#d12f1f"  # stops only one of the two route sets visits
FOLLOW_MESSAGE_MS = 60000


class LogHost(Protocol):
    """What the log commands ask of the main window."""

    doc: GameDocument
    canvas: MapCanvas
    view: MapView
    dialogs: Dialogs
    files: FileCommands
    active_hex: str
    _fit_pending: bool

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

    def refresh(self) -> None: ...

    def update_title(self) -> None: ...

    def end_mode(self) -> None: ...

    def ui_parent(self) -> QWidget: ...

    def addDockWidget(self, area: Qt.DockWidgetArea, dockwidget: QDockWidget, /) -> None: ...  # noqa: N802


@dataclass
class LogSource:
    """The log opened: its JSON, its name, and the action it is opened before (None: end)."""

    data: Any
    where: str
    at: int | None = None
    runs: tuple[int, ...] = ()  # the run_routes action ids, oldest first
    last: int = 0
    _log: Any = field(default=None, repr=False)

    def log(self) -> GameLog:
        from ..files.online.log import log_from_data

        if self._log is None:
            self._log = log_from_data(self.data, self.where)
        log: GameLog = self._log
        return log


class LogCommands:
    """Owned by the main window; its methods are commands of the window's key table."""

    def __init__(self, window: LogHost) -> None:
        self.window = window
        self.source: LogSource | None = None
        self.follow: FollowController | None = None
        self.follow_options: dict[str, Any] = {}  # Follower keywords (tests: a short interval)
        self.snapshot: Snapshot | None = None
        self.best: Found | None = None  # the best routes of the company about to run
        self.new_marks: tuple[tuple[str, str], ...] = ()
        self.comparison: Comparison | None = None
        self.runs_panel: RunsPanel | None = None
        self._review_job: Any = None
        self._compare_job: Any = None
        self._following_name = ""
        self._applying = False

    # ---- the log opened -----------------------------------------------------------------

    def opened_file(self, path: str, opened: OpenedGame, at: int | None) -> None:
        """A log file was opened: its JSON is read again for the run keys and the review."""
        from ..files.log_shape import MAX_LOG_BYTES
        from ..files.reader import decode, parse_json, read_bytes

        try:
            data = parse_json(decode(read_bytes(path, MAX_LOG_BYTES), path), path)
        except Exception:  # noqa: BLE001 (it opened a moment ago: no log keys then)
            self.source = None
            return
        self.opened(data, path, opened, at)

    def opened(self, data: Any, where: str, opened: OpenedGame, at: int | None) -> None:
        """A log was opened (a file or a download): remember it for the run keys and review."""
        from ..files.log_shape import is_log

        if not is_log(data):
            self.source = None
            return
        actions = data.get("actions") if isinstance(data, dict) else None
        last = actions[-1].get("id", 0) if isinstance(actions, list) and actions else 0
        runs = tuple(r.action_id for r in opened.runs)
        if at is not None and self.source is not None and self.source.data is data:
            runs = self.source.runs  # opened before a run: the runs after it are known too
        self.source = LogSource(data, where, at, runs, last if isinstance(last, int) else 0)
        self.comparison = None

    def forget(self) -> None:
        """Another game (new, a save) replaced the log."""
        if not self._applying:
            self.source = None
            self.comparison = None

    def title(self) -> str:
        """The title's part: the action the log is opened before, the game followed."""
        parts = []
        snap = self.snapshot
        if self.follow is not None and self.follow.active and snap is not None:
            parts.append(f"following: action {snap.last_action}")
            if snap.round:
                parts.append(snap.round)
            if snap.acting:
                parts.append(f"{snap.acting} acting")
        elif self.source is not None:
            src = self.source
            parts.append(
                f"before action {src.at} of {src.last}"
                if src.at is not None
                else f"action {src.last} (end)"
            )
        return " · ".join(parts)

    def _reopen(self, at: int | None) -> bool:
        from ..files.loader import open_data

        src = self.source
        assert src is not None
        if self.following:  # the next refresh would take the map back to the live position
            self.stop_following(None)
        try:
            opened = open_data(src.data, src.where, at=at)
        except Exception as exc:
            self._fail("Cannot open the log there", exc)
            return False
        self._show(opened, src.where.split(" (", 1)[0], keep_view=True)
        full_runs = src.runs
        self.opened(src.data, src.where, opened, at)
        if self.source is not None:
            self.source.runs = full_runs or self.source.runs
        self.window.update_title()
        return True

    # ---- next and previous run ----------------------------------------------------------

    def next_run(self) -> None:
        """``]``: the log opened just before its next run."""
        src = self.source
        if src is None or not self._full_runs():
            self.window.show_message("Open an 18xx.games log with runs first")
            return
        runs = self._full_runs()
        later = [r for r in runs if src.at is not None and r > src.at]
        if src.at is None or not later:
            self.window.show_message("No run after this one: this is the last")
            return
        if self._reopen(later[0]):
            self._said_run(later[0])

    def previous_run(self) -> None:
        """``[``: the log opened just before its previous run (from the end: the last)."""
        src = self.source
        runs = self._full_runs()
        if src is None or not runs:
            self.window.show_message("Open an 18xx.games log with runs first")
            return
        earlier = [r for r in runs if src.at is None or r < src.at]
        if not earlier:
            self.window.show_message("No run before this one: this is the first")
            return
        if self._reopen(earlier[-1]):
            self._said_run(earlier[-1])

    def _full_runs(self) -> tuple[int, ...]:
        """Every run of the log (replayed once to its end when it was opened before one)."""
        src = self.source
        if src is None:
            return ()
        if not src.runs or (src.at is not None and src.runs[-1] < src.at):
            from ..files.loader import open_data

            try:
                src.runs = tuple(r.action_id for r in open_data(src.data, src.where).runs)
            except Exception:  # noqa: BLE001 (it opened before: the runs known stay)
                pass
        return src.runs

    def _said_run(self, at: int) -> None:
        runs = self._full_runs()
        company = self._company_before(at)
        self.window.show_message(
            f"Before run {runs.index(at) + 1} of {len(runs)}: {company} runs at action {at}"
        )

    def _company_before(self, at: int) -> str:
        src = self.source
        if src is None:
            return "?"
        for a in src.log().actions:
            if a.get("id") == at:
                return str(a.get("entity", "?"))
        return "?"

    # ---- showing a position, keeping the view -------------------------------------------

    def _show(self, opened: OpenedGame, name: str, keep_view: bool) -> None:
        w = self.window
        zoom = w.canvas.zoom
        bars = w.view.scroll_area.horizontalScrollBar(), w.view.scroll_area.verticalScrollBar()
        scroll = bars[0].value(), bars[1].value()
        hex_ = w.active_hex
        fitted = w.canvas.fitted
        self._applying = True
        try:
            w.doc.show_opened(opened, None, name)
        finally:
            self._applying = False
        if keep_view:
            w._fit_pending = False
            w.canvas.set_zoom(zoom)
            bars[0].setValue(scroll[0])
            bars[1].setValue(scroll[1])
            w.active_hex = hex_
            w.canvas.fitted = fitted  # a map fitted to the window stays fitted
        w.refresh()

    def decorate(self, scene: Scene) -> Scene:
        """The follow's marks and best routes, or a run's two route sets, where the mode
        draws nothing of its own."""
        if self.comparison is not None and scene.routes is None:
            c = self.comparison
            if c.ours is not None:
                scene.routes = c.ours.routes
            if c.players is not None:
                scene.last_routes = c.players.routes
            if c.differ:
                scene.marked = c.differ
                scene.mark_colour = DIFFER_COLOUR
        elif self.best is not None and self.best.result is not None and scene.routes is None:
            scene.routes = self.best.result.routes
        if self.new_marks and not scene.marks:
            scene.marks = self.new_marks
        return scene

    # ---- the Runs panel -----------------------------------------------------------------

    def show_runs(self) -> None:
        """View ▸ Runs: review every run of the log opened (or followed) in the background."""
        from .runs_panel import TIME_LIMIT, ReviewJob, RunsPanel, start_job

        src = self._review_source()
        if src is None:
            self.window.show_message("Open or follow an 18xx.games log first: Runs reviews it")
            return
        if self.runs_panel is None:
            self.runs_panel = RunsPanel(self.window.ui_parent())
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.runs_panel)
            self.runs_panel.runChosen.connect(self.show_run)
            self.runs_panel.cancelRequested.connect(self.cancel_review)
        panel = self.runs_panel
        panel.show()
        panel.raise_()
        self.cancel_review()
        try:
            log = src.log()
        except Exception as exc:
            self._fail("Cannot review the log", exc)
            return
        job = ReviewJob(log, src.data, TIME_LIMIT)
        job.signals.progress.connect(panel.show_progress)
        job.signals.finished.connect(self._reviewed)
        job.signals.failed.connect(panel.failed)
        self._review_job = job
        panel.started(src.where.split(" (", 1)[0], TIME_LIMIT)
        start_job(job)

    def _review_source(self) -> LogSource | None:
        if self.snapshot is not None and self.follow is not None and self.follow.active:
            snap = self.snapshot
            return LogSource(snap.data, snap.log.where)
        return self.source

    def cancel_review(self) -> None:
        if self._review_job is not None:
            self._review_job.cancel.set()

    def _reviewed(self, review: Review) -> None:
        if self.runs_panel is not None:
            self.runs_panel.show_review(review)
        self._review_job = None

    def show_run(self, action: int) -> None:
        """A row clicked: the position before that run, the players' routes and ours."""
        from .runs_panel import TIME_LIMIT, CompareJob, start_job

        src = self._review_source()
        if src is None:
            return
        if self.follow is not None and self.follow.active:
            self.stop_following("Following stopped to show a past run")
        if self.source is None or self.source.data is not src.data:
            self.source = src
        if not self._reopen(action):
            return
        job = CompareJob(src.log(), action, TIME_LIMIT)
        job.signals.finished.connect(self._compared)
        job.signals.failed.connect(lambda text: self.window.show_message(text, 20000))
        self._compare_job = job
        self.window.show_message(f"Comparing the run at action {action}…", 30000)
        start_job(job)

    def _compared(self, comparison: Comparison) -> None:
        self.comparison = comparison
        c = comparison
        played = "?" if c.players is None else f"${c.players.net_revenue:,}"
        best = "?" if c.ours is None else f"${c.ours.net_revenue:,}"
        text = f"{c.company} ran {played} (pale) · best {best} (drawn)"
        if c.differ:
            text += f" · stops that differ: {', '.join(sorted(c.differ))}"
        if c.problem:
            text += f" · {c.problem}"
        self.window.show_message(text, FOLLOW_MESSAGE_MS)
        self.window.refresh()

    # ---- following ----------------------------------------------------------------------

    def follow_game(self) -> None:
        """File ▸ Follow game on 18xx.games…: ask for the game, then poll it."""
        from ..files.online.commands import base_url
        from ..files.online.fetch import game_id, site_of
        from .follow_controller import FollowController

        w = self.window
        w.end_mode()
        if not w.files.confirm_discard():
            return
        text = w.dialogs.ask_online_game(w.ui_parent())
        if text is None:
            return
        gid = game_id(text)
        if gid is None:
            w.dialogs.error(w.ui_parent(), "Cannot follow the game", f"{text!r}: not a game id")
            return
        self.stop_following(None)
        site = site_of(text) or base_url()
        follower = Follower(gid, site, **self.follow_options)
        self.follow = FollowController(follower, w.ui_parent())
        self.follow.stepped.connect(self._stepped)
        self.follow.found.connect(self._found)
        self.follow.stopped.connect(self.window.update_title)
        self._following_name = f"game {gid} (following)"
        self.snapshot = None
        w.show_message(f"Following game {gid} on {site}…", FOLLOW_MESSAGE_MS)
        self.follow.start()

    def stop_following(self, why: str | None = "Stopped following") -> None:
        if self.follow is not None and self.follow.active:
            self.follow.stop()
            if why:
                self.window.show_message(why, FOLLOW_MESSAGE_MS)
        self.best = None
        self.new_marks = ()
        self.window.update_title()

    def search_to_run(self) -> None:
        """Search the company about to run now (a game whose players route by hand)."""
        if self.follow is None or not self.follow.active:
            self.window.show_message("Not following a game")
            return
        self.follow.ask()
        self.window.show_message("Searching the company to run, as asked…")

    @property
    def following(self) -> bool:
        return self.follow is not None and self.follow.active

    def _stepped(self, step: FollowStep) -> None:
        w = self.window
        if step.messages:
            w.show_message(" · ".join(step.messages), FOLLOW_MESSAGE_MS)
        snap = step.snapshot
        if snap is None:
            return
        if self.snapshot is not None and not w.doc.is_clean:
            self.stop_following(
                "You edited the map: following stopped so the edits stay (save them with"
                " Save As; follow again to go on)"
            )
            return
        from ..files.loader import EIGHTEEN_XX, OpenedGame

        opened = OpenedGame(
            snap.state, EIGHTEEN_XX, snap.warnings, trains=snap.trains, bonuses=snap.bonuses
        )
        first = self.snapshot is None
        self.snapshot = snap
        self.comparison = None
        if self.best is not None and self.best.task.company != snap.to_run:
            self.best = None
        marks = [(h, NEW_COLOUR) for h in snap.new_tiles]
        marks += [(h, NEW_COLOUR) for h, _, _ in snap.new_tokens if h not in snap.new_tiles]
        self.new_marks = tuple(marks)
        self._show(opened, self._following_name, keep_view=not first)
        self.source = LogSource(snap.data, snap.log.where, None, (), snap.last_action)
        w.update_title()

    def _found(self, found: Found) -> None:
        snap = self.snapshot
        if found.task.action:  # a run made: what they ran against the best
            self.window.show_message(found.line(), FOLLOW_MESSAGE_MS)
            return
        if snap is not None and found.task.company == snap.to_run:
            self.best = found
            self.window.show_message(found.line(), FOLLOW_MESSAGE_MS)
            self.window.refresh()

    def _fail(self, title: str, exc: Exception) -> None:
        text = message_of(exc) if is_ours(exc) else bug_report(exc, title.lower())
        self.window.dialogs.error(self.window.ui_parent(), title, text)

    def shutdown(self) -> None:
        """The window closes: the follow, the review and a run's comparison stop, and their
        jobs are given a moment to end (none is left running for the next window)."""
        if self.follow is not None:
            self.follow.active = False
            self.follow.wait(1000)
        self.cancel_review()
        QThreadPool.globalInstance().waitForDone(2000)
