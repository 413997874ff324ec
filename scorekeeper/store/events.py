"""An event of a club: an organizer's action writes the event's row first (_bump_event: the actions
on one event wait for each other), then its matches and their games, with an event audit row."""
from __future__ import annotations

from typing import Any

from sqlalchemy import (and_, bindparam, case, delete, false, func, insert, or_, select, tuple_,
                        update)
from sqlalchemy.exc import IntegrityError

from .. import stats
from ..extensions import db
from ..models import (AuditEvent, Club, ClubEvent, EventAudit, EventEntrant, EventMatch, Game,
                      Hand, Person, Player, TablePhone, utcnow, with_called)
from ..rules.text import N_, Text
from .club_numbers import _move_club_numbers, derive_summary
from .common import Refused, _bump, _bump_event, _insert_or_ignore, phone_name
from .games import _move_ratings, _new_games, _summary_before
from .webhooks import decided_events, enqueue
from .people import _people


def _event_audit(event_id: int, action: str, via: str, data: dict | None = None) -> None:
    db.session.add(EventAudit(event_id=event_id, action=action, via=via[:40], data=data))


# What each event action is called when another phone's beat this one (_bump_event_from).
# Each a Text (rules/text.py), as every refusal here: said in the page's language.
_EVENT_CHANGES = {"round started": N_("a round was started"),
                  "playoff": N_("a playoff was seated"), "time called": N_("time was called"),
                  "forfeit": N_("a forfeit was recorded"),
                  "late entrant": N_("a late entrant joined"), "swap": N_("a swap was made"),
                  "next game": N_("a match's next game began"), "draw": N_("a tie was drawn"),
                  "withdrawn": N_("an entrant was withdrawn"),
                  "checked in": N_("the check-in was done"),
                  "check-in undone": N_("the check-in was undone"),
                  "withdrawal undone": N_("a withdrawal was undone"),
                  "phone moved": N_("a table phone was moved")}


def _bump_event_from(event: ClubEvent, what: Text) -> None:
    """_bump_event from the version `event` was read at (what the view checked the action
    against), or Refused saying what another phone did since and `what` did not happen
    ("Ann & Bob did not join")."""
    if _bump_event(event.id, event.version):
        return
    db.session.rollback()
    last = db.session.execute(select(EventAudit.action, EventAudit.via)
                              .where(EventAudit.event_id == event.id)
                              .order_by(EventAudit.id.desc()).limit(1)).first()
    change = Text(_EVENT_CHANGES.get(last.action, N_("the event changed")) if last
                  else N_("the event changed"))
    who = phone_name(last.via) if last else None
    if who is None:
        raise Refused(Text("A moment ago {change} from another phone: {what}. Look at the event "
                           "as it is now and try again.", change=change, what=what))
    raise Refused(Text("A moment ago {change} from {who}: {what}. Look at the event as it is "
                       "now and try again.", change=change, who=who, what=what))


def _unplayed(match: EventMatch) -> Any:
    """Where-clause of the match's games as `match` read them (each at the version read) with
    no hand: a write under it (the delete of a forfeit, the bump of a swap) takes each game's
    row only when no hand came in since (a hand moves its game's version on first: on
    PostgreSQL the write waits for the hand's commit, then finds the version moved; a hand
    after it finds its game gone or moved on). Checked by the rows it wrote (_all_unplayed)."""
    return and_(tuple_(Game.id, Game.version).in_([(g.id, g.version) for g in match.games]),
                ~select(Hand.id).where(Hand.game_id == Game.id).exists())


def _all_unplayed(match: EventMatch, written: int, what: Text) -> None:
    """Refused (nothing written) when a write under _unplayed missed one of the match's games:
    a hand is in (a hand the server acknowledged is never changed by an event action: only an
    undo takes it back)."""
    if written != len(match.games):
        db.session.rollback()
        raise Refused(Text("Round {round}, table {table}: a hand is in already, so {what}. Take "
                           "the hands back first.", round=match.round, table=match.table,
                           what=what))


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


def _new_matches(event_id: int, matches: list[dict]) -> list[int]:
    """The event's new EventMatch rows (each its columns), in one statement: their ids, in
    order (matched by their columns, which differ: RETURNING in parameter order would send a
    statement each)."""
    if not matches:
        return []
    rows = [{"event_id": event_id, "table": None, "entrants": [], "bye": None, "forfeit": None,
             "bracket": None, "pool": None, "playoff": False, "created_at": utcnow(), **values}
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
    started = Text("Round {round} was started from another phone a moment ago.", round=number)
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
        enqueue(club.id, {"event.round_started": {
            "club_event": {"id": event.id, "name": event.name}, "round": number,
            "playoff": action != "round started", "tables": len(played)}}, utcnow())
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
        raise Refused(Text("the game changed a moment ago."))
    record = with_called(game.record(), True)
    summary = derive_summary(record)
    before = _summary_before(game)
    if not _bump(game.id, version, called=True, called_after=len(game.hands), summary=summary,
                 finished=bool(summary and summary["finished"])):
        db.session.rollback()
        raise Refused(Text("the game changed a moment ago."))
    _move_club_numbers(game.club_id, [(game, before, summary)], versions=1)
    now = utcnow()
    db.session.add(AuditEvent(game_id=game.id, at=now, action="called", via=via[:40],
                              phone_id=phone_id, data={"hands": len(game.hands)}))
    _move_ratings(game, before, summary, now, True)
    if summary and summary["finished"]:  # (it may decide its match, its round)
        enqueue(game.club_id, decided_events(game.club_id, game.event_match_id), now)
    db.session.commit()


def record_forfeit(event: ClubEvent, match: EventMatch, side: int, via: str) -> None:
    """Side `side` of the match did not play: the match is forfeited, and its games, which
    must have no hands yet, go (events.md: a forfeit has no games), with their seats and
    history (the database's ON DELETE CASCADE). Checked and written under the event's lock
    and its games' (_unplayed): a hand saved at the same moment either is in first (the
    forfeit is refused) or finds its game gone (it is refused). The club's kept numbers are
    left to the next view."""
    what = Text("round {round}, table {table} was not forfeited", round=match.round,
                table=match.table)
    _bump_event_from(event, what)
    if match.forfeit is not None:  # as of the version just checked
        db.session.rollback()
        raise Refused(Text("Round {round}, table {table} was forfeited already: nothing "
                           "changed.", round=match.round, table=match.table))
    if match.games:
        _all_unplayed(match, db.session.execute(
            delete(Game).where(_unplayed(match)).execution_options(
                synchronize_session=False)).rowcount, Text("the match is played, not forfeited"))
    db.session.execute(update(EventMatch).where(EventMatch.id == match.id).values(forfeit=side)
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "forfeit", via, {"round": match.round, "table": match.table,
                                           "side": side})
    enqueue(event.club_id, decided_events(event.club_id, match.id), utcnow())
    db.session.commit()
    db.session.expire_all()


def record_draw(event: ClubEvent, order: list[int], names: list[str], via: str) -> None:
    """A tied group's order drawn (events.md `draws`; `names` the entrants', for the history),
    kept with the event's draws so far (as `event` was read: a second tap, or another
    phone's, finds the event moved on)."""
    _bump_event_from(event, Text("the draw was not kept"))
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event.id)
                       .values(draws=list(event.draws or []) + [list(order)])
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "draw", via, {"order": list(order), "names": names})
    db.session.commit()
    db.session.expire_all()


def _reseed(event_id: int, order: dict[int, int]) -> None:
    """The entrants' (by row id) new seeds, through negative ones first (a seed is unique in
    its event at every row written)."""
    if not order:
        return
    db.session.execute(update(EventEntrant).where(EventEntrant.id.in_(order))
                       .values(seed=case({i: -1 - seed for i, seed in order.items()},
                                         value=EventEntrant.id))
                       .execution_options(synchronize_session=False))
    db.session.execute(update(EventEntrant).where(EventEntrant.event_id == event_id,
                                                  EventEntrant.seed < 0)
                       .values(seed=-EventEntrant.seed - 1)
                       .execution_options(synchronize_session=False))


def check_in(event: ClubEvent, absent: list[int], via: str) -> None:
    """Before round 1 (events.md "Check-in"): the entrants `absent` (seeds) are taken out of
    the event and the seeds close up; they are kept aside (checked_out) until round 1 is
    seated, so the check-in can be undone."""
    _bump_event_from(event, Text("the check-in was not done"))
    out = [e for e in event.entrants if e.seed in absent]
    stay = [e for e in event.entrants if e.seed not in absent]
    names = [e.name or " & ".join(e.players) for e in out]
    kept = [{"seed": e.seed, "name": e.name, "person_id": e.person_id,
             "partner_id": e.partner_id, "label": label} for e, label in zip(out, names)]
    db.session.execute(delete(EventEntrant).where(EventEntrant.id.in_([e.id for e in out]))
                       .execution_options(synchronize_session=False))
    _reseed(event.id, {e.id: seed for seed, e in enumerate(stay)})
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event.id)
                       .values(checked_out=kept).execution_options(synchronize_session=False))
    _event_audit(event.id, "checked in", via, {"names": names, "here": len(stay)})
    db.session.commit()
    db.session.expire_all()


def undo_check_in(event: ClubEvent, via: str) -> None:
    """The entrants the check-in took out come back at their seeds (before round 1)."""
    _bump_event_from(event, Text("the check-in was not undone"))
    back = {e["seed"]: e for e in event.checked_out or []}
    stay = iter(event.entrants)
    order = {}
    for seed in range(len(event.entrants) + len(back)):
        if seed not in back:
            order[next(stay).id] = seed
    _reseed(event.id, order)
    db.session.execute(insert(EventEntrant), [
        {"event_id": event.id, "seed": seed, "name": e["name"], "person_id": e["person_id"],
         "partner_id": e["partner_id"]} for seed, e in sorted(back.items())])
    names = [e["label"] for _seed, e in sorted(back.items())]
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event.id)
                       .values(checked_out=None).execution_options(synchronize_session=False))
    _event_audit(event.id, "check-in undone", via, {"names": names})
    db.session.commit()
    db.session.expire_all()


def withdraw(event: ClubEvent, seed: int, forfeits: list[tuple[EventMatch, int]], name: str,
             via: str) -> None:
    """Entrant `seed` leaves (events.md `withdrawn`): each of its matches not yet played
    (`forfeits`: the match and the entrant's side in it) is forfeited by it, its games going
    as record_forfeit's do (refused when a hand came in meanwhile). The round seated last is
    kept in the history: the withdrawal is undone only until the next round is seated."""
    _bump_event_from(event, Text("{name} was not withdrawn", name=name))
    for match, side in forfeits:
        if match.games:
            _all_unplayed(match, db.session.execute(
                delete(Game).where(_unplayed(match)).execution_options(
                    synchronize_session=False)).rowcount, Text("it is played, not forfeited"))
        db.session.execute(update(EventMatch).where(EventMatch.id == match.id)
                           .values(forfeit=side).execution_options(synchronize_session=False))
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event.id)
                       .values(withdrawn=list(event.withdrawn or []) + [seed])
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "withdrawn", via, {
        "entrant": seed, "names": [name], "forfeits": [m.id for m, _side in forfeits],
        "latest": max((m.round for m in event.matches), default=0)})
    for match in {m.round: m for m, _side in forfeits}.values():  # each round it may finish
        enqueue(event.club_id, decided_events(event.club_id, match.id), utcnow())
    db.session.commit()
    db.session.expire_all()


def withdrawal(event_id: int, seed: int) -> dict | None:
    """The history's data of entrant `seed`'s withdrawal (withdraw), None when it has none."""
    rows = db.session.scalars(select(EventAudit.data).where(
        EventAudit.event_id == event_id, EventAudit.action == "withdrawn")
        .order_by(EventAudit.id.desc())).all()
    return next((data for data in rows if data and data.get("entrant") == seed), None)


def undo_withdrawal(event: ClubEvent, seed: int, games: list[tuple[int, dict]], name: str,
                    via: str) -> None:
    """Entrant `seed` is back: the matches its withdrawal forfeited are played again, each
    with a new first game (`games`: match id and the game's record)."""
    _bump_event_from(event, Text("{name}'s withdrawal was not undone", name=name))
    if games:
        db.session.execute(update(EventMatch).where(EventMatch.id.in_([m for m, _r in games]))
                           .values(forfeit=None).execution_options(synchronize_session=False))
        club = db.session.get(Club, event.club_id)
        people = {p.key: p for p in entrant_people(event)}
        _new_games([record for _m, record in games], via, club, people,
                   [match_id for match_id, _record in games])
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event.id)
                       .values(withdrawn=[e for e in event.withdrawn or [] if e != seed] or None)
                       .execution_options(synchronize_session=False))
    _event_audit(event.id, "withdrawal undone", via, {"entrant": seed, "names": [name]})
    db.session.commit()
    db.session.expire_all()


def add_entrant(event: ClubEvent, entrant: dict, bye_rounds: list[int], via: str) -> None:
    """A late entrant joins as the last seed, with a bye in each round already seated (both
    as `event` was read: the same entrant sent twice at once joins once). Their people are the
    event's where it has them, else the roster's, made when new (_person's insert, in one
    statement for both, the entrant's row finding them by key)."""
    _bump_event_from(event, Text("{name} did not join", name=" & ".join(entrant["players"])))
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
    _bump_event_from(event, Text("{leaving} and {joining} were not swapped",
                                 leaving=out_person.name, joining=in_person.name))
    what = Text("swap a player before the first hand")
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
    _bump_event_from(event, Text("the phone was not moved"))
    before = db.session.scalar(select(TablePhone.table).where(
        TablePhone.event_id == event.id, TablePhone.phone_id == phone_id))
    if before is None:
        db.session.rollback()
        raise Refused(Text("That phone scores no table of this event."))
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
