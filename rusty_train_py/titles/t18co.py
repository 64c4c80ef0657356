"""18CO (its takeover is 18MT's): a corporation that becomes another's president takes it
over (the takeover mechanism, takeover.py)."""

from __future__ import annotations

from .registry import TitleHome, title
from .takeover import Takeover


@title("18CO")
class Home18CO(TitleHome):
    specials = Takeover
