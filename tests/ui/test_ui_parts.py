"""The window's parts on their own: the worker, the real dialogs (not shown), preferences."""

from __future__ import annotations

import threading

from PySide6.QtCore import QSettings, Qt

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.places import find_place
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.progress import SearchProgress
from rusty_train_py.route.result import RouteResult
from rusty_train_py.ui.dialogs import (
    CompanyDialog,
    TrainsDialog,
    dividends_html,
)
from rusty_train_py.ui.preferences import Preferences, TrainChoice
from rusty_train_py.ui.worker import RouteSearchWorker


def test_worker_runs_the_injected_search_on_a_pool_thread(qtbot):
    state = MapState(load_game("1867"))
    seen = {}

    def fake(st, company, trains, bonuses, progress=None, cancel=None):
        seen["thread"] = threading.current_thread()
        seen["args"] = (company, list(trains), list(bonuses))
        assert st is not state and st == state  # a copy: the GUI may go on editing
        for i in range(5):
            progress(SearchProgress("search", i, 4, best=10 * (i // 2), paths=100))
        return RouteResult(company, tuple(trains), (), 0)

    worker = RouteSearchWorker(state, "GW", ["5", "8"], ["mb"], search=fake)
    progress = []
    worker.signals.progress.connect(lambda *a: progress.append(a))
    with qtbot.waitSignal(worker.signals.finished, timeout=5000) as blocker:
        from PySide6.QtCore import QThreadPool

        QThreadPool.globalInstance().start(worker)
    assert blocker.args[0].company == "GW"
    assert seen["args"] == ("GW", ["5", "8"], ["mb"])
    assert seen["thread"] is not threading.main_thread()
    # Throttled: only changes of phase or best pass at once (the first, then best 10, 20).
    qtbot.waitUntil(lambda: len(progress) == 3)
    assert [p.best for (p,) in progress] == [0, 10, 20]
    assert progress[-1][0] == SearchProgress("search", 4, 4, best=20, paths=100)


def test_worker_reports_an_unexpected_error_as_failed(qtbot):
    state = MapState(load_game("1867"))

    def broken(*a, **k):
        raise ZeroDivisionError("division by zero")

    worker = RouteSearchWorker(state, "GW", ["2"], search=broken)
    with qtbot.waitSignal(worker.signals.failed, timeout=5000) as blocker:
        worker.run()  # on this thread: the signal still arrives
    assert blocker.args[0].startswith("ZeroDivisionError: division by zero")


def test_worker_cancel_sets_the_flag_the_search_reads():
    state = MapState(load_game("1867"))
    flags = []

    def search(st, company, trains, bonuses, progress=None, cancel=None):
        flags.append(cancel())
        return RouteResult(company, tuple(trains), (), 0, optimal=False, cancelled=cancel())

    worker = RouteSearchWorker(state, "GW", ["2"], search=search)
    worker.cancel()
    worker.run()
    assert flags == [True]
    assert worker.done


def test_trains_dialog_offers_every_train_and_bonus_and_remembers(qtbot):
    game = load_game("1867")
    dlg = TrainsDialog(game, game.company("GW"), TrainChoice(("5", "8"), ("mb",)))
    qtbot.addWidget(dlg)
    assert list(dlg.spins) == [t.name for t in game.trains]
    assert dlg.spins["5"].value() == 1 and dlg.spins["8"].value() == 1
    dlg.spins["8"].setValue(2)
    assert dlg.choice() == TrainChoice(("5", "8", "8"), ("mb",))
    for spin in dlg.spins.values():
        spin.setValue(0)
    ok = dlg.buttons.button(dlg.buttons.StandardButton.Ok)
    assert not ok.isEnabled()  # no train, no search


def test_trains_dialog_places_a_bonus_on_a_hex(qtbot):
    """1846's Steamboat goes on one of its hexes: the choice names it (``steamboat:HEX``) and
    the dialog opens on the hex chosen last time."""
    game = load_game("1846")
    dlg = TrainsDialog(game, game.company("PRR"), TrainChoice(("4",), ("steamboat:G19",)))
    qtbot.addWidget(dlg)
    place = dlg.places["steamboat"]
    assert dlg.checks["steamboat"].isChecked() and place.isEnabled()
    assert [place.itemData(i) for i in range(place.count())] == ["B8", "C5", "D14", "I1", "G19"]
    assert place.currentData() == "G19"
    place.setCurrentIndex(0)
    assert dlg.choice() == TrainChoice(("4",), ("steamboat:B8",))
    dlg.checks["steamboat"].setChecked(False)
    assert not place.isEnabled()
    assert dlg.choice() == TrainChoice(("4",), ())


def test_company_dialog_lists_the_companies_given(qtbot):
    game = load_game("1867")
    dlg = CompanyDialog([game.company("CNR"), game.company("GW")])
    qtbot.addWidget(dlg)
    assert dlg.list.count() == 2
    assert dlg.selected() == "CNR"
    dlg.list.setCurrentRow(1)
    assert dlg.selected() == "GW"
    assert dlg.list.item(1).text() == "Great Western Railway (GW)"
    assert dlg.list.item(1).data(Qt.ItemDataRole.UserRole) == "GW"


def test_find_place_accepts_names_and_places():
    game = load_game("1867")
    assert find_place(game, " f16 ") == "F16"
    assert find_place(game, "Toronto") == "F16"
    assert find_place(game, "Montreal (L12)") == "L12"
    assert find_place(game, "ottaw") == "J12"
    assert find_place(game, "nowhere") is None


def test_dividends_for_a_one_share_minor():
    game = load_game("1867")
    res = RouteResult("BBG", ("2",), (), 90)
    html = dividends_html(res, game.company("BBG"))
    assert "Full payout: <b>$90</b> to the owner." in html
    assert "Half payout: <b>$45</b> to the owner, $45 kept by the company." in html


def test_preferences_round_trip(tmp_path):
    settings = QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    for i in range(10):
        prefs.add_recent(tmp_path / f"g{i}.json")
    assert len(prefs.recent_files) == 8
    assert prefs.recent_files[0] == str(tmp_path / "g9.json")
    prefs.add_recent(tmp_path / "g5.json")
    assert prefs.recent_files[:2] == [str(tmp_path / "g5.json"), str(tmp_path / "g9.json")]
    prefs.set_last_trains("1867", "C&O", TrainChoice(("6", "8"), ()))
    prefs.sync()
    again = Preferences(QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat))
    assert again.last_trains("1867", "C&O") == TrainChoice(("6", "8"), ())
    assert again.last_trains("1867", "GW") == TrainChoice()
