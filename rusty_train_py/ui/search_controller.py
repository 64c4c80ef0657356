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
from typing import Any, Generic

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool
from shiboken6 import isValid

from ..mapstate.state import MapState
from .worker import P, R, RouteSearchWorker, SearchFn

# Every worker not yet returned, whichever controller started it: Python must keep them
# alive until their run() has returned, even when their controller is gone.
_RUNNING: set[RouteSearchWorker[Any, Any]] = set()


class RouteSearchController(QObject, Generic[P, R]):
    """Runs one search at a time for its owner, passing on its reports, typed: ``on_progress``
    with each report, then ``on_finished`` with the result or ``on_failed`` with a message."""

    def __init__(
        self,
        search: SearchFn[P, R],
        on_progress: Callable[[P], None],
        on_finished: Callable[[R], None],
        on_failed: Callable[[str], None],
        parent: QObject | None = None,
        pool: QThreadPool | None = None,
    ):
        super().__init__(parent)
        self.search = search
        self.on_progress = on_progress
        self.on_finished = on_finished
        self.on_failed = on_failed
        self.pool = pool or QThreadPool.globalInstance()
        self.worker: RouteSearchWorker[P, R] | None = None  # the search whose reports count
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def running(self) -> bool:
        return self.worker is not None

    def start(
        self, state: MapState, company: str, trains: Sequence[str], bonuses: Sequence[str] = ()
    ) -> None:
        """Start a search for ``company`` (dropping the one running, if any)."""
        self.drop()
        worker = RouteSearchWorker(state, company, trains, bonuses, search=self.search)
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
        self,
        slot: Callable[[RouteSearchWorker[P, R], object], None],
        worker: RouteSearchWorker[P, R],
        value: object,
    ) -> None:
        if isValid(self):  # the controller may be gone (its mode left, the window closed)
            slot(worker, value)
        elif worker.done:
            _RUNNING.discard(worker)

    def _progress(self, worker: RouteSearchWorker[P, R], _: object) -> None:
        if worker is self.worker and worker.latest is not None:
            self.on_progress(worker.latest)

    def _finished(self, worker: RouteSearchWorker[P, R], _: object) -> None:
        _RUNNING.discard(worker)
        if worker is self.worker and worker.result is not None:
            self.worker = None
            self.on_finished(worker.result)

    def _failed(self, worker: RouteSearchWorker[P, R], message: object) -> None:
        _RUNNING.discard(worker)
        if worker is self.worker:
            self.worker = None
            self.on_failed(str(message))


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
