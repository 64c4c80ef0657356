"""The one build step pyproject.toml cannot state: the repository keeps ``games/`` (with
``games/hand/``), ``tiles/`` and ``resources/`` at its top, and the wheel carries them inside
the package as ``rusty_train_py/data/...``, where ``rusty_train_py.base.paths`` finds them.

An editable install copies nothing: it reads the checkout's own folders. MANIFEST.in puts the
same folders into the sdist, so a wheel built from the sdist carries them too.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TOP = Path(__file__).resolve().parent
DATA = {  # folder at the repository's top -> the files of it the package carries
    "games": ("*.toml", "hand/*.toml", "README.md"),
    "tiles": ("*.tiles", "README.md"),
    "resources": ("*.json", "*.md", "*.svg", "*.png"),
    "docs": ("*.md",),  # the user guide Help ▸ User guide shows
    "screenshots": ("ui_*.png",),  # the pictures of the window the guide shows
}


def data_files() -> list[tuple[Path, str]]:
    """(source file, its path inside the package), sorted."""
    found = []
    for folder, patterns in DATA.items():
        for pattern in patterns:
            for src in (TOP / folder).glob(pattern):
                if src.is_file():
                    found.append((src, f"data/{src.relative_to(TOP).as_posix()}"))
    return sorted(set(found))


class BuildPyWithData(build_py):
    """build_py, then the data folders copied into ``<build>/rusty_train_py/data``."""

    def _targets(self) -> list[tuple[Path, Path]]:
        if self.editable_mode:  # the checkout's folders are read where they are
            return []
        package = Path(self.build_lib) / "rusty_train_py"
        return [(src, package / inside) for src, inside in data_files()]

    def run(self) -> None:
        super().run()
        for src, dst in self._targets():
            self.mkpath(str(dst.parent))
            self.copy_file(str(src), str(dst), preserve_mode=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        return super().get_outputs(include_bytecode) + [str(d) for _, d in self._targets()]


if __name__ == "__main__":  # the build backend runs it so; packaging/ reads DATA from it
    setup(cmdclass={"build_py": BuildPyWithData})
