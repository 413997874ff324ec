"""texas42's "More house rules" (rules.md), each option at each value, and the Readings of
rules.md and game-record.md that the auction core implements.

Expected values are worked out by hand from the spec, never from the engine. Hand 0 is dealt by
seat 0 (Ann), so Bob (seat 1) calls first and Ann last."""
from __future__ import annotations

import pytest

from scorekeeper.rules import legal_calls, score

from ._helpers import NAMES, assert_plain_sentence, bad, ok, rec, sub

P = pytest.param
ANN, BOB, CAT, DAN = range(4)


def texas(hands, **options):
    return rec("texas42", hands, options=options or None)


def calls_of(lc, call):
    """The offered entry for `call` (a bid, "pass", "plunge" or "splash")."""
    found = [c for c in lc["calls"] if c["call"] == call and type(c["call"]) is type(call)]
    assert found, f"{call!r} is not offered: {lc['calls']}"
    return found[0]


def straight(auction, **extra):
    return {"auction": auction, "contract": "straight", "made": True, **extra}


def special(auction, contract, doubles=4, **extra):
    return {"auction": auction, "contract": contract, "call": "straight", "doubles": doubles,
            "made": True, **extra}


def won(res, bidder, bid):
    sub(res["hands"][-1], {"bidder": bidder, "bid": bid, "made": True})


# --------------------------------------------------------------------------- the defaults

def test_records_without_the_new_keys_score_as_with_the_defaults():
    hands = [straight([30, 84, "pass", "pass"]),
             special(["plunge", "pass", "pass", "pass"], "plunge"),
             {"bidder": BOB, "bid": 42, "contract": "sevens", "made": False}]
    defaults = {"splash_marks": 3, "forced_minimum": 30, "special_minimum": 42, "ladder": "texas"}
    assert score(texas(hands)) == score(texas(hands, **defaults))
    res = ok(texas(hands))
    # Cat's 84 (2 marks), Cat's plunge (Bob deals, Cat calls first: 4), Bob's sevens set (1)
    assert res["totals"] == [2 + 4 + 1, 0]


@pytest.mark.parametrize("name, value", [
    P("splash_marks", 4, id="splash-4"), P("splash_marks", "2", id="splash-text"),
    P("forced_minimum", 32, id="forced-32"), P("forced_minimum", True, id="forced-bool"),
    P("special_minimum", 126, id="special-126"), P("special_minimum", 1, id="special-1"),
    P("ladder", "lechner", id="ladder-lechner"), P("ladder", 2, id="ladder-number"),
])
def test_option_values_outside_the_choices_are_refused(name, value):
    bad(texas([], **{name: value}), None, name)


@pytest.mark.parametrize("name, value", [
    P("splash_marks", 3), P("splash_marks", 2), P("forced_minimum", 30), P("forced_minimum", 31),
    P("special_minimum", 42), P("special_minimum", 30), P("special_minimum", 84),
    P("ladder", "texas"), P("ladder", "free"),
])
def test_every_choice_is_accepted(name, value):
    ok(texas([], **{name: value}))


# --------------------------------------------------------------------------- splash_marks

@pytest.mark.parametrize("splash_marks, calls, bid", [
    P(3, [], 126, id="3-opening"),
    P(3, [84], 126, id="3-over-2-marks"),
    P(3, [84, 126], 168, id="3-over-3-marks-one-more"),
    P(2, [], 84, id="2-opening"),
    P(2, [41], 84, id="2-over-41"),
    P(2, [42], 84, id="2-over-1-mark"),
    P(2, [84], 126, id="2-over-2-marks-is-3"),
])
def test_splash_value(splash_marks, calls, bid):
    auction = calls + ["splash"] + ["pass"] * (3 - len(calls))
    res = ok(texas([special(auction, "splash", doubles=3)], splash_marks=splash_marks))
    won(res, 1 + len(calls), bid)
    entry = calls_of(legal_calls(texas([], splash_marks=splash_marks), calls), "splash")
    assert entry["legal"] is True and entry["bid"] == bid


@pytest.mark.parametrize("calls", [P([84, 126], id="over-3-marks"), P(["plunge"], id="over-a-plunge"),
                                   P([84, 126, 168], id="over-4-marks")])
def test_two_mark_splash_cannot_top_three_marks(calls):
    options = {"splash_marks": 2}
    entry = calls_of(legal_calls(texas([], **options), calls), "splash")
    assert entry["legal"] is False
    assert "splash" in entry["reason"] and "3 marks" in entry["reason"]
    assert_plain_sentence(entry["reason"])
    auction = calls + ["splash"] + ["pass"] * (3 - len(calls))
    res = bad(texas([special(auction, "splash", doubles=3)], **options), 0, "splash")
    assert res["error"] == f"Call {len(calls) + 1} ({NAMES[(1 + len(calls)) % 4]}): {entry['reason']}"
    # the default splash tops them by one mark
    ok(texas([special(auction, "splash", doubles=3)]))


@pytest.mark.parametrize("splash_marks, bidder, bid, valid", [
    # Bob calls first: nobody bid before him
    P(3, BOB, 126, True, id="3-first-3-marks"),
    P(3, BOB, 84, False, id="3-first-2-marks"),
    P(3, BOB, 168, False, id="3-first-4-marks"),
    P(2, BOB, 84, True, id="2-first-2-marks"),
    P(2, BOB, 126, False, id="2-first-3-marks"),
    # Cat calls second: Bob may have bid 84 before her
    P(2, CAT, 84, True, id="2-second-2-marks"),
    P(2, CAT, 126, True, id="2-second-3-marks"),
    P(2, CAT, 168, False, id="2-second-4-marks"),
    # Ann, the dealer, last: still never more than 3 marks
    P(2, ANN, 126, True, id="2-dealer-3-marks"),
    P(2, ANN, 168, False, id="2-dealer-4-marks"),
    P(2, ANN, 210, False, id="2-dealer-5-marks"),
    P(2, ANN, 42, False, id="2-dealer-1-mark"),
    P(3, ANN, 210, True, id="3-dealer-5-marks"),
])
def test_splash_bid_without_an_auction(splash_marks, bidder, bid, valid):
    hand = {"bidder": bidder, "bid": bid, "contract": "splash", "call": "straight", "doubles": 3,
            "made": True}
    record = texas([hand], splash_marks=splash_marks)
    if valid:
        won(ok(record), bidder, bid)
    else:
        bad(record, 0, "splash")


# --------------------------------------------------------------------------- forced_minimum

@pytest.mark.parametrize("forced_minimum", [30, 31])
def test_forced_dealer_passing_is_told_the_least_she_may_bid(forced_minimum):
    lc = legal_calls(texas([], forced_minimum=forced_minimum), ["pass"] * 3)
    sub(lc, {"seat": ANN, "done": False})
    entry = calls_of(lc, "pass")
    assert entry["legal"] is False and f"at least {forced_minimum}" in entry["reason"]
    res = bad(texas([straight(["pass"] * 4)], forced_minimum=forced_minimum), 0, "dealer",
              f"at least {forced_minimum}")
    assert res["error"] == f"Call 4 (Ann): {entry['reason']}"


@pytest.mark.parametrize("forced_minimum, bid, valid", [
    P(30, 30, True, id="30-bids-30"),
    P(31, 30, False, id="31-bids-30"),
    P(31, 31, True, id="31-bids-31"),
    P(31, 42, True, id="31-bids-1-mark"),
])
def test_forced_dealer_bid(forced_minimum, bid, valid):
    options = {"forced_minimum": forced_minimum}
    entry = calls_of(legal_calls(texas([], **options), ["pass"] * 3), bid)
    assert entry["legal"] is valid
    for hand in (straight(["pass"] * 3 + [bid]), {"bidder": ANN, "bid": bid, "contract": "straight",
                                                   "made": True}):
        if valid:
            won(ok(texas([hand], **options)), ANN, bid)
        else:
            res = bad(texas([hand], **options), 0, "dealer", "forced", "31")
            assert entry["reason"] in res["error"]


@pytest.mark.parametrize("calls", [P(["pass", 30], id="a-bid-before"), P([], id="first-caller")])
def test_forced_minimum_is_only_for_the_forced_dealer(calls):
    auction = calls + [30 if not calls else 31] + ["pass"] * (3 - len(calls))
    ok(texas([straight(auction)], forced_minimum=31))
    ok(texas([{"bidder": BOB, "bid": 30, "contract": "straight", "made": True}], forced_minimum=31))


def test_forced_minimum_with_redeal_leaves_the_pass_legal():
    lc = legal_calls(texas([], forced_minimum=31, all_pass="redeal"), ["pass"] * 3)
    assert calls_of(lc, "pass")["legal"] is True and calls_of(lc, 30)["legal"] is True
    ok(texas([{"auction": ["pass"] * 4}], forced_minimum=31, all_pass="redeal"))


# --------------------------------------------------------------------------- special_minimum

@pytest.mark.parametrize("special_minimum, bid, valid", [
    P(42, 41, False), P(42, 42, True),
    P(30, 30, True), P(30, 41, True),
    P(84, 42, False), P(84, 84, True),
])
@pytest.mark.parametrize("contract", ["nillo", "sevens", "follow-me"])
def test_special_minimum(special_minimum, bid, valid, contract):
    hand = {"bidder": BOB, "bid": bid, "contract": contract, "made": True}
    record = texas([hand], special_minimum=special_minimum)
    if valid:
        won(ok(record), BOB, bid)
    else:
        bad(record, 0, contract, str(special_minimum))


@pytest.mark.parametrize("special_minimum", [42, 30, 84])
def test_special_minimum_leaves_straight_at_30(special_minimum):
    ok(texas([{"bidder": BOB, "bid": 30, "contract": "straight", "points": 30}],
             special_minimum=special_minimum))


def test_special_minimum_84_with_a_two_mark_splash_still_lets_the_partner_call_sevens():
    hand = {"auction": ["splash", "pass", "pass", "pass"], "contract": "splash", "call": "sevens",
            "doubles": 3, "made": True}
    won(ok(texas([hand], special_minimum=84, splash_marks=2)), BOB, 84)


# --------------------------------------------------------------------------- ladder

@pytest.mark.parametrize("ladder, auction, bidder, bid", [
    P("free", [126, "pass", "pass", "pass"], BOB, 126, id="free-opens-3-marks"),
    P("free", [30, 42, 126, "pass"], DAN, 126, id="free-raise-2-marks"),
    P("free", [42, 420, "pass", "pass"], CAT, 420, id="free-raise-9-marks"),
    P("free", [35, 36, 37, 38], ANN, 38, id="free-points"),
    P("texas", [30, 42, 84, 126], ANN, 126, id="texas-one-mark-at-a-time"),
])
def test_ladder_bids(ladder, auction, bidder, bid):
    won(ok(texas([straight(auction)], ladder=ladder)), bidder, bid)


@pytest.mark.parametrize("ladder, auction, words", [
    P("texas", [126, "pass", "pass", "pass"], ["open"], id="texas-open-3-marks"),
    P("texas", [30, 42, 126, "pass"], ["raise"], id="texas-raise-3-marks"),
    P("texas", [84, 168, "pass", "pass"], ["one mark"], id="texas-2-over-2"),
    P("free", [84, 84, "pass", "pass"], ["top"], id="free-must-top"),
    P("free", [84, 43, "pass", "pass"], ["not a bid"], id="free-form"),
])
def test_ladder_refusals(ladder, auction, words):
    bad(texas([straight(auction)], ladder=ladder), 0, *words)


def test_a_refused_raise_says_raise_not_open():
    """After 30 and 42, a 3-mark bid is a raise: the message must not speak of opening."""
    res = bad(texas([straight([30, 42, 126, "pass"])]), 0, "raise", "84")
    assert "open" not in res["error"]
    assert "open" in calls_of(legal_calls(texas([]), []), 126)["reason"]
    assert "open" not in calls_of(legal_calls(texas([]), [30, 42]), 126)["reason"]


@pytest.mark.parametrize("ladder, calls, legal, refused", [
    P("texas", [], [30, 41, 42, 84], [126, 168], id="texas-opening"),
    P("free", [], [30, 42, 84, 126, 168, 294], [], id="free-opening"),
    P("free", [84], [126, 168], [84, 42, 41], id="free-after-84"),
    P("texas", [84], [126], [168, 84], id="texas-after-84"),
])
def test_legal_calls_follow_the_ladder(ladder, calls, legal, refused):
    lc = legal_calls(texas([], ladder=ladder), calls)
    for b in legal:
        assert calls_of(lc, b)["legal"] is True, b
    for b in refused:
        entry = calls_of(lc, b)
        assert entry["legal"] is False and entry["reason"], b


@pytest.mark.parametrize("ladder, bidder, bid, call, valid", [
    P("free", BOB, 420, "bid", True, id="free-first-10-marks"),
    P("texas", BOB, 126, "bid", False, id="texas-first-3-marks"),
    P("free", BOB, 168, "plunge", True, id="free-first-plunge-4"),
    P("free", BOB, 210, "plunge", False, id="free-first-plunge-5"),
    P("free", CAT, 210, "plunge", True, id="free-second-plunge-over-4-marks"),
    P("free", CAT, 126, "plunge", False, id="free-second-plunge-3"),
    P("free", CAT, 168, "splash", True, id="free-second-splash-over-3-marks"),
    P("texas", CAT, 168, "plunge", True, id="texas-second-plunge-over-a-splash-is-4"),
    P("texas", CAT, 210, "plunge", False, id="texas-second-plunge-5"),
    P("texas", DAN, 210, "plunge", True, id="texas-third-plunge-over-splash-and-4-marks"),
])
def test_ladder_without_an_auction(ladder, bidder, bid, call, valid):
    hand = {"bidder": bidder, "bid": bid, "contract": "straight", "made": True}
    if call != "bid":
        hand.update(contract=call, call="straight", doubles=4)
    record = texas([hand], ladder=ladder)
    if valid:
        won(ok(record), bidder, bid)
    else:
        bad(record, 0, "mark")


def test_plunge_and_splash_keep_their_doubles_on_the_free_ladder():
    hand = special(["plunge", "pass", "pass", "pass"], "plunge", doubles=3)
    bad(texas([hand], ladder="free"), 0, "double", "4")


# --------------------------------------------------------------------------- published programs

# Cases from jasonyandell/mk5-main, src/tests/rules/bidding/three-mark-bidding.test.ts and
# src/tests/rules/bidding/opening-bid-constraints.test.ts (tournament rules: 3 marks only after
# somebody bid 2 marks, never as the opening; 30-41, 1 and 2 marks may open). They are texas42's
# default ladder here.
@pytest.mark.parametrize("calls, bid, legal", [
    P([30], 126, False, id="3-marks-after-30"),
    P([30, 42], 126, False, id="3-marks-after-1-mark"),
    P([30, 84], 126, True, id="3-marks-after-2-marks"),
    P([30, 35], 126, False, id="3-marks-after-35"),
    P([30, 35, 41], 126, False, id="3-marks-after-41"),
    P([], 126, False, id="3-marks-opening"),
    P([], 84, True, id="2-marks-opening"),
    P([], 42, True, id="1-mark-opening"),
    P([], 30, True, id="30-opening"),
    P([], 41, True, id="41-opening"),
    P([], 29, False, id="29-opening"),
    P([], 168, False, id="4-marks-opening"),
    P([30, 84, 126], 168, True, id="4-marks-after-3"),
])
def test_mk5_main_three_mark_bidding(calls, bid, legal):
    lc = legal_calls(texas([]), calls)
    offered = [c for c in lc["calls"] if c["call"] == bid]
    assert (offered[0]["legal"] if offered else False) is legal
    auction = calls + [bid] + ["pass"] * (3 - len(calls))
    if legal:
        won(ok(texas([straight(auction)])), (1 + len(calls)) % 4, bid)
    else:
        bad(texas([straight(auction)]), 0)


# --------------------------------------------------------------------------- Reading: two plunges

@pytest.mark.parametrize("vid", ["lechner42", "texas42"])
@pytest.mark.parametrize("calls", [P(["plunge"], id="right-after"), P(["plunge", "pass"], id="later"),
                                   P(["plunge", "splash"], id="after-a-splash-too")])
def test_a_second_plunge_is_refused(vid, calls):
    lc = legal_calls(rec(vid, []), calls)
    entry = calls_of(lc, "plunge")
    assert entry["legal"] is False and "plunge" in entry["reason"] and "7" in entry["reason"]
    assert_plain_sentence(entry["reason"])
    auction = calls + ["plunge"] + ["pass"] * (3 - len(calls))
    res = bad(rec(vid, [special(auction, "plunge")]), 0, "plunge", "7")
    assert res["error"] == f"Call {len(calls) + 1} ({NAMES[1 + len(calls)]}): {entry['reason']}"


@pytest.mark.parametrize("vid, auction, contract, bid", [
    P("lechner42", ["plunge", "splash", "pass", "pass"], "splash", 294, id="lechner-plunge-splash"),
    P("lechner42", ["splash", "plunge", "pass", "pass"], "plunge", 294, id="lechner-splash-plunge"),
    P("lechner42", ["splash", "splash", "pass", "pass"], "splash", 252, id="lechner-two-splashes"),
    P("texas42", ["plunge", "splash", "pass", "pass"], "splash", 210, id="texas-plunge-splash"),
])
def test_a_plunge_and_a_splash_fit_in_seven_doubles(vid, auction, contract, bid):
    won(ok(rec(vid, [special(auction, contract)])), CAT, bid)


def test_three_splashes_would_need_nine_doubles():
    """The same count of the set's 7 doubles (see the closing note): 3 + 3 + 3 is too many."""
    lc = legal_calls(rec("lechner42", []), ["splash", "splash"])
    entry = calls_of(lc, "splash")
    assert entry["legal"] is False and "7" in entry["reason"]


# --------------------------------------------------------------------------- Reading: result only

@pytest.mark.parametrize("contract, marks_, valid", [
    P("plunge", 3, False), P("plunge", 4, True), P("plunge", 5, False), P("plunge", 6, True),
    P("plunge", 7, True), P("plunge", 8, True), P("plunge", 9, True),
    P("splash", 2, False), P("splash", 3, True), P("splash", 4, False), P("splash", 5, True),
    P("splash", 6, True), P("splash", 7, True), P("splash", 8, True),
])
def test_lechner_plunge_and_splash_bids_without_an_auction(contract, marks_, valid):
    """rules.md: a plunge is 4 marks above a possible high bid (0 marks, or 2 marks or more), so
    4, 6, 7, 8... marks, and a splash 3, 5, 6, 7... The dealer bids last: every high bid is
    possible before her."""
    hand = {"bidder": ANN, "bid": 42 * marks_, "contract": contract, "call": "straight",
            "doubles": 4, "made": True}
    if valid:
        won(ok(rec("lechner42", [hand])), ANN, 42 * marks_)
    else:
        bad(rec("lechner42", [hand]), 0, contract, "mark")


@pytest.mark.parametrize("bidder, contract, allowed", [
    P(BOB, "plunge", [4], id="first-plunge"),
    P(CAT, "plunge", [4, 6, 7], id="second-plunge"),
    P(BOB, "splash", [3], id="first-splash"),
    P(CAT, "splash", [3, 5, 6, 7], id="second-splash"),
])
def test_lechner_plunge_and_splash_by_place(bidder, contract, allowed):
    """Cat calls second: Bob's 84 (2 marks), splash (3) or plunge (4) may stand before her, and
    a second plunge is refused, so her plunge is 4, 6 or 7 marks, never 8."""
    for marks_ in range(1, 10):
        hand = {"bidder": bidder, "bid": 42 * marks_, "contract": contract, "call": "straight",
                "doubles": 4, "made": True}
        res = score(rec("lechner42", [hand]))
        assert res["ok"] is (marks_ in allowed), (marks_, res)
        if not res["ok"]:
            assert_plain_sentence(res["error"])


@pytest.mark.parametrize("bid", [130, 200, 43])
def test_a_plunge_bid_must_be_a_bid(bid):
    hand = {"bidder": ANN, "bid": bid, "contract": "plunge", "call": "straight", "doubles": 4,
            "made": True}
    bad(rec("lechner42", [hand]), 0, "not a bid")


# --------------------------------------------------------------------------- Reading: early stop

@pytest.mark.parametrize("vid, calls, bidder, bid, extra", [
    P("moon", [21], BOB, 21, {"tricks": [0, 7, 0]}, id="moon-21-first"),
    P("moon", [21, "pass"], BOB, 21, {"tricks": [0, 7, 0]}, id="moon-21-one-pass-given"),
    P("moon", [21, "pass", "pass"], BOB, 21, {"tricks": [0, 7, 0]}, id="moon-21-all-passes-given"),
    P("moon", [5, 21], CAT, 21, {"tricks": [0, 0, 7]}, id="moon-21-second"),
    P("forty-two", [42], BOB, 42, {"points": 42}, id="forty-two-42-first"),
    P("forty-two", [30, "pass", 42], DAN, 42, {"points": 42}, id="forty-two-42-third"),
    P("forty-two", [30, 42, "pass"], CAT, 42, {"points": 42}, id="forty-two-42-one-pass-given"),
])
def test_an_auction_may_stop_at_a_bid_nobody_can_top(vid, calls, bidder, bid, extra):
    res = ok(rec(vid, [{"auction": calls, **extra}]))
    sub(res["hands"][0], {"bidder": bidder, "bid": bid, "made": True})
    lc = legal_calls(rec(vid, []), calls)
    sub(lc, {"done": True, "seat": None, "calls": [], "error": None, "bidder": bidder, "bid": bid})


def test_nobody_is_asked_to_pass_after_the_moon():
    lc = legal_calls(rec("moon", []), [21])
    sub(lc, {"done": True, "seat": None, "turns": [BOB]})
    assert lc["calls"] == []
    lc = legal_calls(rec("moon", []), [21, "pass", "pass"])
    sub(lc, {"done": True, "error": None, "turns": [BOB, CAT, ANN]})


@pytest.mark.parametrize("vid, calls, extra", [
    P("moon", [21, 7], {"tricks": [0, 7, 0]}, id="moon-bid-after-21"),
    P("moon", [21, "pass", 21], {"tricks": [0, 7, 0]}, id="moon-21-after-21"),
    P("forty-two", [42, "pass", 30], {"points": 42}, id="forty-two-bid-after-42"),
])
def test_only_passes_may_follow_a_bid_nobody_can_top(vid, calls, extra):
    res = bad(rec(vid, [{"auction": calls, **extra}]), 0, "only passes")
    lc = legal_calls(rec(vid, []), calls)
    assert lc["invalid_at"] == len(calls) - 1 and lc["error"] in res["error"]


@pytest.mark.parametrize("vid, calls, extra", [
    P("moon", [21, "pass", "pass", "pass"], {"tricks": [0, 7, 0]}, id="moon-one-pass-too-many"),
    P("forty-two", [42, "pass", "pass", "pass", "pass"], {"points": 42}, id="forty-two-too-many"),
])
def test_no_more_calls_than_players(vid, calls, extra):
    bad(rec(vid, [{"auction": calls, **extra}]), 0, "over")


@pytest.mark.parametrize("vid, calls", [
    P("texas42-1986", [42], id="1986-after-42-any-multiple"),
    P("lechner42", [84], id="lechner-2-marks-over"),
    P("texas42", [84], id="texas-one-mark-more"),
    P("forty-two", [41], id="forty-two-41"),
    P("moon", [7], id="moon-7-then-21"),
])
def test_an_auction_that_can_still_be_topped_goes_on(vid, calls):
    lc = legal_calls(rec(vid, []), calls)
    assert lc["done"] is False and lc["seat"] == CAT
    assert any(c["legal"] and c["call"] != "pass" for c in lc["calls"])


def test_card42_teams_ends_at_18_as_before():
    """card42-teams' own rule (someone bids 18) ends its auction; nothing after 18 is a call."""
    res = ok(rec("card42-teams", [{"auction": [5, 18], "points": 18}]))
    sub(res["hands"][0], {"bidder": CAT, "bid": 18})
    bad(rec("card42-teams", [{"auction": [5, 18, "pass"], "points": 18}]), 0, "over")
    sub(legal_calls(rec("card42-teams", []), [5, 18]), {"done": True, "seat": None})


# --------------------------------------------------------------------------- Reading: no hands key

@pytest.mark.parametrize("vid, n", [P("lechner42", 4), P("texas42", 4), P("moon", 3), P("card42", 5),
                                    P("mexican-train", 2), P("castle-rock", 1)])
def test_a_record_without_hands_is_a_game_with_no_hands_yet(vid, n):
    record = rec(vid, [], n=n)
    del record["hands"]
    assert score(record) == score(rec(vid, [], n=n))
    res = ok(record)
    sub(res, {"hands": [], "finished": False, "winners": []})
    if vid not in ("mexican-train", "castle-rock"):
        lc = legal_calls(record, [])
        assert lc["error"] is None and lc["dealer"] == 0


# --------------------------------------------------------------------------- mexican-train

@pytest.mark.parametrize("hand, words", [
    P({"pips": [0, 5, 9], "out": 0, "double_blank": 0}, ["went out", "double blank"], id="out-holds-it"),
    P({"pips": [0, 5, 9], "double_blank": 0}, ["go out", "double blank"], id="only-zero-is-the-holder"),
])
def test_mexican_train_the_player_who_went_out_is_never_charged_for_the_double_blank(hand, words):
    bad(rec("mexican-train", [hand], options={"double_blank": 25}), 0, *words)


@pytest.mark.parametrize("hand, deltas", [
    P({"pips": [0, 5, 9], "out": 0, "double_blank": 1}, [0, 30, 9], id="another-player"),
    P({"pips": [0, 0, 9], "double_blank": 1}, [0, 25, 9], id="another-zero-went-out"),
    P({"pips": [0, 5, 9], "blocked": True, "double_blank": 0}, [25, 5, 9], id="blocked"),
])
def test_mexican_train_double_blank_holders(hand, deltas):
    res = ok(rec("mexican-train", [hand], options={"double_blank": 25}))
    assert res["hands"][0]["deltas"] == deltas


def test_mexican_train_nobody_holds_the_double_blank_engine():
    hands = [{"pips": [0, 1, 1]}] * 12 + [{"pips": [0, 1, 1], "double_blank": 1}]
    bad(rec("mexican-train", hands, options={"double_blank": 25}), 12, "engine")


# --------------------------------------------------------------------------- units and plain words

T1986_BAD = [
    P({"auction": [42, 84, "pass", "pass"], "contract": "trumps", "points": 41, "made": True},
      id="made-disagrees-84"),
    P({"auction": [42, 84, 84, "pass"], "contract": "trumps", "points": 42}, id="must-top-84"),
    P({"auction": [42, 84, "pass", "pass"], "bid": 126, "contract": "trumps", "points": 42},
      id="auction-disagrees"),
    P({"bidder": BOB, "bid": 84, "contract": "trumps", "points": 42}, id="first-bidder-84"),
    P({"auction": [30, 84, "pass", "pass"], "contract": "trumps", "points": 42}, id="84-before-42"),
    P({"auction": [43, "pass", "pass", "pass"], "contract": "trumps", "points": 42}, id="43"),
    P({"auction": ["plunge", "pass", "pass", "pass"], "contract": "trumps", "points": 42}, id="plunge"),
    P({"auction": ["pass"] * 4, "contract": "trumps", "points": 42}, id="forced"),
    P({"bidder": BOB, "bid": 30, "contract": "trash", "made": True}, id="trash-30"),
]


@pytest.mark.parametrize("hand", T1986_BAD)
def test_texas42_1986_messages_speak_of_points_never_marks(hand):
    res = bad(rec("texas42-1986", [hand]), 0)
    assert "mark" not in res["error"].lower(), res["error"]


def test_texas42_1986_legal_calls_reasons_never_say_marks():
    for calls in ([], [42], [42, 84], ["pass"] * 3):
        for c in legal_calls(rec("texas42-1986", []), calls)["calls"]:
            assert c["legal"] or "mark" not in c["reason"].lower(), c


HUGE = 10 ** 5000


@pytest.mark.parametrize("vid, hand", [
    P("moon", {"bidder": 0, "bid": HUGE, "tricks": [7, 0, 0]}, id="moon-bid"),
    P("lechner42", {"bidder": 0, "bid": 42 * HUGE, "contract": "straight", "made": True}, id="marks-bid"),
    P("texas42", {"auction": [HUGE, "pass", "pass", "pass"], "contract": "straight", "made": True},
      id="auction-call"),
    P("mexican-train", {"pips": [0, HUGE, 1]}, id="pips"),
    P("castle-rock", {"remaining": -HUGE}, id="remaining"),
])
def test_numbers_too_long_to_write_are_refused_in_a_sentence(vid, hand):
    n = {"moon": 3, "mexican-train": 3, "castle-rock": 1}.get(vid, 4)
    bad(rec(vid, [hand], n=n), 0, "number")
    lc = legal_calls(rec(vid, [], n=n), [HUGE])
    assert lc["error"] and "number" in lc["error"]
    assert_plain_sentence(lc["error"])


@pytest.mark.parametrize("index", [5, -3, P(HUGE, id="huge"), "1", True, 2.0])
def test_preview_and_legal_calls_of_a_hand_that_is_not_there(index):
    from scorekeeper.rules import preview

    record = rec("moon", [{"passed": True}])
    res = preview(record, {"passed": True}, index)
    assert res["ok"] is False and "no" in res["error"] and "hand" in res["error"]
    assert_plain_sentence(res["error"])
    lc = legal_calls(record, [], index)
    assert lc["error"] == "There is no such hand in this game."
    sub(legal_calls(record, [], 1), {"error": None, "dealer": 1})  # the next hand may be asked for
