"""Schedules (spec/events.md): who plays whom at which table, round by round. Deterministic:
the same record always gives the same seating (a random draw of seeds happens before, in it)."""
from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass, field
from itertools import combinations

from ..rules.text import Text
from .event import Event, EventInvalid, pool_members


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


# Whist designs (Z-cyclic whist tournaments): the first round's tables in seat order (partners
# in seats 0-2 and 1-3) over a group of n - 1 elements and a fixed player (n a multiple of 4,
# the fixed one is n - 1) or of n elements (one more than a multiple of 4, player 0 sits out);
# round r adds the group's element r to every player but the fixed one. In a whole cycle
# (n - 1 or n rounds) everyone partners everyone once and opposes everyone exactly twice.
# Found by a search of the difference conditions; a group Z_a x Z_b numbers (i, j) as i * b + j.
WHIST: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]] = {
    5: ((5,), ((3, 1, 2, 4),)),
    8: ((7,), ((7, 1, 0, 3), (2, 4, 6, 5))),
    9: ((3, 3), ((1, 6, 2, 3), (5, 8, 7, 4))),
    12: ((11,), ((1, 9, 10, 5), (4, 2, 3, 7), (6, 0, 11, 8))),
    13: ((13,), ((6, 4, 1, 7), (9, 11, 2, 10), (8, 5, 12, 3))),
    16: ((15,), ((1, 4, 2, 11), (6, 0, 8, 5), (10, 3, 14, 15), (12, 13, 9, 7))),
    17: ((17,), ((7, 14, 12, 8), (9, 3, 11, 4), (1, 16, 10, 13), (5, 2, 15, 6))),
    20: ((19,), ((8, 18, 12, 9), (16, 13, 4, 2), (11, 17, 10, 15), (19, 6, 14, 3), (7, 0, 1, 5))),
    21: ((21,), ((20, 4, 18, 15), (13, 5, 17, 19), (6, 3, 12, 16), (1, 11, 10, 14), (8, 7, 9, 2))),
    24: ((23,), ((23, 1, 0, 2), (3, 7, 5, 17), (4, 18, 12, 22), (6, 10, 20, 13), (8, 11, 19, 16),
                 (9, 14, 15, 21))),
    28: ((27,), ((27, 3, 0, 24), (1, 6, 26, 21), (2, 12, 25, 15), (4, 8, 23, 19), (5, 13, 22, 14),
                 (7, 9, 20, 18), (10, 11, 17, 16))),
}


def whist_rounds(n: int, rounds: int) -> list[list[int]] | None:
    """The whist design's rounds (cycled), each its players in seat order then who sits out."""
    if n not in WHIST:
        return None
    dims, first = WHIST[n]
    size = math.prod(dims)

    def moved(p: int, by: int) -> int:
        if p == size:
            return p
        digits = [((p // math.prod(dims[i + 1:])) + (by // math.prod(dims[i + 1:]))) % dims[i]
                  for i in range(len(dims))]
        return sum(d * math.prod(dims[i + 1:]) for i, d in enumerate(digits))

    out = []
    for r in range(rounds):
        by = r % size
        seated = [moved(p, by) for table in first for p in table]
        out.append(seated + [p for p in range(n) if p not in seated])
    return out


def circle_rounds(n: int, rounds: int) -> list[list[int]]:
    """Partners from a one-factorization of the players (a dummy player when n is odd: her
    partner sits out), so nobody partners twice before its cycle is through; when a round has
    an odd number of partner pairs, one pair sits out, chosen so sit-outs stay even. Each round
    its players in seat order (partner pairs two by two), then who sits out."""
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
    out = []
    for pairs, sit in zip(playing, sit_out_turns(options, n)):
        pairs = [pair for pair in pairs if pair[0] not in sit]
        seats = [p for (a, c), (b, d) in zip(pairs[::2], pairs[1::2]) for p in (a, b, c, d)]
        out.append(seats + sorted(sit))
    return out


@functools.lru_cache(maxsize=32)
def progressive_plan(n: int, rounds: int, played: tuple[tuple[int, ...], ...] = ()
                     ) -> tuple[Round, ...]:
    """A whist design where one is known (opponents then spread perfectly over its cycle),
    else the one-factorization's partners; then a local search moves players so opponents
    meet as evenly as they can while nobody partners twice within a cycle and sit-outs stay
    in turn. `played`: the first rounds as they were played (as_played), kept as they are;
    the rest are seated around them, from the plan's."""
    design = whist_rounds(n, rounds)
    cycle = n - 1 + n % 4 if design else n - 1 + n % 2
    start = around(played, progressive_plan(n, rounds) if played else None) \
        or design or circle_rounds(n, rounds)
    tables = [(4 * t, 4) for t in range(n // 4)]
    pair, pairs = pair_numbers(n)

    def keys(r: int, seats: list[int]) -> list[int]:
        """Opponent pairs, and partner pairs counted per cycle of rounds."""
        a, b, c, d = seats
        cycle_pairs = pairs * (1 + r // cycle)
        return [cycle_pairs + pair[a][c], cycle_pairs + pair[b][d],
                pair[a][b], pair[a][d], pair[c][b], pair[c][d]]

    blocks = 1 + (rounds - 1) // cycle
    weight = [1] * pairs + [0] * (pairs * blocks)
    cap = [None] * pairs + [1] * (pairs * blocks)
    seated = spread(start, tables, n, keys, weight, cap, partners=True,
                    seed=f"progressive {n} {rounds}", fixed=max(1, len(played)))
    return tuple(Round([tuple(s[i:i + 4]) for i, _ in tables], sorted(s[4 * len(tables):]))
                 for s in seated)


def progressive_rounds(event: Event) -> list[Round]:
    n = len(event.entrants)
    plan = progressive_plan(n, event.rounds)
    played = as_played(event, plan, [4] * (n // 4))
    return copied(progressive_plan(n, event.rounds, played) if played else plan)


def flat(plan_round: Round) -> tuple[int, ...]:
    """A round as `spread` seats it: the players table by table, then who sits out."""
    return tuple(p for table in plan_round.tables for p in table) + tuple(sorted(plan_round.byes))


def around(played: tuple[tuple[int, ...], ...], plan: tuple[Round, ...] | None
           ) -> list[list[int]] | None:
    """The rounds `spread` starts from around the rounds played: those, then the plan's."""
    if not played:
        return None
    return [list(s) for s in played] + [list(flat(r)) for r in plan[len(played):]]


def as_played(event: Event, plan: tuple[Round, ...], sizes: list[int]
              ) -> tuple[tuple[int, ...], ...]:
    """The event's rounds seated so far as their matches were played (a swap gave a seat to a
    player who was to sit out; a late entrant sat out each of them), each as `flat` seats it,
    when one differs from the plan (else none: the plan stands as it is). Only rounds seated
    from round 1 on, each at tables of `sizes` and with every entrant at a table or out (a
    round seated for fewer players, before a late entrant changed the tables, is left to the
    plan)."""
    played = []
    for number in range(1, len(plan) + 1):
        matches = [m for m in event.matches if m.round == number]
        tables = sorted((m for m in matches if m.bye is None), key=lambda m: m.table or 0)
        seats = tuple(p for m in tables for p in m.entrants) + tuple(
            sorted(m.bye for m in matches if m.bye is not None))
        if not matches or [len(m.entrants) for m in tables] != sizes \
                or sorted(seats) != list(range(len(event.entrants))):
            break
        played.append(seats)
    if all(seats == flat(r) for seats, r in zip(played, plan)):
        return ()
    return tuple(played)


def copied(plan: tuple[Round, ...]) -> list[Round]:
    """A cached plan's rounds, each a fresh copy a caller may change."""
    return [Round(list(r.tables), list(r.byes), list(r.pools)) for r in plan]


# the local search ------------------------------------------------------------------------

SEARCH_WORK = 800_000  # counter updates the search may make: a schedule takes well under a second


def spread(start: list[list[int]], tables: list[tuple[int, int]], n: int, keys, weight: list[int],
           cap: list[int | None], partners: bool, seed: str, fixed: int = 1) -> list[list[int]]:
    """A seeded (so repeatable) simulated annealing over the rounds' seatings, each a list of
    the players in seat order, table by table (`tables`: each table's first position and
    size), then who sits out. A table's pairs are counters (`keys(round, its players)`); the
    cost is the sum of each counter cubed times its weight (so pairs meet as evenly as they
    can, a third meeting weighing more than two second ones), and a counter with a cap may
    never pass it. A move swaps two players of a round, or two partner pairs (`partners`), or
    who sits out of two rounds, keeping sit-outs in turn (no two players' counts ever differ by
    more than one). The first `fixed` rounds stay as they start (round 1: no seating is
    fairer before any play; or the rounds played). Returns the cheapest seating seen."""
    rounds = [list(s) for s in start]
    count = len(rounds)
    seated = sum(size for _, size in tables)
    outs = n - seated
    table_at = [t for t, (_, size) in enumerate(tables) for _ in range(size)] + [None] * outs
    counts = [0] * len(weight)
    for r, seats in enumerate(rounds):
        for first, size in tables:
            for k in keys(r, seats[first:first + size]):
                counts[k] += 1
    cost = sum(w * c ** 3 for w, c in zip(weight, counts) if w)
    floor = lowest_cost(weight, counts)
    # how far the counters start over their caps (the rounds played may put them there): the
    # search takes them back first
    excess = sum(max(0, c - k) for c, k in zip(counts, cap) if k is not None)
    best, best_cost, best_excess = [list(s) for s in rounds], cost, excess
    sat = [[0] * n for _ in range(count)]
    for r, seats in enumerate(rounds):
        for p in seats[seated:]:
            sat[r][p] = 1
    rng = random.Random(seed)
    per_move = 4 * 2 * max(len(keys(0, rounds[0][first:first + size])) for first, size in tables)
    steps = SEARCH_WORK // per_move if (cost > floor or excess) and count > fixed else 0
    heat = 2.0 * max(weight)
    cooling = 0.01 ** (1 / max(1, steps))

    def change(r: int, touched: set, step: int) -> tuple[int, int]:
        """Counts a round's touched tables in (step 1) or out (-1): the cost's change, and how
        far the counters went over their caps."""
        delta = over = 0
        seats = rounds[r]
        for t in touched:
            first, size = tables[t]
            for k in keys(r, seats[first:first + size]):
                c = counts[k]
                counts[k] = c + step
                delta += weight[k] * (3 * c * (c + 1) + 1 if step > 0 else -3 * c * (c - 1) - 1)
                if cap[k] is not None and max(c, c + step) > cap[k]:
                    over += step
        return delta, over

    def in_turn(player: int) -> bool:
        total = 0
        for r in range(count):
            total += sat[r][player]
            if not (r + 1) * outs // n <= total <= -(-(r + 1) * outs // n):
                return False
        return True

    def swap(move: list) -> None:
        for r, pairs in move:
            seats = rounds[r]
            for a, b in pairs:
                if (table_at[a] is None) != (table_at[b] is None):
                    sat[r][seats[a]], sat[r][seats[b]] = sat[r][seats[b]], sat[r][seats[a]]
                seats[a], seats[b] = seats[b], seats[a]

    def seated_again(move: list, step: int) -> tuple[int, int]:
        delta = over = 0
        for r, pairs in move:
            touched = {table_at[a] for pair in pairs for a in pair} - {None}
            d, o = change(r, touched, step)
            delta, over = delta + d, over + o
        return delta, over

    for _ in range(steps):
        if best_cost <= floor and not best_excess:
            break
        heat *= cooling
        move = a_move(rng, rounds, table_at, seated, partners, fixed)
        if move is None:
            continue
        moving = {rounds[r][a] for r, pairs in move for pair in pairs for a in pair
                  if any(table_at[x] is None for x in pair)}
        delta, over = seated_again(move, -1)
        swap(move)
        added, more = seated_again(move, 1)
        delta, over = delta + added, over + more
        if over > 0 or not all(in_turn(p) for p in moving) or (  # (back under a cap: taken)
                over == 0 and delta > 0 and rng.random() >= math.exp(-delta / heat)):
            seated_again(move, -1)
            swap([(r, pairs[::-1]) for r, pairs in move[::-1]])
            seated_again(move, 1)
            continue
        cost, excess = cost + delta, excess + over
        if (excess, cost) < (best_excess, best_cost):
            best, best_cost, best_excess = [list(s) for s in rounds], cost, excess
    return best


def a_move(rng: random.Random, rounds: list[list[int]], table_at: list[int | None], seated: int,
           partners: bool, fixed: int = 1) -> list[tuple[int, list[tuple[int, int]]]] | None:
    """A random move for `spread`: [(round, the positions to swap)], or None for no change;
    never in the first `fixed` rounds."""
    n, outs = len(table_at), len(table_at) - seated
    later = len(rounds) - fixed
    r = fixed + int(rng.random() * later)
    seats = rounds[r]
    if outs and later > 1 and rng.random() < 0.25:
        # two players trade a round out: x sits out r and plays s, y the other way round
        s = fixed + (r - fixed + 1 + int(rng.random() * (later - 1))) % later
        x = seats[seated + int(rng.random() * outs)]
        y = rounds[s][seated + int(rng.random() * outs)]
        i, i2 = seats.index(y), rounds[s].index(x)
        if table_at[i] is None or table_at[i2] is None:
            return None
        return [(r, [(i, seats.index(x))]), (s, [(i2, rounds[s].index(y))])]
    i, j = int(rng.random() * n), int(rng.random() * n)
    ti, tj = table_at[i], table_at[j]
    if ti == tj and (ti is None or (partners and (i - j) % 2 == 0)):
        return None
    if ti is None:
        i, j, ti, tj = j, i, tj, ti
    pairs = [(i, j)]
    if partners and tj != ti and rng.random() < 0.5:  # the partners move together
        if tj is not None:
            pairs.append((i ^ 2, j ^ 2))
        elif outs > 1:
            pairs.append((i ^ 2, seated + (j - seated + 1) % outs))
    return [(r, pairs)]


def pair_numbers(n: int) -> tuple[list[list[int]], int]:
    """Each pair of players' number (pair[a][b] == pair[b][a]), and how many pairs there are."""
    pair = [[0] * n for _ in range(n)]
    for number, (a, b) in enumerate(combinations(range(n), 2)):
        pair[a][b] = pair[b][a] = number
    return pair, n * (n - 1) // 2


def lowest_cost(weight: list[int], counts: list[int]) -> int:
    """No seating costs less than every weighted group of counters spread perfectly evenly
    (each group: the counters of one weight, their total fixed by the tables)."""
    groups: dict[int, list[int]] = {}
    for w, c in zip(weight, counts):
        if w:
            groups.setdefault(w, []).append(c)
    floor = 0
    for w, cs in groups.items():
        each, extra = divmod(sum(cs), len(cs))
        floor += w * (len(cs) * each ** 3 + extra * (3 * each * (each + 1) + 1))
    return floor


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
    n = len(event.entrants)
    sizes = tuple(table_sizes(event, n))
    plan = tables_plan(n, sizes, event.rounds)
    played = as_played(event, plan, list(sizes))
    return copied(tables_plan(n, sizes, event.rounds, played) if played else plan)


TOGETHER, NEIGHBOURS, FIRST_SEAT = 64, 4, 1  # what a seating weighs, most first


# Kirkman's fifteen schoolgirls: 15 players at 5 tables of 3 (moon), 7 rounds in which every
# pair sits together once (the lines of PG(3, 2) packed into spreads).
KIRKMAN_15 = (
    ((0, 1, 2), (3, 7, 11), (4, 9, 14), (5, 10, 12), (6, 8, 13)),
    ((0, 3, 4), (1, 7, 9), (2, 12, 13), (5, 8, 14), (6, 10, 11)),
    ((0, 5, 6), (1, 8, 10), (2, 11, 14), (3, 9, 13), (4, 7, 12)),
    ((0, 7, 8), (1, 11, 13), (2, 4, 5), (3, 10, 14), (6, 9, 12)),
    ((0, 9, 10), (1, 12, 14), (2, 3, 6), (4, 8, 11), (5, 7, 13)),
    ((0, 11, 12), (1, 3, 5), (2, 8, 9), (4, 10, 13), (6, 7, 14)),
    ((0, 13, 14), (1, 4, 6), (2, 7, 10), (3, 8, 12), (5, 9, 11)),
)


def resolvable(n: int, sizes: tuple[int, ...]) -> list[tuple[tuple[int, ...], ...]] | None:
    """The rounds of a resolvable design seating all n players at tables of `sizes`, where one
    is known: every pair sits together exactly once over its rounds (tables of 2: the circle
    method; q * q players at q tables of q, q prime: the affine plane's parallel lines;
    Kirkman's 15)."""
    if sum(sizes) != n or len(set(sizes)) != 1:
        return None
    q = sizes[0]
    if q == 2:
        return [tuple(pairs) for pairs in one_factorization(n)]
    if n == 15 and q == 3:
        return list(KIRKMAN_15)
    if n != q * q or any(q % d == 0 for d in range(2, q)):
        return None
    slopes = [tuple(tuple(x * q + (k * x + b) % q for x in range(q)) for b in range(q))
              for k in range(q)]
    return slopes + [tuple(tuple(x * q + y for y in range(q)) for x in range(q))]


@functools.lru_cache(maxsize=32)
def tables_plan(n: int, sizes: tuple[int, ...], rounds: int,
                played: tuple[tuple[int, ...], ...] = ()) -> tuple[Round, ...]:
    """Each round seats the players at tables of `sizes`; the ones left over sit out in turn.
    A resolvable design where one is known, then a local search puts apart the players who have sat together, then the ones who sat side by
    side, then varies who sits first (seat 0 shakes first), as far as the seating allows.
    `played`: the first rounds as they were played (as_played), kept; the rest seated around
    them, from the plan's."""
    seated = sum(sizes)
    sit_count = n - seated
    design = resolvable(n, sizes)
    start = around(played, tables_plan(n, sizes, rounds) if played else None) or []
    for r in range(len(start), rounds):
        if design:
            start.append([p for table in design[r % len(design)] for p in table])
            continue
        first = (r * sit_count) % n if sit_count else 0
        sit = sorted((first + j) % n for j in range(sit_count))
        dealt: list[list[int]] = [[] for _ in sizes]
        for p in (p for p in range(n) if p not in sit):  # dealt round the tables, as cards
            open_ = [t for t in range(len(sizes)) if len(dealt[t]) < sizes[t]]
            dealt[min(open_, key=lambda t: (len(dealt[t]), t))].append(p)
        start.append([p for table in dealt for p in table] + sit)
    starts = list(itertools.accumulate((0,) + sizes[:-1]))
    tables = list(zip(starts, sizes))
    pair, pairs = pair_numbers(n)

    def keys(r: int, seats: list[int]) -> list[int]:
        """Who sat together, who side by side (round the table), who first."""
        out = [pair[a][b] for a, b in combinations(seats, 2)]
        sides = zip(seats, seats[1:] + seats[:1]) if len(seats) > 2 else [seats]
        return out + [pairs + pair[a][b] for a, b in sides] + [2 * pairs + seats[0]]

    weight = [TOGETHER] * pairs + [NEIGHBOURS] * pairs + [FIRST_SEAT] * n
    seating = unrepeated(fewest_again(spread(start, tables, n, keys, weight, [None] * len(weight),
                                             partners=False, seed=f"tables {n} {sizes} {rounds}",
                                             fixed=max(1, len(played))),
                                      tables, n, fixed=max(1, len(played))), tables)
    return tuple(Round([tuple(s[first:first + size]) for first, size in tables], sorted(s[seated:]))
                 for s in seating)


# How a pair that sat together before weighs in a round (fewest_again, again_weight): any pair
# seated again weighs more than the earlier meetings of every pair of the round together.
AGAIN = 10_000
REGROUP_WORK = 60_000  # tables tried per round: a round of up to ~16 players is searched whole


def fewest_again(seating: list[list[int]], tables: list[tuple[int, int]], n: int,
                 fixed: int = 1) -> list[list[int]]:
    """Each round from `fixed` on, in turn, seated so that as few pairs as any seating of its
    tables could sit together again, given the rounds before it (the plan's search weighs the
    whole event, and may leave a round with more). Who sits out stays the plan's; of the
    seatings with the fewest such pairs, one whose pairs met the fewest times before. A round
    the plan seats as well as that is kept as it is (its seat order weighed); one it does not
    is replaced by the search's (least_together), each table's first seat given to whoever has
    had it least. Only a search that ended within its work is taken: where one did not (about
    16 players and more), the plan is kept whole, since a round it seated for the plan's earlier
    rounds, put after the search's, could seat one pair together every round."""
    met = [[0] * n for _ in range(n)]
    firsts = [0] * n
    seated = sum(size for _, size in tables)
    out = []
    for r, seats in enumerate(seating):
        groups = [seats[first:first + size] for first, size in tables]
        if r >= fixed:
            searched = Search(REGROUP_WORK)
            found = least_together(seats[:seated], [size for _, size in tables], met,
                                   together_cost(groups, met), searched)
            if searched.tried > searched.work:
                return seating
            if found is not None:
                groups = [sorted(g, key=lambda p: (firsts[p], g.index(p))) for g in found]
                seats = [p for g in groups for p in g] + seats[seated:]
        for group in groups:
            firsts[group[0]] += 1
            for a, b in combinations(group, 2):
                met[a][b] += 1
                met[b][a] += 1
        out.append(list(seats))
    return out


def again_weight(meetings: int) -> int:
    """What a pair seated together weighs, having met `meetings` times before: AGAIN once it
    has met at all, and the square of its meetings, so that of the seatings with the fewest
    pairs again, one spreads them over pairs that met least (not one pair every round)."""
    return AGAIN * (meetings > 0) + meetings * meetings


def together_cost(groups: list[list[int]], met: list[list[int]]) -> int:
    """What least_together weighs of a round's tables: again_weight of each of its pairs."""
    return sum(again_weight(met[a][b]) for g in groups for a, b in combinations(g, 2))


class Search:
    """How much of its work a search may do, and how much it did: past `work`, not exact."""

    def __init__(self, work: int):
        self.work, self.tried = work, 0


def least_together(players: list[int], sizes: list[int], met: list[list[int]], above: int,
                   search: Search | None = None) -> list[list[int]] | None:
    """The players at tables of `sizes` costing least (together_cost), when one costs less
    than `above`; None when none does. A depth-first search (each player in turn to a table
    with room, one empty table of a size tried, the cheapest first) cut where what it has
    seated plus the least each player left must add already reaches the best so far: exact
    when it ends within `work` tables tried, else the best it found."""
    order = sorted(players, key=lambda p: (-sum(met[p][q] > 0 for q in players), p))
    tables: list[list[int]] = [[] for _ in sizes]
    # adds[p][t]: what seating player p at table t adds now (its pairs with the ones there)
    adds = {p: [0] * len(sizes) for p in players}
    best: list[list[int]] | None = None
    best_cost = above
    search = search or Search(REGROUP_WORK)

    def weigh(a: int, b: int) -> int:
        return again_weight(met[a][b])

    def least_left(i: int) -> int:
        """The least the players from the i-th on add, each at its cheapest open table."""
        open_ = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
        return sum(min(adds[p][t] for t in open_) for p in order[i:])

    def seat(i: int, cost: int) -> None:
        nonlocal best, best_cost
        if i == len(order):
            best, best_cost = [list(t) for t in tables], cost
            return
        search.tried += 1
        if search.tried > search.work or cost + least_left(i) >= best_cost:
            return
        player, empty = order[i], set()
        options = []
        for t, table in enumerate(tables):
            if len(table) == sizes[t] or (not table and sizes[t] in empty):
                continue
            if not table:
                empty.add(sizes[t])
            options.append((adds[player][t], t))
        for added, t in sorted(options):
            if cost + added >= best_cost:
                break
            tables[t].append(player)
            for p in order[i + 1:]:
                adds[p][t] += weigh(p, player)
            seat(i + 1, cost + added)
            for p in order[i + 1:]:
                adds[p][t] -= weigh(p, player)
            tables[t].pop()

    seat(0, 0)
    return best


def unrepeated(seating: list[list[int]], tables: list[tuple[int, int]]) -> list[list[int]]:
    """The rounds with none seated exactly as an earlier one where a table can turn the other
    way: its players after the first in reverse order keep who sits together, side by side and
    first (what the search weighed), so a round that repeats an earlier one (3 moon players,
    4 rounds) gets its first table that can turn turned."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for seats in seating:
        seats = list(seats)
        for first, size in tables:
            if tuple(seats) not in seen:
                break
            turned = seats[:first + 1] + seats[first + 1:first + size][::-1] + seats[first + size:]
            if tuple(turned) not in seen:
                seats = turned
        seen.add(tuple(seats))
        out.append(seats)
    return out


def planned_rounds(event: Event) -> list[Round]:
    """The whole event's rounds as the app seats them (brackets: the pools only)."""
    if event.format == "round-robin":
        return round_robin_rounds(event)
    if event.format == "pools":
        return pool_rounds(event)
    if event.format == "progressive":
        return progressive_rounds(event)
    if event.format == "tables":
        return tables_rounds(event)
    return []


# a round robin joined late --------------------------------------------------------------

def round_robin_rounds(event: Event) -> list[Round]:
    """The round robin's rounds: the circle method's, or, when the rounds seated so far differ
    from it (late entrants sat out the rounds before they joined), those rounds as played and
    after them rounds in which every pair still meets as often as the cycles ask and nobody
    sits out more than once a cycle (events.md): _joined_after_round_one's."""
    n = len(event.entrants)
    seated = sorted({m.round for m in event.matches if not m.playoff})
    played = tuple(
        (tuple(sorted(tuple(m.entrants) for m in event.matches
                      if m.round == r and not m.playoff and m.bye is None)),
         tuple(sorted(m.bye for m in event.matches if m.round == r and m.bye is not None)))
        for r in seated)
    for plan in (round_robin(list(range(n)), event.cycles),
                 _joined_after_round_one(n, event.cycles, played[0]) if played else None):
        if plan and all(_as_planned(rnd, plan[r - 1]) for r, rnd in zip(seated, played)
                        if r <= len(plan)):
            return copied(plan)
    raise EventInvalid(None, Text("A round robin of {count} entrants cannot go on from round "
                                  "{round} so that every pair meets and nobody sits out a second "
                                  "time (a late entrant joins after round 1 only, and with an "
                                  "odd count only one).", count=n, round=len(played)))


@functools.lru_cache(maxsize=64)
def _joined_after_round_one(n: int, cycles: int, first: tuple) -> tuple[Round, ...] | None:
    """Round 1 as played (`first`: its tables and byes; those who joined after it sat it out),
    then a cycle of the circle method around it: its first round is round 1's pairs and the
    pairs of round 1's byes, so its other rounds meet every other pair, and one round more
    seats round 1's byes against each other (the others' one bye). A second cycle is the
    circle's, sides swapped. None when two or more sat out round 1 and the count is odd: every
    round then needs a bye and there are too few left."""
    tables, byes = first
    sat_out: list[int | None] = ([None] if n % 2 else []) + list(byes)
    if n % 2 and len(sat_out) > 2:
        return None
    catch_up = list(zip(sat_out[::2], sat_out[1::2]))
    pairs = list(tables) + catch_up
    items = [a for a, _b in pairs] + [b for _a, b in reversed(pairs)]
    circle = round_robin(items)  # (None among items: whoever meets it sits out)
    last = [Round([t for t in catch_up if None not in t],
                  [a if b is None else b for a, b in catch_up if None in (a, b)])]
    cycle = [Round(list(tables), list(byes))] + circle[1:] + (last if last[0].tables else [])
    swapped = [Round([(b, a) for a, b in rnd.tables], list(rnd.byes)) for rnd in circle]
    return tuple(cycle + swapped * (cycles - 1))


def _as_planned(played: tuple, planned: Round) -> bool:
    """A round seated as the circle method planned it (the same pairs and byes)."""
    tables, byes = played
    return ({frozenset(t) for t in tables} == {frozenset(t) for t in planned.tables}
            and list(byes) == sorted(planned.byes))
