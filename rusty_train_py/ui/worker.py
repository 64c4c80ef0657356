"""The route search on a QThreadPool thread: progress, result and failure come back as signals.

The search gets a copy of the map, a ``cancel`` callable reading a threading.Event that the
search checks in every phase, and a progress callback throttled so the GUI thread is not
flooded. The GUI thread never waits for it (except, briefly, when the program quits).
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QRunnable, Signal, SignalInstance

from ..base.blas import blas_thread_limit
from ..mapstate.state import MapState
from ..route.progress import SearchProgress

SearchFn = Callable[..., object]


class WorkerSignals(QObject):
    progress = Signal(object)  # route.progress.SearchProgress
    finished = Signal(object)  # RouteResult
    failed = Signal(str)


def default_search() -> SearchFn:
    from ..route.search import find_routes

    return find_routes


class RouteSearchWorker(QRunnable):
    """Runs ``search(state, company, trains, bonuses, progress=..., cancel=...)`` once."""

    def __init__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str] = (),
        search: SearchFn | None = None,
        progress_interval: float = 0.25,
        locked: Sequence[object] = (),
    ):
        super().__init__()
        self.setAutoDelete(False)  # Python owns it (its controller keeps a reference)
        self.state = state.copy()
        self.company = company
        self.trains = list(trains)
        self.bonuses = list(bonuses)
        self.locked = list(locked)
        self.search = search or default_search()
        self.signals = WorkerSignals()
        self.progress_interval = progress_interval
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._last_emit = 0.0
        self._last_key: tuple[object, ...] | None = None

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the search has returned (for shutdown and tests only)."""
        return self._done.wait(timeout)

    def _progress(self, progress: SearchProgress) -> None:
        """Pass a report on at once when the phase or the best changed, else at most every
        ``progress_interval`` seconds: each one costs the GUI thread some work."""
        now = time.monotonic()
        key = (progress.phase, progress.best)
        if key != self._last_key or now - self._last_emit >= self.progress_interval:
            self._last_emit = now
            self._last_key = key
            self._emit(self.signals.progress, progress)

    def _emit(self, signal: SignalInstance, value: object) -> None:
        """Emit, unless the program is shutting down and the signal's object is gone."""
        try:
            signal.emit(value)
        except RuntimeError:
            pass  # nobody is left to tell

    def run(self) -> None:
        try:
            extra = {"locked": self.locked} if self.locked else {}
            with blas_thread_limit():  # one BLAS thread, however the window was started
                result = self.search(
                    self.state,
                    self.company,
                    self.trains,
                    self.bonuses,
                    progress=self._progress,
                    cancel=self._cancel.is_set,
                    **extra,
                )
        except Exception as exc:  # reported to the user, never a crash of the thread
            if isinstance(exc, ValueError | KeyError):
                message = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
            else:
                # A bug: the details go to the terminal, the window says what and that it is one.
                traceback.print_exc(file=sys.stderr)
                message = (
                    f"{type(exc).__name__}: {exc}\n\nThis is a bug in the route finder; the"
                    " details are on the terminal. The map is unchanged."
                )
            self._done.set()
            self._emit(self.signals.failed, message)
            return
        self._done.set()
        self._emit(self.signals.finished, result)
