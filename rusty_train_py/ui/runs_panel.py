"""The Runs panel: every run of the log opened (or followed), reviewed in the background
(``review_log`` with its progress and cancel, on a QThreadPool thread): round, company,
trains, the players' revenue, our best, the difference and the CPU time, then the totals and
the closing line. A click on a row asks for that run (``runChosen``: its action id).

``CompareJob`` works out what a chosen run's two route sets are: the players' (their recorded
routes, fixed as locks) and ours (the finder's best), both on the position before the run.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..base.buglog import bug_report
from ..base.errors import is_ours, message_of
from ..files.online.log import GameLog
from ..files.online.realcheck import RunPosition
from ..files.online.review import Review, ReviewRow

COLUMNS = ("Action", "Round", "Company", "Trains", "Players", "Best", "Diff", "CPU s")
TIME_LIMIT = 30.0  # seconds of search per run (named in the panel)


class ReviewSignals(QObject):
    progress = Signal(int, int)
    finished = Signal(object)  # Review
    failed = Signal(str)


class ReviewJob(QRunnable):
    """``review_log`` on a pool thread (in this process: the window does not fork)."""

    def __init__(self, log: GameLog, data: object, time_limit: float | None) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.log, self.data, self.time_limit = log, data, time_limit
        self.signals = ReviewSignals()
        self.cancel = threading.Event()

    def run(self) -> None:
        from ..files.online.review import review_log

        try:
            review = review_log(
                self.log,
                self.data,
                self.time_limit,
                jobs=1,
                progress=self._progress,
                cancel=self.cancel.is_set,
            )
        except Exception as exc:
            text = message_of(exc) if is_ours(exc) else bug_report(exc, "reviewing the runs")
            self._emit(self.signals.failed, text)
            return
        self._emit(self.signals.finished, review)

    def _progress(self, done: int, total: int) -> None:
        try:
            self.signals.progress.emit(done, total)
        except RuntimeError:
            pass

    @staticmethod
    def _emit(signal: Any, value: object) -> None:
        try:
            signal.emit(value)
        except RuntimeError:
            pass


@dataclass(frozen=True)
class Comparison:
    """One run's two route sets: ``players`` and ``ours`` (RouteResults, None: none), and the
    hexes of the stops only one of them visits."""

    action: int
    company: str
    players: Any
    ours: Any
    differ: frozenset[str]
    problem: str = ""


def compare(pos: RunPosition, time_limit: float | None) -> Comparison:
    """The players' routes (their recorded stops and track as locks) and our best, at ``pos``."""
    from ..route.locks import RouteLock
    from ..route.search import find_routes

    problem, players, ours = "", None, None
    routes = [r for r in pos.routes if r[1]]
    if routes:
        try:
            locks = [RouteLock(t, stops, via=via or None) for t, stops, _, via in routes]
            players = find_routes(
                pos.state, pos.company, [r[0] for r in routes], pos.bonuses, locked=locks
            )
        except ValueError as exc:
            problem = f"the players' routes: {exc}"
    if pos.trains:
        try:
            ours = find_routes(
                pos.state, pos.company, list(pos.trains), pos.bonuses, time_limit=time_limit
            )
        except ValueError as exc:
            problem = (problem + "; " if problem else "") + f"our search: {exc}"
    return Comparison(pos.action_id, pos.company, players, ours, _differ(players, ours), problem)


def _differ(players: Any, ours: Any) -> frozenset[str]:
    def stops(result: Any) -> set[str]:
        if result is None:
            return set()
        return {s.hex for r in result.routes for s in r.visited}

    return frozenset(stops(players) ^ stops(ours))


class CompareSignals(QObject):
    finished = Signal(object)  # Comparison
    failed = Signal(str)


class CompareJob(QRunnable):
    """Replays the log to the run chosen and compares the two route sets, off the GUI thread."""

    def __init__(self, log: GameLog, action: int, time_limit: float | None) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.log, self.action, self.time_limit = log, action, time_limit
        self.signals = CompareSignals()

    def run(self) -> None:
        from ..files.online import replay_log
        from ..files.online.realcheck import capture

        found: list[RunPosition] = []

        def keep(replay: Any, action: dict[str, Any]) -> None:
            if action["id"] == self.action:
                pos = capture(replay, action)
                if pos is not None:
                    found.append(pos)

        try:
            ids = self.log.action_ids()
            after = ids.index(self.action) + 1 if self.action in ids else len(ids)
            replay_log(self.log, at=ids[after] if after < len(ids) else None, on_run=keep)
            if not found:
                raise LookupError(f"no run at action {self.action}")
            result = compare(found[0], self.time_limit)
        except Exception as exc:
            text = (
                message_of(exc)
                if is_ours(exc) or isinstance(exc, LookupError)
                else bug_report(exc, "comparing a run")
            )
            ReviewJob._emit(self.signals.failed, text)
            return
        ReviewJob._emit(self.signals.finished, result)


class RunsPanel(QDockWidget):
    """The dock: a progress bar and Cancel while the review runs, the table, the totals."""

    runChosen = Signal(int)  # the action id of the run clicked  # noqa: N815
    cancelRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Runs", parent)
        self.setObjectName("runs")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        top = QHBoxLayout()
        self.progress = QProgressBar(body)
        self.cancel_button = QPushButton("Cancel", body)
        self.cancel_button.clicked.connect(self.cancelRequested.emit)
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel_button)
        layout.addLayout(top)
        self.table = QTableWidget(0, len(COLUMNS), body)
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.cellClicked.connect(self._clicked)
        layout.addWidget(self.table, 1)
        self.totals = QLabel(body)
        self.totals.setWordWrap(True)
        self.totals.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.totals)
        self.setWidget(body)
        self.rows: tuple[ReviewRow, ...] = ()

    def started(self, name: str, time_limit: float | None) -> None:
        self.table.setRowCount(0)
        self.rows = ()
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        limit = "" if time_limit is None else f", up to {time_limit:g} s of search a run"
        self.totals.setText(f"Reviewing the runs of {name}{limit}…")

    def show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(f"{done} of {total} runs")

    def show_review(self, review: Review) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.rows = review.rows
        self.table.setRowCount(len(review.rows))
        for i, r in enumerate(review.rows):
            for j, text in enumerate(row_cells(r)):
                item = QTableWidgetItem(text)
                if j in (0, 4, 5, 6, 7):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if r.problem:
                    item.setToolTip(r.problem)
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.totals.setText(totals_text(review))

    def failed(self, text: str) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.totals.setText(text)

    def _clicked(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.rows):
            self.runChosen.emit(self.rows[row].action)


def row_cells(r: ReviewRow) -> tuple[str, ...]:
    best = "?" if r.best_revenue is None else f"${r.best_revenue:,}"
    if r.best_revenue is not None and not r.proven:
        best += "*"
    played = "?" if r.players_revenue is None else f"${r.players_revenue:,}"
    diff = "" if r.difference is None else f"{r.difference:+,}"
    return (
        str(r.action),
        r.round,
        r.company,
        ",".join(r.trains) or "-",
        played,
        best,
        diff,
        f"{r.cpu_s:.2f}",
    )


def totals_text(review: Review) -> str:
    lines = []
    for title, totals in (("Companies", review.by_company()), ("Players", review.by_player())):
        parts = [
            f"{name} ${earned:,} of ${most:,} ({most - earned:+,})"
            for name, (earned, most, _runs) in totals.items()
        ]
        lines.append(f"{title}: " + "; ".join(parts))
    done = "" if review.complete else " (cancelled: the runs reviewed so far)"
    summary = review.summary()
    lines.append(summary[0].upper() + summary[1:] + "." + done)
    return "\n".join(lines)


def start_job(job: QRunnable) -> None:
    QThreadPool.globalInstance().start(job)
