"""The life of route searches: start one on the thread pool, pass on what it reports, cancel.

The Find routes mode creates a controller and drives it; the window knows nothing of the
search. Only the current search's reports are passed on: a search that was cancelled (or
replaced by a new one) ends on its own a fraction of a second later and is forgotten. When
the program quits, or the window closes, every search still running is cancelled and
waited for briefly (``shutdown_all``), so none is cut off in the middle by the interpreter
shutting down.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal
from shiboken6 import isValid

from ..mapstate.state import MapState
from .worker import RouteSearchWorker, SearchFn

# Every worker not yet returned, whichever controller started it: Python must keep them
# alive until their run() has returned, even when their controller is gone.
_RUNNING: set[RouteSearchWorker] = set()


class RouteSearchController(QObject):
    """Runs one route search at a time for its owner, passing on its reports."""

    progress = Signal(object)  # SearchProgress
    finished = Signal(object)  # RouteResult
    failed = Signal(str)

    def __init__(
        self,
        search: SearchFn | None = None,
        parent: QObject | None = None,
        pool: QThreadPool | None = None,
    ):
        super().__init__(parent)
        self.search = search
        self.pool = pool or QThreadPool.globalInstance()
        self.worker: RouteSearchWorker | None = None  # the search whose reports count
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def running(self) -> bool:
        return self.worker is not None

    def start(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str] = (),
        locked: Sequence[object] = (),
    ) -> None:
        """Start a search for ``company`` (dropping the one running, if any); ``locked``: the
        routes the player fixed (route.locks.RouteLock)."""
        self.drop()
        worker = RouteSearchWorker(state, company, trains, bonuses, self.search, locked=locked)
        for signal, slot in (
            (worker.signals.progress, self._progress),
            (worker.signals.finished, self._finished),
            (worker.signals.failed, self._failed),
        ):
            signal.connect(lambda value, w=worker, slot=slot: self._deliver(slot, w, value))
        self.worker = worker
        _RUNNING.add(worker)
        self.pool.start(worker)

    def cancel(self) -> None:
        """Ask the current search to stop early: its result (the best routes found so far,
        marked cancelled) still comes."""
        if self.worker is not None:
            self.worker.cancel()

    def drop(self) -> None:
        """Stop the current search and forget it: nothing more is reported of it."""
        if self.worker is not None:
            self.worker.cancel()
            self.worker = None

    def shutdown(self, timeout: float = 1.0) -> None:
        """Cancel this controller's search and every other still running, and wait for them
        (at most ``timeout`` seconds in all; a search stops within a fraction of one)."""
        self.drop()
        shutdown_all(timeout)

    # ---- reports from the pool thread (delivered on the GUI thread) ------------------------

    def _deliver(
        self, slot: Callable[[RouteSearchWorker, Any], None], worker: RouteSearchWorker, value: Any
    ) -> None:
        if isValid(self):  # the controller may be gone (its mode left, the window closed)
            slot(worker, value)
        elif worker.done:
            _RUNNING.discard(worker)

    def _progress(self, worker: RouteSearchWorker, progress: object) -> None:
        if worker is self.worker:
            self.progress.emit(progress)

    def _finished(self, worker: RouteSearchWorker, result: object) -> None:
        _RUNNING.discard(worker)
        if worker is self.worker:
            self.worker = None
            self.finished.emit(result)

    def _failed(self, worker: RouteSearchWorker, message: str) -> None:
        _RUNNING.discard(worker)
        if worker is self.worker:
            self.worker = None
            self.failed.emit(message)


def searches_running() -> int:
    """How many searches have not yet returned (cancelled ones included)."""
    for w in [w for w in _RUNNING if w.done]:
        _RUNNING.discard(w)
    return len(_RUNNING)


def shutdown_all(timeout: float = 1.0) -> bool:
    """Cancel every search still running and wait for them (``timeout`` seconds in all).

    True when all of them have returned."""
    workers = list(_RUNNING)
    for w in workers:
        w.cancel()
    end = time.monotonic() + timeout
    for w in workers:
        w.wait(max(0.0, end - time.monotonic()))
    searches_running()
    return all(w.done for w in workers)
