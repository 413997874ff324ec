"""An event's standings and schedule as CSV, for a spreadsheet or a printed sheet.

    standings_csv(record) -> str    one row per entrant, best first (pools: its pool and place)
    schedule_csv(record) -> str     one row per match, played or still to seat, and per bye

`record` is an event record (spec/events.md). Names, never indices. A record the events library
refuses raises ValueError with the library's plain sentence. Every text cell that a spreadsheet
would read as a formula (=, +, -, @, a tab or a return first) is quoted with a leading '.
"""
from __future__ import annotations

import csv
import io
from typing import Any

from scorekeeper import tournament
from scorekeeper.tournament.event import Event, EventInvalid, game_wins, match_winners
from scorekeeper.tournament.ranking import event_bracket, standings as derive_standings

from .placing import decided_by, pool_name

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A value as a spreadsheet may read it safely: text that starts like a formula is quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


def parsed(record: Any) -> Event:
    """The checked event, or ValueError with the library's sentence."""
    try:
        event = tournament.parse_event(record)
        if event.bracket:
            event_bracket(event)  # a recorded match the bracket does not seat is refused here
        return event
    except EventInvalid as error:
        raise ValueError(error.message) from None


def standings_csv(record: Any) -> str:
    event = parsed(record)
    answer = derive_standings(event)
    rows = answer["standings"]
    header = ["Rank", "Entrant"] + ["Players"] * event.teams + \
        ["Played", "Won", "Lost", "Scored", "Conceded", "Difference", "Decided by"]
    if event.bracket:
        notes = ["" if r["rank"] is not None else "still in the bracket" for r in rows]
    else:
        notes = decided_by(rows, event.settings.tiebreaks)
    body = [[r["rank"] if r["rank"] is not None else "", r["name"]]
            + [" & ".join(event.entrants[r["entrant"]].players)] * event.teams
            + [r["played"], r["won"], r["lost"], r["scored"], r["conceded"], r["difference"], note]
            for r, note in zip(rows, notes)]
    if "pools" in answer:
        place = {}
        for pool in answer["pools"]:
            pool_notes = decided_by(pool["standings"], event.settings.tiebreaks)
            for r, note in zip(pool["standings"], pool_notes):
                place[r["entrant"]] = [pool_name(pool["pool"]), r["rank"], note]
        header += ["Pool", "Pool place", "Pool place decided by"]
        body = [line + place[r["entrant"]] for line, r in zip(body, rows)]
    return to_csv(header, body)


def sides(event: Event, entrants) -> list[str]:
    """What sits at a table, side by side: two teams, two pairs of partners, or the players."""
    if event.format == "progressive":
        return [" & ".join(event.label(e) for e in entrants[s::2]) for s in (0, 1)]
    if event.teams:
        return [event.label(e) for e in entrants]
    return [", ".join(event.label(e) for e in entrants)]


def schedule_csv(record: Any) -> str:
    event = parsed(record)
    answer = tournament.schedule(record)  # reads the record again: an export, not a page
    by_sides = event.format != "tables"
    header = ["Round", "Table"] + ["Bracket", "Pool"] * event.bracket
    header += ["Side 1", "Side 2", "Games won"] if by_sides else ["Players (seat order)"]
    header += ["Winner", "Status"]
    lines = []  # (round, byes after the tables, table, row)

    def seated(rnd: int, table: int, bracket, pool, entrants, result: list) -> None:
        where = [bracket or "", pool or ""] * event.bracket
        lines.append((rnd, 0, table, [rnd, table] + where + sides(event, entrants) + result))

    def bye(rnd: int, entrant: int) -> None:
        row = [rnd] + [""] * (len(header) - 1)
        row[header.index("Side 1" if by_sides else "Players (seat order)")] = event.label(entrant)
        row[-1] = "bye"
        lines.append((rnd, 1, 0, row))

    for match in event.matches:
        if match.bye is not None:
            bye(match.round, match.bye)
            continue
        won = match_winners(event, match)
        labels = sides(event, match.entrants) if by_sides else \
            [event.label(e) for e in match.entrants]
        status = "forfeit" if match.forfeit is not None else "played" if won else "playing"
        result = ["–".join(map(str, game_wins(event, match)))] * by_sides + \
            [" and ".join(labels[s] for s in won), status]
        seated(match.round, match.table, match.bracket, match.pool, match.entrants, result)
    for rnd in answer["rounds"]:
        for m in rnd["matches"]:
            seated(rnd["round"], m["table"], m.get("bracket"), m.get("pool"), m["entrants"],
                   [""] * by_sides + ["", "to play"])
        for e in rnd["byes"]:
            bye(rnd["round"], e)
    lines.sort(key=lambda line: line[:3])
    return to_csv(header, [line[3] for line in lines])
