"""A game and its hands through the API: read it (by id with a token, or by its join code
without one), append a hand, change one, take back the last, and start a club's game from a
record.

Each write is the pages' own: the engine checks the hand (rules.preview of the record as it will
be saved, entry.as_saved), and store.write_hand writes it with its version check and audit row,
the token named as the history names a phone. A write carries the version it was made on (the
game's ETag in If-Match, or `version` in the body): another client's write since makes it a 409,
never a second hand on top of one it has not seen.
"""
from __future__ import annotations

import json
import re

from flask import request, url_for
from flask_babel import gettext as _
from werkzeug.http import parse_etags

from .. import codes, i18n, render_cache, rules, security, store
from ..access import normalize_code
from ..games import bgstats, entry
from ..games.new_game import check_record
from ..models import CODE_ALPHABET, CODE_LENGTH, MAX_HANDS, Club, Game
from ..extensions import db
from . import auth, blp, documented, limits, schemas
from .idempotency import idempotent
from .problems import CACHE_CONTROL, held, not_modified, refuse

# The representation's generation: part of every game ETag, so that a change to what the API
# answers for a version is never taken for the answer a client has.
SHAPE = 1
# (as Flask-Compress marks it on a compressed answer too: "g1-v2-s1:br")
_GAME_ETAG = re.compile(r"g(\d+)-v(\d+)(?:-s\d+)?(?::\w+)?")


def game_etag(game_id: int, version: int) -> str:
    return f"g{game_id}-v{version}-s{SHAPE}"


def resource(game: Game, result: dict | None = None) -> dict:
    """The game as the API gives it: its record, the engine's result of it (one computation:
    the one the page shows), who plays, its version."""
    record = game.record()
    if result is None:
        result = rules.score(record)
    return {"id": game.id, "variant": game.variant, "version": game.version,
            "club_id": game.club_id, "event_match_id": game.event_match_id,
            "created_at": game.created_at.isoformat() + "Z",
            "updated_at": game.updated_at.isoformat() + "Z",
            "finished": bool(result.get("ok") and result.get("finished")),
            "players": [{"seat": p.seat, "name": p.name, "person_id": p.person_id}
                        for p in game.players],
            "record": record, "result": result,
            "bg_stats_url": bgstats.link(game, record, result)}


def _answer(game: Game, result: dict | None = None, status: int = 200, **headers):
    return resource(game, result), status, {"ETag": f'"{game_etag(game.id, game.version)}"',
                                            **headers}


def _kept_answer(game_id: int, version: int, load):
    """A read of the game at `version`: 304 when the client holds it (If-None-Match), else its
    JSON, made once per version and compressed once per encoding (render_cache), so a read
    loads the game only when it moved on. `load()` gives the game on a miss."""
    tag = game_etag(game_id, version)
    if held(tag):
        return not_modified(tag)
    key = f"api-game:{tag}"
    text = render_cache.cached(key)
    if text is None:
        game = load()
        key = f"api-game:{game_etag(game.id, game.version)}"  # (it may have moved on)
        text = render_cache.body(key, lambda: json.dumps(resource(game), ensure_ascii=False))
        tag = game_etag(game.id, game.version)
    response = render_cache.respond(key, text)
    response.mimetype = "application/json"
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


def _head(game_id: int):
    """The game's head, for a request with a token (401 first: no id is told apart without)."""
    auth.token()
    head, _roles = store.get_head(game_id)
    if head is None:
        refuse(404, auth.no_game(game_id))
    return head


def _load(game_id: int) -> Game:
    """The game with its hands and players (404 when there is none)."""
    game = store.get_game(game_id)
    if game is None:
        refuse(404, auth.no_game(game_id))
    return game


@blp.route("/games/<int:game_id>", methods=["GET"])
@documented(read=True, codes=(401, 403, 404))
@blp.response(200, schemas.Game)
def get_game(game_id: int):
    """A game: its record, the engine's result, its version and players."""
    head = _head(game_id)
    auth.require_game(head)
    return _kept_answer(game_id, head.version, lambda: _load(game_id))


@blp.route("/viewer/<code>", methods=["GET"])
@blp.doc(parameters=[{"in": "path", "name": "code", "required": True, "schema": {
    "type": "string", "pattern": f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$"}, "description":
    "The game's join code (lower case, a space or dashes are read too: “abc 2345”)."}])
@documented(read=True, codes=(400, 404, 429), token=False)
@blp.response(200, schemas.Game)
def viewer_game(code: str):
    """A game by its join code, with no token: what its viewer link shows. Wrong codes are
    counted as /join counts them (429 past the limit)."""
    normalized = normalize_code(code)
    if normalized is None:
        refuse(400, _("A code is 7 letters and digits, like “ABC 2345”."))
    game = codes.find_game_by_code(normalized, auth.too_many_codes)
    if game is None:
        refuse(404, _("No game has that code."))
    return _kept_answer(game.id, game.version, lambda: _load(game.id))


def _version(game: Game, sent: int | None) -> tuple[int, bool]:
    """The version the write was made on, and whether If-Match named it: the game's ETag in
    If-Match (412 when it is not the game's now, another game's or no game's ETag), else
    `version` in the body (409 when stale); 428 without either. `If-Match: *` names no
    version (RFC 9110 would let it pass any): a write needs the one it was made on."""
    tags = parse_etags(request.headers.get("If-Match"))
    named = tags.as_set(include_weak=True) - {"", None}
    if not named and sent is None:
        refuse(428, _("Send the version the change was made on: If-Match with the game's "
                      "ETag, or `version` in the body (If-Match: * names no version)."),
               kind="version-required")
    if named:
        versions = set()
        for tag in named:
            m = _GAME_ETAG.fullmatch(tag)
            versions.add(int(m[2]) if m and int(m[1]) == game.id else None)
        if game.version not in versions:
            _stale(game, versions - {None}, by_header=True)
    if sent is not None and sent != game.version:
        _stale(game, {sent})
    return game.version, bool(named)


def _stale(game: Game, versions: set, by_header: bool = False):
    """409 for a stale `version` in the body; 412 (RFC 9110) for an If-Match that is not the
    game's ETag now, whether an older one, another game's or not an ETag at all."""
    now = {"now": game.version, "etag": game_etag(game.id, game.version)}
    if by_header:
        refuse(412, _("The game changed since version %(version)s: it is at version %(now)s "
                      "now (ETag \"%(etag)s\"). Read it again, then send the change with its "
                      "ETag.", version=min(versions), **now) if versions else
               _("If-Match is not an ETag of game #%(game)s: it is at version %(now)s now "
                 "(ETag \"%(etag)s\"). Read it again, then send the change with its ETag.",
                 game=game.id, **now),
               kind="precondition-failed", version=game.version)
    refuse(409, _("The game changed since version %(version)s: it is at version %(now)s now "
                  "(ETag \"%(etag)s\"). Read it again, then send the change made on that "
                  "version.", version=min(versions), **now), kind="stale-version",
           version=game.version)


def _checked(game: Game, hand: dict, index: int | None) -> dict:
    """The engine's result of the record with `hand` appended (index None) or in place of hand
    `index`: 422 with the engine's sentence when it refuses it."""
    problem = security.text_problem(hand)
    if problem:
        refuse(422, problem)
    result = rules.preview(entry.as_saved(game, game.record(), index), hand, index)
    if not result.get("ok"):
        refuse(422, i18n.say(result.get("error")) or _("The hand is not valid."),
               kind="refused-by-rules",
               hand=result.get("hand"))
    return result


def _to_write(game_id: int, body: dict) -> tuple[Game, object, tuple[int, bool]]:
    """The game a write names, the token that may write it, and the version the write was made
    on (with whether If-Match named it): each write's checks, in the order that answers 401,
    404, 403, then 428, 412, 409."""
    auth.token()
    game = _load(game_id)
    token = auth.require_game(game, write=True)
    limits.count_write(token)
    return game, token, _version(game, body.get("version"))


def _written(game: Game, version: tuple[int, bool], action: str, number: int, old, new, token,
             result=None):
    made_on, by_header = version
    written = store.write_hand(game, made_on, action, number, old, new, auth.via(token),
                               result=result)
    if written is None:  # another client's write got there first
        db.session.expire_all()
        _stale(_load(game.id), {made_on}, by_header)
    return written


@blp.route("/games/<int:game_id>/hands", methods=["POST"])
@documented(codes=(401, 403, 404, 409, 412, 422, 428), write=True, post=True)
@blp.arguments(schemas.HandWrite)
@blp.response(201, schemas.Game)
@idempotent
def append_hand(body: dict, game_id: int):
    """Append a hand: the record's next hand, checked by the engine (422 with its sentence)."""
    game, token, version = _to_write(game_id, body)
    if len(game.hands) >= MAX_HANDS:
        refuse(422, _("A game holds at most %(hands)s hands: start a new game.",
                      hands=MAX_HANDS))
    result = _checked(game, body["hand"], None)
    number = len(game.hands)
    _written(game, version, "entered", number, None, body["hand"], token, result)
    return _answer(game, result, 201, Location=url_for("api.get_game", game_id=game.id))


@blp.route("/games/<int:game_id>/hands/<int:number>", methods=["PUT"])
@documented(codes=(401, 403, 404, 409, 412, 422, 428), write=True)
@blp.arguments(schemas.HandWrite)
@blp.response(200, schemas.Game)
def change_hand(body: dict, game_id: int, number: int):
    """Put a hand in place of hand `number` (0 is the first), checked after the hands before
    it and before those after it."""
    game, token, version = _to_write(game_id, body)
    if number >= len(game.hands):
        refuse(404, _("The game has no hand %(number)s: it has %(hands)s.", number=number + 1,
                      hands=len(game.hands)))
    result = _checked(game, body["hand"], number)
    old = game.hands[number].data
    _written(game, version, "edited", number, old, body["hand"], token, result)
    return _answer(game, result)


@blp.route("/games/<int:game_id>/hands/undo", methods=["POST"])
@documented(codes=(401, 403, 404, 409, 412, 422, 428), write=True, post=True)
@blp.arguments(schemas.Undo)
@blp.response(200, schemas.Game)
@idempotent
def undo_hand(body: dict, game_id: int):
    """Take back the last hand (the history keeps it, as the page's undo does)."""
    game, token, version = _to_write(game_id, body)
    if not game.hands:
        refuse(409, _("There is no hand to take back."), kind="nothing-to-undo",
               version=game.version)
    last = game.hands[-1]
    _written(game, version, "undone", last.number, dict(last.data), None, token)
    return _answer(game)


@blp.route("/clubs/<int:club_id>/games", methods=["POST"])
@documented(codes=(401, 403, 404, 409, 422), write=True, post=True)
@blp.arguments(schemas.NewGame)
@blp.response(201, schemas.Game)
@idempotent
def new_game(body: dict, club_id: int):
    """A new game of the club from a game record (its hands too), checked as an import is;
    each name seats the roster's person of that name (a new name joins the roster)."""
    token = auth.require_club(club_id, write=True)
    limits.count_write(token)
    club = db.session.get(Club, club_id)
    if club is None:
        refuse(404, auth.no_club(club_id))
    record, error = check_record(body["record"])
    if error:
        refuse(422, i18n.say(error), kind="refused-by-rules")
    game = store.start_game(record, via=auth.via(token), club=club)
    return _answer(game, status=201, Location=url_for("api.get_game", game_id=game.id))
