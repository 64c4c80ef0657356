"""Station token counts as the 18xx.games engine keeps them: a company's tokens are its
charter's plus those the game gives it later (a minor's token taken over, a private's free
token, a merger's, 18VA's conversion: the engine's ``Token.new``), so no position of any
committed fixture of any title breaks the token rules (``checks.rule_warnings``), at any
run_routes action or at the log's end, and ``show`` counts what is left from that total."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rusty_train_py.files.checks import rule_warnings
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import open_game, save_game
from rusty_train_py.files.online import log_from_data, replay_log

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures"
TITLE_DIRS = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())

# token warnings the engine's own positions share: 18EU's HomeToken step puts a major's home
# token beside the token of the minor it merges in another of Wien's cities (J5's tile 581
# has three): tests/data/engine_positions/18EU holds both tokens, until a tile joins the cities
ENGINES_OWN = {
    "18EU/74045.json.gz": {"J5: 2 station tokens of RPR on one hex"},
    "18EU/can_hold_70_percent_before_operates.json.gz": {"J5: 2 station tokens of RBSR on one hex"},
}


def _log(path: Path):
    data = json.loads(gzip.decompress(path.read_bytes()))
    return log_from_data(data, f"{path.parent.name}/{path.name}")


def _token_warnings(state) -> set[str]:
    return {w for w in rule_warnings(state) if "station token" in w}


@pytest.mark.parametrize("title_dir", TITLE_DIRS)
def test_no_fixture_gives_a_token_warning(title_dir):
    seen: dict[str, set[str]] = {}
    logs = 0
    for path in sorted((FIXTURES / title_dir).glob("*.json.gz")):
        name = f"{title_dir}/{path.name}"
        found: set[str] = set()
        try:
            replay_log(
                _log(path),
                on_run=lambda r, _a, found=found: found.update(_token_warnings(r.state)),
                on_end=lambda r, found=found: found.update(_token_warnings(r.state)),
            )
        except GameFileError:
            continue  # a log refused (another edition, a variant): no position to check
        logs += 1
        if found:
            seen[name] = found
    assert logs > 0
    expected = {k: v for k, v in ENGINES_OWN.items() if k.startswith(f"{title_dir}/")}
    assert seen == expected


def test_1846_tokens_taken_over_and_given_by_a_private_count(tmp_path):
    """1846/10264 at action 557: B&O holds C&WI's free token in Chicago, GT the MS's in
    Detroit, IC the Big 4's in Indianapolis: five, four and five tokens, none left."""
    path = tmp_path / "10264.json"
    path.write_bytes(gzip.decompress((FIXTURES / "1846" / "10264.json.gz").read_bytes()))
    opened = open_game(path, at=557)
    assert opened.warnings == ()
    state = opened.state
    given = {c: state.tokens_given(c) for c in ("PRR", "NYC", "B&O", "C&O", "ERIE", "GT", "IC")}
    assert given == {"PRR": 5, "NYC": 4, "B&O": 5, "C&O": 4, "ERIE": 4, "GT": 4, "IC": 5}
    assert [state.tokens_left(c) for c in ("B&O", "GT", "IC", "C&O")] == [0, 0, 0, 2]
    assert state.token_grants() == {"B&O": 1, "GT": 1, "IC": 1}
    # our save keeps them: the saved game loads with no warning and the same counts
    save_game(state, tmp_path / "saved.json", trains=opened.trains)
    text = (tmp_path / "saved.json").read_text(encoding="utf-8")
    assert '  "token_grants": {"B&O": 1, "GT": 1, "IC": 1},\n' in text
    again = open_game(tmp_path / "saved.json")
    assert again.warnings == () and again.state == state


def test_a_save_with_bad_token_grants_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "rusty-train-py", "version": 1, "game": "1846", "phase": "I",'
        ' "tiles": [], "tokens": [], "token_grants": {"B&O": 0}}',
        encoding="utf-8",
    )
    with pytest.raises(GameFileError, match=r"token_grants\['B&O'\]: should be a number"):
        open_game(path)


def test_show_counts_what_is_left_from_the_tokens_given(capsys, tmp_path):
    from rusty_train_py.cli import main

    path = tmp_path / "10264.json"
    path.write_bytes(gzip.decompress((FIXTURES / "1846" / "10264.json.gz").read_bytes()))
    assert main(["show", str(path), "--at", "557"]) == 0
    out = capsys.readouterr()
    assert out.err == ""  # no warning
    assert (
        "  B&O   Baltimore & Ohio Railroad: 5 tokens (I5 Centralia, D6 Chicago, E11 Fort Wayne,"
        " H12 Cincinnati, G19 Wheeling), 0 left"
    ) in out.out
    assert "-1 left" not in out.out
