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
from ..models import ClubEvent, EventEntrant, EventMatch, Game, Hand, Player, with_called


def load_event(club_id: int, event_id: int) -> ClubEvent | None:
    """The club's event with everything its record needs, or None (no such event there).

    The games' hands and seats are read as plain rows (two statements, no ORM objects: an
    event of 140 games holds a thousand hands) into `event.inputs`: game id -> {"players",
    "hands"}, which event_record() and the pages read (as of this request: a later write
    is seen by the next load)."""
    event = db.session.scalars(
        select(ClubEvent).where(ClubEvent.id == event_id, ClubEvent.club_id == club_id)
        .options(selectinload(ClubEvent.entrants).options(
                     joinedload(EventEntrant.person), joinedload(EventEntrant.partner)),
                 selectinload(ClubEvent.matches).selectinload(EventMatch.games))
    ).one_or_none()
    if event is not None:
        event.inputs = game_inputs(event_id)
    return event


def game_inputs(event_id: int) -> dict[int, dict[str, list]]:
    """Game id -> its players in seat order and its hands, for every game of the event."""
    of_event = (select(Game.id).join(EventMatch, Game.event_match_id == EventMatch.id)
                .where(EventMatch.event_id == event_id).scalar_subquery())
    inputs: dict[int, dict[str, list]] = {}
    for game_id, name in db.session.execute(
            select(Player.game_id, Player.name).where(Player.game_id.in_(of_event))
            .order_by(Player.game_id, Player.seat)):
        inputs.setdefault(game_id, {"players": [], "hands": []})["players"].append(name)
    for game_id, data in db.session.execute(
            select(Hand.game_id, Hand.data).where(Hand.game_id.in_(of_event))
            .order_by(Hand.game_id, Hand.number)):
        inputs.setdefault(game_id, {"players": [], "hands": []})["hands"].append(data)
    return inputs


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
    seats, first dealers, hands and `called` (`event.inputs` when load_event read them, else
    read now)."""
    inputs = getattr(event, "inputs", None)
    if inputs is None:
        inputs = game_inputs(event.id)
    entrants = []
    for entrant in event.entrants:
        item: dict[str, Any] = {"players": entrant.players}
        if entrant.name:
            item["name"] = entrant.name
        entrants.append(item)
    return {"name": event.name, "format": event.format, "variant": event.variant,
            "options": dict(event.options or {}), "settings": dict(event.settings or {}),
            "entrants": entrants,
            "matches": [match_record(m, inputs) for m in ordered(event.matches)]}


def ordered(matches: list[EventMatch]) -> list[EventMatch]:
    """Matches by round, then table (a round's byes last)."""
    return sorted(matches, key=lambda m: (m.round, m.table is None, m.table or 0, m.id))


def match_record(match: EventMatch, inputs: dict[int, dict[str, list]]) -> dict[str, Any]:
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
        out["games"] = [game_entry(g, inputs) for g in match.games]
    return out


def game_entry(game: Game, inputs: dict[int, dict[str, list]]) -> dict[str, Any]:
    """A game as a match lists it: players, first dealer, hands (and `called`)."""
    mine = inputs.get(game.id, {"players": [], "hands": []})
    entry = {"players": mine["players"], "first_dealer": game.first_dealer,
             "hands": mine["hands"]}
    return with_called(entry, game.called)


def event_of(game: Game) -> dict | None:
    """The event a game was played in: its club, id, name, and the game's round and table."""
    if game.event_match_id is None:
        return None
    row = db.session.execute(
        select(ClubEvent.club_id, ClubEvent.id, ClubEvent.name, EventMatch.round,
               EventMatch.table).join(ClubEvent, ClubEvent.id == EventMatch.event_id)
        .where(EventMatch.id == game.event_match_id)).first()
    return None if row is None else row._asdict()


def table_game_after(game: Game) -> tuple[int, int, Game | None] | None:
    """Where the table of an event's game (at a table) plays now: (the event's latest round,
    the game's table, the latest game at that table in that round, or None when the round
    seats nobody there or the match there was forfeited); None while no round after the
    game's is seated. Three statements."""
    mine = db.session.execute(select(EventMatch.event_id, EventMatch.round, EventMatch.table)
                              .where(EventMatch.id == game.event_match_id)).one()
    latest = db.session.scalar(select(func.max(EventMatch.round))
                               .where(EventMatch.event_id == mine.event_id))
    if mine.table is None or latest is None or latest <= mine.round:
        return None
    there = db.session.scalar(
        select(Game).join(EventMatch, Game.event_match_id == EventMatch.id)
        .where(EventMatch.event_id == mine.event_id, EventMatch.round == latest,
               EventMatch.table == mine.table).order_by(Game.id.desc()).limit(1))
    return latest, mine.table, there


def next_game_allowed(game: Game) -> bool:
    """Whether a game may have a next game (a rematch): any game outside an event; in an event,
    the latest game of a match that is not decided and has games left (best of 3 or 5), the
    next game then being the match's (store.rematch). One statement, for event games only."""
    if game.event_match_id is None:
        return True
    rows = db.session.execute(
        select(Game.id, Game.finished, Game.summary, ClubEvent.settings)
        .join(EventMatch, Game.event_match_id == EventMatch.id)
        .join(ClubEvent, ClubEvent.id == EventMatch.event_id)
        .where(Game.event_match_id == game.event_match_id).order_by(Game.id)).all()
    if not rows or rows[-1].id != game.id:
        return False
    best_of = (rows[0].settings or {}).get("best_of", 1)
    wins: dict[int, int] = {}
    for row in rows:
        for side in (row.summary or {}).get("winners", []) if row.finished else ():
            wins[side] = wins.get(side, 0) + 1
    return len(rows) < best_of and max(wins.values(), default=0) <= best_of // 2
