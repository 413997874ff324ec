"""Who may do what through the API: the bearer token a request carries, and the rights it holds.

A token is "skt_" and 43 characters of a random 256-bit secret; the database keeps only its
SHA-256 (models.ApiToken), so a copy of the database opens nothing. Rights:

- "club-read": read the club (its people, games, numbers, events) and every game of it;
- "club-write": that, and write its games (hands, new games);
- "game-score": read and score one game, while the creator's or scorer's secret it was made
  under stands (a new scorer link, a take-over end it, as they end a phone's role);
- "game-read": read one game.

No token reads nothing but a game by its join code (the viewer link's secret), counted as a
guess as /join counts it. A wrong token is counted likewise (codes.wrong_secret); a right one
never appears in a log, an answer or the database.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import request
from flask_babel import gettext as _

from .. import access, codes, store
from ..rules.text import N_
from ..models import utcnow
from .problems import problem_response, refuse

PREFIX = "skt_"
CLUB_READ, CLUB_WRITE, GAME_SCORE, GAME_READ = "club-read", "club-write", "game-score", "game-read"
# What each right lets a token do: the token's `may` in the API (English, as every value there)
# and its words on the tokens page (said in the page's language).
RIGHT_WORDS = {CLUB_READ: N_("read the club"),
               CLUB_WRITE: N_("read the club and write its games"),
               GAME_SCORE: N_("read and score this game"), GAME_READ: N_("read this game")}


def new_secret() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def too_many_codes(everyone: bool = False):
    """429 as a problem: too many wrong join codes from here (or from everyone)."""
    return problem_response(429, codes.too_many_guesses_sentence(everyone), codes.RETRY_AFTER,
                            "too-many-wrong-codes")


def too_many_tokens(everyone: bool = False):
    """429 as a problem: too many wrong tokens from here (or from everyone); they are counted
    with the wrong codes, but said as what they are."""
    said = _("Too many wrong API tokens are being tried on this server right now; wait a "
             "minute and try again.") if everyone else \
        _("Too many wrong API tokens came from this address; wait a minute and try again.")
    return problem_response(429, said, codes.RETRY_AFTER, "too-many-wrong-tokens")


_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="scorekeeper"'}


def token(required: bool = True):
    """This request's token (store.token_by_hash's row, read once per request), or None
    without an Authorization header (401 when `required`). 401 for a token that is wrong,
    revoked or expired."""
    req = request._get_current_object()
    if not hasattr(req, "_sk_token"):
        req._sk_token = _read_token()
    if req._sk_token is None and required:
        refuse(401, _("This needs an API token: send it as “Authorization: Bearer <token>”. "
                      "Make one on the club's or the game's page."), _CHALLENGE)
    return req._sk_token


def via(row) -> str:
    """How the audit trail names a write made with the token, as it names a phone."""
    return f"API token {row.label}"[:40]


def _read_token():
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _space, secret = header.strip().partition(" ")
    secret = secret.strip()
    if scheme.lower() != "bearer" or not secret:
        refuse(401, _("The Authorization header must be “Bearer <token>”."), _CHALLENGE,
               "token-invalid")
    row = None
    if secret.startswith(PREFIX) and len(secret) < 100:
        row = store.token_by_hash(secret_hash(secret))
    if row is None:
        codes.wrong_secret(too_many_tokens)
        refuse(401, _("This token is not valid: it was revoked, its phone left the club, or "
                      "it was mistyped."), _CHALLENGE, "token-invalid")
    now = utcnow()
    if row.expires_at is not None and row.expires_at <= now:
        refuse(401, _("This token expired on %(when)s UTC.",
                      when=f"{row.expires_at:%Y-%m-%d %H:%M}"), _CHALLENGE, "token-invalid")
    if row.last_used_at is None or row.last_used_at < now - store.TOKEN_USE_STEP:
        store.token_used(row.id, now)
    return row


def _holds_game_role(row, game) -> bool:
    """A game token's role still stands: the secret it was made under is the game's now."""
    if row.role_kind not in access.MADE_FROM or row.role_token is None:
        return False
    now = access.role_token(row.role_kind, game)
    return hmac.compare_digest(row.role_token.encode(), now.encode())


def may_read_game(row, game) -> bool:
    """`game` needs id, club_id and the secrets (a game head will do)."""
    if row.right in (CLUB_READ, CLUB_WRITE):
        return game.club_id is not None and game.club_id == row.club_id
    return row.game_id == game.id and _holds_game_role(row, game)


def may_score_game(row, game) -> bool:
    if row.right == CLUB_WRITE:
        return game.club_id is not None and game.club_id == row.club_id
    return row.right == GAME_SCORE and row.game_id == game.id and _holds_game_role(row, game)


def require_game(game, write: bool = False):
    """This request's token, when it may read (or, `write`, score) the game; else 401, 403
    (it reads the game, and may not score it), or 404 in the words of a game that is not there:
    ids cannot be counted (as GitHub answers for a private repository)."""
    row = token()
    if not may_read_game(row, game):
        refuse(404, no_game(game.id))
    if write and not may_score_game(row, game):
        refuse(403, _("This token may not score this game."))
    return row


def no_game(game_id: int) -> str:
    """The one answer for a game that is not there and one this token may not read."""
    return _("There is no game #%(id)s.", id=game_id)


def no_club(club_id: int) -> str:
    """The one answer for a club that is not there and one this token is not of."""
    return _("There is no club #%(id)s.", id=club_id)


def require_club(club_id: int, write: bool = False):
    """This request's token, when it is a token of the club (with `write`: that writes)."""
    row = token()
    if row.club_id != club_id or row.right not in (CLUB_READ, CLUB_WRITE):
        refuse(404, no_club(club_id))
    if write and row.right != CLUB_WRITE:
        refuse(403, _("This token may only read the club: a token that writes its games is "
                      "made by the club's admin."))
    return row

