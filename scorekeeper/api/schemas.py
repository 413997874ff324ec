"""The API's bodies as marshmallow schemas: what flask-smorest reads, writes and documents.

A game's `record` is the game record (spec/game-record.md) and its `result` the engine's result
of it, both as the format defines them: they are passed through whole, never reshaped.
"""
from __future__ import annotations

from datetime import timezone

from marshmallow import RAISE, Schema, fields, validate

from ..models import MAX_HANDS, MAX_ID
from ..rules import VARIANTS

WHOLE = {"strict": True}
ID = {"validate": validate.Range(min=1, max=MAX_ID), **WHOLE}


class Closed(Schema):
    class Meta:
        unknown = RAISE
        ordered = True


class Problem(Schema):
    """An error (RFC 9457): `detail` is the plain sentence to show."""

    type = fields.String(required=True, metadata={
        "description": "The kind of problem: /api/v1/problems/<kind>, a page that explains it "
                       "(about:blank for a refusal no kind names)."})
    title = fields.String(required=True, metadata={"description": "The kind's title."})
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    hand = fields.Integer(allow_none=True, metadata={
        "description": "The index of the hand the engine refused (null: the record itself)."})
    version = fields.Integer(metadata={"description": "The game's version now (409)."})
    errors = fields.Dict(metadata={"description": "Each field's problems (422 of a body)."})


class Player(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    person_id = fields.Integer(allow_none=True, metadata={
        "description": "The club's person in the seat (null outside a club)."})


class Game(Schema):
    id = fields.Integer(required=True)
    variant = fields.String(required=True)
    version = fields.Integer(required=True, metadata={
        "description": "Goes up by one on every write; its ETag is the game's (If-Match)."})
    club_id = fields.Integer(allow_none=True)
    event_match_id = fields.Integer(allow_none=True)
    created_at = fields.String(required=True, metadata={"description": "UTC, ISO 8601."})
    updated_at = fields.String(required=True)
    finished = fields.Boolean(required=True)
    players = fields.List(fields.Nested(Player), required=True)
    record = fields.Dict(required=True, metadata={
        "description": "The game record (game-record.md): the inputs.",
        "document": "GameRecord"})
    result = fields.Dict(required=True, metadata={
        "description": "The engine's result of the record: every score, derived.",
        "document": "GameResult"})
    bg_stats_url = fields.String(allow_none=True, metadata={
        "description": "A finished game: BG Stats' “create play” link with it filled in."})


class Me(Schema):
    """The token a request carries: what it opens and may do."""

    label = fields.String(required=True, metadata={"description": "Its name, as the history "
                                                                   "names its writes."})
    right = fields.String(required=True, validate=validate.OneOf(
        ["club-read", "club-write", "game-score", "game-read"]))
    may = fields.String(required=True, metadata={"description": "The right in words."})
    club_id = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The club a club token opens (null: a game token)."})
    game_id = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The game a game token opens (null: a club token)."})
    writes = fields.Boolean(required=True, metadata={"description": "Whether it may write."})
    last_used_at = fields.DateTime(allow_none=True, required=True, metadata={
        "description": "UTC, noted at most once a minute."})
    expires_at = fields.DateTime(allow_none=True, required=True, metadata={
        "description": "UTC; null: it never expires."})


class Club(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.DateTime(required=True, metadata={"description": "UTC."})
    people = fields.Integer(required=True, metadata={"description": "On its roster."})
    games = fields.Integer(required=True, metadata={
        "description": "Its games (GET /clubs/{club_id}/games lists them)."})


class HandWrite(Closed):
    """A hand to append or put in place of one, in the record's format for the variant."""

    hand = fields.Dict(required=True, metadata={
        "description": "One hand as in the record's `hands` (rules.md: its shape per variant).",
        "document": "Hand"})
    version = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "The version the hand was made on (or send If-Match: the game's ETag)."},
        **WHOLE)


class Undo(Closed):
    version = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "The version the undo was made on (or send If-Match)."}, **WHOLE)


class NewGame(Closed):
    record = fields.Dict(required=True, metadata={
        "description": f"A game record (game-record.md), with up to {MAX_HANDS} hands.",
        "document": "GameRecord"})


class Person(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    games = fields.Integer(required=True, metadata={
        "description": "Games they sat in that hold a hand (a game without one counts nowhere)."})


class GamesQuery(Closed):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_ID))
    per_page = fields.Integer(load_default=25, validate=validate.Range(min=1, max=100))
    variant = fields.String(validate=validate.OneOf(list(VARIANTS)))
    person = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    event = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    status = fields.String(validate=validate.OneOf(["finished", "playing"]))
    from_ = fields.Date(data_key="from", attribute="from", metadata={
        "description": "Games started on or after this day (YYYY-MM-DD)."})
    to = fields.Date(metadata={"description": "Games started on or before this day."})
    updated_since = fields.AwareDateTime(default_timezone=timezone.utc, metadata={
        "description": "Games written (a hand, a change, a finish) at or after this moment "
                       "(ISO 8601; UTC when it names no offset): to fetch what changed since "
                       "the last sync, send that sync's first answer's `Date` less a minute "
                       "(a write in flight then may commit after it), and read every page."})


class ArchiveSide(Schema):
    name = fields.String(required=True)
    total = fields.Raw(required=True)
    won = fields.Boolean(required=True)


class ArchiveGame(Schema):
    """A game as the club's archive lists it."""

    id = fields.Integer(required=True)
    variant = fields.String(required=True)
    title = fields.String(required=True)
    date = fields.DateTime(required=True, metadata={"description": "Its start."})
    players = fields.List(fields.String(), required=True)
    person_ids = fields.List(fields.Integer(allow_none=True), required=True)
    finished = fields.Boolean(required=True)
    scores = fields.Boolean(required=True)
    hands = fields.Integer(allow_none=True)
    units = fields.String()
    sides = fields.List(fields.Nested(ArchiveSide), required=True)
    winners = fields.List(fields.String(), required=True)
    event = fields.Dict(allow_none=True)
    updated_at = fields.DateTime(required=True, metadata={
        "description": "Its last write (UTC): what `updated_since` compares."})


class PersonStats(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    numbers = fields.Dict(allow_none=True, required=True, metadata={
        "description": "stats.player_stats of her games (stats.md); null before any.",
        "document": "PlayerStats"})


class ClubStats(Schema):
    summary = fields.Dict(required=True, metadata={"description": "stats.club_summary"})
    people = fields.Dict(keys=fields.String(), values=fields.Dict(metadata={
        "document": "PlayerStats"}), required=True, metadata={
        "description": "Person id -> stats.player_stats"})


# A JSON document of the events library (spec/events.md), passed through whole.
DOCUMENT = {"type": "object", "additionalProperties": True}


class RatingsQuery(Closed):
    season = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "A season's id (GET /clubs/{club_id}/seasons): its games alone, everyone "
                       "starting again at the default. Without it, all time."})


class Season(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    first_day = fields.Date(required=True)
    last_day = fields.Date(required=True, metadata={"description": "Included."})
    current = fields.Boolean(required=True, metadata={"description": "It holds today."})


class Rating(Schema):
    """A rating (spec/ratings.md: openskill's Plackett-Luce), as the leaderboard shows it."""

    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma: the rating."})
    shown = fields.String(required=True, metadata={
        "description": "The rating as the pages show it: one decimal, a minus sign (U+2212)."})
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    games = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    provisional = fields.Boolean(required=True, metadata={
        "description": "Rated in fewer than 5 games of the group: ranked after the others."})


class RankedPerson(Rating):
    place = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Equal ratings share a place; null for the provisional."})
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class RankedPair(Rating):
    place = fields.Integer(required=True, allow_none=True)
    ids = fields.List(fields.Integer(), required=True, metadata={
        "description": "The two partners' person ids."})
    name = fields.String(required=True, metadata={"description": "“Ann & Cat”"})


class Leaderboard(Schema):
    group = fields.String(required=True)
    title = fields.String(required=True)
    partnership = fields.Boolean(required=True)
    season = fields.Nested(Season, required=True, allow_none=True, metadata={
        "description": "null: all time."})
    games = fields.Integer(required=True, metadata={"description": "Rated games."})
    people = fields.List(fields.Nested(RankedPerson), required=True)
    pairs = fields.List(fields.Nested(RankedPair), required=True, metadata={
        "description": "Partnerships, rated as pairs (empty outside a partnership group)."})


class RatingPoint(Schema):
    """The rating just after one rated game."""

    game_id = fields.Integer(required=True)
    finished_at = fields.DateTime(required=True, metadata={
        "description": "When the game finished: the order games are rated in."})
    ordinal = fields.Float(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    won = fields.Boolean(required=True)
    change = fields.Float(required=True, metadata={"description": "The ordinal's move in it."})


class Rival(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    games = fields.Integer(required=True, metadata={
        "description": "Rated games met (a partner: together)."})
    wins = fields.Integer(required=True, metadata={"description": "Those she won."})
    their_wins = fields.Integer(required=True)


class GroupRating(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    partnership = fields.Boolean(required=True)
    standing = fields.Nested(Rating, required=True)
    history = fields.List(fields.Nested(RatingPoint), required=True)
    nemesis = fields.Nested(Rival, required=True, allow_none=True, metadata={
        "description": "Of those she met on another side in at least 3 rated games, the one with "
                       "the highest share of wins over her (spec/ratings.md)."})
    favourite = fields.Nested(Rival, required=True, allow_none=True, metadata={
        "description": "The same, with the highest share of her wins over them."})
    partner = fields.Nested(Rival, required=True, allow_none=True, metadata={
        "description": "Of her partners of at least 3 rated games, the one with the highest share "
                       "won (null outside a partnership group)."})
    rivals = fields.List(fields.Nested(Rival), required=True, metadata={
        "description": "Head to head with everyone she met, the most games first."})


class PersonRatings(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    season = fields.Nested(Season, required=True, allow_none=True)
    groups = fields.List(fields.Nested(GroupRating), required=True, metadata={
        "description": "Each group she was rated in."})
