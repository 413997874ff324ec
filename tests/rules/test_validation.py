"""Every validation rule of spec/rules.md and spec/game-record.md: one record it rejects.

The bad hand sits after valid hands (index > 0) and the error must name the rule.
A tuple in the expected words means "one of these"."""
from __future__ import annotations

import pytest

from ._helpers import NAMES, bad, ok, rec

P = pytest.param

# Valid, non-finishing hands to put before the bad one.
PREFIX = {
    "card42": [{"bids": [1, 2, 3], "tricks": [1, 2, 4]}, {"bids": [0, 0, 0], "tricks": [3, 3, 1]}],
    "card42-teams": [{"bidder": 0, "bid": 5, "points": 6}, {"auction": [3, "pass", "pass", "pass"], "points": 1}],
    "texas42-1986": [{"bidder": 0, "bid": 30, "contract": "trumps", "points": 31},
                     {"auction": ["pass", 31, "pass", "pass"], "contract": "trumps", "points": 10}],
    "lechner42": [{"bidder": 0, "bid": 30, "contract": "straight", "points": 31},
                  {"auction": ["pass", 31, "pass", "pass"], "contract": "straight", "points": 10}],
    "texas42": [{"bidder": 0, "bid": 30, "contract": "straight", "points": 31},
                {"auction": ["pass", 31, "pass", "pass"], "contract": "straight", "points": 10}],
    "forty-two": [{"bidder": 0, "bid": 30, "points": 31}, {"passed": True}],
    "moon": [{"bidder": 0, "bid": 4, "tricks": [4, 2, 1]}, {"passed": True}],
    "mexican-train": [{"pips": [0, 5, 9], "out": 0}, {"pips": [4, 0, 2]}],
    "castle-rock": [{"remaining": 5}, {"remaining": 0}],
}

DEALER = ("dealer", "shaker", "shuffler")
TOP = ("top", "higher", "more than", "above", "beat", "raise", "exceed")
AGREE = ("agree", "match", "auction", "differ", "but")
OVER = ("over", "won", "finished", "ended", "end")


def prefixed(variant, hand, n=None, options=None, first_dealer=None, k=2):
    return rec(variant, PREFIX[variant][:k] + [hand], n=n, options=options, first_dealer=first_dealer)


def test_prefixes_are_valid():
    for vid, hands in PREFIX.items():
        res = ok(rec(vid, hands))
        assert res["finished"] is False, vid


# --------------------------------------------------------------------------- record level: hand None

@pytest.mark.parametrize("record", [
    P([], id="list"), P("card42", id="string"), P(42, id="int"), P(None, id="null"), P(True, id="bool"),
    P(3.5, id="float"),
])
def test_record_not_an_object(record):
    bad(record, None)


@pytest.mark.parametrize("variant", [P("poker", id="poker"), P("CARD42", id="case"), P("", id="empty"),
                                     P(42, id="int"), P(None, id="null")])
def test_record_unknown_variant(variant):
    bad({"variant": variant, "players": NAMES[:4], "hands": []}, None, ("variant", "game"))


def test_record_missing_variant():
    bad({"players": NAMES[:4], "hands": []}, None, ("variant", "game"))


@pytest.mark.parametrize("variant, n", [
    P("card42", 1, id="card42-1"), P("card42", 8, id="card42-8"),
    P("card42-teams", 3, id="teams-3"), P("card42-teams", 5, id="teams-5"),
    P("texas42-1986", 3, id="texas42-1986-3"), P("lechner42", 5, id="lechner42-5"),
    P("texas42", 2, id="texas42-2"), P("forty-two", 3, id="forty-two-3"),
    P("moon", 2, id="moon-2"), P("moon", 4, id="moon-4"),
    P("mexican-train", 1, id="mexican-1"), P("mexican-train", 9, id="mexican-9"),
    P("castle-rock", 2, id="castle-rock-2"), P("castle-rock", 0, id="castle-rock-0"),
])
def test_record_wrong_number_of_players(variant, n):
    bad(rec(variant, [], n=n), None, "player")


@pytest.mark.parametrize("players", [P("Ann", id="string"), P(None, id="null"), P(4, id="int")])
def test_record_players_not_a_list(players):
    bad({"variant": "lechner42", "players": players, "hands": []}, None)


@pytest.mark.parametrize("variant, first_dealer", [
    P("card42", 3, id="card42-3-of-3"), P("card42", -1, id="negative"), P("lechner42", 4, id="lechner-4"),
    P("moon", "0", id="string"), P("forty-two", 1.5, id="float"), P("mexican-train", 99, id="mexican-99"),
])
def test_record_bad_first_dealer(variant, first_dealer):
    bad(rec(variant, [], first_dealer=first_dealer), None, ("dealer", "first", "seat"))


@pytest.mark.parametrize("variant", list(PREFIX))
def test_record_unknown_option(variant):
    bad(rec(variant, PREFIX[variant], options={"no_such_rule": 1}), None, ("option", "no_such_rule"))


@pytest.mark.parametrize("variant, options", [
    P("card42", {"cap_at_42": "yes"}, id="card42-cap-str"),
    P("card42", {"bonus": "3"}, id="card42-bonus-str"),
    P("card42", {"bonus": -1}, id="card42-bonus-neg"),
    P("card42-teams", {"target_points": "42"}, id="teams-target-str"),
    P("card42-teams", {"target_points": -5}, id="teams-target-neg"),
    P("texas42-1986", {"target_points": 300.5}, id="t1986-target-float"),
    P("lechner42", {"target_marks": "7"}, id="lechner-target-str"),
    P("lechner42", {"target_marks": -1}, id="lechner-target-neg"),
    P("lechner42", {"win_by": -2}, id="lechner-win-by-neg"),
    P("texas42", {"all_pass": "sometimes"}, id="texas-all-pass-choice"),
    P("texas42", {"all_pass": True}, id="texas-all-pass-bool"),
    P("texas42", {"contracts": ["straight", "poker"]}, id="texas-contracts-unknown"),
    P("texas42", {"contracts": "straight"}, id="texas-contracts-not-list"),
    P("forty-two", {"target_points": -1}, id="forty-two-target-neg"),
    P("forty-two", {"target_hands": "7"}, id="forty-two-hands-str"),
    P("moon", {"target_points": "21"}, id="moon-target-str"),
    P("mexican-train", {"set": 10}, id="mexican-set-10"),
    P("mexican-train", {"set": "12"}, id="mexican-set-str"),
    P("mexican-train", {"rounds": 0}, id="mexican-rounds-0"),
    P("mexican-train", {"rounds": "3"}, id="mexican-rounds-str"),
    P("mexican-train", {"double_blank": "25"}, id="mexican-double-blank-str"),
    P("mexican-train", {"double_blank": -25}, id="mexican-double-blank-neg"),
])
def test_record_bad_option_value(variant, options):
    (name,) = options
    bad(rec(variant, PREFIX[variant], options=options), None, ("option", "house rule"), name)


@pytest.mark.parametrize("options", [P([], id="list"), P("x", id="str"), P(7, id="int")])
def test_record_options_not_an_object(options):
    bad(rec("lechner42", [], options=options), None, ("option",))


@pytest.mark.parametrize("hands", [P({}, id="object"), P("x", id="string"), P(3, id="int")])
def test_record_hands_not_a_list(hands):
    r = rec("moon", [])
    r["hands"] = hands
    bad(r, None, ("hand",))


# --------------------------------------------------------------------------- card42

@pytest.mark.parametrize("hand, words", [
    # hand index 2 with 3 players: dealer is seat 2, who bids last.
    P({"bids": [3, 3, 1], "tricks": [3, 3, 1]}, [DEALER, "7"], id="dealer-bid-makes-7"),
    P({"bids": [0, 0, 7], "tricks": [0, 0, 7]}, [DEALER, "7"], id="dealer-bid-7-makes-7"),
    P({"bids": [1, 2, 3], "tricks": [1, 2, 3]}, ["trick", "7"], id="tricks-total-6"),
    P({"bids": [1, 2, 3], "tricks": [3, 3, 3]}, ["trick", "7"], id="tricks-total-9"),
    P({"bids": [8, 0, 0], "tricks": [7, 0, 0]}, ["bid"], id="bid-8"),
    P({"bids": [-1, 0, 0], "tricks": [7, 0, 0]}, ["bid"], id="bid-negative"),
    P({"bids": ["3", 0, 0], "tricks": [7, 0, 0]}, ["bid"], id="bid-string"),
    P({"bids": [1.5, 0, 0], "tricks": [7, 0, 0]}, ["bid"], id="bid-float"),
    P({"bids": [1, 2], "tricks": [1, 2, 4]}, ["bid"], id="bids-too-few"),
    P({"bids": [1, 2, 0, 0], "tricks": [1, 2, 4]}, ["bid"], id="bids-too-many"),
    P({"bids": [1, 2, 0], "tricks": [5, 2]}, ["trick"], id="tricks-too-few"),
    P({"bids": [1, 2, 0], "tricks": [8, -1, 0]}, ["trick"], id="trick-negative"),
    P({"bids": [1, 2, 0]}, ["trick"], id="tricks-missing"),
    P({"tricks": [1, 2, 4]}, ["bid"], id="bids-missing"),
])
def test_card42_hand_rules(hand, words):
    bad(prefixed("card42", hand), 2, *words)


def test_card42_hand_not_an_object():
    bad(prefixed("card42", [1, 2, 3]), 2)


# --------------------------------------------------------------------------- card42-teams

@pytest.mark.parametrize("hand, words", [
    P({"bidder": 0, "bid": 1, "points": 5}, ["bid", ("2", "18")], id="bid-1"),
    P({"bidder": 0, "bid": 19, "points": 5}, ["bid", "18"], id="bid-19"),
    P({"bidder": 4, "bid": 5, "points": 5}, [("bidder", "seat", "player")], id="bidder-4"),
    P({"bidder": 0, "bid": 5, "points": 19}, ["point", "18"], id="points-19"),
    P({"bidder": 0, "bid": 5, "points": -1}, ["point"], id="points-negative"),
    P({"bidder": 0, "bid": 5, "points": {"high": True, "other_aces": 4, "jack": False, "other_jacks": 0,
                                          "four": False, "game": False, "three": False}},
      [("ace",)], id="other-aces-4"),
    P({"bidder": 0, "bid": 5, "points": {"high": True, "other_aces": 0, "jack": False, "other_jacks": 4,
                                          "four": False, "game": False, "three": False}},
      [("jack",)], id="other-jacks-4"),
    P({"auction": [5, 5, "pass", "pass", "pass"], "points": 5}, [TOP], id="auction-not-higher"),
    P({"auction": [5, 4, "pass", "pass", "pass"], "points": 5}, [TOP], id="auction-lower"),
    P({"auction": [19, "pass", "pass", "pass"], "points": 5}, ["18"], id="auction-bid-19"),
    P({"auction": [1, "pass", "pass", "pass"], "points": 5}, [("2", "18")], id="auction-bid-1"),
    P({"auction": [18, "pass", "pass", "pass"], "points": 18}, [("18", "end", "over", "call", "after")],
      id="auction-calls-after-18"),
    P({"auction": [5, "pass", "pass", "pass", "pass"], "points": 5}, [("auction", "call", "pass", "bid")],
      id="auction-too-many-calls"),
    P({"auction": [5, "pass"], "points": 5}, [("auction", "call", "pass", "bid")], id="auction-unfinished"),
    P({"auction": [5, "pass", "pass", "pass"], "bidder": 0, "bid": 5, "points": 5}, [AGREE],
      id="auction-bidder-disagrees"),
    P({"auction": [5, "pass", "pass", "pass"], "bid": 6, "points": 5}, [AGREE], id="auction-bid-disagrees"),
    P({"auction": [5, "bid", "pass", "pass"], "points": 5}, [("call", "pass", "bid")], id="auction-bad-call"),
])
def test_card42_teams_hand_rules(hand, words):
    # hand 2: dealer (0 - 2) % 4 = 2, first call by seat 3
    bad(prefixed("card42-teams", hand), 2, *words)


# --------------------------------------------------------------------------- texas42-1986

def t86(**kw):
    h = {"bidder": 0, "bid": 30, "contract": "trumps", "points": 30}
    h.update(kw)
    return h


@pytest.mark.parametrize("hand, words", [
    P(t86(bid=29), ["30"], id="bid-29"),
    P(t86(bid=43), [("42", "multiple")], id="bid-43"),
    P(t86(bid=85), [("42", "multiple")], id="bid-85"),
    P(t86(bid=100), [("42", "multiple")], id="bid-100"),
    P(t86(points=43), ["point"], id="points-43"),
    P(t86(points=-1), ["point"], id="points-negative"),
    P(t86(contract="nello"), ["contract"], id="unknown-contract"),
    P(t86(trump=7), ["trump"], id="trump-7"),
    P({"bidder": 0, "bid": 30, "contract": "trash", "made": True}, ["trash", "42"], id="trash-on-30"),
    P({"bidder": 0, "bid": 41, "contract": "trash", "made": False}, ["trash", "42"], id="trash-on-41"),
    P({"auction": ["pass", "pass", "pass", "pass"], "contract": "trumps", "points": 30}, ["pass", DEALER],
      id="dealer-may-not-pass"),
    P({"passed": True}, [("pass", "redeal", DEALER[0])], id="no-redeal"),
    P({"auction": [30, 84, "pass", "pass"], "contract": "trumps", "points": 42}, ["42"],
      id="84-before-anyone-bid-42"),
    P({"auction": [31, 30, "pass", "pass"], "contract": "trumps", "points": 42}, [TOP], id="not-topping"),
    P({"auction": [31, 31, "pass", "pass"], "contract": "trumps", "points": 42}, [TOP], id="equal-not-topping"),
    P({"auction": [42, 43, "pass", "pass"], "contract": "trumps", "points": 42}, [("42", "multiple")],
      id="43-after-42"),
    P({"auction": [30, "pass", "pass"], "contract": "trumps", "points": 42}, [("auction", "call", "bid", "pass")],
      id="three-calls"),
    P({"auction": [30, "pass", "pass", "pass", "pass"], "contract": "trumps", "points": 42},
      [("auction", "call", "bid", "pass", "once")], id="five-calls"),
    P({"auction": [30, "pass", "pass", "pass"], "bidder": 0, "contract": "trumps", "points": 42}, [AGREE],
      id="bidder-disagrees"),
])
def test_texas42_1986_hand_rules(hand, words):
    bad(prefixed("texas42-1986", hand), 2, *words)


# --------------------------------------------------------------------------- lechner42 / texas42

def mk(**kw):
    h = {"bidder": 0, "bid": 30, "contract": "straight", "points": 30}
    h.update(kw)
    return h


MARKS_COMMON = [
    P(mk(bid=43), ["bid"], id="bid-43-not-a-bid"),
    P(mk(bid=50), ["bid"], id="bid-50-not-a-bid"),
    P(mk(bid=29), ["30"], id="bid-29"),
    P(mk(bidder=5), [("bidder", "seat", "player")], id="bidder-5"),
    P(mk(points=43), ["point"], id="points-43"),
    P(mk(points=-2), ["point"], id="points-negative"),
    P(mk(contract="lowboy"), ["contract"], id="unknown-contract"),
    P(mk(trump=7), ["trump"], id="trump-7"),
    P(mk(points=30, made=False), [("made", "point", "agree")], id="points-and-made-disagree"),
    P(mk(bid=84, points=41, made=True), [("made", "point", "agree", "42")], id="points-and-made-disagree-84"),
    P({"bidder": 0, "bid": 30, "contract": "straight"}, [("point", "made", "outcome", "result")],
      id="no-outcome"),
    P(mk(contract="sevens", bid=30, points=None, made=True), ["mark"], id="sevens-needs-1-mark"),
    P({"bidder": 0, "bid": 41, "contract": "nillo", "made": True}, ["mark"], id="nillo-needs-1-mark"),
    P({"bidder": 0, "bid": 30, "contract": "follow-me", "made": True}, ["mark"], id="follow-me-needs-1-mark"),
    P({"bidder": 0, "bid": 42, "contract": "nillo", "doubles": "sideways", "made": True}, ["double"],
      id="nillo-bad-doubles"),
    P({"bidder": 0, "bid": 42, "contract": "follow-me", "doubles": "suit", "made": True}, ["double"],
      id="follow-me-doubles-suit"),
    P({"bidder": 0, "bid": 168, "contract": "plunge", "call": "straight", "doubles": 3, "made": True},
      ["double", "4"], id="plunge-3-doubles"),
    P({"bidder": 0, "bid": 126, "contract": "splash", "call": "straight", "doubles": 2, "made": True},
      ["double", "3"], id="splash-2-doubles"),
    P({"bidder": 0, "bid": 126, "contract": "plunge", "call": "straight", "doubles": 4, "made": True},
      [("4", "mark", "plunge")], id="plunge-bid-3-marks"),
    P({"bidder": 0, "bid": 84, "contract": "splash", "call": "straight", "doubles": 4, "made": True},
      [("3", "mark", "splash")], id="splash-bid-2-marks"),
    P({"bidder": 0, "bid": 168, "contract": "plunge", "call": "trash", "doubles": 4, "made": True},
      [("call", "contract", "trash")], id="plunge-bad-call"),
    P({"auction": ["pass", "pass", "pass", "pass"], "contract": "straight", "points": 30}, ["pass", DEALER],
      id="shaker-may-not-pass"),
    P({"passed": True}, [("pass", "redeal", DEALER[0], DEALER[1])], id="no-redeal"),
    P({"auction": [84, 42, "pass", "pass"], "contract": "straight", "points": 42}, [TOP], id="not-topping"),
    P({"auction": [31, 30, "pass", "pass"], "contract": "straight", "points": 42}, [TOP], id="not-topping-points"),
    P({"auction": [30, 43, "pass", "pass"], "contract": "straight", "points": 42}, ["bid"], id="auction-43"),
    P({"auction": ["plunge", "pass", "pass", "pass"], "contract": "straight", "points": 42},
      [("plunge",)], id="plunge-call-but-straight-contract"),
    P({"auction": [30, "pass", "pass"], "contract": "straight", "points": 42},
      [("auction", "call", "bid", "pass")], id="three-calls"),
    P({"auction": [30, "pass", "pass", "pass", 31], "contract": "straight", "points": 42},
      [("auction", "call", "bid", "pass", "once")], id="five-calls"),
    P({"auction": [30, "pass", "pass", "pass"], "bid": 31, "contract": "straight", "points": 42}, [AGREE],
      id="bid-disagrees"),
    P({"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge", "call": "straight", "doubles": 3,
       "made": True}, ["double"], id="plunge-call-3-doubles"),
]

LECHNER_ONLY = [
    P({"auction": [30, 126, "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="raise-limit-after-30"),
    P({"auction": [126, "pass", "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="raise-limit-opening"),
    P({"auction": [84, 210, "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="raise-limit-after-84"),
    P({"auction": [42, 168, "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="raise-limit-after-42"),
    P({"auction": [84, 168, "pass", "pass"], "contract": "plunge", "call": "straight", "doubles": 4,
       "made": True}, [("plunge", "call", "contract")], id="plunge-contract-but-plain-bid"),
]

TEXAS_ONLY = [
    P({"auction": [126, "pass", "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="open-3-marks"),
    P({"auction": [30, 126, "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="126-over-30"),
    P({"auction": [84, 168, "pass", "pass"], "contract": "straight", "made": True}, ["mark"],
      id="two-marks-over-84"),
    P({"auction": [84, 126, 210, "pass"], "contract": "straight", "made": True}, ["mark"],
      id="two-marks-over-126"),
]


@pytest.mark.parametrize("hand, words", MARKS_COMMON + LECHNER_ONLY)
def test_lechner42_hand_rules(hand, words):
    hand = {k: v for k, v in hand.items() if v is not None}
    bad(prefixed("lechner42", hand), 2, *words)


@pytest.mark.parametrize("hand, words", MARKS_COMMON + TEXAS_ONLY)
def test_texas42_hand_rules(hand, words):
    hand = {k: v for k, v in hand.items() if v is not None}
    bad(prefixed("texas42", hand), 2, *words)


@pytest.mark.parametrize("contract, hand", [
    P("sevens", {"bidder": 0, "bid": 42, "contract": "sevens", "made": True}, id="sevens"),
    P("plunge", {"bidder": 0, "bid": 168, "contract": "plunge", "call": "straight", "doubles": 4, "made": True},
      id="plunge"),
    P("nillo", {"bidder": 1, "bid": 42, "contract": "nillo", "made": False}, id="nillo"),
])
def test_texas42_contract_not_allowed_by_option(contract, hand):
    options = {"contracts": ["straight", "follow-me", "splash"]}
    bad(prefixed("texas42", hand, options=options), 2, ("contract", contract))
    # ... but is fine when the table allows it
    ok(prefixed("texas42", hand, options={"contracts": ["straight", contract]}))


def test_texas42_all_pass_forced_by_default_redeal_by_option():
    hand = {"auction": ["pass", "pass", "pass", "pass"]}
    bad(prefixed("texas42", hand), 2, "pass")
    ok(prefixed("texas42", hand, options={"all_pass": "redeal"}))
    bad(prefixed("texas42", hand, options={"all_pass": "forced"}), 2, "pass")


# --------------------------------------------------------------------------- forty-two

@pytest.mark.parametrize("hand, words", [
    P({"bidder": 0, "bid": 29, "points": 30}, ["30"], id="bid-29"),
    P({"bidder": 0, "bid": 43, "points": 30}, ["42"], id="bid-43"),
    P({"bidder": 0, "bid": 84, "points": 42}, ["42"], id="bid-84"),
    P({"bidder": 0, "bid": 30, "points": 43}, ["point"], id="points-43"),
    P({"bidder": 0, "bid": 30, "points": -1}, ["point"], id="points-negative"),
    P({"bidder": -1, "bid": 30, "points": 3}, [("bidder", "seat", "player")], id="bidder-negative"),
    P({"auction": [31, 30, "pass", "pass"], "points": 30}, [TOP], id="not-topping"),
    P({"auction": [31, 31, "pass", "pass"], "points": 30}, [TOP], id="equal"),
    P({"auction": [31, 43, "pass", "pass"], "points": 30}, ["42"], id="auction-43"),
    P({"auction": [31, "pass", "pass"], "points": 30}, [("auction", "call", "bid", "pass")], id="three-calls"),
    P({"auction": [31, "pass", "pass", "pass", 32], "points": 30}, [("auction", "call", "bid", "pass", "once")],
      id="five-calls"),
    P({"auction": [31, "pass", "pass", "pass"], "bid": 32, "points": 30}, [AGREE], id="bid-disagrees"),
])
def test_forty_two_hand_rules(hand, words):
    bad(prefixed("forty-two", hand), 2, *words)


# --------------------------------------------------------------------------- moon

@pytest.mark.parametrize("hand, words", [
    P({"bidder": 0, "bid": 3, "tricks": [3, 2, 2]}, ["bid"], id="bid-3"),
    P({"bidder": 0, "bid": 8, "tricks": [3, 2, 2]}, ["bid"], id="bid-8"),
    P({"bidder": 0, "bid": 14, "tricks": [3, 2, 2]}, ["bid"], id="bid-14"),
    P({"bidder": 3, "bid": 4, "tricks": [3, 2, 2]}, [("bidder", "seat", "player")], id="bidder-3"),
    P({"bidder": 0, "bid": 4, "tricks": [3, 2, 1]}, ["trick", "7"], id="tricks-total-6"),
    P({"bidder": 0, "bid": 4, "tricks": [4, 2, 2]}, ["trick", "7"], id="tricks-total-8"),
    P({"bidder": 0, "bid": 4, "tricks": [5, 2]}, ["trick"], id="tricks-two-seats"),
    P({"bidder": 0, "bid": 4, "tricks": [8, -1, 0]}, ["trick"], id="tricks-negative"),
    P({"auction": [5, 4, "pass"], "tricks": [3, 2, 2]}, [TOP], id="auction-not-topping"),
    P({"auction": [21, 7, "pass"], "tricks": [3, 2, 2]}, [TOP], id="auction-7-after-21"),
    P({"auction": [5, "pass"], "tricks": [3, 2, 2]}, [("auction", "call", "bid", "pass")], id="auction-short"),
    P({"auction": [5, "pass", "pass", 6], "tricks": [3, 2, 2]}, [("auction", "call", "bid", "pass", "once")],
      id="auction-long"),
    P({"auction": [5, "pass", "pass"], "bidder": 1, "tricks": [3, 2, 2]}, [AGREE], id="bidder-disagrees"),
])
def test_moon_hand_rules(hand, words):
    bad(prefixed("moon", hand), 2, *words)


# --------------------------------------------------------------------------- mexican-train

@pytest.mark.parametrize("hand, words", [
    P({"pips": [0, -1, 5]}, ["pip"], id="negative"),
    P({"pips": [0, 2.5, 5]}, ["pip"], id="fraction"),
    P({"pips": [0, "5", 5]}, ["pip"], id="string"),
    P({"pips": [0, 5]}, ["pip"], id="too-few-seats"),
    P({"pips": [0, 5, 5, 5]}, ["pip"], id="too-many-seats"),
    P({"pips": [3, 5, 7]}, [("out", "domino", "0", "blocked")], id="nobody-out-not-blocked"),
    P({"pips": [0, 5, 7], "out": 1}, ["out"], id="out-has-pips"),
    P({"pips": [0, 5, 7], "out": 3}, [("out", "seat", "player")], id="out-no-such-seat"),
    P({"pips": [0, 500, 573]}, ["pip"], id="more-pips-than-the-set-1073"),
    P({"pips": [0, 600, 600]}, ["pip"], id="more-pips-than-the-set-1200"),
    P({}, ["pip"], id="no-pips"),
])
def test_mexican_train_hand_rules(hand, words):
    # hand 2 uses the engine double 10: at most 1092 - 20 = 1072 pips outside it
    bad(prefixed("mexican-train", hand), 2, *words)


def test_mexican_train_pip_limit_is_outside_the_engine_double():
    # round 0, engine double 12 (24 pips): 1092 - 24 = 1068 is the most the hands can hold
    ok(rec("mexican-train", [{"pips": [0, 500, 568]}]))
    bad(rec("mexican-train", [{"pips": [0, 500, 569]}]), 0, "pip")


# --------------------------------------------------------------------------- castle-rock

@pytest.mark.parametrize("hand, words", [
    P({"remaining": 92}, [("91", "remaining", "domino")], id="92"),
    P({"remaining": -1}, [("remaining", "domino", "0")], id="negative"),
    P({"remaining": "3"}, [("remaining", "domino", "number")], id="string"),
    P({"remaining": 2.5}, [("remaining", "domino", "number", "whole")], id="float"),
    P({}, [("remaining", "domino")], id="missing"),
])
def test_castle_rock_hand_rules(hand, words):
    bad(prefixed("castle-rock", hand), 2, *words)


# --------------------------------------------------------------------------- a hand after the game is won

@pytest.mark.parametrize("variant, hands, extra", [
    P("moon", [{"bidder": 0, "bid": 4, "tricks": [4, 2, 1]}, {"bidder": 1, "bid": 21, "tricks": [0, 7, 0]}],
      {"passed": True}, id="moon-after-moon"),
    P("card42-teams", [{"bidder": 0, "bid": 18, "points": 18}] * 3, {"bidder": 1, "bid": 2, "points": 2},
      id="teams-after-42"),
    P("card42", [{"bids": [7, 0, 1], "tricks": [7, 0, 0]}] * 3, {"bids": [0, 0, 0], "tricks": [7, 0, 0]},
      id="card42-after-42"),
])
def test_hand_after_game_won(variant, hands, extra):
    res = ok(rec(variant, hands))
    assert res["finished"] is True
    bad(rec(variant, hands + [extra]), len(hands), OVER)


# --------------------------------------------------------------------------- more rules

@pytest.mark.parametrize("variant, hand, words", [
    # "checks what it can from the result alone": the first caller (left of the dealer) opens the auction
    P("texas42-1986", {"bidder": 3, "bid": 84, "contract": "trumps", "points": 42}, ["42"],
      id="1986-first-caller-cannot-bid-84"),
    P("lechner42", {"bidder": 3, "bid": 126, "contract": "straight", "made": True}, ["mark"],
      id="lechner-first-caller-cannot-open-3-marks"),
    P("texas42", {"bidder": 3, "bid": 126, "contract": "straight", "made": True}, ["mark"],
      id="texas-first-caller-cannot-open-3-marks"),
    P("lechner42", {"bidder": 0, "bid": 168, "contract": "plunge", "call": "straight", "made": True}, ["double"],
      id="plunge-without-doubles"),
    P("lechner42", {"bidder": 0, "bid": 42, "contract": "sevens", "points": 42}, [("point", "made", "straight")],
      id="points-only-for-straight"),
    P("card42", {"bids": [True, 2, 3], "tricks": [1, 2, 4]}, ["bid"], id="card42-bool-is-not-a-bid"),
    P("moon", {"bidder": 0, "bid": True, "tricks": [7, 0, 0]}, ["bid"], id="moon-bool-bid"),
])
def test_more_hand_rules(variant, hand, words):
    # hand 2: the dealer is seat 2 and seat 3 calls first
    bad(prefixed(variant, hand), 2, *words)


def test_texas42_contracts_option_applies_to_auction_calls():
    hand = {"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge", "call": "straight", "doubles": 4,
            "made": True}
    bad(prefixed("texas42", hand, options={"contracts": ["straight", "sevens"]}), 2, "plunge")


def test_mexican_train_double_blank_holder_must_be_a_seat():
    bad(prefixed("mexican-train", {"pips": [0, 5, 9], "double_blank": 3}, options={"double_blank": 25}), 2,
        ("double", "seat", "player"))


@pytest.mark.parametrize("variant, options", [
    P("mexican-train", {"rounds": 14}, id="rounds-more-than-set-plus-1"),
    P("forty-two", {"target_points": 0, "target_hands": 0}, id="forty-two-no-goal"),
])
def test_more_record_options(variant, options):
    bad(rec(variant, [], options=options), None)


def test_bool_first_dealer():
    bad(rec("moon", [], first_dealer=True), None, ("dealer", "first", "seat"))


def test_dealers_ahead_follow_the_deal_round_the_table():
    """Who deals the next hands (a phone keeping hands offline names them): the first is the
    engine's next dealer for every variant; the deal passes left, card42-teams' to the right."""
    from scorekeeper.rules import VARIANTS, dealers_ahead, score

    for variant_id, variant in VARIANTS.items():
        n = max(variant.min_players, 2)
        record = {"variant": variant_id, "players": ["A", "B", "C", "D", "E", "F"][:n],
                  "first_dealer": 1, "hands": []}
        result = score(record)
        if not result.get("ok"):
            continue
        assert dealers_ahead(record, 3)[0] == result["next_dealer"], variant_id
    texas = {"variant": "texas42", "players": list("ABCD"), "first_dealer": 2, "hands": []}
    assert dealers_ahead(texas, 5) == [2, 3, 0, 1, 2]
    card = {"variant": "card42-teams", "players": list("ABCD"), "first_dealer": 0, "hands": []}
    assert dealers_ahead(card, 4) == [0, 3, 2, 1]
    assert dealers_ahead({"variant": "nope"}, 3) == []
