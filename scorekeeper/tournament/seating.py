"""Schedules (spec/events.md): who plays whom at which table, round by round. Deterministic:
the same record always gives the same seating (a random draw of seeds happens before, in it)."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from itertools import combinations

from .event import Event, pool_members


@dataclass
class Round:
    """One round's tables (each the entrants as a match lists them) and who sits out."""

    tables: list[tuple[int, ...]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    pools: list[int] = field(default_factory=list)  # pools: each table's pool (from 1)


def round_robin(entrants: list[int], cycles: int = 1) -> list[Round]:
    """The circle method: one entrant (or the bye) stays put while the others turn round it;
    with an odd count the bye goes to a different entrant each round. A second cycle meets
    the same pairs with the sides swapped."""
    items: list[int | None] = list(entrants)
    if len(items) % 2:
        items.insert(0, None)  # the fixed place: whoever faces it sits out
    m = len(items)
    cycle = []
    for r in range(m - 1):
        rnd = Round()
        for i in range(m // 2):
            a, b = items[i], items[m - 1 - i]
            if a is None or b is None:
                rnd.byes.append(b if a is None else a)
            else:
                rnd.tables.append((b, a) if r % 2 else (a, b))
        cycle.append(rnd)
        items = [items[0], items[-1]] + items[1:-1]
    swapped = [Round([(b, a) for a, b in rnd.tables], list(rnd.byes)) for rnd in cycle]
    return cycle + swapped * (cycles - 1)


def first_dealer(game: int, seats: int = 4) -> int:
    """A match's first game is shaken by seat 0; each next game moves it one seat on."""
    return game % seats


def pool_rounds(event: Event) -> list[Round]:
    """The pools' round robins played side by side: round r holds every pool's round r."""
    per_pool = [round_robin(members, event.cycles) for members in pool_members(event)]
    out = []
    for r in range(max(len(rounds) for rounds in per_pool)):
        rnd = Round()
        for p, rounds in enumerate(per_pool):
            if r < len(rounds):
                rnd.tables += rounds[r].tables
                rnd.pools += [p + 1] * len(rounds[r].tables)
                rnd.byes += rounds[r].byes
        out.append(rnd)
    return out


# progressive -----------------------------------------------------------------------------


def one_factorization(m: int) -> list[list[tuple[int, int]]]:
    """The circle method's m - 1 rounds of partners for an even m: every pair exactly once."""
    rounds = []
    for r in range(m - 1):
        pairs = [(m - 1, r)] + [((r + i) % (m - 1), (r - i) % (m - 1)) for i in range(1, m // 2)]
        rounds.append(pairs)
    return rounds


def sit_out_turns(options: list[list[tuple[int, ...]]], n: int) -> list[tuple[int, ...]]:
    """One sit-out choice per round such that after every round the number of rounds any two
    players have sat out differs by at most one: a depth-first search, fewest sit-outs tried
    first, restarted with other (seeded, so repeatable) tie orders when it runs long."""
    for attempt in range(12):
        chosen = _balanced_turns(options, n, random.Random(attempt) if attempt else None)
        if chosen is not None:
            return chosen
    counts, chosen = [0] * n, []  # none found: the fewest sit-outs first, round by round
    for opts in options:
        choice = min(opts, key=lambda c: (sum(counts[p] for p in c), c))
        for p in choice:
            counts[p] += 1
        chosen.append(choice)
    return chosen


def _balanced_turns(options, n, shuffle: random.Random | None, budget: int = 3000):
    counts = [0] * n
    chosen: list[tuple[int, ...]] = []
    tries = 0

    def go(r: int) -> bool:
        nonlocal tries
        if r == len(options):
            return True
        order = list(options[r])
        if shuffle:
            shuffle.shuffle(order)
        order.sort(key=lambda c: sum(counts[p] for p in c))
        for choice in order:
            tries += 1
            if tries > budget:
                return False
            for p in choice:
                counts[p] += 1
            if max(counts) - min(counts) <= 1:
                chosen.append(choice)
                if go(r + 1):
                    return True
                chosen.pop()
            for p in choice:
                counts[p] -= 1
        return False

    return chosen if go(0) else None


# A whist design for 8 (players 0-6 and 7, the fixed one): the two tables of round 1, each
# two partner pairs; round r adds r (mod 7) to every player but 7. Everyone partners everyone
# once and opposes everyone exactly twice in 7 rounds.
WHIST_8 = (((7, 0), (1, 3)), ((2, 6), (4, 5)))


def whist_8(rounds: int) -> list[Round]:
    def moved(p: int, r: int) -> int:
        return p if p == 7 else (p + r) % 7

    return [Round([(moved(a, r), moved(c, r), moved(b, r), moved(d, r))
                   for (a, b), (c, d) in WHIST_8]) for r in (i % 7 for i in range(rounds))]


def progressive_rounds(n: int, rounds: int) -> list[Round]:
    """Partners from a one-factorization of the players (a dummy player when n is odd: her
    partner sits out), so nobody partners twice before the cycle is through; when a round has
    an odd number of partner pairs, one pair sits out, chosen so sit-outs stay even; partner
    pairs are put together at tables so opponents repeat as little as they can. Eight players
    play a whist design: opponents then spread perfectly."""
    if n == 8:
        return whist_8(rounds)
    m = n + n % 2
    factor = one_factorization(m)
    plan = [factor[r % (m - 1)] for r in range(rounds)]
    options, playing = [], []
    for pairs in plan:
        forced = tuple(p for pair in pairs if m - 1 in pair and n % 2 for p in pair if p != m - 1)
        real = [pair for pair in pairs if not (n % 2 and m - 1 in pair)]
        playing.append(real)
        if len(real) % 2:
            options.append([tuple(sorted(forced + pair)) for pair in real])
        else:
            options.append([forced])
    sitting = sit_out_turns(options, n)
    rounds_pairs = [[pair for pair in pairs if pair[0] not in sit] for pairs, sit in zip(playing, sitting)]
    met = [[0] * n for _ in range(n)]
    tables: list[list[tuple]] = [[] for _ in rounds_pairs]
    for sweep in range(4 if n <= 32 else 1):  # each round against all the others, until stable
        changed = False
        for r, pairs in enumerate(rounds_pairs):
            count(met, tables[r], -1)
            seated = opposing(pairs, met)
            changed |= seated != tables[r]
            tables[r] = seated
            count(met, seated, 1)
        if not changed:
            break
    return [Round([(p[0], q[0], p[1], q[1]) for p, q in t], sorted(sit))
            for t, sit in zip(tables, sitting)]


def count(met: list[list[int]], tables: list[tuple], step: int) -> None:
    for first, other in tables:
        for a in first:
            for b in other:
                met[a][b] += step
                met[b][a] += step


def opposing(pairs: list[tuple[int, int]], met: list[list[int]]) -> list[tuple]:
    """Put partner pairs two by two at tables so that players meet the opponents they have met
    least: every way for up to four tables, else greedy then swapping pairs between two tables
    while that lowers the repeats."""
    def cost(p, q):
        return sum(met[a][b] for a in p for b in q)

    if len(pairs) <= 8:
        return min(pairings(pairs), key=lambda t: sum(cost(p, q) for p, q in t))
    left, tables = list(pairs), []
    while left:
        first = left.pop(0)
        other = min(left, key=lambda q: cost(first, q))
        left.remove(other)
        tables.append((first, other))
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(tables)), 2):
            (p, q), (r, s) = tables[i], tables[j]
            now = cost(p, q) + cost(r, s)
            for new in (((p, r), (q, s)), ((p, s), (q, r))):
                if cost(*new[0]) + cost(*new[1]) < now:
                    tables[i], tables[j] = new
                    better = True
                    break
    return tables


def pairings(items: list) -> list[list[tuple]]:
    """Every way to split `items` (an even number) into pairs, in a fixed order."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    return [[(first, other)] + more for i, other in enumerate(rest)
            for more in pairings(rest[:i] + rest[i + 1:])]


# tables ----------------------------------------------------------------------------------


def table_sizes(event: Event, n: int) -> list[int]:
    """round(n / table_size) tables (at least one) as equal as can be; moon tables are 3."""
    lo, hi = event.table_sizes
    if lo == hi:
        return [lo] * (n // lo)
    count = max(1, round(n / event.settings.table_size))
    count = max(count, math.ceil(n / hi))
    while count > 1 and n // count < lo:
        count -= 1
    base, extra = divmod(n, count)
    return [base + 1] * extra + [base] * (count - extra)


def tables_rounds(event: Event) -> list[Round]:
    """Each round seats the players at tables; the ones left over sit out in turn; players who
    have sat together are put apart where the seating allows."""
    n = len(event.entrants)
    sizes = table_sizes(event, n)
    seated = sum(sizes)
    sit_count = n - seated
    together = [[0] * n for _ in range(n)]
    out = []
    for r in range(event.rounds):
        start = (r * sit_count) % n if sit_count else 0
        sit = sorted((start + j) % n for j in range(sit_count))
        tables: list[list[int]] = [[] for _ in sizes]
        for p in (p for p in range(n) if p not in sit):
            open_ = [t for t in range(len(sizes)) if len(tables[t]) < sizes[t]]
            best = min(open_, key=lambda t: (sum(together[p][q] for q in tables[t]), len(tables[t]), t))
            tables[best].append(p)
        for table in tables:
            for a, b in combinations(table, 2):
                together[a][b] += 1
                together[b][a] += 1
        out.append(Round([tuple(t) for t in tables], sit))
    return out


def planned_rounds(event: Event) -> list[Round]:
    """The whole event's rounds as the app seats them (brackets: the pools only)."""
    if event.format == "round-robin":
        return round_robin(list(range(len(event.entrants))), event.cycles)
    if event.format == "pools":
        return pool_rounds(event)
    if event.format == "progressive":
        return progressive_rounds(len(event.entrants), event.rounds)
    if event.format == "tables":
        return tables_rounds(event)
    return []
