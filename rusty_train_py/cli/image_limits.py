"""The largest image ``render`` and ``tiles`` will make."""

from __future__ import annotations

import math

from ..base.errors import UsageError

MAX_SIDE = 16384  # pixels a side
MAX_PIXELS = 64_000_000  # 256 MB as a 32-bit image


def check_image_size(size: tuple[int, int], hex_size: float) -> None:
    """ValueError when an image of ``size`` drawn at ``hex_size`` would be too big to make."""
    w, h = size
    if w <= MAX_SIDE and h <= MAX_SIDE and w * h <= MAX_PIXELS:
        return
    fit = min(MAX_SIDE / w, MAX_SIDE / h, math.sqrt(MAX_PIXELS / (w * h)))
    raise UsageError(
        f"--hex-size {hex_size:g} makes a {w:,} x {h:,} pixel image; the limit is"
        f" {MAX_SIDE:,} pixels a side and {MAX_PIXELS // 1_000_000} million pixels"
        f" (use --hex-size {math.floor(hex_size * fit)} or less)"
    )
