"""Withdrawn entrants in a round to seat (spec/events.md "Check-in and withdrawal"): in the team
formats each of their matches is their forfeit; in progressive and tables events a withdrawn
player sits out, a player sitting out this round taking the seat (a tables event's table that
keeps enough players simply plays without them), or, with nobody to take it, the table sits
out."""
from __future__ import annotations

from .event import Event


def seat_without(event: Event, planned: dict) -> dict:
    """`planned` (a round as `scorekeeper schedule` prints it) with the withdrawn seated no
    more: a copy."""
    gone = set(event.withdrawn)
    if not gone:
        return planned
    rnd = {**planned, "matches": [], "byes": list(planned["byes"])}
    if event.teams:
        for match in planned["matches"]:
            sides = [s for s, e in enumerate(match["entrants"]) if e in gone]
            rnd["matches"].append({**match, "forfeit": sides[0]} if sides else dict(match))
        return rnd
    spare = [e for e in sorted(planned["byes"]) if e not in gone]
    fewest = event.variant.min_players if event.format == "tables" else 4
    for match in planned["matches"]:
        seats = list(match["entrants"])
        for i, e in enumerate(seats):
            if e in gone and spare:
                seats[i] = spare.pop(0)
                rnd["byes"] = [b for b in rnd["byes"] if b != seats[i]] + [e]
        left = [e for e in seats if e in gone]
        if left and len(seats) - len(left) >= fewest and event.format == "tables":
            seats = [e for e in seats if e not in gone]
            rnd["byes"] += left
        elif left:
            rnd["byes"] += seats
            continue
        rnd["matches"].append({**match, "entrants": seats})
    rnd["byes"] = sorted(set(rnd["byes"]))
    return rnd
