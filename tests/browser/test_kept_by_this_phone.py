"""A kept hand is saved only by this phone's own save: two phones on the same scorer link,
one saving a hand while the server is away, the other saving the very same hand meanwhile."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_pwa import kept


def test_an_identical_hand_from_another_phone_on_the_link_does_not_settle_a_kept_one(phone,
                                                                                     live):
    creator = phone()
    gid = ui.new_game(creator, live.url, "castle-rock", ["Sol"])
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        secret = db.session.get(Game, gid).scorer_secret
    mine, other = phone(), phone()
    for scorer in (mine, other):
        scorer.goto(f"{live.url}/s/{secret}")  # both score by the same link: the same "via"

    ui.type_number(mine, "remaining", "9")
    mine.context.set_offline(True)
    mine.locator("#save-hand").click()
    expect(kept(mine)).to_contain_text("Game 1 is kept on this phone")

    ui.type_number(other, "remaining", "9")  # the very same hand, from the other phone
    ui.save(other)
    mine.context.set_offline(False)
    expect(kept(mine)).to_contain_text("Game 1 was not saved", timeout=10_000)
    expect(kept(mine)).to_contain_text("9 left in the row")  # still there, for the scorer
    assert live.hands(gid) == [{"remaining": 9}]
