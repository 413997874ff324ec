"""Deciding a tie (spec/events.md "Deciding a tie: a playoff or a draw"): which tied groups an
organizer may decide now, and where a group's playoff is seated.

A group may be decided once the stage it is tied in is over (a round robin's or a pool's
matches, a progressive or tables event's rounds), never while a playoff of it is played. Groups
played off at the same time share rounds, each at its own tables.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.text import Text
from .event import Event, EventInvalid, decided, pool_members
from .ranking import outcomes, pairs_done, ranked, rounds_done
from .seating import planned_rounds, round_robin


@dataclass(frozen=True)
class Tie:
    """A group of entrants still level after every tie-break, in seed order; `pool` its pool
    (from 1) in a pools event. `playoff`/`draw`: why it cannot be decided that way now, or
    None when it can; `playing`: its playoff is being played."""

    entrants: tuple[int, ...]
    pool: int | None
    playoff: Text | None
    draw: Text | None
    playing: bool = False


def ties(event: Event) -> list[Tie]:
    """Every tied group of the standings that has played (a pools event: of each pool), with
    whether a playoff or a draw may decide it now."""
    if event.format == "pools":
        stages = [(p, members) for p, members in enumerate(pool_members(event), start=1)]
    elif event.bracket:
        return []
    else:
        stages = [(None, list(range(len(event.entrants))))]
    out = []
    for pool, members in stages:
        matches = [m for m in event.matches if m.pool == pool] if pool else event.matches
        rows = ranked(event, members, outcomes(event, matches))
        groups: dict[int, list[int]] = {}
        for row in rows:
            if row["tied"] and row["played"]:
                groups.setdefault(row["rank"], []).append(row["entrant"])
        for group in groups.values():
            group = tuple(sorted(group))
            waits = _waits(event, group, pool, members)
            playoff = waits
            if playoff is None and not _plays_off(event):
                playoff = Text("A playoff is played between teams of a round robin or a pool.")
            out.append(Tie(group, pool, playoff, waits, _playing(event, group)))
    return out


def _plays_off(event: Event) -> bool:
    return event.format in ("round-robin", "pools")


def _playing(event: Event, group: tuple[int, ...]) -> bool:
    return any(m.playoff and not decided(event, m) and set(m.entrants) & set(group)
               for m in event.matches)


def _waits(event: Event, group: tuple[int, ...], pool: int | None, members: list[int]
           ) -> Text | None:
    """Why the group cannot be decided yet: its stage still being played, or its playoff."""
    names = " v ".join(event.label(e) for e in group)
    if _playing(event, group):
        return Text("The playoff of {names} is being played: it decides the tie.", names=names)
    regular = [m for m in event.matches if not m.playoff and (pool is None or m.pool == pool)]
    if event.format in ("progressive", "tables"):
        over = rounds_done(event)
    else:
        seated = {m.round for m in event.matches if not m.playoff}
        over = (pairs_done(event, members, regular)
                and all(decided(event, m) for m in regular)
                and all(r in seated for r in range(1, _rounds_planned(event) + 1)))
    if not over:
        if pool:
            return Text("The tie of {names} is decided once pool {pool}'s matches are over.",
                        names=names, pool=pool)
        return Text("The tie of {names} is decided once the event's matches are over.",
                    names=names)
    return None


def _rounds_planned(event: Event) -> int:
    """How many rounds the schedule plans; none more than those seated for a round robin that
    cannot go on as it was played (seating.round_robin_rounds: an event kept from before)."""
    try:
        return len(planned_rounds(event))
    except EventInvalid:
        return 0


def find_tie(event: Event, group: list[int]) -> Tie | None:
    """The tie of exactly these entrants, as ties() gives it, or None (no such tie now)."""
    wanted = tuple(sorted(group))
    return next((t for t in ties(event) if t.entrants == wanted), None)


def playoff_matches(event: Event, tie: Tie) -> list[dict]:
    """The tie's playoff as matches to seat (round, table, entrants, bracket, pool, playoff):
    one match for two, every pair once for three or more (a round robin of the group, whoever
    waits listed as no bye). A playoff being played now (another group's) is shared: these
    start at its earliest open round, at tables none of its matches use; otherwise they
    follow the last round."""
    running = [m for m in event.matches if m.playoff and not decided(event, m)]
    start = (min(m.round for m in running) if running
             else max((m.round for m in event.matches), default=0) + 1)
    rounds = round_robin(list(tie.entrants))
    numbers = range(start, start + len(rounds))
    used = [m.table for m in event.matches if m.round in numbers and m.table is not None]
    first = max(used, default=0) + 1
    out = []
    for number, rnd in zip(numbers, rounds):
        for offset, sides in enumerate(rnd.tables):
            out.append({"round": number, "table": first + offset, "entrants": list(sides),
                        "bracket": "pool" if tie.pool else None, "pool": tie.pool,
                        "playoff": True})
    return out

