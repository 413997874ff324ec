"""stats.Tallies, the running sums a club keeps: any game counted in or out on its own, at its
place in the order, gives exactly the numbers of counting the games that remain from scratch."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.stats import Tallies, game_summary
from tests.random_games import random_record

PEOPLE = [1, 2, 3, 4, 5]
VARIANTS = [("lechner42", 4), ("moon", 3), ("card42", 4), ("mexican-train", 3),
            ("castle-rock", 1), ("forty-two", 4)]


def _pool(seed: int = 7, size: int = 24) -> list[tuple[dict, list, list]]:
    """Games to draw from: (summary, seats, another summary of the same seats: an edit)."""
    rng = random.Random(seed)
    pool = []
    for i in range(size):
        variant, n = VARIANTS[i % len(VARIANTS)]
        seats = rng.sample(PEOPLE, n)
        if i % 7 == 3 and n > 1:  # a merged person in two seats
            seats[1] = seats[0]
        names = [f"p{k}" for k in range(n)]
        first, second = (random_record(rng, variant, names, hands=4, finish=rng.random() < 0.7,
                                       options={})
                         for _ in range(2))
        pool.append((game_summary(first), seats, game_summary(second)))
    return pool


POOL = _pool()


def _numbers(tallies: Tallies):
    players = tallies.player_stats(by_key=True)
    return players, tallies.club_summary(players)


def _after(counted: dict[int, dict], order: int, pool) -> dict:
    """Tallies.count's `after` for the game at `order`: each person's finished games after
    it, and those of its variant."""
    summary, seats, _ = pool[order]
    places = {}
    for person in set(seats):
        later = [o for o in counted if o > order and counted[o]["finished"]
                 and person in pool[o][1]]
        same = [o for o in later if counted[o]["variant"] == summary["variant"]]
        places[person] = (len(later), len(same))
    return places


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(POOL) - 1), st.sampled_from("add drop edit")),
                max_size=40))
def test_counting_one_game_in_or_out_equals_counting_them_all(steps):
    counted: dict[int, dict] = {}  # order -> the summary counted for it
    tallies = Tallies()
    for order, step in steps:
        summary, seats, other = POOL[order]
        after = _after(counted, order, POOL)
        if order in counted:
            before = counted.pop(order)
            tallies.count(before, seats, -1, after)
            if step == "edit":
                counted[order] = other if before is summary else summary
                tallies.count(counted[order], seats, 1, after)
        elif step != "drop":
            counted[order] = summary
            tallies.count(summary, seats, 1, after)
        tallies = Tallies.from_json(json.loads(json.dumps(tallies.to_json())))  # as kept
        fresh = Tallies.of((counted[o], POOL[o][1], o) for o in sorted(counted))
        assert _numbers(tallies) == _numbers(fresh)


def test_taking_out_a_game_never_counted_is_refused():
    summary, seats, _ = next(p for p in POOL if p[0]["finished"])
    with pytest.raises(ValueError, match="never counted"):
        Tallies().count(summary, seats, -1, {p: (0, 0) for p in seats})
