"""One BLAS thread for the finder: numpy's BLAS (OpenBLAS in the wheels) starts a thread per
core, and those threads spin while they wait for a core, so the same search cost 0.4 s of CPU
one time and 5 s the next on a busy machine. Our parallelism comes from our own processes.

- ``pin_before_numpy()``: the entry points (the command line, the window) call it first; before
  numpy is imported it asks every BLAS for one thread through the environment (a value the
  user set is kept), which also saves the threads' start at numpy's import.
- ``one_blas_thread``: around the finder (a library caller's process may have imported numpy
  with a thread per core): limits the BLAS thread pool to one thread for as long as any search
  runs, through threadpoolctl, and restores it when the last one ends. Nothing to do when
  numpy has not been imported yet or was imported pinned.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

# The variables the BLAS builds numpy may load read for their thread count.
THREAD_VARIABLES = (
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "BLIS_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
)

_lock = threading.Lock()
_depth = 0  # searches running inside one_blas_thread
_limiter: Any = None  # threadpoolctl's limiter while _depth > 0 (None: nothing to restore)
_controller: Any = None  # threadpoolctl's view of the loaded BLAS libraries, made once

P = ParamSpec("P")
R = TypeVar("R")


def pin_before_numpy() -> bool:
    """Ask every BLAS for one thread, if numpy is not imported yet (True: it was not)."""
    if "numpy" in sys.modules:
        return False
    for name in THREAD_VARIABLES:
        os.environ.setdefault(name, "1")
    return True


def _pinned_by_environment() -> bool:
    """numpy is not loaded, or every BLAS was told one thread before it was."""
    return "numpy" not in sys.modules or all(
        os.environ.get(name) == "1" for name in THREAD_VARIABLES[:3]
    )


def _limit() -> Any:
    """threadpoolctl's limit of the BLAS pools to one thread (None without threadpoolctl: a
    broken install costs spread, never a failed search)."""
    global _controller
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    if _controller is None:
        _controller = ThreadpoolController()
    return _controller.limit(limits=1, user_api="blas")


@contextmanager
def blas_thread_limit() -> Iterator[None]:
    """The BLAS thread pool held to one thread while the block runs (nested and concurrent
    blocks share one limit: the last to leave restores the pool)."""
    global _depth, _limiter
    with _lock:
        _depth += 1
        if _depth == 1 and not _pinned_by_environment():
            _limiter = _limit()
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _limiter is not None:
                _limiter.restore_original_limits()
                _limiter = None


def one_blas_thread(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` run inside ``blas_thread_limit`` (the finder's entry points)."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with blas_thread_limit():
            return fn(*args, **kwargs)

    return wrapper
