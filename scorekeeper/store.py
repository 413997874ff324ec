"""Every write, one function per change (cosmicpython's service layer).

Each write to a game is one transaction that bumps the game's version, the optimistic lock every
phone's form and poll carries, and writes the audit row that the history of changes shows. Views
parse the form, ask the rules engine, then call one of these; they never commit themselves.

Club writes (a club, its members, its roster) are one transaction each too; a roster change that
reaches games (a rename, a merge) bumps and audits every game it touches, so every phone watching
one of them sees the new name, and the history says why it changed.

Also the reads two blueprints share: get_game() loads a game with its hands in one statement
(a consistent snapshot: the version and the hands it goes with) and its players in one more.
A write keeps the loaded game current in memory (version, hands) instead of reading it again,
so entering a hand and showing the game after it costs five statements whatever the number of
hands.
"""
from __future__ import annotations

import functools
import random
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from flask import g

from sqlalchemy import (and_, bindparam, case, delete, distinct, false, func, insert,
                        literal_column, null, or_, select, tuple_, union_all, update)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, defer, joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from . import kept_reads, ratings, rules, stats
from .extensions import db
from .models import (ApiToken, AuditEvent, Club, ClubBan, ClubEvent, ClubRules, ClubSeason,
                     ClubStats, EventAudit, EventEntrant, EventMatch, Game, GuessAttempt, Hand,
                     IdempotentAnswer, Member, PendingCount, Person, Phone, PhoneGame, Player,
                     RatingMove, SeatClaim, TablePhone, new_code,
                     new_secret, unused_code, utcnow, with_called)


class Refused(Exception):
    """A change that cannot be made as asked; the message says why, for the page."""


def derive_summary(record: dict, result: dict | None = None) -> dict | None:
    """What Game.summary caches: stats.game_summary of the record, None when it does not score
    (an imported record is checked first, so only a rules change could do that). `result` is
    rules.score(record) when the caller has it already."""
    if result is None:
        result = rules.score(record)
    return stats.game_summary(record, result) if result.get("ok") else None


def refresh_summaries(fresh: list[tuple[int, int, dict]]) -> None:
    """Store recomputed summaries, each (game id, the version it was computed at, summary), in
    one executemany. Only where the game is still at that version: a write that raced the
    recomputation has stored a newer summary with its own version bump, never overwritten."""
    if not fresh:
        return
    table = Game.__table__
    db.session.execute(
        update(table).where(table.c.id == bindparam("gid"), table.c.version == bindparam("v"))
        .values(summary=bindparam("s"), finished=bindparam("f")),
        [{"gid": gid, "v": version, "s": s, "f": bool(s["finished"])}
         for gid, version, s in fresh])
    db.session.commit()


def game_seats(which, names: bool = False) -> dict[int, list]:
    """The seats of the games `which` selects (a where clause on Player), in order: person ids
    (or, with names, (name, person id) pairs). One statement."""
    cols = (Player.game_id, Player.seat, Player.person_id) + ((Player.name,) if names else ())
    rows = db.session.execute(select(*cols).where(which).order_by(Player.game_id, Player.seat))
    out: dict[int, list] = {}
    for row in rows:
        out.setdefault(row.game_id, []).append((row.name, row.person_id) if names
                                               else row.person_id)
    return out


def refresh_stale_summaries(summaries: dict[int, dict | None]) -> dict[int, dict | None]:
    """Recompute, store and return the summaries that are missing or out of date: three
    statements for any number of them (records read in two, stored in one executemany)."""
    stale = [gid for gid, s in summaries.items()
             if s is None or s.get("version") != stats.SUMMARY_VERSION]
    if not stale:
        return {}
    heads = db.session.execute(select(Game.id, Game.version, Game.variant, Game.first_dealer,
                                      Game.options, Game.called)
                               .where(Game.id.in_(stale))).all()
    names = game_seats(Player.game_id.in_(stale), names=True)
    hands: dict[int, list] = {}
    for gid, data in db.session.execute(select(Hand.game_id, Hand.data)
                                        .where(Hand.game_id.in_(stale))
                                        .order_by(Hand.game_id, Hand.number)):
        hands.setdefault(gid, []).append(data)
    fresh = {}
    for h in heads:
        record = with_called({"variant": h.variant, "first_dealer": h.first_dealer,
                              "options": dict(h.options or {}),
                              "players": [name for name, _ in names.get(h.id, [])],
                              "hands": hands.get(h.id, [])}, h.called)
        fresh[h.id] = derive_summary(record)
    refresh_summaries([(h.id, h.version, fresh[h.id]) for h in heads
                             if fresh[h.id] is not None])
    return fresh


def keep_club_stats(club_id: int, exists: bool, stamp: str, data: dict) -> None:
    """Store a club's summed numbers with their stamp (ClubStats; `exists`: its row is there
    already). A race with another worker storing the same numbers is lost quietly: either row
    is right, as both are keyed by the same stamp."""
    try:
        if not exists:
            db.session.add(ClubStats(club_id=club_id, stamp=stamp, data=data))
        else:
            db.session.execute(update(ClubStats).where(ClubStats.club_id == club_id)
                               .values(stamp=stamp, data=data, computed_at=utcnow())
                               .execution_options(synchronize_session=False))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


# The shape of ClubStats.data (stats.Tallies.to_json): part of the stamp, so that numbers kept
# in another shape are summed again rather than misread.
TALLIES_FORMAT = 2


def club_stamp(club_id: int) -> str:
    """What a club's numbers depend on, summed by the database in one statement: its games'
    count, the sum of their versions (every write to a game bumps its version: a hand, a rename
    or merge of one of its people) and the sum of their ids (a game deleted, another made);
    and the shape of the numbers (the stats library's summary version, TALLIES_FORMAT)."""
    return _stamp(*_stamp_parts(club_id))


def _stamp_parts(club_id: int) -> tuple[int, int, int]:
    return tuple(db.session.execute(_STAMP_PARTS, {"club_id": club_id}).one())


# Built once (every club page's request runs them): a club's stamp parts (its games, the sum
# of their versions, of their ids); the club with them.
_STAMP_COLUMNS = (func.count(Game.id), func.coalesce(func.sum(Game.version), 0),
                  func.coalesce(func.sum(Game.id), 0))
_STAMP_PARTS = select(*_STAMP_COLUMNS).where(Game.club_id == bindparam("club_id"))
_CLUB_HEAD = (select(Club.id, Club.name,
                     select(Member.id).where(Member.club_id == Club.id,
                                             Member.phone_id == bindparam("phone_id"))
                     .scalar_subquery(),
                     *_STAMP_COLUMNS)
              .outerjoin(Game, Game.club_id == Club.id).where(Club.id == bindparam("club_id"))
              .group_by(Club.id, Club.name))


_RATED_PARTS = select(*_STAMP_COLUMNS).where(Game.club_id == bindparam("club_id"),
                                             Game.finished.is_(True))


def rated_stamp(club_id: int) -> str:
    """What a club's ratings depend on, in one statement: club_stamp over its finished games
    only (the rated ones and those a rules change could rate). A hand of a game still in play
    moves none of it; a game that finishes, or an edit, undo, rename or merge touching a
    finished game, does."""
    return _stamp(*rated_parts(club_id))


def rated_parts(club_id: int) -> tuple[int, int, int]:
    """rated_stamp's parts: the club's finished games, the sum of their versions and ids."""
    return tuple(db.session.execute(_RATED_PARTS, {"club_id": club_id}).one())


# ---------------------------------------------------------------- a club's ratings, kept
# RatingMove rows cache the club's replay (spec/ratings.md): the write that finishes a game
# adds its moves; anything else that changes a finished game (an edit, an undo, a merge, an
# import) leaves the rows from it on stale, and the club is re-rated after the answer is sent
# (rerate_later). Readers check every row they use (club_ratings), so a stale or lost row
# costs time, never a wrong number.

@functools.lru_cache(maxsize=4096)  # a replay asks it for every key of every rated game
def rating_key(key) -> str:
    """A person's or a pair's key (ratings' person id, frozenset of two) as RatingMove.key."""
    if isinstance(key, frozenset):
        return "t" + "&".join(str(p) for p in sorted(key))
    return f"p{key}"


def rating_basis(summary: dict, seats: list) -> str:
    """What a rated game's moves depend on besides the ratings just before it: its rating
    group, and each side's rank and people."""
    return ratings.rating_group(summary) + ":" + "|".join(
        f"{rank}=" + ",".join("-" if seats[s] is None else str(seats[s]) for s in side["seats"])
        for rank, side in zip(ratings.ranks_of(summary), summary["sides"]))


def rating_rows(club_id: int, game_id: int, at: datetime, summary: dict, seats: list,
                moves: ratings.Moves, marks: dict[str, int]) -> list[dict]:
    """The RatingMove rows of one rated game's `moves`, each following the mark its key has
    in `marks` (the group's last row of each key; updated to these rows' marks)."""
    group, basis = ratings.rating_group(summary), rating_basis(summary, seats)
    rows = []
    for key, (mu, sigma) in [*moves.players.items(), *moves.pairs.items()]:
        name = rating_key(key)
        mark = random.getrandbits(62)
        rows.append({"club_id": club_id, "game_id": game_id, "at": at, "rating_group": group,
                     "key": name, "basis": basis, "mark": mark,
                     "before_mark": marks.get(name), "mu": mu, "sigma": sigma})
        marks[name] = mark
    return rows


@functools.lru_cache(maxsize=16)
def _latest_moves(keys: int):
    """The latest row of each of `keys` keys (bound as key0, key1, ...) in a group of a club,
    the game being rated left out, and one row of that game's own if it has any (its key
    NULL: a move left from a finish since undone, not yet re-rated away), in one statement: a
    UNION ALL of indexed LIMIT 1 selects (ix_rating_move_key, ix_rating_move_game_id), each
    a subquery, as SQLite takes no ORDER BY or LIMIT on a compound's own selects. Built once
    for each number of keys."""
    def first(key, *where, order=()):
        one = (select(RatingMove.mark, RatingMove.mu, RatingMove.sigma).where(*where)
               .order_by(*order).limit(1).subquery())
        return select(key.label("key"), one.c.mark, one.c.mu, one.c.sigma)

    newest = (RatingMove.at.desc(), RatingMove.game_id.desc(), RatingMove.id.desc())
    return union_all(*(
        first(literal_column(str(i)), RatingMove.club_id == bindparam("club_id"),
              RatingMove.rating_group == bindparam("group"),
              RatingMove.key == bindparam(f"key{i}"),
              RatingMove.game_id != bindparam("game_id"), order=newest)
        for i in range(keys)),
        first(null(), RatingMove.game_id == bindparam("game_id")))


def _rate_finished(club_id: int | None, game_id: int, at: datetime,
                   summary: dict | None, seats: list) -> None:
    """A club game that just finished (at `at`, after every other) moves its people's and
    pairs' ratings in this transaction: from each one's latest row (all read in one indexed
    statement), through the model, as rows of their own. Were those rows stale (a re-rating
    still to come) or raced by another finish, readers find the chain broken and re-rate.
    `seats`: the game's person ids, seat by seat."""
    group = ratings.rating_group(summary) if club_id is not None and summary else None
    if group is None:
        return
    people, pairs = ratings.moved_keys(summary, seats)
    keys = [*people, *pairs]
    rows = db.session.execute(_latest_moves(len(keys)), {
        "club_id": club_id, "group": group, "game_id": game_id,
        **{f"key{i}": rating_key(key) for i, key in enumerate(keys)}}).all()
    marks: dict[str, int] = {}
    before: tuple[dict, dict] = ({}, {})
    for row in rows:
        if row.key is not None:
            key = keys[row.key]
            marks[rating_key(key)] = row.mark
            before[row.key >= len(people)][key] = (row.mu, row.sigma)
    moves = ratings.rate_one(summary, seats, *before)
    if any(row.key is None for row in rows):
        db.session.execute(delete(RatingMove).where(RatingMove.game_id == game_id))
    db.session.execute(insert(RatingMove),
                       rating_rows(club_id, game_id, at, summary, seats, moves, marks))


def rerate_later(club_id: int | None) -> None:
    """Re-rate the club once this request's answer is sent (create_app's after_request hook
    calls club_ratings.rerate), so the writer never waits for it; the next reader re-rates
    what is still stale."""
    if club_id is not None:
        g.setdefault("rerate_clubs", set()).add(club_id)


def keep_rating_moves(club_id: int, drop: list[int], rows: list[dict],
                      relinks: list[tuple[int, int | None]]) -> None:
    """Store a re-rating of the club: the rows of the games `drop` are replaced by `rows`, and
    each kept row of `relinks` (row id, mark) is moved on from the row of that mark, in
    transactions of RERATE_ROWS rows each, so that a scorer's save never waits for more than
    one (SQLite writes one at a time). In between, readers find the rows not yet stored
    missing and rate those games again. The club's row is written first, so two re-ratings
    start one after the other (PostgreSQL's row lock); a write that finishes a game touches no
    club row, and never waits for it."""
    _lock_club(club_id)
    table = RatingMove.__table__  # core statements, each run for many rows (executemany)
    for k in range(0, len(drop), 500):
        db.session.execute(delete(RatingMove).where(RatingMove.club_id == club_id,
                                                    RatingMove.game_id.in_(drop[k:k + 500]))
                           .execution_options(synchronize_session=False))
    if relinks:
        db.session.connection().execute(
            update(table).where(table.c.id == bindparam("row_id"))
            .values(before_mark=bindparam("before")),
            [{"row_id": row_id, "before": mark} for row_id, mark in relinks])
    for k in range(0, len(rows), RERATE_ROWS):
        _insert_many(table, rows[k:k + RERATE_ROWS])
        db.session.commit()
    db.session.commit()


RERATE_ROWS = 6000  # a re-rating's rows stored in one transaction (about 1,000 games)


def _insert_many(table, rows: list[dict]) -> None:
    """Rows (dicts of the same keys) inserted by the driver's executemany, each value bound as
    its column's type binds it (a moment as the dialect stores it): SQLAlchemy's handling of
    each row's parameters cost more than the database's insert (a re-rating of a big club
    writes tens of thousands)."""
    connection = db.session.connection()
    dialect = connection.dialect
    keys = list(rows[0])
    compiled = insert(table).compile(dialect=dialect, column_keys=keys)
    binds = {key: table.c[key].type.dialect_impl(dialect).bind_processor(dialect)
             for key in keys}
    bound: dict[str, dict] = {key: {} for key, bind in binds.items() if bind is not None}
    for key, done in bound.items():  # each distinct value bound once (a game's moment)
        for value in {row[key] for row in rows}:
            done[value] = binds[key](value)
    if bound:
        rows = [{**row, **{key: done[row[key]] for key, done in bound.items()}} for row in rows]
    if compiled.positional:
        order = compiled.positiontup
        params = [tuple(row[key] for key in order) for row in rows]
    else:
        params = rows
    connection.exec_driver_sql(compiled.string, params)


class ClubHead(NamedTuple):
    """What a page of a club's numbers is cached by (the club's name and its stamp), and
    whether the phone asking is a member (the id of its Member row, or None)."""

    id: int
    name: str
    member_id: int | None
    stamp: str


@kept_reads.keep
def club_head(club_id: int, phone_id: int | None) -> ClubHead | None:
    """The club's head (its stamp: club_stamp) as `phone_id` asks, or None, in one
    statement; kept until the next commit where the database can say (kept_reads)."""
    rows = kept_reads.read_committed(_CLUB_HEAD, {"club_id": club_id, "phone_id": phone_id or 0})
    return ClubHead(*rows[0][:3], _stamp(*rows[0][3:])) if rows else None


def _stamp(games: int, versions: int, ids: int) -> str:
    return f"{stats.SUMMARY_VERSION}.{TALLIES_FORMAT}:{games}:{versions}:{ids}"


def _move_club_numbers(club_id: int | None, changed=(), games: int = 0, versions: int = 0,
                       ids: int = 0) -> None:
    """Move a club's kept numbers (ClubStats) on with this transaction's writes to its games,
    before they are committed, instead of summing every game again at the next view: each
    game of `changed`, (game with its players, its summary before, after; None: no game or no
    summary), is counted out as it was and in as it is (stats.Tallies); `games`, `versions`,
    `ids` are what the writes added to the club's stamp (club_stamp).

    Only when the kept numbers are those of the club just before these writes (their stamp
    plus these writes' is the club's stamp now): otherwise they stay out of date, and the
    next view sums every game again, as it does after a write that does not call this (a
    merge, a swap, a club import). On PostgreSQL the row is locked first: two writes to one
    club's games move its numbers on one after the other, never from the same starting point.
    """
    if club_id is None:
        return
    kept = db.session.execute(select(ClubStats.stamp, ClubStats.data)
                              .where(ClubStats.club_id == club_id).with_for_update()).one_or_none()
    if kept is None:
        return
    now = _stamp_parts(club_id)
    if kept.stamp != _stamp(now[0] - games, now[1] - versions, now[2] - ids):
        return
    tallies = stats.Tallies.from_json(kept.data)
    try:
        for game, old, new in sorted(changed, key=lambda c: (c[0].created_at, c[0].id)):
            seats = [p.person_id for p in game.players]
            finished = [s for s in (old, new) if s is not None and s["finished"]]
            after = _finished_after(club_id, game, seats) if finished else None
            if old is not None:
                tallies.count(old, seats, -1, after)
            if new is not None:
                tallies.count(new, seats, 1, after)
    except ValueError:  # a summary of another stats version: the next view sums again
        return
    db.session.execute(update(ClubStats).where(ClubStats.club_id == club_id)
                       .values(stamp=_stamp(*now), data=tallies.to_json(), computed_at=utcnow())
                       .execution_options(synchronize_session=False))


def _finished_after(club_id: int, game: Game, people: list) -> dict:
    """Where the game's letter goes in each of its people's streaks (stats.Tallies.count's
    `after`): her finished games of the club that come after it (by start, then id), and how
    many of them are of its variant. One statement, counted by the database from the club's
    games started since this one (ix_game_club_id_created_at): none or a few for a game of
    the evening, whatever the club's size."""
    later = and_(Game.created_at >= game.created_at,
                 or_(Game.created_at > game.created_at, Game.id > game.id))
    rows = db.session.execute(
        select(Player.person_id, func.count(distinct(Game.id)),
               func.count(distinct(case((Game.variant == game.variant, Game.id)))))
        .join(Game, Game.id == Player.game_id)
        .where(Player.person_id.in_([p for p in people if p is not None]),
               Game.club_id == club_id, Game.finished.is_(True), later)
        .group_by(Player.person_id))
    places = {person: (0, 0) for person in people}
    places.update({person: (overall, same) for person, overall, same in rows})
    return places


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
    round, and the latest game at that table in that round (None: nobody sits there, or the
    match was forfeited), whether it is over and its scorer secret (the phone following its
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
_THERE_NOW = (select(_AT.id).join(_THERE, _AT.event_match_id == _THERE.id)
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


def commit_keeping_state() -> None:
    """Commit without expiring what the session holds: the caller keeps it current."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


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


def _bump(game_id: int, version: int | None, **values: Any) -> bool:
    """One UPDATE that moves the version on, and only from `version` when one is given: a
    stale form (another phone wrote since) changes nothing. `values` are set with it."""
    where = [Game.id == game_id] + ([Game.version == version] if version is not None else [])
    res = db.session.execute(
        update(Game).where(*where)
        .values(version=Game.version + 1, updated_at=utcnow(), **values)
        .execution_options(synchronize_session=False))
    return res.rowcount == 1


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


def _roster(club: Club | None) -> dict[str, Person] | None:
    if club is None:
        return None
    return {p.key: p for p in db.session.scalars(
        select(Person).where(Person.club_id == club.id))}


def _insert_on_conflict(table):
    """An INSERT of this database's dialect: one that takes ON CONFLICT (SQLite and PostgreSQL
    write it alike)."""
    dialect = postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def _insert_or_ignore(model, values: dict | list[dict], keys: list[str] | None,
                      update_columns: tuple = (), returning: tuple = ()):
    """INSERT a row, or when one with the same `keys` is there already (another request made
    it a moment ago) leave it, or set its `update_columns`: one statement, no unique violation,
    on SQLite and PostgreSQL alike. keys=None (with no `update_columns`): a row the same by any
    of the table's unique constraints is left as it is. `returning`: columns of the row made
    (none when it was left: the one sure sign, where a driver's rowcount may say -1). A list
    of rows: all of them, in one statement."""
    statement = _insert_on_conflict(model).values(values)
    if update_columns:
        statement = statement.on_conflict_do_update(
            index_elements=keys, set_={c: values[c] for c in update_columns})
    else:
        statement = statement.on_conflict_do_nothing(index_elements=keys)
    if returning:
        statement = statement.returning(*returning)
    return db.session.execute(statement)


def _person(club: Club, roster: dict[str, Person], name: str) -> Person:
    """The roster's person of this name (names compared by stats.name_key), made when there is
    none: when several phones seat the same new name at once, the first one's row is
    everyone's (never a unique violation)."""
    key = stats.name_key(name)
    person = roster.get(key)
    if person is None:
        # Any unique constraint, not the key's alone: PostgreSQL checks (club_id, name) too,
        # and a phone seating the same new name at that moment fails it before the key's.
        _insert_or_ignore(Person, {"club_id": club.id, "name": name, "key": key,
                                   "created_at": utcnow()}, None)
        person = roster[key] = db.session.scalars(
            select(Person).where(Person.club_id == club.id, Person.key == key)).one()
    return person


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


def _renew_scorer(game_id: int, via: str) -> None:
    _bump(game_id, None, scorer_secret=new_secret(), scorer_generation=Game.scorer_generation + 1)
    generation, club_id = db.session.execute(select(Game.scorer_generation, Game.club_id)
                                             .where(Game.id == game_id)).one()
    _move_club_numbers(club_id, versions=1)
    db.session.add(AuditEvent(game_id=game_id, action="rotated", via=via,
                              data={"generation": generation}))


# ---------------------------------------------------------------- seats and counts
# A phone at the table plays a seat (SeatClaim), and counts its own hand for the hand to be
# entered (PendingCount) until the scorer saves that hand from the counts (write_hand). Each
# write writes its audit row and moves the game on: a seat claimed or let go its version (the
# scorer's page is drawn anew: its round view comes first), a count its count_version only
# (_bump_counts: every phone's poll shows it, and the hand form, drawn at the version, is not
# redrawn under the scorer's fingers at each count).


_SEAT_OF = (select(SeatClaim.seat).where(SeatClaim.game_id == bindparam("game_id"),
                                          SeatClaim.phone_id == bindparam("phone_id")))


@kept_reads.keep
def phone_seat(game_id: int, phone_id: int | None) -> int | None:
    """The seat phone `phone_id` plays in the game, or None. Kept until the next commit where
    the database can say (kept_reads): it is part of every poll's ETag in such a game."""
    if phone_id is None:
        return None
    rows = kept_reads.read_committed(_SEAT_OF, {"game_id": game_id, "phone_id": phone_id})
    return rows[0][0] if rows else None


def seat_claims(game_id: int) -> dict[int, int]:
    """Seat -> the phone playing it, for the seats phones claimed."""
    return dict(db.session.execute(select(SeatClaim.seat, SeatClaim.phone_id)
                                   .where(SeatClaim.game_id == game_id)).all())


def claim_seat(game_id: int, seat: int, phone_id: int, via: str,
               by_scorer: bool = False) -> bool:
    """Phone `phone_id` plays `seat` from now on (leaving the seat it played before, if any).
    Refused when another phone plays that seat (two claims at once: the database's unique
    game and seat lets one win). False, with nothing written, when it plays it already.
    `by_scorer`: the scorer seats a phone that joined the game and has no seat (refused when
    it has one, or did not join)."""
    held = db.session.scalar(select(SeatClaim).where(SeatClaim.game_id == game_id,
                                                      SeatClaim.phone_id == phone_id))
    if held is not None and held.seat == seat:
        db.session.rollback()
        return False
    if by_scorer and (held is not None or phone_id not in unseated_phones(game_id)):
        db.session.rollback()
        raise Refused("That phone plays a seat already." if held is not None
                      else "That phone has not joined the game.")
    try:
        if held is not None:
            db.session.delete(held)
            db.session.flush()
        db.session.add(SeatClaim(game_id=game_id, seat=seat, phone_id=phone_id))
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        if by_scorer:  # the phone claimed a seat itself a moment ago, or another phone this one
            raise Refused("A phone took that seat, or that phone a seat, a moment ago: look "
                          "again.") from None
        if phone_seat_now(game_id, phone_id) is not None:  # the scorer seated it meanwhile
            raise Refused("The scorer seated this phone a moment ago: tap your own name again "
                          "if that is not you.") from None
        raise Refused("Another phone plays that seat already: tap your own name, or ask the "
                      "scorer to let go of it.") from None
    _seat_write(game_id, "seat claimed", via, phone_id,
                {"seat": seat, **({"by_scorer": True} if by_scorer else {})})
    return True


def unseated_phones(game_id: int) -> list[int]:
    """The phones that joined the game (any role in it) and play no seat of it, in the order
    they first came to this server."""
    seated = select(SeatClaim.phone_id).where(SeatClaim.game_id == game_id)
    return list(db.session.scalars(
        select(PhoneGame.phone_id).distinct()
        .where(PhoneGame.game_id == game_id, PhoneGame.phone_id.not_in(seated))
        .order_by(PhoneGame.phone_id)))


def release_seat(game_id: int, seat: int, via: str, phone_id: int | None = None) -> bool:
    """No phone plays `seat` any more (the scorer let go of it, or its own phone did). False,
    with nothing written, when none did."""
    gone = db.session.execute(delete(SeatClaim).where(SeatClaim.game_id == game_id,
                                                      SeatClaim.seat == seat)).rowcount
    if not gone:
        db.session.rollback()
        return False
    _seat_write(game_id, "seat released", via, phone_id, {"seat": seat})
    return True


def count_hand(game_id: int, number: int, seat: int, pips: int, out: bool, via: str,
               phone_id: int | None, by_scorer: bool = False, double_blank: bool = False) -> None:
    """Seat `seat` counted `pips` left in its hand for hand `number` (`out`: it went out;
    `double_blank`: the double blank is among them), or corrects what it counted. Refused when hand `number` is not the one to be entered (saved
    already, or a count for a later one), or when the phone no longer plays that seat (the
    scorer, `by_scorer`, may count any seat)."""
    # the bump first: it waits for a save of the same game (its row lock), so the count of
    # hands read next is the one after that save
    _bump_counts(game_id)
    hands = db.session.scalar(select(func.count()).select_from(Hand)
                              .where(Hand.game_id == game_id))
    if number != hands:
        db.session.rollback()
        raise Refused(f"Round {number + 1} is saved already: your count was not needed."
                      if number < hands else f"Round {number + 1} is not being played yet.")
    if not by_scorer and phone_seat_now(game_id, phone_id) != seat:
        db.session.rollback()
        raise Refused("This phone no longer plays that seat: tap your name again.")
    values = {"game_id": game_id, "number": number, "seat": seat, "pips": pips, "out": out,
              "double_blank": double_blank, "phone_id": phone_id, "updated_at": utcnow(),
              "refused": None}  # counted again: the round's refusal no longer names it
    _insert_or_ignore(PendingCount, values, ["game_id", "number", "seat"],
                      ("pips", "out", "double_blank", "phone_id", "updated_at", "refused"))
    # the hand's number in the data, not in hand_number: the row is no version of the hand
    db.session.add(AuditEvent(game_id=game_id, action="counted", via=via, phone_id=phone_id,
                              data={"number": number, "seat": seat, "pips": pips, "out": out,
                                    "double_blank": double_blank}))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()


def refuse_round(game_id: int, number: int, to_fix: dict[int, tuple[int, bool, bool]],
                 reason: str, via: str) -> None:
    """The scorer's save of hand `number` was refused for `reason`, naming the counts of the
    seats in `to_fix` (seat -> the pips, out and double blank it counted, as the save read
    them): each is marked so (every phone's panel says it), unless it was corrected since (its
    new count was not the one refused)."""
    _bump_counts(game_id)  # after a save or count of the same game (its row lock)
    for seat, (pips, out, double_blank) in to_fix.items():
        db.session.execute(
            update(PendingCount).where(PendingCount.game_id == game_id,
                                       PendingCount.number == number, PendingCount.seat == seat,
                                       PendingCount.pips == pips, PendingCount.out == out,
                                       PendingCount.double_blank == double_blank)
            .values(refused=reason[:300]).execution_options(synchronize_session=False))
    db.session.add(AuditEvent(game_id=game_id, action="round refused", via=via,
                              data={"number": number, "seats": sorted(to_fix),
                                    "reason": reason}))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()


def phone_seat_now(game_id: int, phone_id: int | None) -> int | None:
    """The seat the phone plays, read in this transaction (phone_seat reads what is
    committed, for the poll)."""
    return db.session.scalar(_SEAT_OF, {"game_id": game_id, "phone_id": phone_id or 0})


def pending_counts(game_id: int, number: int) -> dict[int, PendingCount]:
    """Seat -> what it counted for hand `number`, not saved yet."""
    return {c.seat: c for c in db.session.scalars(
        select(PendingCount).where(PendingCount.game_id == game_id,
                                   PendingCount.number == number))}


def drop_counts(game_id: int, number: int, count_version: int) -> bool:
    """The counts of hand `number` go with the write that saves it (the caller's write_hand,
    in the same transaction), if none moved since they were read at `count_version`; False,
    with nothing written, when one did (the save would lose it). The game's row is written
    first, as count_hand's bump does before it writes a count: a count racing the save waits
    for it, never deadlocks with it, and one that got in first moved count_version on."""
    locked = db.session.execute(
        update(Game).where(Game.id == game_id, Game.count_version == count_version)
        .values(count_version=Game.count_version)
        .execution_options(synchronize_session=False)).rowcount
    if locked != 1:
        db.session.rollback()
        return False
    db.session.execute(delete(PendingCount).where(PendingCount.game_id == game_id,
                                                  PendingCount.number == number))
    return True


def _club_of(game_id: int) -> int | None:
    return db.session.scalar(select(Game.club_id).where(Game.id == game_id))


def _bump_counts(game_id: int) -> None:
    """The game's row written first (its lock: a save of the same game waits, or is waited
    for), its count_version moved on."""
    db.session.execute(update(Game).where(Game.id == game_id)
                       .values(count_version=Game.count_version + 1, updated_at=utcnow())
                       .execution_options(synchronize_session=False))


def _seat_write(game_id: int, action: str, via: str, phone_id: int | None, data: dict) -> None:
    _bump(game_id, None)  # the version: a seat claimed or let go redraws the scorer's page
    db.session.add(AuditEvent(game_id=game_id, action=action, via=via, phone_id=phone_id,
                              data=data))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()


# ---------------------------------------------------------------- taking over, rematch


def take_over(game: Game, generation: int, via: str, phone_id: int | None = None) -> None:
    """A club member's phone takes over scoring from scorer generation `generation` (the one
    its confirmation page showed): new scorer and creator secrets, so the old scoring phones and
    scorer links can no longer change the game; `game` then holds the new ones (the caller
    makes this phone its creator). When another phone took over first (the generation moved
    on), nothing is written and Refused says who did. No version check: it never conflicts
    with a hand."""
    new = {"scorer_secret": new_secret(), "creator_secret": new_secret(),
           "scorer_generation": generation + 1}
    res = db.session.execute(
        update(Game).where(Game.id == game.id, Game.scorer_generation == generation)
        .values(version=Game.version + 1, updated_at=utcnow(), **new)
        .execution_options(synchronize_session=False))
    if res.rowcount != 1:
        db.session.rollback()
        winner = db.session.scalar(
            select(AuditEvent.via).where(AuditEvent.game_id == game.id,
                                         AuditEvent.action == "took over")
            .order_by(AuditEvent.id.desc()).limit(1))
        raise Refused(f"{phone_name(winner) or 'Another phone'} took over scoring a moment "
                      f"ago: this phone watches.")
    db.session.add(AuditEvent(game_id=game.id, action="took over", via=via,
                              data={"generation": generation + 1}, phone_id=phone_id))
    _move_club_numbers(game.club_id, versions=1)
    commit_keeping_state()
    for key, value in new.items():
        set_committed_value(game, key, value)


def phone_name(via: str | None) -> str | None:
    """The phone an audit row's `via` names ("club member Ann's phone" -> "Ann's phone")."""
    return via.removeprefix("club member ") if via else None


def rematch(game: Game, via: str, seats: list[tuple[str, int | None]]) -> tuple[int, bool]:
    """The next game with the same people in the same seats (`seats`: the game's, each its
    name and person id) and the same house rules, the first deal passed on one seat, in the
    same club; the old game points to it (its watchers are sent there). Returns its id, and
    whether this phone made it: a second tap, from any phone, finds the rematch already made
    (False)."""
    if game.next_game_id is not None:
        return game.next_game_id, False
    match = None
    if game.event_match_id is not None:  # the event's row first, as every event write
        match = db.session.get(EventMatch, game.event_match_id)
        _bump_event(match.event_id)
    old_id, n = game.id, len(seats)
    record = {"variant": game.variant, "players": [name for name, _person_id in seats],
              "first_dealer": (game.first_dealer + 1) % n if n else 0,
              "options": dict(game.options or {}), "hands": []}
    [new], [created] = _insert_records([record], [seats], via, game.club_id,
                                       [game.event_match_id],  # (an event's: its match's)
                                       [{"rematch_of": old_id}])
    new_id = new["id"]
    res = db.session.execute(
        update(Game).where(Game.id == old_id, Game.next_game_id.is_(None))
        .values(next_game_id=new_id, version=Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False))
    if res.rowcount != 1:  # another phone's rematch got there first
        db.session.rollback()
        return db.session.scalar(select(Game.next_game_id).where(Game.id == old_id)), False
    db.session.execute(insert(AuditEvent.__table__), [created, {
        "game_id": old_id, "at": created["at"], "action": "rematch", "via": via,
        "data": {"next_game": new_id}}])
    # counted in as _new_game counts a new game, with the old game's version bump
    _move_club_numbers(game.club_id, [(_seated(new, seats), None, new["summary"])],
                       games=1, versions=2, ids=new_id)
    if match is not None:
        _event_audit(match.event_id, "next game", via, {"round": match.round,
                                                       "table": match.table})
    db.session.commit()
    return new_id, True


def _seated(row: dict, seats: list[tuple[str, int | None]]) -> Game:
    """A game's row just inserted by _insert_records as _move_club_numbers reads a game (its
    id, variant, start and seats), made in memory: never added to the session."""
    return Game(id=row["id"], variant=row["variant"], created_at=row["created_at"],
                players=[Player(seat=i, name=name, person_id=person_id)
                         for i, (name, person_id) in enumerate(seats)])


# ---------------------------------------------------------------- clubs


def create_club(name: str, phone_id: int, label: str | None) -> Member:
    """A new club with a join code; its first phone (returned) is its admin."""
    club = Club(name=name, code=unused_code(Club))
    member = Member(is_admin=True, label=label, secret=new_secret(), phone_id=phone_id)
    club.members = [member]
    db.session.add(club)
    db.session.commit()
    return member


def _lock_club(club_id: int) -> bool:
    """Start this transaction by writing the club's row, so that every change to its phones
    waits for the one before it (PostgreSQL: the row lock; SQLite: the write lock) and reads
    what that one left. False when the club is gone."""
    res = db.session.execute(update(Club).where(Club.id == club_id).values(name=Club.name)
                             .execution_options(synchronize_session=False))
    return res.rowcount == 1


def _current(member_id: int) -> Member | None:
    """A member row as the database holds it now (after _lock_club), not as loaded before."""
    return db.session.scalars(select(Member).where(Member.id == member_id)
                              .execution_options(populate_existing=True)).one_or_none()


def _one_admin(club_id: int) -> None:
    """Exactly one admin, whatever happened: none (the admin and the phone next in line left
    at once, or a club from before this rule) makes the longest-standing phone the admin; two
    keep the longest-standing of them."""
    members = db.session.scalars(select(Member).where(Member.club_id == club_id)
                                 .order_by(Member.joined_at, Member.id)
                                 .execution_options(populate_existing=True)).all()
    admins = [m for m in members if m.is_admin] or members[:1]
    for m in members:
        m.is_admin = m is admins[0]


def ensure_admin(club_id: int) -> None:
    """Give a club with phones but no admin one back (the longest-standing phone)."""
    if db.session.scalar(select(func.count()).select_from(Member).where(
            Member.club_id == club_id, Member.is_admin)) == 0:
        if _lock_club(club_id):
            _one_admin(club_id)
        db.session.commit()


def join_club(club: Club, phone_id: int, label: str | None) -> Member:
    """This phone joins the club (a second tap finds it in already). Refused for a phone the
    admin removed, by any code, until the admin lets it back in."""
    _lock_club(club.id)
    if db.session.get(ClubBan, (club.id, phone_id)) is not None:
        db.session.rollback()
        raise Refused("The club's admin removed this phone from the club. Ask them to let "
                      "it back in.")
    _insert_or_ignore(Member, {"club_id": club.id, "phone_id": phone_id, "label": label,
                               "secret": new_secret(), "is_admin": False,
                               "joined_at": utcnow()}, ["club_id", "phone_id"])
    _one_admin(club.id)
    db.session.commit()
    return db.session.scalars(select(Member).where(Member.club_id == club.id,
                                                   Member.phone_id == phone_id)).one()


def leave_club(member: Member) -> None:
    """The phone leaves (the club is no longer shown to it). An admin leaving hands admin to
    the longest-standing phone, so a club with phones always has exactly one admin."""
    club_id, member_id = member.club_id, member.id
    _lock_club(club_id)
    db.session.execute(delete(Member).where(Member.id == member_id)
                       .execution_options(synchronize_session=False))
    _one_admin(club_id)
    db.session.commit()
    db.session.expire_all()


def _as_admin(admin: Member, member_id: int) -> tuple[Member, Member | None]:
    """Lock the club; the admin and the other phone as they are now. Refused unless `admin`
    still is the club's admin and the other phone is another one (or gone: None)."""
    _lock_club(admin.club_id)
    admin_now, other = _current(admin.id), _current(member_id)
    if other is not None and other.club_id != admin.club_id:
        other = None
    if admin_now is None or not admin_now.is_admin or member_id == admin.id:
        db.session.rollback()
        raise Refused("Only the club's admin can remove a phone or hand admin on, and not to "
                      "or from itself.")
    return admin_now, other


def remove_member(admin: Member, member_id: int, via: str) -> None:
    """The admin removes another phone, and every right it had through the club: its roles in
    the club's games (creator and scorer included; the scorer link of a game it could score is
    renewed, as it may know it), its way back in (it is barred until the admin lets it back,
    and the club gets a new code). A second tap finds it removed already: nothing more."""
    admin, phone = _as_admin(admin, member_id)
    if phone is None:
        db.session.rollback()
        return
    club_id, phone_id = admin.club_id, phone.phone_id
    db.session.delete(phone)
    if phone_id is not None:
        _insert_or_ignore(ClubBan, {"club_id": club_id, "phone_id": phone_id,
                                    "label": phone.label, "removed_at": utcnow()},
                          ["club_id", "phone_id"])
        club_games = select(Game.id).where(Game.club_id == club_id).scalar_subquery()
        scored = db.session.scalars(select(PhoneGame.game_id).distinct().where(
            PhoneGame.phone_id == phone_id, PhoneGame.kind.in_(("c", "s")),
            PhoneGame.game_id.in_(club_games))).all()
        db.session.execute(delete(PhoneGame).where(PhoneGame.phone_id == phone_id,
                                                   PhoneGame.game_id.in_(club_games))
                           .execution_options(synchronize_session=False))
        # its API tokens of the club's games (its club tokens go with its Member row)
        db.session.execute(delete(ApiToken).where(ApiToken.phone_id == phone_id,
                                                  ApiToken.game_id.in_(club_games))
                           .execution_options(synchronize_session=False))
        for game_id in scored:
            _renew_scorer(game_id, via)
    db.session.execute(update(Club).where(Club.id == club_id)
                       .values(code=unused_code(Club))
                       .execution_options(synchronize_session=False))
    _one_admin(club_id)
    db.session.commit()
    db.session.expire_all()


def let_back_in(admin: Member, phone_id: int) -> None:
    """The admin lets a removed phone join again (with the club's code, as anyone)."""
    _as_admin(admin, 0)
    db.session.execute(delete(ClubBan).where(ClubBan.club_id == admin.club_id,
                                             ClubBan.phone_id == phone_id))
    db.session.commit()


def new_club_code(admin: Member) -> None:
    """The admin gives the club a new code: the old one (and its QR code) stops working."""
    _as_admin(admin, 0)
    db.session.execute(update(Club).where(Club.id == admin.club_id)
                       .values(code=unused_code(Club))
                       .execution_options(synchronize_session=False))
    db.session.commit()
    db.session.expire_all()


def hand_admin(admin: Member, member_id: int) -> None:
    """The admin makes another phone the admin (one admin at a time). A second tap finds it
    done already: nothing more."""
    try:
        admin, phone = _as_admin(admin, member_id)
    except Refused:
        if (now := _current(member_id)) is not None and now.is_admin:
            return  # this tap's first one did it
        raise
    if phone is None:
        db.session.rollback()
        raise Refused("That phone is no longer in the club.")
    admin.is_admin = False
    phone.is_admin = True
    db.session.commit()
    db.session.expire_all()


def club_rules(club_id: int, variant: str) -> dict | None:
    """The options a club saved for a variant (only those that differ from the written rules),
    or None when it saved none."""
    row = db.session.get(ClubRules, (club_id, variant))
    return dict(row.options or {}) if row is not None else None


def save_club_rules(club: Club, variant: str, options: dict) -> None:
    """Make `options` the club's rules for `variant` (replacing what it saved before)."""
    _set_club_rules(club, variant, options)
    db.session.commit()


def _set_club_rules(club: Club, variant: str, options: dict) -> None:
    row = db.session.get(ClubRules, (club.id, variant))
    if row is None:
        db.session.add(ClubRules(club_id=club.id, variant=variant, options=dict(options)))
    else:
        row.options = dict(options)
        row.updated_at = utcnow()


def name_season(admin: Member, name: str, first_day, last_day, via: str) -> ClubSeason:
    """The admin names a season of the club (its first and last day both included). Refused,
    with a plain sentence, for a phone that is not the admin, a last day before the first, or
    days that overlap another season's. The club's row is written first, so two admins' taps
    at once are judged one after the other."""
    _lock_club(admin.club_id)
    now = _current(admin.id)
    if now is None or not now.is_admin:
        db.session.rollback()
        raise Refused("Only the club's admin can name a season.")
    if last_day < first_day:
        db.session.rollback()
        raise Refused("A season's last day cannot come before its first day.")
    clash = db.session.scalars(select(ClubSeason).where(
        ClubSeason.club_id == admin.club_id, ClubSeason.first_day <= last_day,
        ClubSeason.last_day >= first_day).order_by(ClubSeason.first_day)).first()
    if clash is not None:
        message = (f"Those days overlap the season {clash.name} ({clash.first_day.isoformat()} "
                   f"to {clash.last_day.isoformat()}): seasons cannot overlap.")
        db.session.rollback()
        raise Refused(message)
    season = ClubSeason(club_id=admin.club_id, name=name, first_day=first_day,
                        last_day=last_day, named_by=via[:40])
    db.session.add(season)
    db.session.commit()
    return season


def add_person(club: Club, name: str) -> Person:
    existing = _roster(club).get(stats.name_key(name))
    if existing is not None:
        raise Refused(f"{existing.name} is on the roster already.")
    person = Person(club_id=club.id, name=name)
    db.session.add(person)
    try:
        db.session.commit()
    except IntegrityError:  # another phone added the same name a moment ago
        db.session.rollback()
        raise Refused(f"{name} is on the roster already.") from None
    return person


def _games_of(person_id: int) -> list[int]:
    return list(db.session.scalars(
        select(Player.game_id).where(Player.person_id == person_id).distinct()))


def rename_person(person: Person, name: str, via: str) -> None:
    """A new name for a person, in every game they played too (the records and exports show
    it): each of those games gets a version bump and a "renamed" audit row, and each event
    they entered a version bump (its pages, cached by version, show the new name)."""
    old = person.name
    if name == old:
        return
    other = _roster(person.club).get(stats.name_key(name))
    taken = Refused(f"{other.name if other else name} is someone else on the roster: to make "
                    f"them one person, merge them.")
    if other is not None and other.id != person.id:
        raise taken
    try:
        # the name first: a rename to the same name at the same moment fails here, on the
        # roster's unique name, before any game is touched
        db.session.execute(update(Person).where(Person.id == person.id)
                           .values(name=name, key=stats.name_key(name))
                           .execution_options(synchronize_session=False))
        for event_id in db.session.scalars(select(EventEntrant.event_id).where(or_(
                EventEntrant.person_id == person.id, EventEntrant.partner_id == person.id))
                .distinct()):  # (their entrants' names are the people's; events before games)
            _bump_event(event_id)
        games = _games_of(person.id)
        for game_id in games:
            _bump(game_id, None)
            db.session.execute(update(Player).where(Player.game_id == game_id,
                                                    Player.person_id == person.id)
                               .values(name=name).execution_options(synchronize_session=False))
            db.session.add(AuditEvent(game_id=game_id, action="renamed", via=via,
                                      data={"from": old, "to": name}))
        _move_club_numbers(person.club_id, versions=len(games))  # numbers go by person id
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise taken from None
    finally:
        db.session.expire_all()


def merge_people(gone: Person, into: Person, via: str) -> None:
    """`gone` and `into` are one person: `gone`'s seats in every game become `into`'s (under
    `into`'s name), and `gone` leaves the roster. Refused when both sat in one game."""
    if gone.id == into.id or gone.club_id != into.club_id:
        raise Refused("Pick two different people of this club.")
    games = _games_of(gone.id)
    both = set(games) & set(_games_of(into.id))
    if both:
        raise Refused(f"{gone.name} and {into.name} played in the same game (game "
                      f"#{min(both)}), so they are two people.")
    for game_id in games:
        _bump(game_id, None)
        db.session.execute(update(Player).where(Player.game_id == game_id,
                                                Player.person_id == gone.id)
                           .values(name=into.name, person_id=into.id)
                           .execution_options(synchronize_session=False))
        db.session.add(AuditEvent(game_id=game_id, action="merged", via=via,
                                  data={"from": gone.name, "to": into.name}))
    _merge_entrants(gone, into)
    rerate_later(into.club_id)
    db.session.delete(gone)
    db.session.commit()
    db.session.expire_all()


def _merge_entrants(gone: Person, into: Person) -> None:
    """A merged person's event entries become the other's (each event's version moves on)."""
    for column in (EventEntrant.person_id, EventEntrant.partner_id):
        events = db.session.scalars(select(EventEntrant.event_id).where(column == gone.id)).all()
        db.session.execute(update(EventEntrant).where(column == gone.id).values(
            {column.key: into.id}).execution_options(synchronize_session=False))
        for event_id in events:
            _bump_event(event_id)


def import_club(name: str, phone_id: int, label: str | None, records: list[dict]) -> Member:
    """A new club holding checked game records (a club export), people made from their names;
    the importing phone is its admin. One transaction: all the games or none."""
    club = Club(name=name, code=unused_code(Club))
    phone = Member(is_admin=True, label=label, secret=new_secret(), phone_id=phone_id)
    club.members = [phone]
    db.session.add(club)
    db.session.flush()
    _new_games(records, "club import", club, _roster(club))
    db.session.commit()
    rerate_later(club.id)
    return phone


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


# ---------------------------------------------------------------- join-code guesses


def record_guess(address: str, now: datetime, window: timedelta) -> tuple[int, int, int]:
    """Count a join-code lookup from `address` before it is made: (its row's id, the lookups
    from that address in the last `window`, the lookups from everyone), this one included.

    The row is committed *before* the counts are read, so concurrent guesses in several
    processes each see at least every one committed before theirs: no burst gets past a
    limit checked on these counts."""
    attempt = GuessAttempt(address=address, at=now)
    db.session.add(attempt)
    db.session.flush()
    attempt_id = attempt.id  # read before the commit expires it
    db.session.commit()
    since = GuessAttempt.at > now - window
    mine, everyone = db.session.execute(
        select(func.count().filter(GuessAttempt.address == address), func.count())
        .select_from(GuessAttempt).where(since)).one()
    return attempt_id, mine, everyone


def forget_guess(attempt_id: int) -> None:
    """A lookup that does not count (refused, or a right code): its row goes."""
    db.session.execute(delete(GuessAttempt).where(GuessAttempt.id == attempt_id))
    commit_keeping_state()


def prune_guesses(before: datetime) -> None:
    """Drop the counted wrong codes older than `before`."""
    db.session.execute(delete(GuessAttempt).where(GuessAttempt.at < before))
    commit_keeping_state()


# ---------------------------------------------------------------- phones and their roles


def new_phone() -> int:
    """A new phone identity (access.py gives the browser its cookie)."""
    phone = Phone()
    db.session.add(phone)
    db.session.flush()
    phone_id = phone.id  # read before the commit expires it (no SELECT to reload it)
    db.session.commit()
    return phone_id


def grant_role(phone_id: int, game_id: int, kind: str, token: str) -> None:
    """Phone `phone_id` holds role `kind` in the game under `token` (a second grant of the
    same role, e.g. after the scorer link was renewed, replaces the token)."""
    _insert_or_ignore(PhoneGame, {"phone_id": phone_id, "game_id": game_id, "kind": kind,
                                  "token": token}, ["phone_id", "game_id", "kind"], ("token",))
    db.session.commit()


def adopt_old_roles(phone_id: int | None, roles: list[tuple[int, str, str]],
                    member_ids: list[int]) -> int:
    """Move a phone's roles from its cookies of before phones into the database: `roles`
    (game id, kind, token) and the Member rows it proved it is, each checked by the caller.
    Returns the phone's id: `phone_id`; when it had none, the phone one of these members was
    moved to already (the same browser's other request, sent at the same moment, got there
    first: both answers then name the same phone), else a new one."""
    if phone_id is None and member_ids:
        phone_id = db.session.scalar(select(func.min(Member.phone_id)).where(
            Member.id.in_(member_ids), Member.phone_id.is_not(None)))
    fresh = phone_id is None
    if fresh:
        phone_id = new_phone()
    for member_id in member_ids:
        club_id = select(Member.club_id).where(Member.id == member_id).scalar_subquery()
        taken = select(Member.id).where(Member.club_id == club_id, Member.phone_id == phone_id)
        moved = db.session.execute(
            update(Member).where(Member.id == member_id, Member.phone_id.is_(None),
                                 ~taken.exists())
            .values(phone_id=phone_id).execution_options(synchronize_session=False)).rowcount
        if not moved and fresh:  # the other request's phone, committed a moment ago
            phone_id = db.session.scalar(select(Member.phone_id).where(Member.id == member_id)) \
                or phone_id
            fresh = False
    for game_id, kind, token in roles:
        _insert_or_ignore(PhoneGame, {"phone_id": phone_id, "game_id": game_id, "kind": kind,
                                      "token": token}, ["phone_id", "game_id", "kind"],
                          ("token",))
    db.session.commit()
    return phone_id


# ---------------------------------------------------------------- events


def _event_audit(event_id: int, action: str, via: str, data: dict | None = None) -> None:
    db.session.add(EventAudit(event_id=event_id, action=action, via=via[:40], data=data))


def _bump_event(event_id: int, version: int | None = None) -> bool:
    """The event's version moves on (from `version` when given: a stale form changes
    nothing), as a game's does on every write.

    Every event action starts with this: the event's row is written first,
    so the actions on one event wait for each other (PostgreSQL: the row lock; SQLite: the
    write lock), each reads what the one before it left, and none holds a game's row while
    waiting for the event's (no deadlock with a hand, which writes its game's row only)."""
    where = [ClubEvent.id == event_id] + (
        [ClubEvent.version == version] if version is not None else [])
    res = db.session.execute(update(ClubEvent).where(*where)
                             .values(version=ClubEvent.version + 1, updated_at=utcnow())
                             .execution_options(synchronize_session=False))
    return res.rowcount == 1


# What each event action is called when another phone's beat this one (_bump_event_from).
_EVENT_CHANGES = {"round started": "a round was started", "playoff": "a playoff was seated",
                  "time called": "time was called", "forfeit": "a forfeit was recorded",
                  "late entrant": "a late entrant joined", "swap": "a swap was made",
                  "next game": "a match's next game began",
                  "phone moved": "a table phone was moved"}


def _bump_event_from(event: ClubEvent, what: str) -> None:
    """_bump_event from the version `event` was read at (what the view checked the action
    against), or Refused saying what another phone did since and `what` did not happen
    ("Ann & Bob did not join")."""
    if _bump_event(event.id, event.version):
        return
    db.session.rollback()
    last = db.session.execute(select(EventAudit.action, EventAudit.via)
                              .where(EventAudit.event_id == event.id)
                              .order_by(EventAudit.id.desc()).limit(1)).first()
    change = _EVENT_CHANGES.get(last.action, "the event changed") if last else "the event changed"
    who = phone_name(last.via) if last else None
    raise Refused(f"A moment ago {change} from {who or 'another phone'}: {what}. Look at the "
                  f"event as it is now and try again.")


def _unplayed(match: EventMatch) -> Any:
    """Where-clause of the match's games as `match` read them (each at the version read) with
    no hand: a write under it (the delete of a forfeit, the bump of a swap) takes each game's
    row only when no hand came in since (a hand moves its game's version on first: on
    PostgreSQL the write waits for the hand's commit, then finds the version moved; a hand
    after it finds its game gone or moved on). Checked by the rows it wrote (_all_unplayed)."""
    return and_(tuple_(Game.id, Game.version).in_([(g.id, g.version) for g in match.games]),
                ~select(Hand.id).where(Hand.game_id == Game.id).exists())


def _all_unplayed(match: EventMatch, written: int, what: str) -> None:
    """Refused (nothing written) when a write under _unplayed missed one of the match's games:
    a hand is in (a hand the server acknowledged is never changed by an event action: only an
    undo takes it back)."""
    if written != len(match.games):
        db.session.rollback()
        raise Refused(f"Round {match.round}, table {match.table}: a hand is in already, so "
                      f"{what}. Take the hands back first.")


def create_event(club: Club, phone_id: int | None, via: str, fields: dict,
                 entrants: list[dict]) -> int:
    """A new event of the club: `fields` its columns (name, day, variant, options, format,
    settings, seeds_drawn), `entrants` in seed order, each {"name": team name or None,
    "players": names}; a name the roster does not have yet joins it."""
    event, _roster_now = _new_event(club, phone_id, fields, entrants)
    _event_audit(event.id, "created", via, {
        "name": event.name, "format": event.format, "variant": event.variant,
        "seeds_drawn": event.seeds_drawn, "entrants": [e["players"] for e in entrants]})
    event_id = event.id
    db.session.commit()
    return event_id  # (the new event's id: its row is not read again for the answer)


def _new_event(club: Club, phone_id: int | None, fields: dict,
               entrants: list[dict]) -> tuple[ClubEvent, dict[str, Person]]:
    """The event's row and its entrants' (with the people they name: returned as a roster by
    name_key, new names made in one statement: _people)."""
    roster = _people(club, [name for entrant in entrants for name in entrant["players"]])
    event = ClubEvent(club_id=club.id, creator_phone_id=phone_id, **fields)
    db.session.add(event)
    db.session.flush()
    rows = []
    for seed, entrant in enumerate(entrants):
        people = [roster[stats.name_key(name)] for name in entrant["players"]]
        rows.append({"event_id": event.id, "seed": seed, "name": entrant.get("name"),
                     "person_id": people[0].id,
                     "partner_id": people[1].id if len(people) > 1 else None})
    if rows:  # (one statement, run for every row)
        db.session.execute(insert(EventEntrant), rows)
    return event, roster


def _people(club: Club, names: list[str]) -> dict[str, Person]:
    """The club's roster (by name_key) with a person for each of `names`: the new ones made
    as _person makes one, all in one statement that returns them (a second request making the
    same name at once is left its row: those alone are read after). The roster as the view
    loaded it, when it did (a name made since is made again: left, and read)."""
    roster = {p.key: p for p in club.people} if "people" in vars(club) else _roster(club)
    new = {}
    for name in names:
        key = stats.name_key(name)
        if key not in roster and key not in new:
            new[key] = {"club_id": club.id, "name": name, "key": key, "created_at": utcnow()}
    if new:
        roster.update((p.key, p) for p in _insert_or_ignore(
            Person, list(new.values()), None, returning=(Person,)).scalars())
        left = [key for key in new if key not in roster]
        if left:
            roster.update((p.key, p) for p in db.session.scalars(
                select(Person).where(Person.club_id == club.id, Person.key.in_(left))))
    return roster


def _new_matches(event_id: int, matches: list[dict]) -> list[int]:
    """The event's new EventMatch rows (each its columns), in one statement: their ids, in
    order (matched by their columns, which differ: RETURNING in parameter order would send a
    statement each)."""
    if not matches:
        return []
    rows = [{"event_id": event_id, "table": None, "entrants": [], "bye": None, "forfeit": None,
             "bracket": None, "pool": None, "created_at": utcnow(), **values}
            for values in matches]

    def key(row) -> tuple:
        return row["round"], row["table"], row["bye"], tuple(row["entrants"]), row["bracket"]

    made = {key(m._mapping): m.id for m in db.session.execute(
        insert(EventMatch).returning(EventMatch.id, EventMatch.round, EventMatch.table,
                                     EventMatch.bye, EventMatch.entrants, EventMatch.bracket),
        rows)}
    return [made[key(row)] for row in rows]


def seat_matches(event: ClubEvent, version: int, number: int,
                 matches: list[tuple[dict, dict | None]], via: str,
                 action: str = "round started") -> None:
    """Seat round `number` (or a playoff, from round `number` on): each match is (its
    EventMatch columns, its round when not `number`; the record of its first game, None for a
    bye or a forfeit); each game is made in the club with the event's rules and seats, the
    entrants' people (_new_games: as many statements for 2 tables as for 32). Refused when
    the event moved on from `version` (another phone started the round a moment ago) or a
    table of the round is taken already. The club's kept numbers are left to the next view."""
    started = f"Round {number} was started from another phone a moment ago."
    if not _bump_event(event.id, version):
        db.session.rollback()
        raise Refused(started)
    club = db.session.get(Club, event.club_id)  # (loaded with the event: no statement)
    people = {p.key: p for p in entrant_people(event)}
    try:
        match_ids = _new_matches(event.id, [{"round": number, **values}
                                            for values, _record in matches])
        played = [(match_id, record) for match_id, (_values, record) in zip(match_ids, matches)
                  if record is not None]
        _new_games([record for _id, record in played], via, club, people,
                   [match_id for match_id, _record in played])
        _event_audit(event.id, action, via, {"round": number, "matches": len(matches)})
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Refused(started) from None
    finally:
        db.session.expire_all()


def call_time(event_id: int, number: int, via: str) -> int | None:
    """Time is called in round `number`: on every open game of the round the table finishes
    the hand in play (Game.called_after: the record becomes `called` once it is in), each with
    its version bump and a "time called" row in its history. Returns how many games were
    called (None: the event has no round `number`). The event's row is written first, so two
    organizers calling at once call each game once (the second finds none open and changes
    nothing); a game a hand was saved to meanwhile is read again (time is then called after
    the hand after it). The club's kept numbers are left to the next view (versions only)."""
    _bump_event(event_id)
    called: list[int] = []
    for _ in range(5):
        open_games = db.session.execute(
            select(Game.id, Game.version, func.count(Hand.id))
            .join(EventMatch, Game.event_match_id == EventMatch.id)
            .outerjoin(Hand, Hand.game_id == Game.id)
            .where(EventMatch.event_id == event_id, EventMatch.round == number,
                   Game.finished == false(), Game.called == false(),
                   Game.called_after.is_(None), Game.id.not_in(called or [0]))
            .group_by(Game.id, Game.version)).all()
        if not open_games:
            break
        called += db.session.scalars(
            update(Game).where(tuple_(Game.id, Game.version).in_(
                [(g.id, g.version) for g in open_games]))
            .values(version=Game.version + 1, updated_at=utcnow(), called_after=case(
                {g.id: g[2] + 1 for g in open_games}, value=Game.id))
            .returning(Game.id).execution_options(synchronize_session=False)).all()
        if len(called) == len(open_games):
            break
    if not called:
        db.session.rollback()  # (nothing to call: the event stays as it is)
        if db.session.scalar(select(EventMatch.id).where(
                EventMatch.event_id == event_id, EventMatch.round == number).limit(1)) is None:
            return None
        return 0
    db.session.execute(insert(AuditEvent), [
        {"game_id": game_id, "at": utcnow(), "action": "time called", "via": via[:40],
         "data": {"event": event_id, "round": number}} for game_id in called])
    _event_audit(event_id, "time called", via, {"round": number, "games": len(called)})
    db.session.commit()
    db.session.expire_all()
    return len(called)


def stop_at_time(game: Game, version: int, via: str, phone_id: int | None = None) -> None:
    """Time was called and no hand was in play: the record is `called` now, after its last
    hand (the side ahead wins; a shared lead plays one more hand). Refused when the game moved
    on from `version` or is not waiting for its last hand."""
    if not game.time_called or version != game.version:
        db.session.rollback()
        raise Refused("the game changed a moment ago.")
    record = with_called(game.record(), True)
    summary = derive_summary(record)
    before = _summary_before(game)
    if not _bump(game.id, version, called=True, called_after=len(game.hands), summary=summary,
                 finished=bool(summary and summary["finished"])):
        db.session.rollback()
        raise Refused("the game changed a moment ago.")
    _move_club_numbers(game.club_id, [(game, before, summary)], versions=1)
    now = utcnow()
    db.session.add(AuditEvent(game_id=game.id, at=now, action="called", via=via[:40],
                              phone_id=phone_id, data={"hands": len(game.hands)}))
    _move_ratings(game, before, summary, now, True)
    db.session.commit()


def record_forfeit(event: ClubEvent, match: EventMatch, side: int, via: str) -> None:
    """Side `side` of the match did not play: the match is forfeited, and its games, which
    must have no hands yet, go (events.md: a forfeit has no games), with their seats and
    history (the database's ON DELETE CASCADE). Checked and written under the event's lock
    and its games' (_unplayed): a hand saved at the same moment either is in first (the
    forfeit is refused) or finds its game gone (it is refused). The club's kept numbers are
    left to the next view."""
    what = f"round {match.round}, table {match.table} was not forfeited"
    _bump_event_from(event, what)
    if match.forfeit is not None:  # as of the version just checked
        db.session.rollback()
        raise Refused(f"Round {match.round}, table {match.table} was forfeited already: "
                      f"nothing changed.")
    if match.games:
        _all_unplayed(match, db.session.execute(
            delete(Game).where(_unplayed(match)).execution_options(
                synchronize_session=False)).rowcount, "the match is played, not forfeited")
    db.session.execute(update(EventMatch).where(EventMatch.id == match.id).values(forfeit=side)
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "forfeit", via, {"round": match.round, "table": match.table,
                                           "side": side})
    db.session.commit()
    db.session.expire_all()


def add_entrant(event: ClubEvent, entrant: dict, bye_rounds: list[int], via: str) -> None:
    """A late entrant joins as the last seed, with a bye in each round already seated (both
    as `event` was read: the same entrant sent twice at once joins once). Their people are the
    event's where it has them, else the roster's, made when new (_person's insert, in one
    statement for both, the entrant's row finding them by key)."""
    _bump_event_from(event, f"{' & '.join(entrant['players'])} did not join")
    known = {p.key: p for p in entrant_people(event)}
    keys = [stats.name_key(name) for name in entrant["players"]]
    new = [{"club_id": event.club_id, "name": name, "key": key, "created_at": utcnow()}
           for name, key in zip(entrant["players"], keys) if key not in known]
    if new:  # (any unique constraint: see _person)
        _insert_or_ignore(Person, new, None)

    def person_id(key: str):
        if key in known:
            return known[key].id
        return select(Person.id).where(Person.club_id == event.club_id,
                                       Person.key == key).scalar_subquery()

    seed = len(event.entrants)
    db.session.execute(insert(EventEntrant).values(
        event_id=event.id, seed=seed, name=entrant.get("name"), person_id=person_id(keys[0]),
        partner_id=person_id(keys[1]) if len(keys) > 1 else None))
    if bye_rounds:
        db.session.execute(insert(EventMatch), [
            {"event_id": event.id, "round": number, "bye": seed, "entrants": [],
             "created_at": utcnow()} for number in bye_rounds])
    _event_audit(event.id, "late entrant", via, {"players": entrant["players"],
                                                "byes": bye_rounds})
    db.session.commit()
    db.session.expire_all()


def entrant_people(event: ClubEvent) -> list[Person]:
    """The people of the event's entrants (as loaded with them)."""
    return [p for e in event.entrants for p in (e.person, e.partner) if p is not None]


def swap_player(event: ClubEvent, match: EventMatch, out_seed: int, in_seed: int,
                via: str) -> None:
    """Progressive and tables: a player who must leave gives their seat at this match (whose
    games have no hands yet) to one who sits the round out, and sits out in their place.
    Checked and written under the event's lock and its games' (_unplayed), as record_forfeit
    is: a hand saved at the same moment keeps its seats."""
    seats = {e.seed: e for e in event.entrants}
    out_person, in_person = seats[out_seed].person, seats[in_seed].person
    _bump_event_from(event, f"{out_person.name} and {in_person.name} were not swapped")
    what = "swap a player before the first hand"
    if match.games:
        _all_unplayed(match, db.session.execute(
            update(Game).where(_unplayed(match)).values(version=Game.version + 1,
                                                        updated_at=utcnow())
            .execution_options(synchronize_session=False)).rowcount, what)
        db.session.execute(update(Player).where(Player.game_id.in_([g.id for g in match.games]),
                                                Player.person_id == out_person.id)
                           .values(name=in_person.name, person_id=in_person.id)
                           .execution_options(synchronize_session=False))
        # (the game's last change: a form made before it is stale, never taken as made just
        # before time was called, games.views._over_time_call)
        db.session.execute(insert(AuditEvent), [
            {"game_id": game.id, "at": utcnow(), "action": "swapped", "via": via[:40],
             "data": {"from": out_person.name, "to": in_person.name}} for game in match.games])
    seated = [in_seed if s == out_seed else s for s in match.entrants]
    db.session.execute(update(EventMatch).where(or_(
        EventMatch.id == match.id, and_(EventMatch.event_id == event.id,
                                        EventMatch.round == match.round,
                                        EventMatch.bye == in_seed)))
        .values(entrants=case((EventMatch.id == match.id,
                               bindparam("seated", seated, type_=EventMatch.entrants.type)),
                              else_=EventMatch.entrants),
                bye=case((EventMatch.id == match.id, EventMatch.bye), else_=out_seed))
        .execution_options(synchronize_session=False))
    _event_audit(event.id, "swap", via, {"round": match.round, "table": match.table,
                                        "out": out_person.name, "in": in_person.name})
    db.session.commit()
    db.session.expire_all()


def scanned_table_card(phone_id: int, game: Game) -> None:
    """A phone scanned the card of an event's game at a table: it is that table's phone from
    now on (it follows that table: table_now), wherever it was before. No new
    version of the event: its pages show no phone, and an organizer's tap is never refused
    because a table scanned its card."""
    match = db.session.execute(select(EventMatch.event_id, EventMatch.table)
                               .where(EventMatch.id == game.event_match_id)).first()
    if match is None or match.table is None:
        return
    _insert_or_ignore(TablePhone, {"event_id": match.event_id, "phone_id": phone_id,
                                   "table": match.table, "updated_at": utcnow()},
                      ["event_id", "phone_id"], ("table", "updated_at"))
    db.session.commit()


def move_table_phone(event: ClubEvent, phone_id: int, table: int, via: str) -> None:
    """The organizer moves a table phone to `table`: once its game is over it goes to the game
    at that table (the one being played, else the next round's). Its games and their hands are
    not touched (a hand it saves meanwhile stands). Refused when the event moved on since it
    was read, or the phone is no table phone of the event."""
    _bump_event_from(event, "the phone was not moved")
    before = db.session.scalar(select(TablePhone.table).where(
        TablePhone.event_id == event.id, TablePhone.phone_id == phone_id))
    if before is None:
        db.session.rollback()
        raise Refused("That phone scores no table of this event.")
    db.session.execute(update(TablePhone).where(TablePhone.event_id == event.id,
                                                TablePhone.phone_id == phone_id)
                       .values(table=table, updated_at=utcnow())
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "phone moved", via, {"phone": phone_id, "from": before, "to": table})
    db.session.commit()


def table_phones(event_id: int) -> list[tuple[int, int]]:
    """(phone id, table) of the event's table phones, by table."""
    return [tuple(row) for row in db.session.execute(
        select(TablePhone.phone_id, TablePhone.table).where(TablePhone.event_id == event_id)
        .order_by(TablePhone.table, TablePhone.updated_at, TablePhone.phone_id))]


def import_event(club: Club, phone_id: int | None, via: str, fields: dict,
                 entrants: list[dict], matches: list[tuple[dict, list[dict]]]) -> int:
    """An event record (checked by the events library) as a new event of the club: its
    entrants, and its matches each with its games' records, in bulk (_new_games: as many
    statements for 4 teams as for 64). One transaction."""
    event, roster = _new_event(club, phone_id, fields, entrants)
    match_ids = _new_matches(event.id, [values for values, _records in matches])
    games = [(match_id, record)
             for match_id, (_values, records) in zip(match_ids, matches) for record in records]
    _new_games([record for _match, record in games], via, club, roster,
               [match_id for match_id, _record in games])
    _event_audit(event.id, "imported", via, {"name": event.name, "matches": len(matches)})
    event_id = event.id
    db.session.commit()
    return event_id  # (as create_event)


# ---------------------------------------------------------------- API tokens (scorekeeper/api)


def make_token(secret_hash: str, label: str, right: str, *, club_id: int | None = None,
               game_id: int | None = None, member_id: int | None = None,
               phone_id: int | None = None, role_kind: str | None = None,
               role_token: str | None = None, expires_at: datetime | None = None) -> ApiToken:
    """A new API token, kept as the hash of its secret (the caller shows the secret once)."""
    token = ApiToken(secret_hash=secret_hash, label=label[:40], right=right, club_id=club_id,
                     game_id=game_id, member_id=member_id, phone_id=phone_id,
                     role_kind=role_kind, role_token=role_token, expires_at=expires_at)
    db.session.add(token)
    db.session.commit()
    return token


def revoke_token(token_id: int, *where) -> bool:
    """Delete the token (and the answers kept for it), when it matches `where` too (the
    caller's right over it). False when there was none such (revoked a moment ago)."""
    done = db.session.execute(delete(ApiToken).where(ApiToken.id == token_id, *where)
                              .execution_options(synchronize_session=False)).rowcount
    db.session.commit()
    return done == 1


# Built once: every API request runs it. What a token may do, by the hash of its secret.
_TOKEN = (select(ApiToken.id, ApiToken.label, ApiToken.right, ApiToken.club_id,
                 ApiToken.game_id, ApiToken.role_kind, ApiToken.role_token,
                 ApiToken.last_used_at, ApiToken.expires_at)
          .where(ApiToken.secret_hash == bindparam("secret_hash")))


@kept_reads.keep
def token_by_hash(secret_hash: str):
    """The token whose secret hashes to `secret_hash` (its columns _TOKEN reads), or None: one
    statement on a connection of its own, kept until the next commit where the database can
    say (a revoke, a membership's end, a token's use noted: each is a commit)."""
    rows = kept_reads.read_committed(_TOKEN, {"secret_hash": secret_hash})
    return rows[0] if rows else None


# How stale a token's last use may be shown: a token used every second writes once a minute.
TOKEN_USE_STEP = timedelta(minutes=1)


def token_used(token_id: int, now: datetime) -> None:
    """Note the token's use now, unless noted within TOKEN_USE_STEP (one UPDATE at most)."""
    db.session.execute(update(ApiToken).where(
        ApiToken.id == token_id, or_(ApiToken.last_used_at.is_(None),
                                     ApiToken.last_used_at < now - TOKEN_USE_STEP))
        .values(last_used_at=now).execution_options(synchronize_session=False))
    db.session.commit()


# How long an Idempotency-Key's answer is kept: a client retries within minutes, not days.
IDEMPOTENCY_KEEP = timedelta(hours=24)


def claim_idempotency_key(token_id: int, key: str, request_hash: str) -> IdempotentAnswer | None:
    """Claim `key` for this token's request: None when this request is the first with it (it
    then answers, and keep_answer stores that), else the row of the request that got there
    first (its answer, or status None while it is still being answered). One INSERT that
    never fails on a race: two requests with one key, on any number of workers, make one row."""
    now = utcnow()
    db.session.execute(delete(IdempotentAnswer).where(
        IdempotentAnswer.created_at < now - IDEMPOTENCY_KEEP))
    made = _insert_or_ignore(IdempotentAnswer, {"token_id": token_id, "key": key,
                                                "request_hash": request_hash,
                                                "created_at": now}, ["token_id", "key"],
                             returning=(IdempotentAnswer.key,)).first()
    db.session.commit()
    if made is not None:
        return None
    return idempotent_answer(token_id, key)


def idempotent_answer(token_id: int, key: str) -> IdempotentAnswer | None:
    """The row kept for the key, as committed now."""
    return db.session.scalars(select(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key)
        .execution_options(populate_existing=True)).one_or_none()


def keep_answer(token_id: int, key: str, status: int, body: str, headers: dict) -> None:
    """The answer to the request that claimed `key`: the same request sent again gets it."""
    db.session.execute(update(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key)
        .values(status=status, body=body, headers=headers)
        .execution_options(synchronize_session=False))
    db.session.commit()


def release_idempotency_key(token_id: int, key: str) -> None:
    """The request that claimed `key` failed without an answer worth repeating (an error of
    the server): the key is free again, so a retry is answered anew."""
    db.session.rollback()
    db.session.execute(delete(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key,
        IdempotentAnswer.status.is_(None)))
    db.session.commit()
