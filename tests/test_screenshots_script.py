"""``make screenshots`` (scripts/screenshots.py) writes every picture the README and the
guides in docs/ show or link: the list it plans covers every screenshots/ file they name."""

from __future__ import annotations

import importlib.util
import re

from rusty_train_py.base.paths import PROJECT_ROOT


def load_script():
    path = PROJECT_ROOT / "scripts" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_every_picture_the_docs_name():
    docs = [PROJECT_ROOT / "README.md", *sorted((PROJECT_ROOT / "docs").glob("*.md"))]
    text = "".join(p.read_text(encoding="utf-8") for p in docs)
    named = set(re.findall(r"screenshots/([\w.-]+\.png)", text))
    planned = load_script().planned_files()
    assert len(planned) == len(set(planned))
    assert sorted(named - set(planned)) == []
    assert {"ui_manifest.png", "ui_locked_routes.png", "ui_advisor.png"} <= named
