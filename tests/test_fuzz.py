"""The fuzz test of everything that reads a saved game (tests/fuzz_saves.py): a fixed,
CI-sized share of mutants plus every special file, with 0 crashes and 0 hangs.
``make fuzz`` runs a long one with a fresh seed; FUZZ_CASES / FUZZ_SEED change this one."""

from __future__ import annotations

import os

import fuzz_saves
import pytest
from reference_data import REFERENCE


def test_fuzz_saved_games(tmp_path):
    cases = int(os.environ.get("FUZZ_CASES", "1200"))
    seed = int(os.environ.get("FUZZ_SEED", "0"))
    report = fuzz_saves.run(cases, seed, routes_every=10, render_every=60, keep=tmp_path)
    print(report.line())
    assert report.crashes == []
    special = len(fuzz_saves.special_files(tmp_path))
    assert report.cases == cases + special
    # the mutants reach every path: refused, opened (with and without warnings), searched,
    # drawn, and refused through the command line
    assert report.refused > cases // 2
    assert report.opened > cases // 50 and 0 < report.warned < report.opened
    assert report.routes > 0 and report.renders > 0 and report.cli > special


def test_seeds_cover_every_game_and_the_reference_save():
    seeds = fuzz_saves.seeds()
    assert {"small/1830.json", "small/1861.json", "small/1867.json", "small/1889.json"} <= set(
        seeds
    )
    assert "resources/1867_bc.json" in seeds and "small/1830.game" in seeds
    if not (REFERENCE / "rusty_train" / "1867_bc.game").exists():
        pytest.skip(f"reference data {REFERENCE} is not available")
    assert "reference/1867_bc.game" in seeds
