"""Database models: the game record's inputs only. Every score is derived by scorekeeper.rules.

Game.version goes up by one on every write to the game or its hands; the write views use it for
optimistic concurrency (a stale form is refused, so a double tap never saves twice) and later for
ETags.

Clubs: a Club is a group that plays together. Its roster is its Persons; a club game's seats
(Player rows) point to them (Player.person_id). Player.name is kept equal to the person's
current name (store.rename_person / merge_people rewrite it), so a game record, an export and the
stats read one column and every past game follows a rename or a merge. A Member is one phone in
the club: Member.phone_id points to the Phone (access.py). A game outside any club has club_id
NULL and no person ids: it works exactly as before clubs.

Phones: a browser that was given a role holds one signed cookie naming its Phone row; its roles
(PhoneGame: creator, scorer or viewer of a game; Member: a phone of a club) are rows, so its
cookies stay small however many games and clubs it has (access.py).
"""
from __future__ import annotations

import secrets
from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import (JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text,
                        UniqueConstraint, false, func, select)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .stats.names import name_key

# Join codes: letters without I, L, O and digits without 0, 1 (nothing to misread at a table):
# 31 characters; 7 of them give 31**7 (about 2.75e10) codes, more than 2**30.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 7

# Ids and hand numbers are INTEGER columns: PostgreSQL's is 32 bits, so a larger number is no
# row anywhere (and must never reach the database, which would refuse it with an error).
MAX_ID = 2**31 - 1

# The most hands a game may hold. A real game is over in 10-40 hands; the house rules allow a
# target of 100 marks with a win by up to 100, which with thrown-in redeals can run past 200.
# An entry or import past this is refused (so every page and poll stays bounded).
MAX_HANDS = 500


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def with_called(record: dict[str, Any], called: bool) -> dict[str, Any]:
    """A record with `"called": true` when time was called; without the key otherwise, so the
    records of games that were never called stay as they were."""
    return {**record, "called": True} if called else record


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class Game(db.Model):
    __tablename__ = "game"
    # (club_id, version, id): store.club_stamp is summed from the index alone; (club_id,
    # finished, updated_at, version, id): store.rated_parts too, and the finished games written
    # since a kept replay of the club's ratings (club_ratings._one_more) are found in it
    __table_args__ = (Index("ix_game_club_id_created_at", "club_id", "created_at"),
                      Index("ix_game_club_id_version_id", "club_id", "version", "id"),
                      Index("ix_game_club_finished_updated", "club_id", "finished", "updated_at",
                            "version", "id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    variant: Mapped[str] = mapped_column(String(40))
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Time was called after the last hand (game-record.md's `called`): an input like the hands.
    called: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # An event's organizer called time while the table played: the record becomes `called` once
    # it holds this many hands (the hand in play is in; taking it back undoes that). NULL: time
    # was not called on the game (an imported `called` stands as it is).
    called_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # moved on by the counts of the round being counted (store.count_hand), not the version: a
    # count is no change to the record, and must not redraw the hand form; the live poll's
    # ETag has both
    count_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    code: Mapped[str] = mapped_column(String(8), unique=True, default=new_code)
    scorer_secret: Mapped[str] = mapped_column(String(64), default=new_secret)
    scorer_generation: Mapped[int] = mapped_column(Integer, default=1)
    creator_secret: Mapped[str] = mapped_column(String(64), default=new_secret)
    # The club the game was played in (NULL: a game outside any club, as before clubs).
    club_id: Mapped[int | None] = mapped_column(
        ForeignKey("club.id", ondelete="SET NULL"), index=True, nullable=True)
    # The rematch started from this game, once one is: its watchers are sent there.
    next_game_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), nullable=True)
    # The event match this game was played for (NULL: a game outside any event).
    event_match_id: Mapped[int | None] = mapped_column(
        ForeignKey("event_match.id", ondelete="SET NULL"), index=True, nullable=True)

    # A cache, derived from the record like every score: scorekeeper.stats.game_summary of the
    # game (NULL while the record does not score), and whether it is finished. store
    # recomputes both on every write to the game; club pages aggregate them without replaying.
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    club: Mapped["Club | None"] = relationship(back_populates="games")
    players: Mapped[list["Player"]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    hands: Mapped[list["Hand"]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )
    events: Mapped[list["AuditEvent"]] = relationship(
        back_populates="game", order_by="AuditEvent.id", cascade="all, delete-orphan"
    )

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def record(self) -> dict[str, Any]:
        """The game record (game-record.md) built from the rows: the inputs, never a score."""
        return with_called({
            "variant": self.variant,
            "players": self.player_names,
            "first_dealer": self.first_dealer,
            "options": dict(self.options or {}),
            "hands": [h.data for h in self.hands],
        }, self.called)

    def called_with(self, hands: int) -> bool:
        """The record's `called` once the game holds `hands` hands (called_after)."""
        return self.called if self.called_after is None else hands >= self.called_after

    @property
    def time_called(self) -> bool:
        """Time was called and the table still plays the hand in play (the record is not
        `called` yet)."""
        return self.called_after is not None and not self.called

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.variant} v{self.version}>"


class Player(db.Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))  # the person's current name in a club game
    # The club's person in this seat (NULL outside a club).
    person_id: Mapped[int | None] = mapped_column(
        ForeignKey("person.id", ondelete="SET NULL"), index=True, nullable=True)

    game: Mapped[Game] = relationship(back_populates="players")
    person: Mapped["Person | None"] = relationship(back_populates="seats")


class Hand(db.Model):
    __tablename__ = "hand"
    # The database enforces one hand per number: a racing second insert fails.
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 0-based index in the record's hands
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # the hand exactly as in the game record
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")


class AuditEvent(db.Model):
    """One row per write. Undo and edit keep the earlier version of the hand here."""

    __tablename__ = "audit_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    # created | entered | edited | undone | put back | took over | rotated | renamed | ...
    action: Mapped[str] = mapped_column(String(16))
    hand_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    via: Mapped[str] = mapped_column(String(40))  # "creator" or "scorer link #N"
    # The id the phone sent with a hand it entered or changed (static/js/pwa.js draws a new one
    # for every save): the offline resend asks whether *its* save went through (pwa.kept_hand).
    save_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # The phone that made the write (access.phone_id), when known: "creator" names a role, and
    # after a take-over another phone holds it, so the history names the phone too.
    phone_id: Mapped[int | None] = mapped_column(
        ForeignKey("phone.id", ondelete="SET NULL"), nullable=True)

    game: Mapped[Game] = relationship(back_populates="events")


class Club(db.Model):
    """A group that plays together: its roster (people), its phones (members), its games."""

    __tablename__ = "club"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    # The join code: the same alphabet, length and guess limit as a game's (codes.py).
    code: Mapped[str] = mapped_column(String(8), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The language of the club's pages and TV (an i18n.LANGUAGES code) for a phone that chose
    # none; None: each phone's own (its browser's).
    language: Mapped[str | None] = mapped_column(String(8))

    people: Mapped[list["Person"]] = relationship(
        back_populates="club", order_by="Person.name", cascade="all, delete-orphan")
    members: Mapped[list["Member"]] = relationship(
        back_populates="club", order_by="Member.id", cascade="all, delete-orphan")
    bans: Mapped[list["ClubBan"]] = relationship(order_by="ClubBan.removed_at",
                                                 cascade="all, delete-orphan")
    games: Mapped[list[Game]] = relationship(back_populates="club")

    def __repr__(self) -> str:
        return f"<Club {self.id} {self.name!r}>"


def _key_of_the_name(context) -> str:
    return name_key(context.get_current_parameters()["name"])


class Person(db.Model):
    """Someone on a club's roster; a club game's seats point here. Merging two people repoints
    the seats of one to the other and deletes it: no aliases are kept."""

    __tablename__ = "person"
    __table_args__ = (UniqueConstraint("club_id", "name"), UniqueConstraint("club_id", "key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    # stats.name_key(name), set with the name: the roster's "one person a name" is the
    # database's, so "Ann" and "ann" seated by two phones at the same instant are one person
    key: Mapped[str] = mapped_column(String(160), default=_key_of_the_name)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    club: Mapped[Club] = relationship(back_populates="people")
    seats: Mapped[list[Player]] = relationship(back_populates="person")


class Phone(db.Model):
    """A browser that holds a role somewhere: its one cookie is "<id>.<HMAC of the id>"
    (access.py). Made only when a role is first given, never for a mere visitor."""

    __tablename__ = "phone"

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PhoneGame(db.Model):
    """A phone's role in a game: `kind` "c" (creator), "s" (scorer) or "v" (viewer), `token`
    the HMAC of the game's secret (or code) it was given under. Rotating that secret makes the
    token worthless, as it did the per-game cookie this row replaces."""

    __tablename__ = "phone_game"

    phone_id: Mapped[int] = mapped_column(ForeignKey("phone.id", ondelete="CASCADE"),
                                          primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True, index=True)
    kind: Mapped[str] = mapped_column(String(1), primary_key=True)
    token: Mapped[str] = mapped_column(String(64))


class SeatClaim(db.Model):
    """A phone at the table playing a seat of a game ("I am Cat"): a seat has at most one phone
    (the unique game and seat), a phone one seat of a game. Not Mexican Train's own: any
    variant whose players count their own hands (Variant.counts_own) seats phones this way."""

    __tablename__ = "seat_claim"
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "phone_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    phone_id: Mapped[int] = mapped_column(ForeignKey("phone.id", ondelete="CASCADE"), index=True)
    claimed_at: Mapped[datetime] = mapped_column(default=utcnow)


class PendingCount(db.Model):
    """What a seat counted in its hand for hand `number`, not saved yet: the scorer's save makes
    the hand from a round's counts (and deletes them). Never a score: until then the record
    does not hold it. `phone_id` None: the scorer typed it."""

    __tablename__ = "pending_count"
    __table_args__ = (UniqueConstraint("game_id", "number", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    pips: Mapped[int] = mapped_column(Integer)
    out: Mapped[bool] = mapped_column(Boolean, default=False)
    double_blank: Mapped[bool] = mapped_column(Boolean, default=False)  # it holds the 0-0
    phone_id: Mapped[int | None] = mapped_column(
        ForeignKey("phone.id", ondelete="SET NULL"), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # the round was refused and this count named to fix (why, in the engine's words); gone
    # when the seat counts again
    refused: Mapped[str | None] = mapped_column(String(300), nullable=True)


class ClubBan(db.Model):
    """A phone the admin removed from a club: it cannot join again, by any code, until the
    admin lets it back in."""

    __tablename__ = "club_ban"

    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"),
                                         primary_key=True)
    phone_id: Mapped[int] = mapped_column(ForeignKey("phone.id", ondelete="CASCADE"),
                                          primary_key=True)
    label: Mapped[str | None] = mapped_column(String(40), nullable=True)
    removed_at: Mapped[datetime] = mapped_column(default=utcnow)

    @property
    def display(self) -> str:
        return self.label or f"Phone #{self.phone_id}"


class Member(db.Model):
    """A phone that joined a club. Deleting the row (the phone left, or the admin removed it)
    ends its membership at once. `secret` only checks a phone's member cookie from before
    phones (access.adopt_old_cookies); `phone_id` is NULL until that phone comes back."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("club_id", "phone_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    phone_id: Mapped[int | None] = mapped_column(
        ForeignKey("phone.id", ondelete="CASCADE"), index=True, nullable=True)
    secret: Mapped[str] = mapped_column(String(64), default=new_secret)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    label: Mapped[str | None] = mapped_column(String(40), nullable=True)  # "Ann's phone"
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)

    club: Mapped[Club] = relationship(back_populates="members")

    @property
    def display(self) -> str:
        return self.label or f"Phone #{self.id}"


class ClubStats(db.Model):
    """A cache of a club's numbers (stats.player_stats and stats.club_summary over its games'
    cached summaries), valid while `stamp` matches the club's games (players/numbers.py): every
    write to a game bumps its version, so a new game or any write to one changes the stamp."""

    __tablename__ = "club_stats"

    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"),
                                         primary_key=True)
    stamp: Mapped[str] = mapped_column(String(80))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    computed_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubRules(db.Model):
    """A club's house rules for one variant: the options that differ from the written rules,
    as in a game record. A new club game of that variant starts from them."""

    __tablename__ = "club_rules"

    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"),
                                         primary_key=True)
    variant: Mapped[str] = mapped_column(String(40), primary_key=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubSeason(db.Model):
    """A season the club's admin named: its games are those that finished from its first day
    to its last (both included); seasons never overlap (store.name_season). Its ratings are
    derived by replaying those games, never stored (spec/ratings.md)."""

    __tablename__ = "club_season"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    first_day: Mapped[date] = mapped_column()
    last_day: Mapped[date] = mapped_column()
    named_by: Mapped[str] = mapped_column(String(40))  # the admin's phone, as audit rows say it
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def holds(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day


class ClubEvent(db.Model):
    """A tournament or club night of a club (spec/events.md): its rules card, format, settings,
    entrants (EventEntrant, in seed order) and the matches seated so far (EventMatch, each
    linked to its games). Standings are never stored: the event record is derived from these
    rows and the games' hands (events/record.py). `version` goes up on every write to the
    event itself; its games carry their own versions (events/live.py sums both)."""

    __tablename__ = "club_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    day: Mapped[date] = mapped_column()
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    format: Mapped[str] = mapped_column(String(24))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # The seeds were drawn at random by the app (the entrants' seeds hold the drawn order).
    seeds_drawn: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The phone that started the event: it runs the event with the club's admin.
    creator_phone_id: Mapped[int | None] = mapped_column(
        ForeignKey("phone.id", ondelete="SET NULL"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The TV link's secret (events/tv_link.py): its URL opens the event's TV, read only, for
    # anyone; None until the organizer makes one, a new one replaces it.
    tv_secret: Mapped[str | None] = mapped_column(String(40), unique=True, index=True,
                                                  nullable=True)
    # The record's `draws` (tied groups in the order drawn) and `withdrawn` (entrants who left
    # after the event began), as events.md keeps them; None for none.
    draws: Mapped[list | None] = mapped_column(JSON, nullable=True)
    withdrawn: Mapped[list | None] = mapped_column(JSON, nullable=True)
    # The entrants the check-in took out before round 1 (not in the record: each its seed,
    # name and people), kept so the check-in can be undone until round 1 is seated.
    checked_out: Mapped[list | None] = mapped_column(JSON, nullable=True)

    entrants: Mapped[list["EventEntrant"]] = relationship(
        order_by="EventEntrant.seed", cascade="all, delete-orphan")
    matches: Mapped[list["EventMatch"]] = relationship(
        order_by="EventMatch.id", cascade="all, delete-orphan")
    history: Mapped[list["EventAudit"]] = relationship(
        order_by="EventAudit.id", cascade="all, delete-orphan")


class EventEntrant(db.Model):
    """An entrant of an event: one player, or a team of two partners (`partner_id`), people of
    the club's roster; `seed` is its index in the event record (0 is seed 1)."""

    __tablename__ = "event_entrant"
    __table_args__ = (UniqueConstraint("event_id", "seed"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"),
                                          index=True)
    seed: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)  # the team's own name
    person_id: Mapped[int] = mapped_column(ForeignKey("person.id"), index=True)
    partner_id: Mapped[int | None] = mapped_column(ForeignKey("person.id"), index=True,
                                                   nullable=True)

    person: Mapped[Person] = relationship(foreign_keys=[person_id])
    partner: Mapped[Person | None] = relationship(foreign_keys=[partner_id])

    @property
    def players(self) -> list[str]:
        return [self.person.name] + ([self.partner.name] if self.partner else [])


class EventMatch(db.Model):
    """One match of an event as events.md lists it: `entrants` the seeds at the table (team
    formats: the two sides; progressive and tables: the players in seat order), or `bye` (that
    entrant sits the round out), or a `forfeit` (the side that did not play). Its games are the
    Game rows pointing here, in the order they were made."""

    __tablename__ = "event_match"
    __table_args__ = (UniqueConstraint("event_id", "round", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"),
                                          index=True)
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int | None] = mapped_column(Integer, nullable=True)
    entrants: Mapped[list[int]] = mapped_column(JSON, default=list)
    bye: Mapped[int | None] = mapped_column(Integer, nullable=True)
    forfeit: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bracket: Mapped[str | None] = mapped_column(String(12), nullable=True)
    pool: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A match of a playoff deciding a tie (events.md "Deciding a tie").
    playoff: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    games: Mapped[list[Game]] = relationship(order_by="Game.id")


class TablePhone(db.Model):
    """The table a phone scores at in an event (its table phone): set when it scans a table's
    card (sharing.scorer) and when the organizer moves it (store.move_table_phone). Once its
    game is over it follows that table: to the game seated there next, as its scorer
    (store.table_now)."""

    __tablename__ = "event_table_phone"

    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"),
                                          primary_key=True)
    phone_id: Mapped[int] = mapped_column(ForeignKey("phone.id", ondelete="CASCADE"),
                                          primary_key=True, index=True)
    table: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class EventAudit(db.Model):
    """One row per change to an event: who (`via`), when, what."""

    __tablename__ = "event_audit"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("club_event.id", ondelete="CASCADE"),
                                          index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    action: Mapped[str] = mapped_column(String(24))
    via: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class GuessAttempt(db.Model):
    """A join-code guess, for rate limiting wrong codes per address."""

    __tablename__ = "guess_attempt"

    id: Mapped[int] = mapped_column(primary_key=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


def unused_code(model=None) -> str:
    """A join code no game (or no row of `model`, e.g. Club) has yet."""
    model = Game if model is None else model
    while True:
        code = new_code()
        if db.session.scalar(
                select(func.count()).select_from(model).where(model.code == code)) == 0:
            return code


class ApiToken(db.Model):
    """A bearer token of the JSON API (scorekeeper/api): made in the app by whoever holds the
    right it carries, shown once, kept only as the SHA-256 of its secret.

    `right`: "club-read" or "club-write" (a club's admin made it: read the club, or read it and
    write its games), "game-score" or "game-read" (a game's scorer or creator, or a reader of
    it). A club token, and a game token made through a club membership, names its Member row:
    deleting the row (the phone left or was removed) deletes the token with it. A game token
    holds, as a phone's role does (PhoneGame.token), the HMAC of the game secret it was made
    under (`role_kind` "c", "s" or "v"): a new scorer link or a take-over ends it too."""

    __tablename__ = "api_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(40))
    right: Mapped[str] = mapped_column(String(12))
    club_id: Mapped[int | None] = mapped_column(
        ForeignKey("club.id", ondelete="CASCADE"), index=True, nullable=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), index=True, nullable=True)
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("member.id", ondelete="CASCADE"), index=True, nullable=True)
    # The phone that made it (its list of tokens; a removed phone's go: store.remove_member).
    phone_id: Mapped[int | None] = mapped_column(
        ForeignKey("phone.id", ondelete="CASCADE"), index=True, nullable=True)
    role_kind: Mapped[str | None] = mapped_column(String(1), nullable=True)
    role_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(nullable=True)
    expires_at: Mapped[datetime | None] = mapped_column(nullable=True)


class IdempotentAnswer(db.Model):
    """The answer to an API POST sent with an Idempotency-Key, kept so that the same request
    sent again (a retry after a lost answer) gets it again instead of a second hand or game.
    `status` is NULL while the first request is still being answered."""

    __tablename__ = "idempotent_answer"

    token_id: Mapped[int] = mapped_column(ForeignKey("api_token.id", ondelete="CASCADE"),
                                          primary_key=True)
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    body: Mapped[str | None] = mapped_column(Text, nullable=True)
    headers: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class ApiWrite(db.Model):
    """A write an API token asked for (applied or refused), counted for its write limit
    (api.limits): rows older than the window go."""

    __tablename__ = "api_write"
    __table_args__ = (Index("ix_api_write_token_at", "token_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token_id: Mapped[int] = mapped_column(ForeignKey("api_token.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class Webhook(db.Model):
    """A URL of a club's (its admin registers it) that is sent the events it asked for
    (webhooks.EVENTS), each body signed with `secret` (HMAC-SHA256)."""

    __tablename__ = "webhook"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(String(500))
    events: Mapped[list[str]] = mapped_column(JSON)
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class WebhookDelivery(db.Model):
    """One event for one webhook: written in the transaction of the write it tells of, sent
    after it commits by the sender (webhooks.send_due), which claims it first (`claimed_until`)
    so that one worker sends it; retried at `next_at` until it is answered 2xx ("sent") or a
    day has passed ("failed"). `body` is fixed when written: a retry sends the same bytes."""

    __tablename__ = "webhook_delivery"
    __table_args__ = (Index("ix_webhook_delivery_due", "status", "next_at"),
                      UniqueConstraint("webhook_id", "once"))

    id: Mapped[int] = mapped_column(primary_key=True)
    webhook_id: Mapped[int] = mapped_column(ForeignKey("webhook.id", ondelete="CASCADE"),
                                            index=True)
    event: Mapped[str] = mapped_column(String(30))
    # what is told once per webhook, however often its write is undone and made again (a
    # round finished, an event's champion: store.webhooks.ONCE); NULL: told by each write
    once: Mapped[str | None] = mapped_column(String(80), nullable=True)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    status: Mapped[str] = mapped_column(String(10), default="due")  # due | sent | failed
    next_at: Mapped[datetime] = mapped_column(default=utcnow)
    claimed_until: Mapped[datetime | None] = mapped_column(nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    answered_at: Mapped[datetime | None] = mapped_column(nullable=True)
    answer_status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    answer: Mapped[str | None] = mapped_column(String(300), nullable=True)


class RatingMove(db.Model):
    """One rated game's move of one person or pair of a club (spec/ratings.md): the (mu, sigma)
    just after it. A cache of the club's replay, never its truth (club_ratings reads a row only
    while it still says what a replay would: its game still rated, on the same sides
    (`basis`), and moved on from the row the replay has for that key just before it
    (`before_id`)); written by store with the write that finishes the game, and again by a
    re-rating after an edit, an undo, a merge or an import. Ids are never reused
    (sqlite_autoincrement), so a row re-rated away is never taken for its replacement."""

    __tablename__ = "rating_move"
    __table_args__ = (Index("ix_rating_move_key", "club_id", "rating_group", "key", "at",
                            "game_id"),
                      {"sqlite_autoincrement": True})

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column()  # the moment the game finished (its replay order)
    rating_group: Mapped[str] = mapped_column(String(20))
    key: Mapped[str] = mapped_column(String(40))  # "p12": person 12; "t12&15": that pair
    basis: Mapped[str] = mapped_column(String(200))  # the game's sides and ranks as rated
    mark: Mapped[int] = mapped_column(BigInteger)
    before_mark: Mapped[int | None] = mapped_column(BigInteger)  # this key's row before; None: new
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
