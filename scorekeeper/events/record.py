"""An event's rows as the event record of spec/events.md, derived on every read (standings are
never stored), and the stamp that changes whenever the event or any of its games does.

load_event() reads an event with its entrants, matches, games, hands and seats in a fixed
number of statements, however many games it holds.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import joinedload, selectinload

from ..extensions import db
from ..models import ClubEvent, EventEntrant, EventMatch, Game


def load_event(club_id: int, event_id: int) -> ClubEvent | None:
    """The club's event with everything its record needs, or None (no such event there)."""
    return db.session.scalars(
        select(ClubEvent).where(ClubEvent.id == event_id, ClubEvent.club_id == club_id)
        .options(selectinload(ClubEvent.entrants).options(
                     joinedload(EventEntrant.person), joinedload(EventEntrant.partner)),
                 selectinload(ClubEvent.matches).selectinload(EventMatch.games).options(
                     selectinload(Game.hands), selectinload(Game.players)))
    ).one_or_none()


def stamp(club_id: int, event_id: int):
    """The club's event's head, one statement: its version, the sum of its games' versions
    and their number (any write to the event or to one of its games, a hand or a called time,
    changes one of them, so a page rendered for one stamp is right until it moves), its
    creator and settings. None when the club has no such event."""
    def of_games(column):
        return (select(column).join(EventMatch, Game.event_match_id == EventMatch.id)
                .where(EventMatch.event_id == ClubEvent.id).scalar_subquery())

    return db.session.execute(
        select(ClubEvent.id, ClubEvent.version, ClubEvent.creator_phone_id, ClubEvent.settings,
               of_games(func.coalesce(func.sum(Game.version), 0)).label("games_version"),
               of_games(func.count(Game.id)).label("games"))
        .where(ClubEvent.id == event_id, ClubEvent.club_id == club_id)).first()


def event_record(event: ClubEvent) -> dict[str, Any]:
    """The event record (events.md) from the rows: the people's current names, the games'
    seats, first dealers, hands and `called`."""
    entrants = []
    for entrant in event.entrants:
        item: dict[str, Any] = {"players": entrant.players}
        if entrant.name:
            item["name"] = entrant.name
        entrants.append(item)
    return {"name": event.name, "format": event.format, "variant": event.variant,
            "options": dict(event.options or {}), "settings": dict(event.settings or {}),
            "entrants": entrants, "matches": [match_record(m) for m in ordered(event.matches)]}


def ordered(matches: list[EventMatch]) -> list[EventMatch]:
    """Matches by round, then table (a round's byes last)."""
    return sorted(matches, key=lambda m: (m.round, m.table is None, m.table or 0, m.id))


def match_record(match: EventMatch) -> dict[str, Any]:
    if match.bye is not None:
        return {"round": match.round, "bye": match.bye}
    out: dict[str, Any] = {"round": match.round, "table": match.table,
                           "entrants": list(match.entrants)}
    if match.bracket:
        out["bracket"] = match.bracket
    if match.pool is not None:
        out["pool"] = match.pool
    if match.forfeit is not None:
        out["forfeit"] = match.forfeit
    else:
        out["games"] = [game_entry(g) for g in match.games]
    return out


def game_entry(game: Game) -> dict[str, Any]:
    """A game as a match lists it: players, first dealer, hands (and `called`)."""
    record = game.record()
    return {key: record[key] for key in ("players", "first_dealer", "hands", "called")
            if key in record}


def event_of(game: Game) -> dict | None:
    """The event a game was played in: its club, id, name, and the game's round and table."""
    if game.event_match_id is None:
        return None
    row = db.session.execute(
        select(ClubEvent.club_id, ClubEvent.id, ClubEvent.name, EventMatch.round,
               EventMatch.table).join(ClubEvent, ClubEvent.id == EventMatch.event_id)
        .where(EventMatch.id == game.event_match_id)).first()
    return None if row is None else row._asdict()
