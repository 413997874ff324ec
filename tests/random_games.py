"""Random valid game records, made with the rules engine: every hand is checked by scoring the
record so far, and a hand the engine refuses is drawn again. For tests and bench/bench_club.py.

    random_record(random.Random(1), "lechner42", ["Ann", "Bob", "Cat", "Dan"], hands=20)
"""
from __future__ import annotations

import random

from scorekeeper.rules import VARIANTS, score

# House rules that make a finished game last about 20 hands.
LONG_GAME = {
    "card42": {}, "card42-teams": {"target_points": 60}, "texas42-1986": {"target_points": 700},
    "lechner42": {"target_marks": 12}, "texas42": {"target_marks": 12},
    "forty-two": {"target_points": 600, "target_hands": 12}, "moon": {"target_points": 35},
    "mexican-train": {}, "castle-rock": {},
}


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


def random_hand(rng: random.Random, variant_id: str, n: int, k: int, first_dealer: int) -> dict:
    """One hand that is usually valid (the caller checks it)."""
    bidder = rng.randrange(n)
    if variant_id == "card42":
        tricks = _split(rng, 7, n)
        bids = [t if rng.random() < 0.5 else rng.randint(0, 3) for t in tricks]
        dealer = (first_dealer + k) % n
        if sum(bids) == 7:
            bids[dealer] = (bids[dealer] + 1) % 8
        return {"bids": bids, "tricks": tricks}
    if variant_id == "card42-teams":
        return {"bidder": bidder, "bid": rng.randint(3, 10), "points": rng.randint(0, 18)}
    if variant_id == "texas42-1986":
        return {"bidder": bidder, "bid": rng.randint(30, 36), "contract": "trumps",
                "points": rng.randint(10, 42)}
    if variant_id in ("lechner42", "texas42"):
        if rng.random() < 0.15:
            return {"bidder": bidder, "bid": 42, "contract": "sevens",
                    "made": rng.random() < 0.6}
        return {"bidder": bidder, "bid": rng.choice([30, 30, 31, 32, 34, 35, 42]),
                "contract": "straight", "points": rng.choice([42, 40, 36, 34, 31, 28, 22])}
    if variant_id == "forty-two":
        if rng.random() < 0.05:
            return {"passed": True}
        return {"bidder": bidder, "bid": rng.randint(30, 36), "points": rng.randint(18, 42)}
    if variant_id == "moon":
        tricks = _split(rng, 7, 3)
        return {"bidder": bidder, "bid": rng.randint(4, 5), "tricks": tricks}
    if variant_id == "mexican-train":
        out = rng.randrange(n)
        return {"pips": [0 if s == out else rng.randint(0, 60) for s in range(n)], "out": out}
    if variant_id == "castle-rock":
        return {"remaining": rng.choice([0, 1, 2, 3, 5, 8, 12, 20])}
    raise ValueError(variant_id)


def random_record(rng: random.Random, variant_id: str, players: list[str], hands: int = 20,
                  finish: bool = True, options: dict | None = None) -> dict:
    """A valid record of `variant_id` for `players`: `hands` hands, then with `finish` more
    until someone wins (at most 3 x hands; Castle Rock never ends). Each hand is checked."""
    n = len(players)
    first = rng.randrange(n)
    record = {"variant": variant_id, "players": list(players), "first_dealer": first,
              "options": dict(LONG_GAME[variant_id] if options is None else options),
              "hands": []}
    limit = hands * 3 if finish and variant_id != "castle-rock" else hands
    while len(record["hands"]) < limit:
        for _attempt in range(200):
            hand = random_hand(rng, variant_id, n, len(record["hands"]), first)
            result = score({**record, "hands": record["hands"] + [hand]})
            if result["ok"]:
                break
        else:  # pragma: no cover
            raise RuntimeError(f"no valid hand for {variant_id} after 200 draws")
        record["hands"].append(hand)
        if result["finished"] or (len(record["hands"]) >= hands and not finish):
            break
    assert score(record)["ok"]
    assert VARIANTS[variant_id]
    return record
