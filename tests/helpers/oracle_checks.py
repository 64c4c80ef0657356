"""Comparing the finder with the brute-force oracle, shrinking a disagreement and reporting
it: shared by the oracle tests."""

from __future__ import annotations

import pytest
from route_oracle import check_finder_result, describe_state, oracle_solve

from rusty_train_py.route.search import find_routes


def finder_problems(state, company, trains, bonuses, res, oracle_total: int) -> list[str]:
    """What is wrong with the finder's answer ``res`` next to the oracle's optimum."""
    problems = []
    if res.net_revenue != oracle_total:
        problems.append(f"net_revenue: finder {res.net_revenue}, oracle {oracle_total}")
    if not res.optimal:
        problems.append("the finder says its answer is not optimal (no time limit was given)")
    problems += check_finder_result(state, company, trains, bonuses, res)
    return problems


def report(problems: list[str], res, sol) -> str | None:
    """None when there are no problems, else them with both answers."""
    if not problems:
        return None
    finder = "\n".join("  " + r.describe() for r in res.routes)
    return "\n".join(problems) + f"\nfinder routes:\n{finder}\noracle:\n{sol.describe()}"


def disagreement(state, company, trains, bonuses):
    """None when the finder agrees with the oracle, else a description."""
    sol = oracle_solve(state, company, trains, bonuses)
    try:
        res = find_routes(state, company, list(trains), list(bonuses))
    except Exception as exc:  # noqa: BLE001 - a crash is a disagreement too
        return f"finder raised {type(exc).__name__}: {exc}\noracle:\n{sol.describe()}"
    return report(finder_problems(state, company, trains, bonuses, res, sol.total), res, sol)


def shrink(state, company, trains, bonuses):
    """Remove tiles, tokens, trains and bonuses while the disagreement stays."""
    trains, bonuses = list(trains), list(bonuses)
    changed = True
    while changed:
        changed = False
        for i in range(len(trains)):
            t2 = trains[:i] + trains[i + 1 :]
            if t2 and disagreement(state, company, t2, bonuses):
                trains, changed = t2, True
                break
        for b in list(bonuses):
            b2 = [x for x in bonuses if x != b]
            if disagreement(state, company, trains, b2):
                bonuses, changed = b2, True
        for h in list(state.laid_tiles()):
            s2 = state.copy()
            s2.apply(s2.remove_tile_edit(h))
            if disagreement(s2, company, trains, bonuses):
                state, changed = s2, True
        for h, space, _c in state.all_tokens():
            s2 = state.copy()
            s2.apply(s2.remove_token_edit(h, space))
            if disagreement(s2, company, trains, bonuses):
                state, changed = s2, True
                break
    return state, trains, bonuses


def fail_on_disagreements(label: str, failures, n_maps: int) -> None:
    """Fail with every disagreeing seed listed and the first one shrunk; ``failures`` holds
    (seed, state, company, trains, bonuses, first line of the disagreement)."""
    if not failures:
        return
    summary = "\n".join(f"  seed {f[0]}: {f[5]}" for f in failures)
    seed, state, company, trains, bonuses, _ = failures[0]
    state, trains, bonuses = shrink(state, company, trains, bonuses)
    pytest.fail(
        f"{label}{len(failures)} of {n_maps} maps disagree:\n{summary}\n"
        f"seed {seed}, shrunk:\n{describe_state(state, company, trains, bonuses)}\n"
        f"{disagreement(state, company, trains, bonuses)}"
    )
