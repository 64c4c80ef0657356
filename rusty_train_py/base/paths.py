"""Where the bundled data lives: ``games/`` (with ``games/hand/``), ``tiles/`` and
``resources/``.

The data root is the first of:

1. ``RUSTY_TRAIN_DATA``, when set: a folder holding ``games/`` and ``tiles/`` (and
   ``resources/``), used alone;
2. the package's own ``data/`` folder (``rusty_train_py/data``), found through
   ``importlib.resources``: an installed wheel or a bundle, where the build copied the three
   folders of the repository's top (setup.py);
3. the top of the source checkout the package sits in: a checkout, an editable install.

Nothing here writes: user files (screenshots, settings) go to the user's folders (the window
asks ``QStandardPaths``). When no data is found, ``DataNotFoundError`` says where it looked.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
from pathlib import Path

from .errors import RustyTrainError

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
PROJECT_ROOT = PACKAGE_ROOT.parent  # the checkout's top (the dev scripts and tests use it)
DATA_ENV = "RUSTY_TRAIN_DATA"
DATA_FOLDERS = ("games", "tiles", "resources")


class DataNotFoundError(RustyTrainError, FileNotFoundError):
    """No folder holding the game data: the message names every place looked at."""


def _holds_data(folder: Path) -> bool:
    return (folder / "games").is_dir() and (folder / "tiles").is_dir()


def package_data_folder() -> Path:
    """``rusty_train_py/data``: where an installed wheel or a bundle carries the data."""
    try:
        found = importlib.resources.files("rusty_train_py") / "data"
    except (ImportError, TypeError):  # pragma: no cover - a loader without resources
        return PACKAGE_ROOT / "data"
    return found if isinstance(found, Path) else PACKAGE_ROOT / "data"


@functools.cache
def _installed_root() -> Path | None:
    """The package's data folder, else the checkout's top, whichever holds the data."""
    for folder in (package_data_folder(), PROJECT_ROOT):
        if _holds_data(folder):
            return folder
    return None


def data_root() -> Path:
    """The folder holding ``games/``, ``tiles/`` and ``resources/`` (see the module's text)."""
    env = os.environ.get(DATA_ENV)
    if env:
        root = Path(env)
        if not _holds_data(root):
            raise DataNotFoundError(
                f"{DATA_ENV}={env}: no games/ and tiles/ folders there (unset {DATA_ENV}"
                " to use the data that comes with the program)"
            )
        return root
    installed = _installed_root()
    if installed is None:
        raise DataNotFoundError(
            "the game data (games/, tiles/) is missing: looked in"
            f" {package_data_folder()} (an installed package) and {PROJECT_ROOT}"
            f" (a source checkout); reinstall the program or set {DATA_ENV} to a folder"
            " holding games/ and tiles/"
        )
    return installed


def tiles_dir() -> Path:
    return data_root() / "tiles"


def games_dir() -> Path:
    return data_root() / "games"


def resources_dir() -> Path:
    return data_root() / "resources"


def guide_file(name: str = "user-guide.md") -> Path | None:
    """A page of the guides in ``docs/`` (the wheel carries them beside the data), or None
    when this installation has none."""
    folders = [_installed_root()]
    try:
        folders.insert(0, data_root())
    except DataNotFoundError:
        pass
    for folder in folders:
        if folder is not None and (folder / "docs" / name).is_file():
            return folder / "docs" / name
    return None


def default_game_file() -> Path:
    """The bundled example game the window opens first (an example: Save asks for a name)."""
    return resources_dir() / "1867_bc.json"
