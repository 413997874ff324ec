"""An organizer runs a 4-team round robin on her phone: the event through its form, round 1
seated, two scorer phones joined by scanning their table cards (the card's link), a hand at
each table reaching the event page live, time called mid-round (the scorer phone says so), the
TV view showing the standings. Screenshots light and dark (EVENT_SHOTS=dir keeps them)."""
from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from playwright.sync_api import expect

from . import ui

SHOTS = os.environ.get("EVENT_SHOTS")


def shot(page, name: str) -> None:
    """The page as shown, light and dark, into EVENT_SHOTS's folder when it names one."""
    if SHOTS:
        for scheme in ui.SCHEMES:
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{scheme}.png"), full_page=True)
        page.emulate_media(color_scheme="light")


def start_club(organizer, base: str, name: str) -> None:
    """A club through its form, on the organizer's phone (left on the club's page)."""
    organizer.goto(base + "/clubs")
    organizer.fill("#club-name", name)
    organizer.fill("#club-label", "Organizer's phone")
    organizer.get_by_role("button", name="Start the club").click()
    organizer.wait_for_url(re.compile(r"/clubs/\d+$"))


def start_club_and_event(organizer, base: str) -> str:
    start_club(organizer, base, "Friday Club")
    organizer.get_by_role("link", name="Events").click()
    organizer.get_by_role("link", name="Start an event").click()
    organizer.fill("#ev-name", "Friday tournament")
    organizer.select_option("#ev-variant", "lechner42")
    organizer.select_option("#ev-format", "round-robin")
    organizer.fill("#ev-entrants", "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal")
    organizer.locator("details.panel summary", has_text="Settings").click()
    organizer.fill("#ev-time_limit", "45")
    shot(organizer, "new-event")
    organizer.get_by_role("button", name="Start the event").click()
    organizer.wait_for_url(re.compile(r"/events/\d+$"))
    return organizer.url


def test_an_organizer_runs_a_round_robin_with_scorer_phones(live, phone):
    organizer = phone()
    event_url = start_club_and_event(organizer, live.url)
    expect(organizer.locator("h1")).to_have_text("Friday tournament")
    organizer.get_by_role("button", name=re.compile("Start round 1")).click()
    expect(organizer.locator("#round-1 .event-table")).to_have_count(2)
    expect(organizer.locator(".time-left")).to_contain_text("min left")

    scorers = []
    for table in (1, 2):
        organizer.goto(event_url)
        organizer.locator("#round-1 .event-table").nth(table - 1).get_by_role(
            "link", name="Table card").click()
        expect(organizer.locator(".table-card svg.qr")).to_be_visible()
        expect(organizer.locator(".card-table strong")).to_have_text(str(table))
        shot(organizer, f"card-{table}")
        scanned = organizer.locator(".card-url").inner_text().strip()
        scorer = phone()  # the code's URL, on this test's server
        scorer.goto(live.url + urlsplit(scanned).path)
        scorer.wait_for_url(re.compile(r"/games/\d+$"))
        expect(scorer.locator("#hand-form")).to_be_visible()
        expect(scorer.locator(".event-note")).to_contain_text("Friday tournament")
        scorers.append(scorer)

    ui.enter_hand(scorers[0], points="34")
    organizer.goto(event_url)
    first_score = organizer.locator("#round-1 .event-table").first.locator(".score")
    expect(first_score).to_have_text(re.compile(r"\d – \d"))
    ui.enter_hand(scorers[1], points="34")  # reaches the open event page by its poll
    expect(organizer.locator("#round-1 .event-table").nth(1).locator(".score")).to_have_text(
        re.compile(r"\d – \d"), timeout=8000)
    shot(organizer, "event")

    organizer.get_by_role("button", name="Call time in round 1").click()
    organizer.wait_for_url(event_url)
    for scorer in scorers:  # each game page hears of it by its own poll
        expect(scorer.locator("#time-called")).to_contain_text(
            "Finish the hand you are playing: it is the last.", timeout=8000)
    shot(scorers[0], "scorer-time-called")
    # table 1 enters the hand in play (its form was made before the call): the lead is
    # shared after it (1-1), so one more hand decides; at table 2 no hand was in play
    ui.enter_hand(scorers[0], points="34")
    expect(scorers[0].locator("#scoreboard")).to_contain_text(
        "The lead is shared: play one more hand.")
    ui.enter_hand(scorers[0], points="34")
    expect(scorers[0].locator("#scoreboard")).to_contain_text("Time was called.")
    scorers[1].get_by_role("button", name="No hand was in play: stop here").click()
    expect(scorers[1].locator("#scoreboard")).to_contain_text("Time was called.")
    shot(scorers[0], "scorer-called")

    organizer.goto(event_url + "/history")
    rows = organizer.locator(".history-list li")
    games_rows = re.compile(r"hand \d+ |game: ")  # its games' changes, listed with it
    expect(rows.filter(has_not_text=games_rows)).to_have_count(3)  # made, round, time
    expect(rows.filter(has_text=re.compile(r"hand 1 .*round 1 · table 1"))).not_to_have_count(0)
    shot(organizer, "history")

    organizer.set_viewport_size({"width": 1280, "height": 720})  # the TV on the wall
    organizer.goto(event_url + "/tv")
    expect(organizer.locator(".standings-table").first).to_be_visible()
    expect(organizer.locator("#tv-live")).to_contain_text("Ann & Bob")
    shot(organizer, "tv")
    width = organizer.evaluate("document.documentElement.scrollWidth")
    assert width <= 1280, f"the TV view scrolls sideways ({width})"
