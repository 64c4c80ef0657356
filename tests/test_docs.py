"""The docs: the README is short and for players; every link and picture in it and in the
guides of docs/ leads somewhere (a file of the repository, a heading of the page linked)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT

PAGES = [
    PROJECT_ROOT / "README.md",
    *sorted((PROJECT_ROOT / "docs").glob("*.md")),
    PROJECT_ROOT / "bench" / "RESULTS.md",
    PROJECT_ROOT / "games" / "README.md",
    PROJECT_ROOT / "tiles" / "README.md",
]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+ (.*)", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(slug)
    return out


def test_the_readme_is_short():
    lines = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 220


def test_the_guides_are_there():
    names = {p.name for p in PAGES}
    assert {"user-guide.md", "contributing.md", "install.md", "online.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(PROJECT_ROOT)))
def test_every_link_and_picture_leads_somewhere(page):
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:: not checked offline
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(target)
    assert broken == []
