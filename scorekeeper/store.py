"""Every write to a game, one function per change (cosmicpython's service layer).

Each is one transaction that bumps the game's version, the optimistic lock every phone's form and
poll carries, and writes the audit row that the history of changes shows. Views parse the form,
ask the rules engine, then call one of these; they never commit themselves.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from . import rules, stats
from .extensions import db
from .models import AuditEvent, Game, Hand, Player, new_secret, unused_code, utcnow


def derive_summary(record: dict) -> dict | None:
    """What Game.summary caches: stats.game_summary of the record, None when it does not score
    (an imported record is checked first, so only a rules change could do that)."""
    result = rules.score(record)
    return stats.game_summary(record, result) if result.get("ok") else None


def _summarise(game_id: int) -> None:
    """Recompute the game's cached summary from its rows as they now stand in this
    transaction: part of every write to the game, so the cache never lags the record."""
    head = db.session.execute(select(Game.variant, Game.first_dealer, Game.options)
                              .where(Game.id == game_id)).one()
    record = {"variant": head.variant, "first_dealer": head.first_dealer,
              "options": dict(head.options or {}),
              "players": list(db.session.scalars(select(Player.name).where(
                  Player.game_id == game_id).order_by(Player.seat))),
              "hands": list(db.session.scalars(select(Hand.data).where(
                  Hand.game_id == game_id).order_by(Hand.number)))}
    summary = derive_summary(record)
    db.session.execute(
        update(Game).where(Game.id == game_id)
        .values(summary=summary, finished=bool(summary and summary["finished"]))
        .execution_options(synchronize_session=False))


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
    game.summary = derive_summary(record)
    game.finished = bool(game.summary and game.summary["finished"])
    db.session.add(game)
    db.session.flush()
    db.session.add(AuditEvent(game_id=game.id, action="created", via=via,
                              data={key: record[key] for key in
                                    ("variant", "players", "first_dealer", "options", "hands")}))
    db.session.commit()
    return game


def write_hand(game: Game, version: int, action: str, number: int, old: dict | None,
               new: dict | None, via: str) -> bool:
    """Enter (`action` "entered"), change ("edited") or take back ("undone") hand `number`,
    made on `version`. False, with nothing written, when the version is stale or another
    phone's write got there first (the database's unique hand number)."""
    game_id = game.id
    try:
        if not _bump(game_id, version):
            db.session.rollback()
            return False
        now = utcnow()
        if action == "entered":
            db.session.add(Hand(game_id=game_id, number=number, data=new, created_at=now,
                                updated_at=now))
        else:
            row = db.session.scalars(
                select(Hand).where(Hand.game_id == game_id, Hand.number == number)).one()
            if action == "edited":
                row.data = new
                row.updated_at = now
            else:
                db.session.delete(row)
        db.session.add(AuditEvent(game_id=game_id, at=now, action=action, hand_number=number,
                                  data=old if action != "entered" else new, via=via))
        _summarise(game_id)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return False
    db.session.expire_all()
    return True


def rotate_scorer(game_id: int, via: str) -> None:
    """A new scorer secret: the old scorer link and every cookie made from it stop working.
    No version check: it never conflicts with a hand, and both bumps are kept."""
    _bump(game_id, None, scorer_secret=new_secret(), scorer_generation=Game.scorer_generation + 1)
    generation = db.session.scalar(select(Game.scorer_generation).where(Game.id == game_id))
    db.session.add(AuditEvent(game_id=game_id, action="rotated", via=via,
                              data={"generation": generation}))
    db.session.commit()
