"""Dialogs that answer every question the window asks from fields the test sets, and record
what was asked: no modal dialog ever opens (tests and the window soak use them)."""

from __future__ import annotations

from pathlib import Path

from rusty_train_py.ui.preferences import TrainChoice


class StubDialogs:
    """Answers every question the window asks; records what was asked."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.open_path: str | None = None
        self.save_path: str | None = None
        self.save_changes = "discard"
        self.game: str | None = "1889"
        self.hex_text: str | None = None
        self.phase: str | None = None
        self.company: str | None = None
        self.company_offered_first: str | None = None
        self.trains: TrainChoice | None = None
        self.preferences_folder: Path | None = None
        self.errors: list[tuple[str, str]] = []
        self.infos: list[tuple[str, str]] = []

    def open_file(self, parent, folder):
        self.calls.append(("open_file", folder))
        return self.open_path

    def save_file(self, parent, suggested):
        self.calls.append(("save_file", suggested))
        return self.save_path

    def ask_save_changes(self, parent, name):
        self.calls.append(("ask_save_changes", name))
        return self.save_changes

    def choose_game(self, parent, games):
        self.calls.append(("choose_game", tuple(g for g, _ in games)))
        return self.game

    def error(self, parent, title, message):
        self.errors.append((title, message))

    def show_info(self, parent, title, html):
        self.infos.append((title, html))

    def ask_hex(self, parent, game):
        self.calls.append(("ask_hex",))
        return self.hex_text

    def ask_phase(self, parent, phases, current):
        self.calls.append(("ask_phase", tuple(phases), current))
        return self.phase

    def choose_company(self, parent, companies, current=None):
        self.calls.append(("choose_company", tuple(c.abbrev for c in companies)))
        self.company_offered_first = current
        return self.company

    def choose_trains(self, parent, game, company, last):
        self.calls.append(("choose_trains", company.abbrev, last))
        return self.trains

    def preferences(self, parent, folder):
        self.calls.append(("preferences", folder))
        return self.preferences_folder
