"""How often a followed game is looked at (files/online/follow.py), in a module of its own so
the command line's parser reads it without importing the online package."""

from __future__ import annotations

DEFAULT_INTERVAL = 15.0
MIN_INTERVAL = 5.0  # never more often (the site allows 2 requests/s per address)
