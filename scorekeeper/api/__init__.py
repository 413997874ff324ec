"""The JSON API at /api/v1 (flask-smorest and marshmallow), with its OpenAPI 3 document at
/api/v1/openapi.json and a docs page (/api/v1/docs) drawn from it by a local script.

It plugs into the plain Flask app beside the pages and changes none of them: its own blueprint,
its own error answers (problems.py: problem+json, inside the API only), no cookies read (a
bearer token is the only right: auth.py), so no CSRF token is asked either. Every number comes
from the same functions the pages call (the engine, store, the stats and events libraries).

games.py: a game and its hands; clubs.py: a club's people, games, numbers and events;
ratings.py: its seasons, leaderboards and a person's ratings; tokens.py:
the pages that make, list and revoke tokens; idempotency.py: Idempotency-Key on every POST.
"""
from __future__ import annotations

from http import HTTPStatus

from flask import request
from flask_smorest import Api, Blueprint
from flask_smorest.utils import prepare_response

from . import documents, limits, problems
from .problems import PROBLEM

PREFIX = "/api/v1"

blp = Blueprint("api", __name__, url_prefix=PREFIX,
                description="A club's games, hands, people and numbers as JSON.")
blp.before_request(problems.readable_body)
blp.after_request(problems.finish)
problems.answer_errors(blp)


class ProblemApi(Api):
    """flask-smorest, with every documented error as problem+json (the Problem schema) and its
    error handlers on the API's blueprint alone (the app's pages keep their own)."""

    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self):
        """(problems.register does it, for the API's routes only)"""

    def _register_responses(self):
        from .schemas import Problem

        for status in HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["schema"] = Problem
                response["headers"] = {**RATE_LIMIT, **(RETRY_AFTER if status == 429 else {}),
                                       **(CHALLENGE if status == 401 else {})}
                prepare_response(response, self.spec, PROBLEM)
            elif status == 304:
                response["headers"] = {**RATE_LIMIT, **ETAG}
            self.spec.components.response(status.name, response, lazy=True)


_IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False,
                  "schema": {"type": "string"},
                  "description": "The ETag of the copy held: 304 when it is still the one."}
_IF_MATCH = {"in": "header", "name": "If-Match", "required": False,
             "schema": {"type": "string"},
             "description": "The game's ETag the change was made on (or `version` in the body)."}
_IDEMPOTENCY_KEY = {"in": "header", "name": "Idempotency-Key", "required": False,
                    "schema": {"type": "string", "pattern": "^[!-~]{1,80}$"},
                    "description": "Any unique string: the same request sent again with it gets "
                                   "the first answer again, and changes nothing more."}


def _header(description: str, kind: str = "string", required: bool = False) -> dict:
    return {"description": description, "required": required, "schema": {"type": kind}}


# The response headers, declared where they are sent.
RATE_LIMIT = {
    "RateLimit-Limit": _header("The quota this answer counts against (IETF draft "
                               "ratelimit-headers): a token's writes a minute, or without a "
                               "right token the wrong codes and tokens its address may send.",
                               "integer", True),
    "RateLimit-Remaining": _header("What is left of it.", "integer", True),
    "RateLimit-Reset": _header("Seconds until it is whole again.", "integer", True)}
ETAG = {"ETag": _header("The version of what was answered: If-None-Match for a read, the "
                        "game's If-Match for a write.")}
WRITTEN = {"Location": _header("The game's address (a hand added, a game started)."),
           "Idempotent-Replayed": _header("true: the first answer to this Idempotency-Key, "
                                          "given again.")}
RETRY_AFTER = {"Retry-After": _header("Seconds to wait before sending it again.", "integer",
                                      True)}
CHALLENGE = {"WWW-Authenticate": _header("Bearer realm=\"scorekeeper\"", required=True)}


def _declare_headers(view, headers: dict) -> None:
    """Add `headers` to each success answer `blp.response` declared on `view`."""
    for answers in view._apidoc.get("response", {}).get("responses", {}).values():
        for answer in answers:
            answer["headers"] = {**answer.get("headers", {}), **headers}


def documented(codes=(), read: bool = False, write: bool = False, token: bool = True,
               post: bool = False):
    """Document an operation's refusals (problem+json), its conditional headers, and whether it
    needs a token (401 without one, 429 past the wrong-token limit). Put it above
    `blp.arguments`, so that the query's parameters stay documented."""
    statuses = set(codes) | ({401, 429} if token else set()) | \
        ({400, 415} if write else set()) | ({409} if post else set())
    parameters = [_IF_NONE_MATCH] if read else []
    if write:
        parameters.append(_IF_MATCH)

    def decorate(view):
        # (the query's parameters, which `blp.arguments` documented: `doc` would replace them)
        arguments = getattr(view, "_apidoc", {}).get("arguments", {})
        params = [p for p in arguments.get("parameters", []) if p.get("in") == "query"]
        params += parameters
        if post:
            params.append(_IDEMPOTENCY_KEY)
        doc = {"parameters": params, "security": [{"bearer": []}] if token else [],
               "operationId": view.__name__}
        _declare_headers(view, {**RATE_LIMIT, **(ETAG if read or write else {}),
                                **(WRITTEN if post else {})})
        for status in sorted(statuses, reverse=True):
            view = blp.alt_response(status, response=HTTPStatus(status).name)(view)
        if read:
            view = blp.alt_response(304, response="NOT_MODIFIED")(view)
        return blp.doc(**doc)(view)
    return decorate


def init_app(app) -> None:
    """The API on the app: its blueprint, the OpenAPI document, CSRF off for it (no cookie is
    a right there), CORS for API_CORS_ORIGINS only."""
    from ..extensions import csrf
    from . import clubs, games, ratings, tokens  # noqa: F401  (the routes)

    app.config.update(API_TITLE="Scorekeeper", API_VERSION="1", OPENAPI_VERSION="3.0.3",
                      OPENAPI_URL_PREFIX=PREFIX, OPENAPI_JSON_PATH="openapi.json")
    api = ProblemApi(app, spec_kwargs={"info": {"description": _DESCRIPTION},
                                       "servers": [{"url": "/", "description": "This server: "
                                                    "the paths name /api/v1."}]})
    for name, schema in documents.COMPONENTS.items():
        api.spec.components.schema(name, schema)
    api.ma_plugin.converter.add_attribute_function(documents.field_document)
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer",
                                                   "description": "An API token (skt_...)."})
    from ..web import RowIdConverter
    from ..models import MAX_ID

    api.register_converter(RowIdConverter, lambda _converter: {
        "type": "integer", "minimum": 0, "maximum": MAX_ID})
    csrf.exempt(blp)
    problems.answer_unrouted(app, PREFIX)
    app.after_request(_document_manners)
    app.after_request(_rate_limits)
    api.register_blueprint(blp)
    app.register_blueprint(tokens.bp)


def _rate_limits(response):
    """Every answer under /api/v1, routed or not, says its rate limit."""
    if request.path.startswith(PREFIX + "/"):
        return limits.say_quota(response)
    return response


def _document_manners(response):
    """The OpenAPI document (flask-smorest's own blueprint) gets the API's ETag and CORS."""
    if request.endpoint == "api-docs.openapi_json":
        return problems.finish(response)
    return response


_DESCRIPTION = (
    "Send a token made on the club's page (Phones → API tokens) or the game's page (Invite "
    "players → API tokens) as `Authorization: Bearer <token>`. Errors are "
    "application/problem+json with the engine's sentence in `detail`. Every GET has an ETag "
    "(If-None-Match: 304); a write carries the version it was made on (If-Match: the game's "
    "ETag, or `version` in the body; 412 when the If-Match is stale, 409 when the version is, "
    "428 without either); every POST takes an Idempotency-Key, and only an answer that "
    "changed something is kept for it. Each error's `type` names its kind: "
    f"{problems.TYPES}<kind>, a page that explains it. {problems.HAND_NUMBERS}")
