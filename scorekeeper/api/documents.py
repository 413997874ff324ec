"""The JSON documents the API passes through whole, described for its OpenAPI document as the
specs define them: the game record and a hand of each variant (game-record.md, rules.md), the
engine's result, a player's stats (stats.md), the event record and its standings (events.md).

They describe; they do not refuse: the engine checks a record, so a key a later version adds
is never a schema error here (a hand's own keys are the engine's to refuse)."""
from __future__ import annotations

from ..rules import VARIANTS

INT, BOOL, TEXT = {"type": "integer"}, {"type": "boolean"}, {"type": "string"}
SEAT = {"type": "integer", "minimum": 0, "maximum": 7, "description": "An index into `players`."}


def _list(items: dict, **more) -> dict:
    return {"type": "array", "items": items, **more}


def _object(properties: dict, required=(), description: str | None = None) -> dict:
    schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if description:
        schema["description"] = description
    return schema


_CALL = {"oneOf": [{"type": "string", "enum": ["pass", "plunge", "splash"]}, INT]}
_AUCTION = _list(_CALL, description="The calls in table order from the dealer's left "
                                    "(“pass”, a bid; plunge and splash in the marks games).")
_BIDDING = {"bidder": SEAT, "bid": INT, "auction": _AUCTION,
            "passed": {"type": "boolean", "description": "Everyone passed: a redeal."}}
_ITEMISED = _object({k: BOOL for k in ("high", "jack", "four", "game", "three")} | {
    "other_aces": {"type": "integer", "minimum": 0, "maximum": 3},
    "other_jacks": {"type": "integer", "minimum": 0, "maximum": 3}})
_TRUMP = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 6},
                    {"type": "string", "enum": ["doubles"]}]}
_MARKS_HAND = _object({**_BIDDING, "contract": {"type": "string", "enum": [
    "straight", "sevens", "nillo", "follow-me", "plunge", "splash"]},
    "call": {"type": "string", "enum": ["straight", "sevens", "follow-me", "nillo"]},
    "points": {"type": "integer", "minimum": 0, "maximum": 42}, "made": BOOL,
    "doubles": {"oneOf": [INT, {"type": "string", "enum": [
        "high", "low", "suit", "suit-inverted"]}]}, "trump": _TRUMP})

# A hand of each variant (rules.md: "Hand: ..."), by variant id.
HANDS = {
    "card42": _object({"bids": _list(INT), "tricks": _list(INT)}, ("bids", "tricks"),
                      "card42: each seat's bid and tricks, by seat."),
    "card42-teams": _object({**_BIDDING, "bid": {"type": "integer", "minimum": 2, "maximum": 18},
                             "points": {"oneOf": [{"type": "integer", "minimum": 0,
                                                   "maximum": 18}, _ITEMISED]}},
                            description="card42-teams: what the bidding team caught."),
    "texas42-1986": _object({**_BIDDING, "contract": {"type": "string", "enum": [
        "trumps", "trash"]}, "points": {"type": "integer", "minimum": 0, "maximum": 42},
        "made": BOOL, "trump": _TRUMP}, description="texas42-1986"),
    "lechner42": {**_MARKS_HAND, "description": "lechner42: a contract and its outcome."},
    "texas42": {**_MARKS_HAND, "description": "texas42: as lechner42's."},
    "forty-two": _object({**_BIDDING, "points": INT}, description="forty-two"),
    "moon": _object({**_BIDDING, "tricks": _list(INT, minItems=3, maxItems=3)},
                    description="moon: each seat's tricks."),
    "mexican-train": _object({"pips": _list(INT), "out": SEAT, "double_blank": SEAT},
                             ("pips",), "mexican-train: a round's pips left, by seat."),
    "castle-rock": _object({"remaining": {"type": "integer", "minimum": 0, "maximum": 91}},
                           ("remaining",), "castle-rock: the dominoes left in the row."),
}
assert set(HANDS) == set(VARIANTS)

_RECORD_KEYS = {
    "players": _list(TEXT, minItems=1, maxItems=8, description="Names in seating order."),
    "first_dealer": {**SEAT, "description": "The seat that deals first (default 0)."},
    "options": {"type": "object", "description": "House rules (rules.md: each variant's)."},
    "called": {"type": "boolean", "description": "Time was called after the last hand."}}


def record(variant: str) -> dict:
    return _object({"variant": {"type": "string", "enum": [variant]}, **_RECORD_KEYS,
                    "hands": _list(HANDS[variant])}, ("variant", "players"))


RECORD = {"oneOf": [record(v) for v in VARIANTS], "description": (
    "The game record (/api/v1/spec/game-record.md): only the inputs, one shape per variant "
    "(its `variant` tells which), each hand in that variant's shape.")}
HAND = {"anyOf": list(HANDS.values()), "description": (
    "One hand, in the shape of the game's variant (/api/v1/spec/rules.md); the engine checks it.")}

RESULT = _object({
    "ok": BOOL, "variant": TEXT,
    "units": {"type": "string", "enum": ["marks", "points", "pips", "wins"]},
    "sides": _list(TEXT, description="Who scores: a team or a player, by side index."),
    "hands": _list(_object({"dealer": SEAT, "bidder": {**SEAT, "nullable": True},
                            "bid": {"type": "integer", "nullable": True},
                            "made": {"type": "boolean", "nullable": True},
                            "deltas": _list({"type": "number"}),
                            "totals": _list({"type": "number"})})),
    "totals": _list({"type": "number"}), "finished": BOOL,
    "winners": _list(INT, description="The side indices that won."),
    "next_dealer": {**SEAT, "description": "Absent once finished."},
    "hand": {"type": "integer", "nullable": True,
             "description": "(ok false) the first invalid hand's index; null: the record."},
    "error": {"type": "string", "description": "(ok false) the rule's sentence."}},
    ("ok",), "The engine's result of the record (/api/v1/spec/game-record.md): every score, "
             "derived.")

_COUNTS = {"games": INT, "finished": INT, "wins": INT, "bids": INT, "made": INT, "set": INT}
PLAYER_STATS = _object({**_COUNTS, "by_variant": {
    "type": "object", "additionalProperties": _object(_COUNTS)}},
    description="A player's numbers (/api/v1/spec/stats.md): the pages may add keys, never "
                "change these.")

_GAME_IN_MATCH = _object({"players": _list(TEXT), "first_dealer": SEAT, "hands": _list(HAND),
                          "called": BOOL})
EVENT_RECORD = _object({
    "name": TEXT, "format": TEXT, "variant": {"type": "string", "enum": list(VARIANTS)},
    "options": {"type": "object"}, "settings": {"type": "object"},
    "entrants": _list(_object({"name": TEXT, "players": _list(TEXT)})),
    "matches": _list(_object({"round": INT, "table": INT, "entrants": _list(INT),
                              "games": _list(_GAME_IN_MATCH), "bye": INT, "forfeit": INT}))},
    description="The event record (/api/v1/spec/events.md): its entrants, matches and their games.")
STANDINGS = _object({
    "ok": BOOL, "format": TEXT, "complete": BOOL,
    "standings": _list(_object({"rank": INT, "entrant": INT, "name": TEXT, "played": INT,
                                "won": INT, "lost": INT, "tied": BOOL})),
    "pools": _list({"type": "object"})},
    description="The event's standings (/api/v1/spec/events.md), best first.")

# By the name the OpenAPI document gives each (a field names it: metadata "document").
COMPONENTS = {"GameRecord": RECORD, "Hand": HAND, "GameResult": RESULT,
              "PlayerStats": PLAYER_STATS, "EventRecord": EVENT_RECORD,
              "EventStandings": STANDINGS}


def ref(name: str) -> dict:
    assert name in COMPONENTS
    return {"$ref": f"#/components/schemas/{name}"}


def field_document(_converter, field, ret, **_kwargs) -> dict:
    """apispec's property of a field whose metadata names a document: that document."""
    name = field.metadata.get("document")
    return {"allOf": [ref(name)]} if name else {}
