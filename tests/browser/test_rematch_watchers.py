"""A rematch reaches every phone of the game within one poll, on the new game's address
(issue 28: one phone in 1.5 s, one not in 20 s): a watcher that opened the game while it was
played, and one that opened it once it was over and had been quiet past live.LIVE_GRACE (whose
poller used to stop, so it never heard of the rematch)."""
from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import expect

from . import ui

NAMES = ["Ann", "Bob", "Cat", "Dan"]
MADE = {"bidder": 0, "bid": 30, "contract": "straight", "points": 34}  # a mark for Ann & Cat
ONE_POLL_MS = 2_000 + 1_500  # the poll's interval, and its answer and the new page's load


def watch(phone, live, gid: int, code: str):
    watcher = phone()
    watcher.goto(f"{live.url}/g/{code}")
    watcher.wait_for_url(re.compile(rf"/games/{gid}$"))
    return watcher


def make_quiet(live, gid: int) -> None:
    """The game's last write as if LIVE_GRACE ago and more."""
    from scorekeeper.extensions import db
    from scorekeeper.games.live import LIVE_GRACE
    from scorekeeper.models import Game

    with live.app.app_context():
        game = db.session.get(Game, gid)
        game.updated_at -= LIVE_GRACE + timedelta(minutes=1)
        db.session.commit()


def test_every_watcher_follows_the_rematch_within_one_poll(phone, live):
    scorer = phone()
    gid = ui.new_game(scorer, live.url, "texas42", NAMES)
    code = scorer.locator("#share .join-code").text_content().replace(" ", "")
    for _ in range(6):
        live.write_hand_elsewhere(gid, MADE)
    early = watch(phone, live, gid, code)
    live.write_hand_elsewhere(gid, MADE)  # the seventh mark: Ann & Cat win
    expect(early.locator("#scoreboard .banner.gameover")).to_be_visible()
    make_quiet(live, gid)
    early.wait_for_timeout(2_500)  # a poll: the quiet game's update, which once stopped the poller
    late = watch(phone, live, gid, code)
    expect(late.locator("#scoreboard .banner.gameover")).to_be_visible()

    scorer.reload()
    scorer.get_by_role("button", name="Rematch").click()
    scorer.wait_for_url(lambda url: not url.endswith(f"/games/{gid}"))
    new = int(scorer.url.rsplit("/", 1)[1])
    for watcher in (early, late):
        watcher.wait_for_url(re.compile(rf"/games/{new}$"), timeout=ONE_POLL_MS)
        # the page under the new address is the new game's: its poller polls it, no hand yet
        expect(watcher.locator("#live")).to_have_attribute("data-etag", re.compile(rf"^g{new}-"))
        expect(watcher.locator("#hands")).to_contain_text("No hands yet")
        assert watcher.evaluate("location.pathname") == f"/games/{new}"
