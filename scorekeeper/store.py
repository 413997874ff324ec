"""Every write to a game, one function per change (cosmicpython's service layer).

Each is one transaction that bumps the game's version, the optimistic lock every phone's form and
poll carries, and writes the audit row that the history of changes shows. Views parse the form,
ask the rules engine, then call one of these; they never commit themselves.

And the reads two blueprints share: get_game() loads a game with its hands in one statement
(a consistent snapshot: the version and the hands it goes with) and its players in one more.
A write keeps the loaded game current in memory (version, hands) instead of reading it again,
so entering a hand and showing the game after it costs five statements whatever the number of
hands.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .extensions import db
from .models import AuditEvent, Game, Hand, Player, new_secret, unused_code, utcnow


def get_game(game_id: int, events: bool = False) -> Game | None:
    """The game with its hands (joined: the same snapshot as its version) and players; with
    events=True its audit trail too (one more statement)."""
    options = [joinedload(Game.hands), selectinload(Game.players)]
    if events:
        options.append(selectinload(Game.events))
    return db.session.execute(
        select(Game).where(Game.id == game_id).options(*options)).unique().scalar_one_or_none()


# Built once: every poll runs it, and building a statement costs more than running this one.
_HEAD = (select(Game.id, Game.version, Game.updated_at, Game.code, Game.creator_secret,
                Game.scorer_secret).where(Game.id == bindparam("game_id")))


def get_head(game_id: int):
    """The columns that say who may read a game and which version it is at (id, version,
    updated_at, code and the secrets access.role checks): one row by primary key, or None."""
    return db.session.execute(_HEAD, {"game_id": game_id}).first()


def commit_keeping_state() -> None:
    """Commit without expiring what the session holds: the caller keeps it current."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def _bump(game_id: int, version: int | None, **values: Any) -> bool:
    """One UPDATE that moves the version on, and only from `version` when one is given: a
    stale form (another phone wrote since) changes nothing. `values` are set with it."""
    where = [Game.id == game_id] + ([Game.version == version] if version is not None else [])
    res = db.session.execute(
        update(Game).where(*where)
        .values(version=Game.version + 1, updated_at=utcnow(), **values)
        .execution_options(synchronize_session=False))
    return res.rowcount == 1


def start_game(record: dict, via: str = "creator") -> Game:
    """A checked record as a new game, hands and all, with its "created" audit row."""
    game = Game(variant=record["variant"], first_dealer=record["first_dealer"],
                options=record["options"], code=unused_code())
    game.players = [Player(seat=i, name=name) for i, name in enumerate(record["players"])]
    game.hands = [Hand(number=i, data=hand) for i, hand in enumerate(record["hands"])]
    db.session.add(game)
    db.session.flush()
    db.session.add(AuditEvent(game_id=game.id, action="created", via=via,
                              data={key: record[key] for key in
                                    ("variant", "players", "first_dealer", "options", "hands")}))
    commit_keeping_state()
    return game


def write_hand(game: Game, version: int, action: str, number: int, old: dict | None,
               new: dict | None, via: str) -> bool:
    """Enter (`action` "entered"), change ("edited") or take back ("undone") hand `number`,
    made on `version`. False, with nothing written, when the version is stale or another
    phone's write got there first (the database's unique hand number).

    `game` is the one loaded with its hands (get_game) at `version`: once the version moved on
    from there, nothing else wrote in between, so its hands are changed in memory and written,
    and after the commit it stands as the database does (its new version included)."""
    game_id = game.id
    try:
        if not _bump(game_id, version):
            db.session.rollback()
            return False
        now = utcnow()
        if action == "entered":
            game.hands.append(Hand(number=number, data=new, created_at=now, updated_at=now))
        else:
            row = next(h for h in game.hands if h.number == number)
            if action == "edited":
                row.data = new
                row.updated_at = now
            else:
                game.hands.remove(row)  # delete-orphan: the row is deleted
        db.session.add(AuditEvent(game_id=game_id, at=now, action=action, hand_number=number,
                                  data=old if action != "entered" else new, via=via))
        commit_keeping_state()
    except IntegrityError:
        db.session.rollback()
        return False
    set_committed_value(game, "version", version + 1)
    set_committed_value(game, "updated_at", now)
    return True


def rotate_scorer(game_id: int, via: str) -> None:
    """A new scorer secret: the old scorer link and every cookie made from it stop working.
    No version check: it never conflicts with a hand, and both bumps are kept."""
    _bump(game_id, None, scorer_secret=new_secret(), scorer_generation=Game.scorer_generation + 1)
    generation = db.session.scalar(select(Game.scorer_generation).where(Game.id == game_id))
    db.session.add(AuditEvent(game_id=game_id, action="rotated", via=via,
                              data={"generation": generation}))
    db.session.commit()
