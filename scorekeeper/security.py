"""Headers on every answer, and input no database can store refused before any view sees it.

- Content-Security-Policy: scripts and styles from this site's static files only (no inline
  script, style or event handler; htmx's own indicator style is turned off in base.html), no
  plugins, no <base>, forms post here, and no other site may frame a page (clickjacking the
  scorer's buttons); X-Frame-Options says the same to older browsers.
- X-Content-Type-Options: nosniff, so a served file is never run as another type.
- Referrer-Policy: same-origin: a capability URL (/g/<code>, /s/<secret>, /join?code=) never
  leaves in a Referer header to another site; Flask-WTF still gets the Referer it checks on
  HTTPS form posts.
- Cache-Control: no-store on every dynamic answer that sets no policy of its own: pages carry
  join codes, scorer QR codes, CSRF tokens and the game record, none of which belongs in a
  shared or disk cache. The live poll (no-cache, revalidated by ETag) and static files
  (fingerprinted, see static.py) set their own.
- A NUL character (PostgreSQL refuses it in text, SQLite would store it unseen) in the path,
  the query string or a form field is a plain 400, never a 500 or a stored value. Lone
  surrogates cannot come out of Werkzeug's UTF-8 decoding; JSON imports are checked in
  games/new_game.check_record (bad_text).
"""
from __future__ import annotations

from typing import Any

from flask import abort, request

from . import web

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
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


def _refuse_nul() -> None:
    values = [request.path] + [x for pair in request.args.items(multi=True) for x in pair]
    if request.method in ("POST", "PUT", "PATCH") and request.mimetype in (
            "application/x-www-form-urlencoded", "multipart/form-data"):
        values += [v for _, v in request.form.items(multi=True)]
        values += list(request.form.keys())
    if any("\x00" in v for v in values if isinstance(v, str)):
        abort(web.refuse(400, "Not understood", "The request held a character that cannot be "
                                                "stored (NUL). Nothing was saved."))


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


def _headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if "Cache-Control" not in response.headers and request.endpoint != "static":
        response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app) -> None:
    app.before_request(_refuse_nul)
    app.after_request(_headers)
