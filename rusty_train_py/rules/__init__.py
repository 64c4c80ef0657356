"""The rules layer: train and bonus kinds, their parameters, route effects.

Importing it registers every kind (train_kinds.py, bonus_kinds.py and the files of kinds/).
A title's own rules are in its home (rusty_train_py/titles/).
"""

from . import bonus_kinds, kinds, train_kinds

__all__ = ["bonus_kinds", "kinds", "train_kinds"]
