"""A 6-team pools + bracket night (three pools of two, everyone on to the bracket: three tables
in rounds 1 and 2) whose three table phones scan their cards once, in round 1, and never again:
each goes by itself, at its game's next poll once the organizer starts the next round, to the
game at its table, as its scorer (the seats shown), to the champion. The organizer moves the
phone of a table the semi-final does not use to table 1 (Table phones page): it follows table 1
from then on; the third phone, whose table seats nobody, stays where it is. The first hand of
each game is entered on the phones, the rest as another phone would (test_event_pools)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui
from .test_event_pools import (MARK, join_by_card, new_event, round_games, seed_side,
                               start_round, win_hand)
from .test_accessibility import violations
from .test_events import shot


def finish_elsewhere(live, game_id: int) -> None:
    """The game's second mark (to 2: it is over), as another phone would enter it."""
    live.write_hand_elsewhere(game_id, MARK[seed_side(live, game_id)])


def led_to(scorer, game_id: int, table: int, number: int) -> None:
    """The phone went to game `game_id` by itself (its poll), as its scorer, seats shown."""
    scorer.wait_for_url(re.compile(f"/games/{game_id}$"), timeout=10_000)
    expect(scorer.locator(".event-note")).to_contain_text(f"round {number}, table {table}")
    expect(scorer.locator("#hand-form")).to_be_visible()


def test_three_table_phones_follow_their_tables_to_the_champion(live, phone):
    organizer = phone(bypass_csp=True)  # (axe is added to its Table phones page)
    event_url = new_event(organizer, live.url, pool_size="2", advance="2")

    start_round(organizer, event_url, 1)
    phones = [join_by_card(organizer, phone, live, event_url, 1, t) for t in (1, 2, 3)]
    for game_id in round_games(live, event_url, 1):
        live.write_hand_elsewhere(game_id, MARK[seed_side(live, game_id)])
        finish_elsewhere(live, game_id)

    # round 2 (the bracket's first round): every phone at its table's new game by itself
    start_round(organizer, event_url, 2)
    second = round_games(live, event_url, 2)
    assert len(second) == 3
    for table, (scorer, game_id) in enumerate(zip(phones, second), start=1):
        led_to(scorer, game_id, table, 2)
    shot(phones[0], "table-phone-followed")
    # each phone shows the name the organizer's Table phones page lists it by
    names = [scorer.locator(".phone-name strong").inner_text() for scorer in phones]
    assert len(set(names)) == 3 and all(re.fullmatch(r"Phone \d{4}", n) for n in names)
    for scorer, game_id in zip(phones, second):
        win_hand(live, scorer, 0)
        finish_elsewhere(live, game_id)

    # the semi-final plays at table 1 only: the organizer moves table 2's phone there
    organizer.goto(event_url)
    organizer.get_by_role("link", name="Table phones").click()
    rows = organizer.locator("#table-phones .event-table")
    expect(rows).to_have_count(3)
    expect(organizer.locator("#table-phones .table-head")).to_have_text(
        [f"Table {table} · {name}" for table, name in enumerate(names, start=1)])
    rows.nth(1).locator("select").select_option("1")
    rows.nth(1).get_by_role("button", name="Move").click()
    expect(organizer.locator("#table-phones .table-head strong")).to_have_text(
        ["Table 1", "Table 1", "Table 3"])
    shot(organizer, "table-phones")
    assert violations(organizer) == []
    start_round(organizer, event_url, 3)
    [semi] = round_games(live, event_url, 3)
    for scorer in phones[:2]:
        led_to(scorer, semi, 1, 3)
    win_hand(live, phones[1], 0)
    finish_elsewhere(live, semi)
    ui.next_poll(phones[2])  # nobody plays at table 3: its phone stays on its game
    assert phones[2].url.endswith(f"/games/{second[2]}")

    start_round(organizer, event_url, 4)
    [final] = round_games(live, event_url, 4)
    for scorer in phones[:2]:
        led_to(scorer, final, 1, 4)
    win_hand(live, phones[0], 0)
    finish_elsewhere(live, final)
    organizer.goto(event_url + "/tv")
    expect(organizer.locator(".tv-champion")).to_contain_text("Champion")
