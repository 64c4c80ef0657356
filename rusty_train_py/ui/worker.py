"""The route search on a QThreadPool thread: progress, result and failure come back as signals.

The search gets a copy of the map, a ``cancel`` callable reading a threading.Event that the
search checks in every phase, and a progress callback throttled so the GUI thread is not
flooded. The GUI thread never waits for it (except, briefly, when the program quits).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from PySide6.QtCore import QObject, QRunnable, Signal, SignalInstance

from ..base.blas import blas_thread_limit
from ..base.buglog import bug_report
from ..base.errors import is_ours, message_of
from ..mapstate.state import MapState
from ..route.progress import SearchProgress

if TYPE_CHECKING:
    from ..route.locks import RouteLock
    from ..route.result import RouteResult


class Report(Protocol):
    """What every search's progress report says: its phase and the best found so far."""

    @property
    def phase(self) -> str: ...

    @property
    def best(self) -> object: ...


P = TypeVar("P", bound=Report)  # what a search reports as it goes
R = TypeVar("R")  # what it returns
P_co = TypeVar("P_co", bound=Report, covariant=True)
R_co = TypeVar("R_co", covariant=True)


class SearchFn(Protocol[P_co, R_co]):
    """A search the worker runs: the route finder, the advisor, the planner. It calls
    ``progress`` with its reports and stops soon after ``cancel()`` is true."""

    def __call__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str],
        /,
        *,
        progress: Callable[[P_co], None],
        cancel: Callable[[], bool],
    ) -> R_co: ...


class RouteSearchFn(Protocol):
    """The route finder's seam (``route.search.find_routes``): a search, and the routes the
    player locked (given only when there are some)."""

    def __call__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str],
        /,
        *,
        progress: Callable[[SearchProgress], None],
        cancel: Callable[[], bool],
        locked: Sequence[RouteLock] = ...,
    ) -> RouteResult: ...


class WorkerSignals(QObject):
    progress = Signal(object)  # route.progress.SearchProgress
    finished = Signal(object)  # RouteResult
    failed = Signal(str)


def default_search() -> RouteSearchFn:
    from ..route.search import find_routes

    return find_routes


def with_locks(
    search: RouteSearchFn, locked: Sequence[RouteLock]
) -> SearchFn[SearchProgress, RouteResult]:
    """``search`` as a plain search, with the routes the player locked (none: as it is)."""

    def run(
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str],
        /,
        *,
        progress: Callable[[SearchProgress], None],
        cancel: Callable[[], bool],
    ) -> RouteResult:
        if not locked:
            return search(state, company, trains, bonuses, progress=progress, cancel=cancel)
        return search(
            state, company, trains, bonuses, progress=progress, cancel=cancel, locked=locked
        )

    return run


class RouteSearchWorker(QRunnable, Generic[P, R]):
    """Runs ``search(state, company, trains, bonuses, progress=..., cancel=...)`` once; its
    reports and result are kept typed (``latest``, ``result``), the signals say when."""

    def __init__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str] = (),
        *,
        search: SearchFn[P, R],
        progress_interval: float = 0.25,
    ):
        super().__init__()
        self.setAutoDelete(False)  # Python owns it (its controller keeps a reference)
        self.state = state.copy()
        self.company = company
        self.trains = list(trains)
        self.bonuses = list(bonuses)
        self.search = search
        self.latest: P | None = None  # the last report passed on
        self.result: R | None = None  # set before ``finished`` is emitted
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

    def _progress(self, progress: P) -> None:
        """Pass a report on at once when the phase or the best changed, else at most every
        ``progress_interval`` seconds: each one costs the GUI thread some work."""
        now = time.monotonic()
        key = (progress.phase, progress.best)
        if key != self._last_key or now - self._last_emit >= self.progress_interval:
            self._last_emit = now
            self._last_key = key
            self.latest = progress
            self._emit(self.signals.progress, progress)

    def _emit(self, signal: SignalInstance, value: object) -> None:
        """Emit, unless the program is shutting down and the signal's object is gone."""
        try:
            signal.emit(value)
        except RuntimeError:
            pass  # nobody is left to tell

    def run(self) -> None:
        try:
            with blas_thread_limit():  # one BLAS thread, however the window was started
                result = self.search(
                    self.state,
                    self.company,
                    self.trains,
                    self.bonuses,
                    progress=self._progress,
                    cancel=self._cancel.is_set,
                )
        except Exception as exc:  # reported to the user, never a crash of the thread
            if is_ours(exc):
                message = message_of(exc)
            else:  # a bug: logged with its traceback, and the window says it is one
                message = bug_report(exc, f"searching {self.company}'s routes")
            self._done.set()
            self._emit(self.signals.failed, message)
            return
        self.result = result
        self._done.set()
        self._emit(self.signals.finished, result)
