"""Benchmark (run by hand): a club's page aggregates the cached summaries of all its games.

    .venv/bin/python bench/bench_stats.py [GAMES]

2,000 four-player games (lechner42, texas42, forty-two, card42, mexican-train; a few castle-rock
sessions) among 16 people. The summaries are made once, as the app keeps them per game, and go
through JSON as they would from the database; what is timed is player_stats (and club_summary)
over all of them, as on every page load.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time

from scorekeeper.rules import score
from scorekeeper.stats import Game, club_summary, game_summary, player_stats

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000  # a smoke test runs a few
PEOPLE = [f"person-{i}" for i in range(16)]
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def marks_hand(rng: random.Random, variant: str) -> dict:
    kind = rng.random()
    if kind < 0.1:
        return {"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge",
                "call": rng.choice(["straight", "sevens", "follow-me"]), "doubles": 4,
                "made": rng.random() < 0.7}
    if kind < 0.25:
        return {"auction": [42, "pass", "pass", "pass"], "made": rng.random() < 0.6,
                "contract": rng.choice(["sevens", "nillo", "follow-me"])}
    bid = rng.choice([30, 31, 32, 33, 34, 35, 36, 42, 84])
    return {"auction": [bid, "pass", "pass", "pass"], "contract": "straight",
            "points": rng.randint(20, 42)}


def hands_of(rng: random.Random, variant: str) -> tuple[list, list]:
    if variant in ("lechner42", "texas42"):
        return NAMES, [marks_hand(rng, variant) for _ in range(30)]
    if variant == "forty-two":
        return NAMES, [{"auction": [rng.randint(30, 42), "pass", "pass", "pass"],
                        "points": rng.randint(10, 42)} for _ in range(30)]
    if variant == "card42":
        hands = []
        for _ in range(40):
            cuts = sorted(rng.randint(0, 7) for _ in range(3))
            tricks = [b - a for a, b in zip([0] + cuts, cuts + [7])]
            bids = [t if rng.random() < 0.4 else min(7, t + 1) for t in tricks]
            if sum(bids) == 7:
                bids[0] = (bids[0] + 1) % 8
            hands.append({"bids": bids, "tricks": tricks})
        return NAMES, hands
    if variant == "mexican-train":
        hands = []
        for _ in range(13):
            pips = [rng.randint(0, 60) for _ in range(4)]
            out = rng.randrange(4)
            pips[out] = 0
            hands.append({"pips": pips, "out": out})
        return NAMES, hands
    return ["Ann"], [{"remaining": rng.randint(0, 30)} for _ in range(20)]  # castle-rock


def record(rng: random.Random, variant: str) -> dict:
    players, hands = hands_of(rng, variant)
    rec = {"variant": variant, "players": players, "first_dealer": rng.randrange(len(players)),
           "hands": hands}
    res = score(rec)
    while not res["ok"]:  # a hand the game refused (over already, or a forced call): cut there
        rec["hands"] = rec["hands"][: res["hand"]]
        res = score(rec)
    return rec


def club(rng: random.Random) -> list[Game]:
    variants = ["lechner42"] * 8 + ["texas42"] * 4 + ["forty-two"] * 3 + ["card42"] * 2 + \
               ["mexican-train"] * 2 + ["castle-rock"]
    games = []
    for i in range(GAMES):
        rec = record(rng, rng.choice(variants))
        summary = json.loads(json.dumps(game_summary(rec)))  # as cached in the database
        seats = rng.sample(PEOPLE, len(rec["players"]))
        games.append(Game(summary, seats, i))
    return games


def measure(name: str, run, runs: int = 25) -> float:
    """Wall time, and CPU time of this process (steadier on a busy machine)."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    median = statistics.median(cpu) * 1000
    print(f"{name:36s} CPU median {median:6.1f} ms, best {min(cpu) * 1000:6.1f} ms; "
          f"wall median {statistics.median(wall) * 1000:6.1f} ms")
    return median


if __name__ == "__main__":
    rng = random.Random(42)
    start = time.perf_counter()
    games = club(rng)
    made = time.perf_counter() - start
    seats = sum(len(g.seats) for g in games)
    hands = sum(g.summary["hands"] for g in games)
    print(f"{GAMES} games, {seats} seats, {hands} hands; scoring + summarising all: {made:.1f} s")
    measure("player_stats (2,000 games)", lambda: player_stats(games))
    players = player_stats(games)
    measure("club_summary (given player_stats)", lambda: club_summary(games, players))
    measure("player_stats + club_summary", lambda: club_summary(games))
