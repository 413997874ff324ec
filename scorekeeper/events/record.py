"""An event's rows as the event record of spec/events.md, derived on every read (standings are
never stored), and the stamp that changes whenever the event or any of its games does.

load_event() reads an event with its entrants, matches, games, hands and seats in a fixed
number of statements, however many games it holds (four); event_head() reads what its pages
are cached by in one, kept in memory between commits.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, cast, exists, func, literal, null, select, union_all
from sqlalchemy.orm import joinedload, selectinload

from .. import kept_reads, tournament
from ..extensions import db
from ..models import (AuditEvent, Club, ClubEvent, EventEntrant, EventMatch, Game, Hand,
                      Member, Player, with_called)
from ..rules.text import N_, Text
from ..tournament.ranking import standings


# What load_event reads with an event (two statements): its entrants with their people, its
# matches with their games.
ENTRANT_PEOPLE = (joinedload(EventEntrant.person), joinedload(EventEntrant.partner))
MATCHES_WITH_GAMES = selectinload(ClubEvent.matches).joinedload(EventMatch.games)
WHOLE = (selectinload(ClubEvent.entrants).options(*ENTRANT_PEOPLE), MATCHES_WITH_GAMES)


def load_event(club_id: int, event_id: int, inputs: bool = True) -> ClubEvent | None:
    """The club's event with everything its record needs, or None (no such event there).

    The games' hands and seats are read as plain rows (one statement, no ORM objects: an
    event of 140 games holds a thousand hands) into `event.inputs`: game id -> {"players",
    "hands"}, which event_record() and the pages read (as of this request: a later write
    is seen by the next load). inputs=False: read when first asked (inputs_of), for an
    organizer's action that may need none."""
    event = db.session.scalars(
        select(ClubEvent).where(ClubEvent.id == event_id, ClubEvent.club_id == club_id)
        .options(*WHOLE)).one_or_none()
    if event is not None:  # (never an earlier read's, when the session kept the row)
        event.inputs = game_inputs(event_id) if inputs else None
    return event


def inputs_of(event: ClubEvent) -> dict[int, dict[str, list]]:
    """event.inputs (game_inputs), read now when load_event did not."""
    if getattr(event, "inputs", None) is None:
        event.inputs = game_inputs(event.id)
    return event.inputs


def game_inputs(event_id: int) -> dict[int, dict[str, list]]:
    """Game id -> its players in seat order, their person ids ("people") and its hands, for
    every game of the event (one statement: the seats, then the hands, of each game in
    turn)."""
    of_event = (select(Game.id).join(EventMatch, Game.event_match_id == EventMatch.id)
                .where(EventMatch.event_id == event_id).scalar_subquery())
    seats = select(Player.game_id.label("game_id"), literal(0).label("hand"),
                   Player.seat.label("number"), Player.name.label("name"),
                   Player.person_id.label("person_id"),
                   cast(null(), Hand.data.type).label("data")).where(Player.game_id.in_(of_event))
    hands = select(Hand.game_id, literal(1), Hand.number, cast(null(), Player.name.type),
                   cast(null(), Player.person_id.type), Hand.data
                   ).where(Hand.game_id.in_(of_event))
    inputs: dict[int, dict[str, list]] = {}
    for game_id, hand, _number, name, person_id, data in db.session.execute(
            union_all(seats, hands).order_by("game_id", "hand", "number")):
        game = inputs.setdefault(game_id, {"players": [], "people": [], "hands": []})
        if hand:
            game["hands"].append(data)
        else:
            game["players"].append(name)
            game["people"].append(person_id)
    return inputs


class ClubName(NamedTuple):
    """What the event's pages show of its club (a page served from a kept head loads no Club)."""

    id: int
    name: str
    language: str | None = None  # Club.language


class EventHead(NamedTuple):
    """What a page, TV view or poll of an event is cached by, as one phone asks: its club and
    the phone's membership of it (the Member row's id, None for no member), whether the phone
    runs the event (runs_it), whether the club still has an admin; the event's id (None: the
    club has no such event), version, settings, and its games' stamp (the sum of their
    versions and their number: any write to one of its games, a hand or a called time,
    changes one of them, so a page rendered for one stamp is right until it moves)."""

    club: ClubName
    member_id: int | None
    runs: bool
    has_admin: bool
    id: int | None
    version: int | None
    settings: dict | None
    games_version: int
    games: int

    @property
    def stamp(self) -> str:
        """The event as of this head: its version and its games' (the same for every phone)."""
        return _stamp(self.id, self.version, self.games_version, self.games)


def stamp_of(event: ClubEvent) -> str:
    """EventHead.stamp of a loaded event (load_event): what it shows."""
    games = [game for match in event.matches for game in match.games]
    return _stamp(event.id, event.version, sum(game.version for game in games), len(games))


def _stamp(event_id: int, version: int, games_version: int, games: int) -> str:
    return f"e{event_id}-v{version}-g{games_version}.{games}"


def runs_it(creator_phone_id: int | None, is_admin: bool, phone_id: int | None) -> bool:
    """The event's creator and the club's admin run it; other members watch."""
    return is_admin or (creator_phone_id is not None and creator_phone_id == phone_id)


def runs_event_of(game: Game, member: Member | None) -> bool:
    """Whether `member` (this phone's Member row in the game's club, or None) runs the event
    `game` is played in: its organizer or the club's admin. Besides them only the table's own
    phone (its scorer) scores an event's game: no other member takes it over, makes it a
    scoring token or starts its match's next game. One statement, for event games only."""
    if member is None or getattr(game, "event_match_id", None) is None:
        return False
    if member.is_admin:
        return True
    creator = db.session.scalar(select(ClubEvent.creator_phone_id)
                                .join(EventMatch, EventMatch.event_id == ClubEvent.id)
                                .where(EventMatch.id == game.event_match_id))
    return runs_it(creator, member.is_admin, member.phone_id)


def _of_games(column):
    return (select(column).join(EventMatch, Game.event_match_id == EventMatch.id)
            .where(EventMatch.event_id == ClubEvent.id).scalar_subquery())


def _of_member(column):
    return (select(column).where(Member.club_id == Club.id,
                                 Member.phone_id == bindparam("phone_id")).scalar_subquery())


# Built once (every poll of every phone at the night runs it): the club, the phone's Member
# row, whether the club has an admin, and the event with its games' stamp, in one statement.
_EVENT_HEAD = (
    select(Club.id, Club.name, Club.language, _of_member(Member.id), _of_member(Member.is_admin),
           exists().where(Member.club_id == Club.id, Member.is_admin), ClubEvent.id,
           ClubEvent.version, ClubEvent.creator_phone_id, ClubEvent.settings,
           _of_games(func.coalesce(func.sum(Game.version), 0)),
           _of_games(func.count(Game.id)))
    .outerjoin(ClubEvent, (ClubEvent.club_id == Club.id)
               & (ClubEvent.id == bindparam("event_id")))
    .where(Club.id == bindparam("club_id")))


@kept_reads.keep
def event_head(club_id: int, event_id: int, phone_id: int | None) -> EventHead | None:
    """The club's event's head as `phone_id` asks (None: no such club), in one statement of
    what is committed; kept until the next commit where the database can say (kept_reads):
    every phone at the night and the TV poll it."""
    rows = kept_reads.read_committed(_EVENT_HEAD, {"club_id": club_id, "event_id": event_id,
                                                   "phone_id": phone_id or 0})
    if not rows:
        return None
    (club, name, language, member_id, is_admin, has_admin, event, version, creator, settings,
     games_version, games) = rows[0]
    return EventHead(ClubName(club, name, language), member_id,
                     member_id is not None and runs_it(creator, bool(is_admin), phone_id),
                     bool(has_admin), event, version, settings, games_version or 0, games or 0)


def event_record(event: ClubEvent, games: bool = True) -> dict[str, Any]:
    """The event record (events.md) from the rows: the people's current names, the games'
    seats, first dealers, hands and `called` (inputs_of). games=False: every match without
    its games (none read), for a check of the event's shape alone (who plays or sits out
    when)."""
    inputs = inputs_of(event) if games else None
    entrants = []
    for entrant in event.entrants:
        item: dict[str, Any] = {"players": entrant.players}
        if entrant.name:
            item["name"] = entrant.name
        entrants.append(item)
    out = {"name": event.name, "format": event.format, "variant": event.variant,
           "options": dict(event.options or {}), "settings": dict(event.settings or {}),
           "entrants": entrants,
           "matches": [match_record(m, inputs) for m in ordered(event.matches)]}
    if event.draws:
        out["draws"] = [list(group) for group in event.draws]
    if event.withdrawn:
        out["withdrawn"] = list(event.withdrawn)
    return out


# The store's actions, as the history says them: marked for the catalog, said where shown.
HISTORY_ACTIONS = (
    N_("created"), N_("round started"), N_("playoff"), N_("time called"), N_("forfeit"),
    N_("draw"), N_("checked in"), N_("check-in undone"), N_("withdrawn"),
    N_("withdrawal undone"), N_("late entrant"), N_("swap"), N_("phone moved"), N_("imported"),
    N_("next game"), N_("new TV link"), N_("entered"), N_("edited"), N_("undone"),
    N_("put back"), N_("called"), N_("took over"), N_("new code"), N_("rotated"),
    N_("counted"), N_("round refused"), N_("seat claimed"), N_("seat released"))


class Change(NamedTuple):
    """A line of the event's history."""

    at: datetime
    action: str
    via: str
    data: dict | None


def history(event: ClubEvent) -> list[Change]:
    """Every change to the event and to each of its games, oldest first: the event's own rows
    and its games' (a hand entered, changed or taken back, a take-over), each game's named by
    its round and table. One statement besides the event's own rows."""
    changes = [Change(row.at, row.action, row.via, row.data) for row in event.history]
    games = db.session.execute(
        select(AuditEvent.at, AuditEvent.action, AuditEvent.hand_number, AuditEvent.via,
               EventMatch.round, EventMatch.table)
        .join(Game, Game.id == AuditEvent.game_id)
        .join(EventMatch, EventMatch.id == Game.event_match_id)
        .where(EventMatch.event_id == event.id).order_by(AuditEvent.id))
    for row in games:
        action = Text("game: {action}", action=row.action) if row.hand_number is None else \
            Text("hand {number} {action}", number=row.hand_number + 1, action=row.action)
        changes.append(Change(row.at, action, row.via, {"round": row.round, "table": row.table}))
    return sorted(changes, key=lambda change: change.at)


def ordered(matches: list[EventMatch]) -> list[EventMatch]:
    """Matches by round, then table (a round's byes last)."""
    return sorted(matches, key=lambda m: (m.round, m.table is None, m.table or 0, m.id))


def match_record(match: EventMatch, inputs: dict[int, dict[str, list]] | None) -> dict[str, Any]:
    if match.bye is not None:
        return {"round": match.round, "bye": match.bye}
    out: dict[str, Any] = {"round": match.round, "table": match.table,
                           "entrants": list(match.entrants)}
    if match.bracket:
        out["bracket"] = match.bracket
    if match.pool is not None:
        out["pool"] = match.pool
    if match.playoff:
        out["playoff"] = True
    if match.forfeit is not None:
        out["forfeit"] = match.forfeit
    else:
        out["games"] = [] if inputs is None else [game_entry(g, inputs) for g in match.games]
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


def champions(event_id: int) -> list[str]:
    """The event's champions (the entrants ranked 1) once it is complete, else none, for the
    store's webhooks (registered with the app by the events blueprint): its record as it
    stands in this transaction (populate_existing: the games this write changed are read
    again, not taken as the session held them before)."""
    event = db.session.scalars(select(ClubEvent).where(ClubEvent.id == event_id).options(
        *WHOLE).execution_options(populate_existing=True)).one()
    try:
        library_event = tournament.parse_event(event_record(event))
    except tournament.EventInvalid:
        return []
    derived = standings(library_event)
    if not derived["complete"]:
        return []
    return [library_event.entrants[row["entrant"]].name for row in derived["standings"]
            if row["rank"] == 1]
