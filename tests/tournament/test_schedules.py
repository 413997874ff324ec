"""Schedules as spec/events.md asks, checked as properties over many event sizes: every seating
comes from `schedule` (the command's JSON), results are drawn at random and fed back in."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings, strategies as st

from scorekeeper.tournament import schedule, standings

from ._events import PLAYERS, marks, team_event

FAST = settings(max_examples=25, deadline=None)
NAMES = [f"P{i}" for i in range(32)]


def team_record(fmt: str, n: int, **settings_) -> dict:
    record = team_event(fmt, 2, **settings_)
    record["entrants"] = [{"players": [f"A{i}", f"B{i}"]} for i in range(n)]
    return record


def play(record: dict, rnd: dict, winners) -> None:
    """Record every match of a scheduled round, the winner drawn by `winners`."""
    for m in rnd["matches"]:
        a, b = m["entrants"] if winners(*m["entrants"]) else reversed(m["entrants"])
        game = {"players": [f"A{a}", f"A{b}", f"B{a}", f"B{b}"], "hands": marks(0, 0, 0)}
        record["matches"].append({"round": rnd["round"], "table": m["table"], "entrants": [a, b],
                                  "games": [game], **{k: m[k] for k in ("bracket", "pool") if k in m}})


@FAST
@given(n=st.integers(2, 16), double=st.booleans())
def test_round_robin_every_pair_once_a_cycle(n, double):
    out = schedule(team_record("round-robin", n, double=double))
    assert out["ok"]
    rounds = out["rounds"]
    per_cycle = n - 1 if n % 2 == 0 else n
    assert [r["round"] for r in rounds] == list(range(1, per_cycle * (2 if double else 1) + 1))
    for r in rounds:  # one match (or the bye) a round for every entrant, tables from 1
        seated = [e for m in r["matches"] for e in m["entrants"]] + r["byes"]
        assert sorted(seated) == list(range(n))
        assert [m["table"] for m in r["matches"]] == list(range(1, len(r["matches"]) + 1))
        assert len(r["byes"]) == n % 2
    cycles = [rounds[:per_cycle], rounds[per_cycle:]] if double else [rounds]
    for cycle in cycles:
        pairs = Counter(frozenset(m["entrants"]) for r in cycle for m in r["matches"])
        assert set(pairs) == {frozenset(p) for p in combinations(range(n), 2)}
        assert set(pairs.values()) == {1}
        byes = [e for r in cycle for e in r["byes"]]
        assert len(byes) == len(set(byes))  # a different entrant sits out each round
    if double:
        first = {tuple(m["entrants"]) for r in cycles[0] for m in r["matches"]}
        assert {tuple(reversed(m["entrants"])) for r in cycles[1] for m in r["matches"]} == first


def test_round_robin_prints_only_the_rounds_not_played():
    record = team_record("round-robin", 4)
    first = schedule(record)["rounds"][0]
    play(record, first, lambda a, b: True)
    rest = schedule(record)["rounds"]
    assert [r["round"] for r in rest] == [2, 3]
    assert standings(record)["standings"][0]["won"] == 1


def partners_and_sitouts(rounds, n):
    """Check every round of a progressive schedule; return the partner pairs in order."""
    partners = []
    sat = Counter()
    for r in rounds:
        seated = [p for m in r["matches"] for p in m["entrants"]]
        assert sorted(seated + r["byes"]) == list(range(n))
        assert len(r["matches"]) == n // 4 and len(r["byes"]) == n % 4
        for m in r["matches"]:
            s = m["entrants"]
            partners += [frozenset((s[0], s[2])), frozenset((s[1], s[3]))]
        sat.update(r["byes"])
        counts = [sat[p] for p in range(n)]
        assert max(counts) - min(counts) <= 1  # sit-outs in turn, after every round
    return partners


@settings(max_examples=30, deadline=None)
@given(n=st.integers(8, 24), data=st.data())
def test_progressive_no_partner_twice_before_every_pair_has(n, data):
    rounds = data.draw(st.none() | st.integers(1, n - 1))
    record = {"format": "progressive", "variant": "texas42",
              "settings": {} if rounds is None else {"rounds": rounds},
              "entrants": [{"players": [NAMES[i]]} for i in range(n)]}
    out = schedule(record)["rounds"]
    assert len(out) == (n - 1 if rounds is None else rounds)
    partners = partners_and_sitouts(out, n)
    every = n * (n - 1) // 2
    if rounds is None:  # opponents spread: about twice each, never more than 4 times
        opposed = Counter(frozenset((a, b)) for r in out for m in r["matches"]
                          for a in m["entrants"][0::2] for b in m["entrants"][1::2])
        assert max(opposed.values()) <= 4
    seen = set()
    for pair in partners:
        assert pair not in seen or len(seen) == every
        seen.add(pair)


def test_progressive_eight_players_partner_everyone_once():
    record = {"format": "progressive", "variant": "texas42",
              "entrants": [{"players": [p]} for p in PLAYERS[:8]]}
    partners = partners_and_sitouts(schedule(record)["rounds"], 8)
    assert Counter(partners) == Counter({frozenset(p): 1 for p in combinations(range(8), 2)})


def test_progressive_opponents_spread():
    """8 players, 7 rounds: everyone opposes everyone exactly twice."""
    record = {"format": "progressive", "variant": "texas42",
              "entrants": [{"players": [p]} for p in PLAYERS[:8]]}
    met = Counter()
    for r in schedule(record)["rounds"]:
        for s in (m["entrants"] for m in r["matches"]):
            met.update(frozenset((a, b)) for a in (s[0], s[2]) for b in (s[1], s[3]))
    assert set(met) == {frozenset(p) for p in combinations(range(8), 2)} and set(met.values()) == {2}


@FAST
@given(n=st.integers(3, 24), variant=st.sampled_from(["moon", "card42", "mexican-train"]),
       size=st.integers(2, 8), rounds=st.integers(1, 4))
def test_tables_sizes_and_sit_outs(n, variant, size, rounds):
    lo, hi = {"moon": (3, 3), "card42": (2, 7), "mexican-train": (2, 8)}[variant]
    size = min(max(size, lo), hi)
    record = {"format": "tables", "variant": variant, "settings": {"table_size": size, "rounds": rounds},
              "entrants": [{"players": [NAMES[i]]} for i in range(n)]}
    out = schedule(record)["rounds"]
    assert len(out) == rounds
    sat = Counter()
    for r in out:
        tables = [len(m["entrants"]) for m in r["matches"]]
        assert sorted(sum((m["entrants"] for m in r["matches"]), []) + r["byes"]) == list(range(n))
        assert all(lo <= t <= hi for t in tables) and max(tables) - min(tables) <= 1
        if variant == "moon":
            assert tables == [3] * (n // 3)
        else:
            count = max(1, round(n / size))
            if lo <= n // count and -(-n // count) <= hi:  # the table size allows round(n / size)
                assert len(tables) == count
            assert not r["byes"]
        sat.update(r["byes"])
        assert max(sat[p] for p in range(n)) - min(sat[p] for p in range(n)) <= 1


def test_tables_nine_at_four_and_apart_in_round_two():
    record = {"format": "tables", "variant": "card42", "entrants": [{"players": [p]} for p in PLAYERS[:9]]}
    first, second = schedule(record)["rounds"][:2]
    assert [len(m["entrants"]) for m in first["matches"]] == [5, 4]
    sixteen = {"format": "tables", "variant": "mexican-train",
               "entrants": [{"players": [n]} for n in NAMES[:16]]}
    one, two = schedule(sixteen)["rounds"][:2]
    together = {frozenset(p) for m in one["matches"] for p in combinations(m["entrants"], 2)}
    again = {frozenset(p) for m in two["matches"] for p in combinations(m["entrants"], 2)}
    assert not together & again


def run_bracket(record, winners, most=200):
    """Seat and play the bracket until nothing is left; every match played in order."""
    played = []
    for _ in range(most):
        out = schedule(record)
        assert out["ok"], out
        if not out["rounds"]:
            return played
        for rnd in out["rounds"]:
            before = len(record["matches"])
            play(record, rnd, winners)
            played += [(rnd["round"], m) for m in record["matches"][before:]]
    raise AssertionError("the bracket never ends")


def winner_of(m):
    return m["entrants"][0]  # `play` lists the winner first


@FAST
@given(n=st.integers(2, 24), data=st.data())
def test_single_elimination(n, data):
    record = team_record("single-elimination", n)
    size = 1 << (n - 1).bit_length()
    first = schedule(record)["rounds"][0]
    assert first["byes"] == list(range(size - n))  # the top seeds get the byes
    played = run_bracket(record, lambda a, b: data.draw(st.booleans()))
    losses = Counter(m["entrants"][1] for _, m in played)
    champion = winner_of(played[-1][1])
    assert set(losses) == set(range(n)) - {champion} and set(losses.values()) == {1}
    for i, (rnd, m) in enumerate(played):  # out after one loss: nothing after it
        assert all(e not in m2["entrants"] for e in [m["entrants"][1]] for _, m2 in played[i + 1:])
        if set(m["entrants"]) == {0, 1}:
            assert i == len(played) - 1  # seeds 1 and 2 meet only in the final
    s = standings(record)
    assert s["complete"] is True and s["standings"][0]["entrant"] == champion
    assert [r["rank"] for r in s["standings"]][:2] == [1, 2] and None not in [r["rank"] for r in s["standings"]]


@FAST
@given(n=st.integers(2, 16), data=st.data())
def test_double_elimination(n, data):
    record = team_record("double-elimination", n)
    played = run_bracket(record, lambda a, b: data.draw(st.booleans()))
    losses = Counter()
    for rnd, m in played:
        assert all(losses[e] < 2 for e in m["entrants"])  # out after two losses
        losses[m["entrants"][1]] += 1
    champion = winner_of(played[-1][1])
    assert played[-1][1]["bracket"] == "final"
    assert losses[champion] <= 1
    assert all(losses[e] == 2 for e in range(n) if e != champion)
    s = standings(record)
    ranks = [r["rank"] for r in s["standings"]]
    assert s["complete"] is True and s["standings"][0]["entrant"] == champion
    assert ranks[:2] == [1, 2] and None not in ranks and ranks == sorted(ranks)


@FAST
@given(n=st.integers(2, 32), pool_size=st.integers(2, 6), data=st.data())
def test_pools(n, pool_size, data):
    pools = -(-n // pool_size)
    smallest = n // pools
    advance = data.draw(st.integers(1, max(1, min(2, smallest))))
    if pools * advance < 2:
        advance = 2
    record = team_record("pools", n, pool_size=pool_size, advance=advance)
    out = schedule(record)
    assert out["ok"], out
    members = [sorted(r["entrant"] for r in p["standings"]) for p in standings(record)["pools"]]
    sizes = [len(p) for p in members]
    assert len(sizes) == pools and max(sizes) - min(sizes) <= 1 and sum(sizes) == n
    assert [p[0] for p in members] == list(range(pools))  # snake: seeds 1, 2, ... head the pools
    for r in out["rounds"]:
        for m in r["matches"]:
            assert set(m["entrants"]) <= set(members[m["pool"] - 1])
    for r in out["rounds"]:  # pool results: the better seed wins, so no ties
        play(record, r, lambda a, b: a < b)
    s = standings(record)
    places = {r["entrant"]: (p["pool"], i) for p in s["pools"] for i, r in enumerate(p["standings"])}
    first = schedule(record)["rounds"]
    assert first and all(m["bracket"] == "winners" for m in first[0]["matches"])
    if advance == 2 and pools >= 2:
        for m in first[0]["matches"]:  # a pool winner meets another pool's runner-up
            (pa, a), (pb, b) = (places[e] for e in m["entrants"])
            assert pa != pb and {a, b} == {0, 1}
    played = run_bracket(record, lambda a, b: data.draw(st.booleans()))
    s = standings(record)
    assert s["complete"] is True and None not in [r["rank"] for r in s["standings"]]
    assert len(s["standings"]) == n


def test_first_dealer_moves_one_seat_each_game_of_a_match():
    from scorekeeper.tournament import first_dealer

    assert [first_dealer(g) for g in range(5)] == [0, 1, 2, 3, 0]
    assert [first_dealer(g, seats=3) for g in range(4)] == [0, 1, 2, 0]
