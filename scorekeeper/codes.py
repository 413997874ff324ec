"""Finding a game or a club by its join code, with wrong guesses limited per address *in the
database* (several worker processes share the count; a wrong game code and a wrong club code
count alike: a guess is a guess). The game's join (sharing) and the club's join both come here.
"""
from __future__ import annotations

import ipaddress
from datetime import timedelta

from flask import abort, request
from sqlalchemy import func, select

from . import store, web
from .extensions import db
from .models import Game, GuessAttempt, utcnow

GUESS_LIMIT = 10  # wrong codes allowed per address per GUESS_WINDOW; the next is refused
GUESS_WINDOW = timedelta(seconds=60)
GUESS_KEEP = timedelta(hours=1)  # older attempts are pruned


def pretty_code(code: str) -> str:
    """ABC2345 -> "ABC 2345": easier to read aloud; /join ignores the space."""
    return f"{code[:3]} {code[3:]}"


def _guess_address() -> str:
    """Who is guessing: the client address; IPv6 by /64, since one host usually owns a /64.

    request.remote_addr is the socket peer, or behind TRUSTED_PROXIES reverse proxies the
    client they name (create_app's ProxyFix); otherwise X-Forwarded-For is not believed, as
    anyone can send it.
    """
    raw = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64]
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _too_many_guesses():
    response = web.refuse(429, "Slow down", "Too many wrong codes; wait a minute and try again.")
    response.headers["Retry-After"] = str(int(GUESS_WINDOW.total_seconds()))
    return response


def find_game_by_code(code: str) -> Game | None:
    """The game with this (normalized) join code, or None; aborts 429 when guessing too fast."""
    return find_by_code(code, Game)


def find_by_code(code: str, model):
    """The row of `model` (Game, or Club: both have a unique `code` of the same alphabet) with
    this (normalized) join code, or None; aborts 429 when guessing too fast.  Wrong game and
    club codes count against the same limit: a guess is a guess.

    The attempt is committed *before* the count, so concurrent guesses from several
    processes each see at least every attempt committed before theirs: no burst gets more than
    GUESS_LIMIT lookups a minute.  A right code or a refused request then removes its row, so
    only wrong codes count.  While an address is over the limit even a right code is refused,
    or the refusal would not slow guessing at all.
    """
    address, now = _guess_address(), utcnow()
    attempt_id = store.record_guess(address, now)
    recent = db.session.scalar(
        select(func.count()).select_from(GuessAttempt)
        .where(GuessAttempt.address == address, GuessAttempt.at > now - GUESS_WINDOW))
    if recent > GUESS_LIMIT:
        store.settle_guess(attempt_id, right=True)  # a refused request is not counted
        abort(_too_many_guesses())
    found = db.session.scalar(select(model).where(model.code == code))
    store.settle_guess(attempt_id, right=found is not None, prune_before=now - GUESS_KEEP)
    return found
