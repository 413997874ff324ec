"""A 6-team pools + bracket tournament at 390x844: the organizer's phone runs it, three phones
join as table scorers by their table cards' links, time is called mid-round (one table finishes
the hand in play, the other had none in play), and the TV view shows the standings and the
bracket. The event is made over HTTP (its form is tested elsewhere), games to 2 marks (the
event's house rule), the tables nobody scores here written as another phone would. Screenshots
light and dark (EVENT_SHOTS=dir keeps them)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import expect

from . import ui
from .test_events import shot, start_club

TEAMS = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal\nIvy & Jon\nKim & Lou"
MARK = {0: {"bidder": 0, "bid": 30, "contract": "straight", "points": 34},
        1: {"bidder": 1, "bid": 30, "contract": "straight", "points": 34}}
IN_PLAY = "Finish the hand you are playing: it is the last."


def new_event(organizer, base: str, pool_size: str = "3", advance: str = "2") -> str:
    """A club through its form, then the event posted as its form would post it."""
    start_club(organizer, base, "Saturday Club")
    organizer.goto(organizer.url + "/events/new")
    token = organizer.locator("input[name=csrf_token]").first.input_value()
    answer = organizer.request.post(organizer.url.removesuffix("/new"), form={
        "csrf_token": token, "name": "Saturday pools", "day": "2026-11-28",
        "variant": "lechner42", "format": "pools", "entrants": TEAMS, "pool_size": pool_size,
        "advance": advance, "time_limit": "40", "rules_for": "lechner42", "opt-target_marks": "2"})
    assert answer.ok and re.search(r"/events/\d+$", answer.url), answer.url
    return answer.url


def round_games(live, event_url: str, number: int) -> list[int]:
    from scorekeeper.extensions import db
    from scorekeeper.models import EventMatch, Game

    event_id = int(event_url.rsplit("/", 1)[1])
    with live.app.app_context():
        return list(db.session.scalars(
            db.select(Game.id).join(EventMatch, Game.event_match_id == EventMatch.id)
            .where(EventMatch.event_id == event_id, EventMatch.round == number)
            .order_by(EventMatch.table)))


def seed_side(live, game_id: int) -> int:
    """The side of the match's better seed: it wins every game here, so no pool ties."""
    from scorekeeper.extensions import db
    from scorekeeper.models import EventMatch, Game

    with live.app.app_context():
        entrants = db.session.get(EventMatch, db.session.get(Game, game_id).event_match_id).entrants
        return 0 if entrants[0] < entrants[1] else 1


def play_elsewhere(live, game_ids: list[int]) -> None:
    """Each game won 2-0 by the better seed, as its table's scorer phone would enter it."""
    for game_id in game_ids:
        for _ in range(2):
            live.write_hand_elsewhere(game_id, MARK[seed_side(live, game_id)])


def win_hand(live, scorer, number: int) -> None:
    """Hand `number` (from 0) on the scorer phone, won by the better seed: the first caller
    (left of the dealer, who moves a seat a hand from seat 0) passes when the bid must come
    from the other side."""
    side = seed_side(live, int(scorer.url.rsplit("/", 1)[1]))
    passes = 0 if (number + 1) % 2 == side else 1
    for call in ["pass"] * passes + ["30"] + ["pass"] * (3 - passes):
        ui.call(scorer, call)
    ui.choose(scorer, "contract", "straight")
    ui.type_number(scorer, "points", "34")
    ui.save(scorer)


def start_round(organizer, event_url: str, number: int) -> None:
    organizer.goto(event_url)
    organizer.get_by_role("button", name=re.compile(f"Start round {number}")).click()
    expect(organizer.locator(f"#round-{number}")).to_be_visible()


def join_by_card(organizer, phone, live, event_url: str, number: int, table: int):
    """The organizer opens the table card; the phone opens the link its QR code holds."""
    organizer.goto(event_url)
    organizer.locator(f"#round-{number} .event-table").nth(table - 1).get_by_role(
        "link", name="Table card").click()
    expect(organizer.locator(".table-card svg.qr")).to_be_visible()
    scorer = phone()
    scorer.goto(live.url + urlsplit(organizer.locator(".card-url").inner_text().strip()).path)
    scorer.wait_for_url(re.compile(r"/games/\d+$"))
    expect(scorer.locator("#hand-form")).to_be_visible()
    return scorer


def shot_and_width(page, name: str) -> None:
    shot(page, name)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name} scrolls sideways ({width})"


def test_a_pools_and_bracket_night_with_three_scorer_phones(live, phone):
    organizer = phone()
    event_url = new_event(organizer, live.url)
    organizer.goto(event_url)
    expect(organizer.locator(".event-rules summary")).to_contain_text("1 house rule")

    # round 1: two tables, a phone each by its card; time is called mid-round
    start_round(organizer, event_url, 1)
    first = join_by_card(organizer, phone, live, event_url, 1, 1)
    shot_and_width(organizer, "pools-card")
    second = join_by_card(organizer, phone, live, event_url, 1, 2)
    win_hand(live, first, 0)  # 1-0 at table 1: not over (to 2 marks)
    organizer.goto(event_url)
    organizer.get_by_role("button", name="Call time in round 1").click()
    expect(organizer.locator("#round-1 .called")).to_have_count(2)
    for scorer in (first, second):
        expect(scorer.locator("#time-called")).to_contain_text(IN_PLAY, timeout=8000)
    shot_and_width(second, "pools-scorer-time-called")
    first.get_by_role("button", name="No hand was in play: stop here").click()
    expect(first.locator("#scoreboard")).to_contain_text("Game over")
    win_hand(live, second, 0)  # the hand in play ends table 2's game
    expect(second.locator("#scoreboard")).to_contain_text("Time was called.")
    organizer.goto(event_url)
    expect(organizer.locator("#round-1 .event-table.decided")).to_have_count(2)

    # round 2: a third phone scores table 1 by its card; the rest is entered elsewhere
    start_round(organizer, event_url, 2)
    third = join_by_card(organizer, phone, live, event_url, 2, 1)
    win_hand(live, third, 0)
    win_hand(live, third, 1)
    expect(third.locator("#scoreboard")).to_contain_text("Game over")
    play_elsewhere(live, round_games(live, event_url, 2)[1:])
    start_round(organizer, event_url, 3)
    play_elsewhere(live, round_games(live, event_url, 3))
    shot_and_width(organizer, "pools-event")

    # the bracket: pool winners meet the other pool's runner-up, then the final
    start_round(organizer, event_url, 4)
    expect(organizer.locator("#round-4 .event-table")).to_have_count(2)
    play_elsewhere(live, round_games(live, event_url, 4))
    start_round(organizer, event_url, 5)
    play_elsewhere(live, round_games(live, event_url, 5))

    tv = organizer.context.new_page()  # a screen of the organizer's (a member's) browser
    tv.goto(event_url + "/tv")
    expect(tv.locator("svg.bracket-svg").first).to_be_visible()
    expect(tv.locator(".tv-champion")).to_contain_text("Champion")
    shot_and_width(tv, "pools-tv")
    tv.set_viewport_size({"width": 1280, "height": 720})
    shot_and_width(tv, "pools-tv-wide")


def test_the_forfeit_drop_down_shows_each_team_whole_on_a_phone(live, phone):
    """Issue 38: the forfeit's drop-down was cut off at 390 px ("Cat & Dan did not p"): each
    name it offers fits inside it, at 390 and 320 px, and the words are on its label."""
    organizer = phone()
    event_url = new_event(organizer, live.url)
    start_round(organizer, event_url, 1)
    forfeits = organizer.locator(".event-table select[name=side]")
    expect(forfeits).to_have_count(2)
    expect(organizer.locator(".forfeit-form label").first).to_have_text("Did not play at table 1:")
    for width in (390, 320):
        organizer.set_viewport_size({"width": width, "height": 844})
        cut = organizer.evaluate("""() => {
            const ruler = document.createElement('canvas').getContext('2d'), cut = [];
            document.querySelectorAll('.event-table select[name=side]').forEach(select => {
                const style = getComputedStyle(select);
                ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
                const room = select.clientWidth - parseFloat(style.paddingLeft)
                             - parseFloat(style.paddingRight) - 20;  // less the arrow
                for (const option of select.options) {
                    if (ruler.measureText(option.text).width > room) cut.push(option.text);
                }
            });
            return cut;
        }""")
        assert not cut, (width, cut)
        assert organizer.evaluate("document.documentElement.scrollWidth") <= width
    shot(organizer, "event-forfeit-320")
