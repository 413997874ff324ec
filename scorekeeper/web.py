"""The app-wide web layer every blueprint shares: one way to render, one way to redirect, one
plain error page, and init_app for the hooks of the whole app (template helpers, error pages,
Vary). It imports no blueprint, so any blueprint may import it.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from flask import current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask.globals import request_ctx
from werkzeug.routing import IntegerConverter

from . import filters, render_cache
from .extensions import htmx


class RowIdConverter(IntegerConverter):
    """`<int:...>` for ids and hand numbers: a number no id column can hold (PostgreSQL's
    INTEGER is 32 bits) is no match (404), rather than an overflow in the database (500)."""

    def __init__(self, map, *args, **kwargs):
        from .models import MAX_ID

        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


def is_htmx() -> bool:
    """Answer with a partial? Not for htmx's history restore, which needs the whole page."""
    return bool(htmx) and not htmx.history_restore_request


def partial_for(partials_by_target: str | Mapping[str | None, str]) -> str | None:
    """The partial this request swaps in, or None for the whole page.

    `partials_by_target` is one partial for every htmx request, or partials by the id the
    request's HX-Target names (None: any other target; a target not named and no None: the
    whole page), so each fragment owns its swap (django-htmx-patterns' for_htmx)."""
    if not is_htmx():
        return None
    if isinstance(partials_by_target, str):
        return partials_by_target
    target = request.headers.get("HX-Target")
    return partials_by_target.get(target, partials_by_target.get(None))


def render(page: str, partials_by_target: str | Mapping[str | None, str], /,
           status: int = 200, **ctx) -> tuple[str, int]:
    """templates/partials/<partial> for an htmx request (it swaps that part of the page, see
    partial_for), else the whole page (a template name, e.g. games/home.html); both from the
    same context. `status` is the whole page's: htmx gets 200, as it does not swap an error
    answer."""
    partial = partial_for(partials_by_target)
    if partial is not None:
        return render_template(f"partials/{partial}", **ctx), 200
    return render_template(page, **ctx), status


def render_kept(key: str, page: str, partials_by_target: str | Mapping[str | None, str],
                make_context):
    """render()'s page or partial, rendered once under `key` (what it shows: a version, the
    names in it...) and the part htmx asked for, then served from the render cache
    (render_cache.page: each phone's CSRF token filled in, compressed once);
    `make_context()` is read on a miss only."""
    partial = partial_for(partials_by_target)
    return render_cache.page(f"{key}:{partial or 'page'}", lambda: render(
        page, partials_by_target, csrf_token=render_cache.placeholder_csrf,
        **make_context())[0])


def redirect_to(url: str):
    """After a write, go to `url`: htmx gets 204 with HX-Redirect (it then loads the page),
    a browser without it the 303 it follows. The one place that builds HX-Redirect for a
    form's answer."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


def refuse(status: int, title: str, message: str):
    """The one plain error page (a title, a sentence), as a response with `status`."""
    return make_response(render_template("errors/plain.html", title=title, message=message),
                         status)


def plain_stylesheet() -> str:
    """The plain pages' stylesheet, as url_for builds it; without the router for a request
    that has none: a Host header Werkzeug refuses ("a..b", a label over 63 characters) leaves
    it no URL adapter, and that request's 400 page must still be built."""
    if request_ctx.url_adapter is None:
        return f"{request.script_root}{current_app.static_url_path}/css/plain.css"
    return url_for("static", filename="css/plain.css")


def json_download(value: Any, filename: str):
    """`value` as a JSON file to save (a game record, a club's records): indented, UTF-8."""
    response = make_response(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def uploaded_text(field: str) -> str:
    """The text of an uploaded file `field`, or of a pasted form field of the same name."""
    upload = request.files.get(field)
    return upload.read().decode("utf-8", "replace") if upload else request.form.get(field, "")


def _not_found(error):
    """A plain page for an address that leads nowhere (Werkzeug's own has no landmarks)."""
    return refuse(404, _("Not found"), _("There is no page at this address."))


def _server_error(error):
    """A plain page for a request the server failed to answer (an exception, which Flask
    logs), in the phone's language, never Werkzeug's own."""
    return refuse(500, _("Something went wrong"),
                  _("The server could not answer this request. Reload the page to see what "
                    "was saved."))


def _vary_on_htmx(response):
    """The same URL answers a page or a partial: caches must keep them apart."""
    response.vary.add("HX-Request")
    return response


def init_app(app) -> None:
    """The hooks of the whole app: the template helpers, the plain 404 and 500 pages, Vary:
    HX-Request."""
    filters.init_app(app)
    # Templates' csrf_token(): the same token on every page of a session
    # (render_cache.csrf_token), not Flask-WTF's newly signed one per call (its global and its
    # context processor, registered before this one): a page asked again is the same bytes.
    app.jinja_env.globals["csrf_token"] = render_cache.csrf_token
    app.jinja_env.globals["plain_stylesheet"] = plain_stylesheet
    app.jinja_env.globals["fragment"] = render_cache.fragment
    app.context_processor(lambda: {"csrf_token": render_cache.csrf_token})
    app.register_error_handler(404, _not_found)
    app.register_error_handler(500, _server_error)
    app.after_request(_vary_on_htmx)
