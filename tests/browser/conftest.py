"""Browser fixtures: Debian's Chromium (its headless shell where installed) at 390x844 against a
live app on a temp database.

One browser and one live server per test process (each xdist worker has its own), started once:
a test is independent of the others all the same. Each phone is a browser context of its own
(its cookies, storage and service worker), and each test starts the games and clubs it reads,
whose ids no other test has used: no game or club is deleted, so no id is ever reused and the
server's render cache (keyed by game id and version) never answers for another test's game. The
one state kept per address, the join-code guess limiter, is cleared before each test.
"""
from __future__ import annotations

import os

import pytest

from .live import CHROMIUM, CHROMIUM_ARGS, TEST_CHROMIUM, LiveServer, new_phone


@pytest.fixture(scope="session")
def playwright():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    """Chromium's headless shell where installed (live.TEST_CHROMIUM)."""
    browser = playwright.chromium.launch(executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def full_chromium(playwright):
    """The full Chromium, for a test of what the headless shell lacks (a screen wake lock)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    # CSRF on, as in production; no PUBLIC_URL: links are built from the request's host
    with LiveServer(tmp_path_factory.mktemp("live") / "browser.sqlite", PUBLIC_URL=None) as server:
        yield server


@pytest.fixture
def live(live_server):
    """The live server, with no wrong join-code guesses counted against 127.0.0.1 and no test's
    hooks left on it."""
    live_server.forget_guesses()
    live_server.hooks.clear()
    yield live_server
    live_server.hooks.clear()


@pytest.fixture
def page(browser):
    page = new_phone(browser)
    yield page
    page.context.close()


def _phones(browser):
    contexts = []

    def make(**options):
        page = new_phone(browser, **options)
        contexts.append(page.context)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phone(browser):
    """A factory of phones: each a page in a browser context of its own (see live.new_phone; the
    options go to it), all closed after the test."""
    yield from _phones(browser)


@pytest.fixture
def full_phone(full_chromium):
    """phone, in the full Chromium."""
    yield from _phones(full_chromium)
