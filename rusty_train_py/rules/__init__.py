"""The rules layer: train and bonus kinds, their parameters, route effects.

Importing it registers every kind (the modules of kinds/, on the bases in train_kinds.py and
bonus_kinds.py). A title's own rules are in its home (rusty_train_py/titles/).
"""

from . import bonus_kinds, kinds, train_kinds

__all__ = ["bonus_kinds", "kinds", "train_kinds"]
