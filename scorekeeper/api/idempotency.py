"""Idempotency-Key on every POST: a request sent again with the same key (a retry after a lost
answer) gets the first answer again, never a second hand or game.

The key is claimed in the database before the write (store.claim_idempotency_key: one row per
token and key, whichever worker or thread gets there first), and the answer kept in that row
after it. A second request with the key while the first is being answered waits for its answer
(up to WAIT seconds); one with the key but another body is refused (422): a key names one
request, its JSON read as data (the same keys in another order are the same request). Only
what was applied is kept (as Stripe does): a request refused before it changed anything (a
stale version, a hand the rules refuse, a 429) or failed with a server error frees its key, so
the retry that follows a fresh read is answered anew. Answers are kept a day.
"""
from __future__ import annotations

import functools
import hashlib
import json
import re
import time

from flask import current_app, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .. import store
from . import auth
from .problems import handle, refuse

HEADER = "Idempotency-Key"
KEY = re.compile(r"[\x21-\x7e]{1,80}")  # visible ASCII, as a header carries it
WAIT = 10.0  # seconds a repeated request waits for the first one's answer
KEPT_HEADERS = ("Location", "ETag", "Content-Type")


def _fingerprint() -> str:
    """The request a key names: its method, path and body (JSON as data: its keys sorted)."""
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    body = request.get_json(silent=True)
    digest.update(request.get_data() if body is None else
                  json.dumps(body, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


def _replay(row):
    response = current_app.response_class(row.body, row.status)
    for name, value in (row.headers or {}).items():
        response.headers[name] = value
    response.headers["Idempotent-Replayed"] = "true"
    return response


def idempotent(view):
    """Make a POST view answer a repeated Idempotency-Key with its first answer."""
    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        key = request.headers.get(HEADER)
        if key is None:
            return view(*args, **kwargs)
        if not KEY.fullmatch(key):
            refuse(400, _("An Idempotency-Key is 1 to 80 visible ASCII characters."))
        token = auth.token()
        fingerprint = _fingerprint()
        row = store.claim_idempotency_key(token.id, key, fingerprint)
        deadline = time.monotonic() + WAIT
        while row is not None:
            if row.request_hash != fingerprint:
                refuse(422, _("This Idempotency-Key was sent with another request: use a new "
                              "key for each request."), kind="key-reused")
            if row.status is not None:
                return _replay(row)
            if time.monotonic() > deadline:
                refuse(409, _("The first request with this Idempotency-Key is still being "
                              "answered: send it again in a moment."), kind="key-in-use")
            time.sleep(0.05)
            row = store.idempotent_answer(token.id, key)
            if row is None:  # the first one failed and freed the key: answer it anew
                return wrapper(*args, **kwargs)
        try:
            response = current_app.make_response(view(*args, **kwargs))
        except Exception as error:
            response = _answer_of(error)
            if response is None:
                store.release_idempotency_key(token.id, key)
                raise
        if response.status_code >= 400:  # refused, or failed: nothing was applied
            store.release_idempotency_key(token.id, key)
        else:
            store.keep_answer(token.id, key, response.status_code, response.get_data(as_text=True),
                              {name: response.headers[name] for name in KEPT_HEADERS
                               if name in response.headers})
        return response
    return wrapper


def _answer_of(error: Exception):
    """The answer an aborted view gave (a refusal: kept like any other answer), or None for
    an exception no handler has answered yet."""
    if isinstance(error, HTTPException):
        return error.response if error.response is not None else handle(error)
    return None

