"""`scorekeeper check FILE` / `check -`: JSON on stdout, exit 0 valid, 1 invalid, 2 called wrongly."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import score

from ._helpers import SPEC_EXAMPLE

ROOT = Path(__file__).resolve().parents[2]

VALID = SPEC_EXAMPLE
INVALID = {  # hand 1: the dealer (seat 1) may not bid 1 after 3 and 3
    "variant": "card42",
    "players": ["Ann", "Bob", "Cat"],
    "hands": [{"bids": [1, 2, 3], "tricks": [1, 2, 4]}, {"bids": [3, 1, 3], "tricks": [3, 1, 3]}],
}


def run(*args, stdin=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=str(ROOT), env=env, timeout=120)


def out_json(r):
    try:
        return json.loads(r.stdout)
    except ValueError:  # pragma: no cover - shown in the failure
        pytest.fail(f"stdout is not JSON: {r.stdout!r} (stderr {r.stderr!r})")


@pytest.fixture
def write(tmp_path):
    def _write(content, name="game.json"):
        p = tmp_path / name
        p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return str(p)
    return _write


def test_valid_file_exit_0(write):
    r = run("check", write(VALID))
    assert r.returncode == 0, r.stderr
    res = out_json(r)
    assert res["ok"] is True
    assert res == json.loads(json.dumps(score(VALID)))
    assert res["totals"] == [2, 1]


def test_valid_stdin_exit_0():
    r = run("check", "-", stdin=json.dumps(VALID))
    assert r.returncode == 0, r.stderr
    res = out_json(r)
    assert res["ok"] is True and res["totals"] == [2, 1] and res["next_dealer"] == 2


def test_invalid_file_exit_1(write):
    r = run("check", write(INVALID))
    assert r.returncode == 1, (r.stdout, r.stderr)
    res = out_json(r)
    assert res["ok"] is False and res["hand"] == 1
    assert "dealer" in res["error"].lower()


def test_invalid_stdin_exit_1():
    r = run("check", "-", stdin=json.dumps(INVALID))
    assert r.returncode == 1
    res = out_json(r)
    assert res["ok"] is False and res["hand"] == 1


def test_a_list_of_records_points_to_stats(write):
    path = write([VALID, VALID], "club.json")
    r = run("check", path)
    assert r.returncode == 1, (r.stdout, r.stderr)
    res = out_json(r)
    assert res["ok"] is False and res["hand"] is None
    assert "a list of 2 game records" in res["error"]
    assert f"scorekeeper stats {path}" in res["error"]
    assert run("stats", path).returncode == 0  # which checks every one of them


@pytest.mark.parametrize("content", [
    pytest.param("{not json", id="broken"),
    pytest.param("", id="empty"),
    pytest.param('{"variant": "moon", ', id="truncated"),
])
def test_bad_json_exit_1_hand_null(write, content):
    for r in (run("check", write(content)), run("check", "-", stdin=content)):
        assert r.returncode == 1, (r.stdout, r.stderr)
        res = out_json(r)
        assert res["ok"] is False
        assert res["hand"] is None
        assert isinstance(res["error"], str) and res["error"]
        assert "Traceback" not in r.stdout + r.stderr


@pytest.mark.parametrize("content", [
    pytest.param([], id="list"),
    pytest.param({"variant": "poker", "players": ["A", "B"], "hands": []}, id="unknown-variant"),
    pytest.param({"variant": "moon", "players": ["A", "B"], "hands": []}, id="wrong-player-count"),
])
def test_record_errors_exit_1_hand_null(write, content):
    r = run("check", write(content))
    assert r.returncode == 1
    res = out_json(r)
    assert res["ok"] is False and res["hand"] is None


def test_missing_file_exit_2(tmp_path):
    r = run("check", str(tmp_path / "no-such-file.json"))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [
    pytest.param([], id="no-args"),
    pytest.param(["check"], id="check-without-file"),
    pytest.param(["frobnicate", "x.json"], id="unknown-command"),
])
def test_bad_usage_exit_2(args):
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr


def test_console_script_if_installed(write):
    exe = Path(sys.executable).parent / "scorekeeper"
    if not exe.exists():
        pytest.skip("console script not installed in this venv")
    r = subprocess.run([str(exe), "check", write(VALID)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out_json(r)["ok"] is True


@pytest.mark.parametrize("content, words", [
    pytest.param("{not json", "line 1, column 2", id="broken"),
    pytest.param("", "empty", id="empty"),
    pytest.param("[" * 100_000 + "]" * 100_000, "nested too deeply", id="deep"),
    pytest.param('{"variant": "moon", "first_dealer": NaN}', "NaN", id="nan"),
    pytest.param('{"hands": [' + "7" * 5000 + "]}", "too long", id="long-number"),
])
def test_bad_json_is_told_in_a_plain_sentence(content, words):
    from ._helpers import assert_plain_sentence

    r = run("check", "-", stdin=content)
    assert r.returncode == 1, (r.stdout, r.stderr)
    res = out_json(r)
    assert res["ok"] is False and res["hand"] is None
    assert words in res["error"], res["error"]
    assert_plain_sentence(res["error"])


def test_check_honours_the_texas42_house_rules(write):
    """rules.md "More house rules": a 2-mark splash cannot top 3 marks; the default one can."""
    hand = {"auction": [84, 126, "splash", "pass"], "contract": "splash", "call": "straight",
            "doubles": 3, "made": True}
    record = {"variant": "texas42", "players": ["Ann", "Bob", "Cat", "Dan"], "hands": [hand]}
    r = run("check", write(record))
    assert r.returncode == 0 and out_json(r)["hands"][0]["bid"] == 168
    r = run("check", write({**record, "options": {"splash_marks": 2}}))
    assert r.returncode == 1
    res = out_json(r)
    assert res["hand"] == 0 and "splash" in res["error"] and "3 marks" in res["error"]
