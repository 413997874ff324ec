"""`scorekeeper stats FILE...` (spec/stats.md): one JSON object; exit 0 valid, 1 invalid (file,
game, hand, error), 2 when a file cannot be read. Also the reader it shares with `check`."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules._helpers import assert_plain_sentence, rec
from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]

# Ann bids 30 (made), 30 (set) and 84 (made) and wins with Cat, 3-1 (game A); then, in seat 1,
# bids 30 (made) and loses 2-1 to Bob's 84 (game B, win by 1). With a Castle Rock session under
# her name with spaces around it: the numbers of spec/stats.md's example.
GAME_A = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
          "options": {"target_marks": 3},
          "hands": [{"bidder": 0, "bid": 30, "contract": "straight", "points": 30},
                    {"bidder": 0, "bid": 30, "contract": "straight", "points": 20},
                    {"bidder": 0, "bid": 84, "contract": "straight", "points": 42}]}
GAME_B = {"variant": "lechner42", "players": ["Bob", "Ann", "Dan", "Cat"],
          "options": {"target_marks": 2, "win_by": 1},
          "hands": [{"bidder": 1, "bid": 30, "contract": "straight", "points": 35},
                    {"bidder": 0, "bid": 84, "contract": "straight", "points": 42}]}
SOLO = {"variant": "castle-rock", "players": [" Ann "], "hands": [{"remaining": 2}, {"remaining": 9}]}
CARD = rec("card42", [{"bids": [1, 2, 3], "tricks": [1, 2, 4]}])  # Ann, Bob, Cat
BAD_HAND = rec("card42", [{"bids": [1, 2, 3], "tricks": [1, 2, 4]},
                          {"bids": [3, 1, 3], "tricks": [3, 1, 3]}])  # hand 1: the dealer bids 1
REQUIRED = ("games", "finished", "wins", "bids", "made", "set")


@pytest.fixture
def write(tmp_path):
    def _write(content, name="games.json", raw=False):
        p = tmp_path / name
        if raw:
            p.write_bytes(content)
        else:
            p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return str(p)
    return _write


@pytest.fixture
def cli(capsys, monkeypatch):
    """main(argv) in this process: (exit code, stdout as JSON or None, stderr)."""
    def _run(*args, stdin: bytes | None = None):
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, (json.loads(out) if out.strip() else None), err
    return _run


def run(*args, stdin: bytes | None = None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], input=stdin,
                          capture_output=True, cwd=str(ROOT), env=env, timeout=120)


def counts(stats):
    return {k: stats[k] for k in REQUIRED}


def test_the_spec_example(cli, write):
    code, out, err = cli("stats", write([GAME_A, GAME_B]), write(SOLO, "solo.json"))
    assert code == 0, err
    assert out["ok"] is True and out["games"] == 3
    ann = out["players"]["Ann"]
    assert counts(ann) == {"games": 3, "finished": 2, "wins": 1, "bids": 4, "made": 3, "set": 1}
    assert counts(ann["by_variant"]["lechner42"]) == {"games": 2, "finished": 2, "wins": 1, "bids": 4,
                                                      "made": 3, "set": 1}
    assert counts(ann["by_variant"]["castle-rock"]) == {"games": 1, "finished": 0, "wins": 0,
                                                        "bids": 0, "made": 0, "set": 0}
    assert counts(out["players"]["Bob"]) == {"games": 2, "finished": 2, "wins": 1, "bids": 1,
                                             "made": 1, "set": 0}
    # Cat partners Ann in both games (seats 2 and 3); Dan partners Bob.
    for name in ("Cat", "Dan"):
        assert counts(out["players"][name]) == {"games": 2, "finished": 2, "wins": 1, "bids": 0,
                                                "made": 0, "set": 0}
    assert list(out["players"]) == ["Ann", "Bob", "Cat", "Dan"]
    for stats in out["players"].values():
        assert set(stats["by_variant"]) <= {"lechner42", "castle-rock"}
        for block in [stats, *stats["by_variant"].values()]:
            assert all(type(block[k]) is int for k in REQUIRED)
    # The added keys (the library's): Ann won with Cat, and her Castle Rock session.
    assert ann["partners"] == {"Cat": {"games": 2, "finished": 2, "wins": 1, "win_rate": 0.5}}
    assert ann["by_variant"]["castle-rock"]["solitaire"] == {"games": 2, "wins": 1, "win_rate": 0.5,
                                                             "best": 2}


def test_one_record_a_list_and_standard_input_agree(cli, write):
    _, both, _ = cli("stats", write([GAME_A, GAME_B]))
    _, apart, _ = cli("stats", write(GAME_A, "a.json"), write(GAME_B, "b.json"))
    _, piped, _ = cli("stats", "-", stdin=json.dumps([GAME_A, GAME_B]).encode())
    _, mixed, _ = cli("stats", write(GAME_A, "a.json"), "-", stdin=json.dumps(GAME_B).encode())
    assert both == apart == piped == mixed
    assert both["games"] == 2


def test_one_person_one_name_the_first_spelling_shown(cli, write):
    """spec/stats.md, "Who a player is": spaces, NFC and case do not make another player."""
    other = rec("card42", CARD["hands"], players=["  ANN", "bob", "Cat  "])
    code, out, _ = cli("stats", write([CARD, other]))
    assert code == 0
    assert list(out["players"]) == ["Ann", "Bob", "Cat"]
    assert all(out["players"][p]["games"] == 2 for p in ("Ann", "Bob", "Cat"))
    # card42: every player bids every hand; made is exactly the tricks bid.
    assert counts(out["players"]["Cat"]) == {"games": 2, "finished": 0, "wins": 0, "bids": 2, "made": 0,
                                             "set": 2}
    assert counts(out["players"]["Ann"])["made"] == 2


@pytest.mark.parametrize("variant", ["mexican-train", "castle-rock"])
def test_games_without_bids_count_none(cli, write, variant):
    hands = [{"pips": [0, 5, 9]}] if variant == "mexican-train" else [{"remaining": 0}]
    code, out, _ = cli("stats", write(rec(variant, hands)))
    assert code == 0
    for stats in out["players"].values():
        assert (stats["bids"], stats["made"], stats["set"]) == (0, 0, 0)


def test_an_empty_list_is_no_games(cli, write):
    code, out, _ = cli("stats", write([]))
    assert code == 0
    assert out["ok"] is True and out["games"] == 0 and out["players"] == {}


@pytest.mark.parametrize("bom", [b"\xef\xbb\xbf", b""], ids=["bom", "plain"])
def test_a_byte_order_mark_is_read(cli, write, bom):
    path = write(bom + json.dumps([GAME_A]).encode(), raw=True)
    code, out, err = cli("stats", path)
    assert code == 0, err
    assert out["players"]["Ann"]["wins"] == 1
    code, out, _ = cli("stats", "-", stdin=bom + json.dumps(GAME_A).encode())
    assert code == 0 and out["games"] == 1
    code, out, _ = cli("check", write(bom + json.dumps(GAME_A).encode(), "one.json", raw=True))
    assert code == 0 and out["ok"] is True and out["winners"] == [0]
    code, out, _ = cli("check", "-", stdin=bom + json.dumps(GAME_A).encode())
    assert code == 0 and out["ok"] is True


def test_a_byte_order_mark_on_standard_input_of_the_real_command():
    data = b"\xef\xbb\xbf" + json.dumps(GAME_A).encode()
    for command in ("stats", "check"):
        r = run(command, "-", stdin=data)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["ok"] is True


# Exit 1 ---------------------------------------------------------------------------------------

def assert_invalid(out, file, game, hand):
    assert list(out) == ["ok", "file", "game", "hand", "error"]
    assert out["ok"] is False and out["file"] == file
    assert out["game"] == game and type(out["game"]) is type(game)
    assert out["hand"] == hand and type(out["hand"]) is type(hand)
    assert_plain_sentence(out["error"])


def test_an_invalid_record_in_a_list(cli, write):
    path = write([CARD, BAD_HAND, {"variant": "poker"}])
    code, out, _ = cli("stats", path)
    assert code == 1
    assert_invalid(out, path, 1, 1)
    assert "dealer" in out["error"].lower()


def test_a_file_of_one_invalid_record_is_game_0(cli, write):
    path = write(BAD_HAND)
    code, out, _ = cli("stats", write(CARD, "fine.json"), path)
    assert code == 1
    assert_invalid(out, path, 0, 1)


@pytest.mark.parametrize("record,words", [
    pytest.param({"variant": "poker", "players": ["A", "B"]}, "variant", id="unknown-variant"),
    pytest.param({"variant": "moon", "players": ["A", "B"]}, "3 players", id="players"),
    pytest.param({"variant": "lechner42", "players": ["A", "B", "C", "D"], "options": {"x": 1}},
                 "option", id="option"),
    pytest.param(42, "object", id="not-an-object"),
    pytest.param([CARD], "object", id="a-list-in-the-list"),
])
def test_a_bad_record_itself_has_hand_null(cli, write, record, words):
    path = write([CARD, record])
    code, out, _ = cli("stats", path)
    assert code == 1
    assert_invalid(out, path, 1, None)
    assert words in out["error"].lower()


@pytest.mark.parametrize("content", [
    pytest.param("{not json", id="broken"),
    pytest.param("", id="empty"),
    pytest.param("  \n", id="blank"),
    pytest.param('[{"variant": "moon", ', id="truncated"),
    pytest.param("[" * 100_000 + "]" * 100_000, id="too-deep"),
])
def test_not_json_is_an_invalid_file_with_game_and_hand_null(cli, write, content):
    """As for `check`, a file that is not JSON is an invalid record (exit 1, hand null): the file
    was read. Its records cannot be told apart, so `game` is null too."""
    path = write(content)
    code, out, err = cli("stats", write([CARD], "fine.json"), path)
    assert code == 1
    assert_invalid(out, path, None, None)
    assert "json" in out["error"].lower() or "empty" in out["error"].lower() or "deep" in out["error"]
    assert "Expecting" not in out["error"] and "char" not in out["error"]
    code, out, _ = cli("stats", "-", stdin=content.encode())
    assert code == 1
    assert_invalid(out, "-", None, None)


def test_the_first_invalid_record_in_the_order_given_is_told(cli, write):
    first, second = write(BAD_HAND, "first.json"), write({"variant": "poker"}, "second.json")
    assert cli("stats", first, second)[1]["file"] == first
    assert cli("stats", second, first)[1]["file"] == second


# Exit 2 ---------------------------------------------------------------------------------------

def assert_unreadable(code, out, err, file, words):
    assert code == 2
    assert_invalid(out, file, None, None)
    assert words in out["error"]
    assert "Errno" not in out["error"] + err and "Traceback" not in err
    assert err.startswith("scorekeeper stats: ") and out["error"] in err


def test_a_missing_file(cli, write, tmp_path):
    missing = str(tmp_path / "nope.json")
    assert_unreadable(*cli("stats", write([CARD]), missing), missing, "no such file")


def test_a_folder(cli, tmp_path):
    assert_unreadable(*cli("stats", str(tmp_path)), str(tmp_path), "folder")


def test_not_utf8(cli, write):
    path = write(b'{"variant": "moon", "players": ["\xe9\xe8"]}', raw=True)
    assert_unreadable(*cli("stats", path), path, "UTF-8")


def test_a_file_that_cannot_be_read_wins_over_an_invalid_one(cli, write, tmp_path):
    missing = str(tmp_path / "nope.json")
    code, out, _ = cli("stats", write(BAD_HAND), missing)
    assert code == 2 and out["file"] == missing


@pytest.mark.parametrize("args", [["stats"], ["stats", "--bogus", "x.json"]])
def test_called_wrongly(cli, args):
    code, out, err = cli(*args)
    assert code == 2 and out is None
    assert "usage" in err


def test_check_speaks_plainly_too(cli, write, tmp_path):
    code, out, err = cli("check", write("{not json"))
    assert code == 1 and out["hand"] is None
    assert out["error"] == "The file is not valid JSON: it breaks off or goes wrong at line 1, column 2."
    code, out, err = cli("check", str(tmp_path / "nope.json"))
    assert code == 2 and out is None
    assert err.strip() == f"scorekeeper check: Cannot read {tmp_path / 'nope.json'}: there is no such file."


def test_the_real_command_exit_codes(write, tmp_path):
    assert run("stats", write([GAME_A, GAME_B])).returncode == 0
    bad = run("stats", write(BAD_HAND, "bad.json"))
    assert bad.returncode == 1 and json.loads(bad.stdout)["hand"] == 1
    missing = run("stats", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and b"Traceback" not in missing.stderr
    assert run("stats").returncode == 2


def test_console_script_if_installed(write):
    exe = Path(sys.executable).parent / "scorekeeper"
    if not exe.exists():
        pytest.skip("console script not installed in this venv")
    r = subprocess.run([str(exe), "stats", write([GAME_A]), "-"], input=json.dumps(GAME_B),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["players"]["Ann"]["bids"] == 4


def test_names_equal_after_nfc_and_spaces_are_one_player(cli, write):
    first = rec("card42", CARD["hands"], players=["Zo\u00eb  Lee", "Bob", "Cat"])
    second = rec("card42", CARD["hands"], players=["ZOE\u0308 LEE", "Bob", "Cat"])
    code, out, _ = cli("stats", write(second, "b.json"), write(first, "a.json"))
    assert code == 0 and list(out["players"])[0] == "ZOE\u0308 LEE"
    assert out["players"]["ZOE\u0308 LEE"]["games"] == 2 and len(out["players"]) == 3


def test_one_name_twice_in_a_game_counts_the_game_once_and_both_bids(cli, write):
    code, out, _ = cli("stats", write(rec("card42", CARD["hands"], players=["Ann", "ann", "Cat"])))
    assert code == 0 and list(out["players"]) == ["Ann", "Cat"]
    assert out["players"]["Ann"]["games"] == 1 and out["players"]["Ann"]["bids"] == 2
