"""The API's bodies as marshmallow schemas: what flask-smorest reads, writes and documents.

A game's `record` is the game record (spec/game-record.md) and its `result` the engine's result
of it, both as the format defines them: they are passed through whole, never reshaped.
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from ..models import MAX_HANDS, MAX_ID

WHOLE = {"strict": True}
ID = {"validate": validate.Range(min=1, max=MAX_ID), **WHOLE}


class Closed(Schema):
    class Meta:
        unknown = RAISE
        ordered = True


class Problem(Schema):
    """An error (RFC 9457): `detail` is the plain sentence to show."""

    type = fields.String(required=True)
    title = fields.String(required=True)
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
        "description": "The game record (spec/game-record.md): the inputs."})
    result = fields.Dict(required=True, metadata={
        "description": "The engine's result of the record: every score, derived."})
    bg_stats_url = fields.String(allow_none=True, metadata={
        "description": "A finished game: BG Stats' “create play” link with it filled in."})


class HandWrite(Closed):
    """A hand to append or put in place of one, in the record's format for the variant."""

    hand = fields.Dict(required=True, metadata={
        "description": "One hand as in the record's `hands` (rules.md: its shape per variant)."})
    version = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "The version the hand was made on (or send If-Match: the game's ETag)."},
        **WHOLE)


class Undo(Closed):
    version = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "The version the undo was made on (or send If-Match)."}, **WHOLE)


class NewGame(Closed):
    record = fields.Dict(required=True, metadata={
        "description": f"A game record (spec/game-record.md), with up to {MAX_HANDS} hands."})


class Person(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    games = fields.Integer(required=True, metadata={"description": "Games they sat in."})


class GamesQuery(Closed):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_ID))
    per_page = fields.Integer(load_default=25, validate=validate.Range(min=1, max=100))
    variant = fields.String(validate=validate.Length(max=40))
    person = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    event = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))
    status = fields.String(validate=validate.OneOf(["finished", "playing"]))
    from_ = fields.Date(data_key="from", attribute="from", metadata={
        "description": "Games started on or after this day (YYYY-MM-DD)."})
    to = fields.Date(metadata={"description": "Games started on or before this day."})


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


class PersonStats(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    numbers = fields.Dict(allow_none=True, required=True, metadata={
        "description": "stats.player_stats of her games (spec/stats.md); null before any."})


class ClubStats(Schema):
    summary = fields.Dict(required=True, metadata={"description": "stats.club_summary"})
    people = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True, metadata={
        "description": "Person id -> stats.player_stats"})


# A JSON document of the events library (spec/events.md), passed through whole.
DOCUMENT = {"type": "object", "additionalProperties": True}
