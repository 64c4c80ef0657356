"""One error base: our errors are messages, anything else is a bug the CLI names as one and
logs with its traceback (base/errors.py, base/buglog.py, cli/entry.py)."""

from __future__ import annotations

import inspect
import pkgutil
from importlib import import_module

import pytest

import rusty_train_py
from rusty_train_py.base.errors import (
    DataError,
    RustyTrainError,
    SaveFileError,
    SearchError,
    UnknownNameError,
)
from rusty_train_py.cli import main
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.route.options import RouteSearchError

BUNDLED = "resources/1867_bc.json"


def every_error_class() -> list[type[BaseException]]:
    found = {}
    for info in pkgutil.walk_packages(rusty_train_py.__path__, "rusty_train_py."):
        if ".ui" in info.name or ".render.qt" in info.name or info.name.endswith("__main__"):
            continue
        module = import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, Exception) and obj.__module__.startswith("rusty_train_py"):
                found[obj.__qualname__] = obj
    return sorted(found.values(), key=lambda c: c.__qualname__)


# Exceptions that carry control, not an error: a search cancelled or cut short, a model the
# exact solver does not take. They never reach the player.
CONTROL_FLOW = {
    "AdviceCancelled",
    "EnumerationCut",
    "PlanCancelled",
    "SearchCancelled",
    "Unsupported",
    "_Stopped",
}


def test_every_error_class_of_ours_has_the_one_base():
    classes = every_error_class()
    errors = [c for c in classes if c.__qualname__ not in CONTROL_FLOW]
    assert len(errors) >= 14
    assert [c.__qualname__ for c in errors if not issubclass(c, RustyTrainError)] == []
    assert {c.__qualname__ for c in classes} >= CONTROL_FLOW


def test_each_concern_has_its_subclass():
    assert issubclass(GameDataError, DataError)
    assert issubclass(GameFileError, SaveFileError)
    assert issubclass(RouteSearchError, SearchError)


def test_an_unknown_name_is_ours_and_reads_without_quotes():
    with pytest.raises(UnknownNameError) as caught:
        load_game("1867").company("XYZ")
    assert str(caught.value).startswith("1867: unknown company 'XYZ' (companies: ")


def test_the_cli_gives_our_error_as_one_line(capsys):
    assert main(["routes", BUNDLED, "-c", "XYZ", "-t", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rusty-train-py: error: 1867: unknown company 'XYZ'")
    assert "Traceback" not in err


def test_a_bug_in_a_kind_is_a_bug_report_with_a_logged_traceback(monkeypatch, capsys, bug_log_dir):
    kind = type(load_game("1867").train("2").kind)

    def planted(self, *args, **kwargs):
        raise ZeroDivisionError("planted in the kind")

    monkeypatch.setattr(kind, "centre_value", planted)
    assert main(["routes", BUNDLED, "-c", "GW", "-t", "2"]) == 70
    err = capsys.readouterr().err
    log = bug_log_dir / "bugs.log"
    assert "ZeroDivisionError: planted in the kind\n\nThis is a bug in rusty-train-py" in err
    assert f"The details are in {log}" in err
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "in planted" in text and "running 'routes'" in text
