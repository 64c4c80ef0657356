"""Undo-stack commands around the core's edits: redo applies the edit, undo reverts it."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..mapstate.state import Edit, MapState


class EditCommand(QUndoCommand):
    """One map edit (a HexEdit or PhaseEdit) on the undo stack."""

    def __init__(self, state: MapState, edit: Edit):
        super().__init__(edit.text)
        self.state = state
        self.edit = edit

    def redo(self) -> None:
        self.edit.apply(self.state)

    def undo(self) -> None:
        self.edit.revert(self.state)
