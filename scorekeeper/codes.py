"""Finding a game or a club by its join code, with wrong guesses limited per address and for
everyone together *in the database* (several worker processes share the counts; a wrong game
code and a wrong club code count alike: a guess is a guess). The game's join (sharing) and the club's join both come here.
"""
from __future__ import annotations

from datetime import timedelta

from flask import abort, request
from flask_babel import gettext as _
from sqlalchemy import select

from . import network, store, web
from .extensions import db
from .models import Game, utcnow

GUESS_LIMIT = 10  # wrong codes allowed per address per GUESS_WINDOW; the next is refused
# Wrong codes allowed from all addresses together per GUESS_WINDOW: many addresses (an IPv6
# block holds millions of /64s) must not multiply the guessing rate. At 60 a minute, finding
# any one of 1,000 live codes (31**7 codes, 34.7 bits) takes 31**7 / 1000 / 60 minutes on
# average: about 10 months (README, "Join codes").
GUESS_CEILING = 60
GUESS_WINDOW = timedelta(seconds=60)
GUESS_KEEP = timedelta(hours=1)  # older attempts are pruned


def pretty_code(code: str) -> str:
    """ABC2345 -> "ABC 2345": easier to read aloud; /join ignores the space."""
    return f"{code[:3]} {code[3:]}"


def guess_address() -> str:
    """Who is guessing: the client address, IPv6 by /64 (network.client_key).

    request.remote_addr is the socket peer, or behind TRUSTED_PROXIES reverse proxies the
    client they name (network.TrustedProxyFix, for requests from the proxy's address only);
    otherwise X-Forwarded-For is not believed, as anyone can send it.
    """
    return network.client_key(request.remote_addr or "unknown")


def too_many_guesses_sentence(everyone: bool = False) -> str:
    """Why a guess is refused: this address (or, `everyone`, the whole server) tried too many
    wrong codes."""
    if everyone:
        return _("Too many wrong codes are being tried on this server right now; wait a minute "
                 "and try again.")
    return _("Too many wrong codes; wait a minute and try again.")


RETRY_AFTER = {"Retry-After": str(int(GUESS_WINDOW.total_seconds()))}


def _too_many_guesses(everyone: bool = False):
    """429: the plain page saying too_many_guesses_sentence."""
    response = web.refuse(429, _("Slow down"), too_many_guesses_sentence(everyone))
    response.headers.update(RETRY_AFTER)
    return response


def find_game_by_code(code: str, too_many=_too_many_guesses) -> Game | None:
    """The game with this (normalized) join code, or None; aborts 429 when guessing too fast."""
    return find_by_code(code, Game, too_many)


def find_by_code(code: str, model, too_many=_too_many_guesses):
    """The row of `model` (Game, or Club: both have a unique `code` of the same alphabet) with
    this (normalized) join code, or None; aborts 429 when guessing too fast.  Wrong game and
    club codes count against the same limits: a guess is a guess.

    Each lookup is counted first (store.record_guess); one past GUESS_LIMIT from this address,
    or past GUESS_CEILING from everyone, is refused and not counted, and a right code is not
    counted either, so only wrong codes count.  While over a limit even a right code is
    refused, or the refusal would not slow guessing at all. `too_many(everyone)` is the 429
    answer (the API's is problem+json).
    """
    now = utcnow()
    attempt_id, mine, everyone = store.record_guess(guess_address(), now, GUESS_WINDOW)
    if mine > GUESS_LIMIT or everyone > GUESS_CEILING:
        store.forget_guess(attempt_id)
        abort(too_many(everyone=mine <= GUESS_LIMIT))
    found = db.session.scalar(select(model).where(model.code == code))
    if found is not None:
        store.forget_guess(attempt_id)
    else:
        store.prune_guesses(now - GUESS_KEEP)
    return found


def wrong_secret(too_many) -> None:
    """A secret that opened nothing (an API token no row has), counted with the wrong codes
    against the same limits: past one, abort with `too_many(everyone)`. A right one is never
    counted, nor refused: a token's 256 bits cannot be guessed, so only the wrong ones' rate
    needs bounding."""
    now = utcnow()
    _attempt, mine, everyone = store.record_guess(guess_address(), now, GUESS_WINDOW)
    store.prune_guesses(now - GUESS_KEEP)
    if mine > GUESS_LIMIT or everyone > GUESS_CEILING:
        abort(too_many(everyone=mine <= GUESS_LIMIT))
