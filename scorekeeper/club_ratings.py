"""A club's ratings (spec/ratings.md): one replay of its finished games, in the order they
finished, through scorekeeper.ratings, all time or a season. Read by the ratings pages (players),
the new-game page's win chance and fair teams (clubs) and the game page's win chance and rating
changes (games).

All time, the replay takes each rated game's moves from the club's stored rows (RatingMove:
written by the write that finishes a game, in its transaction) while they still say what a
replay would, and asks the model again from the first one that does not (after an edit, an undo,
a merge, an import, or two finishes racing); those rows are stored again once the answer is sent
(rerate, by store.rerate_later), so the writer never waits for them. Every replay is kept in this
process by the stamp of the club's finished games (store.rated_stamp: a hand of a game in play
does not move it); a game that finishes after all others moves the kept replay on by itself.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime

from flask import g
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from . import ratings, render_cache, stats, store
from .extensions import db
from .models import AuditEvent, ClubSeason, Game, Hand, Player, RatingMove


@dataclass
class ClubRatings:
    """A replay of the club's rated games: the ratings, and each game's finish moment and id
    by its place in the replay (a Point's `game`); and the version of each finished game it
    was made from (rated or not)."""

    ratings: ratings.Ratings
    moments: list[datetime]
    game_ids: list[int]
    versions: dict[int, int]
    # no finished game it was made from was written after this moment (Game.updated_at)
    changed_at: datetime | None = None
    # all time, the mark of each key's last stored row by group, when the stored rows all
    # hold (None: one did not, and the club is re-rated; or a season)
    marks: dict[str, dict[str, int]] | None = None


def current_season(seasons: list, today: date):
    return next((s for s in seasons if s.holds(today)), None)


def club_ratings(club_id: int, season=None) -> ClubRatings:
    """The replay of the club's finished games (those that finished within `season`'s days,
    everyone starting again at the default; all of them when None), kept by the stamp of the
    club's finished games (store.rated_parts) and season in this process. Read only: callers
    never change what they get.

    All time, when the only changes since the replay this process made last are games that
    finished after all the others (the usual evening), that replay is moved on by those games
    alone (_one_more) instead of reading the club's stored replay."""
    parts = store.rated_parts(club_id)
    stamp = _stamp(parts)
    days = (season.first_day, season.last_day) if season is not None else None
    key = f"{club_id}:{stamp}:{days}"
    kept = _kept()
    found = kept.get(key)
    if found is not None:
        return found
    if days is not None:
        games, versions = kept_finished(club_id)
        games = [(g, at) for g, at in games if days[0] <= at.date() <= days[1]]
        found = ClubRatings(ratings.replay(g for g, _ in games), [at for _, at in games],
                            [g.order[1] for g, _ in games], versions)
        kept.put(key, found)
        return found
    found = _one_more(club_id, kept.get(f"{club_id}:latest"), parts)
    if found is None:
        found, stale = _all_time(club_id)
        if stale is not None:  # stored once the answer is sent
            store.rerate_later(club_id)
            if stale[1] or stale[2]:  # rows to store (not only rows to drop): none hold yet
                found = replace(found, marks=None)
    _keep_all_time(club_id, stamp, found)
    return found


def rerate(club_id: int) -> None:
    """Bring the club's stored replay (RatingMove) up to date: the rows from the first one
    that no longer says what a replay would are rated again and stored (store.
    keep_rating_moves); the replay is kept in this process for the next view. Run after the
    answer to the write that made them stale (store.rerate_later), never in it."""
    stamp = _stamp(store.rated_parts(club_id))
    found, stale = _all_time(club_id)
    if stale is not None:
        store.keep_rating_moves(club_id, *stale)
    _keep_all_time(club_id, stamp, found)


def init_app(app) -> None:
    """Re-rate the clubs a request's writes left stale (store.rerate_later) once its answer
    has been sent (the response's close, after the last byte): the writer never waits for it.
    A re-rating that fails is left to the next reader, which re-rates what is still stale."""

    @app.after_request
    def rerate_after(response):
        clubs = g.pop("rerate_clubs", None)
        if clubs:
            response.call_on_close(lambda: _rerate_all(app, sorted(clubs)))
        return response


def _rerate_all(app, clubs: list[int]) -> None:
    with app.app_context():
        for club_id in clubs:
            try:
                rerate(club_id)
            except SQLAlchemyError:
                db.session.rollback()
                app.logger.exception("re-rating club %s failed; its next view re-rates", club_id)


def _stamp(parts: tuple[int, int, int]) -> str:
    """What a replay is kept by: the club's finished games (store.rated_parts), and the shape
    of the summaries it read."""
    return f"{stats.SUMMARY_VERSION}:{parts}"


def _keep_all_time(club_id: int, stamp: str, found: ClubRatings) -> None:
    kept = _kept()
    kept.put(f"{club_id}:{stamp}:None", found)
    kept.put(f"{club_id}:latest", found)


def _all_time(club_id: int) -> tuple[ClubRatings, tuple | None]:
    """The replay of all the club's finished games, and what to store when rows were stale
    (store.keep_rating_moves' drop, rows and relinks) or None.

    Each rated game's moves are taken from its stored rows while they say what the replay
    would (_held): one row for each person and pair it moves, on its sides and ranks
    (`basis`), each moved on from the row taken for that key just before (`before_mark`).
    Where they do not, the model rates the game again; rows that still come out the same
    (an edit that changed no outcome before them) are kept, moved on from the row taken just
    before (a relink), and only the others are stored anew. Its marks are those of the rows
    once that is stored."""
    changed_at = db.session.scalar(select(func.max(Game.updated_at)).where(
        Game.club_id == club_id, Game.finished.is_(True)))  # read first: never too late
    games, versions = kept_finished(club_id)
    stored: dict[int, list] = {}
    for row in db.session.execute(_STORED.where(RatingMove.club_id == club_id)):
        stored.setdefault(row.game_id, []).append(row)
    replayed = ratings.Ratings()
    marks: dict[str, dict[str, int]] = {}
    rows, relinks, taken = [], [], set()
    for game, at in games:
        summary, seats, game_id = game.summary, game.seats, game.order[1]
        group = ratings.rating_group(summary)
        if group is None:
            replayed.add(summary, seats)
            continue
        group_marks = marks.setdefault(group, {})
        found = stored.get(game_id)
        held = found and _held(found, at, summary, seats, group_marks)
        if held:
            replayed.add(summary, seats, held[0])
        else:
            moves = replayed.add(summary, seats)
            held = found and _held(found, at, summary, seats, group_marks, moves=moves)
            if not held:
                rows += store.rating_rows(club_id, game_id, at, summary, seats, moves,
                                          group_marks)
                continue
        taken.add(game_id)
        relinks += held[1]
    drop = [gid for gid in stored if gid not in taken]
    club = ClubRatings(replayed, [at for _, at in games], [g.order[1] for g, _ in games],
                       versions, changed_at, marks)
    return club, (drop, rows, relinks) if drop or rows or relinks else None


# What a reader checks and takes of the stored rows (RatingMove).
_STORED = select(RatingMove.id, RatingMove.game_id, RatingMove.at, RatingMove.key,
                 RatingMove.basis, RatingMove.mark, RatingMove.before_mark, RatingMove.mu,
                 RatingMove.sigma)


def _held(rows, at: datetime, summary: dict, seats: list, marks: dict[str, int],
          moves: ratings.Moves | None = None):
    """A rated game's moves as its stored `rows` say them (ratings.Moves), and the relinks
    they need ((row id, mark): a row to move on from the row of that mark), when they are
    what the replay would make: else None. They are when each row is moved on from the row
    taken just before for its key (`marks`, the group's last row of each key: moved on to
    these rows), or when they say what the model rated (`moves`), each then relinked to
    the row taken just before."""
    people, pairs = ratings.moved_keys(summary, seats)
    names = {store.rating_key(key): key for key in [*people, *pairs]}
    if len(rows) != len(names) or {row.key for row in rows} != set(names):
        return None
    basis = store.rating_basis(summary, seats)
    if any(row.basis != basis or row.at != at for row in rows):
        return None
    relinks = [(row.id, marks.get(row.key)) for row in rows
               if row.before_mark != marks.get(row.key)]
    if moves is None and relinks:
        return None
    said = {} if moves is None else {**moves.players, **moves.pairs}
    if any((row.mu, row.sigma) != said[names[row.key]] for row in rows if said):
        return None
    for row in rows:
        marks[row.key] = row.mark
    moved = {names[row.key]: (row.mu, row.sigma) for row in rows}
    return ratings.Moves({p: moved[p] for p in people}, {p: moved[p] for p in pairs}), relinks


def _one_more(club_id: int, last: ClubRatings | None,
              parts: tuple[int, int, int]) -> ClubRatings | None:
    """`last` moved on by the games that finished since it was made, when those are the only
    changes to the club's finished games and they all finished after every game in it (the
    usual evening; a worker that missed a few finishes too); else None (a replay is needed).
    The changes are the finished games written since `last.changed_at`; that they are all
    there is checked by the club's stamp `parts` (store.rated_parts: the count, version and
    id sums of its finished games). Their moves are taken from their stored rows when those
    hold (else the model rates them, and the club is re-rated after the answer). Five
    statements, whatever the club's size."""
    if last is None or last.changed_at is None or last.marks is None:
        return None
    written = db.session.execute(select(Game.id, Game.version, Game.updated_at).where(
        Game.club_id == club_id, Game.finished.is_(True),
        Game.updated_at >= last.changed_at)).all()
    new = {row.id: row.version for row in written if last.versions.get(row.id) != row.version}
    if not new or len(new) > MORE_AT_MOST or any(gid in last.versions for gid in new) \
            or parts != (len(last.versions) + len(new),
                         sum(last.versions.values()) + sum(new.values()),
                         sum(last.versions) + sum(new)):
        return None
    games, _ = club_finished(club_id, sorted(new))
    if len(games) != len(new):
        return None
    stored: dict[int, list] = {}
    for row in db.session.execute(_STORED.where(RatingMove.game_id.in_(sorted(new)))):
        stored.setdefault(row.game_id, []).append(row)
    marks = {group: dict(keys) for group, keys in last.marks.items()}
    moved, moments, ids = last.ratings, list(last.moments), list(last.game_ids)
    for game, at in games:
        if ids and (at, game.order[1]) <= (moments[-1], ids[-1]):
            return None  # it finished before others: rated in its place, by a replay
        group = ratings.rating_group(game.summary)
        kept = None
        if group is not None and marks is not None:
            held = _held(stored.get(game.order[1], ()), at, game.summary, game.seats,
                         marks.setdefault(group, {}))
            kept = held and held[0]
            if kept is None:  # its rows do not hold (two finishes raced): re-rated
                marks = None
                store.rerate_later(club_id)
        moved = moved.after(game.summary, game.seats, kept)
        moments.append(at)
        ids.append(game.order[1])
    return ClubRatings(moved, moments, ids, {**last.versions, **new},
                       max(row.updated_at for row in written), marks)


MORE_AT_MOST = 20  # games a kept replay is moved on by (_one_more); more: read from the rows


def _kept() -> render_cache.RenderCache:
    return render_cache.named("club_ratings", items=16)


# What a replay reads of a game's summary (scorekeeper.ratings needs its variant and sides
# alone), read by the database out of the JSON: decoding each whole summary (every seat's bids
# by level and contract) cost more than the rest of the read.
_RATED_PART = (Game.summary["version"].as_integer().label("version"),
               Game.summary["sides"].label("sides"))


def club_finished(club_id: int, game_ids: list[int] | None = None
                  ) -> tuple[list[tuple[stats.Game, datetime]], dict[int, int]]:
    """The club's finished games as stats.Game items (the summary's part ratings read: variant,
    finished, sides; person id per seat; order), each with the moment it finished (its last
    hand saved: the latest hand row made, so that an edit of an old game leaves it in its
    place; or time called after it), in the order ratings replay them (spec/ratings.md): by
    that moment, ties by the game's id; and the version of every finished game read (those
    whose record no longer scores included). With `game_ids`, those games alone. Three statements
    (three more when a summary had to be recomputed)."""
    mine = [Game.club_id == club_id, Game.finished.is_(True)]
    if game_ids is not None:
        mine.append(Game.id.in_(game_ids))
    last_hand = (select(Hand.game_id, func.max(Hand.created_at).label("at"))
                 .join(Game, Game.id == Hand.game_id).where(*mine).group_by(Hand.game_id)
                 .subquery())
    called = (select(AuditEvent.game_id, func.max(AuditEvent.at).label("at"))
              .join(Game, Game.id == AuditEvent.game_id)
              .where(*mine, AuditEvent.action == "called").group_by(AuditEvent.game_id)
              .subquery())
    rows = db.session.execute(
        select(Game.id, Game.version.label("game_version"), Game.variant, *_RATED_PART,
               Game.updated_at, last_hand.c.at,
               called.c.at.label("called"))
        .outerjoin(last_hand, last_hand.c.game_id == Game.id)
        .outerjoin(called, called.c.game_id == Game.id).where(*mine)).all()
    fresh = store.refresh_stale_summaries(
        {r.id: None for r in rows if r.version != stats.SUMMARY_VERSION})
    seats = store.game_seats(Player.game_id.in_(select(Game.id).where(*mine))) if rows else {}
    games = []
    for r in rows:
        summary = fresh[r.id] if r.id in fresh else {"variant": r.variant, "finished": True,
                                                      "sides": r.sides}
        if summary is None or len(seats.get(r.id, [])) != sum(
                len(side["seats"]) for side in summary["sides"]):
            continue  # a record that does not score (after a rules change), or a seat gone
        at = max(t for t in (r.at, r.called, None if r.at or r.called else r.updated_at) if t)
        games.append((stats.Game(summary, seats[r.id], (at, r.id)), at))
    games.sort(key=lambda g: g[0].order)
    return games, {r.id: r.game_version for r in rows}


def kept_finished(club_id: int) -> tuple[list[tuple[stats.Game, datetime]], dict[int, int]]:
    """club_finished, each game read kept in this process by its id, version and last write:
    only the games written since (an edit, an undo, a merge, a finish) are read again, after
    one statement on an index for every finished game's head. Reading them all was the
    biggest part of a re-rating after the replay itself."""
    heads = {row.id: (row.version, row.updated_at) for row in db.session.execute(
        select(Game.id, Game.version, Game.updated_at).where(Game.club_id == club_id,
                                                              Game.finished.is_(True)))}
    kept_games = render_cache.named("club_games", items=4)
    kept = kept_games.get(str(club_id)) or {}  # game id: (head, (stats.Game, moment) or None)
    stale = {gid for gid, head in heads.items() if gid not in kept or kept[gid][0] != head}
    if stale or len(kept) != len(heads):
        fresh = {}
        if stale:
            games, _ = club_finished(club_id, None if len(stale) > len(heads) // 2
                                     else sorted(stale))
            read = {game.order[1]: (game, at) for game, at in games}
            fresh = {gid: (heads[gid], read.get(gid)) for gid in stale}
        kept = {gid: fresh[gid] if gid in stale else kept[gid] for gid in heads}
        kept_games.put(str(club_id), kept)
    games = sorted((game for _, game in kept.values() if game is not None),
                   key=lambda g: g[0].order)
    return games, {gid: version for gid, ((version, _), _) in kept.items()}


def seasons(club_id: int) -> list:
    """The club's seasons, the latest first."""
    return list(db.session.scalars(select(ClubSeason).where(ClubSeason.club_id == club_id)
                                   .order_by(ClubSeason.first_day.desc())))


def signed(change: float) -> str:
    """A rating's move as the game page shows it: "+1.2", "\u22120.8", "0.0"."""
    tenth = round(change, 1) + 0.0
    return "0.0" if tenth == 0 else f"+{tenth:.1f}" if tenth > 0 else f"\u2212{-tenth:.1f}"


def game_note(club_id: int, game_id: int, variant, sides: list[list[int]],
              started: bool, finished: bool) -> dict:
    """What a club game's page says of the ratings: before the first hand each side's win
    chance ({"chance": [percent per side]}), once it is finished each person's rating change
    in it ({"changes": {person id: "+1.2"}}); {} otherwise."""
    if variant.rating_group is None or (started and not finished):
        return {}
    club = club_ratings(club_id)
    group = club.ratings.groups.get(variant.rating_group)
    if not finished:
        return {"chance": ratings.win_chance(group, sides)}
    if group is None or game_id not in club.game_ids:
        return {}
    place = club.game_ids.index(game_id)
    moves = {}
    for person in dict.fromkeys(p for side in sides for p in side):
        history = group.players[person].history if person in group.players else []
        point = next((p for p in reversed(history) if p.game == place), None)
        if point is not None:
            moves[person] = signed(point.change)
    return {"changes": moves}
