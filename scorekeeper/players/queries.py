"""The club pages' reads: a fixed number of SQL statements per page, whatever the number of
games (each game's stats come from its cached Game.summary, never from replaying its hands).

club_games() feeds the archive; club_summaries() feeds the person page, the club stats page and
their CSVs (the one computation both ways: people_numbers()). A summary that is missing (a game
saved before the cache existed) or made by an older scorekeeper.stats is recomputed here from
the record, in a constant number of statements too, and stored.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, Iterator

from sqlalchemy import func, or_, select

from .. import kept_reads, stats
from ..extensions import db
from ..models import ClubEvent, EventEntrant, EventMatch, Game, Person, Player
from ..rules.record import whole_number
from ..store import (counted, game_seats as _seats, played,
                     refresh_stale_summaries as _refresh_stale)

PAGE_SIZE = 25


@dataclass
class Filters:
    """The archive's filters, from the GET form (anything unreadable is ignored)."""

    variant: str | None = None
    person: int | None = None
    since: date | None = None
    until: date | None = None
    status: str | None = None  # "finished" | "playing" | None
    page: int = 1
    event: int | None = None  # the club event the games were played in
    updated_since: datetime | None = None  # (UTC) games written since: an API client's sync

    def query_args(self, **change) -> dict[str, Any]:
        """The filters as URL arguments, for links to another page of the list (page 1 and
        empty filters are left out)."""
        values = {"variant": self.variant, "person": self.person,
                  "from": self.since.isoformat() if self.since else None,
                  "to": self.until.isoformat() if self.until else None,
                  "status": self.status, "event": self.event, "page": self.page, **change}
        if values["page"] == 1:
            values["page"] = None
        return {k: v for k, v in values.items() if v not in (None, "")}

    @property
    def active(self) -> bool:
        return any((self.variant, self.person, self.since, self.until, self.status, self.event))


def _whole(raw: str | None) -> int | None:
    """A filter's id or page: a whole number as the hand form reads one, 0 to 9 digits."""
    number = whole_number(raw)
    return number if number is not None and 0 <= number < 10**9 else None


def _day(raw: str | None) -> date | None:
    try:
        return date.fromisoformat((raw or "").strip())
    except ValueError:
        return None


def read_filters(args, variants, people_ids, event_ids=()) -> Filters:
    """Filters from request.args; a variant, person or event the club does not know is
    dropped."""
    variant = args.get("variant") or None
    person = _whole(args.get("person"))
    status = args.get("status") or None
    event = _whole(args.get("event"))
    return Filters(variant=variant if variant in variants else None,
                   person=person if person in people_ids else None,
                   since=_day(args.get("from")), until=_day(args.get("to")),
                   status=status if status in ("finished", "playing") else None,
                   page=max(1, _whole(args.get("page")) or 1),
                   event=event if event in event_ids else None)


@kept_reads.keep
def events(club_id: int) -> dict[int, str]:
    """The club's events, id -> name, newest first (kept: not to be changed)."""
    rows = kept_reads.read_committed(
        select(ClubEvent.id, ClubEvent.name).where(ClubEvent.club_id == club_id)
        .order_by(ClubEvent.day.desc(), ClubEvent.id.desc()), {})
    return {eid: name for eid, name in rows}


def events_of_games(match_ids) -> dict[int, dict]:
    """Event match id -> the event it is in (id, name) with its round and table: one
    statement for a page of games."""
    ids = [m for m in set(match_ids) if m is not None]
    if not ids:
        return {}
    rows = db.session.execute(
        select(EventMatch.id, EventMatch.round, EventMatch.table, ClubEvent.id, ClubEvent.name)
        .join(ClubEvent, ClubEvent.id == EventMatch.event_id).where(EventMatch.id.in_(ids)))
    return {mid: {"id": eid, "name": name, "round": rnd, "table": table}
            for mid, rnd, table, eid, name in rows}


@kept_reads.keep
def events_of_person(person_id: int) -> dict[int, str]:
    """The events a person entered (alone or in a team), id -> name, newest first (kept: not
    to be changed)."""
    rows = kept_reads.read_committed(
        select(ClubEvent.id, ClubEvent.name)
        .join(EventEntrant, EventEntrant.event_id == ClubEvent.id)
        .where((EventEntrant.person_id == person_id) | (EventEntrant.partner_id == person_id))
        .order_by(ClubEvent.day.desc(), ClubEvent.id.desc()), {})
    return {eid: name for eid, name in rows}


@kept_reads.keep
def people(club_id: int) -> dict[int, str]:
    """The club's roster, id -> name, by name (kept: not to be changed)."""
    rows = kept_reads.read_committed(
        select(Person.id, Person.name).where(Person.club_id == club_id)
        .order_by(Person.name, Person.id), {})
    return {pid: name for pid, name in rows}


def _filtered(club_id: int, f: Filters):
    where = [Game.club_id == club_id, played()]
    if f.variant:
        where.append(Game.variant == f.variant)
    if f.person:
        where.append(Game.id.in_(select(Player.game_id).where(Player.person_id == f.person)))
    if f.since:
        where.append(Game.created_at >= datetime.combine(f.since, time.min))
    if f.until and f.until < date.max:  # up to the last day there is: no bound at all
        where.append(Game.created_at < datetime.combine(f.until + timedelta(days=1), time.min))
    if f.status == "finished":
        where.append(Game.finished.is_(True))
    elif f.status == "playing":
        where.append(Game.finished.is_(False))
    if f.event:
        where.append(Game.event_match_id.in_(
            select(EventMatch.id).where(EventMatch.event_id == f.event)))
    if f.updated_since:
        where.append(Game.updated_at >= f.updated_since)
    return where


@dataclass
class ArchivePage:
    games: list[dict]
    total: int
    page: int
    pages: int
    filters: Filters = field(default_factory=Filters)


def game_count(club_id: int, f: Filters | None = None) -> int:
    """How many of the club's games the filters match (all of them without)."""
    return db.session.scalar(select(func.count()).select_from(Game)
                             .where(*_filtered(club_id, f or Filters())))


def club_games(club_id: int, f: Filters, page_size: int = PAGE_SIZE,
               past_the_end: bool = False) -> ArchivePage:
    """A page of the club's games, newest first, filtered: each with its players by seat and
    what an archive row shows of its cached summary (winner, totals: _SLIM_SUMMARY). A page
    past the last is the last (the archive page's link of an old bookmark), or, with
    `past_the_end`, that page: empty (the API's, where a client pages until a page is)."""
    where = _filtered(club_id, f)
    total = game_count(club_id, f)
    pages = max(1, -(-total // page_size))
    page = f.page if past_the_end else min(f.page, pages)
    rows = db.session.execute(_archive_query(where).limit(page_size)
                              .offset((page - 1) * page_size)).all()
    seats = _seats(Player.game_id.in_([r.id for r in rows]), names=True) if rows else {}
    fresh = _refresh_stale({r.id: None for r in rows if r.version != stats.SUMMARY_VERSION})
    in_events = events_of_games(r.event_match_id for r in rows)
    games = [_archive_game(r, seats.get(r.id, []), fresh, in_events.get(r.event_match_id))
             for r in rows]
    return ArchivePage(games=games, total=total, page=page, pages=pages, filters=f)


# What an archive row shows of a game's summary (numbers.archive_row), read by the database out
# of the JSON: decoding every whole summary (each seat's bids by level and contract) cost more
# than everything else the archive does.
_SLIM_SUMMARY = {"version": Game.summary["version"].as_integer(),
                 "units": Game.summary["units"].as_string(),
                 "hands": Game.summary["hands"].as_integer(),
                 "sides": Game.summary["sides"], "winners": Game.summary["winners"]}
STREAM_BATCH = 500


def _archive_query(where):
    return (select(Game.id, Game.variant, Game.created_at, Game.updated_at, Game.finished,
                   Game.event_match_id, *(c.label(k) for k, c in _SLIM_SUMMARY.items()))
            .where(*where).order_by(Game.created_at.desc(), Game.id.desc()))


def _archive_game(row, players: list, fresh: dict, event: dict | None = None) -> dict:
    """A game of the archive: `fresh` holds the summaries recomputed just now; `event` the
    event it was played in (events_of_games), for a page."""
    summary = fresh.get(row.id) if row.id in fresh else None if row.version is None else {
        "units": row.units, "hands": row.hands, "sides": row.sides, "winners": row.winners}
    return {"id": row.id, "variant": row.variant, "created_at": row.created_at,
            "updated_at": row.updated_at, "finished": row.finished, "summary": summary,
            "players": players, "event": event}


def archive_stream(club_id: int, f: Filters) -> Iterator[dict]:
    """Every game the filters match, as club_games gives a page of them, to be read as the
    answer is sent: the summaries that must be recomputed are, now (three statements, when
    any), and the games then stream in batches on a connection of their own (two statements
    however many games, never all in memory; no request or app context is held)."""
    where = _filtered(club_id, f)
    version = _SLIM_SUMMARY["version"]
    fresh = _refresh_stale(dict.fromkeys(db.session.scalars(select(Game.id).where(
        *where, or_(version.is_(None), version != stats.SUMMARY_VERSION)))))
    return _streamed(db.engine, where, fresh)


def _streamed(engine, where, fresh: dict) -> Iterator[dict]:
    with engine.connect() as connection:
        games = connection.execution_options(yield_per=STREAM_BATCH).execute(
            _archive_query(where))
        seats = connection.execution_options(yield_per=STREAM_BATCH * 4).execute(
            select(Player.game_id, Player.name, Player.person_id)
            .join(Game, Game.id == Player.game_id).where(*where)
            .order_by(Game.created_at.desc(), Game.id.desc(), Player.seat))
        seat = next(seats, None)
        for row in games:
            players = []
            while seat is not None and seat.game_id == row.id:
                players.append((seat.name, seat.person_id))
                seat = next(seats, None)
            yield _archive_game(row, players, fresh)


def club_summaries(club_id: int, person: int | None = None) -> list[stats.Game]:
    """The club's games as stats.Game items (summary, person id per seat, order), oldest first;
    with `person`, only the games she sat in. Two statements (three more when a summary had to
    be recomputed). Games whose record does not score, or that hold no hand, are left out."""
    where = [Game.club_id == club_id]
    if person is not None:
        where.append(Game.id.in_(select(Player.game_id).where(Player.person_id == person)))
    rows = db.session.execute(select(Game.id, Game.created_at, Game.summary).where(*where)
                              .order_by(Game.created_at, Game.id)).all()
    fresh = _refresh_stale({r.id: r.summary for r in rows})
    seats = _seats(Player.game_id.in_(select(Game.id).where(*where))) if rows else {}
    games = []
    for r in rows:
        summary = counted(fresh.get(r.id, r.summary))
        if summary is None or len(seats.get(r.id, [])) != len(summary["seats"]):
            continue
        games.append(stats.Game(summary, seats[r.id], (r.created_at, r.id)))
    return games

