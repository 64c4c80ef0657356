"""The program as a user installs it: the sdist is built from the checkout's files, the wheel
from the unpacked sdist, and the wheel installed alone into a fresh virtual environment in a
temporary folder. From another working directory, with no PYTHONPATH and a home folder of
its own, the installed ``rusty-train-py`` then answers as the checkout does: ``--version``,
``routes`` on the bundled game (840 for GW 5,8), ``tiles 1830 -o``, ``convert`` of the bundled
18xx.games log at an action, ``show``, and the window offscreen (open, search, screenshot,
quit: tests/installed_window.py). Nothing is written inside the installed package, and
nothing but the files asked for into the working directory.

The dependencies (PySide6, numpy, OR-Tools ...) are those of the Python running the tests,
seen by the new environment through a ``.pth`` file: no network, a few seconds. With
``RUSTY_TRAIN_INSTALL_FROM=pypi`` (``make install-test``) pip installs the wheel with its
dependencies from the package index instead, as ``pipx install`` does (minutes).
Building needs setuptools>=77 (the ``test`` extra); without it, or without pip, the test is
skipped with the reason, except in CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from rusty_train_py import __version__
from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.cli import main

FROM_PYPI = os.environ.get("RUSTY_TRAIN_INSTALL_FROM", "") == "pypi"
# what the sdist is built from: the checkout's files under these names (as a clone has them)
SOURCE = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "Makefile",
    "rusty_train_py",
    "games",
    "tiles",
    "resources",
    "packaging",
    "docs",
    "LICENSE",
    "screenshots/ui_*.png",  # the pictures of the window the user guide shows
)
DEPENDENCIES = ("PySide6", "shiboken6", "numpy", "shapely", "networkx", "ortools")
BUNDLED_LOG = "1846_222264.json"
LOG_ACTION = "80"


def _unavailable() -> str | None:
    """Why the install cannot be tried here, or None."""
    try:
        major = int(importlib.metadata.version("setuptools").split(".")[0])
    except importlib.metadata.PackageNotFoundError:
        major = 0
    if major < 77:
        return "building the wheel needs setuptools>=77 (pip install -e '.[test]')"
    if importlib.util.find_spec("pip") is None:
        return "installing the wheel needs pip"
    return None


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the install test must run in CI: {reason}")
    pytest.skip(reason)


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 300):
    proc = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert proc.returncode == 0, f"{command}: rc {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


def source_files() -> list[Path]:
    """The checkout's files a clone holds (tracked or new, not ignored), under SOURCE."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", *SOURCE],
            cwd=PROJECT_ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        names = [n for n in listed.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):  # no git: the folders as they are
        names = [
            str(p.relative_to(PROJECT_ROOT))
            for top in SOURCE
            for p in (
                sorted(PROJECT_ROOT.glob(top))
                if "*" in top
                else [PROJECT_ROOT / top] + sorted((PROJECT_ROOT / top).rglob("*"))
            )
            if p.is_file() and "__pycache__" not in p.parts
        ]
    return [Path(n) for n in names if (PROJECT_ROOT / n).is_file()]


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``folder``: (size, modification time in ns)."""
    seen = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            info = p.lstat()
            seen[str(p.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return seen


@dataclass
class Installed:
    tmp: Path
    python: Path
    command: Path  # the rusty-train-py script
    package: Path  # rusty_train_py inside the environment
    dist_info: Path
    wheel: Path
    sdist: Path
    work: Path  # the working directory the commands run in
    env: dict[str, str]
    before: dict[str, tuple[int, int]]

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return run([str(self.command), *args], self.work, self.env, timeout)

    def data(self, *parts: str) -> Path:
        return self.package / "data" / Path(*parts)


def _build(tmp: Path) -> tuple[Path, Path]:
    """The sdist from the checkout's files, then the wheel from the unpacked sdist."""
    src = tmp / "clone"
    for name in source_files():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT_ROOT / name, src / name)
    hook = "import sys; from setuptools import build_meta as b; print(b.{}(sys.argv[1]))"
    out = tmp / "dist"
    sdist = (
        out
        / run([sys.executable, "-c", hook.format("build_sdist"), str(out)], src).stdout.split()[-1]
    )
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    wheel = (
        out
        / run(
            [sys.executable, "-c", hook.format("build_wheel"), str(out)], unpacked
        ).stdout.split()[-1]
    )
    return sdist, wheel


def _environment(tmp: Path, wheel: Path) -> Path:
    """A fresh virtual environment holding the wheel; its Python."""
    venv = tmp / "venv"
    if FROM_PYPI:
        run([sys.executable, "-m", "venv", str(venv)], tmp)
    else:
        run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if FROM_PYPI:
        run([str(python), "-m", "pip", "install", "-q", str(wheel)], tmp, timeout=1800)
        return python
    # the dependencies where the running Python has them, as plain folders on the path (no
    # .pth file of theirs is run: an editable install of the checkout stays out of sight)
    site = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp
    )
    folders = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed"
        folders.add(str(Path(spec.origin).parent.parent))
    Path(site.stdout.strip(), "_test_dependencies.pth").write_text(
        "\n".join(sorted(folders)) + "\n"
    )
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    run([*pip, "--no-deps", "--no-index", str(wheel)], tmp)
    return python


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    reason = _unavailable()
    if reason:
        _skip_or_fail(reason)
    tmp = tmp_path_factory.mktemp("installed")
    sdist, wheel = _build(tmp)
    python = _environment(tmp, wheel)
    bin_dir = python.parent
    where = run(
        [
            str(python),
            "-c",
            "import rusty_train_py, pathlib; print(pathlib.Path(rusty_train_py.__file__).parent)",
        ],
        tmp,
        {"PATH": os.defpath},
    )
    package = Path(where.stdout.strip())
    (dist_info,) = package.parent.glob("rusty_train_py-*.dist-info")
    work, home = tmp / "work", tmp / "home"
    work.mkdir()
    home.mkdir()
    env = {
        "PATH": os.pathsep.join([str(bin_dir), os.defpath]),  # no checkout, no test venv
        "HOME": str(home),
        "USERPROFILE": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(home / "runtime"),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "C.UTF-8",
        "TMPDIR": str(tmp / "systemp"),
    }
    (home / "runtime").mkdir(mode=0o700)
    (tmp / "systemp").mkdir()
    before = snapshot(package) | {f"dist-info/{k}": v for k, v in snapshot(dist_info).items()}
    return Installed(
        tmp, python, bin_dir / "rusty-train-py", package, dist_info, wheel, sdist, work, env, before
    )


def test_the_wheel_and_the_sdist_carry_every_game_tile_file_and_resource(installed):
    checkout = {
        f"{p.parent.relative_to(PROJECT_ROOT).as_posix()}/{p.name}"
        for pattern in ("games/*.toml", "games/hand/*.toml", "tiles/*.tiles", "resources/*.json")
        for p in PROJECT_ROOT.glob(pattern)
    }
    assert len([n for n in checkout if n.startswith("games/") and "/hand/" not in n]) >= 31
    with zipfile.ZipFile(installed.wheel) as whl:
        data = {n.removeprefix("rusty_train_py/data/") for n in whl.namelist() if "/data/" in n}
    assert checkout | {"resources/icon.svg", "resources/icon.png"} <= data
    # the user guide Help ▸ User guide shows, with the pictures of the window it shows
    assert {"docs/user-guide.md", "docs/online.md", "screenshots/ui_routes.png"} <= data
    with tarfile.open(installed.sdist) as tar:
        top = {Path(n).relative_to(Path(n).parts[0]).as_posix() for n in tar.getnames() if "/" in n}
    assert checkout | {"setup.py", "MANIFEST.in", "packaging/rusty-train-py.spec"} <= top
    assert installed.package.is_relative_to(installed.tmp / "venv")


def test_version_and_routes_on_the_bundled_game(installed, capsys):
    assert installed.run("--version").stdout == f"rusty-train-py {__version__}\n"
    game = installed.data("resources", "1867_bc.json")
    out = installed.run("routes", str(game), "-c", "GW", "-t", "5,8").stdout
    assert "net revenue: $840 (proven optimal; 17169 paths)" in out.splitlines()
    assert (
        main(["routes", str(PROJECT_ROOT / "resources" / "1867_bc.json"), "-c", "GW", "-t", "5,8"])
        == 0
    )
    assert out == capsys.readouterr().out


def test_tiles_convert_and_show_as_the_checkout(installed, tmp_path, capsys):
    png = installed.work / "x.png"
    assert installed.run("tiles", "1830", "-o", str(png)).stdout == f"wrote {png} (1250x873)\n"
    assert main(["tiles", "1830", "-o", str(tmp_path / "x.png")]) == 0
    capsys.readouterr()
    assert png.read_bytes()[:24] == (tmp_path / "x.png").read_bytes()[:24]  # PNG, same size
    log = installed.data("resources", BUNDLED_LOG)
    saved = installed.work / "at80.json"
    out = installed.run("convert", str(log), "--at", LOG_ACTION, "-o", str(saved)).stdout
    assert out == f"saved {saved}\n"
    mine = tmp_path / "at80.json"
    assert (
        main(
            [
                "convert",
                str(PROJECT_ROOT / "resources" / BUNDLED_LOG),
                "--at",
                LOG_ACTION,
                "-o",
                str(mine),
            ]
        )
        == 0
    )
    assert saved.read_text(encoding="utf-8") == mine.read_text(encoding="utf-8")
    capsys.readouterr()
    shown = installed.run("show", str(saved)).stdout
    assert (
        shown.splitlines()[0]
        == "1846: The Race for the Midwest (game 1846), phase I: lays yellow tiles"
    )
    assert main(["show", str(mine)]) == 0
    assert shown == capsys.readouterr().out


def test_the_window_opens_searches_saves_a_screenshot_and_quits(installed):
    driver = installed.tmp / "driver" / "installed_window.py"
    driver.parent.mkdir(exist_ok=True)
    shutil.copy(Path(__file__).with_name("installed_window.py"), driver)
    proc = run([str(installed.python), str(driver)], installed.work, installed.env)
    report = json.loads(proc.stdout.splitlines()[-1])
    home = Path(installed.env["HOME"])
    shot = Path(report["screenshot"])
    assert (report["exit"], report["errors"], report["icon"]) == (0, [], True)
    assert (report["opened"], report["mode"], report["net_revenue"]) == (
        "1867_bc (example)",
        "Find routes",
        840,
    )
    assert report["asked"] == ["company", "trains"]
    assert shot.parent == home / "Pictures" / "rusty-train-py" and shot.name.startswith("1867_bc-")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert report["message"] == f"Screenshot saved to {shot}"
    assert report["settings"] == str(home / ".config" / "rusty-train-py" / "rusty-train-py.conf")


def test_nothing_was_written_into_the_install_or_the_working_folder(installed):
    # (runs last: after every command above)
    after = snapshot(installed.package) | {
        f"dist-info/{k}": v for k, v in snapshot(installed.dist_info).items()
    }
    assert after == installed.before
    outputs = {"x.png", "at80.json"}
    assert {p.name for p in installed.work.iterdir()} <= outputs
