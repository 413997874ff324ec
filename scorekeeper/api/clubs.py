"""A club through the API: its people, its games (paginated with Link headers, filtered as the
archive page filters them), a person's numbers and the club's, an event's record, schedule and
standings. Each is read by the function the club's page reads it with (players.queries and
players.numbers, the events library), so every number is the page's."""
from __future__ import annotations

from dataclasses import replace
from datetime import timezone

from flask import current_app, url_for
from flask_babel import gettext as _

from .. import rules, tournament
from ..clubs import roster
from ..events.record import event_record, load_event
from ..extensions import db
from ..models import Club
from ..players import numbers, queries
from . import auth, blp, documented, documents, schemas
from .problems import refuse


def readable_club(club_id: int) -> Club:
    """The club, when this request's token reads it (401, 403), else 404."""
    auth.require_club(club_id)
    club = db.session.get(Club, club_id)
    if club is None:
        refuse(404, auth.no_club(club_id))
    return club


def no_person(person_id: int) -> str:
    return _("The club has no person #%(id)s.", id=person_id)


def no_event(event_id: int) -> str:
    return _("The club has no event #%(id)s.", id=event_id)


@blp.route("/me", methods=["GET"])
@documented(read=True)
@blp.response(200, schemas.Me)
def me():
    """What this request's token is: the club or the game it opens, and what it may do there."""
    token = auth.token()
    utc = {k: v and v.replace(tzinfo=timezone.utc)
           for k, v in (("last_used_at", token.last_used_at), ("expires_at", token.expires_at))}
    return {"label": token.label, "right": token.right, "may": auth.RIGHT_WORDS[token.right],
            "club_id": token.club_id, "game_id": token.game_id,
            "writes": token.right in (auth.CLUB_WRITE, auth.GAME_SCORE), **utc}


@blp.route("/clubs/<int:club_id>", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.Club)
def club(club_id: int):
    """The club: its name, and how many people and games it has."""
    club = readable_club(club_id)
    return {"id": club.id, "name": club.name,
            "created_at": club.created_at.replace(tzinfo=timezone.utc),
            "people": len(queries.people(club.id)),
            "games": queries.game_count(club.id)}


@blp.route("/clubs/<int:club_id>/people", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.Person(many=True))
def people(club_id: int):
    """The club's roster, by name, each with the number of games they sat in that hold a
    hand."""
    club = readable_club(club_id)
    return [{"id": row["person"].id, "name": row["person"].name, "games": row["games"]}
            for row in roster.people(club)]


def _links(club_id: int, args: dict, page: int, pages: int) -> str:
    """RFC 8288 Link header of a page of the list: first, prev, next, last."""
    def url(n: int) -> str:
        return url_for("api.club_games", club_id=club_id, _external=True,
                       **{**args, "page": n})
    rels = {"first": 1, "prev": min(page - 1, pages) if page > 1 else None,
            "next": page + 1 if page < pages else None, "last": pages}
    return ", ".join(f'<{url(n)}>; rel="{rel}"' for rel, n in rels.items() if n)


@blp.route("/clubs/<int:club_id>/games", methods=["GET"])
@documented(read=True, codes=(403, 404, 422))
@blp.arguments(schemas.GamesQuery, location="query", as_kwargs=True)
@blp.response(200, schemas.ArchiveGame(many=True), headers={
    "Link": {"description": "first, prev, next, last pages (RFC 8288)",
             "schema": {"type": "string"}},
    "X-Total-Count": {"description": "How many games the filters match",
                      "schema": {"type": "integer"}}})
def club_games(club_id: int, per_page: int = queries.PAGE_SIZE, **query):
    """The club's games, newest first, a page at a time (Link: first, prev, next, last; a page
    past the last is empty), filtered by day (from, to: YYYY-MM-DD), variant, person, event
    and status, as the club's archive page lists them, and by updated_since (those written
    since a sync)."""
    club = readable_club(club_id)
    names, events = queries.people(club.id), queries.events(club.id)
    if query.get("person") is not None and query["person"] not in names:  # (a valid id: 404)
        refuse(404, no_person(query["person"]))
    if query.get("event") is not None and query["event"] not in events:
        refuse(404, no_event(query["event"]))
    # (as the archive page's form sends them: text)
    args = {k: v.isoformat() if hasattr(v, "isoformat") else str(v)
            for k, v in query.items() if v is not None}
    since = query.get("updated_since")
    filters = replace(queries.read_filters(args, rules.VARIANTS, names, events),
                      updated_since=since and since.astimezone(timezone.utc).replace(tzinfo=None))
    page = queries.club_games(club.id, filters, per_page, past_the_end=True)
    args.pop("page", None)
    if per_page != queries.PAGE_SIZE:
        args["per_page"] = per_page
    rows = [{**numbers.archive_row(g), "updated_at": g["updated_at"]} for g in page.games]
    for row in rows:  # stored in UTC, said so
        for key in ("date", "updated_at"):
            row[key] = row[key].replace(tzinfo=timezone.utc)
    return rows, {
        "Link": _links(club.id, args, page.page, page.pages),
        "X-Total-Count": str(page.total)}


@blp.route("/clubs/<int:club_id>/people/<int:person_id>/stats", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.PersonStats)
def person_stats(club_id: int, person_id: int):
    """A person's numbers in the club (the person page's: stats.player_stats over its games;
    null before her first game)."""
    club = readable_club(club_id)
    names = queries.people(club.id)
    if person_id not in names:
        refuse(404, no_person(person_id))
    return {"id": person_id, "name": names[person_id],
            "numbers": numbers.person_numbers(club.id, person_id)}


@blp.route("/clubs/<int:club_id>/stats", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.ClubStats)
def club_stats(club_id: int):
    """The club's numbers (the club stats page's: stats.club_summary, and each person's
    stats.player_stats by person id)."""
    club = readable_club(club_id)
    summary, players = numbers.club_numbers(club.id)
    return {"summary": summary, "people": {str(pid): n for pid, n in players.items()}}


def _event(club_id: int, event_id: int):
    readable_club(club_id)
    event = load_event(club_id, event_id)
    if event is None:
        refuse(404, no_event(event_id))
    return event_record(event)


def _document(value: dict):
    """A document of the events library as it is (no schema reshapes it)."""
    return current_app.json.response(value)


@blp.route("/clubs/<int:club_id>/events/<int:event_id>", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, documents.ref("EventRecord"))
def event(club_id: int, event_id: int):
    """The event record (spec/events.md): its entrants, matches and their games' records."""
    return _document(_event(club_id, event_id))


@blp.route("/clubs/<int:club_id>/events/<int:event_id>/standings", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, documents.ref("EventStandings"))
def event_standings(club_id: int, event_id: int):
    """The event's standings, as `scorekeeper standings` prints them (spec/events.md)."""
    return _document(tournament.standings(_event(club_id, event_id)))


@blp.route("/clubs/<int:club_id>/events/<int:event_id>/schedule", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.DOCUMENT)
def event_schedule(club_id: int, event_id: int):
    """The event's rounds still to seat, as `scorekeeper schedule` prints them."""
    return _document(tournament.schedule(_event(club_id, event_id)))
