"""Amounts of money as a game writes them: its currency (the 18xx.games engine's
``CURRENCY_FORMAT_STR``: ``"$%s"``, ``"%s₽"``, ``"¥%s"``) around the amount with thousands
separated by commas, in every output, the command line's and the window's alike."""

from __future__ import annotations

DOLLARS = "$%s"  # a game's currency unless its data names another


def money(amount: int, currency: str = DOLLARS) -> str:
    """``$1,160``, ``1,160₽``; a loss as ``-$20``."""
    text = currency.replace("%s", f"{abs(amount):,}")
    return f"-{text}" if amount < 0 else text


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 route search``, ``2 route searches``: the count and the word agreeing with it."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
