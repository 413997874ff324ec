"""Headers on every answer, and input no database can store refused before any view sees it.

- Content-Security-Policy: scripts and styles from this site's static files only (no inline
  script, style or event handler; htmx's own indicator style is turned off in base.html), no
  plugins, no <base>, forms post here, and no other site may frame a page (clickjacking the
  scorer's buttons); X-Frame-Options says the same to older browsers. Media only from data:
  URLs (NoSleep.js's silent video, where the browser has no screen wake lock).
- Strict-Transport-Security on every answer over HTTPS (directly, or from a reverse proxy
  under TRUSTED_PROXIES): a phone that once reached the club's server over HTTPS never again
  goes there over plain http, where its cookies could be read on the way.
- X-Content-Type-Options: nosniff, so a served file is never run as another type.
- Referrer-Policy: same-origin: a capability URL (/g/<code>, /s/<secret>, /join?code=) never
  leaves in a Referer header to another site; Flask-WTF still gets the Referer it checks on
  HTTPS form posts.
- Cache-Control: no-store on every dynamic answer that sets no policy of its own: pages carry
  join codes, scorer QR codes, CSRF tokens and the game record, none of which belongs in a
  shared or disk cache. The live poll (no-cache, revalidated by ETag) and static files
  (fingerprinted, see static.py) set their own.
- Text no database can store (bad_text: a NUL, which PostgreSQL refuses and SQLite would
  store unseen, or a lone surrogate, which no UTF-8 export can write) is refused by the one
  check, whichever way it comes in: in the path, the query string or a form field a plain 400
  (refuse_bad_text, before any view; lone surrogates cannot come out of Werkzeug's UTF-8
  decoding); in a JSON document (a game's, a club's or an event's import, an API body) the
  sentence of text_problem, from the check of that document (games/new_game.check_record,
  events/setup.problem_of, the API's hand check).
- An uploaded JSON file is read by read_json(), which refuses nesting deeper than any game
  record has (a 400-deep list would otherwise exhaust the recursion of every later walk).
- A request body is at most MAX_CONTENT_LENGTH (1 MB), except on the routes marked
  @large_upload (the game and club imports), which take IMPORT_MAX_CONTENT_LENGTH: a club's
  own export must import back, and 900 games already make 0.96 MB.
- Any other refused request (400, 405, 413, 431: a malformed form, a wrong method, a body or
  header past the limits) gets a plain page saying so, never Werkzeug's bare one; so does a
  body gunicorn cannot read (a bad chunk size, raised as the form is read) and a Host header
  no URL can be built for (web.plain_stylesheet).
"""
from __future__ import annotations

import json
from typing import Any

from flask import abort, current_app, request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, HTTPException

from . import i18n, web
from .rules.text import N_

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    # NoSleep.js (static/js/pwa.js, where there is no screen wake lock) plays its silent video
    # from a data: URL; the app has no other media.
    "media-src data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def _refuse_bad_text() -> None:
    """A path, query string or form that holds bad_text: the plain 400, before any view."""
    values = [request.path] + [x for pair in request.args.items(multi=True) for x in pair]
    if request.method in ("POST", "PUT", "PATCH") and request.mimetype in (
            "application/x-www-form-urlencoded", "multipart/form-data"):
        values += [v for _, v in request.form.items(multi=True)]
        values += list(request.form.keys())
    if bad_text(values):
        abort(web.refuse(400, _("Not understood"),
                         _("The request held a character that cannot be stored (NUL, or text "
                           "that is not UTF-8). Nothing was saved.")))


def text_problem(value: Any) -> str | None:
    """The plain sentence for a JSON document (a record, a hand, an event) that holds
    bad_text, or None: the one check of text, whichever door the document comes in by."""
    if not bad_text(value):
        return None
    return _("It holds a character that cannot be stored (NUL, or text that is not UTF-8).")


def bad_text(value: Any) -> bool:
    """Whether a decoded JSON value holds text no database can store: NUL, or a lone
    surrogate (not UTF-8), in any string, key or nested value."""
    if isinstance(value, str):
        if "\x00" in value:
            return True
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(bad_text(k) or bad_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(bad_text(v) for v in value)
    return False


# What an import route takes: a club export is ~1.1 KB a game, so about 14,000 games.
IMPORT_MAX_BYTES = 16_000_000


def large_upload(view):
    """Mark a view as taking an upload of up to IMPORT_MAX_CONTENT_LENGTH bytes."""
    view.large_upload = True
    return view


def _upload_limit(endpoint, _values) -> None:
    """Raise this request's body limits for a @large_upload view. A URL value preprocessor:
    it runs before every before_request hook, CSRF's included, which reads the form."""
    if getattr(current_app.view_functions.get(endpoint), "large_upload", False):
        limit = current_app.config["IMPORT_MAX_CONTENT_LENGTH"]
        request.max_content_length = request.max_form_memory_size = limit


# A club export is a list of records, each a dict of lists of hand dicts of short lists: 6
# levels. Anything much deeper is no export of ours.
MAX_JSON_DEPTH = 20


def read_json(text: str) -> Any | None:
    """The JSON value in `text`, or None when it is not JSON or nests deeper than
    MAX_JSON_DEPTH (checked without recursion, before anything walks it). A UTF-8 byte-order
    mark first (some editors write one) is read past, as the command line does."""
    try:
        value = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        return None
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item \
            if isinstance(item, list) else ()
        if children and depth >= MAX_JSON_DEPTH:
            return None
        stack.extend((child, depth + 1) for child in children)
    return value


_REFUSED = {
    400: (N_("Not understood"), N_("The request could not be read. Nothing was saved.")),
    405: (N_("Not here"), N_("This address does not take that kind of request.")),
    413: (N_("Too large"), N_("What was sent is larger than this server takes. Nothing was "
                              "saved.")),
    431: (N_("Too large"), N_("The request's headers (cookies, most often) are larger than "
                              "this server takes.")),
}


def _refused(error: HTTPException):
    """The plain page for a request refused before (or instead of) any view's own answer."""
    response = web.refuse(error.code, *map(i18n.say, _REFUSED[error.code]))
    if error.code == 405 and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


# A year, the usual value (and what HSTS preload lists ask for): over HTTPS only, never on a
# LAN's plain http address, which has no HTTPS to go to.
HSTS = "max-age=31536000"


class HeadersOnEveryAnswer:
    """WSGI middleware that adds HEADERS (those an answer does not set itself), HSTS over
    HTTPS, and Cache-Control: no-store where the answer sets no policy, to every answer of the
    app, an error page or a bare 304 included. In the WSGI answer's header list, one pass: it
    runs on every poll, where Werkzeug's header lookups cost more than the rest of a 304."""

    _ADDED = list(HEADERS.items())

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        def start_with_headers(status, headers, exc_info=None):
            present = {name.lower() for name, _value in headers}
            headers.extend(pair for pair in self._ADDED if pair[0].lower() not in present)
            # (the scheme as a trusted proxy reported it: network.TrustedProxyFix, within)
            if environ.get("wsgi.url_scheme") == "https" and \
                    "strict-transport-security" not in present:
                headers.append(("Strict-Transport-Security", HSTS))
            if "cache-control" not in present:
                headers.append(("Cache-Control", "no-store"))
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start_with_headers)


def _unreadable_body(_error):
    """A body the server cannot read, found while the form is read (gunicorn: a chunk size
    that is no number, "zz" or "-1"): the plain 400, as for any request not understood."""
    return _refused(BadRequest())


def init_app(app) -> None:
    app.url_value_preprocessor(_upload_limit)
    app.before_request(_refuse_bad_text)
    app.wsgi_app = HeadersOnEveryAnswer(app.wsgi_app)
    for code in _REFUSED:
        app.register_error_handler(code, _refused)
    try:
        from gunicorn.http.errors import ParseException
    except ImportError:  # not served by gunicorn (waitress reads the whole body first)
        return
    app.register_error_handler(ParseException, _unreadable_body)
