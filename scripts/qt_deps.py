"""Make sure the Qt window can start: the system libraries of Qt's xcb platform plugin.

PySide6's wheels bring Qt but not the X11 libraries its xcb plugin loads; a fresh Debian or
Ubuntu lacks some of them (Debian 12: libxcb-icccm4, libxcb-keysyms1, ...), and Qt then only
says "Could not load the Qt platform plugin xcb". This asks ``ldd`` which libraries of the
installed plugin are missing, and installs their packages when it may (as root, or with
sudo that needs no password); otherwise it stops with the exact command to run. When another
package manager holds apt's lock (an update running, the Software Updater), it waits for it
(LOCK_WAIT seconds), then names the process holding it and prints the command to run later.

    python scripts/qt_deps.py [--check]   (--check: report only, install nothing)

Exit status 0 when nothing is missing (or it was installed), 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# Shared library -> Debian/Ubuntu package, for every library ``ldd`` lists for the xcb
# plugin of PySide6 6.x (checked with ``dpkg -S`` on Debian 12). Ubuntu 24.04 renamed a few
# (a "t64" suffix): ``package_name`` tries that name when the first is unknown to apt.
PACKAGES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libbrotlicommon.so.1": "libbrotli1",
    "libbrotlidec.so.1": "libbrotli1",
    "libbsd.so.0": "libbsd0",
    "libc.so.6": "libc6",
    "libcap.so.2": "libcap2",
    "libdl.so.2": "libc6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libexpat.so.1": "libexpat1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libgcc_s.so.1": "libgcc-s1",
    "libgcrypt.so.20": "libgcrypt20",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgpg-error.so.0": "libgpg-error0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "liblz4.so.1": "liblz4-1",
    "liblzma.so.5": "liblzma5",
    "libm.so.6": "libc6",
    "libmd.so.0": "libmd0",
    "libpcre2-8.so.0": "libpcre2-8-0",
    "libpng16.so.16": "libpng16-16",
    "libpthread.so.0": "libc6",
    "libstdc++.so.6": "libstdc++6",
    "libsystemd.so.0": "libsystemd0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
}


def xcb_plugin() -> Path:
    """The xcb platform plugin of the PySide6 this Python imports."""
    import PySide6

    return Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"


def missing_libraries(plugin: Path, ldd_output: str | None = None) -> list[str]:
    """The libraries ``ldd`` cannot find for ``plugin`` (``ldd_output``: its output, if run)."""
    if ldd_output is None:
        ldd_output = subprocess.run(
            ["ldd", str(plugin)], capture_output=True, text=True, check=False
        ).stdout
    out = []
    for line in ldd_output.splitlines():
        name, _, where = line.strip().partition(" => ")
        if where.strip() == "not found" and name not in out:
            out.append(name)
    return out


def package_name(package: str) -> str:
    """``package``, or its Ubuntu 24.04 name (``...t64``) when only that one is known."""
    if shutil.which("apt-cache") is None:
        return package
    known = subprocess.run(
        ["apt-cache", "show", package], capture_output=True, check=False
    ).returncode
    if known != 0:
        renamed = subprocess.run(
            ["apt-cache", "show", package + "t64"], capture_output=True, check=False
        ).returncode
        if renamed == 0:
            return package + "t64"
    return package


def packages_for(libraries: list[str]) -> tuple[list[str], list[str]]:
    """(packages to install, libraries with no known package)."""
    packages, unknown = [], []
    for lib in libraries:
        pkg = PACKAGES.get(lib)
        if pkg is None:
            unknown.append(lib)
        elif pkg not in packages:
            packages.append(pkg)
    return packages, unknown


LOCK_WAIT = 300  # seconds apt waits for another package manager to let go of its lock
# apt's words for a held lock: "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held
# by process 1234 (unattended-upgr)" (the process named from apt 1.9 on)
LOCK_HELD = re.compile(
    r"Could not get lock (?P<lock>\S+?)\.?(?:\s+It is held by process (?P<pid>\d+)"
    r"(?: \((?P<name>[^)]*)\))?)?(?:\s|$)"
)


def install_command(packages: list[str]) -> list[str]:
    return ["apt-get", "install", "-y", "--no-install-recommends", *packages]


def with_lock_wait(command: list[str]) -> list[str]:
    """``command`` (an apt-get one, after any sudo prefix) waiting up to LOCK_WAIT seconds for
    a package manager that holds the lock, instead of failing at once."""
    i = command.index("apt-get") + 1
    return [*command[:i], "-o", f"DPkg::Lock::Timeout={LOCK_WAIT}", *command[i:]]


def lock_holder(apt_errors: str) -> str | None:
    """What holds apt's lock, from apt-get's error output (None when it failed otherwise)."""
    m = LOCK_HELD.search(apt_errors)
    if m is None:
        return None
    if m.group("pid"):
        name = f" ({m.group('name')})" if m.group("name") else ""
        return f"process {m.group('pid')}{name} holds {m.group('lock')}"
    return f"another program holds {m.group('lock')}"


def run_apt(command: list[str]) -> tuple[int, str]:
    """Run an apt-get ``command`` (waiting for the lock), its output shown as it comes; its
    exit status and its error output."""
    proc = subprocess.run(with_lock_wait(command), stderr=subprocess.PIPE, text=True, check=False)
    sys.stderr.write(proc.stderr)
    return proc.returncode, proc.stderr


def may_install() -> list[str] | None:
    """The command prefix that installs packages here: [] as root, ["sudo", "-n"] when sudo
    needs no password, None when neither."""
    if shutil.which("apt-get") is None:
        return None
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") is not None:
        ok = subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False)
        if ok.returncode == 0:
            return ["sudo", "-n"]
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only, install nothing")
    args = ap.parse_args(argv)
    if not sys.platform.startswith("linux") or shutil.which("ldd") is None:
        return 0  # other systems: PySide6 brings what it needs
    plugin = xcb_plugin()
    if not plugin.exists():
        print(f"qt_deps: no xcb plugin at {plugin}", file=sys.stderr)
        return 0
    missing = missing_libraries(plugin)
    if not missing:
        return 0
    packages, unknown = packages_for(missing)
    packages = [package_name(p) for p in packages]
    print(
        f"The Qt window needs system libraries that are missing: {', '.join(missing)}",
        file=sys.stderr,
    )
    if unknown:
        print(f"(no known package for: {', '.join(unknown)})", file=sys.stderr)
    prefix = None if args.check else may_install()
    if prefix is None:
        if packages:
            print("Install them with:", file=sys.stderr)
            print("  sudo " + " ".join(install_command(packages)), file=sys.stderr)
        return 1
    command = prefix + install_command(packages)
    print("Installing: " + " ".join(command), file=sys.stderr)
    if os.environ.get("QT_DEPS_DRY_RUN"):
        return 1  # for testing: say what would run, run nothing
    code, errors = run_apt(command)
    if code != 0 and lock_holder(errors) is None:
        # A fresh system may have no package lists yet.
        run_apt([*prefix, "apt-get", "update"])
        code, errors = run_apt(command)
    if code != 0:
        holder = lock_holder(errors)
        if holder is not None:
            print(
                f"Cannot install now: another package manager is running ({holder},"
                f" still after {LOCK_WAIT} s). Let it finish, then run:",
                file=sys.stderr,
            )
        else:
            print("Installing failed (see above); to install them by hand, run:", file=sys.stderr)
        print("  sudo " + " ".join(install_command(packages)), file=sys.stderr)
        return 1
    still = missing_libraries(plugin)
    if still:
        print(f"Still missing after installing: {', '.join(still)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
