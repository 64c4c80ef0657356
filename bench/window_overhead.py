"""Benchmark: what the window costs on top of the route search.

The same search, in the same process and the same run, alternately through the window
(offscreen, the real MainWindow: ``r``, the dialogs answered, the search on the thread pool,
its progress shown over the map, the event loop idle in between as in the program) and by
calling ``find_routes`` directly as the CLI does. Prints each run and the medians: wall time
and the process's CPU time (both threads), their ratios, and the CPU the GUI thread itself
used (the steadiest measure on a shared machine). Target: under 10 % overhead.

    .venv/bin/python bench/window_overhead.py [--runs 3] [--company CNR] [--trains 8,8,8]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Report  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QEventLoop, QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from rusty_train_py.base.paths import default_game_file
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.route.search import find_routes
    from rusty_train_py.ui.dialogs import Dialogs
    from rusty_train_py.ui.main_window import MainWindow
    from rusty_train_py.ui.preferences import Preferences, TrainChoice

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--company", default="CNR")
    ap.add_argument("--trains", default="8,8,8")
    args = ap.parse_args(argv[1:])
    rep = Report()
    trains = tuple(args.trains.split(","))

    class Answers(Dialogs):
        def choose_company(self, parent, companies, current=None):
            return args.company

        def choose_trains(self, parent, game, company, last):
            return TrainChoice(trains)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    prefs = Preferences(
        QSettings(str(Path(tempfile.mkdtemp()) / "prefs.ini"), QSettings.Format.IniFormat)
    )
    win = MainWindow(prefs=prefs, dialogs=Answers())
    win.files.open_default_game()
    win.resize(1280, 860)
    win.show()
    app.processEvents()
    win.fit_map()
    state = open_game(default_game_file()).state

    def cli() -> tuple[float, float, int]:
        w0, c0 = time.perf_counter(), time.process_time()
        result = find_routes(state, args.company, list(trains))
        return time.perf_counter() - w0, time.process_time() - c0, result.net_revenue

    gui_cpu: list[float] = []

    def window() -> tuple[float, float, int]:
        loop = QEventLoop()
        w0, c0, g0 = time.perf_counter(), time.process_time(), time.thread_time()
        win.press(Qt.Key.Key_R)
        search = win.mode.search
        search.finished.connect(loop.quit)
        search.failed.connect(loop.quit)
        if search.running:
            loop.exec()
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        gui_cpu.append(time.thread_time() - g0)  # this thread runs the window, not the search
        revenue = win.mode.result.net_revenue
        win.press(Qt.Key.Key_Escape)
        app.processEvents()
        return wall, cpu, revenue

    rep(f"{args.company} {','.join(trains)} on the bundled game, {args.runs} runs each")
    rep(f"{'run':>4} {'how':>7} {'wall s':>8} {'cpu s':>8} {'revenue':>8}")
    got: dict[str, list[tuple[float, float, int]]] = {"cli": [], "window": []}
    for i in range(args.runs):
        for how, run in (("cli", cli), ("window", window)):
            wall, cpu, revenue = run()
            got[how].append((wall, cpu, revenue))
            rep(f"{i + 1:4d} {how:>7} {wall:8.2f} {cpu:8.2f} {revenue:8d}")
    med = {
        how: (statistics.median(w for w, _, _ in rows), statistics.median(c for _, c, _ in rows))
        for how, rows in got.items()
    }
    wall_ratio = med["window"][0] / med["cli"][0]
    cpu_ratio = med["window"][1] / med["cli"][1]
    rep(
        f"median wall: window {med['window'][0]:.2f} s, cli {med['cli'][0]:.2f} s"
        f" (ratio {wall_ratio:.3f}); median CPU: window {med['window'][1]:.2f} s,"
        f" cli {med['cli'][1]:.2f} s (ratio {cpu_ratio:.3f}); target: under 1.10"
    )
    gui = statistics.median(gui_cpu)
    rep(
        f"the GUI thread's own CPU per window run: median {gui:.2f} s"
        f" ({100 * gui / med['cli'][1]:.1f} % of the search's CPU);"
        f" map redraws in all the window runs: {win.canvas.paints}"
    )
    win.undo_stack.setClean()
    win.close()
    rep.totals()
    if (args.runs, args.company, args.trains) == (3, "CNR", "8,8,8"):
        rep.write(
            "window",
            "window_overhead.py",
            "What the window costs on top of the search",
            "`bench/window_overhead.py`: the same search (CNR 8,8,8 on the bundled game)"
            " through the window (offscreen) and straight through `find_routes`, alternately"
            " in one process; wall and CPU seconds, and the GUI thread's own CPU.",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
