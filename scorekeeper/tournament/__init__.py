"""The events library: an event record (spec/events.md) in, its standings and the rounds still
to seat out, derived through the rules engine's result of every game.

Pure like `scorekeeper.rules` and `scorekeeper.stats`: no Flask, no SQLAlchemy, no I/O.
"""
from __future__ import annotations

from typing import Any

from ..rules.text import Text
from .brackets import Bracket
from .event import Event, EventInvalid, parse_event
from .ranking import Pools, event_bracket, standings as derive_standings
from .seating import first_dealer, planned_rounds
from .withdrawal import seat_without

__all__ = ["Event", "EventInvalid", "parse_event", "standings", "schedule", "schedule_of",
           "first_dealer"]


def _guarded(derive, record: Any) -> dict:
    try:
        return {"ok": True, **derive(parse_event(record))}
    except EventInvalid as error:
        return error.as_json()
    except RecursionError:
        return EventInvalid(None, Text("The record is nested too deeply to read.")).as_json()


def standings(record: Any) -> dict:
    """`scorekeeper standings`'s JSON for an event record; never raises."""
    return _guarded(derive_standings, record)


def schedule(record: Any) -> dict:
    """`scorekeeper schedule`'s JSON: the rounds still to seat; never raises."""
    return _guarded(_rounds_to_seat, record)


def schedule_of(event: Event) -> dict:
    """schedule() of an event already parsed (parse_event), for a page that has parsed it: an
    event of 150 teams is not read twice. EventInvalid as parse_event's."""
    return {"ok": True, **_rounds_to_seat(event)}


def _rounds_to_seat(event: Event) -> dict:
    played = {m.round for m in event.matches}
    rounds = []
    for number, planned in enumerate(planned_rounds(event), start=1):
        if number in played:
            continue
        matches = []
        for t, entrants in enumerate(planned.tables):
            match = {"table": t + 1, "entrants": list(entrants)}
            if planned.pools:
                match.update(bracket="pool", pool=planned.pools[t])
            matches.append(match)
        rounds.append({"round": number, "matches": matches, "byes": sorted(planned.byes)})
    if event.bracket:
        tree = event_bracket(event)
        rounds += _bracket_rounds(event, tree.bracket if isinstance(tree, Pools) else tree)
    return {"rounds": [seat_without(event, rnd) for rnd in rounds]}


def _bracket_rounds(event: Event, bracket: Bracket) -> list[dict]:
    """The bracket's matches whose entrants are known and that are not recorded, by round;
    tables numbered from 1 past those already used in the round."""
    by_round: dict[int, list] = {}
    for node in bracket.to_seat():
        by_round.setdefault(node.round, []).append(node)
    out = []
    for number in sorted(by_round):
        used = {m.table for m in event.matches if m.round == number and m.table is not None}
        free = (t for t in range(1, 10 ** 6) if t not in used)
        matches = [{"table": next(free), "entrants": list(node.entrants), "bracket": node.bracket}
                   for node in by_round[number]]
        out.append({"round": number, "matches": matches, "byes": sorted(bracket.byes(number))})
    return out
