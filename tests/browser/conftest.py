"""Browser fixtures: headless Debian Chromium at 390x844 against a live app on a temp database."""
from __future__ import annotations

import os

import pytest

from .live import CHROMIUM, CHROMIUM_ARGS, LiveServer, new_phone


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def live(tmp_path, monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    with LiveServer(tmp_path / "browser.sqlite") as server:  # CSRF on, as in production
        yield server


@pytest.fixture
def page(browser):
    page = new_phone(browser)
    yield page
    page.context.close()


@pytest.fixture
def phone(browser):
    """A factory of phones: each a page in a browser context of its own (see live.new_phone; the
    options go to it), all closed after the test."""
    contexts = []

    def make(**options):
        page = new_phone(browser, **options)
        contexts.append(page.context)
        return page

    yield make
    for context in contexts:
        context.close()
