"""No change to an earlier hand is lost either (static/js/hand-keeper.js, kept-hands.js): what is
typed in a hand's edit form survives a reload, a change saved with the server away is sent once
it is back, and a change to a hand that another phone changed meanwhile is shown beside what
that phone saved, for the scorer to pick, never written over it or dropped."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui

EDIT_KEYS = "() => Object.keys(localStorage).filter(k => /^sk:(edit|kept):/.test(k))"


def castle_rock_with_a_game(page, live, remaining: int = 9) -> int:
    """A Castle Rock series started over HTTP (the setup form is tested elsewhere), its first
    game entered as another phone would: this phone is its creator."""
    page.goto(f"{live.url}/games/new?variant=castle-rock")
    token = page.locator("input[name=csrf_token]").first.input_value()
    answer = page.request.post(f"{live.url}/games/new", form={
        "csrf_token": token, "variant": "castle-rock", "name-0": "Sol", "first_dealer": "0"})
    assert answer.ok
    gid = int(re.search(r"/games/(\d+)$", answer.url).group(1))
    live.write_hand_elsewhere(gid, {"remaining": remaining})
    return gid


def change_elsewhere(live, gid: int, number: int, hand: dict) -> None:
    """Change hand `number` as another phone would (the creator's role), straight to the store."""
    from scorekeeper import store
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        game = db.session.get(Game, gid)
        old = game.hands[number].data
        assert store.write_hand(game, game.version, "edited", number, old, hand, "creator")


def remaining(page):
    return page.locator("#hand-form input[name=remaining]")


def test_a_reload_mid_edit_puts_the_change_back(page, live):
    gid = castle_rock_with_a_game(page, live)
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    ui.type_number(page, "remaining", "5")
    page.reload()
    expect(remaining(page)).to_have_value("5")
    # another phone enters the next game: the version moves on, hand 1 is as it was, so the
    # change comes back all the same, on the new version
    live.write_hand_elsewhere(gid, {"remaining": 3})
    page.reload()
    expect(remaining(page)).to_have_value("5")
    expect(page.locator("#kept")).to_be_empty()
    ui.settle(page)
    page.locator("#save-hand").click()
    page.wait_for_url(f"{live.url}/games/{gid}")
    assert live.hands(gid) == [{"remaining": 5}, {"remaining": 3}]
    assert page.evaluate(EDIT_KEYS) == []  # saved: nothing in progress any more
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    expect(remaining(page)).to_have_value("5")
    # Cancel drops the change typed
    ui.type_number(page, "remaining", "6")
    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url(f"{live.url}/games/{gid}")
    assert page.evaluate(EDIT_KEYS) == []


def test_a_change_to_a_hand_changed_elsewhere_is_offered_beside_it(page, live):
    gid = castle_rock_with_a_game(page, live)
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    ui.type_number(page, "remaining", "5")
    change_elsewhere(live, gid, 0, {"remaining": 7})
    page.reload()
    kept = page.locator("#kept")
    expect(kept).to_contain_text("The change to hand 1 is not saved. It was changed from "
                                 "another phone while this phone was changing it.")
    expect(kept.locator(".kept-now")).to_have_text("7 left in the row")
    expect(kept.locator(".kept-text")).to_have_text("5 left in the row")
    expect(remaining(page)).to_have_value("7")  # the form: the hand as saved now
    page.reload()  # nothing is dropped until the scorer picks
    expect(kept.locator(".kept-text")).to_have_text("5 left in the row")
    assert live.hands(gid) == [{"remaining": 7}]
    kept.get_by_role("button", name="Put mine in the form").click()
    expect(remaining(page)).to_have_value("5")
    expect(kept).to_be_empty()
    page.reload()  # in the form, it is the change in progress: kept through a reload too
    expect(remaining(page)).to_have_value("5")
    expect(kept).to_be_empty()
    ui.settle(page)
    page.locator("#save-hand").click()
    page.wait_for_url(f"{live.url}/games/{gid}")
    assert live.hands(gid) == [{"remaining": 5}]
    assert page.evaluate(EDIT_KEYS) == []


def test_a_change_saved_offline_that_the_hand_moved_on_from_is_offered(page, live):
    gid = castle_rock_with_a_game(page, live)
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    ui.type_number(page, "remaining", "5")
    page.context.set_offline(True)
    page.locator("#save-hand").click()
    kept = page.locator("#kept")
    expect(kept).to_contain_text("The change to hand 1 is kept on this phone")
    change_elsewhere(live, gid, 0, {"remaining": 7})  # meanwhile another phone changes it
    page.context.set_offline(False)
    expect(kept).to_contain_text("The change to hand 1 is not saved. Game 1 was just changed "
                                 "from another phone.", timeout=10_000)
    expect(kept.locator(".kept-now")).to_have_text("7 left in the row")
    expect(kept.locator(".kept-text")).to_have_text("5 left in the row")
    expect(remaining(page)).to_have_value("7")
    assert live.hands(gid) == [{"remaining": 7}]
    page.goto(f"{live.url}/games/{gid}")  # on the game page it waits too, with the way back
    kept.get_by_role("link", name="Open hand 1").click()
    page.wait_for_url(f"{live.url}/games/{gid}/hands/0/edit")
    page.once("dialog", lambda dialog: dialog.accept())
    kept.get_by_role("button", name="Keep the saved one").click()
    expect(kept).to_be_empty()
    page.reload()
    expect(kept).to_be_empty()
    expect(remaining(page)).to_have_value("7")
    assert page.evaluate(EDIT_KEYS) == []
    assert live.hands(gid) == [{"remaining": 7}]
