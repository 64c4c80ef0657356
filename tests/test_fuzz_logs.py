"""The fuzz test of the 18xx.games log reader (tests/fuzz_logs.py): a CI-sized share of
structured mutations of real logs' actions, with 0 crashes, 0 hangs and 0 invalid logs read
without a word naming the action. ``make fuzz`` runs 10,000; FUZZ_LOG_CASES / FUZZ_SEED
change this one."""

from __future__ import annotations

import os

import fuzz_logs


def test_fuzz_logs(tmp_path):
    cases = int(os.environ.get("FUZZ_LOG_CASES", "120"))
    seed = int(os.environ.get("FUZZ_SEED", "0"))
    report = fuzz_logs.run(cases, seed, keep=tmp_path)
    print(report.line())
    assert report.crashes == []
    assert report.silent == []
    assert report.cases == cases == report.refused + report.warned + report.clean
    # every class of mutation is reached, and both outcomes: refused, and read with warnings
    assert len(report.by_class) == 10
    assert report.refused > cases // 2 and report.warned > cases // 20
    assert report.cli == cases // 20
