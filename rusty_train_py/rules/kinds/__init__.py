"""Rule kinds, one file each: importing this package registers every module in it.

A new train or bonus kind is one file here (its ``Params``, its keys, what it pays, its
state, its exact-model statement) and its tests; nothing else in the code lists kinds.
"""

from __future__ import annotations

from ..registry import import_modules_of

import_modules_of(__name__, __path__)
