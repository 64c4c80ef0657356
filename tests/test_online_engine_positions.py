"""Our replay of every 18xx.games fixture of the 20 games against the positions the site's
own engine reached (tobymao/18xx, dumped by tools/engine_check/dump_positions.rb into
tests/data/engine_positions): at every run_routes action the phase, the tiles with their
rotation, the tokens per hex and company and each company's trains must be the engine's.
The few positions that still differ are named per game (the README's real-game table and
the game's ``[eighteen_xx] readings``); any other difference, or one of them fixed, fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from engine_positions import DATA, compare_dir  # type: ignore[import-not-found]  # noqa: E402

FIXTURES = DATA / "18xx_fixtures"
ENGINE = DATA / "engine_positions"
TITLE_DIRS = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())

# positions that still differ from the engine's, per title directory (each a named reading)
DIFFERING = {
    "1822MX": 53,  # destination tokens in an extra slot: README
    "1846": 29,
    "1861": 41,
    "1817": 42,
    "1817NA": 12,
    "1817WO": 11,
    # verification_of_kk_formation: its actions 432-436 stand after 449 in the file; the
    # engine cannot replay it past 450, and its position at 434 lacks BK's lay of 432
    "1824": 1,
    # 1894: a split brown city holding two tokens in its one space (the engine's UpdateTokens
    # lets the second owner choose a full city); ours holds one of them (titles/t1894.py)
    "1894": 147,
    # 1849 Boot: PL closed by the market (its price in the close cell) until its par again
    "1849KingdomoftheTwoSicilies": 10,
    # 18 Los Angeles 1st edition, log 19984: DC&H's token beyond Los Angeles' two slots (the
    # engine's cheater slot) is in the city's extra slot until the brown tile opens a third
    "18LosAngeles1": 7,
    "1822NRS": 2,  # MR's destination token in a full York L19: our extra slot (readings)
}


# logs refused per title directory, each naming why (1870: the diesels variant, whose log
# the engine dump leaves out)
REFUSED = {"1870": ("with the option 'diesels', the diesels variant",)}


def test_every_title_dumped_has_fixtures_and_engine_positions():
    """tools/engine_check/dump_all.sh dumps the engine's positions of every fixture directory
    (it reads them from tests/data/18xx_fixtures: a new title adds its directory only)."""
    text = (ROOT / "tools" / "engine_check" / "dump_all.sh").read_text(encoding="utf-8")
    assert 'titles=$(cd "$here/../../tests/data/18xx_fixtures" && ls -d */ | tr -d /)' in text
    assert "for d in $titles; do" in text
    assert "18LosAngeles1" in TITLE_DIRS and "18LosAngeles2" in TITLE_DIRS  # two editions
    for title_dir in TITLE_DIRS:
        assert (ENGINE / f"{title_dir}.jsonl.gz").exists()


@pytest.mark.parametrize("title_dir", TITLE_DIRS)
def test_positions_are_the_engines(title_dir):
    result = compare_dir(FIXTURES, ENGINE, title_dir)
    assert result["positions"] > 0
    assert result["equal"] + result["differing"] == result["positions"]
    assert result["differing"] == DIFFERING.get(title_dir, 0), "\n".join(result["diffs"][:20])
    refused = REFUSED.get(title_dir, ())
    assert len(result["refused"]) == len(refused), result["refused"]
    for line, why in zip(sorted(result["refused"]), refused, strict=True):
        assert why in line
