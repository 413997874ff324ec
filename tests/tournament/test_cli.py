"""`scorekeeper standings FILE|-` and `scorekeeper schedule FILE|-` through the console script:
JSON on stdout, exit 0 valid, 1 invalid, 2 unreadable."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.tournament import schedule, standings

from ._events import team_event, won

SCRIPT = str(Path(sys.executable).parent / "scorekeeper")
VALID = team_event("round-robin", 3, [won(1, 1, 0, 1), {"round": 1, "bye": 2}])
INVALID = team_event("round-robin", 3, [won(1, 1, 0, 1), won(1, 2, 1, 2)])


def run(*args, stdin=None):
    return subprocess.run([SCRIPT, *args], input=stdin, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("command,derive", [("standings", standings), ("schedule", schedule)])
def test_valid_file_and_stdin_exit_0(tmp_path, command, derive):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(VALID), encoding="utf-8")
    for r in (run(command, str(path)), run(command, "-", stdin=json.dumps(VALID))):
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout) == derive(VALID)


def test_standings_json_shape():
    out = json.loads(run("standings", "-", stdin=json.dumps(VALID)).stdout)
    assert list(out) == ["ok", "format", "complete", "standings"]
    assert out["standings"][0] == {"rank": 1, "entrant": 0, "name": "Ann & Bob", "played": 1, "won": 1,
                                   "lost": 0, "scored": 3, "conceded": 0, "difference": 3, "tied": False}
    assert [list(r) for r in out["standings"]][0] == ["rank", "entrant", "name", "played", "won", "lost",
                                                     "scored", "conceded", "difference", "tied"]


def test_schedule_json_shape():
    out = json.loads(run("schedule", "-", stdin=json.dumps(VALID)).stdout)
    assert out["ok"] is True
    assert [r["round"] for r in out["rounds"]] == [2, 3]
    assert all(list(r) == ["round", "matches", "byes"] for r in out["rounds"])
    assert all(list(m) == ["table", "entrants"] for r in out["rounds"] for m in r["matches"])


@pytest.mark.parametrize("command", ["standings", "schedule"])
def test_invalid_record_exit_1(command):
    r = run(command, "-", stdin=json.dumps(INVALID))
    assert r.returncode == 1
    assert json.loads(r.stdout) == {"ok": False, "match": 1, "game": None, "hand": None,
                                    "error": "Round 1: Cat & Dan play twice."}


@pytest.mark.parametrize("command", ["standings", "schedule"])
def test_not_json_exit_1(command):
    r = run(command, "-", stdin="{ nope")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["ok"] is False and out["match"] is None and out["error"].startswith("The file is not valid JSON")


@pytest.mark.parametrize("command", ["standings", "schedule"])
def test_unreadable_exit_2(tmp_path, command):
    r = run(command, str(tmp_path / "missing.json"))
    assert r.returncode == 2
    assert "no such file" in r.stderr
    r = run(command, str(tmp_path))
    assert r.returncode == 2


def test_no_file_given_exit_2():
    assert run("standings").returncode == 2
