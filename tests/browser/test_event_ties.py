"""The newcomer's night of issue 38 at 390x844: a 6-team pools night whose two pools of three
both end in three-way ties. The organizer's page offers each a playoff or a draw; both
playoffs are seated side by side (rounds 4 to 6, pool A at table 1, pool B at table 2); the
phone of table 1 plays them one match at a time, following its table; the bracket is seated
once every playoff match is over, then played to a champion. Before it, a check-in; during it,
a withdrawal's confirmation. Screenshots light and dark (EVENT_SHOTS=dir keeps them)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_event_pools import MARK, join_by_card, new_event, shot_and_width, start_round


def matches(live, event_url: str, number: int) -> list[tuple[int, list[int], int]]:
    """(game id, entrants, table) of round `number`'s matches with a game."""
    from scorekeeper.extensions import db
    from scorekeeper.models import EventMatch, Game

    event_id = int(event_url.rsplit("/", 1)[1])
    with live.app.app_context():
        return [(g.id, m.entrants, m.table) for g, m in db.session.execute(
            db.select(Game, EventMatch).join(EventMatch, Game.event_match_id == EventMatch.id)
            .where(EventMatch.event_id == event_id, EventMatch.round == number)
            .order_by(EventMatch.table, Game.id)).all()]


def won_by(live, game_id: int, entrants: list[int], winner: int) -> None:
    """The game won 2-0 (the event's games go to 2 marks) by entrant `winner`."""
    for _ in range(2):
        live.write_hand_elsewhere(game_id, MARK[entrants.index(winner)])


CYCLE = {frozenset((0, 3)): 0, frozenset((3, 4)): 3, frozenset((0, 4)): 4,
         frozenset((1, 2)): 1, frozenset((2, 5)): 2, frozenset((1, 5)): 5}


def test_two_pools_tied_three_ways_play_off_side_by_side_to_a_champion(live, phone):
    organizer = phone()
    event_url = new_event(organizer, live.url)
    organizer.goto(event_url)
    expect(organizer.get_by_text("Check-in: who is here?")).to_be_visible()
    shot_and_width(organizer, "ties-check-in")
    organizer.get_by_label("Kim & Lou").uncheck()  # asked first, then undone: all six play
    organizer.get_by_role("button", name="Take out the ones not ticked…").click()
    expect(organizer.locator(".confirm-check-in")).to_contain_text("Start with the 5 here?")
    expect(organizer.locator(".confirm-check-in p")).to_have_css("font-weight", "400")
    expect(organizer.locator(".confirm-check-in strong")).to_have_css("font-weight", "700")
    shot_and_width(organizer, "ties-check-in-confirm")
    organizer.get_by_role("link", name="Back to the check-in").click()
    for number in (1, 2, 3):  # every pool match: each team beats one and loses to one
        start_round(organizer, event_url, number)
        for game_id, entrants, _table in matches(live, event_url, number):
            won_by(live, game_id, entrants, CYCLE[frozenset(entrants)])
    organizer.goto(event_url)
    expect(organizer.get_by_role("button", name=re.compile("Playoff: "))).to_have_count(2)
    shot_and_width(organizer, "ties-offered")
    organizer.get_by_role("button", name=re.compile("Playoff: Ann & Bob")).click()
    organizer.get_by_role("button", name=re.compile("Playoff: Cat & Dan")).click()
    expect(organizer.get_by_role("button", name=re.compile("Playoff: "))).to_have_count(0)
    expect(organizer.get_by_role("button", name=re.compile("Start round"))).to_have_count(0)
    assert sorted((t, n) for n in (4, 5, 6) for _g, _e, t in matches(live, event_url, n)) == \
        [(1, 4), (1, 5), (1, 6), (2, 4), (2, 5), (2, 6)]
    shot_and_width(organizer, "ties-playoff")

    # table 1's phone plays pool A's playoff one match at a time, following its table
    scorer = join_by_card(organizer, phone, live, event_url, 4, 1)
    for number in (4, 5, 6):
        [(game_id, entrants, _t)] = [m for m in matches(live, event_url, number) if m[2] == 1]
        assert scorer.url.endswith(f"/games/{game_id}")
        won_by(live, game_id, entrants, min(entrants))  # 0 beats 3 and 4; 3 beats 4
        if number < 6:
            scorer.wait_for_url(re.compile(r"/games/(?!%d$)\d+$" % game_id), timeout=10000)
    organizer.goto(event_url)
    expect(organizer.get_by_role("button", name=re.compile("Start round"))).to_have_count(0)
    for number in (4, 5, 6):  # pool B's playoff: 1 beats 2 and 5, 2 beats 5
        for game_id, entrants, _t in [m for m in matches(live, event_url, number) if m[2] == 2]:
            won_by(live, game_id, entrants, min(entrants))

    # the bracket: A1-B2, B1-A2, then the final; a withdrawal's confirmation on the way
    start_round(organizer, event_url, 7)
    organizer.locator("details.withdrawals summary").click()
    organizer.get_by_role("button", name="Withdraw Kim & Lou…").click()
    expect(organizer.locator(".confirm-withdraw")).to_contain_text("Withdraw Kim & Lou?")
    shot_and_width(organizer, "ties-withdraw-confirm")
    organizer.get_by_role("link", name="Keep them in").click()
    for game_id, entrants, _t in matches(live, event_url, 7):
        won_by(live, game_id, entrants, min(entrants))
    start_round(organizer, event_url, 8)
    expect(organizer.locator(".badge.win")).to_have_count(0)
    [(game_id, entrants, _t)] = matches(live, event_url, 8)
    won_by(live, game_id, entrants, 0)
    organizer.goto(event_url)
    expect(organizer.locator(".badge.win")).to_have_text("Champion")
    shot_and_width(organizer, "ties-champion")
