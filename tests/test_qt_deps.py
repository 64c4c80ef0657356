"""scripts/qt_deps.py: which system libraries Qt's xcb plugin lacks, and what installs them."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT

spec = importlib.util.spec_from_file_location("qt_deps", PROJECT_ROOT / "scripts" / "qt_deps.py")
qt_deps = importlib.util.module_from_spec(spec)
spec.loader.exec_module(qt_deps)

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
"""


def test_the_libraries_ldd_cannot_find():
    assert qt_deps.missing_libraries(None, LDD) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_their_packages_on_debian_and_ubuntu():
    libs = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-util.so.1", "libweird.so.3"]
    assert qt_deps.packages_for(libs) == (
        ["libxcb-icccm4", "libxcb-keysyms1", "libxcb-util1"],
        ["libweird.so.3"],
    )


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="needs ldd"
)
def test_every_system_library_of_the_installed_plugin_has_a_package():
    """The table is checked against ``ldd`` of the xcb plugin of the PySide6 installed here."""
    plugin = qt_deps.xcb_plugin()
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    system = []
    for line in out.splitlines():
        name, _, where = line.strip().partition(" => ")
        where = where.split(" (")[0]
        if where.startswith(("/lib", "/usr/lib")) and "PySide6" not in where:
            system.append(name)
    assert "libxcb-icccm.so.4" in system or "libxcb-icccm.so.4" in qt_deps.missing_libraries(plugin)
    assert [lib for lib in system if lib not in qt_deps.PACKAGES] == []


def test_without_root_or_sudo_it_prints_the_one_line_command(monkeypatch, capsys):
    monkeypatch.setattr(qt_deps, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
    monkeypatch.setattr(qt_deps, "may_install", lambda: None)
    monkeypatch.setattr(qt_deps, "package_name", lambda p: p)
    monkeypatch.setattr(qt_deps.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(qt_deps, "xcb_plugin", lambda: PROJECT_ROOT / "pyproject.toml")
    assert qt_deps.main([]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "The Qt window needs system libraries that are missing: libxcb-icccm.so.4",
        "Install them with:",
        "  sudo apt-get install -y --no-install-recommends libxcb-icccm4",
    ]
