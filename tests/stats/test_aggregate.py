"""player_stats and club_summary over hand-built games (the records of test_summary.py)."""
from __future__ import annotations

import copy
import json

import pytest

from rules._helpers import rec
from scorekeeper.stats import Game, club_summary, game_summary, player_stats

from .test_summary import CASES

S = {name: game_summary(case["record"]) for name, case in CASES.items()}
UNFINISHED_LECHNER = game_summary(rec("lechner42", [{"bidder": 1, "bid": 30, "contract": "straight",
                                                     "points": 30}]))


def test_a_partnership_game():
    stats = player_stats([Game(S["lechner42"], ["ann", "bob", "cat", "dan"], 1)])
    assert list(stats) == ["ann", "bob", "cat", "dan"]
    ann, bob = stats["ann"], stats["bob"]
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"]) == (1, 1, 1, 1.0)
    assert (bob["games"], bob["finished"], bob["wins"], bob["win_rate"]) == (1, 1, 0, 0.0)
    assert stats["cat"]["wins"] == 1 and stats["dan"]["wins"] == 0  # both partners win
    assert (ann["bids"], ann["made"], ann["set"], ann["made_rate"]) == (1, 1, 0, 1.0)
    assert (bob["bids"], bob["made"], bob["set"], bob["made_rate"]) == (1, 0, 1, 0.0)
    # Ann & Cat defended Bob's 30 (set) and Dan's nillo (made); Bob & Dan defended two made bids.
    assert (ann["opponent_bids"], ann["opponents_set"], ann["opponents_set_rate"]) == (2, 1, 0.5)
    assert (bob["opponent_bids"], bob["opponents_set"], bob["opponents_set_rate"]) == (2, 0, 0.0)
    assert ann["partners"] == {"cat": {"games": 1, "finished": 1, "wins": 1, "win_rate": 1.0}}
    assert ann["opponents"] == {
        "bob": {"games": 1, "finished": 1, "wins": 1, "win_rate": 1.0, "their_wins": 0},
        "dan": {"games": 1, "finished": 1, "wins": 1, "win_rate": 1.0, "their_wins": 0}}
    assert bob["opponents"]["ann"] == {"games": 1, "finished": 1, "wins": 0, "win_rate": 0.0,
                                       "their_wins": 1}
    assert ann["streak"] == {"current": 1, "longest": 1} and bob["streak"] == {"current": 0, "longest": 0}
    v = ann["by_variant"]["lechner42"]
    assert v["by_level"] == {"plunge": {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0}}
    assert v["by_contract"] == {"plunge": {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0}}
    assert v["by_call"] == {"plunge/sevens": {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0}}
    assert "train" not in v and "solitaire" not in v
    json.dumps(stats)


def test_win_rate_counts_finished_games_only():
    stats = player_stats([(S["lechner42"], "ABCD"), (UNFINISHED_LECHNER, "ABCD")])
    a = stats["A"]
    assert (a["games"], a["finished"], a["wins"], a["win_rate"]) == (2, 1, 1, 1.0)
    assert a["partners"]["C"] == {"games": 2, "finished": 1, "wins": 1, "win_rate": 1.0}


def test_levels_and_contracts_are_summed_and_sorted():
    other = game_summary(rec("lechner42", [
        {"bidder": 0, "bid": 84, "contract": "straight", "points": 42},
        {"bidder": 2, "bid": 30, "contract": "straight", "points": 29},
        {"bidder": 0, "bid": 126, "contract": "splash", "call": "straight", "doubles": 3,
         "made": False}]))
    v = player_stats([(S["lechner42"], "ABCD"), (other, "ABCD")])["A"]["by_variant"]["lechner42"]
    assert list(v["by_level"]) == ["2 marks", "splash", "plunge"]
    assert v["by_level"]["splash"] == {"bids": 1, "made": 0, "set": 1, "made_rate": 0.0}
    assert list(v["by_contract"]) == ["straight", "plunge", "splash"]
    assert v["by_contract"]["straight"] == {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0}
    assert list(v["by_call"]) == ["plunge/sevens", "splash/straight"]
    assert (v["bids"], v["made"], v["set"]) == (3, 2, 1)


def test_card42_made_is_the_exact_bid_rate():
    stats = player_stats([(S["card42"], ["x", "y", "z"]), (S["card42-won"], ["x", "y"])])
    x = stats["x"]["by_variant"]["card42"]
    assert (x["bids"], x["made"], x["set"], x["made_rate"]) == (5, 5, 0, 1.0)
    assert x["by_level"] == {"1": {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0},
                             "2": {"bids": 1, "made": 1, "set": 0, "made_rate": 1.0},
                             "7": {"bids": 3, "made": 3, "set": 0, "made_rate": 1.0}}
    y = stats["y"]["by_variant"]["card42"]
    assert (y["bids"], y["made"], y["made_rate"]) == (5, 1, 0.2)
    assert stats["x"]["wins"] == 1 and stats["x"]["finished"] == 1 and stats["y"]["wins"] == 0
    assert stats["x"]["opponents"]["y"] == {"games": 2, "finished": 1, "wins": 1, "win_rate": 1.0,
                                            "their_wins": 0}
    assert stats["x"]["opponents"]["z"]["games"] == 1
    assert stats["x"]["partners"] == {}


def test_mexican_train_and_castle_rock():
    stats = player_stats([(S["mexican-train"], ["a", "b", "c"]), (S["mexican-train"], ["b", "a", "c"]),
                          (S["castle-rock"], ["a"]), (S["castle-rock"], ["a"])])
    a = stats["a"]
    assert a["by_variant"]["mexican-train"]["train"] == {"rounds": 6, "pips": 22, "avg_pips": 3.67,
                                                         "out": 2}
    assert a["by_variant"]["castle-rock"]["solitaire"] == {"games": 8, "wins": 4, "win_rate": 0.5,
                                                           "best": 0}
    # Castle Rock is never finished; neither game has bids.
    assert a["by_variant"]["castle-rock"]["finished"] == 0 and a["by_variant"]["castle-rock"]["wins"] == 0
    assert (a["games"], a["finished"], a["wins"], a["bids"]) == (4, 2, 1, 0)
    assert stats["c"]["by_variant"]["mexican-train"]["train"]["avg_pips"] == round(64 / 6, 2)


def test_streaks_follow_the_order_key_over_finished_games():
    # lechner42: seats 0 and 2 win. "me" wins at orders 1, 2, 4, 5, 6 and 9, loses at 3 and 8;
    # order 7 is unfinished and breaks nothing. Given shuffled.
    win, lose = ["me", "b", "c", "d"], ["b", "me", "c", "d"]
    games = [Game(S["lechner42"], win, 5), Game(S["lechner42"], lose, 3), Game(S["lechner42"], win, 1),
             Game(UNFINISHED_LECHNER, win, 7), Game(S["lechner42"], win, 6), Game(S["lechner42"], win, 2),
             Game(S["lechner42"], win, 4)]
    me = player_stats(games)["me"]
    assert me["streak"] == {"current": 3, "longest": 3}
    assert me["by_variant"]["lechner42"]["streak"] == {"current": 3, "longest": 3}
    me = player_stats(games + [Game(S["lechner42"], win, 9), Game(S["lechner42"], lose, 8)])["me"]
    assert me["streak"] == {"current": 1, "longest": 3}
    # Without order keys, the order given.
    me = player_stats([(S["lechner42"], win), (S["lechner42"], lose), (S["lechner42"], win)])["me"]
    assert me["streak"] == {"current": 1, "longest": 1}


def test_streaks_run_across_variants():
    games = [Game(S["moon"], ["x", "y", "me"], 1), Game(S["lechner42"], ["me", "b", "c", "d"], 2),
             Game(S["forty-two"], ["me", "b", "c", "d"], 3), Game(S["lechner42"], ["me", "b", "c", "d"], 4)]
    me = player_stats(games)["me"]
    assert me["streak"] == {"current": 1, "longest": 2}
    assert me["by_variant"]["lechner42"]["streak"] == {"current": 2, "longest": 2}
    assert me["by_variant"]["forty-two"]["streak"] == {"current": 0, "longest": 0}


def test_the_variants_add_up_to_the_whole():
    games = [(S[name], [f"p{i}" for i in range(len(CASES[name]["record"]["players"]))]) for name in S]
    for person, stats in player_stats(games).items():
        for key in ("games", "finished", "wins", "bids", "made", "set", "opponent_bids", "opponents_set"):
            assert stats[key] == sum(v[key] for v in stats["by_variant"].values()), (person, key)
        assert list(stats["by_variant"]) == [v for v in CASES if v in stats["by_variant"]]


def test_a_seat_of_nobody_is_skipped():
    stats = player_stats([(S["lechner42"], ["ann", None, "cat", "dan"])])
    assert list(stats) == ["ann", "cat", "dan"]
    assert list(stats["ann"]["opponents"]) == ["dan"]


def test_one_person_in_two_seats_counts_the_game_once():
    # After a merge, "ann" sat in both of side 0's seats: one game, one win, both seats' bids.
    stats = player_stats([(S["lechner42"], ["ann", "bob", "ann", "dan"])])
    ann = stats["ann"]
    assert (ann["games"], ann["finished"], ann["wins"], ann["bids"], ann["made"]) == (1, 1, 1, 2, 2)
    assert (ann["opponent_bids"], ann["opponents_set"]) == (4, 2)  # each seat's, summed
    assert ann["partners"] == {}
    assert list(ann["opponents"]) == ["bob", "dan"] and ann["opponents"]["bob"]["games"] == 1
    assert stats["bob"]["opponents"] == {
        "ann": {"games": 1, "finished": 1, "wins": 0, "win_rate": 0.0, "their_wins": 1}}
    # On both sides: she won (one of her seats did).
    both = player_stats([(S["lechner42"], ["ann", "ann", "cat", "dan"])])["ann"]
    assert (both["games"], both["wins"], both["bids"]) == (1, 1, 2)
    # Cat sat beside one of her seats and against the other, and so did Dan.
    assert set(both["partners"]) == set(both["opponents"]) == {"cat", "dan"}
    train = player_stats([(S["mexican-train"], ["x", "y", "x"])])["x"]["by_variant"]["mexican-train"]
    assert train["train"] == {"rounds": 6, "pips": 40, "avg_pips": 6.67, "out": 1}


def test_games_as_tuples_mappings_or_game():
    a = player_stats([Game(S["moon"], ["a", "b", "c"], 1)])
    assert player_stats([(S["moon"], ["a", "b", "c"])]) == a
    assert player_stats([(S["moon"], ("a", "b", "c"), None)]) == a
    assert player_stats([{"summary": S["moon"], "seats": ["a", "b", "c"], "order": 3}]) == a
    assert player_stats(g for g in [(S["moon"], ["a", "b", "c"])]) == a
    assert player_stats([]) == {}


def test_person_keys_may_be_any_hashable():
    stats = player_stats([(S["moon"], [7, (1, "x"), "c"])])
    assert list(stats) == [7, (1, "x"), "c"]
    assert stats[7]["opponents"][(1, "x")]["games"] == 1


def test_a_summary_of_another_version_or_the_wrong_seats_is_refused():
    old = copy.deepcopy(S["moon"])
    old["version"] = 0
    with pytest.raises(ValueError, match="recompute"):
        player_stats([(old, ["a", "b", "c"])])
    with pytest.raises(ValueError, match="3 seats"):
        player_stats([(S["moon"], ["a", "b"])])


def test_the_summaries_are_not_changed():
    before = copy.deepcopy(S)
    player_stats([(S[name], [f"p{i}" for i in range(len(CASES[name]["record"]["players"]))]) for name in S])
    player_stats([(S["lechner42"], ["a", "b", "a", "d"])])
    assert S == before


def test_club_summary():
    games = [Game(S["lechner42"], ["ann", "bob", "cat", "dan"], 1),
             Game(S["lechner42"], ["bob", "ann", "dan", "cat"], 2),
             Game(S["lechner42"], ["bob", "eve", "dan", "ann"], 3),
             Game(UNFINISHED_LECHNER, ["bob", "eve", "dan", "ann"], 4),
             Game(S["moon"], ["ann", "bob", "eve"], 5),
             Game(S["castle-rock"], ["eve"], 6)]
    club = club_summary(games)
    assert club == club_summary(games, player_stats(games))
    assert (club["games"], club["finished"]) == (6, 4)
    assert list(club["by_variant"]) == ["lechner42", "moon", "castle-rock"]
    lechner = club["by_variant"]["lechner42"]
    assert (lechner["games"], lechner["finished"]) == (4, 3)
    assert [(r["player"], r["wins"], r["finished"]) for r in lechner["leaderboard"]] == [
        ("bob", 2, 3), ("dan", 2, 3), ("cat", 1, 2), ("ann", 1, 3), ("eve", 0, 1)]
    assert lechner["leaderboard"][2] == {"player": "cat", "games": 2, "finished": 2, "wins": 1,
                                         "win_rate": 0.5}
    # Overall Bob lost the moon game (2 wins of 4), Dan did not play it (2 of 3); Eve won it
    # (1 of 2, as Cat, but in more games) and Ann lost it (1 of 4).
    assert [(r["player"], r["wins"], r["finished"], r["games"]) for r in club["leaderboard"]] == [
        ("dan", 2, 3, 4), ("bob", 2, 4, 5), ("eve", 1, 2, 4), ("cat", 1, 2, 2), ("ann", 1, 4, 5)]
    assert club["by_variant"]["castle-rock"] == {
        "games": 1, "finished": 0,
        "leaderboard": [{"player": "eve", "games": 1, "finished": 0, "wins": 0, "win_rate": None}]}
    assert club_summary([]) == {"games": 0, "finished": 0, "by_variant": {}, "leaderboard": []}
