"""``follow``: a local stand-in for 18xx.games plays a real game forward; the follower sees each
new action, marks what changed, searches the company about to run and reports what the
players ran against the best; it backs off on 503s and a dropped line, keeps the game shown
through a malformed answer, stops at the end, and keeps a table's choice to route by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from online_site import PlayedGame, serving

from rusty_train_py.cli import main
from rusty_train_py.files.online.fetch import game_id, site_of
from rusty_train_py.files.online.follow import BY_HAND, MAX_BACKOFF, Follower

DATA = Path(__file__).resolve().parent / "data" / "18xx_games"
LOG_1889 = json.loads((DATA / "1889_314.json").read_text())
LOG_1846 = json.loads((DATA / "1846_222264.json").read_text())


def follow_until(follower: Follower, last: int) -> tuple[list[str], list[str]]:
    """Poll until the snapshot reaches action ``last``: the messages and the search lines."""
    messages, lines = [], []
    while follower.snapshot is None or follower.snapshot.last_action < last:
        step = follower.poll()
        messages += step.messages
        lines += [follower.search(t).line() for t in step.tasks]
        assert not step.done or follower.snapshot.last_action >= last
    return messages, lines


def test_the_follower_plays_a_game_forward_and_finds_each_run():
    game = PlayedGame(LOG_1889, 314, shown=40, step=1)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        first = follower.poll()
        assert first.snapshot is not None and first.snapshot.last_action == 40
        assert first.snapshot.new_tiles == () and first.tasks == ()  # a stock round
        messages, lines = follow_until(follower, 96)
    assert messages == [
        "KO ran $100 · best $100",
        "SR ran $100 · best $100",
        "KO ran $140 · best $140",
    ]
    assert lines == [
        "KO to run: best $100",  # after its tile in K6 (action 47)
        "KO to run: best $100",  # after its pass (48): searched again, the position is new
        "SR to run: best $100",
        "SR to run: best $100",
        "KO to run: best $140",
        "KO to run: best $140",
    ]
    assert game.requests == 57


def test_each_refresh_marks_the_new_tiles_and_tokens_and_who_acts():
    game = PlayedGame(LOG_1889, 314, shown=46, step=1)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        seen = [follower.poll().snapshot for _ in range(4)]
    assert [s.last_action for s in seen] == [46, 47, 48, 49]
    assert [s.new_tiles for s in seen] == [(), ("K6",), (), ()]
    assert [s.acting for s in seen] == ["SR", "KO", "KO", "KO"]
    assert [s.to_run for s in seen] == [None, "KO", "KO", None]
    assert [s.round for s in seen] == ["OR 1", "OR 1", "OR 1", "OR 1"]
    assert [len(s.ran) for s in seen] == [0, 0, 0, 1] and seen[3].ran[0].ran == 100
    # action 85: SR places a token in I4 (the city 438-0-0)
    game = PlayedGame(LOG_1889, 314, shown=84, step=1)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        follower.poll()
        snap = follower.poll().snapshot
    assert snap.last_action == 85 and snap.new_tokens == (("I4", 0, "SR"),)
    assert snap.new_tiles == ()


def test_503s_a_dropped_line_and_a_malformed_answer_keep_the_game_and_back_off():
    game = PlayedGame(LOG_1889, 314, shown=47)
    game.script = [game.game(), 503, "drop", b"{not json", b'{"players": []}']
    with serving(game) as site:
        follower = Follower(314, site, interval=5, min_interval=5)
        steps = [follower.poll() for _ in range(6)]
    assert [s.delay for s in steps] == [5, 10, 20, 5, 5, 5]
    assert [s.snapshot is not None for s in steps] == [True, False, False, False, False, False]
    assert "the site is busy (HTTP 503)" in steps[1].messages[0]
    assert steps[1].messages[0].endswith("next try in 10 s")
    assert f"cannot reach {site}" in steps[2].messages[0]
    assert "malformed" in steps[3].messages[0] and "malformed" in steps[4].messages[0]
    assert steps[5].messages == ()  # the same actions again: nothing new
    assert follower.snapshot.last_action == 47  # the game shown stays
    assert not any(s.done for s in steps)


def test_the_backoff_doubles_up_to_five_minutes():
    follower = Follower(1, "http://x", interval=15)
    assert [follower.backoff() for follower.failures in range(7)][1:] == [
        30,
        60,
        120,
        240,
        MAX_BACKOFF,
        MAX_BACKOFF,
    ]


def test_never_more_often_than_every_five_seconds():
    assert Follower(1, "http://x", interval=1).interval == 5


def test_the_follow_stops_when_the_game_ends():
    game = PlayedGame(LOG_1889, 314, shown=455, step=1)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        steps = [follower.poll(), follower.poll(), follower.poll()]
    assert [s.done for s in steps] == [False, False, True]
    assert steps[2].messages[-1] == "game 314 has ended"
    assert steps[2].snapshot.finished and steps[2].tasks == ()


def test_a_game_routed_by_hand_is_searched_only_when_asked():
    data = dict(LOG_1846, mode="multi")  # settings.auto_routing is false in this log
    game = PlayedGame(data, 222264, shown=29)  # MS laid a tile and passed: its run is next
    with serving(game) as site:
        follower = Follower(222264, site, interval=0, min_interval=0)
        first, second = follower.poll(), follower.poll()
        assert first.messages == (BY_HAND,) and second.messages == ()
        assert first.snapshot.to_run == "MS" and first.tasks == ()
        asked = follower.ask()
    assert [t.company for t in asked] == ["MS"]
    assert follower.search(asked[0]).line() == "MS to run: best $60"


def test_a_hotseat_game_is_searched_although_auto_routing_is_off():
    game = PlayedGame(LOG_1846, 222264, shown=29)
    assert LOG_1846["mode"] == "hotseat" and LOG_1846["settings"]["auto_routing"] is False
    with serving(game) as site:
        step = Follower(222264, site, interval=0, min_interval=0).poll()
    assert BY_HAND not in step.messages and len(step.tasks) == 1


def test_a_pinned_game_is_warned_of_once():
    data = dict(LOG_1889, settings={**LOG_1889["settings"], "pin": "2023-01-01"})
    game = PlayedGame(data, 314, shown=40)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        first, second = follower.poll(), follower.poll()
    assert "pinned to an older version" in first.messages[0] and second.messages == ()


def test_an_archived_game_and_an_unknown_id_stop_with_one_message():
    archived = dict(LOG_1889, status="archived", actions=[])
    game = PlayedGame(archived, 314)
    game.script = [archived]
    with serving(game) as site:
        step = Follower(314, site, interval=0, min_interval=0).poll()
        assert step.done and "archived" in step.messages[0] and step.snapshot is None
        missing = Follower(99, site, interval=0, min_interval=0).poll()
    assert missing.done and missing.messages == (f"game 99: no such game at {site} (404)",)


def test_a_site_that_cannot_be_reached_is_retried():
    follower = Follower(314, "http://127.0.0.1:9", interval=5)
    step = follower.poll()
    assert not step.done and step.delay == 10
    assert step.messages[0].startswith("game 314: cannot reach http://127.0.0.1:9 (")


def test_full_addresses_of_any_site():
    assert game_id("http://127.0.0.1:8000/game/314") == 314
    assert site_of("http://127.0.0.1:8000/game/314") == "http://127.0.0.1:8000"
    assert site_of("https://18xx.games/game/314") is None and site_of("314") is None
    assert game_id("127.0.0.1/game/314") is None  # without a scheme: a file's path


def test_the_cli_follows_once(capsys):
    game = PlayedGame(LOG_1889, 314, shown=48)
    with serving(game) as site:
        assert main(["follow", f"{site}/game/314", "--once"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"following game 314 on {site}, every 15 s",
        "action 48 · OR 1 · KO acting",
        "KO to run: best $100",
    ]


def test_the_cli_follows_to_the_end(capsys, monkeypatch):
    game = PlayedGame(LOG_1889, 314, shown=455, step=1)
    slept: list[float] = []
    monkeypatch.setattr("time.sleep", slept.append)
    with serving(game) as site:
        assert main(["follow", "314", "--site", site, "--interval", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "game 314 has ended" and slept == [5.0, 5.0]
    assert "AR ran $480 · best $490" not in out  # ran before the follow began


@pytest.mark.parametrize("answer", [404])
def test_the_cli_says_when_there_is_no_such_game(capsys, answer):
    game = PlayedGame(LOG_1889, 314)
    with serving(game) as site:
        assert main(["follow", "99", "--site", site]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"game 99: no such game at {site} (404)"


def test_a_game_we_cannot_replay_is_said_once_and_the_follow_goes_on():
    game = PlayedGame(dict(LOG_1889, title="18Unknown"), 314, shown=40)
    with serving(game) as site:
        follower = Follower(314, site, interval=0, min_interval=0)
        first, second = follower.poll(), follower.poll()
    assert len(first.messages) == 1 and second.messages == ()
    assert "'18Unknown' is not one this program models" in first.messages[0]
    assert first.messages[0].endswith("(the game shown stays; trying again)")
    assert not first.done and follower.snapshot is None
