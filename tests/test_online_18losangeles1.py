"""18 Los Angeles 1st edition logs (tests/data/18xx_fixtures/18LosAngeles1, title "18 Los
Angeles") open as the game 18LosAngeles1 with its own replay rules (titles/t18losangeles1.py):
no home token at set-up, the green group's removal with fewer than five players, Dewey,
Cheatham, and Howe's token beyond a city's open slots, LA Title's neutral token."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.titles.specials import Lcg
from rusty_train_py.titles.t18losangeles1 import Setup18LosAngeles1

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18LosAngeles1"


def log_of(name: str):
    path = FIXTURES / f"{name}.json.gz"
    return log_from_data(json.loads(gzip.decompress(path.read_bytes())), path.name)


def test_a_first_edition_log_opens_as_its_own_game():
    # log 19984 (5 players, options dch and la_title): before the first par no corporation
    # has a token; the drafted minor OCR (E10) has its 2 train and its token, GT (not drafted)
    # none
    game = replay_log(log_of("19984"), 20)
    assert game.state.game.id == "18LosAngeles1"
    assert game.state.all_tokens() == [("E10", 0, "OCR")]
    assert game.trains == {"OCR": ("2",)}
    assert game.warnings == ()


def test_dch_token_beyond_the_open_slots_and_la_titles_neutral_token():
    # log 19984: LAIR's DC&H token in Los Angeles C6 (tile 295, two slots) at action 146: LA
    # holds one, SP's reservation the other, so it goes beyond them (our extra slot); SP's
    # reserved token takes its slot at 153; the brown 297 (three slots) at 217 takes it in.
    # LA Title's open-city token (168) is the neutral LAT's, in Montebello C8 (tile 619), as
    # the engine's neutral token there.
    log = log_of("19984")
    at_147 = replay_log(log, 147).state
    assert sorted(at_147.tokens_at("C6").values()) == ["LA"]
    assert at_147.extra_tokens_at("C6") == ((0, "LAIR"),)
    at_154 = replay_log(log, 154).state
    assert sorted(at_154.tokens_at("C6").values()) == ["LA", "SP"]
    at_218 = replay_log(log, 218)
    assert sorted(at_218.state.tokens_at("C6").values()) == ["LA", "LAIR", "SP"]
    assert at_218.state.extra_tokens_at("C6") == ()
    assert at_218.warnings == ()
    lat = [t for t in replay_log(log, 169).state.all_tokens() if t[2] == "LAT"]
    assert lat == [("C8", 1, "LAT")]


def test_the_green_group_removal_follows_the_engines_draws():
    # tools/engine_check: the engine's set-up with 4 players and seed 3 removes SF (home D13,
    # second token C8), with 2 players and seed 1 LA and SP; five draws come first
    def removed(seed: int, players: int) -> list[str]:
        lcg = Lcg(seed)
        for _ in range(Setup18LosAngeles1.DRAWS_18LA1):
            lcg.next()
        return sorted(lcg.shuffled(["LA", "SF", "SP"])[: Setup18LosAngeles1.removals(players)])

    assert removed(3, 4) == ["SF"]
    assert removed(1, 2) == ["LA", "SP"]
    assert removed(1, 5) == []
