"""18MT (tobymao/18xx ``G18MT::Step::Takeover``): a corporation that becomes another's president takes it
over (the takeover mechanism, takeover.py)."""

from __future__ import annotations

from .registry import TitleHome, title
from .takeover import Takeover


@title("18MT")
class Home18MT(TitleHome):
    specials = Takeover
