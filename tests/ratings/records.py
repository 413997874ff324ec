"""Hand-built records for the ratings tests (written from spec/ratings.md and rules.md)."""
from __future__ import annotations


def lechner(players, winners_side=0):
    """A finished lechner42 game to 1 mark: side `winners_side` (seats 0&2 or 1&3) makes 84."""
    return {"variant": "lechner42", "players": list(players), "options": {"target_marks": 2},
            "hands": [{"bidder": winners_side, "bid": 84, "contract": "straight", "points": 42}]}


def unfinished(players):
    return {"variant": "lechner42", "players": list(players),
            "hands": [{"bidder": 0, "bid": 30, "contract": "straight", "points": 30}]}


def train(players, *rounds):
    """A Mexican Train game of the rounds given (pips per seat); the first at 0 went out."""
    return {"variant": "mexican-train", "players": list(players), "options": {"rounds": len(rounds)},
            "hands": [{"pips": list(p), "out": p.index(0)} for p in rounds]}


def moon(players, hands=()):
    return {"variant": "moon", "players": list(players), "hands": list(hands)}


SOLO = {"variant": "castle-rock", "players": ["Ann"], "hands": [{"remaining": 2}]}
