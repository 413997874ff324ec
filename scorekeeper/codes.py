"""Finding a game or a club by its join code, with wrong guesses limited per address and for
everyone together *in the database* (several worker processes share the counts; a wrong game
code and a wrong club code count alike: a guess is a guess). The game's join (sharing) and the club's join both come here.
"""
from __future__ import annotations

from datetime import timedelta

from flask import abort, request
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


def _guess_address() -> str:
    """Who is guessing: the client address, IPv6 by /64 (network.client_key).

    request.remote_addr is the socket peer, or behind TRUSTED_PROXIES reverse proxies the
    client they name (network.TrustedProxyFix, for requests from the proxy's address only);
    otherwise X-Forwarded-For is not believed, as anyone can send it.
    """
    return network.client_key(request.remote_addr or "unknown")


def _too_many_guesses(everyone: bool = False):
    """429: this address (or, `everyone`, the whole server) tried too many wrong codes."""
    message = ("Too many wrong codes are being tried on this server right now; wait a minute "
               "and try again." if everyone else
               "Too many wrong codes; wait a minute and try again.")
    response = web.refuse(429, "Slow down", message)
    response.headers["Retry-After"] = str(int(GUESS_WINDOW.total_seconds()))
    return response


def find_game_by_code(code: str) -> Game | None:
    """The game with this (normalized) join code, or None; aborts 429 when guessing too fast."""
    return find_by_code(code, Game)


def find_by_code(code: str, model):
    """The row of `model` (Game, or Club: both have a unique `code` of the same alphabet) with
    this (normalized) join code, or None; aborts 429 when guessing too fast.  Wrong game and
    club codes count against the same limits: a guess is a guess.

    Each lookup is counted first (store.record_guess); one past GUESS_LIMIT from this address,
    or past GUESS_CEILING from everyone, is refused and not counted, and a right code is not
    counted either, so only wrong codes count.  While over a limit even a right code is
    refused, or the refusal would not slow guessing at all.
    """
    now = utcnow()
    attempt_id, mine, everyone = store.record_guess(_guess_address(), now, GUESS_WINDOW)
    if mine > GUESS_LIMIT or everyone > GUESS_CEILING:
        store.forget_guess(attempt_id)
        abort(_too_many_guesses(everyone=mine <= GUESS_LIMIT))
    found = db.session.scalar(select(model).where(model.code == code))
    if found is not None:
        store.forget_guess(attempt_id)
    else:
        store.prune_guesses(now - GUESS_KEEP)
    return found
