"""A bad event record is one plain message naming the match, with match/game/hand indices."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.tournament import schedule, standings

from ._events import PLAYERS, game, marks, seats, team_event, won


def invalid(record) -> dict:
    out = standings(record)
    assert out["ok"] is False, out
    assert set(out) == {"ok", "match", "game", "hand", "error"}
    assert schedule(record) == out  # both commands check the record the same way
    return out


def test_spec_example_message_a_team_playing_twice_in_a_round():
    record = team_event("round-robin", 3, [won(1, 1, 0, 1), won(2, 1, 0, 2), won(2, 2, 1, 0)])
    assert invalid(record) == {"ok": False, "match": 2, "game": None, "hand": None,
                               "error": "Round 2: Ann & Bob play twice."}


def test_a_bye_and_a_match_in_one_round():
    record = team_event("round-robin", 3, [{"round": 1, "bye": 2}, won(1, 1, 2, 1)])
    assert invalid(record)["error"] == "Round 1: Eve & Fay play twice."


def test_a_player_playing_twice_in_a_progressive_round():
    record = {"format": "progressive", "variant": "texas42",
              "entrants": [{"players": [p]} for p in PLAYERS[:8]],
              "matches": [{"round": 1, "table": 1, "entrants": [0, 1, 2, 3]},
                          {"round": 1, "table": 2, "entrants": [4, 5, 6, 0]}]}
    assert invalid(record) == {"ok": False, "match": 1, "game": None, "hand": None,
                               "error": "Round 1: Ann plays twice."}


def test_players_in_the_wrong_seats():
    bad = won(1, 1, 0, 1)
    bad["games"][0]["players"] = ["Ann", "Bob", "Cat", "Dan"]
    out = invalid(team_event("round-robin", 2, [bad]))
    assert (out["match"], out["game"], out["hand"]) == (0, 0, None)
    assert out["error"] == ("Round 1, table 1, game 1: the players must sit Ann, Cat, Bob, Dan, in "
                            "that order (seats 0 to 3).")


def test_a_match_of_an_entrant_not_in_the_event():
    out = invalid(team_event("round-robin", 2, [{"round": 1, "table": 1, "entrants": [0, 5]}]))
    assert out["match"] == 0 and out["game"] is None
    assert out["error"] == "Round 1, table 1: there is no entrant 5 in this event (entrants are 0 to 1)."


def test_a_forfeit_with_games():
    match = won(1, 1, 0, 1)
    match["forfeit"] = 1
    out = invalid(team_event("round-robin", 2, [match]))
    assert out["match"] == 0 and out["error"] == "Round 1, table 1: a forfeited match has no games."


def test_a_bad_hand_gives_match_game_and_hand():
    match = {"round": 1, "table": 1, "entrants": [0, 1],
             "games": [game(0, 1, marks(0) + [{"bidder": 0, "bid": 12, "contract": "straight",
                                                "points": 42}])]}
    out = invalid(team_event("round-robin", 2, [match]))
    assert (out["match"], out["game"], out["hand"]) == (0, 0, 1)
    assert out["error"].startswith("Round 1, table 1, game 1: ")


def test_a_game_after_the_match_is_decided():
    match = {"round": 1, "table": 1, "entrants": [0, 1],
             "games": [game(0, 1, marks(0, 0, 0)), game(0, 1, marks(0, 0, 0)), game(0, 1, [])]}
    out = invalid(team_event("round-robin", 2, [match], best_of=3))
    assert (out["match"], out["game"]) == (0, 2)


@pytest.mark.parametrize("repeat,ok", [({"variant": "texas42"}, True), ({"variant": "lechner42"}, False),
                                       ({"options": {"target_marks": 3}}, True),
                                       ({"options": {"target_marks": 5}}, False)])
def test_variant_and_options_repeated_in_a_game_must_be_the_events(repeat, ok):
    match = won(1, 1, 0, 1)
    match["games"][0].update(repeat)
    out = standings(team_event("round-robin", 2, [match]))
    assert out["ok"] is ok
    if not ok:
        assert (out["match"], out["game"]) == (0, 0)


@pytest.mark.parametrize("fmt,variant", [("round-robin", "moon"), ("pools", "card42"),
                                         ("progressive", "mexican-train"), ("tables", "texas42"),
                                         ("round-robin", "castle-rock"), ("tables", "castle-rock")])
def test_formats_and_variants(fmt, variant):
    record = {"format": fmt, "variant": variant, "entrants": [{"players": [p]} for p in PLAYERS[:8]]}
    out = invalid(record)
    assert out["match"] is None


@pytest.mark.parametrize("settings", [{"best_of": 2}, {"best_of": True}, {"double": 1}, {"pool_size": 1},
                                      {"advance": 0}, {"rounds": 0}, {"cap": 0}, {"cap": "7"},
                                      {"tiebreaks": ["wins", "luck"]}, {"tiebreaks": ["wins", "wins"]},
                                      {"time_limit": -5}, {"colour": "red"}])
def test_settings_out_of_range(settings):
    assert invalid(team_event("round-robin", 4, **settings))["match"] is None


@pytest.mark.parametrize("variant,size,ok", [("moon", 3, True), ("moon", 4, False), ("card42", 7, True),
                                             ("card42", 8, False), ("mexican-train", 8, True),
                                             ("mexican-train", 1, False)])
def test_table_size_ranges(variant, size, ok):
    record = {"format": "tables", "variant": variant, "settings": {"table_size": size},
              "entrants": [{"players": [p]} for p in PLAYERS[:9]]}
    assert standings(record)["ok"] is ok


def test_entrant_sizes_and_one_entrant_a_player():
    record = team_event("round-robin", 3)
    record["entrants"][1]["players"] = ["Cat"]
    assert invalid(record)["error"] == "Entrant 2 has 1 player: in a round-robin event a team has 2 players."
    record = team_event("round-robin", 3)
    record["entrants"][2]["players"] = ["Eve", "Ann"]
    assert invalid(record)["error"] == "Ann is in entrant 1 and entrant 3: a player is in one entrant only."


def test_a_pool_match_outside_its_pool():
    record = team_event("pools", 8, [{**won(1, 1, 0, 1), "bracket": "pool", "pool": 1}])
    assert invalid(record)["error"] == "Round 1, table 1: Cat & Dan is not in pool 1."


def test_a_bracket_match_needs_its_bracket():
    out = invalid(team_event("single-elimination", 4, [won(1, 1, 0, 3)]))
    assert out["error"] == "Round 1, table 1: the match needs its bracket, one of winners."


def test_two_matches_at_one_table():
    out = invalid(team_event("round-robin", 4, [won(1, 1, 0, 1), won(1, 1, 2, 3)]))
    assert out == {"ok": False, "match": 1, "game": None, "hand": None,
                   "error": "Round 1, table 1: another match is already at this table."}


@pytest.mark.parametrize("record", [None, [], "event", {"format": "swiss"}, {"format": "round-robin"},
                                    {"format": "round-robin", "variant": "texas42", "entrants": "x"}])
def test_the_record_itself_is_wrong(record):
    out = invalid(record)
    assert out["match"] is None and out["game"] is None and out["hand"] is None


def test_an_unfinished_game_is_valid_and_not_counted():
    record = team_event("round-robin", 2, [{"round": 1, "table": 1, "entrants": [0, 1],
                                            "games": [game(0, 1, marks(0))]}])
    out = standings(record)
    assert out["ok"] is True and out["complete"] is False
    assert [r["played"] for r in out["standings"]] == [0, 0]


def test_the_record_is_not_changed():
    record = team_event("round-robin", 2, [won(1, 1, 0, 1)])
    before = copy.deepcopy(record)
    standings(record), schedule(record)
    assert record == before and seats(0, 1) == ["Ann", "Cat", "Bob", "Dan"]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4),
                    max_leaves=12)


def paths(value, here=()):
    """Every place inside a JSON value: (path to it)."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, here + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, here + (i,))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), fmt=st.sampled_from(["round-robin", "pools", "single-elimination",
                                            "double-elimination"]))
def test_any_change_to_a_valid_record_is_a_result_or_a_plain_error(data, fmt):
    """Hostile input: one value anywhere replaced by any JSON; never an exception."""
    record = team_event(fmt, 4, [won(1, 1, 0, 3, bracket="winners") if fmt != "round-robin"
                                 else won(1, 1, 0, 3), {"round": 1, "bye": 1}])
    if fmt == "pools":
        record["matches"][0].update(bracket="pool", pool=1)
    place = data.draw(st.sampled_from(list(paths(record))[1:]))
    target = record
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = data.draw(JSON)
    for out in (standings(record), schedule(record)):
        assert out["ok"] in (True, False)
        if not out["ok"]:
            assert isinstance(out["error"], str) and out["error"].endswith(".")
            assert set(out) == {"ok", "match", "game", "hand", "error"}


def test_a_second_bye_of_one_entrant_in_a_round_robin():
    """The schedule gives each entrant one bye (with an odd count): a record with two is
    refused, naming the second; `double` gives one a cycle."""
    record = team_event("round-robin", 3, [{"round": 1, "bye": 2}, won(2, 1, 0, 1),
                                           {"round": 2, "bye": 2}])
    assert invalid(record) == {
        "ok": False, "match": 2, "game": None, "hand": None,
        "error": "Round 2: Eve & Fay sit out a second time, but a round robin gives each "
                 "entrant one bye."}
    record["settings"] = {"double": True}
    assert standings(record)["ok"]
    record["matches"].append({"round": 4, "bye": 2})
    assert invalid(record)["error"] == ("Round 4: Eve & Fay sit out a third time, but a round "
                                        "robin gives each entrant two byes (one a cycle).")
