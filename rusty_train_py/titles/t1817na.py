"""1817NA: another map of 1817, followed by 1817's specials (t1817.py)."""

from __future__ import annotations

from .registry import TitleHome, title
from .t1817 import Markers1817


@title("1817NA")
class Home1817NA(TitleHome):
    specials = Markers1817
