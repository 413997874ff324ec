"""The API's HTTP manners, apart from any resource: errors as application/problem+json (RFC 9457),
ETag and If-None-Match (304) on every GET, CORS for the configured origins only.

An error says what went wrong in `detail`, one plain sentence (the engine's own, for a hand or a
record it refuses), never a traceback; `title` is the status's phrase.
"""
from __future__ import annotations

import json
from http import HTTPStatus
from typing import NoReturn

from flask import abort, current_app, request
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.http import parse_etags

from .. import security

PROBLEM = "application/problem+json"


def problem_response(status: int, detail: str, headers: dict | None = None, **extra):
    """A problem+json answer: type, title, status, detail, and any extension members."""
    body = {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status,
            "detail": detail, **extra}
    response = current_app.response_class(json.dumps(body, ensure_ascii=False), status,
                                          mimetype=PROBLEM)
    response.headers.update(headers or {})
    return response


def refuse(status: int, detail: str, headers: dict | None = None, **extra) -> NoReturn:
    """Stop the request with a problem answer (abort with the response: no handler runs)."""
    abort(problem_response(status, detail, headers, **extra))


# What a refusal of Flask or Werkzeug (not one of ours) says in `detail`.
_DETAILS = {
    400: "The request could not be read.",
    404: "There is nothing at this address.",
    405: "This address does not take that method.",
    413: "What was sent is larger than this server takes.",
    415: "Send JSON (Content-Type: application/json).",
    500: "The server failed to answer; nothing was saved by this request.",
}


def _field_sentence(messages) -> str:
    """webargs' validation messages ({"json": {"hand": ["Missing data ..."]}}) in one sentence."""
    parts = []

    def walk(value, path):
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, path + [str(key)])
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            parts.append(f"{'.'.join(path[1:]) or path[0]}: {' '.join(value)}")
        else:
            walk(str(value), path)
    walk(messages, [])
    return "; ".join(parts) or "The request's fields are not valid."


def handle(error: HTTPException):
    """Any HTTP error inside the API (a view's abort, webargs' 422, an unexpected exception's
    500) as problem+json."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if "messages" in data:
        return problem_response(status, _field_sentence(data["messages"]),
                                data.get("headers"), errors=data["messages"])
    detail = _DETAILS.get(status) or (error.description if status < 500 else None) \
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
    """A JSON body nested deeper than any record (security.read_json) is a 400 before anything
    parses it again (Python's own parser would fail on the depth with an error, not a 400)."""
    if request.method in ("POST", "PUT") and request.is_json and request.content_length:
        if security.read_json(request.get_data(as_text=True)) is None:
            refuse(400, "The body is not JSON, or it nests deeper than any game record.")


# ---------------------------------------------------------------- ETag, CORS

EXPOSED = "ETag, Link, Location, Idempotent-Replayed, Retry-After"
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
