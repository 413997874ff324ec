"""No hand is ever lost (issue 16): a live update in the middle of a tap, a take-over, the
server away mid-auction, a reload mid-hand."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui


def hold_polls(page):
    """Hold every live poll of `page` in flight until the returned function lets them go."""
    held = []
    page.route("**/live", lambda route: held.append(route))

    def release():
        while held:
            held.pop().continue_()
        page.unroute("**/live")
    return release


def test_a_live_update_in_the_middle_of_a_save_tap_loses_nothing(page, live):
    """The mode pick changes what this phone's page is rendered from, so the first poll
    answers 200 and swaps the scoreboard; it lands, with the preview of the box typed last
    (sent as the box loses the focus to Save), while the finger is on Save."""
    gid = ui.new_game(page, live.url, "moon", ["Ann", "Bob", "Cat"])
    ui.quick_mode(page)
    release = hold_polls(page)
    ui.choose(page, "bidder", "2")
    ui.choose(page, "bid", "21")
    for s, t in enumerate([0, 0]):
        ui.type_number(page, f"tricks-{s}", t)
    page.locator("#hand-form input[name='tricks-2']").type("7")  # typed; still in the box
    page.wait_for_function("() => document.querySelector('#live.htmx-request')")
    posts = []
    page.on("request", lambda r: posts.append(r.url)
            if r.method == "POST" and r.url.endswith(f"/games/{gid}/hands") else None)
    page.locator("#save-hand").evaluate("b => b.scrollIntoView({block: 'center'})")
    box = page.locator("#save-hand").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    release()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    page.mouse.up()
    expect(page.locator("#scoreboard .banner.gameover")).to_contain_text("Cat wins")
    assert len(posts) == 1
    assert len(live.hands(gid)) == 1
