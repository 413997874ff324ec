"""`called` (game-record.md): time called after the last hand. The side ahead wins (lowest in
mexican-train); a shared lead is not finished and the next hand decides; not in castle-rock."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import VARIANTS, score

from ._helpers import rec

ROOT = Path(__file__).resolve().parents[2]


def mark(side):
    return {"bidder": side, "bid": 30, "contract": "straight", "points": 42}


@pytest.mark.parametrize("variant", ["texas42", "lechner42"])
def test_the_side_ahead_wins_when_time_is_called(variant):
    r = score({**rec(variant, [mark(1), mark(0), mark(1)]), "called": True})
    assert r["ok"] and r["totals"] == [1, 2]
    assert r["finished"] is True and r["winners"] == [1]
    assert "next_dealer" not in r


def test_a_shared_lead_plays_another_hand_then_the_side_ahead_wins():
    shared = {**rec("texas42", [mark(1), mark(0)]), "called": True}
    r = score(shared)
    assert r["ok"] and r["totals"] == [1, 1]
    assert r["finished"] is False and r["winners"] == [] and r["next_dealer"] == 2
    shared["hands"].append(mark(0))
    r = score(shared)
    assert r["finished"] is True and r["winners"] == [0]


def test_not_called_the_game_goes_on():
    r = score(rec("texas42", [mark(1), mark(0), mark(1)]))
    assert r["finished"] is False and r["winners"] == []


def test_a_game_won_before_time_is_won_as_usual():
    plain = rec("texas42", [mark(0)] * 7)
    assert score({**plain, "called": True}) == score(plain)
    assert score(plain)["winners"] == [0]


def test_mexican_train_lowest_total_wins():
    r = score({**rec("mexican-train", [{"pips": [0, 10, 5]}]), "called": True})
    assert r["finished"] is True and r["winners"] == [0]
    r = score({**rec("mexican-train", [{"pips": [0, 5, 0], "out": 0}]), "called": True})
    assert r["finished"] is False and r["winners"] == []


def test_card42_one_player_ahead_of_all_others():
    hand = {"bids": [1, 2, 3], "tricks": [1, 2, 4]}  # Ann and Bob exact: 4 and 5, Cat 4 tricks
    r = score({**rec("card42", [hand]), "called": True})
    assert r["totals"] == [4, 5, 4] and r["winners"] == [1] and r["finished"] is True


def test_moon_a_two_way_tie_at_the_top_is_not_finished():
    hand = {"bidder": 0, "bid": 4, "tricks": [4, 3, 0]}  # Ann 4, Bob 3
    r = score({**rec("moon", [hand, {"bidder": 1, "bid": 4, "tricks": [0, 4, 3]}]), "called": True})
    assert r["totals"] == [4, 7, 3] and r["winners"] == [1]
    r = score({**rec("moon", [hand, {"bidder": 1, "bid": 4, "tricks": [0, 4, 3]},
                              {"bidder": 2, "bid": 4, "tricks": [3, 0, 4]}]), "called": True})
    assert r["totals"] == [7, 7, 7] and r["finished"] is False


@pytest.mark.parametrize("value", [1, 0, "true", None, [], {}])
def test_called_is_true_or_false_only(value):
    r = score({**rec("texas42", []), "called": value})
    assert r["ok"] is False and r["hand"] is None and "Called" in r["error"]


def test_called_false_is_the_default():
    plain = rec("texas42", [mark(1)])
    assert score({**plain, "called": False}) == score(plain)


def test_castle_rock_is_never_called():
    r = score({**rec("castle-rock", [{"remaining": 5}]), "called": True})
    assert r == {"ok": False, "hand": None,
                 "error": f"{VARIANTS['castle-rock'].title} has no time to call: each hand is a game "
                          f"of its own."}
    assert score({**rec("castle-rock", [{"remaining": 5}]), "called": False})["ok"] is True


def test_check_command_follows_called(tmp_path):
    path = tmp_path / "called.json"
    path.write_text(json.dumps({**rec("texas42", [mark(1)]), "called": True}), encoding="utf-8")
    run = subprocess.run([str(Path(sys.executable).parent / "scorekeeper"), "check", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["finished"] is True and out["winners"] == [1]
