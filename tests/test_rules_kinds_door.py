"""The narrow door of the rule kinds (rules/): every kind lives in ``rules/kinds/``, registered
by its decorator; ``model_counting`` takes one typed bundle; a ``Limit`` is one statement of a
rule from which both the check of a path and the exact model's constraints derive."""

from __future__ import annotations

import inspect
from itertools import permutations

import pytest
from ortools.sat.python import cp_model

from rusty_train_py.rules.bonus_kinds import BONUS_KINDS
from rusty_train_py.rules.facts import Limit, ModelTrain
from rusty_train_py.rules.train_kinds import TRAIN_RULES, TrainKind

KINDS = "rusty_train_py.rules.kinds."


def test_every_kind_lives_in_the_kinds_package():
    trains = {name: TRAIN_RULES.get(name, "test") for name in TRAIN_RULES}
    bonuses = {name: BONUS_KINDS.get(name, "test") for name in BONUS_KINDS}
    assert len(trains) == 17 and len(bonuses) == 25
    for name, kind in {**trains, **bonuses}.items():
        assert type(kind).__module__.startswith(KINDS), (name, type(kind).__module__)
        assert kind.name == name


def test_model_counting_takes_one_bundle():
    for name in TRAIN_RULES:
        hook = type(TRAIN_RULES.get(name, "test")).model_counting
        params = list(inspect.signature(hook).parameters)
        assert params == ["self", "r"], (name, params)
    assert inspect.signature(TrainKind.model_counting).parameters["r"].annotation == "ModelTrain"


def test_a_limit_checks_a_path():
    at_most = Limit((1, 0, 2, 1), most=2)
    assert at_most.admits([0, 1, 3]) and not at_most.admits([0, 2])
    exactly = Limit((0, 1, 0, 1), most=1, least=1)
    assert exactly.admits([0, 1, 2]) and not exactly.admits([0, 2])
    assert not exactly.admits([1, 3])
    barred = Limit((0, 0, 1, 0), most=0)
    assert barred.barred == frozenset({2})
    assert barred.admits([0, 1, 3]) and not barred.admits([3, 2])
    ends = Limit((1, 0, 1, 0), most=2, at_ends=(0, 1, 0, 1))
    assert ends.admits([1, 0]) and not ends.admits([1, 0, 3])  # a town at each end: 1 + 2
    assert ends.admits([0, 1, 2])  # a town in the middle uses nothing


LIMITS = [
    Limit((1, 0, 2, 1), most=2),
    Limit((0, 1, 0, 1), most=1, least=1),
    Limit((1, 1, 0, 0), least=2),
    Limit((0, 0, 1, 0), most=0),
    Limit((1, 0, 1, 0), most=2, at_ends=(0, 1, 0, 1)),
]


class _Train:
    limits: tuple[Limit, ...] = ()


def _feasible(limit: Limit, stops: tuple[int, ...]) -> bool:
    """Whether the model's statement of ``limit`` allows a route over ``stops``."""
    m = cp_model.CpModel()
    n = len(limit.weight)
    v = [m.new_bool_var("") for _ in range(n)]
    s = [m.new_bool_var("") for _ in range(n)]
    end = [m.new_bool_var("") for _ in range(n)]
    run = m.new_bool_var("")
    for c in range(n):
        m.add(v[c] == int(c in stops))
        m.add(s[c] == int(c == stops[0]))
        m.add(end[c] == int(c == stops[-1]))
    m.add(run == 1)
    limit.state(ModelTrain(m, _Train(), v, s, end, run, []))  # type: ignore[arg-type]
    return cp_model.CpSolver().solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.parametrize("limit", LIMITS, ids=range(len(LIMITS)))
def test_the_model_states_what_the_check_admits(limit):
    paths = [p for k in (2, 3) for p in permutations(range(4), k)]
    admitted = [p for p in paths if limit.admits(p)]
    assert 0 < len(admitted) < len(paths)  # the limit bites, and some path keeps it
    for p in paths:
        assert _feasible(limit, p) == limit.admits(p), p
