"""Every rule kind, train and bonus, one module each (or one per small family): importing this
package imports every module in it, and each registers its kinds with a decorator
(``@TRAIN_RULES.register``, train_kinds.py; ``@BONUS_KINDS.register``, bonus_kinds.py).

A new kind is one file here (its ``Params``, its keys, what it pays, its state, its rule on
the stops a route visits, its exact-model statement) and its tests; nothing else in the
code lists kinds (docs/contributing-kinds.md).
"""

from __future__ import annotations

from ..registry import import_modules_of

import_modules_of(__name__, __path__)
