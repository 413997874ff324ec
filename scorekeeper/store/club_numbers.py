"""A game's cached summary and a club's kept numbers (ClubStats): the stamps they are kept by,
and the move of those numbers with a write to one of the club's games, in its transaction."""
from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import and_, bindparam, case, distinct, exists, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from .. import kept_reads, rules, stats
from ..extensions import db
from ..models import Club, ClubStats, Game, Hand, Member, Player, utcnow, with_called


def derive_summary(record: dict, result: dict | None = None) -> dict | None:
    """What Game.summary caches: stats.game_summary of the record, None when it does not score
    (an imported record is checked first, so only a rules change could do that). `result` is
    rules.score(record) when the caller has it already."""
    if result is None:
        result = rules.score(record)
    return stats.game_summary(record, result) if result.get("ok") else None


def played(game_id=Game.id):
    """Whether the game `game_id` (a column or a value) holds a hand, as SQL: a game with no
    hand (an event game seated and never played, a game started and left, one whose only hand
    was taken back) counts as played nowhere, on every page that counts a person's games."""
    return exists().where(Hand.game_id == game_id)


def counted(summary: dict | None) -> dict | None:
    """A game's summary as a club's numbers count it: None (not counted) when the game has no
    hand, as `played` has it."""
    return summary if summary and summary["hands"] else None


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
TALLIES_FORMAT = 3  # 3: games without a hand are counted nowhere


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
                     .scalar_subquery(), Club.language,
                     *_STAMP_COLUMNS)
              .outerjoin(Game, Game.club_id == Club.id).where(Club.id == bindparam("club_id"))
              .group_by(Club.id, Club.name, Club.language))


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


class ClubHead(NamedTuple):
    """What a page of a club's numbers is cached by (the club's name and its stamp), whether
    the phone asking is a member (the id of its Member row, or None), and the language the
    club's pages speak (Club.language)."""

    id: int
    name: str
    member_id: int | None
    language: str | None
    stamp: str


@kept_reads.keep
def club_head(club_id: int, phone_id: int | None) -> ClubHead | None:
    """The club's head (its stamp: club_stamp) as `phone_id` asks, or None, in one
    statement; kept until the next commit where the database can say (kept_reads)."""
    rows = kept_reads.read_committed(_CLUB_HEAD, {"club_id": club_id, "phone_id": phone_id or 0})
    return ClubHead(*rows[0][:4], _stamp(*rows[0][4:])) if rows else None


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
            old, new = counted(old), counted(new)
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
