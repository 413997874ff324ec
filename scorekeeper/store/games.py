"""A game: its reads (the game, its head, where its table plays now, a phone's games) and its
writes (start, a hand, put back, a new scorer secret), and the bulk inserts of many new games
(a rematch, a club import, an event's round)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, false, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, defer, joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .. import kept_reads
from ..extensions import db
from ..models import (AuditEvent, Club, EventMatch, Game, Hand, PhoneGame, Player, TablePhone,
                      new_code, new_secret, unused_code, utcnow, with_called)
from .club_numbers import _move_club_numbers, derive_summary
from .club_rules import _set_club_rules
from .common import Refused, _bump, _insert_on_conflict, commit_keeping_state
from .people import _person, _roster
from .rating_moves import _rate_finished, rerate_later
from .webhooks import decided_events, enqueue, game_events


def get_game(game_id: int, events: bool = False, summary: bool = False) -> Game | None:
    """The game with its hands (joined: the same snapshot as its version) and players; with
    events=True its audit trail too (one more statement). Without its cached summary unless
    `summary` (a write made once a game, as time stopped, saves _summary_before's statement):
    the join repeats the game's columns on every hand's row, and decoding the summary's JSON
    once a hand was a fifth of a 20-hand game's load; a write reads it when it needs it
    (_summary_before), and reading it from such a game is an error, never a silent query."""
    options = [joinedload(Game.hands), selectinload(Game.players)]
    if not summary:
        options.append(defer(Game.summary, raiseload=True))
    if events:
        options.append(selectinload(Game.events))
    return db.session.execute(
        select(Game).where(Game.id == game_id).options(*options)).unique().scalar_one_or_none()


# Built once: every poll runs it, and building a statement costs more than running this one.
# The game's head, and a row per role the phone holds in it (kind and token NULL for none).
_HEAD = (select(Game.id, Game.version, Game.count_version, Game.updated_at, Game.code,
                Game.creator_secret, Game.scorer_secret, Game.club_id, Game.next_game_id,
                Game.variant, Game.event_match_id, Game.finished, PhoneGame.kind,
                PhoneGame.token)
         .outerjoin(PhoneGame, (PhoneGame.game_id == Game.id)
                    & (PhoneGame.phone_id == bindparam("phone_id")))
         .where(Game.id == bindparam("game_id")))


def get_head(game_id: int, phone_id: int | None = None):
    """(head, roles): the columns that say who may read a game and which version it is at (id,
    version, updated_at, code, the secrets and the club access.role checks, the rematch, the
    variant whose entry modes this phone picked, the event match and whether it is over: where
    a table's phone goes next), or None; and the roles `phone_id` holds
    in it (kind -> token). One statement on a pooled connection of its own, outside the ORM
    session: the /live poll's 304 needs nothing more. Kept until the next commit where the
    database can say (kept_reads): a phone polls its game every 2 s."""
    head, roles = _head(game_id, phone_id)
    return head, dict(roles)  # (a kept read's: the caller's copy to change)


@kept_reads.keep
def _head(game_id: int, phone_id: int | None):
    rows = kept_reads.read_committed(_HEAD, {"game_id": game_id, "phone_id": phone_id or 0})
    if not rows:
        return None, {}
    return rows[0], {row.kind: row.token for row in rows if row.kind is not None}


class TableNow(NamedTuple):
    """Where a phone scoring an event's game plays now (table_now): the game's round, the
    table the phone follows (its TablePhone row, else the game's table), the event's latest
    round, and the game at that table: the earliest not over, else the latest of the latest
    round (None: nobody sits there, or the match was forfeited), whether it is over and its
    scorer secret (the phone following its
    table is made its scorer: events.follow_table)."""

    round: int
    table: int | None
    latest: int
    game_id: int | None
    finished: bool | None
    scorer_secret: str | None

    def leads_on(self, game_id: int) -> bool:
        """Whether the phone on game `game_id` (over) goes on by itself: to a game at its
        table not over yet, of the game's round (a best-of's next game, or a table the
        organizer moved it to) or a later one."""
        return self.game_id not in (None, game_id) and not self.finished


_MINE, _LAST, _THERE = aliased(EventMatch), aliased(EventMatch), aliased(EventMatch)
_AT, _ITS = aliased(Game), aliased(Game)
_FOLLOWED = func.coalesce(
    select(TablePhone.table).where(TablePhone.event_id == _MINE.event_id,
                                   TablePhone.phone_id == bindparam("phone_id"))
    .correlate(_MINE).scalar_subquery(), _MINE.table)
_LATEST = (select(func.max(_LAST.round)).where(_LAST.event_id == _MINE.event_id)
           .correlate(_MINE).scalar_subquery())
# The game at the table: the earliest one not over (a playoff's rounds are played one after
# the other at a table), else the latest of the latest round.
_THERE_NOW = func.coalesce(
    select(_AT.id).join(_THERE, _AT.event_match_id == _THERE.id)
    .where(_THERE.event_id == _MINE.event_id, _THERE.table == _FOLLOWED, _AT.finished == false())
    .order_by(_THERE.round, _AT.id).limit(1).correlate(_MINE).scalar_subquery(),
    select(_AT.id).join(_THERE, _AT.event_match_id == _THERE.id)
    .where(_THERE.event_id == _MINE.event_id, _THERE.round == _LATEST,
           _THERE.table == _FOLLOWED).order_by(_AT.id.desc()).limit(1)
    .correlate(_MINE).scalar_subquery())
# Built once (a finished game's phones poll it every 2 s): the game's match, the phone's
# table, the latest round, the game at that table then, whether it is over, its secret.
_TABLE_NOW = (select(_MINE.round, _FOLLOWED, _LATEST, _THERE_NOW,
                     *(select(column).where(_ITS.id == _THERE_NOW).correlate(_MINE)
                       .scalar_subquery() for column in (_ITS.finished, _ITS.scorer_secret)))
              .select_from(Game).join(_MINE, Game.event_match_id == _MINE.id)
              .where(Game.id == bindparam("game_id")))


@kept_reads.keep
def table_now(game_id: int, phone_id: int | None) -> TableNow | None:
    """TableNow of an event's game as phone `phone_id` follows it; None for a game of no
    event. One statement, kept until the next commit where the database can say
    (kept_reads): a finished game's scoring phones poll it every 2 s."""
    rows = kept_reads.read_committed(_TABLE_NOW, {"game_id": game_id,
                                                  "phone_id": phone_id or 0})
    return TableNow(*rows[0]) if rows else None


# The heads of every game a phone holds a role in, newest first: a row per role.
_PHONE_HEADS = (select(Game.id, Game.version, Game.updated_at, Game.code, Game.creator_secret,
                       Game.scorer_secret, Game.club_id, PhoneGame.kind, PhoneGame.token)
                .join(PhoneGame, PhoneGame.game_id == Game.id)
                .where(PhoneGame.phone_id == bindparam("phone_id"))
                .order_by(Game.updated_at.desc(), Game.id.desc()))


def phone_game_heads(phone_id: int) -> tuple[list, dict[int, dict[str, str]]]:
    """(heads, roles): the head of every game `phone_id` holds a role in (get_head's columns
    access.role reads, and the version), newest first; and its roles in each (game id ->
    kind -> token). One statement, however many games; kept until the next commit where the
    database can say (kept_reads)."""
    heads, roles = _phone_heads(phone_id)
    return heads, {game_id: dict(kinds) for game_id, kinds in roles.items()}  # (copies)


@kept_reads.keep
def _phone_heads(phone_id: int) -> tuple[list, dict[int, dict[str, str]]]:
    heads, roles = {}, {}
    for row in kept_reads.read_committed(_PHONE_HEADS, {"phone_id": phone_id}):
        game_id = row[0]
        if game_id not in heads:
            heads[game_id], roles[game_id] = row, {}
        roles[game_id][row[-2]] = row[-1]
    return list(heads.values()), roles


def _summary_before(game: Game) -> dict | None:
    """The game's cached summary before this write (what _move_club_numbers counts out), for
    a club's game only, read before the write's _bump (which overwrites it): from memory when
    loaded, else one statement. Read apart from the game's row, it is still that version's:
    a write committed in between moved the version on, and the bump then changes nothing."""
    if game.club_id is None:
        return None
    if "summary" in game.__dict__:
        return game.summary
    return db.session.scalar(select(Game.summary).where(Game.id == game.id))


def start_game(record: dict, via: str = "creator", club: Club | None = None,
               save_rules: bool = False, **origin: Any) -> Game:
    """A checked record as a new game, hands and all, with its "created" audit row.

    In a `club`, each seat is the roster's person of that name (compared without case), and a
    name the roster does not have yet joins it; with `save_rules` the game's options become the
    club's rules for its variant, in the same transaction. `origin` goes into the audit row
    (e.g. rematch_of=<game id>, continued_from=<game id>)."""
    game = _new_game(record, via, club, _roster(club), origin)
    if club is not None and save_rules:
        _set_club_rules(club, record["variant"], record["options"])
    commit_keeping_state()
    return game


def _new_game(record: dict, via: str, club: Club | None, roster, origin: dict) -> Game:
    game = Game(variant=record["variant"], first_dealer=record["first_dealer"],
                options=record["options"], called=record.get("called", False), code=unused_code(),
                club_id=None if club is None else club.id)
    players = []
    for i, name in enumerate(record["players"]):
        if club is None:
            players.append(Player(seat=i, name=name))
        else:
            person = _person(club, roster, name)
            players.append(Player(seat=i, name=person.name, person_id=person.id))
    game.players = players
    game.hands = [Hand(number=i, data=hand) for i, hand in enumerate(record["hands"])]
    game.summary = derive_summary(record)
    game.finished = bool(game.summary and game.summary["finished"])
    db.session.add(game)
    db.session.flush()
    if club is not None:
        _move_club_numbers(club.id, [(game, None, game.summary)], games=1, versions=1,
                           ids=game.id)
    data = created_data(record)
    data["players"] = [p.name for p in players]
    db.session.add(AuditEvent(game_id=game.id, action="created", via=via, data={**data, **origin}))
    return game


def created_data(record: dict) -> dict:
    """What a "created" audit row keeps of a new game's record (its inputs)."""
    data = {key: record[key] for key in ("variant", "players", "first_dealer", "options", "hands")}
    return with_called(data, record.get("called", False))


def write_hand(game: Game, version: int, action: str, number: int, old: dict | None,
               new: dict | None, via: str, result: dict | None = None,
               save_id: str | None = None, phone_id: int | None = None) -> AuditEvent | None:
    """Enter (`action` "entered"), change ("edited"), take back ("undone") or put back a hand
    taken back ("put back", see put_back_hand) hand `number`, made on `version`. Returns the
    audit row written (the page after it tells that change); None, with nothing written, when
    the version is stale or another phone's write got there first (the database's unique hand
    number). `save_id`, the id the phone sent with the save, and
    `phone_id`, the phone that made the write, go into the audit row.

    `game` is the one loaded with its hands (get_game) at `version`: once the version moved on
    from there, nothing else wrote in between, so its hands are changed in memory and written,
    and after the commit it stands as the database does (its new version included).
    `result` is rules.score of the record as it will stand, when the caller has it (the
    preview of the hand being saved): the summary is made from it, not scored again."""
    game_id = game.id
    hands = {h.number: h.data for h in game.hands}
    if action == "undone":
        del hands[number]
    else:
        hands[number] = new
    # time called (Game.called_after): the hand in play makes the record `called`, and taking
    # it back makes it not
    called = game.called_with(len(hands))
    record = {**game.record(), "hands": [hands[n] for n in sorted(hands)], "called": called}
    summary = derive_summary(record, result)
    try:
        before = _summary_before(game)
        # the cached summary moves with the version, in the same UPDATE
        if not _bump(game_id, version, summary=summary, called=called,
                     finished=bool(summary and summary["finished"])):
            db.session.rollback()
            return None
        now = utcnow()
        if action in ADDS_A_HAND:
            game.hands.append(Hand(number=number, data=new, created_at=now, updated_at=now))
        else:
            row = next(h for h in game.hands if h.number == number)
            if action == "edited":
                row.data = new
                row.updated_at = now
            else:
                game.hands.remove(row)  # delete-orphan: the row is deleted
        written = AuditEvent(game_id=game_id, at=now, action=action, hand_number=number,
                             data=new if action in ADDS_A_HAND else old, via=via,
                             save_id=save_id, phone_id=phone_id)
        db.session.add(written)
        _move_club_numbers(game.club_id, [(game, before, summary)], versions=1)
        _move_ratings(game, before, summary, now, action in ADDS_A_HAND)
        if game.club_id is not None:  # (its webhooks' deliveries: written with the write)
            enqueue(game.club_id, game_events(
                game_id, version + 1, record, summary, action, number,
                new if action in ADDS_A_HAND or action == "edited" else old,
                bool(before and before["finished"])), now)
            if game.event_match_id is not None and summary and summary["finished"] and not (
                    before and before["finished"]):  # (it may decide its match, its round)
                enqueue(game.club_id, decided_events(game.club_id, game.event_match_id), now)
        commit_keeping_state()
    except IntegrityError:
        db.session.rollback()
        return None
    for key, value in (("version", version + 1), ("updated_at", now), ("summary", summary),
                       ("finished", bool(summary and summary["finished"])), ("called", called)):
        set_committed_value(game, key, value)
    return written


ADDS_A_HAND = ("entered", "put back")  # write_hand's actions that add the next hand


def _move_ratings(game: Game, before: dict | None, after: dict | None, now: datetime,
                  last: bool) -> None:
    """A club game's ratings with a write to it: finished now by its `last` hand, it is rated
    in this transaction; any other change to a finished game (an edit, an undo) re-rates the
    club from it on after the answer (rerate_later)."""
    finished = [bool(s and s["finished"]) for s in (before, after)]
    if game.club_id is None or finished == [False, False]:
        return
    if finished == [False, True] and last:
        _rate_finished(game.club_id, game.id, now, after,
                       [p.person_id for p in game.players])
    else:
        rerate_later(game.club_id)


def put_back_hand(game: Game, version: int, undone_id: int, via: str,
                  phone_id: int | None = None) -> AuditEvent:
    """Put back the hand that the game's audit row `undone_id` took back, exactly as it was:
    a new version and a "put back" audit row (returned), made on `version`.

    Refused (and nothing written) unless that undo is still the game's last change: a hand
    entered since, or any other write, moved the version on (so two phones putting it back at
    once put it back once), and an older undo is never put back over what came after it."""
    last = db.session.scalars(
        select(AuditEvent).where(AuditEvent.game_id == game.id)
        .order_by(AuditEvent.id.desc()).limit(1)).first()
    if (version != game.version or last is None or last.id != undone_id
            or last.action != "undone" or last.hand_number != len(game.hands)):
        db.session.rollback()
        raise Refused("the game changed since it was taken back.")
    written = write_hand(game, version, "put back", last.hand_number, None, dict(last.data or {}),
                         via, phone_id=phone_id)
    if written is None:
        raise Refused("another phone changed the game at the same moment.")
    return written


def rotate_scorer(game_id: int, via: str) -> None:
    """A new scorer secret: the old scorer link and every role made from it stop working.
    No version check: it never conflicts with a hand, and both bumps are kept."""
    _renew_scorer(game_id, via)
    db.session.commit()


def renew_join_code(game_id: int, via: str) -> None:
    """A new join code: the old one, its viewer link and QR code, and every viewer role made
    from it stop working (a phone of the game's club still reads it as a member). No version
    check, as for a new scorer link."""
    _bump(game_id, None, code=unused_code())
    club_id = db.session.scalar(select(Game.club_id).where(Game.id == game_id))
    _move_club_numbers(club_id, versions=1)
    db.session.add(AuditEvent(game_id=game_id, action="new code", via=via))
    db.session.commit()


def _renew_scorer(game_id: int, via: str) -> None:
    _bump(game_id, None, scorer_secret=new_secret(), scorer_generation=Game.scorer_generation + 1)
    generation, club_id = db.session.execute(select(Game.scorer_generation, Game.club_id)
                                             .where(Game.id == game_id)).one()
    _move_club_numbers(club_id, versions=1)
    db.session.add(AuditEvent(game_id=game_id, action="rotated", via=via,
                              data={"generation": generation}))


def _insert_games(games: list[dict]) -> list[int]:
    """The game rows inserted (Core, in one statement for any number: insertmanyvalues), each
    with a join code no game has yet: a code another game holds is left out by the insert
    itself (ON CONFLICT DO NOTHING on the code alone: no read before) and that row goes in
    again with a new one. Their ids, in order."""
    game_table = Game.__table__
    made: dict[str, int] = {}
    waiting = list(games)
    while waiting:
        codes: set[str] = set()
        while len(codes) < len(waiting):  # (codes that differ from each other and from made)
            code = new_code()
            if code not in made:
                codes.add(code)
        for row, code in zip(waiting, codes):
            row["code"] = code
        made.update(db.session.execute(
            _insert_on_conflict(game_table).on_conflict_do_nothing(index_elements=["code"])
            .returning(game_table.c.code, game_table.c.id), waiting).all())
        waiting = [row for row in waiting if row["code"] not in made]
    return [made[row["code"]] for row in games]


def _new_games(records: list[dict], via: str, club: Club, roster,
               match_ids: list[int] | None = None) -> None:
    """Many checked records as new games of `club`, as _new_game makes one (seats from the
    roster, hands, the cached summary, a "created" audit row), in a few bulk INSERTs instead of
    a flush per game: a club export of thousands of games is imported in seconds, a round of
    an event seated in as many statements for 2 tables as for 32. `match_ids`: each game's
    event match (its audit row names it, as _new_game's origin does)."""
    if not records:
        return
    match_ids = match_ids or [None] * len(records)
    seated = [[(person.name, person.id) for person in (_person(club, roster, name)
                                                       for name in record["players"])]
              for record in records]
    _games, created = _insert_records(records, seated, via, club.id, match_ids, [
        {} if match_id is None else {"event_match": match_id} for match_id in match_ids])
    db.session.execute(insert(AuditEvent.__table__), created)


def _insert_records(records: list[dict], seated: list[list[tuple[str, int | None]]], via: str,
                    club_id: int | None, match_ids: list[int | None],
                    origins: list[dict]) -> tuple[list[dict], list[dict]]:
    """Checked records inserted as new games (Core INSERTs of the tables, each in one
    statement for any number of games), each with its seats (name, person id), its event
    match, its cached summary: their game rows (their ids in "id"), and their "created" audit
    rows (`origins` added to their data) for the caller to insert with its own."""
    now = utcnow()
    games = []
    for record, match_id in zip(records, match_ids):
        summary = derive_summary(record)
        games.append({"variant": record["variant"], "first_dealer": record["first_dealer"],
                      "options": record["options"], "called": record.get("called", False),
                      "club_id": club_id,
                      "created_at": now, "updated_at": now, "version": 1,
                      "scorer_secret": new_secret(), "scorer_generation": 1,
                      "creator_secret": new_secret(), "summary": summary,
                      "finished": bool(summary and summary["finished"]),
                      "event_match_id": match_id})
    # Core INSERTs of the tables: the ORM's bulk path spends more on each row than SQLite does
    # (ids matched by code, not sort_by_parameter_order: then the rows go in one statement,
    # not one each)
    ids = _insert_games(games)
    for row, gid in zip(games, ids):
        row["id"] = gid
    db.session.execute(insert(Player.__table__), [
        {"game_id": gid, "seat": i, "name": name, "person_id": person_id}
        for gid, seats in zip(ids, seated) for i, (name, person_id) in enumerate(seats)])
    hands = [{"game_id": gid, "number": i, "data": hand, "created_at": now, "updated_at": now}
             for gid, record in zip(ids, records) for i, hand in enumerate(record["hands"])]
    if hands:
        db.session.execute(insert(Hand.__table__), hands)
    created = []
    for gid, record, seats, origin in zip(ids, records, seated, origins):
        data = created_data(record)
        data["players"] = [name for name, _person_id in seats]
        created.append({"game_id": gid, "at": now, "action": "created", "via": via,
                        "data": {**data, **origin}})
    return games, created
