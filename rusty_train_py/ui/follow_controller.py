"""Following a game in the window: a QTimer schedules each poll, a QThreadPool job runs it (the
download, the replay, then the searches it asks for), and signals bring the results back to
the GUI thread; the GUI never waits for the network or a search.

One job at a time: the next poll is scheduled when the job before has ended, ``step.delay``
seconds later (the follower's interval, or its back-off after a 503 or a network error).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from ..base.buglog import bug_report
from ..files.online.follow import Follower, FollowStep, SearchTask


class FollowSignals(QObject):
    stepped = Signal(object)  # FollowStep
    found = Signal(object)  # follow.Found
    ended = Signal(object)  # the job, over (the next poll may be scheduled)


class FollowJob(QRunnable):
    """One poll (``tasks`` None) or one set of searches asked for, off the GUI thread."""

    def __init__(self, follower: Follower, tasks: tuple[SearchTask, ...] | None = None) -> None:
        super().__init__()
        self.setAutoDelete(False)  # the controller keeps it until it ends
        self.follower, self.tasks = follower, tasks
        self.signals = FollowSignals()
        self.cancel = threading.Event()

    def run(self) -> None:
        try:
            tasks = self.tasks
            if tasks is None:
                step = self.follower.poll()
                self._emit(self.signals.stepped, step)
                tasks = step.tasks
            for task in tasks:
                if self.cancel.is_set():
                    break
                found = self.follower.search(task, self.cancel.is_set)
                if not self.cancel.is_set():
                    self._emit(self.signals.found, found)
        except Exception as exc:  # a bug: logged, said, and the follow goes on
            text = bug_report(exc, f"following game {self.follower.gid}")
            self._emit(self.signals.stepped, FollowStep(None, (text,), (), 0.0))
        finally:
            try:
                self.signals.ended.emit(self)
            except RuntimeError:
                pass

    @staticmethod
    def _emit(signal: object, value: object) -> None:
        try:
            signal.emit(value)  # type: ignore[attr-defined]
        except RuntimeError:  # the window is gone
            pass


class FollowController(QObject):
    """Polls ``follower`` until the game ends or ``stop``; ``stepped`` and ``found`` carry
    what each poll and search brought to the GUI thread."""

    stepped = Signal(object)
    found = Signal(object)
    stopped = Signal()

    def __init__(self, follower: Follower, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.follower = follower
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._poll)
        self.job: FollowJob | None = None
        self.active = False
        self._next_delay = 0.0
        self._done = False

    def start(self) -> None:
        self.active, self._done = True, False
        self.timer.start(0)

    def stop(self) -> None:
        """Stop polling; a job running ends its search at once and reports nothing more."""
        self.active = False
        self.timer.stop()
        if self.job is not None:
            self.job.cancel.set()
        self.stopped.emit()

    def ask(self) -> None:
        """The player asks for the searches a game routed by hand does not run by itself."""
        tasks = self.follower.ask()
        if tasks:
            self._start(FollowJob(self.follower, tasks))

    def _poll(self) -> None:
        if not self.active:
            return
        if self.job is not None:  # still busy: look again when it ends
            return
        self._start(FollowJob(self.follower))

    def _start(self, job: FollowJob) -> None:
        job.signals.stepped.connect(self._stepped)
        job.signals.found.connect(self._found)
        job.signals.ended.connect(self._ended)  # a QObject's method: on the GUI thread
        if self.job is None:
            self.job = job
        QThreadPool.globalInstance().start(job)

    def _stepped(self, step: FollowStep) -> None:
        if not self.active:
            return
        self._next_delay = step.delay
        self._done = step.done
        self.stepped.emit(step)

    def _found(self, found: object) -> None:
        if self.active:
            self.found.emit(found)

    def _ended(self, job: FollowJob) -> None:
        if job is not self.job:
            return  # an asked search ended; the poll job goes on
        self.job = None
        if not self.active:
            return
        if self._done:
            self.active = False
            self.stopped.emit()
            return
        self.timer.start(int(self._next_delay * 1000))

    def wait(self, timeout_ms: int = 2000) -> None:
        """For shutdown: cancel and let the job end."""
        if self.job is not None:
            self.job.cancel.set()
        QThreadPool.globalInstance().waitForDone(timeout_ms)
