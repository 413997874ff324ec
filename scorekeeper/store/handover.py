"""Taking over scoring from another phone, and the rematch (the next game, same seats)."""
from __future__ import annotations

from sqlalchemy import insert, select, update
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import AuditEvent, EventMatch, Game, Player, new_secret, utcnow
from ..rules.text import Name, Text
from .club_numbers import _move_club_numbers
from .common import Refused, _bump_event, commit_keeping_state, phone_name
from .events import _event_audit
from .games import _insert_records


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
        name = phone_name(winner)
        raise Refused(Text("{phone} took over scoring a moment ago: this phone watches.",
                           phone=Name(name)) if name else
                      Text("Another phone took over scoring a moment ago: this phone watches."))
    db.session.add(AuditEvent(game_id=game.id, action="took over", via=via,
                              data={"generation": generation + 1}, phone_id=phone_id))
    _move_club_numbers(game.club_id, versions=1)
    commit_keeping_state()
    for key, value in new.items():
        set_committed_value(game, key, value)


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
