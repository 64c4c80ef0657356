"""1849 Boot's own replay rules (titles/t1849boot.py) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/1849KingdomoftheTwoSicilies): the Avezzano earthquake and a
corporation closed by the market started again."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log

FIXTURES = (
    Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1849KingdomoftheTwoSicilies"
)
BANK = "1849KingdomoftheTwoSicilies_game_end_bank"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_the_first_12h_lays_the_gray_avezzano():
    # SFM buys the first 12H at action 500: the engine's earthquake lays its gray tile C7
    # (a town of 10 on one narrow track) on Avezzano, printed till then
    before = replay_log(log_of(BANK), 500)
    assert before.state.phase == "10H" and before.state.laid_tile("C7") is None
    after = replay_log(log_of(BANK), 501)
    assert after.state.phase == "12H"
    assert after.state.laid_tiles()["C7"] == ("C7", 0)


def test_a_corporation_parred_again_closes_first():
    # PL withheld into the close cell at action 527 (no action says so: the replay still has
    # its tokens and 8H, the reading market_close); its par at 593 starts it again: its old
    # tokens (Foggia G15, Potenza I13) and train are gone, its home token is down again
    def pl(r):
        tokens = sorted(h for h, _, c in r.state.all_tokens() if c == "PL")
        return tokens, tuple(r.trains.get("PL", ()))

    assert pl(replay_log(log_of(BANK), 593)) == (["G15", "I13"], ("8H",))
    assert pl(replay_log(log_of(BANK), 594)) == (["G15"], ())
