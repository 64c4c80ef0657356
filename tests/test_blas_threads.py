"""One BLAS thread for the finder (rusty_train_py/base/blas.py): the command line pins it
before numpy is imported; a library caller that imported numpy with a thread per core gets
one thread while a search runs, and its own setting back afterwards. Each check runs in a
fresh interpreter, as the thread count is fixed when numpy loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("threadpoolctl", reason="threadpoolctl pins the BLAS threads")


BLAS_THREADS = """
def blas_threads():
    from threadpoolctl import threadpool_info
    return [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
"""


def run_python(code: str, **env: str) -> dict:
    """The JSON a fresh interpreter prints for ``code`` (environment: ours less every BLAS
    thread variable, plus ``env``)."""
    base = {
        k: v for k, v in os.environ.items() if not k.endswith(("_NUM_THREADS", "_MAXIMUM_THREADS"))
    }
    base["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", BLAS_THREADS + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**base, **env},
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def test_pinned_before_numpy_loads_one_thread():
    out = run_python(
        """
        import json, os
        from rusty_train_py.base.blas import pin_before_numpy
        first = pin_before_numpy()
        import numpy
        again = pin_before_numpy()
        print(json.dumps([first, again, os.environ["OPENBLAS_NUM_THREADS"], blas_threads()]))
        """
    )
    assert out == [True, False, "1", [1]]


def test_a_value_the_user_set_is_kept():
    out = run_python(
        """
        import json
        from rusty_train_py.base.blas import pin_before_numpy
        pin_before_numpy()
        import numpy
        print(json.dumps(blas_threads()))
        """,
        OPENBLAS_NUM_THREADS="2",
    )
    assert out == [2]


def test_the_limit_holds_while_any_search_runs_and_is_restored_after():
    out = run_python(
        """
        import json
        import numpy
        from rusty_train_py.base.blas import blas_thread_limit
        seen = [blas_threads()]
        with blas_thread_limit():
            seen.append(blas_threads())
            with blas_thread_limit():
                seen.append(blas_threads())
            seen.append(blas_threads())
        seen.append(blas_threads())
        print(json.dumps(seen))
        """,
        OPENBLAS_NUM_THREADS="2",
    )
    assert out == [[2], [1], [1], [1], [2]]


def test_find_routes_runs_on_one_blas_thread_in_a_caller_with_more():
    out = run_python(
        """
        import json
        import numpy
        from rusty_train_py.files.loader import open_game
        from rusty_train_py.route.search import find_routes
        seen = set()
        state = open_game("resources/1867_bc.json").state
        result = find_routes(state, "GW", ["5", "8"], progress=lambda p: seen.add(tuple(blas_threads())))
        print(json.dumps([result.net_revenue, sorted(seen), blas_threads()]))
        """,
        OPENBLAS_NUM_THREADS="2",
    )
    assert out == [840, [[1]], [2]]


def test_the_command_line_pins_before_numpy():
    out = run_python(
        """
        import contextlib, io, json, os
        from rusty_train_py.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            rc = main(["routes", "resources/1867_bc.json", "-c", "GW", "-t", "2"])
        print(json.dumps([rc, os.environ["OPENBLAS_NUM_THREADS"], blas_threads()]))
        """
    )
    assert out == [0, "1", [1]]
