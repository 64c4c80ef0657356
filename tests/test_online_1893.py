"""1893's own replay rule (titles/t1893.py) on the tobymao/18xx fixture
(tests/data/18xx_fixtures/1893): AGV and HGK founded from the minors, each minor's token and
trains becoming the founded corporation's; the set-up's tokens; the options refused."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURE = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1893"
AGV_CITIES = ("T3", "P7", "I2")  # EKB's, KSZ's and BKB's homes
HGK_CITIES = ("J5", "L3", "O4")  # HGK's set-up token, KFBE's and KBE's homes (DE's too)


def data() -> dict:
    return json.loads(gzip.decompress((FIXTURE / "1893_game_end_bank.json.gz").read_bytes()))


def owners(game, hexes) -> list[set[str]]:
    return [set(game.state.tokens_at(h).values()) for h in hexes]


def test_the_set_up_places_the_minors_the_neutral_and_hgk():
    game = replay_log(log_from_data(data(), "1893"), 2)
    assert owners(game, ("T3", "L3", "P7", "O4", "I2", "H5", "J5")) == [
        {"EKB"}, {"KFBE"}, {"KSZ"}, {"KBE"}, {"BKB"}, {"N"}, {"HGK"}
    ]  # fmt: skip


def test_votes_that_found_nothing_leave_the_minors():
    # the merger rounds' votes of actions 55, 67 and 89 found neither corporation: the
    # minors act again before AGV or HGK does
    log = log_from_data(data(), "1893")
    for at in (56, 68, 90):
        game = replay_log(log, at)
        assert owners(game, AGV_CITIES) == [{"EKB"}, {"KSZ"}, {"BKB"}]
        assert owners(game, HGK_CITIES)[:2] == [{"HGK"}, {"KFBE"}]
        assert "KBE" in game.state.tokens_at("O4").values()


def test_agv_and_hgk_founded_by_the_votes():
    log = log_from_data(data(), "1893")
    before = replay_log(log, 112)  # the second yes vote (112) founds AGV
    assert owners(before, AGV_CITIES) == [{"EKB"}, {"KSZ"}, {"BKB"}]
    assert before.trains["EKB"] == ("3",)
    after = replay_log(log, 113)  # AGV's pass: it keeps its trains
    assert owners(after, AGV_CITIES) == [{"AGV"}] * 3
    assert after.trains["AGV"] == ("3",) and "EKB" not in after.trains
    assert owners(after, HGK_CITIES) == [{"HGK"}, {"KFBE"}, {"KBE", "DE"}]
    # HGK by the votes of 191 and 192: KFBE's 3 and KBE's 4 with it, DE's token in O4 stays
    hgk = replay_log(log, 193)
    assert owners(hgk, HGK_CITIES) == [{"HGK"}, {"HGK"}, {"HGK", "DE"}]
    assert sorted(hgk.trains["HGK"]) == ["3", "4"]
    assert not {"KFBE", "KBE"} & set(hgk.trains)


def test_founded_after_the_votes_when_it_acts_before_its_minors():
    # without AGV's pass (113) the votes are followed by a player's buy; AGV acts (194)
    # before any of EKB, KSZ, BKB does again: founded by those votes, before the buy
    d = data()
    d["actions"] = [a for a in d["actions"] if a["id"] != 113]
    game = replay_log(log_from_data(d, "1893"), 114)
    assert owners(game, AGV_CITIES) == [{"AGV"}] * 3


def test_founded_without_votes_at_its_first_action():
    # without the votes (111, 112: a merger round founding AGV with none, as phase 5's
    # does) AGV is founded at its first action, the pass of 113
    d = data()
    d["actions"] = [a for a in d["actions"] if a["id"] not in (111, 112)]
    log = log_from_data(d, "1893")
    assert owners(replay_log(log, 110), AGV_CITIES) == [{"EKB"}, {"KSZ"}, {"BKB"}]
    assert owners(replay_log(log, 113), AGV_CITIES) == [{"AGV"}] * 3


def test_agvs_first_run_with_ekbs_train_prices_as_the_log():
    # action 196: AGV's 4 U8-R7-P7-O6 (130) from KSZ's Troisdorf token and EKB's 3
    # N1-O2-O4 (130), 260: the finder's proven optimum too
    pos = next(p for p in positions(log_from_data(data(), "1893")) if p.action_id == 196)
    assert pos.company == "AGV" and sorted(pos.trains) == ["3", "4"]
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (260, 260, 260, True)


@pytest.mark.parametrize(
    ("option", "what"),
    [
        ("optional_grey_phase", "the grey phase"),
        ("optional_existing_track", "existing track (E2 and D7 printed yellow"),
    ],
)
def test_a_log_with_a_map_option_is_refused(option, what):
    d = data()
    d["settings"]["optional_rules"] = [option]
    with pytest.raises(GameFileError, match="played with the option") as exc:
        replay_log(log_from_data(d, "1893"))
    assert what in str(exc.value)
    # the 8th 2-train changes no map: replayed
    d["settings"]["optional_rules"] = ["optional_2_train"]
    assert replay_log(log_from_data(d, "1893"), 113).state.tokens_at("T3") == {0: "AGV"}
