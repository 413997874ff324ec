"""A club at the table, on two phones (two browser contexts) at 390x844: start it, join it by its
QR link, play two games in it (the second a rematch that takes the watching phone along), take
over scoring from a lost phone, and start a third game seated from the roster."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui


def shoot_the_moon(page, bidder: str) -> None:
    ui.quick_mode(page)
    ui.choose(page, "bidder", bidder)
    ui.type_number(page, "bid", "21")
    for seat in range(3):
        ui.type_number(page, f"tricks-{seat}", 7 if str(seat) == bidder else 0)
    ui.save(page)


def test_a_club_on_two_phones(live, phone):
    ann, bob = phone(), phone()
    # Ann starts the club
    ann.goto(live.url + "/")
    ann.get_by_role("link", name="Clubs").click()
    ann.fill("#club-name", "Thursday Night")
    ann.fill("#club-label", "Ann's phone")
    ann.get_by_role("button", name="Start the club").click()
    ann.wait_for_url(re.compile(r"/clubs/\d+$"))
    club_url = ann.url
    expect(ann.locator("h1")).to_have_text("Thursday Night")

    # Bob scans the club's QR code (its link) and joins
    ann.get_by_role("link", name="Phones & invite").click()
    expect(ann.locator("#invite svg.qr")).to_be_visible()
    code = ann.locator("#invite .join-code").inner_text().replace(" ", "")
    bob.goto(f"{live.url}/c/{code}")
    bob.fill("#join-label", "Bob's phone")
    bob.get_by_role("button", name="Join Thursday Night").click()
    bob.wait_for_url(club_url)
    ann.reload()
    expect(ann.locator(".phones")).to_contain_text("Bob's phone")

    # game 1: Ann starts it in the club; the names typed join the roster
    ann.goto(club_url)
    ann.get_by_role("link", name="Start a game in the club").click()
    ann.locator("input[type=radio][name=variant][value='moon']").check()
    ann.wait_for_selector("select[name='person-0']")
    for i, name in enumerate(["Ann", "Bob", "Cat"]):
        ann.fill(f"input[name='name-{i}']", name)
    ann.get_by_role("button", name="Start the game").click()
    ann.wait_for_url(re.compile(r"/games/\d+$"))
    first = ann.url
    expect(ann.locator("#hand-form")).to_be_visible()

    # Bob watches it from the club's home, without its code
    bob.goto(club_url)
    expect(bob.locator("#club-home .people")).to_contain_text("Cat")
    bob.locator(f"a[href='{first.removeprefix(live.url)}']").click()
    expect(bob.locator("#scoreboard")).to_be_visible()
    expect(bob.locator("#hand-form")).to_have_count(0)
    shoot_the_moon(ann, "1")
    expect(bob.locator(".banner.gameover")).to_contain_text("Bob wins", timeout=5_000)
    expect(bob.locator("#carry-on")).to_contain_text("Rematch")  # a member may start it

    # game 2: Ann's rematch takes Bob's phone along
    ann.get_by_role("button", name="Rematch").click()
    ann.wait_for_url(re.compile(r"/games/\d+$"))
    second = ann.url
    assert second != first
    expect(ann.locator("#scoreboard")).to_contain_text("Bob shakes")  # the deal passed on
    bob.wait_for_url(second, timeout=6_000)
    expect(bob.locator("#hand-form")).to_have_count(0)

    # Ann's phone is lost: Bob takes over scoring, after a confirmation
    ann.context.close()
    bob.get_by_role("link", name="Take over scoring").click()
    expect(bob.locator("h1")).to_have_text("Take over scoring?")
    bob.get_by_role("button", name="Take over scoring").click()
    bob.wait_for_url(second)
    expect(bob.locator("#hand-form")).to_be_visible()
    shoot_the_moon(bob, "2")
    expect(bob.locator(".banner.gameover")).to_contain_text("Cat wins")
    bob.goto(second + "/history")
    expect(bob.locator(".history")).to_contain_text("Scoring taken over")
    expect(bob.locator(".history")).to_contain_text("by club member Bob's phone")

    # game 3: Bob seats it from the roster with the big pickers; Dee is new
    bob.goto(club_url)
    expect(bob.locator(".game-list li")).to_have_count(2)
    bob.get_by_role("link", name="Start a game in the club").click()
    bob.locator("input[type=radio][name=variant][value='moon']").check()
    bob.wait_for_selector("select[name='person-0']")
    bob.select_option("select[name='person-0']", label="Cat")
    bob.select_option("select[name='person-1']", label="Ann")
    bob.fill("input[name='name-2']", "Dee")
    expect(bob.locator("[data-seat='1']")).to_have_text("Ann")  # the dealer choices follow
    expect(bob.locator("[data-seat='2']")).to_have_text("Dee")
    bob.get_by_role("button", name="Start the game").click()
    bob.wait_for_url(re.compile(r"/games/\d+$"))
    expect(bob.locator("#scoreboard .side-name")).to_have_text(["Cat", "Ann", "Dee"])
    bob.goto(club_url + "/roster")
    expect(bob.locator(".person strong")).to_have_text(["Ann", "Bob", "Cat", "Dee"])


def test_club_pages_fit_a_phone(phone, live):
    """The club and handover pages fit 390 px and every tap target is at least 44 px."""
    ann, bob, viewer = (phone(timeout=None) for _ in range(3))
    ann.goto(live.url + "/clubs")
    ann.fill("#club-name", "A club with a rather long name for a phone screen")
    ann.get_by_role("button", name="Start the club").click()
    ann.wait_for_url(re.compile(r"/clubs/\d+$"))
    club = ann.url.removeprefix(live.url)
    ann.goto(live.url + club + "/phones")
    code = ann.locator("#invite .join-code").inner_text().replace(" ", "")
    bob.goto(f"{live.url}/c/{code}")
    ui.assert_fits(bob, "join the club")
    bob.get_by_role("button", name=re.compile("Join")).click()
    bob.wait_for_url(re.compile(r"/clubs/\d+$"))
    ann.goto(live.url + club + "/games/new?variant=moon")
    for i, name in enumerate(["Ann", "Bob", "Cat"]):
        ann.fill(f"input[name='name-{i}']", name)
    ann.get_by_role("button", name="Start the game").click()
    ann.wait_for_url(re.compile(r"/games/\d+$"))
    gid = int(ann.url.rsplit("/", 1)[1])
    shoot_the_moon(ann, "0")
    outside = ui.new_game(ann, live.url, "moon", ["Ann", "Bob", "Cat"])
    viewer.goto(f"{live.url}/g/{ann.locator('#share .join-code').inner_text().replace(' ', '')}")
    ann.goto(live.url + club + "/webhooks")
    ann.fill("#webhook-url", "https://93.184.216.34/hooks/a-long-path-for-a-phone-screen")
    ann.get_by_role("button", name="Add the webhook").click()
    ann.wait_for_url(re.compile(r"/webhooks/\d+$"))
    ann.get_by_role("button", name="Send a test").click()
    ann.locator("#deliveries").wait_for()
    webhook = ann.url.removeprefix(live.url)
    pages = [(ann, "/clubs"), (ann, club), (ann, club + "/roster"), (ann, club + "/phones"),
             (ann, club + "/webhooks"), (ann, webhook),
             (ann, club + "/games/new?variant=lechner42"), (ann, f"/games/{gid}"),
             (bob, club + "/phones"), (bob, f"/games/{gid}"),
             (viewer, f"/games/{outside}"), (viewer, f"/games/{outside}/continue")]
    for page, url in pages:
        page.goto(live.url + url)
        ui.assert_fits(page, url)
    ann.get_by_role("button", name="Rematch").click()
    ann.wait_for_url(lambda url: re.search(r"/games/\d+$", url) and not url.endswith(f"/{gid}"))
    bob.wait_for_url(ann.url)  # Bob's phone, on the old game, is taken along at its next poll
    bob.get_by_role("link", name="Take over scoring").click()
    ui.assert_fits(bob, "take over scoring")
