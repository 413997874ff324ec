"""Benchmark (run by hand): score 1,000-hand records, the longest evening anyone will have.

    .venv/bin/python bench/bench_rules.py
"""
from __future__ import annotations

import statistics
import time

from scorekeeper.rules import score

HANDS = 1000
PLAYERS4 = ["Ann", "Bob", "Cat", "Dan"]


def lechner() -> dict:
    """Marks alternate between the teams, so nobody ever leads by two: 1,000 hands, no winner."""
    hands = []
    for k in range(HANDS):
        dealer = k % 4
        first = (dealer + 1) % 4  # the first caller bids; the rest pass
        bidder_side = k % 2
        made = first % 2 == bidder_side
        hands.append({"auction": [31, "pass", "pass", "pass"], "contract": "straight",
                      "points": 35 if made else 20})
    return {"variant": "lechner42", "players": PLAYERS4, "hands": hands}


def card42() -> dict:
    """Seven players who never make a bid: everyone parks at 42 and the game goes on."""
    hands = [{"bids": [2, 2, 2, 2, 2, 2, 2], "tricks": [1, 1, 1, 1, 1, 1, 1]} for _ in range(HANDS)]
    return {"variant": "card42", "players": [f"P{i}" for i in range(7)], "hands": hands}


def castle_rock() -> dict:
    return {"variant": "castle-rock", "players": ["Solo"],
            "hands": [{"remaining": k % 20} for k in range(HANDS)]}


def measure(name: str, record: dict, runs: int = 7) -> None:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = score(record)
        times.append(time.perf_counter() - start)
    assert result["ok"] and len(result["hands"]) == HANDS, result.get("error")
    print(f"{name:12s} {HANDS} hands: median {statistics.median(times) * 1000:7.1f} ms, "
          f"best {min(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    measure("lechner42", lechner())
    measure("card42 (7p)", card42())
    measure("castle-rock", castle_rock())
