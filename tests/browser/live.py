"""A real server for browser tests and screenshots: the app on 127.0.0.1, port 0, in a thread."""
from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# Chromium's headless shell (Debian's chromium-headless-shell, built from the same source): the
# browser tests' browser where installed, a third less time a test than the full Chromium run
# headless. The full one serves what only it has (a real screen wake lock) and stands in for
# the shell where the shell is missing.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
TEST_CHROMIUM = HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else CHROMIUM
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
VIEWPORT = {"width": 390, "height": 844}


def new_phone(browser, timeout: float | None = 10_000, **options):
    """A page in a browser context of its own at the phone's 390x844 viewport; options go to the
    context (color_scheme, viewport, ...); timeout is the page's default (None: Playwright's)."""
    context = browser.new_context(**{"viewport": VIEWPORT, **options})
    page = context.new_page()
    if timeout is not None:
        page.set_default_timeout(timeout)
    return page


class LiveServer:
    def __init__(self, db_path: Path, **config):
        from flask_migrate import upgrade
        from werkzeug.serving import make_server

        from scorekeeper import create_app

        self.app = create_app({
            "TESTING": False,
            "SECRET_KEY": "browser-test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
            "EVENT_POLL_FRESH_FOR": 0,  # (events/live.py: tests/web/events/test_busy_night.py)
            **config,
        })
        with self.app.app_context():
            upgrade()
        self.hooks: dict[tuple[str, str], Callable[[], int | None]] = {}
        self.server = make_server("127.0.0.1", 0, self._hooked, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.thread.join(timeout=5)

    def _hooked(self, environ, start_response):
        for (method, path), hook in list(self.hooks.items()):
            if environ["REQUEST_METHOD"] == method and re.fullmatch(path, environ["PATH_INFO"]):
                status = hook()
                if status is not None:
                    start_response(f"{status} Held by the test", [("Content-Type", "text/plain")])
                    return [b"Held by the test."]
        return self.app(environ, start_response)

    def hook(self, method: str, path: str, hook: Callable[[], int | None]) -> None:
        """Run hook() on the server before each request of this method whose path matches (a
        regex, in full): it may wait or write as another phone would; a status it returns answers
        instead of the app (503: the phone keeps the hand and tries again). On the server, not in
        the browser, so it sees every request, the service worker's or the page's alike."""
        self.hooks[(method, path)] = hook

    def unhook(self, method: str, path: str) -> None:
        del self.hooks[(method, path)]

    def forget_guesses(self) -> None:
        """Drop the guess limiter's rows: a test sharing this server starts with no wrong
        join codes counted against its address (every phone here is 127.0.0.1)."""
        from scorekeeper.extensions import db
        from scorekeeper.models import GuessAttempt

        with self.app.app_context():
            db.session.execute(db.delete(GuessAttempt))
            db.session.commit()

    def hands(self, game_id: int) -> list[dict]:
        from scorekeeper.extensions import db
        from scorekeeper.models import Game

        with self.app.app_context():
            game = db.session.get(Game, game_id)
            return [h.data for h in game.hands]

    def write_hand_elsewhere(self, game_id: int, hand: dict) -> None:
        """Enter a hand as another phone would (the creator's role), straight to the store."""
        from scorekeeper import store
        from scorekeeper.extensions import db
        from scorekeeper.models import Game

        with self.app.app_context():
            game = db.session.get(Game, game_id)
            assert store.write_hand(game, game.version, "entered", len(game.hands), None, hand,
                                    "creator")
