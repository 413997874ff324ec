"""Shared helpers for the rules-engine tests (written from the spec, not the engine)."""
from __future__ import annotations

import json

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]

SPEC_EXAMPLE = {  # the record of spec/game-record.md, whose result the spec spells out
    "variant": "lechner42",
    "players": ["Ann", "Bob", "Cat", "Dan"],
    "first_dealer": 0,
    "options": {"target_marks": 7},
    "hands": [
        {"bidder": 1, "bid": 30, "contract": "straight", "points": 34},
        {"auction": ["pass", 31, 84, "pass"], "contract": "straight", "points": 42},
    ],
}

PLAYERS = {
    "card42": 3,
    "card42-teams": 4,
    "texas42-1986": 4,
    "lechner42": 4,
    "texas42": 4,
    "forty-two": 4,
    "moon": 3,
    "mexican-train": 3,
    "castle-rock": 1,
}


def rec(variant, hands, n=None, options=None, first_dealer=None, players=None):
    """Build a game record as game-record.md describes it."""
    if players is None:
        players = NAMES[: (n if n is not None else PLAYERS[variant])]
    r = {"variant": variant, "players": list(players), "hands": list(hands)}
    if options is not None:
        r["options"] = options
    if first_dealer is not None:
        r["first_dealer"] = first_dealer
    return r


def _score(record):
    from scorekeeper.rules import score

    return score(record)


def ok(record):
    res = _score(record)
    assert isinstance(res, dict), res
    assert res.get("ok") is True, f"expected a valid record, got {res!r}"
    json.dumps(res)
    return res


def bad(record, hand, *words):
    """The record is invalid at `hand` (an index or None), and the error names the rule.

    Each element of `words` is a str (must appear, case-insensitive) or a tuple of
    alternatives (one of them must appear)."""
    res = _score(record)
    assert isinstance(res, dict), res
    assert res.get("ok") is False, f"expected ok False (hand {hand}), got {res!r}"
    assert res.get("hand") == hand and type(res.get("hand")) is type(hand), (
        f"expected the error at hand {hand!r}, got {res!r}"
    )
    err = res.get("error")
    assert isinstance(err, str) and err.strip(), res
    low = err.lower()
    for w in words:
        alts = (w,) if isinstance(w, str) else tuple(w)
        assert any(a.lower() in low for a in alts), f"error {err!r} should mention one of {alts}"
    assert_plain_sentence(err)
    json.dumps(res)
    return res


PYTHONISMS = ("traceback", "nonetype", "keyerror", "typeerror", "valueerror", "indexerror", "attributeerror",
              "object has no attribute", "not subscriptable", "unhashable", "list index", "exception",
              "recursion depth", "exceeds the limit", "int_max_str_digits", "expecting value")


def assert_plain_sentence(err: str, names=()):
    """game-record.md: one plain sentence a player at the table understands, never a traceback.
    (A player's name may itself hold a line break; only then may the message.)"""
    assert isinstance(err, str) and err.strip(), err
    if not any(isinstance(nm, str) and "\n" in nm for nm in names):
        assert "\n" not in err.strip(), f"more than one line: {err!r}"
    low = err.lower()
    for w in PYTHONISMS:
        assert w not in low, f"error leaks Python internals ({w}): {err!r}"


def sub(actual: dict, expected: dict, where=""):
    """Every key of `expected` is in `actual` with exactly that value."""
    for k, v in expected.items():
        assert k in actual, f"{where}: key {k!r} missing from {actual!r}"
        assert actual[k] == v, f"{where}: {k!r} is {actual[k]!r}, expected {v!r}"
        if isinstance(v, bool) or v is None:
            assert actual[k] is v, f"{where}: {k!r} is {actual[k]!r}, expected {v!r}"


def check_running_totals(res):
    """totals are the running sum of deltas, and the top-level totals are the last ones."""
    sides = len(res["sides"])
    run = [0] * sides
    for i, h in enumerate(res["hands"]):
        assert len(h["deltas"]) == sides, (i, h)
        run = [a + b for a, b in zip(run, h["deltas"])]
        assert h["totals"] == run, (i, h, run)
    assert res["totals"] == run
