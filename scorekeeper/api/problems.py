"""The API's HTTP manners, apart from any resource: errors as application/problem+json (RFC 9457),
ETag and If-None-Match (304) on every GET, CORS for the configured origins only.

An error says what went wrong in `detail`, one plain sentence (the engine's own, for a hand or a
record it refuses), never a traceback; `type` names its kind (KINDS: a page explains each),
`title` is that kind's. Title and detail are said in the request's language (Accept-Language:
English without one); the keys and the `type` URIs are the same in every language.
"""
from __future__ import annotations

import json
from http import HTTPStatus
from typing import NamedTuple, NoReturn

from flask import abort, current_app, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.http import parse_etags

from .. import i18n, security
from ..rules.text import N_

PROBLEM = "application/problem+json"
TYPES = "/api/v1/problems/"  # a problem's `type`: this and its kind's name, a page saying it
# How hands are counted, the one place it is said (the docs page and the OpenAPI document).
HAND_NUMBERS = N_("Hands are counted from 0 in addresses and fields (/hands/0, \"hand\": 0) "
                   "and from 1 in words: hand 0 is “Hand 1”.")


class Kind(NamedTuple):
    """A kind of problem: its status, and its title and explanation in English (said in the
    request's language where shown: the problem's title, the docs pages)."""
    status: int
    title: str
    explains: str


# Every kind of problem the API answers, by the name its type URI ends in: what the docs page
# and each kind's page say (the one place it is said).
KINDS = {
    "not-json": Kind(400, N_("The body is not JSON"), N_(
        "The body could not be read as JSON, or it nests deeper than any game record. Send "
        "one JSON object.")),
    "bad-request": Kind(400, N_("Bad Request"), N_(
        "A header or a part of the address could not be read: detail says which (a join code "
        "is 7 letters and digits; an Idempotency-Key 1 to 80 visible ASCII characters).")),
    "token-required": Kind(401, N_("A token is needed"), N_(
        "Send an API token as Authorization: Bearer skt_…. The club's admin makes club "
        "tokens; anyone who may read a game makes its tokens under “Invite players”.")),
    "token-invalid": Kind(401, N_("The token is not valid"), N_(
        "The token was revoked, expired, mistyped, or its phone left the club. Make a new "
        "one.")),
    "forbidden": Kind(403, N_("Forbidden"), N_(
        "The token is right but may not do this: a club's token reads that club alone, a "
        "reading token writes nothing.")),
    "not-found": Kind(404, N_("Not Found"), N_(
        "There is nothing at this address: no such game, club, person, event or hand.")),
    "method-not-allowed": Kind(405, N_("Method Not Allowed"), N_(
        "This address does not take that method: the Allow header lists those it takes.")),
    "stale-version": Kind(409, N_("The game changed"), N_(
        "The version in the body is not the game's now: another client wrote since. Nothing "
        "was saved. Read the game again (version in the answer's body), then send the change "
        "made on it. A retry may keep its Idempotency-Key.")),
    "nothing-to-undo": Kind(409, N_("Nothing to take back"), N_(
        "The game has no hand to take back.")),
    "key-in-use": Kind(409, N_("The first request is still being answered"), N_(
        "Another request with this Idempotency-Key is being answered right now: send it "
        "again in a moment, and it gets that answer.")),
    "precondition-failed": Kind(412, N_("Precondition Failed"), N_(
        "If-Match is not the game's ETag now: an older one (another client wrote since), "
        "another game's, or not an ETag. Nothing was saved. Read the game again, then send "
        "the change with its new ETag.")),
    "too-large": Kind(413, N_("Too large"), N_(
        "What was sent is larger than this server takes.")),
    "unsupported-media-type": Kind(415, N_("Send JSON"), N_(
        "A body is JSON, sent as Content-Type: application/json (not a form, text or XML).")),
    "invalid-request": Kind(422, N_("The request's fields are not valid"), N_(
        "A field of the body or the query is missing, of the wrong type, unknown, or names "
        "something the club does not have; errors holds each field's problems.")),
    "refused-by-rules": Kind(422, N_("The rules refuse it"), N_(
        "The engine refuses the hand or the record: detail is its sentence, hand the index of "
        "the hand it refused (null: the record itself). Nothing was saved.")),
    "key-reused": Kind(422, N_("This Idempotency-Key named another request"), N_(
        "An Idempotency-Key names one request (method, address and body, its keys in any "
        "order): use a new key for each new request.")),
    "version-required": Kind(428, N_("Precondition Required"), N_(
        "A change needs the version it was made on: If-Match with the game's ETag, or version "
        "in the body. If-Match: * names no version.")),
    "too-many-wrong-tokens": Kind(429, N_("Too many wrong tokens"), N_(
        "Too many wrong tokens came from this address (or from everyone) in the last minute: "
        "wait Retry-After seconds. Right tokens are never counted.")),
    "too-many-wrong-codes": Kind(429, N_("Too many wrong codes"), N_(
        "Too many wrong join codes came from this address (or from everyone) in the last "
        "minute: wait Retry-After seconds.")),
    "too-many-writes": Kind(429, N_("Too many writes"), N_(
        "This token wrote more than its limit in the window the RateLimit-* headers name: "
        "wait Retry-After seconds. Nothing was saved.")),
    "server-error": Kind(500, N_("Internal Server Error"), N_(
        "The server failed to answer; nothing was saved by this request. A retry with the "
        "same Idempotency-Key is answered anew.")),
}
# The kind of a refusal that names none: the one of its status.
_BY_STATUS = {400: "bad-request", 401: "token-required", 403: "forbidden", 404: "not-found",
              405: "method-not-allowed", 409: "stale-version", 412: "precondition-failed",
              413: "too-large", 415: "unsupported-media-type", 422: "invalid-request",
              428: "version-required", 429: "too-many-wrong-tokens", 500: "server-error"}


def problem_type(kind: str) -> str:
    return TYPES + kind


def problem_response(status: int, detail: str, headers: dict | None = None,
                     kind: str | None = None, **extra):
    """A problem+json answer: type (its kind's page), title, status, detail, and any
    extension members."""
    kind = kind or _BY_STATUS.get(status)
    title = i18n.say(KINDS[kind].title) if kind else HTTPStatus(status).phrase
    body = {"type": problem_type(kind) if kind else "about:blank", "title": title,
            "status": status, "detail": detail, **extra}
    response = current_app.response_class(json.dumps(body, ensure_ascii=False), status,
                                          mimetype=PROBLEM)
    response.headers.update(headers or {})
    return response


def refuse(status: int, detail: str, headers: dict | None = None, kind: str | None = None,
           **extra) -> NoReturn:
    """Stop the request with a problem answer (abort with the response: no handler runs)."""
    abort(problem_response(status, detail, headers, kind, **extra))


# What a refusal of Flask or Werkzeug (not one of ours) says in `detail`.
_DETAILS = {
    400: N_("The request could not be read."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not take that method."),
    413: N_("What was sent is larger than this server takes."),
    415: N_("Send JSON (Content-Type: application/json)."),
    500: N_("The server failed to answer; nothing was saved by this request."),
}


# webargs' (marshmallow's) words for a field's problem, said in the request's language in
# `detail` (the `errors` member keeps them as they are); a message with values in it stays as
# the library says it.
FIELD_WORDS = frozenset((
    N_("Missing data for required field."), N_("Unknown field."), N_("Field may not be null."),
    N_("Invalid value."), N_("Invalid input type."), N_("Invalid type."),
    N_("Not a valid integer."), N_("Not a valid number."), N_("Not a valid string."),
    N_("Not a valid boolean."), N_("Not a valid date."), N_("Not a valid mapping type."),
    N_("Not a valid list."), N_("Number too large.")))


def _field_sentence(messages) -> str:
    """webargs' validation messages ({"json": {"hand": ["Missing data ..."]}}) in one sentence."""
    parts = []

    def walk(value, path):
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, path + [str(key)])
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            said = " ".join(i18n.say(v) if v in FIELD_WORDS else v for v in value)
            parts.append(f"{'.'.join(path[1:]) or path[0]}: {said}")
        else:
            walk(str(value), path)
    walk(messages, [])
    return "; ".join(parts) or _("The request's fields are not valid.")


def handle(error: HTTPException):
    """Any HTTP error inside the API (a view's abort, webargs' 422, an unexpected exception's
    500) as problem+json."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if "messages" in data:
        return problem_response(status, _field_sentence(data["messages"]),
                                data.get("headers"), "invalid-request", errors=data["messages"])
    detail = i18n.say(_DETAILS.get(status)) or (error.description if status < 500 else None) \
        or HTTPStatus(status).phrase
    headers = {}
    if status == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods)
    return problem_response(status, detail, headers)


def answer_errors(blueprint) -> None:
    """Problems for every error inside the API blueprint."""
    for code in default_exceptions:
        blueprint.register_error_handler(code, handle)


def answer_unrouted(app, prefix: str) -> None:
    """Problems for a request under `prefix` that matched no API route (404, 405: no blueprint
    is known then), in place of the plain page the app answers elsewhere."""
    for code in (404, 405):
        by_class = app.error_handler_spec[None][code]
        for cls, page in list(by_class.items()):
            by_class[cls] = _under_prefix(prefix, page)
        if not by_class:
            app.register_error_handler(code, _under_prefix(prefix, None))


def _under_prefix(prefix: str, page):
    def answer(error):
        if request.path.startswith(prefix) or page is None:
            return handle(error)
        return page(error)
    return answer


def readable_body() -> None:
    """A body that is not JSON (a form, text, XML) is a 415; a JSON body nested deeper than any
    record (security.read_json) is a 400 before anything parses it again (Python's own parser
    would fail on the depth with an error, not a 400)."""
    if request.method in ("POST", "PUT") and (request.content_length or request.get_data()):
        if not request.is_json:
            refuse(415, _("Send the body as JSON (Content-Type: application/json), not "
                          "%(sent)s.", sent=request.mimetype) if request.mimetype else
                   _("Send the body as JSON (Content-Type: application/json), not without a "
                     "Content-Type."))
        if security.read_json(request.get_data(as_text=True)) is None:
            refuse(400, _("The body is not JSON, or it nests deeper than any game record."),
                   kind="not-json")


# ---------------------------------------------------------------- ETag, CORS

EXPOSED = ("ETag, Link, Location, Idempotent-Replayed, Retry-After, RateLimit-Limit, "
           "RateLimit-Remaining, RateLimit-Reset")
ALLOWED_HEADERS = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key"


def allowed_origins() -> set[str]:
    """API_CORS_ORIGINS: origins (scheme://host[:port]) whose pages may call the API, by
    comma or a list; none by default (CORS off: only same-origin pages and non-browser
    clients)."""
    raw = current_app.config.get("API_CORS_ORIGINS") or ()
    items = raw.split(",") if isinstance(raw, str) else raw
    return {item.strip().rstrip("/") for item in items if item.strip()}


def held(tag: str) -> bool:
    """Whether this request's If-None-Match holds `tag`: as it was sent, or as Flask-Compress
    marked it for the encoding it compressed that answer in ("<tag>:br")."""
    tags = parse_etags(request.headers.get("If-None-Match"))
    return tags.star_tag or any(t == tag or t.startswith(tag + ":")
                                for t in tags.as_set(include_weak=True) if t)


def not_modified(tag: str):
    """The 304 for a client that holds `tag`."""
    response = current_app.response_class(status=304)
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


CACHE_CONTROL = "private, no-cache"  # kept by the client, asked again (If-None-Match) each time


def finish(response):
    """Every API answer: a GET's ETag (the body's hash when the view set none) answered 304
    for a matching If-None-Match; CORS headers for an allowed origin."""
    if request.method in ("GET", "HEAD") and response.status_code == 200 \
            and not response.is_streamed:
        if "ETag" not in response.headers:
            response.add_etag()
        response.headers.setdefault("Cache-Control", CACHE_CONTROL)
        tag, _weak = response.get_etag()
        if held(tag):
            response = not_modified(tag)
    origin = request.headers.get("Origin")
    if origin:
        response.vary.add("Origin")
        if origin.rstrip("/") in allowed_origins():
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Expose-Headers"] = EXPOSED
            if request.method == "OPTIONS":
                response.headers["Access-Control-Allow-Methods"] = "GET, POST, PUT, OPTIONS"
                response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
                response.headers["Access-Control-Max-Age"] = "600"
    return response
