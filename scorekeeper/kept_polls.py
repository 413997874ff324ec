"""Polls answered from what is kept before Flask's dispatch: the request every phone at a table
(a game's /live) or at a night (an event's /live, its TV) makes every 2 s. Each feature package
gives the answer of its polls' endpoints (a function of the request context: a response, or
None for the app to answer); the app factory wires them. It imports no feature package.
"""
from __future__ import annotations

from typing import Callable, Mapping

from flask import request, session

from . import access, i18n


class KeptPolls:
    """WSGI middleware: a poll answered from what is kept (a 304, or a rendered update from
    the render cache) is answered from its request context alone, without Flask's dispatch:
    its hooks before and after each request cost more than the rest of such an answer. Anything
    else goes to the app as usual: another request, an update to render, one that gave this
    phone's session its first CSRF token (the app saves the session), a phone sending cookies
    from before phones (access.adopt_old_cookies), any refusal (404, the join page, a club's
    members-only page). It wraps the app inside any proxy fix (it reads the request as fixed)
    and inside the headers every answer gets (security.HeadersOnEveryAnswer)."""

    def __init__(self, app, answers: Mapping[str, Callable[[], object]],
                 suffixes: tuple[str, ...]):
        """`answers`: the kept answer by endpoint; `suffixes`: how their paths end (any other
        request goes to the app without a request context made first)."""
        self.app, self.wsgi_app = app, app.wsgi_app
        self.answers, self.suffixes = dict(answers), suffixes

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and \
                environ.get("PATH_INFO", "").endswith(self.suffixes):
            response = self._kept(environ)
            if response is not None:
                return response(environ, start_response)
        return self.wsgi_app(environ, start_response)

    def _kept(self, environ):
        with self.app.request_context(environ):
            i18n.forget()
            answer = self.answers.get(request.endpoint)
            if answer is None or access.old_cookies():
                return None
            try:
                response = answer()
            except Exception:  # a refusal, or the database away: the app answers (and logs) it
                return None
            return None if session.modified else response
