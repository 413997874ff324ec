"""A club's roster: its people by name (made when a seat or an entrant names someone new), and
the changes to a person (added; renamed or merged, in every game and event they played)."""
from __future__ import annotations

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError

from .. import stats
from ..extensions import db
from ..models import AuditEvent, Club, EventEntrant, Person, Player, utcnow
from ..rules.text import Text
from .club_numbers import _move_club_numbers
from .common import Refused, _bump, _bump_event, _insert_or_ignore
from .rating_moves import rerate_later


def _roster(club: Club | None) -> dict[str, Person] | None:
    if club is None:
        return None
    return {p.key: p for p in db.session.scalars(
        select(Person).where(Person.club_id == club.id))}


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


def add_person(club: Club, name: str) -> Person:
    existing = _roster(club).get(stats.name_key(name))
    if existing is not None:
        raise Refused(Text("{name} is on the roster already.", name=existing.name))
    person = Person(club_id=club.id, name=name)
    db.session.add(person)
    try:
        db.session.commit()
    except IntegrityError:  # another phone added the same name a moment ago
        db.session.rollback()
        raise Refused(Text("{name} is on the roster already.", name=name)) from None
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
    taken = Refused(Text("{name} is someone else on the roster: to make them one person, "
                         "merge them.", name=other.name if other else name))
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
        raise Refused(Text("Pick two different people of this club."))
    games = _games_of(gone.id)
    both = set(games) & set(_games_of(into.id))
    if both:
        raise Refused(Text("{gone} and {into} played in the same game (game #{game}), so "
                           "they are two people.", gone=gone.name, into=into.name,
                           game=min(both)))
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
