"""A club's ratings, kept.

RatingMove rows cache the club's replay (spec/ratings.md): the write that finishes a game
adds its moves; anything else that changes a finished game (an edit, an undo, a merge, an
import) leaves the rows from it on stale, and the club is re-rated after the answer is sent
(rerate_later). Readers check every row they use (club_ratings), so a stale or lost row
costs time, never a wrong number.
"""
from __future__ import annotations

import functools
import random
from datetime import datetime

from flask import g

from sqlalchemy import bindparam, delete, insert, literal_column, null, select, union_all, update

from .. import ratings
from ..extensions import db
from ..models import RatingMove
from .common import _insert_many, _lock_club


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
