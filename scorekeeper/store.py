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

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from . import rules, stats
from .extensions import db
from .models import (AuditEvent, Club, ClubRules, ClubStats, Game, GuessAttempt, Hand, Member,
                     Person, Player, new_code, new_secret, unused_code, utcnow, with_called)


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
                Game.scorer_secret, Game.club_id, Game.next_game_id)
         .where(Game.id == bindparam("game_id")))


def get_head(game_id: int):
    """The columns that say who may read a game and which version it is at (id, version,
    updated_at, code, the secrets and the club access.role checks, and the rematch): one row by primary key, or None."""
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
    return {stats.name_key(p.name): p for p in db.session.scalars(
        select(Person).where(Person.club_id == club.id))}


def _person(club: Club, roster: dict[str, Person], name: str) -> Person:
    person = roster.get(stats.name_key(name))
    if person is None:
        person = roster[stats.name_key(name)] = Person(club_id=club.id, name=name)
        db.session.add(person)
        db.session.flush()
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
               save_id: str | None = None) -> bool:
    """Enter (`action` "entered"), change ("edited") or take back ("undone") hand `number`,
    made on `version`. False, with nothing written, when the version is stale or another
    phone's write got there first (the database's unique hand number). `save_id`, the id the
    phone sent with the save, goes into the audit row.

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
    record = {**game.record(), "hands": [hands[n] for n in sorted(hands)]}
    summary = derive_summary(record, result)
    try:
        # the cached summary moves with the version, in the same UPDATE
        if not _bump(game_id, version, summary=summary,
                     finished=bool(summary and summary["finished"])):
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
                                  data=old if action != "entered" else new, via=via,
                                  save_id=save_id))
        commit_keeping_state()
    except IntegrityError:
        db.session.rollback()
        return False
    for key, value in (("version", version + 1), ("updated_at", now), ("summary", summary),
                       ("finished", bool(summary and summary["finished"]))):
        set_committed_value(game, key, value)
    return True


def rotate_scorer(game_id: int, via: str) -> None:
    """A new scorer secret: the old scorer link and every cookie made from it stop working.
    No version check: it never conflicts with a hand, and both bumps are kept."""
    _bump(game_id, None, scorer_secret=new_secret(), scorer_generation=Game.scorer_generation + 1)
    generation = db.session.scalar(select(Game.scorer_generation).where(Game.id == game_id))
    db.session.add(AuditEvent(game_id=game_id, action="rotated", via=via,
                              data={"generation": generation}))
    db.session.commit()


# ---------------------------------------------------------------- taking over, rematch


def take_over(game_id: int, via: str) -> None:
    """A club member's phone takes over scoring: new scorer and creator secrets, so the old
    scoring phones and scorer links can no longer change the game; the caller gives this phone
    the new creator cookie. No version check: it never conflicts with a hand."""
    _bump(game_id, None, scorer_secret=new_secret(), creator_secret=new_secret(),
          scorer_generation=Game.scorer_generation + 1)
    generation = db.session.scalar(select(Game.scorer_generation).where(Game.id == game_id))
    db.session.add(AuditEvent(game_id=game_id, action="took over", via=via,
                              data={"generation": generation}))
    db.session.commit()


def rematch(game: Game, via: str) -> tuple[Game, bool]:
    """The next game with the same people in the same seats and the same house rules, the first
    deal passed on one seat, in the same club; the old game points to it (its watchers are sent
    there). A second tap, from any phone, finds the rematch already made and returns it (and
    False: this phone did not make it)."""
    if game.next_game_id is not None:
        return db.session.get(Game, game.next_game_id), False
    old_id = game.id
    n = len(game.players)
    record = {"variant": game.variant, "players": game.player_names,
              "first_dealer": (game.first_dealer + 1) % n if n else 0,
              "options": dict(game.options or {}), "hands": []}
    new = _new_game(record, via, game.club, _roster(game.club), {"rematch_of": old_id})
    res = db.session.execute(
        update(Game).where(Game.id == old_id, Game.next_game_id.is_(None))
        .values(next_game_id=new.id, version=Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False))
    if res.rowcount != 1:  # another phone's rematch got there first
        db.session.rollback()
        db.session.expire_all()
        return db.session.get(Game, db.session.get(Game, old_id).next_game_id), False
    db.session.add(AuditEvent(game_id=old_id, action="rematch", via=via,
                              data={"next_game": new.id}))
    db.session.commit()
    db.session.expire_all()
    return new, True


# ---------------------------------------------------------------- clubs


def create_club(name: str, label: str | None) -> Member:
    """A new club with a join code; its first phone (returned) is its admin."""
    club = Club(name=name, code=unused_code(Club))
    phone = Member(is_admin=True, label=label, secret=new_secret())
    club.members = [phone]
    db.session.add(club)
    db.session.commit()
    return phone


def join_club(club: Club, label: str | None) -> Member:
    phone = Member(club_id=club.id, label=label, secret=new_secret())
    db.session.add(phone)
    db.session.commit()
    return phone


def leave_club(phone: Member) -> None:
    """The phone leaves (its cookie stops working). An admin leaving hands admin to the phone
    that joined earliest, so a club with members always has one."""
    club_id, was_admin = phone.club_id, phone.is_admin
    db.session.delete(phone)
    db.session.flush()
    if was_admin:
        heir = db.session.scalars(select(Member).where(Member.club_id == club_id)
                                  .order_by(Member.joined_at, Member.id)).first()
        if heir is not None:
            heir.is_admin = True
    db.session.commit()


def remove_member(admin: Member, phone: Member) -> None:
    """The admin removes another phone from the club."""
    if not admin.is_admin or phone.club_id != admin.club_id or phone.id == admin.id:
        raise Refused("Only the club's admin can remove another phone.")
    db.session.delete(phone)
    db.session.commit()


def hand_admin(admin: Member, phone: Member) -> None:
    """The admin makes another phone the admin (one admin at a time)."""
    if not admin.is_admin or phone.club_id != admin.club_id or phone.id == admin.id:
        raise Refused("Only the club's admin can hand it on, to another phone.")
    admin.is_admin = False
    phone.is_admin = True
    db.session.commit()


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
    it): each of those games gets a version bump and a "renamed" audit row."""
    old = person.name
    if name == old:
        return
    other = _roster(person.club).get(stats.name_key(name))
    if other is not None and other.id != person.id:
        raise Refused(f"{other.name} is someone else on the roster: to make them one person, "
                      f"merge them.")
    person.name = name
    for game_id in _games_of(person.id):
        _bump(game_id, None)
        db.session.execute(update(Player).where(Player.game_id == game_id,
                                                Player.person_id == person.id)
                           .values(name=name).execution_options(synchronize_session=False))
        db.session.add(AuditEvent(game_id=game_id, action="renamed", via=via,
                                  data={"from": old, "to": name}))
    db.session.commit()
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
    db.session.delete(gone)
    db.session.commit()
    db.session.expire_all()


def import_club(name: str, label: str | None, records: list[dict]) -> Member:
    """A new club holding checked game records (a club export), people made from their names;
    the importing phone is its admin. One transaction: all the games or none."""
    club = Club(name=name, code=unused_code(Club))
    phone = Member(is_admin=True, label=label, secret=new_secret())
    club.members = [phone]
    db.session.add(club)
    db.session.flush()
    _new_games(records, "club import", club, _roster(club))
    db.session.commit()
    return phone


def _unused_codes(n: int) -> list[str]:
    """n join codes that no game has yet and that differ from each other."""
    codes: set[str] = set()
    while len(codes) < n:
        fresh = list({new_code() for _ in range(n - len(codes))} - codes)
        taken: set[str] = set()
        for k in range(0, len(fresh), 500):  # a bounded number of bound parameters a query
            taken.update(db.session.scalars(
                select(Game.code).where(Game.code.in_(fresh[k:k + 500]))))
        codes |= set(fresh) - taken
    return list(codes)


def _new_games(records: list[dict], via: str, club: Club, roster) -> None:
    """Many checked records as new games of `club`, as _new_game makes one (seats from the
    roster, hands, the cached summary, a "created" audit row), in a few bulk INSERTs instead of
    a flush per game: a club export of thousands of games is imported in seconds."""
    if not records:
        return
    now = utcnow()
    codes = _unused_codes(len(records))
    seated = [[_person(club, roster, name) for name in record["players"]]
              for record in records]
    games = []
    for record, code in zip(records, codes):
        summary = derive_summary(record)
        games.append({"variant": record["variant"], "first_dealer": record["first_dealer"],
                      "options": record["options"], "called": record.get("called", False),
                      "code": code, "club_id": club.id,
                      "created_at": now, "updated_at": now, "version": 1,
                      "scorer_secret": new_secret(), "scorer_generation": 1,
                      "creator_secret": new_secret(), "summary": summary,
                      "finished": bool(summary and summary["finished"])})
    ids = list(db.session.scalars(
        insert(Game).returning(Game.id, sort_by_parameter_order=True), games))
    db.session.execute(insert(Player), [
        {"game_id": gid, "seat": i, "name": person.name, "person_id": person.id}
        for gid, people in zip(ids, seated) for i, person in enumerate(people)])
    hands = [{"game_id": gid, "number": i, "data": hand, "created_at": now, "updated_at": now}
             for gid, record in zip(ids, records) for i, hand in enumerate(record["hands"])]
    if hands:
        db.session.execute(insert(Hand), hands)
    events = []
    for gid, record, people in zip(ids, records, seated):
        data = created_data(record)
        data["players"] = [p.name for p in people]
        events.append({"game_id": gid, "at": now, "action": "created", "via": via,
                       "data": data})
    db.session.execute(insert(AuditEvent), events)


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
