"""Every skipped test says why, in pytest's summary: the project's options ask pytest for the
skips' reasons (``-rs``), and every skip in the tests gives one (a test needing the shared
reference data names the file it lacks)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _skips(tree: ast.AST):
    """(line, call) of every pytest.skip(...), pytest.mark.skip(...)/skipif(...) and
    pytest.importorskip(...) call."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in ("pytest.skip", "pytest.importorskip") or name.startswith(
                ("pytest.mark.skip", "pytest.mark.skipif")
            ):
                yield node.lineno, name, node


def _reason(name: str, call: ast.Call) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg in ("reason", "msg"):
            return kw.value
    if name in ("pytest.skip", "pytest.mark.skip") and call.args:
        return call.args[0]
    return None


def test_every_skip_in_the_tests_gives_a_reason():
    missing = []
    found = 0
    for path in sorted(ROOT.joinpath("tests").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, name, call in _skips(tree):
            found += 1
            reason = _reason(name, call)
            empty = isinstance(reason, ast.Constant) and not str(reason.value).strip()
            if reason is None or empty:
                missing.append(f"{path.relative_to(ROOT)}:{line}: {name} without a reason")
    assert found >= 10
    assert missing == []


def test_the_summary_shows_each_skips_reason(tmp_path):
    (tmp_path / "test_one.py").write_text(
        "import pytest\n\n\ndef test_needs_data():\n"
        "    pytest.skip('reference data /nowhere is not available')\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "-p",
         "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path / "test_one.py")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "SKIPPED [1] test_one.py:5: reference data /nowhere is not available" in run.stdout
