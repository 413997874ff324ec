"""game_summary on small hand-built games, one or more per variant; every number worked out by
hand from spec/rules.md (the comments give the sums)."""
from __future__ import annotations

import json

import pytest

from rules._helpers import ok, rec
from scorekeeper.stats import SUMMARY_VERSION, bid_level, game_summary, level_rank, went_out


def seat_facts(summary, s):
    """(bids, made, set, opponent_bids, opponents_set, by_level as {label: (bids, made)})."""
    f = summary["seats"][s]
    return (f["bids"], f["made"], f["set"], f["opponent_bids"], f["opponents_set"],
            {k: (v["bids"], v["made"]) for k, v in f["by_level"].items()})


def contracts(summary, s, key="by_contract"):
    return {k: (v["bids"], v["made"]) for k, v in summary["seats"][s][key].items()}


CASES = {
    # card42, 3 players, dealer 0 then 1. Hand 0: bids 1,2,3, tricks 1,2,4: Ann and Bob exact.
    # Hand 1: bids 2,1,3 (Bob deals; 2 would make 7), tricks 2,0,5: only Ann exact.
    "card42": dict(
        record=rec("card42", [{"bids": [1, 2, 3], "tricks": [1, 2, 4]},
                              {"bids": [2, 1, 3], "tricks": [2, 0, 5]}]),
        finished=False, winners=[], winning_seats=[], redeals=0,
        seats=[(2, 2, 0, 0, 0, {"1": (1, 1), "2": (1, 1)}),
               (2, 1, 1, 0, 0, {"2": (1, 1), "1": (1, 0)}),
               (2, 0, 2, 0, 0, {"3": (2, 0)})]),
    # card42, 2 players: Ann bids 7 and takes 7 three times (14 each: 42 on an exact bid wins);
    # Bob bids 1 and takes nothing.
    "card42-won": dict(
        record=rec("card42", [{"bids": [7, 1], "tricks": [7, 0]}] * 3, n=2),
        finished=True, winners=[0], winning_seats=[0], redeals=0,
        seats=[(3, 3, 0, 0, 0, {"7": (3, 3)}), (3, 0, 3, 0, 0, {"1": (3, 0)})]),
    # card42-teams: Bob bids 5, his team catches 7 (made); all pass (a redeal); Ann bids 10 and
    # catches 4 (set). Ann & Cat defended one made bid; Bob & Dan set Ann's.
    "card42-teams": dict(
        record=rec("card42-teams", [{"bidder": 1, "bid": 5, "points": 7}, {"passed": True},
                                    {"bidder": 0, "bid": 10, "points": 4}]),
        finished=False, winners=[], winning_seats=[], redeals=1,
        seats=[(1, 0, 1, 1, 0, {"10": (1, 0)}), (1, 1, 0, 1, 1, {"5": (1, 1)}),
               (0, 0, 0, 1, 0, {}), (0, 0, 0, 1, 1, {})]),
    # texas42-1986: Bob 30 trumps, 34 caught (made); Cat 42 trash, set; Cat (dealer, last) 84
    # trumps with all 42 (made).
    "texas42-1986": dict(
        record=rec("texas42-1986", [
            {"bidder": 1, "bid": 30, "contract": "trumps", "points": 34},
            {"bidder": 2, "bid": 42, "contract": "trash", "made": False},
            {"bidder": 2, "bid": 84, "contract": "trumps", "points": 42}]),
        finished=False, winners=[], winning_seats=[], redeals=0,
        seats=[(0, 0, 0, 1, 0, {}), (1, 1, 0, 2, 1, {"30": (1, 1)}),
               (2, 1, 1, 1, 0, {"42": (1, 0), "84": (1, 1)}), (0, 0, 0, 2, 1, {})],
        contracts={1: {"trumps": (1, 1)}, 2: {"trumps": (1, 1), "trash": (1, 0)}}),
    # lechner42 to 5 marks: Bob 30 set (+1 Ann & Cat), Dan 42 nillo made (+1), Ann plunges
    # (4 marks) calling sevens and makes it: 5-1, Ann & Cat win.
    "lechner42": dict(
        record=rec("lechner42", [
            {"bidder": 1, "bid": 30, "contract": "straight", "points": 20},
            {"bidder": 3, "bid": 42, "contract": "nillo", "made": True},
            {"bidder": 2, "bid": 42, "contract": "straight", "points": 42},
            {"bidder": 0, "bid": 168, "contract": "plunge", "call": "sevens", "doubles": 4,
             "made": True}], options={"target_marks": 5}),
        finished=True, winners=[0], winning_seats=[0, 2], redeals=0,
        seats=[(1, 1, 0, 2, 1, {"plunge": (1, 1)}), (1, 0, 1, 2, 0, {"30-41": (1, 0)}),
               (1, 1, 0, 2, 1, {"1 mark": (1, 1)}), (1, 1, 0, 2, 0, {"1 mark": (1, 1)})],
        contracts={0: {"plunge": (1, 1)}, 1: {"straight": (1, 0)}, 2: {"straight": (1, 1)},
                   3: {"nillo": (1, 1)}},
        calls={0: {"plunge/sevens": (1, 1)}}),
    # texas42 with redeals: all pass; Bob splashes (3 marks) calling follow-me and is set;
    # Cat bids 2 marks on sevens and makes it.
    "texas42": dict(
        record=rec("texas42", [
            {"passed": True},
            {"bidder": 1, "bid": 126, "contract": "splash", "call": "follow-me", "doubles": 3,
             "made": False},
            {"bidder": 2, "bid": 84, "contract": "sevens", "made": True}],
            options={"all_pass": "redeal"}),
        finished=False, winners=[], winning_seats=[], redeals=1,
        seats=[(0, 0, 0, 1, 1, {}), (1, 0, 1, 1, 0, {"splash": (1, 0)}),
               (1, 1, 0, 1, 1, {"2 marks": (1, 1)}), (0, 0, 0, 1, 0, {})],
        contracts={1: {"splash": (1, 0)}, 2: {"sevens": (1, 1)}},
        calls={1: {"splash/follow-me": (1, 0)}}),
    # forty-two to 2 hands won: a redeal; Ann bids 37, catches 35 (set: Bob & Dan win the hand);
    # Bob bids 30, catches 30 (made: their second hand), Bob & Dan win.
    "forty-two": dict(
        record=rec("forty-two", [{"passed": True}, {"bidder": 0, "bid": 37, "points": 35},
                                 {"bidder": 1, "bid": 30, "points": 30}],
                   options={"target_hands": 2}),
        finished=True, winners=[1], winning_seats=[1, 3], redeals=1,
        seats=[(1, 0, 1, 1, 0, {"37": (1, 0)}), (1, 1, 0, 1, 1, {"30": (1, 1)}),
               (0, 0, 0, 1, 0, {}), (0, 0, 0, 1, 1, {})]),
    # moon: Ann bids 5, takes 5 (made); Bob shoots the moon, takes 6 (set); a redeal; Cat shoots
    # the moon and takes all 7: she wins at once.
    "moon": dict(
        record=rec("moon", [{"bidder": 0, "bid": 5, "tricks": [5, 1, 1]},
                            {"bidder": 1, "bid": 21, "tricks": [1, 6, 0]}, {"passed": True},
                            {"bidder": 2, "bid": 21, "tricks": [0, 0, 7]}]),
        finished=True, winners=[2], winning_seats=[2], redeals=1,
        seats=[(1, 1, 0, 2, 1, {"5": (1, 1)}), (1, 0, 1, 2, 0, {"moon shot": (1, 0)}),
               (1, 1, 0, 2, 1, {"moon shot": (1, 1)})]),
    "mexican-train": dict(
        record=rec("mexican-train", [{"pips": [0, 10, 20], "out": 0}, {"pips": [5, 0, 7]},
                                     {"pips": [3, 4, 5], "blocked": True}], options={"rounds": 3}),
        finished=True, winners=[0], winning_seats=[0], redeals=0,
        seats=[(0, 0, 0, 0, 0, {})] * 3,
        train=[{"rounds": 3, "pips": 8, "out": 1}, {"rounds": 3, "pips": 14, "out": 1},
               {"rounds": 3, "pips": 32, "out": 0}]),
    "castle-rock": dict(
        record=rec("castle-rock", [{"remaining": 5}, {"remaining": 2}, {"remaining": 0},
                                   {"remaining": 10}]),
        finished=False, winners=[], winning_seats=[], redeals=0,
        seats=[(0, 0, 0, 0, 0, {})],
        solitaire=[{"games": 4, "wins": 2, "best": 0}]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_summary_by_hand(name):
    case = CASES[name]
    record = case["record"]
    result = ok(record)
    summary = game_summary(record, result)
    assert summary["version"] == SUMMARY_VERSION
    assert summary["variant"] == record["variant"]
    assert summary["units"] == result["units"]
    assert summary["hands"] == len(record["hands"])
    assert summary["finished"] is case["finished"]
    assert summary["winners"] == case["winners"]
    assert summary["winning_seats"] == case["winning_seats"]
    assert summary["redeals"] == case["redeals"]
    assert [seat_facts(summary, s) for s in range(len(record["players"]))] == case["seats"]
    for s, f in enumerate(summary["seats"]):
        assert f["won"] is (s in case["winning_seats"])
        assert f["total"] == result["totals"][f["side"]]
        assert contracts(summary, s) == case.get("contracts", {}).get(s, {})
        assert contracts(summary, s, "by_call") == case.get("calls", {}).get(s, {})
        assert f["train"] == (case["train"][s] if "train" in case else None)
        assert f["solitaire"] == (case["solitaire"][s] if "solitaire" in case else None)
    assert json.loads(json.dumps(summary)) == summary
    assert game_summary(record) == summary  # scored here when no result is given


@pytest.mark.parametrize("variant,n,partnership", [
    ("lechner42", 4, True), ("card42", 5, False), ("moon", 3, False), ("castle-rock", 1, False)])
def test_sides_partners_and_opponents(variant, n, partnership):
    summary = game_summary(rec(variant, [], n=n))
    assert summary["partnership"] is partnership
    if partnership:
        assert summary["sides"] == [{"seats": [0, 2], "total": 0, "won": False},
                                    {"seats": [1, 3], "total": 0, "won": False}]
        assert [(f["side"], f["partners"], f["opponents"]) for f in summary["seats"]] == [
            (0, [2], [1, 3]), (1, [3], [0, 2]), (0, [0], [1, 3]), (1, [1], [0, 2])]
    else:
        assert [side["seats"] for side in summary["sides"]] == [[s] for s in range(n)]
        for s, f in enumerate(summary["seats"]):
            assert f["side"] == s and f["partners"] == []
            assert f["opponents"] == [t for t in range(n) if t != s]


def test_an_auction_gives_the_bidder_and_a_forced_bid_counts():
    # lechner42, dealer 0: Bob passes, Cat bids 31, Dan 84 (2 marks), Ann passes; then (dealer
    # Bob) everyone passes to Bob, who must bid: 30.
    record = rec("lechner42", [
        {"auction": ["pass", 31, 84, "pass"], "contract": "straight", "points": 42},
        {"auction": ["pass", "pass", "pass", 30], "contract": "straight", "points": 29}])
    summary = game_summary(record)
    assert seat_facts(summary, 3) == (1, 1, 0, 0, 0, {"2 marks": (1, 1)})
    assert seat_facts(summary, 1) == (1, 0, 1, 0, 0, {"30-41": (1, 0)})
    assert seat_facts(summary, 2) == (0, 0, 0, 2, 1, {})  # outbid: only the auction's winner bids


def test_the_summary_does_not_know_the_names():
    a = rec("moon", CASES["moon"]["record"]["hands"])
    b = dict(a, players=["Zed", "  Yan ", "Xia"])
    assert game_summary(a) == game_summary(b)


def test_an_invalid_record_is_refused_in_plain_words():
    with pytest.raises(ValueError, match="dealer"):
        game_summary(rec("card42", [{"bids": [3, 3, 1], "tricks": [3, 3, 1]}]))


@pytest.mark.parametrize("variant,bid,contract,label", [
    ("lechner42", 30, "straight", "30-41"), ("lechner42", 41, "straight", "30-41"),
    ("lechner42", 42, "sevens", "1 mark"), ("texas42", 84, "straight", "2 marks"),
    ("texas42", 168, "plunge", "plunge"), ("lechner42", 126, "splash", "splash"),
    ("texas42", 210, "straight", "5 marks"),
    ("moon", 4, None, "4"), ("moon", 7, None, "7"), ("moon", 21, None, "moon shot"),
    ("card42", 0, None, "0"), ("card42-teams", 18, None, "18"), ("forty-two", 42, None, "42"),
    ("texas42-1986", 30, "trumps", "30"), ("texas42-1986", 126, "trash", "126"),
])
def test_bid_levels(variant, bid, contract, label):
    assert bid_level(variant, bid, contract) == label


def test_level_order():
    labels = ["plunge", "2 marks", "splash", "30-41", "10 marks", "1 mark"]
    assert sorted(labels, key=level_rank) == ["30-41", "1 mark", "2 marks", "10 marks", "splash", "plunge"]
    assert sorted(["moon shot", "7", "4"], key=level_rank) == ["4", "7", "moon shot"]
    assert sorted(["84", "30", "42", "126"], key=level_rank) == ["30", "42", "84", "126"]


@pytest.mark.parametrize("hand,out", [
    ({"pips": [0, 5, 6], "out": 0}, 0),
    ({"pips": [4, 0, 6]}, 1),                       # not given: the one player at 0
    ({"pips": [0, 0, 6]}, None),                    # two at 0 and no "out": nobody is credited
    ({"pips": [0, 0, 6], "out": 1}, 1),
    ({"pips": [0, 3, 6], "blocked": True}, None),   # a blocked round: nobody went out
    ({"pips": [0, 0, 6], "double_blank": 1}, 0),    # at 0 holding the double blank: not out
])
def test_who_went_out(hand, out):
    assert went_out(hand) == out


def test_mexican_train_pips_count_the_double_blank():
    record = rec("mexican-train", [{"pips": [0, 0, 12], "double_blank": 1}],
                 options={"double_blank": 25, "rounds": 1})
    trains = [f["train"] for f in game_summary(record)["seats"]]
    assert trains == [{"rounds": 1, "pips": 0, "out": 1}, {"rounds": 1, "pips": 25, "out": 0},
                      {"rounds": 1, "pips": 12, "out": 0}]


def test_a_game_without_hands():
    summary = game_summary({"variant": "texas42", "players": ["A", "B", "C", "D"]})
    assert summary["hands"] == 0 and summary["finished"] is False
    assert all(f["bids"] == 0 and f["by_level"] == {} for f in summary["seats"])
