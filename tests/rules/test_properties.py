"""Hypothesis properties: running totals, deterministic replay, and no input ever raises."""
from __future__ import annotations

import copy
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import preview, score

from ._helpers import NAMES, assert_plain_sentence

# SK_RULES_EXAMPLES=5000 for a longer hunt by hand; the default keeps `make test` quick, and
# CI runs twice as many (.ci/run).
SETTINGS = settings(max_examples=int(os.environ.get("SK_RULES_EXAMPLES", "100")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])

PARTNERSHIP = {"card42-teams", "texas42-1986", "lechner42", "texas42", "forty-two"}
BIDDING = PARTNERSHIP | {"moon"}


# --------------------------------------------------------------------------- legal hands

def split7(n):
    """n non-negative ints summing to 7."""
    return st.lists(st.integers(0, 7), min_size=n - 1, max_size=n - 1).map(
        lambda cuts: [b - a for a, b in zip([0] + sorted(cuts), sorted(cuts) + [7])])


def card42_hand(n):
    return st.fixed_dictionaries({
        "bids": st.lists(st.integers(0, 7), min_size=n, max_size=n).filter(lambda b: sum(b) != 7),
        "tricks": split7(n),
    })


ITEMISED = st.fixed_dictionaries({
    "high": st.booleans(), "other_aces": st.integers(0, 3), "jack": st.booleans(),
    "other_jacks": st.integers(0, 3), "four": st.booleans(), "game": st.booleans(), "three": st.booleans(),
})


def increasing_auction(ncalls, ladder, forced_last=None):
    """Calls in table order: passes and strictly increasing bids from `ladder`."""
    @st.composite
    def _a(draw):
        k = draw(st.integers(0, ncalls))
        values = sorted(draw(st.lists(st.sampled_from(ladder), min_size=k, max_size=k, unique=True)))
        seats = sorted(draw(st.lists(st.integers(0, ncalls - 1), min_size=k, max_size=k, unique=True)))
        calls = ["pass"] * ncalls
        for s, v in zip(seats, values):
            calls[s] = v
        if forced_last is not None and k == 0:
            calls[-1] = forced_last
        return calls
    return _a()


@st.composite
def teams_hand(draw):
    kind = draw(st.sampled_from(["plain", "itemised", "passed", "auction"]))
    if kind == "passed":
        return {"passed": True}
    if kind == "auction":
        # one round: each seat passes or tops; then the others must pass the last bid
        calls = draw(increasing_auction(4, list(range(2, 19))))
        bids = [i for i, c in enumerate(calls) if c != "pass"]
        if not bids:
            return {"auction": calls}
        if calls[bids[-1]] != 18:
            # players still in (they bid and have not passed), other than the last bidder, pass once more
            calls = calls + ["pass"] * (len(bids) - 1)
        else:
            calls = calls[: bids[-1] + 1]
        return {"auction": calls, "points": draw(st.integers(0, 18))}
    pts = draw(st.integers(0, 18)) if kind == "plain" else draw(ITEMISED)
    return {"bidder": draw(st.integers(0, 3)), "bid": draw(st.integers(2, 18)), "points": pts}


@st.composite
def t1986_hand(draw, dealer):
    # bids above 42 need earlier bids (42, then 84): they are given to the dealer, who calls last
    kind = draw(st.sampled_from(["trumps", "big", "trash", "auction"]))
    bidder = draw(st.integers(0, 3)) if kind == "trumps" else dealer
    if kind == "trumps":
        h = {"bidder": bidder, "bid": draw(st.integers(30, 42)), "contract": "trumps",
             "points": draw(st.integers(0, 42))}
        if draw(st.booleans()):
            h["trump"] = draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, "doubles"]))
        return h
    if kind == "big":
        return {"bidder": bidder, "bid": draw(st.sampled_from([84, 126])), "contract": "trumps",
                "points": draw(st.integers(0, 42))}
    if kind == "trash":
        return {"bidder": bidder, "bid": draw(st.sampled_from([42, 84])), "contract": "trash",
                "made": draw(st.booleans())}
    return {"auction": draw(increasing_auction(4, list(range(30, 43)), forced_last=30)), "contract": "trumps",
            "points": draw(st.integers(0, 42))}


@st.composite
def marks_hand(draw, dealer):
    # a 3-mark bid needs an earlier bid: it is given to the dealer, who calls last
    kind = draw(st.sampled_from(["points", "marks", "other", "plunge", "splash"]))
    bidder = draw(st.integers(0, 3)) if kind in ("points", "plunge", "splash") else dealer
    made = draw(st.booleans())
    if kind == "points":
        bid = draw(st.integers(30, 41))
        if draw(st.booleans()):
            return {"bidder": bidder, "bid": bid, "contract": "straight", "points": draw(st.integers(0, 42))}
        return {"bidder": bidder, "bid": bid, "contract": "straight", "made": made}
    if kind == "marks":
        bid = draw(st.sampled_from([42, 84, 126]))
        if draw(st.booleans()):
            return {"bidder": bidder, "bid": bid, "contract": "straight", "points": draw(st.integers(0, 42))}
        return {"bidder": bidder, "bid": bid, "contract": "straight", "made": made}
    if kind == "other":
        return {"bidder": bidder, "bid": draw(st.sampled_from([42, 84, 126])),
                "contract": draw(st.sampled_from(["sevens", "nillo", "follow-me"])), "made": made}
    if kind == "plunge":
        return {"bidder": bidder, "bid": 168, "contract": "plunge", "doubles": draw(st.integers(4, 7)),
                "call": draw(st.sampled_from(["straight", "sevens", "follow-me"])), "made": made}
    return {"bidder": bidder, "bid": 126, "contract": "splash", "doubles": draw(st.integers(3, 7)),
            "call": draw(st.sampled_from(["straight", "sevens", "follow-me"])), "made": made}


@st.composite
def forty_two_hand(draw):
    kind = draw(st.sampled_from(["plain", "plain", "passed", "auction"]))
    if kind == "passed":
        return {"passed": True}
    if kind == "auction":
        calls = draw(increasing_auction(4, list(range(30, 43))))
        if all(c == "pass" for c in calls):
            return {"auction": calls}
        return {"auction": calls, "points": draw(st.integers(0, 42))}
    return {"bidder": draw(st.integers(0, 3)), "bid": draw(st.integers(30, 42)), "points": draw(st.integers(0, 42))}


@st.composite
def moon_hand(draw):
    kind = draw(st.sampled_from(["plain", "plain", "passed", "auction"]))
    if kind == "passed":
        return {"passed": True}
    tricks = draw(split7(3))
    if kind == "auction":
        calls = draw(increasing_auction(3, [4, 5, 6, 7, 21]))
        if all(c == "pass" for c in calls):
            return {"auction": calls}
        return {"auction": calls, "tricks": tricks}
    return {"bidder": draw(st.integers(0, 2)), "bid": draw(st.sampled_from([4, 5, 6, 7, 21])), "tricks": tricks}


def mexican_hand(n, most=120, double_blank=False, engine=12):
    @st.composite
    def _h(draw):
        pips = draw(st.lists(st.integers(0, most), min_size=n, max_size=n))
        if draw(st.integers(0, 4)) == 0:
            h = {"pips": pips, "blocked": True}
            out = None
        else:
            out = draw(st.integers(0, n - 1))
            pips[out] = 0
            h = {"pips": pips}
            if draw(st.booleans()):
                h["out"] = out
        if double_blank and engine != 0 and draw(st.booleans()):  # the double blank engine is nobody's
            holders = [i for i in range(n) if i != out]
            h["double_blank"] = draw(st.sampled_from(holders))
        return h
    return _h()


@st.composite
def valid_games(draw, variant=None, min_hands=0, max_hands=16):
    v = variant or draw(st.sampled_from(["card42", "card42-teams", "texas42-1986", "lechner42", "texas42",
                                         "forty-two", "moon", "mexican-train", "castle-rock"]))
    options = {}
    fd = draw(st.integers(0, PLAYERS_OF[v] - 1)) if v in PLAYERS_OF else None
    maybe = lambda: draw(st.booleans())  # noqa: E731
    if v == "card42":
        n = draw(st.integers(2, 7))
        hand = card42_hand(n)
        if maybe():
            options["cap_at_42"] = draw(st.booleans())
        if maybe():
            options["bonus"] = draw(st.integers(0, 10))
    elif v == "card42-teams":
        n, hand = 4, teams_hand()
        if maybe():
            options["target_points"] = draw(st.integers(10, 60))
    elif v == "texas42-1986":
        n, hand = 4, lambda k: t1986_hand((fd + k) % 4)
        if maybe():
            options["target_points"] = draw(st.integers(100, 400))
    elif v in ("lechner42", "texas42"):
        redeal = v == "texas42" and maybe()
        if redeal:
            options["all_pass"] = "redeal"
        n = 4
        hand = (lambda k: st.one_of(marks_hand((fd + k) % 4), st.just({"passed": True}))) if redeal else \
            (lambda k: marks_hand((fd + k) % 4))
        if maybe():
            options["target_marks"] = draw(st.integers(1, 10))
        if maybe():
            options["win_by"] = draw(st.integers(1, 3))
    elif v == "forty-two":
        n, hand = 4, forty_two_hand()
        if maybe():
            options["target_points"] = draw(st.sampled_from([0, 100, 150, 250, 300]))
        if maybe():
            options["target_hands"] = draw(st.sampled_from([0, 2, 3, 7]) if options.get("target_points", 1)
                                           else st.sampled_from([2, 3, 7]))
    elif v == "moon":
        n, hand = 3, moon_hand()
        if maybe():
            options["target_points"] = draw(st.integers(5, 30))
    elif v == "mexican-train":
        n = draw(st.integers(2, 8))
        if maybe():
            options["set"] = draw(st.sampled_from([9, 12, 15]))
        if maybe():
            options["rounds"] = draw(st.integers(1, options.get("set", 12) + 1))
        if maybe():
            options["double_blank"] = draw(st.sampled_from([0, 25, 50]))
        set_ = options.get("set", 12)
        hand = lambda k: mexican_hand(n, 50 if set_ == 9 else 120, bool(options.get("double_blank")),  # noqa: E731
                                      set_ - k)
    else:
        n, hand = 1, st.fixed_dictionaries({"remaining": st.integers(0, 91)})
    if fd is None:
        fd = draw(st.integers(0, n - 1))
    count = draw(st.integers(min_hands, max_hands))
    hands = [draw(hand(k) if callable(hand) else hand) for k in range(count)]
    return {"variant": v, "players": NAMES[:n], "first_dealer": fd, "options": options, "hands": hands}


PLAYERS_OF = {"texas42-1986": 4, "lechner42": 4, "texas42": 4}


def _with_hands(record, hands):
    r = copy.deepcopy(record)
    r["hands"] = copy.deepcopy(hands)
    return r


def check_result_shape(record, res):
    assert isinstance(res, dict)
    json.dumps(res)
    assert res["ok"] is True
    n = len(record["players"])
    nsides = 2 if record["variant"] in PARTNERSHIP else n
    assert res["variant"] == record["variant"]
    assert len(res["sides"]) == nsides
    assert len(res["hands"]) == len(record["hands"])
    run = [0] * nsides
    for i, h in enumerate(res["hands"]):
        assert len(h["deltas"]) == nsides and len(h["totals"]) == nsides
        run = [a + b for a, b in zip(run, h["deltas"])]
        assert h["totals"] == run, (i, h, run)
        assert 0 <= h["dealer"] < n
        if record["variant"] in BIDDING:
            for k in ("bidder", "bid", "made"):
                assert k in h, (i, k, h)
            if h["bidder"] is None:
                assert h["bid"] is None and h["made"] is None and h["deltas"] == [0] * nsides
    assert res["totals"] == run
    if res["finished"]:
        assert res["winners"], res
        assert "next_dealer" not in res
        assert all(0 <= w < nsides for w in res["winners"])
        assert res["winners"] == sorted(set(res["winners"]))
    else:
        assert res["winners"] == []
        assert 0 <= res["next_dealer"] < n
    if record["variant"] == "card42":
        for h in res["hands"]:
            assert len(h["countdown"]) == n
            for seat, cd in enumerate(h["countdown"]):
                assert cd["needed"] == max(0, 42 - h["totals"][seat])
    if record["variant"] == "castle-rock":
        assert res["finished"] is False


def scored_prefix(record):
    """Score the record; if it is refused, it must be because a hand follows the finished game.
    Returns (record that is valid, result)."""
    res = score(record)
    if res["ok"]:
        return record, res
    k = res["hand"]
    assert isinstance(k, int) and not isinstance(k, bool) and 0 < k <= len(record["hands"]), res
    prefix = _with_hands(record, record["hands"][:k])
    pres = score(prefix)
    assert pres["ok"] is True and pres["finished"] is True, (
        f"a legal hand {k} was refused ({res['error']}) although the game was not over: {pres}")
    return prefix, pres


@SETTINGS
@given(valid_games())
def test_totals_are_running_sum_of_deltas(record):
    rec2, res = scored_prefix(record)
    check_result_shape(rec2, res)


@SETTINGS
@given(valid_games(), st.data())
def test_replay_is_deterministic_and_prefix_stable(record, data):
    rec2, res = scored_prefix(record)
    again = score(copy.deepcopy(rec2))
    assert again == res
    assert score(rec2) == res  # the record is not mutated by scoring
    hands = rec2["hands"]
    k = data.draw(st.integers(0, len(hands)))
    pres = score(_with_hands(rec2, hands[:k]))
    assert pres["ok"] is True
    assert pres["hands"] == res["hands"][:k]
    if k < len(hands):
        assert pres["finished"] is False
        # preview of the next hand is the score of the longer prefix
        pv = preview(_with_hands(rec2, hands[:k]), copy.deepcopy(hands[k]))
        assert pv == score(_with_hands(rec2, hands[: k + 1]))
    if hands:
        i = data.draw(st.integers(0, len(hands) - 1))
        assert preview(copy.deepcopy(rec2), copy.deepcopy(hands[i]), i) == res


# --------------------------------------------------------------------------- anything at all

JSON_SCALARS = (st.none() | st.booleans() | st.integers() | st.sampled_from([10**30, -10**30, 2**63, -1, 0, 7, 42])
                | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
JSON = st.recursive(JSON_SCALARS,
                    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=8), kids, max_size=5),
                    max_leaves=20)

VARIANT_NAMES = ["card42", "card42-teams", "texas42-1986", "lechner42", "texas42", "forty-two", "moon",
                 "mexican-train", "castle-rock"]
HAND_KEYS = ["bids", "tricks", "bidder", "bid", "points", "auction", "contract", "trump", "made", "passed",
             "call", "doubles", "pips", "out", "blocked", "double_blank", "remaining", "high", "other_aces"]
OPTION_NAMES = ["cap_at_42", "bonus", "target_points", "target_marks", "win_by", "all_pass", "contracts",
                "target_hands", "set", "rounds", "double_blank", "bogus"]
INTISH = st.integers() | st.booleans() | st.sampled_from([10**40, -10**40, 1.0, 2.5, "3", None])
CALLS = st.lists(st.sampled_from(["pass", "plunge", "splash", "PASS", 30, 31, 42, 84, 126, 168, 5, 18, 21, 4, 7])
                 | INTISH, max_size=8)
HAND_VALUE = INTISH | JSON | st.lists(INTISH, max_size=9) | CALLS | ITEMISED
ODD_HAND = st.dictionaries(st.sampled_from(HAND_KEYS), HAND_VALUE, max_size=6)
PLAYERS = (st.lists(st.text(max_size=6), min_size=0, max_size=9)
           | st.lists(JSON_SCALARS, max_size=5) | JSON)

RECORDS = st.fixed_dictionaries(
    {"variant": st.sampled_from(VARIANT_NAMES) | JSON},
    optional={
        "players": PLAYERS,
        "first_dealer": INTISH | JSON,
        "options": st.dictionaries(st.sampled_from(OPTION_NAMES), JSON | INTISH | st.lists(st.text(max_size=10)),
                                   max_size=3) | JSON,
        "hands": st.lists(ODD_HAND | JSON, max_size=5) | JSON,
    },
)


def check_any(res, record=None):
    assert isinstance(res, dict), res
    json.dumps(res)
    assert res.get("ok") in (True, False)
    assert type(res["ok"]) is bool
    if res["ok"] is False:
        assert "hand" in res
        assert res["hand"] is None or (isinstance(res["hand"], int) and not isinstance(res["hand"], bool))
        names = record.get("players") if isinstance(record, dict) else None
        assert_plain_sentence(res["error"], names if isinstance(names, list) else ())
    else:
        for k in ("variant", "units", "sides", "hands", "totals", "finished", "winners"):
            assert k in res, k


@SETTINGS
@given(JSON)
def test_any_json_value_never_raises(value):
    check_any(score(value))


@SETTINGS
@given(RECORDS)
def test_any_record_shape_never_raises(record):
    check_any(score(record), record)


@st.composite
def mutated_games(draw):
    record = draw(valid_games())
    record = copy.deepcopy(record)
    # pick a place to corrupt
    spots = [("root", k) for k in ("variant", "players", "first_dealer", "options", "hands")]
    for i, h in enumerate(record["hands"]):
        spots.append(("hand", i))
        for k in h:
            spots.append(("hand-key", i, k))
    spot = draw(st.sampled_from(spots))
    action = draw(st.sampled_from(["replace", "delete", "intish"]))
    value = draw(INTISH if action == "intish" else HAND_VALUE)
    if spot[0] == "root":
        if action == "delete":
            record.pop(spot[1], None)
        else:
            record[spot[1]] = value
    elif spot[0] == "hand":
        record["hands"][spot[1]] = {} if action == "delete" else value
    else:
        _, i, k = spot
        if action == "delete":
            del record["hands"][i][k]
        elif isinstance(record["hands"][i][k], list) and record["hands"][i][k] and draw(st.booleans()):
            lst = record["hands"][i][k]
            lst[draw(st.integers(0, len(lst) - 1))] = value
        else:
            record["hands"][i][k] = value
    return record


@SETTINGS
@given(mutated_games())
def test_corrupted_valid_games_never_raise(record):
    res = score(record)
    check_any(res, record)
    if res["ok"] is False and isinstance(record.get("hands"), list) and res["hand"] is not None:
        assert 0 <= res["hand"] < len(record["hands"]), res


@SETTINGS
@given(valid_games(), st.text(min_size=1, max_size=20), st.integers(min_value=2**63))
def test_unicode_names_and_huge_numbers(record, name, huge):
    record = copy.deepcopy(record)
    record["players"] = [name + str(i) for i in range(len(record["players"]))]
    check_any(score(record), record)
    record["first_dealer"] = huge
    res = score(record)
    check_any(res, record)
    assert res["ok"] is False and res["hand"] is None


# --------------------------------------------------------------------------- against an independent oracle

from . import _oracle  # noqa: E402


def compare_with_oracle(record):
    exp = _oracle.play(record)
    res = score(record)
    fin = exp["finished_at"]
    if fin is not None and fin + 1 < len(record["hands"]):
        assert res["ok"] is False and res["hand"] == fin + 1, (
            f"the game ends at hand {fin} (winners {exp['winners']}); hand {fin + 1} must be refused: {res}")
        record = _with_hands(record, record["hands"][: fin + 1])
        res = score(record)
    assert res["ok"] is True, res
    assert len(res["hands"]) == len(exp["hands"])
    for i, (got, want) in enumerate(zip(res["hands"], exp["hands"])):
        for key, val in want.items():
            assert got.get(key) == val, f"hand {i} {key}: engine {got.get(key)!r}, spec {val!r}\n{record['hands'][i]}"
    assert res["totals"] == exp["totals"]
    assert res["finished"] is (fin is not None)
    assert res["winners"] == exp["winners"]
    if fin is None:
        assert res["next_dealer"] == exp["next_dealer"]
    if "hands_won" in exp:
        assert res["hands_won"] == exp["hands_won"]


@SETTINGS
@given(valid_games())
def test_engine_matches_spec_oracle(record):
    compare_with_oracle(record)


@SETTINGS
@given(st.sampled_from(["card42", "moon", "lechner42", "texas42", "forty-two", "card42-teams"]), st.data())
def test_engine_matches_spec_oracle_near_the_end(variant, data):
    """Long games, so that winning (ties, win by two, both goals) is reached often."""
    record = data.draw(valid_games(variant, min_hands=10, max_hands=40))
    compare_with_oracle(record)


# --------------------------------------------------------------------------- validity against the spec

def _card42_ok(h, n):
    b, t = h["bids"], h["tricks"]
    return (len(b) == n and len(t) == n and all(0 <= x <= 7 for x in b) and all(0 <= x <= 7 for x in t)
            and sum(t) == 7 and sum(b) != 7)


def _moon_ok(h, n):
    t = h["tricks"]
    return (0 <= h["bidder"] <= 2 and h["bid"] in (4, 5, 6, 7, 21) and len(t) == 3
            and all(0 <= x <= 7 for x in t) and sum(t) == 7)


def _forty_two_ok(h, n):
    return 0 <= h["bidder"] <= 3 and 30 <= h["bid"] <= 42 and 0 <= h["points"] <= 42


def _teams_ok(h, n):
    return 0 <= h["bidder"] <= 3 and 2 <= h["bid"] <= 18 and 0 <= h["points"] <= 18


def _castle_ok(h, n):
    return 0 <= h["remaining"] <= 91


def _mexican_ok(h, n, k):
    p = h["pips"]
    if len(p) != n or any(x < 0 for x in p):
        return False
    if sum(p) > 1092 - 2 * (12 - k):
        return False
    if "out" in h and not (0 <= h["out"] < n and p[h["out"]] == 0):
        return False
    if "out" in h and h.get("blocked"):  # a blocked round ended with everyone passing: nobody went out
        return False
    return bool(h.get("blocked")) or 0 in p


def near_hands(variant, n):
    small = st.integers(-1, 9)
    if variant == "card42":
        return st.fixed_dictionaries({"bids": st.lists(small, min_size=n - 1, max_size=n + 1),
                                      "tricks": st.one_of(split7(n), st.lists(small, min_size=n - 1, max_size=n + 1))})
    if variant == "moon":
        return st.fixed_dictionaries({"bidder": st.integers(-1, 3), "bid": st.sampled_from([3, 4, 5, 6, 7, 8, 14, 21, 22]),
                                      "tricks": st.one_of(split7(3), st.lists(small, min_size=2, max_size=4))})
    if variant == "forty-two":
        return st.fixed_dictionaries({"bidder": st.integers(-1, 4), "bid": st.integers(28, 44),
                                      "points": st.integers(-1, 43)})
    if variant == "card42-teams":
        return st.fixed_dictionaries({"bidder": st.integers(-1, 4), "bid": st.integers(0, 20),
                                      "points": st.integers(-1, 19)})
    if variant == "castle-rock":
        return st.fixed_dictionaries({"remaining": st.integers(-2, 93)})

    @st.composite
    def _mex(draw):
        pips = draw(st.lists(st.one_of(st.integers(-1, 5), st.integers(0, 600)), min_size=n - 1, max_size=n + 1))
        h = {"pips": pips}
        if draw(st.booleans()):
            h["out"] = draw(st.integers(-1, n))
        if draw(st.integers(0, 3)) == 0:
            h["blocked"] = True
        return h
    return _mex()


NEAR = {"card42": _card42_ok, "moon": _moon_ok, "forty-two": _forty_two_ok, "card42-teams": _teams_ok,
        "castle-rock": _castle_ok}


@SETTINGS
@given(st.sampled_from(["card42", "moon", "forty-two", "card42-teams", "castle-rock", "mexican-train"]), st.data())
def test_engine_accepts_exactly_the_legal_hands(variant, data):
    n = {"card42": data.draw(st.integers(2, 7)), "mexican-train": data.draw(st.integers(2, 8))}.get(
        variant, {"moon": 3, "castle-rock": 1}.get(variant, 4))
    hands = data.draw(st.lists(near_hands(variant, n), max_size=8))
    record = {"variant": variant, "players": NAMES[:n], "hands": hands}
    bad_at = None
    for k, h in enumerate(hands):
        legal = _mexican_ok(h, n, k) if variant == "mexican-train" else NEAR[variant](h, n)
        if not legal:
            bad_at = k
            break
    prefix = hands if bad_at is None else hands[:bad_at]
    exp = _oracle.play({**record, "hands": prefix})
    if exp["finished_at"] is not None and exp["finished_at"] + 1 < len(hands):
        bad_at = exp["finished_at"] + 1
    res = score(record)
    if bad_at is None:
        assert res["ok"] is True, (res, hands)
    else:
        assert res["ok"] is False and res["hand"] == bad_at, (bad_at, res, hands[bad_at])
