"""`scorekeeper ratings FILE...` (spec/ratings.md): the JSON it prints, its names and pairs, and
its refusals, which are those of `scorekeeper stats`."""
from __future__ import annotations

import io
import json
import sys

import pytest
from openskill.models import PlackettLuce

from scorekeeper.cli import main

from .records import SOLO, lechner, train, unfinished

PL = PlackettLuce()
ROW = {"games", "wins", "mu", "sigma", "ordinal"}


@pytest.fixture
def write(tmp_path):
    def _write(content, name="games.json"):
        p = tmp_path / name
        p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return str(p)
    return _write


@pytest.fixture
def cli(capsys, monkeypatch):
    """main(argv) in this process: (exit code, stdout as JSON or None, stderr)."""
    def _run(*args, stdin: str | None = None):
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, (json.loads(out) if out.strip() else None), err
    return _run


def test_the_spec_shape_for_one_game_and_the_unrated(cli, write):
    path = write([lechner(["Ann", "Bob", "Cat", "Dan"]), SOLO, unfinished(["Ann", "Bob", "Cat", "Dan"])])
    code, out, _ = cli("ratings", path)
    assert code == 0
    assert set(out) == {"ok", "games", "rated", "groups"}
    assert (out["ok"], out["games"], out["rated"]) == (True, 3, 1)
    assert list(out["groups"]) == ["dominoes-42"]  # castle-rock never rated
    group = out["groups"]["dominoes-42"]
    assert set(group) == {"players", "pairs"}
    assert set(group["players"]) == {"Ann", "Bob", "Cat", "Dan"}
    ann = group["players"]["Ann"]
    assert set(ann) == ROW and (ann["games"], ann["wins"]) == (1, 1)
    assert ann["mu"] == pytest.approx(26.964294621803063, abs=1e-12)
    assert ann["sigma"] == pytest.approx(8.177962604389991, abs=1e-12)
    assert ann["ordinal"] == ann["mu"] - 3 * ann["sigma"]  # full floats, not rounded
    assert group["players"]["Bob"]["wins"] == 0
    assert set(group["pairs"]) == {"Ann & Cat", "Bob & Dan"}
    [[pair], _] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1, 2])
    assert group["pairs"]["Ann & Cat"] == {"games": 1, "wins": 1, "mu": pair.mu, "sigma": pair.sigma,
                                           "ordinal": pair.mu - 3 * pair.sigma}


def test_names_are_the_first_spelling_met_and_pairs_sort_by_name_key(cli, write):
    # " zoe " first met unrated (in castle rock): her shown name is "zoe"; "Ann" pairs sort by key
    first = write({**SOLO, "players": [" zoe "]}, "a.json")
    games = write([lechner(["ZOE", "bob", "ann", "Dan"]), lechner(["Zoe", "BOB", "Ann", "dan"], 1)],
                  "b.json")
    code, out, _ = cli("ratings", first, games)
    assert code == 0 and out["games"] == 3 and out["rated"] == 2
    group = out["groups"]["dominoes-42"]
    assert set(group["players"]) == {"zoe", "bob", "ann", "Dan"}
    assert group["players"]["zoe"]["games"] == 2 and group["players"]["zoe"]["wins"] == 1
    assert set(group["pairs"]) == {"ann & zoe", "bob & Dan"}  # keys "ann" < "zoe", "bob" < "dan"


def test_groups_without_partners_have_no_pairs_and_follow_the_read_order(cli, write):
    one = write(train(["Ann", "Bob", "Cat"], [0, 5, 9]), "one.json")
    two = write(train(["Ann", "Bob", "Cat"], [9, 0, 5]), "two.json")
    _, forward, _ = cli("ratings", one, two)
    _, backward, _ = cli("ratings", two, one)
    group = forward["groups"]["mexican-train"]
    assert set(group) == {"players"}
    assert group["players"]["Ann"] != backward["groups"]["mexican-train"]["players"]["Ann"]
    assert group["players"]["Ann"]["wins"] == 1 and group["players"]["Cat"]["wins"] == 0


def test_standard_input_and_an_empty_list(cli, write):
    code, out, _ = cli("ratings", "-", stdin=json.dumps(lechner("ABCD")))
    assert code == 0 and out["rated"] == 1
    code, out, _ = cli("ratings", write([]))
    assert (code, out) == (0, {"ok": True, "games": 0, "rated": 0, "groups": {}})


@pytest.mark.parametrize("content,game,hand", [
    ("{not json", None, None),
    ("[1]", 0, None),  # a list of something else than records
    (json.dumps([lechner("ABCD"), {"variant": "lechner42", "players": ["A", "B", "C", "D"],
                                   "hands": [{"bidder": 0, "bid": 29, "points": 30}]}]), 1, 0),
])
def test_invalid_records_are_refused_as_stats_refuses_them(cli, write, content, game, hand):
    path = write(content)
    code, out, _ = cli("ratings", path)
    stats_code, stats_out, _ = cli("stats", path)
    assert code == stats_code == 1
    assert out == stats_out
    assert set(out) == {"ok", "file", "game", "hand", "error"}
    assert (out["ok"], out["file"], out["game"], out["hand"]) == (False, path, game, hand)


def test_an_unreadable_file_exits_2_before_any_record_is_judged(cli, write, tmp_path):
    code, out, err = cli("ratings", write("{bad"), str(tmp_path / "missing.json"))
    assert code == 2 and out["ok"] is False and out["file"].endswith("missing.json")
    assert err.startswith("scorekeeper ratings: Cannot read")
