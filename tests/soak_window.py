"""The long random-key soak of the window (``make fuzz``): ``--keys`` keys spread over every
game, each game on a fresh window with its own seed. Prints what was pressed and every
problem; exits 1 on any. ``python tests/soak_window.py --keys 10000 --seed 1``."""

from __future__ import annotations

import argparse
import faulthandler
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402
from ui.soak import soak  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args(argv)
    faulthandler.enable()  # a crash prints where it happened
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        report = soak(args.keys, args.seed, Path(tmp), args.game)
    del app
    print(report.summary())
    for p in report.problems:
        print(p)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
